"""The trace a card prints, checked like the results: a fault is a located problem.

A card shows ``terms = value op against → verdict`` for each step and the result's values under
them. An engine change that keeps the results but breaks what a step shows (a sign flipped in
shown arithmetic, a verdict that contradicts its comparison, a shown total that is not the one
the result holds) would otherwise reach the page unnoticed: every example is checked here.
"""

from __future__ import annotations

from pydantic import BaseModel

from rulecheck.engine.rules import RULES, trace_faults
from rulecheck.errors import Problem
from rulecheck.examples.schema import ParsedExample


def trace_problems(parsed: ParsedExample, result: BaseModel) -> list[Problem]:
    """Each fault of the example's trace, located at the example (a bug of the engine, not of it)."""
    return [
        parsed.problem(f"the trace the card prints is wrong: {fault} (a bug of rulecheck, not of the example; "
                       "please report it)", kind="trace")
        for fault in trace_faults(RULES[parsed.example.rule], result)
    ]


__all__ = ["trace_problems"]
