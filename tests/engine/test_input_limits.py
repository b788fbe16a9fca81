"""Bounded cost, item 3 of issue 22: every input has a size limit, enforced when it is validated
(a located error), and said in the JSON Schema; the exact odds count their work, not their runs."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from rulecheck.engine import DiceExpr, compute_odds
from rulecheck.engine.dice import NOTATION_PATTERN
from rulecheck.engine.limits import (
    MAX_CONDITIONS,
    MAX_CREATURES,
    MAX_DICE_LABELS,
    MAX_EXPECTED_ENTRIES,
    MAX_EXTRA_DAMAGE,
    MAX_MODIFIERS,
    MAX_NOTATION,
    MAX_TERMS,
)
from rulecheck.engine.odds import OddsError, _Pending
from rulecheck.engine.rules import RULES, Rule
from rulecheck.errors import DiceError
from rulecheck.examples.check import ODDS_MAX_RUNS, ODDS_MAX_WORK, check_page
from rulecheck.examples.schema import json_schema

# Dice expressions ---------------------------------------------------------------------------------

TERMS = ["1d2", "3", "STR", "2d6", "-1", "- 1d4", "+ DEX"]


@pytest.mark.parametrize("term", TERMS)
def test_an_expression_holds_at_most_its_terms_whatever_they_are(term: str) -> None:
    first = term.lstrip("+- ")
    assert len(DiceExpr.parse("+".join([first] * MAX_TERMS)).terms) == MAX_TERMS
    with pytest.raises(DiceError, match=f"more than {MAX_TERMS} terms") as caught:
        DiceExpr.parse(first + (" + " + first) * MAX_TERMS)
    assert caught.value.col is not None and caught.value.col > 1


def test_an_expression_past_its_terms_is_refused_at_the_first_term_too_many() -> None:
    text = "+".join(["1d2"] * 5000)
    with pytest.raises(DiceError) as caught:
        DiceExpr.parse(text)
    assert caught.value.col == 4 * MAX_TERMS + 1 or "characters" in caught.value.message
    assert len(caught.value.message) < 400  # the message quotes the notation's start, not 20,000 characters


@pytest.mark.parametrize("length", [MAX_NOTATION + 1, 1_000, 99_000])
def test_an_expression_past_its_characters_is_refused(length: int) -> None:
    text = "1d6" + " " * (length - 3)
    with pytest.raises(DiceError, match=f"past the limit of {MAX_NOTATION}") as caught:
        DiceExpr.parse(text)
    assert len(caught.value.message) < 400
    assert DiceExpr.parse("1d6" + " " * (MAX_NOTATION - 3)).terms


@pytest.mark.parametrize("count", [1, MAX_TERMS, MAX_TERMS + 1, 3 * MAX_TERMS])
def test_the_schema_pattern_says_the_same_number_of_terms(count: int) -> None:
    text = "+".join(["1d2"] * count)
    assert bool(re.fullmatch(NOTATION_PATTERN, text)) == (count <= MAX_TERMS)
    schema = json.dumps(json_schema())
    assert f'"maxLength": {MAX_NOTATION}' in schema and f"at most {MAX_TERMS} terms" in schema


# Lists and maps -----------------------------------------------------------------------------------

def attack_page(given_lines: str, rest: str = "") -> str:
    if "  attack:" not in given_lines:
        given_lines += "  attack: {damage: 1d4}\n"
    return f"```rulecheck\nid: x\nrule: attack\ngiven:\n{given_lines}dice: {{attack: [10]}}\n{rest}```\n"


LONG_INPUTS = [
    ("given.attack.extra_damage", MAX_EXTRA_DAMAGE,
     lambda n: attack_page(f"  attack: {{damage: 1d4, extra_damage: [{', '.join(['1d2'] * n)}]}}\n")),
    ("given.situation.attacker", MAX_CONDITIONS,
     lambda n: attack_page(f"  situation: {{attacker: [{', '.join(['dazzled'] * n)}]}}\n")),
    ("given.situation.modifiers", MAX_MODIFIERS,
     lambda n: attack_page("  situation: {modifiers: [" + ", ".join(
         ["{kind: circumstance, source: spell, target: attack, value: 1}"] * n) + "]}\n")),
    ("given.defender.posture", 2,
     lambda n: attack_page(f"  defender: {{posture: [{', '.join(['A', 'M', 'A'][:n])}]}}\n")),
    ("dice", MAX_DICE_LABELS, lambda n: attack_page("", "") .replace(
        "dice: {attack: [10]}", "dice: {" + ", ".join(f"l{i}: [1]" for i in range(n)) + "}")),
    ("expect.outcome", None, None),
]


@pytest.mark.parametrize(("field", "bound", "page"), [case for case in LONG_INPUTS if case[1] is not None])
def test_a_list_past_its_bound_is_a_located_problem_at_that_field(field: str, bound: int, page: Any) -> None:
    (outcome,) = check_page("docs/en/x.md", page(bound + 1)).outcomes
    assert field in [problem.field for problem in outcome.problems], outcome.problems
    (problem,) = [problem for problem in outcome.problems if problem.field == field]
    assert f"past the limit of {bound}" in problem.message
    (within,) = check_page("docs/en/x.md", page(bound)).outcomes
    assert field not in [problem.field for problem in within.problems]


def test_a_map_holds_at_most_its_creatures() -> None:
    from rulecheck.engine import Battlefield

    letters = [chr(code) for code in range(0x4E00, 0x4E00 + MAX_CREATURES + 1)]
    with pytest.raises(ValidationError, match=f"at most {MAX_CREATURES}"):
        Battlefield(map="A . D", creatures={letter: {} for letter in letters})


def test_an_expected_list_is_bounded() -> None:
    rolls = ", ".join(["1"] * (MAX_EXPECTED_ENTRIES + 1))
    page = (f"```rulecheck\nid: x\nrule: dying\ngiven: {{below_zero: 1, hit_dice: 2d4}}\n"
            f"dice: {{hit_dice: [1]}}\nexpect: {{rolls: [{rolls}]}}\n```\n")
    (outcome,) = check_page("docs/en/x.md", page).outcomes
    assert [p.field for p in outcome.problems] == ["expect.rolls"]
    assert f"past the limit of {MAX_EXPECTED_ENTRIES}" in outcome.problems[0].message


def _unbounded(node: Any, path: str = "") -> list[str]:
    """Every array, map and free text of a JSON Schema with no size limit."""
    found = []
    if isinstance(node, dict):
        kind = node.get("type")
        if kind == "array" and "maxItems" not in node:
            found.append(path)
        if kind == "object" and isinstance(node.get("additionalProperties"), dict) and "maxProperties" not in node:
            found.append(path)
        pattern = node.get("pattern", "")
        bounded_pattern = pattern.endswith("$") and not re.search(r"[*+](?!\?)[^$]*\$$", pattern.replace("\\s*", ""))
        fixed = "enum" in node or "const" in node
        if kind == "string" and "maxLength" not in node and not fixed and not bounded_pattern:
            found.append(path)
        for key, value in node.items():
            found += _unbounded(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _unbounded(value, f"{path}[{index}]")
    return found


def test_every_list_map_and_text_of_the_schema_has_a_size_limit() -> None:
    assert _unbounded(json_schema()) == []


def test_the_schema_walker_sees_an_unbounded_list() -> None:
    class Loose(BaseModel):
        items: list[int]
        names: dict[str, int]
        text: str

    assert len(_unbounded(Loose.model_json_schema())) == 3


# The work of exact odds -----------------------------------------------------------------------------

def attack(damage: str, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"defender": {"def_phy": 10}, "attack": {"kind": "melee", "damage": damage, "extra_damage": list(extra)}}


def test_many_cheap_runs_of_a_long_expression_are_refused_by_their_work() -> None:
    """Twenty terms of 1d2: each run is cheap to count but rolls twenty times. The runs alone would
    fit their budget for a long while; the work does not."""
    with pytest.raises(OddsError, match=f"more than {ODDS_MAX_WORK:,} steps of work") as caught:
        compute_odds("attack", attack("+".join(["1d2"] * MAX_TERMS)), max_runs=ODDS_MAX_RUNS,
                     max_work=ODDS_MAX_WORK)
    assert caught.value.field == ("dice", "damage")
    assert caught.value.hint is not None and "odds: {fixed: [damage]}" in caught.value.hint


def test_the_work_is_one_step_per_run_and_one_per_roll() -> None:
    """2d6 of damage after a fixed attack d20: a first run rolls the d20 (fixed) and asks for the
    damage (2 steps of rolls, 1 of run); each of the 11 sums then rolls both (3 steps): 36 in all."""
    odds = compute_odds("attack", attack("2d6"), fixed={"attack": [15]})
    assert (odds.runs, odds.work) == (12, 3 + 11 * 3)
    assert compute_odds("attack", attack("2d6"), fixed={"attack": [15]}, max_work=36).work == 36
    with pytest.raises(OddsError, match="steps of work"):
        compute_odds("attack", attack("2d6"), fixed={"attack": [15]}, max_work=35)


class _Counting:
    """A dice source counting the rolls it passes on."""

    def __init__(self, inner: Any, counter: list[int]) -> None:
        self.inner, self.counter = inner, counter

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        try:
            result: tuple[int, ...] = self.inner.roll(label, sides, count)
        except _Pending:  # a roll asked for and branched on: work done
            self.counter[0] += 1
            raise
        self.counter[0] += 1
        return result


def counted(rule: str, counter: list[int]) -> Rule:
    """``rule`` whose runs and rolls are counted in ``counter`` (what the budget calls work)."""
    spec = RULES[rule]

    def resolve(model: Any, source: Any) -> Any:
        counter[0] += 1
        return spec.resolve(model, _Counting(source, counter))

    from dataclasses import replace
    return replace(spec, resolve=resolve)


@settings(max_examples=25, deadline=None)
@given(terms=st.lists(st.sampled_from(["1d2", "1d4", "2d6", "1d20", "3"]), min_size=1, max_size=8),
       extra=st.lists(st.sampled_from(["1d2", "2d4", "1d6+1"]), max_size=3),
       max_work=st.integers(min_value=1, max_value=3_000), fixed=st.booleans())
def test_no_computation_does_more_work_than_its_bound(
    terms: list[str], extra: list[str], max_work: int, fixed: bool
) -> None:
    counter = [0]
    spec = counted("attack", counter)
    try:
        odds = compute_odds(spec, attack("+".join(terms), tuple(extra)), fixed={"attack": [15]} if fixed else None,
                            max_work=max_work)
    except OddsError as error:
        assert "steps of work" in error.message or "runs" in error.message
    else:
        assert odds.work == counter[0] and sum(odds.outcomes.values()) == 1
    assert counter[0] <= max_work


def test_the_heaviest_example_of_the_site_is_far_within_the_work_budget() -> None:
    from rulecheck.examples.check import check_paths
    from tests.conftest import ROOT

    report = check_paths([ROOT / "docs"], root=ROOT)
    works = [outcome.odds.work for page in report.pages.values() for outcome in page.outcomes if outcome.odds]
    assert works and max(works) * 10 < ODDS_MAX_WORK
