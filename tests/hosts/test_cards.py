"""What a card tells a player, rendered without a browser: the chance line, what a deciding roll
needs, the damage chart, trace lines in words, and the page helpers behind search and the 404."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rulecheck.engine.odds import Roll, compute_odds
from rulecheck.engine.trace import Step, Term
from rulecheck.examples import chances, render
from rulecheck.examples.check import check_page, check_paths
from rulecheck.examples.outcome import Outcome
from rulecheck.hosts.cards import BAR_ITEMS, card, damage_chart
from rulecheck.hosts.glossary import join_broken_abbreviations
from rulecheck.hosts.i18n_search import relative_404, without_chrome_in_search
from tests.conftest import ROOT
from tests.hosts.test_odds_shown import ELARA, outcome_of

NBSP, NNBSP = "\u00a0", "\u202f"


PARRY = """\
id: parry
title: Parry
rule: attack
given:
  defender: {level: 2, str: 4, def_phy: 15}
  attack: {total: 15, damage: 1d8+2}
  reaction: parry
dice:
  reaction: [17]
expect:
  outcome: parried
"""
BRANN = """\
id: brann
title: Brann
rule: attack
given:
  attacker: {level: 3, str: 2}
  defender: {def_phy: 15}
  attack: {kind: melee, ability: str, damage: 1d8+2}
dice:
  attack: [11]
  damage: [5]
expect:
  outcome: hit
"""


def test_the_parry_needs_a_9_and_the_damage_spreads_from_the_same_odds() -> None:
    outcome = outcome_of(PARRY)
    assert outcome.ok and outcome.odds is not None
    found = chances.chance(outcome)
    assert found is not None and found.probability == Fraction(3, 5)
    assert found.event.key == "event.parry.succeeds"
    assert chances.needs(outcome.odds, found.event) == chances.Needs(1, 20, 9, 20)
    spread = chances.damage_spread(outcome.odds)
    assert spread is not None and spread[0] == Fraction(3, 5)
    assert [spread[n] for n in range(3, 11)] == [Fraction(1, 20)] * 8 and spread[1] == 0 and max(spread) == 10


def test_no_chance_line_where_no_die_decides() -> None:
    certain = BRANN.replace("attack: [11]\n", "").replace("ability: str,", "total: 30,")
    outcome = outcome_of(certain)
    assert outcome.ok and outcome.odds is not None, outcome.problems
    assert chances.chance(outcome) is None
    french = card(outcome, "fr")
    assert "rc-odds" not in french and "Chance" not in french
    assert "rc-spread" in french, "the damage still varies: its chart shows"


def test_an_attack_die_says_what_it_needs_to_hit() -> None:
    outcome = outcome_of(BRANN)
    assert outcome.ok and outcome.odds is not None, outcome.problems
    found = chances.chance(outcome)
    assert found is not None and found.event.key == "event.hit"
    needed = chances.needs(outcome.odds, found.event)
    assert needed == chances.Needs(1, 20, 10, 20)  # 10 + 3 + 2 = 15
    assert render.needs(needed.count, needed.sides, needed.low, needed.high, "fr") == "10 ou plus au d20"
    assert "<strong>Chance of a hit</strong>: 55% (11 in 20) — 10 or more on the d20</p>" in card(outcome, "en")


def test_a_miss_gives_the_chance_of_missing_and_the_faces_that_miss() -> None:
    outcome = outcome_of(BRANN.replace("attack: [11]", "attack: [4]").replace("  damage: [5]\n", "")
                         .replace("outcome: hit", "outcome: miss"))
    assert outcome.ok and outcome.odds is not None, outcome.problems
    found = chances.chance(outcome)
    assert found is not None and (found.event.key, found.probability) == ("event.miss", Fraction(9, 20))
    assert chances.needs(outcome.odds, found.event) == chances.Needs(1, 20, 1, 9)


COUP_DE_GRACE = """\
id: coup
title: Coup
rule: attack
given:
  attacker: {level: 2, str: 1}
  defender: {def_phy: 16}
  attack: {kind: melee, damage: 1d4}
  situation:
    defender: [helpless]
    coup_de_grace: true
expect:
  critical: true
