"""The turn and movement rules at the seeds' numbers and at every boundary of ruling 8."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rulecheck.engine import MovementInput, ScriptedDice, TurnInput, resolve_movement, resolve_turn
from rulecheck.engine.turn import MovementResult, TurnResult
from rulecheck.errors import RuleError
from rulecheck.examples.render import refusal
from rulecheck.examples.trace_check import unworded

SMITE = "Châtiment de l'Hérétique | C - MA - MAG(SAG) - 15m"
TELEPORT = "Téléportation | PC - M - Soutien"


def turn(plan: list[dict[str, Any]], **given: Any) -> TurnResult:
    return resolve_turn(TurnInput.model_validate({"plan": plan, **given}), ScriptedDice({}))


def refused(plan: list[dict[str, Any]], **given: Any) -> RuleError:
    with pytest.raises(RuleError) as caught:
        turn(plan, **given)
    return caught.value


def move(metres: int) -> MovementResult:
    return resolve_movement(MovementInput(metres=metres), ScriptedDice({}))


# Movement: 10 m per movement action, the second one takes A, 20 m at most.

@pytest.mark.parametrize(("metres", "actions", "uses", "left"), [
    (1, 1, ("M",), ("A", "G")),
    (8, 1, ("M",), ("A", "G")),
    (10, 1, ("M",), ("A", "G")),
    (11, 2, ("M", "A"), ("G",)),
    (15, 2, ("M", "A"), ("G",)),
    (20, 2, ("M", "A"), ("G",)),
])
def test_movement_costs_one_action_per_10_metres(metres: int, actions: int, uses: tuple[str, ...],
                                                 left: tuple[str, ...]) -> None:
    result = move(metres)
    assert (result.movement_actions, result.uses, result.left) == (actions, uses, left)


def test_seed_8_metres_is_m_and_15_metres_is_mm() -> None:
    assert move(8).uses == ("M",)
    assert move(15).uses == ("M", "A") and move(15).movement_actions == 2


@pytest.mark.parametrize("metres", [21, 30, 1000])
def test_more_than_20_metres_is_refused_on_the_metres_field(metres: int) -> None:
    with pytest.raises(RuleError) as caught:
        move(metres)
    assert caught.value.field == ("given", "metres")
    assert "two at most, 20 m" in caught.value.message and "stop at 20 m" in (caught.value.hint or "")


def test_zero_metres_is_not_a_move() -> None:
    with pytest.raises(ValidationError):
        MovementInput(metres=0)


def test_move_and_attack_leaves_the_free_action() -> None:
    result = turn([{"do": "move", "metres": 8}, {"do": "attack"}])
    assert result.step_uses == (("M",), ("A",))
    move_step = result.trace[0]
    assert (move_step.event, [(t.label, t.value) for t in move_step.terms], move_step.value) == (
        "turn.move", [("metres", 8)], 8)
    assert (result.used, result.left, result.attacks) == (("M", "A"), ("G",), 1)


def test_the_second_movement_action_uses_up_the_attack() -> None:
    error = refused([{"do": "move", "metres": 15}, {"do": "attack"}])
    assert error.field == ("given", "plan", 1)
    assert "attack action (A), already used by step 1 (a move, as second movement action)" in error.message


def test_after_an_attack_a_move_cannot_go_beyond_10_metres() -> None:
    assert turn([{"do": "attack"}, {"do": "move", "metres": 10}]).left == ("G",)
    error = refused([{"do": "attack"}, {"do": "move", "metres": 11}])
    assert error.field == ("given", "plan", 1) and "already used by step 1 (an attack)" in error.message
    assert error.message.startswith("a move (movement action 2) needs the attack action (A)")


def test_metres_add_up_within_a_turn() -> None:
    result = turn([{"do": "move", "metres": 5}, {"do": "attack"}, {"do": "move", "metres": 5}])
    assert result.step_uses == (("M",), ("A",), ()) and (result.metres, result.movement_actions) == (10, 1)
    error = refused([{"do": "move", "metres": 5}, {"do": "attack"}, {"do": "move", "metres": 6}])
    assert error.field == ("given", "plan", 2)


def test_two_moves_of_10_metres_are_mm_and_a_third_is_refused() -> None:
    result = turn([{"do": "move", "metres": 10}, {"do": "move", "metres": 10}])
    assert result.step_uses == (("M",), ("A",)) and result.movement_actions == 2
    error = refused([{"do": "move", "metres": 10}, {"do": "move", "metres": 10}, {"do": "move", "metres": 1}])
    assert error.field == ("given", "plan", 2, "metres") and "two at most" in error.message
    third = refused([{"do": "move", "metres": 15}, {"do": "capability", "card": TELEPORT}])
    assert (third.code, dict(third.params)) == ("third_movement_action", {"step": 2, "limit": 20})


@pytest.mark.parametrize("per_action", [1, 3, 7, 10, 12, 15, 25, 100])
def test_a_capability_that_changes_the_movement_action_s_distance_moves_every_boundary_with_it(per_action: int) -> None:
    """Seed 002: « Cette distance peut être altérée par certaines capacités »."""
    def moved(metres: int) -> MovementResult:
        return resolve_movement(MovementInput(metres=metres, metres_per_action=per_action), ScriptedDice({}))

    assert (moved(per_action).movement_actions, moved(per_action).uses) == (1, ("M",))
    assert (moved(2 * per_action).movement_actions, moved(2 * per_action).uses) == (2, ("M", "A"))
    if per_action > 1:
        assert moved(per_action + 1).movement_actions == 2
    with pytest.raises(RuleError) as caught:
        moved(2 * per_action + 1)
    error = caught.value
    assert (error.code, dict(error.params)) == ("movement_limit", {"metres": 2 * per_action + 1,
                                                                   "limit": 2 * per_action})
    assert f"soit {2 * per_action}\u00a0m au plus" in refusal(error.code, error.params, "fr")
    assert f"only two (a reading: the second takes the attack action), {2 * per_action}\u00a0m at most" \
        in refusal(error.code, error.params, "en")
    # Metres left in an opened action carry over to a later move, at the creature's distance.
    split = turn([{"do": "move", "metres": per_action}, {"do": "attack"}], metres_per_action=per_action)
    assert split.step_uses == (("M",), ("A",))
    walked = refused([{"do": "move", "metres": per_action}, {"do": "attack"}, {"do": "move", "metres": 1}],
                     metres_per_action=per_action)
    assert dict(walked.params)["per_action"] == per_action
    assert f"plus que les {per_action}\u00a0m d'une action" in refusal(walked.code, walked.params, "fr")
    third = refused([{"do": "move", "metres": per_action + 1}, {"do": "capability", "card": TELEPORT}],
                    metres_per_action=per_action) if per_action > 1 else None
    assert third is None or dict(third.params) == {"step": 2, "limit": 2 * per_action}


def test_the_trace_says_when_a_capability_changed_the_movement_action_s_distance() -> None:
    usual = turn([{"do": "move", "metres": 5}])
    assert all(step.event != "turn.metres_per_action" for step in usual.trace)
    changed = turn([{"do": "move", "metres": 5}], metres_per_action=15)
    told = [step for step in changed.trace if step.event == "turn.metres_per_action"]
    assert [(step.value, step.anchor) for step in told] == [(15, "movement")]
    assert unworded(changed.trace, "fr") == unworded(changed.trace, "en") == set()


@pytest.mark.parametrize("per_action", [0, -1, 101, 1.5, "10 m"])
def test_a_movement_distance_out_of_bounds_is_refused_by_the_schema(per_action: Any) -> None:
    with pytest.raises(ValidationError):
        MovementInput.model_validate({"metres": 5, "metres_per_action": per_action})
    with pytest.raises(ValidationError):
        TurnInput.model_validate({"plan": [], "metres_per_action": per_action})


def test_a_movement_capability_takes_the_second_movement_action_from_a() -> None:
    result = turn([{"do": "capability", "card": TELEPORT}, {"do": "move", "metres": 8}])
    assert result.step_uses == (("M",), ("A",)) and result.movement_actions == 2
    assert turn([{"do": "move", "metres": 3}, {"do": "capability", "cost": "M"}]).step_uses == (("M",), ("A",))
    error = refused([{"do": "capability", "card": TELEPORT}, {"do": "move", "metres": 11}])
    assert "two at most" in error.message


# The attack action, the double action and the free action.

def test_a_second_attack_is_refused() -> None:
    error = refused([{"do": "attack"}, {"do": "attack"}])
    assert error.field == ("given", "plan", 1) and "already used by step 1 (an attack)" in error.message
    assert error.hint and "keep only one" in error.hint


def test_a_double_action_capability_uses_m_and_a() -> None:
    result = turn([{"do": "free", "what": "potion"}, {"do": "capability", "card": SMITE}], mp=5)
    assert result.step_uses == (("G",), ("M", "A")) and result.left == ()
    assert (result.mp_spent, result.mp_left, result.attacks) == (3, 2, 1)
    assert result.movement_actions == 1  # a double action counts as the turn's movement action
    spend = [s for s in result.trace if s.terms and s.terms[0].label == "mp"]
    assert [[(t.label, t.value) for t in s.terms] for s in spend] == [[("mp", 5), ("capability", -3)]]
    assert turn([{"do": "capability", "card": "Frappe | C - A - PHY(FOR)"}]).movement_actions == 0
    # an attacking capability for the free action, then the attack action: two attacks this turn
    assert turn([{"do": "capability", "card": "Coup | C - G - PHY(FOR)"}, {"do": "attack"}]).attacks == 2


@pytest.mark.parametrize("before", [{"do": "move", "metres": 1}, {"do": "attack"}, {"do": "disengage"}])
def test_a_double_action_needs_both_m_and_a_free(before: dict[str, Any]) -> None:
    error = refused([before, {"do": "capability", "cost": "MA"}], contact=[{}])
    assert error.field == ("given", "plan", 1) and "a capability costing MA needs" in error.message


def test_magic_points_are_checked_when_given() -> None:
    assert turn([{"do": "capability", "card": SMITE}], mp=3).mp_left == 0
    error = refused([{"do": "capability", "card": SMITE}], mp=2)
    assert error.field == ("given", "plan", 0) and "costs 3 PM (MP); 2 left" in error.message
    untracked = turn([{"do": "capability", "card": SMITE}])
    assert (untracked.mp_spent, untracked.mp_left) == (3, None)
    for language in ("fr", "en"):  # the card words every step of it, the MP spent too
        assert unworded(untracked.trace, language) == set()


def test_the_free_action_is_once_per_turn() -> None:
    result = turn([{"do": "free", "what": "talk"}, {"do": "move", "metres": 8}, {"do": "attack"}])
    assert result.free_actions == 1 and result.left == ()
    error = refused([{"do": "capability", "card": "Provocation | C - G"}, {"do": "free", "what": "potion"}])
    assert error.field == ("given", "plan", 1) and "free action (G), already used by step 1" in error.message
    error = refused([{"do": "capability", "cost": "G"}, {"do": "capability", "cost": "G"}])
    assert "one free action" in (error.hint or "")


def test_a_capability_step_needs_a_card_or_a_cost() -> None:
    for step in ({"do": "capability"}, {"do": "capability", "card": TELEPORT, "cost": "M"}):
        with pytest.raises(ValidationError, match="`card` or its `cost`"):
            TurnInput.model_validate({"plan": [step]})


def test_a_malformed_card_in_a_plan_is_a_validation_error_at_its_column() -> None:
    with pytest.raises(ValidationError, match="column 9"):
        TurnInput.model_validate({"plan": [{"do": "capability", "card": "X | C - AM"}]})


# Posture.

@pytest.mark.parametrize(("gives_up", "bonus", "left", "event"), [
    (["A"], 1, ("M", "G"), "turn.posture.simple"), (["A", "M"], 2, ("G",), "turn.posture.double")])
def test_posture_gives_up_a_or_a_and_m(gives_up: list[str], bonus: int, left: tuple[str, ...], event: str) -> None:
    result = turn([{"do": "posture", "gives_up": gives_up}])
    assert (result.posture_bonus, result.left) == (bonus, left)
    assert result.trace[0].event == event  # the card names the simple or the double posture


def test_a_posture_giving_up_only_m_is_refused() -> None:
    error = refused([{"do": "posture", "gives_up": ["M"]}])
    assert error.field == ("given", "plan", 0, "gives_up") and "giving up only M is not allowed" in error.message
    assert error.hint == "write `[A]` (+1) or `[A, M]` (+2)"
    assert error.code == "posture_only_m"
    twice = refused([{"do": "posture", "gives_up": ["A", "A"]}])
    assert twice.field == ("given", "plan", 0, "gives_up") and twice.code is None


def test_no_attack_and_no_move_after_the_actions_a_posture_gave_up() -> None:
    error = refused([{"do": "posture", "gives_up": ["A"]}, {"do": "attack"}])
    assert "already used by step 1 (a defensive posture)" in error.message
    assert (error.code, dict(error.params)) == ("action_used", {"action": "A", "step": 2, "by": 1})
    error = refused([{"do": "posture", "gives_up": ["A", "M"]}, {"do": "move", "metres": 3}])
    assert "already used by step 1 (a defensive posture)" in error.message and error.code == "action_used"


# Ruling 7: the posture is chosen at the start of the turn, before the creature uses its movement
# or its attack action; a free action, usable at any moment of the turn, may come before it.

@pytest.mark.parametrize("before", [
    [{"do": "move", "metres": 5}], [{"do": "attack"}], [{"do": "disengage"}],
    [{"do": "capability", "card": "Téléportation | PC - M - Soutien"}],
    [{"do": "free", "what": "potion"}, {"do": "move", "metres": 1}],
])
@pytest.mark.parametrize("gives_up", [["A"], ["A", "M"]])
def test_a_posture_after_a_movement_or_an_attack_action_is_refused(
    before: list[dict[str, Any]], gives_up: list[str]
) -> None:
    contact = [{"name": "Orc"}] if before[0]["do"] == "disengage" else []
    error = refused([*before, {"do": "posture", "gives_up": gives_up}], contact=contact)
    where = len(before)
    assert error.field == ("given", "plan", where)
    assert (error.code, dict(error.params)) == ("posture_not_first", {"step": where + 1})
    assert "start of the turn" in error.message and error.hint and "free action" in error.hint


@pytest.mark.parametrize("free", [
    {"do": "free", "what": "potion"}, {"do": "free", "what": "talk"},
    {"do": "capability", "card": "Provocation | C - G"},
])
@pytest.mark.parametrize("gives_up", [["A"], ["A", "M"]])
def test_a_free_action_may_come_before_the_posture(free: dict[str, Any], gives_up: list[str]) -> None:
    result = turn([free, {"do": "posture", "gives_up": gives_up}])
    assert result.posture_bonus == len(gives_up)
    assert result.step_uses[0] == ("G",)
    assert set(result.left) == {"M", "A"} - set(gives_up) - {"A"}


def test_a_second_free_action_after_the_posture_is_still_one_too_many() -> None:
    error = refused([{"do": "free", "what": "potion"}, {"do": "posture", "gives_up": ["A"]},
                     {"do": "free", "what": "talk"}])
    assert error.code == "action_used" and error.field == ("given", "plan", 2)


def test_the_free_action_and_the_kept_movement_follow_a_posture() -> None:
    simple = turn([{"do": "posture", "gives_up": ["A"]}, {"do": "free", "what": "talk"}, {"do": "move", "metres": 4}])
    assert (simple.step_uses, simple.posture_bonus, simple.left) == ((("A",), ("G",), ("M",)), 1, ())
    double = turn([{"do": "posture", "gives_up": ["A", "M"]}, {"do": "free", "what": "potion"}])
    assert (double.posture_bonus, double.left) == (2, ())


# Opportunity attacks and disengaging.

CONTACT = [{"name": "Orc"}, {"name": "Goblin", "behind": True}, {"name": "Wolf", "line_of_sight": False}]


def test_leaving_contact_provokes_from_each_enemy_that_sees_the_creature_leave() -> None:
    result = turn([{"do": "move", "metres": 8, "leaves_contact": True}], contact=CONTACT)
    assert result.provokes and result.opportunity_attacks == 1 and result.opportunity_from == (0,)
    step = next(s for s in result.trace if s.event == "turn.leaves_contact")
    assert [(t.label, t.value) for t in step.terms] == [
        ("enemies_in_contact", 3), ("no_line_of_sight", -1), ("behind", -1)]


def test_moving_without_leaving_contact_provokes_nothing() -> None:
    result = turn([{"do": "move", "metres": 2}], contact=CONTACT)
    assert not result.provokes and result.opportunity_from == ()


def test_disengaging_uses_a_and_the_move_with_m_is_safe() -> None:
    result = turn([{"do": "disengage"}, {"do": "move", "metres": 8, "leaves_contact": True}], contact=CONTACT)
    assert result.step_uses == (("A",), ("M",))
    assert result.disengaged and not result.provokes and result.opportunity_attacks == 0
    shown = [(s.value, s.verdict) for s in result.trace if s.event == "turn.leaves_contact.disengaged"]
    assert shown == [(0, "no_opportunity")]  # the card: no opportunity attack, 0


def test_disengaging_after_the_move_does_not_protect_it() -> None:
    error = refused([{"do": "move", "metres": 8, "leaves_contact": True}, {"do": "disengage"}], contact=CONTACT)
    assert error.field == ("given", "plan", 1) and "needs melee contact" in error.message


def test_after_disengaging_a_move_beyond_10_metres_is_refused() -> None:
    error = refused([{"do": "disengage"}, {"do": "move", "metres": 12, "leaves_contact": True}], contact=CONTACT)
    assert "already used by step 1 (a disengage)" in error.message


def test_disengage_and_leaving_contact_need_contact() -> None:
    assert refused([{"do": "disengage"}]).field == ("given", "plan", 0)
    error = refused([{"do": "move", "metres": 3, "leaves_contact": True}])
    assert error.field == ("given", "plan", 0, "leaves_contact")
    error = refused([{"do": "move", "metres": 3, "leaves_contact": True},
                     {"do": "move", "metres": 3, "leaves_contact": True}], contact=[{}])
    assert error.field == ("given", "plan", 1, "leaves_contact")


# Surprise.

def test_a_surprised_creature_cannot_act_in_round_one() -> None:
    result = turn([], surprised=True)
    assert not result.can_act and (result.used, result.left) == ((), ())
    for step in ({"do": "free", "what": "talk"}, {"do": "move", "metres": 1}, {"do": "attack"}):
        error = refused([step], surprised=True)
        assert error.field == ("given", "plan", 0) and "cannot act in the first round" in error.message
        assert "dodge or parry" in (error.hint or "")


def test_surprise_ends_after_round_one() -> None:
    result = turn([{"do": "move", "metres": 6}, {"do": "attack"}], surprised=True, round=2)
    assert result.can_act and result.left == ("G",)
    assert result.trace[0].event == "turn.surprise_over" and result.trace[0].value == 2


def test_a_surprised_enemy_makes_no_opportunity_attack_in_round_one_only() -> None:
    contact = [{"name": "Sentry", "surprised": True}]
    plan = [{"do": "move", "metres": 8, "leaves_contact": True}]
    assert turn(plan, contact=contact).opportunity_attacks == 0
    assert turn(plan, contact=contact, round=2).opportunity_attacks == 1


def test_an_enemy_in_contact_has_no_posture_to_spare_a_creature_leaving_it() -> None:
    """A defensive posture gives up the actions of the creature's own turn (seed 000), not the
    opportunity attack of another's (a reading): an enemy in contact has no such field to set."""
    with pytest.raises(ValidationError, match="posture"):
        TurnInput.model_validate({"contact": [{"name": "Guard", "posture": True}],
                                  "plan": [{"do": "move", "metres": 8, "leaves_contact": True}]})


