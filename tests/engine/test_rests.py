"""Scenario tests of the rest rule: short rest (HP or MP, never both) and long rest."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rulecheck.engine import RestInput, RestResult, ScriptedDice, resolve_rest, short_rest_amount
from rulecheck.errors import RuleError
from rulecheck.examples.check import check_example
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.schema import parse_block


def rest(character: dict[str, int], kind: str, recover: Any = None) -> RestResult:
    given: dict[str, Any] = {"character": character, "kind": kind}
    if recover is not None:
        given["recover"] = recover
    return resolve_rest(RestInput.model_validate(given), ScriptedDice({}))


def test_short_rest_amount_is_half_the_maximum_rounded_up() -> None:
    assert [short_rest_amount(n) for n in (1, 2, 9, 10, 20)] == [1, 1, 5, 5, 10]


def test_short_rest_hp() -> None:
    result = rest({"hp": 7, "hp_max": 20, "mp": 1, "mp_max": 6}, "short", "hp")
    assert (result.hp, result.hp_recovered, result.mp, result.mp_recovered) == (17, 10, 1, 0)
    assert result.recovered == "hp" and result.hours == 2


def test_short_rest_mp() -> None:
    result = rest({"hp": 6, "hp_max": 14, "mp": 2, "mp_max": 9}, "short", "mp")
    assert (result.hp, result.hp_recovered, result.mp, result.mp_recovered) == (6, 0, 7, 5)


def test_short_rest_stops_at_the_maximum() -> None:
    result = rest({"hp": 18, "hp_max": 20}, "short", "hp")
    assert result.hp == 20 and result.hp_recovered == 2
    assert result.trace[-1].verdict == "capped"


def test_short_rest_landing_exactly_on_the_maximum_is_not_capped() -> None:
    result = rest({"hp": 10, "hp_max": 20}, "short", "hp")
    assert result.hp == 20 and result.trace[-1].op == "<=" and result.trace[-1].verdict is None


def test_short_rest_at_full_pool_recovers_nothing() -> None:
    assert rest({"hp": 20, "hp_max": 20}, "short", "hp").hp_recovered == 0


def test_long_rest_restores_everything() -> None:
    result = rest({"hp": 3, "hp_max": 20, "mp": 0, "mp_max": 6}, "long")
    assert (result.hp, result.mp, result.hp_recovered, result.mp_recovered) == (20, 6, 17, 6)
    assert result.recovered == "both" and result.hours is None
    shown = [(s.event, [(t.label, t.value) for t in s.terms], s.value) for s in result.trace]
    assert shown[:2] == [("rest.long.hp", [("hp", 3), ("long_rest", 17)], 20),
                         ("rest.long.mp", [("mp", 0), ("long_rest", 6)], 6)]


@pytest.mark.parametrize("both", ["both", ["hp", "mp"], ("mp", "hp")])
def test_short_rest_refuses_both(both: Any) -> None:
    given = RestInput.model_validate({"character": {"hp": 1, "hp_max": 5}, "kind": "short", "recover": both})
    with pytest.raises(RuleError) as error:
        resolve_rest(given, ScriptedDice({}))
    assert error.value.field == ("given", "recover") and error.value.code == "short_rest_both"
    assert error.value.message == "a short rest recovers HP or MP, never both"
    assert "recover: hp" in (error.value.hint or "")


def test_a_list_naming_one_pool_is_that_pool() -> None:
    assert rest({"hp": 1, "hp_max": 6, "mp": 0, "mp_max": 4}, "short", ["mp"]).mp == 2


def test_short_rest_requires_a_choice() -> None:
    with pytest.raises(ValidationError, match="add `recover: hp` or `recover: mp`"):
        RestInput.model_validate({"character": {"hp": 1, "hp_max": 5}, "kind": "short"})


def test_long_rest_refuses_a_choice() -> None:
    with pytest.raises(ValidationError, match="remove `recover`"):
        RestInput.model_validate({"character": {"hp": 1, "hp_max": 5}, "kind": "long", "recover": "hp"})


def test_current_above_maximum_is_refused() -> None:
    with pytest.raises(ValidationError, match=r"`mp` \(7\) is above `mp_max` \(6\)"):
        RestInput.model_validate({"character": {"hp": 1, "hp_max": 5, "mp": 7, "mp_max": 6}, "kind": "long"})


def test_an_example_asking_for_both_is_a_located_problem() -> None:
    page = (
        "# Repos\n\n```rulecheck\nid: greedy-rest\nrule: rest\ngiven:\n"
        "  character: {hp: 1, hp_max: 5, mp: 0, mp_max: 4}\n  kind: short\n  recover: [hp, mp]\n```\n"
    )
    (block,) = find_blocks(page, "docs/fr/rests.md")
    parsed = parse_block(block)
    assert not isinstance(parsed, list)
    (problem,) = check_example(parsed, odds=False).problems
    assert problem.field == "given.recover"
    assert problem.line == 9
    assert "never both" in problem.message


def test_an_example_may_show_the_refusal_of_both() -> None:
    page = (
        "# Repos\n\n```rulecheck\nid: greedy-rest\nrule: rest\ngiven:\n"
        "  character: {hp: 1, hp_max: 5, mp: 0, mp_max: 4}\n  kind: short\n  recover: both\n"
        "expect:\n  refused: short_rest_both\n```\n"
    )
    (block,) = find_blocks(page, "docs/fr/rests.md")
    parsed = parse_block(block)
    assert not isinstance(parsed, list)
    outcome = check_example(parsed, odds=False)
    assert outcome.ok and outcome.refusal is not None and outcome.refusal.code == "short_rest_both"


def test_a_nested_recover_list_is_a_validation_error_not_a_crash() -> None:
    from pydantic import ValidationError

    from rulecheck.engine.rests import RestInput

    with pytest.raises(ValidationError, match="`recover` is `hp` or `mp`"):
        RestInput.model_validate({"character": {"hp": 1, "max_hp": 10}, "kind": "short", "recover": [["hp"]]})
