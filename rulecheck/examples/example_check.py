"""Checking one example: run it on the engine with its scripted dice, compare every expected
field, check its trace, and compute the exact odds its card shows."""

from __future__ import annotations

import difflib
import json
from typing import Any

from rulecheck.engine.odds import Odds, compute_odds
from rulecheck.engine.rules import RULES
from rulecheck.engine.sources import ScriptedDice
from rulecheck.errors import Problem, RulecheckError, RuleError, did_you_mean, with_hint
from rulecheck.examples.chances import card_fields
from rulecheck.examples.compare import show_value
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.maps import map_problems
from rulecheck.examples.outcome import Outcome
from rulecheck.examples.parity import rules_data
from rulecheck.examples.render import has_refusal_wording
from rulecheck.examples.schema import ParsedExample
from rulecheck.examples.trace_check import trace_problems

#: Bound on the runs of the rules that one example's exact odds may take (some 0.7 s of a build).
ODDS_MAX_RUNS = 20_000
#: Steps of work (a run of the rules, a roll it makes) one example's odds may take: some 60,000
#: steps are about a second; the site's heaviest example takes 1,590.
ODDS_MAX_WORK = 60_000
#: The exact odds' work that one check of many examples may spend in all (the site's 452 examples
#: spend some 22,000): a page of thousands of costly examples stops at a located problem, in
#: seconds and within memory, instead of running for minutes.
ODDS_MAX_TOTAL_WORK = 1_000_000


class OddsBudget:
    """The work left for the exact odds of one check run (:data:`ODDS_MAX_TOTAL_WORK`)."""

    def __init__(self, total: int | None = None) -> None:
        self.total, self.spent = ODDS_MAX_TOTAL_WORK if total is None else total, 0

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.total

    def spend(self, work: int) -> None:
        self.spent += work


def check_example(parsed: ParsedExample, *, odds: bool = True, every_field: bool = False,
                  budget: OddsBudget | None = None) -> Outcome:
    """Run one example with its scripted dice and compare every expected field.

    With ``odds``, also compute the exact odds of its result over its dice (see
    :func:`example_odds`), kept on the outcome so that hosts never compute them twice: of the
    fields its card reads, or with ``every_field`` of every field of the result; ``budget``, the
    work a whole run may spend on them.
    """
    outcome = Outcome(block=parsed.block, parsed=parsed)
    example = parsed.example
    rule = RULES[example.rule]
    dice = _Recording(ScriptedDice(example.dice))
    refused = example.expect.refused
    try:
        result = rule.resolve(example.given, dice)
    except RulecheckError as error:
        message = with_hint(error.message + _label_typo(error.field, example.dice), error.hint)
        if refused is not None:
            return _check_refusal(parsed, outcome, error, message)
        outcome.problems.append(parsed.problem(message, error.field))
        return outcome
    except Exception as error:  # a bug of the engine: say so, located, instead of a traceback
        outcome.problems.append(parsed.problem(
            f"internal error of rule `{example.rule}`: {type(error).__name__}: {error} "
            "(a bug of rulecheck, not of the example; please report it)", kind="internal",
        ))
        return outcome
    if refused is not None:
        outcome.problems.append(parsed.problem(
            f"expected the rules to refuse this example (`{refused}`), but they resolve it",
            ("expect", "refused"), expected=refused, actual=None, kind="drift",
        ))
        return outcome
    outcome.result = result
    outcome.problems += trace_problems(parsed, result)
    outcome.problems += map_problems(parsed, result)
    for label, left in dice.inner.unused().items():
        message = f"{left} scripted {'die was' if left == 1 else 'dice were'} never rolled by the rules"
        hint = did_you_mean(label, dice.asked) if label not in dice.asked else None
        if hint:  # only a likely typo: a label the rules may roll in another situation is fine
            message += f" ({hint})"
        else:
            message = with_hint(message, f"in this situation the rules do not roll `{label}` (or roll it fewer "
                                         f"times): remove the extra faces, or change `given` so that they do")
        outcome.problems.append(parsed.problem(message, ("dice", label)))
    expect = example.expect
    # `refused: null` (written out) says what a resolved example is anyway: not a result field.
    compared = expect.model_fields_set - {"refused"}
    for name in sorted(compared, key=lambda n: parsed.line_of(("expect", n))):
        expected, actual = getattr(expect, name), getattr(result, name)
        if expected != actual:
            outcome.problems.append(parsed.problem(
                f"expected {show_value(expected)}, got {show_value(actual)}", ("expect", name),
                expected=expected, actual=actual, kind="drift",
            ))
    if odds:
        outcome.odds = example_odds(parsed, outcome.problems, every_field=every_field, budget=budget)
    return outcome


