"""pytest plugin: each example in a Markdown page under ``docs/`` is its own test item.

``pytest`` collects ``docs/fr/<page>.md::<id>``; ``pytest docs/fr/<page>.md`` runs one page.
An item fails with the same located messages as ``rulecheck check`` and the MkDocs build.

pytest imports this module (an entry point) before ``pytest-cov`` starts measuring, so it
imports the rest of rulecheck only when it first checks pages: an early import would leave
every module's top level unmeasured.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from rulecheck.errors import Problem
    from rulecheck.examples.check import Outcome, Report


class ExampleFailure(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(p.located() for p in problems))
        self.problems = problems


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    from rulecheck.examples.finder import MARKDOWN_SUFFIXES

    if file_path.suffix in MARKDOWN_SUFFIXES and file_path.is_relative_to(parent.config.rootpath / DOCS):
        return MarkdownPage.from_parent(parent, path=file_path)
    if file_path.name == CAST_FILE and file_path.is_relative_to(parent.config.rootpath / DOCS):
        return CastFile.from_parent(parent, path=file_path)
    return None


def pytest_collect_directory(path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if path.is_relative_to(parent.config.rootpath / DOCS):
        return PagesFolder.from_parent(parent, path=path)
    return None


class PagesFolder(pytest.Directory):
    """A folder of pages, collected as pytest collects a folder (``pytest.Dir``, which is final),
    and the pages pytest's walk passes over (a FIFO, a device, a link to nothing: not regular
    files) but MkDocs would read, which the command line and the build refuse: each is a page item
    failing with the same located line."""

    def collect(self) -> Iterator[pytest.Item | pytest.Collector]:
        from rulecheck.examples.finder import MARKDOWN_SUFFIXES

        config, ihook = self.config, self.ihook
        for entry in sorted(os.scandir(self.path), key=lambda entry: entry.name):
            path = Path(entry.path)
            if entry.is_dir():
                # pytest's `norecursedirs` (build, dist, venv, node_modules…) names folders of code,
                # not of pages: MkDocs builds `docs/fr/build/x.md`, which the command line and the
                # build check. Only what the reader leaves out (`--ignore`, `--ignore-glob`) is.
                if self.session.isinitpath(path, with_parents=True) or not _left_out_by_the_reader(path, config):
                    folder = ihook.pytest_collect_directory(path=path, parent=self)
                    if folder is not None:
                        yield folder
            elif entry.is_file():
                if self.session.isinitpath(path) or not ihook.pytest_ignore_collect(
                        collection_path=path, config=config):
                    yield from ihook.pytest_collect_file(file_path=path, parent=self)
            elif path.suffix in MARKDOWN_SUFFIXES:
                yield MarkdownPage.from_parent(self, path=path)


def _left_out_by_the_reader(path: Path, config: pytest.Config) -> bool:
    """Whether the run's ``--ignore`` or ``--ignore-glob`` options name the folder ``path``."""
    ignored = [Path(os.path.abspath(given)) for given in config.getoption("ignore") or []]
    if any(path == folder or path.is_relative_to(folder) for folder in ignored):
        return True
    return any(fnmatch.fnmatch(str(path), pattern) for pattern in config.getoption("ignore_glob") or [])


DOCS = "docs"
CAST_FILE = "cast.yml"  # rulecheck.examples.cast.CAST_FILE, without importing rulecheck early
JOURNAL = ".rulecheck-update.json"  # rulecheck.examples.page_writes.JOURNAL, likewise


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Finish an update killed between its renames, as `rulecheck check` does, before any page is
    checked (once, by the process that starts the run, never by each xdist worker), and say so."""
    config = session.config
    if hasattr(config, "workerinput") or not os.path.lexists(config.rootpath / JOURNAL):
        return
    from rulecheck.examples.page_writes import finish_interrupted_update

    said = finish_interrupted_update(config.rootpath)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if said and reporter is not None:
        reporter.write_line("\n".join(said), yellow=True)


class CastFile(pytest.File):
    """The cast's data file: one item, failing with the file's own problems."""

    def collect(self) -> Iterator[pytest.Item]:
        shown = self.path.relative_to(self.config.rootpath).as_posix()
        problems = _report(self.config).page_problems(shown)
        yield ExampleItem.from_parent(self, name="cast", outcome=None, problems=problems)


class MarkdownPage(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        from rulecheck.examples.schema import written_id

        report = _report(self.config)
        shown = self.path.relative_to(self.config.rootpath).as_posix()
        page = report.pages.get(shown)
        outcomes = page.outcomes if page else []
        # This page's other problems (unreadable, parity of the page, prose references) fail the
        # page's first item, or an item named `page`.
        rest = report.page_problems(shown, shown=outcomes)
        names: set[str] = set()
        for index, outcome in enumerate(outcomes):
            # An example that does not validate is still named by the id it writes, when it writes one.
            name = outcome.id or written_id(outcome.block.source) or ""
            if not name or name in names:
                name = f"block-line-{outcome.block.line}"
            names.add(name)
            problems = list(outcome.problems) + (rest if index == 0 else [])
            yield ExampleItem.from_parent(self, name=name, outcome=outcome, problems=problems)
        if not outcomes and rest:
            yield ExampleItem.from_parent(self, name="page", outcome=None, problems=rest)


class ExampleItem(pytest.Item):
    def __init__(self, *, outcome: Outcome | None, problems: list[Problem], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.outcome = outcome
        self.problems = problems

    def runtest(self) -> None:
        if self.problems:
            raise ExampleFailure(self.problems)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ExampleFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        line = self.outcome.block.line - 1 if self.outcome else 0
        return self.path, line, f"{self.path.name}::{self.name}"


_REPORT = pytest.StashKey["Report"]()


def _report(config: pytest.Config) -> Report:
    """The report of every page under ``docs/``, checked once per session.

    The whole tree, even when one page is asked for: an id reused on another page of the same
    language and a twin that differs are only seen from there.
    """
    if _REPORT not in config.stash:
        from rulecheck.examples.check import check_paths

        config.stash[_REPORT] = check_paths([config.rootpath / DOCS], root=config.rootpath)
    return config.stash[_REPORT]
