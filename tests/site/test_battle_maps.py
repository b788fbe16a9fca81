"""Battle maps on the built site, in a real browser: every grid card of both languages shows its
SVG with its title, its lines match the card's result as the engine gave it, it fits a phone, and
its marks keep AA contrast in the light and the dark theme."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from rulecheck.examples import maps, render
from rulecheck.examples.check import check_paths
from rulecheck.examples.maps import LEAST_SQUARE_PX, SQUARE
from tests.site.browsing import PHONE, TWO_FRAMES, Tab
from tests.site.site_tools import ROOT

pytestmark = pytest.mark.browser

#: What the page shows of each map: its card, title, role, the lines it draws and its caption.
READ = """() => [...document.querySelectorAll('.rc-card')].filter(c => c.querySelector('figure.rc-map')).map(c => {
  const svg = c.querySelector('figure.rc-map svg');
  const count = selector => svg.querySelectorAll(selector).length;
  return {id: c.dataset.example, role: svg.getAttribute('role'), title: svg.querySelector('title').textContent,
          labelled: svg.getAttribute('aria-labelledby'), desc: svg.querySelector('desc').textContent,
          blocked: count('line.sight.cover.blocked'), clear: count('line.sight.cover.clear'),
          fog: count('line.sight.concealment.blocked'), flank: count('line.flank'), provoked: count('path.provoke'),
          caption: c.querySelector('.rc-map__result').textContent};
})"""
#: Computed colours of the marks of the first map holding each, and of what they stand on.
COLOURS = """() => {
  const rgb = (selector, property) => { const e = document.querySelector('.rc-map ' + selector);
    return e ? getComputedStyle(e)[property] : null; };
  return {board: rgb('.board', 'fill'), grid: rgb('.gridline', 'stroke'), wall: rgb('.wall-stone', 'fill'),
          clear: rgb('.sight.clear', 'stroke'), blocked: rgb('.sight.blocked', 'stroke'),
          attacker: rgb('.fig.attacker', 'fill'), attacker_label: rgb('.label.attacker', 'fill'),
          defender: rgb('.fig.defender', 'fill'), defender_label: rgb('.label.defender', 'fill'),
          defender_ring: rgb('.fig.defender', 'stroke'), flank: rgb('.flank', 'stroke'),
          attacker_halo: rgb('.label.attacker', 'stroke'), defender_halo: rgb('.label.defender', 'stroke'),
          halo_first: rgb('.label', 'paintOrder')};
}"""


def luminance(colour: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture(scope="module")
def engine() -> dict[str, dict[str, Any]]:
    """Each grid example's result, title and built page, by language and id, as the engine gives them."""
    report = check_paths([ROOT / "docs"], root=ROOT, odds=False)
    found: dict[str, dict[str, Any]] = {"fr": {}, "en": {}}
    for path, page in report.pages.items():
        language, name = path.split("/")[1], Path(path).with_suffix(".html").name
        for outcome in page.outcomes:
            if getattr(outcome.result, "battle_map", None) is not None and outcome.parsed is not None:
                built = name if language == "fr" else f"en/{name}"
                found[language][outcome.parsed.id] = (outcome.result, outcome.parsed.example.title, built)
    return found


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_grid_card_shows_its_map_and_its_lines_match_the_card_s_result(
        tab: Callable[..., Tab], engine: dict[str, dict[str, Any]], language: str) -> None:
    reader = tab()
    shown: list[dict[str, Any]] = []
    for page in sorted({built for _, _, built in engine[language].values()}):  # every page with a grid example
        reader.open(page)
        shown += reader.page.evaluate(READ)
    assert sorted(m["id"] for m in shown) == sorted(engine[language])  # every grid example, once
    title = "Plan de combat : " if language == "fr" else "Battle map: "
    for seen in shown:
        result, example_title, _ = engine[language][seen["id"]]
        drawn = result.battle_map
        spaced = re.sub(r"[\u00a0\u202f]", " ", seen["title"])  # the French pages' no-break spaces
        assert seen["role"] == "img" and spaced == title + (example_title or seen["id"]), seen
        assert seen["labelled"].split() == [f"rcm-{seen['id']}-t", f"rcm-{seen['id']}-d"] and seen["desc"]
        lines = [line for sighting in maps.sightings(drawn) if sighting.rule == "cover" for line in sighting.lines]
        assert (seen["blocked"], seen["clear"]) == (sum(x.blocked for x in lines), sum(not x.blocked for x in lines))
        if drawn.kind != "move":
            assert (seen["blocked"] == 0) == (result.cover == "none"), seen["id"]
            assert render.word(f"cover.{result.cover}", language) in seen["caption"], seen["id"]
        if drawn.kind == "melee":
            assert seen["flank"] == (1 if result.flanking else 0), seen["id"]
        if drawn.kind == "move":
            assert seen["provoked"] == result.opportunity_attacks, seen["id"]


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_a_map_keeps_aa_contrast_in_both_themes_and_fits_a_phone(tab: Callable[..., Tab], scheme: str) -> None:
    reader = tab(PHONE, phone=True)
    reader.open("en/modifiers.html")
    reader.page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    colours = reader.page.evaluate(COLOURS)
    assert all(colours.values()), colours
    for mark in ("grid", "wall", "clear", "blocked", "defender_ring", "flank", "attacker"):
        assert contrast(colours[mark], colours["board"]) >= 3, (scheme, mark, colours)  # graphics: 3:1
    assert contrast(colours["attacker_label"], colours["attacker"]) >= 4.5, colours  # text: 4.5:1
    assert contrast(colours["defender_label"], colours["defender"]) >= 4.5, colours
    # A number wears a halo of its token's colour, drawn under it: it reads where it crosses the
    # target's ring, and on a Tiny token smaller than itself.
    assert colours["halo_first"].startswith("stroke"), colours
    assert contrast(colours["attacker_label"], colours["attacker_halo"]) >= 4.5, colours
    assert contrast(colours["defender_label"], colours["defender_halo"]) >= 4.5, colours
    # Each map as a reader scrolling to it sees it: a card off screen is laid out only near it.
    widths = reader.page.evaluate("""async () => {
        const frame = """ + TWO_FRAMES + """;
        const found = [];
        for (const svg of document.querySelectorAll('figure.rc-map svg')) {
            svg.scrollIntoView({block: 'center'});
            await frame();
            const scroller = svg.closest('.rc-map__frame');
            found.push([svg.getBoundingClientRect().width, scroller.getBoundingClientRect().width,
                        svg.closest('.rc-card').getBoundingClientRect().width, svg.viewBox.baseVal.width,
                        scroller.scrollWidth > scroller.clientWidth, scroller.tabIndex]);
        }
        return found;
    }""")
    shown = [found for found in widths if found[2]]  # a card in a closed tab has no box
    assert shown
    for svg, frame, card, units, scrolls, tab_index in shown:
        # Within its card, or wider and scrolled in a frame within it that a keyboard can reach;
        # either way no square smaller than a phone can read.
        assert 0 < frame <= card and (svg <= card or (scrolls and tab_index == 0)), widths
        assert svg * SQUARE / units >= LEAST_SQUARE_PX - 0.5, (svg, units)
    reader.page.locator("#ex-flanking-turns-a-miss-into-a-hit").scroll_into_view_if_needed()
    reader.shot(f"battle-map-phone-{scheme}")


