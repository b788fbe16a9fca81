"""A card's result line speaks of creatures by name, and of empty results in words; its trace names who rolls."""

from __future__ import annotations

import pytest

from rulecheck.engine.dying import DyingInput, resolve_dying
from rulecheck.engine.opportunity import OpportunityInput, resolve_opportunity
from rulecheck.engine.positions import PositionsInput, resolve_positions
from rulecheck.engine.sources import ScriptedDice
from rulecheck.examples.render import step
from rulecheck.examples.result_words import creature, creature_labels, result_value, trace_names


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
        "creature.o": "squares to Orc before the step", "creature.A": "squares to the creature acting before the step",
        "creature.B": "squares to an ally before the step",
        # after a step that leaves a reach, where it lands
        "after.o": "squares to Orc after the step", "after.A": "squares to the creature acting after the step",
        "after.B": "squares to an ally after the step",
        # and whose reach a distance is compared with
        "reach.o": "reach of Orc", "reach.A": "reach of the creature acting", "reach.B": "reach of an ally"}
    assert creature_labels(object(), "en") == {}


@pytest.mark.parametrize(("name", "french", "english"), [
    ("Elara", "Test de Soin d'Elara", "Elara's Healing test"),
    ("Tomas", "Test de Soin de Tomas", "Tomas's Healing test"),
    ("Hélène", "Test de Soin d'Hélène", "Hélène's Healing test"),
    ("le prêtre", "Test de Soin du prêtre", "le prêtre's Healing test"),
])
@pytest.mark.parametrize(("face", "french_tail", "english_tail"), [
    (9, " pour stabiliser :", " to stabilise:"),
    (20, " pour stabiliser :", " to stabilise:"),  # a natural 20 is a total like any other here
    (1, ", 1 naturel (échec critique) :", ", natural 1 (critical failure):"),
    (2, ", échec critique (seuil relevé) :", ", critical failure (raised threshold):"),
])
def test_each_healing_test_names_its_healer(name: str, french: str, english: str, face: int,
                                            french_tail: str, english_tail: str) -> None:
    given = DyingInput.model_validate({"hit_dice": "2d4", "below_zero": 3, "turns": 1, "stabilise": [
        {"turn": 1, "name": "Lysa", "wis": 0, "dc": 30},  # fails, and the second attempt is rolled
        {"turn": 1, "name": name, "wis": 3, "dc": 12, "fumble_threshold": 2}]})
    result = resolve_dying(given, ScriptedDice({"stabilise": [5, face], "hit_dice": [1, 1]}))
    tests = [step for step in result.trace if step.event.startswith("dying.stabilise")]
    for language, healer, tail, first in (("fr", french, french_tail, "Test de Soin de Lysa pour stabiliser"),
                                          ("en", english, english_tail, "Lysa's Healing test to stabilise")):
        lines = [step(s, language, trace_names(given, language)).replace("\u00a0", " ") for s in tests]
        assert lines[0].startswith(first + (" :" if language == "fr" else ":"))
        assert lines[1].startswith(healer + tail), lines[1]


def test_an_unnamed_healer_leaves_the_healing_test_as_it_was() -> None:
    given = DyingInput.model_validate({"hit_dice": "2d4", "turns": 1, "stabilise": [{"turn": 1, "wis": 3, "dc": 12}]})
    result = resolve_dying(given, ScriptedDice({"stabilise": [15]}))
    (test,) = [s for s in result.trace if s.event == "dying.stabilise"]
    assert test.actor == "healer.1" and trace_names(given, "en") == {}
    assert step(test, "en", trace_names(given, "en")).startswith("Healing test to stabilise: 15 (d20)")


@pytest.mark.parametrize(("rule", "given", "fields"), [
    ("turn", {"plan": [{"do": "move", "metres": 8}, {"do": "attack"}]}, ("used", "left")),
    ("turn", {"plan": [{"do": "move", "metres": 15}]}, ("used", "left")),
    ("movement", {"metres": 8}, ("uses", "left")),
])
def test_a_turns_actions_are_named_not_bare_letters(rule: str, given: dict[str, object],
                                                     fields: tuple[str, ...]) -> None:
    """On a phone no pointer hovers the chips: the result line says what M, A and G are."""
    from rulecheck.engine.rules import RULES

    model = RULES[rule].given.model_validate(given)
    result = RULES[rule].resolve(model, ScriptedDice({}))
    names = {"fr": {"M": "M (mouvement)", "A": "A (attaque)", "G": "G (action gratuite)"},
             "en": {"M": "M (movement)", "A": "A (attack)", "G": "G (free action)"}}
    for language in ("fr", "en"):
        for field in fields:
            letters = getattr(result, field)
            said = result_value(model, result, field, language)
            assert said == (", ".join(names[language][letter] for letter in letters) or
                            ("aucune" if language == "fr" else "none")), (field, said)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_turns_trace_names_each_action_it_uses_or_leaves(language: str) -> None:
    """"Move: 8 (metres) → uses the movement action (M)", never "uses M": every letter a turn's trace
    gives is in brackets after its action's name, whichever actions a step uses or leaves."""
    import itertools
    import re

    from rulecheck.engine.trace import Step
    from rulecheck.examples.locales.turn import VALUES

    names = {"fr": {"M": "l'action de mouvement", "A": "l'action d'attaque", "G": "l'action gratuite"},
             "en": {"M": "movement", "A": "attack", "G": "free"}}[language]
    sets = ["+".join(letters) for n in (1, 2, 3) for letters in itertools.combinations("MAG", n)]
    for kind, letters in itertools.product(("uses", "left"), sets):
        event = "turn.left" if kind == "left" else "turn.attack"
        said = step(Step(anchor="turn-structure", event=event, verdict=f"{kind}.{letters}"), language)
        assert VALUES[language][f"{kind}.{letters}"] in said
        assert f"({letters.replace('+', ' + ')})" in said, said
        assert not re.search(r"\b(MA|[MAG])\b", re.sub(r"\([^)]*\)", "", said)), f"a bare letter: {said}"
        for letter in letters.split("+"):
            assert names[letter] in said, (letter, said)


@pytest.mark.parametrize(("regain", "unchanged"), [({"hp": 8}, "mp"), ({"mp": 3}, "hp"), ({"hp": 5, "mp": 2}, None)])
@pytest.mark.parametrize("kind", ["short", "long"])
def test_a_rest_says_which_pool_it_left_as_it_was(regain: dict[str, int], unchanged: str | None, kind: str) -> None:
    """« PV : 15 · PM : 1 » after a rest that gave back PV: the 1 is the PM the character had,
    and the line says so; a pool the rest gave back is its new amount, said as it is."""
    from rulecheck.engine.rests import RestInput, resolve_rest

    if kind == "short" and unchanged is None:
        return  # a short rest gives back one pool only: refused, no result line
    given = RestInput.model_validate({"character": {"hp": 7, "hp_max": 20, "mp": 1, "mp_max": 9},
                                      "kind": kind, "regain": regain})
    result = resolve_rest(given, ScriptedDice({}))
    words = {"fr": "(inchangés\u202f: ce repos ne les rend pas)",
             "en": "(unchanged: this rest does not give them back)"}
    for language in ("fr", "en"):
        for pool in ("hp", "mp"):
            said = result_value(given, result, pool, language)
            assert said is not None and said.startswith(str(getattr(result, pool)))
            assert (words[language] in said) == (pool == unchanged), (language, pool, said)
