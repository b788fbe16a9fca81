"""Rendered pages without the indentation of their templates' lines.

The theme's templates indent their markup, and every page repeats that indentation: some 700
bytes of a page's gzipped HTML, which can decide whether a phone gets the page in the first round
trip of its connection (a server's first 14,600 bytes; bench/README.md, "Lighthouse on phones").
A run of spaces and tabs that follows a line break in text between tags is dropped, the line
break kept: a browser shows that text alike (a line break and the blanks around it are one space
where white space collapses, and a line break alone where lines are kept, as ``pre-line`` keeps
them). Code, preformatted text, text areas, scripts and styles, where blanks are shown or meant
as written, and the tags themselves with their attribute values, are left as they are.
"""

from __future__ import annotations

import re

from rulecheck.hosts.typography import RAW, TAG

_INDENT = re.compile(r"\n[ \t]+")
#: Elements whose text runs to their own end tag, whatever it holds (a script's "</pre>" is text).
_RAW_TEXT = frozenset({"script", "style", "textarea"})


def unindented(markup: str) -> str:
    pieces = TAG.split(markup)
    depth = 0  # how many elements that keep their blanks (code, pre …) the piece is in
    raw_text = ""  # the element whose text the piece is in, until its end tag
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            raw = RAW.match(piece)
            if raw_text:
                if raw and raw.group(1) and raw.group(2).lower() == raw_text:
                    raw_text = ""
            elif raw and not piece.endswith("/>"):
                name = raw.group(2).lower()
                if raw.group(1):
                    depth = max(0, depth - 1)
                elif name in _RAW_TEXT:
                    raw_text = name
                else:
                    depth += 1
        elif depth == 0 and not raw_text and "\n" in piece:
            pieces[index] = _INDENT.sub("\n", piece)
    return "".join(pieces)
