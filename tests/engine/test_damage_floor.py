"""Ruling 8: damage dice and modifiers adding up below zero deal 0; a hit never heals."""

from __future__ import annotations

from rulecheck.engine.attack import AttackResult
from tests.conftest import attack


def events(result: AttackResult) -> list[str]:
    return [step.event for step in result.trace]


def test_a_weak_unarmed_strike_deals_zero_not_minus_one() -> None:
    result = attack({"attacker": {"str": -2}, "attack": {"total": 12, "damage": "1d4+STR"}}, damage=[1])
    assert (result.hit, result.base_damage, result.damage) == (True, 0, 0)
    roll, floor = result.trace[-3], result.trace[-2]
    assert (roll.event, roll.value) == ("damage.roll", -1)
    assert (floor.event, floor.anchor, floor.value) == ("damage.floor", "note-damage-floor", 0)


def test_damage_of_exactly_zero_needs_no_floor() -> None:
    result = attack({"attacker": {"str": -2}, "attack": {"total": 12, "damage": "1d4+STR"}}, damage=[2])
    assert result.damage == 0 and "damage.floor" not in events(result)


def test_the_bonus_adds_to_the_floored_damage() -> None:
    result = attack({"defender": {"def_phy": 10}, "attack": {"total": 13, "damage": "1d4-3"},
                     "options": {"progressive_damage": True}}, damage=[1])
    assert (result.base_damage, result.bonus_damage, result.damage) == (0, 3, 3)


def test_a_critical_with_a_heavy_penalty_is_floored_too() -> None:
    result = attack({"defender": {"def_phy": 30}, "attack": {"total": 25, "natural": 20, "damage": "1d4-6"}})
    assert result.critical and (result.base_damage, result.damage) == (0, 0)
    assert "damage.floor" in events(result)
