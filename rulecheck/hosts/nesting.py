"""A page nested deeper than Python-Markdown can render: a located problem, not a traceback.

Python-Markdown reads lists, admonitions and HTML blocks read as Markdown within one another by
recursion: some 250 lists within each other, or 330 admonitions or ``<div markdown>``, go past
Python's recursion limit, and a build stopped on a ``RecursionError`` traceback naming no line.
Before that, it reads each level's blocks again for each level they are within, in time the square
of the depth: 1,200 nested lists took 57 s to reach their recursion error, and 1,200 nested tabs,
which have none, 20 s. So a page with a line indented or quoted more than :data:`MAX_DEPTH` levels
is not read at all, and one nested past the recursion limit some other way stops there.
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
from markdown.preprocessors import Preprocessor

from rulecheck.examples.finder import TAB
from rulecheck.examples.line_index import Lines

#: The deepest a line may be indented or quoted, in levels (four columns of indentation, or one
#: quote marker, each): the site's pages go 3 levels deep, examples included; Markdown reads 50 in
#: some hundredths of a second (bench/README.md, "Deeply nested pages").
MAX_DEPTH = 50
#: An HTML tag opening a line (``<div markdown>``), which a closing tag at the line's start undoes.
_OPENING_TAG = re.compile(r"\s*<[A-Za-z]")
_CLOSING_TAG = re.compile(r"\s*</[A-Za-z]")


def deepest_line(markdown: str) -> int:
    """The 1-based line of ``markdown`` nested deepest, by its indentation (in levels of four
    columns), its quote markers and the HTML tags opened at the start of the lines before it, not
    closed: the first of them where several are as deep (line 1 for an empty page)."""
    deepest, depth_of_deepest, open_tags = 1, -1, 0
    for number, line in enumerate(Lines(markdown), start=1):
        rest = line.lstrip(" \t>")
        if _CLOSING_TAG.match(rest):
            open_tags = max(0, open_tags - 1)
        depth = line_depth(line) + open_tags
        if depth > depth_of_deepest:
            deepest, depth_of_deepest = number, depth
        if _OPENING_TAG.match(rest) and not _CLOSING_TAG.search(rest):
            open_tags += 1
    return deepest


def line_depth(line: str) -> int:
    """How many levels ``line`` is indented or quoted (four columns, tabs expanded, or one ``>``, a level)."""
    expanded = line.expandtabs(TAB)
    indent = expanded[:len(expanded) - len(expanded.lstrip(" >"))]
    return indent.count(" ") // 4 + indent.count(">")


class _TooDeep(Exception):
    """A line of the page is indented or quoted past :data:`MAX_DEPTH`."""


class _DepthBound(Preprocessor):  # type: ignore[misc]
    def run(self, lines: list[str]) -> list[str]:
        # Each level takes a character at least: a line no longer than the bound is not measured.
        if any(len(line) > MAX_DEPTH and line_depth(line) > MAX_DEPTH for line in lines):
            raise _TooDeep
        return lines


class NestingGuardExtension(Extension):  # type: ignore[misc]
    """Renders a page that Python-Markdown cannot, for its nesting, as ``too_deep(source)``: a
    page nested past the recursion limit, or indented or quoted past :data:`MAX_DEPTH` anywhere
    but in fenced code (which superfences has set aside by then, priority 25)."""

    def __init__(self, too_deep: Callable[[str], str]) -> None:
        super().__init__()
        self.too_deep = too_deep

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_DepthBound(md), "rulecheck_depth_bound", 24.5)
        convert = md.convert

        def guarded(source: str) -> str:
            try:
                html: str = convert(source)
                return html
            except (RecursionError, _TooDeep):
                return self.too_deep(source)

        md.convert = guarded
