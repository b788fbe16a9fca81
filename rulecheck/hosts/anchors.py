"""The links of a card, and where they land: each rule anchor of a trace at the heading that
explains it (:func:`rulecheck.examples.headings.heading_lines` reads the ids; the check refuses one
written twice), each link relative to the page MkDocs builds, and after the build the links a card
wrote as raw HTML and the ids of the pages it rendered, for the plugin to land one on the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import unescape
from urllib.parse import urljoin

from mkdocs.utils import get_relative_url


def anchor_index(pages: Iterable[tuple[str, Iterable[str]]]) -> dict[str, str]:
    """``{anchor: url}`` for every explicit heading id of ``pages``, each the URL MkDocs builds a page
    at and its heading ids, in the order the check reads them (an id written on two pages is the
    check's problem; the first keeps it here)."""
    index: dict[str, str] = {}
    for url, anchors in pages:
        for anchor in anchors:
            index.setdefault(anchor, url)
    return index


def built_link(from_url: str, to_url: str, anchor: str) -> str:
    """A link from the page MkDocs builds at ``from_url`` to ``anchor`` on the one it builds at
    ``to_url`` (a ``README.md`` at its folder's address, as the reader reaches it)."""
    if from_url == to_url:
        return f"#{anchor}"
    relative = get_relative_url(to_url, from_url)
    if (to_url == "" or to_url.endswith("/")) and not relative.endswith("/"):
        relative += "/"
    return f"{relative}#{anchor}"


#: A card's start (``cards.card``), the element ``id="ex-<example id>"``.
_CARD = r'<div class="rc-card[^"]*" id="(?P<card>ex-[^"]+)"'
CARD_ANCHOR = re.compile(_CARD)
#: A card's start, and each link in it that the plugin writes as raw HTML, which MkDocs does not
#: check: a step's to its rule's heading, a cast member's to its entry.
_CARD_OR_LINK = re.compile(_CARD + r'|<a class="(?:rc-rule|rc-cast__member)" href="(?P<href>[^"]*)"')


def card_links(html: str) -> list[tuple[str, str]]:
    """``(example id, href)`` of each step or cast link of the cards of a page's ``html``."""
    found, card = [], ""
    for match in _CARD_OR_LINK.finditer(html):
        if match["card"] is not None:
            card = match["card"].removeprefix("ex-")
        else:
            found.append((card, unescape(match["href"])))
    return found


def link_targets(here: str, links: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """``(example id, page URL, id)`` of each of ``links`` (:func:`card_links` of the page MkDocs
    builds at ``here``): the page each leads to, as a URL MkDocs builds a page at, and the id."""
    found = []
    for example_id, href in links:
        path, _, anchor = href.partition("#")
        if anchor:
            target = urljoin(f"http://site/{here}", path).removeprefix("http://site/") if path else here
            found.append((example_id, target, anchor))
    return found


