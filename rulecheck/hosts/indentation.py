"""Rendered pages without the indentation of their templates' lines.

The theme's templates indent their markup, and every page repeats that indentation: some 700
bytes of a page's gzipped HTML, which can decide whether a phone gets the page in the first round
trip of its connection (a server's first 14,600 bytes; bench/README.md, "Lighthouse on phones").
A run of spaces and tabs that follows a line break in text between tags is dropped, the line
break kept: a browser shows that text alike (a line break and the blanks around it are one space
where white space collapses, and a line break alone where lines are kept, as ``pre-line`` keeps
them). The blank lines the templates leave between two tags (some 150 gzipped bytes more) are
dropped too, one line break kept: white space between tags and nothing else, where only a
``pre-line`` the site never sets would show them. Code, preformatted text, text areas, scripts and
styles, where blanks are shown or meant as written, and the tags themselves with their attribute
values, are left as they are.
"""

from __future__ import annotations

import re

from rulecheck.hosts.typography import TAG, kept_as_written

_INDENT = re.compile(r"\n[ \t]+")
_BLANK_LINES = re.compile(r"\n\n+")


def unindented(markup: str) -> str:
    pieces = TAG.split(markup)
    for index, kept in enumerate(kept_as_written(pieces)):
        if not index % 2 and not kept and "\n" in pieces[index]:
            piece = _INDENT.sub("\n", pieces[index])
            pieces[index] = _BLANK_LINES.sub("\n", piece) if piece.isspace() else piece
    return "".join(pieces)
