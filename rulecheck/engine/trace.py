"""The explanation a resolution carries: ordered steps, each tied to a rule anchor.

A step holds keys and numbers only. Pages and the command line render it in French or English;
nothing here is a sentence in either language.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Comparison = Literal[">=", "<", ">", "<="]


class Term(BaseModel):
    """One addend of a step: ``17 (d20)``, ``4 (str)``. ``label`` is a key, not display text."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    value: int
    label: str


class Step(BaseModel):
    """One step of a resolution.

    ``anchor`` names the rule (and the page section) that justifies the step; ``event`` is the
    message key. A step with terms reads ``terms = value``; with ``against`` it adds a
    comparison; ``verdict`` is the key of what the step decided.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    anchor: str
    event: str
    terms: tuple[Term, ...] = ()
    value: int | None = None
    op: Comparison | None = None
    against: int | None = None
    against_label: str | None = None
    verdict: str | None = None


Trace = tuple[Step, ...]

