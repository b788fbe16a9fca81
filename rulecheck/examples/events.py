"""The event a card is about, whose chance its chance line gives.

A card shows one example's result: a critical, a parry that fails, a priest who dies this turn.
Its chance line must give the chance of *that* event, named in the player's words, not the
chance of whichever field the rule lists first (a critical's card once gave the chance of a hit).
An :class:`Event` is a word key (``event.critical``) and a condition on result fields; its
probability is read from the exact odds the check computed, summing the branches where the
condition holds. Which event a result is about is decided from the result, per rule, and its odds: the first of
its events that is not certain (a coup de grâce's critical always is).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulecheck.engine.odds import Odds


@dataclass(frozen=True)
class AtLeast:
    """The values of a whole-number field from ``low`` up: a bonus of 7 or more."""

    low: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= self.low


@dataclass(frozen=True)
class Event:
    """What a card is about: ``key`` names it (a word of the locales, formatted with ``params``),
    ``where`` holds the result fields and the values that make it happen."""

    key: str
    where: tuple[tuple[str, Container[Any]], ...]
    params: tuple[tuple[str, int], ...] = ()

    def holds(self, values: Mapping[str, Any]) -> bool:
        """Whether the event happens on a branch whose result fields are ``values``."""
        return all(values[name] in accepted for name, accepted in self.where)

    def probability(self, odds: Odds) -> Fraction:
        """The exact probability of the event over the odds (which must hold its fields)."""
        index = [(odds.fields.index(name), accepted) for name, accepted in self.where]
        return sum((p for key, p in odds.outcomes.items() if all(key[i] in accepted for i, accepted in index)),
                   Fraction(0))


def _when(key: str, params: Mapping[str, int] | None = None, **where: Any) -> Event:
    return Event(key, tuple((name, frozenset({value})) for name, value in where.items()),
                 tuple(sorted((params or {}).items())))


def _attack(given: Any, result: Any) -> Iterator[Event]:
    """The events an attack's card can be about, the most telling first: its chance line gives the
    first one the dice decide (a coup de grâce's critical is certain: in the mist, its card is
    about the d100 that makes the blow miss)."""
    reaction = result.reaction
    if result.critical:
        yield _when("event.critical", critical=True)
    if result.fumble:
        yield _when("event.fumble", fumble=True)
    if result.reactions_lost_next_turn:
        yield _when(f"event.{reaction}.fumble", reactions_lost_next_turn=True)
    if result.counter_attack:
        yield _when("event.counter_attack", counter_attack=True)
    if result.reaction_natural == 20:  # a perfect parry or dodge out of contact: no counter-attack
        yield _when(f"event.{reaction}.natural_20", reaction_natural=20)
    if result.reaction_succeeded is not None:
        yield _when(f"event.{reaction}.{'succeeds' if result.reaction_succeeded else 'fails'}",
                    reaction_succeeded=result.reaction_succeeded)
    if result.concealment_miss:
        yield _when("event.concealment_miss", concealment_miss=True)
    if result.hit and result.miss_chance_roll is not None:  # the d100 may be all that varies
        yield _when("event.hit.concealed", hit=True)
    if result.hit and result.bonus_damage > 0:  # the advanced rule's gap: the card is about that bonus
        yield Event("event.hit.bonus", (("hit", frozenset({True})), ("bonus_damage", AtLeast(result.bonus_damage))),
                    (("bonus", result.bonus_damage),))
    if result.hit and result.damage == 0:  # a blow too weak to wound: the card is about that, not the hit
        # Rolled, its d20 and its damage die make it together: « 9 in 20 » alone read as d20 faces.
        rolled = getattr(given.attack, "total", None) is None
        yield _when("event.hit.no_damage.rolled" if rolled else "event.hit.no_damage", hit=True, damage=0)
    yield _when("event.hit" if result.hit else "event.miss", hit=result.hit)


def _dying(given: Any, result: Any) -> Event:
    turns = {"turns": given.turns}
    plural = "one" if given.turns == 1 else "many"
    if result.dead:  # after a healer's try, dying takes its failure too: a bare « 8 % » read as the dice's
        return _when(f"event.dying.dead.{plural}" + (".unhealed" if given.stabilise else ""), turns, dead=True)
    # two healers: « 78 % (39 in 50) » is the chance that either succeeds, said so (a player's reading)
    attempts = {"attempts": len(given.stabilise)}
    several = ".many" if len(given.stabilise) > 1 else ""
    if result.stabilised:
        return _when("event.dying.stabilised" + several, attempts, stabilised=True)
    if given.stabilise:
        return _when("event.dying.not_stabilised" + several, attempts, stabilised=False)
    return _when(f"event.dying.alive.{plural}", turns, dead=False)


def _poison_apply(given: Any, result: Any) -> Event:
    if result.applied:
        return _when("event.poison.applied", applied=True)
    if result.doubtful_poison:  # a failed INT test, then a passed DEX test: perhaps a weaker or unsuited poison
        return _when("event.poison.doubtful", doubtful_poison=True)
    if result.dex_success is None:  # a critical failure on the INT test ended the attempt
        return _when("event.poison.int_fumble", dex_success=None)
    if result.critical_failure:
        return _when("event.poison.vial", critical_failure=True)
    return _when("event.poison.dex_fails", dex_success=False)


def _vial_accident(given: Any, result: Any) -> Event:
    return _when("event.vial.resisted" if result.resisted else "event.vial.poisoned", resisted=result.resisted)


#: For each rule whose cards can give a chance, the event a result is about.
EVENT_OF: Mapping[str, Callable[[Any, Any], Iterable[Event]]] = {
    "attack": _attack,
    "dying": lambda given, result: (_dying(given, result),),
    "poison_apply": lambda given, result: (_poison_apply(given, result),),
    "vial_accident": lambda given, result: (_vial_accident(given, result),),
}

#: The result fields the events of each rule read: the odds a card reads must hold them.
EVENT_FIELDS: Mapping[str, frozenset[str]] = {
    "attack": frozenset({"critical", "fumble", "reactions_lost_next_turn", "counter_attack", "reaction_natural",
                         "reaction_succeeded", "concealment_miss", "hit", "damage", "bonus_damage"}),
    "dying": frozenset({"dead", "stabilised"}),
    "poison_apply": frozenset({"applied", "doubtful_poison", "critical_failure", "dex_success"}),
    "vial_accident": frozenset({"resisted"}),
}


def events_of(rule: str, given: Any, result: Any) -> tuple[Event, ...]:
    """The events the card of ``result`` can be about, the most telling first (none when the rule's
    cards give no chance): the card is about the first whose chance is not certain."""
    found = EVENT_OF.get(rule)
    return () if found is None else tuple(found(given, result))
