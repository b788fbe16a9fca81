"""The trace a card prints, checked like the results: a fault is a located problem.

A card shows ``terms = value op against → verdict`` for each step and the result's values under
them. An engine change that keeps the results but breaks what a step shows (a sign flipped in
shown arithmetic, a verdict that contradicts its comparison, a shown total that is not the one
the result holds, a key with no words, which the card would print as is) would otherwise reach
the page unnoticed: every example is checked here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel

from rulecheck.engine.rules import RULES, trace_faults
from rulecheck.engine.trace import EXTRA_DAMAGE, Step
from rulecheck.errors import Problem
from rulecheck.examples import render
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.schema import ParsedExample

#: Dice show as written (``2d6``), maximised dice too (``max:2d6``): they need no words.
_DICE_LABEL = re.compile(r"max:.*|\d*d\d+")


def unworded(steps: Iterable[Step], language: str) -> set[str]:
    """Every event, verdict and term label of ``steps`` that ``language`` gives no words to."""
    missing = set()
    for step in steps:
        if step.event not in render.EVENTS[language]:
            missing.add(step.event)
        if step.verdict and step.verdict not in render.VALUES[language]:
            missing.add(step.verdict)
        for label in [t.label for t in step.terms] + ([step.against_label] if step.against_label else []):
            label = label.removeprefix(EXTRA_DAMAGE)
            if not _DICE_LABEL.fullmatch(label) and label not in render.LABELS[language]:
                missing.add(label)
    return missing


def _strings(data: object) -> Iterable[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _strings(value)


def trace_problems(parsed: ParsedExample, result: BaseModel) -> list[Problem]:
    """Each fault of the example's trace, located at the example (a bug of rulecheck, not of it)."""
    faults = trace_faults(RULES[parsed.example.rule], result)
    steps: tuple[Step, ...] = getattr(result, "trace", ())
    authored: set[str] | None = None  # a modifier's source, shown as written: read only when needed
    for language in LANGUAGES:
        missing = unworded(steps, language)
        if missing and authored is None:
            authored = set(_strings(parsed.example.given.model_dump(mode="json")))
        missing -= authored or set()
        if missing:
            keys = ", ".join(f"`{key}`" for key in sorted(missing))
            faults.append(f"it would print {keys} as is: the {language} locale has no words for "
                          f"{'it' if len(missing) == 1 else 'them'}")
    return [
        parsed.problem(f"the trace the card prints is wrong: {fault} (a bug of rulecheck, not of the example; "
                       "please report it)", kind="trace")
        for fault in faults
    ]


__all__ = ["trace_problems", "unworded"]
