"""Rendering of turns and capability cards: escaped HTML, cost badges, localised values."""

from __future__ import annotations

import typing

import pytest

from rulecheck.engine import CapabilityInput, ScriptedDice, resolve_capability
from rulecheck.engine.capability import CapabilityResult
from rulecheck.engine.rules import RULES
from rulecheck.engine.turn import LETTERS
from rulecheck.examples import render
from rulecheck.hosts.cards import action_badges, capability_header, cost_badge
from tests.conftest import attack

TELEPORT = "Téléportation | PC - M - Soutien"
TAUNT = "Provocation | C - G"


def capability(card: str) -> CapabilityResult:
    return resolve_capability(CapabilityInput(card=card), ScriptedDice({}))


def test_capability_card_rendering_is_escaped_and_localised() -> None:
    result = capability("<b>Ruse</b> | C - MA - MAG(SAG) - 15m")
    french, english = capability_header(result, "fr"), capability_header(result, "en")
    assert "&lt;b&gt;Ruse&lt;/b&gt;" in french and "<b>" not in french
    assert 'class="rc-cost rc-cost--MA"' in french and "MAG (SAG)" in french and "MAG (WIS)" in english
    assert "portée 15\u00a0m" in french and "range 15\u00a0m" in english
    assert ">type C</span>" in french and ">type C</span>" in english  # said, not left to a tooltip
    support = capability_header(capability(TELEPORT), "en")
    assert "rc-chip--support" in support and ">Support<" in support


def test_action_badges_mark_used_left_and_lost_actions() -> None:
    html = action_badges(("M", "A"), ("G",), "en")
    assert html.count("rc-cost--used") == 2 and "rc-cost--G rc-cost--left" in html
    assert action_badges((), (), "fr").count("rc-cost--lost") == 3
    assert 'title="G (free action), left"' in cost_badge("G", "en", "left")


def test_values_render_tuples_and_verdicts_without_body() -> None:
    assert render.value(("M", "A"), "fr") == "M, A"
    assert render.value((), "fr") == "aucune" and render.value([], "en") == "none"
    result = capability(TAUNT)
    assert render.trace(result.trace, "fr") == ["Coût\u00a0: G (action gratuite)"]
    assert render.trace(result.trace, "en") == ["Cost: G (free action)"]


def literal_values(annotation: object) -> list[str]:
    """The words a result field may hold: its ``Literal`` values (within an optional), else none."""
    if typing.get_origin(annotation) is typing.Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return [v for arg in typing.get_args(annotation) for v in literal_values(arg)]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_field_a_card_s_outcome_line_names_has_its_words(language: str) -> None:
    """A word a locale lacks prints as its key ("field.concealment"): each rule's headline field
    is labelled, and each value it may hold said, in both languages."""
    missing = []
    for rule in RULES.values():
        for name in rule.headline:
            if render.word(f"field.{name}", language) == f"field.{name}":
                missing.append(f"{rule.name}: field.{name}")
            for raw in literal_values(rule.result.model_fields[name].annotation):
                if raw in LETTERS:  # the actions' letters, shown as the badges spell them
                    continue
                if f"{name}.{raw}" not in render.VALUES[language] and raw not in render.VALUES[language]:
                    missing.append(f"{rule.name}: {name} = {raw}")
    assert missing == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_value_that_spells_a_word_of_the_cards_is_shown_as_written_unless_the_rules_give_it(language: str) -> None:
    """A name or a dice term quoted in prose (« {{ ex.given.attacker.name }} ») is the author's
    text: one that spells a key of the cards' vocabulary (« error », « show_yaml », « true ») is
    not replaced by that key's sentence. The rules' own words (an outcome, a cover) still are."""
    vocabulary = render.VALUES[language]
    not_rules = [key for key in vocabulary if key not in render.rules_words()]
    assert len(not_rules) > 50  # the cards' own words: titles, badges, hints
    assert {key: render.value(key, language) for key in not_rules} == {key: key for key in not_rules}
    for name in ("Error", "unchecked", "2d4+1", "Brok", "Frère Aldric"):
        assert render.value(name, language) == name
    translated = {word: render.value(word, language) for word in ("hit", "parried", "concealment", "none")}
    assert translated == {word: render.word(word, language) for word in translated}
    assert render.value("concealment", "fr") == "camouflage" and render.value("hit", "fr") == "touché"


def test_the_rules_words_are_every_choice_their_inputs_and_results_declare() -> None:
    words = render.rules_words()
    assert {"hit", "miss", "dodged", "parried"} <= words  # an attack's outcome
    assert {"none", "soft", "normal", "total"} <= words  # a grid's cover
    assert {"regular", "mini_boss", "boss"} <= words  # a poisoner's rank, nested in its input
    assert not words & {"error", "unchecked", "show_yaml", "true", "false"}


