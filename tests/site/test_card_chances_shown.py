"""What a player reads on the built site, in Chromium: every card's chance line as shown is the
line whose event and odds ``tests/hosts/test_card_chances.py`` checks against the exact odds of
its event, refused plans show their steps, and results name creatures. Both languages, on a
phone and a desktop."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rulecheck.examples.check import Outcome, check_paths
from tests.conftest import ROOT
from tests.hosts.test_card_chances import check_line, stated_chances
from tests.site.browsing import DESKTOP, HOME, PHONE, Tab, keep_picture

pytestmark = pytest.mark.browser


def plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.fixture(scope="module")
def checked_lines() -> dict[str, dict[str, dict[str, str]]]:
    """By language and page, each card's chance line as the host renders it, once checked against
    the exact odds of the event it names."""
    found: dict[str, dict[str, dict[str, str]]] = {}
    for language in ("fr", "en"):
        report = check_paths([ROOT / "docs" / language], root=ROOT)
        for path, page in report.pages.items():
            lines = found.setdefault(language, {}).setdefault(Path(path).stem + ".html", {})
            for outcome in page.outcomes:
                if outcome.result is None:
                    continue
                for stated in stated_chances(outcome, language):
                    check_line(outcome, stated)
                    lines[outcome.id or ""] = plain(line_text(outcome, language))
    return found


def line_text(outcome: Outcome, language: str) -> str:
    from rulecheck.hosts.cards import card

    (line,) = re.findall(r'<p class="rc-odds"[^>]*>(.*?)</p>', card(outcome, language))
    return html.unescape(re.sub(r"<[^>]+>", "", line))


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_every_chance_a_player_reads_is_the_checked_one(
    http: Callable[..., Tab], checked_lines: dict[str, dict[str, dict[str, str]]], locale: str, viewport: str
) -> None:
    reader = http(PHONE, phone=True) if viewport == "phone" else http(DESKTOP)
    shown = 0
    for page, expected in sorted(checked_lines[locale].items()):
        if not expected:
            continue
        reader.open(HOME[locale] + page)
        lines = reader.page.locator(".rc-card .rc-odds").evaluate_all(
            "lines => lines.map(l => [l.closest('.rc-card').id.slice(3), l.textContent])")
        assert {card: plain(text) for card, text in lines} == expected, page
        shown += len(lines)
    assert shown >= 40


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_a_refused_plan_and_a_grid_result_read_in_words(http: Callable[..., Tab], locale: str) -> None:
    reader = http(PHONE, phone=True)
    reader.open(HOME[locale] + "turn.html")
    refused = reader.page.locator("#ex-turn-second-attack-refused")
    steps = refused.locator("ol.rc-plan > li")
    expect(steps).to_have_count(2)
    expect(steps.nth(1)).to_have_class("rc-plan__refused")
    expect(steps.nth(1)).to_contain_text({"fr": "refusé ici", "en": "refused here"}[locale])
    colour = steps.nth(1).evaluate("li => getComputedStyle(li).color")
    assert colour == "rgb(179, 38, 30)", "a refused step reads in a solid red, not a faint tint"
    keep_picture(refused, f"cards-refused-plan-phone-{locale}")
    reader.open(HOME[locale] + "opportunity.html")
    pixie = reader.page.locator("#ex-opportunity-pixie-enters")
    pixie.evaluate("""card => { const block = card.closest('.tabbed-block');
        const set = block.closest('.tabbed-set'); const i = [...block.parentElement.children].indexOf(block);
        set.querySelectorAll(':scope > input')[i].click(); }""")
    expect(pixie.locator(".rc-outcome")).to_contain_text({"fr": "le gobelin", "en": "the goblin"}[locale])
    expect(pixie.locator(".rc-cast")).to_contain_text({"fr": "Le lutin", "en": "The pixie"}[locale])
