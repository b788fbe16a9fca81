"""Which cards of a page's HTML a browser would not show: inside a template, a script, a
textarea, a noscript (read as text where scripts run), a dialog that is not open, an element
marked ``hidden``, of the site's paper-only class, or styled ``display: none``, ``visibility:
hidden``, ``opacity: 0`` or ``font-size: 0``.

An example the check ran must be one a reader sees: the card's markup being somewhere in the
HTML is not enough. HTML comments are refused earlier, where the check finds the blocks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html.parser import HTMLParser

#: Elements whose content is not rendered as the page's own.
HIDING = frozenset({"template", "script", "style", "textarea", "noscript"})
#: Elements with no end tag: never an ancestor.
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr"})
INVISIBLE_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)"
                             r"|opacity\s*:\s*0*(?:\.0*)?%?|font-size\s*:\s*0*(?:\.0*)?(?:[a-z]+|%)?)\s*"
                             r"(?:!\s*important\s*)?(?:;|$)", re.IGNORECASE)
#: The site's own class for what only paper shows (the print stylesheet shows it, the screen's hides it).
PAPER_ONLY = "rc-paper-only"
#: What may hide a card; a page with none of it is not parsed (the site's pages have none).
MAY_HIDE = re.compile(r"<(?:template|script|style|textarea|noscript|dialog)\b|\shidden[\s>=/]|"
                      r"display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|opacity|font-size|rc-paper-only",
                      re.IGNORECASE)


#: A ``div``'s opening tag as written: a card's is one (``<div class="rc-card" id="ex-…" …>``).
_DIV_OPENING = re.compile(r"<div\b[^<>]*>", re.IGNORECASE)


def div_openings(html: str) -> set[str]:
    """Every ``div`` opening tag ``html`` holds, found in one pass: looking each card's tag up in
    the page took time in cards × page (2,000 cards on a 9 MB page: a minute of build)."""
    return set(_DIV_OPENING.findall(html))


def hidden_cards(html: str, openings: Mapping[str, str]) -> dict[str, str]:
    """The cards of ``html`` a browser would not show, by key, each with what hides it (``<template>``,
    ``hidden``, ``display: none``…). ``openings`` maps each card's opening tag to its key; a card
    whose opening tag is not in ``html`` at all is another problem (:func:`cards.unshown`)."""
    found = div_openings(html)
    present = {tag: key for tag, key in openings.items() if tag in found}
    if not present or not MAY_HIDE.search(html):
        return {}
    walker = _Walker(present)
    walker.feed(html)
    walker.close()
    # a card in a script or a style is text to the parser: never seen as an element, so hidden
    return {key: walker.hidden.get(key, "<script> or <style>") for key in present.values() if key not in walker.shown}


class _Walker(HTMLParser):
    def __init__(self, openings: Mapping[str, str]) -> None:
        super().__init__(convert_charrefs=True)
        self.openings = openings
        self.open: list[tuple[str, str | None]] = []  # each open element, and what it hides by
        self.shown: set[str] = set()
        self.hidden: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs)
        if tag not in VOID:
            self.open.append((tag, _hides(tag, attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):  # an unclosed <p> or <li> closes with its parent
            if self.open[index][0] == tag:
                del self.open[index:]
                return
            if self.open[index][0] == "template":  # « <p><template></p> »: the </p> cannot reach past it
                return

    def _start(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        key = self.openings.get(self.get_starttag_text() or "")
        if key is None:
            return
        by = next((how for _, how in reversed(self.open) if how), None) or _hides(tag, attrs)
        if by is None:
            self.shown.add(key)
        else:
            self.hidden.setdefault(key, by)


def _hides(tag: str, attrs: list[tuple[str, str | None]]) -> str | None:
    if tag in HIDING:
        return f"<{tag}>"
    if tag == "dialog" and not any(name == "open" for name, _ in attrs):
        return "<dialog> not open"
    for name, value in attrs:
        if name == "hidden":
            return f"<{tag} hidden>"
        if name == "class" and value and PAPER_ONLY in value.split():
            return f'<{tag} class="{PAPER_ONLY}">, shown on paper only'
        if name == "style" and value and INVISIBLE_STYLE.search(value):
            return f'<{tag} style="{value.strip()}">'
    return None
