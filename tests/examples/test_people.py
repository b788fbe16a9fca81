"""Who an example names, recurring or not, and who attacks whom."""

from __future__ import annotations

from rulecheck.engine.dying import DyingInput
from rulecheck.engine.models import AttackInput
from rulecheck.engine.opportunity import OpportunityInput
from rulecheck.examples.people import People, people


def test_an_attack_says_who_attacks_whom_and_keeps_every_name_once() -> None:
    given = AttackInput.model_validate({"attacker": {"name": "Orc"}, "defender": {"name": "Elara"},
                                        "attack": {"total": 15}})
    assert people(given) == People(("Orc", "Elara"), "Orc", "Elara")
    unnamed = AttackInput.model_validate({"defender": {"name": "Elara"}, "attack": {"total": 15}})
    assert people(unnamed) == People(("Elara",), None, "Elara")


def test_names_deep_in_an_example_count_too() -> None:
    dying = DyingInput.model_validate({"name": "Aldric", "hit_dice": "2d4", "turns": 2, "stabilise": [
        {"turn": 1, "name": "Tomas", "dc": 10}, {"turn": 2, "name": "Tomas", "dc": 10}]})
    assert people(dying) == People(("Aldric", "Tomas"))
    move = OpportunityInput.model_validate({"grid": {"map": "o A .\n", "creatures": {"o": {"name": "Orc"}}},
                                            "path": [[2, 0]]})
    assert people(move) == People(("Orc",))
