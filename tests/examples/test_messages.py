"""Messages that tell an author what to do: a drift's way out, a hint as its own sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.engine.dice import DiceExpr
from rulecheck.errors import DiceError, shortened, with_hint
from rulecheck.examples.check import check_page
from tests.examples.test_check import page, write_site


def check(root: Path) -> str:
    result = subprocess.run([sys.executable, "-m", "rulecheck.hosts.cli", "check", "docs"], cwd=root,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    return result.stdout


def test_a_drift_says_what_to_do_when_the_engine_is_right(tmp_path: Path) -> None:
    write_site(tmp_path, {"a.md": page(total=24)}, {"a.md": page(total=24)})
    out = check(tmp_path)
    assert "expected 24, got 23" in out
    assert "`rulecheck check --update`" in out and "review the diff" in out


def test_a_problem_that_is_no_drift_does_not_suggest_update(tmp_path: Path) -> None:
    bad = page().replace("level: 2", "levl: 2")
    write_site(tmp_path, {"a.md": bad}, {"a.md": bad})
    assert "--update" not in check(tmp_path)


def test_a_hint_follows_a_full_stop() -> None:
    assert with_hint("the example gives 0", "add a face") == "the example gives 0. Hint: add a face"
    assert with_hint("is it so?", "yes") == "is it so? Hint: yes"
    assert with_hint("no hint", None) == "no hint"


@pytest.mark.parametrize("limit", [1, 2, 40, 60, 120])
@pytest.mark.parametrize("extra", [0, 1, 2, 10_000])
def test_a_quoted_value_is_shortened_to_its_limit_and_marked(limit: int, extra: int) -> None:
    value = "é" * (limit + extra)
    shown = shortened(value, limit)
    assert len(shown) <= limit
    if extra:
        assert shown == value[:limit - 1] + "…"
    else:
        assert shown == value


@pytest.mark.parametrize("notation", ["1d6+" * 5_000, "1d6+" * 20 + "x", "9" * 50])
def test_a_long_dice_notation_is_quoted_shortened(notation: str) -> None:
    with pytest.raises(DiceError) as raised:
        DiceExpr.parse(notation)
    assert f"`{notation[:39]}…`" in str(raised.value)
    assert len(str(raised.value)) < 300


def test_an_invalid_twin_is_reported_as_invalid_not_as_missing(tmp_path: Path) -> None:
    from rulecheck.examples.check import check_paths

    broken = page().replace("level: 2", "levl: 2")
    write_site(tmp_path, {"a.md": page()}, {"a.md": broken})
    problems = [p.located() for p in check_paths([tmp_path / "docs"], root=tmp_path).all_problems]
    assert "docs/fr/a.md:5: elara: its twin docs/en/a.md:5 is not a valid example (see the problems reported there)" \
        in problems, problems
    assert any(p.startswith("docs/en/a.md:") and "levl" in p for p in problems), problems
    assert not [p for p in problems if "missing from its twin" in p]


def test_run_given_a_markdown_page_says_so_instead_of_a_yaml_error(tmp_path: Path) -> None:
    page_file = tmp_path / "reactions.md"
    page_file.write_text(page(), "utf-8")
    for args, stdin, shown in ((["run", str(page_file)], None, str(page_file)),
                               (["run", "-"], page(), "<stdin>")):
        result = subprocess.run([sys.executable, "-m", "rulecheck.hosts.cli", *args], input=stdin,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith(f"{shown}: a Markdown page (1 example block(s)), not an example")
        assert "rulecheck check" in result.stderr and "invalid YAML" not in result.stderr


def test_run_still_runs_a_yaml_example(tmp_path: Path) -> None:
    block = page().split("```rulecheck\n", 1)[1].split("```", 1)[0]
    example = tmp_path / "elara.yml"
    example.write_text(block, "utf-8")
    result = subprocess.run([sys.executable, "-m", "rulecheck.hosts.cli", "run", str(example)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert '"reaction_total": 23' in result.stdout


STEPS = ["move", "attack", "capability", "free", "disengage", "posture"]


@pytest.mark.parametrize(("step", "said"), [
    ("{do: atack}", "unknown `do` value `atack`; did you mean `attack`?"),
    ("{do: Move, metres: 2}", "unknown `do` value `Move`; did you mean `move`?"),
    ("{do: fly}", "unknown `do` value `fly`; `do` is one of `" + "`, `".join(STEPS) + "`"),
    ("{do: 3}", "unknown `do` value `3`; `do` is one of `move`"),
    ("{metres: 3}", "missing `do`: it is one of `" + "`, `".join(STEPS) + "`"),
    ("{}", "missing `do`: it is one of `move`"),
])
def test_a_plan_step_of_no_known_kind_is_located_at_its_do_not_at_the_rule(step: str, said: str) -> None:
    """A step's `do` is a tag like the example's `rule`, one level down: its problem names the step
    and its key, and never claims the rule is unknown."""
    text = (f"```rulecheck\nid: t\nrule: turn\ngiven:\n  plan:\n    - {{do: move, metres: 2}}\n    - {step}\n"
            "expect:\n  used: [M]\n```\n")
    problems = [p for o in check_page("page.md", text).outcomes for p in o.problems]
    assert [(p.line, p.field) for p in problems] == [(7, "given.plan[1].do")], problems
    assert problems[0].message.startswith(said) and "unknown rule" not in problems[0].message


def test_an_unknown_rule_is_still_the_rule_s_problem() -> None:
    text = "```rulecheck\nid: t\nrule: turns\ngiven: {}\nexpect: {}\n```\n"
    [problem] = [p for o in check_page("page.md", text).outcomes for p in o.problems]
    assert (problem.field, problem.message) == ("rule", "unknown rule `turns`; did you mean `turn`?")


@pytest.mark.parametrize(("written", "foreign", "meant"), [
    ("elarа-parry", "`а` is U+0430 CYRILLIC SMALL LETTER A", "elara-parry"),  # Cyrillic а
    ("еlara-раrry", "`е` is U+0435 CYRILLIC SMALL LETTER IE", "elara-parry"),  # е, р, а
    ("ｅlara", "`ｅ` is U+FF45 FULLWIDTH LATIN SMALL LETTER E", "elara"),
    ("Élara Parry", "`É` is U+00C9 LATIN CAPITAL LETTER E WITH ACUTE", "elara-parry"),
    ("parade-élara", "`é` is U+00E9 LATIN SMALL LETTER E WITH ACUTE", "parade-elara"),
    ("αλφα-1", "`α` is U+03B1 GREEK SMALL LETTER ALPHA", "a-a-1"),
    ("coup٣", "`٣` is U+0663 ARABIC-INDIC DIGIT THREE", "coup"),
    ("Elara Parry", None, "elara-parry"),
    ("---", None, "my-example"),
])
def test_an_id_of_lookalike_letters_names_the_letter_and_hints_the_latin_id(
        written: str, foreign: str | None, meant: str) -> None:
    text = f"```rulecheck\nid: \"{written}\"\nrule: attack\ngiven: {{}}\nexpect: {{}}\n```\n"
    [problem] = [p for o in check_page("page.md", text).outcomes for p in o.problems if p.field == "id"]
    assert problem.message.endswith(f"Hint: write `{meant}`")
    if foreign is None:
        assert "where `" not in problem.message
    else:
        assert f"where {foreign}, not one of a-z or 0-9)" in problem.message


_LONG = {"an id": "id: {x}\nrule: positions\ngiven:\n  grid:\n    map: |\n      A . D\n",
         "a map": "id: big\nrule: positions\ngiven:\n  grid:\n    map: |\n      A {x} D\n",
         "a name": "id: ok\nrule: attack\ngiven:\n  attacker: {{name: {x}}}\n  defender: {{name: b, def_phy: 10}}\n"
                   "  attack: {{kind: melee, total: 12}}\n",
         "a title": "id: ok\ntitle: {x}\nrule: positions\ngiven:\n  grid:\n    map: |\n      A . D\n"}


@pytest.mark.parametrize("what", sorted(_LONG))
@pytest.mark.parametrize("unit", ["X", "é", ". ", "\u0430"])
@pytest.mark.parametrize("count", [3_000, 50_000])
def test_an_error_quotes_a_long_value_cut_and_says_its_length(tmp_path: Path, what: str, unit: str, count: int) -> None:
    """An id of 50,000 characters, or a map of 40,000, was quoted whole in its message (a nineteenth
    hostile round): each message as long as the value, fifty of them megabytes of a terminal."""
    example = tmp_path / "long.yml"
    example.write_text(_LONG[what].format(x=(unit * (count // len(unit))).strip()), "utf-8")
    result = subprocess.run([sys.executable, "-m", "rulecheck.hosts.cli", "run", "--lang", "en", str(example)],
                            capture_output=True, text=True, timeout=120)
    said = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in said
    assert len(said) < 1_000 and f"{example}:" in said  # located, and short
    assert "characters" in said


@pytest.mark.parametrize("written", ["x" * 50_000, "7" * 5_000, "a-" * 20_000 + "b"])
def test_a_long_id_is_cut_where_a_problem_names_its_example(tmp_path: Path, written: str) -> None:
    """The id heads every problem of its example (`page:line: id: …`): an id of 50,000 letters with
    one more problem made a line of 50 kB (a twentieth hostile round)."""
    example = tmp_path / "long.yml"
    example.write_text(f"id: {written}\nrule: attack\ngiven:\n  attacker: {{name: a, level: 99999999999999999999}}\n"
                       "  defender: {name: b, def_phy: 10}\n  attack: {kind: melee, total: 12}\n", "utf-8")
    result = subprocess.run([sys.executable, "-m", "rulecheck.hosts.cli", "run", "--lang", "en", str(example)],
                            capture_output=True, text=True, timeout=120)
    said = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in said
    assert all(len(line) < 1_000 for line in said.splitlines()), max(map(len, said.splitlines()))
