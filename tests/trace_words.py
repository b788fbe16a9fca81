"""What a trace's steps need from the locales: the keys that have no words in a language."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulecheck.engine.trace import Step
from rulecheck.examples import render

#: Dice show as written (``2d6``), maximised dice too (``max:2d6``): they need no words.
DICE_LABEL = re.compile(r"max:.*|\d*d\d+")


def unworded(steps: Iterable[Step], language: str) -> set[str]:
    """Every event, verdict and term label of ``steps`` that ``language`` gives no words to."""
    missing = set()
    for step in steps:
        if step.event not in render.EVENTS[language]:
            missing.add(step.event)
        if step.verdict and step.verdict not in render.VALUES[language]:
            missing.add(step.verdict)
        for label in [t.label for t in step.terms] + ([step.against_label] if step.against_label else []):
            if not DICE_LABEL.fullmatch(label) and label not in render.LABELS[language]:
                missing.add(label)
    return missing
