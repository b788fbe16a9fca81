"""Reference tables checked like examples: the engine's size table, the marker, the parser, the
located problems, and the three hosts failing on a wrong cell."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rulecheck.engine import SIZES, size_row
from rulecheck.engine.sizes import size_for_squares
from rulecheck.examples import tables as tables_module
from rulecheck.examples.check import check_page, check_paths
from rulecheck.examples.finder import split_lines
from rulecheck.examples.table_render import ShownTable, shown_tables
from rulecheck.examples.tables import (
    FENCE,
    MARKER,
    TABLES,
    LineSpan,
    check_tables,
    find_tables,
    parse_cell,
    split_row,
)
from rulecheck.hosts.cli import main
from tests.conftest import ROOT, copy_tree
from tests.hosts.test_three_hosts import mkdocs_build

ATTACKER_FR = """\
# Page

<!-- rulecheck-table: attacker-modifiers -->
| L'attaquant est… | Contact | Distance |
|---|:-:|:-:|
| ébloui | −1 | −1 |
| enchevêtré | −2, DEX −2¹ | −2, DEX −2¹ |
| prend en tenaille | +2 | — |
| invisible | +2, cible sans DEX² | +2, cible sans DEX² |
| en hauteur | +1 | +0 |
| à terre | −4 | impossible³ |
| secoué ou effrayé | −2 | −2 |
| à l'étroit | −4 | −4 |

Après le tableau.
"""


INVISIBLE = "| invisible | +2, cible sans DEX² | +2, cible sans DEX² |"


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


@pytest.mark.parametrize(("cell", "value", "marks", "percent"), [
    ("−2¹", -2, "¹", False), ("-2", -2, "", False), ("+4", 4, "", False), ("+0³", 0, "³", False),
    ("—", None, "", False), ("-", None, "", False), ("1/10", Fraction(1, 10), "", False),
    ("20\u202f%", 20, "", True), ("20 %", 20, "", True), ("50%", 50, "", True), ("−1%", -1, "", True),
    ("impossible³", "impossible", "³", False), ("camouflage total", "total_concealment", "", False),
])
def test_parse_cell(cell: str, value: object, marks: str, percent: bool) -> None:
    assert parse_cell(cell, "fr") == (value, marks, percent)


@pytest.mark.parametrize("cell", ["**+2**", "+2", "*+2*", "`+2`", "<b>+2</b>", "&#43;2"])
def test_a_cell_is_read_as_rendered(cell: str) -> None:
    assert parse_cell("+2", "fr")[0] == 2
    assert problems(ATTACKER_FR.replace(INVISIBLE, f"| invisible | {cell}, cible sans DEX² | +2, cible sans DEX² |")) \
        == []


@pytest.mark.parametrize("cell", ["\\*+2", "[+2](x)x", "+2 %", "+2%"])
def test_what_the_reader_sees_beside_the_number_fails(cell: str) -> None:
    text = ATTACKER_FR.replace(INVISIBLE, f"| invisible | {cell}, cible sans DEX² | +2, cible sans DEX² |")
    assert [p.split(": ", 2)[1] for p in problems(text)] == ["table `attacker-modifiers`"]


def test_parse_cell_refuses_what_it_cannot_read() -> None:
    for cell in ("beaucoup", "**+2**", "—%"):  # a cell is read as rendered: no Markdown is left in it
        with pytest.raises(ValueError, match="neither a number"):
            parse_cell(cell, "fr")


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
    text = ATTACKER_FR.replace(INVISIBLE, "| invisible | +2, cible sans DEX¹ | +2 |")
    assert problems(text) == [
        "docs/fr/page.md:9: table `attacker-modifiers`: row `invisible`, column `Contact`: "
        "the page says `+2, cible sans DEX¹`, the engine says `+2, cible sans DEX²`",
        "docs/fr/page.md:9: table `attacker-modifiers`: row `invisible`, column `Distance`: "
        "the page says `+2`, the engine says `+2, cible sans DEX²`",
    ]


@pytest.mark.parametrize(("row", "written", "language", "wrong"), [
    (INVISIBLE, "| invisible | +2² | +2, cible sans DEX² |", "fr", "+2²"),  # the words left out
    (INVISIBLE, "| invisible | +2, DEX −5² | +2, cible sans DEX² |", "fr", "+2, DEX −5²"),  # another effect's
    (INVISIBLE, "| invisible | +2, target: no DEX² | +2, cible sans DEX² |", "fr", "+2, target: no DEX²"),
    ("| en hauteur | +1 | +0 |", "| en hauteur | +1, sans DEX | +0 |", "fr", "+1, sans DEX"),  # no such note
    ("| en hauteur | +1 | +0 |", "| en hauteur | +1, | +0 |", "fr", "+1,"),
    (INVISIBLE, "| invisible | +2, cible sans DEX, cible sans DEX² | +2, cible sans DEX² |", "fr",
     "+2, cible sans DEX, cible sans DEX²"),
])
def test_a_note_that_changes_dex_is_said_in_the_cell_in_the_page_s_words(
        row: str, written: str, language: str, wrong: str) -> None:
    """A glance at "+0¹" read as no change, where the defender loses its DEX: the cell says it in
    words, the ones of its footnote, in the page's language, and a cell without such a note says none."""
    found = problems(ATTACKER_FR.replace(row, written), language)
    assert len(found) == 1 and f"the page says `{wrong}`" in found[0], found


