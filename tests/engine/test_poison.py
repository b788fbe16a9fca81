"""Scenario tests of the poison rules: application, charges, targets, vial accident."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pydantic import ValidationError

from rulecheck.engine import (
    DiceExpr,
    PoisonApplyInput,
    PoisonApplyResult,
    PoisonChargesInput,
    PoisonChargesResult,
    ScriptedDice,
    VialAccidentInput,
    VialAccidentResult,
    resolve_poison_apply,
    resolve_poison_charges,
    resolve_vial_accident,
)
from rulecheck.engine.rolling import roll_terms
from rulecheck.engine.trace import step_faults


def apply(int_: int, dex: int, dice: dict[str, list[int]]) -> PoisonApplyResult:
    source = ScriptedDice(dice)
    result = resolve_poison_apply(PoisonApplyInput.model_validate({"applier": {"int": int_, "dex": dex}}), source)
    assert source.unused() == {}
    return result


def charges(attacks: list[str], rank: str = "mini_boss", dice: list[int] | None = None,
            damage: str | None = "1d6") -> PoisonChargesResult:
    source = ScriptedDice({"poison_damage": dice} if dice else {})
    given: dict[str, Any] = {"attacks": attacks, "target": {"rank": rank}}
    if damage is not None:
        given["damage"] = damage
    result = resolve_poison_charges(PoisonChargesInput.model_validate(given), source)
    assert source.unused() == {}
    return result


def vial(con: int, face: int) -> VialAccidentResult:
    return resolve_vial_accident(
        VialAccidentInput.model_validate({"character": {"con": con}, "vials": 3}), ScriptedDice({"con_test": [face]})
    )


# --- poison_apply -------------------------------------------------------------------------------

def test_poison_apply_dc_10_exactly_met_on_both_tests() -> None:
    result = apply(1, 2, {"int_test": [9], "dex_test": [8]})
    assert (result.int_total, result.dex_total) == (10, 10)
    assert result.applied and result.charges == 3 and result.dc == 10


# Seed 002: « doit réussir deux tests consécutifs », and a failed INT test « peut signifier
# l'utilisation d'un poison moins efficace ou inapproprié »: full effect needs both tests, and
# after an INT test failed (not critically) the DEX test still decides whether a poison, perhaps
# less effective or unsuited, is on the weapon. A critical failure is an action that « a
# simplement échoué »: nothing more is rolled.

@pytest.mark.parametrize(("int_", "face"), [(1, 8), (0, 9), (-3, 12), (5, 4), (-4, 13)])
@pytest.mark.parametrize(("dex", "dex_face"), [(0, 10), (5, 5), (-2, 20)])
def test_poison_apply_a_failed_int_test_then_a_passed_dex_test_coats_a_doubtful_poison(
        int_: int, face: int, dex: int, dex_face: int) -> None:
    result = apply(int_, dex, {"int_test": [face], "dex_test": [dex_face]})
    assert not result.int_success and result.int_natural == face
    assert result.dex_success and result.dex_total == dex_face + dex
    assert result.doubtful_poison and not result.applied and result.charges == 3 and not result.critical_failure
    assert [step.event for step in result.trace] == ["poison.int_test", "poison.dex_test", "poison.applied.doubtful"]


@pytest.mark.parametrize(("dex_face", "last"), [(1, "poison.not_applied.vial"), (6, "poison.not_applied")])
def test_poison_apply_a_failed_int_test_then_a_failed_dex_test_coats_nothing(dex_face: int, last: str) -> None:
    result = apply(0, 3, {"int_test": [4], "dex_test": [dex_face]})
    assert not result.int_success and not result.dex_success
    assert not result.applied and not result.doubtful_poison and result.charges == 0
    assert result.critical_failure == (dex_face == 1) and result.trace[-1].event == last


@pytest.mark.parametrize(("int_", "threshold", "face"), [(0, 1, 1), (12, 1, 1), (15, 3, 3), (5, 4, 2)])
def test_poison_apply_a_critical_failure_on_the_int_test_ends_the_attempt(int_: int, threshold: int,
                                                                          face: int) -> None:
    source = ScriptedDice({"int_test": [face], "dex_test": [20]})
    given = PoisonApplyInput.model_validate({"applier": {"int": int_, "dex": 9, "fumble_threshold": threshold}})
    result = resolve_poison_apply(given, source)
    assert source.unused() == {"dex_test": 1}, "no DEX die is asked for"
    assert not result.int_success and (result.dex_natural, result.dex_total, result.dex_success) == (None, None, None)
    assert not result.applied and not result.doubtful_poison and result.charges == 0
    assert not result.critical_failure, "a critical failure in the character's head risks no vial"
    assert result.trace[-1].event == "poison.not_applied.int_fumble"


def test_poison_apply_dex_one_short_fails() -> None:
    result = apply(0, 2, {"int_test": [10], "dex_test": [7]})
    assert result.int_success and result.dex_total == 9 and not result.dex_success
    assert not result.applied and result.trace[-1].event == "poison.not_applied"


def test_poison_apply_adds_no_level() -> None:
    given = PoisonApplyInput.model_validate({"applier": {"level": 10, "int": 0, "dex": 0}})
    result = resolve_poison_apply(given, ScriptedDice({"int_test": [10], "dex_test": [9]}))
    assert (result.int_total, result.dex_total) == (10, 9) and not result.applied


def test_poison_apply_natural_one_on_dex_risks_the_vial() -> None:
    result = apply(1, 12, {"int_test": [15], "dex_test": [1]})
    assert result.critical_failure and not result.applied
    assert result.trace[-1].event == "poison.not_applied.vial"


def test_poison_apply_a_natural_twenty_is_a_total_like_any_other() -> None:
    result = apply(-5, -5, {"int_test": [20], "dex_test": [20]})
    assert result.int_total == 15 and result.applied and not result.critical_failure
    assert [s.event for s in result.trace][:2] == ["poison.int_test", "poison.dex_test"]


# --- poison_charges -------------------------------------------------------------------------------

def test_poison_charges_the_third_poisoned_attack_delivers() -> None:
    result = charges(["miss", "miss", "hit"], dice=[4])
    assert result.poisoned_attacks == (1, 2, 3)
    assert result.delivered_on == 3 and not result.wasted
    assert result.effect == "extra_damage" and result.extra_damage == 4 and result.effect_turns == 1


def test_poison_charges_three_misses_waste_it_and_the_fourth_is_clean() -> None:
    result = charges(["miss", "miss", "miss", "hit"])
    assert result.poisoned_attacks == (1, 2, 3)
    assert result.delivered_on is None and result.wasted
    assert result.effect == "none" and result.extra_damage == 0 and result.effect_turns == 0
    assert result.trace[-1].event == "poison.attack.clean"


def test_poison_charges_the_first_hit_spends_it() -> None:
    result = charges(["hit", "hit", "hit"], dice=[2])
    assert result.poisoned_attacks == (1,) and result.delivered_on == 1 and result.charges_left == 0


def test_poison_charges_still_on_the_weapon_after_fewer_attacks() -> None:
    result = charges(["miss"])
    assert result.charges_left == 2 and not result.wasted and result.delivered_on is None


@pytest.mark.parametrize(("damage", "dice", "dealt"), [("1d6", [4], 4), ("2d4+1", [1, 3], 5), ("1d4-3", [1], 0)])
def test_poison_on_a_regular_enemy_has_its_usual_effect_damage_included(
    damage: str, dice: list[int], dealt: int
) -> None:
    result = charges(["miss", "hit"], rank="regular", dice=dice, damage=damage)
    assert result.effect == "usual" and result.extra_damage == dealt and result.effect_turns == 1
    events = [step.event for step in result.trace]
    assert "poison.effect.usual" in events and "poison.effect.usual.damage" in events
    assert all(step_faults(step) == [] for step in result.trace)


def test_poison_without_damage_on_a_regular_enemy_has_its_usual_effect_only() -> None:
    result = charges(["hit"], rank="regular", damage=None)
    assert result.effect == "usual" and result.extra_damage == 0 and result.effect_turns == 1
    assert result.trace[-1].event == "poison.effect.usual"


@pytest.mark.parametrize("rank", ["mini_boss", "boss"])
def test_poison_without_damage_does_nothing_to_a_boss(rank: str) -> None:
    result = charges(["hit"], rank=rank, damage=None)
    assert result.effect == "none" and result.extra_damage == 0 and result.delivered_on == 1
    assert result.trace[-1].event == f"poison.effect.{rank}.no_damage"


@pytest.mark.parametrize("rank", ["mini_boss", "boss"])
def test_poison_on_a_boss_deals_extra_damage_only(rank: str) -> None:
    result = charges(["miss", "hit"], rank=rank, dice=[3, 5], damage="2d6")
    assert result.effect == "extra_damage" and result.extra_damage == 8
    assert result.trace[-1].event == f"poison.effect.{rank}"


@pytest.mark.parametrize(("attacks", "rank", "damage"), [
    (["miss", "hit", "hit"], "boss", "1d6"), (["hit", "miss", "hit", "hit"], "regular", "1d4"),
    (["miss", "miss", "hit", "miss"], "mini_boss", None), (["hit", "hit"], "regular", None),
])
def test_what_the_poison_does_follows_the_hit_that_delivers_it(
        attacks: list[str], rank: str, damage: str | None) -> None:
    """The spider queen's card listed the poison's 1d6 after a clean third attack, as if it came with it."""
    result = charges(attacks, rank=rank, dice=[4] if damage else None, damage=damage)
    events = [step.event for step in result.trace]
    delivering = events.index("poison.attack.hit")
    effects = [i for i, event in enumerate(events) if event.startswith("poison.effect")]
    assert effects and effects == list(range(delivering + 1, delivering + 1 + len(effects)))
    assert events[delivering + 1 + len(effects):] == ["poison.attack.clean"] * (len(attacks) - delivering - 1)


def test_poison_extra_damage_keeps_flat_parts() -> None:
    result = charges(["hit"], rank="boss", dice=[1], damage="1d4+2")
    assert result.extra_damage == 3


def test_poison_extra_damage_below_zero_is_floored_in_a_step_of_its_own() -> None:
    result = charges(["hit"], "boss", [1], damage="1d4-3")
    assert result.extra_damage == 0
    rolled, floor = result.trace[-2:]
    assert (rolled.value, [term.value for term in rolled.terms]) == (-2, [1, -3])  # the card's sum adds up
    assert (floor.event, floor.anchor, floor.value) == ("damage.floor", "note-damage-floor", 0)
    assert all(step_faults(step) == [] for step in result.trace)
    assert charges(["hit"], "boss", [3], damage="1d4-3").trace[-1].event == "poison.effect.boss"  # 0: no floor


def test_poison_damage_refuses_an_ability() -> None:
    with pytest.raises(ValidationError, match="dice and numbers only") as error:
        PoisonChargesInput.model_validate({"attacks": ["hit"], "damage": "1d6+CON"})
    assert error.value.errors()[0]["loc"] == ("damage",)


def test_poison_charges_need_at_least_one_attack() -> None:
    with pytest.raises(ValidationError) as error:
        PoisonChargesInput.model_validate({"attacks": [], "damage": "1d6"})
    assert error.value.errors()[0]["loc"] == ("attacks",)


def test_poison_charges_refuse_an_unknown_outcome() -> None:
    with pytest.raises(ValidationError):
        PoisonChargesInput.model_validate({"attacks": ["critical"], "damage": "1d6"})


# --- vial_accident ------------------------------------------------------------------------------

def test_vial_accident_dc_15_exactly_met_resists() -> None:
    result = vial(2, 13)
    assert result.con_total == 15 and result.resisted and not result.poisoned and result.dc == 15


def test_vial_accident_one_short_is_poisoned() -> None:
    result = vial(2, 12)
    assert result.con_total == 14 and not result.resisted and result.poisoned


def test_vial_accident_naturals() -> None:
    assert vial(-3, 20).resisted
    assert not vial(20, 1).resisted


def test_vial_accident_needs_a_vial() -> None:
    with pytest.raises(ValidationError) as error:
        VialAccidentInput.model_validate({"vials": 0})
    assert error.value.errors()[0]["loc"] == ("vials",)


def test_roll_terms_reads_abilities_and_signs() -> None:
    terms = roll_terms(DiceExpr.parse("2d6-1d4+STR-1"), ScriptedDice({"x": [3, 4, 2]}), "x", {"str": 3})
    assert [(t.value, t.label) for t in terms] == [(7, "2d6"), (-2, "1d4"), (3, "str"), (-1, "flat")]


@pytest.mark.parametrize("threshold", [1, 2, 3, 5])
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6, 20])
@pytest.mark.parametrize("modifier", [0, 9, 14])
def test_a_raised_critical_failure_threshold_counts_on_every_poison_test(threshold: int, face: int,
                                                                        modifier: int) -> None:
    """The threshold the GM raises holds for every d20 its creature rolls: a face at or under it
    fails the INT test, the DEX test (critically: the vial accident may follow) and the vial's
    CON test, whatever the ability adds."""
    from rulecheck.engine import compute_odds

    within = face <= threshold and face != 20
    applier = {"int": modifier, "dex": modifier, "fumble_threshold": threshold}
    first = resolve_poison_apply(PoisonApplyInput.model_validate({"applier": applier}),
                                 ScriptedDice({"int_test": [face], "dex_test": [10]}))
    assert first.int_success is (not within and face + modifier >= 10)
    if within:
        assert first.trace[0].event == ("poison.int_test.natural_1" if face == 1 else
                                        "poison.int_test.fumble_threshold")
    second = resolve_poison_apply(PoisonApplyInput.model_validate({"applier": {**applier, "int": 20}}),
                                  ScriptedDice({"int_test": [15], "dex_test": [face]}))
    assert (second.dex_success, second.critical_failure) == (not within and face + modifier >= 10, within)
    carrier = {"character": {"con": modifier, "fumble_threshold": threshold}}
    vial = resolve_vial_accident(VialAccidentInput.model_validate(carrier), ScriptedDice({"con_test": [face]}))
    assert vial.resisted is (not within and face + modifier >= 15)
    odds = compute_odds("poison_apply", {"applier": {**applier, "int": 20}}, fields=("critical_failure",))
    # the INT test passes on every face above the threshold, then the DEX test fails critically within it
    assert odds.probability("critical_failure", True) == Fraction(20 - threshold, 20) * Fraction(threshold, 20)
