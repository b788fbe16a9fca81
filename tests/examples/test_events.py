"""The event a card is about, decided from its result, and its exact probability from the odds."""

from __future__ import annotations

from fractions import Fraction

from rulecheck.engine.odds import compute_odds
from rulecheck.engine.rules import RULES
from rulecheck.engine.sources import ScriptedDice
from rulecheck.examples.chances import card_fields
from rulecheck.examples.events import events_of


def resolved(rule: str, given: dict[str, object], **dice: list[int]) -> tuple[object, object]:
    spec = RULES[rule]
    model = spec.given.model_validate(given)
    return model, spec.resolve(model, ScriptedDice(dice))


def test_dying_over_two_turns_is_the_chance_of_dying_within_them() -> None:
    given, result = resolved("dying", {"hit_dice": "2d4", "below_zero": 10, "turns": 2}, hit_dice=[4, 4, 1, 1])
    (event,) = events_of("dying", given, result)
    assert (event.key, event.params) == ("event.dying.dead.many", (("turns", 2),))
    odds = compute_odds("dying", given, fields=card_fields(RULES["dying"]))
    # Dead above 16: 10 + the sum of two 2d4 rolls above 16, that is two rolls adding up to 7 or more.
    two_rolls = sum(1 for a in range(1, 5) for b in range(1, 5) for c in range(1, 5) for d in range(1, 5)
                    if a + b + c + d >= 7)
    assert event.probability(odds) == Fraction(two_rolls, 256)


def test_a_blow_lost_in_the_fog_is_about_the_concealment() -> None:
    given, result = resolved("attack", {"attack": {"total": 16, "damage": "1d8"}, "defender": {"def_phy": 12},
                                        "situation": {"concealment": "concealment"}}, miss_chance=[7])
    event, *_ = events_of("attack", given, result)
    assert event.key == "event.concealment_miss"
    assert event.probability(compute_odds("attack", given, fields=card_fields(RULES["attack"]))) == Fraction(1, 5)


def test_rules_whose_cards_give_no_chance_have_no_event() -> None:
    given, result = resolved("rest", {"kind": "long", "character": {"hp": 3, "hp_max": 20}, "regain": {"hp": 17}})
    assert events_of("rest", given, result) == ()
