"""Capability cards: the seed cards parse, each malformed variant is located; damage by level."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rulecheck.engine import (
    Attack,
    CapabilityInput,
    CardError,
    ScriptedDice,
    capability_damage,
    parse_card,
    resolve_capability,
    with_capability,
)
from rulecheck.engine.capability import CapabilityResult
from rulecheck.errors import RuleError

TELEPORT = "Téléportation | PC - M - Soutien : Le personnage peut se téléporter à 5 mètres."
FLASH = "Attaque Éclair | C - A - PHY(DEX) : Une attaque rapide et précise."
SMITE = "Châtiment de l'Hérétique | C - MA - MAG(SAG) - 15m : 1d4+1 de dégâts sacrés pour 3 PM."
TAUNT = "Provocation | C - G : Le personnage provoque 1 ennemi."


def test_the_four_seed_cards_parse() -> None:
    teleport, flash, smite, taunt = (parse_card(line) for line in (TELEPORT, FLASH, SMITE, TAUNT))
    assert (teleport.name, teleport.type, teleport.cost, teleport.support, teleport.attack) == (
        "Téléportation", "PC", "M", True, None)
    assert teleport.text.startswith("Le personnage")
    assert flash.attack is not None and (flash.cost, flash.attack.kind, flash.attack.ability) == ("A", "phy", "dex")
    assert (smite.cost, smite.actions, smite.range) == ("MA", ("M", "A"), 15)
    assert smite.attack is not None and (smite.attack.kind, smite.attack.ability) == ("mag", "wis")
    assert (taunt.cost, taunt.actions, taunt.attack, taunt.support) == ("G", ("G",), None, False)


@pytest.mark.parametrize("line", [
    "Provocation | C - G",
    "Provocation|C-G",
    "  Attaque Éclair  |  C  -  A  -  PHY(STR)  ",
    "Tir | C - A - PHY(DEX) - 30 m : un tir",
    "Soin | PC - A - Support - 5m",
])
def test_spacing_text_and_english_codes_are_accepted(line: str) -> None:
    card = parse_card(line)
    assert card.name and card.cost in {"A", "G"}


@pytest.mark.parametrize(("line", "col", "expected", "fragment"), [
    ("Provocation C - G", 18, "`|` after the capability's name", "Name | type - cost"),
    (" | C - G", 2, "the capability's name before `|`", "start the card with its name"),
    ("X | D - G", 5, "a type (C or PC)", "`C` or `PC`"),
    (" X |  - G", 5, "a type (C or PC)", "remove the empty one"),
    ("X | C - A -  - 15m", 12, "an attack, `Soutien` or a range", "remove the empty one"),
    ("X | C", 6, "` - ` then a cost (M, A, MA or G)", "say which actions"),
    ("Attaque Éclair | C - AM - PHY(DEX)", 22, "a cost (M, A, MA or G)", "write `MA` for a double action"),
    ("X | C - a", 9, "a cost (M, A, MA or G)",
     "costs are `M` (movement), `A` (attack), `MA` (both) or `G` (free action), in capitals"),
    ("X | C -  - A", 8, "a cost (M, A, MA or G)", "remove the empty one"),
    ("X | C - A - PHY(XYZ)", 17, "an ability (FOR/STR, DEX, CON, INT, SAG/WIS, CHA)", "in capitals"),
    ("X | C - A - PHY()", 17, "an ability (FOR/STR, DEX, CON, INT, SAG/WIS, CHA)",
     "write the ability the attack roll adds, in capitals"),
    ("X | C - A - FOO", 13, "an attack `PHY(ability)` or `MAG(ability)`, `Soutien` or a range",
     "e.g. `PHY(DEX)` for a physical attack, `MAG(SAG)` for a magical one"),
    ("X | C - A - 15km", 15, "a range in metres, `m`", "in metres"),
    ("X | C - A - 15", 15, "a range in metres, `m`", "in metres"),
    ("X | C - A - 0m", 13, "a range of 1 to 1000 metres", "15m"),
    ("X | C - A - 15m - PHY(DEX)", 19, "`:` and the text, or the end of the card", "last part"),
    ("X | C - A - PHY(DEX) - Soutien", 24, "a range such as `15m`", "one attack"),
    ("X | C - A :", 12, "the capability's text after `:`", "drop the `:`"),
])
def test_a_malformed_card_is_located(line: str, col: int, expected: str, fragment: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(line)
    error = caught.value
    assert (error.col, error.expected) == (col, expected)
    assert f"at column {col}" in error.message and f"card `{line}`" in error.message
    assert error.hint and fragment in error.hint
    assert isinstance(error, RuleError) and isinstance(error, ValueError)
    if line.endswith("PHY()"):
        assert error.got == "nothing"  # not an empty pair of backquotes
    if line.endswith("FOO"):
        assert error.got == "`FOO`"


@pytest.mark.parametrize(("line", "hint"), [
    ("Attaque Éclair | C - AM - PHY(DEX)", "write `MA` for a double action"),
    ("X | C - a", "costs are `M` (movement), `A` (attack), `MA` (both) or `G` (free action), in capitals"),
    ("X | C - A - PHY()", "write the ability the attack roll adds, in capitals"),
    ("X | C - A - FOO", "e.g. `PHY(DEX)` for a physical attack, `MAG(SAG)` for a magical one"),
    ("X | C - A - 0m", "e.g. `15m`"),
])
def test_a_malformed_card_s_hint_is_said_in_full(line: str, hint: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(line)
    assert caught.value.hint == hint


def test_a_card_line_has_a_length_limit() -> None:
    with pytest.raises(CardError, match="2000 characters at most") as caught:
        parse_card("X | C - A : " + "x" * 2000)
    assert (caught.value.col, caught.value.expected, caught.value.got) == (2001, "a shorter line", "more text")
    at_the_limit = "X | C - A : " + "x" * (2000 - len("X | C - A : "))
    assert parse_card(at_the_limit).text.endswith("x")


def capability(card: str, *faces: int, **given: object) -> CapabilityResult:
    dice = ScriptedDice({"damage": list(faces)} if faces else {})
    result = resolve_capability(CapabilityInput.model_validate({"card": card, **given}), dice)
    assert dice.unused() == {}
    return result


@pytest.mark.parametrize(("level", "dice"), [
    (1, "1d4"), (2, "1d4"), (3, "2d4"), (4, "2d4"), (5, "2d6"), (6, "2d6"), (7, "2d8"), (20, "2d8"),
])
def test_attaque_eclair_extra_damage_by_level(level: int, dice: str) -> None:
    card = parse_card(FLASH)
    expression = capability_damage(card, level)
    assert expression is not None and expression.text == dice
    faces = [1] * int(dice[0])
    result = capability(FLASH, *faces, level=level)
    assert (result.damage_dice, result.damage, result.extra_damage) == (dice, len(faces), True)


def test_chatiment_deals_1d4_plus_1_holy_for_3_mp() -> None:
    result = capability(SMITE, 3)
    assert (result.damage_dice, result.damage_type, result.mp_cost, result.damage, result.doubled) == (
        "1d4+1", "holy", 3, 4, False)


@pytest.mark.parametrize("target", ["demonic", "non_living"])
def test_chatiment_is_doubled_against_demonic_or_non_living_targets(target: str) -> None:
    assert capability(SMITE, 3, target=target).damage == 8
    critical = capability(SMITE, target=target, critical=True)
    assert (critical.damage, critical.doubled) == (10, True)


def test_a_critical_maximises_attaque_eclair_dice() -> None:
    assert capability(FLASH, level=3, critical=True).damage == 8


def test_capabilities_whose_rules_give_no_damage_roll_nothing() -> None:
    for card in (TELEPORT, TAUNT, "Bouclier de foi | C - A - Soutien"):
        result = capability(card, level=5, target="demonic")
        assert (result.damage_dice, result.damage, result.mp_cost) == (None, 0, 0)
        assert result.known is (card != "Bouclier de foi | C - A - Soutien")  # the rules give its card
        assert result.doubled is False  # nothing rolled, nothing doubled, even against a demon


def test_the_card_of_an_attack_names_its_ability_and_a_doubling_shows_both_halves() -> None:
    result = capability(SMITE, 3, target="demonic")
    assert [s.verdict for s in result.trace if s.event == "capability.attack.mag"] == ["ability.wis"]
    doubled = [s for s in result.trace if s.event == "capability.doubled.demonic"]
    assert [(t.label, t.value) for t in doubled[0].terms] == [("damage", 4), ("damage", 4)]
    assert (result.trace[-1].event, result.trace[-1].anchor) == ("capability.total", "capability-damage")


@pytest.mark.parametrize(("card", "code", "rules", "written"), [
    ("Attaque Éclair | C - MA - PHY(DEX)", "capability_cost", "A", "MA"),
    ("Téléportation | PC - A - Soutien - 50m", "capability_cost", "M", "A"),
    ("Provocation | C - MA", "capability_cost", "G", "MA"),
    ("Téléportation | C - M - Soutien", "capability_type", "PC", "C"),
    ("Attaque Éclair | PC - A", "capability_type", "C", "PC"),
    ("Châtiment de l'Hérétique | C - MA - PHY(FOR) - 60m", "capability_attack", "MAG(SAG)", "PHY(FOR)"),
    ("Châtiment de l'Hérétique | C - MA - MAG(INT)", "capability_attack", "MAG(SAG)", "MAG(INT)"),
    ("Attaque Éclair | C - A - Soutien", "capability_attack", "PHY(DEX)", "Soutien"),
    ("Provocation | C - G - PHY(CHA)", "capability_attack", "Soutien", "PHY(CHA)"),
    ("Téléportation | PC - M - MAG(SAG)", "capability_attack", "Soutien", "MAG(SAG)"),
    ("Châtiment de l'Hérétique | C - MA - MAG(SAG) - 30m", "capability_range", "15m", "30m"),
    ("châtiment de l\u2019hérétique | C - MA - 16m", "capability_range", "15m", "16m"),
])
def test_a_card_that_changes_the_rules_own_card_is_refused(card: str, code: str, rules: str, written: str) -> None:
    """Seed 002 gives four cards whole (type, cost, attack, range): a card that names one of them
    and changes a part is refused on its card line, and its hint writes the rules' card."""
    with pytest.raises(RuleError) as caught:
        capability(card)
    assert caught.value.field == ("given", "card") and caught.value.code == code
    assert dict(caught.value.params) == {"capability": card.split(" |")[0], "rules": rules, "card": written}
    assert caught.value.hint and caught.value.hint.startswith("write the card as the rules do: `")


