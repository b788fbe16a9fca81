"""The print edition's table of contents on paper: every chapter number, 1 to the last, drawn
whole inside its entry (an outside list marker cut two-digit numbers to their last digit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.site.browsing import ARTIFACTS, HOME, keep_picture

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_every_chapter_number_fits_inside_its_contents_entry_on_paper(
    browser: Browser, offline_site: Path, locale: str,
) -> None:
    page = browser.new_page(viewport={"width": 794, "height": 1123})  # A4 at 96 dpi
    try:
        page.goto((offline_site / HOME[locale] / "print.html").as_uri(), wait_until="load")
        page.emulate_media(media="print")
        entries = page.evaluate("""() => {
            const nav = document.querySelector('.rc-print-toc');
            const canvas = document.createElement('canvas').getContext('2d');
            return [...nav.querySelectorAll(':scope > ol > li')].map((li, index) => {
                const marker = getComputedStyle(li, '::before');
                canvas.font = `${marker.fontWeight} ${marker.fontSize} ${marker.fontFamily}`;
                return {number: index + 1, content: marker.content, listStyle: getComputedStyle(li).listStyleType,
                        needed: canvas.measureText(`${index + 1}.`).width,
                        room: parseFloat(getComputedStyle(li).paddingLeft),
                        left: li.getBoundingClientRect().left, navLeft: nav.getBoundingClientRect().left};
            });
        }""")
        assert len(entries) >= 10, "the rulebook has two-digit chapters"
        for entry in entries:
            assert entry["listStyle"] == "none" and "counter(rc-chapter)" in entry["content"], entry  # no marker
            assert entry["needed"] < entry["room"], entry  # "16." fits in the room the entry keeps for it
            assert entry["left"] >= entry["navLeft"], entry
        ARTIFACTS.mkdir(exist_ok=True)
        keep_picture(page.locator(".rc-print-toc"), f"print-contents-{locale}")
    finally:
        page.close()


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_quick_reference_keeps_its_bullets_inside_their_column_on_paper(
    browser: Browser, offline_site: Path, locale: str,
) -> None:
    page = browser.new_page(viewport={"width": 1123, "height": 794})  # A4 landscape at 96 dpi
    try:
        page.goto((offline_site / HOME[locale] / "quick-reference.html").as_uri(), wait_until="load")
        page.emulate_media(media="print")
        items = page.evaluate("""() => [...document.querySelectorAll('.rc-quickref ul > li')].map(li => {
            const style = getComputedStyle(li), list = li.parentElement.getBoundingClientRect();
            return {text: li.textContent.slice(0, 30), bullet: style.listStyleType,
                    room: li.getBoundingClientRect().left - list.left, font: parseFloat(style.fontSize)};
        })""")
        assert items, "the quick reference has lists"
        for item in items:
            assert item["bullet"] != "none" and item["room"] >= 0.9 * item["font"], item
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / f"print-quick-reference-{locale}.png", full_page=True)
    finally:
        page.close()


@pytest.mark.parametrize(("locale", "unknown", "known"), [
    # Words after the link, not brackets: inside the author's own « (voir l'accueil) » they nested.
    ("en", ", on the site", ", on the site at example.org/rules/en/quick-reference.html"),
    ("fr", ", sur le site", ", sur le site à l'adresse example.org/rules/en/quick-reference.html"),
])
def test_a_link_off_the_edition_says_on_paper_where_it_leads(
        browser: Browser, locale: str, unknown: str, known: str) -> None:
    """What the print stylesheet writes after a link to a page the edition leaves out: where the
    site's address is known, the page's address, which a long one may wrap anywhere to print."""
    css = (Path(__file__).resolve().parents[2] / "rulecheck" / "hosts" / "assets" / "rulecheck-print.css").read_text()
    page = browser.new_page(viewport={"width": 794, "height": 1123})
    try:
        page.set_content(f'<html lang="{locale}"><style>{css}</style><body><div class="rc-print">'
                         '<a href="quick-reference.html" data-off-paper>one</a> '
                         '<a href="quick-reference.html" data-off-paper="example.org/rules/en/quick-reference.html">'
                         "two</a></div></body></html>")
        page.emulate_media(media="print")
        said = page.evaluate("""() => [...document.querySelectorAll('a')].map(a =>
            [getComputedStyle(a, '::after').content, getComputedStyle(a).overflowWrap])""")
        assert said == [[f'"{unknown}"', "normal"], [f'"{known}"', "anywhere"]]
    finally:
        page.close()
