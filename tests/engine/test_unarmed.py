"""Scenario tests of unarmed attacks and of fighting with two weapons (no rule of its own)."""

from __future__ import annotations

from typing import Any

import pytest

from rulecheck.engine import (
    RULES,
    AttackInput,
    Combatant,
    ScriptedDice,
    TurnInput,
    resolve_attack,
    resolve_turn,
    unarmed_attack,
)
from rulecheck.errors import RuleError

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


# Ruling 12: a weapon attack is always the attack action (seed 002), so two weapons give no second
# attack on their own, and no rule charges an off-hand blow to the movement action.

def test_there_is_no_two_weapon_rule_to_grant_a_second_attack() -> None:
    assert "two_weapons" not in RULES


@pytest.mark.parametrize("before", [[], [{"do": "move", "metres": 4}], [{"do": "free", "what": "talk"}]])
def test_a_second_weapon_attack_in_the_same_turn_is_refused(before: list[dict[str, Any]]) -> None:
    plan = [*before, {"do": "attack"}, {"do": "attack"}]
    with pytest.raises(RuleError) as caught:
        resolve_turn(TurnInput.model_validate({"plan": plan}), ScriptedDice({}))
    assert caught.value.code == "action_used"
    assert caught.value.field == ("given", "plan", len(before) + 1)
    assert dict(caught.value.params) == {"action": "A", "step": len(before) + 2, "by": len(before) + 1}


def test_one_weapon_attack_then_the_movement_leaves_the_free_action_only() -> None:
    result = resolve_turn(TurnInput.model_validate({"plan": [{"do": "attack"}, {"do": "move", "metres": 10}]}),
                          ScriptedDice({}))
    assert (result.attacks, result.used, result.left) == (1, ("M", "A"), ("G",))
