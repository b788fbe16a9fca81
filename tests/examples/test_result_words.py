"""A card's result line speaks of creatures by name, and of empty results in words."""

from __future__ import annotations

import pytest

from rulecheck.engine.opportunity import OpportunityInput, resolve_opportunity
from rulecheck.engine.positions import PositionsInput, resolve_positions
from rulecheck.engine.sources import ScriptedDice
from rulecheck.examples.result_words import creature, creature_labels, result_value


def moved(creatures: dict[str, dict[str, str]] | None = None) -> tuple[OpportunityInput, object]:
    given = OpportunityInput.model_validate({
        "grid": {"map": "o A . .\nB . . .\n", "creatures": creatures or {}}, "path": [[2, 0], [3, 0]]})
    return given, resolve_opportunity(given, ScriptedDice({}))


@pytest.mark.parametrize(("language", "named", "unnamed"), [
    ("fr", "Orque", "une autre créature"), ("en", "Orc", "another creature"),
])
def test_opportunity_attacks_come_from_named_creatures(language: str, named: str, unnamed: str) -> None:
    given, result = moved({"o": {"name": named}})
    assert result.opportunity_from == ("o",)
    assert result_value(given, result, "opportunity_from", language) == named
    given, result = moved()
    assert result_value(given, result, "opportunity_from", language) == unnamed


@pytest.mark.parametrize(("letter", "french", "english"), [
    ("A", "la créature qui agit", "the creature acting"), ("D", "le défenseur", "the defender"),
    ("B", "un allié", "an ally"),
    ("g", "une autre créature", "another creature"),
])
def test_an_unnamed_creature_is_said_by_what_its_letter_means(letter: str, french: str, english: str) -> None:
    grid = PositionsInput.model_validate({"grid": {"map": "A B g D\n"}}).grid
    assert (creature(grid, letter, "fr"), creature(grid, letter, "en")) == (french, english)


def test_nobody_and_not_applicable_are_words_or_nothing_never_a_dash() -> None:
    given = OpportunityInput.model_validate({"grid": {"map": "o . A .\n"}, "path": [[3, 0]]})
    result = resolve_opportunity(given, ScriptedDice({}))
    assert result_value(given, result, "opportunity_from", "en") == "none"
    assert result_value(given, result, "opportunity_from", "fr") == "aucune"
    ranged = PositionsInput.model_validate({"grid": {"map": "A . . D\n"}, "attack": "ranged"})
    found = resolve_positions(ranged, ScriptedDice({}))
    assert found.in_reach is None and found.flanking is None
    for language in ("fr", "en"):
        assert result_value(ranged, found, "in_reach", language) is None  # reach is not a ranged question
        assert result_value(ranged, found, "flanking", language) is None
        assert result_value(ranged, found, "cover", language) not in {None, "—"}


def test_a_trace_names_the_creatures_of_its_map() -> None:
    given, _ = moved({"o": {"name": "Orc"}})
    assert creature_labels(given, "en") == {  # a distance: never a bare name beside a number
        "creature.o": "squares to Orc", "creature.A": "squares to the creature acting",
        "creature.B": "squares to an ally",
        # and whose reach a distance is compared with
        "reach.o": "reach of Orc", "reach.A": "reach of the creature acting", "reach.B": "reach of an ally"}
    assert creature_labels(object(), "en") == {}
