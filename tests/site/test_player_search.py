"""A player's search on the built site, in both languages: rules pages first, no YAML key, code
or author's error message as a result's text, and the authors' pages still found by name."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.site.browsing import HOME, Tab
from tests.site.test_reader import RULES_PAGES

pytestmark = pytest.mark.browser

#: What a player types, by language: a first letter, rule words, an English word on a French page.
PLAYER_QUERIES = {"fr": ["p", "parade", "parry", "crit", "poison"], "en": ["p", "parry", "dodge", "crit", "poison"]}
AUTHORS_QUERIES = {"fr": {"auteurs": "authors.html", "champs": "fields.html"},
                   "en": {"authors": "authors.html", "field reference": "fields.html"}}
#: What only authors write: a YAML key or dotted path, a prose reference, a command or its option.
CODE_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_]+\b|\{\{|--[a-z]|\.ya?ml\b|\bmake \w")
#: The lines of an example's YAML (a code listing), which no result shows on any page.
LISTING = re.compile(r"^\s*(id|rule|given|dice|expect):", re.MULTILINE)
AUTHORS_PAGES = ("authors.html", "fields.html")


def results(reader: Tab, query: str) -> list[tuple[str, str]]:
    """Type ``query`` in a fresh search box; each result's page and the text it shows."""
    box = reader.page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press_sequentially(query, delay=30)
    meta = reader.page.locator(".md-search-result__meta")
    expect(meta).not_to_have_text(re.compile(r"^\s*$"))
    reader.page.wait_for_timeout(500)  # the last keystroke's results (or none: "parry" in French)
    found: list[tuple[str, str]] = reader.page.locator(".md-search-result__item > a").evaluate_all(
        "links => links.map(a => [a.getAttribute('href'), a.innerText])")
    return found


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_a_player_s_search_ranks_rules_pages_first_and_shows_no_code(http: Callable[..., Tab], locale: str) -> None:
    reader = http()
    reader.open(HOME[locale] + "index.html")
    for query in PLAYER_QUERIES[locale]:
        found = results(reader, query)
        pages = [href.split("/")[-1].split("#")[0].split("?")[0] for href, _ in found]
        assert (query, locale) == ("parry", "fr") or pages[0] in RULES_PAGES, (query, pages)
        authors = [i for i, page in enumerate(pages) if page in AUTHORS_PAGES]
        others = [i for i, page in enumerate(pages) if page not in AUTHORS_PAGES]
        assert not authors or min(authors) > max(others), (query, pages)  # the authors' pages come last
        assert not [href for href, _ in found if href.split("?")[0].endswith(AUTHORS_PAGES) and "#" in href]
        shown = [text for (href, text), page in zip(found, pages, strict=True)
                 if LISTING.search(text) or (page in AUTHORS_PAGES and CODE_LIKE.search(text))]
        assert shown == [], (query, shown)
    reader.shot(f"player-search-{locale}")


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_authors_still_find_their_pages_by_name(http: Callable[..., Tab], locale: str) -> None:
    reader = http()
    reader.open(HOME[locale] + "index.html")
    for query, page in AUTHORS_QUERIES[locale].items():
        pages = [href.split("/")[-1].split("?")[0] for href, _ in results(reader, query)]
        assert page in pages, (query, pages)
