"""Every documented card's chance line, checked like any number: it names an event in the
player's words, that event is what the card shows, its percent and its count are the event's
exact odds, and the roll it quotes ("12 or less on the d20") gives that same event.

The events are defined here again, in the test's own terms (a condition on the result's fields),
and their odds computed afresh over every field of the result: nothing is read back from the
module that chose the line.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from rulecheck.engine.odds import compute_odds
from rulecheck.examples import render
from rulecheck.examples.check import Outcome, check_paths
from rulecheck.hosts.cards import card
from tests.conftest import ROOT
from tests.hosts.test_cards import bar_items

Fields = Mapping[str, Any]


def _reaction(kind: str, succeeded: bool) -> Callable[[Fields], bool]:
    return lambda r: r["reaction"] == kind and r["reaction_succeeded"] is succeeded


#: Each event a card may name: its words in French and English, and when it happens.
#: The applier's critical failure threshold, beside a poison card's result fields (:func:`with_given`).
THRESHOLD = "given.fumble_threshold"


def passed(r: Fields, test: str) -> bool:
    """A poison test, from its face and total: a natural 20 passes, a face within the applier's
    threshold fails, any other total passes at the difficulty."""
    natural, total = r[f"{test}_natural"], r[f"{test}_total"]
    return natural is not None and (natural == 20 or (natural > r[THRESHOLD] and total >= r["dc"]))


#: The card's own damage bonus, beside each branch's fields: a bonus "of 7 or more" is one of the card's or more.
CARD_BONUS = "card.bonus_damage"


def with_given(outcome: Outcome, fields: Fields) -> Fields:
    """A result's fields and what of the example's input an event needs: the applier's threshold,
    and the card's own damage bonus."""
    assert outcome.parsed is not None and outcome.result is not None
    applier = getattr(outcome.parsed.example.given, "applier", None)
    return {**fields, THRESHOLD: getattr(applier, "fumble_threshold", 1),
            CARD_BONUS: getattr(outcome.result, "bonus_damage", None)}


