"""A link to an anchor its page does not hold: the strict build fails on it, and the check says so first.

MkDocs validates each link's anchor against the built page it names (``validation: anchors``), which
a strict build turns into a failure; an author running only ``rulecheck check`` learnt of a link to
``dying.md#stabilising`` (the section is ``#stabilisation``) from the build. The check knows each
page's ids: its headings' (written or made of their text), its raw HTML's and attribute lists', its
cards' (``ex-…``) and, on the page that lists the cast, its members' (``cast-…``). A Markdown link
(inline, or a reference definition) to ``page.md#id`` or ``#id``, outside code, comments and
raw-text elements, whose page the check read and whose id that page does not hold, is a problem
at the link. What the build alone makes (footnotes' ``fn:…``, tabs' ``__tabbed_…``, the maps' and
the print edition's ids, a repeated heading's ``_1``) is not judged.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from pathlib import Path

from rulecheck.errors import Problem
from rulecheck.examples.capped import Capped
from rulecheck.examples.discovery import site_config
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.outcome import Report
from rulecheck.examples.pages import read_page
from rulecheck.examples.raw_tags import Unshown
from rulecheck.examples.references import mask_code

#: The start of a link's destination, or of a reference definition's (``[label]: dest``; a footnote's
#: ``[^label]: text`` is not one).
_OPENS = re.compile(r"\]\(|^ {0,3}\[(?!\^)[^\]\n]{1,999}\]:[ \t]*", re.MULTILINE)
#: A destination: in angle brackets, or up to a space or a closing parenthesis (one level of pairs).
_DESTINATION = re.compile(r"<([^<>\n]{0,2000})>|((?:[^\s()<>]|\([^\s()]{0,200}\)){0,2000})")
#: Ids the build makes that no page's Markdown shows.
_BUILT = ("fn:", "fnref:", "__", "rcm-", "chapter-", "print-contents")
#: A heading id the toc made unique by a number (``parry_1``): the built page's, not its Markdown's.
_NUMBERED = re.compile(r"_\d+$")


def _links(text: str) -> Iterator[tuple[int, str]]:
    """Each link destination that holds a ``#``, at its offset: outside code, comments and raw-text elements."""
    masked = mask_code(text)
    unshown = Unshown(masked)
    for opened in _OPENS.finditer(masked):
        found = _DESTINATION.match(masked, opened.end())
        destination = (found[1] if found and found[1] is not None else found[2] if found else "") or ""
        if "#" in destination and unshown.around(opened.start()) is None:
            yield opened.end(), destination


def validates_anchors(root: Path) -> bool:
    """Whether the site whose ``mkdocs.yml`` is in ``root`` warns of a link to a missing anchor (which a
    strict build fails on): ``validation: {anchors: warn}`` or ``{links: {anchors: warn}}``. MkDocs'
    default tells it at the ``info`` level, and the build passes: so does the check."""
    validation = site_config(root).get("validation")
    if not isinstance(validation, dict):
        return False
    links = validation.get("links")
    level = links.get("anchors", validation.get("anchors")) if isinstance(links, dict) else validation.get("anchors")
    return level == "warn"


def check_link_anchors(report: Report, root: Path) -> None:
    """Add a problem at each link whose anchor the page it names does not hold (module docstring),
    where the site's build fails on it (:func:`validates_anchors`)."""
    if not validates_anchors(root):
        return
    by_file = {posixpath.normpath(str(page.source)): page for page in report.pages.values() if page.source}
    held: dict[str, set[str]] = {}
    for shown, page in report.pages.items():
        if page.source is None:
            continue
        try:
            text = read_page(page.source)
        except (OSError, UnicodeDecodeError):
            continue  # said when the page was first read
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as Markdown reads it
        index = LineIndex(text)
        folder = posixpath.dirname(str(page.source))
        found = Capped()  # a page of 20,000 broken links is one summary past the first fifty
        for at, destination in _links(text):
            target, anchor = destination.split("#", 1)
            if not anchor or "%" in anchor or anchor.startswith(_BUILT) or _NUMBERED.search(anchor) \
                    or "://" in target or not (target == "" or target.endswith(".md")):
                continue
            named = page if not target else by_file.get(posixpath.normpath(posixpath.join(folder, target)))
            if named is None:
                continue  # a page the check did not read: the build judges it
            ids = held.setdefault(named.path, {*named.headings, *named.element_ids, *named.given_ids})
            if anchor in ids or named.made_ids.line(anchor) is not None:
                continue
            line, col = index.line_col(at)
            found.add(Problem(path=shown, line=line, col=col, kind="anchor", message=(
                f"link to `{destination}`: {'this page' if not target else named.path} holds no element of id "
                f"`{anchor}`, and the strict build fails on it. Hint: link to one of its headings' ids "
                "(`## Title { #id }`), or to a card (`#ex-<example id>`)")), "link")
        page.problems += found.problems
