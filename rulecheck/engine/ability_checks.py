"""Ability tests against a difficulty: 1d20 + one ability ≥ DC.

Used by the stabilisation (Soin, WIS), poison application (INT then DEX) and vial accident (CON)
rules. A natural 1 is a critical failure that always fails (seed 002: « lors d'une action en
combat »); any other total succeeds when it is at least the DC (ties succeed). A natural 20 is a
face like any other: the rules give a critical success to attacks and reactions only.
The rules let the GM raise a creature's critical failure threshold (CHA): with
``fumble_threshold`` above 1, every natural face up to it is a critical failure too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulecheck.engine.rolling import d20_verdict
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term

#: The verdict of a critical failure whose total reached the DC: « would have passed, but … ».
FUMBLED_WOULD_PASS = "fumbled_would_pass"


@dataclass(frozen=True)
class CheckRoll:
    """One rolled ability test and the step that explains it."""

    natural: int
    total: int
    success: bool
    step: Step
    fumble_threshold: int = 1

    @property
    def critical_failure(self) -> bool:
        return self.natural <= self.fumble_threshold


def ability_check(
    dice: DiceSource,
    *,
    label: str,
    ability: str,
    modifier: int,
    dc: int,
    anchor: str,
    event: str,
    verdicts: tuple[str, str] = ("test_passed", "test_failed"),
    fumble_threshold: int = 1,
    actor: str | None = None,
) -> CheckRoll:
    """Roll 1d20 under ``label`` and add ``modifier`` (the ``ability``); compare with ``dc``.

    ``event`` names the step; a natural 1 uses ``event + ".natural_1"``, another face within a
    raised ``fumble_threshold`` ``event + ".fumble_threshold"``: their comparison is shown all the
    same, with the verdict ``fumbled_would_pass`` when the total reached the DC.
    ``verdicts`` are the keys of a success and of a failure; ``actor``, the step's (who rolls).
    """
    (natural,) = dice.roll(label, 20)
    terms = (Term(value=natural, label="d20"), Term(value=modifier, label=ability))
    total = natural + modifier
    success, natural_kind = d20_verdict(natural, total, dc, fumble_threshold, natural_20_succeeds=False)
    suffix = f".{natural_kind}" if natural_kind else ""
    reached = total >= dc
    step = Step(
        anchor=anchor,
        event=event + suffix,
        terms=terms,
        value=total,
        op=">=" if reached else "<",
        against=dc,
        against_label="dc",
        verdict=verdicts[0] if success else FUMBLED_WOULD_PASS if reached else verdicts[1],
        actor=actor,
    )
    return CheckRoll(natural=natural, total=total, success=success, step=step, fumble_threshold=fumble_threshold)
