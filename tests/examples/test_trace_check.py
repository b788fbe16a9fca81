"""The trace a card prints is checked like the results: every step's terms add up to its value,
every comparison holds for its operands and its verdict agrees with it, and every total the
trace shows is the one the result holds. On every example (a problem of ``rulecheck check``),
and as a property over any dice of any documented example and over random attacks."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulecheck.engine import RULES, AttackInput, ScriptedDice, SeededDice, resolve_attack
from rulecheck.engine.rules import trace_faults
from rulecheck.engine.trace import COMPARISON_VERDICTS, Step, Term, step_faults
from rulecheck.errors import RulecheckError
from rulecheck.examples.check import check_example, check_paths, markdown_files, read_page
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.headings import file_heading_lines
from rulecheck.examples.schema import ParsedExample, parse_block
from rulecheck.examples.trace_check import trace_problems
from rulecheck.hosts.anchors import anchor_index
from tests.conftest import ROOT, examples
from tests.engine.test_odds_properties import attacks


@cache
def documented() -> tuple[ParsedExample, ...]:
    found = []
    for page in markdown_files([ROOT / "docs"]):
        for block in find_blocks(read_page(page), page.relative_to(ROOT).as_posix()):
            parsed = parse_block(block)
            if not isinstance(parsed, list):
                found.append(parsed)
    return tuple(found)


@cache
def sections() -> frozenset[str]:
    """The section anchors that both languages' pages define: where a card's steps link."""
    french, english = (anchor_index((page.name, file_heading_lines(page))
                                    for page in sorted((ROOT / "docs" / language).rglob("*.md")))
                       for language in ("fr", "en"))
    return frozenset(french) & frozenset(english)


def test_every_step_of_every_example_links_to_a_section_of_both_languages() -> None:
    """A step names its rule by anchor and the card links it there: a step whose anchor no page
    defines would lose its link without a word."""
    for parsed in documented():
        outcome = check_example(parsed, odds=False)
        steps = getattr(outcome.result, "trace", ()) if outcome.result is not None else ()
        assert [step.anchor for step in steps if step.anchor not in sections()] == [], parsed.id


def test_every_example_of_the_docs_runs_clean_without_odds() -> None:
    """Results, twins and traces of every example: the fast part of `rulecheck check docs`."""
    report = check_paths([ROOT / "docs"], ROOT, odds=False)
    assert report.examples >= 190
    assert [p.located() for p in report.all_problems] == []


def test_a_step_whose_terms_do_not_add_up_is_a_fault() -> None:
    step = Step(anchor="defensive-posture", event="posture.simple",
                terms=(Term(value=14, label="def_phy"), Term(value=1, label="posture")), value=13)
    assert step_faults(step) == ["its terms 14 (def_phy) + 1 (posture) add up to 15, the step shows 13"]
    assert step_faults(step.model_copy(update={"value": 15})) == []


@pytest.mark.parametrize(("value", "op", "against", "verdict", "fault"), [
    (15, ">=", 15, "hit", None),
    (15, "<", 15, "miss", "it shows 15 < 15, which is false"),
    (14, "<", 15, "miss", None),
    (16, ">=", 15, "miss", "the verdict `miss` contradicts 16 >= 15 (expected hit)"),
    (14, ">", 15, "hit", "it shows 14 > 15, which is false"),
    (14, "<=", 15, "hit", "`attack.against_defence` never compares with `<=`"),
])
def test_a_comparison_must_hold_and_its_verdict_agree(value: int, op: Any, against: int, verdict: str,
                                                      fault: str | None) -> None:
    step = Step(anchor="attack-test", event="attack.against_defence", value=value, op=op, against=against,
                against_label="def_phy", verdict=verdict)
    assert step_faults(step) == ([fault] if fault else [])


def test_prefixed_events_are_checked_too() -> None:
    dies = Step(anchor="death-threshold", event="dying.roll", value=17, op=">", against=16,
                against_label="death_threshold", verdict="survives")
    assert step_faults(dies) == ["the verdict `survives` contradicts 17 > 16 (expected dies)"]
    capped = Step(anchor="short-rest", event="rest.short.hp", value=12, op="<=", against=12,
                  against_label="hp_max", verdict="capped")
    assert step_faults(capped) == ["the verdict `capped` contradicts 12 <= 12 (expected None)"]


def test_a_comparison_without_operands_is_a_fault() -> None:
    step = Step(anchor="attack-test", event="attack.against_defence", value=12, op=">=", verdict="hit")
    assert step_faults(step) == ["it compares with `>=` but lacks a value or what it is compared to"]


def test_a_shown_total_that_is_not_the_results_is_a_fault() -> None:
    result = resolve_attack(AttackInput.model_validate({"attack": {"total": 15, "damage": "1d6"},
                                                        "defender": {"def_phy": 12}}),
                            SeededDice(1))
    assert trace_faults(RULES["attack"], result) == []
    steps = list(result.trace)
    last = steps[-1]
    steps[-1] = last.model_copy(update={"value": (last.value or 0) + 1, "terms": ()})
    broken = result.model_copy(update={"trace": tuple(steps)})
    assert trace_faults(RULES["attack"], broken) == [
        f"step {len(steps)} (`damage.total`) shows {result.damage + 1}, the result's `damage` is {result.damage}"]


def test_a_trace_fault_is_a_located_problem_of_the_example() -> None:
    parsed = next(p for p in documented() if p.example.rule == "attack")
    outcome = check_example(parsed, odds=False)
    assert outcome.ok and outcome.result is not None
    trace = list(getattr(outcome.result, "trace"))  # noqa: B009 (a BaseModel to the type checker)
    trace[0] = trace[0].model_copy(update={"value": (trace[0].value or 0) + 100})
    problems = trace_problems(parsed, outcome.result.model_copy(update={"trace": tuple(trace)}))
    assert problems and all(p.path == parsed.block.path and p.example_id == parsed.id and p.line >= parsed.block.line
                            and p.kind == "trace" and "the trace the card prints is wrong: step 1" in p.message
                            for p in problems)


def test_a_key_a_language_has_no_words_for_is_a_located_problem_in_each_language() -> None:
    parsed = next(p for p in documented() if p.example.rule == "attack")
    outcome = check_example(parsed, odds=False)
    assert outcome.ok and outcome.result is not None
    trace = list(getattr(outcome.result, "trace"))  # noqa: B009 (a BaseModel to the type checker)
    trace[0] = trace[0].model_copy(update={"event": "attack.unknown_event"})
    problems = trace_problems(parsed, outcome.result.model_copy(update={"trace": tuple(trace)}))
    assert [p.message for p in problems] == [
        f"the trace the card prints is wrong: it would print `attack.unknown_event` as is: the {language} locale "
        "has no words for it (a bug of rulecheck, not of the example; please report it)" for language in ("fr", "en")]


def test_a_modifier_source_the_author_wrote_is_shown_as_written_and_needs_no_words() -> None:
    documented_block = next(p for p in documented() if p.id == "two-cover-bonuses").block
    assert "defender.pavise" in documented_block.source  # the site's own source has words in both languages
    block = replace(documented_block, source=documented_block.source.replace("defender.pavise", "gm.shield-of-faith"))
    parsed = parse_block(block)
    assert isinstance(parsed, ParsedExample)
    outcome = check_example(parsed, odds=False)
    labels = [term.label for step in getattr(outcome.result, "trace", ()) for term in step.terms]
    assert "gm.shield-of-faith" in labels  # no locale has words for it: the card shows it as written
    assert outcome.ok


def test_terms_shown_without_their_sum_are_a_fault() -> None:
    step = Step(anchor="attack-test", event="attack.test",
                terms=(Term(value=11, label="d20"), Term(value=3, label="str")), value=14)
    assert step_faults(step) == []
    assert step_faults(step.model_copy(update={"value": None})) == ["it shows terms without their sum"]
    ignored = Step(anchor="stacking", event="modifiers.ignored.bonus", terms=(Term(value=2, label="gm.pavise"),),
                   verdict="not_stacking")
    assert step_faults(ignored) == []  # one term alone stands for itself


def test_an_operand_shown_without_its_name_is_a_fault() -> None:
    step = Step(anchor="attack-test", event="attack.against_defence", value=16, op=">=", against=15,
                against_label="def_phy", verdict="hit")
    assert step_faults(step) == []
    assert step_faults(step.model_copy(update={"against_label": None})) == ["it shows 15 without saying what it is"]


def test_every_declared_verdict_table_lists_an_operator_and_its_negation() -> None:
    negation = {">=": "<", "<": ">=", ">": "<=", "<=": ">"}
    for event, verdicts in COMPARISON_VERDICTS.items():
        assert len(verdicts) == 2, event
        first, second = verdicts
        assert negation[first] == second, event
        assert not verdicts[first] & verdicts[second], event


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_dice_of_any_documented_example_give_a_faithful_trace(data: st.DataObject) -> None:
    """Each documented example's input, with dice of any faces: the trace adds up and agrees."""
    parsed = data.draw(st.sampled_from(documented()))
    rule = RULES[parsed.example.rule]
    try:
        result = rule.resolve(parsed.example.given, SeededDice(data.draw(st.integers(0, 2**32))))
    except RulecheckError:  # the seeded dice took the example where its input is refused
        return
    assert [p.message for p in trace_problems(parsed, result)] == []  # arithmetic, totals and words
    assert [step.anchor for step in result.trace if step.anchor not in sections()] == []