def test_a_page_without_a_language_takes_a_note_s_words_in_either() -> None:
    english = ATTACKER_FR.replace("cible sans DEX", "target: no DEX")
    assert problems(english, None) == [] == problems(ATTACKER_FR, None)
    assert problems(english, "fr") != []


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
    two = ATTACKER_FR.replace("| L'attaquant est… | Contact | Distance |\n|---|:-:|:-:|", "| A | B |\n|---|---|")
    assert problems(two) == ["docs/fr/page.md:4: table `attacker-modifiers`: 2 columns, the engine's table has 3"]
    assert problems(ATTACKER_FR.replace("| L'attaquant est… | Contact | Distance |", "| A | B |")) == [
        "docs/fr/page.md:3: table `attacker-modifiers`: no Markdown table right after the marker line: its "
        "heading row has 2 cells and the line under it 3, or the table is inside a block that shows it as text"]
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


def test_the_cli_reports_a_wrong_cell(site_copy: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> None:
    site = site_copy(pages=("modifiers",))
    line = break_cell(site)
    monkeypatch.chdir(site)
    result = CliRunner().invoke(main, ["check", "docs"])
    assert result.exit_code == 1
    assert expected(line) in result.output
    assert [p.line for p in check_paths([site / "docs"], root=site).all_problems] == [line]


def test_pytest_fails_the_page_with_a_wrong_cell(pytester: pytest.Pytester, site_copy: Callable[..., Path]) -> None:
    site = site_copy(pages=("modifiers",))
    line = break_cell(site)
    copy_tree(site, pytester.path)
    result = pytester.runpytest("docs/en/modifiers.md", "-q", "-p", "no:cacheprovider",
                                "-W", "ignore::pytest.PytestAssertRewriteWarning")
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] == 1 and outcomes["passed"] >= 12
    result.stdout.fnmatch_lines([expected(line)])


@pytest.mark.build
def test_the_build_fails_on_a_wrong_cell(site_copy: Callable[..., Path]) -> None:
    site = site_copy(pages=("modifiers",))
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


# The table as Markdown renders it (issue 22, item 2) ------------------------------------------------

COVER_EN = """\
<!-- rulecheck-table: cover -->
| Cover | Melee | Ranged |
|---|:-:|:-:|
| partial cover | +2 | +2 |
| cover | +4 | +4 |
| improved cover | +8 | +8 |
| soft cover (creatures) | +4¹ | +4 |
| total cover | impossible | impossible |
"""


def en_problems(text: str) -> list[str]:
    return problems(text, "en")


