"""Properties of the exact odds, and the odds against a seeded simulation of the same rules.

The simulation check is statistical but not flaky by luck: every comparison uses Bernstein's
inequality, which bounds the chance that a mean of N independent draws strays from its exact
expectation by more than t, for draws in a range of width R with variance s²:

    P(|mean - mu| >= t) <= 2 exp(-N t² / (2 s² + 2 R t / 3))

Each comparison gets the t that makes that bound DELTA = 1e-9, so a correct engine fails one of
the few hundred comparisons a run makes with probability below 1e-6. The exact variance comes
from the exact odds, so the tolerance is tight for rare outcomes and loose only where the
simulation is genuinely noisy. A value the exact odds call impossible must never be drawn.
"""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulecheck.engine import RULES, AttackInput, SeededDice, compute_odds, resolve_attack
from rulecheck.engine.odds import Odds
from rulecheck.engine.sources import ScriptedDice
from rulecheck.examples.check import markdown_files, read_page
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.schema import parse_block
from tests.conftest import ROOT, examples

DELTA = 1e-9
TRIALS = 1200
#: Fixing every damage die at 1 removes damage branching where only hits and defences matter.
NO_DAMAGE_BRANCHING = {"damage": [1] * 10}

abilities = st.integers(-3, 5)
damage = st.sampled_from(["1d4", "1d6+1", "2d4", "1d8+STR", "1d4-3", "2d6-1", "1d4+STR"])
extra = st.lists(st.sampled_from(["1d4", "1d6"]), max_size=1)


@st.composite
def attacks(draw: st.DrawFn) -> dict[str, Any]:
    """An attack input: rolled or given, any kind, any reaction, posture, options."""
    if draw(st.booleans()):
        attack: dict[str, Any] = {"bonus": draw(st.integers(-2, 8)),
                                  "ability": draw(st.sampled_from([None, "str", "dex"]))}
    else:
        attack = {"total": draw(st.integers(0, 35))}
        natural = draw(st.sampled_from([None, None, 1, 20]))
        if natural is not None:
            attack["natural"] = natural
    attack |= {
        "kind": draw(st.sampled_from(["melee", "ranged", "magic"])),
        "area": draw(st.booleans()),
        "damage": draw(damage),
        "extra_damage": draw(extra),
    }
    return {
        "attacker": {"level": draw(st.integers(0, 5)), "str": draw(abilities), "dex": draw(abilities),
                     "fumble_threshold": draw(st.integers(1, 3))},
        "defender": {
            "level": draw(st.integers(0, 5)), "str": draw(abilities), "dex": draw(abilities),
            "def_phy": draw(st.integers(5, 30)), "def_mag": draw(st.integers(5, 30)),
            "posture": draw(st.sampled_from([[], ["A"], ["A", "M"]])),
            "fumble_threshold": draw(st.integers(1, 3)),
        },
        "attack": {k: v for k, v in attack.items() if v is not None},
        "reaction": draw(st.sampled_from(["none", "dodge", "parry"])),
        "reaction_lost": draw(st.booleans()),
        "options": {"progressive_damage": draw(st.booleans())},
    }


def bernstein(n: int, variance: float, width: float, delta: float = DELTA) -> float:
    """The deviation t of a mean of n draws that Bernstein's inequality exceeds with chance delta."""
    log = math.log(2 / delta)
    return (width * log / 3 + math.sqrt((width * log / 3) ** 2 + 2 * n * variance * log)) / n


#: Fields whose every value's probability is compared (damage too: its mean alone could hide a
#: wrong spread).
COMPARED = ("attack_natural", "attack_total", "reaction_natural", "reaction_total", "outcome", "hit",
            "critical", "fumble", "reaction_succeeded", "counter_attack", "reactions_lost_next_turn", "damage")


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacks(), st.integers(0, 2**32))
def test_exact_odds_agree_with_a_seeded_simulation(data: dict[str, Any], seed: int) -> None:
    agree_with_simulation(data, seed, TRIALS)


def test_the_heaviest_attack_agrees_with_a_longer_simulation() -> None:
    """A rolled d20 attack, a d20 parry and 2d4 + 2d4 damage: every kind of branch at once."""
    heavy = {"defender": {"level": 2, "str": 4, "def_phy": 14}, "attacker": {"level": 3, "dex": 2},
             "attack": {"ability": "dex", "damage": "2d4", "extra_damage": ["2d4"]}, "reaction": "parry"}
    agree_with_simulation(heavy, seed=20261130, trials=5000)


