"""Offsets of a text as 1-based lines and columns, in time logarithmic in the text.

The one place that turns an offset into a line: the text is read once to list where each line
starts, then each offset is placed by bisection. Counting the line breaks from the start of the
text for each offset costs, for n offsets spread over a text, n times the text.

Where lines start is kept in an array of machine integers (:func:`offsets`), 4 bytes a line: a
list of Python integers took 36 bytes a line, and a page of 5 MB of line ends (``\r``, ``\n``)
took the check to 368 MB, a few such lists and a list of lines alive at once.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import overload

#: Every line break the finder counts (:func:`rulecheck.examples.finder.split_lines`).
ANY_LINE_END = re.compile(r"\r\n|\r|\n")


def offsets(size: int) -> array[int]:
    """An empty array for offsets into a text of ``size`` characters: 4 bytes each (8 past 2**31)."""
    return array("i") if size < 2**31 else array("q")


class LineIndex:
    """Where each line of ``text`` starts: lines end at ``\\n``, as ``str.count("\\n")`` counts
    them, or at any of ``ends`` (:data:`ANY_LINE_END`: as the finder counts them)."""

    def __init__(self, text: str, ends: re.Pattern[str] | None = None) -> None:
        self.length = len(text)
        self.starts = starts = offsets(len(text))
        starts.append(0)
        if ends is not None:
            starts.extend(match.end() for match in ends.finditer(text))  # one match alive at a time
            return
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)

    def line(self, offset: int) -> int:
        """The 1-based line holding ``offset``."""
        return bisect_right(self.starts, offset)

    def col(self, offset: int) -> int:
        """The 1-based column of ``offset`` on its line, in characters."""
        return offset - self.starts[self.line(offset) - 1] + 1

    def line_col(self, offset: int) -> tuple[int, int]:
        line = self.line(offset)
        return line, offset - self.starts[line - 1] + 1

    def start(self, line: int) -> int:
        """The offset where 1-based ``line`` starts."""
        return self.starts[line - 1]

    def end(self, line: int) -> int:
        """The offset of 1-based ``line``'s ``\\n``, or the text's end for its last line (lines ended
        at ``\\n`` only)."""
        return self.starts[line] - 1 if line < len(self.starts) else self.length


def line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of one ``offset`` in ``text`` (for many, keep a :class:`LineIndex`)."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


class Lines(Sequence[str]):
    """The lines of ``text`` without their line ends (``\\r\\n``, ``\\r`` or ``\\n``, as Markdown
    counts them), none after a final line end: ``text.replace("\\r\\n", "\\n").replace("\\r",
    "\\n").split("\\n")`` without its last empty item. Each line is cut from the text when asked
    for; only where each starts is kept (:func:`offsets`), never a string a line: a list of the
    lines of a page of line ends took 8 bytes a line and more, 60 bytes a line for short lines."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = offsets(len(text))
        self.starts.append(0)
        self.starts.extend(match.end() for match in ANY_LINE_END.finditer(text))
        if self.starts[-1] == len(text):
            self.starts.pop()  # nothing after the last line end (or an empty text): no line

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self.starts)
        if not 0 <= index < len(self.starts):
            raise IndexError("line index out of range")
        return self.text[self.starts[index]:self.end(index)]

    def __iter__(self) -> Iterator[str]:
        for index in range(len(self.starts)):
            yield self.text[self.starts[index]:self.end(index)]

    def start(self, index: int) -> int:
        """The offset where 0-based line ``index`` starts."""
        return self.starts[index]

    def end(self, index: int) -> int:
        """The offset where 0-based line ``index``'s text ends (its line end, or the text's end)."""
        starts, text = self.starts, self.text
        after = starts[index + 1] if index + 1 < len(starts) else len(text)
        if after == starts[index] or text[after - 1] not in "\r\n":
            return after  # an empty last line, or a last line with no line end
        if text[after - 1] == "\n" and after - 2 >= starts[index] and text[after - 2] == "\r":
            return after - 2
        return after - 1
