"""Contrast and landmarks as axe-core and a reader's eye measure them, in both languages, both
themes, on a phone and a desktop: the turn's action chips (used, left, lost), the search results'
highlight with the search open, no empty table header, no unnamed landmark around copy buttons,
and a theme toggle labelled in the page's language."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.site.browsing import DESKTOP, HOME, PHONE, Tab, click_still
from tests.site.test_reader import AXE, contrast, dark

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
QUERIES = {"fr": "parade", "en": "parry"}
#: axe rules that must find nothing at all, whatever impact axe gives them.
NONE_AT_ALL = ("color-contrast", "landmark-unique", "empty-table-header", "landmark-complementary-is-top-level",
               "region", "aria-allowed-role")
#: The effective colours of an element: its own text colour, the first opaque background behind
#: it (or the colours of a gradient it is painted with), and the opacity it is drawn at.
COLOURS = """element => {
    let node = element, background = 'rgba(0, 0, 0, 0)', opacity = 1, gradient = '';
    for (let n = element; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    const image = getComputedStyle(element).backgroundImage;
    if (image.includes('gradient')) gradient = image;
    while (node && (background === 'rgba(0, 0, 0, 0)' || background === 'transparent')) {
        background = getComputedStyle(node).backgroundColor; node = node.parentElement;
    }
    return {colour: getComputedStyle(element).color, background, gradient, opacity,
            text: element.textContent, classes: element.className};
}"""


def open_tab(http: Callable[..., Tab], viewport: str) -> Tab:
    return http(VIEWPORTS[viewport], phone=viewport == "phone")


def axe_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations, and any violation of the rules in NONE_AT_ALL."""
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate("""async (strict) => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations
            .filter(v => v.impact === "serious" || v.impact === "critical" || strict.includes(v.id))
            .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`);
    }""", list(NONE_AT_ALL))
    return found


def type_a_search(reader: Tab, query: str, *, phone: bool) -> None:
    if phone:
        reader.page.locator("label.md-header__button[for='__search']").click()
    else:
        reader.page.locator("input.md-search__input").click()
    reader.page.locator("input.md-search__input").press_sequentially(query, delay=30)
    expect(reader.page.locator(".md-search-result__item mark").first).to_be_visible()


def colours_of(page: Page, selector: str) -> list[dict[str, object]]:
    found: list[dict[str, object]] = page.locator(selector).evaluate_all(f"all => all.map({COLOURS})")
    return found


def lowest_contrast(found: dict[str, object]) -> float:
    """The lowest contrast of an element's text against what is behind it (each colour of a gradient)."""
    backgrounds = re.findall(r"rgba?\([^)]*\)", str(found["gradient"])) or [str(found["background"])]
    return min(contrast(str(found["colour"]), background) for background in backgrounds)


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_the_search_open_with_results_passes_axe_and_its_highlight_has_aa_contrast(
    http: Callable[..., Tab], locale: str, scheme: str, viewport: str,
) -> None:
    reader = open_tab(http, viewport)
    reader.open(HOME[locale] + "reactions.html")
    if scheme == "dark":
        dark(reader)
    click_still(reader.page.locator("#ex-elara-parry details.rc-source summary"))  # a copy button shown
    type_a_search(reader, QUERIES[locale], phone=viewport == "phone")
    reader.shot(f"contrast-search-{locale}-{scheme}-{viewport}")
    marks = colours_of(reader.page, ".md-search-result mark")
    assert marks, "the results highlight the typed word"
    weak = [(mark["text"], round(lowest_contrast(mark), 2)) for mark in marks if lowest_contrast(mark) < 4.5]
    assert weak == []
    assert axe_violations(reader.page) == []


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_every_action_chip_used_left_or_lost_has_aa_contrast(
    http: Callable[..., Tab], locale: str, viewport: str,
) -> None:
    reader = open_tab(http, viewport)
    seen: set[str] = set()
    for page in ("turn.html", "surprise.html", "movement.html"):
        reader.open(HOME[locale] + page)
        for scheme in ("light", "dark"):
            if scheme == "dark":
                dark(reader)
            chips = colours_of(reader.page, ".rc-cost")
            for chip in chips:
                state = next((s for s in ("used", "lost") if f"rc-cost--{s}" in str(chip["classes"])), "left")
                seen.add(state)
                assert chip["opacity"] == 1, chip  # faded by its look, never by transparency
                assert lowest_contrast(chip) >= 4.5, (page, scheme, chip)
            if page == "surprise.html":
                reader.shot(f"contrast-chips-{locale}-{scheme}-{viewport}")
    assert seen == {"used", "left", "lost"}  # the test saw every kind of chip


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tables_and_code_blocks_leave_no_empty_header_or_unnamed_landmark(
    http: Callable[..., Tab], locale: str, scheme: str,
) -> None:
    reader = open_tab(http, "desktop")
    problems = []
    for page in ("unarmed.html", "authors.html", "fields.html"):
        reader.open(HOME[locale] + page)
        if scheme == "dark":
            dark(reader)
        for details in reader.page.locator("details.rc-source summary").all()[:3]:
            click_still(details)
        assert reader.page.locator("th:empty").count() == 0, page
        copy_navs = reader.page.locator("nav.md-code__nav")
        assert copy_navs.count() == 0 or set(copy_navs.evaluate_all("all => all.map(n => n.role)")) == {"none"}
        problems += [f"{page}: {problem}" for problem in axe_violations(reader.page)]
    assert problems == []


def test_the_theme_toggle_is_labelled_in_the_page_s_language(offline_site: Path) -> None:
    words = {"fr": ("mode sombre", "mode clair"), "en": ("dark mode", "light mode")}
    for locale, folder in HOME.items():
        other = words["en" if locale == "fr" else "fr"]
        for page in ("index.html", "reactions.html", "404.html"):
            text = (offline_site / folder / page).read_text("utf-8")
            titles = re.findall(r'<label class="md-header__button md-icon" title="([^"]*)" for="__palette_', text)
            assert len(titles) == 2, (locale, page)
            assert all(any(word in title.lower() for word in words[locale]) for title in titles), titles
            assert not any(word in title.lower() for title in titles for word in other), titles


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_a_refused_plan_s_badge_is_not_the_green_of_an_accepted_one_and_keeps_aa_contrast(
    http: Callable[..., Tab], locale: str,
) -> None:
    """« ✓ refus vérifié » on green read as « allowed »: a refused card's badge takes its orange (and « ⊘ refusé »)."""
    reader = open_tab(http, "desktop")
    reader.open(HOME[locale] + "turn.html")
    for scheme in ("light", "dark"):
        if scheme == "dark":
            dark(reader)
        refused = colours_of(reader.page, ".rc-card--refused .rc-badge")
        accepted = colours_of(reader.page, ".rc-card:not(.rc-card--refused) .rc-badge--ok")
        assert refused and accepted, scheme
        assert {str(b["background"]) for b in refused}.isdisjoint({str(b["background"]) for b in accepted})
        assert all(lowest_contrast(badge) >= 4.5 for badge in refused + accepted), (scheme, refused)
