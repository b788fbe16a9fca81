"""Reference tables checked like examples: the engine's size table, the marker, the parser, the
located problems, and the three hosts failing on a wrong cell."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.engine import SIZES, size_row
from rulecheck.engine.sizes import size_for_squares
from rulecheck.examples.check import check_page, check_paths
from rulecheck.examples.tables import TABLES, check_tables, find_tables, parse_cell, split_row
from rulecheck.hosts.cli import main
from tests.conftest import ROOT, copy_tree
from tests.hosts.test_three_hosts import mkdocs_build

ATTACKER_FR = """\
# Page

<!-- rulecheck-table: attacker-modifiers -->
| L'attaquant est… | Contact | Distance |
|---|:-:|:-:|
| ébloui | −1 | −1 |
| enchevêtré | −2¹ | −2¹ |
| prend en tenaille | +2 | — |
| invisible | +2² | +2² |
| en hauteur | +1 | +0 |
| à terre | −4 | impossible³ |
| secoué ou effrayé | −2 | −2 |
| à l'étroit | −4 | −4 |

Après le tableau.
"""


def problems(text: str, language: str | None = "fr") -> list[str]:
    return [p.located() for p in check_tables(f"docs/{language or 'x'}/page.md", text, language)]


# The size table ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "space", "reach", "per_square"), [
    ("fine", "1/10", 0, 100), ("diminutive", "1/5", 0, 25), ("tiny", "1/2", 0, 4),
    ("small", "1", 1, 1), ("medium", "1", 1, 1),
    ("large-tall", "2", 2, None), ("large-long", "2", 1, None),
    ("huge-tall", "3", 3, None), ("huge-long", "3", 2, None),
    ("gargantuan-tall", "4", 4, None), ("gargantuan-long", "4", 3, None),
    ("colossal-tall", "5", 6, None), ("colossal-long", "5", 4, None),
])
def test_each_size_row(key: str, space: str, reach: int, per_square: int | None) -> None:
    row = next(r for r in SIZES if r.key == key)
    assert (row.space, row.reach, row.per_square) == (Fraction(space), reach, per_square)


def test_size_lookups() -> None:
    assert size_row("medium", "long").key == "medium"  # the shape only matters from Large up
    assert size_row("huge", "long").reach == 2
    assert [size_for_squares(n) for n in range(1, 6)] == ["medium", "large", "huge", "gargantuan", "colossal"]
    with pytest.raises(ValueError, match="6×6"):
        size_for_squares(6)


# Finding and reading ----------------------------------------------------------------------------

def test_find_tables_locates_the_marker_and_the_table_lines() -> None:
    (table,) = find_tables(ATTACKER_FR)
    assert (table.name, table.line) == ("attacker-modifiers", 3)
    assert (table.rows[0][0], table.rows[-1][0], len(table.rows)) == (4, 13, 10)


def test_a_table_inside_an_admonition_is_found() -> None:
    text = "!!! note\n    <!-- rulecheck-table: cover -->\n    | a | b | c |\n    |---|---|---|\n    | x | y | z |\n"
    (table,) = find_tables(text)
    assert (table.line, [line for line, _ in table.rows]) == (2, [3, 4, 5])


def test_a_marker_inside_fenced_code_is_only_an_illustration() -> None:
    text = ("````markdown\n<!-- rulecheck-table: cover -->\n| a | b | c |\n|---|---|---|\n```inner\n```\n"
            "<!-- rulecheck-table: sizes -->\n````\n\n~~~\n<!-- rulecheck-table: cover -->\n~~~\n")
    assert find_tables(text) == []
    assert [t.line for t in find_tables(text + "<!-- rulecheck-table: cover -->\n")] == [13]


@pytest.mark.parametrize(("cell", "value", "marks"), [
    ("−2¹", -2, "¹"), ("-2", -2, ""), ("+4", 4, ""), ("+0³", 0, "³"), ("—", None, ""), ("-", None, ""),
    ("1/10", Fraction(1, 10), ""), ("20\u202f%", 20, ""), ("50%", 50, ""), ("impossible³", "impossible", "³"),
    ("**+2**", 2, ""), ("camouflage total", "total_concealment", ""),
])
def test_parse_cell(cell: str, value: object, marks: str) -> None:
    assert parse_cell(cell, "fr") == (value, marks)


def test_parse_cell_refuses_what_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="neither a number"):
        parse_cell("beaucoup", "fr")


def test_split_row_keeps_escaped_pipes() -> None:
    assert split_row("| a \\| b | c |") == ["a | b", "c"]
    assert split_row("a | b") == ["a", "b"]


# Located problems ---------------------------------------------------------------------------------

def test_the_right_table_passes() -> None:
    assert problems(ATTACKER_FR) == []


def test_the_english_labels_pass_without_a_language_folder() -> None:
    english = (ROOT / "docs/en/modifiers.md").read_text("utf-8")
    assert problems(english, None) == []


def test_a_wrong_cell_fails_with_its_line() -> None:
    text = ATTACKER_FR.replace("| ébloui | −1 | −1 |", "| ébloui | −1 | −2 |")
    assert problems(text) == ["docs/fr/page.md:6: table `attacker-modifiers`: row `ébloui`, column `Distance`: "
                              "the page says `−2`, the engine says `−1`"]


def test_a_wrong_or_missing_footnote_fails() -> None:
    text = ATTACKER_FR.replace("| invisible | +2² | +2² |", "| invisible | +2¹ | +2 |")
    assert problems(text) == [
        "docs/fr/page.md:9: table `attacker-modifiers`: row `invisible`, column `Contact`: "
        "the page says `+2¹`, the engine says `+2²`",
        "docs/fr/page.md:9: table `attacker-modifiers`: row `invisible`, column `Distance`: "
        "the page says `+2`, the engine says `+2²`",
    ]


def test_a_word_cell_is_checked() -> None:
    text = ATTACKER_FR.replace("impossible³", "−4")
    assert problems(text) == ["docs/fr/page.md:11: table `attacker-modifiers`: row `à terre`, column `Distance`: "
                              "the page says `−4`, the engine says `impossible³`"]


def test_an_unknown_row_a_duplicate_and_a_missing_row() -> None:
    text = ATTACKER_FR.replace("| ébloui |", "| éblouie |").replace(
        "| à l'étroit | −4 | −4 |", "| à l'étroit | −4 | −4 |\n| à l'étroit | −4 | −4 |")
    assert problems(text) == [
        "docs/fr/page.md:6: table `attacker-modifiers`: no engine row is called `éblouie`; did you mean `ébloui`?",
        "docs/fr/page.md:14: table `attacker-modifiers`: row `à l'étroit` already given at line 13",
        "docs/fr/page.md:3: table `attacker-modifiers`: rows missing from the page: ébloui",
    ]


def test_wrong_shapes_fail_at_their_line() -> None:
    assert problems(ATTACKER_FR.replace("| ébloui | −1 | −1 |", "| ébloui | −1 |")) == [
        "docs/fr/page.md:6: table `attacker-modifiers`: row `ébloui` has 2 cells, the table has 3"]
    assert problems(ATTACKER_FR.replace("| L'attaquant est… | Contact | Distance |", "| A | B |")) == [
        "docs/fr/page.md:4: table `attacker-modifiers`: 2 columns, the engine's table has 3"]
    assert problems(ATTACKER_FR.replace("| ébloui | −1 | −1 |", "| ébloui | −1 | peu |"))[0].startswith(
        "docs/fr/page.md:6: table `attacker-modifiers`: row `ébloui`, column `Distance`: `peu` is neither a number")


def test_an_unknown_table_or_a_marker_without_a_table() -> None:
    assert problems("<!-- rulecheck-table: atacker-modifiers -->\n| a |\n|---|\n") == [
        "docs/fr/page.md:1: unknown table `atacker-modifiers`; did you mean `attacker-modifiers`?"]
    assert problems("x\n\n<!-- rulecheck-table: cover -->\n\n| a | b | c |\n") == [
        "docs/fr/page.md:3: table `cover`: no Markdown table right after the marker line"]


def test_every_engine_table_is_on_the_modifiers_page_in_both_languages() -> None:
    for language in ("fr", "en"):
        text = (ROOT / f"docs/{language}/modifiers.md").read_text("utf-8")
        assert sorted(t.name for t in find_tables(text)) == sorted(TABLES)
        assert problems(text, language) == []


def test_check_page_reports_table_problems_as_page_problems() -> None:
    text = ATTACKER_FR.replace("| ébloui | −1 | −1 |", "| ébloui | −1 | −2 |")
    report = check_page("docs/fr/page.md", text)
    assert [(p.line, p.kind) for p in report.problems] == [(6, "table")]


# The hosts fail on a wrong cell -----------------------------------------------------------------------

BROKEN = "| dazzled | −1 | −1 |"


def break_cell(site: Path) -> int:
    page = site / "docs/en/modifiers.md"
    text = page.read_text("utf-8")
    assert BROKEN in text
    page.write_text(text.replace(BROKEN, "| dazzled | −1 | −3 |"), "utf-8")
    return text[: text.index(BROKEN)].count("\n") + 1


def expected(line: int) -> str:
    return (f"docs/en/modifiers.md:{line}: table `attacker-modifiers`: row `dazzled`, column `Ranged`: "
            "the page says `−3`, the engine says `−1`")


def test_the_cli_reports_a_wrong_cell(site_copy: Callable[[], Path], monkeypatch: pytest.MonkeyPatch) -> None:
    site = site_copy()
    line = break_cell(site)
    monkeypatch.chdir(site)
    result = CliRunner().invoke(main, ["check", "docs"])
    assert result.exit_code == 1
    assert expected(line) in result.output
    assert [p.line for p in check_paths([site / "docs"], root=site).all_problems] == [line]


def test_pytest_fails_the_page_with_a_wrong_cell(pytester: pytest.Pytester, site_copy: Callable[[], Path]) -> None:
    site = site_copy()
    line = break_cell(site)
    copy_tree(site, pytester.path)
    result = pytester.runpytest("docs/en/modifiers.md", "-q", "-p", "no:cacheprovider",
                                "-W", "ignore::pytest.PytestAssertRewriteWarning")
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] == 1 and outcomes["passed"] >= 12
    result.stdout.fnmatch_lines([expected(line)])


@pytest.mark.build
def test_the_build_fails_on_a_wrong_cell(site_copy: Callable[[], Path]) -> None:
    site = site_copy()
    line = break_cell(site)
    result = mkdocs_build(site)
    assert result.returncode != 0
    assert expected(line) in result.stderr
    assert "Traceback" not in result.stderr


def test_a_cell_over_zero_is_a_located_problem_not_a_crash() -> None:
    with pytest.raises(ValueError, match="`1/0` is neither a number"):
        parse_cell("1/0", "en")


def test_table_markers_are_numbered_as_editors_number_lines() -> None:
    text = "a\fb\n\n<!-- rulecheck-table: sizes -->\n| x | y |\n|---|---|\n"
    (table,) = find_tables(text)
    assert table.line == 3  # a form feed does not end a line