@settings(max_examples=examples(60), deadline=None)
@given(attacks(), st.integers(0, 2**32))
def test_any_attack_gives_a_faithful_trace(data: dict[str, Any], seed: int) -> None:
    result = resolve_attack(AttackInput.model_validate(data), SeededDice(seed))
    assert trace_faults(RULES["attack"], result) == []


def test_the_expected_verdicts_are_named_in_order() -> None:
    step = Step(anchor="size-and-reach", event="grid.reach_weapon", value=1, op="<=", against=1,
                against_label="natural_reach", verdict="out_of_reach")
    assert step_faults(step) == ["the verdict `out_of_reach` contradicts 1 <= 1 (expected in_reach or too_close)"]


def test_event_patterns_match_exactly_or_by_prefix() -> None:
    from rulecheck.engine.rules import _matches
    from rulecheck.engine.trace import _verdicts

    assert _matches("attack.test", "attack.test") and not _matches("attack.tests", "attack.test")
    assert not _matches("attack.tes", "attack.test")
    assert _matches("poison.effect.boss", "poison.effect.*") and not _matches("poison.effects", "poison.effect.*")
    assert not _matches("poison.effect", "poison.effect.*")
    assert _verdicts("dying.roll") is COMPARISON_VERDICTS["dying.*"]
    assert _verdicts("dying.stabilise") is COMPARISON_VERDICTS["dying.stabilise"]
    assert _verdicts("dyingroll") is None and _verdicts("rest.shortcut") is None and _verdicts("d") is None


def test_a_reaction_decided_by_its_natural_roll_still_shows_the_results_total() -> None:
    data = {"defender": {"level": 1, "dex": 2}, "attack": {"total": 30}, "reaction": "dodge"}
    result = resolve_attack(AttackInput.model_validate(data), ScriptedDice({"reaction": [20]}))
    (step,) = [s for s in result.trace if s.event == "reaction.dodge.natural_20"]
    assert step.value == result.reaction_total == 23
    broken = result.model_copy(update={"trace": tuple(
        s.model_copy(update={"value": 99, "terms": ()}) if s is step else s for s in result.trace)})
    assert any("the result's `reaction_total` is 23" in fault for fault in trace_faults(RULES["attack"], broken))