def agree_with_simulation(data: dict[str, Any], seed: int, trials: int) -> None:
    given_ = AttackInput.model_validate(data)
    odds = compute_odds("attack", given_)
    dice = SeededDice(seed)
    results = [resolve_attack(given_, dice) for _ in range(trials)]
    for name in COMPARED:
        exact = odds.distribution(name)
        drawn = [getattr(r, name) for r in results]
        assert set(drawn) <= set(exact), f"{name}: drew a value the odds call impossible"
        for value, p in exact.items():
            share = drawn.count(value) / trials
            tolerance = bernstein(trials, float(p * (1 - p)), 1)
            assert abs(share - float(p)) <= tolerance, f"P({name} = {value}) = {p}, drawn {share:.4f}"
    values = odds.distribution("damage")
    mean = odds.mean("damage")
    variance = sum((v - mean) ** 2 * p for v, p in values.items())
    width = max(values) - min(values)
    drawn_mean = sum(r.damage for r in results) / trials
    assert {r.damage for r in results} <= set(values)
    assert abs(drawn_mean - float(mean)) <= bernstein(trials, float(variance), width), (drawn_mean, mean)


@settings(max_examples=examples(30), deadline=None)
@given(attacks())
def test_odds_sum_to_one_and_damage_is_never_negative(data: dict[str, Any]) -> None:
    odds = compute_odds("attack", data)
    assert sum(odds.outcomes.values()) == 1
    for name in ("outcome", "damage", "attack_total"):
        assert sum(odds.distribution(name).values()) == 1
    assert min(odds.distribution("damage")) >= 0
    assert min(odds.distribution("base_damage")) >= 0


@settings(max_examples=examples(30), deadline=None)
@given(attacks())
def test_a_criticals_damage_is_the_maximum_of_its_dice(data: dict[str, Any]) -> None:
    odds = compute_odds("attack", data)
    assume(odds.probability("critical", True) > 0)
    given_ = AttackInput.model_validate(data)
    expressions = [given_.attack.damage, *given_.attack.extra_damage]
    top = max(0, sum(e.maximum(given_.attacker.abilities) for e in expressions if e is not None))
    assert odds.distribution("base_damage", where={"critical": True}) == {top: Fraction(1)}


def with_posture(data: dict[str, Any], posture: list[str]) -> dict[str, Any]:
    return {**data, "defender": {**data["defender"], "posture": posture}}


@settings(max_examples=examples(30), deadline=None)
@given(attacks())
def test_a_posture_never_lowers_a_defence(data: dict[str, Any]) -> None:
    odds = [compute_odds("attack", with_posture(data, p), fixed=NO_DAMAGE_BRANCHING)
            for p in ([], ["A"], ["A", "M"])]
    defences = [_only(o, "defence_value") for o in odds]
    assert defences[0] <= defences[1] <= defences[2]
    hits = [o.probability("hit", True) for o in odds]
    assert hits[0] >= hits[1] >= hits[2]


@settings(max_examples=examples(30), deadline=None)
@given(attacks(), st.integers(1, 10))
def test_a_higher_defence_never_raises_the_chance_to_hit(data: dict[str, Any], more: int) -> None:
    defender = data["defender"]
    stronger = {**data, "defender": {**defender, "def_phy": defender["def_phy"] + more,
                                     "def_mag": defender["def_mag"] + more}}
    before = compute_odds("attack", data, fixed=NO_DAMAGE_BRANCHING).probability("hit", True)
    after = compute_odds("attack", stronger, fixed=NO_DAMAGE_BRANCHING).probability("hit", True)
    assert after <= before


class Recording:
    """Seeded dice that remember every roll: (label, faces)."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)
        self.rolls: list[tuple[str, int, tuple[int, ...]]] = []

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        faces = self.dice.roll(label, sides, count)
        self.rolls.append((label, sides, faces))
        return faces


def same_sum(faces: tuple[int, ...], sides: int, rng: random.Random) -> list[int]:
    """Other faces of the same dice with the same total: move points between dice at random."""
    moved = list(faces)
    for _ in range(10):
        i, j = rng.randrange(len(moved)), rng.randrange(len(moved))
        if i == j:
            continue
        step = rng.randint(0, min(moved[i] - 1, sides - moved[j]))
        moved[i], moved[j] = moved[i] - step, moved[j] + step
    rng.shuffle(moved)
    return moved


@settings(max_examples=examples(50), deadline=None)
@given(attacks(), st.integers(0, 2**32))
def test_the_attack_only_adds_up_its_damage_dice(data: dict[str, Any], seed: int) -> None:
    """The `summed_dice` claim the odds rely on: damage faces matter only through each roll's sum."""
    given_ = AttackInput.model_validate(data)
    recording = Recording(seed)
    result = resolve_attack(given_, recording)
    rng = random.Random(seed)
    script: dict[str, list[int]] = {}
    for label, sides, faces in recording.rolls:
        script.setdefault(label, []).extend(same_sum(faces, sides, rng) if label == "damage" else faces)
    assert resolve_attack(given_, ScriptedDice(script)) == result


