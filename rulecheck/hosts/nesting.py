"""A page nested deeper than Python-Markdown can render: a located problem, not a traceback.

Python-Markdown reads lists, admonitions and HTML blocks read as Markdown within one another by
recursion: some 250 lists within each other, or 330 admonitions or ``<div markdown>``, go past
Python's recursion limit, and a build stopped on a ``RecursionError`` traceback naming no line.
:class:`NestingGuardExtension` renders such a page as what its ``too_deep`` callback returns (the
plugin's banner, which names the page's most deeply nested line, :func:`deepest_line`), so that a
build renders every other page and fails once, listing each such page, and a server shows the
banner in the page's place. No page a reader could follow comes near that depth.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markdown import Markdown
from markdown.extensions import Extension

from rulecheck.examples.finder import TAB
from rulecheck.examples.line_index import Lines

#: An HTML tag opening a line (``<div markdown>``), which a closing tag at the line's start undoes.
_OPENING_TAG = re.compile(r"\s*<[A-Za-z]")
_CLOSING_TAG = re.compile(r"\s*</[A-Za-z]")


def deepest_line(markdown: str) -> int:
    """The 1-based line of ``markdown`` nested deepest, by its indentation (in levels of four
    columns), its quote markers and the HTML tags opened at the start of the lines before it, not
    closed: the first of them where several are as deep (line 1 for an empty page)."""
    deepest, depth_of_deepest, open_tags = 1, -1, 0
    for number, line in enumerate(Lines(markdown), start=1):
        expanded = line.expandtabs(TAB)
        rest = expanded.lstrip(" >")
        indent = expanded[:len(expanded) - len(rest)]
        if _CLOSING_TAG.match(rest):
            open_tags = max(0, open_tags - 1)
        depth = indent.count(" ") // 4 + indent.count(">") + open_tags
        if depth > depth_of_deepest:
            deepest, depth_of_deepest = number, depth
        if _OPENING_TAG.match(rest) and not _CLOSING_TAG.search(rest):
            open_tags += 1
    return deepest


class NestingGuardExtension(Extension):  # type: ignore[misc]
    """Renders a page that Python-Markdown cannot, for its nesting, as ``too_deep(source)``."""

    def __init__(self, too_deep: Callable[[str], str]) -> None:
        super().__init__()
        self.too_deep = too_deep

    def extendMarkdown(self, md: Markdown) -> None:
        convert = md.convert

        def guarded(source: str) -> str:
            try:
                html: str = convert(source)
                return html
            except RecursionError:
                return self.too_deep(source)

        md.convert = guarded
