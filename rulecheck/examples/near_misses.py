"""Text an author means as an example or a checked table that the page would not make one.

A fence headed ```` ```RuleCheck ````, ```` ```rulecheck extra ```` or ``{ .yaml .rulecheck }``
reads as an example to its author; Markdown shows it as plain code (or as a paragraph), and the
check, which reads fences as Markdown does, would never run it: a drift in it would pass every
build. A table marker inside a blockquote is alike: nothing checks the table after it; so is a
marker on a line of its own whose name is no table's name (``cover table``, ``<img …>``), which
is told so, with the name it may mean. Each such line is a located problem saying how to write it.

Lines inside another fence are that fence's text (the authors' page shows examples of fences
that way) and are left alone. Linear in the page: every line is looked at once.
"""

from __future__ import annotations

import re

from rulecheck.errors import Problem, did_you_mean, shortened
from rulecheck.examples.capped import Capped
from rulecheck.examples.finder import LANGUAGE, PREFIX_CHARS, fence_language, find_fences, split_lines
from rulecheck.examples.tables import MARKER as TABLE_MARKER
from rulecheck.examples.tables import TABLES

#: A quoted option value (``title="…"``): its words are a title, not the fence's language.
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
#: The words of a fence header: its language, classes (``.name``) and option names.
_HEADER_WORD = re.compile(r"[^\s{}.=#]+")
#: The markers of list items and definitions, however nested (``- 1. ``, ``:   ``), before a fence
#: that would then not open.
_ITEM_MARKERS = re.compile(r"(?:(?:[-*+:]|\d{1,9}[.)])[ \t]+[ \t>]*)+")
#: The name of the checked tables' marker, as an author might misplace it.
_TABLE_WORD = "rulecheck-table"


def check_near_misses(path: str, text: str) -> list[Problem]:
    """A located problem for each fence header naming ``rulecheck`` that Markdown would not read
    as an example, and each table marker the check would not see."""
    lines = split_lines(text)
    # A byte a line (not a list's 8): 1 for a fence's body and its closer, that fence's text; 2 for its opener.
    inside = bytearray(len(lines))
    for fence in find_fences(lines):
        inside[fence.start] = 2
        last = fence.end if fence.closed else fence.end - 1  # a line that breaks a fence is not in it
        stop = min(last + 1, len(lines))
        if stop > fence.start + 1:
            inside[fence.start + 1:stop] = b"\x01" * (stop - fence.start - 1)
    problems = Capped()  # a line a problem: a few of each kind listed, the rest summed up
    for index, line in enumerate(lines):
        if inside[index] == 1:
            continue
        if "`" in line or "~" in line:
            problem = _fence_near_miss(path, index, line, inside[index] == 2)
            if problem is not None:
                problems.add(problem, "fence")
                continue
        at = line.casefold().find(_TABLE_WORD)
        if at >= 0 and not TABLE_MARKER.match(line) and line.count("`", 0, at) % 2 == 0:  # not in a code span
            name = _marker_name(line)
            if name is not None:  # a marker on a line of its own, whose name is no table's name
                problems.add(_not_a_table_name(path, index, line, name), "table-name")
                continue
            problems.add(Problem(
                path=path, line=index + 1, col=at + 1, kind="near-miss",
                message="this line names a checked table, but the check reads a table's marker only on a line "
                        "of its own, at the margin or indented (not in a blockquote, not inside other text), "
                        "as `<!-- rulecheck-table: NAME -->`: the table after it is not checked"), "table-marker")
    return problems.problems


#: What a checked table's marker holds before its name.
_TABLE_PREFIX = f"{_TABLE_WORD}:"


def _marker_name(line: str) -> str | None:
    """The name a line written as a table's marker gives (``<!-- rulecheck-table: NAME -->`` alone
    on its line, at the margin or indented), whatever the name holds; ``None`` for any other line.
    Read without a pattern: the name may hold anything, spaces included."""
    stripped = line.strip(" \t")
    if not (stripped.startswith("<!--") and stripped.endswith("-->") and len(stripped) >= 7):
        return None
    inner = stripped[4:-3].strip()
    return inner[len(_TABLE_PREFIX):].strip() if inner.startswith(_TABLE_PREFIX) else None


def _not_a_table_name(path: str, index: int, line: str, name: str) -> Problem:
    shown = shortened(name, 60)
    hint = did_you_mean(name[:200], TABLES) or next(
        (close for word in name[:200].replace("<", " ").replace(">", " ").split()
         if (close := did_you_mean(word, TABLES))), None) or "tables are " + ", ".join(sorted(TABLES))
    return Problem(
        path=path, line=index + 1, col=line.index(_TABLE_PREFIX) + len(_TABLE_PREFIX) + 1, kind="near-miss",
        message=f"`{shown}` is not the name of a checked table (a name is one word: no space, no `<` or `>`), "
                f"so the table after this marker is not checked. Hint: {hint}")


def _fence_near_miss(path: str, index: int, line: str, opens_fence: bool) -> Problem | None:
    rest = line.lstrip(PREFIX_CHARS)
    item = _ITEM_MARKERS.match(rest)
    if item:  # a fence on a list item's or a definition's own line: Markdown reads it as text
        rest = rest[item.end():]
    marker = rest[:1]
    run = len(rest) - len(rest.lstrip(marker)) if marker in ("`", "~") else 0
    if run < 3:
        return None
    info = rest[run:]
    if marker == "`" and "`" in info:
        return None  # a code span in a line of text (```` ```rulecheck ````), which no fence opens on
    words = [word.casefold() for word in _HEADER_WORD.findall(_QUOTED.sub(" ", info))]
    if LANGUAGE not in words:
        return None
    language = fence_language(info)
    if opens_fence and language == LANGUAGE:
        return None  # an example: the check runs it and the page shows its card
    col = len(line) - len(rest) + 1
    opener = f"{marker * run}{LANGUAGE}"
    if item:
        why = (f"a fence does not open on the line of a list item's or a definition's marker "
               f"(`{item.group().strip()}`), so the page shows it as text")
        hint = "start the fence on a line of its own, indented under the item's text"
    elif not opens_fence or language is None:
        why = (f"Markdown opens no fence on `{info.strip()}` (after the language it takes only options such as "
               "title=\"…\"), so the page shows this line and the block under it as text")
        hint = f"open it with {opener} alone"
    elif language.casefold() == LANGUAGE:
        why = (f"its language is `{language}`, and only `{LANGUAGE}` in lower case makes an example: "
               "the page shows it as plain code")
        hint = f"open it with {opener}"
    else:
        why = (f"Markdown reads its language as `{language or 'none'}` (the first word, or the first class), "
               f"not `{LANGUAGE}`: the page shows it as plain code")
        hint = f"open it with {opener}, or give `.{LANGUAGE}` as the first class"
    return Problem(path=path, line=index + 1, col=col, kind="near-miss", message=(
        f"this fence names {LANGUAGE} but is not an example, and nothing checks it: {why}. Hint: {hint}; "
        "or take the word out of a block that is not meant as an example"))
