"""What search and paper read of a page of cards: the page without the parts of its cards that
they would only skip or hide (see the markup in :mod:`rulecheck.hosts.cards`).

Both are computed from the finished HTML of a page and only ever take out this project's own
card markup, and only where it is plain balanced markup: an author's look-alike is left alone.
"""

from __future__ import annotations

import re


def search_view(page_html: str) -> str:
    """``page_html`` without what Material's search plugin would only read to skip: the parts of
    cards marked ``data-search-exclude`` (the chance line, the damage chart, the example's YAML,
    badges) and each step's empty § link. The search index is the same, byte for byte, and its
    HTML parser reads a quarter fewer tags on a page of cards.

    Only this module's markup is taken out, from the first card on, and only what search would
    skip the same way: a part is removed when what it holds is plain balanced markup (no comment,
    no script, no stray ``<``, no heading, which search would take for a section even there, no
    element of its own name). Search keeps the elements it skips by name, so a page where an
    element of one of those names is skipped for another reason (an author's
    ``data-search-exclude``, a part that could not be removed) is given as it is.
    """
    if "linenodiv" in page_html:
        return page_html
    found = _without(page_html, _UNSEARCHED, gap=_GAP)
    if found is None or not _skipped_only_in(page_html, found[1]):
        return page_html
    return found[0]


def served_view(page_html: str) -> str:
    """``page_html`` as a reader gets it: without the ``data-search-exclude`` marks of this
    project's elements (the cards' parts, the tabs' labels), which only Material's search plugin
    reads, when it builds the index. Some 35 bytes of a phone's first round trip on a page of cards."""
    return _SEARCH_MARK.sub(r"\1>", page_html)


def print_view(page_html: str) -> str:
    """``page_html`` without what paper never shows of its cards (the print stylesheet hides it):
    the example's YAML, the badge, the damage chart and each step's § link. The print edition
    holds every card of the rules; without them it is some 40 % lighter, and looks the same on
    paper."""
    found = _without(page_html, _UNPRINTED, gap="")
    return page_html if found is None else found[0]


def _without(page_html: str, parts: re.Pattern[str], *, gap: str) -> tuple[str, list[tuple[int, int]]] | None:
    """``page_html`` without the card ``parts`` from its first card on, and the spans removed;
    ``gap`` stands where text follows a part. ``None`` when one of them does not hold plain
    balanced markup (see :func:`_element_end`)."""
    position = page_html.find('<div class="rc-card')
    if position < 0:
        return page_html, []
    pieces = [page_html[:position]]
    removed = []
    while (found := parts.search(page_html, position)) is not None:
        end = found.end() if found["tag"] is None else _element_end(page_html, found["tag"], found.end())
        if end is None:
            return None
        pieces.append(page_html[position:found.start()])
        following = _TAG.match(page_html, end)
        if following is None or following[2] is None:
            pieces.append(gap)
        removed.append((found.start(), end))
        position = end
    pieces.append(page_html[position:])
    return "".join(pieces), removed


#: The elements a card's parts that search skips are: the chance line (or a capability's chips),
#: the damage chart, the example's YAML, the badge.
_PART_NAMES = ("p", "figure", "details", "span")
#: The hover hint a part may carry between its class and its mark (the badge's: what it vouches for).
_HINT = r'(?: data-tip="[^"<>]*")?'
#: A card's part that search skips (by its opening tag), or a step's § link: empty, nothing to index.
_UNSEARCHED = re.compile(rf'<(?P<tag>{"|".join(_PART_NAMES)}) class="rc-[a-z_ -]*"{_HINT} data-search-exclude>'
                         r'|<a class="rc-rule" [^<>]*></a>')
#: The mark in the start tag of an element of this project's (``rulecheck.hosts.i18n_search`` marks
#: the tabs' labels).
_SEARCH_MARK = re.compile(rf'(<[a-z]+ class="(?:rc-[a-z_ -]*|tabbed-labels)"{_HINT}) data-search-exclude>')
#: What paper never shows of a card (see the print stylesheet): its parts, and each step's § link.
_UNPRINTED = re.compile(rf'<(?P<tag>details|figure|span) class="rc-(?:source|spread|badge[a-z_ -]*)"{_HINT} '
                        r'data-search-exclude>|<a class="rc-rule" [^<>]*></a>')
#: An empty element search reads nothing in, and never skips (no author writes it). It stands
#: where text follows a removed part, to keep it apart from the text before, as the part did:
#: search reads a run of spaces alone as one space, and a run with words as it is.
_GAP = "<rc-gap></rc-gap>"
#: Every element name the search view takes out or puts in.
_REMOVED_NAMES = frozenset({*_PART_NAMES, "a", "rc-gap"})
#: A start tag up to its attributes, which are unquoted or quoted without ``<`` or ``>``.
_START_TAG = re.compile(r"""<([a-zA-Z][-.a-zA-Z0-9:_]*)\s(?:[^<>"']|"[^<>"]*"|'[^<>']*')*""")
#: A start or end tag, its attribute values quoted or not; or any other ``<``.
_TAG = re.compile(r"""<(/?)([a-zA-Z][-.a-zA-Z0-9:_]*)(?:[^<>"']|"[^"]*"|'[^']*')*>|<""")
#: Elements whose start tag counts even in what search skips: a heading opens a section; raw text
#: (``script``, ``style``) is not markup to an HTML parser.
_NEVER_INSIDE = frozenset({"script", "style", "h1", "h2", "h3", "h4", "h5", "h6"})
_EXCLUDE = "data-search-exclude"


def _skipped_only_in(page_html: str, removed: list[tuple[int, int]]) -> bool:
    """Whether every ``data-search-exclude`` of the page outside the ``removed`` spans stands in
    the start tag of an element search would not confuse with a removed one (another name)."""
    spans = iter(removed)
    span = next(spans, None)
    at = page_html.find(_EXCLUDE)
    while at >= 0:
        while span is not None and span[1] <= at:
            span = next(spans, None)
        if span is None or at < span[0]:
            opener = page_html.rfind("<", 0, at)
            tag = _START_TAG.match(page_html, opener) if opener >= 0 else None
            if tag is None or tag.end() < at or tag[1].lower() in _REMOVED_NAMES:
                return False
        at = page_html.find(_EXCLUDE, at + len(_EXCLUDE))
    return True


def _element_end(text: str, tag: str, start: int) -> int | None:
    """Where the element ``tag`` whose opening tag ends at ``start`` ends, when everything up to
    its closing tag is balanced start and end tags of other elements (``None`` otherwise)."""
    opened = [tag]
    for found in _TAG.finditer(text, start):
        name = found[2].lower() if found[2] else None
        if name is None or name in _NEVER_INSIDE or found[0].endswith("/>"):
            return None
        if not found[1]:
            if name == tag:
                return None
            opened.append(name)
        elif opened.pop() != name:
            return None
        elif not opened:
            return found.end()
    return None