def test_the_cover_table_passes() -> None:
    assert en_problems(COVER_EN) == []


@pytest.mark.parametrize("row", [
    "total cover | +99 | +99", "total cover | +99 | +99 |", "| total cover | +99 | +99", "total cover|+99|+99",
    "  total cover | +99 | +99  ",
])
def test_a_row_without_its_pipes_is_read_as_the_renderer_shows_it(row: str) -> None:
    wrong = COVER_EN.replace("| total cover | impossible | impossible |", row)
    assert en_problems(wrong) == [
        "docs/en/page.md:8: table `cover`: row `total cover`, column `Melee`: the page says `+99`, "
        "the engine says `impossible`",
        "docs/en/page.md:8: table `cover`: row `total cover`, column `Ranged`: the page says `+99`, "
        "the engine says `impossible`",
    ]
    assert en_problems(COVER_EN + row + "\n")[0] == (
        "docs/en/page.md:9: table `cover`: row `total cover` already given at line 8")


def test_a_line_of_text_right_under_the_table_is_one_of_its_rows() -> None:
    assert en_problems(COVER_EN + "Cover stacks with nothing.\n") == [
        "docs/en/page.md:9: table `cover`: no engine row is called `Cover stacks with nothing.`"]
    assert en_problems(COVER_EN + "\nCover stacks with nothing.\n") == []


@pytest.mark.parametrize(("heading", "faults"), [
    ("| Cover | Ranged | Melee |", ["column 2 is headed `Ranged`, the engine's column 2 is `Melee`",
                                    "column 3 is headed `Melee`, the engine's column 3 is `Ranged`"]),
    ("| Cover | Melee | Melee |", ["column 3 is headed `Melee`, the engine's column 3 is `Ranged`"]),
    ("| Concealment | Melee | Ranged |", ["column 1 is headed `Concealment`, the engine's column 1 is `Cover`"]),
    ("| Cover | Contact | Distance |", ["column 2 is headed `Contact`, the engine's column 2 is `Melee`",
                                        "column 3 is headed `Distance`, the engine's column 3 is `Ranged`"]),
    ("| Cover | *Melee* | **Ranged** |", []), ("| cover | MELEE | ranged |", []),
])
def test_the_column_headings_are_checked(heading: str, faults: list[str]) -> None:
    text = COVER_EN.replace("| Cover | Melee | Ranged |", heading)
    assert en_problems(text) == [f"docs/en/page.md:2: table `cover`: {fault}" for fault in faults]


def test_a_table_without_outer_pipes_is_read_whole() -> None:
    bare = "\n".join(line.strip("|").strip() if line.startswith("|") else line for line in COVER_EN.splitlines())
    assert en_problems(bare + "\n") == []
    assert len(en_problems(bare.replace("Cover | Melee | Ranged", "Cover | Ranged | Melee") + "\n")) == 2
    # a heading without its pipes over rows with them: the renderer shows each row shifted by one cell
    bare_heading = COVER_EN.replace("| Cover | Melee | Ranged |\n|---|:-:|:-:|", "Cover | Melee | Ranged\n---|:-:|:-:")
    shifted = en_problems(bare_heading)
    assert shifted[0] == "docs/en/page.md:4: table `cover`: no engine row is called ``"


def test_swapped_headings_fail_in_french_and_without_a_language_folder() -> None:
    swapped = ATTACKER_FR.replace("| Contact | Distance |", "| Distance | Contact |")
    assert len(problems(swapped)) == 2 and len(problems(swapped, None)) == 2
    english = COVER_EN.replace("| Melee | Ranged |", "| Ranged | Melee |")
    assert len(problems(english, None)) == 2
    assert problems(COVER_EN, None) == [] and problems(ATTACKER_FR, None) == []


