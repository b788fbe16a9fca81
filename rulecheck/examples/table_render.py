"""A marked table as the reader sees it: the Markdown around a marker rendered as the site renders it.

The table check compares what the rendered page shows, not what the source seems to say: Python
Markdown's ``tables`` extension makes a row of every line of the table's paragraph, leading pipe
or not, drops the cells past the heading's count, and inline Markdown, entities and raw HTML
become the text a reader reads. So the piece of page that holds a marker (from the start of its
top-level block to the blank line after the table) is rendered with the site's extensions, and the
table right after the marker's comment in that HTML is read, cell by cell, as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from typing import Any

import markdown

#: The block and inline extensions of ``mkdocs.yml`` that can change what a table shows (``toc``
#: only adds heading anchors, ``pymdownx.snippets`` reads files: a table is never checked through
#: one); a test keeps this list and ``mkdocs.yml`` together.
EXTENSIONS = ("abbr", "admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables",
              "pymdownx.details", "pymdownx.tabbed", "pymdownx.superfences")
_MARKER_COMMENT = re.compile(r"\s*rulecheck-table:\s*\S*\s*")
_SPACES = re.compile(r"[ \t\r\n]+")  # a line end inside a cell is a space; no-break spaces stay
_RAISED = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class ShownTable:
    """A rendered table's text: its heading cells and each body row's cells, in order."""

    heading: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _fence_card(source: str, language: str, css_class: str, options: object, md: object, **kwargs: object) -> str:
    return "<div></div>"  # an example inside the piece rendered: its card does not matter here


@cache
def _converter() -> markdown.Markdown:
    return markdown.Markdown(extensions=list(EXTENSIONS), extension_configs={
        "pymdownx.tabbed": {"alternate_style": True},
        "pymdownx.superfences": {"custom_fences": [{"name": "rulecheck", "class": "rulecheck",
                                                    "format": _fence_card}]},
    })


def render(text: str) -> str:
    """``text`` as HTML, rendered with the site's extensions."""
    converter = _converter()
    converter.reset()
    html: str = converter.convert(text)
    return html


def shown_tables(text: str) -> list[ShownTable | None]:
    """For each marker comment the rendered ``text`` keeps, in order: the table right after it, or
    ``None`` when something else comes first (the marker then marks no table the reader sees)."""
    reader = _TableReader()
    reader.feed(render(text))
    reader.close()
    return reader.found


#: The markup a checked cell may hold, as Markdown writes it (emphasis, code, a footnote's raised
#: digit, a glossary term's tooltip): each shows its text as it is.
PLAIN_MARKUP = frozenset({"sup", "sub", "em", "strong", "b", "i", "code", "abbr"})


def _plain_markup(tag: str, attrs: Any) -> bool:
    return tag in PLAIN_MARKUP and all(name == "title" and tag == "abbr" for name, _ in attrs)


class _TableReader(HTMLParser):
    """Collects, after each marker comment, the table that follows it at once."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[ShownTable | None] = []
        self._waiting = False  # a marker was seen, nothing else yet
        self._table: list[tuple[bool, list[str]]] | None = None  # rows: (heading?, cells)
        self._cell: list[str] | None = None
        self._in_head = False
        self._raised = 0  # depth of <sup>: its digits are the footnote marks a reader sees raised

    def handle_comment(self, data: str) -> None:
        if self._table is None and _MARKER_COMMENT.fullmatch(data):
            self._waiting = True
            self.found.append(None)

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if self._table is None:
            if self._waiting and tag == "table":
                self._table = []
            self._waiting = False
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._table.append((self._in_head, []))
        elif tag in ("td", "th") and self._table:
            self._cell = []
        elif tag == "sup":
            self._raised += 1
        if self._cell is not None and tag not in ("td", "th") and not _plain_markup(tag, attrs):
            # What a reader sees there is not the text read here (a hidden span, an input's value,
            # an image): the cell is read with the tag in it, which no number or word matches.
            self._cell.append(f" <{tag}{''.join(f' {name}' for name, _ in attrs)}> ")

    def handle_endtag(self, tag: str) -> None:
        if self._table is None:
            self._waiting = False
        elif tag in ("td", "th") and self._cell is not None and self._table:
            self._table[-1][1].append(_SPACES.sub(" ", "".join(self._cell)).strip(" "))
            self._cell = None
        elif tag == "thead":
            self._in_head = False
        elif tag == "sup":
            self._raised = max(0, self._raised - 1)
        elif tag == "table":
            heading = next((tuple(cells) for head, cells in self._table if head), ())
            rows = tuple(tuple(cells) for head, cells in self._table if not head)
            self.found[-1] = ShownTable(heading, rows)
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data.translate(_RAISED) if self._raised else data)
        elif self._table is None and data.strip():
            self._waiting = False


__all__ = ["EXTENSIONS", "ShownTable", "render", "shown_tables"]