"""


@pytest.mark.parametrize(("concealment", "d100", "event", "probability", "faces"), [
    ("concealment", 15, "event.concealment_miss", Fraction(1, 5), (1, 20)),
    ("concealment", 64, "event.hit.concealed", Fraction(4, 5), (21, 100)),
    (None, None, None, None, None),
])
def test_a_certain_critical_leaves_the_line_to_what_the_dice_decide(
        concealment: str | None, d100: int | None, event: str | None, probability: Fraction | None,
        faces: tuple[int, int] | None) -> None:
    """A coup de grâce is a critical whatever the dice: its card is about the concealment's d100,
    when it has one, and has no chance line when nothing but its damage varies."""
    text = COUP_DE_GRACE
    if concealment:
        text = text.replace("    coup_de_grace: true\n", f"    coup_de_grace: true\n    concealment: {concealment}\n")
        text += f"dice:\n  miss_chance: [{d100}]\n"
    outcome = outcome_of(text)
    assert outcome.ok and outcome.odds is not None, outcome.problems
    found = chances.chance(outcome)
    if event is None:
        assert found is None and "rc-odds" not in card(outcome, "en")
        return
    assert found is not None and (found.event.key, found.probability) == (event, probability)
    assert chances.needs(outcome.odds, found.event) == chances.Needs(1, 100, *faces)
    assert "critical" not in chances.stated(outcome, "en")[0].lower()


def _documented_hints() -> list[Outcome]:
    report = check_paths([ROOT / "docs"], root=ROOT)
    return [o for page in report.pages.values() for o in page.outcomes
            if o.odds is not None and (found := chances.chance(o)) is not None
            and (needed := chances.needs(o.odds, found.event)) is not None and needed.count == 1]


def test_every_documented_hint_names_the_faces_that_make_its_event_happen() -> None:
    """Each card's « — 9 ou plus au d20 »: with that die fixed at a face, the event happens on every
    branch of the other dice when the face is in the hint's run, and on none when it is outside.
    Faces at the run's edges and the die's ends, through the engine face by face (no classes), for
    hints read from a result field (an attack's d20) and from classes of faces (a Healing test, a
    miss chance's d100, an INT test), whose faces no result keeps."""
    outcomes = _documented_hints()
    classed = [o for o in outcomes if o.odds is not None and o.odds.drawn]
    assert len(classed) >= 9 and len(outcomes) > len(classed), (len(classed), len(outcomes))
    for outcome in outcomes:
        assert outcome.odds is not None and outcome.parsed is not None
        found = chances.chance(outcome)
        assert found is not None
        needed = chances.needs(outcome.odds, found.event)
        assert needed is not None
        label = needed.label
        assert Roll(label, needed.sides, needed.count) in outcome.odds.rolls
        example = outcome.parsed.example
        fixed = {name: faces for name, faces in example.dice.items() if name in example.odds.fixed}
        for face in {1, needed.low - 1, needed.low, needed.high, needed.high + 1, needed.sides} - {0, needed.sides + 1}:
            odds = compute_odds(example.rule, example.given, fixed={**fixed, label: [face]}, classes={},
                                fields=outcome.odds.fields)
            happens = sum((p for key, p in odds.outcomes.items()
                           if found.event.holds(dict(zip(odds.fields, key, strict=True)))), Fraction(0))
            assert happens == (1 if needed.low <= face <= needed.high else 0), (outcome.id, label, face, needed)


@pytest.mark.parametrize(("attempts", "below_zero", "dice", "said"), [
    # one test, nothing else decides it
    ("  - {turn: 1, wis: 3, dc: 12}\n", 6, "stabilise: [9]", "9 or more on the d20"),
    # two tests of one label
    ("  - {turn: 1, wis: 3, dc: 12}\n  - {turn: 2, wis: 3, dc: 12}\n", 6, "stabilise: [9]", None),
    # he may die before it: the roll is not made on every branch
    ("  - {turn: 2, wis: 3, dc: 12}\n", 14, "hit_dice: [1, 1]\n  stabilise: [9]", None),
    ("  - {turn: 1, wis: 0, dc: 20}\n", 6, "stabilise: [20]", "a natural 20"),
])
def test_a_healing_test_s_hint_comes_from_its_classes_only_where_that_d20_alone_decides(
        attempts: str, below_zero: int, dice: str, said: str | None) -> None:
    outcome = outcome_of(f"""\
id: healing
title: Healing
rule: dying
given:
  hit_dice: 2d4
  below_zero: {below_zero}
  turns: 2
  stabilise:
{attempts}dice:
  {dice}
""")
    assert outcome.ok and outcome.odds is not None and outcome.odds.drawn, outcome.problems
    found = chances.chance(outcome)
    assert found is not None
    needed = chances.needs(outcome.odds, found.event)
    shown = None if needed is None else render.needs(needed.count, needed.sides, needed.low, needed.high, "en")
    assert shown == said


def test_odds_by_class_split_each_outcome_by_the_classes_drawn_and_sum_to_it() -> None:
    odds = compute_odds("dying", {"hit_dice": "2d4", "below_zero": 6, "turns": 2,
                                  "stabilise": [{"turn": 1, "wis": 3, "dc": 12}]})
    assert odds.drawn and set(odds.drawn) == set(odds.outcomes)
    for key, split in odds.drawn.items():
        assert sum(split.values(), Fraction(0)) == odds.outcomes[key]
        for drawn in split:
            assert [label for label, _ in drawn] == ["stabilise"]
    classes = {faces for split in odds.drawn.values() for drawn in split for _, faces in drawn}
    assert sorted(face for faces in classes for face in faces) == list(range(1, 21))
    assert compute_odds("dying", {"hit_dice": "2d4", "below_zero": 6, "turns": 2,
                                  "stabilise": [{"turn": 1, "wis": 3, "dc": 12}]}, classes={}).drawn == {}


@pytest.mark.parametrize(("count", "sides", "low", "high", "french", "english"), [
    (1, 20, 9, 20, "9 ou plus au d20", "9 or more on the d20"),
    (1, 20, 1, 4, "4 ou moins au d20", "4 or less on the d20"),
    (1, 20, 20, 20, "un 20 naturel", "a natural 20"),
    (1, 20, 1, 1, "un 1 naturel", "a natural 1"),
    (2, 4, 5, 8, "5 ou plus aux 2d4", "5 or more on 2d4"),
    (2, 4, 2, 2, "exactement 2 aux 2d4", "exactly 2 on 2d4"),
    (1, 10, 1, 8, "8 ou moins au d10", "8 or less on the d10"),
])
def test_what_a_roll_needs_in_words(count: int, sides: int, low: int, high: int, french: str, english: str) -> None:
    assert render.needs(count, sides, low, high, "fr") == french
    assert render.needs(count, sides, low, high, "en") == english


@pytest.mark.parametrize(("exact", "french", "english"), [
    (Fraction(3, 5), f"60{NNBSP}% (3 chances sur 5)", "60% (3 chances in 5)"),  # no die's faces: chances
    (Fraction(1, 3), f"33{NNBSP}% (1 chance sur 3)", "33% (1 chance in 3)"),
    (Fraction(5, 8), f"62,5{NNBSP}% (5 chances sur 8)", "62.5% (5 chances in 8)"),  # one exact decimal, kept
    (Fraction(39, 100), f"39{NNBSP}%", "39%"),  # out of 100, the percent says it all
    (Fraction(63, 200), f"31,5{NNBSP}%", "31.5%"),
    (Fraction(3, 320), f"1{NNBSP}% (environ 1 sur 107)", "1% (about 1 in 107)"),  # not "3 in 320"
    (Fraction(387, 5120), f"8{NNBSP}% (environ 1 sur 13)", "8% (about 1 in 13)"),
    (Fraction(2001, 5120), f"39{NNBSP}%", "39%"),  # a common event needs no "1 in N"
])
def test_the_chance_in_words(exact: Fraction, french: str, english: str) -> None:
    assert render.chance(exact, "fr") == french
    assert render.chance(exact, "en") == english


@pytest.mark.parametrize(("exact", "faces", "french", "english"), [
    (Fraction(3, 5), 20, f"60{NNBSP}% (12 sur 20)", "60% (12 in 20)"),  # the faces of the d20 that decides it
    (Fraction(1, 20), 20, f"5{NNBSP}% (1 sur 20)", "5% (1 in 20)"),
    (Fraction(1, 2), 4, f"50{NNBSP}% (2 sur 4)", "50% (2 in 4)"),
    (Fraction(4, 5), 100, f"80{NNBSP}% (4 chances sur 5)", "80% (4 chances in 5)"),  # a d100's percent counts its faces
    (Fraction(5, 8), 20, f"62,5{NNBSP}% (5 chances sur 8)", "62.5% (5 chances in 8)"),  # not a whole number of faces
    (Fraction(5, 8), 16, f"62,5{NNBSP}% (10 sur 16)", "62.5% (10 in 16)"),  # 16 faces, as counted by default
])
def test_a_chance_one_die_decides_counts_that_die_s_faces(exact: Fraction, faces: int, french: str,
                                                           english: str) -> None:
    assert render.chance(exact, "fr", faces) == french
    assert render.chance(exact, "en", faces) == english


def test_trace_lines_say_no_damage_in_words_and_never_look_like_a_fraction() -> None:
    missed = Step(anchor="attack-test", event="damage.total", value=0, verdict="miss")
    assert render.step(missed, "fr") == "L'attaque rate : aucun dégât"
    assert render.step(missed, "en") == "The attack misses: no damage"
    hit = Step(anchor="attack-test", event="damage.total", value=0, verdict="hit")
    assert render.step(hit, "en") == "The attack hits, damage taken: 0"
    natural = Step(anchor="reaction-criticals", event="reaction.parry.natural_20",
                   terms=(Term(value=20, label="d20"), Term(value=2, label="level")), value=22,
                   against=30, against_label="attack", verdict="parry_succeeds")
    assert render.step(natural, "fr") == (
        f"Test de parade, 20 naturel (réussite critique){NBSP}: 20 (d20) + 2 (niveau) = 22 contre 30 (attaque) "
        "→ parade réussie")
    assert render.step(natural, "en").endswith("= 22 against 30 (attack) → parry succeeds")


@pytest.mark.parametrize(("over", "french", "english"), [
    ((), "0 ou 2, 1 en moyenne ", "0 or 2, 1 on average "),
    (("damage",), "en moyenne sur tous les jets des dés de dégâts ", "on average over every roll of the damage dice "),
    (("attack", "damage"), "sur tous les jets du d20 d'attaque et des dés de dégâts (0 quand le coup ne porte pas)",
     "over every roll of the attack d20 and the damage dice (0 when the blow does not land)"),
    (("attack", "reaction", "damage"), "du d20 d'attaque, du d20 de la réaction et des dés de dégâts (0 quand",
     "the attack d20, the reaction d20 and the damage dice (0 when"),
])
def test_the_damage_chart_says_which_dice_its_average_is_over(over: tuple[str, ...], french: str, english: str) -> None:
    """« 4.2 on average » next to a 1d8+2 sword reads wrong unless it says the misses count 0."""
    spread = {0: Fraction(1, 2), 1: Fraction(0), 2: Fraction(1, 2)}
    for language, said in (("fr", french), ("en", english)):
        caption = html.unescape(re.sub(r"<[^>]*>", "", damage_chart(spread, 2, Fraction(1), language, over=over)
                                       .split("<figcaption>")[1].split("</figcaption>")[0]))
        assert said.replace(" ", "") in caption.replace("\u00a0", "").replace("\u202f", "").replace(" ", ""), caption


@pytest.mark.parametrize(("spread", "french", "english"), [
    ({0: Fraction(1, 5), 1: Fraction(0), 2: Fraction(0), 3: Fraction(0), 4: Fraction(4, 5)},
     "0 ou 4, 3,2 en moyenne", "0 or 4, 3.2 on average"),
    ({1: Fraction(0), 2: Fraction(1, 4), 3: Fraction(0), 4: Fraction(0), 5: Fraction(3, 4), 6: Fraction(0)},
     "2 ou 5, 4,3 en moyenne", "2 or 5, 4.3 on average"),
    ({0: Fraction(1, 3), 1: Fraction(1, 3), 4: Fraction(1, 3)},
     "de 0 à 4, 1,7 en moyenne", "from 0 to 4, 1.7 on average"),
])
def test_a_chart_of_two_possible_values_names_them_not_a_range(
        spread: dict[int, Fraction], french: str, english: str) -> None:
    """A coup de grâce in the mist deals 0 or its dice's maximum: « from 0 to 4 » would promise a 2."""
    mean = sum(n * p for n, p in spread.items())
    for language, said in (("fr", french), ("en", english)):
        caption = html.unescape(re.sub(r"<[^>]*>", "", damage_chart(spread, None, mean, language)
                                       .split("<figcaption>")[1].split("</figcaption>")[0]))
        assert said in caption.replace("\u00a0", " ").replace("\u202f", " "), caption


def test_a_chart_is_drawn_over_the_dice_the_odds_roll() -> None:
    from rulecheck.engine.odds import Odds, Roll
    from rulecheck.hosts.cards import rolled_dice

    rolls = (Roll("attack", 20, 1), Roll("damage", 8, 1), Roll("reaction", 20, 1), Roll("miss_chance", 100, 1))
    odds = Odds(rule="attack", fields=("damage",), outcomes={(0,): Fraction(1)}, rolls=rolls, runs=1,
                fixed={"reaction": (17,)})
    assert rolled_dice(odds) == ("attack", "miss_chance", "damage")


def test_the_damage_chart_marks_this_outcome_and_labels_every_value_for_screen_readers() -> None:
    chart = damage_chart({0: Fraction(1, 2), 1: Fraction(0), 2: Fraction(1, 2)}, 2, Fraction(1), "fr")
    bars = chart.split('class="rc-spread__bars"')[1]
    assert bars.count("<span") == 3, "one element a column, the impossible 1 included"
    assert chart.count('<span class="rc-spread__bar') == 2 and chart.count("rc-spread__bar--this") == 1
    assert '<span data-x="1"></span>' in chart and 'data-x="2">' in chart
    assert 'style="--columns:3"' in chart and "grid-column" not in chart, "each element in the next column"
    assert f'role="img" aria-label="0{NBSP}: 50{NNBSP}%, 2{NBSP}: 50{NNBSP}%"' in chart
    assert "data-tip" not in chart, "a bar's hint is its item of the label, not a second copy"
    assert chart.count('style="height:100.0%"') == 2 and "height:0" not in chart
    assert "<script" not in chart and "data-search-exclude" in chart


def test_the_damage_chart_stripes_what_critical_hits_deal_and_says_what_its_axes_are() -> None:
    spread = {n: Fraction(1, 20) for n in range(3, 23)} | {0: Fraction(9, 20), 1: Fraction(0), 2: Fraction(0)}
    spread[10] = Fraction(2, 20)  # a critical hit also deals 10: half that bar is critical
    spread = dict(sorted(spread.items()))
    critical = {10: Fraction(1, 20), 22: Fraction(1, 20)}
    english = damage_chart(spread, 22, Fraction(5), "en", critical)
    bars = zip(re.findall(r'<span class="([^"]+)" style="([^"]+)"', english), bar_items(english), strict=True)
    striped = {title.split(":")[0]: style for (classes, style), title in bars if "rc-spread__bar--critical" in classes}
    assert striped == {"10": "height:22.2%;--critical:50.0%", "22": "height:11.1%;--critical:100.0%"}
    assert "10: 10% (5% of it from critical hits)" in english and "22: 5% (critical hit)" in english
    assert '<span class="rc-spread__legend rc-spread__legend--critical">critical hit</span>' in english
    # Its two keys read apart as text, not "this outcome critical hit"; a chart of one key has no separator.
    assert "this outcome</span> · <span class=\"rc-spread__legend rc-spread__legend--critical\">" in english
    assert " · " not in re.search(r"<figcaption>.*</figcaption>", damage_chart(spread, 22, Fraction(5), "en"))[0]
    # named as a key, not run into the sentence before it: « … (0 when the blow misses) this outcome »
    for language, key in (("en", "Key:"), ("fr", "Légende :")):
        chart = damage_chart(spread, 22, Fraction(5), language, critical)
        caption = re.search(r"<figcaption>.*</figcaption>", chart)[0]  # type: ignore[index]
        assert re.search(rf'\w\. <span class="rc-spread__key">{key}</span><span class="rc-spread__legend', caption)
    assert "Bar height: the chance of that damage (tallest: 45%); under each bar, its damage" in english
    # A wide chart labels its ends, this outcome and every fifth value with room beside it.
    assert re.findall(r'data-x="(\d+)"', english) == ["0", "5", "10", "15", "20", "22"]
    assert "rc-spread__bar--critical" not in damage_chart(spread, 22, Fraction(5), "en")
    beside = damage_chart(spread, 21, Fraction(5), "en")
    assert re.findall(r'data-x="(\d+)"', beside) == ["0", "5", "10", "15", "21", "22"], "no 20 glued to the 21"
    french = damage_chart(spread, 22, Fraction(5), "fr", critical)
    assert f"10{NBSP}: 10{NNBSP}% (dont 5{NNBSP}% en coup critique)" in french and "coup critique</span>" in french


def bar_items(chart: str) -> list[str]:
    """A chart's bars' hints, in the bars' order, as the reader's script reads them: its label's
    items (``BAR_ITEMS``)."""
    label = re.search(r'class="rc-spread__bars" role="img" aria-label="([^"]*)"', chart)
    assert label is not None
    return html.unescape(label.group(1)).split(BAR_ITEMS)


def drawn_columns(chart: str) -> dict[int, tuple[str, str]]:
    """Each grid column a chart's elements occupy, as a browser places them: a column named by
    ``grid-column``, else the one after the previous element's. Each gives its hint and label."""
    columns, placed = {}, 0
    items = iter(bar_items(chart))
    for attributes in re.findall(r"<span((?: [a-z-]+=\"[^\"]*\")*)></span>", chart.split("rc-spread__bars")[1]):
        named = re.search(r"grid-column:(\d+)", attributes)
        placed = int(named.group(1)) if named else placed + 1
        label = re.search('data-x="([^"]*)"', attributes)
        tip = next(items) if 'class="rc-spread__bar' in attributes else ""
        assert placed not in columns, "two elements in one column"
        columns[placed] = (tip, label.group(1) if label else "")
    assert next(items, None) is None, "as many items as bars"
    return columns


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 1, 2, 5]), min_size=2, max_size=40),
       st.integers(min_value=0, max_value=30), st.data())
