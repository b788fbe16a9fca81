"""The pages say what the rulebook says where a second reading found them contradicting it (issue 19).

Each test reads the pages themselves (both languages) and the examples they hold, so that a page
that drifts back to an earlier wording or ruling fails here, not only in review.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rulecheck.examples.check import check_paths
from tests.site.test_turn_pages import examples, prose, text

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "en")


def pages(language: str) -> list[str]:
    return sorted(path.name for path in (ROOT / "docs" / language).glob("*.md"))


def one_line(language: str, page: str, *, as_read: bool = False) -> str:
    """A page's text with its line breaks folded, so that a phrase matches wherever the lines
    wrap; ``as_read``: without its code, as :func:`prose` gives it."""
    return " ".join((prose if as_read else text)(language, page).split())


def resolved(language: str, page: str) -> dict[str, Any]:
    report = check_paths([ROOT / "docs" / language / page], root=ROOT, odds=False)
    return {o.id: o for found in report.pages.values() for o in found.outcomes}


# Contradiction 5 and ruling 4: a failed reaction can cost a blow below the defence -----------------

_NEVER_COSTS = re.compile(r"never costs more|cannot cost more|ne co[uû]te jamais plus|jamais plus de d[ée]g[aâ]ts que",
                          re.IGNORECASE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_says_reacting_never_costs_more_damage(language: str) -> None:
    for page in pages(language):
        assert not _NEVER_COSTS.search(text(language, page)), f"{language}/{page}"
    assert not _NEVER_COSTS.search((ROOT / "rulecheck" / "engine" / "attack.py").read_text("utf-8"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_failed_reaction_lets_through_a_blow_below_the_defence(language: str) -> None:
    outcome = resolved(language, "reactions.md")["dodge-natural-1"]
    assert outcome.parsed is not None and outcome.result is not None
    defender = outcome.parsed.example.given.defender  # type: ignore[attr-defined]
    assert outcome.result.hit and outcome.result.attack_total < defender.def_phy  # type: ignore[attr-defined]
    words = prose(language, "reactions.md")
    assert ("never grows because the target reacted" in words) if language == "en" \
        else ("ne grossit donc jamais le bonus" in words)


# Ruling 14: the next turn after a reaction's natural 1 is the next round ---------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reaction_s_natural_1_costs_the_next_round(language: str) -> None:
    words = prose(language, "reactions.md")
    note = " ".join(words.split("{ #note-next-round }")[1].split())
    assert ("next round of combat" in note and "current round is unaffected" in note) if language == "en" \
        else ("tour de combat suivant" in note and "tour de combat en cours n'est pas touché" in note)
    for page in ("reactions.md", "criticals.md", "quick-reference.md", "notes.md"):
        said = prose(language, page)
        if language == "en":
            assert not re.search(r"(on the|next) turn'?s? reactions|reactions (on the )?next turn", said), page
        else:
            assert not re.search(r"réactions? (du|au) tour suivant", said), page


# Contradictions 3 and 4: the quick reference on surprise and posture -----------------------------

def test_the_quick_reference_says_a_surprised_creature_cannot_act_at_all() -> None:
    fr, en = prose("fr", "quick-reference.md"), prose("en", "quick-reference.md")
    assert "ne peut pas agir du tout" in fr and "ni attaquer ni lancer de sort" not in fr
    assert "cannot act at all" in en and "neither attack nor cast" not in en
    assert "first round of combat" in en and "first turn" not in en


def test_the_quick_reference_forbids_giving_up_movement_alone() -> None:
    assert "Renoncer à M seul n'est pas permis" in prose("fr", "quick-reference.md")
    assert "Giving up M alone is not allowed" in prose("en", "quick-reference.md")
    assert "ne donne rien" not in prose("fr", "quick-reference.md")
    assert "gives nothing" not in prose("en", "quick-reference.md")


def test_the_french_quick_reference_says_the_cha_threshold_raises_the_fumbles() -> None:
    words = prose("fr", "quick-reference.md")
    assert "1 naturel, ou plus selon le seuil" in words and "ou moins selon le seuil" not in words


# Contradiction 2 and ruling 12: two weapons give no second attack -------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_two_weapons_grant_no_second_attack(language: str) -> None:
    for page in pages(language):
        assert "rule: two_weapons" not in text(language, page), page
    shown = examples(language, "unarmed.md")["two-weapons-one-attack-action"]
    assert shown["rule"] == "turn" and shown["given"]["plan"] == [{"do": "attack"}, {"do": "attack"}]
    assert shown["expect"] == {"refused": "action_used"}
    words = prose(language, "unarmed.md")
    assert not re.search(r"off.hand attack costs|main secondaire prend|costs the movement action", words)


# Contradiction 1: reach melee uses the ranged cover rule ----------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_soft_cover_applies_to_reach_attacks_on_the_pages(language: str) -> None:
    for page in ("modifiers.md", "quick-reference.md"):
        row = "soft cover (creatures)" if language == "en" else "abri mou (créatures)"
        (line,) = [line for line in text(language, page).splitlines() if line.startswith(f"| {row} |")]
        assert line.split("|")[2].strip() == "+4¹", page
    found = resolved(language, "modifiers.md")
    reach = found["reach-attack-over-a-goblin"]
    assert reach.result is not None and reach.result.cover == "soft"  # type: ignore[attr-defined]
    words = prose(language, "modifiers.md")
    assert "protect against shots only" not in words and "contre les tirs seulement" not in words


# Rulings 7, 11, 15: readings changed ----------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_a_free_action_may_come_before_the_posture(language: str) -> None:
    first = examples(language, "turn.md")["turn-potion-then-guard"]
    assert [step["do"] for step in first["given"]["plan"]] == ["free", "posture"]
    assert "refused" not in first["expect"] and first["expect"]["posture_bonus"] == 2
    for page in ("turn.md", "notes.md"):
        words = prose(language, page)
        assert "even a free action" not in words and "même une action gratuite" not in words, page


@pytest.mark.parametrize("language", LANGUAGES)
def test_rests_invent_no_amount(language: str) -> None:
    for page in ("rests.md", "notes.md", "quick-reference.md"):
        words = prose(language, page)
        assert not re.search(r"half the (chosen pool's )?maximum|moitié du maximum", words), page
    for data in examples(language, "rests.md").values():
        assert data["given"]["regain"], data["id"]


# Ruling 13: the coup de grâce ------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coup_de_grace_rolls_no_attack_and_keeps_the_miss_chance(language: str) -> None:
    found = examples(language, "modifiers.md")
    for key in ("coup-de-grace-dagger", "coup-de-grace-crossbow", "coup-de-grace-in-mist"):
        assert "total" not in found[key]["given"]["attack"], key
    assert found["coup-de-grace-dagger"]["expect"]["bonus_damage"] == 0
    assert found["coup-de-grace-in-mist"]["dice"] == {"miss_chance": [15]}
    note = " ".join(prose(language, "modifiers.md").split("{ #note-coup-de-grace }")[1].split("\n## ")[0].split())
    assert ("no attack total and no damage bonus" in note and "the target rolls its d100" in note) \
        if language == "en" else ("ni total d'attaque ni bonus de dégâts" in note and "la cible lance son d100" in note)
    for page in ("modifiers.md", "notes.md"):
        words = one_line(language, page, as_read=True)
        assert "only a coup de grâce escapes it" not in words and "seul le coup de grâce y échappe" not in words
        assert "the miss chance does not apply" not in words and "la chance d'échec ne joue pas" not in words


# Ruling 16: each page that states a reading says so where it states it ---------------------------------

_NOTE = {"fr": "Note d'interprétation", "en": "Interpretation note"}
_READING = {"fr": "une lecture", "en": "a reading"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("page", "section", "anchor"), [
    ("attack.md", "{ #natural-rolls }", "note-natural-rolls"),
    ("criticals.md", "{ #critical-success }", "note-natural-rolls"),
    ("reactions.md", "{ #reaction-criticals }", "note-next-round"),
    ("movement.md", "{ #movement-limit }", "note-second-movement"),
    ("modifiers.md", "# ", "note-defence-targeted"),
])
def test_a_page_stating_a_reading_holds_its_note(language: str, page: str, section: str, anchor: str) -> None:
    body = text(language, page)
    assert section in body and f"#{anchor}" in body, f"{language}/{page}: no link or heading for {anchor}"
    where = body.index(f"{{ #{anchor} }}") if f"{{ #{anchor} }}" in body else None
    if where is None:  # the note lives on another page: this page links to it from an interpretation note
        start = body.index(section)
        assert _NOTE[language] in body[start:body.index(f"#{anchor}", start)], f"{language}/{page}"
    else:
        assert _NOTE[language] in body[where:where + 300], f"{language}/{page}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_quick_reference_flags_its_readings_where_it_states_them(language: str) -> None:
    body = text(language, "quick-reference.md")
    for anchor, section in (("note-natural-rolls", "{ #qr-attack }"), ("note-second-movement", "{ #qr-movement }"),
                            ("note-defence-targeted", "{ #qr-defender }")):
        start = body.index(section)
        part = body[start:body.index("</section>", start)]
        assert f"[{_READING[language]}](" in part and f"#{anchor})" in part, f"{language}: {section}"


def test_the_notes_page_no_longer_argues_from_the_later_text() -> None:
    assert "later text" not in text("en", "notes.md") and "plus récent" not in text("fr", "notes.md")
    for language, words in (("en", "every critical result during a fight"),
                            ("fr", "tout\nrésultat critique obtenu au cours d'un combat porte au maximum")):
        assert words in text(language, "notes.md")


# Language ----------------------------------------------------------------------------------------------

def test_the_rules_names_are_kept_in_english() -> None:
    cast = (ROOT / "docs" / "cast.yml").read_text("utf-8")
    assert "Brother Aldric" not in cast and "Orque" not in cast
    for page in pages("en"):
        body = text("en", page)
        assert "Flash Attack" not in body, page  # Attaque Éclair, as the rules write it
        assert "Brother Aldric" not in body, page
        assert "positioning step" not in body, page  # "placement step", one name
        assert not re.search(r"\bfirst turn\b", body), page  # the first round
        assert 'the "Combat" chapter' not in body and "the combat chapter" not in body, page
    assert "must turn on it next turn" not in text("en", "turn.md")


def test_every_capability_tab_of_the_english_turn_page_glosses_its_french_name() -> None:
    """The capabilities keep the rules' French names; an English reader gets each one glossed in its
    tab's title, Attaque Éclair as much as the others (it was the one left bare)."""
    french = re.findall(r'^=== "(.+)"$', text("fr", "turn.md"), re.MULTILINE)
    english = re.findall(r'^=== "(.+)"$', text("en", "turn.md"), re.MULTILINE)
    capabilities = [name for name in french if not name.startswith("Niveau")]
    assert len(capabilities) == 4
    for name in capabilities:
        (tab,) = [title for title in english if title.startswith(name)]
        assert re.fullmatch(re.escape(name) + r" \([A-Z][\w' ]+\)", tab), tab


