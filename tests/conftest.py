from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from rulecheck.engine import AttackInput, ScriptedDice, resolve_attack
from rulecheck.engine.attack import AttackResult

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


@pytest.fixture
def site_copy(tmp_path: Path) -> Callable[[], Path]:
    """A copy of the real site (mkdocs.yml and docs/) in a temporary folder, to break on purpose."""

    def make() -> Path:
        target = tmp_path / "site-copy"
        shutil.copytree(ROOT / "docs", target / "docs")
        shutil.copytree(ROOT / "overrides", target / "overrides")  # mkdocs.yml's theme custom_dir
        shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
        return target

    return make


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest modules first: pytest-xdist hands tests out in this order, so a long test that
    started last would keep one core busy alone at the end.

    A module's tests stay together, in their order (each worker sets up a module's fixtures once);
    a module's weight is that of its heaviest test: a fresh clone's run, then the browser tests,
    then the builds.
    """
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
