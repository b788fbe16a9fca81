"""Odds where readers and tools see them: the check, the cards, `rulecheck run`, the JSON Schema."""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.examples import check, example_check
from rulecheck.examples.check import Outcome, check_example, check_page, markdown_files, read_page
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.render import chance, decimal, percent, probability
from rulecheck.examples.schema import json_schema, parse_block
from rulecheck.hosts.cards import card
from rulecheck.hosts.cli import main
from tests.conftest import ROOT

ELARA = """\
id: elara
title: Elara
rule: attack
given:
  defender: {level: 2, str: 4}
  attack: {total: 15, damage: 1d8+2}
  reaction: parry
dice:
  reaction: [17]
expect:
  outcome: parried
"""
NBSP, NNBSP = "\u00a0", "\u202f"


def outcome_of(source: str, **options: Any) -> Outcome:
    page = check_page("docs/fr/page.md", f"# Page\n\n```rulecheck\n{source}```\n")
    (outcome,) = page.outcomes
    if options:
        parsed = parse_block(outcome.block)
        assert not isinstance(parsed, list)
        outcome = check_example(parsed, **options)
    return outcome


def test_the_check_keeps_the_exact_odds_of_the_headline_value() -> None:
    outcome = outcome_of(ELARA)
    assert outcome.ok and outcome.odds is not None
    # d20 + 2 + 4 >= 15 from a 9 up: 12 faces of 20.
    assert outcome.headline_odds == ("outcome", "parried", Fraction(3, 5))
    # A failed parry lets 1d8 + 2 through, with no bonus: the attack is no critical (ruling 4).
    assert outcome.odds.mean("damage") == Fraction(8, 20) * Fraction(13, 2)


def test_odds_can_be_skipped() -> None:
    outcome = outcome_of(ELARA, odds=False)
    assert outcome.ok and outcome.odds is None and outcome.headline_odds is None


def test_an_example_can_keep_its_scripted_dice_fixed() -> None:
    outcome = outcome_of(ELARA + "odds: {fixed: [reaction]}\n")
    assert outcome.ok and outcome.headline_odds == ("outcome", "parried", Fraction(1))


def test_a_fixed_label_that_is_not_scripted_is_located_with_a_hint() -> None:
    outcome = outcome_of(ELARA + "odds:\n  fixed: [reactoin]\n")
    (problem,) = outcome.problems
    assert (problem.line, problem.field) == (3 + 13, "odds.fixed[0]")
    assert "`reactoin` is not a label of `dice`; did you mean `reaction`?" in problem.message


def test_odds_that_would_take_too_long_are_a_located_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(example_check, "ODDS_MAX_RUNS", 5)
    monkeypatch.setattr(example_check, "_ODDS_MEMO", {})
    outcome = outcome_of(ELARA)
    (problem,) = outcome.problems
    # Located at the roll that does not fit in the budget, with the fix in the hint.
    assert problem.field == "dice.reaction" and "exact odds" in problem.message and "Hint:" in problem.message
    assert "odds: {fixed: [reaction]}" in problem.message
    assert outcome.result is not None and outcome.odds is None


def test_an_engine_bug_on_another_branch_is_a_located_internal_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(example_check, "compute_odds", broken)
    monkeypatch.setattr(example_check, "_ODDS_MEMO", {})
    outcome = outcome_of(ELARA)
    (problem,) = outcome.problems
    assert problem.kind == "internal" and problem.field == "odds"
    assert "ZeroDivisionError: division by zero" in problem.message and outcome.result is not None


