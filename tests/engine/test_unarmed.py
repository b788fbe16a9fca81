"""Scenario tests of unarmed attacks and two-weapon fighting."""

from __future__ import annotations

from typing import Any

from rulecheck.engine import (
    AttackInput,
    Combatant,
    ScriptedDice,
    TwoWeaponsInput,
    TwoWeaponsResult,
    resolve_attack,
    resolve_two_weapons,
    unarmed_attack,
)

BROK = Combatant.model_validate({"name": "Brok", "level": 2, "dex": 3, "str": 2})
BANDIT = Combatant.model_validate({"name": "Bandit", "def_phy": 14})


def test_unarmed_attack_is_d20_plus_dex_plus_level_and_1d4_plus_str() -> None:
    attack = unarmed_attack()
    assert attack.ability == "dex" and attack.kind == "melee" and str(attack.damage) == "1d4+STR"
    result = resolve_attack(AttackInput(attacker=BROK, defender=BANDIT, attack=attack),
                            ScriptedDice({"attack": [9], "damage": [3]}))
    assert result.attack_total == 14 and result.hit and result.damage == 5


def test_unarmed_attack_one_below_def_phy_misses() -> None:
    result = resolve_attack(AttackInput(attacker=BROK, defender=BANDIT, attack=unarmed_attack()),
                            ScriptedDice({"attack": [8]}))
    assert result.attack_total == 13 and not result.hit and result.damage == 0


def test_unarmed_critical_maximises_the_d4_and_adds_the_bonus() -> None:
    result = resolve_attack(AttackInput(attacker=BROK, defender=BANDIT, attack=unarmed_attack()),
                            ScriptedDice({"attack": [20]}))
    assert (result.base_damage, result.bonus_damage, result.damage) == (6, 11, 17)


def two_weapons(dice: dict[str, list[int]], **extra: Any) -> TwoWeaponsResult:
    given = {
        "attacker": {"level": 3, "dex": 3, "str": 1},
        "defender": {"def_phy": 15},
        "main_hand": {"ability": "dex", "damage": "1d6+STR"},
        "off_hand": {"ability": "dex", "damage": "1d4"},
        **extra,
    }
    source = ScriptedDice(dice)
    result = resolve_two_weapons(TwoWeaponsInput.model_validate(given), source)
    assert source.unused() == {}
    return result


def test_two_weapons_without_ambidexterity_take_the_movement_action() -> None:
    result = two_weapons({"attack": [12, 10], "damage": [5, 2]})
    assert result.actions == "MA"
    assert (result.main_damage, result.off_damage, result.damage) == (6, 2, 8)
    total = result.trace[-1]
    assert (total.event, [(t.label, t.value) for t in total.terms], total.value) == (
        "two_weapons.total", [("main_hand", 6), ("off_hand", 2)], 8)


def test_two_weapons_with_ambidexterity_fit_in_the_attack_action() -> None:
    result = two_weapons({"attack": [12, 4], "damage": [5]}, ambidexterity=True, movement_used=True)
    assert result.actions == "A"
    assert result.main_hit and not result.off_hit and result.damage == 6


def test_two_weapons_after_moving_without_ambidexterity_refuse_the_off_hand() -> None:
    result = two_weapons({"attack": [12], "damage": [5]}, movement_used=True)
    assert result.off_hand_refused and result.actions == "A"
    assert (result.main_hit, result.off_hit, result.damage) == (True, False, 6)
    assert [s.event for s in result.trace].count("two_weapons.off_hand") == 0
    assert [s.verdict for s in result.trace if s.event == "two_weapons.off_hand_refused"] == ["refused"]


def test_two_weapons_each_attack_keeps_its_own_criticals() -> None:
    result = two_weapons({"attack": [20, 1]})
    assert result.main_hit and not result.off_hit
    # Critical main hand: 6 + 1 at their maximum, plus the bonus 26 − 15 = 11.
    assert result.main_damage == 18 and result.damage == 18
