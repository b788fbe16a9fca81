"""At most a few problems of a kind on a page: the rest summed up in one, never held.

A page within the size limit can hold a million copies of one mistake (a ``{{ nope.x }}`` a line,
a hand-written card a line, a row of a checked table a line): one problem each took the check past
a gigabyte and printed a million lines, the same sentence each. Each check that makes a problem
per place of a page (a reference, a fence, a table's row or cell, a snippet, a glossary term…)
gives its problems to a :class:`Capped`, which keeps the first :data:`MAX_ALIKE_PROBLEMS` of each
kind and, past them, only a count and the first one left out: it becomes one summary, located
there, saying how many more there are. Memory is bounded by the kinds, not by the page.

A kind is a problem's ``kind`` and a family the check names where it makes the problem, a
constant of the code, never a word of the page: a page cannot make kinds of its own, and each
distinct kind of mistake keeps its own first problems, however many of another kind come first.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulecheck.errors import Problem

#: The problems of one kind one check lists for one page; the rest are summed up in one.
MAX_ALIKE_PROBLEMS = 50


class Capped:
    """The problems one check finds on one page, at most ``limit`` of each kind, in the order given;
    :attr:`problems` gives them with a summary for each kind that had more."""

    def __init__(self, limit: int = MAX_ALIKE_PROBLEMS) -> None:
        self.limit = limit
        self._kept: list[Problem] = []
        self._counts: dict[tuple[str, str], int] = {}
        self._first_left_out: dict[tuple[str, str], Problem] = {}

    def add(self, problem: Problem, family: str = "") -> None:
        key = (problem.kind, family)
        count = self._counts[key] = self._counts.get(key, 0) + 1
        if count <= self.limit:
            self._kept.append(problem)
        elif count == self.limit + 1:
            self._first_left_out[key] = problem

    def extend(self, problems: Iterable[Problem], family: str = "") -> None:
        for problem in problems:
            self.add(problem, family)

    @property
    def problems(self) -> list[Problem]:
        summed = []
        for key, first in self._first_left_out.items():
            more = self._counts[key] - self.limit
            summed.append(first if more == 1 else summary(first, more, self.limit))
        return [*self._kept, *summed]


def summary(first: Problem, more: int, limit: int) -> Problem:
    """One problem standing for ``more`` alike ones from ``first`` on, at ``first``'s place."""
    return Problem(
        path=first.path, line=first.line, col=first.col, kind=first.kind, more=more,
        message=f"{more:,} more problems of this kind in this file, from here on, are not listed (a file "
                f"lists the first {limit} of each kind; fix those and check again). The first of them: "
                f"{first.message}")


def not_listed(problems: Iterable[Problem]) -> str:
    """What a count of ``problems`` leaves out: `` (and 9,949 more like them, not listed)``, or nothing
    (a summary is listed, and stands for the problem at its place and those after it)."""
    more = sum(problem.more - 1 for problem in problems if problem.more)
    return f" (and {more:,} more like them, not listed)" if more else ""
