"""The engine's small pieces at their edges: the exact messages of scripted dice, the sums of
dice expressions with subtracted dice and abilities, the JSON view and the order of exact odds.
(Written from the survivors of a mutation run: README, "Mutation testing".)"""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import BaseModel, ValidationError, create_model

from rulecheck.engine import DiceExpr, ScriptedDice, SeededDice, compute_odds
from rulecheck.engine.odds import _frozen, _order
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
                            "`end of text` Hint: write dice as `NdM+K`, e.g. `2d6+1` or `1d4+STR`")
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