def test_checks_can_skip_the_odds(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "fr" / "page.md"
    page.parent.mkdir(parents=True)
    page.write_text(f"# Page\n\n```rulecheck\n{ELARA}```\n", "utf-8")
    (outcome,) = check.check_paths([tmp_path / "docs" / "fr"], root=tmp_path, odds=False).pages[
        "docs/fr/page.md"].outcomes
    assert outcome.result is not None and outcome.odds is None


def test_cards_show_the_probability_in_the_readers_language() -> None:
    outcome = outcome_of(ELARA)
    french, english = card(outcome, "fr"), card(outcome, "en")
    assert (f"<strong>Chance que la parade réussisse</strong>{NBSP}: 60{NNBSP}% (12 sur 20) — "
            "9 ou plus au d20</p>") in html.unescape(french)
    assert ("<strong>Chance the parry succeeds</strong>: 60% (12 in 20) — "
            "9 or more on the d20</p>") in html.unescape(english)
    assert "P(" not in french + english and 'title="elara"' not in french + english


def test_a_card_in_error_shows_no_probability() -> None:
    outcome = outcome_of(ELARA.replace("outcome: parried", "outcome: hit"))
    assert not outcome.ok
    assert "Chance" not in card(outcome, "fr") and "rc-odds" not in card(outcome, "fr")


@pytest.mark.parametrize(("value", "french", "english"), [
    (Fraction(13, 20), f"65{NNBSP}%", "65%"),
    (Fraction(5, 8), f"63{NNBSP}%", "63%"),  # halves round up
    (0.145, f"15{NNBSP}%", "15%"),
    (Fraction(0), f"0{NNBSP}%", "0%"),
    (Fraction(1), f"100{NNBSP}%", "100%"),
    (Fraction(1, 400), f"0{NNBSP}%", "0%"),  # 0.25 % rounds down
    (Fraction(1, 200), f"1{NNBSP}%", "1%"),  # 0.5 % rounds up
])
def test_percent_rounds_half_up(value: Any, french: str, english: str) -> None:
    assert (percent(value, "fr"), percent(value, "en")) == (french, english)


@given(st.fractions(min_value=0, max_value=1), st.sampled_from([0, 1, 2]))
def test_percent_in_integers_is_the_exact_decimal_rounding(value: Fraction, digits: int) -> None:
    rounded = math.floor(value * 100 * 10**digits + Fraction(1, 2))
    assert percent(value, "en", digits) == f"{Decimal(rounded).scaleb(-digits):.{digits}f}%"


@given(st.fractions(min_value=-100, max_value=100), st.sampled_from([0, 1, 2]))
def test_every_decimal_a_card_rounds_rounds_a_half_up(value: Fraction, digits: int) -> None:
    """A chart's mean and a rare event's « 1 in N » round as the percents do: a float's ``round``
    gave 1.2 for a mean of 1.25 (to even) and 0.7 for 0.65 (a float above it) on one page."""
    rounded = Decimal(math.floor(value * 10**digits + Fraction(1, 2))).scaleb(-digits)
    expected = f"{float(rounded):g}".replace("-", "\u2212")
    assert decimal(value, "en", digits) == expected
    assert decimal(value, "fr", digits) == expected.replace(".", ",")


@pytest.mark.parametrize(("mean", "shown"), [
    (Fraction(5, 4), "1.3"), (Fraction(13, 20), "0.7"), (Fraction(21, 8), "2.6"), (Fraction(1, 20), "0.1"),
    (Fraction(3), "3"), (Fraction(249, 100), "2.5"), (Fraction(-3, 20), "\u22120.1"),
])
def test_a_damage_chart_s_mean_rounds_a_half_up(mean: Fraction, shown: str) -> None:
    from rulecheck.hosts.cards import damage_chart

    caption = html.unescape(re.sub(r"<[^>]*>", "", damage_chart({0: Fraction(1, 2), 3: Fraction(1, 2)}, 3, mean, "en")))
    assert f"{shown} on average" in caption


@pytest.mark.parametrize(("exact", "about"), [
    (Fraction(2, 25), "(2 chances in 25)"), (Fraction(2, 250), "(about 1 in 125)"),
    (Fraction(4, 250), "(about 1 in 63)"),
    (Fraction(1, 125) * Fraction(5, 4) * Fraction(2, 3), "(about 1 in 150)"),
])
def test_a_rare_event_s_one_in_n_rounds_a_half_up(exact: Fraction, about: str) -> None:
    assert chance(exact, "en").endswith(about)


@pytest.mark.parametrize(("value", "shown"), [
    (Fraction(1, 400), "0.3%"),
    (Fraction(399, 400), "99.8%"),
    (Fraction(1, 8000), "0.01%"),
    (Fraction(1, 10**6), "< 0.01%"),
    (1 - Fraction(1, 10**6), "> 99.99%"),
    (Fraction(1, 20), "5%"),
    (Fraction(1, 200), "1%"),  # exactly half a percent: whole percents still say something
    (Fraction(1, 201), "0.5%"),
    (Fraction(199, 200), "99.5%"),  # 99.5 % would round to 100 %: one more digit
    (Fraction(1, 20000), "0.01%"),  # exactly half of 0.01 %
    (Fraction(1, 20001), "< 0.01%"),
    (Fraction(19999, 20000), "> 99.99%"),
    (Fraction(39999, 40000), "> 99.99%"),  # 99.9975 %
    (Fraction(2, 3), "67%"), (Fraction(1, 3), "33%"),
])
def test_a_rare_outcome_never_reads_0_or_100_percent(value: Fraction, shown: str) -> None:
    assert probability(value, "en") == shown


# --- rulecheck run -------------------------------------------------------------------------


def run(*args: str, stdin: str | bytes | None = None) -> Any:
    return CliRunner().invoke(main, ["run", *args], input=stdin)


def test_run_prints_result_odds_and_trace_as_json(tmp_path: Path) -> None:
    example = tmp_path / "elara.yml"
    example.write_text(ELARA, "utf-8")
    result = run(str(example))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["id"], data["rule"], data["result"]["reaction_total"]) == ("elara", "attack", 23)
    assert "trace" not in data["result"]
    assert [step["event"] for step in data["trace"]] == ["attack.given", "reaction.parry", "damage.total"]
    assert data["odds"]["headline"] == {"field": "outcome", "value": "parried",
                                        "probability": {"exact": "3/5", "float": 0.6}}
    outcomes = {e["value"]: e["exact"] for e in data["odds"]["fields"]["outcome"]["distribution"]}
    assert outcomes == {"hit": "2/5", "parried": "3/5"}
    assert data["odds"]["fields"]["damage"]["mean"]["exact"] == "13/5"
    assert data["problems"] == []


