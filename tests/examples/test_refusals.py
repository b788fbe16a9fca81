"""Examples that show a refusal of the rules (``expect: {refused: code}``), worded in each language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rulecheck.engine import ScriptedDice, TurnInput, resolve_turn
from rulecheck.errors import RuleError
from rulecheck.examples.check import check_paths
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.render import has_refusal_wording, refusal
from rulecheck.hosts.cards import card

ROOT = Path(__file__).resolve().parents[2]

TURN = """# Page

```rulecheck
id: guard-late
title: {title}
rule: turn
given:
  plan:
    - {{do: {first}, metres: 5}}
    - {{do: posture, gives_up: [A]}}
expect:
{expect}
```
"""


def site(tmp_path: Path, expect: str = "  refused: posture_not_first", first: str = "move") -> Path:
    for language, title in (("fr", "Garde tardive"), ("en", "Late guard")):
        path = tmp_path / "docs" / language / "a.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(TURN.format(title=title, expect=expect, first=first), "utf-8")
    return tmp_path


def test_an_expected_refusal_passes_and_its_card_speaks_the_page_language(tmp_path: Path) -> None:
    report = check_paths([site(tmp_path) / "docs"], root=tmp_path)
    assert report.ok, [p.located() for p in report.all_problems]
    for path, page in report.pages.items():
        language = path.split("/")[1]
        outcome = page.outcomes[0]
        assert outcome.refusal is not None and outcome.refusal.code == "posture_not_first"
        html = card(outcome, language)
        assert "rc-card--refused" in html
        assert {"fr": "⊘ refusé (vérifié)", "en": "⊘ refused (checked)"}[language] in html  # not read as "allowed"
        assert "✓" not in html.split("</p>")[0], "a tick on a refused plan read as « allowed »"
        text = re.sub(r"<[^>]+>", "", html.split("<details")[0])
        if language == "fr":
            assert "Refusé\u00a0: la posture défensive se choisit au début du tour" in text
            assert "ici, elle ne vient qu'à l'étape 2" in text
            assert "start of the turn" not in text and "Refused" not in text
        else:
            assert "Refused: a defensive posture is chosen at the start of the turn" in text


def test_a_refusal_expected_of_a_plan_the_rules_accept_is_located_drift(tmp_path: Path) -> None:
    accepted = TURN.replace("    - {{do: {first}, metres: 5}}\n", "").format(
        title="Garde", expect="  refused: posture_not_first")
    for language in LANGUAGES:
        path = tmp_path / "docs" / language / "a.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(accepted, "utf-8")
    problems = [p.located() for p in check_paths([tmp_path / "docs"], root=tmp_path).all_problems]
    assert problems == [
        f"docs/{language}/a.md:11: guard-late: expect.refused: expected the rules to refuse this example "
        "(`posture_not_first`), but they resolve it" for language in ("en", "fr")
    ]


def test_another_refusal_than_the_expected_one_is_reported_with_the_engine_message(tmp_path: Path) -> None:
    site(tmp_path, expect="  refused: action_used")
    problems = check_paths([tmp_path / "docs"], root=tmp_path).all_problems
    assert len(problems) == 2
    for problem in problems:
        assert problem.field == "expect.refused" and problem.line == 12
        assert problem.message.startswith("expected the refusal `action_used`, got `posture_not_first`: "
                                          "a defensive posture is chosen at the start of the turn")


def test_an_example_showing_a_refusal_expects_nothing_else(tmp_path: Path) -> None:
    site(tmp_path, expect="  refused: posture_not_first\n  posture_bonus: 1")
    problems = check_paths([tmp_path / "docs"], root=tmp_path).all_problems
    assert {(p.field, p.line) for p in problems} == {("expect.posture_bonus", 13)}
    assert all("expects nothing else" in p.message for p in problems)


def test_an_unexpected_refusal_stays_an_author_error_at_the_faulty_step(tmp_path: Path) -> None:
    site(tmp_path, expect="  posture_bonus: 1")
    problems = check_paths([tmp_path / "docs"], root=tmp_path).all_problems
    assert {(p.field, p.line) for p in problems} == {("given.plan[1]", 10)}
    assert all("Hint: make the posture the first step" in p.message for p in problems)


def test_a_prose_reference_to_a_refused_example_reads_given_only(tmp_path: Path) -> None:
    site(tmp_path)
    for language in LANGUAGES:
        path = tmp_path / "docs" / language / "a.md"
        path.write_text(path.read_text("utf-8") + "\n{{ guard-late.given.round }} {{ guard-late.left }}\n", "utf-8")
    problems = check_paths([tmp_path / "docs"], root=tmp_path).all_problems
    assert [(p.field, p.message) for p in problems] == [
        ("left", "prose reference: example `guard-late` shows a refusal: it has no result, only `given`"),
    ] * 2


def _codes_raised_by_the_engine() -> set[str]:
    codes = set()
    for source in (ROOT / "rulecheck" / "engine").glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text("utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "code":
                for constant in ast.walk(node.value):
                    if isinstance(constant, ast.Constant) and isinstance(constant.value, str):
                        codes.add(constant.value)
    return codes


def test_every_refusal_code_of_the_engine_is_worded_in_both_languages() -> None:
    codes = _codes_raised_by_the_engine()
    assert {"posture_not_first", "posture_only_m", "action_used", "not_enough_mp"} <= codes
    missing = [(code, language) for code in sorted(codes) for language in LANGUAGES
               if not has_refusal_wording(code, language)]
    assert missing == []


def test_the_command_line_prints_a_shown_refusal_as_json_or_in_a_language(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from rulecheck.hosts.cli import main

    example = tmp_path / "late-guard.yaml"
    example.write_text("id: late-guard\nrule: turn\ngiven:\n  plan:\n    - {do: attack}\n"
                       "    - {do: posture, gives_up: [A]}\nexpect:\n  refused: posture_not_first\n", "utf-8")
    runner = CliRunner()
    as_json = runner.invoke(main, ["run", str(example)])
    assert as_json.exit_code == 0
    assert '"code": "posture_not_first"' in as_json.output and '"field": "given.plan[1]"' in as_json.output
    french = runner.invoke(main, ["run", "--lang", "fr", str(example)])
    assert french.exit_code == 0
    assert french.output.startswith("Refusé\u00a0: la posture défensive se choisit au début du tour")


@pytest.mark.parametrize(("first", "second", "metres"), [(5, 6, 11), (10, 1, 11), (0, 15, 15), (3, 12, 15)])
def test_a_move_refused_for_want_of_a_says_how_far_the_turn_walked(first: int, second: int, metres: int) -> None:
    """« Step 3 needs the attack action » on a 6 m move read as nonsense: a move that needs a
    second movement action after the attack says the turn's metres that make it need one."""
    plan = ([{"do": "move", "metres": first}] if first else []) + [{"do": "attack"}, {"do": "move", "metres": second}]
    with pytest.raises(RuleError) as caught:
        resolve_turn(TurnInput.model_validate({"plan": plan}), ScriptedDice({}))
    error = caught.value
    assert error.code == "action_used"
    assert dict(error.params) == {"action": "A", "step": len(plan), "by": len(plan) - 1, "need": "walk",
                                  "metres": metres, "per_action": 10}
    assert f"porte le déplacement du tour à {metres}\u00a0m" in refusal(error.code, error.params, "fr")
    assert f"brings the turn's movement to {metres}\u00a0m" in refusal(error.code, error.params, "en")