def test_each_bar_of_a_damage_chart_stands_in_its_own_value_s_column(weights: list[int], low: int,
                                                                     data: st.DataObject) -> None:
    """Columns where the damage cannot happen have no element unless labelled, so every bar and
    label must still land in the column of its own value: random charts, wide and narrow, with
    runs of impossible values anywhere, are placed as a browser's grid places them."""
    assume(any(weights))
    total = sum(weights)
    spread = {low + i: Fraction(w, total) for i, w in enumerate(weights)}
    shown = data.draw(st.sampled_from([None, *spread]))
    chart = damage_chart(spread, shown, Fraction(low), data.draw(st.sampled_from(["fr", "en"])))
    columns = drawn_columns(chart)
    assert f'style="--columns:{len(spread)}"' in chart
    values = list(spread)
    for column, (tip, label) in columns.items():
        value = values[column - 1]
        assert (tip.split(":")[0].strip() == str(value)) if tip else not spread[value], (column, tip)
        assert not label or label == str(value), (column, label)
    assert {values[c - 1] for c, (tip, _) in columns.items() if tip} == {n for n, p in spread.items() if p}
    assert str(min(spread)) in {label for _, label in columns.values()}
    assert str(max(spread)) in {label for _, label in columns.values()}


def refused(plan: str, code: str, rule: str = "turn") -> str:
    return f"id: plan\ntitle: Plan\nrule: {rule}\ngiven:\n{plan}expect:\n  refused: {code}\n"


