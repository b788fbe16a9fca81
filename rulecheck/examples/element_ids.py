"""The ids a page gives its elements, read as the browser reads start tags: in a page as MkDocs
rendered it (:func:`element_ids`), and in a page's Markdown, where an author wrote them besides the
headings (:func:`ids_written_at`): in raw HTML, or in the attribute lists of Python-Markdown's
``attr_list`` (``[a link](x){#id}``, a paragraph's last line ``{: #id }``, a fence's ``{ #id }``),
which the check compares with the headings' ids across pages and the build uses to locate an id
held twice."""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from html import unescape

from markdown.extensions.attr_list import AttrListTreeprocessor, get_attrs_and_remainder

from rulecheck.examples.finder import find_fences
from rulecheck.examples.line_blocks import LineBlocks
from rulecheck.examples.line_index import LineIndex, Lines
from rulecheck.examples.raw_tags import attributes, comments, markdown_start_tags, start_tags
from rulecheck.examples.references import mask_code

#: Where a start tag may name an element (an ``id`` or ``name`` attribute follows a space, a ``/`` or a
#: quoted value): only those tags are read attribute by attribute.
_MAY_NAME = re.compile(r"""[\s/"'](?:id|name)\s*=""", re.IGNORECASE)
_NOT_LINE_END = re.compile(r"[^\n\r]")
_LINE = re.compile(r"[^\n\r]*(?:\r\n|\n|\r)?")
_INDENTED = re.compile(r"(?:^|[\n\r])(?:    |\t)")
#: A line whose indented lines after it are its content, not code: an admonition (``!!!note`` too), a
#: details block, a tab (``===!``, ``===+``), a list item (``1.``, not ``1)``, which Python-Markdown does
#: not read as one), a definition, a footnote, a raw HTML block's opening tag (not a closing one, a
#: comment or a declaration).
_CONTAINER = re.compile(r"[ ]{0,3}(?:(?:!!!|\?\?\?\+?|===[!+]?)[ \t]?\S|[-*+][ \t]|\d{1,9}\.[ \t]|:[ \t]"
                        r"|\[\^[^\]\n]+\]:|<(?![/!?]))")
#: A line that ends its block, so that an indented line right after it starts a code block: an ATX
#: heading, a rule or a setext heading's underline.
_ENDS_BLOCK = re.compile(r"[ ]{0,3}(?:#|(?:-[ ]*){3,}$|(?:\*[ ]*){3,}$|(?:_[ ]*){3,}$|=+[ ]*$)")
#: What Markdown writes into an attribute value or as escaped text, each pattern's group 1: a link's
#: title, a destination in angle brackets, an image's alternative text, a reference definition's
#: destination and title, an abbreviation's definition.
_VALUES = (
    re.compile(r"""\]\(<?[^()\s<>]*>?\s+("[^"\n]*"|'[^'\n]*'|\([^()\n]*\))\s*\)"""),
    re.compile(r"\]\((<[^<>\n]*>)"),
    re.compile(r"!\[([^\]\n]*)\]"),
    re.compile(r"""^[ ]{0,3}\[[^\]\n]+\]:([ \t]+\S+(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?)""",
               re.MULTILINE),
    re.compile(r"^[ ]{0,3}\*\[[^\]\n]*\](:[^\n]*)", re.MULTILINE),
)


