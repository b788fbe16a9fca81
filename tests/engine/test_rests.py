"""Scenario tests of the rest rule: short rest (HP or MP, never both) and long rest.

Ruling 15: the rules give no amount for a rest, so every amount here is an input (``regain``);
the engine checks the choice of a short rest and the maximums.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rulecheck.engine import RestInput, RestResult, ScriptedDice, resolve_rest
from rulecheck.errors import RuleError
from rulecheck.examples.check import check_example
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.schema import parse_block

ELARA = {"hp": 7, "hp_max": 20, "mp": 1, "mp_max": 6}


def rest(character: dict[str, int], kind: str, **regain: int) -> RestResult:
    given_: dict[str, Any] = {"character": character, "kind": kind, "regain": regain}
    return resolve_rest(RestInput.model_validate(given_), ScriptedDice({}))


@pytest.mark.parametrize(("amount", "hp"), [(1, 8), (8, 15), (13, 20), (0, 7)])
def test_a_short_rest_gives_back_the_amount_it_is_given(amount: int, hp: int) -> None:
    result = rest(ELARA, "short", hp=amount)
    assert (result.hp, result.hp_recovered, result.mp, result.mp_recovered) == (hp, amount, 1, 0)
    assert result.recovered == "hp" and result.hours == 2


def test_no_half_of_the_maximum_is_made_up() -> None:
    # Half of 20 was the old invented amount: the same rest now gives what it is told to.
    assert rest(ELARA, "short", hp=3).hp_recovered == 3
    assert rest(ELARA, "short", mp=2).mp_recovered == 2


def test_short_rest_mp() -> None:
    result = rest({"hp": 6, "hp_max": 14, "mp": 2, "mp_max": 9}, "short", mp=4)
    assert (result.hp, result.hp_recovered, result.mp, result.mp_recovered) == (6, 0, 6, 4)
    assert result.recovered == "mp"


def test_short_rest_stops_at_the_maximum() -> None:
    result = rest({"hp": 18, "hp_max": 20}, "short", hp=8)
    assert result.hp == 20 and result.hp_recovered == 2
    step = result.trace[-1]
    assert (step.value, step.op, step.against, step.verdict) == (26, ">", 20, "capped")


def test_short_rest_landing_exactly_on_the_maximum_is_not_capped() -> None:
    result = rest({"hp": 10, "hp_max": 20}, "short", hp=10)
    assert result.hp == 20 and result.trace[-1].op == "<=" and result.trace[-1].verdict is None


def test_a_long_rest_gives_back_what_it_is_given_in_both_pools() -> None:
    result = rest({"hp": 3, "hp_max": 20, "mp": 0, "mp_max": 6}, "long", hp=10, mp=9)
    assert (result.hp, result.mp, result.hp_recovered, result.mp_recovered) == (13, 6, 10, 6)
    assert result.recovered == "both" and result.hours is None
    shown = [(s.event, [(t.label, t.value) for t in s.terms], s.value, s.verdict) for s in result.trace]
    assert shown == [("rest.long.hp", [("hp", 3), ("long_rest", 10)], 13, None),
                     ("rest.long.mp", [("mp", 0), ("long_rest", 9)], 9, "capped")]


def test_a_long_rest_may_give_back_one_pool() -> None:
    result = rest({"hp": 3, "hp_max": 20, "mp": 0, "mp_max": 6}, "long", mp=6)
    assert (result.recovered, result.hp, result.mp) == ("mp", 3, 6)


def test_short_rest_refuses_both() -> None:
    given_ = RestInput.model_validate({"character": ELARA, "kind": "short", "regain": {"hp": 5, "mp": 0}})
    with pytest.raises(RuleError) as error:
        resolve_rest(given_, ScriptedDice({}))
    assert error.value.field == ("given", "regain") and error.value.code == "short_rest_both"
    assert error.value.message == "a short rest recovers HP or MP, never both"
    assert "only `hp` or only `mp`" in (error.value.hint or "")


@pytest.mark.parametrize("kind", ["short", "long"])
def test_a_rest_must_say_what_it_gives_back(kind: str) -> None:
    for regain in ({}, {"hp": None}):
        with pytest.raises(ValidationError, match="the rules give no amount for a rest"):
            RestInput.model_validate({"character": ELARA, "kind": kind, "regain": regain})
    with pytest.raises(ValidationError):
        RestInput.model_validate({"character": ELARA, "kind": kind})


@pytest.mark.parametrize("bad", [{"hp": -1}, {"mp": 10_001}, {"hp": "half"}, {"sp": 3}])
def test_an_amount_is_a_whole_number_of_a_known_pool(bad: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        RestInput.model_validate({"character": ELARA, "kind": "long", "regain": bad})


def test_current_above_maximum_is_refused() -> None:
    with pytest.raises(ValidationError, match=r"`mp` \(7\) is above `mp_max` \(6\)"):
        RestInput.model_validate({"character": {"hp": 1, "hp_max": 5, "mp": 7, "mp_max": 6}, "kind": "long",
                                  "regain": {"hp": 1}})


@settings(max_examples=60, deadline=None)
@given(hp=st.integers(0, 40), extra=st.integers(0, 40), amount=st.integers(0, 100), pool=st.sampled_from(["hp", "mp"]))
def test_a_rest_never_goes_over_a_maximum_and_never_touches_the_other_pool(
    hp: int, extra: int, amount: int, pool: str
) -> None:
    character = {"hp": hp, "hp_max": hp + extra or 1, "mp": hp, "mp_max": hp + extra}
    result = rest(character, "short", **{pool: amount})
    other = "mp" if pool == "hp" else "hp"
    assert getattr(result, pool) == min(hp + amount, character[f"{pool}_max"])
    assert getattr(result, other) == character[other] and getattr(result, f"{other}_recovered") == 0


@pytest.mark.parametrize(("hp", "amount", "after", "capped"), [
    (-13, 16, 3, False), (-13, 8, -5, False), (-13, 13, 0, False), (-1, 40, 14, True), (-10_000, 0, -10_000, False),
])
def test_a_stabilised_character_rests_from_below_zero(hp: int, amount: int, after: int, capped: bool) -> None:
    """Seed 002 writes a dying character's HP down below zero; nothing resets them (a reading)."""
    for kind in ("short", "long"):
        result = rest({"hp": hp, "hp_max": 14, "mp": 2, "mp_max": 9}, kind, hp=amount)
        assert (result.hp, result.hp_recovered, result.mp) == (after, after - hp, 2)
        step = result.trace[-1]
        assert (step.terms[0].value, step.value, step.verdict == "capped") == (hp, hp + amount, capped)