def test_run_reads_json_from_stdin() -> None:
    example = yaml.safe_load(ELARA)
    result = run("-", stdin=json.dumps(example))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["outcome"] == "parried"


@pytest.mark.parametrize(("language", "lines"), [
    ("fr", ["Test de parade : 17 (d20) + 2 (niveau) + 4 (FOR) = 23 ≥ 15 (attaque) → parade réussie",
            "Chance que la parade réussisse : 60 % (12 sur 20) — 9 ou plus au d20"]),
    ("en", ["Parry test: 17 (d20) + 2 (level) + 4 (STR) = 23 ≥ 15 (attack) → parry succeeds",
            "Chance the parry succeeds: 60% (12 in 20) — 9 or more on the d20"]),
])
def test_run_prints_a_readable_trace_and_the_odds_line(language: str, lines: list[str]) -> None:
    result = run("-", "--lang", language, stdin=ELARA)
    assert result.exit_code == 0, result.output
    shown = result.stdout.replace(NBSP, " ").replace(NNBSP, " ").splitlines()
    for line in lines:
        assert line in shown


@pytest.mark.parametrize("language", ["fr", "en"])
def test_run_prints_the_chance_line_of_the_card_for_every_kind_of_event(tmp_path: Path, language: str) -> None:
    """An author reads in the terminal the very line a player reads on the card, whatever the
    event: one example of the site for each event a card names a chance for."""
    from rulecheck.examples import chances

    (tmp_path / "docs" / language).mkdir(parents=True)
    (tmp_path / "docs" / "cast.yml").write_bytes((ROOT / "docs" / "cast.yml").read_bytes())
    seen: dict[str, tuple[Outcome, str]] = {}
    report = check.check_paths([ROOT / "docs"], root=ROOT)
    for path, page in sorted(report.pages.items()):
        for outcome in page.outcomes if path.split("/")[1] == language else ():
            found = chances.chance(outcome)
            if found is not None and outcome.ok and outcome.block.source:
                seen.setdefault(found.event.key, (outcome, outcome.block.source))
    assert len(seen) >= 8, sorted(seen)
    for key, (outcome, source) in sorted(seen.items()):
        shown = re.search(r'<p class="rc-odds"[^>]*>(.*?)</p>', card(outcome, language))
        assert shown, key
        on_card = html.unescape(re.sub(r"<[^>]+>", "", shown.group(1)))
        example = tmp_path / "docs" / language / "example.yml"
        example.write_text(source, "utf-8")
        printed = run(str(example), "--lang", language)
        assert printed.exit_code == 0, printed.output
        assert on_card in printed.stdout.splitlines(), (key, on_card, printed.stdout)


def test_run_reports_drift_but_still_prints_the_result() -> None:
    result = run("-", stdin=ELARA.replace("outcome: parried", "outcome: hit"))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["problems"][0]["field"] == "expect.outcome"
    assert "<stdin>:11: elara: expect.outcome: expected hit, got parried" in result.stderr


@pytest.mark.parametrize(("text", "message"), [
    ("id: x\nrule: attack\ngiven: {attack: {totl: 3}}\n",
     "<stdin>:3:18: x: given.attack.totl: unknown key `totl`; did you mean `total`?"),
    ("id: x\nrule: attack\ngiven: [unclosed\n", "<stdin>:4:1: x: invalid YAML"),
    ("id: x\nrule: attak\ngiven: {}\n", "<stdin>:2"),
    ("", "<stdin>:0: an example is a mapping"),
    (b"id: \xff\n", "<stdin>:1:5: not valid UTF-8 (byte 0xff)"),
])
def test_a_bad_example_gives_a_located_message_and_exit_1(text: str | bytes, message: str) -> None:
    result = run("-", stdin=text)
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_a_missing_file_is_a_usage_error() -> None:
    assert run("no/such/example.yml").exit_code == 2


# --- the JSON Schema ---------------------------------------------------------------------------