EVENTS: dict[str, tuple[str, str, Callable[[Fields], bool]]] = {
    "event.critical": ("Chance d'une réussite critique", "Chance of a critical", lambda r: r["critical"]),
    "event.fumble": ("Chance d'un échec critique", "Chance of a critical failure",
                     lambda r: r["attack_natural"] is not None and r["fumble"]),
    "event.parry.fumble": ("Chance d'un échec critique de la parade", "Chance of a critical failure of the parry",
                           lambda r: r["reaction"] == "parry" and r["reactions_lost_next_turn"]),
    "event.dodge.fumble": ("Chance d'un échec critique de l'esquive", "Chance of a critical failure of the dodge",
                           lambda r: r["reaction"] == "dodge" and r["reactions_lost_next_turn"]),
    "event.counter_attack": ("Chance d'une contre-attaque", "Chance of a counter-attack",
                             lambda r: r["counter_attack"]),
    "event.parry.natural_20": ("Chance d'une réussite critique de la parade",
                               "Chance of a critical success of the parry",
                               lambda r: r["reaction"] == "parry" and r["reaction_natural"] == 20),
    "event.dodge.natural_20": ("Chance d'une réussite critique de l'esquive",
                               "Chance of a critical success of the dodge",
                               lambda r: r["reaction"] == "dodge" and r["reaction_natural"] == 20),
    "event.parry.succeeds": ("Chance que la parade réussisse", "Chance the parry succeeds", _reaction("parry", True)),
    "event.parry.fails": ("Chance que la parade échoue", "Chance the parry fails", _reaction("parry", False)),
    "event.dodge.succeeds": ("Chance que l'esquive réussisse", "Chance the dodge succeeds", _reaction("dodge", True)),
    "event.dodge.fails": ("Chance que l'esquive échoue", "Chance the dodge fails", _reaction("dodge", False)),
    "event.concealment_miss": ("Chance que le camouflage fasse manquer le coup",
                               "Chance the concealment makes the blow miss",
                               lambda r: r["miss_chance_roll"] is not None
                               and r["miss_chance_roll"] <= r["miss_chance"]),
    "event.hit": ("Chance de toucher", "Chance of a hit", lambda r: r["outcome"] == "hit"),
    "event.hit.concealed": ("Chance de toucher malgré le camouflage", "Chance of a hit through the concealment",
                            lambda r: r["outcome"] == "hit"),
    "event.miss": ("Chance de manquer", "Chance of a miss", lambda r: r["outcome"] != "hit"),
    "event.hit.no_damage": ("Chance que le coup touche sans blesser", "Chance the blow lands but does no damage",
                            lambda r: r["outcome"] == "hit" and r["damage"] == 0),
    "event.hit.no_damage.rolled": ("Chance que le coup touche sans blesser, d20 d'attaque et dé de dégâts ensemble",
                                   "Chance the blow lands but does no damage, the attack's d20 and the damage die "
                                   "together", lambda r: r["outcome"] == "hit" and r["damage"] == 0
                                   and r["attack_natural"] is not None),
    "event.hit.bonus": ("Chance d'un bonus de dégâts de", "Chance of a damage bonus of",
                        lambda r: r["outcome"] == "hit" and r["bonus_damage"] >= r[CARD_BONUS] > 0),
    "event.dying.dead.one": ("Chance de mourir ce tour-ci", "Chance of dying this turn", lambda r: r["dead"]),
    "event.dying.dead.many": ("Chance de mourir en", "Chance of dying within", lambda r: r["dead"]),
    "event.dying.dead.one.unhealed": ("Chance que les soins échouent, puis de mourir ce tour-ci",
                                      "Chance that the healing fails, then of dying this turn", lambda r: r["dead"]),
    "event.dying.dead.many.unhealed": ("Chance que les soins échouent, puis de mourir en",
                                       "Chance that the healing fails, then of dying within", lambda r: r["dead"]),
    "event.dying.alive.one": ("Chance de survivre à ce tour", "Chance of surviving this turn",
                              lambda r: not r["dead"]),
    "event.dying.alive.many": ("Chance de survivre à ces", "Chance of surviving these", lambda r: not r["dead"]),
    "event.dying.stabilised": ("Chance d'être stabilisé", "Chance of being stabilised", lambda r: r["stabilised"]),
    "event.dying.not_stabilised": ("Chance de ne pas être stabilisé", "Chance of not being stabilised",
                                   lambda r: not r["stabilised"]),
    "event.dying.stabilised.many": ("Chance qu'au moins une des", "Chance that at least one of the",
                                    lambda r: r["stabilised"]),
    "event.dying.not_stabilised.many": ("Chance que les", "Chance that all", lambda r: not r["stabilised"]),
    "event.poison.applied": ("Chance de réussir les deux tests", "Chance of passing both tests",
                             lambda r: passed(r, "int") and passed(r, "dex")),
    # the DEX test is rolled only after an INT test that is no critical failure: the chance says so
    "event.poison.vial": ("Chance que le test d'INT ne soit pas un échec critique, puis que celui de DEX en soit un",
                          "Chance that the INT test is not a critical failure, then that the DEX test is one",
                          lambda r: r["dex_natural"] is not None and r["dex_natural"] <= r[THRESHOLD]),
    "event.poison.doubtful": ("Chance de rater le test d'INT sans échec critique, puis de réussir celui de DEX",
                              "Chance of failing the INT test but not critically, then passing the DEX test",
                              lambda r: r["dex_natural"] is not None and not passed(r, "int") and passed(r, "dex")),
    "event.poison.int_fumble": ("Chance d'un échec critique au test d'INT",
                                "Chance of a critical failure on the INT test",
                                lambda r: r["int_natural"] <= r[THRESHOLD] and r["int_natural"] != 20),
    "event.poison.dex_fails": ("Chance que le test d'INT ne soit pas un échec critique, puis que celui de DEX échoue",
                               "Chance that the INT test is not a critical failure, then that the DEX test fails",
                               lambda r: r["dex_natural"] is not None and not passed(r, "dex")),
    "event.vial.resisted": ("Chance de résister aux poisons", "Chance of resisting the poisons",
                            lambda r: r["resisted"]),
    "event.vial.poisoned": ("Chance que les poisons agissent", "Chance the poisons take effect",
                            lambda r: not r["resisted"]),
}

LINE = re.compile(r'<p class="rc-odds" data-search-exclude><strong>(?P<name>[^<]+)'
                  r"</strong>\u00a0?: (?P<percent>[\d,.]+)\u202f?%(?: \((?P<count>[^)]+)\))?"
                  r"(?: — (?P<roll>[^<]+))?</p>")