@pytest.mark.parametrize("character", [{"hp": -10_001, "hp_max": 14}, {"hp": 3, "hp_max": 14, "mp": -1, "mp_max": 9}])
def test_hp_below_the_bound_and_mp_below_zero_are_refused(character: dict[str, int]) -> None:
    with pytest.raises(ValidationError):
        RestInput.model_validate({"character": character, "kind": "long", "regain": {"hp": 1}})


def _outcome(regain: str, expect: str = "") -> Any:
    page = (
        "# Repos\n\n```rulecheck\nid: greedy-rest\nrule: rest\ngiven:\n"
        f"  character: {{hp: 1, hp_max: 5, mp: 0, mp_max: 4}}\n  kind: short\n  regain: {regain}\n{expect}```\n"
    )
    (block,) = find_blocks(page, "docs/fr/rests.md")
    parsed = parse_block(block)
    assert not isinstance(parsed, list)
    return check_example(parsed, odds=False)


def test_an_example_asking_for_both_is_a_located_problem() -> None:
    (problem,) = _outcome("{hp: 2, mp: 1}").problems
    assert problem.field == "given.regain"
    assert problem.line == 9
    assert "never both" in problem.message


def test_an_example_may_show_the_refusal_of_both() -> None:
    outcome = _outcome("{hp: 2, mp: 1}", "expect:\n  refused: short_rest_both\n")
    assert outcome.ok and outcome.refusal is not None and outcome.refusal.code == "short_rest_both"
