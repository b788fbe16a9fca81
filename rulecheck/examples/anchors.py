"""A card's anchor is its own: no heading or raw HTML element of its page may take ``ex-<its id>``.

Each card is the element ``id="ex-<example id>"``, which the prose references and the cast's
"appears in" lists link to. A heading written ``## Heading { #ex-parry }``, or whose text makes
that id (``## Ex parry``), or a raw element ``<div id="ex-parry">``, gave the page two elements of
one id: its links went to the heading, not the card. Each is a located problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from markdown.extensions.toc import slugify

from rulecheck.errors import Problem
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.references import mask_code

#: An id written in an attribute list (``{ #ex-parry }``, ``{: #ex-parry .note }``) or a raw tag.
#: A brace's search stops at the next brace: a line of 200,000 ``{`` read on from each took 246 s.
_EXPLICIT = re.compile(r"""\{:?[^{}\n]*?#(ex-[A-Za-z0-9_-]+)|\bid\s*=\s*["']?(ex-[A-Za-z0-9_-]+)""")
#: An ATX heading's line, from its text on (its closing hashes and attribute list taken off after).
_HEADING = re.compile(r"^[ \t>]*#{1,6}[ \t]+([^\r\n]*)", re.MULTILINE)


def check_card_anchors(path: str, text: str, example_ids: Iterable[str]) -> list[Problem]:
    """A located problem at each heading or element of the page that takes one of its cards' ids."""
    cards = {f"ex-{example_id}" for example_id in example_ids}
    if not cards:
        return []
    masked = mask_code(text)
    index = LineIndex(text)
    taken: list[tuple[int, str, str]] = []
    for found in _EXPLICIT.finditer(masked):
        anchor = found[1] or found[2]
        if anchor in cards:
            taken.append((found.start(1) if found[1] else found.start(2), anchor, "an id written on the page"))
    for found in _HEADING.finditer(masked):
        written = found[1].rstrip(" \t")
        if written.endswith("}") and (opened := written.rfind("{")) >= 0:
            written = written[:opened]  # the attribute list, whose id the explicit ids cover
        anchor = slugify(written.rstrip(" \t#"), "-")
        if anchor in cards:
            taken.append((found.start(1), anchor, "the id MkDocs makes of this heading's text"))
    problems = []
    for offset, anchor, what in sorted(taken):
        line, col = index.line_col(offset)
        problems.append(Problem(path=path, line=line, col=col, kind="anchor", example_id=anchor[3:], message=(
            f"`{anchor}` is {what}, and the id of the card of example `{anchor[3:]}`: the page would hold two "
            "elements of one id, and the links to the card would go to the first. Hint: give the heading or the "
            "element another id")))
    return problems
