from __future__ import annotations

import fcntl
import os
import re
import shutil
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from rulecheck.engine import AttackInput, ScriptedDice, resolve_attack
from rulecheck.engine.attack import AttackResult

from .site import fresh_clone

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "bad_inputs"  # the malformed pages and their expected messages
pytest_plugins = ["pytester", "tests.site.browsing"]  # the browser tests' fixtures

#: ``make test`` runs each property test at its budget of examples, derandomized (the same examples
#: on every run and machine: CI never fails by luck); ``make fuzz`` (``RULECHECK_FUZZ=long``) runs
#: ten times as many, freshly drawn.
LONG_RUN = os.environ.get("RULECHECK_FUZZ") == "long"
settings.register_profile("make-test", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("make-fuzz", deadline=None, print_blob=True)
settings.load_profile("make-fuzz" if LONG_RUN else "make-test")


def examples(budget: int) -> int:
    """A property test's number of examples: its ``budget`` in ``make test``, ten times it in ``make fuzz``."""
    return budget * 10 if LONG_RUN else budget


#: The pages every cut copy of the site keeps (``site_copy(pages=…)``): the home page, the pages the
#: site's plugins make or read (glossary, cast, print edition).
ALWAYS_KEPT = ("index", "glossary", "cast", "print")


@pytest.fixture
def site_copy(tmp_path: Path) -> Callable[..., Path]:
    """A copy of the real site (mkdocs.yml and docs/) in a temporary folder, to break on purpose.

    ``site_copy(pages=("reactions",))`` cuts the copy to those pages (and :data:`ALWAYS_KEPT`) in
    both languages, for a test of how a build behaves rather than of what every page holds: it
    builds in a second or two instead of seven. Its nav lists the pages it kept, and a link to a
    page it left out is reported at MkDocs' ``info`` level instead of failing the strict build.
    """

    def make(pages: tuple[str, ...] | None = None) -> Path:
        target = tmp_path / "site-copy"
        shutil.copytree(ROOT / "overrides", target / "overrides")  # mkdocs.yml's theme custom_dir
        config = (ROOT / "mkdocs.yml").read_text("utf-8")
        if pages is None:
            shutil.copytree(ROOT / "docs", target / "docs")
        else:
            kept = {f"{page}.md" for page in (*ALWAYS_KEPT, *pages)}
            shutil.copytree(ROOT / "docs", target / "docs",
                            ignore=lambda folder, names: [n for n in names if n.endswith(".md") and n not in kept])
            config = cut_config(config, kept)
        (target / "mkdocs.yml").write_text(config, "utf-8")
        return target

    return make


def cut_config(config: str, kept: set[str]) -> str:
    """``mkdocs.yml`` for a copy of the site with only the ``kept`` pages (file names)."""
    lines = config.splitlines(keepends=True)
    start = lines.index("nav:\n")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() and not lines[i].startswith(" "))
    page = re.compile(r":\s*(\S+\.md)\s*$")
    nav = [line for line in lines[start + 1:end] if line.strip()
           and ((found := page.search(line)) is None or found[1] in kept)]  # sections, then kept pages
    # A section whose pages were all cut is followed by a line no deeper than its own.
    depth = [len(line) - len(line.lstrip()) for line in nav]
    nav = [line for i, line in enumerate(nav)
           if line.rstrip().endswith(".md") or (i + 1 < len(nav) and depth[i + 1] > depth[i])]
    cut = "".join([*lines[:start + 1], *nav, *lines[end:]])
    # The plugins' lists of pages name only kept pages: a name of no page fails the build.
    for setting in ("authors_pages", "companion_pages", "exclude"):
        listed = re.search(rf"\b{setting}: \[([^\]]*)\]", cut)
        assert listed, f"the cut copy names the pages of `{setting}` it keeps"
        cut = cut.replace(listed[0], f"{setting}: [{', '.join(p for p in listed[1].split(', ') if p in kept)}]")
    # Links to the pages cut lead nowhere: said, not failed (in place of the site's own setting).
    cut = re.sub(r"^validation:\n(?:[ #].*\n)*", "", cut, flags=re.MULTILINE)
    return cut + "\nvalidation:\n  links:\n    not_found: info\n    anchors: info\n"


@pytest.fixture(scope="session")
def offline_site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The real site, built once per run by ``mkdocs build --strict`` in a namespace without network.

    Under pytest-xdist every worker asks for it; the first one builds it in the run's shared
    temporary folder while the others wait on a lock, then all read the same tree (no test
    writes into it: a test that changes the site changes a copy). A failed build is kept too, so
    every worker reports it without building again.
    """
    from .site.site_tools import build_without_network

    shared = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        shared = shared.parent  # the run's folder, above each worker's own
    site, failure = shared / "offline-site" / "site", shared / "offline-site" / "failure.txt"
    site.parent.mkdir(exist_ok=True)
    with (shared / "offline-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not site.is_dir() and not failure.exists():
            partial = site.with_name("partial")  # renamed once whole: a killed build leaves no site
            shutil.rmtree(partial, ignore_errors=True)
            result = build_without_network(partial)
            if result.returncode != 0:
                failure.write_text(result.stderr, "utf-8")
            else:
                partial.rename(site)
    assert not failure.exists(), f"the site does not build without network:\n{failure.read_text('utf-8')}"
    return site


def pytest_addoption(parser: pytest.Parser) -> None:
    fresh_clone.add_option(parser)


@pytest.hookimpl(trylast=True)  # after ``-k`` and ``-m`` have chosen: is the fresh clone's test still there?
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The fast tests left to the fresh clone's run under ``make test`` (``tests/site/fresh_clone.py``),
    then the longest modules first: pytest-xdist hands tests out in this order, so a long test that
    started last would keep one core busy alone at the end.

    A module's tests stay together, in their order (each worker sets up a module's fixtures once);
    a module's weight is that of its heaviest test: a fresh clone's run, then the browser tests,
    then the builds.
    """
    fresh_clone.leave_to_the_clone(config, items)

    def weight(item: pytest.Item) -> int:
        if item.get_closest_marker("fresh_clone"):
            return 0
        return 1 if item.get_closest_marker("browser") else 2 if item.get_closest_marker("build") else 3

    modules: dict[str, int] = {}
    for item in items:
        module = item.nodeid.split("::")[0]
        modules[module] = min(modules.get(module, 3), weight(item))
    order = {module: position for position, module in enumerate(modules)}
    items.sort(key=lambda item: (modules[item.nodeid.split("::")[0]], order[item.nodeid.split("::")[0]]))


def copy_tree(source: Path, target: Path) -> None:
    """Copy every file under ``source`` to the same relative place under ``target``."""
    for path in source.rglob("*"):
        if path.is_file():
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(path.read_bytes())


def attack(given: dict[str, Any], **dice: list[int]) -> AttackResult:
    """Resolve an attack with scripted dice, every one of which the rules must use."""
    source = ScriptedDice(dice)
    result = resolve_attack(AttackInput.model_validate(given), source)
    assert source.unused() == {}, "every scripted die must be used"
    return result


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail instead of hanging (a FIFO opened for reading waits for a writer)."""
    def expired(*_: object) -> None:
        raise AssertionError(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
