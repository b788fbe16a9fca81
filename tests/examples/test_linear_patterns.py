"""Bounded cost: every pattern applied to page text runs in linear time, every input is read
with a size limit.

Each pathological input runs in a child process under a time limit (a test-level timeout): one
that backtracks does not finish in minutes, one that is linear finishes in a fraction of a
second. The limit is generous so that a loaded machine never fails a linear pattern.
"""

from __future__ import annotations

import multiprocessing
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rulecheck.engine.cards import _ATTACK, parse_card
from rulecheck.engine.dice import _TOKEN, NOTATION_PATTERN, DiceExpr
from rulecheck.examples import pages, schema, tables, update
from rulecheck.examples.check import check_page, find_snippets
from rulecheck.examples.element_ids import element_ids, ids_in_markdown, ids_written_at
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.headings import heading_lines, page_headings
from rulecheck.examples.made_ids import MadeIds
from rulecheck.examples.raw_tags import start_tags
from rulecheck.examples.references import check_references, find_lookalikes, find_references
from rulecheck.examples.shown_cards import check_shown_cards
from rulecheck.examples.titles import check_titles
from rulecheck.hosts.glossary import ABBREVIATION
from rulecheck.hosts.i18n_search import CONFIG_SCRIPT
from rulecheck.hosts.offline_site import HREFLANG_LINK
from rulecheck.hosts.print_edition import double_quoted, prefixed
from rulecheck.hosts.typography import french_spacing, unit_spacing
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, cli, mkdocs_build

LIMIT = 20  # seconds; a linear pass over these inputs takes well under one
N = 100_000


def finishes_within(seconds: float, function: Callable[[Any], object], argument: Any) -> None:
    """Run ``function(argument)`` in a forked child; fail the test if it is still running after ``seconds``."""
    child = multiprocessing.get_context("fork").Process(target=function, args=(argument,))
    child.start()
    child.join(seconds)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail(f"still running after {seconds} s: the pattern backtracks on this input")
    assert child.exitcode == 0, f"the child failed (exit status {child.exitcode})"


def _pattern(pattern: re.Pattern[str] | str, how: str = "search") -> Callable[[str], object]:
    compiled = re.compile(pattern) if isinstance(pattern, str) else pattern
    return getattr(compiled, how)  # type: ignore[no-any-return]


def _made(text: str) -> object:
    return page_headings(text, MadeIds())


def _tags(text: str) -> object:
    return list(start_tags(text))


def _card(text: str) -> object:
    try:
        return parse_card(text)
    except Exception:  # a refusal is fine: only the time matters here
        return None


def _dice(text: str) -> object:
    try:
        return DiceExpr.parse(text)
    except Exception:  # likewise
        return None


