"""Page numbers on paper: the print edition's contents, cross-references and the cast's
"appears in" lists say on which page their target is.

Browsers cannot number a link's target page by themselves (CSS ``target-counter()`` is not in
Chromium), but a PDF that Chromium prints names each anchor as a destination with its page. So
the edition is printed once, the page of every anchor is read back from that PDF (pypdf), each
internal link gets its target's page (``data-page``, which the print stylesheet shows), and the
edition is printed again, until the numbers no longer move (the numbers themselves can push a
page's end).

The quick reference is a PDF of its own: its pointers to the rules ("→ The turn") get the page of
their target in the rulebook of their language, read back from that PDF.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

#: How many times the edition may be printed before the numbers must hold.
MAX_PRINTS = 4
#: Gives each internal link of the print edition the page of its target, from ``pages``
#: (anchor -> page); returns how many links it numbered.
NUMBER_LINKS = """pages => {
    let numbered = 0;
    for (const link of document.querySelectorAll('.rc-print-toc a[href^="#"], .rc-print a[href^="#"]')) {
        if (link.matches('.headerlink, .rc-rule, .md-skip')) continue;
        const page = pages[decodeURIComponent(link.getAttribute('href').slice(1))];
        if (page === undefined) { link.removeAttribute('data-page'); continue; }
        link.setAttribute('data-page', String(page));
        // Inside parentheses, the page goes after a comma: more "(" than ")" before the link in its block.
        const block = link.closest('p, li, td, th, dd, dt, figcaption, h1, h2, h3, h4, h5, h6') || link.parentElement;
        const before = document.createRange();
        before.setStart(block, 0);
        before.setEndBefore(link);
        const text = before.toString();
        const open = text.split('(').length - text.split(')').length;
        link.toggleAttribute('data-in-parentheses', open > 0);
        numbered += 1;
    }
    return numbered;
}"""

#: Gives each link of the quick reference to a rules page (``turn.html#free-actions``) the page of
#: that place in the rulebook, from ``pages`` (the rulebook's anchor -> page, whose ids are
#: ``<page>--<id>`` and ``chapter-<page>``: ``print_edition.prefixed``); returns how many it numbered.
NUMBER_POINTERS = """pages => {
    let numbered = 0;
    for (const link of document.querySelectorAll('.rc-quickref-page a[href]')) {
        const target = /^([A-Za-z0-9_-]+)\\.html(?:#(.+))?$/.exec(link.getAttribute('href'));
        const anchor = target
            && (target[2] ? `${target[1]}--${decodeURIComponent(target[2])}` : `chapter-${target[1]}`);
        const page = anchor ? pages[anchor] : undefined;
        if (page === undefined) { link.removeAttribute('data-page'); continue; }
        link.setAttribute('data-page', String(page));
        numbered += 1;
    }
    document.body.toggleAttribute('data-rulebook-pages', numbered > 0);
    return numbered;
}"""


def anchor_pages(pdf: Path) -> dict[str, int]:
    """Each named destination of a PDF Chromium printed (an element's id) and its page, from 1."""
    from pypdf import PdfReader

    return {name: index + 1 for name, (index, _) in _named_places(PdfReader(str(pdf))).items()}


def _named_places(reader: Any) -> dict[str, tuple[int, Any]]:
    """Each named destination of a PDF (an element's id): its page's index, and the destination."""
    numbers = {page.indirect_reference.idnum: index for index, page in enumerate(reader.pages)
               if page.indirect_reference is not None}
    found: dict[str, tuple[int, Any]] = {}
    for name, destination in reader.named_destinations.items():
        index = numbers.get(getattr(destination.get("/Page"), "idnum", -1))
        if index is not None:
            found[str(name).lstrip("/")] = (index, destination)
    return found


def print_numbered(page: Any, print_to: Any, target: Path) -> tuple[dict[str, int], int]:
    """Print ``page`` (a Playwright page showing the edition) with ``print_to(path)`` until every
    internal link shows the page its target lands on; the page of each anchor in the last print,
    and how many prints it took."""
    pages: dict[str, int] = {}
    for prints in range(1, MAX_PRINTS + 1):
        page.evaluate(NUMBER_LINKS, pages)
        print_to(target)
        found = anchor_pages(target)
        if found == pages:
            return found, prints
        pages = found
    return pages, MAX_PRINTS


#: The headings a PDF's outline lists, in the order they print: (level, id, text) of each h1 to h3
#: that prints and has an id (the print stylesheet hides the screen's own; ¶ marks are no text).
HEADINGS = """() => [...document.querySelectorAll('h1[id], h2[id], h3[id]')]
    .filter(heading => heading.getClientRects().length > 0)
    .map(heading => {
        const copy = heading.cloneNode(true);
        copy.querySelectorAll('.headerlink').forEach(mark => mark.remove());
        return [Number(heading.tagName[1]), heading.id, copy.textContent.replace(/\\s+/g, ' ').trim()];
    })
    .filter(([, , text]) => text)"""


def add_outline(pdf: Path, headings: list[tuple[int, str, str]]) -> int:
    """Give ``pdf`` an outline (a reader's bookmarks) of ``headings``, each at the place Chromium
    printed it (its named destination), nested by level; returns how many it lists. Chromium
    writes an outline only into a tagged PDF, twice the size: the destinations it writes anyway
    are enough."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import Fit

    reader = PdfReader(str(pdf))
    places = _named_places(reader)
    writer = PdfWriter(clone_from=reader)
    parents: list[tuple[int, Any]] = []  # the open items above the next one, with their levels
    listed = 0
    for level, anchor, text in headings:
        if anchor not in places:
            continue  # not printed (a screen-only heading)
        page, destination = places[anchor]
        while parents and parents[-1][0] >= level:
            parents.pop()
        fit = Fit.xyz(left=destination.get("/Left"), top=destination.get("/Top"))
        item = writer.add_outline_item(title=text, page_number=page, parent=parents[-1][1] if parents else None,
                                       fit=fit)
        parents.append((level, item))
        listed += 1
    with tempfile.NamedTemporaryFile(dir=pdf.parent, prefix=f".{pdf.name}.", suffix=".tmp", delete=False) as out:
        writer.write(out)
    os.replace(out.name, pdf)
    return listed
