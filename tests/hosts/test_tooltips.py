"""Glossary tooltips on a page repeating its terms: the first uses of each term have one, the rest
are plain text, so a page's HTML grows with its text, not with its text times a definition
(:mod:`rulecheck.hosts.tooltips`)."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest

from rulecheck.hosts.tooltips import MAX_TOOLTIPS_PER_PAGE, MAX_TOOLTIPS_PER_TERM, BoundedTooltipsExtension
from tests.hosts.run_hosts import MKDOCS_YML, mkdocs_build

DEFINITION = "d" * 290 + " meaning"
ABBR = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')


def bounded(text: str) -> str:
    return markdown.markdown(text, extensions=["abbr", BoundedTooltipsExtension()])


def upstream(text: str) -> str:
    return markdown.markdown(text, extensions=["abbr"])


def plain(html: str) -> str:
    """The page's text: every ``<abbr>`` replaced by its term."""
    return ABBR.sub(lambda m: m[2], html)


@pytest.mark.parametrize("text", [
    "*[PV]: points de vie\n\nElara a 12 PV, puis 3 PV. PV!",
    "*[Def PHY]: défense physique\n*[PV]: points de vie\n\n# Def PHY et PV\n\n- *PV* et **Def PHY**\n"
    "- [PV](x.md) `PV` PV\n\n> Def PHY, Def PHYS, PV.\n\n| PV | Def PHY |\n|---|---|\n| PV | 1 |\n",
    "*[A]: a letter\n*[AB]: two\n\nA AB A-B A_B AB. A",
    "*[PV]: points\n\nPV " + "<b>PV</b> PV *x* " * 10,
])
def test_a_page_under_the_bounds_has_the_tooltips_the_abbr_extension_gives(text: str) -> None:
    assert bounded(text) == upstream(text)


@pytest.mark.parametrize("term", ["X", "PV", "Def PHY", "1d20", "Point de vie"])
@pytest.mark.parametrize("uses", [1, MAX_TOOLTIPS_PER_TERM, MAX_TOOLTIPS_PER_TERM + 1, 1000])
@pytest.mark.parametrize("separator", [" ", "\n", ", *x* ", " <span>y</span> ", "\n\n"])
def test_the_first_uses_of_a_term_have_a_tooltip_and_the_rest_are_text(term: str, uses: int, separator: str) -> None:
    text = f"*[{term}]: {DEFINITION}\n\nStart " + separator.join([term] * uses) + " end."
    html = bounded(text)
    tooltips = ABBR.findall(html)
    assert len(tooltips) == min(uses, MAX_TOOLTIPS_PER_TERM)
    assert all(found == (DEFINITION, term) for found in tooltips)
    assert plain(html) == plain(upstream(text))  # the same text, in the same order
    # the first uses: no use without a tooltip before the last tooltip
    last = html.rindex("</abbr>") + len("</abbr>")
    assert ABBR.sub("", html[:last]).count(term) == 0
    assert ABBR.sub("", html[last:]).count(term) == uses - len(tooltips)


def test_a_page_of_many_terms_has_at_most_so_many_tooltips_in_all() -> None:
    # Each definition a block of its own, as the build gives a page its glossary
    # (rulecheck.hosts.glossary.separate_definitions): Python-Markdown reads one block of n
    # definitions in time n², which is its cost, not the tooltips'.
    terms = [f"T{n}X" for n in range(3000)]
    text = "".join(f"*[{term}]: {DEFINITION}\n\n" for term in terms) + " ".join(terms * 3) + "\n"
    html = bounded(text)
    found = ABBR.findall(html)
    assert len(found) == MAX_TOOLTIPS_PER_PAGE
    assert [term for _, term in found] == terms[:MAX_TOOLTIPS_PER_PAGE]  # in reading order
    assert plain(html) == plain(upstream("".join(f"*[{t}]: x\n\n" for t in terms) + " ".join(terms * 3)))


@pytest.mark.parametrize("term", ["V", "PV", "Def PHY"])
def test_a_page_repeating_a_term_grows_with_its_text_not_with_its_definition(term: str) -> None:
    for uses in (10_000, 40_000):
        body = (term + " ") * uses
        html = bounded(f"*[{term}]: {DEFINITION}\n\n{body}\n")
        assert len(html) < len(body) + MAX_TOOLTIPS_PER_TERM * (len(DEFINITION) + 40) + 100


def test_without_the_abbr_extension_it_changes_nothing() -> None:
    text = "*[PV]: points\n\nPV PV\n"
    assert markdown.markdown(text, extensions=[BoundedTooltipsExtension()]) == markdown.markdown(text)


def test_a_built_page_repeating_a_glossary_term_has_the_first_uses_as_tooltips(tmp_path: Path) -> None:
    for language, term, uses in (("fr", "PV", 5000), ("en", "HP", 30)):
        (tmp_path / "docs" / language).mkdir(parents=True)
        (tmp_path / "docs" / language / "glossary.md").write_text(
            f"# Glossary\n\n*[{term}]: {DEFINITION}\n", "utf-8")
        (tmp_path / "docs" / language / "page.md").write_text(f"# Page\n\n{(term + ' ') * uses}\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML.replace("  - admonition\n", "  - admonition\n  - abbr\n"),
                                         "utf-8")
    mkdocs_build(tmp_path)
    for language, term, uses in (("fr", "PV", 5000), ("en", "HP", 30)):
        html = (tmp_path / "site" / language / "page" / "index.html").read_text("utf-8")
        assert len(ABBR.findall(html)) == min(uses, MAX_TOOLTIPS_PER_TERM)
        assert plain(html).count(term) >= uses
