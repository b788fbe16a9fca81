"""Every key the attack, reaction and critical rules put in a trace has its French and English
words, so that a refusal or a critical failure never reaches a French page in English."""

from __future__ import annotations

from typing import Any

import hypothesis
import pytest
from hypothesis import strategies as st

from rulecheck.engine import (
    AttackInput,
    DyingInput,
    ScriptedDice,
    resolve_attack,
    resolve_dying,
)
from rulecheck.engine.trace import Step
from rulecheck.examples import render
from rulecheck.examples.trace_check import unworded

DAMAGE = {"damage": "1d6"}
ATTACKS: list[tuple[dict[str, Any], dict[str, list[int]]]] = [
    ({"attack": {"bonus": 3, **DAMAGE}}, {"attack": [20], "damage": [1]}),
    ({"attack": {"bonus": 3}}, {"attack": [1]}),
    ({"attacker": {"fumble_threshold": 3}, "attack": {"bonus": 3}}, {"attack": [3]}),
    ({"attack": {"total": 12, **DAMAGE}, "reaction": "dodge"}, {"reaction": [1], "damage": [2]}),
    ({"attack": {"total": 12, **DAMAGE}, "reaction": "parry", "defender": {"fumble_threshold": 2}},
     {"reaction": [2], "damage": [2]}),
    ({"attack": {"total": 12, **DAMAGE}, "reaction": "dodge", "defender": {"fumble_threshold": 2}},
     {"reaction": [2], "damage": [2]}),
    ({"attack": {"total": 12}, "reaction": "parry"}, {"reaction": [20]}),
    ({"attack": {"total": 12, "natural": 20, **DAMAGE}, "reaction": "dodge"}, {"reaction": [5]}),
    ({"attack": {"total": 12, "kind": "magic", **DAMAGE}, "reaction": "parry"}, {"damage": [2]}),
    ({"attack": {"total": 12, "area": True, **DAMAGE}, "reaction": "dodge"}, {"damage": [2]}),
    ({"attack": {"total": 12, "opportunity": True, **DAMAGE}, "reaction": "dodge"}, {"damage": [2]}),
    ({"attack": {"total": 12, **DAMAGE}, "reaction": "dodge", "reaction_lost": True}, {"damage": [2]}),
    ({"attack": {"total": 15, **DAMAGE}, "options": {"progressive_damage": True}}, {"damage": [2]}),
]


def steps() -> list[Step]:
    found: list[Step] = []
    for given, dice in ATTACKS:
        found += resolve_attack(AttackInput.model_validate(given), ScriptedDice(dice)).trace
    dying = {"hit_dice": "1d4", "stabilise": [{"turn": 1, "dc": 5, "fumble_threshold": 3}]}
    found += resolve_dying(DyingInput.model_validate(dying), ScriptedDice({"stabilise": [3], "hit_dice": [1]})).trace
    return found


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_attack_trace_key_has_words(language: str) -> None:
    assert unworded(steps(), language) == set()


def test_refusals_and_critical_failures_read_in_french_on_french_pages() -> None:
    wanted = ("refused", "fumble", "lost", "natural_1")
    for step in steps():
        if any(word in step.event for word in wanted):
            assert render.step(step, "fr") != render.step(step, "en"), step.event


def test_the_refusal_of_a_lost_reaction_says_why() -> None:
    (given, dice) = ATTACKS[11]
    step = next(s for s in resolve_attack(AttackInput.model_validate(given), ScriptedDice(dice)).trace
                if s.event == "reaction.refused.lost")
    assert "échec critique au tour de combat précédent" in render.step(step, "fr")
    assert "critical failure in the previous round" in render.step(step, "en")


@pytest.mark.parametrize("dex", [-3, 0, 2, 4])
def test_a_dex_counted_as_minus_5_says_it_is_brought_down_to_it_not_that_it_is_the_number(dex: int) -> None:
    """The term is the change from the defender's DEX to −5 (−7 for a DEX of +2): its words must
    not read as the number itself (« − 7 (DEX comptée −5) » did)."""
    given = {"defender": {"def_phy": 15, "dex": dex}, "attack": {"kind": "melee", "damage": "1d4"},
             "situation": {"defender": ["helpless"]}}
    result = resolve_attack(AttackInput.model_validate(given), ScriptedDice({"attack": [10], "damage": [1]}))
    (term,) = [t for s in result.trace for t in s.terms if t.label == "dex.zero"]
    assert term.value == -5 - dex
    own = f"+{dex}" if dex >= 0 else f"−{-dex}"  # the defender's own DEX, then what it is brought down to
    for language, words in (("fr", f"DEX {own} ramenée à −5"), ("en", f"DEX {own} lowered to −5")):
        shown = [render.step(s, language) for s in result.trace if any(t.label == "dex.zero" for t in s.terms)]
        assert f"{abs(term.value)} ({words})" in shown[0]


