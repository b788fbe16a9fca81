"""One name, one creature in a language: a one-off creature keeps its base statistics wherever it appears.

A player reads "the guard" on three cards of a page as one guard. When one card gives him Def PHY
15 and the next 16, the player takes one of them for a mistake; so does a player who met "the
lookout" with Def PHY 8 on one page and finds him at 16 on the next. A recurring character is
defined once, in the cast; a one-off creature (``defender: {name: the guard, def_phy: 16}``) is
defined where it is written, so the check compares its namesakes across the pages of a language:
a base statistic (:data:`~rulecheck.examples.cast.BASE_FIELDS`) written with two values under one
name is a problem, on the example that writes it second. Names are compared as a reader tells them
apart (:func:`~rulecheck.examples.cast.name_key`): « the golem » written with a Cyrillic « о », or
with its « ó » as one character or as « o » and an accent, is the same golem on screen. A
statistic one example leaves out is not a difference: an example writes only what its rule reads.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rulecheck.errors import FieldPath, shortened
from rulecheck.examples.cast import BASE_FIELDS, name_key
from rulecheck.examples.outcome import Outcome, Report
from rulecheck.examples.schema import ParsedExample


@dataclass(frozen=True)
class _Written:
    """Where a name's base statistic was first written on the page, and its value."""

    value: Any
    example_id: str
    path: str
    line: int

    def where(self, here: str) -> str:
        return f"line {self.line}" if self.path == here else f"{self.path}, line {self.line}"


def check_namesakes(outcomes: Sequence[Outcome]) -> None:
    """Add a problem to each example whose one-off creature shares a name, and not its base
    statistics, with a creature of an earlier example of ``outcomes`` (a language's pages, in order):
    one per creature, naming every statistic that differs."""
    first: dict[tuple[str, str], _Written] = {}
    for outcome in outcomes:
        if outcome.parsed is None:
            continue
        differing: dict[str, list[tuple[str, Any, _Written, FieldPath]]] = {}
        for name, stat, value, path in _one_offs(outcome.parsed):
            earlier = first.setdefault((name_key(name), stat),  # as a reader tells names apart
                                       _Written(value, outcome.parsed.id, outcome.parsed.block.path,
                                                    outcome.parsed.line_of(path)))
            if earlier.value != value:
                differing.setdefault(name, []).append((stat, value, earlier, path))
        for name, stats in differing.items():
            here = ", ".join(f"{stat} {value!r}" for stat, value, _, _ in stats)
            there = ", ".join(f"{stat} {earlier.value!r} in example `{earlier.example_id}` "
                              f"({earlier.where(outcome.parsed.block.path)})" for stat, _, earlier, _ in stats)
            outcome.problems.append(outcome.parsed.problem(
                f"`{shortened(name)}` has {here} here, and {there}: in one language's pages, a reader takes one "
                "name for one creature. Give this one a name of its own, or the same statistics", stats[0][3],
                kind="namesake"))


def _one_offs(parsed: ParsedExample) -> Iterator[tuple[str, str, Any, FieldPath]]:
    """Each base statistic written beside a ``name`` in the example's input, as written (cast
    members, which the cast defines once, are not among them)."""
    yield from _walk(parsed.data.get("given"), ("given",))


def _walk(value: Any, path: FieldPath) -> Iterator[tuple[str, str, Any, FieldPath]]:
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, str) and name.strip() and "cast" not in value:
            for stat, held in value.items():  # in the order written: the problem lies at the first
                if stat in BASE_FIELDS:
                    yield name.strip(), stat, held, (*path, stat)
        for key, held in value.items():
            yield from _walk(held, (*path, key))
    elif isinstance(value, list):
        for index, held in enumerate(value):
            yield from _walk(held, (*path, index))


def check_namesakes_by_language(report: Report) -> None:
    """:func:`check_namesakes` over each language's pages together, in
    the order they were read: a reader meets the same one-off creature on another page of theirs."""
    by_language: dict[str | None, list[Outcome]] = {}
    for page in report.pages.values():
        by_language.setdefault(page.language, []).extend(page.outcomes)
    for outcomes in by_language.values():
        check_namesakes(outcomes)
