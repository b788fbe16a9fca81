"""Every documented card, in both languages, speaks a player's words: creatures by name (never a
map letter), no dash for a result, no YAML key or internal id, and a cast line that says who
attacks whom and names everyone in the example."""

from __future__ import annotations

import html
import re

import pytest

from rulecheck.examples.check import Outcome, check_page, check_paths
from rulecheck.examples.render import capitalized
from rulecheck.hosts.cards import card
from tests.conftest import ROOT

#: What a player's card never shows outside its raw YAML: a map letter alone as a value, a dash
#: for a value, an internal id (``gm.pavise``, ``cast.elara``), a YAML key in backquotes.
LEAKS = {
    "letter": re.compile(r"(?:: |\u00a0: |, )(?![MAG]\b)[A-Za-z](?:,|$| ·)"),  # M, A, G: the actions
    "letter in a trace": re.compile(r"\((?![MAGm]\))[A-Za-z]\)"),  # M, A, G; m the metres
    "dash": re.compile(r"(?:: |\u00a0: )—"),
    "internal id": re.compile(r"\b[a-z]+\.[a-z_]+\b"),
    "yaml key": re.compile(r"`[a-z_]+`"),
}


@pytest.fixture(scope="module", params=["fr", "en"])
def documented(request: pytest.FixtureRequest) -> tuple[str, list[Outcome]]:
    language = request.param
    report = check_paths([ROOT / "docs" / language], root=ROOT)
    assert report.ok, report.all_problems
    return language, [o for page in report.pages.values() for o in page.outcomes]


def shown_to_a_player(outcome: Outcome, language: str) -> str:
    """The card's text without its folded raw YAML (the one place where keys belong)."""
    text = html.unescape(card(outcome, language))
    text = re.sub(r'<details class="rc-source".*?</details>', "", text, flags=re.S)
    text = re.sub(r'\s(?:title|aria-label|class|id|href|style|data-[a-z-]+)="[^"]*"', "", text)
    text = re.sub(r"</?(?:strong|span|a|abbr|code|em)\b[^>]*>", "", text)  # inline: same line
    return re.sub(r"<[^>]+>", "\n", text)


def test_no_card_shows_a_map_letter_a_dash_an_internal_id_or_a_yaml_key(
    documented: tuple[str, list[Outcome]]
) -> None:
    language, outcomes = documented
    found = []
    for outcome in outcomes:
        for line in shown_to_a_player(outcome, language).splitlines():
            found += [f"{outcome.id}: {name}: {line.strip()}" for name, leak in LEAKS.items() if leak.search(line)]
    assert found == [], "\n".join(found)


def test_opportunity_attacks_name_who_strikes(documented: tuple[str, list[Outcome]]) -> None:
    language, outcomes = documented
    (pixie,) = [o for o in outcomes if o.id == "opportunity-pixie-enters"]
    expected = {"fr": ["Attaques d'opportunité de\u00a0: le gobelin",
                       "1 (cases jusqu'au gobelin, avant le pas) ≤ 1 (allonge du gobelin)",
                       "Sans allonge, entre dans la case d'un ennemi"],
                "en": ["Opportunity attacks from: the goblin",
                       "1 (squares to the goblin before the step) ≤ 1 (reach of the goblin)",
                       "With no reach, enters an enemy's square"]}
    for said in expected[language]:
        assert said in shown_to_a_player(pixie, language)


def cast_line(outcome: Outcome, language: str) -> str:
    found = re.search(r'<p class="rc-cast"[^>]*>(.*?)</p>', html.unescape(card(outcome, language)))
    return re.sub(r"<[^>]+>", "", found[1]) if found else ""


def test_the_cast_line_says_who_attacks_whom_and_names_everyone(documented: tuple[str, list[Outcome]]) -> None:
    language, outcomes = documented
    by_id = {o.id: o for o in outcomes}
    attacks = {"fr": "L'orc attaque Elara", "en": "The orc attacks Elara"}[language]
    assert cast_line(by_id["elara-parry"], language) == attacks, "a creature's name as a sentence says it"
    # A one-off name (the healer), not only the recurring cast member.
    assert cast_line(by_id["stabilise-fails"], language) == {"fr": "Frère Aldric · Tomas",
                                                              "en": "Frère Aldric · Tomas"}[language]
    assert cast_line(by_id["move-15-then-attack-refused"], language) == "Lysa", "a refused plan's card too"
    for outcome in outcomes:
        assert outcome.parsed is not None
        for name in re.findall(r"^\s*(?:- )?.*\bname: ([^,}\n]+)", outcome.block.source, flags=re.M):
            name = name.strip().strip("\"'")
            assert re.search(f"(^| )({re.escape(name)}|{re.escape(capitalized(name))})( |$)",
                             cast_line(outcome, language)), f"{outcome.id}: {name}"
        for member, shown in outcome.parsed.cast:
            assert shown in cast_line(outcome, language) or capitalized(shown) in cast_line(outcome, language), \
                f"{outcome.id}: {member}"


