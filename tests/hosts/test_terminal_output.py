"""Text output never writes the input's terminal control sequences: ESC, OSC, BEL, CR, C1 controls
and bidi overrides from an example are shown escaped by the command line (text, github, json),
the MkDocs build's log and pytest's report; and `run` reads JSON indented with tabs."""

from __future__ import annotations

import ast
import json
import re
import shutil
import unicodedata
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from rulecheck.errors import printable
from tests.conftest import CORPUS
from tests.hosts.run_hosts import capture_logs, cli, copy_case, mkdocs_build

CASES = ["terminal-escapes-in-a-key", "terminal-escapes-in-a-value"]
#: The only escape sequences our own output may hold: click's colours.
COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def controls(text: str) -> list[str]:
    """The characters of ``text`` that could act on a terminal (line ends aside)."""
    return [c for c in COLOUR.sub("", text) if c != "\n" and unicodedata.category(c) in {"Cc", "Cf", "Zl", "Zp"}]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("output", ["text", "github", "json"])
@pytest.mark.parametrize("colour", [False, True])
def test_the_command_line_writes_no_control_character_of_the_input(
        case: str, output: str, colour: bool, tmp_path: Path) -> None:
    project = copy_case(CORPUS / case, tmp_path / case)
    result = cli(project, "check", "--format", output, "docs", color=colour)
    assert result.exit_code == 1
    assert controls(result.output) == []
    # refused where it is written, named by its code point: no message quotes it
    said = [problem["message"] for problem in json.loads(result.output)] if output == "json" else [result.output]
    assert any("a control character (U+001B)" in message for message in said)


@pytest.mark.parametrize("output", ["text", "github", "json"])
def test_a_page_named_with_control_characters_is_named_escaped(output: str, tmp_path: Path) -> None:
    """Data can no longer hold a control character (an escape is refused): a file's name still can."""
    page = tmp_path / "docs" / "\x1b]0;pwned\x07\x9b2J.md"
    page.parent.mkdir()
    page.write_text("# Page\n\n```rulecheck\nid: x\nrule: attack\n```\n", encoding="utf-8")
    result = cli(tmp_path, "check", "--format", output, "docs")
    assert result.exit_code == 1 and controls(result.output) == []
    if output == "json":
        assert any("\x1b]0;pwned" in problem["path"] for problem in json.loads(result.output))  # data kept
    else:
        assert "\\x1b]0;pwned\\x07\\x9b2J.md" in result.output  # shown escaped


@pytest.mark.parametrize("case", CASES)
def test_the_build_log_and_pytest_write_no_control_character_of_the_input(
        case: str, tmp_path: Path, pytester: pytest.Pytester) -> None:
    project = copy_case(CORPUS / case, tmp_path / case)
    with capture_logs("mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(project)
    shown = (CORPUS / case / "expected.txt").read_text(encoding="utf-8").strip()
    assert shown in logs.text.splitlines() and controls(logs.text) == []
    shutil.copytree(CORPUS / case / "docs", pytester.path / "docs")
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "docs")
    output = result.stdout.str() + result.stderr.str()
    assert shown in output.splitlines() and controls(output) == []


def test_printable_escapes_controls_and_keeps_text() -> None:
    assert printable("Élara\u00a0: 20 %") == "Élara\u00a0: 20 %"
    assert printable("a\x1b]0;t\x07\r\x9b\u202e\u2028b") == "a\\x1b]0;t\\x07\\r\\x9b\\u202e\\u2028b"


@pytest.mark.parametrize(("char", "escape"), [
    ("\U000e0041", "\\U000e0041"),  # a tag letter: `\\ue0041` read as U+E004 and a `1`
    ("\U000e0001", "\\U000e0001"),  # the language tag
    ("\U0001d173", "\\U0001d173"),  # a musical format character
    ("\U000e007f", "\\U000e007f"),  # cancel tag
    ("\u202e", "\\u202e"), ("\u2066", "\\u2066"), ("\u200b", "\\u200b"), ("\ufeff", "\\ufeff"),
    ("\u2028", "\\u2028"), ("\u0085", "\\x85"), ("\x1b", "\\x1b"), ("\x00", "\\x00"), ("\x7f", "\\x7f"),
    ("\ud800", "\\ud800"),  # a lone surrogate
    ("\r", "\\r"), ("\n", "\\n"), ("\t", "\\t"),
])
@pytest.mark.parametrize("after", ["", "1b", "0041", "f"])
def test_printable_escapes_read_back_as_the_one_character_they_stand_for(char: str, escape: str, after: str) -> None:
    text = f"a{char}{after}"
    shown = printable(text)
    assert shown == f"a{escape}{after}" and shown.isprintable()
    assert ast.literal_eval(f'"{shown}"') == text  # Python's escapes: the same text, not another


def test_printable_keeps_printable_astral_characters() -> None:
    assert printable("🎲 \U0001d11e 𝔈lara\x07") == "🎲 \U0001d11e 𝔈lara\\x07"


def test_run_reads_json_indented_with_tabs(tmp_path: Path) -> None:
    example = {"id": "tabs", "rule": "attack", "given": {"attack": {"total": 15}, "defender": {"name": "E\tF"}},
               "expect": {"outcome": "hit"}}
    file = tmp_path / "example.json"
    file.write_text(json.dumps(example, indent="\t"), encoding="utf-8")
    result = cli(tmp_path, "run", str(file))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["result"]["outcome"] == "hit"


def test_yaml_with_a_tab_is_still_refused_by_run(tmp_path: Path) -> None:
    file = tmp_path / "example.yaml"
    file.write_text("id: tabs\nrule: attack\ngiven:\n\tattack: {total: 15}\n", encoding="utf-8")
    result = cli(tmp_path, "run", str(file))
    assert result.exit_code == 1
    assert "a tab character, where examples use spaces only" in result.output
