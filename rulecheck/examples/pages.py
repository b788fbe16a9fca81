"""Reading pages: which files are pages, their text read with a size limit, how problems name them."""

from __future__ import annotations

import errno
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from rulecheck.errors import Problem
from rulecheck.examples.finder import MARKDOWN_SUFFIXES

#: The most bytes read from one page or example file (the longest page of the site is some 25 kB):
#: ``/dev/zero`` or a runaway generated file is refused instead of filling the memory.
MAX_PAGE_BYTES = 10_000_000


def read_page(path: Path) -> str:
    """A page's text: UTF-8, CRLF and CR line ends read as LF, a leading BOM dropped.

    Raises ``OSError`` (``EFBIG``) for a file of more than :data:`MAX_PAGE_BYTES`."""
    with path.open("rb") as stream:
        return decode_page(read_bounded(stream))


def read_bounded(stream: BinaryIO, limit: int = MAX_PAGE_BYTES) -> bytes:
    """At most ``limit`` bytes of ``stream``; ``OSError`` (``EFBIG``) when it holds more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"more than {limit:,} bytes, the most rulecheck reads from one file")
    return data


def decode_page(raw: bytes) -> str:
    """Page bytes as text: UTF-8, CRLF and CR line ends read as LF, a leading BOM dropped."""
    return raw.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")


def undecodable(path: str, error: UnicodeDecodeError) -> Problem:
    before = error.object[:error.start]
    line = before.count(b"\n") + 1
    col = len(before) - (before.rfind(b"\n") + 1) + 1
    byte = error.object[error.start:error.start + 1].hex()
    return Problem(path=path, line=line, col=col, message=f"not valid UTF-8 (byte 0x{byte})",
                   kind="encoding")


def markdown_files(paths: Iterable[str | Path]) -> list[Path]:
    """The pages under ``paths``: every file MkDocs renders as Markdown (``.md``, ``.markdown``…)
    in a folder, and every file named."""
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in MARKDOWN_SUFFIXES and p.is_file())
        elif path.exists():
            found.append(path)
        else:
            raise FileNotFoundError(str(path))
    return list(dict.fromkeys(p.resolve() for p in found))


def pages_under(paths: Iterable[str | Path]) -> list[tuple[Path, Path]]:
    """Each page under ``paths`` with the folder it was found from (a file's own folder)."""
    found: dict[Path, Path] = {}
    for item in paths:
        base = Path(item).resolve()
        for page in markdown_files([item]):
            found.setdefault(page, base if base.is_dir() else base.parent)
    return list(found.items())


def display_path(path: Path, root: Path) -> str:
    """``path`` as problems name it: relative to ``root`` when it lies under it."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