COUNT = {"fr": re.compile(r"(?P<about>environ )?(?P<k>\d+)(?P<results> résultats)?(?P<odds> chances?)?"
                          r" sur (?P<n>\d+)"),
         "en": re.compile(r"(?P<about>about )?(?P<k>\d+)(?P<odds> chances?)? (?:in|of) (?P<n>\d+)"
                          r"(?P<results> results)?")}
ROLL = {"fr": re.compile(r"(?:un (?P<natural>\d+) naturel|(?P<face>\d+) ou (?P<way>plus|moins) "
                         r"(?:au d(?P<sides>\d+)|aux (?P<count>\d+)d(?P<many>\d+)))"),
        "en": re.compile(r"(?:a natural (?P<natural>\d+)|(?P<face>\d+) or (?P<way>more|less) "
                         r"(?:on the d(?P<sides>\d+)|on (?P<count>\d+)d(?P<many>\d+)))")}
#: The result fields that hold what one roll showed, and the roll's value from them.
ROLLS: dict[str, Callable[[Any], int | None]] = {
    "attack_natural": lambda v: v, "reaction_natural": lambda v: v,
    "rolls": lambda v: v[0] if len(v) == 1 else None, "con_natural": lambda v: v,
}


@dataclass
class Stated:
    example: str
    language: str
    key: str
    name: str
    percent: Fraction
    count: str | None
    roll: str | None


def named(name: str, language: str) -> str:
    """The event whose words begin the line (the longest such words: a parry's critical failure
    is not the attack's)."""
    words = {key: said[0 if language == "fr" else 1] for key, said in EVENTS.items()}
    found = sorted((key for key, text in words.items() if name.startswith(text)), key=lambda key: -len(words[key]))
    assert found, f"a chance line names no event this test knows: {name}"
    return found[0]


def stated_chances(outcome: Outcome, language: str) -> list[Stated]:
    shown = html.unescape(card(outcome, language))
    found = [Stated(outcome.id or "", language, named(m["name"], language), m["name"],
                    Fraction(m["percent"].replace(",", ".")), m["count"], m["roll"]) for m in LINE.finditer(shown)]
    assert len(found) == shown.count('class="rc-odds"'), f"{outcome.id}: a chance line this test cannot read"
    return found


@pytest.fixture(scope="module")
def documented() -> dict[str, list[Outcome]]:
    found = {}
    for language in ("fr", "en"):
        report = check_paths([ROOT / "docs" / language], root=ROOT)
        assert report.ok, report.all_problems
        found[language] = [o for page in report.pages.values() for o in page.outcomes if o.result is not None]
    return found


def every_branch(outcome: Outcome) -> list[tuple[dict[str, Any], Fraction]]:
    """Every result field on every branch of the example's dice, with its exact probability."""
    assert outcome.parsed is not None
    example = outcome.parsed.example
    fixed = {label: example.dice[label] for label in example.odds.fixed}
    odds = compute_odds(example.rule, example.given, fixed=fixed)
    return [(dict(zip(odds.fields, key, strict=True)), p) for key, p in odds.outcomes.items()]


def varying_dice(outcome: Outcome) -> dict[str, tuple[int, int]]:
    """The (sides, count) of each die the example's odds roll on some branch, the fixed ones left out."""
    assert outcome.parsed is not None
    example = outcome.parsed.example
    fixed = {label: example.dice[label] for label in example.odds.fixed}
    odds = compute_odds(example.rule, example.given, fixed=fixed)
    return {roll.label: (roll.sides, roll.count) for roll in odds.rolls if roll.label not in fixed}


def roll_values(sides: int, count: int) -> dict[int, Fraction]:
    totals: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        totals[sum(faces)] = totals.get(sum(faces), 0) + 1
    return {total: Fraction(ways, sides ** count) for total, ways in totals.items()}


