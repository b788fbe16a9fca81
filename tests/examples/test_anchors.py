"""A card's anchor is its own: a heading or an element taking `ex-<id>` is a located problem
(``rulecheck/examples/anchors.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.cast import MARKER, load_cast
from rulecheck.examples.check import check_page

CARD = ("```rulecheck\nid: zz-one\nrule: attack\ngiven:\n  attacker: {name: the rogue, level: 1}\n"
        "  defender: {name: the guard, def_phy: 15}\n  attack: {kind: melee, total: 20, damage: 1d4}\n"
        "dice:\n  damage: [2]\nexpect:\n  outcome: hit\n```\n")


@pytest.mark.parametrize("taker", [
    "## Heading { #ex-zz-one }", "## Heading {: #ex-zz-one .note }", "### Ex zz one", "## Ex: zz one! ##",
    '<div id="ex-zz-one">x</div>', "<span id='ex-zz-one'></span>", "<a id=ex-zz-one></a>",
    "> ## Ex zz one",
    # Headings as Markdown reads them (a nineteenth hostile round): no space after the hashes,
    # setext, an id written key=value.
    "##Ex zz one", "#Ex zz one #", "Ex zz one\n---", "Ex zz one\n===", "## Heading { id=ex-zz-one }",
    # an id as the browser reads it (a twenty-fifth hostile round): in any case, after a `/`, a quote
    '<div ID="ex-zz-one"></div>', '<div/id="ex-zz-one"></div>', '<div/Id=ex-zz-one></div>',
    '<div "x" id="ex-zz-one"></div>', '<div =x iD=\'ex-zz-one\'></div>',
])
@pytest.mark.parametrize("after", [False, True])
def test_a_heading_or_element_taking_a_card_s_id_is_a_located_problem(taker: str, after: bool) -> None:
    text = "# Page\n\n" + (CARD + "\n" + taker + "\n" if after else taker + "\n\n" + CARD)
    problems = [p for p in check_page("docs/en/page.md", text, odds=False).problems if p.kind == "anchor"]
    line = text.splitlines().index(taker.splitlines()[0]) + 1
    assert [(p.line, p.example_id) for p in problems] == [(line, "zz-one")]
    assert "`ex-zz-one`" in problems[0].message and "two elements of one id" in problems[0].message


@pytest.mark.parametrize("other", [
    "## Heading { #ex-zz-two }", "## Zz one", "`## Ex zz one`", "```\n## Ex zz one\n```", '<div id="zz-one">x</div>',
    "## Ex zz one two",
])
def test_another_id_or_code_is_no_problem(other: str) -> None:
    text = "# Page\n\n" + other + "\n\n" + CARD
    assert [p for p in check_page("docs/en/page.md", text, odds=False).problems if p.kind == "anchor"] == []


@pytest.mark.parametrize("taker", ["## Notes { #cast-elara }", "## Cast elara", "Cast elara\n---",
                                   '<span id="cast-elara"></span>'])
@pytest.mark.parametrize("listed", [True, False])
def test_on_the_page_listing_the_cast_a_heading_taking_a_member_s_id_is_a_located_problem(
        taker: str, listed: bool) -> None:
    """The cast page gives each member the id ``cast-<member>``, which every card's cast line links
    to: a heading of that page taking it sent those links to the heading."""
    cast = load_cast(Path(__file__).resolve().parents[2] / "docs" / "cast.yml", "docs/cast.yml")
    text = "# Cast\n\n" + taker + "\n\nText.\n\n" + (MARKER + "\n" if listed else "")
    problems = [p for p in check_page("docs/en/cast.md", text, odds=False, cast=cast).problems if p.kind == "anchor"]
    if not listed:
        assert problems == []  # elsewhere the id is the author's to give
        return
    assert [p.line for p in problems] == [3] and "`cast-elara`" in problems[0].message
    assert "cast member `elara`" in problems[0].message


MAP_CARD = ("```rulecheck\nid: zz-map\nrule: positions\ngiven:\n  attack: ranged\n  grid:\n    map: |\n"
            "      A . # . D\nexpect:\n  cover: normal\n```\n")


@pytest.mark.parametrize("taker", [
    "## Rcm zz map w", "## Rcm zz map t", "### Rcm zz map a", "Rcm zz map d\n---", "##Rcm zz map x",
    "## Walls { #rcm-zz-map-w }", '<div id="rcm-zz-map-t">x</div>', "<span id='rcm-other-h'></span>",
    "## Heading { id=rcm-anything }",
])
@pytest.mark.parametrize("after", [False, True])
def test_a_heading_or_element_taking_an_id_of_the_maps_is_a_located_problem(taker: str, after: bool) -> None:
    """A battle map's wall pattern, title and description are ``rcm-<example>-…`` (a twenty-first
    hostile round: a heading « Rcm zz map w » took the wall pattern, and the map drew no wall
    under a card saying "normal cover"). Every id starting ``rcm-`` is the maps'."""
    text = "# Page\n\n" + (MAP_CARD + "\n" + taker + "\n" if after else taker + "\n\n" + MAP_CARD)
    problems = [p for p in check_page("docs/en/page.md", text, odds=False).problems if p.kind == "anchor"]
    line = text.splitlines().index(taker.splitlines()[0]) + 1
    assert [p.line for p in problems] == [line] and "battle maps' own" in problems[0].message


@pytest.mark.parametrize("other", ["## Rcm", "## Rcmzz map", "## Arcm zz", "`## Rcm zz map w`",
                                   '<div id="rcmx-1">x</div>'])
def test_an_id_only_near_the_maps_prefix_is_no_problem(other: str) -> None:
    text = "# Page\n\n" + other + "\n\n" + MAP_CARD
    assert [p for p in check_page("docs/en/page.md", text, odds=False).problems if p.kind == "anchor"] == []
