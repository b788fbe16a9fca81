"""The heading ids a page writes, each written once in its language.

A trace step names its rule by anchor (``dodge-and-parry``); a heading written
``## Parade { #dodge-and-parry }`` on some page explains it, and each card links its steps there.
A line that reads as such a heading inside a fenced block, an HTML comment or a ``<script>`` is no
heading of the page: a page showing the Markdown of a heading (or hiding one in a comment) took
every card's link to an anchor the site does not have. An id written on two pages of one language
sent every card's step, or a reader's link, to one of them, silently: a located problem.
"""

from __future__ import annotations

import bisect
import html
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import NamedTuple

from markdown import Markdown
from markdown.extensions.attr_list import get_attrs_and_remainder
from markdown.extensions.toc import slugify

from rulecheck.errors import Problem
from rulecheck.examples.capped import Capped
from rulecheck.examples.finder import find_fences, split_lines
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.made_ids import MadeIds
from rulecheck.examples.outcome import Report
from rulecheck.examples.pages import display_path, pages_under, read_page
from rulecheck.examples.raw_tags import Unshown
from rulecheck.examples.references import mask_code

#: A setext heading's underline.
_UNDERLINE = re.compile(r"(?:=+|-+)[ \t]*$")
#: What may hide a brace from attr_list or put one in a child element's text: escapes, code spans,
#: links, raw HTML, entities. A heading holding one is read by Python-Markdown itself.
_INLINE_MARKUP = frozenset("\\`[<&")
#: The longest heading text read by Python-Markdown itself (a heading holds at most 300 characters:
#: :mod:`rulecheck.examples.titles`), and the characters of a page's headings it reads at most: the
#: inline patterns of some texts (``[\{`` repeated) cost it 0.15 s a heading. Past them, a heading's
#: id is read as attr_list reads a text without inline markup: nearly, and the build lands every
#: card's link on the ids of the pages it made whatever the check read.
_LONGEST_READ = 1_000
MARKDOWN_READS = 5_000
#: A line that opens a container whose content is indented by four: an admonition, a collapsible
#: block, a tab, a list item.
_CONTAINER = re.compile(r"(?:!!!|\?\?\?\+?)[ \t]+\S|===\+?[ \t]+\"|(?:[-*+]|\d+\.)[ \t]+\S")  # « 1) » is no list
_QUOTE = re.compile(r"(?:>[ \t]?)+")
#: A raw HTML block: Markdown renders nothing inside it, unless it asks for Markdown (md_in_html).
#: (A void element, ``<hr>``, opens none: it ends where it starts.)
_RAW_BLOCK = re.compile(r" {0,3}<(?P<tag>address|article|aside|blockquote|details|div|dl|fieldset|figure|footer|form"
                        r"|h[1-6]|header|main|nav|ol|p|pre|section|table|ul)(?=[\s/>]|$)(?P<attributes>[^>\n]*)>?",
                        re.IGNORECASE)
_MARKDOWN_ATTRIBUTE = re.compile(r"""(?:^|\s)markdown(?:\s*=\s*(?:"(?P<double>[^"]*)"|'(?P<single>[^']*)'"""
                                 r"""|(?P<bare>[^\s"'>]+)))?""", re.IGNORECASE)
#: md_in_html's tags whose content ``markdown="1"`` makes inline only (no heading), and those it never reads.
_SPAN_TAGS = frozenset({"address", "h1", "h2", "h3", "h4", "h5", "h6", "p"})
_NEVER_READ = frozenset({"pre"})


#: Raw HTML blocks that are no element: a processing instruction (``<?php … ?>``), a CDATA section,
#: a declaration (``<!DOCTYPE …>``); each runs to its own end, which Markdown looks for.
_OTHER_RAW = re.compile(r" {0,3}(<\?|<!\[CDATA\[|<![A-Za-z])")
_OTHER_RAW_ENDS = {"<?": "?>", "<![": "]]>"}