#: An attribute list (its group 1, what the braces hold). ``attr_list`` reads on to a line's last ``}``
#: (``AttrListTreeprocessor.BASE_RE``), in the text of one element: in a page's raw text, where two
#: elements' lists may share a line (``[a](x){#one} and `b`{#two}``), a list ends at its first brace,
#: either way: a line of ten thousand ``*{`` is read once, not once from each.
_LISTED = AttrListTreeprocessor.BASE_RE.replace(r"[^\}\n ][^\n]*)\}", r"[^{}\n ][^{}\n]*)\}")
#: Where ``attr_list`` gives an element the list's attributes (a heading's own list is the heading's,
#: read by :mod:`rulecheck.examples.headings`): right after an inline element (a link, an image, an
#: emphasis, a code span, an autolink: its tail starts with the list, :func:`_closes_inline`); on a
#: line of its own that ends a block (a paragraph, a list item, a quote's paragraph: the block's last
#: line, before a blank line or a line that starts another block); at the end of a table cell or a
#: definition's term; on a fence's opening line.
_ANY_LIST = re.compile(_LISTED)
_LINE_END = r"(?:\r?\n|\r)"
#: A line that ends the paragraph before it (Python-Markdown's blocks that interrupt one: a heading, an
#: admonition, a details block, a tab, a quote, a rule or setext underline, raw HTML, a footnote), or a
#: blank one, quote markers aside; not a list item, a fence or a table, which a paragraph runs into.
_EOL = r"[ ]*(?=[\r\n]|\Z)"
_ENDS_PARAGRAPH = (rf"(?:[ >]*(?=[\r\n]|\Z)|[ ]{{0,3}}(?:#|!!!|\?\?\?|===|>|(?:-[ ]*){{3,}}{_EOL}"
                   rf"|(?:\*[ ]*){{3,}}{_EOL}|(?:_[ ]*){{3,}}{_EOL}|=+{_EOL}|</?[A-Za-z]|\[\^))")
_OWN_LINE = re.compile(r"(?:(?<=[^\n\r]\n)|(?<=[^\n\r]\r\n)|(?<=[^\n\r]\r))(?:[ ]{0,3}>)*[ \t]*" + _LISTED
                       + rf"[ ]*(?={_LINE_END}{_ENDS_PARAGRAPH}|{_LINE_END}?\Z)")
#: A list item's last line, its own: the next item ends the item (a paragraph runs into a list, an item not).
_ITEM_LAST_LINE = re.compile(r"(?:(?<=[^\n\r]\n)|(?<=[^\n\r]\r\n)|(?<=[^\n\r]\r))[ ]{2,}" + _LISTED
                             + rf"[ ]*(?={_LINE_END}[ ]*(?:[-*+]|\d{{1,9}}\.)[ \t])")
_CELL_END = re.compile(r"^[ ]{0,3}\|.*?[ ]" + _LISTED + r"[ ]*(?:\||$)|(?<=[ ])" + _LISTED + r"[ ]*\|", re.MULTILINE)
#: A list at the end of a definition's term or of a table row's last cell written without an edge pipe.
_AT_LINE_END = re.compile(r"(?<=[ ])" + _LISTED + r"[ ]*\Z")
#: A reference definition's label (``[label]: destination``): a link to it is an element.
_DEFINED = re.compile(r"^[ ]{0,3}\[([^\]\n]+)\]:", re.MULTILINE)
#: How far back an inline element's start is looked for: a link longer than this is not read.
_INLINE_REACH = 2000


def _closes_inline(text: str, kept: str, brace: int, defined: set[str]) -> bool:
    """Whether what ends right before ``text[brace]`` is an inline element whose tail the list starts,
    as Python-Markdown renders it: a link or an image (``](…)``), a reference link to a ``defined``
    label, an emphasis (``*e*``, ``__s__``, not an escaped or intraword one), a code span (``kept``
    blanked it), an autolink. Each look goes back :data:`_INLINE_REACH` characters at most."""
    if brace == 0:
        return False
    before, reach = text[brace - 1], max(0, brace - _INLINE_REACH)
    if before == "`":
        return kept[brace - 1] != "`"  # the closing backtick of a span the masking blanked
    if before == ")":
        opened = text.rfind("(", reach, brace - 1)
        return opened > 0 and text[opened - 1] == "]" and text.find(")", opened, brace - 1) == -1
    if before == "]":
        opened = text.rfind("[", reach, brace - 1)
        label = text[opened + 1:brace - 1] if opened >= 0 else ""
        if opened > 0 and text[opened - 1] == "]" and not label:  # [text][]: the text is the label
            opened = text.rfind("[", reach, opened - 1)
            label = text[opened + 1:text.index("]", opened)] if opened >= 0 else ""
        return bool(label) and " ".join(label.lower().split()) in defined
    if before == ">":
        opened = text.rfind("<", reach, brace - 1)
        return opened >= 0 and re.fullmatch(r"<(?:https?|ftp)://[^<>\s]+>|<[^<>\s@]+@[^<>\s@]+>",
                                            text[opened:brace]) is not None
    if before in "*_":
        run = brace - 1
        while run > reach and text[run - 1] == before:
            run -= 1
        marker = text[run:brace]
        if run == 0 or text[run - 1].isspace() or text[run - 1] == "\\":
            return False
        opened = text.rfind(marker, reach, run - 1)
        return (opened >= 0 and not text[opened + len(marker)].isspace()
                and not (before == "_" and opened > 0 and text[opened - 1].isalnum()))
    return False


