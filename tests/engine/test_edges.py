"""The engine's small pieces at their edges: the exact messages of scripted dice, the sums of
dice expressions with subtracted dice and abilities, the JSON view and the order of exact odds.
(Written from the survivors of a mutation run: bench/README.md, "Mutation testing".)"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError, create_model

from rulecheck.engine import DiceExpr, ScriptedDice, SeededDice, compute_odds
from rulecheck.engine.odds import _frozen, _order
from rulecheck.engine.rolling import verdict_classes
from rulecheck.errors import DiceError

# Scripted dice ------------------------------------------------------------------------------

def test_missing_faces_say_how_many_the_rules_roll_and_how_many_to_add() -> None:
    dice = ScriptedDice({"damage": [3]})
    assert dice.roll("damage", 6) == (3,)
    with pytest.raises(DiceError) as caught:
        dice.roll("damage", 6, 2)
    error = caught.value
    assert error.message == "the rules roll 3 dice for `damage`, the example gives 1"
    assert error.hint == "add the missing d6 faces to `dice.damage`"
    assert error.field == ("dice", "damage")


def test_one_missing_face_is_named_in_the_singular() -> None:
    with pytest.raises(DiceError) as caught:
        ScriptedDice({}).roll("reaction", 20)
    assert caught.value.message == "the rules roll 1 die for `reaction`, the example gives 0"
    assert caught.value.hint == "add the missing d20 face to `dice.reaction`"


def test_a_face_off_the_die_is_located_at_its_index() -> None:
    dice = ScriptedDice({"damage": [2, 3, 9]})
    dice.roll("damage", 8, 1)
    with pytest.raises(DiceError) as caught:
        dice.roll("damage", 8, 2)
    assert caught.value.message == "9 is not a face of a d8"
    assert caught.value.field == ("dice", "damage", 2)
    assert caught.value.hint == "a d8 shows 1 to 8"


def test_unused_faces_are_counted_per_label() -> None:
    dice = ScriptedDice({"attack": [12], "damage": [1, 2, 3], "never": [4, 5]})
    dice.roll("attack", 20)
    dice.roll("damage", 4, 2)
    assert dice.unused() == {"damage": 1, "never": 2}
    dice.roll("damage", 4)
    assert dice.unused() == {"never": 2}


# Dice expressions ---------------------------------------------------------------------------

def test_flat_adds_every_number_and_ability_with_its_sign() -> None:
    expression = DiceExpr.parse("2d6+3-1+STR-DEX")
    assert expression.flat({"str": 4, "dex": 2}) == 3 - 1 + 4 - 2
    assert expression.flat() == 2  # abilities not given count 0
    assert DiceExpr.parse("1d4+CHA").flat({"str": 5}) == 0


def test_maximum_takes_added_dice_at_the_top_and_subtracted_ones_at_1() -> None:
    assert DiceExpr.parse("2d6-1d4+1").maximum() == 12 - 1 + 1
    assert DiceExpr.parse("3d8-2d6").maximum() == 24 - 2
    assert DiceExpr.parse("1d4+STR").maximum({"str": 3}) == 7


def holder() -> type[BaseModel]:
    """A model with a dice field, built when called: its schema is made at that moment."""
    return create_model("Holder", dice=(DiceExpr, ...))


def test_a_model_field_reads_notation_and_says_what_is_wrong() -> None:
    model = holder()
    assert model(dice="2d6+1").dice.maximum() == 13  # type: ignore[attr-defined]
    given = DiceExpr.parse("1d4")
    assert model(dice=given).dice is given  # type: ignore[attr-defined]
    with pytest.raises(ValidationError) as caught:
        model(dice="2d6+")
    (error,) = caught.value.errors()
    assert error["msg"] == ("Value error, `2d6+`: expected a die, a number or an ability at column 5, got "
                            "`end of text`. Hint: write dice as `NdM+K`, e.g. `2d6+1` or `1d4+STR`")
    assert model(dice="1d8 + 2").model_dump() == {"dice": "1d8 + 2"}
    assert model(dice="1d8 + 2").model_dump_json() == '{"dice":"1d8 + 2"}'


def test_a_syntax_error_names_what_was_expected_and_what_came() -> None:
    with pytest.raises(DiceError) as caught:
        DiceExpr.parse("1d4 1")
    assert caught.value.message == "`1d4 1`: expected `+` or `-` at column 5, got `1`"
    assert caught.value.hint == "write dice as `NdM+K`, e.g. `2d6+1` or `1d4+STR`"
    assert caught.value.col == 5


def test_the_json_schema_of_notation() -> None:
    schema = holder().model_json_schema()["properties"]["dice"]
    assert schema["type"] == "string" and schema["examples"] == ["1d20", "2d6+1", "1d4+STR"]
    assert schema["pattern"].startswith("^") and "dD" in schema["pattern"]
    assert "1 to 100 dice of 2 to 1000 faces" in schema["description"]


# Exact odds ---------------------------------------------------------------------------------

ATTACK = {"defender": {"def_phy": 12}, "attack": {"kind": "melee", "damage": "1d4"}}


def test_probabilities_of_impossible_values_are_zero_and_conditions_apply() -> None:
    odds = compute_odds("attack", ATTACK)
    assert odds.probability("damage", 99) == Fraction(0)
    assert odds.probability("hit", True) == Fraction(9, 20)  # 11 to 20 on the d20 against 12
    assert odds.probability("critical", True, where={"hit": True}) == Fraction(1, 9)
    assert odds.probability("damage", 0, where={"hit": True}) == Fraction(0)
    assert odds.mean("damage", where={"hit": True, "critical": False}) == Fraction(5, 2)
    assert isinstance(odds.mean("damage"), Fraction)
    with pytest.raises(ValueError, match=r"the condition \{'damage': 99\} never happens"):
        odds.distribution("hit", where={"damage": 99})
    with pytest.raises(TypeError, match="`outcome` is not a number on every branch"):
        odds.die("outcome")


def test_distributions_add_up_to_one_in_order() -> None:
    odds = compute_odds("attack", ATTACK)
    damage = odds.distribution("damage")
    assert list(damage) == sorted(damage) and sum(damage.values()) == 1
    assert damage[0] == Fraction(11, 20)
    assert odds.distribution("damage") == damage  # asked again: the same


def test_the_json_view_of_odds() -> None:
    odds = compute_odds("attack", ATTACK, fixed={"attack": [15]})
    view = odds.as_json()
    assert view["rule"] == "attack" and view["fixed"] == {"attack": [15]} and view["runs"] == odds.runs == 5
    assert view["rolls"] == [{"label": "attack", "sides": 20, "count": 1}, {"label": "damage", "sides": 4, "count": 1}]
    assert view["fields"]["damage"]["mean"] == {"exact": "5/2", "float": 2.5}
    assert view["fields"]["hit"]["distribution"] == [{"value": True, "exact": "1", "float": 1.0}]


def test_values_sort_absent_first_then_flags_numbers_and_text() -> None:
    values = ["parried", 3, None, True, Fraction(1, 2), False, "hit", -1]
    assert sorted(values, key=_order) == [None, False, True, -1, Fraction(1, 2), 3, "hit", "parried"]
    assert _order(None) == (0, 0) and _order(True) == (1, True) and _order("x") == (3, "x")


def test_lists_and_mappings_among_result_values_are_frozen_to_be_counted() -> None:
    assert _frozen([1, [2, 3]]) == (1, (2, 3))
    assert _frozen({"b": [1], "a": 2}) == (("a", 2), ("b", (1,)))
    assert hash(_frozen({"x": {"y": [1, 2]}}))


def test_a_d20_test_names_the_natural_roll_that_decided() -> None:
    from rulecheck.engine.rolling import d20_verdict

    assert d20_verdict(20, 5, 30) == (True, "natural_20")
    assert d20_verdict(1, 40, 10) == (False, "natural_1")
    assert d20_verdict(9, 12, 12) == (True, None)
    assert d20_verdict(9, 11, 12) == (False, None)


def test_one_missing_face_after_some_given_is_named_in_the_singular() -> None:
    with pytest.raises(DiceError) as caught:
        ScriptedDice({"damage": [3]}).roll("damage", 6, 2)
    assert caught.value.message == "the rules roll 2 dice for `damage`, the example gives 1"
    assert caught.value.hint == "add the missing d6 face to `dice.damage`"


def test_seeded_dice_show_every_face_and_repeat_with_their_seed() -> None:
    faces = SeededDice(7).roll("damage", 6, 600)
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert SeededDice(7).roll("damage", 6, 600) == faces != SeededDice(8).roll("damage", 6, 600)


def test_an_unknown_rule_is_refused_with_the_rules_or_the_nearest() -> None:
    from rulecheck.engine.odds import OddsError
    from rulecheck.engine.rules import RULES

    with pytest.raises(OddsError) as caught:
        compute_odds("atack", {})
    assert caught.value.field == ("rule",) and caught.value.message == "unknown rule `atack`"
    assert caught.value.hint is not None and "attack" in caught.value.hint
    with pytest.raises(OddsError) as caught:
        compute_odds("zzzzzz", {})
    assert caught.value.hint == "rules are " + ", ".join(sorted(RULES))


DYING = {"hit_dice": "1d4", "below_zero": 5, "turns": 2}


def test_absent_values_sort_before_numbers_in_a_distribution() -> None:
    odds = compute_odds("dying", DYING)
    assert list(odds.distribution("death_turn")) == [None, 1, 2]


def test_fixed_faces_are_used_in_order_across_rolls_and_face_1_is_a_face() -> None:
    attempts = [{"turn": 1, "wis": 0, "dc": 15}, {"turn": 2, "wis": 0, "dc": 15}]
    odds = compute_odds("dying", {**DYING, "below_zero": 0, "stabilise": attempts}, fixed={"stabilise": [1, 20]})
    assert odds.probability("stabilised_turn", 2) == 1
    assert compute_odds("attack", ATTACK, fixed={"attack": [1]}).probability("fumble", True) == 1


def test_fixed_faces_short_of_a_roll_leave_the_rest_of_it_enumerated() -> None:
    odds = compute_odds("dying", {"hit_dice": "2d4", "below_zero": 0, "turns": 1}, fixed={"hit_dice": [3]})
    assert odds.distribution("below_zero") == {4: Fraction(1, 4), 5: Fraction(1, 4), 6: Fraction(1, 4),
                                               7: Fraction(1, 4)}


def test_a_fixed_face_off_its_die_is_located_at_its_index() -> None:
    with pytest.raises(DiceError) as caught:
        compute_odds("dying", {"hit_dice": "2d4", "turns": 1}, fixed={"hit_dice": [1, 9]})
    assert caught.value.message == "9 is not a face of a d4" and caught.value.field == ("dice", "hit_dice", 1)
    assert caught.value.hint == ("fixed faces answer the rolls of `hit_dice` in order on every branch, and on one "
                                 "of them this roll is a d4: fix another label")


def test_a_roll_of_more_than_a_trillion_outcomes_is_not_spelt_out() -> None:
    from rulecheck.engine.odds import OddsError

    with pytest.raises(OddsError) as caught:  # 4d1000 face by face: exactly 10**12 tuples
        compute_odds("attack", {**ATTACK, "attack": {"kind": "melee", "damage": "4d1000"}}, fixed={"attack": [15]},
                     summed=(), max_runs=1000)
    assert "the roll `damage` of 4d1000 alone has more than 1,000,000,000,000 outcomes" in caught.value.message
    assert caught.value.hint == ("keep `damage` at its scripted faces (`odds: {fixed: [damage]}`), "
                                 "or use fewer or smaller dice")
    with pytest.raises(OddsError, match="3d1000 alone has 1,000,000,000 outcomes"):
        compute_odds("attack", {**ATTACK, "attack": {"kind": "melee", "damage": "3d1000"}}, fixed={"attack": [15]},
                     summed=(), max_runs=1000)


def test_a_syntax_error_shows_the_one_character_that_came() -> None:
    with pytest.raises(DiceError, match=r"expected `\+` or `-` at column 5, got `1`\. Hint"):
        DiceExpr.parse("1d4 12")


def test_a_critical_takes_subtracted_dice_at_1() -> None:
    from rulecheck.engine import AttackInput, resolve_attack

    given = AttackInput.model_validate({"defender": {"def_phy": 30},
                                        "attack": {"total": 20, "natural": 20, "damage": "2d6-1d4+1"}})
    result = resolve_attack(given, ScriptedDice({}))
    (step,) = [s for s in result.trace if s.event == "damage.critical"]
    assert [(t.value, t.label) for t in step.terms] == [(12, "max:2d6"), (-1, "max:1d4"), (1, "flat")]
    assert result.base_damage == 12


def test_abilities_not_given_count_0_in_rolled_terms() -> None:
    from rulecheck.engine.rolling import roll_terms

    terms = roll_terms(DiceExpr.parse("1d4+STR-DEX"), ScriptedDice({"x": [2]}), "x")
    assert [(t.value, t.label) for t in terms] == [(2, "1d4"), (0, "str"), (0, "dex")]


def test_a_condition_on_an_unhashable_value_is_computed_without_being_kept() -> None:
    class Anything:
        __hash__ = None  # type: ignore[assignment]

        def __eq__(self, other: object) -> bool:
            return True

    odds = compute_odds("attack", ATTACK)
    assert odds.distribution("damage", where={"hit": Anything()}) == odds.distribution("damage")


def test_the_budget_error_names_the_rule() -> None:
    from rulecheck.engine.odds import OddsError

    with pytest.raises(OddsError) as caught:
        compute_odds("dying", {"hit_dice": "2d4", "turns": 3}, max_runs=10)
    assert caught.value.message.startswith("exact odds of `dying` need more than 10 runs of the rules: ")


@pytest.mark.parametrize(("modifier", "target", "threshold", "fails", "passes"), [
    (0, 10, 1, range(1, 10), range(10, 21)),
    (2, 12, 1, range(1, 10), range(10, 21)),
    (0, 40, 1, range(1, 21), []),  # out of reach: an ability test's natural 20 is a face like any other
    (-3, 17, 1, range(1, 20), [20]),  # only a 20 reaches it, as a total
    (20, 1, 1, [1], range(2, 21)),  # a sure thing but for a natural 1
    (20, 1, 3, [1, 2, 3], range(4, 21)),  # a raised threshold fails its faces
])
def test_a_tests_faces_fall_in_two_classes_as_the_verdict_decides(
        modifier: int, target: int, threshold: int, fails: Any, passes: Any) -> None:
    assert verdict_classes(modifier, target, threshold) == tuple(c for c in (tuple(fails), tuple(passes)) if c)


@pytest.mark.parametrize(("modifier", "target", "threshold", "expected"), [
    (0, 10, 1, ((1,), tuple(range(2, 10)), tuple(range(10, 21)))),
    (20, 1, 3, ((1, 2, 3), tuple(range(4, 21)))),  # every failure is critical: no class of others
    (-10, 40, 2, ((1, 2), tuple(range(3, 21)))),
    (-3, 17, 2, ((1, 2), tuple(range(3, 20)), (20,))),
])
def test_critical_failures_may_be_a_class_of_their_own(
        modifier: int, target: int, threshold: int, expected: tuple[tuple[int, ...], ...]) -> None:
    assert verdict_classes(modifier, target, threshold, critical_apart=True) == expected
