"""Raw HTML start tags in a page, where a browser finds them.

A tag ends at the first ``>`` outside a quoted attribute value: ``<div title=">" class="x">`` is
one tag with two attributes, and ``<a title="<" href="…">`` one link. Reading a tag up to its next
``>`` (``<[a-z][^<>]*>``) stopped inside the first value and never saw the attributes after it,
which let a hand-written "✓ checked" card and a prose reference in a link's address through.

A quote opens a value only right after ``=``, as in HTML (``a=x"y`` is the value ``x"y``). The page
is read once from left to right; a ``<`` inside a tag is part of that tag, as for a browser. A
start whose tag never closes (a value's quote left open to the end of the page) is read as text.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

#: One attribute of a start tag as the browser reads it: a name, and a value after ``=``: quoted
#: (``double`` or ``single``, without its quotes), or ``bare`` up to a space or ``>`` (a ``/``
#: within it is the value's), never opening with a quote, or none (``x= >``). A name holds no ``<`` or quote (an
#: unclosed tag ends at the next one). For a reader that rewrites attributes (the print edition).
ATTRIBUTE = re.compile(r"""(?P<name>[^\s/>=<"']++)(?:\s*+=\s*+"""
                       r"""(?:"(?P<double>[^"]*+)"|'(?P<single>[^']*+)'|(?P<bare>[^\s>"'][^\s>]*+))?)?""")
#: A start tag's attributes: each an :data:`ATTRIBUTE`, with spaces or ``/`` between them, or
#: nothing after a quoted value. Every part is possessive (``*+``, ``(?>…)``): a tag that does not
#: close fails in time linear in its length. Without that, a bare value and the ``/`` between
#: attributes each read ``b/c=`` two ways, and ``<a x=`` then ``b/c=`` 26 times took 30 s, each one
#: more doubling it (a twenty-fourth hostile round).
ATTRIBUTES = r"(?>[\s/]*+" + re.sub(r"\(\?P<\w+>", "(?:", ATTRIBUTE.pattern) + r")*+[\s/]*+"
#: One start tag: its name, then its :data:`ATTRIBUTES`.
START_TAG = re.compile(r"<[A-Za-z][^\s/>]*+" + ATTRIBUTES + ">")
_OPENER = re.compile(r"<[A-Za-z]")


def start_tags(text: str, start: int = 0, end: int | None = None) -> Iterator[re.Match[str]]:
    """Each start tag of ``text[start:end]``, in order, none inside another."""
    stop = len(text) if end is None else end
    at = start
    while True:
        opener = _OPENER.search(text, at, stop)
        if opener is None:
            return
        tag = START_TAG.match(text, opener.start(), stop)
        if tag is None:
            at = opener.start() + 1
            continue
        yield tag
        at = tag.end()


#: Elements whose content a browser reads as text or not at all: a value bound there is markup
#: shown as written, or a script's syntax error.
RAW_TEXT = ("script", "style", "textarea", "title", "template")
_RAW_TEXT_OPEN = re.compile(r"<(" + "|".join(RAW_TEXT) + r")(?=[\s/>])", re.IGNORECASE)
_RAW_TEXT_CLOSE = {name: re.compile(f"</{name}", re.IGNORECASE) for name in RAW_TEXT}


def comments(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of each HTML comment; an unclosed one runs to the end of the text."""
    found = []
    start = text.find("<!--")
    while start >= 0:
        end = text.find("-->", start + 4)
        end = len(text) if end < 0 else end + 3
        found.append((start, end))
        start = text.find("<!--", end)
    return found


def raw_text(text: str) -> list[tuple[int, int, str]]:
    """The (start, end, name) of each element of :data:`RAW_TEXT`, from its start tag to its end
    tag (or the end of the text, as a browser reads an unclosed one)."""
    found = []
    at = 0
    while (opened := _RAW_TEXT_OPEN.search(text, at)) is not None:
        name = opened[1].lower()
        closed = _RAW_TEXT_CLOSE[name].search(text, opened.end())
        end = len(text) if closed is None else closed.start()
        found.append((opened.start(), end, name))
        at = max(end, opened.end())
    return found


class Unshown:
    """Where a page shows no text of its own: its HTML comments and raw-text elements
    (``<script>``, ``<textarea>``…), each kind found once and looked up by bisection."""

    def __init__(self, text: str) -> None:
        self.kinds = [[(start, end, "an HTML comment") for start, end in comments(text)],
                      [(start, end, f"a <{name}> element") for start, end, name in raw_text(text)]]
        self.starts = [[start for start, _, _ in spans] for spans in self.kinds]

    def around(self, at: int) -> str | None:
        """What holds offset ``at``, in words, if anything."""
        for spans, starts in zip(self.kinds, self.starts, strict=True):
            index = bisect.bisect_right(starts, at) - 1
            if index >= 0 and at < spans[index][1]:
                return spans[index][2]
        return None


__all__ = ["ATTRIBUTE", "ATTRIBUTES", "RAW_TEXT", "START_TAG", "Unshown", "comments", "raw_text", "start_tags"]