def test_french_pages_say_orc_as_the_rulebook_does() -> None:
    for page in pages("fr"):
        assert not re.search(r"\b[oO]rques?\b", text("fr", page)), page
    assert "« Grand (haut) »" in text("fr", "authors.md") and "debout)" not in text("fr", "authors.md")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_goblin_s_prose_matches_its_numbers(language: str) -> None:
    words = prose(language, "modifiers.md")
    assert "DEX (+1)" not in words and "DEX bonus (+1)" not in words
    # The higher ground's +1 decides the blow: from the floor it misses, from the table it equals
    # the goblin's Def PHY (13), as the prose says.
    higher = resolved(language, "modifiers.md")["higher-ground"]
    assert higher.result is not None and higher.parsed is not None
    total, defence = higher.result.attack_total, higher.result.defence_value  # type: ignore[attr-defined]
    assert total == defence == 13 and higher.parsed.example.given.attack.total < defence  # type: ignore[union-attr]
    said = {"fr": "et égale la Def PHY\n    du gobelin", "en": "and equals the\n    goblin's Def PHY"}[language]
    assert said in words


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_target_rolls_the_miss_chance(language: str) -> None:
    words = one_line(language, "modifiers.md", as_read=True)
    said = {"en": "the **target** rolls a **d100**", "fr": "la **cible** lance un **d100**"}[language]
    assert said in words


# Three outside readings of 3 December 2026 ---------------------------------------------------------

def test_a_reach_of_zero_is_the_typical_value_and_said_to_be_a_reading() -> None:
    """Seed 004: creatures smaller than a square *generally* have a reach of 0; the sizes' values
    are typical, with exceptions. The engine follows the typical values, and the pages say so."""
    said = {"fr": ("n'a en général pas d'allonge", "C'est une lecture : ce site et"),
            "en": ("generally has no reach", "This is a reading: this site and the")}
    for language, (on_opportunity, on_modifiers) in said.items():
        assert on_opportunity in one_line(language, "opportunity.md", as_read=True)
        assert on_modifiers in one_line(language, "modifiers.md", as_read=True)
        assert "modifiers.md#size-and-reach" in text(language, "notes.md")


