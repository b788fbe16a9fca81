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

    @property
    def body_line(self) -> int:
        return self.line + 1


def find_blocks(text: str, path: str = "<string>") -> list[Block]:
    """Every ``rulecheck`` fence in ``text``, in page order."""
    return list(_iter_blocks(text.splitlines(), path))


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
            body = [_dedent(line, indent) for line in lines[index + 1:end]]
            yield Block(
                path=path,
                line=index + 1,
                end_line=min(end, len(lines) - 1) + 1,
                indent=indent,
                source="\n".join(body) + ("\n" if body else ""),
                closed=closed,
            )
        index = end + 1


def _dedent(line: str, indent: str) -> str:
    leading = len(line) - len(line.lstrip(" \t"))
    return line[min(len(indent), leading):]
