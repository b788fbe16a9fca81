"""Where each rule anchor of a trace is explained: the heading ids of a language's pages.

A trace step names its rule by anchor (``dodge-and-parry``); a heading written
``## Parade { #dodge-and-parry }`` on some page explains it. Cards link each step there. A line
that reads as such a heading inside a fenced block, an HTML comment or a ``<script>`` is no
heading of the page: a page showing the Markdown of a heading (or hiding one in a comment) took
every card's link to an anchor the site does not have.
"""

from __future__ import annotations

import bisect
import posixpath
import re
from pathlib import Path

from rulecheck.examples.finder import find_fences, split_lines
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.pages import markdown_files, read_page
from rulecheck.examples.raw_tags import Unshown

HEADING_ID = re.compile(r"^#{1,6} .*\{ *#([A-Za-z0-9_-]+) *\}\s*$", re.MULTILINE)


def anchor_index(language_root: Path) -> dict[str, str]:
    """``{anchor: page}`` for every explicit heading id under ``language_root`` (first one wins)."""
    index: dict[str, str] = {}
    root = language_root.resolve()
    # Every page MkDocs builds, pages under a linked folder included (named where they are built).
    for path in sorted(p for p in markdown_files([root] if root.is_dir() else []) if p.suffix == ".md"):
        page = path.relative_to(root).as_posix()
        try:
            text = read_page(path)
        except (OSError, UnicodeDecodeError):
            continue  # the check reports an unreadable page where it stands
        for anchor in heading_ids(text):
            index.setdefault(anchor, page)
    return index


def heading_ids(text: str) -> list[str]:
    """The explicit ids of the page's own headings, in page order: not those of lines inside a
    fenced block, an HTML comment or a raw-text element (``<script>``, ``<textarea>``…)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as Markdown reads it: a lone \r ends a line too
    index, unshown = LineIndex(text), Unshown(text)
    fences = [(fence.start, fence.end) for fence in find_fences(split_lines(text))]  # 0-based lines, closer in
    starts = [start for start, _ in fences]
    found = []
    for heading in HEADING_ID.finditer(text):
        line = index.line(heading.start()) - 1
        fence = bisect.bisect_right(starts, line) - 1
        if (fence < 0 or line > fences[fence][1]) and unshown.around(heading.start()) is None:
            found.append(heading[1])
    return found


def page_url(page: str, directory_urls: bool = True) -> str:
    """A page's URL inside its language tree: ``a/b.md`` → ``a/b/`` (``a/b.html`` without directory URLs)."""
    stem = page.removesuffix(".md")
    if not directory_urls:  # as Material's offline plugin builds the site, for file://
        return stem + ".html"
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def relative_link(from_page: str, to_page: str, anchor: str, directory_urls: bool = True) -> str:
    if not directory_urls:
        source, target = page_url(from_page, False), page_url(to_page, False)
        if source == target:
            return f"#{anchor}"
        return f"{posixpath.relpath(target, posixpath.dirname(source) or '.')}#{anchor}"
    source, target = page_url(from_page), page_url(to_page)
    relative = posixpath.relpath(target or ".", source or ".")
    relative = "" if relative == "." and source == target else relative.rstrip("/") + "/"
    if relative == "./":
        relative = ""
    return f"{relative}#{anchor}"