@pytest.mark.parametrize("card", [
    "Attaque Éclair | C - A", "Attaque Éclair | C - A - PHY(DEX)",  # a part left out is no change
    "Châtiment de l'Hérétique | C - MA - MAG(WIS) - 15m",  # the same ability, in English
    "Châtiment de l'Hérétique | C - MA - 15m", "Téléportation | PC - M",
    "Téléportation | PC - M - Support - 5m", "Provocation | C - G - Soutien",  # no attack test: support
    "Provocation | C - G - 10m",  # a range the rules' card does not give
])
def test_a_card_that_only_leaves_parts_out_or_adds_what_the_rules_do_not_say_is_accepted(card: str) -> None:
    assert capability(card, level=1, critical=True).known is True


def test_names_are_matched_case_and_apostrophe_insensitively() -> None:
    assert capability("attaque éclair | C - A - PHY(DEX)", 2).damage_dice == "1d4"
    assert capability("Châtiment de l\u2019Hérétique | C - MA - MAG(SAG)", 1).damage == 2


def test_a_malformed_card_fails_validation_on_the_card_field() -> None:
    with pytest.raises(ValidationError) as caught:
        CapabilityInput.model_validate({"card": "X | C - AM"})
    detail = caught.value.errors()[0]
    assert detail["loc"] == ("card",) and "column 9" in detail["msg"]


def test_with_capability_adds_the_extra_dice_to_a_weapon_attack() -> None:
    dagger = Attack.model_validate({"total": 18, "damage": "2d4"})
    boosted = with_capability(dagger, parse_card(FLASH), 3)
    assert [e.text for e in boosted.extra_damage] == ["2d4"] and dagger.extra_damage == ()
    with pytest.raises(RuleError, match="adds no extra damage"):
        with_capability(dagger, parse_card(SMITE), 1)