@pytest.mark.parametrize(("card_id", "said"), [
    # a flanking map: who attacks whom, and the ally on the attacker's side
    ("flanking-through-corners", {"fr": "Le chasseur attaque le loup · La pisteuse (du côté de l'attaquant)",
                                  "en": "The hunter attacks the wolf · The tracker (on the attacker's side)"}),
    # the named creatures on the grid, and what each is there: the ally, a creature in the way
    ("flanking-big-attacker", {"fr": "L'ogre attaque le gobelin · Elara (du côté de l'attaquant)",
                               "en": "The ogre attacks the goblin · Elara (on the attacker's side)"}),
    ("soft-cover-from-a-goblin", {"fr": "Lysa attaque le loup · Le gobelin (autre créature)",
                                  "en": "Lysa attacks the wolf · The goblin (another creature)"}),
    ("adjacent-blow-past-a-goblin", {"fr": "Le mercenaire attaque le braconnier · Le gobelin (autre créature)",
                                     "en": "The mercenary attacks the poacher · The goblin (another creature)"}),
    ("twenty-five-bats-one-square", {"fr": "Le gobelin attaque la chauve-souris vampire",
                                     "en": "The goblin attacks the vampire bat"}),
    # a move: who moves, and the enemies whose attacks it may provoke
    ("opportunity-approach-ogre", {"fr": "Brann se déplace · L'ogre (adversaire)",
                                   "en": "Brann moves · The ogre (enemy)"}),
])
def test_a_map_s_cast_line_says_who_attacks_or_moves_and_what_the_others_are(
        documented: tuple[str, list[Outcome]], card_id: str, said: dict[str, str]) -> None:
    """« Le loup » alone read as the one attacking, « Le gobelin » as the attacker when it stood in
    the way: on a card with a map, the line gives each named creature's part, in words that agree
    with any name (« Elara (du côté de l'attaquant) », not « allié »)."""
    language, outcomes = documented
    by_id = {o.id: o for o in outcomes}
    assert cast_line(by_id[card_id], language) == said[language]


def test_every_named_creature_on_a_map_is_placed_on_its_cast_line(documented: tuple[str, list[Outcome]]) -> None:
    language, outcomes = documented
    roles = {"fr": ("attaque", "se déplace", "(du côté de l'attaquant)", "(autre créature)", "(adversaire)",
                    "(du même camp)"),
             "en": ("attacks", "moves", "(on the attacker's side)", "(another creature)", "(enemy)",
                    "(on the same side)")}
    lines = 0
    for outcome in outcomes:
        if getattr(outcome.result, "battle_map", None) is None:
            continue
        line = cast_line(outcome, language)
        parts = [part for part in line.split(" · ") if part]
        for part in parts:  # a bare name is never left to guess what it does
            assert any(role in part for role in roles[language]), f"{outcome.id}: {part}"
        lines += bool(parts)
    assert lines >= 25


@pytest.mark.parametrize(("language", "defender", "said"), [
    ("fr", "{name: le loup, def_phy: 12}", "Un attaquant attaque le loup"),
    ("en", "{name: the wolf, def_phy: 12}", "An attacker attacks the wolf"),
    ("fr", "{def_phy: 12}", ""),  # nobody named: no line
])
def test_an_unnamed_attacker_begins_its_cast_line_with_a_capital(language: str, defender: str, said: str) -> None:
    """« un attaquant attaque Elara » began a line in lower case (an author's example may leave a
    side unnamed; the site's own cards name both, below)."""
    source = (f"```rulecheck\nid: x\nrule: attack\ngiven:\n  defender: {defender}\n"
              "  attack: {kind: melee, total: 15, damage: 1d6}\ndice: {damage: [3]}\n```\n")
    [outcome] = check_page(f"pages/{language}/page.md", source, odds=False).outcomes
    assert not outcome.problems, outcome.problems
    assert cast_line(outcome, language) == said


def test_every_card_of_the_site_names_who_attacks_and_who_is_attacked(documented: tuple[str, list[Outcome]]) -> None:
    """« Un attaquant attaque un défenseur », « The goblin attacks a defender »: placeholders where a
    player expects the creatures of the example. Every attack the site shows names both sides."""
    language, outcomes = documented
    unnamed = {"fr": ("Un attaquant attaque", "attaque un défenseur"),
               "en": ("An attacker attacks", "attacks a defender")}[language]
    placeholders = [(o.id, line) for o in outcomes if any(words in (line := cast_line(o, language))
                                                          for words in unnamed)]
    assert not placeholders, placeholders


