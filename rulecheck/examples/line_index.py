"""Offsets of a text as 1-based lines and columns, in time logarithmic in the text.

The one place that turns an offset into a line: the text is read once to list where each line
starts, then each offset is placed by bisection. Counting the line breaks from the start of the
text for each offset costs, for n offsets spread over a text, n times the text.
"""

from __future__ import annotations

import re
from bisect import bisect_right

#: Every line break the finder counts (:func:`rulecheck.examples.finder.split_lines`).
ANY_LINE_END = re.compile(r"\r\n|\r|\n")


class LineIndex:
    """Where each line of ``text`` starts: lines end at ``\\n``, as ``str.count("\\n")`` counts
    them, or at any of ``ends`` (:data:`ANY_LINE_END`: as the finder counts them)."""

    def __init__(self, text: str, ends: re.Pattern[str] | None = None) -> None:
        self.length = len(text)
        if ends is not None:
            self.starts = [0] + [match.end() for match in ends.finditer(text)]
            return
        starts = [0]
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)
        self.starts = starts

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
