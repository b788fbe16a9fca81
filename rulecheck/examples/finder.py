"""Find ``rulecheck`` fenced blocks in Markdown, wherever the renderer formats one.

Top level, indented inside an admonition, a content tab or a list item, or inside a blockquote
(``> ```rulecheck``): the opening fence's prefix (indentation and ``>`` markers) is removed from
the body. The language is read from the info string as ``pymdownx.superfences`` reads it:
``rulecheck``, ``.rulecheck``, or the first class of an attribute list (``{ .rulecheck #id }``).
The lexer only locates; it never parses YAML. It uses no regular expression: every line is read
once, so its cost is linear in the page whatever the page holds.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from markdown.extensions.attr_list import get_attrs

from rulecheck.examples.line_index import Lines

LANGUAGE = "rulecheck"
#: The characters that may stand before a fence: indentation and blockquote markers (superfences'
#: ``PREFIX_CHARS``).
PREFIX_CHARS = " \t>"
#: The file endings MkDocs renders as Markdown pages (``mkdocs.utils.markdown_extensions``).
MARKDOWN_SUFFIXES = (".markdown", ".mdown", ".mkdn", ".mkd", ".md")


@dataclass(frozen=True)
class Block:
    """A ``rulecheck`` fence: its body (de-indented), where it starts and where its body starts.

    ``line`` is the 1-based line of the opening fence; body line *k* (0-based) is on page line
    ``line + 1 + k``. ``end_line`` is the closing fence's line (or the last line if unclosed).
    """

    path: str
    line: int
    end_line: int
    indent: str
    source: str
    closed: bool = True
    #: For each body line, how many leading characters de-indenting removed (``len(indent)`` or
    #: fewer on a line indented less than the fence).
    removed: tuple[int, ...] = ()
    #: The line that ended the fence early (less indented, outside its blockquote), if one did.
    broken: int | None = None
    #: The header has options (``title="…"``): the renderer would show plain code, not a card.
    plain: bool = False

    @property
    def body_line(self) -> int:
        return self.line + 1

    def page_col(self, page_line: int, col: int) -> int:
        """The page column of column ``col`` (1-based) of the body line shown at ``page_line``."""
        index = page_line - self.body_line
        if 0 <= index < len(self.removed):
            return col + self.removed[index]
        return col + len(self.indent)


@dataclass(frozen=True)
class Fence:
    """Any fenced block of a page, 0-based line indexes: ``start`` (opener) to ``end`` (closer,
    or ``len(lines)`` when unclosed)."""

    start: int
    end: int
    prefix: str
    marker: str
    info: str
    #: The columns of ``prefix`` once its tabs are expanded: what each body line gives up.
    width: int
    closed: bool
    #: The 1-based line that ended the fence before its closing marker, if one did.
    broken: int | None = None


def find_blocks(text: str, path: str = "<string>") -> list[Block]:
    """Every ``rulecheck`` fence in ``text``, in page order.

    Lines end at ``\n``, ``\r\n`` or ``\r`` only, as Markdown counts them (``str.splitlines``
    would also split at form feeds and Unicode separators and shift every line after them).
    """
    lines = split_lines(text)
    return [_block(fence, lines, path) for fence in find_fences(lines) if fence_language(fence.info) == LANGUAGE]


def has_options(info: str) -> bool:
    """Whether a fence header carries options (``title="…"``): superfences then formats the block
    as plain highlighted code, not with the ``rulecheck`` formatter."""
    header = _header(info)
    return header is not None and bool(header[2])


def split_lines(text: str) -> Lines:
    """The lines of ``text`` as Markdown and editors number them, without their line ends (each
    cut from the text when read: :class:`~rulecheck.examples.line_index.Lines`)."""
    return Lines(text)


def find_fences(lines: Sequence[str]) -> Iterator[Fence]:
    """Every fenced block of any language, as ``pymdownx.superfences`` delimits them.

    A fence opens on a marker after indentation and ``>`` markers, with a header superfences
    accepts; it ends on a line holding the same marker, with the same prefix. A non-empty line
    with less prefix (or, inside a blockquote, a deeper or, after a blank line, shallower quote)
    ends it early: superfences then shows no block, and neither does this (``closed`` is false,
    ``broken`` the line that broke it). A fence inside another is the outer fence's text.
    """
    index = 0
    skip = _Markers(lines) if isinstance(lines, Lines) else None
    while index < len(lines):
        if skip is not None:
            index = skip.next_line(index)  # straight to the next line holding a marker
            if index >= len(lines):
                break
        line = lines[index]
        # A fence opens on three backticks or tildes: most lines have neither, and are skipped at once.
        opened = _opener(line.expandtabs(TAB)) if "```" in line or "~~~" in line else None
        if opened is None:
            index += 1
            continue
        prefix, marker, info = opened
        width = len(prefix)
        quotes = prefix.count(">")
        end, broken, blank = index + 1, False, False
        if not width:
            # At the margin, nothing breaks a fence: it ends at its closing marker (or the page's end).
            while end < len(lines) and not (lines[end].startswith(marker)
                                            and _is_closer(lines[end].expandtabs(TAB), marker)):
                end += 1
        while end < len(lines):
            line = lines[end].expandtabs(TAB)
            line = line if line.strip(" ") else ""  # and empties lines of spaces
            ws = line[:_prefix(line, width)]  # superfences' parse_fence_line
            content = line[len(ws):]
            level = ws.count(">")
            if quotes:
                if level > quotes:
                    broken = True
                elif content == "":
                    blank = True
                elif len(ws) < width or (blank and level < quotes):
                    broken = True
                elif _is_closer(content, marker):
                    break
                else:
                    blank = False
            elif level:
                broken = True
            elif (ws + content).strip() == "":
                pass
            elif len(ws) != width:
                broken = True
            elif _is_closer(content, marker):
                break
            if broken:
                break
            end += 1
        closed = end < len(lines) and not broken
        raw = lines[index]
        yield Fence(index, end, raw[:len(raw) - len(raw.lstrip(PREFIX_CHARS))], marker, info, width=width,
                    closed=closed, broken=end + 1 if broken else None)
        index = end + 1


class _Markers:
    """The lines of a :class:`~rulecheck.examples.line_index.Lines` that hold three backticks or
    tildes, found in the text without cutting out the lines between: each marker's next place is
    looked for again only once the lines have gone past it, so the text is read once."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.found = {"```": -1, "~~~": -1}  # each marker's next place; -1 before the first look

    def next_line(self, index: int) -> int:
        """The first line from ``index`` on that holds a marker, or the number of lines."""
        text, start = self.lines.text, self.lines.start(index)
        for marker, at in self.found.items():
            if at < start:  # behind the lines (or never looked for): look again from here
                found = text.find(marker, start)
                self.found[marker] = len(text) if found < 0 else found  # none left: never looked for again
        nearest = min(self.found.values())
        return bisect_right(self.lines.starts, nearest) - 1 if nearest < len(text) else len(self.lines)


#: Columns of a tab, as Markdown expands them before superfences reads the page.
TAB = 4


def _prefix(line: str, width: int) -> int:
    """How many characters of ``line`` its prefix (indentation, ``>``) takes, up to ``width``
    columns once tabs are expanded (a tab that straddles the limit is taken whole)."""
    column = taken = 0
    for char in line:
        if column >= width or char not in PREFIX_CHARS:
            break
        column += TAB - column % TAB if char == "\t" else 1
        taken += 1
    return taken


def _is_closer(content: str, marker: str) -> bool:
    """The same marker (not a longer one), then only spaces: superfences' closing fence."""
    return content.startswith(marker) and content[len(marker):].strip(" \t") == ""


def fence_language(info: str) -> str | None:
    """The language of a fence whose marker is followed by ``info``, as superfences reads it:
    ``""`` for none, ``None`` when superfences does not open a fence there at all (a header it
    does not recognise, or options it refuses)."""
    header = _header(info)
    if header is None:
        return None
    language, attributes, options = header
    if attributes is not None:
        classes = [value for key, value in get_attrs(attributes) if key == "."]
        return language or (classes[0] if classes else "")
    if not all(_highlight_option(key, value) for key, value in options.items()):
        return None  # options only the highlighter takes: any other makes the line text
    return language


def _highlight_option(key: str, value: str) -> bool:
    if key == "hl_lines":
        return _all_of(value, "0123456789- \t") and value[:1].isdigit()
    if key == "linenums":
        return value[:1].isdigit()
    return key in ("title", "title_mode")


def _all_of(text: str, allowed: str) -> bool:
    return all(char in allowed for char in text)


_LANGUAGE_CHARS = "#.+-_"
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def _header(info: str) -> tuple[str, str | None, dict[str, str]] | None:
    """``(language, attribute list or None, options)`` of a fence header, or ``None`` when
    superfences would not recognise it. Read by hand, in one pass: no backtracking pattern."""
    rest = info
    language = ""
    stripped = rest.lstrip(" \t")
    word = stripped[1:] if stripped.startswith(".") else stripped
    run = 0
    while run < len(word) and (word[run].isalnum() or word[run] in _LANGUAGE_CHARS):
        run += 1
    if run and (run == len(word) or word[run] in " \t"):
        language, rest = word[:run], word[run:]
    body = rest.strip(" \t")
    if not body:
        return language, None, {}
    if body.startswith("{") and body.endswith("}"):
        return language, body[1:-1], {}
    options = _options(rest)
    return None if options is None else (language, None, options)


def _options(text: str) -> dict[str, str] | None:
    """``key`` and ``key="value"`` words separated by spaces, or ``None`` if ``text`` is not that."""
    options: dict[str, str] = {}
    position = 0
    while True:
        while position < len(text) and text[position] in " \t":
            position += 1
        if position == len(text):
            return options
        start = position
        if not (text[position].isascii() and text[position].isalpha()):
            return None
        while position < len(text) and (text[position] in _KEY_CHARS):
            position += 1
        key, value = text[start:position], text[start:position]
        if text[position:position + 1] == "=" and text[position + 1:position + 2] in ("'", '"'):
            quote = text[position + 1]
            close = position + 2
            while True:  # the first closing quote followed by a space or the end
                close = text.find(quote, close)
                if close < 0:
                    return None
                if close + 1 == len(text) or text[close + 1] in " \t":
                    break
                close += 1
            value, position = text[position + 2:close], close + 1
        if position < len(text) and text[position] not in " \t":
            return None
        options[key] = value


def _opener(line: str) -> tuple[str, str, str] | None:
    """``(prefix, marker, info)`` when ``line`` opens a fence: three or more backticks or tildes
    after indentation and blockquote markers, with a header superfences accepts."""
    rest = line.lstrip(PREFIX_CHARS)
    char = rest[:1]
    if char not in ("`", "~"):
        return None
    run = len(rest) - len(rest.lstrip(char))
    if run < 3:
        return None
    info = rest[run:]
    if fence_language(info) is None:
        return None
    return line[:len(line) - len(rest)], rest[:run], info


def _block(fence: Fence, lines: Sequence[str], path: str) -> Block:
    raw = lines[fence.start + 1:fence.end]
    body = [line[_prefix(line, fence.width):] for line in raw]
    return Block(
        path=path,
        line=fence.start + 1,
        end_line=min(fence.end, len(lines) - 1) + 1,
        indent=fence.prefix,
        source="\n".join(body) + ("\n" if body else ""),
        closed=fence.closed,
        broken=fence.broken,
        plain=has_options(fence.info),
        removed=tuple(len(line) - len(text) for line, text in zip(raw, body, strict=True)),
    )
