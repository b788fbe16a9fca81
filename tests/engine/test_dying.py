"""Scenario tests of the dying rule: hit dice below zero, death threshold, stabilisation."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rulecheck.engine import DiceExpr, DyingInput, DyingResult, ScriptedDice, death_threshold, resolve_dying
from rulecheck.errors import DiceError


def dying(dice: dict[str, list[int]], **given: Any) -> DyingResult:
    source = ScriptedDice(dice)
    result = resolve_dying(DyingInput.model_validate({"hit_dice": "2d4", **given}), source)
    assert source.unused() == {}, "every scripted die must be rolled"
    return result


def test_death_threshold_is_twice_the_hit_dice_maximum() -> None:
    assert death_threshold(DiceExpr.parse("2d4")) == 16
    assert death_threshold(DiceExpr.parse("1d10")) == 20
    assert death_threshold(DiceExpr.parse("1d8+1d6")) == 28


def test_priest_survives_at_exactly_sixteen() -> None:
    result = dying({"hit_dice": [3, 4, 2, 2]}, below_zero=5, turns=2)
    assert result.rolls == (7, 4)
    assert result.below_zero == 16
    assert not result.dead
    assert result.death_turn is None


def test_priest_dies_at_seventeen() -> None:
    result = dying({"hit_dice": [2, 3]}, below_zero=12, turns=1)
    assert result.below_zero == 17
    assert result.dead
    assert result.death_turn == 1


def test_death_stops_the_turns() -> None:
    # 6 + 8 = 14, then + 3 = 17 on turn 2 of 4: turns 3 and 4 roll nothing.
    result = dying({"hit_dice": [4, 4, 1, 2]}, below_zero=6, turns=4)
    assert result.rolls == (8, 3)
    assert result.below_zero == 17
    assert result.dead and result.death_turn == 2


def test_falling_beyond_the_threshold_is_death_on_turn_zero() -> None:
    result = dying({}, below_zero=17, turns=3)
    assert result.dead and result.death_turn == 0
    assert result.rolls == ()
    last = result.trace[-1]
    assert (last.value, last.op, last.against, last.against_label, last.verdict) == (
        17, ">", 16, "death_threshold", "dies")


def test_falling_exactly_on_the_threshold_is_alive_until_the_next_roll() -> None:
    result = dying({"hit_dice": [1, 1]}, below_zero=16, turns=1)
    assert result.trace[1].event == "dying.start" and result.trace[1].verdict == "unconscious"
    assert (result.trace[1].value, result.trace[1].op, result.trace[1].against) == (16, "<=", 16)
    assert result.dead and result.death_turn == 1 and result.below_zero == 18


def test_stabilised_before_that_turns_roll() -> None:
    result = dying({"hit_dice": [4, 3], "stabilise": [9]}, below_zero=6, turns=3,
                   stabilise=[{"turn": 2, "wis": 3, "dc": 12}])
    assert result.stabilised and result.stabilised_turn == 2
    assert result.rolls == (7,)
    assert result.below_zero == 13
    assert not result.dead


def test_stabilisation_on_turn_one_rolls_no_hit_dice() -> None:
    result = dying({"stabilise": [15]}, below_zero=16, turns=5, stabilise=[{"turn": 1, "wis": 0, "dc": 15}])
    assert result.stabilised and result.rolls == () and result.below_zero == 16


def test_failed_stabilisation_then_hit_dice() -> None:
    result = dying({"stabilise": [8], "hit_dice": [4, 3]}, below_zero=10, turns=1,
                   stabilise=[{"turn": 1, "wis": 2, "dc": 12}])
    assert not result.stabilised
    assert result.stabilise_rolls == 1
    assert result.dead and result.below_zero == 17


def test_one_below_the_dc_fails() -> None:
    result = dying({"stabilise": [8], "hit_dice": [1, 1]}, below_zero=0, turns=1,
                   stabilise=[{"turn": 1, "wis": 3, "dc": 12}])
    assert not result.stabilised and result.below_zero == 2


@pytest.mark.parametrize(("wis", "dc", "stabilised"), [(-2, 30, False), (-2, 19, False), (-2, 18, True), (5, 25, True)])
def test_a_natural_twenty_is_a_total_like_any_other_on_the_healing_test(wis: int, dc: int, stabilised: bool) -> None:
    """The rules give a critical success to attacks and reactions only: 20 + SAG against the DC."""
    result = dying({"stabilise": [20], **({} if stabilised else {"hit_dice": [1, 1]})}, below_zero=3, turns=1,
                   stabilise=[{"turn": 1, "wis": wis, "dc": dc}])
    assert result.stabilised == stabilised
    (step,) = [s for s in result.trace if s.event.startswith("dying.stabilise")]
    assert (step.event, step.value, step.against) == ("dying.stabilise", 20 + wis, dc)


def test_natural_one_fails_even_above_the_dc() -> None:
    result = dying({"stabilise": [1], "hit_dice": [1, 1]}, below_zero=3, turns=1,
                   stabilise=[{"turn": 1, "wis": 15, "dc": 5}])
    assert not result.stabilised
    assert result.below_zero == 5


def test_second_healer_tries_after_a_failure_in_the_same_turn() -> None:
    result = dying({"stabilise": [3, 14]}, below_zero=8, turns=1, stabilise=[
        {"turn": 1, "name": "Tomas", "wis": 1, "dc": 12},
        {"turn": 1, "name": "Elara", "wis": 0, "dc": 12},
    ])
    assert result.stabilised and result.stabilise_rolls == 2 and result.rolls == ()


def test_attempts_after_stabilisation_are_not_rolled() -> None:
    result = dying({"stabilise": [18]}, below_zero=8, turns=3, stabilise=[
        {"turn": 1, "wis": 0, "dc": 12},
        {"turn": 2, "wis": 0, "dc": 12},
    ])
    assert result.stabilise_rolls == 1


def test_attempts_after_death_are_not_rolled() -> None:
    result = dying({"hit_dice": [4, 4]}, below_zero=10, turns=2, stabilise=[{"turn": 2, "wis": 0, "dc": 12}])
    assert result.dead and result.death_turn == 1 and result.stabilise_rolls == 0


def test_several_hit_dice_groups_are_all_rolled() -> None:
    source = ScriptedDice({"hit_dice": [8, 6]})
    result = resolve_dying(DyingInput.model_validate({"hit_dice": "1d8+1d6", "below_zero": 0}), source)
    assert result.rolls == (14,) and result.death_threshold == 28


@pytest.mark.parametrize("notation", ["2d4+1", "1d8-1d4", "1d6+CON", "3"])
def test_hit_dice_must_be_dice_only(notation: str) -> None:
    with pytest.raises(ValidationError) as error:
        DyingInput.model_validate({"hit_dice": notation})
    assert error.value.errors()[0]["loc"] == ("hit_dice",)
    assert "hit dice are dice only" in str(error.value)


def test_attempt_beyond_the_resolved_turns_is_refused() -> None:
    with pytest.raises(ValidationError) as error:
        DyingInput.model_validate({"hit_dice": "2d4", "turns": 2, "stabilise": [{"turn": 3, "dc": 10}]})
    assert error.value.errors()[0]["loc"] == ("stabilise",)
    assert "only 2 turns are resolved" in str(error.value)


def test_attempts_out_of_turn_order_are_refused() -> None:
    with pytest.raises(ValidationError, match="in turn order"):
        DyingInput.model_validate({"hit_dice": "2d4", "turns": 3, "stabilise": [
            {"turn": 2, "dc": 10}, {"turn": 1, "dc": 10},
        ]})


def test_missing_hit_dice_faces_are_named() -> None:
    with pytest.raises(DiceError) as error:
        resolve_dying(DyingInput.model_validate({"hit_dice": "2d4", "turns": 2}), ScriptedDice({"hit_dice": [1, 1]}))
    assert error.value.field == ("dice", "hit_dice")


def test_trace_explains_the_threshold_and_each_roll() -> None:
    result = dying({"hit_dice": [2, 3]}, below_zero=12, turns=1)
    events = [step.event for step in result.trace]
    assert events == ["dying.threshold", "dying.start", "dying.turn", "dying.roll"]
    roll = result.trace[-1]
    assert [t.value for t in roll.terms] == [12, 5]
    assert (roll.value, roll.op, roll.against, roll.verdict) == (17, ">", 16, "dies")


@pytest.mark.parametrize(("attempts", "twice"), [
    ([(1, "Mira"), (1, "Mira")], (1, "Mira", 1)),
    ([(1, "Mira"), (1, "Tomas"), (1, "Mira")], (1, "Mira", 2)),
    ([(1, "Tomas"), (2, "Mira"), (2, "Tomas"), (2, "Mira")], (2, "Mira", 3)),
    ([(1, "Mira"), (2, "Mira"), (3, "Mira")], None),  # once a turn, turn after turn
    ([(1, "Mira"), (1, "mira")], None),  # display names, compared as written
    ([(1, ""), (1, ""), (1, "")], None),  # unnamed: nothing says it is the same healer
    ([(1, "Mira"), (1, ""), (1, "Tomas")], None),
])
def test_a_healer_makes_one_stabilisation_attempt_a_turn(
        attempts: list[tuple[int, str]], twice: tuple[int, str, int] | None) -> None:
    """Seed 002: each turn, a character may spend an action trying to stabilise. A healer named
    twice in one turn is refused, at the second attempt's name, before any die is rolled."""
    from rulecheck.errors import RuleError

    given = DyingInput.model_validate({"hit_dice": "1d4", "turns": 3, "stabilise": [
        {"turn": turn, "name": name, "dc": 40} for turn, name in attempts]})
    if twice is None:
        result = resolve_dying(given, ScriptedDice({"stabilise": [5] * len(attempts), "hit_dice": [1, 1, 1]}))
        assert result.stabilise_rolls == len(attempts)
        return
    turn, name, index = twice
    source = ScriptedDice({})
    with pytest.raises(RuleError) as refused:
        resolve_dying(given, source)
    assert refused.value.code == "stabilise_twice"
    assert refused.value.field == ("given", "stabilise", index, "name")
    assert refused.value.params == {"name": name, "turn": turn}


@pytest.mark.parametrize("threshold", [1, 5, 6, 19])
def test_a_healer_s_critical_failure_threshold_goes_as_high_as_any_creature_s(threshold: int) -> None:
    """The same bound as every combatant's (19): a healer whose GM raised it past 5 is accepted,
    and a Healing test within it fails critically."""
    given = DyingInput.model_validate({"hit_dice": "1d4", "stabilise": [
        {"turn": 1, "wis": 20, "dc": 2, "fumble_threshold": threshold}]})
    result = resolve_dying(given, ScriptedDice({"stabilise": [threshold], "hit_dice": [1]}))
    assert result.stabilised is False
    with pytest.raises(ValidationError):
        DyingInput.model_validate({"hit_dice": "1d4", "stabilise": [{"turn": 1, "dc": 2, "fumble_threshold": 20}]})
