"""Rolling a parsed dice expression into trace terms, one term per dice group or flat part."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from rulecheck.engine.dice import AbilityTerm, DiceExpr, DiceTerm, FlatTerm
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Term


def roll_terms(
    expression: DiceExpr,
    dice: DiceSource,
    label: str,
    abilities: Mapping[str, int] | None = None,
    *,
    maximise: bool = False,
) -> tuple[Term, ...]:
    """Roll every dice group of ``expression`` under ``label``; flat and ability parts as they are.

    ``maximise`` (a critical) rolls nothing: an added die shows its top face, a subtracted one 1,
    as in :meth:`DiceExpr.maximum`.
    """
    terms: list[Term] = []
    for term in expression.terms:
        if isinstance(term, DiceTerm) and maximise:
            faces = (term.sides if term.sign > 0 else 1,) * term.count
            terms.append(_term(term.sign * sum(faces), f"max:{term}"))
        elif isinstance(term, DiceTerm):
            faces = dice.roll(label, term.sides, term.count)
            terms.append(_term(term.sign * sum(faces), str(term)))
        elif isinstance(term, FlatTerm):
            terms.append(_term(term.value, "flat"))
        elif isinstance(term, AbilityTerm):
            terms.append(_term(term.sign * (abilities or {}).get(term.ability, 0), term.ability))
    return tuple(terms)


@lru_cache(maxsize=4096)
def _term(value: int, label: str) -> Term:
    """A trace term; terms are immutable, so the same one is shared (exact odds ask for the same
    few terms thousands of times, and validating each anew was a tenth of their cost)."""
    return Term(value=value, label=label)


def d20_verdict(natural: int, total: int, target: int, fumble_threshold: int = 1, *,
                natural_20_succeeds: bool = True) -> tuple[bool, str | None]:
    """A d20 test against ``target``: a natural 1 (or any face up to the roller's
    ``fumble_threshold``) always fails, otherwise the total must reach the target; a natural 20
    always succeeds where the rules make it a critical success (attacks and reactions: with
    ``natural_20_succeeds``), and is a face like any other on an ability test, for which they
    give it no effect.

    The second item names the natural roll that decided (``"natural_20"``, ``"natural_1"``, or
    ``"fumble_threshold"`` for a face from 2 up to a raised threshold), or is ``None`` when the
    totals did."""
    if natural == 20 and natural_20_succeeds:
        return True, "natural_20"
    if natural == 1:
        return False, "natural_1"
    if natural <= fumble_threshold:
        return False, "fumble_threshold"
    return total >= target, None


def verdict_classes(modifier: int, target: int, fumble_threshold: int = 1, *,
                    critical_apart: bool = False) -> tuple[tuple[int, ...], ...]:
    """The d20 faces that fail an ability test of ``1d20 + modifier`` against ``target``, and those
    that pass it, as :func:`d20_verdict` decides: the classes of a test whose face nothing else keeps.
    With ``critical_apart``, the critical failures (faces up to ``fumble_threshold``) are a class
    of their own, first: for a result that keeps whether the test failed critically."""
    classes: tuple[list[int], list[int], list[int]] = ([], [], [])  # critical failures, other failures, passes
    for face in range(1, 21):
        passed = d20_verdict(face, face + modifier, target, fumble_threshold, natural_20_succeeds=False)[0]
        classes[2 if passed else 0 if critical_apart and face <= fumble_threshold else 1].append(face)
    return tuple(tuple(faces) for faces in classes if faces)
