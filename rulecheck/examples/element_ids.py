"""The ids a page gives its elements, read as the browser reads start tags: in a page as MkDocs
rendered it (:func:`element_ids`), and in a page's Markdown, where an author wrote them besides the
headings (:func:`ids_written_at`), which the check compares with the headings' ids across pages and
the build uses to locate an id held twice."""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from html import unescape

from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.raw_tags import attributes, comments, markdown_start_tags, start_tags
from rulecheck.examples.references import mask_code

#: Where a start tag may name an element (an ``id`` or ``name`` attribute follows a space, a ``/`` or a
#: quoted value): only those tags are read attribute by attribute.
_MAY_NAME = re.compile(r"""[\s/"'](?:id|name)\s*=""", re.IGNORECASE)
_NOT_LINE_END = re.compile(r"[^\n\r]")
_LINE = re.compile(r"[^\n\r]*(?:\r\n|\n|\r)?")
_INDENTED = re.compile(r"(?:^|[\n\r])(?:    |\t)")
#: A line whose indented lines after it are its content, not code: an admonition, a tab, a list item,
#: a definition, a raw HTML block's opening tag (not a closing one).
_CONTAINER = re.compile(r"[ ]{0,3}(?:(?:!!!|\?\?\?\+?|===)[ \t]|[-*+][ \t]|\d{1,9}[.)][ \t]|:[ \t]|<(?!/))")
#: What Markdown writes into an attribute value or as escaped text, each pattern's group 1: a link's
#: title, a destination in angle brackets, an image's alternative text, a reference definition's
#: destination and title, an abbreviation's definition.
_VALUES = (
    re.compile(r"""\]\(<?[^()\s<>]*>?\s+("[^"\n]*"|'[^'\n]*'|\([^()\n]*\))\s*\)"""),
    re.compile(r"\]\((<[^<>\n]*>)"),
    re.compile(r"!\[([^\]\n]*)\]"),
    re.compile(r"""^[ ]{0,3}\[[^\]\n]+\]:([ \t]+\S+(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?)""",
               re.MULTILINE),
    re.compile(r"^[ ]{0,3}\*\[[^\]\n]*\](:[^\n]*)", re.MULTILINE),
)


def _named(html: str, tags: Iterable[re.Match[str]]) -> Iterator[tuple[int, str]]:
    """The offset and id of each element of ``html`` that has one, among its start ``tags`` as the
    browser reads them (:mod:`rulecheck.examples.raw_tags`: ``<div/ID=x>`` and ``<div "q" id=x>``
    are ids too), never text that quotes one (``<code>&lt;span id="x"&gt;</code>``), whose ``<``
    Markdown escaped. ``<a name>`` too, which browsers land on."""
    for tag in tags:
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
    return {found: lines.line(first) for found, (first, _) in _first_two(text).items()}


def _first_two(text: str) -> dict[str, tuple[int, int]]:
    """Each id the raw HTML of ``text`` gives an element: the offsets of the first two elements that
    hold it, the second -1 when one alone does."""
    places: dict[str, tuple[int, int]] = {}
    for at, found in _named(text, markdown_start_tags(text)):  # a tag in a value too: Markdown may free it
        first, second = places.get(found, (at, -1))
        if at < first:
            first, second = at, first
        elif at > first and (second < 0 or at < second):
            second = at
        places[found] = (first, second)
    return places


def ids_in_markdown(text: str) -> dict[str, tuple[int, int]]:
    """:func:`ids_written_at` of a page's Markdown outside what gives no element: its code (fences,
    spans, indented blocks), HTML comments, link titles and abbreviations' definitions, which
    Markdown writes as escaped text or attribute values (a twenty-seventh hostile round: these
    were refused as elements). What this misses, the build still finds in what Markdown made.
    Each id with the lines of the first two elements that hold it (the second 0: one alone does)."""
    if "<" not in text:
        return {}
    masked = mask_code(text)
    tags = [(tag.start(), tag.end()) for tag in start_tags(masked)]  # in order, none inside another
    starts = [start for start, _ in tags]

    def in_a_tag(start: int) -> bool:  # a link's or an image's look inside a tag's value is the tag's
        index = bisect.bisect_right(starts, start) - 1
        return index >= 0 and start < tags[index][1]

    in_values = [(m.start(1), m.end(1)) for pattern in _VALUES for m in pattern.finditer(masked)
                 if not in_a_tag(m.start())]
    hidden = sorted([*_indented_code(masked), *comments(masked), *in_values])
    pieces, at = [], 0  # each blanked, line ends kept: one pass however many
    for start, end in hidden:
        if end <= at:
            continue
        start = max(start, at)  # spans may overlap (a comment in a code block): each part blanked once
        pieces += [masked[at:start], _NOT_LINE_END.sub(" ", masked[start:end])]
        at = end
    shown = "".join(pieces) + masked[at:]
    places = _first_two(shown)
    if not places:
        return {}
    lines = LineIndex(shown)
    return {found: (lines.line(first), lines.line(second) if second >= 0 else 0)
            for found, (first, second) in places.items()}


def _indented_code(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each indented code block of ``text``: lines four spaces or a tab in,
    after a blank line or another such line, where the line before the blank was a plain one at
    the margin. After a container's opening (an admonition, a tab, a list item, a definition), a
    container's own indented content, or a raw HTML block's opening line, an indented line is that
    container's or block's, live HTML (a twenty-eighth hostile round): kept. One span a block, not a
    string a line: a page of line ends costs no more than its size."""
    if not _INDENTED.search(text):
        return []  # most pages: read no further
    spans: list[tuple[int, int]] = []
    start, after_blank = -1, True  # start: where the block being read began, -1 outside one
    holds = False  # the last line not blank opens or continues a container or a raw HTML block
    for found in _LINE.finditer(text):
        line = found[0]
        if not line:
            break
        if line.isspace():
            after_blank = True
            continue
        indented = line.startswith(("    ", "\t"))
        if (indented and start >= 0) or (indented and after_blank and not holds):
            start = found.start() if start < 0 else start
            end = found.end()
        else:
            if start >= 0:
                spans.append((start, end))
                start = -1
            holds = indented or bool(_CONTAINER.match(line))
        after_blank = False
    if start >= 0:
        spans.append((start, end))
    return spans


def element_ids(html: str) -> Counter[str]:
    """How many elements of ``html`` (a page as MkDocs rendered it) hold each id."""
    return Counter(found for _, found in _named(html, start_tags(html)))
