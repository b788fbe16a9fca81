"""What an author means as an example or a checked table, and the page would not make one, is a
located problem: a fence naming ``rulecheck`` that Markdown reads otherwise, a table marker the
check cannot see. Text inside another fence, or in a code span, is left alone.

That each reported fence is indeed not formatted as an example, and each unreported one is, is
checked against the renderer itself in ``tests/hosts/test_checked_fences.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.check import check_paths
from rulecheck.examples.near_misses import check_near_misses
from rulecheck.examples.tables import check_tables

BODY = "id: a\nrule: attack\n"


@pytest.mark.parametrize(("opener", "said"), [
    ("```RuleCheck", "only `rulecheck` in lower case"),
    ("~~~RULECHECK", "only `rulecheck` in lower case"),
    ("```{ .RuleCheck }", "only `rulecheck` in lower case"),
    ("```rulecheck extra", "Markdown opens no fence on `rulecheck extra`"),
    ("````rulecheck{}", "Markdown opens no fence"),
    ("```rulecheck hl_lines=\"x\"", "Markdown opens no fence"),
    ("```{ .yaml .rulecheck }", "reads its language as `yaml`"),
    ("``` yaml rulecheck", "Markdown opens no fence"),
    ("```{ rulecheck }", "reads its language as `none`"),
])
def test_a_fence_naming_rulecheck_that_is_no_example_is_located_and_explained(opener: str, said: str) -> None:
    for before in ("", "Some prose.\n\n", "> "):
        text = f"# Page\n\n{before}{opener}\n{BODY}```\n"
        problems = check_near_misses("page.md", text)
        line = text.count("\n", 0, text.index(opener)) + 1
        assert [(p.line, p.kind) for p in problems] == [(line, "near-miss")], text
        assert said in problems[0].message and "Hint:" in problems[0].message


@pytest.mark.parametrize("item", ["- ", "* ", "+ ", "1. ", "12) ", ":   ", "- 1. ", "> - "])
def test_a_fence_on_a_list_items_own_line_is_located_at_its_fence(item: str) -> None:
    text = f"Term\n{item}```rulecheck\n  {BODY}  ```\n"
    [problem] = check_near_misses("page.md", text)
    assert (problem.line, problem.col) == (2, len(item) + 1)
    assert "list item's or a definition's marker" in problem.message


@pytest.mark.parametrize("text", [
    f"```rulecheck\n{BODY}```\n",
    f"~~~ .rulecheck\n{BODY}~~~\n",
    f"```{{ .rulecheck #x }}\n{BODY}```\n",
    f"```yaml title=\"rulecheck in a title\"\n{BODY}```\n",
    f"````markdown\n```RuleCheck\n{BODY}```\n- ```rulecheck\n> <!-- rulecheck-table: x -->\n````\n",
    "Write `<!-- rulecheck-table: NAME -->` above the table.\n",
    "<!-- rulecheck-table: modifiers -->\n",
    "    <!-- rulecheck-table: modifiers -->\n",
    "```python\nrulecheck = 1\n```\n",
    "A word: rulecheck, and `` ```RuleCheck `` in a code span.\n",
    "```` ```rulecheck extra ````, `{ .yaml .rulecheck }`: a line of text that opens with a code span.\n",
    "`` ```RuleCheck `` opens this line.\n",
])
def test_examples_markers_and_mere_mentions_are_not_near_misses(text: str) -> None:
    assert check_near_misses("page.md", text) == []


@pytest.mark.parametrize("line", [
    "> <!-- rulecheck-table: modifiers -->",
    "> > <!-- rulecheck-table: modifiers -->",
    "Text <!-- rulecheck-table: modifiers -->",
    "<!-- RuleCheck-Table: modifiers -->",
    "- <!-- rulecheck-table: modifiers -->",
    "<!-- rulecheck-table: modifiers --> and more",
])
def test_a_table_marker_the_check_cannot_see_is_located(line: str) -> None:
    text = f"# Page\n\n{line}\n\n| a | b |\n|---|---|\n"
    [problem] = check_near_misses("page.md", text)
    assert (problem.line, problem.col) == (3, line.casefold().index("rulecheck-table") + 1)
    assert "the table after it is not checked" in problem.message


@pytest.mark.parametrize(("line", "name", "hint"), [
    ("<!-- rulecheck-table: cover table -->", "cover table", "did you mean `cover`?"),
    ("  <!-- rulecheck-table: the cover -->", "the cover", "did you mean `cover`?"),
    ("<!-- rulecheck-table: <img src=x onerror=alert(10)> -->", "<img src=x onerror=alert(10)>", "tables are "),
    ("<!-- rulecheck-table: <cover> table -->", "<cover> table", "did you mean `cover`?"),
    ("<!--rulecheck-table:attacker\tmodifiers-->", "attacker\tmodifiers", "did you mean `attacker-modifiers`?"),
    ("\t<!-- rulecheck-table:  sizes  extra  --> ", "sizes  extra", "did you mean `sizes`?"),
    ("<!-- rulecheck-table: " + "x " * 500 + "-->", None, "tables are "),
])
def test_a_marker_whose_name_is_not_a_table_s_name_says_so(line: str, name: str | None, hint: str) -> None:
    text = f"# Page\n\n{line}\n| Cover | Melee | Ranged |\n|---|:-:|:-:|\n"
    [problem] = check_near_misses("docs/en/page.md", text)
    assert (problem.line, problem.col) == (3, line.index("rulecheck-table:") + len("rulecheck-table:") + 1)
    shown = name if name is not None else ("x " * 30)[:59] + "…"
    assert problem.message.startswith(f"`{shown}` is not the name of a checked table")
    assert f"Hint: {hint}" in problem.message and "line of its own" not in problem.message
    assert len(problem.message) < 400


def test_a_marker_whose_name_is_one_word_is_judged_by_the_tables_check() -> None:
    text = "# Page\n\n<!-- rulecheck-table: <cover> -->\n| Cover | Melee | Ranged |\n|---|:-:|:-:|\n"
    assert check_near_misses("docs/en/page.md", text) == []
    assert "unknown table `<cover>`; did you mean `cover`?" in check_tables("docs/en/page.md", text, "en")[0].message


def test_every_near_miss_of_a_page_is_reported_at_once_by_a_check_of_the_pages(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    text = "```RuleCheck\nid: a\n```\n\n> <!-- rulecheck-table: x -->\n\n- ```rulecheck\n"
    (tmp_path / "docs" / "page.md").write_text(text, encoding="utf-8")
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert [(p.path, p.line) for p in report.all_problems if p.kind == "near-miss"] == [
        ("docs/page.md", 1), ("docs/page.md", 5), ("docs/page.md", 7)]
    assert report.examples == 0  # none of them is an example the check runs


def test_a_line_that_breaks_an_indented_fence_is_read_as_the_text_it_is() -> None:
    """An indented fence ends early at a line indented less; that line is outside it, and looked at."""
    text = "- item\n\n  ```\n  code\n\n> <!-- rulecheck-table: sizes -->\n```RuleCheck\nid: a\n```\n"
    assert [p.line for p in check_near_misses("page.md", text)] == [6, 7]