@pytest.mark.parametrize(("plan", "code", "french", "english", "marked"), [
    ("  plan:\n    - {do: move, metres: 15}\n    - {do: attack}\n", "action_used",
     ["Se déplacer de 15\u00a0m", "Attaquer"], ["Move 15\u00a0m", "Attack"], 1),
    ("  plan:\n    - {do: attack}\n    - {do: move, metres: 4}\n    - {do: move, metres: 8, leaves_contact: true}\n",
     "action_used", ["Attaquer", "Se déplacer de 4\u00a0m", "Se déplacer de 8\u00a0m en quittant le contact"],
     ["Attack", "Move 4\u00a0m", "Move 8\u00a0m, leaving melee contact"], 2),
    ("  plan:\n    - {do: posture, gives_up: [M]}\n    - {do: attack}\n", "posture_only_m",
     ["Posture défensive, en renonçant à l'action de mouvement (M)", "Attaquer"],
     ["Defensive posture, giving up the movement action (M)", "Attack"], 0),
    ("  plan:\n    - {do: free, what: potion}\n    - {do: capability, cost: G}\n", "action_used",
     ["Boire une potion", "Utiliser une capacité de coût G"], ["Drink a potion", "Use a capability costing G"], 1),
    ("  surprised: true\n  plan:\n    - {do: free, what: talk}\n", "surprised_round_one",
     ["Parler"], ["Talk"], 0),
    ("  plan:\n    - {do: move, metres: 5}\n    - {do: posture, gives_up: [A, M]}\n", "posture_not_first",
     ["Se déplacer de 5\u00a0m", "Posture défensive, en renonçant à l'action d'attaque (A) et à l'action de "
      "mouvement (M)"], ["Move 5\u00a0m", "Defensive posture, giving up the attack action (A) and the movement "
                          "action (M)"], 1),
])
def test_a_refused_plan_shows_its_steps_the_refused_one_marked(
    plan: str, code: str, french: list[str], english: list[str], marked: int
) -> None:
    outcome = outcome_of(refused(plan, code))
    assert outcome.ok and outcome.refusal is not None, outcome.problems
    for language, steps, mark in (("fr", french, "refusé ici"), ("en", english, "refused here")):
        shown = html.unescape(card(outcome, language))
        items = re.findall(r"<li( class=\"rc-plan__refused\")?>(.*?)</li>", shown.split('<ol class="rc-plan"')[1])
        assert [re.sub(r"<[^>]+>", "", text).split(" — ")[0] for _, text in items] == steps
        assert [index for index, (refused_class, _) in enumerate(items) if refused_class] == [marked]
        assert items[marked][1].endswith(f"— ✗ {mark}")
        assert shown.index('class="rc-plan"') < shown.index('class="rc-outcome rc-refusal"')


