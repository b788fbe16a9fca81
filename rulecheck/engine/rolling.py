"""Rolling a parsed dice expression into trace terms, one term per dice group or flat part."""

from __future__ import annotations

from collections.abc import Mapping

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
            terms.append(Term(value=term.sign * sum(faces), label=f"max:{term}"))
        elif isinstance(term, DiceTerm):
            faces = dice.roll(label, term.sides, term.count)
            terms.append(Term(value=term.sign * sum(faces), label=str(term)))
        elif isinstance(term, FlatTerm):
            terms.append(Term(value=term.value, label="flat"))
        elif isinstance(term, AbilityTerm):
            terms.append(Term(value=term.sign * (abilities or {}).get(term.ability, 0), label=term.ability))
    return tuple(terms)


def d20_verdict(natural: int, total: int, target: int, fumble_threshold: int = 1) -> tuple[bool, str | None]:
    """A d20 test against ``target``: a natural 20 always succeeds, a natural 1 (or any face up to
    the roller's ``fumble_threshold``) always fails, otherwise the total must reach the target.

    The second item names the natural roll that decided (``"natural_20"``, ``"natural_1"``, or
    ``"fumble_threshold"`` for a face from 2 up to a raised threshold), or is ``None`` when the
    totals did."""
    if natural == 20:
        return True, "natural_20"
    if natural == 1:
        return False, "natural_1"
    if natural <= fumble_threshold:
        return False, "fumble_threshold"
    return total >= target, None
