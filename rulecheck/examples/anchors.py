"""The ids the build gives a page are its own: no heading or raw HTML element of the page may take one.

Each card is the element ``id="ex-<example id>"``, which the prose references and the cast's
"appears in" lists link to; on the page that lists the cast, each member is ``id="cast-<member>"``,
which every card's cast line links to; the elements of a battle map (its wall pattern, its title,
its description) are ``id="rcm-<example id>-…"``, which the picture's ``url(#…)`` and label refer
to: every id starting ``rcm-`` is the maps' (a heading « Rcm parry map w » took a map's wall
pattern, and the map drew no wall). A heading written ``## Heading { #ex-parry }``, or whose text
makes that id (``## Ex parry``, ``##Ex parry``, ``Ex parry`` over ``---``), or a raw element
``<div id="ex-parry">``, gave the page two elements of one id: its links went to the first. Each is
a located problem. Headings are read as :mod:`rulecheck.examples.headings` reads them, the one
reading of the check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulecheck.errors import Problem
from rulecheck.examples.cast import anchor as cast_anchor
from rulecheck.examples.headings import Heading
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.outcome import PageReport
from rulecheck.examples.references import mask_code

#: An id written in an attribute list (``{ #ex-parry }``, ``{: #ex-parry .note }``) or a raw tag, its
#: name in any case (``<div/ID=ex-parry>``: HTML's names are).
#: A brace's search stops at the next brace: a line of 200,000 ``{`` read on from each took 246 s.
_GIVEN = r"(?:ex|cast|rcm)-[A-Za-z0-9_-]+"
_EXPLICIT = re.compile(r"""\{:?[^{}\n]*?#(""" + _GIVEN + r""")|\b(?i:id)\s*=\s*["']?(""" + _GIVEN + ")")
#: The ids of the battle maps' elements (:func:`rulecheck.examples.maps.element_id`), all of them.
MAP_PREFIX = "rcm-"


def check_card_anchors(page: PageReport, text: str, headings: Iterable[Heading],
                       cast_members: Iterable[str] = ()) -> list[Problem]:
    """A located problem at each heading or element of the page that takes the id of one of its
    cards, or of a member of the cast it lists (``cast_members``: none where it lists none); those
    ids go to the page's ``given_ids``, which links may point to."""
    path = page.path
    example_ids = [outcome.id for outcome in page.outcomes if outcome.id]
    owners = {f"ex-{example_id}": f"the id of the card of example `{example_id}`" for example_id in example_ids}
    owners.update({cast_anchor(member): f"the id of cast member `{member}`'s entry" for member in cast_members})
    page.given_ids = set(owners)

    def owner(anchor: str) -> str | None:
        if anchor.startswith(MAP_PREFIX):
            return f"ids starting `{MAP_PREFIX}` are the battle maps' own (their patterns, titles and descriptions)"
        return owners.get(anchor)

    index = LineIndex(text)
    taken: dict[int, tuple[int, str, str]] = {}  # {line: (column, id, what takes it)}
    for found in _EXPLICIT.finditer(mask_code(text)):
        anchor = found[1] or found[2]
        if owner(anchor):
            line, col = index.line_col(found.start(1) if found[1] else found.start(2))
            taken.setdefault(line, (col, anchor, "an id written on the page"))
    for heading in headings:
        anchor = heading.id or heading.made
        if anchor and owner(anchor) and heading.line not in taken:
            written = text[index.start(heading.line):index.end(heading.line)]
            col = written.find(heading.text[:20]) + 1 if heading.text else 1  # 0: not found, the line's start
            what = "this heading's id" if heading.id else "the id MkDocs makes of this heading's text"
            taken[heading.line] = (max(col, 1), anchor, what)
    problems = []
    for line, (col, anchor, what) in sorted(taken.items()):
        example_id = anchor[3:] if anchor.startswith("ex-") else None
        problems.append(Problem(path=path, line=line, col=col, kind="anchor", example_id=example_id, message=(
            f"`{anchor}` is {what}, and {owner(anchor)}: the page would hold two elements of one id, and the "
            "links and pictures that refer to it would go to the first. Hint: give the heading or the element "
            "another id")))
    return problems
