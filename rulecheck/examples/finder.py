"""Find ``rulecheck`` fenced blocks in Markdown, wherever a fence can stand.

Top level, or indented inside an admonition, a content tab or a list item: the opening fence's
indentation is removed from the body. The lexer only locates; it never parses YAML.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

LANGUAGE = "rulecheck"
_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*?)[ \t]*$")


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

    @property
    def body_line(self) -> int:
        return self.line + 1

    def page_col(self, page_line: int, col: int) -> int:
        """The page column of column ``col`` (1-based) of the body line shown at ``page_line``."""
        index = page_line - self.body_line
        if 0 <= index < len(self.removed):
            return col + self.removed[index]
        return col + len(self.indent)


def find_blocks(text: str, path: str = "<string>") -> list[Block]:
    """Every ``rulecheck`` fence in ``text``, in page order.

    Lines end at ``\n``, ``\r\n`` or ``\r`` only, as Markdown counts them (``str.splitlines``
    would also split at form feeds and Unicode separators and shift every line after them).
    """
    lines = split_lines(text)
    return list(_iter_blocks(lines, path))


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as Markdown and editors number them, without their line ends."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _iter_blocks(lines: list[str], path: str) -> Iterator[Block]:
    index = 0
    while index < len(lines):
        match = _OPEN.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence, info = match["indent"], match["fence"], match["info"]
        close = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = index + 1
        while end < len(lines) and not close.match(lines[end]):
            end += 1
        closed = end < len(lines)
        if info.split(None, 1)[0:1] == [LANGUAGE] or info.startswith("{." + LANGUAGE):
            raw = lines[index + 1:end]
            body = [_dedent(line, indent) for line in raw]
            yield Block(
                path=path,
                line=index + 1,
                end_line=min(end, len(lines) - 1) + 1,
                indent=indent,
                source="\n".join(body) + ("\n" if body else ""),
                closed=closed,
                removed=tuple(len(line) - len(text) for line, text in zip(raw, body, strict=True)),
            )
        index = end + 1


def _dedent(line: str, indent: str) -> str:
    leading = len(line) - len(line.lstrip(" \t"))
    return line[min(len(indent), leading):]
