"""What a card tells a player about chance, read from the exact odds the check already computed.

Nothing here runs the rules again: the chance of the event the card is about (see
:mod:`rulecheck.examples.events`), the faces one roll needs for it and the spread of damage all
come from :attr:`Outcome.odds <rulecheck.examples.outcome.Outcome.odds>`, the one exact
enumeration of the example's dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rulecheck.engine.rules import Rule
from rulecheck.examples import render
from rulecheck.examples.events import EVENT_FIELDS, Event, events_of

if TYPE_CHECKING:
    from rulecheck.engine.odds import Odds
    from rulecheck.examples.locales import Language
    from rulecheck.examples.outcome import Outcome


def _face(value: Any) -> int | None:
    return value if isinstance(value, int) else None


#: A result field whose value is what one roll showed → the roll's label, and how to read that
#: face from the value (``None``: the value says nothing about one roll). The naturals of the d20
#: tests are faces; a dying character's ``rolls`` hold each turn's hit-dice total.
DECIDING_ROLLS: dict[str, tuple[str, Callable[[Any], int | None]]] = {
    "attack_natural": ("attack", _face),
    "reaction_natural": ("reaction", _face),
    "rolls": ("hit_dice", lambda value: value[0] if isinstance(value, tuple) and len(value) == 1 else None),
    "con_natural": ("con_test", _face),
}


#: The result fields that keep the face of a roll a card's odds enumerate by class of faces
#: (:attr:`~rulecheck.engine.rules.Rule.face_fields`): a card does not read them, so its odds say
#: the faces by class (:attr:`Odds.drawn <rulecheck.engine.odds.Odds.drawn>`); odds of every field,
#: as ``rulecheck run`` prints them, hold them, and tell the same faces from them.
FACES_KEPT: dict[str, tuple[str, Callable[[Any], int | None]]] = {
    "miss_chance_roll": ("miss_chance", _face), "int_natural": ("int_test", _face), "dex_natural": ("dex_test", _face),
}


def card_fields(rule: Rule) -> frozenset[str]:
    """The result fields whose odds a card reads: its headline, the fields of the event it is
    about, the rolls that can decide that event, and the damage."""
    read = {*rule.headline, "damage", *DECIDING_ROLLS, *EVENT_FIELDS.get(rule.name, ())}
    return frozenset(read) & frozenset(rule.result.model_fields)


#: The widest damage range drawn as a chart, one column per value.
MAX_COLUMNS = 60


@dataclass(frozen=True)
class Chance:
    """The exact probability of the event a card is about, shown only where dice decide it."""

    event: Event
    probability: Fraction


@dataclass(frozen=True)
class Needs:
    """What one roll must show for the card's event to happen: ``low`` to ``high`` on ``count``
    d``sides`` (their total when ``count`` is more than 1)."""

    count: int
    sides: int
    low: int
    high: int
    #: The roll's label (``attack``, ``stabilise``): which of a card's dice the hint is about.
    label: str = field(default="", compare=False)


def chance(outcome: Outcome) -> Chance | None:
    """The chance of the event the card is about, or None when no die decides it (0 or 1, no
    odds at all, or a rule whose cards name no event)."""
    if outcome.odds is None or outcome.result is None or outcome.parsed is None:
        return None
    example = outcome.parsed.example
    for event in events_of(example.rule, example.given, outcome.result):
        if any(name not in outcome.odds.fields for name, _ in event.where):
            return None
        probability = event.probability(outcome.odds)
        if probability < 1:
            return Chance(event, probability) if probability > 0 else None
    return None


def stated(outcome: Outcome, language: Language) -> tuple[str, str] | None:
    """The chance line a player reads, as words: the event named, then its chance and, where one
    roll decides it, what that roll needs ("Chance the parry succeeds", "60% (3 in 5) — 9 or
    more on the d20"); the card and ``rulecheck run --lang`` print the same line."""
    found = chance(outcome)
    if found is None or outcome.odds is None:
        return None
    needed = needs(outcome.odds, found.event)
    # Out of the deciding roll's equally likely results: a d20's 20 faces, 2d4's 16 pairs (« 10 sur
    # 16 », where « 5 sur 8 » read as eight results of dice that have sixteen).
    said = render.chance(found.probability, language, needed.sides ** needed.count if needed
                         else _one_d20(outcome.odds), results=bool(needed and needed.count > 1))
    if needed is not None:
        said += " — " + render.needs(needed.count, needed.sides, needed.low, needed.high, language)
    return render.event(found.event.key, found.event.params, language), said


def _one_d20(odds: Odds) -> int | None:
    """20 when the one die the card rolls is a d20 test (a Healing test, a poison's): its chance
    then reads out of the die's faces (« 12 sur 20 », not « 3 sur 5 »), where it can. Beside
    another die that varies (Pip's punch: its d20 and its d4), « 9 sur 20 » would count faces that
    do not decide it alone."""
    varying = {roll.label: roll for roll in odds.rolls if roll.label not in odds.fixed}
    tests = [roll for roll in varying.values() if roll.sides == 20 and roll.count == 1]
    return 20 if len(tests) == 1 and len(varying) == 1 else None


def needs(odds: Odds, event: Event) -> Needs | None:
    """What the single roll that decides ``event`` needs: the one deciding roll that varies and
    each of whose values settles the event on every branch (no other die changes it; an attack's
    d20 decides a critical whatever the reaction's), when the values that make it happen are one
    run from an end of what the roll can show."""
    index = {name: position for position, name in enumerate(odds.fields)}
    varying = [name for name in (*DECIDING_ROLLS, *FACES_KEPT) if name in index
               and len({key[index[name]] for key in odds.outcomes}) > 1]
    deciding = [found for name in varying if (found := _needs_of(odds, event, index, name)) is not None]
    deciding += [found for label in _classed_labels(odds) if (found := _needs_of_classes(odds, event, label))]
    return deciding[0] if len(deciding) == 1 else None


def _classed_labels(odds: Odds) -> list[str]:
    """The labels of the rolls these odds enumerated by class of faces and drew more than one class
    of: a roll that varies, whose faces no result field keeps (a Healing test, a miss chance's d100)."""
    classes: dict[str, set[tuple[int, ...]]] = {}
    for split in odds.drawn.values():
        for drawn, probability in split.items():
            for label, faces in drawn:
                if probability:
                    classes.setdefault(label, set()).add(faces)
    return sorted(label for label, found in classes.items() if len(found) > 1)


def _needs_of_classes(odds: Odds, event: Event, label: str) -> Needs | None:
    """As :func:`_needs_of`, for a roll enumerated by class: each class drawn settles the event
    alike on every branch, the roll is made once on every branch, and the faces of the classes
    that make the event happen are one run from an end of the die."""
    requests = {(roll.sides, roll.count) for roll in odds.rolls if roll.label == label}
    if len(requests) != 1:
        return None
    ((sides, count),) = requests
    if count != 1:
        return None
    verdicts: dict[int, set[bool]] = {}
    for key, split in odds.drawn.items():
        holds = event.holds(dict(zip(odds.fields, key, strict=True)))
        for drawn, probability in split.items():
            if not probability:
                continue
            classes = [members for name, members in drawn if name == label]
            if len(classes) != 1:
                return None  # on some branch this roll is not made, or made twice: it does not decide alone
            for face in classes[0]:  # each face of a class settles the event as its class does
                verdicts.setdefault(face, set()).add(holds)
    return _one_run(verdicts, 1, sides, label)


def _needs_of(odds: Odds, event: Event, index: Mapping[str, int], field: str) -> Needs | None:
    label, face_of = DECIDING_ROLLS[field] if field in DECIDING_ROLLS else FACES_KEPT[field]
    requests = {(roll.sides, roll.count) for roll in odds.rolls if roll.label == label}
    if len(requests) != 1:
        return None
    ((sides, count),) = requests
    verdicts: dict[int, set[bool]] = {}
    for key, probability in odds.outcomes.items():
        if probability == 0:
            continue
        face = face_of(key[index[field]])
        if face is None:
            return None  # on some branch this roll is not made alone: it does not decide alone
        verdicts.setdefault(face, set()).add(event.holds(dict(zip(odds.fields, key, strict=True))))
    return _one_run(verdicts, count, sides, label)


def _one_run(verdicts: Mapping[int, set[bool]], count: int, sides: int, label: str) -> Needs | None:
    """What a roll needs, from whether the event held for each value it showed: every value the
    roll can show seen, each settling the event alike on every branch, and those that make it
    happen one run from an end of the roll."""
    if any(len(found) != 1 for found in verdicts.values()):
        return None
    lowest, highest = count, count * sides
    if sorted(verdicts) != list(range(lowest, highest + 1)):
        return None
    happening = [face for face, found in verdicts.items() if True in found]
    if not happening or len(happening) == len(verdicts):
        return None
    low, high = min(happening), max(happening)
    if len(happening) != high - low + 1 or (low != lowest and high != highest):
        return None  # not one run of values from an end of the roll: no short sentence says it
    return Needs(count, sides, low, high, label)


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


def critical_spread(odds: Odds) -> dict[int, Fraction] | None:
    """P(damage = n and the blow is a critical hit) for each damage n a critical hit deals, when
    the attack may be a critical hit (the spike of a damage chart is explained by it)."""
    if not {"critical", "hit", "damage"} <= set(odds.fields):
        return None
    critical, hit, damage = (odds.fields.index(name) for name in ("critical", "hit", "damage"))
    found: dict[int, Fraction] = {}
    for key, probability in odds.outcomes.items():
        if key[critical] is True and key[hit] is True and probability:
            found[key[damage]] = found.get(key[damage], Fraction(0)) + probability
    return found or None


def harmless_hits(odds: Odds) -> Fraction:
    """The chance that a blow lands and deals no damage (dice and a negative modifier summing to 0
    or less): a chart's bar at 0 then holds hits as well as misses, and says how much of it."""
    if not {"hit", "damage"} <= set(odds.fields):
        return Fraction(0)
    hit, damage = odds.fields.index("hit"), odds.fields.index("damage")
    return sum((probability for key, probability in odds.outcomes.items() if key[hit] is True and key[damage] == 0),
               Fraction(0))