@pytest.mark.parametrize(("cell", "engine"), [
    ("20", "20\u202f%"), ("20 points", None), ("−20\u202f%", "20\u202f%"), ("20\u202f%¹", "20\u202f%"),
])
def test_a_percent_must_be_written_as_one(cell: str, engine: str | None) -> None:
    text = ("<!-- rulecheck-table: concealment -->\n| Camouflage | Chance d'échec |\n|---|:-:|\n"
            f"| camouflage | {cell} |\n| camouflage total | 50 % |\n")
    (fault,) = problems(text)
    assert fault.startswith("docs/fr/page.md:4: table `concealment`: row `camouflage`, column `Chance d'échec`: ")
    assert engine is None or fault.endswith(f"the engine says `{engine}`")
    assert problems(text.replace(f"| {cell} |", "| 20 % |")) == []
    assert problems(text.replace(f"| {cell} |", "| 20% |")) == []


@pytest.mark.parametrize("cell", ["−1%", "−1 %", "-1\u202f%"])
def test_a_modifier_is_no_percent(cell: str) -> None:
    text = ATTACKER_FR.replace("| ébloui | −1 | −1 |", f"| ébloui | {cell} | −1 |")
    assert problems(text) == ["docs/fr/page.md:6: table `attacker-modifiers`: row `ébloui`, column `Contact`: "
                              f"the page says `{cell}`, the engine says `−1`"]


@pytest.mark.parametrize("cell", ["−2<sup>1</sup>", "&minus;2¹", "−2&sup1;", "<span>−2</span>¹"])
def test_raised_digits_and_entities_read_as_shown(cell: str) -> None:
    assert problems(ATTACKER_FR.replace("| enchevêtré | −2¹ | −2¹ |", f"| enchevêtré | {cell} | −2¹ |")) == []


@pytest.mark.parametrize("text", [
    "!!! note\n    " + COVER_EN.replace("\n", "\n    ").rstrip() + "\n",  # an admonition shows it as text
    "<!-- rulecheck-table: cover -->\nCover | Melee | Ranged\n|---|:-:|:-:|\n| cover | +4 | +4 |\n",
    "```\n" + COVER_EN + "```\n<!-- rulecheck-table: cover -->\n\n| a |\n|---|\n",
])
def test_a_marker_over_what_does_not_render_as_a_table_fails(text: str) -> None:
    (fault,) = en_problems(text)
    assert "no Markdown table right after the marker line" in fault


def test_a_marker_right_under_a_paragraph_still_marks_the_table_the_renderer_shows() -> None:
    assert en_problems("Some words.\n" + COVER_EN) == []
    assert en_problems("Some words.\n" + COVER_EN.replace("+8 | +8", "+8 | +7"))[0].startswith("docs/en/page.md:7:")


def test_a_table_in_an_html_block_with_markdown_is_checked() -> None:
    text = "<div markdown>\n\n" + COVER_EN.replace("+8 | +8", "+8 | +7") + "\n</div>\n"
    assert [p.split(": ", 1)[0] for p in en_problems(text)] == ["docs/en/page.md:8"]


def test_two_tables_in_one_block_are_told_apart() -> None:
    concealment = ("<!-- rulecheck-table: concealment -->\n| Concealment | Miss chance |\n|---|:-:|\n"
                   "| concealment | 20% |\n| total concealment | 50 |\n")
    text = "=== \"Tables\"\n\n    " + (COVER_EN + "\n" + concealment).replace("\n", "\n    ").rstrip() + "\n"
    faults = en_problems(text)
    assert all("no Markdown table" in fault for fault in faults) and len(faults) == 2
    top = COVER_EN + "\n" + concealment
    assert en_problems(top) == ["docs/en/page.md:14: table `concealment`: row `total concealment`, column "
                                "`Miss chance`: the page says `50`, the engine says `50%`"]


def test_the_renderer_uses_the_sites_extensions() -> None:
    import yaml

    from rulecheck.examples.table_render import EXTENSIONS

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=Loader)
    names = [next(iter(e)) if isinstance(e, dict) else e for e in config["markdown_extensions"]]
    assert set(names) - {"toc", "pymdownx.snippets"} == set(EXTENSIONS)


