"""Reading pages: which files are pages, their text read with a size limit, how problems name them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from rulecheck.errors import Problem
from rulecheck.examples.discovery import Exclusions, find_pages
from rulecheck.examples.regular_files import read_bounded as _read_bounded
from rulecheck.examples.regular_files import read_regular_file

#: The most bytes read from one page or example file (the longest page of the site is some 25 kB):
#: ``/dev/zero`` or a runaway generated file is refused instead of filling the memory.
MAX_PAGE_BYTES = 10_000_000
#: Examples one page may hold (the largest page of the site holds 85; a page of 2,000 is checked in
#: seconds): each becomes a card, and a page of tens of thousands of them, which fits in
#: :data:`MAX_PAGE_BYTES`, was built into a page of 75 MB, past memory.
MAX_EXAMPLES_PER_PAGE = 2000
#: Squares of battle maps one page may draw, every example's map counted (the heaviest page of the
#: site, the modifiers, draws 283 in 41 maps): each square adds to its card's picture, and 2,000
#: examples of 30 × 30 maps, within :data:`MAX_EXAMPLES_PER_PAGE`, built a page of 167 MB at 3 GB of
#: memory. At most 11 of the largest maps, some 2 to 4 MB of pictures however the squares are drawn.
MAX_MAP_SQUARES_PER_PAGE = 10_000


def read_page(path: Path) -> str:
    """A page's text: UTF-8, CRLF and CR line ends read as LF, a leading BOM dropped.

    Raises ``OSError`` for what is not a regular file (a FIFO is never waited on) and (``EFBIG``)
    for a file of more than :data:`MAX_PAGE_BYTES` (:mod:`rulecheck.examples.regular_files`)."""
    return decode_page(read_regular_file(path, MAX_PAGE_BYTES))


def read_bounded(stream: BinaryIO, limit: int = MAX_PAGE_BYTES) -> bytes:
    """At most ``limit`` bytes of ``stream``; ``OSError`` (``EFBIG``) when it holds more."""
    return _read_bounded(stream, limit)


def decode_page(raw: bytes) -> str:
    """Page bytes as text: UTF-8, CRLF and CR line ends read as LF, a leading BOM dropped."""
    return raw.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")


def undecodable(path: str, error: UnicodeDecodeError) -> Problem:
    """The first byte that is not UTF-8, at its line and column as an editor shows them: the text
    before it is valid, so it is read as :func:`decode_page` reads it (CRLF or CR ends a line, a
    letter of several bytes is one column, the BOM none: ``utf-8-sig`` leaves it out of the error)."""
    before = decode_page(error.object[:error.start])
    line = before.count("\n") + 1
    col = len(before) - (before.rfind("\n") + 1) + 1
    byte = error.object[error.start:error.start + 1].hex()
    return Problem(path=path, line=line, col=col, message=f"not valid UTF-8 (byte 0x{byte})",
                   kind="encoding")


def markdown_files(paths: Iterable[str | Path]) -> list[Path]:
    """The pages under ``paths``, as MkDocs finds them (:func:`~rulecheck.examples.discovery.find_pages`)."""
    return find_pages(paths).pages


def pages_under(paths: Iterable[str | Path], root: Path | None = None, skip: Callable[[Path], bool] | None = None,
                listed: dict[Path, list[str]] | None = None,
                ) -> tuple[list[tuple[Path, Path]], list[tuple[Path, str]]]:
    """Each page under ``paths`` with the folder it was found from (a file's own folder), and the
    folders not walked, each with why (:func:`~rulecheck.examples.discovery.find_pages`; ``skip``,
    the pages MkDocs leaves out); into ``listed``, each real folder listed and its hidden ``.tmp``
    files."""
    found: dict[Path, Path] = {}
    not_walked: list[tuple[Path, str]] = []
    for item in paths:
        base = Path(item).resolve()
        here = skip
        if isinstance(skip, Exclusions) and base.is_dir():
            docs = Path(skip.docs).resolve()
            if not base.is_relative_to(docs) and not docs.is_relative_to(base):
                here = Exclusions(base)  # a folder apart from the docs folder is read as one: MkDocs' defaults
        pages = find_pages([item], root, here)
        not_walked += pages.problems
        if listed is not None:
            listed.update(pages.temporaries)
        for page in pages.pages:
            found.setdefault(page, base if base.is_dir() else Path(os.path.abspath(item)).parent)
    return list(found.items()), not_walked


def display_path(path: Path, root: Path) -> str:
    """``path`` as problems name it: relative to ``root`` when it lies under it."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
