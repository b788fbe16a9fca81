"""``make site``: print each language's print edition and quick reference to PDF with Chromium.

The built site works from ``file://``, so Chromium opens the pages straight from ``site/`` (no
server, no network) and prints them with their print styles: the rulebook on A4 portrait pages,
numbered, and the GM's quick reference on A4 landscape sheets. Each PDF is written to a
temporary file beside its target and renamed over it, so an interrupted run leaves the previous
PDF whole; the site's service worker then lists the PDFs, so that a reader's offline copy
keeps them (``web_app.keep_offline``). Playwright drives Debian's Chromium
(``/usr/bin/chromium``), as in the browser tests.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .pdf_pages import HEADINGS, NUMBER_POINTERS, add_outline, anchor_pages, print_numbered
from .web_app import keep_offline

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND"]
PORTRAIT_MARGINS = {"top": "14mm", "bottom": "16mm", "left": "14mm", "right": "14mm"}
LANDSCAPE_MARGINS = {"top": "7mm", "bottom": "7mm", "left": "8mm", "right": "8mm"}


@dataclass(frozen=True)
class PdfEdition:
    """One PDF: the page it prints (relative to the site) and where it writes the PDF."""

    page: str
    target: str
    landscape: bool = False
    numbered: bool = False  # its links say on which page their target is (pdf_pages)
    pages_of: str | None = None  # the edition (a target) whose pages its links give (pdf_pages)


#: The PDFs ``make site`` writes; the site's pages link to these names.
EDITIONS = (
    PdfEdition("print.html", "regles-de-combat.pdf", numbered=True),
    PdfEdition("en/print.html", "en/combat-rules.pdf", numbered=True),
    PdfEdition("quick-reference.html", "aide-memoire-mj.pdf", landscape=True, pages_of="regles-de-combat.pdf"),
    PdfEdition("en/quick-reference.html", "en/gm-quick-reference.pdf", landscape=True,
               pages_of="en/combat-rules.pdf"),
)


class PdfError(Exception):
    """Why the PDFs could not be made, in words for the person who ran ``make site``."""


@contextmanager
def _chromium(browser: Any | None) -> Iterator[Any]:
    """``browser`` when a caller already runs one (one sync Playwright per process), else our own."""
    if browser is not None:
        yield browser
        return
    if not CHROMIUM.is_file():
        raise PdfError(f"{CHROMIUM} is missing: install Debian's chromium package (`make site` does)")
    from playwright.sync_api import sync_playwright  # a development dependency, needed here only

    with sync_playwright() as playwright:
        own = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield own
        finally:
            own.close()


def write_pdfs(site: Path, editions: tuple[PdfEdition, ...] = EDITIONS, *, browser: Any | None = None) -> list[Path]:
    """Print every edition of the built ``site`` to its PDF; the paths written, in order.

    ``browser`` is a Playwright browser to print with; without one, Debian's Chromium is started.
    """
    missing = [e.page for e in editions if not (site / e.page).is_file()]
    if missing:
        raise PdfError(f"{site} has no {', '.join(missing)}: build the site first (`make site`)")
    written = []
    printed: dict[str, dict[str, int]] = {}  # each rulebook printed in this run: its anchors' pages
    with _chromium(browser) as chromium:
        page = chromium.new_page()
        try:
            for edition in editions:
                page.goto((site / edition.page).resolve().as_uri(), wait_until="load")
                page.emulate_media(media="print")
                target = site / edition.target
                with tempfile.NamedTemporaryFile(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp",
                                                 delete=False) as temporary:
                    partial = Path(temporary.name)
                try:
                    def print_to(path: Path, edition: PdfEdition = edition) -> None:
                        page.pdf(
                            # Page numbers come from the print stylesheet's @page, as when a reader
                            # prints from the browser: one source for both.
                            path=str(path), format="A4", landscape=edition.landscape, print_background=True,
                            margin=LANDSCAPE_MARGINS if edition.landscape else PORTRAIT_MARGINS,
                        )

                    if edition.numbered:
                        printed[edition.target], _ = print_numbered(page, print_to, partial)
                    else:
                        if edition.pages_of:
                            page.evaluate(NUMBER_POINTERS, _pages_of(site, edition.pages_of, printed))
                        print_to(partial)
                    add_outline(partial, page.evaluate(HEADINGS))
                    with partial.open("rb") as done:
                        os.fsync(done.fileno())
                    os.chmod(partial, 0o644)
                    os.replace(partial, target)
                finally:
                    partial.unlink(missing_ok=True)
                written.append(target)
        finally:
            page.close()
    keep_offline(site, written)  # the site's offline copy keeps them too
    return written


def _pages_of(site: Path, rulebook: str, printed: dict[str, dict[str, int]]) -> dict[str, int]:
    """The page of each anchor of ``rulebook``: printed in this run, or earlier (on disk)."""
    if rulebook in printed:
        return printed[rulebook]
    if not (site / rulebook).is_file():
        raise PdfError(f"the quick reference gives the pages of {site / rulebook}, which is not printed: "
                       "print the rulebook first (`make site` prints both)")
    return anchor_pages(site / rulebook)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    site = Path(args[0] if args else "site")
    try:
        for path in write_pdfs(site):
            print(f"pdf: wrote {path}")
    except PdfError as error:
        print(f"pdf: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
