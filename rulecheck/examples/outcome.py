"""What checking gives: one example's outcome, a page's report, the report of a set of pages.

Values only: they hold problems (:class:`~rulecheck.errors.Problem`) and never raise them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from rulecheck.engine.odds import Odds
from rulecheck.engine.rules import RULES
from rulecheck.errors import Problem, RuleError
from rulecheck.examples.cast import Cast
from rulecheck.examples.finder import Block
from rulecheck.examples.made_ids import MadeIds
from rulecheck.examples.schema import ParsedExample
from rulecheck.examples.twins import twin_file


@dataclass
class Outcome:
    """One example's run: the parsed example (if it parsed), the engine's result, the problems."""

    block: Block
    parsed: ParsedExample | None = None
    result: BaseModel | None = None
    problems: list[Problem] = field(default_factory=list)
    #: Problems reported on another example that concern this one too (its twin differs, its id
    #: is reused): shown on this example's card, not counted a second time in reports.
    echoes: list[Problem] = field(default_factory=list)


    #: Exact odds over the example's dice (those in ``odds.fixed`` kept), computed once here.
    odds: Odds | None = None
    #: The rules' refusal that the example shows (``expect: {refused: code}``), when it matched.
    refusal: RuleError | None = None

    @property
    def id(self) -> str | None:
        return self.parsed.id if self.parsed else None

    @property
    def headline_odds(self) -> tuple[str, Any, Fraction] | None:
        """The rule's first headline field, its value here, and the exact probability of that value."""
        if self.odds is None or self.result is None or self.parsed is None:
            return None
        headline = RULES[self.parsed.example.rule].headline
        if not headline:
            return None
        value = getattr(self.result, headline[0])
        return headline[0], value, self.odds.probability(headline[0], value)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class PageReport:
    path: str
    outcomes: list[Outcome] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: The page's file, and where its language folder stands in it (``None``: no language). Read
    #: from the folder checked downwards, so that the working directory, or a folder named `en`
    #: above the project, never changes a page's language or its twin.
    source: Path | None = None
    language_at: int | None = None
    #: The page holds more examples than a page may (:data:`~rulecheck.examples.pages.MAX_EXAMPLES_PER_PAGE`):
    #: none of them was checked, and a host shows them as plain code under the page's problem.
    too_many_examples: bool = False
    #: The page's checked tables: each marker's table name, how many times it is marked, the first one's line.
    tables: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: The page's prose references: each one's ``id.field``, how many times it is quoted, the first
    #: one's line (a page can hold a million references: one entry per name, not per reference).
    references: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: The explicit ids of the page's headings, each at its first line (:mod:`rulecheck.examples.headings`).
    headings: dict[str, int] = field(default_factory=dict)
    #: The ids MkDocs makes of the text of its other headings, each at its first line.
    made_ids: MadeIds = field(default_factory=MadeIds)
    #: The ids the page's raw HTML gives elements, each with the lines of the first two elements that
    #: hold it, 0 for none (:func:`rulecheck.examples.element_ids.ids_in_markdown`).
    element_ids: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: The ids the build gives the page's cards (``ex-…``) and, where it lists the cast, its members (``cast-…``).
    given_ids: set[str] = field(default_factory=set)

    @property
    def language(self) -> str | None:
        return self.source.parts[self.language_at] if self.source and self.language_at is not None else None

    def twin(self, language: str) -> Path | None:
        """The file of this page in ``language``."""
        if self.source is None or self.language_at is None:
            return None
        return twin_file(self.source, self.language_at, language)

    def by_id(self) -> dict[str, Outcome]:
        return {o.id: o for o in self.outcomes if o.id}


@dataclass
class Report:
    pages: dict[str, PageReport] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: The cast files the pages use, by displayed path.
    casts: dict[str, Cast] = field(default_factory=dict)

    @property
    def all_problems(self) -> list[Problem]:
        found = list(self.problems)
        for page in self.pages.values():
            found += page.problems
            for outcome in page.outcomes:
                found += outcome.problems
        return sorted(found, key=lambda p: (p.path, p.line, p.col or 0, p.message))

    def page_problems(self, path: str, *, shown: Iterable[Outcome] = ()) -> list[Problem]:
        """The problems located on page ``path`` that the outcomes in ``shown`` do not already hold
        (a page's parity, its prose references, an unreadable page…)."""
        held = {id(problem) for outcome in shown for problem in outcome.problems}
        return [p for p in self.all_problems if p.path == path and id(p) not in held]

    @property
    def examples(self) -> int:
        return sum(len(page.outcomes) for page in self.pages.values())

    @property
    def ok(self) -> bool:
        return not self.all_problems
