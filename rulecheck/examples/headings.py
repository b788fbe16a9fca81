"""The heading ids a page writes, and the rule anchors a language must write once.

A trace step names its rule by anchor (``dodge-and-parry``); a heading written
``## Parade { #dodge-and-parry }`` on some page explains it, and each card links its steps there.
A line that reads as such a heading inside a fenced block, an HTML comment or a ``<script>`` is no
heading of the page: a page showing the Markdown of a heading (or hiding one in a comment) took
every card's link to an anchor the site does not have. An anchor a step names, written on two
pages of one language, sent every card to the first page in file order, silently: a located
problem on each later one.
"""

from __future__ import annotations

import bisect
import re

from rulecheck.errors import Problem
from rulecheck.examples.finder import find_fences, split_lines
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.outcome import Report
from rulecheck.examples.raw_tags import Unshown

HEADING_ID = re.compile(r"^#{1,6} .*\{ *#([A-Za-z0-9_-]+) *\}\s*$", re.MULTILINE)


def heading_lines(text: str) -> dict[str, int]:
    """``{id: line}`` of the explicit ids of the page's own headings, in page order, each at its
    first line: not those of lines inside a fenced block, an HTML comment or a raw-text element
    (``<script>``, ``<textarea>``…)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as Markdown reads it: a lone \r ends a line too
    index, unshown = LineIndex(text), Unshown(text)
    fences = [(fence.start, fence.end) for fence in find_fences(split_lines(text))]  # 0-based lines, closer in
    starts = [start for start, _ in fences]
    found: dict[str, int] = {}
    for heading in HEADING_ID.finditer(text):
        line = index.line(heading.start()) - 1
        fence = bisect.bisect_right(starts, line) - 1
        if (fence < 0 or line > fences[fence][1]) and unshown.around(heading.start()) is None:
            found.setdefault(heading[1], line + 1)
    return found


def check_step_anchors(report: Report) -> None:
    """A problem on each page that writes a heading id a card's step of its language names, where
    an earlier page of that language (in file order) already writes it."""
    languages: dict[str | None, list[str]] = {}
    for path in sorted(report.pages):
        languages.setdefault(report.pages[path].language, []).append(path)
    for paths in languages.values():
        named = {step.anchor for path in paths for outcome in report.pages[path].outcomes
                 if outcome.result is not None for step in getattr(outcome.result, "trace", ())}
        first: dict[str, tuple[str, int]] = {}
        for path in paths:
            page = report.pages[path]
            for anchor, line in page.headings.items():
                if anchor not in named:
                    continue
                if anchor not in first:
                    first[anchor] = (path, line)
                    continue
                where = f"{first[anchor][0]}:{first[anchor][1]}"
                page.problems.append(Problem(path=path, line=line, related=(where,), message=(
                    f"heading id `{anchor}` is also written at {where}: a card's step of this rule links to one "
                    "heading of its language, and a reader would land on either; give one of the two another id")))