def test_a_refusal_without_a_plan_shows_no_steps() -> None:
    outcome = outcome_of(refused("  metres: 21\n", "movement_limit", rule="movement"))
    assert outcome.ok and outcome.refusal is not None, outcome.problems
    assert "rc-plan" not in card(outcome, "en") and "rc-refusal" in card(outcome, "en")


def test_a_card_names_nothing_internal() -> None:
    for language in ("fr", "en"):
        shown = card(outcome_of(ELARA), language, link=lambda anchor: f"page.html#{anchor}")
        assert not re.search(r'(title|data-tip)="(elara|attack-test)"', shown) and "P(" not in shown
        assert 'class="rc-rule"' in shown and "data-search-exclude>✓" in shown


def test_abbreviations_broken_across_lines_are_joined_outside_code() -> None:
    text = "the defence: Def\n  PHY, or Def MAG.\n\n```\nDef\nPHY\n```\n\nDef\n\nPHY"
    assert join_broken_abbreviations(text, ["Def PHY", "STR"]) == (
        "the defence: Def PHY, or Def MAG.\n\n```\nDef\nPHY\n```\n\nDef\n\nPHY")
    assert join_broken_abbreviations("Undef\nPHY", ["Def PHY"]) == "Undef\nPHY"


def test_tab_labels_stay_out_of_the_search_index() -> None:
    html = '<div class="tabbed-set"><div class="tabbed-labels"><label>A</label></div></div>'
    assert '<div class="tabbed-labels" data-search-exclude>' in without_chrome_in_search(html)


