"""The glossary's abbreviations become the tooltips of every page that uses them; a glossary an
author broke (bytes that are not UTF-8, a FIFO, a folder, a file too big to read) gives no
tooltips and never stops the build with a traceback: the check reports that page at its own
place, as any page. A glossary of thousands of abbreviations costs a page only those it uses."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import markdown as python_markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.examples import pages
from rulecheck.examples.references import mask_code
from rulecheck.examples.snippets import snippet_texts
from rulecheck.hosts.glossary import (
    abbreviations,
    join_broken_abbreviations,
    parse_glossary,
    read_glossary,
    separate_definitions,
    terms_used,
)
from tests.conftest import ROOT, examples

PAGE = "The Def\nPHY of an orc, its HP.\n"
GLOSSARY = "# Glossary\n\n*[Def PHY]: Physical defence\n*[HP]: Hit points\n*[MP]: Magic points\n"
#: The site's Markdown extensions that read or write a page's text (mkdocs.yml; the fences and
#: snippets, configured there, leave the text as it is).
EXTENSIONS = ["abbr", "admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables", "toc",
              "pymdownx.details", "pymdownx.tabbed"]


def append_abbreviations(markdown: str, glossary: Path) -> str:
    """What the plugin does to a page with the glossary at ``glossary``: the broken terms joined,
    the definitions of those it uses put before it."""
    found = read_glossary(glossary)
    return found.with_used(found.join_broken(markdown))


def test_a_glossary_s_abbreviations_are_given_and_broken_terms_joined(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary.md"
    glossary.write_text(GLOSSARY, "utf-8")
    shown = append_abbreviations(PAGE, glossary)
    assert shown.startswith("*[Def PHY]: Physical defence\n\n*[HP]: Hit points\n\n"), "MP is not used"
    assert shown.endswith("The Def PHY of an orc, its HP.\n")
    glossary.write_bytes(("\ufeff" + GLOSSARY.replace("\n", "\r\n")).encode())  # a BOM and CRLF: read as any page
    assert append_abbreviations(PAGE, glossary) == shown


@pytest.mark.parametrize("broken", ["not-utf8", "fifo", "folder", "missing", "too-big", "symlink-to-fifo"])
def test_a_glossary_that_cannot_be_read_gives_no_tooltips_and_no_traceback(tmp_path: Path, broken: str) -> None:
    glossary = tmp_path / "glossary.md"
    if broken == "not-utf8":
        glossary.write_bytes(GLOSSARY.encode() + b"\xff\xfe*[X]: y\n")
    elif broken == "fifo":
        os.mkfifo(glossary)  # never waited on
    elif broken == "folder":
        glossary.mkdir()
    elif broken == "too-big":
        glossary.write_text(GLOSSARY * (pages.MAX_PAGE_BYTES // len(GLOSSARY) + 1), "utf-8")
    elif broken == "symlink-to-fifo":
        os.mkfifo(tmp_path / "pipe")
        glossary.symlink_to(tmp_path / "pipe")
    assert append_abbreviations(PAGE, glossary) == PAGE


# --- Only the abbreviations a page uses ------------------------------------------------------------

#: Terms as glossaries write them: several words, dotted, accented, of one letter, starting or
#: ending with a mark, with an underscore, a word Markdown writes itself (an admonition's title).
TERMS = ["Def PHY", "Def MAG", "Déf. PHY", "PV", "PM", "M", "A", "MA", "É", "1d20", "d20", "x_y", ".NET", "C++",
         "§", "(b)", "PHY", "Note", "Danger", "ÉTÉ", "Def PHY bonus"]
#: What pages are made of around them: the terms again, inside longer words, in other cases, in
#: emphasis, code, links and escapes, at line ends, in admonitions, tables, headings, footnotes.
PIECES = ["Def", "PHY", "PHYS", "Def PHY", "Def\nPHY", "Déf.", "Déf. PHY", "PV", "PVs", "pv", "xPV", "M", "MA", "Ma",
          "A", "Ä", "É", "É.", "été", "ÉTÉ", "1d20", "2d20", "d20", "d200", "x_y", "_PV_", "__Def PHY__", "*PV*",
          "**M**", ".NET", "a.NET", "C++", "xC++y", "§", "x§y", "(b)", "a(b)c", "`PV`", "[PV](u)", "&amp;PV", "\\*A",
          "<b>PV</b>", "# ", "| PV |", "- ", "1. ", "!!! note\n", "??? danger\n", '!!! warning "PV"\n', "Note",
          "    PV", "\n", "\n\n", " ", ",", "[^1]", "\n\n[^1]: PV\n", "*[PV]: own\n"]


def _glossary_of(terms: list[str]) -> str:
    return "# Glossary\n\n" + "\n".join(f"*[{term}]: what {term} means" for term in terms) + "\n"


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=16).map("".join),
       st.lists(st.sampled_from(TERMS), min_size=1, max_size=len(TERMS), unique=True))
def test_a_page_renders_the_same_with_only_the_abbreviations_it_uses(text: str, terms: list[str]) -> None:
    """The page with its glossary's terms appended as before (all of them, one block) and with
    those the one pass found: the same HTML, so every term the ``abbr`` extension applies was
    found; and each term found is one the extension's own pattern matches in the page's text."""
    glossary = _glossary_of(terms)
    every = text + "\n\n" + "\n".join(abbreviations(glossary)) + "\n"
    used = parse_glossary(glossary).with_used(text)
    assert python_markdown.markdown(used, extensions=EXTENSIONS) == \
        python_markdown.markdown(every, extensions=EXTENSIONS)
    found = terms_used(text, parse_glossary(glossary).terms)
    as_markdown_reads_it = [text, re.sub(r"\b_+|_+\b", " ", text), *(title.capitalize() for title in
                                                                       re.findall(r"(?:!!!|\?\?\?) (\w+)", text))]
    for term in found:
        assert any(re.search(rf"\b{re.escape(term)}\b", seen) for seen in as_markdown_reads_it), term


@pytest.mark.parametrize(("text", "used"), [
    ("PV at the start", {"PV"}), ("at the end PV", {"PV"}), ("PVs, xPV, pv: none", set()),
    ("Déf. PHY, dotted", {"Déf. PHY", "PHY"}), ("Déf.PHY is not it", {"PHY"}), ("Def PHY bonus", {"Def PHY",
     "Def PHY bonus", "PHY"}), ("a.NET, not .NET", {".NET"}), ("ÉTÉ and É", {"ÉTÉ", "É"}), ("été", set()),
    ("__Def PHY__ in bold", {"Def PHY", "PHY"}), ("x_y but not _x_y_z", {"x_y"}), ("!!! note\n    Text.", {"Note"}),
])
def test_the_terms_a_page_uses_are_found_as_the_abbr_extension_matches_them(text: str, used: set[str]) -> None:
    assert terms_used(text, parse_glossary(_glossary_of(TERMS)).terms) == used


def _hostile_glossary(extra: int) -> str:
    real = (ROOT / "docs" / "fr" / "glossary.md").read_text("utf-8")
    return real + "".join(f"*[ZQ{number}]: une abréviation que nulle page n'emploie\n" for number in range(extra))


@pytest.mark.parametrize("page", ["attack", "modifiers", "cast", "index"])
def test_three_thousand_unused_abbreviations_add_nothing_to_a_page(page: str) -> None:
    """Work counted, not timed: what Markdown is given for a page is the same with 3,000 more
    abbreviations in the glossary (an outside tester's glossary made a build take 436 s)."""
    text = (ROOT / "docs" / "fr" / f"{page}.md").read_text("utf-8")
    real = parse_glossary(_hostile_glossary(0))
    hostile = parse_glossary(_hostile_glossary(3000))
    assert len(hostile.definitions) == len(real.definitions) + 3000
    assert hostile.with_used(hostile.join_broken(text)) == real.with_used(real.join_broken(text))


def test_the_glossary_page_s_own_definitions_are_each_a_block() -> None:
    """Work counted: Python-Markdown reads a block of n definitions in time n²; the glossary page
    holding 3,000 more is given to it as one definition a block, which renders the same HTML."""
    hostile = _hostile_glossary(3000)
    blocks = separate_definitions(hostile).split("\n\n")
    assert max(len(abbreviations(block)) for block in blocks) == 1
    assert sum(len(abbreviations(block)) for block in blocks) == len(abbreviations(hostile))
    real = _hostile_glossary(0)
    assert python_markdown.markdown(separate_definitions(real), extensions=EXTENSIONS) == \
        python_markdown.markdown(real, extensions=EXTENSIONS)


@pytest.mark.parametrize("text", [
    "```\n*[A]: a\n*[B]: b\n```\n",  # in code: what it shows
    "- item\n*[A]: a\n*[B]: b\n",  # the lazy lines of a list item
    "> quote\n*[A]: a\n*[B]: b\n",
    "Text\n*[A]: a\n*[B]: b\n",
    "*[A]:\n*[B]: b\n",  # no title: the next line is its title
])
def test_definitions_that_go_on_another_block_are_left_as_they_are(text: str) -> None:
    assert separate_definitions(text) == text


def test_lines_the_abbr_extension_does_not_read_as_definitions_are_not_abbreviations() -> None:
    glossary = "*[PV]: Points de vie\n*[PM]:   \n*[a\\b]: backslash\n*[  ]: no term\n*[ DD ]: Degré\n"
    assert abbreviations(glossary) == ["*[PV]: Points de vie", "*[ DD ]: Degré"]
    assert [term for term, _ in parse_glossary(glossary).definitions] == ["PV", "DD"]


def test_the_terms_of_a_snippet_s_text_are_used_too(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "outer.md").write_text('Outer.\n\n--8<-- "parts/inner.md"\n', "utf-8")
    (tmp_path / "parts" / "inner.md").write_text("Inner PV.\n", "utf-8")
    page = '# Page\n\n--8<-- "parts/outer.md"\n'
    texts = snippet_texts(page, tmp_path / "docs" / "page.md", tmp_path)
    assert texts == ['Outer.\n\n--8<-- "parts/inner.md"\n', "Inner PV.\n"]
    glossary = parse_glossary("*[PV]: Points de vie\n*[PM]: Points de magie\n")
    assert glossary.with_used(page) == page
    assert glossary.with_used(page, texts) == "*[PV]: Points de vie\n\n" + page


# --- Terms broken across lines ---------------------------------------------------------------------

def _joined_by_one_pattern(markdown: str, terms: list[str]) -> str:
    """How the terms were joined before: one regular expression of every term over the prose."""
    spaced = [term.split() for term in terms if len(term.split()) > 1]
    broken = re.compile("|".join(
        r"(?<![\w-])" + r"(?:[ \t]*\n[ \t]*|[ \t]+)".join(map(re.escape, words)) + r"(?![\w-])" for words in spaced))
    pieces, last = [], 0
    for match in broken.finditer(mask_code(markdown)):
        pieces += [markdown[last:match.start()], " ".join(match.group(0).split())]
        last = match.end()
    return "".join([*pieces, markdown[last:]])


SPACED_TERMS = ["Def PHY", "Def MAG", "Déf. PHY", "Def PHY bonus", "PHY bonus", "a b c", "b c", "x-y z", "É é", "a  b"]
JOIN_PIECES = ["Def", "PHY", "MAG", "Déf", ".", "bonus", "a", "b", "c", "x", "-", "y", "z", "É", "é", "Undef", "_",
               "(", ",", " ", "  ", "\n", " \n  ", "\t", "\n\n", " \n \n", "\n```\n", "\u00a0"]


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(JOIN_PIECES), min_size=1, max_size=24).map("".join),
       st.lists(st.sampled_from(SPACED_TERMS), min_size=1, max_size=len(SPACED_TERMS), unique=True))