@pytest.mark.parametrize("text", ["9" * 5000, "-" + "9" * 13, "+1234567890123", "1/" + "7" * 5000, "7" * 13 + "/2",
                                  "1" * 13 + "%", "−" + "2" * 20 + "¹"])
def test_a_cell_number_of_too_many_digits_is_refused_in_our_words(text: str) -> None:
    with pytest.raises(ValueError, match=r"digits: too large a number for a table cell \(at most 12\)") as caught:
        parse_cell(text, "en")
    assert "sys.set_int_max_str_digits" not in str(caught.value) and len(str(caught.value)) < 150


@pytest.mark.parametrize(("text", "value"), [("−" + "9" * 12, -999_999_999_999),
                                             ("1/" + "9" * 11, Fraction(1, 10**11 - 1))])
def test_a_cell_number_of_twelve_digits_is_read(text: str, value: object) -> None:
    assert parse_cell(text, "en") == (value, "", False)


def test_digits_of_other_scripts_are_no_number_in_a_cell() -> None:
    with pytest.raises(ValueError, match="neither a number"):
        parse_cell("٣", "en")


# Linear in the number of tables (an outside tester's page of 600 markers took 35 s) -----------------

def naive_find_tables(text: str) -> list[tuple[str, int, list[tuple[int, str]], str, int]]:
    """The markers as the definition reads, one marker at a time (quadratic, for small pages only):
    name, line, rows, the piece from the marker's block to its own table's end, and its rank there."""
    lines = split_lines(text)
    blocks, markers, fence = [], [], None
    for index, line in enumerate(lines):
        opening = FENCE.match(line)
        if fence is None and line.strip() and not line[:1].isspace() and (index == 0 or not lines[index - 1].strip()):
            blocks.append(index)
        if fence is None and opening:
            fence = opening["fence"]
        elif fence is not None and re.fullmatch(rf"[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*", line):
            fence = None
        elif fence is None and (match := MARKER.match(line)):
            markers.append((index, match["name"]))
    found = []
    for index, name in markers:
        end = next((n for n in range(index + 1, len(lines)) if not lines[n].strip()), len(lines))
        start = max((block for block in blocks if block <= index), default=0)
        earlier = sum(1 for other, _ in markers if start <= other < index)
        rows = [(n + 1, lines[n].strip()) for n in range(index + 1, end)]
        found.append((name, index + 1, rows, "\n".join(lines[start:end]) + "\n", earlier))
    return found


def many_tables(count: int, shape: str) -> str:
    """``count`` cover tables: each its own top-level block (under a line of its own), all in one
    content tab, or markers one under another with no blank line (each one's lines run to the same
    blank line)."""
    if shape == "top":
        return "# Page\n\n" + "\n".join(f"Table {number}.\n{COVER_EN}" for number in range(count))
    if shape == "tab":
        return '# Page\n\n=== "Tables"\n\n    ' + "\n".join([COVER_EN] * count).replace("\n", "\n    ").rstrip() + "\n"
    return "# Page\n\n" + "<!-- rulecheck-table: cover -->\n" * count + "\nAfter.\n"


SHAPES = ("top", "tab", "glued")


