"""The cards a reader sees are the examples the check ran, no more and no fewer.

Two ways a page could break that, each a located problem:

- a hand-written card: raw HTML or an attribute list (``{: .rc-card }``) with the cards' own markup
  (a ``rc-card`` or ``rc-badge`` class, a ``data-example`` attribute) would show a "✓ checked" mark
  that no check stands behind;
- an example inside an HTML comment: the check runs it and counts it for parity, but the page
  does not show it, so one language may hide what the other shows.

Both are looked for in the page's text outside code (fenced blocks and code spans are blanked),
in time linear in the page.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from html import unescape

from markdown.extensions.attr_list import get_attrs_and_remainder

from rulecheck.errors import Problem
from rulecheck.examples.capped import Capped
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.line_index import ANY_LINE_END, LineIndex
from rulecheck.examples.raw_tags import attributes, markdown_start_tags, start_tags
from rulecheck.examples.raw_tags import comments as html_comments
from rulecheck.examples.references import mask_code

#: The classes only the cards' renderer writes: a card, a badge, and their parts and kinds.
_CARD_CLASS = re.compile(r"rc-(?:card|badge)(?:(?:__|--)[\w-]+)?", re.IGNORECASE)


#: Text that any of the cards' markup holds (case-folded).
_MARKS = ("rc-card", "rc-badge", "data-example")


def _is_card_markup(tag: str) -> bool:
    """Whether a start tag has a card's ``data-example`` or one of its classes, its attributes read
    as the browser reads them (``<div "x" class="rc-card">`` is a div of class ``rc-card``; so is
    ``class="rc&#45;card"``, a value's character references decoded: a twenty-eighth hostile round)."""
    for attribute in attributes(tag):
        if attribute.name == "data-example":
            return True
        if attribute.name == "class" and _has_card_class(unescape(attribute.value or "")):
            return True
    return False


def card_marks(text: str) -> int:
    """How many of the cards' marks ``text`` holds, character references decoded (``rc&#45;card``
    is one): none, and it writes none of their markup."""
    folded = (unescape(text) if "&" in text else text).casefold()
    return sum(folded.count(mark) for mark in _MARKS)


def card_markup_elements(html: str) -> int:
    """How many elements of ``html`` (a page as Markdown rendered it) carry the cards' markup."""
    return sum(1 for tag in start_tags(html) if _is_card_markup(tag.group()))


#: An attribute list (Markdown's ``attr_list``: ``{: .rc-card }`` under a paragraph, ``{ … }`` after a
#: heading or an inline element), up to its first closing brace.
_ATTRIBUTE_LIST = re.compile(r"\{:?[ ]*([^{}\n]+)\}")


def _card_markup(masked: str) -> Iterator[int]:
    """Where the page writes the cards' markup: in a start tag as the browser reads it, in a tag
    within another's quoted value (Markdown escapes a start it does not take for a tag, such as
    ``<i@ t="…">``, and the tags its value held are then the page's: a twenty-sixth hostile round),
    or in an attribute list, which gives its element any class and attribute (another)."""
    for tag in markdown_start_tags(masked):
        if _is_card_markup(tag.group()):
            yield tag.start()
    for found in _ATTRIBUTE_LIST.finditer(masked):
        pairs, _ = get_attrs_and_remainder(found[1])
        if any(key == "data-example" or (key in (".", "class") and _has_card_class(value)) for key, value in pairs):
            yield found.start()


def _has_card_class(classes: str) -> bool:
    return any(_CARD_CLASS.fullmatch(token) for token in classes.split())


def check_shown_cards(path: str, text: str) -> list[Problem]:
    """A located problem for each hand-written card and each example inside an HTML comment."""
    if "<!--" not in text and not card_marks(text):
        return []  # most pages: no comment and none of the cards' markup, nothing to mask
    masked = mask_code(text)
    problems = Capped()  # a few of each kind listed, the rest summed up
    lines = LineIndex(masked)  # each tag placed by bisection, not by counting lines from the top
    last_line = 0
    for at in sorted(_card_markup(masked)):
        line = lines.line(at)
        if line != last_line:  # one per line
            last_line = line
            problems.add(Problem(
                path=path, line=line, col=lines.col(at), kind="forged-card",
                message="hand-written card markup: only a ```rulecheck block makes a card, which the check runs. "
                        "Hint: write the example as a block; the page shows its card"))
    comments = html_comments(masked)
    if comments:
        starts, text_lines = [start for start, _ in comments], LineIndex(text, ANY_LINE_END)
        for block in find_blocks(text, path):
            offset = text_lines.start(block.line)
            at = bisect_right(starts, offset) - 1  # the last comment opened at or before it
            if at >= 0 and offset < comments[at][1]:
                problems.add(Problem(
                    path=path, line=block.line, kind="hidden-example",
                    message="example inside an HTML comment: the check runs it, but the page does not show it. "
                            "Hint: remove the comment around it, or the example from both languages"))
    return sorted(problems.problems, key=lambda p: (p.line, p.col or 0))