def test_only_leaving_contact_provokes_is_said_of_an_ordinary_reach() -> None:
    """A long reach provokes on a move inside it too: the sentence must not say otherwise."""
    said = {"fr": "Face à une allonge ordinaire, seul compte", "en": "Against an ordinary reach, only the move"}
    for language, words in said.items():
        assert words in one_line(language, "opportunity.md", as_read=True)


def test_the_dying_priest_s_examples_count_his_turns_not_rounds() -> None:
    """Seed 002 counts the unconscious character's own turns (« À chaque tour où… », « Lors de son tour »)."""
    assert not re.search(r"\b(first|second) round\b", prose("en", "dying.md"))
    assert re.search(r"[Aa]u premier tour", prose("fr", "dying.md"))


def test_the_poison_tests_note_says_what_the_rules_say_of_a_natural_1() -> None:
    """Seed 002: a natural 1 on an action in combat is a critical failure, the action fails."""
    said = {"fr": "les règles disent qu'un 1 naturel fait échouer une action en combat",
            "en": "the rules say a natural 1 makes an action in combat fail"}
    for language, words in said.items():
        page = one_line(language, "poisons.md")
        assert words in page and "pas leur effet sur un test" not in page and "not their effect on a test" not in page


def test_what_the_rules_do_not_say_of_rests_and_free_actions_is_called_a_reading() -> None:
    """Seed 002 gives neither a cap at the maximum nor what a long rest gives back, and speaks of
    free actions in the plural: the site's choices are readings wherever it states them."""
    said = {"fr": ("Personne ne dépasse son maximum ([une lecture](#note-rest-amounts))",
                   "nous lisons qu'il peut rendre des PV comme des PM ([une lecture](#note-rest-choice))",
                   "(G) (une seule : [une lecture](turn.md#note-one-free-action))",
                   "jamais au-delà du maximum ([une lecture](rests.md#note-rest-amounts))",
                   "Deux lectures, les règles n'en disant rien"),
            "en": ("Nobody goes over their maximum ([a reading](#note-rest-amounts))",
                   "we read that it may give back HP and MP alike ([a reading](#note-rest-choice))",
                   "(G) (only one: [a reading](turn.md#note-one-free-action))",
                   "never above the maximum ([a reading](rests.md#note-rest-amounts))",
                   "Two readings, where the rules say nothing")}
    for language, (cap, long_rest, free, quick_cap, notes) in said.items():
        rests = one_line(language, "rests.md")
        quick = one_line(language, "quick-reference.md")
        assert cap in rests and long_rest in rests and free in quick and quick_cap in quick
        assert notes in one_line(language, "notes.md")
        assert "seulement ce que disent les règles" not in rests and "only checks what the rules do say" not in rests


def test_reach_the_bonus_s_defence_and_other_unstated_numbers_are_called_readings() -> None:
    """Approaching provokes by a natural reach over one square, not by size; the bonus quoted as
    the rules write it; the survival roll's formula, the prone weapons, the threshold's cap of 19
    and a reaction's natural 20 are readings, not the rules' words."""
    said = {
        "fr": {"modifiers.md": ("s'approcher d'une créature dont l'allonge naturelle dépasse une case provoque "
                                "en général",
                                "y voir un test de CON, 1d20 + CON comme nos",
                                "(poisons.md#note-poison-tests), serait une lecture, pas une règle",
                                "ces deux armes-là seulement, une lecture"),
               "notes.md": ("il se calcule toujours d'après la Def PHY", "19 au plus, une lecture",
                            "une lecture, les règles n'en disant que la contre-attaque",
                            "pour une créature d'allonge 0, entrer dans la case d'un ennemi")},
        "en": {"modifiers.md": ("approaching a creature whose natural reach is more than one square generally provokes",
                                "taking it for a CON test, 1d20 + CON like our",
                                "(poisons.md#note-poison-tests), would be a reading, not a rule",
                                "those two weapons only, a reading"),
               "notes.md": ("it is always worked out from Def PHY", "19 at most, a reading",
                            "a reading, the rules giving it only the counter-attack",
                            "for a creature with a reach of 0, entering an enemy's square")},
    }
    for language, pages_said in said.items():
        for page, phrases in pages_said.items():
            words = one_line(language, page)
            for phrase in phrases:
                assert phrase in words, (language, page, phrase)


# A fourth outside reading, 3 December 2026 ----------------------------------------------------------

def test_entangled_takes_the_rules_minus_4_dex_and_the_minus_2_is_a_reading() -> None:
    """Seed 004: an entangled character takes −4 to Dexterity; the −2 the engine applies to the DEX
    modifier is a reading, said wherever the pages give it, never a bare "−2 DEX"."""
    # The quick reference's defender footnote, short of room on its printed sheet, says it shorter.
    said = {"fr": ("−4 en DEX, (?:soit −2 au modificateur de DEX|−2 à son modificateur)",
                   "([une lecture](modifiers.md#note-dex-in-defence))", ("−2 en DEX", "perd 2 points de DEX")),
            "en": ("−4 DEX, (?:that is −2 to the DEX modifier|−2 to its modifier)",
                   "([a reading](modifiers.md#note-dex-in-defence))", ("−2 DEX", "loses 2 points of DEX"))}
    for language, (rule, reading, bare) in said.items():
        quick = one_line(language, "quick-reference.md", as_read=True)
        modifiers = one_line(language, "modifiers.md", as_read=True)
        assert len(re.findall(rule, quick)) == 2
        assert len(re.findall(f"{rule} {re.escape(reading)}", one_line(language, "quick-reference.md"))) == 2
        assert len(re.findall(rule, modifiers)) == 2
        note = modifiers.index("{ #note-dex-in-defence }")
        for words in bare:  # only the note that explains the reading says it so
            assert words not in quick and words not in modifiers[:note], (language, words)


def test_kael_deals_the_critical_damage_and_alice_takes_it() -> None:
    """Seed 000: Kael attacks the knight; Alice is the one hit by the goblin."""
    said = {"fr": ("les dégâts que subit Alice et ceux qu'inflige Kael", "Alice et Kael subissent"),
            "en": ("the damage Alice takes and the damage Kael deals", "Alice and Kael take")}
    for language, (right, wrong) in said.items():
        notes = one_line(language, "notes.md")
        assert right in notes and wrong not in notes


