"""Every refusal of the rules carries a code, so that a page can show it as a refusal card: the
attack's refusals (total cover, opportunity attacks against cover or total concealment, a prone
archer, a target out of reach, a coup de grâce), a move's and a capability's."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from rulecheck.engine import AttackInput, ScriptedDice, resolve_attack
from rulecheck.engine.cards import parse_card, with_capability
from rulecheck.engine.models import Attack
from rulecheck.engine.opportunity import OpportunityInput, resolve_opportunity
from rulecheck.engine.turn import TurnInput, resolve_turn
from rulecheck.errors import RuleError

#: A wall taller than both creatures between them: no line of effect.
WALLED = ". # .\nA # D\n. # .\n"
ENGINE = Path(__file__).resolve().parents[2] / "rulecheck" / "engine"


def code_of_attack(given: dict[str, Any]) -> str | None:
    with pytest.raises(RuleError) as raised:
        resolve_attack(AttackInput.model_validate(given), ScriptedDice({}))
    return raised.value.code


@pytest.mark.parametrize(("situation", "code"), [
    ({"cover": "normal"}, "opportunity_against_cover"),
    ({"cover": "partial"}, "opportunity_against_cover"),
    ({"cover": "improved"}, "opportunity_against_cover"),
    ({"concealment": "total"}, "opportunity_against_total_concealment"),
    ({"defender": ["invisible"]}, "opportunity_against_total_concealment"),
    ({"grid": {"map": "A # .\n. D .\n"}}, "opportunity_against_cover"),
])
def test_an_opportunity_attack_against_cover_or_total_concealment_is_a_coded_refusal(
        situation: dict[str, Any], code: str) -> None:
    given = {"attack": {"kind": "melee", "total": 15, "opportunity": True}, "situation": situation}
    assert code_of_attack(given) == code


def test_an_opportunity_attack_with_mere_concealment_is_made() -> None:
    given = {"attack": {"kind": "melee", "total": 15, "opportunity": True}, "situation": {"concealment": "concealment"}}
    assert resolve_attack(AttackInput.model_validate(given), ScriptedDice({"miss_chance": [50]})).hit


@pytest.mark.parametrize(("contact", "code"), [
    (None, "soft_cover_adjacent"),         # creatures give no soft cover against an adjacent blow
    (False, "opportunity_against_cover"),  # at reach soft cover is cover: no opportunity attack
])
def test_soft_cover_and_an_opportunity_attack(contact: bool | None, code: str) -> None:
    given = {"attack": {"kind": "melee", "total": 15, "opportunity": True}, "situation": {"cover": "soft"},
             **({} if contact is None else {"contact": contact})}
    assert code_of_attack(given) == code


@pytest.mark.parametrize(("given", "code"), [
    ({"attack": {"kind": "ranged", "total": 15}, "situation": {"cover": "total"}}, "total_cover"),
    ({"attack": {"kind": "ranged", "total": 15}, "situation": {"grid": {"map": WALLED}}}, "total_cover"),
    ({"attack": {"kind": "ranged", "total": 15}, "situation": {"attacker": ["prone"]}}, "prone_ranged_weapon"),
    ({"attack": {"kind": "ranged", "total": 15}, "situation": {"attacker": ["prone"], "weapon": "bow"}},
     "prone_ranged_weapon"),
    ({"attack": {"kind": "melee", "total": 15}, "situation": {"grid": {"map": "A . D\n"}}}, "out_of_reach"),
    ({"attack": {"kind": "melee", "total": 15}, "situation": {"coup_de_grace": True}}, "not_helpless"),
    ({"attack": {"kind": "magic", "total": 15}, "situation": {"coup_de_grace": True, "defender": ["helpless"]}},
     "spell"),
])
def test_each_refusal_of_an_attack_has_its_code(given: dict[str, Any], code: str) -> None:
    assert code_of_attack(given) == code


def test_disengaging_out_of_contact_is_a_coded_refusal_on_the_grid_and_in_a_turn() -> None:
    move = OpportunityInput.model_validate({"grid": {"map": "A . . o\n"}, "path": [[1, 0]], "disengaged": True})
    with pytest.raises(RuleError) as raised:
        resolve_opportunity(move, ScriptedDice({}))
    assert raised.value.code == "disengage_without_contact"
    for plan in ([{"do": "disengage"}], [{"do": "move", "metres": 5, "leaves_contact": True}]):
        with pytest.raises(RuleError) as raised:
            resolve_turn(TurnInput.model_validate({"plan": plan}), ScriptedDice({}))
        assert raised.value.code in {"disengage_without_contact", "not_in_contact"}


def test_a_capability_without_extra_dice_is_a_coded_refusal() -> None:
    with pytest.raises(RuleError) as raised:
        with_capability(Attack(kind="melee"), parse_card("Téléportation | PC - M - Soutien"), 1)
    assert (raised.value.code, raised.value.params) == ("no_extra_damage", {"capability": "Téléportation"})


#: RuleErrors that are no refusal of the rules but an example contradicting itself, with the reason.
NOT_REFUSALS = {
    "`contact: {str(given.contact).lower()}` contradicts the grid ": "the example's own data disagree",
    "grades the normal cover a grid finds, and this grid finds": "the example's own data disagree",
}


def test_every_rule_error_the_engine_raises_names_a_refusal_code() -> None:
    uncoded = []
    for source in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in {"RuleError", "refuse"}):
                continue
            if any(keyword.arg == "code" for keyword in node.keywords):
                continue
            first = ast.unparse(node.args[0]) if node.args else ""
            if not any(allowed in first for allowed in NOT_REFUSALS):
                uncoded.append(f"{source.name}:{node.lineno}: {first}")
    assert uncoded == []
