"""Prose references: ``{{ example-id.field }}`` in a page's text, outside code.

A number the prose quotes from an example is written as a reference to the example's result
(or to ``given``), so the page renders the engine's value and the prose cannot drift.

Finding them costs time linear in the page: fences are the finder's (one pass over the lines),
code spans are matched run by run, and the reference pattern cannot backtrack across a ``{{``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from rulecheck.errors import Problem, RuleError
from rulecheck.examples.finder import Block, find_fences
from rulecheck.examples.schema import ParsedExample, written_id

REFERENCE = re.compile(r"\{\{\s*(?P<id>[a-z0-9][a-z0-9-]*)\.(?P<field>[a-z_][a-z0-9_.]*)\s*\}\}")


class RanExample(Protocol):
    """What a reference needs of an example's run (:class:`rulecheck.examples.outcome.Outcome` is one)."""

    @property
    def block(self) -> Block: ...

    @property
    def parsed(self) -> ParsedExample | None: ...

    @property
    def result(self) -> BaseModel | None: ...

    @property
    def id(self) -> str | None: ...

    @property
    def refusal(self) -> RuleError | None: ...


@dataclass(frozen=True)
class Reference:
    """One ``{{ id.field }}`` of a page: its offsets, 1-based line and column, and target."""

    start: int
    end: int
    line: int
    col: int
    example_id: str
    field: str


def find_references(text: str) -> list[Reference]:
    """Every reference of a page, in order; code blocks and code spans hold none."""
    masked = mask_code(text)
    found = []
    for match in REFERENCE.finditer(masked):
        line = masked.count("\n", 0, match.start()) + 1
        col = match.start() - (masked.rfind("\n", 0, match.start()) + 1) + 1
        found.append(Reference(match.start(), match.end(), line, col, match["id"], match["field"]))
    return found


def mask_code(text: str) -> str:
    """``text`` with every fenced block and code span blanked: same length, same line breaks, so
    offsets in the result are offsets in ``text``."""
    starts = [0] + [m.end() for m in _LINE_END.finditer(text)]
    lines = [text[start:end].rstrip("\r\n") for start, end in zip(starts, [*starts[1:], len(text)], strict=True)]
    fenced: set[int] = set()
    for fence in find_fences(lines):
        if fence.closed:
            fenced.update(range(fence.start, fence.end + 1))
    return "".join(
        (" " * len(line) if index in fenced else _mask_spans(line)) + text[start + len(line):end]
        for index, (line, start, end) in enumerate(zip(lines, starts, [*starts[1:], len(text)], strict=True))
    )


_LINE_END = re.compile(r"\r\n|\r|\n")


def _mask_spans(line: str) -> str:
    """``line`` with its code spans blanked: a run of backticks up to the next run of the same
    length. Each run is looked at twice at most, whatever the line holds."""
    runs: list[tuple[int, int]] = []  # (start, length) of each run of backticks
    position = line.find("`")
    while position >= 0:
        end = position
        while end < len(line) and line[end] == "`":
            end += 1
        runs.append((position, end - position))
        position = line.find("`", end)
    if not runs:
        return line
    following: list[int | None] = [None] * len(runs)  # the next run of the same length
    last: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        following[index] = last.get(runs[index][1])
        last[runs[index][1]] = index
    chars = list(line)
    index = 0
    while index < len(runs):
        close = following[index]
        if close is None:
            index += 1
            continue
        start, (end, length) = runs[index][0], runs[close]
        chars[start:end + length] = " " * (end + length - start)
        index = close + 1
    return "".join(chars)


def resolve_reference(outcomes: Mapping[str, RanExample], example_id: str, field_name: str) -> Any:
    """The value a reference points to; raises ``LookupError`` with a reason when it cannot."""
    outcome = outcomes.get(example_id)
    if outcome is None:
        raise LookupError(f"no example `{example_id}` on this page")
    value: Any = outcome.result
    parts = field_name.split(".")
    if parts[0] == "given" and outcome.parsed is not None:
        value, parts = outcome.parsed.example.given, parts[1:]
    elif outcome.refusal is not None:
        raise LookupError(f"example `{example_id}` shows a refusal: it has no result, only `given`")
    elif outcome.result is None:
        raise LookupError(f"example `{example_id}` has no result (it did not run)")
    for part in parts:
        fields = type(value).model_fields if isinstance(value, BaseModel) else {}
        # By the key an example writes (``dex``) or the model's own name (``dexterity``).
        name = next((n for n, info in fields.items() if part in (n, info.alias)), None)
        if name is None:
            raise LookupError(f"example `{example_id}` has no field `{field_name}`")
        value = getattr(value, name)
    return value


def check_references(path: str, text: str, ran: Sequence[RanExample]) -> list[Problem]:
    """A located problem for each reference that points at no example or no field."""
    outcomes = {o.id: o for o in ran if o.id}
    broken = {written_id(o.block.source) for o in ran if o.parsed is None}
    problems = []
    for ref in find_references(text):
        try:
            resolve_reference(outcomes, ref.example_id, ref.field)
        except LookupError as error:
            target = outcomes.get(ref.example_id)
            if ref.example_id in broken or (target is not None and target.result is None and target.refusal is None):
                continue  # the example's own problem already explains it
            problems.append(Problem(path=path, line=ref.line, col=ref.col, example_id=ref.example_id,
                                    field=ref.field, message=f"prose reference: {error}"))
    return problems