class _RawBlock:
    """A raw HTML block being read: what ends it, and for an element the same element nested in it
    (``<div><div></div> … </div>``: the first ``</div>`` does not end it)."""

    def __init__(self, closer: re.Pattern[str], opener: re.Pattern[str] | None, depth: int) -> None:
        self.closer, self.opener, self.depth = closer, opener, depth

    @classmethod
    def of_tag(cls, tag: str, line: str) -> _RawBlock | None:
        opener = re.compile(rf"<{tag}(?=[\s/>]|$)(?![^<>]*/>)", re.IGNORECASE)  # ``<div/>`` holds nothing
        block = cls(re.compile(rf"</{tag}\s*>", re.IGNORECASE), opener, 0)
        return None if block.closed_by(line) else block

    @classmethod
    def until(cls, end: str | None, rest: str) -> _RawBlock | None:
        end = end or ">"  # a declaration ends at its ``>``
        return None if end in rest else cls(re.compile(re.escape(end)), None, 1)

    def closed_by(self, line: str) -> bool:
        """Whether ``line`` ends the block (its elements' starts and ends counted)."""
        opened = len(self.opener.findall(line)) if self.opener is not None else 0
        self.depth += opened - len(self.closer.findall(line))
        return self.depth <= 0


def _asks_blocks(tag: str, attributes: str) -> bool:
    """Whether md_in_html reads a raw block's content as Markdown blocks, headings included."""
    found = _MARKDOWN_ATTRIBUTE.search(attributes)
    if found is None or tag in _NEVER_READ:
        return False
    value = found["double"] if found["double"] is not None else found["single"] if found["single"] is not None \
        else found["bare"] if found["bare"] is not None else "1"  # ``<div markdown>`` is markdown="1"
    return value == "block" or (value == "1" and tag not in _SPAN_TAGS)


def atx_text(line: str) -> str:
    """The text of an ATX heading's line (one starting with ``#``), as Python-Markdown's
    ``HashHeaderProcessor`` reads it: after at most six hashes, without the hashes that end the
    line (unless the first is escaped), stripped. In one pass: a pattern that tried each end of the
    text took minutes on a heading of many spaces."""
    rest = line[min(len(line) - len(line.lstrip("#")), 6):]
    text = rest.rstrip("#")
    if len(text) < len(rest) and (len(text) - len(text.rstrip("\\"))) % 2:
        text = rest[:len(text) + 1]  # ``\#``: an escaped hash is text
    return text.strip()


def opens_heading(body: str) -> bool:
    """Whether a line (its container's prefix taken off) is an ATX heading's: it starts with ``#`` and
    does not end in a backslash that escapes nothing, past which ``HashHeaderProcessor`` cannot read
    (``# Title \\`` is a paragraph's line; ``# Title \\\\``, an escaped backslash, a heading)."""
    return body.startswith("#") and (len(body) - len(body.rstrip("\\"))) % 2 == 0


def heading_id(text: str, allowance: list[int] | None = None) -> str | None:
    """The explicit id of a heading's text (``atx_text``, or a setext heading's line), or None, as
    attr_list gives it: the list after a space at the end of the text, whose every word it reads or
    none (``{x} { #y }`` gives none), the last ``#id`` winning. A text whose inline markup may hide
    or add a brace is read by Python-Markdown itself, within ``allowance`` (``[characters left]``,
    the page's :data:`MARKDOWN_READS`, which it spends)."""
    if "{" not in text:
        return None
    if text.count("{") == 1 and not _INLINE_MARKUP.intersection(text):
        return _attribute_id(text)
    if len(text) > _LONGEST_READ or (allowance is not None and allowance[0] < len(text)):
        return _attribute_id(text)
    if allowance is not None:
        allowance[0] -= len(text)
    return _id_read_by_markdown(text)


def _attribute_list(text: str) -> tuple[int, list[tuple[str, str | None]]] | None:
    """Where the attribute list ending a heading's text starts and the attributes attr_list gives
    the heading from it, or None where it gives none: its ``HEADER_RE`` (``[ ]+{:?[ ]*([^} ][^\\n]*)}[ ]*$``,
    the first match from the left) and its strict reading (every word read or none), in one pass: each
    ``{`` looked at where it stands, the rest of the heading copied once (a heading of 49,000 ``{:}``
    copied it at each, 2 to 5 s: a twenty-ninth hostile round)."""
    end = text.rstrip(" ")
    if not end.endswith("}"):
        return None
    last = len(end) - 1  # the closing brace
    at = end.find(" {")
    while at != -1:
        first = at + 2 + (end.startswith(":", at + 2))
        while first < last and end[first] == " ":
            first += 1
        if first < last and end[first] not in "} ":
            attributes, remainder = get_attrs_and_remainder(end[first:last])
            return None if remainder else (at, attributes)
        at = end.find(" {", max(at + 1, first))
    return None