def test_broken_terms_are_joined_where_one_pattern_of_every_term_joined_them(text: str, terms: list[str]) -> None:
    """One pass over the prose's pieces joins the places one regular expression of all the terms
    joined (its cost: the page's length times the number of terms of several words)."""
    assert join_broken_abbreviations(text, terms) == _joined_by_one_pattern(text, terms)


def test_code_between_the_words_of_a_term_is_kept() -> None:
    """The old pattern read the prose with code blanked to spaces, and joined ``Def `x` PHY`` into
    ``Def PHY``: the code span was lost."""
    for text in ["Def `x` PHY", "Def `x`\nPHY", "Def\n`` x ``\nPHY"]:
        assert join_broken_abbreviations(text, ["Def PHY"]) == text


def test_three_thousand_unused_terms_of_several_words_join_nothing() -> None:
    text = (ROOT / "docs" / "fr" / "attack.md").read_text("utf-8")
    terms = [f"ZQ{number} PHY" for number in range(3000)]
    assert join_broken_abbreviations(text, [*terms, "Def PHY"]) == join_broken_abbreviations(text, ["Def PHY"])


# --- The built site ---------------------------------------------------------------------------------

@pytest.mark.build
def test_a_glossary_of_three_thousand_unused_abbreviations_builds_the_same_site(
        site_copy: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = site_copy(pages=("attack",))
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    build(load_config(str(site / "mkdocs.yml"), site_dir=str(site / "plain")))
    glossary = site / "docs" / "fr" / "glossary.md"
    glossary.write_text(_hostile_glossary(3000), "utf-8")
    build(load_config(str(site / "mkdocs.yml"), site_dir=str(site / "hostile")))
    built = {path.relative_to(site / "plain") for path in (site / "plain").rglob("*") if path.is_file()}
    assert built == {path.relative_to(site / "hostile") for path in (site / "hostile").rglob("*") if path.is_file()}
    assert [path for path in sorted(built)
            if (site / "plain" / path).read_bytes() != (site / "hostile" / path).read_bytes()] == []
    assert '<abbr title="Force">FOR</abbr>' in (site / "hostile" / "attack.html").read_text("utf-8")


@pytest.mark.build
@pytest.mark.parametrize("left_open", ['<div class="note">\nraw\n', "<details>\n<summary>More</summary>\n\nText\n",
                                       "<table>\n<tr><td>cell\n"])
def test_the_tooltips_of_a_page_ending_in_an_open_html_block_are_given_not_shown_as_text(
        site_copy: Callable[..., Path], monkeypatch: pytest.MonkeyPatch, left_open: str) -> None:
    """Definitions appended after a `<div>` left open were read as its HTML: `*[STR]: Strength` on the page."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = site_copy(pages=("attack",))
    for language in ("fr", "en"):
        page = site / "docs" / language / "attack.md"
        page.write_text(page.read_text("utf-8") + "\n" + left_open, "utf-8")
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    build(load_config(str(site / "mkdocs.yml"), site_dir=str(site / "built")))
    for built, term in (("attack.html", "FOR"), ("en/attack.html", "STR")):
        html = (site / "built" / built).read_text("utf-8")
        assert "*[" not in html and f'">{term}</abbr>' in html