def test_a_map_with_a_creature_of_an_unusual_size_points_to_the_table_of_sizes(
        documented: tuple[str, list[Outcome]]) -> None:
    """« Grand (haut) », « Minuscule » on a map's legend meant nothing to a new reader: its key
    links to the sizes and their reach, where a creature of a size other than Small or Medium stands."""
    language, outcomes = documented
    words = {"fr": "voir les tailles et leur allonge", "en": "see the sizes and their reach"}[language]
    pointed = plain = 0
    for outcome in outcomes:
        drawn = getattr(outcome.result, "battle_map", None)
        if drawn is None:
            continue
        shown = card(outcome, language, lambda anchor: f"modifiers.html#{anchor}")
        unusual = any(figure.size not in ("small", "medium") for figure in drawn.figures)
        link = f'<a href="modifiers.html#size-and-reach">{words}</a>'
        assert (link in shown) is unusual, outcome.id
        pointed, plain = pointed + unusual, plain + (not unusual)
        assert words not in card(outcome, language), "no address, no pointer"
    assert pointed >= 5 and plain >= 5


def test_a_capabilitys_french_name_is_glossed_on_english_cards_as_the_english_pages_gloss_it(
    documented: tuple[str, list[Outcome]]
) -> None:
    """The rulebook's capabilities keep their French names (they are printed so on the cards): an
    English reader gets the meaning beside each, the gloss the English prose gives it, and a French
    reader the name alone. A capability with no gloss would reach an English card bare: it fails here."""
    from rulecheck.examples.render import capability_name

    language, outcomes = documented
    names = {getattr(o.result, "name", None) for o in outcomes if o.parsed.example.rule == "capability"}
    names.discard(None)
    assert len(names) >= 4
    prose = " ".join((ROOT / "docs" / "en" / page).read_text(encoding="utf-8") for page in
                     ("turn.md", "criticals.md", "movement.md", "reactions.md", "cast.md", "glossary.md"))
    for name in names:
        shown = capability_name(name, language)
        if language == "fr":
            assert shown == name
            continue
        gloss = re.fullmatch(re.escape(name) + r" \((?P<gloss>[^()]+)\)", shown)
        assert gloss, f"{name}: no English gloss on the cards"
        assert re.search(re.escape(name) + r"\s+\((?:the\s+)?" + re.escape(gloss["gloss"]) + r"\)", prose), name
        headers = [card(o, language) for o in outcomes if getattr(o.result, "name", None) == name]
        assert headers and all([html.unescape(found) for found in re.findall(r'rc-capability__name">([^<]*)<', h)]
                               == [shown] for h in headers), name


def test_a_poison_card_says_whether_a_poison_is_on_the_weapon(documented: tuple[str, list[Outcome]]) -> None:
    """A failed INT test then a passed DEX test puts a poison on the weapon that may be weaker: the
    card's outcome said « Poison applied: no » under a step saying a poison was applied; and where
    nothing is applied, « with its full effect: no » alone let a reader wonder about a weaker one
    (the 36th reading). Every poison card says both."""
    language, outcomes = documented
    said = {"fr": ("Poison appliqué avec tout son effet\u00a0: {}",
                   "Poison peut-être moins efficace ou inapproprié\u00a0: {}"),
            "en": ("Poison applied with its full effect: {}", "Poison perhaps less effective or unsuited: {}")}
    words = {"fr": {True: "oui", False: "non"}, "en": {True: "yes", False: "no"}}[language]
    cards = [o for o in outcomes if o.parsed and o.parsed.example.rule == "poison_apply" and o.result is not None]
    assert any(getattr(o.result, "doubtful_poison", False) for o in cards)
    for outcome in cards:
        found = re.search(r'<p class="rc-outcome">(.*?)</p>', html.unescape(card(outcome, language)))
        full, doubtful = said[language]
        expected = " · ".join((full.format(words[outcome.result.applied]),
                               doubtful.format(words[outcome.result.doubtful_poison])))
        assert found and re.sub(r"<[^>]+>", "", found[1]) == expected, outcome.id


@pytest.mark.parametrize("name", ["parry", "none", "hit", "dodge", "Parade", "<b>x</b>"])
def test_a_capability_named_like_a_rules_word_keeps_its_name_in_both_languages(name: str) -> None:
    """`render.value` translates the rules' own words: a card named « parry » showed « parade » on the
    French card and « parry » on the English one (a twenty-seventh hostile round)."""
    from rulecheck.engine import CapabilityInput, resolve_capability
    from rulecheck.engine.sources import ScriptedDice
    from rulecheck.examples.render import capability_name, plan_step
    from rulecheck.hosts.cards import capability_header

    result = resolve_capability(CapabilityInput(card=f"{name} | PC - M - Soutien"), ScriptedDice({}))
    for language in ("fr", "en"):
        assert capability_name(name, language) == name
        found = re.search(r'rc-capability__name">([^<]*)<', capability_header(result, language))
        assert found and html.unescape(found[1]) == name
        step = type("Step", (), {"do": "capability", "name": None, "capability": result, "cost": "M"})()
        assert name in plan_step(step, language)
