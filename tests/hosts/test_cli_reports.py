"""`rulecheck check` reports: text (coloured on a terminal only), json, github; exit 0, 1 or 2."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.errors import Problem
from rulecheck.hosts.cli import _github_annotation, _github_escape
from tests.conftest import CORPUS
from tests.hosts.run_hosts import cli

ANSI = "\x1b["


@pytest.fixture
def drifted(tmp_path: Path) -> Path:
    """A project whose page has two problems: a drift (line 17) and an unknown key (line 11)."""
    shutil.copytree(CORPUS / "drift-expect" / "docs", tmp_path / "docs")
    page = tmp_path / "docs" / "page.md"
    page.write_text(page.read_text(encoding="utf-8").replace("def_phy: 16", "def_phi: 16"), encoding="utf-8")
    return tmp_path


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    shutil.copytree(CORPUS / "drift-expect" / "docs", tmp_path / "docs")
    page = tmp_path / "docs" / "page.md"
    page.write_text(page.read_text(encoding="utf-8").replace("reaction_total: 24", "reaction_total: 23"),
                    encoding="utf-8")
    return tmp_path


def test_text_is_coloured_when_the_output_is_a_terminal(drifted: Path) -> None:
    result = cli(drifted, "check", "docs", color=True)
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first.startswith(f"{ANSI}31m") and "docs/page.md:11:45: elara-parry: given.defender.def_phi" in first


def test_text_is_plain_when_the_output_is_not_a_terminal(drifted: Path) -> None:
    result = cli(drifted, "check", "docs", color=False)
    assert result.exit_code == 1
    assert ANSI not in result.output
    assert result.output.splitlines() == [
        "docs/page.md:11:45: elara-parry: given.defender.def_phi: unknown key `def_phi`; did you mean `def_phy`?",
        "1 examples on 1 pages: 1 problem(s)",
    ]


def test_text_piped_from_a_real_process_has_no_colour(drifted: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "rulecheck.hosts.cli", "check", "docs"], cwd=drifted,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert ANSI not in done.stdout and "Traceback" not in done.stderr
    assert "did you mean `def_phy`?" in done.stdout


def test_json_lists_every_problem_with_its_location_and_values(drifted: Path) -> None:
    page = drifted / "docs" / "page.md"
    page.write_text(page.read_text(encoding="utf-8").replace("def_phi: 16", "def_phy: 16"), encoding="utf-8")
    result = cli(drifted, "check", "--format", "json", "docs")
    assert result.exit_code == 1
    assert json.loads(result.output) == [{
        "path": "docs/page.md", "line": 17, "col": None, "id": "elara-parry", "field": "expect.reaction_total",
        "message": "expected 24, got 23", "kind": "drift", "expected": 24, "actual": 23, "related": [], "more": 0,
    }]


def test_json_of_a_malformed_block_has_a_column_and_no_values(drifted: Path) -> None:
    result = cli(drifted, "check", "--format=json", "docs")
    problem = json.loads(result.output)[0]
    assert (problem["line"], problem["col"], problem["field"]) == (11, 45, "given.defender.def_phi")
    assert problem["expected"] is None and problem["actual"] is None


def test_json_of_a_clean_site_is_an_empty_list(clean: Path) -> None:
    result = cli(clean, "check", "--format", "json", "docs")
    assert (result.exit_code, json.loads(result.output)) == (0, [])


def test_github_annotations_locate_each_problem(drifted: Path) -> None:
    result = cli(drifted, "check", "--format", "github", "docs")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "::error file=docs/page.md,line=11,col=45,title=rulecheck::docs/page.md:11:45: elara-parry: "
        "given.defender.def_phi: unknown key `def_phi`; did you mean `def_phy`?",
    ]


def test_github_annotations_escape_properties_and_message() -> None:
    problem = Problem(path="docs/a,b:c.md", line=3, col=2, example_id="x", message="50% off\r\nnext line")
    annotation = _github_annotation(problem)
    assert annotation == (
        "::error file=docs/a%2Cb%3Ac.md,line=3,col=2,title=rulecheck::"
        "docs/a,b:c.md:3:2: x: 50%25 off\\r\\nnext line"  # line ends of the input shown, not sent
    )
    assert "\n" not in annotation
    assert _github_escape("%0A") == "%250A"  # escaping the escape character first


def test_exit_status_is_zero_when_everything_is_right(clean: Path) -> None:
    result = cli(clean, "check", "docs")
    assert result.exit_code == 0
    assert result.output == "1 examples on 1 pages: 0 problem(s)\n"


@pytest.mark.parametrize("args", [
    ["check", "--bogus", "docs"],
    ["check", "no-such-folder"],
    ["check", "--format", "xml", "docs"],
    ["chek", "docs"],
])
def test_exit_status_is_two_on_a_usage_error(clean: Path, args: list[str]) -> None:
    result = cli(clean, *args)
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.output and "Traceback" not in result.output


def test_check_defaults_to_the_docs_folder(drifted: Path) -> None:
    assert cli(drifted, "check").exit_code == 1
