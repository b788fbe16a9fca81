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
from collections.abc import Callable, Iterator
from typing import ClassVar, NamedTuple

#: HTML's spaces: not Python's ``\s``, whose no-break space and vertical tab a browser reads as
#: part of a name or a value.
_S = "\t\n\f\r "
#: One attribute of a start tag as the browser's tokenizer reads it: a name, which may hold a quote
#: or a ``<`` and open with ``=`` (``<div "x" class=…>``, ``<div =x …>``: attributes to a browser), up
#: to a space, ``/``, ``>`` or ``=``; and a value after ``=``: quoted (``double`` or ``single``, without
#: its quotes), or ``bare`` up to a space or ``>`` (a ``/``, a ``<`` within it are the value's), never
#: opening with a quote, or none before ``>`` (``x= >``). Once ``=`` follows the name, a value (or
#: ``>``) must: ``x="…`` with its quote left open never closes, as for the browser.
ATTRIBUTE = re.compile(
    rf"""(?P<name>[^{_S}/>][^{_S}/>=]*+)"""
    rf"""(?:[{_S}]*+=[{_S}]*+(?:"(?P<double>[^"]*+)"|'(?P<single>[^']*+)'|(?P<bare>[^{_S}>"'][^{_S}>]*+)|(?=>))"""
    rf"""|(?![{_S}]*+=))""")
#: A start tag's attributes: each an :data:`ATTRIBUTE`, with spaces or ``/`` between them (``<div/id=x>``
#: is a div of id ``x``), or nothing after a quoted value. Every part is possessive: one tag is read in
#: time linear in its length (a twenty-fourth hostile round: a grammar that read ``b/c=`` two ways took
#: 30 s on a line of 112 characters).
ATTRIBUTES = rf"(?>[{_S}/]*+" + re.sub(r"\(\?P<\w+>", "(?:", ATTRIBUTE.pattern) + rf")*+[{_S}/]*+"
#: One start tag: its ``name``, then its ``attrs`` (:data:`ATTRIBUTES`).
START_TAG = re.compile(rf"<(?P<name>[A-Za-z][^{_S}/>]*+)(?P<attrs>{ATTRIBUTES})>")
_OPENER = re.compile(r"<[A-Za-z]")
_TAG_NAME = re.compile(rf"<[A-Za-z][^{_S}/>]*+")
_BETWEEN = re.compile(rf"[{_S}/]*+")
_EQUALS = re.compile(rf"[{_S}]*+=[{_S}]*+")


class Attribute(NamedTuple):
    """An attribute as the browser keeps it: its name in lower case, its value as written (entities
    not decoded; None when it has none), where the value (or, without one, the name) stands, and
    its name as written."""

    name: str
    value: str | None
    start: int
    end: int
    written_name: str


def attributes(tag: str, offset: int = 0) -> list[Attribute]:
    """The attributes of ``tag`` (a :data:`START_TAG`'s text), the first of each name only, as the
    browser keeps them; their places counted from ``offset`` (the tag's in its page)."""
    found: dict[str, Attribute] = {}
    name_end = _TAG_NAME.match(tag)
    for attribute in ATTRIBUTE.finditer(tag, name_end.end() if name_end else 0):
        name = attribute["name"].lower()
        if name in found:
            continue
        group = next((group for group in ("double", "single", "bare") if attribute[group] is not None), "name")
        value = None if group == "name" else attribute[group]
        found[name] = Attribute(name, value, offset + attribute.start(group), offset + attribute.end(group),
                                attribute["name"])
    return list(found.values())