PATHOLOGICAL: dict[str, tuple[Callable[[str], object], str]] = {
    # The two of the issue: a fence opener of spaces ending in a backtick, lines of tildes.
    "fence opener, spaces then a backtick": (find_blocks, "```" + " " * N + "`"),
    "references, lines of one tilde": (find_references, "~\n" * N),
    "references, lines of three tildes": (find_references, "~~~\n" * (N // 4)),
    "references, backtick runs of growing length": (find_references, "".join("`" * k + " x " for k in range(1, 450))),
    "references, open braces then spaces": (find_references, "{{ " * (N // 3)),
    "references, a long field name": (find_references, "{{ a." + "a" * N),
    "lookalikes, open braces": (find_lookalikes, "{{" * N),
    "lookalikes, open braces then spaces": (find_lookalikes, "{{ " * (N // 3)),
    "lookalikes, never closed, one per line": (find_lookalikes, "{{ a.b\n" * (N // 7)),
    "references in one link's address": (lambda text: check_references("p.md", text, []),
                                         "[x](" + "{{ a.b }}" * (N // 9)),
    "references after many links": (lambda text: check_references("p.md", text, []), "](" * N + "{{ a.b }}" * 1000),
    "shown cards, tags never closed": (lambda text: check_shown_cards("p.md", text), "<a class=rc-" * (N // 12)),
    "shown cards, comments never closed": (lambda text: check_shown_cards("p.md", text),
                                           "<!--" * N + "\n```rulecheck\nid: x\n```\n" * 100),
    "raw tags, spaces never closed": (lambda text: list(start_tags(text)), "<a" + " " * N),
    "raw tags, attributes never closed": (lambda text: list(start_tags(text)), "<a " + "b=c " * (N // 4)),
    "raw tags, open quotes": (lambda text: list(start_tags(text)), '<a b="' * (N // 6)),
    "raw tags, quoted angle brackets": (lambda text: list(start_tags(text)), '<a b=">' * (N // 7) + '"'),
    "raw tags, equals and slashes": (lambda text: list(start_tags(text)), "<a" + " =/" * (N // 3)),
    # a bare value and the `/` between attributes each read `b/c=` two ways (a twenty-fourth hostile
    # round: 26 of them took 30 s, each one more doubling it), `a/` a quadratic variant
    "raw tags, bare values of slashes and equals": (
        lambda text: list(start_tags(text)), "Text <a x=" + "b/c=" * 40 + ' ="\n<a x=' + "b/c=" * (N // 4) + ' ="'),
    "raw tags, a bare value of slashes": (lambda text: list(start_tags(text)), "<a x=" + "a/" * (N // 2) + ' ="'),
    "raw tags, attributes with no space between": (lambda text: list(start_tags(text)),
                                                   '<a b="x"' * (N // 8) + 'c=" ='),
    # each start's bare value opens the next start, and each start read in full ran to the page's end
    # (a twenty-fifth hostile round: 80 KB took 43 s; 400 KB, as here, some minutes); with quotes, names of
    # quotes, slashes between
    "raw tags, each start a bare value of the one before": (_tags, "<a y=" * (4 * N // 5)),
    "raw tags, starts in bare values after quoted ones": (_tags, "<a y='x'z=" * (4 * N // 10)),
    "raw tags, starts in names of quotes": (_tags, '<a "y"' * (N // 6)),
    "raw tags, starts after slashes": (_tags, "<a/y=" * (4 * N // 5)),
    "raw tags, starts in open quotes then bare values": (_tags, '<a x="' + "<a y=" * (4 * N // 5)),
    "shown cards, starts in bare values": (lambda text: check_shown_cards("p.md", text),
                                           "<a class=rc-card y=" * (4 * N // 19)),
    "references, starts in bare values": (lambda text: check_references("p.md", text, []),
                                          "<a y=" * (4 * N // 5) + "{{ a.b }}" * 1000),
    "ids of a built page, starts in bare values": (element_ids, "<a id=" * (4 * N // 6)),
    # the check's reading of a page's element ids: comments blanked one by one, tags in quoted values
    "ids of a page's Markdown, many comments": (ids_in_markdown, "<!-- -->" * (2 * N)),
    "ids of a page's Markdown, tags in quoted values": (ids_in_markdown, '<i@ t="<b id=x>">\n' * (N // 18)),
    "ids of a page's Markdown, starts in bare values": (ids_in_markdown, "<a id=" * (4 * N // 6)),
    # attribute lists never closed: after inline elements, in a table row, on a definition's term
    "ids of a page's Markdown, attribute lists never closed": (ids_in_markdown, "*{: #a" * (N // 6)),
    "ids of a page's Markdown, a table row of lists never closed": (ids_in_markdown, "| " + " {#a" * (N // 4)),
    "ids of a page's Markdown, a term of lists never closed": (ids_in_markdown, "x" + " {#a" * (N // 4) + "\n: d"),
    "ids of a page's Markdown, lists on lines of spaces": (ids_in_markdown, ("x\n" + " " * 1000 + "{#a\n") * 100),
    # each list on a line of its own reads the line before it: found by index, not searched back
    "ids of a page's Markdown, lists on their own lines, a page of \\r": (ids_in_markdown, "a\r{: #x }\r\r" * (N // 2)),
    "ids of a page's Markdown, lists after long lines": (ids_in_markdown, ("x" * 5000 + "\n{: #x }\n\n") * (N // 500)),
    # the lines around a list read as Markdown's blocks (rulecheck/examples/line_blocks.py), on lines of spaces
    "ids of a page's Markdown, a table's separator of spaces": (ids_in_markdown, "a | b\n-" + " " * N + "x\n\nA {x}\n"),
    "ids of a page's Markdown, an opener of spaces above a list": (ids_in_markdown, "!!! a" + " " * N + "!\n{: #x }\n"),
    "ids of a page's Markdown, a reference of spaces above a list": (ids_in_markdown,
                                                                     "[r]: a" + " " * N + "b c\n{: #x }"),
    "ids of a page's Markdown, a rule of spaces above a list": (ids_in_markdown, "p\n-" + " " * N + "-\n{: #x }\n"),
    "ids of a page's Markdown, terms of spaces": (ids_in_markdown, ("T" + " " * 1000 + "{#a\n") * 100 + ":  d\n"),
    "ids written in a page, attribute lists never closed": (ids_written_at, "`{#a" * (N // 4)),
    "ids of a page's Markdown, links' ends after no link": (ids_in_markdown, "x){#a" * (N // 5)),
    "ids of a page's Markdown, emphases' ends after no opener": (ids_in_markdown, "x*{#a" * (N // 5)),
    # the id a heading's text makes, read as Markdown renders it: comments, brackets and tags never closed
    "made ids, comments never closed": (_made, "## a " + "<!--" * (N // 4)),
    "made ids, brackets never closed": (_made, "## a " + "[" * N),
    "made ids, links never closed": (_made, "## a " + "[a](" * (N // 4)),
    "made ids, attribute lists never closed": (_made, "## x" + " {:}" * (N // 4) + "\n"),
    "print edition, starts in bare values": (lambda text: prefixed(double_quoted(text), "pg", set()),
                                             "<a y=" * (4 * N // 5)),
    "print edition, bare values of slashes and equals": (
        lambda text: prefixed(double_quoted(text), "pg", set()), "<a x=" + "b/c=" * (N // 4) + ' ="' * 3),
    "print edition, attributes with no space between": (
        lambda text: prefixed(double_quoted(text), "pg", set()), '<a b="x"' * (N // 8) + "c='" * 3),
    "references, raw-text elements never closed": (lambda text: check_references("p.md", text, []),
                                                   "<script>" * (N // 8) + "{{ a.b }}" * 1000),
    "references, comments never closed": (lambda text: check_references("p.md", text, []),
                                          "<!--" * (N // 4) + "{{ a.b }}" * 1000),
    "references, one line of many": (lambda text: check_references("p.md", text, []), "x {{ a.b }}" * (N // 11)),
    "references, one line of many after a long one": (lambda text: check_references("p.md", text, []),
                                                      "x" * N + " {{ a.b }}" * (N // 10)),
    "references, attribute lists never closed": (lambda text: check_references("p.md", text, []),
                                                 "{: a=" * (N // 5) + "{{ a.b }}" * 1000),
    "finder, nested quote prefixes": (find_blocks, "> " * N + "```rulecheck\n" + "> " * N + "x\n"),
    "finder, options header": (find_blocks, "```yaml " + 'a="x" ' * (N // 6)),
    "finder, many unclosed openers": (find_blocks, "```rulecheck\n" * (N // 13) + "````\n"),
    "titles, lines of underlines": (lambda text: check_titles("p.md", text), "=\n" * N),
    "titles, lines of underlines, no line break before": (lambda text: check_titles("p.md", text), "x" * N + "\n-" * N),
    "titles, hashes": (lambda text: check_titles("p.md", text), "#" * N + "\n" + "# x\n" * N),
    "titles, heading tags never closed": (lambda text: check_titles("p.md", text), "<h1>" * N),
    "titles, heading tags then one close": (lambda text: check_titles("p.md", text), "<h1 " * N + "></h1>"),
    "whole page check": (lambda text: check_page("page.md", text), "```" + " " * N + "`\n" + "~\n" * N),
    "tables, a marker never closed": (lambda text: tables.check_tables("p.md", text, "fr"),
                                      "<!-- rulecheck-table: " + "x" * N),
    "tables, a row of bars": (lambda text: tables.check_tables("p.md", text, "fr"), "|" * N + "\n"),
    "snippets, dashes around 8<": (find_snippets, "-" * N + "8<" + "-" * N),
    "written id, spaces": (schema.written_id, "id: " + " " * N + "!"),
    "update, line ends": (update._split_keep_ends, "\r" * N),
    "typography, tags never closed": (french_spacing, "<" * N),
    "typography, digits and blanks before no unit": (unit_spacing, "1 " * (N // 2) + "1" + " " * N + "x"),
    "typography, French, blanks before no unit": (french_spacing, "1" + " " * N + "x" + " m" * (N // 2)),
    "offline, spaces before no link": (lambda text: HREFLANG_LINK.sub("", text), " " * N),
    "anchors, heading ids": (heading_lines, "# " + "{ #a" * (N // 4)),
    "anchors, a heading's braces": (heading_lines, "## x " + "{" * N + "}"),
    "anchors, quote prefixes": (heading_lines, "> " * N + "## x { #a }"),
    "anchors, containers each deeper": (heading_lines, "".join("    " * i + "!!! n\n" for i in range(300)) * 2),
    "anchors, containers opened": (heading_lines, "- x\n" * (N // 4)),
    "anchors, raw blocks never closed": (heading_lines, "<div>\n" * (N // 6)),
    "anchors, underlines": (heading_lines, "x { #a }\n" + "-\n" * (N // 2)),
    "glossary, abbreviations": (_pattern(ABBREVIATION, "findall"), "*[" + "a" * N),
    "search config script": (_pattern(CONFIG_SCRIPT), '<script id="__config" type="application/json">' * 2000),
    "card attack, spaces": (_pattern(_ATTACK, "match"), "PHY(" + " " * N + "x"),
    "card attack, words": (_pattern(_ATTACK, "match"), "PHY(" + " x" * N + " )z"),
    "card line": (_card, "Nom | C - A - PHY(" + " " * 150 + "x"),
    "dice notation pattern": (_pattern(NOTATION_PATTERN, "match"), "1" + "+1" * N + "!"),
    "dice tokens, as the parser reads them": (_pattern(_TOKEN, "match"), " " * N + "!"),
    "dice notation, spaces": (_dice, "1d6 +" + " " * N + "!"),
    "dice notation": (_dice, "1d6" + "+1" * 2000 + " !"),
}


@pytest.mark.parametrize("name", sorted(PATHOLOGICAL))
def test_each_pattern_on_page_text_is_linear_on_its_pathological_input(name: str) -> None:
    function, text = PATHOLOGICAL[name]
    finishes_within(LIMIT, function, text)


# --- Inputs read with a size limit ------------------------------------------------------------------


def test_run_of_an_endless_file_is_refused_with_a_clear_error() -> None:
    result = cli(Path.cwd(), "run", "/dev/zero")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.output.strip() == "/dev/zero:1: cannot read the example: a device, not a regular file"


def test_check_of_an_endless_file_is_a_located_problem(tmp_path: Path) -> None:
    (tmp_path / "zero.md").symlink_to("/dev/zero")  # a page by its name, endless by what it is
    result = cli(tmp_path, "check", "zero.md")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == "zero.md:1: cannot read page: a device, not a regular file"
    assert cli(tmp_path, "check", "/dev/zero").exit_code == 2  # no page by its name


@pytest.mark.parametrize("command", ["run", "check"])
def test_a_file_over_the_size_limit_is_refused_with_a_clear_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    monkeypatch.setattr(pages, "MAX_PAGE_BYTES", 1000)
    (tmp_path / "big.md").write_text("# Page\n\n" + "Texte. " * 200, encoding="utf-8")
    result = cli(tmp_path, command, "big.md")
    assert result.exit_code == 1 and "Traceback" not in result.output
    said = "cannot read the example" if command == "run" else "cannot read page"
    assert result.output.splitlines()[0] == (f"big.md:1: {said}: more than 1,000 bytes, the most rulecheck "
                                             "reads from one file")


def test_an_oversized_page_fails_the_build_and_pytest_located(tmp_path: Path, pytester: pytest.Pytester,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "MAX_PAGE_BYTES", 1000)
    monkeypatch.setattr(pages.read_bounded, "__defaults__", (1000,))
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text("# Page\n\n" + "Texte. " * 200, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    line = "docs/page.md:1: cannot read page: more than 1,000 bytes, the most rulecheck reads from one file"
    assert line in cli(tmp_path, "check", "docs").output.splitlines()
    from mkdocs.exceptions import Abort

    with capture_logs("mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(tmp_path)
    assert line in logs.text.splitlines()
    shutil.copytree(tmp_path / "docs", pytester.path / "docs")
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "docs")
    assert line in result.stdout.str().splitlines()