def _only(odds: Odds, name: str) -> Any:
    (value,) = odds.distribution(name)
    return value



def test_every_summed_declaration_holds_on_the_sites_examples() -> None:
    """Each rule's `summed_dice` claim, checked on the site's own inputs with many seeded rolls."""
    rearranged: set[str] = set()
    for page in markdown_files([ROOT / "docs" / "en"]):
        for block in find_blocks(read_page(page), str(page)):
            parsed = parse_block(block)
            if isinstance(parsed, list) or parsed.example.expect.refused is not None:
                continue  # an example that shows a refusal has no result to compare
            rule = RULES[parsed.example.rule]
            for seed in range(30):
                recording = Recording(seed)
                result = rule.resolve(parsed.example.given, recording)
                rng = random.Random(seed)
                script: dict[str, list[int]] = {}
                for label, sides, faces in recording.rolls:
                    if label in rule.summed_dice and len(faces) > 1:
                        rearranged.add(rule.name)
                        script.setdefault(label, []).extend(same_sum(faces, sides, rng))
                    else:
                        script.setdefault(label, []).extend(faces)
                assert rule.resolve(parsed.example.given, ScriptedDice(script)) == result, (parsed.id, seed)
    assert {"attack", "dying"} <= rearranged


# --- classes of faces ------------------------------------------------------------------------


@st.composite
def dying_inputs(draw: st.DrawFn) -> dict[str, Any]:
    """Small enough that every face can be enumerated too: at most 2 turns and 2 Healing tests."""
    turns = draw(st.integers(1, 2))
    attempts = sorted(draw(st.lists(st.fixed_dictionaries({
        "turn": st.integers(1, turns), "wis": st.integers(-5, 20), "dc": st.integers(1, 40),
        "fumble_threshold": st.integers(1, 5),
    }), max_size=2)), key=lambda attempt: attempt["turn"])
    return {"hit_dice": draw(st.sampled_from(["1d4", "2d4", "1d6"])), "below_zero": draw(st.integers(0, 12)),
            "turns": turns, "stabilise": attempts}


@settings(max_examples=examples(30), deadline=None)
@given(dying_inputs())
def test_enumerating_one_face_per_class_gives_the_odds_of_every_face(data: dict[str, Any]) -> None:
    """The `face_classes` claim, at the level the odds rely on: the same exact distribution."""
    by_class = compute_odds("dying", data)
    by_face = compute_odds("dying", data, classes={})
    assert by_class.outcomes == by_face.outcomes and by_class.rolls == by_face.rolls
    assert by_class.runs <= by_face.runs


@settings(max_examples=examples(50), deadline=None)
@given(dying_inputs(), st.integers(0, 2**32))
def test_any_face_of_a_class_gives_the_whole_result_of_another(data: dict[str, Any], seed: int) -> None:
    """Each Healing test's face, swapped for another of its class: the result is the same, trace apart."""
    rule = RULES["dying"]
    given_ = rule.given.model_validate(data)
    recording = Recording(seed)
    result = rule.resolve(given_, recording)
    classes = rule.face_classes["stabilise"](given_)
    rng = random.Random(seed)
    script: dict[str, list[int]] = {}
    for label, _, faces in recording.rolls:
        if label == "stabilise":
            (face,) = faces
            (same,) = [c for c in classes[len(script.get(label, []))] if face in c]
            faces = (rng.choice(same),)
        script.setdefault(label, []).extend(faces)
    swapped = rule.resolve(given_, ScriptedDice(script))
    assert swapped.model_dump(exclude={"trace"}) == result.model_dump(exclude={"trace"})


def test_the_longest_dying_example_runs_an_eighth_as_often() -> None:
    given_ = {"hit_dice": "2d4", "below_zero": 6, "turns": 3, "stabilise": [{"turn": 2, "wis": 2, "dc": 12}]}
    by_class, by_face = compute_odds("dying", given_), compute_odds("dying", given_, classes={})
    assert by_class.outcomes == by_face.outcomes
    assert by_class.runs * 7 < by_face.runs, (by_class.runs, by_face.runs)
    assert by_class.probability("stabilised", True) == Fraction(11, 20)  # 10 to 20 on the d20 (WIS +2, DC 12)


def test_a_declaration_that_does_not_share_out_the_faces_is_refused() -> None:
    broken = dataclasses.replace(RULES["dying"], face_classes={"stabilise": lambda given: [[[1, 2], [2, 3]]]})
    with pytest.raises(ValueError, match="do not share out the faces of a d20 once each"):
        compute_odds(broken, {"hit_dice": "1d4", "stabilise": [{"turn": 1, "dc": 10}]})


