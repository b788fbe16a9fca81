"""Which pages a check reads: every page MkDocs builds from a folder, found as MkDocs finds them.

MkDocs walks its docs folder following links to folders (``os.walk(followlinks=True)``), so a
page under a linked folder is built and published at the link's path. The check walks the
same way and names such a page by that path too (``docs/fr/extra/page.md``, not where the
link leads): its language folder, its twin and its cast are those of the place it is built at.
A folder that cannot be listed is reported (MkDocs would skip it without a word). A link that
leads back to a folder on its way down is not followed again, so the walk ends.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rulecheck.examples.finder import MARKDOWN_SUFFIXES


@dataclass
class FoundPages:
    """The pages found, in order, and the folders that could not be listed (with the reason)."""

    pages: list[Path] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)


def find_pages(paths: Iterable[str | Path]) -> FoundPages:
    """The pages under ``paths``: every file MkDocs renders as Markdown (``.md``, ``.markdown``…)
    in a folder, links to folders followed, and every file named. A folder is read from where
    it really is; the pages below it keep the names they are built at. Raises
    ``FileNotFoundError`` for a path that does not exist."""
    found = FoundPages()
    seen: dict[Path, None] = {}
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for page in _walk(path.resolve(), found):
                seen.setdefault(page)
        elif path.exists() or path.is_symlink():
            seen.setdefault(Path(os.path.abspath(path)))
        else:
            raise FileNotFoundError(str(path))
    found.pages = list(seen)
    return found


def _walk(folder: Path, found: FoundPages) -> list[Path]:
    pages: list[Path] = []

    def unreadable(error: OSError) -> None:
        found.unreadable.append((Path(error.filename or folder), error.strerror or str(error)))

    # The real folders on the way down to each folder walked: a linked folder that leads back to
    # one of them (directly or through other links) would be walked without end.
    chains: dict[Path, frozenset[str]] = {folder: frozenset({os.path.realpath(folder)})}
    for current, folders, files in os.walk(folder, onerror=unreadable, followlinks=True):
        here = Path(current)
        chain = chains.pop(here, frozenset())
        folders[:] = sorted(name for name in folders if os.path.realpath(here / name) not in chain)
        for name in folders:
            chains[here / name] = chain | {os.path.realpath(here / name)}
        for name in sorted(files):
            page = here / name
            if page.suffix in MARKDOWN_SUFFIXES:
                # Whatever MkDocs would read as a page: a broken link, a FIFO (on which the build
                # would wait for ever) is a page the check reports as unreadable, without waiting.
                pages.append(page)
    return pages

