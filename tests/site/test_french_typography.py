"""French typography on every French page of the built site, not only on the cards.

The rulecheck plugin joins high punctuation to its word on French pages; this test reads what a
reader gets (every French page as built, its prose, tables, cards and generated sections) and
fails on any breakable space before « : ; ? ! » or « % » after a number, or after « « ».
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.site.site_tools import html_files

RAW = {"code", "pre", "script", "style", "kbd", "samp", "svg"}
BREAKABLE = re.compile(r"(?<=\S)[ \t\n]+[:;!?»]|«[ \t\n]|\d[ \t\n]+%")


class _Text(HTMLParser):
    """The text a reader gets of a page, without code, scripts or styles: its content, and the
    frame around it (the window's title, the header, the navigation, the table of contents, the
    footer), which repeat the headings' and titles' words."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside code, scripts, styles
        self.chunks: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in RAW:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in RAW:
            self.depth = max(0, self.depth - 1)

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.chunks.append(data)


def spots(html: str, pattern: re.Pattern[str]) -> list[str]:
    """Where ``pattern`` matches in the text a reader of ``html`` gets, each with some context."""
    reader = _Text()
    reader.feed(html)
    text = "".join(reader.chunks)
    return [text[max(0, m.start() - 30):m.end() + 10].replace("\n", " ") for m in pattern.finditer(text)]


def breaks(html: str) -> list[str]:
    return spots(html, BREAKABLE)


def test_the_checker_sees_a_breakable_space() -> None:
    page = '<div class="md-content"><p>Elara pare : oui, 20 %</p><pre><code>a : b</code></pre></div>'
    assert breaks(page) == ["Elara pare : oui, 20 %", "Elara pare : oui, 20 %"]
    assert breaks('<div class="md-content"><p>Elara pare\u00a0: oui, 20\u202f%</p></div>') == []


@pytest.mark.parametrize("frame", [
    '<title>Repos ?</title>',
    '<nav class="md-nav md-nav--secondary"><a href="#a">Combien récupère-t-on ?</a></nav>',
    '<nav class="md-nav"><a href="rests.html">Repos : court ou long</a></nav>',
    '<footer><a rel="next" href="b.html"><div class="md-footer__title">Suivant : « Repos »</div></a></footer>',
])
def test_the_checker_reads_the_frame_around_the_content_too(frame: str) -> None:
    assert breaks(f"<html><head>{frame}</head><body>{frame}</body></html>")


@pytest.mark.build
def test_every_french_page_follows_french_typography(offline_site: Path) -> None:
    pages = [p for p in html_files(offline_site) if not p.relative_to(offline_site).as_posix().startswith("en/")]
    assert len(pages) > 15
    found = {p.relative_to(offline_site).as_posix(): breaks(p.read_text("utf-8")) for p in pages}
    assert {page: spots for page, spots in found.items() if spots} == {}


#: English writes a percentage against its number (« 20% »), as the cards do: any space there.
ENGLISH_PERCENT = re.compile(r"\d[ \t\n\u00a0\u202f]+%")


def english_percent_spaces(html: str) -> list[str]:
    return spots(html, ENGLISH_PERCENT)


def test_the_english_checker_sees_a_space_before_a_percent() -> None:
    for written in ("20 %", "20\u00a0%", "20\u202f%", "20\n%"):
        assert english_percent_spaces(f'<div class="md-content"><p>stays {written}.</p></div>') != [], written
    assert english_percent_spaces('<div class="md-content"><p>stays 20%.</p><pre>20 %</pre></div>') == []


@pytest.mark.build
def test_every_english_page_writes_a_percent_against_its_number(offline_site: Path) -> None:
    pages = [p for p in html_files(offline_site) if p.relative_to(offline_site).as_posix().startswith("en/")]
    assert len(pages) > 15
    found = {p.relative_to(offline_site).as_posix(): english_percent_spaces(p.read_text("utf-8")) for p in pages}
    assert {page: spots for page, spots in found.items() if spots} == {}
