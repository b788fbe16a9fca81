"""The built site in a real browser, as a player reads it at a table without network.

Debian's Chromium, driven by Playwright, opens the site from ``file://`` and from a local HTTP
server: language switcher, offline search in each language, example cards, dark mode, phone
navigation, glossary tooltips. No request may leave for another host (DNS is off too), and every
wait has a timeout. Screenshots of the key pages go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.site.browsing import HOME, PHONE, Tab, click_still, search, switch_language

pytestmark = pytest.mark.browser


def test_the_language_switcher_opens_the_same_page_in_the_other_language(tab: Callable[..., Tab]) -> None:
    reader = tab()
    reader.open("reactions.html")
    expect(reader.page.locator("h1")).to_have_text(re.compile("^Esquive et parade"))
    switch_language(reader, "en")
    assert reader.page.url.split("#")[0] == reader.root + "en/reactions.html"
    expect(reader.page.locator("html")).to_have_attribute("lang", "en")
    expect(reader.page.locator("h1")).to_have_text(re.compile("^Dodge and parry"))
    reader.shot("switcher-en-reactions")
    switch_language(reader, "fr")
    assert reader.page.url.split("#")[0] == reader.root + "reactions.html"
    reader.open("en/index.html")
    switch_language(reader, "fr")
    assert reader.page.url.split("#")[0] == reader.root + "index.html"
    expect(reader.page.locator("html")).to_have_attribute("lang", "fr")


@pytest.mark.parametrize(("locale", "query", "title"), [
    ("fr", "parade", "Esquive et parade"),
    ("en", "parry", "Dodge and parry"),
    ("fr", "Elara", "Esquive et parade"),  # a name in both languages: still one language's pages
    ("en", "Elara", "Dodge and parry"),
    ("fr", "écart", "Critiques"),  # only ever written "l'écart": words split at apostrophes
    # Stemmed search: words no page contains find the pages of their stem
    ("fr", "parades", "Esquive et parade"),
    ("fr", "esquivées", "Esquive et parade"),
    ("en", "poisoning", "Poisons and vials"),
])
def test_search_works_offline_and_finds_the_page_language_only(
    tab: Callable[..., Tab], locale: str, query: str, title: str
) -> None:
    reader = tab()
    reader.open(HOME[locale] + "index.html")
    results = search(reader, query)
    english = [url for url in results if url.startswith(reader.root + "en/")]
    assert results and all(url.startswith(reader.root) for url in results)
    assert english == (results if locale == "en" else [])
    expect(reader.page.locator(".md-search-result__article h1", has_text=title).first).to_be_visible()
    reader.shot(f"search-{locale}-{query.lower()}")
    reader.page.locator(".md-search-result__item a.md-search-result__link").first.click()
    reader.page.wait_for_load_state("load")
    expect(reader.page.locator("html")).to_have_attribute("lang", locale)


@pytest.mark.parametrize(("locale", "trace", "checked"), [
    ("fr", "17 (d20) + 2 (niveau) + 4 (FOR) = 23 ≥ 15 (attaque) → parade réussie", "vérifié"),
    ("en", "17 (d20) + 2 (level) + 4 (STR) = 23 ≥ 15 (attack) → parry succeeds", "checked"),
])
def test_an_example_card_shows_its_trace_and_checked_mark(
    tab: Callable[..., Tab], locale: str, trace: str, checked: str
) -> None:
    reader = tab()
    reader.open(HOME[locale] + "reactions.html")
    card = reader.page.locator(".rc-card#ex-elara-parry")
    card.scroll_into_view_if_needed()
    expect(card.locator(".rc-trace")).to_contain_text(trace)
    expect(card.locator(".rc-badge--ok")).to_be_visible()
    expect(card.locator(".rc-badge--ok")).to_contain_text(checked)
    expect(reader.page.locator(".rc-card--error")).to_have_count(0)
    source = card.locator("details.rc-source")
    expect(source.locator("pre")).to_be_hidden()
    click_still(source.locator("summary"))  # the raw example, one click away
    expect(source.locator("pre")).to_contain_text("id: elara-parry")
    reader.shot(f"card-{locale}")


def test_the_dark_mode_toggle_switches_and_is_remembered(tab: Callable[..., Tab]) -> None:
    reader = tab()
    reader.open("reactions.html")
    body = reader.page.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    reader.page.locator("label.md-header__button[for^='__palette']:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    reader.shot("dark-reactions")
    reader.open("en/criticals.html")  # another page, the other language: still dark
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    reader.page.locator("label.md-header__button[for^='__palette']:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")


@pytest.mark.parametrize(("locale", "link", "target"), [("fr", "Critiques", "criticals.html"),
                                                        ("en", "Criticals", "en/criticals.html")])
def test_a_phone_reaches_the_navigation(tab: Callable[..., Tab], locale: str, link: str, target: str) -> None:
    reader = tab(PHONE, phone=True)
    reader.open(HOME[locale] + "reactions.html")
    navigation = reader.page.locator("nav.md-nav--primary")
    entry = navigation.locator("a.md-nav__link", has_text=re.compile(f"^\\s*{link}\\s*$"))
    expect(entry).not_to_be_in_viewport()
    reader.page.locator("label.md-header__button[for='__drawer']").click()
    expect(entry).to_be_in_viewport()
    reader.shot(f"phone-drawer-{locale}")
    entry.click()
    reader.page.wait_for_load_state("load")
    assert reader.page.url.split("#")[0] == reader.root + target
    expect(reader.page.locator("h1")).to_be_in_viewport()
    reader.shot(f"phone-criticals-{locale}")


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_a_glossary_tooltip_appears_on_hover(tab: Callable[..., Tab], locale: str) -> None:
    reader = tab()
    reader.open(HOME[locale] + "reactions.html")
    abbreviation = reader.page.locator("article abbr").first
    meaning = abbreviation.get_attribute("title") or ""
    assert meaning, "no glossary abbreviation on the page"
    abbreviation.scroll_into_view_if_needed()
    abbreviation.hover()
    tooltip = reader.page.locator(".md-tooltip2--active")
    expect(tooltip).to_be_visible()
    expect(tooltip).to_have_text(meaning)
    reader.shot(f"tooltip-{locale}")


def test_every_request_is_checked(tab: Callable[..., Tab]) -> None:
    """The guard of the other tests: a request to another host, or one that fails, is recorded."""
    reader = tab()
    reader.open("index.html")
    reader.page.evaluate("""() => {
        for (const src of ["https://example.com/pixel.png", "missing.png"]) {
            const image = new Image(); image.src = src; document.body.append(image);
        }
    }""")
    expect(reader.page.locator("img[src='missing.png']")).to_have_js_property("complete", True)
    reader.page.wait_for_timeout(300)
    assert reader.foreign_requests() == ["https://example.com/pixel.png"]
    assert sorted(failure.rsplit("/", 1)[1] for failure in reader.failures) == ["missing.png", "pixel.png"]
    reader.requests.clear()  # the guard itself must not fail this test
    reader.failures.clear()