def test_going_on_after_a_failed_int_test_is_called_a_reading() -> None:
    """Seed 002 asks for two consecutive tests and says an INT failure may mean a weaker or unsuited
    poison is used: that such a poison is still applied, the DEX test deciding, is a reading."""
    said = {"fr": ("Notre lecture : ce poison-là sert quand même, donc un test d'INT raté n'arrête pas l'essai",
                   "([notre lecture](#note-poison-tests))"),
            "en": ("Our reading: such a poison is still used, so a failed INT test does not end the attempt",
                   "([our reading](#note-poison-tests))")}
    for language, (note, prose_link) in said.items():
        page = one_line(language, "poisons.md")
        assert note in page and prose_link in page


def test_a_natural_1_fails_by_the_rules_and_the_critical_s_bonus_without_a_reaction_is_a_reading() -> None:
    """Seed 002: on a natural 1 in combat « votre action a simplement échoué » — the rules do say
    it decides; what they leave unsaid is the critical success's face and that it hits whatever
    the totals. Seed 000 gives the critical's bonus after a failed dodge or parry; the site adds it
    to every critical, a reading said on each page that states it."""
    understated = re.compile(r"l'un ou l'autre (tranche|l'emporte)|either (decides|overrides)")
    said = {"fr": {"attack.md": "disent qu'alors l'action échoue : un 1 naturel manque donc toujours",
                   "criticals.md": "Ce bonus sur tout critique, que la cible ait réagi ou non, est une lecture",
                   "reactions.md": "dont elles disent qu'il fait échouer l'action",
                   "unarmed.md": "Def PHY ([une lecture](notes.md#note-damage-bonus))",
                   "quick-reference.md": "(réussite critique, [une lecture](attack.md#note-natural-rolls)), "
                                         "un 1 naturel rate",
                   "notes.md": "nous l'appliquons à tout critique qui touche, que la cible ait réagi ou non "
                               "(une lecture)"},
            "en": {"attack.md": "say the action then fails: a natural 1 always misses",
                   "criticals.md": "That bonus on every critical, whether the target reacted or not, is a reading",
                   "reactions.md": "which they say makes the action fail",
                   "unarmed.md": "Def PHY ([a reading](notes.md#note-damage-bonus))",
                   "quick-reference.md": "(critical success, [a reading](attack.md#note-natural-rolls)), "
                                         "a natural 1 always",
                   "notes.md": "we apply it to every critical that hits, whether the target reacted or not "
                               "(a reading)"}}
    for language, pages_said in said.items():
        for page, phrase in pages_said.items():
            words = one_line(language, page)
            assert phrase in words, (language, page)
            assert not understated.search(words), (language, page)


def test_a_stabilised_character_rests_from_below_zero_as_a_reading() -> None:
    """Seed 002 writes a dying character's HP down below zero and never resets them (a 41st
    reading: the site's earlier rest « from 0 HP » was not the natural reading); the rests page and
    the dying page say so as a reading, the field reference too, and no page keeps the old one."""
    said = {"fr": {"rests.md": "nous lisons que rien ne les remet à zéro",
                   "dying.md": "ce que lui rend son prochain repos se compte à partir de là ([une lecture]"},
            "en": {"rests.md": "we read that nothing resets them",
                   "dying.md": "what their next rest gives back counts up from there ([a reading]"}}
    dropped = {"fr": ("repos à 0 PV", "repos de 0 PV", "à partir de 0"),
               "en": ("rest on 0 HP", "rest from 0 HP", "rests from 0")}
    for language, pages_said in said.items():
        for page, phrase in pages_said.items():
            assert phrase in one_line(language, page), (language, page)
        for page in ("rests.md", "dying.md", "fields.md", "notes.md", "glossary.md"):
            assert not any(old in one_line(language, page) for old in dropped[language]), (language, page)


def test_the_authors_page_calls_level_plus_an_ability_the_site_s_form_not_the_rules() -> None:
    """Seed 000: the attacker rolls the attack test « tel qu'indiqué par l'arme utilisée ou la
    capacité employée »; 1d20 + level + an ability is the form this site gives its cast."""
    said = {"fr": "que ce site donne à ses personnages récurrents ; les règles laissent l'arme ou la capacité dire",
            "en": "which this site gives its recurring characters; the rules let the weapon or capability say"}
    for language, words in said.items():
        assert words in one_line(language, "authors.md")


def test_the_cards_steps_claim_no_more_than_the_rules_on_a_fumbled_reaction_and_a_wrong_vial() -> None:
    """A sixth outside reading, of the words the cards print: seed 000 takes away the dodge and
    the parry on the next turn and says nothing of the other actions (seed 002 lets the GM give
    the opponent an advantage). A failed INT test « peut signifier » a weaker or unsuited poison
    (seed 002), which the 31st to 33rd readings took as a poison still applied that may be so: the
    step says perhaps, and leaves it to the GM."""
    from rulecheck.examples.render import EVENTS

    for language, (lost, vial, gm) in {"fr": ("autres actions", "Poison appliqué, peut-être moins efficace", "MJ"),
                                       "en": ("other actions", "Poison applied, perhaps less effective", "GM")}.items():
        assert lost not in EVENTS[language]["reaction.lost_next_turn"]
        assert EVENTS[language]["poison.applied.doubtful"].startswith(vial)
        assert gm in EVENTS[language]["poison.applied.doubtful"]
        assert not any("wrong_vial" in key or "applied.other" in key for key in EVENTS[language])


def test_a_coup_de_grace_not_rolling_the_50_percent_is_a_reading() -> None:
    """Seed 004 asks for a round to find a target in total concealment, and does not say its 50 %
    miss chance is then waived."""
    said = {"fr": "qu'alors la cible ne lance rien, ni les 50 % ni les 20 %, est notre lecture",
            "en": "that the target then rolls nothing, neither the 50% nor the 20%, is our reading"}
    for language, words in said.items():
        assert words in one_line(language, "modifiers.md")