def check_line(outcome: Outcome, stated: Stated) -> None:
    where = f"{stated.language}: {stated.example}"
    happens = EVENTS[stated.key][2]
    assert outcome.result is not None
    assert happens(with_given(outcome, outcome.result.model_dump())), \
        f"{where}: the card names an event its own result is not"
    if stated.key == "event.hit.bonus":  # "a damage bonus of 7 or more": the card's own bonus
        assert re.search(rf"\b{outcome.result.bonus_damage}\b", stated.name), f"{where}: {stated.name}"
    branches = [(with_given(outcome, fields), p) for fields, p in every_branch(outcome)]
    exact = sum((p for fields, p in branches if happens(fields)), Fraction(0))
    assert 0 < exact < 1, where
    # The percent, rounded from the exact odds (to one tenth when that is exact).
    assert abs(stated.percent - exact * 100) <= Fraction(1, 2) if stated.percent.denominator == 1 \
        else stated.percent == exact * 100, f"{where}: {stated.percent}% for {exact}"
    if stated.count is not None:
        count = COUNT[stated.language].fullmatch(stated.count)
        assert count is not None, where
        k, n = int(count["k"]), int(count["n"])
        if count["about"]:
            assert k == 1 and abs(n - 1 / exact) <= Fraction(1, 2), f"{where}: about 1 in {n} for {exact}"
        else:
            # Out of the equally likely results of the roll the line quotes (12 in 20, not 3 in 5; 2d4's
            # 16 pairs), or of the card's one d20 test where it can, else in lowest terms.
            said = ROLL[stated.language].fullmatch(stated.roll or "")
            faces = int(said["sides"]) if said and said["sides"] else 20 if said and said["natural"] else \
                int(said["many"]) ** int(said["count"]) if said and said["count"] else None
            faces = faces if faces is None or (exact * faces).denominator == 1 else None  # else lowest terms
            if faces is None and list(varying_dice(outcome).values()) == [(20, 1)] and (exact * 20).denominator == 1:
                faces = 20  # the card's one die, a d20 test: its faces (Pip's d20 and d4 are two dice)
            faces = faces if faces is None or faces < 100 else None  # a d100's percent is its count out of 100
            assert Fraction(k, n) == exact and n == (faces or exact.denominator), f"{where}: {k} in {n} for {exact}"
            # several dice's results are named as results (« 10 sur 16 » did not say of what)
            assert bool(count["results"]) == bool(said and said["count"] and faces), f"{where}: {stated.count}"
            # odds no roll's faces count say they are chances (« 9 sur 20 » read as a d20's faces)
            assert bool(count["odds"]) == (not faces), f"{where}: {stated.count}"
            assert count["odds"] in (None, " chance" if k == 1 else " chances"), f"{where}: {stated.count}"
    if stated.roll is not None:
        check_roll(outcome, stated, branches, happens, exact)


def check_roll(outcome: Outcome, stated: Stated, branches: list[tuple[dict[str, Any], Fraction]],
               happens: Callable[[Fields], bool], exact: Fraction) -> None:
    """The roll the line quotes gives the same event: on every branch the event happens exactly
    when one roll's value is in the quoted range, and that range has the event's odds."""
    where = f"{stated.language}: {stated.example}: {stated.roll}"
    said = ROLL[stated.language].fullmatch(stated.roll or "")
    assert said is not None, where
    if said["natural"]:
        sides, count = 20, 1
        low = high = int(said["natural"])
    else:
        sides, count = (int(said["sides"]), 1) if said["sides"] else (int(said["many"]), int(said["count"]))
        face = int(said["face"])
        low, high = (face, count * sides) if said["way"] in {"plus", "more"} else (count, face)
    values = roll_values(sides, count)
    assert sum((p for value, p in values.items() if low <= value <= high), Fraction(0)) == exact, where
    deciding = [name for name, value_of in ROLLS.items()
                if all(name in fields and fields[name] is not None and value_of(fields[name]) is not None
                       and (low <= value_of(fields[name]) <= high) == happens(fields)
                       for fields, p in branches if p)]
    if count == 1 and not deciding:  # a roll whose face no result keeps (a Healing test): fixed face by face
        deciding = [label for label in single_rolls(outcome, sides)
                    if all(chance_with_face(outcome, label, face, happens) == (low <= face <= high)
                           for face in range(1, sides + 1))]
    assert deciding, f"{where}: no roll of the example decides the event this way"


def single_rolls(outcome: Outcome, sides: int) -> list[str]:
    """The labels of the rolls of one d``sides`` that the example's dice make on some branch."""
    assert outcome.parsed is not None
    example = outcome.parsed.example
    odds = compute_odds(example.rule, example.given, fixed={label: example.dice[label] for label in example.odds.fixed})
    return sorted({roll.label for roll in odds.rolls if (roll.sides, roll.count) == (sides, 1)})