def _attribute_id(text: str) -> str | None:
    """The last ``#id`` of the attribute list attr_list reads at the end of ``text``, or None."""
    ids = [value for key, value in found[1] if key == "id"] if (found := _attribute_list(text)) else []
    return ids[-1] if ids else None


#: What of a heading's Markdown its rendered text, which MkDocs makes its id of, does not hold: an
#: image, a link's destination (its text kept), a tag, a code span's backticks, an emphasis's
#: underscores (a slug keeps ``_``; ``*`` it drops). Each reads up to the next bracket or tag, never on
#: from every ``[`` or ``<`` of a heading of 50,000 of them.
_NOT_RENDERED = (
    (re.compile(r"!\[[^\[\]\n]*\](?:\([^()\n]*\)|\[[^\[\]\n]*\])"), ""),
    (re.compile(r"\[([^\[\]\n]*)\](?:\([^()\n]*\)|\[[^\[\]\n]*\])"), r"\1"),
    (re.compile(r"<((?:https?|ftp)://[^<>\s]+|[^<>\s@]+@[^<>\s@]+)>"), r"\1"),  # an autolink shows its address
    (re.compile(r"<[^<>\n]*>"), ""), (re.compile(r"`+"), ""), (re.compile(r"(?<![^\W_])_+|_+(?![^\W_])"), ""),
)


#: A footnote's reference (``[^9]``) and a footnote's definition at a line's start (``[^9]: …``).
_FOOTNOTE = re.compile(r"\[\^([^\[\]\n]+)\]")
_FOOTNOTE_DEFINED = re.compile(r"(?:\A|(?<=\n))[ \t>]*\[\^([^\[\]\n]+)\]:")  # in a container too


def _rendered_text(text: str, footnotes: frozenset[str] = frozenset()) -> str:
    """The text of a heading as Markdown renders it, near enough to make its id of: its comments out
    (each ended by the first ``-->`` after it), the references to the page's ``footnotes`` (toc makes
    no id of a footnote's number), then :data:`_NOT_RENDERED`, then its entities read."""
    if footnotes and "[^" in text:
        text = _without_footnotes(text, footnotes)
    pieces, at = [], 0
    while (start := text.find("<!--", at)) >= 0 and (end := text.find("-->", start + 4)) >= 0:
        pieces.append(text[at:start])
        at = end + 3
    text = "".join(pieces) + text[at:]
    for pattern, kept in _NOT_RENDERED:
        text = pattern.sub(kept, text)
    return html.unescape(text)


def _without_footnotes(text: str, footnotes: frozenset[str]) -> str:
    """``text`` without its references to ``footnotes``, but for those inside a code span (an odd
    number of backticks before them: near enough), counted along in one pass."""
    pieces, at, ticks = [], 0, 0
    for found in _FOOTNOTE.finditer(text):
        ticks += text.count("`", at, found.start()) - text.count("\\`", at, found.start())  # « \` » opens none
        if found[1] in footnotes and ticks % 2 == 0:
            pieces.append(text[at:found.start()])
            at = found.end()
            continue
        ticks += found[0].count("`")
        pieces.append(text[at:found.end()])
        at = found.end()
    return "".join(pieces) + text[at:]


def _without_attribute_list(text: str) -> str:
    """The text Markdown makes an id of: without the attribute list attr_list took from it, if any."""
    return text[:found[0]] if (found := _attribute_list(text)) else text


@cache
def _markdown() -> Markdown:
    return Markdown(extensions=["attr_list"])


#: The id of the heading Python-Markdown writes (its start tag comes first, its attributes quoted).
_WRITTEN_ID = re.compile(r'<h1(?: [^>]*?)? id="(?P<id>[^"]*)"')


def _id_read_by_markdown(text: str) -> str | None:
    reader = _markdown()
    reader.reset()
    written = _WRITTEN_ID.match(reader.convert(f"# {text}"))
    return html.unescape(written["id"]) if written else None