def test_a_poison_without_effect_agrees_in_gender_in_french() -> None:
    """« Effet : aucune » read wrong: the French word for none agrees with the field it answers."""
    assert render.value("none", "fr", "effect") == "aucun"
    assert render.value("none", "en", "effect") == "none"
    assert render.value("none", "fr") == "aucune", "a reaction or an attack that is none stays feminine"


@pytest.mark.parametrize(("name", "french", "english"), [
    ("Orc", "d'Orc", "of Orc"), ("Brann", "de Brann", "of Brann"),
    ("le défenseur", "du défenseur", "of le défenseur"),
    ("une autre créature", "d'une autre créature", "of une autre créature"),
    ("Hobgobelin", "d'Hobgobelin", "of Hobgobelin"),
])
def test_a_name_after_of_is_contracted_and_elided_in_french(name: str, french: str, english: str) -> None:
    from rulecheck.examples.result_words import of

    assert (of(name, "fr"), of(name, "en")) == (french, english)


NOUNS = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzéèàô'- "), min_size=1, max_size=12)
NOUNS = NOUNS.map(str.strip).filter(bool)


@hypothesis.given(article=st.sampled_from(["le", "les", "Le", "LES"]), noun=NOUNS)
def test_french_contracts_de_and_a_with_le_and_les_and_with_nothing_else(article: str, noun: str) -> None:
    """« de le gobelin », « à les gardes » are not French: « du gobelin », « aux gardes »."""
    plural = article.lower() == "les"
    assert render.of(f"{article} {noun}", "fr") == ("des " if plural else "du ") + noun
    assert render.to(f"{article} {noun}", "fr") == ("aux " if plural else "au ") + noun
    for other in (f"la {noun}", f"l'{noun}", f"leur {noun}", f"{article}{noun}"):  # no article that contracts
        assert render.to(other, "fr") == "à " + other
        assert render.of(other, "fr") in ("de " + other, "d'" + other)
    assert (render.of(f"the {noun}", "en"), render.to(f"the {noun}", "en")) == (f"of the {noun}", f"to the {noun}")


@pytest.mark.parametrize(("name", "said"), [
    ("le gobelin", "Le gobelin"), ("l'orc", "L'orc"), ("the knight", "The knight"), ("Elara", "Elara"),
    ("éclaireur", "Éclaireur"), ("« Brann »", "« Brann »"), ("", ""), ("42 rats", "42 rats"),
])
def test_a_name_that_begins_a_line_begins_with_a_capital_and_keeps_the_rest(name: str, said: str) -> None:
    assert render.capitalized(name) == said


def test_an_opportunity_step_names_whose_reach_it_compares_with() -> None:
    """« 1 (squares to Goblin) ≤ 1 (reach) » beside a pixie « (reach 0) » left whose reach unsaid."""
    from rulecheck.engine import OpportunityInput, resolve_opportunity
    from rulecheck.examples.result_words import creature_labels

    given = OpportunityInput.model_validate({"grid": {"map": "A . o", "creatures": {"o": {"name": "Orc"}}},
                                             "path": [[1, 0], [0, 0]]})  # in, then out of its reach
    result = resolve_opportunity(given, ScriptedDice({}))
    for language, reach in (("fr", "(allonge d'Orc)"), ("en", "(reach of Orc)")):
        said = [render.step(s, language, creature_labels(given, language)) for s in result.trace]
        assert any(reach in line for line in said), said


@pytest.mark.parametrize(("name", "shown"), [
    ("le gobelin", "Le gobelin"), ("élara", "Élara"), ("ǆemal", "ǅemal"), ("ßaldur", "ßaldur"), ("ŉorc", "ŉorc"),
    ("ﬀorc", "ﬀorc"), ("Brann", "Brann"), ("3 orcs", "3 orcs"), ("", ""), ("ǳ", "ǲ"),
])
def test_a_name_starting_a_sentence_takes_its_capital_letter_for_letter_never_respelled(name: str, shown: str) -> None:
    """A 32nd hostile round: « ßaldur » began a sentence as « SSaldur », « ǆemal » as « Ǆemal »."""
    assert render.capitalized(name) == shown