@pytest.mark.parametrize(("language", "rules", "card"), [
    ("en", "MAG (WIS)", "PHY (STR)"), ("fr", "MAG (SAG)", "PHY (FOR)"),
])
def test_a_refused_capability_attack_speaks_the_cards_chips_language(language: str, rules: str, card: str) -> None:
    """« the attack MAG(SAG); this card says PHY(FOR) » put French codes on an English page, beside
    a chip that says « MAG (WIS) »."""
    said = render.refusal("capability_attack", {"capability": "Châtiment", "rules": "MAG(SAG)", "card": "PHY(FOR)"},
                          language)
    assert rules in said and card in said
    assert render.card_attack("Soutien", language) == {"en": "Support", "fr": "Soutien"}[language]
    assert render.card_attack("PHY(XYZ)", language) == "PHY(XYZ)"  # not the notation: as written


@pytest.mark.parametrize(("written", "fr", "en"), [
    (["1d8+2"], "1d8 + 2", "1d8 + 2"),
    (["1d4+STR"], "1d4 + FOR", "1d4 + STR"),
    (["1d4+FOR"], "1d4 + FOR", "1d4 + STR"),
    (["2d6-1"], "2d6 − 1", "2d6 − 1"),
    (["-1+1d6"], "−1 + 1d6", "−1 + 1d6"),
    (["1d10-1d4+WIS"], "1d10 − 1d4 + SAG", "1d10 − 1d4 + WIS"),
    (["2d4", "2d4"], "2d4 + 2d4", "2d4 + 2d4"),
    (["1d4", "2d6", "1"], "1d4 + 2d6 + 1", "1d4 + 2d6 + 1"),
])
def test_dice_are_named_in_the_page_s_notation(written: list[str], fr: str, en: str) -> None:
    from rulecheck.engine.dice import DiceExpr

    expressions = [DiceExpr.parse(text) for text in written]
    assert (render.dice_notation(expressions, "fr"), render.dice_notation(expressions, "en")) == (fr, en)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(("gives_up", "bonus"), [(["A"], 1), (["M", "A"], 2)])
def test_a_posture_s_bonus_keeps_its_sign_in_its_step(language: str, gives_up: list[str], bonus: int) -> None:
    """« bonus aux deux défenses : 1 (posture) » read as a count; a bonus alone in its step says
    « +1 (posture) ». Terms of a sum keep their signs between them, as before."""
    from rulecheck.engine.trace import Step, Term

    result = RULES["turn"].resolve(RULES["turn"].given.model_validate(
        {"plan": [{"do": "posture", "gives_up": gives_up}]}), ScriptedDice({}))
    posture = next(s for s in result.trace if s.event.startswith("turn.posture"))
    said = render.step(posture, language)
    assert f"+{bonus} (posture)" in said and f" {bonus} (posture)" not in said.replace(f"+{bonus}", "")
    summed = Step(anchor="x", event="defence.modifiers", terms=(Term(value=15, label="def_phy"),
                                                               Term(value=1, label="posture")), value=16)
    assert render.step(summed, language).split(": ")[-1].lstrip("\u00a0").startswith("15 (")


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(("situation", "outdone", "said"), [
    ({"attacker": ["dazzled", "shaken"]}, None, None),  # penalties of two conditions add up
    ({"attacker": ["shaken", "frightened"]}, "penalty", "−2"),  # one row, one source
    ({"attacker": ["frightened", "dazzled", "shaken"]}, "penalty", "−2"),
    ({"cover": "normal",  # a wall and a pavise: the smaller cover is outdone
      "modifiers": [{"kind": "cover", "source": "defender.pavise", "target": "defence", "value": 2}]}, "bonus", "+2"),
])
def test_a_modifier_that_does_not_stack_says_why_and_keeps_its_sign(
        language: str, situation: dict[str, typing.Any], outdone: str | None, said: str | None) -> None:
    """Penalties add up whatever their kind; only one source twice counts once (shaken and frightened
    are one row), and a bonus is outdone by a larger one of its kind. The step that drops one says
    which of the two it is, never "of the same kind" for a penalty, and shows the modifier signed."""
    given = RULES["attack"].given.model_validate({
        "attack": {"kind": "melee", "total": 15, "damage": "1d6"}, "defender": {"def_phy": 12},
        "situation": situation})
    result = RULES["attack"].resolve(given, ScriptedDice({"damage": [3]}))
    dropped = [s for s in result.trace if s.event.startswith("modifiers.ignored")]
    if outdone is None:
        assert dropped == []
        return
    (step,) = dropped
    assert step.event == f"modifiers.ignored.{outdone}"
    text = render.step(step, language).replace("\u00a0", " ")
    head, body = text.split(": ", 1)
    penalty = {"fr": "Malus", "en": "Penalty"}[language]
    assert body.startswith(f"{said} (") and head.startswith(penalty if outdone == "penalty" else "Bonus"), text
    assert ("type" not in head and "kind" not in head) if outdone == "penalty" else ("kind" in head or "type" in head)