#: The ids the build gives elements of a page (a card, ``ex-<example>``; a cast member's entry,
#: ``cast-<member>``; a battle map's pattern, title and description, ``rcm-<example>-…``; the print
#: edition's chapters and contents), which a heading's text may make too:
#: :mod:`rulecheck.examples.anchors`, :mod:`rulecheck.hosts.print_edition`.
GIVEN_PREFIXES = ("ex-", "cast-", "rcm-", "chapter-", "print-contents")


class Heading(NamedTuple):
    """A heading of a page: its line (1-based), its text as Markdown reads it, its explicit id or,
    without one, the id MkDocs makes of its text."""

    line: int
    text: str
    id: str | None
    made: str | None = None


def _heading(line: int, text: str, allowance: list[int], made_ids: MadeIds | None = None,
             footnotes: frozenset[str] = frozenset()) -> Heading | None:
    """The heading, if it has an explicit id or its text makes one of :data:`GIVEN_PREFIXES`: the
    others matter to no check, and a page of 10,000 one-character headings keeps none of them. The
    id MkDocs makes of a heading without one goes to ``made_ids``, when given."""
    if (explicit := heading_id(text, allowance)) is not None:
        return Heading(line, text, explicit)
    if made_ids is None and not any(char == "-" or char.isspace() for char in text):
        return None  # no word boundary (a no-break space is one): no id with a prefix's hyphen
    made = slugify(_rendered_text(_without_attribute_list(text).rstrip(" \t#"), footnotes), "-")
    if made_ids is not None and made:
        made_ids.add(made, line)
    return Heading(line, text, None, made) if made.startswith(GIVEN_PREFIXES) else None


def heading_lines(text: str) -> dict[str, int]:
    """``{id: line}`` of the explicit ids of the page's own headings (:func:`page_headings`), in
    page order, each at its first line."""
    return heading_ids(page_headings(text))


def file_heading_lines(path: Path) -> dict[str, int]:
    """:func:`heading_lines` of a page's file, none if it cannot be read (the page's own check says
    so where it stands)."""
    try:
        return heading_lines(read_page(path))
    except (OSError, UnicodeDecodeError):
        return {}


def heading_ids(headings: Iterable[Heading]) -> dict[str, int]:
    """``{id: line}`` of the explicit ids of ``headings``, each at its first line."""
    found: dict[str, int] = {}
    for heading in headings:
        if heading.id is not None:
            found.setdefault(heading.id, heading.line)
    return found


def headings_written_twice(path: str, headings: list[Heading]) -> list[Problem]:
    """A problem at each later heading of one page that writes an id an earlier one wrote: the built
    page holds two elements of it (a thirtieth hostile round: only two pages' headings were
    compared). A few of each said, the rest summed up, as a page of a thousand would hold."""
    first = heading_ids(headings)
    taken = Capped()
    for heading in headings:
        if heading.id is not None and first[heading.id] != heading.line:
            where = f"{path}:{first[heading.id]}"
            taken.add(Problem(path=path, line=heading.line, related=(where,), kind="id-twice", message=(
                f"heading id `{heading.id}` is also written by the heading at line {first[heading.id]} of this "
                "page: the built page would hold two elements of one id, and a link to it lands on the first. "
                "Hint: give one of them another id")))
    return taken.problems


class _Fences:
    """A page's fenced blocks, found once, asked line by line."""

    def __init__(self, lines: Sequence[str]) -> None:
        self._spans = [(fence.start, fence.end) for fence in find_fences(lines)]  # 0-based lines, closer in
        self._starts = [start for start, _ in self._spans]

    def around(self, line: int) -> tuple[int, int] | None:
        """The first and last line of the fenced block holding ``line`` (0-based), if one does."""
        at = bisect.bisect_right(self._starts, line) - 1
        return self._spans[at] if at >= 0 and line <= self._spans[at][1] else None


def _defined_footnotes(text: str, fences: _Fences, unshown: Unshown) -> frozenset[str]:
    """The labels of the footnotes ``text`` defines: not in a fence, a comment or a raw-text element,
    which define none (a thirty-first hostile round)."""
    index = LineIndex(text)
    return frozenset(found[1] for found in _FOOTNOTE_DEFINED.finditer(text)
                     if fences.around(index.line(found.start()) - 1) is None and unshown.around(found.start()) is None)