def test_the_broken_vials_test_is_the_rules_example_taken_as_the_rule() -> None:
    """A seventh outside reading: seed 002 gives the CON test of difficulty 15 « par exemple »,
    then leaves « les conséquences d'un tel accident » to the GM; the site's default is a reading,
    said where it is stated, and nowhere does a page make it the rules' own."""
    said = {"fr": {"poisons.md": ("Les règles en donnent un exemple", "[notre lecture](#note-vial-accident)",
                                  "en accumuler beaucoup peut s'avérer risqué"),
                   "quick-reference.md": ("l'exemple des règles, pris comme règle",
                                          "[une lecture](poisons.md#note-vial-accident)"),
                   "notes.md": ("que les règles donnent dans un exemple et que nous prenons comme règle",)},
            "en": {"poisons.md": ("The rules give an example", "[our reading](#note-vial-accident)",
                                  "piling up many can be risky"),
                   "quick-reference.md": ("the rules' example, taken as the rule",
                                          "[a reading](poisons.md#note-vial-accident)"),
                   "notes.md": ("which the rules give in an example and we take as the rule",)}}
    stated = re.compile(r"doit aussitôt réussir un test de \*\*CON\*\*, 1d20"
                        r"|must at once succeed on a \*\*CON\*\* test, 1d20")
    for language, pages_said in said.items():
        for page, phrases in pages_said.items():
            words = one_line(language, page)
            assert all(phrase in words for phrase in phrases), (language, page)
            assert not stated.search(words), (language, page)


def test_what_the_rules_leave_to_weapons_and_to_a_failed_dex_test_is_called_a_reading() -> None:
    """Seed 000: the attack test is rolled « tel qu'indiqué par l'arme utilisée ou la capacité
    employée » (seed 002 gives a formula for unarmed blows only); seed 002: the DEX test decides
    whether the poison is applied « sans se blesser ou gaspiller la substance », not which of the
    two a failure means."""
    said = {"fr": {"attack.md": ("ajoutent son niveau et une caractéristique, parfois un bonus fixe "
                                 "([une lecture](#note-attack-form))", "{ #note-attack-form }"),
                   "poisons.md": ("(lequel, ou les deux, les règles ne le disent pas : le MJ choisit, notre lecture)",
                                  "Les règles ne disent pas lequel : le MJ choisit (notre lecture)")},
            "en": {"attack.md": ("add their level and an ability, sometimes a flat bonus "
                                 "([a reading](#note-attack-form))", "{ #note-attack-form }"),
                   "poisons.md": ("(which one, or both, the rules do not say: the GM chooses, our reading)",
                                  "The rules do not say which: the GM chooses (our reading)")}}
    for language, pages_said in said.items():
        for page, phrases in pages_said.items():
            words = one_line(language, page)
            assert all(phrase in words for phrase in phrases), (language, page)
    assert "souvent son niveau" not in one_line("fr", "attack.md")
    assert "often their level" not in one_line("en", "attack.md")


def test_the_opponent_takes_the_advantage_of_a_fumble_and_the_gm_specifies_it() -> None:
    """Seed 002: « l'adversaire peut saisir l'opportunité et obtenir un avantage tactique … Le MJ
    devrait décider de l'avantage précis »: the opponent seizes it, the GM says which."""
    given = re.compile(r"le MJ peut (donner|aussi accorder) un avantage|GM may (also )?hand the opponent")
    said = {"fr": "l'adversaire peut", "en": "the opponent may"}
    for language in LANGUAGES:
        for page in ("attack.md", "reactions.md"):
            words = one_line(language, page)
            assert not given.search(words), (language, page)
            assert said[language] in words, (language, page)


def test_the_low_obstacle_hidden_defender_and_stacking_say_what_the_rules_say() -> None:
    """Seed 004: the attacker « peut ignorer » a low obstacle nearer to them than the target;
    its defender table has one line « caché/invisible | voir Camouflage »; and nothing above its
    tables speaks of stacking, so the stacking rule is pointed at Pathfinder, not at our rules."""
    said = {"fr": ("l'attaquant peut l'ignorer s'il en est plus près que sa cible",
                   "le défenseur **caché** et l'**invisible**", "que le texte de nos règles ne reprend pas",
                   "(une lecture : les règles disent seulement « voir Camouflage »)"),
            "en": ("the attacker may ignore it when nearer to it than the target",
                   "a **hidden** and an **invisible** defender", "which our rules' text does not repeat",
                   '(a reading: the rules only say "see Concealment")')}
    for language, phrases in said.items():
        words = one_line(language, "modifiers.md")
        assert all(phrase in words for phrase in phrases), language
        for page in ("modifiers.md", "notes.md"):
            assert "en tête des tableaux" not in one_line(language, page)
            assert "above the attacker's and defender's tables" not in one_line(language, page)


def test_a_medium_creature_s_reach_weapon_is_called_a_reading_where_an_example_uses_it() -> None:
    """Seed 004 doubles the reach of « créatures Grandes ou plus grandes » with a reach weapon; a
    guard's halberd striking two squares away is the site's reading, linked where it is told."""
    for language in LANGUAGES:
        words = one_line(language, "reactions.md")
        start = words.index("halberd" if language == "en" else "hallebarde")
        assert "modifiers.md#note-distance" in words[start:start + 300], language


# A seventeenth outside reading, 6 December 2026: the defender's table changes a stunned, cowering or
# pinned defender's defence, as a blinded one's; only a helpless one "cannot protect itself". The 41st
# (7 December): a pinned defender, « immobilisé », held in place, cannot dodge, a move out of the
# blow's way; it still parries ---------------------------------------------------------------------------

