"""A player's search on the built site, in both languages: rules pages first, no YAML key, code
or author's error message as a result's text, accents optional, and the authors' pages still
found by name."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.site.browsing import HOME, Tab
from tests.site.test_reader import RULES_PAGES

pytestmark = pytest.mark.browser

#: What a player types, by language: a first letter, rule words, an English word on a French page.
PLAYER_QUERIES = {"fr": ["p", "parade", "parry", "crit", "poison", "mourant", "frère"],
                  "en": ["p", "parry", "dodge", "crit", "poison", "dying", "aldric"]}
#: Words with accents, and as a reader types them on a phone: without their accents, in capitals.
ACCENTED = {"fr": {"dégâts": ["degats", "DEGATS"], "opportunité": ["opportunite"], "épée": ["epee", "Epée"],
                   "étourdi": ["etourdi"]},
            "en": {"Frère": ["frere", "FRERE"]}}
AUTHORS_QUERIES = {"fr": {"auteurs": "authors.html", "champs": "fields.html"},
                   "en": {"authors": "authors.html", "field reference": "fields.html"}}
#: What only authors write: a YAML key or dotted path, a prose reference, a command or its option.
CODE_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_]+\b|\{\{|--[a-z]|\.ya?ml\b|\bmake \w")
#: The lines of an example's YAML (a code listing), which no result shows on any page.
LISTING = re.compile(r"^\s*(id|rule|given|dice|expect):", re.MULTILINE)
AUTHORS_PAGES = ("authors.html", "fields.html")


#: The words Material's search shows once it has answered, by count, from the page's own config.
COUNTS = """() => {
    const words = JSON.parse(document.querySelector('#__config').textContent).translations;
    return ['search.result.none', 'search.result.one', 'search.result.other'].map(key => words[key]);
}"""
#: What the search shows at one moment: its count line and each result's page and text.
SHOWN = """() => [document.querySelector('.md-search-result__meta')?.innerText ?? '',
    [...document.querySelectorAll('.md-search-result__item > a')].map(a => [a.getAttribute('href'), a.innerText])]"""


def results(reader: Tab, query: str) -> list[tuple[str, str]]:
    """Type ``query`` in a fresh search box; each result's page and the text it shows.

    The search worker answers each keystroke in its own time, later on a busy machine: the
    results are read once the count line says how many were found (or none: "parry" in French)
    and nothing has changed for a while, not after a fixed wait."""
    box = reader.page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press_sequentially(query, delay=30)
    # Playwright types a letter outside a US keyboard ("é") as text, with no key pressed or
    # released; Material searches when a key is released, as it is on a real keyboard.
    box.dispatch_event("keyup")
    none, one, other = reader.page.evaluate(COUNTS)
    counted = re.escape(other).replace(re.escape("#"), r"\d+")
    answered = re.compile(f"^({re.escape(none)}|{re.escape(one)}|{counted})$")
    expect(reader.page.locator(".md-search-result__meta")).to_have_text(answered, timeout=30_000)
    shown, steady = reader.page.evaluate(SHOWN), 0
    for _ in range(60):  # steady for 0.6 s: the last keystroke's answer, not an earlier one's
        reader.page.wait_for_timeout(200)
        now = reader.page.evaluate(SHOWN)
        steady = steady + 1 if now == shown else 0
        shown = now
        if steady == 3:
            break
    assert answered.match(shown[0].strip()), (query, shown[0])
    return [(href, text) for href, text in shown[1]]


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
def test_accents_are_optional_and_a_result_shows_the_page_s_own_spelling(http: Callable[..., Tab], locale: str) -> None:
    """"degats" found nothing: a French player on a phone types without accents. Each spelling
    finds the pages its accented word finds, highlighted as the page writes the word, and the
    page a result opens highlights what the reader typed."""
    reader = http()
    reader.open(HOME[locale] + "index.html")
    for word, spellings in ACCENTED[locale].items():
        accented = results(reader, word)
        assert accented, word
        assert all(f"h={quote(word.lower())}" in href for href, _ in accented if "#" in href), (word, accented)
        marked = reader.page.evaluate("() => [...document.querySelectorAll('.md-search-result mark')]"
                                      ".map(mark => mark.innerText.toLowerCase())")
        assert word.lower() in " ".join(marked), (word, marked)
        for spelling in spellings:
            found = results(reader, spelling)
            assert [href.split("?")[0] for href, _ in found] == [href.split("?")[0] for href, _ in accented], spelling
            marked = reader.page.evaluate("() => [...document.querySelectorAll('.md-search-result mark')]"
                                          ".map(mark => mark.innerText.toLowerCase())")
            assert word.lower() in " ".join(marked), (spelling, marked)  # the page's own spelling


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_authors_still_find_their_pages_by_name(http: Callable[..., Tab], locale: str) -> None:
    reader = http()
    reader.open(HOME[locale] + "index.html")
    for query, page in AUTHORS_QUERIES[locale].items():
        pages = [href.split("/")[-1].split("?")[0] for href, _ in results(reader, query)]
        assert page in pages, (query, pages)