def chance_with_face(outcome: Outcome, label: str, face: int, happens: Callable[[Fields], bool]) -> bool | None:
    """Whether the event happens on every branch (True), on none (False) or on some (None) when
    the roll ``label`` shows ``face``, every other die enumerated face by face."""
    assert outcome.parsed is not None
    example = outcome.parsed.example
    fixed = {name: example.dice[name] for name in example.odds.fixed}
    odds = compute_odds(example.rule, example.given, fixed={**fixed, label: [face]}, classes={})
    exact = sum((p for key, p in odds.outcomes.items()
                 if happens(with_given(outcome, dict(zip(odds.fields, key, strict=True))))), Fraction(0))
    return True if exact == 1 else False if exact == 0 else None


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_card_states_the_exact_chance_of_the_event_it_shows(
    documented: dict[str, list[Outcome]], language: str
) -> None:
    lines = 0
    for outcome in documented[language]:
        for stated in stated_chances(outcome, language):
            check_line(outcome, stated)
            lines += 1
    assert lines >= 40, "most cards whose dice decide give a chance"


@pytest.mark.parametrize(("example", "french", "english"), [
    # A natural-20 punch: the chance of a critical, not of a hit.
    ("unarmed-critical", "Chance d'une réussite critique : 5 % (1 sur 20) — un 20 naturel",
     "Chance of a critical: 5% (1 in 20) — a natural 20"),
    # The priest who dies at 17: the chance of dying, not of landing on exactly 17; out of the 16
    # pairs of 2d4 (« 5 sur 8 » read as eight results of dice that have sixteen).
    ("priest-dying-17", "Chance de mourir ce tour-ci : 62,5 % (10 résultats sur 16) — 5 ou plus aux 2d4",
     "Chance of dying this turn: 62.5% (10 of 16 results) — 5 or more on 2d4"),
    # A failed parry: the chance it fails, and the faces that fail it.
    ("failed-parry-no-bonus", "Chance que la parade échoue : 60 % (12 sur 20) — 12 ou moins au d20",
     "Chance the parry fails: 60% (12 in 20) — 12 or less on the d20"),
    # The wrong vial and the clean success no longer share one number, and the wrong vial's is
    # the chance of what it is about, an INT test failed but not critically, then a passed DEX
    # test (8/20 × 14/20), not of any failure to apply the poison.
    ("poison-apply-int-fails", "Chance de rater le test d'INT sans échec critique, puis de réussir celui de DEX "
     "(un poison peut-être moins efficace ou inapproprié) : 28 % (7 chances sur 25)",
     "Chance of failing the INT test but not critically, then passing the DEX test (a poison perhaps less "
     "effective or unsuited): 28% (7 chances in 25)"),
    ("poison-apply-dc-met", "Chance de réussir les deux tests (le poison appliqué avec tout son effet) : 39 %",
     "Chance of passing both tests (the poison applied with its full effect): 39%"),
    # A rare event reads as a count a player can picture, not "3 in 320".
    ("stabilise-fails", "Chance que les soins échouent, puis de mourir ce tour-ci : 8 % (environ 1 sur 12)",
     "Chance that the healing fails, then of dying this turn: 8% (about 1 in 12)"),
    # A perfect parry or dodge out of contact, which opens no counter-attack: the chance of its
    # natural 20, as the card that opens one gives, not the chance that any parry succeeds.
    ("parry-natural-20-at-reach", "Chance d'une réussite critique de la parade : 5 % (1 sur 20) — un 20 naturel",
     "Chance of a critical success of the parry: 5% (1 in 20) — a natural 20"),
    ("dodge-natural-20-out-of-contact",
     "Chance d'une réussite critique de l'esquive : 5 % (1 sur 20) — un 20 naturel",
     "Chance of a critical success of the dodge: 5% (1 in 20) — a natural 20"),
    # A critical against a parry: the attack's d20 decides it whatever the parry's d20 shows.
    ("alice-critical-parry", "Chance d'une réussite critique : 5 % (1 sur 20) — un 20 naturel",
     "Chance of a critical: 5% (1 in 20) — a natural 20"),
    # One Healing test: out of its d20's faces, not « 3 sur 5 ».
    # A Healing test, rolled by class of faces: its faces still named.
    ("priest-stabilised", "Chance d'être stabilisé : 60 % (12 sur 20) — 9 ou plus au d20",
     "Chance of being stabilised: 60% (12 in 20) — 9 or more on the d20"),
    ("vial-accident-resisted", "Chance de résister aux poisons : 40 % (8 sur 20) — 13 ou plus au d20",
     "Chance of resisting the poisons: 40% (8 in 20) — 13 or more on the d20"),
    # Under the advanced rule, the card is about the blow's bonus, not any hit.
    ("progressive-damage-bonus", "Chance d'un bonus de dégâts de 7 ou plus : 20 % (4 sur 20) — 17 ou plus au d20",
     "Chance of a damage bonus of 7 or more: 20% (4 in 20) — 17 or more on the d20"),
    # A hit in fog whose attack total is given: the d100 is all that varies, and the line says so.
    ("fog-hit-at-21", "Chance de toucher malgré le camouflage : 80 % (4 chances sur 5) — 21 ou plus au d100",
     "Chance of a hit through the concealment: 80% (4 chances in 5) — 21 or more on the d100"),
    # A d20 and a d4 decide it together: its odds are chances, not nine of the d20's faces.
    ("weak-punch", "Chance que le coup touche sans blesser, d20 d'attaque et dé de dégâts ensemble : 45 % "
     "(9 chances sur 20)", "Chance the blow lands but does no damage, the attack's d20 and the damage die together: "
     "45% (9 chances in 20)"),
])
def test_the_cards_of_the_issue_say_what_their_chance_is_about(
    documented: dict[str, list[Outcome]], example: str, french: str, english: str
) -> None:
    for language, expected in (("fr", french), ("en", english)):
        (outcome,) = [o for o in documented[language] if o.id == example]
        (line,) = re.findall(r'<p class="rc-odds"[^>]*>(.*?)</p>', html.unescape(card(outcome, language)))
        text = re.sub(r"<[^>]+>", "", line).replace("\u00a0", " ").replace("\u202f", " ")
        assert text == expected