def test_the_404_page_links_relatively_and_finds_its_root() -> None:
    page = ('<html><head><link href="/combat-rules/assets/main.css"></head><body>'
            '<a href="/combat-rules/en/index.html">x</a><a href="/combat-rules/index.html#top">y</a>'
            '<a href="https://example.org/combat-rules/">z</a>'
            '<script id="__config">{"base": "/combat-rules/en/"}</script></body></html>')
    english = relative_404(page, "/combat-rules/", "en/")
    assert 'href="../assets/main.css"' in english and 'href="index.html"' in english
    assert 'href="../index.html#top"' in english and '"base": "./"' in english
    assert 'href="https://example.org/combat-rules/"' in english
    assert english.startswith("<html><head><script>") and 'var own = "en/", known = "/combat-rules/"' in english


@pytest.mark.parametrize(("level", "dice"), [(1, [3]), (5, [2, 5])])
def test_a_capability_s_extra_damage_is_never_called_the_damage_dealt(level: int, dice: list[int]) -> None:
    """Flash Attack's dice are added to the weapon's: its card names them so in its step, its
    outcome line and its chart, in both languages, where a plain capability says damage dealt."""
    source = (f'id: flash\ntitle: Flash\nrule: capability\ngiven:\n  card: "Attaque Éclair | C - A - PHY(DEX)"\n'
              f"  level: {level}\ndice:\n  damage: {dice}\nexpect:\n  extra_damage: true\n")
    said = {"fr": ("Dégâts ajoutés à ceux de l'arme", "Dégâts ajoutés à l'arme", "Dégâts ajoutés possibles"),
            "en": ("Added damage (on top of the weapon's)", "Added to the weapon's damage", "Possible added damage")}
    for language, phrases in said.items():
        (outcome,) = check_page(f"docs/{language}/page.md", f"# Page\n\n```rulecheck\n{source}```\n").outcomes
        assert outcome.ok, outcome.problems
        shown = html.unescape(card(outcome, language))
        assert all(phrase in shown for phrase in phrases), (language, shown)
        assert "Dégâts infligés" not in shown and "Damage dealt" not in shown


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_result_the_rules_turn_down_is_marked_as_refused(language: str) -> None:
    """A coup de grâce the rules do not allow reads as a refusal on paper too, in black and white:
    its card carries the refused mark (a dashed bar), and no allowed result does."""
    report = check_paths([ROOT / "docs" / language], root=ROOT)
    turned_down = allowed = 0
    for page in report.pages.values():
        for outcome in page.outcomes:
            if outcome.result is None or not hasattr(outcome.result, "allowed"):
                continue
            opening = card(outcome, language).split(">", 1)[0]
            assert ("rc-card--refused" in opening) is (not outcome.result.allowed), outcome.id
            turned_down += not outcome.result.allowed
            allowed += outcome.result.allowed
    assert turned_down >= 3 and allowed >= 2


@pytest.mark.parametrize(("damage", "extra", "fr", "en"), [
    ("1d8+2", "", "1d8 + 2", "1d8 + 2"),
    ("1d4+STR", "", "1d4 + FOR", "1d4 + STR"),
    ("2d4", ", extra_damage: [2d4]", "2d4 + 2d4", "2d4 + 2d4"),
])
def test_a_damage_chart_names_the_dice_it_is_drawn_from(damage: str, extra: str, fr: str, en: str) -> None:
    """A parried blow shows no damage step: its chart « from 0 to 10 » named no dice until now."""
    example = PARRY.replace("attack: {total: 15, damage: 1d8+2}", f"attack: {{total: 15, damage: {damage}{extra}}}")
    outcome = outcome_of(example.replace("defender: {", "attacker: {str: 1}\n  defender: {"))
    assert outcome.ok, outcome.problems
    for language, named in (("fr", fr), ("en", en)):
        title = re.search(r'<figcaption><strong>(.*?)</strong>', card(outcome, language))
        assert title is not None and title[1].endswith(f" ({named})"), (language, title)


def test_a_chart_past_its_dice_names_the_critical_s_damage_bonus_that_takes_it_there() -> None:
    """Brann's 1d8 + 2 (+ STR) chart runs « from 0 to 20 »: a critical's bonus (25 − 15) does it."""
    outcome = outcome_of(BRANN)
    assert outcome.ok, outcome.problems
    for language, named in (("fr", "1d8 + 2, et le bonus de dégâts d'un critique"),
                            ("en", "1d8 + 2, plus a critical's damage bonus")):
        title = re.search(r'<figcaption><strong>(.*?)</strong>', card(outcome, language))
        assert title is not None and html.unescape(title[1]).endswith(f" ({named})"), (language, title)


@pytest.mark.parametrize(("example", "fr", "en"), [
    # A given attack total rolls no critical: the margin past the dice is the progressive bonus.
    (PARRY.replace("reaction: [17]", "reaction: [3]\n  damage: [5]").replace("outcome: parried", "outcome: hit")
     .replace("  reaction: parry\n", "  reaction: parry\n  options: {progressive_damage: true}\n")
     .replace("defender: {level: 2, str: 4, def_phy: 15}", "defender: {level: 2, str: 4, def_phy: 9}"),
     "1d8 + 2, et le bonus de dégâts progressif", "1d8 + 2, plus the Progressive Damage Bonus"),
    # A rolled attack under the progressive rule: every hit's margin, criticals included, is that bonus.
    (BRANN.replace("  attack: {kind", "  options: {progressive_damage: true}\n  attack: {kind"),
     "1d8 + 2, et le bonus de dégâts progressif", "1d8 + 2, plus the Progressive Damage Bonus"),
    ("id: smite\ntitle: Smite\nrule: capability\ngiven:\n  card: \"Châtiment de l'Hérétique | C - MA - "
     "MAG(SAG) - 15m\"\n  target: demonic\ndice:\n  damage: [3]\nexpect:\n  damage: 8\n",
     "1d4 + 1, doublés", "1d4 + 1, doubled"),
])
def test_a_chart_past_its_dice_names_what_takes_it_there(example: str, fr: str, en: str) -> None:
    """« Dégâts possibles (1d4 + 1, et le bonus de dégâts d'un critique) » on a smite doubled against
    a demon, or on a blow whose total is given (no critical can be rolled), named the wrong cause."""
    outcome = outcome_of(example)
    assert outcome.ok, outcome.problems
    for language, named in (("fr", fr), ("en", en)):
        title = re.search(r'<figcaption><strong>(.*?)</strong>', card(outcome, language))
        assert title is not None and html.unescape(title[1]).endswith(f" ({named})"), (language, title)


