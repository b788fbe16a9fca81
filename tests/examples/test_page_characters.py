"""Control characters in a page's prose are located problems; its examples refuse theirs themselves."""

from __future__ import annotations

import pytest

from rulecheck.examples.check import check_page
from tests.hosts.run_hosts import fenced, parry_example


@pytest.mark.parametrize("char", ["\x00", "\x08", "\x1b", "\x0b", "\x7f", "\x85", "\x9b", "\x01"])
@pytest.mark.parametrize("where", ["# Title {}", "Some {} prose.", "- an item {}", "| a {} | b |\n|---|---|",
                                   "> quoted {}", "`code {}`", "!!! note\n    inside {}"])
def test_a_control_character_in_prose_is_located(char: str, where: str) -> None:
    text = "# Page\n\n" + where.format(char) + "\n\n" + fenced(parry_example())
    problems = [p for p in check_page("docs/en/page.md", text, odds=False).problems if p.kind == "character"]
    at = text.index(char)
    assert [(p.line, p.col) for p in problems] == [(text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))]
    assert f"U+{ord(char):04X}" in problems[0].message


def test_one_problem_a_line_and_none_for_an_example_s_own() -> None:
    text = ("# Page\n\nA\x1b B\x00 C\x08\n\n" + fenced(parry_example().replace("Elara", "El\x1bara"))
            + "\nAfter\x07.\n")
    report = check_page("docs/en/page.md", text, odds=False)
    bell = text.count("\n", 0, text.index("\x07")) + 1
    assert [p.line for p in report.problems if p.kind == "character"] == [3, bell]
    assert [p for o in report.outcomes for p in o.problems if "control character" in p.message]  # the YAML's own


@pytest.mark.parametrize("char", ["\t", "\x0c", "\u00a0", "\u2003", "é"])
def test_tabs_form_feeds_and_other_spaces_are_text(char: str) -> None:
    text = f"# Page\n\nSome{char}prose.\n\n" + fenced(parry_example())
    assert [p for p in check_page("docs/en/page.md", text, odds=False).problems if p.kind == "character"] == []