@pytest.mark.parametrize("key", sorted(EVENTS))
def test_every_event_has_its_words_in_both_languages(key: str) -> None:
    from rulecheck.examples.render import event

    for language, words in zip(("fr", "en"), EVENTS[key][:2], strict=True):
        assert event(key, (("turns", 3), ("bonus", 7), ("attempts", 2)), language).startswith(words)


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_damage_chart_says_when_its_bar_at_0_holds_blows_that_land_without_wounding(
    documented: dict[str, list[Outcome]], language: str
) -> None:
    """A chart's 0 is said to be the misses; where a blow can land for 0 (a weak punch), it says
    that too. Whether it can is worked out here over every branch of the result."""
    plain, harmless = {"fr": ("(0 quand le coup ne porte pas)",
                              "(0 quand le coup ne porte pas, ou porte sans blesser)"),
                       "en": ("(0 when the blow does not land)",
                              "(0 when the blow does not land, or lands without wounding)")}[language]
    seen = {True: 0, False: 0}
    parts = 0
    for outcome in documented[language]:
        said = html.unescape(card(outcome, language)).replace("\u00a0", " ")
        if plain not in said and harmless not in said:
            continue
        branches = every_branch(outcome)
        lands_for_nothing = any(fields.get("hit") is True and fields.get("damage") == 0 and p
                                for fields, p in branches)
        assert (harmless in said) is lands_for_nothing, f"{language}: {outcome.id}"
        seen[lands_for_nothing] += 1
        # and the bar at 0 says how much of it such blows are, where misses share it (« 0 : 50 %
        # (dont 45 % …) » beside a chance line of 45 %: the highlighted 50 % read as a contradiction)
        at_zero = sum((p for fields, p in branches if fields.get("damage") == 0), Fraction(0))
        landing = sum((p for fields, p in branches if fields.get("hit") is True and fields.get("damage") == 0),
                      Fraction(0))
        part = {"fr": "dont {share} de coups qui touchent sans blesser",
                "en": "{share} of it from blows that land without wounding"}[language]
        tip = next((item for item in bar_items(said) if re.match(r"0 ?: ", item)), None)
        assert tip is not None, outcome.id
        shown = spaced(tip)
        if 0 < landing < at_zero:
            assert spaced(part.format(share=render.probability(landing, language))) in shown, (outcome.id, shown)
            parts += 1
        else:
            assert "blesser" not in shown and "wounding" not in shown, (outcome.id, shown)
    assert seen[True] and seen[False], seen  # the documented cards hold both kinds
    assert parts, "a documented chart whose bar at 0 holds misses and harmless hits"