def _listed(text: str, kept: str) -> Iterator[tuple[int, str]]:
    """The offset and id of each attribute list of ``text`` that gives an element an id, where
    ``kept`` (``text`` with what gives no element blanked, offsets the same) still shows its brace;
    and of each fence's opening line that carries one (``` ```{ .text #id } ```), which ``kept``
    blanks with the fence. An id an attribute list gives twice counts once: its last, as attr_list
    sets it."""
    defined = {" ".join(found[1].lower().split()) for found in _DEFINED.finditer(text)} if "]:" in text else set()
    for found in _ANY_LIST.finditer(text):
        if (kept[found.start():found.start() + 1] == "{" and _closes_inline(text, kept, found.start(), defined)
                and (given := _id_of(found[1])) is not None):
            yield found.start(), given
    blocks = LineBlocks(text, kept)
    for pattern in (_OWN_LINE, _ITEM_LAST_LINE, _CELL_END):
        for found in pattern.finditer(text):
            if pattern is _OWN_LINE and blocks.ends_paragraph_before(found.start()):
                continue
            group = 1 if found[1] is not None else 2
            brace = found.start(group) - 1
            while brace >= 0 and text[brace] != "{":
                brace -= 1
            if kept[brace:brace + 1] == "{" and (given := _id_of(found[group])) is not None:
                yield brace, given
    for start, end in blocks.terms_and_rows():
        listed = _AT_LINE_END.search(text, start, end)
        if listed is not None and kept[listed.start():listed.start() + 1] == "{" \
                and (given := _id_of(listed[1])) is not None:
            yield listed.start(), given
    lines = Lines(text)
    for fence in find_fences(lines):
        if fence.closed and "{" in fence.info:
            opened = lines.start(fence.start)
            header = text[opened:lines.end(fence.start)]
            listed = re.search(_LISTED, header)
            if listed is not None and (given := _id_of(listed[1])) is not None:
                yield opened + listed.start(), given


def _id_of(listed: str) -> str | None:
    """The id an attribute list's content gives its element, as ``attr_list`` reads it: the last."""
    attributes, _ = get_attrs_and_remainder(listed)
    given = [value for name, value in attributes if name == "id" and value]
    return given[-1] if given else None


def _named(html: str, tags: Iterable[re.Match[str]]) -> Iterator[tuple[int, str]]:
    """The offset and id of each element of ``html`` that has one, among its start ``tags`` as the
    browser reads them (:mod:`rulecheck.examples.raw_tags`: ``<div/ID=x>`` and ``<div "q" id=x>``
    are ids too), never text that quotes one (``<code>&lt;span id="x"&gt;</code>``), whose ``<``
    Markdown escaped. ``<a name>`` too, which browsers land on."""
    for tag in tags:
        if not _MAY_NAME.search(html, tag.start(), tag.end()):
            continue
        for attribute in attributes(tag.group()):
            if attribute.value is not None and (attribute.name == "id"
                                                or (attribute.name == "name" and tag["name"].lower() == "a")):
                yield tag.start(), unescape(attribute.value)


def ids_written_at(text: str) -> dict[str, int]:
    """Each id the raw HTML or an attribute list of ``text`` (a page's Markdown) gives an element, and
    the 1-based line of the first that does: where an author wrote it, besides the headings. One pass
    over the page."""
    lines = LineIndex(text)
    named = _named(text, markdown_start_tags(text))  # a tag in a value too: Markdown may free it
    listed = _listed(text, mask_code(text)) if "{" in text else ()  # a code span's list read as the check reads it
    return {found: lines.line(first) for found, (first, _) in _first_two([*named, *listed]).items()}


