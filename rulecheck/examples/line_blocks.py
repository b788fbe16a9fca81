"""What Python-Markdown makes of a page's lines around an attribute list (``{: #id }``), for the
reader of the ids a page gives its elements (:mod:`rulecheck.examples.element_ids`): whether the
line above a list on a line of its own is a block of its own, which the list cannot end (it is then
text), and which lines are a definition list's terms or a table's rows, whose last characters may
carry a list.

Each pattern is Python-Markdown's own test of the block, read on one line: a line that only looks
like a block (``--`` after a blank line, ``=== Tab`` without its quoted title, ``</div>`` with no
``<div>`` before it) is a paragraph's, and a list after it gives the paragraph its id. Lines are
found by the page's line index, never by searching back for a line end: a page of ``\\r`` has no
``\\n`` to find.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from markdown.util import BLOCK_LEVEL_ELEMENTS

from rulecheck.examples.headings import opens_heading
from rulecheck.examples.line_index import ANY_LINE_END, LineIndex

_QUOTED = re.compile(r"(?:[ ]{0,3}>[ ]?)*")
#: A rule (``HRProcessor``): three or more of one mark, at most two spaces between them.
_RULE = re.compile(r"[ ]{0,3}(?:-(?:[ ]{0,2}-){2,}|_(?:[ ]{0,2}_){2,}|\*(?:[ ]{0,2}\*){2,})[ ]*$")
#: A setext heading's underline (``SetextHeaderProcessor``), at the margin, under a line of text.
_UNDERLINE = re.compile(r"[=-]+[ ]*$")
#: Openers of admonitions, details and tabs, and definitions of references, abbreviations and
#: footnotes, as their extensions' patterns read them.
_OPENER = re.compile(
    r"!!! ?[\w\-]+(?: +[\w\-]+)*(?: +\"[^\n]*\")? *$"
    r"|\?{3}\+? ?(?:(?:[\w\-]+(?: +[\w\-]+)*?)?(?: +\"[^\n]*\")|[\w\-]+(?: +[\w\-]+)*?) *$"
    r"|={3}(?:\+|\+!|!\+|!)? +\"[^\n]*\" *$"
    r"|[ ]{0,3}\[[^\[\]\n]*\]:[ ]*\S+[ ]*(?:([\"'])[^\n]*\1[ ]*|\([^\n]*\)[ ]*)?$"
    r"|[ ]{0,3}\*\[[^\\\n]*?\][ ]?:"
    r"|[ ]{0,3}\[\^[^\]\n]+\]:")
_BLOCK_TAGS = "|".join(BLOCK_LEVEL_ELEMENTS)
#: A raw HTML block's first line: a block-level element's start tag, a comment, a declaration.
_RAW_OPENS = re.compile(rf"[ ]{{0,3}}(?:<(?:{_BLOCK_TAGS})(?=[\s/>]|$)|<[!?])", re.IGNORECASE)
_RAW_CLOSES = re.compile(rf"[ ]{{0,3}}</({_BLOCK_TAGS})(?=[\s>]|$)", re.IGNORECASE)
_RAW_OPENED = re.compile(rf"(?:\A|(?<=[\r\n]))[ ]{{0,3}}<({_BLOCK_TAGS})(?=[\s/>]|$)", re.IGNORECASE)
#: A definition's line (``: its definition``): every line of its block before it is a term.
_DEFINITION = re.compile(r"(?:\A|(?<=[\r\n]))[ ]{0,3}:[ \t]")
#: A table's separator row (``--|--``, ``| :-- | --: |``): the line above it is the header row. Its runs
#: are possessive: a dash then 40,000 spaces and a letter backtracked through every split of the
#: spaces (a thirty-first hostile round: 70 s).
_SEPARATOR = re.compile(r"(?:\A|(?<=[\r\n]))[ ]{0,3}\|?[ ]*+:?-++:?[ ]*+(?:\|[ ]*+:?-++:?[ ]*+)*+\|?[ ]*+(?=[\r\n]|\Z)")


class LineBlocks:
    """The lines of one page's Markdown ``text`` (``kept``: the same text with its code blanked), read
    as Python-Markdown splits them into blocks; each fact found once, when first asked."""

    def __init__(self, text: str, kept: str) -> None:
        self.text, self.kept = text, kept
        self._index: LineIndex | None = None
        self._opened: dict[str, int] | None = None  # each block tag: where a raw block of it first opens
        self._last_comment_end: int | None = None

    @property
    def index(self) -> LineIndex:
        if self._index is None:
            self._index = LineIndex(self.text, ANY_LINE_END)
        return self._index

    def bounds(self, line: int) -> tuple[int, int]:
        """Where 0-based ``line`` starts, and where its text ends (its line end left out)."""
        starts = self.index.starts
        start = starts[line]
        end = starts[line + 1] if line + 1 < len(starts) else len(self.text)
        while end > start and self.text[end - 1] in "\r\n":
            end -= 1
        return start, end

    def _body(self, line: int) -> str:
        """A line's text without its quote markers and its containers' indentation (four columns
        each, tabs expanded): what the block processor of its container reads."""
        return self._read(line)[0]

    def _read(self, line: int) -> tuple[str, bool]:
        """:meth:`_body`, and whether the line is inside a container (a quote, four columns in)."""
        text = self.text[slice(*self.bounds(line))]
        quoted = _QUOTED.match(text).end()  # type: ignore[union-attr]  # it matches "" too
        text = text[quoted:].expandtabs(4)
        indent = len(text) - len(text.lstrip(" "))
        return text[indent - indent % 4:], bool(quoted) or indent >= 4

    def _blank(self, line: int) -> bool:
        return not self._body(line).strip()

    def ends_paragraph_before(self, start: int) -> bool:
        """Whether the line before the one at ``start`` (a list on a line of its own) is blank, a
        block of its own the list cannot end (a heading, a setext underline, a rule, an opener, a
        definition, a raw HTML block's line), or an indented code block's last line (``kept``
        blanks it, not a fence, which stays at its margin): the list is then a paragraph's text."""
        line = self.index.line(start) - 2  # 0-based: the line above
        body, nested = self._read(line)
        if not body.strip() or opens_heading(body) or _RULE.match(body) or _OPENER.match(body):
            return True
        if _UNDERLINE.match(body):
            return line > 0 and not self._blank(line - 1)  # after a blank line, ``--`` is a paragraph's
        if not nested and self._raw_html(body, self.bounds(line)[0], start):  # in a container, it is text
            return True
        opened, ended = self.bounds(line)
        return self.text.startswith(("    ", "\t"), opened) and not self.kept[opened:ended].strip()

    def _raw_html(self, body: str, opened: int, start: int) -> bool:
        """Whether ``body``, a line at the margin starting at ``opened``, before ``start``, is a raw
        HTML block's: a block element's start tag, a declaration, a comment that closes somewhere
        after it (unclosed, it is text), a block element's closing tag after its opening one."""
        if _RAW_OPENS.match(body):
            if self._last_comment_end is None:
                self._last_comment_end = self.text.rfind("-->")
            return not body.lstrip(" ").startswith("<!--") or self._last_comment_end > opened
        closed = _RAW_CLOSES.match(body)
        return closed is not None and self._raw_block_before(closed[1].lower(), start)

    def _raw_block_before(self, tag: str, start: int) -> bool:
        """Whether a raw HTML block of ``tag`` opens on a line before ``start``: its closing tag then
        ends a block, not a paragraph's line."""
        if self._opened is None:
            self._opened = {}
            for found in _RAW_OPENED.finditer(self.text):
                self._opened.setdefault(found[1].lower(), found.start())
        return self._opened.get(tag, start) < start

    def terms_and_rows(self) -> Iterator[tuple[int, int]]:
        """The (start, end) of each line whose last characters may end a definition's term or a
        table row's last cell: every line of a block before its first definition (``def_list``
        makes each a term, not only the last; after a blank line, the paragraph before it), and a
        table's header and body rows, those written without edge pipes too. Each line once."""
        text = self.text
        if _DEFINITION.search(text) is not None:
            for found in _DEFINITION.finditer(text):
                yield from self._terms(self.index.line(found.start()) - 1)
        if "|" in text and _SEPARATOR.search(text) is not None:
            for found in _SEPARATOR.finditer(text):
                yield from self._rows(self.index.line(found.start()) - 1, found[0])

    def _terms(self, definition: int) -> Iterator[tuple[int, int]]:
        last = definition - 1
        while last >= 0 and self._blank(last):  # a definition after a blank line takes the paragraph above
            last -= 1
        first = last
        while first >= 0 and not self._blank(first) and not opens_heading(self._body(first)) \
                and not _DEFINITION.match(self.text, self.bounds(first)[0]):
            first -= 1
        if first >= 0 and not self._blank(first) and _DEFINITION.match(self.text, self.bounds(first)[0]):
            return  # a later definition of the block: the lines above it are the one before's text
        for term in range(first + 1, last + 1):
            yield self.bounds(term)

    def _rows(self, separator: int, written: str) -> Iterator[tuple[int, int]]:
        header = separator - 1
        if header < 0 or self._blank(header) or (header > 0 and not self._blank(header - 1)) \
                or "|" not in written + self.text[slice(*self.bounds(header))]:
            return  # a table's separator is its block's second line, under its header row
        yield self.bounds(header)
        row, count = separator + 1, len(self.index.starts)
        while row < count and not self._blank(row):
            yield self.bounds(row)
            row += 1
