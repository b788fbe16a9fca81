"""Prose references: ``{{ example-id.field }}`` in a page's text, outside code.

A number the prose quotes from an example is written as a reference to the example's result
(or to ``given``), so the page renders the engine's value and the prose cannot drift.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from rulecheck.errors import Problem
from rulecheck.examples.schema import written_id

if TYPE_CHECKING:
    from rulecheck.examples.check import Outcome, PageReport

REFERENCE = re.compile(r"\{\{\s*(?P<id>[a-z0-9][a-z0-9-]*)\.(?P<field>[a-z_][a-z0-9_.]*)\s*\}\}")
_CODE = re.compile(r"(?ms)^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$|`+[^`\n]*`+")


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
    masked = _CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    found = []
    for match in REFERENCE.finditer(masked):
        line = masked.count("\n", 0, match.start()) + 1
        col = match.start() - (masked.rfind("\n", 0, match.start()) + 1) + 1
        found.append(Reference(match.start(), match.end(), line, col, match["id"], match["field"]))
    return found


def resolve_reference(outcomes: dict[str, Outcome], example_id: str, field_name: str) -> Any:
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


def check_references(path: str, text: str, page: PageReport) -> list[Problem]:
    """A located problem for each reference that points at no example or no field."""
    outcomes = page.by_id()
    broken = {written_id(o.block.source) for o in page.outcomes if o.parsed is None}
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