def _first_two(named: Iterable[tuple[int, str]]) -> dict[str, tuple[int, int]]:
    """Each id of ``named`` (offset, id): the offsets of the first two elements that hold it, the
    second -1 when one alone does."""
    places: dict[str, tuple[int, int]] = {}
    for at, found in named:
        first, second = places.get(found, (at, -1))
        if at < first:
            first, second = at, first
        elif at > first and (second < 0 or at < second):
            second = at
        places[found] = (first, second)
    return places


def ids_in_markdown(text: str) -> dict[str, tuple[int, int]]:
    """:func:`ids_written_at` of a page's Markdown outside what gives no element: its code (fences,
    spans, indented blocks), HTML comments, link titles and abbreviations' definitions, which
    Markdown writes as escaped text or attribute values (a twenty-seventh hostile round: these
    were refused as elements). What this misses, the build still finds in what Markdown made.
    Each id with the lines of the first two elements that hold it (the second 0: one alone does)."""
    if "<" not in text and "{" not in text:
        return {}
    masked = mask_code(text)
    tags = [(tag.start(), tag.end()) for tag in start_tags(masked)]  # in order, none inside another
    starts = [start for start, _ in tags]

    def in_a_tag(start: int) -> bool:  # a link's or an image's look inside a tag's value is the tag's
        index = bisect.bisect_right(starts, start) - 1
        return index >= 0 and start < tags[index][1]

    in_values = [(m.start(1), m.end(1)) for pattern in _VALUES for m in pattern.finditer(masked)
                 if not in_a_tag(m.start())]
    # The layout of blocks is read in the page as written: blanked code would read as indentation, or as
    # blank lines (a paragraph starting with a code span, the line right after a fence: a 29th round).
    hidden = sorted([*_indented_code(text), *comments(masked), *in_values])
    pieces, at = [], 0  # each blanked, line ends kept: one pass however many
    for start, end in hidden:
        if end <= at:
            continue
        start = max(start, at)  # spans may overlap (a comment in a code block): each part blanked once
        pieces += [masked[at:start], _NOT_LINE_END.sub(" ", masked[start:end])]
        at = end
    shown = "".join(pieces) + masked[at:]
    places = _first_two([*_named(shown, markdown_start_tags(shown)), *_listed(text, shown)])
    if not places:
        return {}
    lines = LineIndex(shown)
    return {found: (lines.line(first), lines.line(second) if second >= 0 else 0)
            for found, (first, second) in places.items()}


def _indented_code(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each indented code block of ``text``: lines four spaces or a tab in,
    after a blank line or another such line, where the line before the blank was a plain one at
    the margin. After a container's opening (an admonition, a tab, a list item, a definition), a
    container's own indented content, or a raw HTML block's opening line, an indented line is that
    container's or block's, live HTML (a twenty-eighth hostile round): kept; after a heading, a rule or
    a setext underline, which end their block, it is code. One span a block, not a string a line: a
    page of line ends costs no more than its size."""
    if not _INDENTED.search(text):
        return []  # most pages: read no further
    spans: list[tuple[int, int]] = []
    start, after_blank = -1, True  # start: where the block being read began, -1 outside one
    holds = False  # the last line not blank opens or continues a container or a raw HTML block
    for found in _LINE.finditer(text):
        line = found[0]
        if not line:
            break
        if line.isspace():
            after_blank = True
            continue
        indented = line.startswith(("    ", "\t"))
        if (indented and start >= 0) or (indented and after_blank and not holds):
            start = found.start() if start < 0 else start
            end = found.end()
        else:
            if start >= 0:
                spans.append((start, end))
                start = -1
            holds = indented or bool(_CONTAINER.match(line))
            if not indented and _ENDS_BLOCK.match(line.rstrip("\r\n")):
                after_blank, holds = True, False
                continue
        after_blank = False
    if start >= 0:
        spans.append((start, end))
    return spans


def element_ids(html: str) -> Counter[str]:
    """How many elements of ``html`` (a page as MkDocs rendered it) hold each id."""
    return Counter(found for _, found in _named(html, start_tags(html)))