# --- classes of faces whose face a few fields keep (a miss chance, a poison's tests) ---------


def projected(odds: Odds, fields: tuple[str, ...]) -> dict[tuple[Any, ...], Fraction]:
    """The joint distribution of ``fields`` only, summed out of odds over every field."""
    found: dict[tuple[Any, ...], Fraction] = {}
    for values, probability in odds.outcomes.items():
        key = tuple(values[odds.fields.index(name)] for name in fields)
        found[key] = found.get(key, Fraction(0)) + probability
    return found


@st.composite
def concealed_attacks(draw: st.DrawFn) -> dict[str, Any]:
    """Attacks against a concealed defender, small enough to enumerate every face of the d100:
    the attack's total given (a natural 1 or 20 or none), no reaction."""
    attack = {"kind": draw(st.sampled_from(["melee", "ranged"])), "total": draw(st.integers(5, 25)),
              "natural": draw(st.sampled_from([None, 1, 20])), "damage": draw(st.sampled_from(["1d4", "1d6+1", "2d4"]))}
    return {"attacker": {"level": draw(st.integers(1, 5)), "str": draw(st.integers(-2, 4))},
            "defender": {"def_phy": draw(st.integers(8, 20))}, "attack": attack,
            "situation": {"concealment": draw(st.sampled_from(["concealment", "total"]))}}


@st.composite
def poison_appliers(draw: st.DrawFn) -> dict[str, Any]:
    return {"applier": {"int": draw(st.integers(-5, 12)), "dex": draw(st.integers(-5, 12))}}


@pytest.mark.parametrize(("rule", "inputs"), [("attack", concealed_attacks()), ("poison_apply", poison_appliers())])
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_odds_without_the_face_fields_enumerate_by_class_and_equal_the_odds_of_every_face(
        rule: str, inputs: st.SearchStrategy[dict[str, Any]], data: st.DataObject) -> None:
    given_ = data.draw(inputs)
    spec = RULES[rule]
    face_fields = frozenset().union(*spec.face_fields.values())
    wanted = tuple(name for name in spec.result.model_fields if name != "trace" and name not in face_fields)
    by_class = compute_odds(rule, given_, fields=wanted)
    by_face = compute_odds(rule, given_, classes={})
    assert by_class.fields == wanted
    assert by_class.outcomes == projected(by_face, wanted)
    assert by_class.runs < by_face.runs or not {roll.label for roll in by_face.rolls} & set(spec.face_fields)
    # Asking for a face field enumerates that roll face by face: every field, as without classes.
    assert compute_odds(rule, given_).outcomes == by_face.outcomes


@pytest.mark.parametrize(("rule", "inputs"), [("attack", concealed_attacks()), ("poison_apply", poison_appliers())])
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_any_face_of_a_class_gives_the_result_of_another_but_its_face_fields(
        rule: str, inputs: st.SearchStrategy[dict[str, Any]], data: st.DataObject, seed: int) -> None:
    spec = RULES[rule]
    given_ = spec.given.model_validate(data.draw(inputs))
    recording = Recording(seed)
    result = spec.resolve(given_, recording)
    rng = random.Random(seed)
    script: dict[str, list[int]] = {}
    for label, _, faces in recording.rolls:
        if label in spec.face_classes:
            classes = spec.face_classes[label](given_)[len(script.get(label, []))]
            (same,) = [faces_of_class for faces_of_class in classes if faces[0] in faces_of_class]
            faces = (rng.choice(same),)
        script.setdefault(label, []).extend(faces)
    swapped = spec.resolve(given_, ScriptedDice(script))
    kept_apart = {"trace", *frozenset().union(*spec.face_fields.values())}
    assert swapped.model_dump(exclude=kept_apart) == result.model_dump(exclude=kept_apart)


def test_a_miss_chance_is_two_branches_for_a_card_and_a_hundred_for_every_field() -> None:
    given_ = {"attack": {"kind": "melee", "total": 16, "damage": "1d8"}, "defender": {"def_phy": 12},
              "situation": {"concealment": "concealment"}}
    card = compute_odds("attack", given_, fields=("outcome", "damage", "hit"))
    every = compute_odds("attack", given_)
    assert card.runs == 1 + 2 + 8 and every.runs == 1 + 100 + 80 * 8
    assert card.probability("outcome", "miss") == every.probability("outcome", "miss") == Fraction(1, 5)
    assert every.distribution("miss_chance_roll") == {face: Fraction(1, 100) for face in range(1, 101)}
    with pytest.raises(KeyError, match="these odds of `attack` hold no field `miss_chance_roll`"):
        card.distribution("miss_chance_roll")
    with pytest.raises(KeyError, match="`attack` results have no field `nope`"):
        compute_odds("attack", given_, fields=("outcome", "nope"))