_CONDITION_BARS_REACTION = {
    "fr": re.compile(r"(?:étourdi|recroquevillé)e?s?,? "
                     r"(?:ne (?:peut|peuvent) (?:pas|ni)|ne réagi|son esquive est refusée)"
                     r"|(?:sans défense|immobilisé|étourdi), (?:immobilisé|étourdi|recroquevillé)[^.;]{0,40}ni esquive"
                     r"|immobilisée?s?,?[^.;]{0,30}(?:ni parade|ne (?:peut|peuvent) (?:pas parer|ni)|ne réagi)",
                     re.IGNORECASE),
    "en": re.compile(r"(?:stunned|cowering)(?: or cowering)?,? (?:defender |one |orc )?"
                     r"(?:cannot|can neither|does not react)|helpless, pinned, stunned"
                     r"|pinned[^.;]{0,30}(?:can neither|no parry|cannot parry|does not react)", re.IGNORECASE),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_bars_a_stunned_or_cowering_defender_from_reacting_nor_a_pinned_one_from_parrying(
        language: str) -> None:
    for page in pages(language):
        if page in ("authors.md", "fields.md"):
            continue
        found = _CONDITION_BARS_REACTION[language].findall(one_line(language, page, as_read=True))
        assert not found, (language, page, found)
    outcomes = resolved(language, "modifiers.md")
    assert outcomes["stunned-target"].result.reaction_refused is None
    assert outcomes["stunned-target"].result.reaction_total is not None
    assert outcomes["pinned-target"].result.reaction_refused is None  # a parry
    pinned_dodge = outcomes["pinned-dodge"].result
    assert (pinned_dodge.reaction_refused, pinned_dodge.reaction_total) == ("cannot_dodge", None)


# A reading is marked in the very sentence that states it (ruling 16, as a class) -----------------------

#: Sentences that can only state one of the site's readings; each must carry its mark where it says it.
_STATED_READINGS = {
    "the DEX inside Def PHY (the rules' table speaks of AC)": {
        "fr": r"DEX (?:à la|en|dans sa) Def\s+PHY|DEX[^.]{0,30}compte pour −5 (?:dans sa|en) Def\s+PHY",
        "en": r"DEX(?: bonus)? to Def\s+PHY|DEX[^.]{0,30}counts as −5 in (?:its |their )?Def\s+PHY"},
    "one opportunity attack per move": {
        "fr": r"attaque d'opportunité par\s+déplacement", "en": r"opportunity attack per move"},
    "moving inside a long reach without approaching": {
        "fr": r"pour l'approcher ou non", "en": r"to approach it or not"},
    "a big creature's choice of square flanking for its ally too": {
        "fr": r"qu'elle\s+attaque ou qu'elle aide", "en": r"whether it attacks or helps"},
    "a natural 20 reaction against a critical": {
        "fr": r"n'ouvre aucune\s+contre-attaque", "en": r"opens no counter-attack"},
    # A tenth outside reading, 5 December 2026 (evening): readings stated as rules.
    "a second weapon attack refused until the GM gives the two-weapon rules": {
        "fr": r"seconde\s+attaque à l'arme dans le même tour est\s+refusée",
        "en": r"second weapon attack in the same\s+turn is\s+refused"},
    "what the Progressive Damage Bonus adds (the rules only name it)": {
        "fr": r"toute attaque qui touche ajoute\s+à ses dégâts", "en": r"every attack that hits adds to its\s+damage"},
    "disengaging when held in melee by nobody refused": {
        "fr": r"désengager sans être tenu au corps à corps par\s+personne est refusé",
        "en": r"Disengaging while held in melee\s+by nobody is refused"},
    "disengaging from a reach weapon's hold": {
        "fr": r"peut s'en désengager, comme d'un ennemi au contact",
        "en": r"may disengage from him, as from an enemy in contact"},
    "only a free action before the posture": {
        "fr": r"seule une action gratuite peut la\s+précéder", "en": r"only a free action may come\s+first"},
    "one free action per turn": {
        "fr": r"Chaque action ne sert qu'une fois par tour", "en": r"Each action can be used only once per turn"},
    "a fumbled reaction's next turn read as the next round": {
        "fr": r"pendant le\s+tour de combat suivant\*\*|au tour de combat suivant, elle ne peut",
        "en": r"during\s+the next round of combat\*\*|during the next round it can neither"},
    "a capability's level apart from the character's": {
        "fr": r"le niveau d'une capacité n'est pas\s+celui du personnage",
        "en": r"a capability's level is not\s+the character's"},
    "melee cover lines from any corner": {"fr": r"sans coin à\s+choisir", "en": r"with no corner to\s+choose"},
    # An eleventh outside reading, 5 December 2026 (night).
    "a surprised creature refused every action, a free one too": {
        "fr": r"même gratuite|elle ne peut rien faire d'autre", "en": r"even a free one|it can do nothing else"},
    "the GM choosing which action stabilising costs": {
        "fr": r"M, A ou G\s+:\s+le MJ tranche", "en": r"M, A or G:\s+the GM decides"},
    "bare hands' 1d4 maximised by a critical as a weapon's": {
        "fr": r"met le dé au\s+maximum comme pour toute arme", "en": r"maximises the die as for\s+any weapon"},
    "a critical's damage bonus whether the target reacted or not": {
        "fr": r"que la\s+cible\s+ait\s+réagi\s+ou\s+non", "en": r"whether\s+the\s+target\s+reacted\s+or\s+not"},
    # A seventeenth outside reading, 6 December 2026.
    "a stunned, cowering or pinned defender still reacting (the rules say nothing of their reactions)": {
        "fr": r"il réagit encore|esquive ou pare encore|esquivent ou parent encore|peut encore (?:parer|esquiver)"
              r"|il le peut encore",
        "en": r"still (?:does|reacts|dodges or parries|can)\b|may still (?:parry|dodge)"},
    # An eighteenth outside reading, 6 December 2026 (afternoon).
    "a reach weapon striking two squares away for a Medium creature (the rules double the reach of Large ones)": {
        "fr": r"deux\s+cases\s+pour\s+une\s+créature\s+(?:de\s+taille\s+moyenne|Moyenne)",
        "en": r"two\s+squares\s+away\s+for\s+a\s+Medium\s+creature"},
    "a hidden defender given the concealment of what hides it (the rules say only 'see Concealment')": {
        "fr": r"ce\s+qui\s+le\s+cache", "en": r"whatever\s+hides\s+it"},
    # The twentieth to twenty-second outside readings, 6 December 2026 (evening).
    "a pinned defender refused its dodge, held in place (the rules' « immobilisé »; a 41st reading)": {
        "fr": r"(?:immobilisée?|tenue?\s+sur\s+place),?[^.;]{0,40}(?:non\s+esquiver|ne\s+peut\s+pas\s+esquiver"
              r"|pas\s+d'esquive|n'esquive\s+pas|ne\s+pourrait\s+pas\s+esquiver)",
        "en": r"(?:pinned|held\s+in\s+place),?[^.;]{0,40}(?:not\s+dodge|cannot\s+dodge|no\s+dodge|does\s+not\s+dodge"
              r"|could\s+not\s+dodge)"},
    "a big creature's ally drawing the flanking line to the centre of its whole space": {
        "fr": r"ligne\s+d'Elara\s+relie|ligne\s+de\s+son\s+allié\s+part",
        "en": r"Elara's\s+line\s+joins|Its\s+ally's\s+line\s+starts"},
    # The twenty-third to twenty-sixth outside readings, 6 December 2026 (night).
    "a creature in a defensive posture keeping its counter-attack and opportunity attacks": {
        "fr": r"garde\s+ce\s+coup\s+réflexe|garde\s+la\s+contre-attaque\s+et\s+l'attaque|contre-attaque\s+comme\s+une"
              r"\s+autre|Elle\s+ne\s+lui\s+retire\s+pas\s+ce\s+que",
        "en": r"keeps\s+this\s+reflex\s+blow|keeps\s+the\s+counter-attack\s+and\s+the\s+opportunity|counter-attacks"
              r"\s+like\s+any\s+other|It\s+does\s+not\s+take\s+away\s+what"},
    "a surprised creature flat-footed for the whole first round": {
        "fr": r"dépourvu\*\*\s+pendant\s+tout\s+le\s+premier\s+tour",
        "en": r"flat-footed\*\*\s+during\s+the\s+whole\s+first"},
    # The thirtieth outside reading, 7 December 2026.
    "every face up to a raised critical failure threshold counting as a 1 (the rules only say it can be raised)": {
        "fr": r"jusqu'à ce\s+seuil\s+compte\s+comme\s+un\s+1|dans\s+un\s+\[seuil\s+d'échec\s+critique\s+relevé",
        "en": r"up\s+to\s+it\s+counts\s+as\s+a\s+1|within\s+a\s+\[raised\s+critical\s+failure\s+threshold"},
    # The 31st to 33rd outside readings, 7 December 2026: « un échec peut signifier l'utilisation
    # d'un poison moins efficace ou inapproprié » (seed 002) read as a poison used, that may be so;
    # and a natural 1 on the INT test as a failed action, the coating (the 33rd and 36th; the 35th
    # read a failed test like another, which the note names).
    "a poison perhaps weaker after a failed INT test": {
        "fr": r"peut-être\s+moins\s+efficace", "en": r"may\s+be\s+less\s+effective"},
    "a natural 1 on the INT test read as the coating failing": {
        "fr": r"1\s+naturel\s+fait\s+échouer\s+une\s+action\s+en\s+combat|l'enduction\s+elle-même",
        "en": r"natural\s+1\s+makes\s+(?:it\s+)?fail|the\s+coating\s+itself"},
    # A twelfth outside reading, 5 December 2026 (night).
    "a coup de grâce taking the whole turn, where any weapon attack is an attack action": {
        "fr": r"consacrer\s+tout\s+son\s+tour|prend\s+tout\s+le\s+tour\s+de\s+l'attaquant",
        "en": r"spend\s+its\s+whole\s+turn|takes\s+the\s+attacker's\s+whole\s+turn"},
}
_MARK = re.compile(r"\[(?:une|notre) lecture\]\(|\[(?:a|our)\s+reading\]\(|\((?:une|notre) lecture"
                   r"|, une lecture|: une lecture"
                   r"|\((?:a|our) reading|, a reading|: a reading|\best une lecture|\bis a reading")
#: Pages made of readings, or written for authors.
_NOT_STATING = {"notes.md", "authors.md", "fields.md"}


def blocks_outside_notes(body: str) -> list[tuple[str, bool]]:
    """A page's blocks of consecutive lines outside its interpretation notes, each with whether an
    interpretation note opens right after it."""
    found: list[tuple[str, bool]] = []
    containers: list[tuple[int, bool]] = []  # (indent of the opening line, is an interpretation note)
    block: list[str] = []
    block_in_note = False

    def close() -> None:
        if block and not block_in_note:
            found.append((" ".join(block), False))  # a phrase matches wherever its lines wrap

    for line in body.splitlines():
        stripped = line.strip()
        if not stripped:
            close()
            block = []
            continue
        indent = len(line) - len(line.lstrip(" "))
        while containers and indent <= containers[-1][0]:
            containers.pop()
        opens_note = stripped.startswith("!!! abstract")
        if opens_note and not block and found and not any(note for _, note in containers):
            found[-1] = (found[-1][0], True)
        if not block:
            block_in_note = any(note for _, note in containers) or opens_note
        block.append(stripped)
        if stripped.startswith(("!!!", "???", "===")):
            containers.append((indent, opens_note))
    close()
    return found


def unmarked_readings(body: str, patterns: dict[str, str]) -> list[str]:
    problems = []
    for block, note_follows in blocks_outside_notes(body):
        for reading, pattern in patterns.items():
            for match in re.finditer(pattern, block):
                rest = block[match.start():]
                sentence = re.split(r"\.\s|[¹²³]", rest[len(match[0]):], maxsplit=1)[0]
                last_sentence = not re.search(r"\.\s|[¹²³]", rest[len(match[0]):])
                if not _MARK.search(match[0] + sentence) and not (note_follows and last_sentence):
                    around = block[max(0, match.start() - 60):match.end() + 60]
                    problems.append(f"{reading}: {' '.join(around.split())}")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_stating_a_reading_says_so_where_it_says_it(language: str) -> None:
    patterns = {reading: found[language] for reading, found in _STATED_READINGS.items()}
    problems = [f"{page}: {problem}" for page in pages(language) if page not in _NOT_STATING
                for problem in unmarked_readings(text(language, page), patterns)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("body", "flagged"), [
    ("It loses its DEX bonus to Def PHY.\n", True),
    ("The defender's DEX counts as −5 in its Def PHY.\n", True),
    ("Pinned, its DEX of +2 counts as −5: 9.\n", False),  # the rules' own −5, said of no defence
    ("It loses its DEX bonus to Def PHY ([a reading](#n)).\n", False),
    ("That it loses its DEX bonus to Def PHY is a reading.\n", False),  # the mark in words
    ("That it loses its DEX bonus to Def PHY is not a reading.\n", True),
    # the mark belongs to another sentence
    ("It loses its DEX bonus to Def\nPHY. Next sentence ([a reading](#n)).\n", True),
    ("¹ Loses its DEX to Def PHY. ² Other ([a reading](#n)).\n", True),  # ... or to another footnote
    ("!!! abstract \"Interpretation note\"\n    It loses its DEX bonus to Def PHY.\n", False),  # inside a note
    ("=== \"Tab\"\n\n    !!! abstract \"Interpretation note\"\n        Its DEX counts as −5 in Def PHY.\n", False),
    # its note right after
    ("Its DEX counts as −5 in Def PHY.\n\n!!! abstract \"Interpretation note\"\n    Why.\n", False),
    # not the last sentence
    ("Its DEX counts as −5 in Def PHY. More.\n\n!!! abstract \"Interpretation note\"\n    Why.\n", True),
    ("=== \"Tab\"\n\n    Its DEX counts as −5 in Def PHY.\n\n!!! note \"Other\"\n"
     "    It loses its DEX bonus to Def PHY.\n", True),
])
def test_an_unmarked_reading_is_found_wherever_the_page_puts_it(body: str, flagged: bool) -> None:
    patterns = {"dex": _STATED_READINGS["the DEX inside Def PHY (the rules' table speaks of AC)"]["en"]}
    assert bool(unmarked_readings(body, patterns)) is flagged


# A ninth outside reading, 5 December 2026 -----------------------------------------------------------

@pytest.mark.parametrize(("language", "mover", "unclear"), [
    ("fr", "**entrer dans la case** d'un ennemi quand on a une allonge de 0",
     ("d'un ennemi avec une allonge de 0", "d'un ennemi d'allonge 0")),
    ("en", "**entering the square** of an enemy when the mover has a reach of 0",
     ("of an enemy with a reach of 0", "an enemy of reach 0", "an enemy whose reach is 0")),
])
def test_entering_a_square_provokes_when_the_mover_has_no_reach_not_the_enemy(
        language: str, mover: str, unclear: tuple[str, ...]) -> None:
    """Seed 004: a creature of reach 0 must enter its enemy's square to strike, which provokes that
    enemy; a reach-0 creature threatens nothing. « an enemy with a reach of 0 » gave the reach to
    the enemy, who could then make no attack at all."""
    for page in ("opportunity.md", "notes.md", "quick-reference.md", "modifiers.md"):
        words = one_line(language, page)
        assert not [phrase for phrase in unclear if phrase in words], (language, page)
    assert mover in one_line(language, "opportunity.md")


@pytest.mark.parametrize(("language", "hedged"), [
    ("fr", ("obtient « généralement » cette attaque : ce site la lui donne à chaque fois, et le MJ peut faire "
            "une exception (une lecture)",)),
    ("en", ('gets that attack: this site gives it every time, and a GM may make an exception (a reading)',)),
])
def test_the_rules_generally_for_an_approach_s_attack_is_kept_and_its_reading_marked(
        language: str, hedged: tuple[str, ...]) -> None:
    """Seed 004: such a creature « recevra généralement » an opportunity attack when approached; the
    pages gave it as always true."""
    for phrase in hedged:
        assert phrase in one_line(language, "opportunity.md")


# A tenth outside reading, 5 December 2026 (evening): what a page's own rule leaves out ----------------

@pytest.mark.parametrize(("language", "counter", "unaffected"), [
    ("fr", "si elle est au contact de son attaquant, peut alors riposter avec son arme équipée",
     ("ne sont pas touchés", "ne sont pas affectés")),
    ("en", "if it is in contact with its attacker, may then strike back with its equipped weapon",
     ("not affected", "are untouched")),
])
def test_the_criticals_page_gives_the_reaction_s_counter_attack_and_no_untouched_actions_after_a_fumble(
        language: str, counter: str, unaffected: tuple[str, ...]) -> None:
    """Seed 000: a critical dodge or parry lets the target counter-attack if in contact; seed 002 lets
    the opponent of any critical failure take an edge the GM sets, so the criticals page's table may
    not promise that a fumbled reaction leaves the target's other actions as they were."""
    words = one_line(language, "criticals.md", as_read=True)
    assert counter in words
    assert "reactions.md#reaction-criticals" in text(language, "criticals.md")
    rows = [line for line in text(language, "criticals.md").splitlines()
            if line.startswith(("| a dodge or a parry", "| une esquive ou une parade"))]
    assert len(rows) == 1, "the critical failure table has one row for a dodge or a parry"
    assert not [phrase for phrase in unaffected if phrase in rows[0]]


@pytest.mark.parametrize(("language", "helpless"), [
    ("fr", "Un personnage inconscient est aussi **sans défense**"),
    ("en", "An unconscious character is also **helpless**"),
])
def test_the_dying_page_says_an_unconscious_character_is_helpless(language: str, helpless: str) -> None:
    """Seed 004 counts the unconscious among the helpless: −4 in melee, DEX as −5, the coup de grâce."""
    body = text(language, "dying.md")
    assert helpless in one_line(language, "dying.md")
    assert "modifiers.md#helpless" in body and "modifiers.md#coup-de-grace" in body


# An eleventh outside reading, 5 December 2026 (night) --------------------------------------------------

@pytest.mark.parametrize(("language", "edge"), [
    ("fr", "le MJ peut donner un avantage à l'adversaire"),
    ("en", "GM may give the opponent an edge"),
])
def test_the_notes_leave_a_fumbled_reaction_s_opponent_the_edge_of_any_critical_failure(
        language: str, edge: str) -> None:
    """Seed 002 lets the opponent of any critical failure take an edge (disarming, unbalancing): the
    notes may say a fumbled reaction costs nothing more that the rules count, never nothing at all."""
    words = one_line(language, "notes.md", as_read=True)
    start = words.index("tour de combat suivant" if language == "fr" else "next round of combat")
    sentence = words[start:words.index(".", start)]
    assert edge in sentence and ("désarmer" if language == "fr" else "disarming") in sentence


# A twelfth outside reading, 5 December 2026 (night) ---------------------------------------------------

@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_quick_reference_counts_the_coup_de_grace_among_what_provokes(language: str) -> None:
    """Seed 004: « Porter un coup de grâce provoque des attaques d'opportunité ». The quick reference's
    section on opportunity attacks listed moves only."""
    words = one_line(language, "quick-reference.md", as_read=True)
    title = "Attaque d'opportunité" if language == "fr" else "Opportunity attack"
    section = words[words.index(title):]
    section = section[:section.index("Jamais" if language == "fr" else "Never")]
    assert "coup de grâce" in section


@pytest.mark.parametrize(("language", "general", "cost"), [
    ("fr", "toute attaque à l'arme une action d'attaque (A)", "ne coûterait que A"),
    ("en", "every weapon attack an attack action (A)", "would cost A alone"),
])
def test_the_coup_de_grace_note_names_the_rule_its_whole_turn_departs_from(
        language: str, general: str, cost: str) -> None:
    """Seed 002 makes a weapon attack an attack action; seed 004 gives the coup de grâce « une action
    prenant un round ». The page follows 004 and says which rule it sets aside, and what it would cost."""
    words = one_line(language, "modifiers.md", as_read=True)
    assert general in words and cost in words
