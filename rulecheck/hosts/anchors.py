"""The links of a card, and where they land: each rule anchor of a trace at the heading that
explains it (:func:`rulecheck.examples.headings.heading_lines` reads the ids; the check refuses one
written twice), each link relative to the page MkDocs builds, and after the build the links a card
wrote as raw HTML and the ids of the pages it rendered, for the plugin to land one on the other.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from html import unescape
from urllib.parse import urljoin

from mkdocs.utils import get_relative_url

from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.raw_tags import attributes, start_tags


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


#: Where a start tag may name an element (an ``id`` or ``name`` attribute follows a space, a ``/`` or a
#: quoted value): only those tags are read attribute by attribute.
_MAY_NAME = re.compile(r"""[\s/"'](?:id|name)\s*=""", re.IGNORECASE)


def _named(html: str) -> Iterator[tuple[int, str]]:
    """The offset and id of each element of ``html`` that has one, in a start tag as the browser
    reads it (:mod:`rulecheck.examples.raw_tags`: ``<div/ID=x>`` and ``<div "q" id=x>`` are ids too),
    never text that quotes one (``<code>&lt;span id="x"&gt;</code>``), whose ``<`` Markdown escaped.
    ``<a name>`` too, which browsers land on."""
    for tag in start_tags(html):
        if not _MAY_NAME.search(html, tag.start(), tag.end()):
            continue
        for attribute in attributes(tag.group()):
            if attribute.value is not None and (attribute.name == "id"
                                                or (attribute.name == "name" and tag["name"].lower() == "a")):
                yield tag.start(), unescape(attribute.value)


def ids_written_at(text: str) -> dict[str, int]:
    """Each id the raw HTML of ``text`` (a page's Markdown) gives an element, and the 1-based line
    of the first that does: where an author wrote it, besides the headings. One pass over the page."""
    lines = LineIndex(text)
    written: dict[str, int] = {}
    for at, found in _named(text):
        written.setdefault(found, lines.line(at))
    return written


def element_ids(html: str) -> Counter[str]:
    """How many elements of ``html`` (a page as MkDocs rendered it) hold each id."""
    return Counter(found for _, found in _named(html))
