"""The ids a page gives its elements, read as the browser reads start tags: in a page as MkDocs
rendered it (:func:`element_ids`), and in a page's Markdown, where an author wrote them besides the
headings (:func:`ids_written_at`), which the check compares with the headings' ids across pages and
the build uses to locate an id held twice."""

from __future__ import annotations

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
    written: dict[str, int] = {}
    for at, found in _named(text, markdown_start_tags(text)):  # a tag in a value too: Markdown may free it
        written[found] = min(written.get(found, at), at)
    return {found: lines.line(at) for found, at in written.items()}


def ids_in_markdown(text: str) -> dict[str, int]:
    """:func:`ids_written_at` of a page's Markdown outside its code and HTML comments, which give
    no element."""
    if "<" not in text:
        return {}
    masked = mask_code(text)
    pieces, at = [], 0  # each comment blanked, line ends kept: one pass however many comments
    for start, end in comments(masked):
        pieces += [masked[at:start], _NOT_LINE_END.sub(" ", masked[start:end])]
        at = end
    return ids_written_at("".join(pieces) + masked[at:])


def element_ids(html: str) -> Counter[str]:
    """How many elements of ``html`` (a page as MkDocs rendered it) hold each id."""
    return Counter(found for _, found in _named(html, start_tags(html)))
