"""Page numbers on paper: every internal link of a printed page says the page its target lands
on, read back from the PDF Chromium prints, and the numbers hold once printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from rulecheck.hosts.pdf_pages import anchor_pages, print_numbered

pytestmark = pytest.mark.browser

SHEETS = 5
PAGE = """<!doctype html><html><head><style>
  section { break-before: page; } a[data-page]::after { content: " (p. " attr(data-page) ")"; }
</style></head><body><div class="rc-print">
<nav class="rc-print-toc"><a href="#one">One</a> <a href="#three">Three</a> <a href="#nowhere">Nowhere</a>
<a class="headerlink" href="#two">¶</a></nav>
%s</div></body></html>"""


def test_each_link_shows_the_page_its_target_lands_on(browser: Browser, tmp_path: Path) -> None:
    sections = "".join(f'<section id="{name}"><h2>{name}</h2><p>See <a href="#{back}">{back}</a>.</p></section>'
                       for name, back in [("one", "three"), ("two", "one"), ("three", "two"), ("four", "one")])
    source = tmp_path / "edition.html"
    source.write_text(PAGE % sections, "utf-8")
    page = browser.new_page()
    try:
        page.goto(source.as_uri())
        page.emulate_media(media="print")
        pdf = tmp_path / "edition.pdf"
        last, prints = print_numbered(page, lambda path: page.pdf(path=str(path), format="A4"), pdf)
        numbered = page.locator("a[data-page]").evaluate_all(
            "all => all.map(a => [a.getAttribute('href'), a.dataset.page])")
        unnumbered = page.locator("a:not([data-page])").evaluate_all("all => all.map(a => a.getAttribute('href'))")
    finally:
        page.close()
    pages = anchor_pages(pdf)
    assert last == pages  # what it returns is what the PDF it leaves holds
    assert (pages["one"], pages["two"], pages["three"]) == (2, 3, 4)  # page 1: the contents
    assert "four" not in pages  # Chromium names only the anchors some link points to
    assert prints == 2  # the numbers push nothing here: the second print confirms the first
    assert [tuple(pair) for pair in numbered] == [("#one", "2"), ("#three", "4"), ("#three", "4"), ("#one", "2"),
                                                  ("#two", "3"), ("#one", "2")]
    assert unnumbered == ["#nowhere", "#two"]  # no such anchor; a heading's own link, hidden on paper
    from pypdf import PdfReader

    text = "".join(sheet.extract_text() for sheet in PdfReader(str(pdf)).pages)
    assert "One (p. 2)" in text and "Three (p. 4)" in text and len(PdfReader(str(pdf)).pages) == SHEETS
