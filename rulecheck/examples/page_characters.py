"""Control characters in a page's own text, outside its examples (whose YAML refuses them itself).

A NUL, an ESC or a backspace written in prose reached the built page as it is, its ``<title>`` and
every page's navigation when it stood in a heading: no browser shows one, a feed or an SVG that
holds one opens in no XML reader, and an ESC changes a terminal's colours when a log shows it.
Tabs, line ends and the form feed (which some editors write between sections) are text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from rulecheck.errors import Problem
from rulecheck.examples.capped import Capped
from rulecheck.examples.finder import Block
from rulecheck.examples.line_index import LineIndex

CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def check_characters(path: str, text: str, blocks: Sequence[Block]) -> list[Problem]:
    """A located problem for each line of prose that holds a control character (a few, the rest summed up)."""
    if CONTROL.search(text) is None:
        return []
    inside = sorted((block.line, block.end_line) for block in blocks)  # blocks never overlap
    starts = [start for start, _ in inside]
    lines = LineIndex(text)
    problems = Capped()
    last_line = 0
    for found in CONTROL.finditer(text):
        line, col = lines.line_col(found.start())
        block = bisect_right(starts, line) - 1
        if line == last_line or (block >= 0 and line <= inside[block][1]):
            continue
        last_line = line
        problems.add(Problem(path=path, line=line, col=col, kind="character", message=(
            f"a control character (U+{ord(found.group()):04X}) in the page: no browser shows it, and the built page "
            "would hold it as it is (its title, a log). Hint: delete it")), "control")
    return problems.problems
