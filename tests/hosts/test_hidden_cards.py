"""A card the page holds where a browser shows nothing (a template, a script, an element marked
``hidden`` or styled out of sight) is a card no reader sees: found from the HTML's structure,
not from its markup being somewhere in the page."""

from __future__ import annotations

import pytest

from rulecheck.hosts.hidden_cards import hidden_cards

CARD = '<div class="rc-card" id="ex-a" data-example="a">'
OPENINGS = {CARD: "a"}


def page(before: str, after: str) -> str:
    return f"<p>Intro.</p>{before}{CARD}<p>Card.</p></div>{after}<p>After.</p>"


@pytest.mark.parametrize(("before", "after", "by"), [
    ("<template>", "</template>", "<template>"),
    ("<p><template markdown></p>", "<p></template></p>", "<template>"),  # as Markdown writes an inline tag
    ("<script type=\"text/plain\">", "</script>", "<script> or <style>"),
    ("<style>", "</style>", "<script> or <style>"),
    ("<textarea>", "</textarea>", "<textarea>"),
    ("<noscript>", "</noscript>", "<noscript>"),
    ("<div hidden>", "</div>", "<div hidden>"),
    ("<div hidden=\"\">", "</div>", "<div hidden>"),
    ("<section HIDDEN=until-found>", "</section>", "<section hidden>"),
    ("<div style=\"display:none\">", "</div>", '<div style="display:none">'),
    ("<div style=\"color: red; DISPLAY : None !important;\">", "</div>",
     '<div style="color: red; DISPLAY : None !important;">'),
    ("<span style=\"visibility: hidden\">", "</span>", '<span style="visibility: hidden">'),
    ("<div hidden><div><p>", "</p></div></div>", "<div hidden>"),  # an ancestor, not the parent
    # what the hostile author's round 16 hid a card with: the site's own class, a shut dialog, no ink
    ("<div class=\"rc-paper-only\">", "</div>", '<div class="rc-paper-only">, shown on paper only'),
    ("<section class=\"note rc-paper-only\">", "</section>", '<section class="rc-paper-only">, shown on paper only'),
    ("<dialog>", "</dialog>", "<dialog> not open"),
    ("<dialog class=\"x\"><div>", "</div></dialog>", "<dialog> not open"),
    ("<div style=\"opacity:0\">", "</div>", '<div style="opacity:0">'),
    ("<div style=\"opacity: 0.00 !important\">", "</div>", '<div style="opacity: 0.00 !important">'),
    ("<span style=\"font-size:0\">", "</span>", '<span style="font-size:0">'),
    ("<div style=\"margin:0; font-size: 0px\">", "</div>", '<div style="margin:0; font-size: 0px">'),
    ("<div hidden><ul><li>item", "</ul></div>", "<div hidden>"),  # an <li> left open inside it
])
def test_a_card_inside_what_a_browser_does_not_show_is_hidden(before: str, after: str, by: str) -> None:
    assert hidden_cards(page(before, after), OPENINGS) == {"a": by}


@pytest.mark.parametrize(("before", "after"), [
    ("", ""),
    ("<details><summary>More</summary>", "</details>"),  # the reader opens it
    ("<div class=\"hidden\">", "</div>"),  # a class says nothing by itself
    ("<div style=\"display: block\">", "</div>"),
    ("<div style=\"--display:none-ish\">", "</div>"),
    ("<div hidden></div><p>", "</p>"),  # a hidden element before it, closed
    ("<template></template><br><img src=x>", ""),  # void elements never enclose it
    ("<div aria-hidden=\"true\" data-x=\"display:none\">", "</div>"),  # seen, if not heard
    ("<dialog open>", "</dialog>"),
    ("<div style=\"opacity: 0.5; font-size: 10px\">", "</div>"),
    ("<div class=\"rc-paper-only-not\">", "</div>"),  # another class
    ("<div class=\"rc-screen-only\">", "</div>"),
])
def test_a_card_a_browser_shows_is_not_hidden(before: str, after: str) -> None:
    assert hidden_cards(page(before, after), OPENINGS) == {}


def test_a_card_not_in_the_page_at_all_is_left_to_the_unshown_check() -> None:
    assert hidden_cards("<div hidden><p>Nothing.</p></div>", OPENINGS) == {}


def test_each_card_is_judged_on_its_own() -> None:
    second = '<div class="rc-card" id="ex-b" data-example="b">'
    html = f"{CARD}</div><template>{second}</template>"
    assert hidden_cards(html, {CARD: "a", second: "b"}) == {"b": "<template>"}