CAUSES = {"fr": {"critical": "bonus de dégâts d'un critique", "progressive": "bonus de dégâts progressif",
                 "doubled": "doublés"},
          "en": {"critical": "a critical's damage bonus", "progressive": "Progressive Damage Bonus",
                 "doubled": "doubled"}}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_documented_chart_names_only_causes_its_card_can_have(language: str) -> None:
    """A critical's bonus only where the odds hold a critical hit, the progressive bonus only under
    that rule, « doublés » only where the damage doubles; and each of the three is on the site."""
    report = check_paths([ROOT / "docs" / language], root=ROOT)
    named: dict[str, int] = {"critical": 0, "progressive": 0, "doubled": 0}
    for page in report.pages.values():
        for outcome in page.outcomes:
            if outcome.odds is None or chances.damage_spread(outcome.odds) is None:
                continue
            title = re.search(r'<figcaption><strong>(.*?)</strong>', card(outcome, language))
            dice = html.unescape(title[1]).rsplit("(", 1)[-1] if title else ""
            given = outcome.parsed.example.given if outcome.parsed else None
            can = {"critical": bool(chances.critical_spread(outcome.odds)),
                   "progressive": bool(getattr(getattr(given, "options", None), "progressive_damage", False)),
                   "doubled": bool(getattr(outcome.result, "doubled", False))}
            for cause, words in CAUSES[language].items():
                if words in dice:
                    assert can[cause], (outcome.id, dice)
                    named[cause] += 1
    assert all(named.values()), named


def test_a_capability_s_chart_names_the_dice_of_its_card() -> None:
    example = ("id: smite\ntitle: Smite\nrule: capability\ngiven:\n  card: \"Châtiment de l'Hérétique | C - MA - "
               "MAG(SAG) - 15m\"\ndice:\n  damage: [3]\nexpect:\n  damage: 4\n")
    outcome = outcome_of(example)
    assert outcome.ok, outcome.problems
    title = re.search(r'<figcaption><strong>(.*?)</strong>', card(outcome, "fr"))
    assert title is not None and title[1].endswith(" (1d4 + 1)"), title


@pytest.mark.parametrize("language", ["fr", "en"])
def test_an_attack_total_the_example_gives_is_not_worded_as_a_rolled_test(language: str) -> None:
    """« Attack test: 14 » beside « Attack test: 12 (d20) + 2 (level) + … » left a player unable
    to tell a die face from a total: the given total names itself a total."""
    from rulecheck.examples.render import EVENTS

    given, rolled = EVENTS[language]["attack.given"], EVENTS[language]["attack.test"]
    assert given != rolled and ("total" in given.lower())


@pytest.mark.parametrize(("expects", "shown"), [(True, True), (False, False)])
def test_a_turn_card_shows_the_posture_bonus_its_example_checks(expects: bool, shown: bool) -> None:
    """A turn without a posture checks that its bonus fell to 0, which no step shows: the card says
    it beside its actions when its example expects it, and only then (no "0" on every turn)."""
    source = ("id: next-turn\ntitle: Next turn\nrule: turn\ngiven:\n  plan:\n    - {do: move, metres: 4}\n"
              "    - {do: attack}\nexpect:\n  left: [G]\n" + ("  posture_bonus: 0\n" if expects else ""))
    outcome = outcome_of(source)
    for language, words in (("fr", "Bonus de posture défensive aux deux défenses jusqu'au prochain tour "
                                   "de la créature"),
                            ("en", "Defensive posture bonus to both defences until the creature's next turn")):
        said = html.unescape(card(outcome, language)).replace(NBSP, " ")
        assert (f"{words}</strong> : 0" in said or f"{words}</strong>: 0" in said) is shown, said[-600:]


@pytest.mark.parametrize(("posture", "shown"), [("[A]", "+1"), ("[A, M]", "+2")])
def test_a_posture_bonus_on_a_card_keeps_its_sign_and_says_what_it_raises(posture: str, shown: str) -> None:
    """« Defensive posture bonus until the next turn: 1 » read as a count, of nobody knew what."""
    source = ("id: guard\ntitle: Guard\nrule: turn\ngiven:\n  plan:\n"
              f"    - {{do: posture, gives_up: {posture}}}\n" + "expect:\n  posture_bonus: " + shown[1:] + "\n")
    outcome = outcome_of(source)
    for language, words in (("fr", "Bonus de posture défensive aux deux défenses jusqu'au prochain tour "
                                   "de la créature"),
                            ("en", "Defensive posture bonus to both defences until the creature's next turn")):
        said = html.unescape(card(outcome, language)).replace(NBSP, " ")
        assert f"{words}</strong> : {shown}" in said or f"{words}</strong>: {shown}" in said, said[-600:]