class _Reader:
    """Start tags read as the browser's tokenizer reads them, one token at a time, for the starts
    after a first one that did not close (:func:`start_tags`).

    A start that does not close runs to the end of the text, and so would every start inside it,
    each read again to the end: ``<a y=<a y=…`` (each start a bare value of the one before) took
    43 s for 80 KB (a twenty-fifth hostile round). Here the end of each token (a name, a bare or
    quoted value) is looked up among the places of the characters that end it, found once for the
    whole text, and the places where a start that failed stood between two attributes are
    ``doomed``: another start that stands there reads on as it did, and fails at once. The text is
    read in time about linear in its length."""

    _ENDS: ClassVar[dict[str, str]] = {
        "tag name": rf"[{_S}/>]", "name": rf"[{_S}/>=]", "bare": rf"[{_S}>]", '"': '"', "'": "'"}

    def __init__(self, text: str, start: int, stop: int) -> None:
        self.text, self.stop = text, stop
        self.ends = {kind: [found.start() for found in re.finditer(pattern, text[start:stop])]
                     for kind, pattern in self._ENDS.items()}
        self.start = start
        self.doomed: set[int] = set()

    def _end(self, kind: str, at: int) -> int:
        """The first place at or after ``at`` of a character that ends a token of ``kind``."""
        places = self.ends[kind]
        index = bisect.bisect_left(places, at - self.start)
        return places[index] + self.start if index < len(places) else self.stop

    def closes(self, opener: int) -> bool:
        """Whether the start tag at ``opener`` (a ``<`` and a letter) closes before the end."""
        text, stop = self.text, self.stop
        at = self._end("tag name", opener + 2)
        passed = []  # where this start stood between two attributes
        while at not in self.doomed:
            passed.append(at)
            at = _BETWEEN.match(text, at, stop).end()  # type: ignore[union-attr]  # matches empty text
            if at in self.doomed or at >= stop:
                break
            if text[at] == ">":
                return True
            passed.append(at)
            at = self._end("name", at + 1)  # a name's first character may be `=`
            equals = _EQUALS.match(text, at, stop)
            if equals is None:
                continue
            at = equals.end()
            if at >= stop:
                break
            if text[at] in "\"'":
                at = self._end(text[at], at + 1) + 1
                if at > stop:
                    break
            elif text[at] != ">":
                at = self._end("bare", at)
        self.doomed.update(passed)
        return False


def start_tags(text: str, start: int = 0, end: int | None = None) -> Iterator[re.Match[str]]:
    """Each start tag of ``text[start:end]``, in order, none inside another.

    A start that never closes is read as text, as Markdown leaves it, and the next start is read
    after it; once one start has failed, the next are read token by token (:class:`_Reader`), so
    that the page is read in time about linear in its length."""
    stop = len(text) if end is None else end
    at = start
    reader: _Reader | None = None  # after a first start that did not close
    while True:
        opener = _OPENER.search(text, at, stop)
        if opener is None:
            return
        tag = None
        if reader is None or reader.closes(opener.start()):
            tag = START_TAG.match(text, opener.start(), stop)
        if tag is None:
            if reader is None:
                reader = _Reader(text, opener.start(), stop)
                reader.closes(opener.start())
            at = opener.start() + 1
            continue
        yield tag
        at = tag.end()


def markdown_start_tags(text: str) -> Iterator[re.Match[str]]:
    """Each start tag a page's Markdown may give the page: those of :func:`start_tags`, and those
    within another's attribute value, which become the page's where Markdown escapes a start it does
    not take for a tag (``<i@ t="<span id=x>">``: a twenty-sixth hostile round; ``<i@ t=<div/id=x>``,
    a bare value whose tag ends with the outer one's ``>``: a twenty-seventh). Two levels deep at
    most, so that starts nested in starts cost no more than a line's length each. Not in order."""
    spans = [(0, len(text), 0)]
    while spans:
        start, end, depth = spans.pop()
        for tag in start_tags(text, start, end):
            yield tag
            if depth == 2:
                continue
            for attribute in ATTRIBUTE.finditer(text, tag.start("attrs"), tag.end("attrs")):
                quoted = next((kind for kind in ("double", "single") if attribute[kind] is not None), None)
                if quoted is not None and "<" in attribute[quoted]:
                    spans.append((attribute.start(quoted), attribute.end(quoted), depth + 1))
                elif attribute["bare"] is not None and "<" in attribute["bare"]:
                    spans.append((attribute.start("bare"), tag.end(), depth + 1))
                    break  # the freed tag runs on to the outer one's end, over the attributes after


def rewritten_start_tags(text: str, rewrite: Callable[[re.Match[str]], str]) -> str:
    """``text`` with each of its :func:`start_tags` replaced by ``rewrite(tag)``."""
    pieces, at = [], 0
    for tag in start_tags(text):
        pieces += [text[at:tag.start()], rewrite(tag)]
        at = tag.end()
    return "".join(pieces) + text[at:]


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


__all__ = ["ATTRIBUTE", "ATTRIBUTES", "RAW_TEXT", "START_TAG", "Attribute", "Unshown", "attributes", "comments",
           "raw_text", "rewritten_start_tags", "start_tags"]