def page_headings(text: str, made_ids: MadeIds | None = None) -> list[Heading]:
    """The page's own headings that matter to a check (:func:`_heading`), in page order, read as
    Python-Markdown reads them: ATX headings
    (with or without a space after the hashes, closing hashes or not) and setext ones, in block
    quotes, admonitions, tabs and list items (their content four spaces in); not those of lines
    inside a fenced block, an indented code block, a raw HTML block, an HTML comment or a raw-text
    element (``<script>``…)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as Markdown reads it: a lone \r ends a line too
    lines = split_lines(text)  # each line cut when read: a page of 20,000 line ends holds no list of them
    # a `<template>` or a `<!--` in a code span or a fence opens nothing: the authors' page lost every
    # heading after « (a `<template>`, … ) » (an anchor check of its own links found it)
    unshown = Unshown(mask_code(text))
    fences = _Fences(lines)
    footnotes = _defined_footnotes(text, fences, unshown) if "[^" in text else frozenset()
    found: list[Heading] = []
    allowance = [MARKDOWN_READS]
    containers: list[int] = []  # the content indent of each open container
    raw: _RawBlock | None = None  # the raw HTML block we are in
    block_start = True  # the line starts a block: after a blank line, a heading, a container's opener
    underline = -1  # the line under a setext heading, read with it
    for number, line in enumerate(lines):
        if fence := fences.around(number):
            if number == fence[0]:  # a fence less indented than a container's content ends it
                opened = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip(" "))
                while containers and opened < containers[-1]:
                    containers.pop()
            block_start = False
            continue
        if not line.strip():
            block_start = True
            continue
        if raw is not None or number == underline:
            if raw is not None and raw.closed_by(line):
                raw = None
            block_start = number == underline
            continue
        expanded = line.expandtabs(4)
        indent = len(expanded) - len(expanded.lstrip(" "))
        # A lazy line (a paragraph's, not after a blank) stays in its container; a heading ends it.
        heading_out = opens_heading(expanded.lstrip(" ")) and indent in (0, *containers)
        while (block_start or heading_out) and containers and indent < containers[-1]:
            containers.pop()
        base = containers[-1] if containers else 0
        body = expanded[base:] if indent >= base else ""
        if indent - base >= 4 and block_start:
            continue  # an indented code block: the line after it starts a block
        if not body:
            block_start = False
            continue  # a lazy line of a paragraph
        body = _QUOTE.sub("", body, count=1) if body.startswith(">") else body
        at = lines.start(number)
        if opens_heading(body) and unshown.around(at) is None:
            if kept := _heading(number + 1, atx_text(body), allowance, made_ids, footnotes):
                found.append(kept)
            block_start = True  # a heading ends its block
            continue
        if opener := _CONTAINER.match(body):
            containers.append(base + 4)
            block_start = opener[0][0] in "!?="  # an admonition's or a tab's content starts a block, not a list item's
            continue
        if (block_start and number + 1 < len(lines) and _UNDERLINE.match(lines[number + 1].expandtabs(4)[base:])
                and unshown.around(at) is None):
            if kept := _heading(number + 1, body.strip(), allowance, made_ids, footnotes):
                found.append(kept)
            underline = number + 1
            continue
        if base == 0 and (tag := _RAW_BLOCK.match(body)) and not _asks_blocks(tag["tag"].lower(), tag["attributes"]):
            raw = _RawBlock.of_tag(tag["tag"].lower(), body)  # open until its own closing tag, if not closed here
        elif base == 0 and (other := _OTHER_RAW.match(body)):
            raw = _RawBlock.until(_OTHER_RAW_ENDS.get(other[1][:3]), body[other.end():])
        block_start = False
    return found


def check_heading_ids(report: Report, root: Path, skip: Callable[[Path], bool], walked: Iterable[Path] = ()) -> None:
    """A problem where a heading id is written on two pages of one language (a rule's anchor, which
    the cards' steps link to, or any other): on each later page the check read, or on the first when
    it read no later one (a run on one page reads its language's other pages for their headings).
    Also where a raw element of a page read takes a heading's id, or one another element of the page
    holds (:func:`rulecheck.examples.element_ids.ids_in_markdown`), and where the id MkDocs makes of
    a heading's text is a rule's, written on another page, that the cards of the pages read link to
    (their steps land by id alone), or an element's of the same page: the build refuses all four.
    ``skip``: the pages MkDocs leaves out, which build nothing to link to; ``walked``: the folders
    the check listed already, whose pages it read."""
    read = {folder.resolve() for folder in walked}
    languages: dict[Path | None, dict[str, dict[str, int]]] = {}  # {language folder: {page: its heading ids}}
    for path, page in report.pages.items():
        at = page.language_at
        folder = Path(*page.source.parts[:at + 1]) if page.source is not None and at is not None else None
        languages.setdefault(folder, {})[path] = page.headings
    for folder, pages in languages.items():
        unread = folder is not None and folder.resolve() not in read
        for found, _ in pages_under([folder], root, skip)[0] if unread and folder is not None else ():
            shown = display_path(found, root)
            if shown not in pages:
                pages[shown] = file_heading_lines(found)
        writers: dict[str, list[tuple[str, int]]] = {}
        for path in sorted(pages):
            for anchor, line in pages[path].items():
                writers.setdefault(anchor, []).append((path, line))
        linked = {step.anchor for path in pages if path in report.pages for outcome in report.pages[path].outcomes
                  for step in getattr(outcome.result, "trace", ()) if step.anchor}
        for path in sorted(set(pages) & set(report.pages)):
            taken = Capped()  # a page of a thousand such ids: a few of each kind said, the rest summed up
            for anchor in sorted(linked & writers.keys()):
                # A heading's id the page itself writes, MkDocs makes apart (`_1`): only another page's counts.
                elsewhere = [place for place in writers[anchor] if place[0] != path]
                if elsewhere and (made := report.pages[path].made_ids.line(anchor)) is not None:
                    where = f"{elsewhere[0][0]}:{elsewhere[0][1]}"
                    taken.add(Problem(path=path, line=made, related=(where,), kind="id-of-heading", message=(
                        f"`{anchor}` is the id MkDocs makes of this heading's text, and the heading at {where} "
                        "writes it for the rule the cards' steps link to: their links may land here instead. Hint: "
                        f"give this heading an id of its own (`{{ #another-id }}` at its end)")))
            for anchor, (line, again) in sorted(report.pages[path].element_ids.items(), key=lambda item: item[1]):
                if again:
                    taken.add(Problem(path=path, line=again, related=(f"{path}:{line}",), kind="id-twice", message=(
                        f"`{anchor}` is the id of an element written here and of another at line {line} of this page: "
                        "the built page would hold two elements of one id, and a link to it lands on the first. "
                        "Hint: give one of them another id")))
                if anchor in writers:
                    other, other_line = writers[anchor][0]
                    where = f"{other}:{other_line}"
                    taken.add(Problem(path=path, line=line, related=(where,), kind="id-of-heading", message=(
                        f"`{anchor}` is the id of an element written here and of the heading at {where}: a link "
                        "to it (a card's step, a cross-reference) lands on one of the two, in no order a reader "
                        "sees; give the element another id")))
                elif (made := report.pages[path].made_ids.line(anchor)) is not None:  # MkDocs sees no raw HTML
                    taken.add(Problem(path=path, line=line, related=(f"{path}:{made}",), kind="id-of-heading", message=(
                        f"`{anchor}` is the id of an element written here and the id MkDocs makes of the text of the "
                        f"heading at line {made}: the built page would hold two elements of that id, or the heading's "
                        f"numbered apart (`{anchor}_1`), and a link meant for it lands on the element. Hint: give the "
                        "element another id, or the heading one of its own")))
            report.pages[path].problems += taken.problems
        for anchor, places in writers.items():
            if len(places) < 2:
                continue
            told = [(place, places[0]) for place in places[1:] if place[0] in report.pages]
            if not told and places[0][0] in report.pages:
                told = [(places[0], places[1])]
            for (path, line), (other, other_line) in told:
                where = f"{other}:{other_line}"
                report.pages[path].problems.append(Problem(path=path, line=line, related=(where,), message=(
                    f"heading id `{anchor}` is also written at {where}: a link to it (a card's step, a "
                    "cross-reference) lands on one of the two, in no order a reader sees; give one another id")))