@pytest.mark.parametrize("text", [
    ATTACKER_FR, COVER_EN, "Some words.\n" + COVER_EN, COVER_EN + "Cover stacks with nothing.\n",
    "<div markdown>\n\n" + COVER_EN + "\n</div>\n", "\n\n" + COVER_EN.replace("\n", "\n\n"),
    "```\n" + COVER_EN + "```\n<!-- rulecheck-table: cover -->\n\n| a |\n|---|\n",
    "!!! note\n    <!-- rulecheck-table: cover -->\n    | a | b | c |\n    |---|---|---|\n",
    *(many_tables(count, shape) for count in (1, 3, 7) for shape in SHAPES),
    *((ROOT / f"docs/{language}/{name}.md").read_text("utf-8")
      for language in ("en", "fr") for name in ("modifiers", "quick-reference", "authors")),
])
def test_finding_tables_in_one_pass_finds_what_the_definition_finds(text: str) -> None:
    found = find_tables(text)
    assert [(t.name, t.line, list(t.rows), t.index) for t in found] == [
        (name, line, rows, index) for name, line, rows, _, index in naive_find_tables(text)]
    # a block is rendered whole, once: each table's own piece is where its block's piece starts
    assert all(t.piece.startswith(piece) for t, (*_, piece, _) in zip(found, naive_find_tables(text), strict=True))


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("count", [1, 5, 40])
def test_each_block_is_rendered_once_however_many_tables_it_holds(
    shape: str, count: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    rendered: list[str] = []

    def counted(text: str) -> list[ShownTable | None]:
        rendered.append(text)
        return shown_tables(text)

    monkeypatch.setattr(tables_module, "shown_tables", counted)
    text = many_tables(count, shape)
    faults = en_problems(text)
    assert len(rendered) == {"top": count, "tab": 1, "glued": min(count - 1, 1)}[shape]  # glued: none has a table
    assert sum(map(len, rendered)) <= len(text)  # no line of the page is rendered twice
    assert faults == ([] if shape == "top" else
                      [f"docs/en/page.md:{t.line}: table `cover`: " + ("no Markdown table right after the marker line"
                       + (": its heading row has 3 cells and the line under it 3, or the table is inside a block "
                          "that shows it as text" if shape == "tab" else ""))
                       for t in find_tables(text)])


@pytest.mark.parametrize("shape", SHAPES)
def test_finding_tables_reads_each_line_a_bounded_number_of_times(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = 0

    class CountedLines(list[str]):
        def __getitem__(self, item: Any) -> Any:
            nonlocal reads
            reads += 1
            return super().__getitem__(item)

    monkeypatch.setattr(tables_module, "split_lines", lambda text: CountedLines(split_lines(text)))
    for count in (10, 100, 1000):
        reads = 0
        text = many_tables(count, shape)
        found = find_tables(text)
        assert len(found) == count
        assert reads <= 3 * text.count("\n")  # a marker's lines are not walked again for each later marker


def test_a_span_of_lines_reads_as_a_tuple_of_them() -> None:
    lines = ["a", " b ", "c", "d"]
    span = LineSpan(lines, 1, 4)
    assert list(span) == [(2, "b"), (3, "c"), (4, "d")] and len(span) == 3
    assert span[-1] == (4, "d") and list(span[1:]) == [(3, "c"), (4, "d")] and list(span[5:]) == []
    assert span == ((2, "b"), (3, "c"), (4, "d")) and hash(span) == hash(tuple(span))
    with pytest.raises(IndexError):
        span[3]
    assert list(LineSpan(lines, 2, 1)) == []


COVER = {
    "fr": "| Abri | Contact | Distance |\n|---|:-:|:-:|\n| abri partiel | +2 | +2 |\n| abri | +4 | +4 |\n"
          "| abri amélioré | +8 | +8 |\n| abri mou (créatures) | +4¹ | +4 |\n"
          "| abri total | impossible | impossible |\n",
    "en": "| Cover | Melee | Ranged |\n|---|:-:|:-:|\n| partial cover | +2 | +2 |\n| cover | +4 | +4 |\n"
          "| improved cover | +8 | +8 |\n| soft cover (creatures) | +4¹ | +4 |\n"
          "| total cover | impossible | impossible |\n",
}
CONCEALMENT = {
    "fr": "| Camouflage | Chance d'échec |\n|---|:-:|\n| camouflage | 20 % |\n| camouflage total | 50 % |\n",
    "en": "| Concealment | Miss chance |\n|---|:-:|\n| concealment | 20% |\n| total concealment | 50% |\n",
}


def twin_tables(tmp_path: Path, markers: dict[str, list[str | None]]) -> Path:
    """Twins showing the cover table, then the concealment table, each under the marker named
    (``None``: shown without a marker); unmarked, the English cover table says +5 where it means +4."""
    for language, names in markers.items():
        parts = ["# Page\n"]
        for name, table in zip(names, (COVER, CONCEALMENT, CONCEALMENT), strict=False):
            shown = table[language] if name else table[language].replace("+4 |", "+5 |", 1)
            parts.append((f"<!-- rulecheck-table: {name} -->\n" if name else "") + shown)
        page = tmp_path / "docs" / language / "page.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text("\n".join(parts), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("markers", "said"), [
    ({"fr": ["cover"], "en": [None]},
     ["docs/en/page.md:1: table `cover` is checked on its twin docs/fr/page.md:3, not on this page"]),
    ({"fr": [None], "en": ["cover"]},
     ["docs/fr/page.md:1: table `cover` is checked on its twin docs/en/page.md:3, not on this page"]),
    ({"fr": ["cover", "concealment"], "en": [None, None]},
     ["docs/en/page.md:1: table `concealment` is checked on its twin docs/fr/page.md:12, not on this page",
      "docs/en/page.md:1: table `cover` is checked on its twin docs/fr/page.md:3, not on this page"]),
    ({"fr": ["cover", "concealment", "concealment"], "en": ["cover", "concealment", None]},
     ["docs/en/page.md:1: table `concealment` is checked 2 times on its twin docs/fr/page.md:12, 1 time(s) "
      "on this page"]),
    ({"fr": ["cover", "concealment"], "en": ["cover", "concealment"]}, []),
])
def test_twins_check_the_same_tables(tmp_path: Path, markers: dict[str, list[str | None]], said: list[str]) -> None:
    # An English table shown without the French page's marker showed its numbers unchecked: the
    # check passed with +5 for cover where the engine (and the French page) give +4.
    twin_tables(tmp_path, markers)
    for checked in ([tmp_path / "docs"], [tmp_path / "docs" / "fr"], [tmp_path / "docs" / "en"]):
        problems = check_paths(checked, root=tmp_path).all_problems
        assert sorted(p.located().split(": a table shown here")[0] for p in problems) == said, checked
        assert all(p.kind == "parity" and "Hint: put `<!-- rulecheck-table: " in p.message for p in problems)


