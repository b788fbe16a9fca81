"""What a card tells a player about chance, read from the exact odds the check already computed.

Nothing here runs the rules again: the outcome's chance, the face one die needs and the spread of
damage all come from :attr:`Outcome.odds <rulecheck.examples.outcome.Outcome.odds>`, the one exact
enumeration of the example's dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rulecheck.engine.rules import Rule

if TYPE_CHECKING:
    from rulecheck.engine.odds import Odds
    from rulecheck.examples.outcome import Outcome

#: A result field holding the natural face of a d20 test → (the field saying whether that test
#: succeeded, the result field or fixed word naming the test). The roll label is the field's name
#: without ``_natural``.
DECIDING_DICE: dict[str, tuple[str, str]] = {
    "attack_natural": ("hit", "=attack"),
    "reaction_natural": ("reaction_succeeded", "reaction"),
}


def card_fields(rule: Rule) -> frozenset[str]:
    """The result fields whose odds a card reads: its headline, the naturals of the tests that
    can decide it and whether they succeeded, and the damage."""
    read = {*rule.headline, "damage", *DECIDING_DICE, *(success for success, _ in DECIDING_DICE.values())}
    return frozenset(read) & frozenset(rule.result.model_fields)


#: The widest damage range drawn as a chart, one column per value.
MAX_COLUMNS = 60


@dataclass(frozen=True)
class Chance:
    """The exact probability of the card's headline value, shown only where dice decide it."""

    probability: Fraction


@dataclass(frozen=True)
class Needs:
    """What one die must show for its test to succeed: faces ``low`` to ``high`` of a d``sides``."""

    test: str  # a word key: ``attack``, ``parry``, ``dodge``
    sides: int
    low: int
    high: int


def chance(outcome: Outcome) -> Chance | None:
    """The headline's chance, or None when no die decides it (0 or 1, or no odds at all)."""
    found = outcome.headline_odds
    if found is None or not 0 < found[2] < 1:
        return None
    return Chance(found[2])


def needs(odds: Odds, result: Any) -> Needs | None:
    """What the single die that decides a test needs, when exactly one such die varies and each of
    its faces settles the test on every branch (no other die, no miss chance, changes it)."""
    index = {name: position for position, name in enumerate(odds.fields)}
    varying = [name for name in DECIDING_DICE if name in index
               and len({key[index[name]] for key in odds.outcomes}) > 1]
    if len(varying) != 1:
        return None
    die = varying[0]
    success, test = DECIDING_DICE[die]
    if success not in index:
        return None
    verdicts: dict[int, set[Any]] = {}
    for key, probability in odds.outcomes.items():
        face = key[index[die]]
        if probability == 0:
            continue
        if not isinstance(face, int):
            return None  # on some branch this die is not rolled: it does not decide alone
        verdicts.setdefault(face, set()).add(key[index[success]])
    if any(len(found) != 1 for found in verdicts.values()):
        return None
    winning = sorted(face for face, found in verdicts.items() if True in found)
    label = die.removesuffix("_natural")
    sides = next((roll.sides for roll in odds.rolls if roll.label == label and roll.count == 1), None)
    if sides is None or not winning or len(winning) == sides or len(verdicts) != sides:
        return None
    if winning != list(range(winning[0], winning[-1] + 1)) or (winning[0] != 1 and winning[-1] != sides):
        return None  # not one run of faces from an end of the die: no short sentence says it
    name = test[1:] if test.startswith("=") else str(getattr(result, test, ""))
    return Needs(name, sides, winning[0], winning[-1])


def damage_spread(odds: Odds) -> dict[int, Fraction] | None:
    """P(damage = n) for every n from the lowest to the highest damage, when damage varies."""
    if "damage" not in odds.fields or not odds.numeric("damage"):
        return None
    found = odds.distribution("damage")
    if len(found) < 2:
        return None
    low, high = min(found), max(found)
    if high - low >= MAX_COLUMNS:
        return None  # too wide for a small chart
    return {n: found.get(n, Fraction(0)) for n in range(low, high + 1)}