def test_a_surprised_creature_can_still_parry_under_the_attack_rule() -> None:
    from rulecheck.engine import AttackInput, resolve_attack

    given = AttackInput.model_validate({"defender": {"level": 1, "str": 2}, "attack": {"total": 14},
                                        "reaction": "parry"})
    assert resolve_attack(given, ScriptedDice({"reaction": [13]})).outcome == "parried"


def test_the_trace_holds_keys_and_ends_with_what_is_left() -> None:
    result = turn([{"do": "move", "metres": 15}])
    assert [s.event for s in result.trace] == ["turn.move.second", "turn.left"]
    assert result.trace[0].verdict == "uses.M+A" and result.trace[-1].verdict == "left.G"
    assert turn([{"do": "move", "metres": 1}, {"do": "move", "metres": 1}]).trace[1].verdict == "uses.none"



def test_a_turn_refuses_a_known_capability_written_with_another_cost() -> None:
    error = refused([{"do": "capability", "card": "Châtiment de l'Hérétique | C - A - MAG(SAG) - 15m"}])
    assert error.field == ("given", "plan", 0, "card")
    assert "the cost MA; this card says A" in str(error)


# Refusals carry a code and the numbers their wording needs, the same in every language.

def test_refusal_codes_and_params_of_the_turn() -> None:
    third = refused([{"do": "move", "metres": 10}, {"do": "move", "metres": 10}, {"do": "move", "metres": 1}])
    assert (third.code, third.field) == ("movement_limit", ("given", "plan", 2, "metres"))
    assert dict(third.params) == {"metres": 21, "limit": 20}
    mp = refused([{"do": "capability", "card": SMITE}], mp=2)
    assert (mp.code, dict(mp.params)) == ("not_enough_mp", {"cost": 3, "mp": 2})
    surprised = refused([{"do": "free", "what": "talk"}], surprised=True)
    assert (surprised.code, surprised.field) == ("surprised_round_one", ("given", "plan", 0))
    lonely = refused([{"do": "disengage"}])
    assert lonely.code == "disengage_without_contact"
    card = refused([{"do": "capability", "card": "Attaque Éclair | C - MA - PHY(DEX)"}])
    assert (card.code, dict(card.params)) == ("capability_cost", {"capability": "Attaque Éclair", "rules": "A",
                                                                  "card": "MA"})


def test_a_single_move_beyond_20_metres_keeps_its_code_on_the_movement_rule() -> None:
    with pytest.raises(RuleError) as caught:
        move(25)
    assert (caught.value.code, caught.value.field, dict(caught.value.params)) == (
        "movement_limit", ("given", "metres"), {"metres": 25, "limit": 20})

