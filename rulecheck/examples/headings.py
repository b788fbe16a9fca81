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
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from rulecheck.errors import Problem
from rulecheck.examples.finder import find_fences, split_lines
from rulecheck.examples.outcome import Report
from rulecheck.examples.pages import display_path, pages_under, read_page
from rulecheck.examples.raw_tags import Unshown

#: An ATX heading's line (Python-Markdown needs no space after the hashes), its closing hashes taken off.
_ATX = re.compile(r"#{1,6}(?P<text>[^\n]*?)(?:[ \t]+#+)?[ \t]*$")
#: A setext heading's underline.
_UNDERLINE = re.compile(r"(?:=+|-+)[ \t]*$")
#: An attribute list at the end of a heading's text (attr_list: ``{ #id }``, ``{: #id .class key=value }``).
_ATTRIBUTES = re.compile(r"\{:?(?P<list>[^{}\n]*)\}[ \t]*$")
_ID = re.compile(r"(?:^|[ \t])#(?P<id>[^\s{}#]+)")
#: A line that opens a container whose content is indented by four: an admonition, a collapsible
#: block, a tab, a list item.
_CONTAINER = re.compile(r"(?:!!!|\?\?\?\+?)[ \t]+\S|===\+?[ \t]+\"|(?:[-*+]|\d+[.)])[ \t]+\S")
_QUOTE = re.compile(r"(?:>[ \t]?)+")
#: A raw HTML block: Markdown renders nothing inside it, unless it asks for Markdown (md_in_html).
_RAW_BLOCK = re.compile(r"<(?P<tag>address|article|aside|blockquote|details|div|dl|fieldset|figure|footer|form|h[1-6]"
                        r"|header|hr|main|nav|ol|p|pre|section|table|ul)\b(?P<attributes>[^>\n]*)>?", re.IGNORECASE)
_ASKS_MARKDOWN = re.compile(r"\bmarkdown\b", re.IGNORECASE)


def heading_id(line: str) -> str | None:
    """The explicit id of a heading's text, written as attr_list reads it, or None."""
    attributes = _ATTRIBUTES.search(line)
    found = _ID.search(attributes["list"]) if attributes else None
    return found["id"] if found else None


def heading_lines(text: str) -> dict[str, int]:
    """``{id: line}`` of the explicit ids of the page's own headings, in page order, each at its
    first line, read as Python-Markdown reads them: ATX headings (with or without a space after the
    hashes, closing hashes or not) and setext ones, in block quotes, admonitions, tabs and list
    items (their content four spaces in); not those of lines inside a fenced block, an indented
    code block, a raw HTML block, an HTML comment or a raw-text element (``<script>``…)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as Markdown reads it: a lone \r ends a line too
    lines = split_lines(text)  # each line cut when read: a page of 20,000 line ends holds no list of them
    unshown = Unshown(text)
    fences = [(fence.start, fence.end) for fence in find_fences(lines)]  # 0-based lines, closer in
    starts = [start for start, _ in fences]
    found: dict[str, int] = {}
    containers: list[int] = []  # the content indent of each open container
    raw: str | None = None  # the tag of the raw HTML block we are in
    block_start = True  # the line starts a block: after a blank line, a heading, a container's opener
    underline = -1  # the line under a setext heading, read with it
    for number, line in enumerate(lines):
        fence = bisect.bisect_right(starts, number) - 1
        if fence >= 0 and number <= fences[fence][1]:
            if number == fences[fence][0]:  # a fence less indented than a container's content ends it
                opened = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip(" "))
                while containers and opened < containers[-1]:
                    containers.pop()
            block_start = False
            continue
        if not line.strip():
            block_start = True
            continue
        if raw is not None or number == underline:
            if raw is not None and re.search(rf"</{raw}\s*>", line, re.IGNORECASE):
                raw = None
            block_start = number == underline
            continue
        expanded = line.expandtabs(4)
        indent = len(expanded) - len(expanded.lstrip(" "))
        # A lazy line (a paragraph's, not after a blank) stays in its container; a heading ends it.
        heading_out = expanded.lstrip(" ").startswith("#") and indent in (0, *containers)
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
        if body.startswith("#") and (atx := _ATX.match(body)) and unshown.around(at) is None:
            if (anchor := heading_id(atx["text"])) is not None:
                found.setdefault(anchor, number + 1)
            block_start = True  # a heading ends its block
            continue
        if opener := _CONTAINER.match(body):
            containers.append(base + 4)
            block_start = opener[0][0] in "!?="  # an admonition's or a tab's content starts a block, not a list item's
            continue
        if (block_start and number + 1 < len(lines) and _UNDERLINE.match(lines[number + 1].expandtabs(4)[base:])
                and unshown.around(at) is None):
            if (anchor := heading_id(body)) is not None:
                found.setdefault(anchor, number + 1)
            underline = number + 1
            continue
        if (base == 0 and (tag := _RAW_BLOCK.match(body)) and not _ASKS_MARKDOWN.search(tag["attributes"])
                and not re.search(rf"</{tag['tag']}\s*>", body[tag.end():], re.IGNORECASE)):
            raw = tag["tag"].lower()  # open until its closing tag
        block_start = False
    return found


def check_heading_ids(report: Report, root: Path, skip: Callable[[Path], bool], walked: Iterable[Path] = ()) -> None:
    """A problem where a heading id is written on two pages of one language (a rule's anchor, which
    the cards' steps link to, or any other): on each later page the check read, or on the first when
    it read no later one (a run on one page reads its language's other pages for their headings).
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
                try:
                    pages[shown] = heading_lines(read_page(found))
                except (OSError, UnicodeDecodeError):
                    continue  # its own check says so, when it is checked
        writers: dict[str, list[tuple[str, int]]] = {}
        for path in sorted(pages):
            for anchor, line in pages[path].items():
                writers.setdefault(anchor, []).append((path, line))
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