#: Each map frame a reader sees, once scrolled to: whether it scrolls sideways, and whether its
#: "scroll the map sideways" line shows.
SWIPES = """async () => {
    const frame = """ + TWO_FRAMES + """;
    const found = [];
    for (const scroller of document.querySelectorAll('.rc-map__frame')) {
        scroller.scrollIntoView({block: 'center'});
        await frame();
        if (!scroller.getBoundingClientRect().width) continue;  // in a closed tab
        const swipe = scroller.closest('figure').querySelector('.rc-map__swipe');
        found.push([scroller.closest('.rc-card').id, scroller.scrollWidth > scroller.clientWidth + 1,
                    !!swipe && swipe.getBoundingClientRect().height > 0]);
    }
    return found;
}"""


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_map_wider_than_the_screen_says_to_scroll_it_sideways(tab: Callable[..., Tab], offline_site: Path,
                                                                language: str) -> None:
    """A phone shows no scroll bar until touched: the 16-square maps say they scroll, and a map
    says so only where it does (at 375 px, and never at 1280 px)."""
    folder = "" if language == "fr" else "en/"
    wide = sorted(set(re.findall(r'id="(ex-[^"]+)"(?:(?!id="ex-).)*?rc-map__swipe',
                                 (offline_site / folder / "modifiers.html").read_text("utf-8"), re.DOTALL)))
    assert len(wide) >= 2, "the low wall's long maps"
    for viewport, phone in ((PHONE, True), ({"width": 1280, "height": 900}, False)):
        reader = tab(viewport, phone=phone)
        seen: list[list[Any]] = []
        for card in wide:  # each in its tab, opened by its address
            reader.open(f"{folder}modifiers.html#{card}")
            seen += reader.page.evaluate(SWIPES)
        assert {card for card, _, _ in seen} >= set(wide), seen
        assert all(scrolls == said for _, scrolls, said in seen), (viewport, seen)
        assert any(said for _, _, said in seen) == phone, (viewport, seen)
    # every width a map says it scrolls below has its rule in the stylesheet
    css = (offline_site / "assets" / "rulecheck.css").read_text("utf-8")
    page = (offline_site / folder / "modifiers.html").read_text("utf-8")
    for below in set(re.findall(r"rc-map__swipe--below-(\d+)", page)):
        assert re.search(rf"rc-map__swipe--below-{below}\s*\{{\s*display:\s*block;?\s*\}}", css), below