@pytest.mark.parametrize(("language", "spared"), [
    ("fr", ["1 (sans ligne de vue : le loup)", "2 (qui l'ont dans leur dos : le gobelin, l'ogre)"]),
    ("en", ["1 (no line of sight: the wolf)", "2 (with the creature behind them: the goblin, the ogre)"]),
])
def test_leaving_contact_names_the_enemies_it_spares_and_why(language: str, spared: list[str]) -> None:
    """« 3 − 1 (no line of sight) − 1 (have it behind them) » named no one: each group of enemies
    that gets no opportunity attack is named, by the rule's own grouping (``spared_by_leaving``)."""
    from rulecheck.engine.turn import TurnInput
    from rulecheck.examples.result_words import trace_names

    names = {"fr": ["l'orc", "le gobelin", "le loup", "l'ogre"],
             "en": ["the orc", "the goblin", "the wolf", "the ogre"]}
    given = TurnInput.model_validate({"name": "Elara", "contact": [
        {"name": names[language][0]}, {"name": names[language][1], "behind": True},
        {"name": names[language][2], "line_of_sight": False}, {"name": names[language][3], "behind": True}],
        "plan": [{"do": "move", "metres": 8, "leaves_contact": True}]})
    result = RULES["turn"].resolve(given, ScriptedDice({}))
    (line,) = [line for line in render.trace(result.trace, language, trace_names(given, language))
               if "4 (" in line]
    said = line.replace("\u00a0", " ")
    assert all(group in said for group in (s.replace("\u00a0", " ") for s in spared)), said
    assert said.endswith(("= 1 → provoque", "= 1 → provokes"))
    # One enemy of a group unnamed: the group keeps its words alone, never a partial list.
    contact = [*given.contact]
    contact[1] = contact[1].model_copy(update={"name": ""})
    unnamed = " ".join(render.trace(result.trace, language, trace_names(given.model_copy(update={"contact": contact}),
                                                                        language)))
    assert names[language][3] not in unnamed and names[language][2] in unnamed


@pytest.mark.parametrize(("reaction", "dice", "said"), [
    ("parry", {"reaction": [5], "damage": [4]}, True),  # failed, not a critical: the step says there is no bonus
    ("parry", {"reaction": [19], "damage": [4]}, False),  # parried: no damage, no bonus to speak of
    ("none", {"damage": [4]}, False),  # no reaction: nothing to look for
])
def test_a_failed_reaction_says_it_adds_no_damage_bonus(reaction: str, dice: dict[str, list[int]], said: bool) -> None:
    """A reader of « the attack beats his Def PHY by 5 » looks for a bonus: after a failed dodge or
    parry without a critical, the card says in a step that there is none (ruling 4)."""
    given = RULES["attack"].given.model_validate({
        "defender": {"level": 1, "str": 1, "def_phy": 10}, "attack": {"kind": "melee", "total": 15, "damage": "1d8+2"},
        "reaction": reaction})
    result = RULES["attack"].resolve(given, ScriptedDice(dice))
    lines = {language: render.trace(result.trace, language) for language in ("fr", "en")}
    assert ("Bonus de dégâts après une réaction ratée\u00a0: aucun (pas de réussite critique)" in lines["fr"]) is said
    assert ("Damage bonus after a failed reaction: none (no critical success)" in lines["en"]) is said
    assert result.bonus_damage == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
@pytest.mark.parametrize(("language", "words"), [
    ("en", "→ whatever its total, the critical success prevails: {} fails"),
    ("fr", "→ quel que soit son total, la réussite critique l'emporte : {} ratée"),
])
def test_a_reaction_against_a_critical_says_the_critical_decides_not_the_numbers(
        reaction: str, language: str, words: str) -> None:
    """A parry of 26 « vs 23 (attack) → parry fails » read as lost on the numbers."""
    result = attack({"defender": {"def_phy": 18, "str": 4, "dex": 4, "level": 3},
                     "attack": {"total": 23, "natural": 20, "damage": "1d6"}, "reaction": reaction}, reaction=[19])
    [line] = [line for line in render.trace(result.trace, language) if line.startswith(("Dodge", "Parry", "Test"))
              and ("23" in line)]
    name = {"en": reaction, "fr": {"dodge": "esquive", "parry": "parade"}[reaction]}[language]
    assert line.replace("\u00a0", " ").endswith(words.format(name)), line
    assert "26" in line  # its total still shown: 19 + 3 + 4


@pytest.mark.parametrize(("language", "plain", "after"), [
    ("en", "3 (DEX bonus +3 lost)", "1 (DEX bonus left after the entangled penalty, +1, lost)"),
    ("fr", "3 (bonus de DEX +3 perdu)", "1 (bonus de DEX restant après l'enchevêtrement, +1, perdu)"),
])
def test_a_lost_dex_bonus_says_when_it_is_what_entangled_left(language: str, plain: str, after: str) -> None:
    """A DEX +3 defender, entangled then flat-footed, lost « +1 »: a player read it as a wrong DEX."""
    from rulecheck.engine.trace import Term

    assert render._terms((Term(value=16, label="def_phy"), Term(value=-3, label="dex.loses_bonus")), language, {}) \
        .endswith(plain)
    entangled = (Term(value=16, label="def_phy"), Term(value=-2, label="dex.entangled"),
                 Term(value=-1, label="dex.loses_bonus"))
    assert render._terms(entangled, language, {}).endswith(after)