def test_an_unknown_table_name_is_its_own_pages_problem_not_a_parity_one(tmp_path: Path) -> None:
    twin_tables(tmp_path, {"fr": ["cover", "concealment"], "en": ["covers", "concealment"]})
    problems = check_paths([tmp_path / "docs"], root=tmp_path).all_problems
    assert [(p.path, p.kind, p.message.split(";")[0]) for p in problems] == [
        ("docs/en/page.md", "table", "unknown table `covers`")]


@pytest.mark.parametrize("cell", [
    '<span hidden>−1</span><input value="−5" readonly>', '<span style="display:none">−1</span>−5',
    '−1<img src=x alt="−5">', '<span class="x">−1</span>', "<del>−1</del>", '<abbr title="t" class="x">−1</abbr>',
    "−1<br>", '<a href="#x">−1</a>',
])
def test_a_cell_whose_markup_may_show_other_than_its_text_is_refused(cell: str) -> None:
    """A hidden −1 beside an input showing −5 made readers see −5 in a checked table, where the
    check read −1: a checked cell holds its text, in emphasis or code at most."""
    found = problems(ATTACKER_FR.replace("| ébloui | −1 | −1 |", f"| ébloui | {cell} | −1 |"))
    assert len(found) == 1 and "holds markup" in found[0] and "row `ébloui`, column `Contact`" in found[0], found


@pytest.mark.parametrize("cell", ["**−1**", "*−1*", "`−1`", "<b>−1</b>", "<em>−1</em>",
                                  '<abbr title="moins un">−1</abbr>', "<strong><code>−1</code></strong>"])
def test_a_cell_in_emphasis_or_code_is_read_as_its_text(cell: str) -> None:
    assert problems(ATTACKER_FR.replace("| ébloui | −1 | −1 |", f"| ébloui | {cell} | −1 |")) == []
