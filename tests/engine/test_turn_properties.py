"""Properties of the turn rule: a plan resolves or raises RuleError; movement grows with distance."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.engine import MovementInput, ScriptedDice, TurnInput, resolve_movement, resolve_turn
from rulecheck.errors import RuleError
from tests.conftest import examples

CARDS = [
    "Téléportation | PC - M - Soutien",
    "Attaque Éclair | C - A - PHY(DEX)",
    "Châtiment de l'Hérétique | C - MA - MAG(SAG) - 15m",
    "Provocation | C - G",
]

steps = st.one_of(
    st.builds(lambda m, leave: {"do": "move", "metres": m, "leaves_contact": leave},
              st.integers(1, 40), st.booleans()),
    st.just({"do": "attack"}),
    st.sampled_from(CARDS).map(lambda card: {"do": "capability", "card": card}),
    st.sampled_from(["M", "A", "MA", "G"]).map(lambda cost: {"do": "capability", "cost": cost}),
    st.sampled_from(["potion", "talk", "other"]).map(lambda what: {"do": "free", "what": what}),
    st.just({"do": "disengage"}),
    st.lists(st.sampled_from(["M", "A"]), min_size=1, max_size=2).map(
        lambda gives_up: {"do": "posture", "gives_up": gives_up}),
)
enemies = st.lists(st.fixed_dictionaries({}, optional={
    "line_of_sight": st.booleans(), "behind": st.booleans(), "surprised": st.booleans()}), max_size=4)
turns = st.fixed_dictionaries(
    {"plan": st.lists(steps, max_size=6)},
    optional={"round": st.integers(1, 3), "surprised": st.booleans(), "mp": st.integers(0, 10),
              "contact": enemies, "metres_per_action": st.integers(1, 30)},
)


@settings(max_examples=examples(80), deadline=None)
@given(turns)
def test_a_plan_resolves_or_raises_a_rule_error(data: dict[str, Any]) -> None:
    given_turn = TurnInput.model_validate(data)
    try:
        result = resolve_turn(given_turn, ScriptedDice({}))
    except RuleError as error:
        assert error.field[:2] == ("given", "plan") and error.hint
        return
    assert set(result.used).isdisjoint(result.left)
    assert len(result.step_uses) == len(data["plan"])
    assert sorted(sum(result.step_uses, ()), key="MAG".index) == list(result.used)
    assert result.movement_actions <= 2 and result.metres <= 2 * data.get("metres_per_action", 10)
    assert result.opportunity_attacks <= len(data.get("contact", []))
    assert not (result.provokes and result.disengaged)


@settings(max_examples=examples(50), deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(1, 25))
def test_movement_actions_grow_monotonically_with_distance(a: int, b: int, per_action: int) -> None:
    near, far = sorted((a, b))

    def actions(metres: int) -> int:
        try:
            return resolve_movement(MovementInput(metres=metres, metres_per_action=per_action),
                                    ScriptedDice({})).movement_actions
        except RuleError:
            return 3  # refused: more than the two movement actions a turn has

    assert actions(near) <= actions(far)
    assert actions(far) == min(3, -(-far // per_action))