#: The colours paper shows of a map and of a card's words and links.
PRINTED = """() => {
  const map = document.querySelector('.rc-card figure.rc-map');
  const card = map.closest('.rc-card');
  const out = {scheme: document.body.getAttribute('data-md-color-scheme')};
  for (const selector of ['.board', '.gridline', '.fig', '.label', '.sight', '.wall-stone', '.wall-joint', '.ring'])
    [...map.querySelectorAll(selector)].slice(0, 3).forEach((e, i) => {
      const style = getComputedStyle(e); out[`${selector}${i}`] = [style.fill, style.stroke]; });
  for (const link of card.querySelectorAll('a')) out[`link ${link.textContent}`] = getComputedStyle(link).color;
  out.words = getComputedStyle(card.querySelector('.rc-outcome, .rc-trace')).color;
  return out;
}"""


@pytest.mark.parametrize("language", ["fr", "en"])
def test_on_paper_a_map_and_its_card_print_the_same_whatever_the_screen_s_theme(
        browser: Browser, offline_site: Path, language: str) -> None:
    """A reader who prints from a dark screen gets the light theme's map and words, not a navy
    board and pale links on white paper."""
    printed = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 794, "height": 1123}, color_scheme=scheme)
        page = context.new_page()
        page.emulate_media(media="print")  # before the page: no colour transition left running
        page.goto((offline_site / ("" if language == "fr" else "en") / "print.html").as_uri(), wait_until="load")
        printed[scheme] = page.evaluate(PRINTED)
        context.close()
    assert (printed["light"].pop("scheme"), printed["dark"].pop("scheme")) == ("default", "slate")
    assert printed["dark"] == printed["light"]
    assert all(colour == printed["light"]["words"] for name, colour in printed["light"].items()
               if name.startswith("link ")), printed["light"]  # links print as words
