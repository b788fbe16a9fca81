"""Who an example names, recurring or not, and who attacks whom."""

from __future__ import annotations

from rulecheck.engine.dying import DyingInput
from rulecheck.engine.models import AttackInput
from rulecheck.engine.opportunity import OpportunityInput
from rulecheck.engine.poison import PoisonChargesInput
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


def test_a_poisoned_weapon_says_who_wields_it_against_whom_once_its_wielder_is_named() -> None:
    named = PoisonChargesInput.model_validate({"attacker": {"name": "Kael"}, "attacks": ["miss", "hit"],
                                               "target": {"name": "the ogre", "rank": "mini_boss"}})
    assert people(named) == People(("Kael", "the ogre"), "Kael", "the ogre")
    unnamed = PoisonChargesInput.model_validate({"attacks": ["hit"], "target": {"name": "the goblin"}})
    assert people(unnamed) == People(("the goblin",))  # no « an attacker attacks »: nobody is said to attack
    nobody = PoisonChargesInput.model_validate({"attacker": {"name": "Kael"}, "attacks": ["hit"]})
    assert people(nobody) == People(("Kael",), "Kael", None)
