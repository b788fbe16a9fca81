"""pytest plugin: each example in a Markdown page under ``docs/`` is its own test item.

``pytest`` collects ``docs/fr/<page>.md::<id>``; ``pytest docs/fr/<page>.md`` runs one page.
An item fails with the same located messages as ``rulecheck check`` and the MkDocs build.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulecheck.errors import Problem
from rulecheck.examples.check import Outcome, Report, check_paths


class ExampleFailure(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(p.located() for p in problems))
        self.problems = problems


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".md" and "docs" in file_path.relative_to(parent.config.rootpath).parts[:1]:
        return MarkdownPage.from_parent(parent, path=file_path)
    return None


class MarkdownPage(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        report = _report(self.config, self.path)
        shown = self.path.relative_to(self.config.rootpath).as_posix()
        page = report.pages[shown]
        for index, outcome in enumerate(page.outcomes):
            name = outcome.id or f"block-line-{outcome.block.line}"
            problems = list(outcome.problems)
            if index == 0:
                problems += page.problems  # page-level problems (parity, references) fail the first item
            yield ExampleItem.from_parent(self, name=name, outcome=outcome, problems=problems)
        if not page.outcomes and page.problems:
            yield ExampleItem.from_parent(self, name="page", outcome=None, problems=page.problems)


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


_REPORTS = pytest.StashKey[dict[Path, Report]]()


def _report(config: pytest.Config, path: Path) -> Report:
    """One page's report, checked with its twin for parity (cached for the session)."""
    reports = config.stash.setdefault(_REPORTS, {})
    if path not in reports:
        reports[path] = check_paths([path], root=config.rootpath)
    return reports[path]