def _check_refusal(parsed: ParsedExample, outcome: Outcome, error: RulecheckError, message: str) -> Outcome:
    """An example showing a refusal: the rules must refuse with that code, and it expects nothing else."""
    expect = parsed.example.expect
    expected = expect.refused
    others = sorted(expect.model_fields_set - {"refused"}, key=lambda n: parsed.line_of(("expect", n)))
    for name in others:
        outcome.problems.append(parsed.problem(
            "an example that shows a refusal expects nothing else: the rules give no result", ("expect", name)))
    if not isinstance(error, RuleError) or error.code != expected:
        code = error.code if isinstance(error, RuleError) else None
        got = f"`{code}`" if code else "an error with no refusal code"
        drift = {"expected": expected, "actual": code, "kind": "drift"} if code else {}
        outcome.problems.append(parsed.problem(
            f"expected the refusal `{expected}`, got {got}: {message}", ("expect", "refused"), **drift))
        return outcome
    missing = [language for language in LANGUAGES if not has_refusal_wording(error.code, language)]
    if missing:
        outcome.problems.append(parsed.problem(
            f"the refusal `{error.code}` has no wording in {', '.join(missing)}: add `refusal.{error.code}` "
            "to the locales", ("expect", "refused")))
        return outcome
    if not outcome.problems:
        outcome.refusal = error
    return outcome


def _label_typo(field: tuple[str | int, ...], script: dict[str, Any]) -> str:
    """When dice are missing for a label, name the scripted label that looks like a typo of it."""
    if len(field) != 2 or field[0] != "dice" or field[1] in script:
        return ""
    close = difflib.get_close_matches(str(field[1]), list(script), n=1, cutoff=0.6)
    return f" (is `dice.{close[0]}` a typo of `{field[1]}`?)" if close else ""


class _Recording:
    """A dice source that remembers which labels the rules asked for."""

    def __init__(self, inner: ScriptedDice) -> None:
        self.inner = inner
        self.asked: list[str] = []

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        self.asked.append(label)
        return self.inner.roll(label, sides, count)


def example_odds(parsed: ParsedExample, problems: list[Problem], *, every_field: bool = False,
                 budget: OddsBudget | None = None) -> Odds | None:
    """Exact odds of an example: its dice listed in ``odds.fixed`` keep their scripted faces,
    every other die is enumerated. Problems (an unknown label, too much work) go to ``problems``.

    The odds are those of the fields its card reads (:func:`~rulecheck.examples.chances.card_fields`),
    which lets a rule enumerate by class a roll whose face only other fields keep (a miss
    chance's d100); with ``every_field``, of every field of the result."""
    example = parsed.example
    fixed = {}
    for index, label in enumerate(example.odds.fixed):
        if label not in example.dice:
            hint = did_you_mean(label, example.dice)
            problems.append(parsed.problem(
                f"`{label}` is not a label of `dice`" + (f"; {hint}" if hint else ""), ("odds", "fixed", index)))
            continue
        fixed[label] = example.dice[label]
    # Twins differ only in display text, which no result depends on: they share one computation.
    fields = None if every_field else card_fields(RULES[example.rule])
    key = (example.rule, json.dumps(rules_data(example.given.model_dump(mode="json", by_alias=True)),
                                    sort_keys=True), json.dumps(fixed, sort_keys=True), fields)
    known = _ODDS_MEMO.get(key)
    if isinstance(known, RulecheckError):  # refused before: a twin or a copy is refused alike, at once
        problems.append(parsed.problem(f"exact odds: {known}", known.field or ("odds",)))
        return None
    if known is not None:
        return known
    if budget is not None and budget.exhausted:
        problems.append(parsed.problem(
            f"exact odds: the examples checked before this one spent the {budget.total:,} units of work one "
            "check allows for exact odds (the whole site needs some 22,000): split the examples into fewer, "
            "or fix dice with `odds.fixed`, or turn the odds off (`odds: false` under the plugin)", ("odds",)))
        return None
    try:
        odds = compute_odds(example.rule, example.given, fixed=fixed, fields=fields, max_runs=ODDS_MAX_RUNS,
                            max_work=ODDS_MAX_WORK)
    except RulecheckError as error:
        problems.append(parsed.problem(f"exact odds: {error}", error.field or ("odds",)))
        if budget is not None:  # a refused computation may have worked up to its own bound
            budget.spend(ODDS_MAX_WORK)
        _remember(key, error)
        return None
    except Exception as error:  # a bug of the engine on a branch the example does not take
        problems.append(parsed.problem(
            f"internal error of rule `{example.rule}` while computing exact odds: {type(error).__name__}: {error} "
            "(a bug of rulecheck, not of the example; please report it)", ("odds",), kind="internal",
        ))
        return None
    if budget is not None:
        budget.spend(odds.work)
    _remember(key, odds)
    return odds


def _remember(key: tuple[str, str, str, frozenset[str] | None], odds: Odds | RulecheckError) -> None:
    if len(_ODDS_MEMO) >= 4096:
        _ODDS_MEMO.clear()
    _ODDS_MEMO[key] = odds


#: Exact odds already computed, or refused, by rule, rules data of ``given``, fixed dice and fields.
_ODDS_MEMO: dict[tuple[str, str, str, frozenset[str] | None], Odds | RulecheckError] = {}