def docs_examples() -> list[tuple[str, Any]]:
    found = []
    for page in markdown_files([ROOT / "docs"]):
        for block in find_blocks(read_page(page), str(page.relative_to(ROOT))):
            found.append((f"{block.path}:{block.line}", yaml.safe_load(block.source)))
    return found


def test_the_schema_validates_every_example_of_the_site() -> None:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    examples = docs_examples()
    assert len(examples) >= 20
    for where, example in examples:
        errors = [e.message for e in validator.iter_errors(example)]
        assert not errors, f"{where}: {errors}"


def test_the_schema_refuses_what_the_checker_refuses() -> None:
    validator = jsonschema.Draft202012Validator(json_schema())
    example = yaml.safe_load(ELARA)
    assert validator.is_valid(example)
    assert validator.is_valid({**example, "odds": {"fixed": ["reaction"]}})
    assert not validator.is_valid({**example, "given": {**example["given"], "reactoin": "parry"}})
    assert not validator.is_valid({**example, "odds": {"keep": ["reaction"]}})
    assert not validator.is_valid({**example, "rule": "attak"})


def test_twins_share_one_odds_computation(tmp_path: Path) -> None:
    example_check._ODDS_MEMO.clear()
    for language, name in (("fr", "Orque"), ("en", "Orc")):
        page = tmp_path / "docs" / language / "page.md"
        page.parent.mkdir(parents=True)
        attacker = f"  attacker: {{name: {name}}}\n"
        body = ELARA.replace("  defender:", attacker + "  defender:")
        page.write_text(f"# Page\n\n```rulecheck\n{body}```\n", "utf-8")
    report = check.check_paths([tmp_path / "docs"], root=tmp_path)
    assert report.ok, report.all_problems
    french, english = (report.pages[f"docs/{lang}/page.md"].outcomes[0] for lang in ("fr", "en"))
    assert french.odds is not None and french.odds is english.odds
    assert len(example_check._ODDS_MEMO) == 1


@pytest.mark.build
def test_the_built_cards_show_the_odds_unless_the_plugin_turns_them_off(
    site_copy: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = site_copy(pages=("reactions",))
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    build(load_config(str(site / "mkdocs.yml"), site_dir=str(site / "site")))
    french = (site / "site/reactions.html").read_text("utf-8")
    english = (site / "site/en/reactions.html").read_text("utf-8")
    assert f"<strong>Chance que la parade réussisse</strong>{NBSP}: 60{NNBSP}% (12 sur 20)" in french
    assert "<strong>Chance the parry succeeds</strong>: 60% (12 in 20)" in english

    config = site / "mkdocs.yml"
    text = config.read_text("utf-8")
    assert "  - rulecheck:\n" in text
    config.write_text(text.replace("  - rulecheck:\n", "  - rulecheck:\n      odds: false\n"), "utf-8")
    build(load_config(str(config), site_dir=str(site / "site-no-odds")))
    assert "rc-odds" not in (site / "site-no-odds/reactions.html").read_text("utf-8")
    assert "rc-card" in (site / "site-no-odds/reactions.html").read_text("utf-8")


FOG = """\
id: fog
title: In the mist
rule: attack
given:
  attack: {kind: melee, total: 16, damage: 1d8}
  defender: {def_phy: 12}
  situation: {concealment: concealment}
dice:
  miss_chance: [21]
  damage: [5]
expect:
  outcome: hit
"""


def test_the_check_keeps_the_odds_a_card_reads_and_run_prints_every_field(tmp_path: Path) -> None:
    """A card reads the outcome, the fields of its event and the damage: the miss chance's d100
    counts as two branches. The
    JSON of `rulecheck run` gives every field's distribution, the d100's face by face."""
    outcome = outcome_of(FOG)
    assert outcome.ok and outcome.odds is not None
    assert set(outcome.odds.fields) == {"outcome", "hit", "damage", "attack_natural", "reaction_natural",
                                        "reaction_succeeded", "critical", "fumble", "reactions_lost_next_turn",
                                        "counter_attack", "concealment_miss", "bonus_damage"}
    assert outcome.odds.runs == 11
    assert outcome.headline_odds == ("outcome", "hit", Fraction(4, 5))
    example = tmp_path / "fog.yml"
    example.write_text(FOG, "utf-8")
    result = run(str(example))
    assert result.exit_code == 0, result.output
    odds = json.loads(result.stdout)["odds"]
    assert odds["runs"] == 741 and odds["headline"]["probability"]["exact"] == "4/5"
    faces = odds["fields"]["miss_chance_roll"]["distribution"]
    assert [entry["value"] for entry in faces] == list(range(1, 101)) and faces[0]["exact"] == "1/100"