def test_a_turn_step_names_the_capability_it_uses_and_a_support_card_shows_no_damage() -> None:
    """« Capability: uses the movement action (M) » said not which one; a support capability's card
    said « Damage: 0 » beside « Damage dice: none », which reads as a blow that missed."""
    turn = outcome_of('id: t\ntitle: T\nrule: turn\ngiven:\n  plan:\n'
                      '    - {do: capability, card: "Téléportation | PC - M - Soutien"}\n    - {do: move, metres: 8}\n'
                      'expect:\n  left: [G]\n')
    for language, head in (("fr", "Capacité Téléportation"), ("en", "Capability Téléportation")):
        assert head in html.unescape(card(turn, language)), language
    support = outcome_of('id: s\ntitle: S\nrule: capability\ngiven:\n  card: "Téléportation | PC - M - Soutien"\n'
                         'expect:\n  damage_dice: null\n')
    dealing = outcome_of('id: d\ntitle: D\nrule: capability\ngiven:\n  card: "Attaque Éclair | C - A - PHY(DEX)"\n'
                         '  level: 5\ndice:\n  damage: [2, 5]\nexpect:\n  damage: 7\n')
    for language in ("fr", "en"):
        fields = [re.findall(r"<strong>([^<]*)</strong>", card(outcome, language)) for outcome in (support, dealing)]
        assert len(fields[1]) - len(fields[0]) >= 1 and fields[0] == fields[1][:2], fields  # cost, dice; no damage


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_step_s_rule_link_stays_on_the_line_of_its_last_word(language: str) -> None:
    """The § of a step wrapped alone onto a line of its own: a no-break space joins it to the step."""
    shown = card(outcome_of(ELARA), language, lambda anchor: f"attack.md#{anchor}")
    links = re.findall(r'(.)<a class="rc-rule"', shown)
    assert links and set(links) == {"\u00a0"}, links


@pytest.mark.parametrize(("language", "taken_by", "title"), [
    ("en", "Elara", "Possible damage to Elara (1d8)"),
    ("fr", "Elara", "Dégâts possibles infligés à Elara (1d8)"),
    ("fr", "le gobelin", "Dégâts possibles infligés au gobelin (1d8)"),
    ("en", None, "Possible damage (1d8)"),
])
def test_a_chart_names_who_takes_the_damage(language: str, taken_by: str | None, title: str) -> None:
    """Under « Chance of a counter-attack », « Possible damage (1d8) » read as the counter-attack's
    damage: it was the troll's blow on Elara."""
    spread = {0: Fraction(1, 2), **{n: Fraction(1, 16) for n in range(1, 9)}}
    chart = html.unescape(damage_chart(spread, 0, Fraction(9, 4), language, damage_dice="1d8", taken_by=taken_by))
    assert re.search(r"<strong>(.*?)</strong>", chart)[1] == title  # type: ignore[index]
    added = html.unescape(damage_chart(spread, 0, Fraction(9, 4), language, added=True, taken_by=taken_by))
    assert "Elara" not in added and "gobelin" not in added  # a capability's added damage: what it adds, to anyone


def test_a_count_of_several_dice_s_results_says_they_are_results() -> None:
    """« 62,5 % (10 sur 16) — 5 ou plus aux 2d4 » did not say ten of what: the 16 results of 2d4."""
    assert render.chance(Fraction(5, 8), "fr", 16, results=True) == f"62,5{NNBSP}% (10 résultats sur 16)"
    assert render.chance(Fraction(5, 8), "en", 16, results=True) == "62.5% (10 of 16 results)"
    # not a whole number of them: in lowest terms, as chances, which count no die's results
    assert render.chance(Fraction(1, 3), "en", 16, results=True) == "33% (1 chance in 3)"


@pytest.mark.parametrize(("language", "title"), [("fr", "Dégâts possibles infligés au loup"),
                                                 ("en", "Possible damage to the wolf")])
def test_a_chart_names_the_target_its_cast_line_names_even_from_the_map(language: str, title: str) -> None:
    """The chart and the cast line read one cast: a defender named only on the map (« attaque le
    loup ») is the one the chart names."""
    name = {"fr": "le loup", "en": "the wolf"}[language]
    source = ("id: w\ntitle: W\nrule: attack\ngiven:\n  defender: {def_phy: 12}\n"
              "  attack: {kind: melee, ability: str, damage: 1d6}\n  situation:\n    grid:\n      map: |\n"
              f"        A D\n      creatures:\n        D: {{name: {name}}}\ndice: {{attack: [15], damage: [3]}}\n")
    [outcome] = check_page(f"pages/{language}/page.md", f"```rulecheck\n{source}```\n").outcomes
    shown = html.unescape(card(outcome, language))
    assert name in re.search(r'<p class="rc-cast".*?</p>', shown)[0]  # type: ignore[index]
    assert re.search(r"rc-spread[^>]*><figcaption><strong>([^<(]*)", shown)[1].strip() == title  # type: ignore[index]


@pytest.mark.parametrize(("source", "badge"), [
    (PARRY, "rc-badge--ok"), (refused("  metres: 21\n", "movement_limit", rule="movement"), "rc-badge--refused")])
def test_a_card_s_badge_says_what_it_vouches_for_on_hovering_it(source: str, badge: str) -> None:
    """« ✓ checked » did not say against what (the 37th seed-only reader): its hint names the site's
    rules engine and when it works the card out again, in the card's language."""
    outcome = outcome_of(source)
    said = {}
    for language, engine in (("fr", "moteur de règles"), ("en", "rules engine")):
        found = re.search(rf'<span class="rc-badge [^"]*{badge}[^"]*" data-tip="([^"]+)"', card(outcome, language))
        assert found is not None, language
        said[language] = html.unescape(found[1])
        assert engine in said[language] and ("publication" in said[language] or "published" in said[language])
    assert said["fr"] != said["en"]
