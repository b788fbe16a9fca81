"""Properties of dodge and parry over every die: reacting never costs a damage bonus (ruling 4),
and a critical failure of the reaction costs the reactions of the next turn, nothing else."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.engine import AttackInput, DyingInput, resolve_attack, resolve_dying
from rulecheck.engine.ability_checks import ability_check
from rulecheck.engine.sources import ScriptedDice
from tests.conftest import examples

d20 = st.integers(1, 20)


@st.composite
def attacks(draw: st.DrawFn) -> dict[str, Any]:
    """An attack rolled by the engine against a defender who may dodge or parry."""
    return {
        "attacker": {"level": draw(st.integers(0, 6)), "str": draw(st.integers(-2, 5)),
                     "fumble_threshold": draw(st.integers(1, 3))},
        "defender": {
            "level": draw(st.integers(0, 6)), "str": draw(st.integers(-2, 5)), "dex": draw(st.integers(-2, 5)),
            "def_phy": draw(st.integers(5, 30)), "def_mag": draw(st.integers(5, 30)),
            "posture": draw(st.sampled_from([[], ["A"], ["A", "M"]])),
            "fumble_threshold": draw(st.integers(1, 3)),
        },
        "attack": {"kind": draw(st.sampled_from(["melee", "ranged"])), "ability": "str",
                   "damage": draw(st.sampled_from(["1d6", "2d4+1", "1d8+STR", "1d4-3"])),
                   "extra_damage": draw(st.sampled_from([[], ["2d6"]]))},
        "options": {"progressive_damage": draw(st.booleans())},
    }


def _resolve(data: dict[str, Any], reaction: str, attack_face: int, reaction_face: int, damage: list[int]) -> Any:
    dice = ScriptedDice({"attack": [attack_face], "reaction": [reaction_face], "damage": damage})
    return resolve_attack(AttackInput.model_validate({**data, "reaction": reaction}), dice)


@settings(max_examples=examples(100), deadline=None)
@given(attacks(), st.sampled_from(["dodge", "parry"]), d20, d20, st.lists(st.integers(1, 4), min_size=5, max_size=5))
def test_reacting_never_costs_more_than_the_same_hit_taken_without_a_reaction(
    data: dict[str, Any], reaction: str, attack_face: int, reaction_face: int, damage: list[int],
) -> None:
    # Damage faces of 1 to 4 fit every die drawn above, so both runs roll the same damage.
    reacting = _resolve(data, reaction, attack_face, reaction_face, damage)
    standing = _resolve(data, "none", attack_face, reaction_face, damage)
    assert reacting.bonus_damage <= standing.bonus_damage
    if standing.hit:
        assert reacting.damage <= standing.damage
    if reacting.hit and not standing.hit:
        # A failed reaction against an attack below the defence: the hit lands, with no bonus.
        assert reacting.bonus_damage == 0 and reacting.damage == reacting.base_damage


@settings(max_examples=examples(80), deadline=None)
@given(attacks(), st.sampled_from(["dodge", "parry"]), d20, d20)
def test_the_bonus_is_only_for_a_critical_or_the_advanced_rule(
    data: dict[str, Any], reaction: str, attack_face: int, reaction_face: int,
) -> None:
    result = _resolve(data, reaction, attack_face, reaction_face, [1] * 5)
    if not (result.critical or data["options"]["progressive_damage"]):
        assert result.bonus_damage == 0
    elif result.hit:
        assert result.bonus_damage == max(0, result.attack_total - result.defence_value)


@settings(max_examples=examples(80), deadline=None)
@given(attacks(), st.sampled_from(["dodge", "parry"]), d20, d20)
def test_a_reaction_within_the_threshold_fails_and_only_costs_the_next_reactions(
    data: dict[str, Any], reaction: str, attack_face: int, reaction_face: int,
) -> None:
    result = _resolve(data, reaction, attack_face, reaction_face, [1] * 5)
    within = reaction_face <= data["defender"]["fumble_threshold"]
    assert result.reactions_lost_next_turn is within
    if within:
        assert result.reaction_succeeded is False
        assert result.hit is not result.fumble


@given(st.integers(1, 5), d20, st.integers(-5, 10), st.integers(0, 30))
def test_an_ability_test_within_the_threshold_is_a_critical_failure(
    threshold: int, face: int, modifier: int, dc: int,
) -> None:
    check = ability_check(ScriptedDice({"test": [face]}), label="test", ability="wis", modifier=modifier, dc=dc,
                          anchor="stabilisation", event="dying.stabilise", fumble_threshold=threshold)
    assert check.critical_failure is (face <= threshold)
    if face <= threshold:
        assert not check.success
        assert check.step.event == "dying.stabilise." + ("natural_1" if face == 1 else "fumble_threshold")
    elif face < 20:
        assert check.success is (face + modifier >= dc)


def test_a_healers_raised_threshold_fails_a_soin_test_that_meets_the_dc() -> None:
    given = {"hit_dice": "2d4", "below_zero": 4, "turns": 1,
             "stabilise": [{"turn": 1, "wis": 2, "dc": 3, "fumble_threshold": 2}]}
    result = resolve_dying(DyingInput.model_validate(given), ScriptedDice({"stabilise": [2], "hit_dice": [1, 1]}))
    assert not result.stabilised and result.below_zero == 6
    assert any(s.event == "dying.stabilise.fumble_threshold" for s in result.trace)
