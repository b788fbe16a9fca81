"""Replace pages on disk: each one whole or not at all, and a set of pages all together or none.

`rulecheck check --update` rewrites a page and its twin; a reader must never find one language
rewritten and the other not, a page half written, or an author's edit made meanwhile lost. So
every new page is first written to a temporary file beside it (flushed and synced), then each
page is read again and compared with the bytes the new text was made from, and only then are
the temporary files renamed over the pages, one right after the other. A rename that fails
puts back the pages already replaced. A page that cannot be replaced as it is (read-only, with
several hard links, not a regular file) is refused before anything is written.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulecheck.errors import RulecheckError
from rulecheck.examples.regular_files import read_regular_file


@dataclass(frozen=True)
class PageWrite:
    """Replace ``file`` (named ``path`` in reports) by ``data``, if it still holds ``expected``."""

    path: str
    file: Path
    expected: bytes
    data: bytes


def replace_pages(writes: Sequence[PageWrite]) -> None:
    """Replace every page of ``writes``, or none of them.

    Raises :class:`~rulecheck.errors.RulecheckError` naming each page that stopped it and saying
    exactly which pages were changed (none, unless putting a page back failed too)."""
    targets = [write.file.resolve() for write in writes]  # a page reached through a link lives there
    refusals = [reason for write, target in zip(writes, targets, strict=True)
                if (reason := _refusal(write, target)) is not None]
    if refusals:
        raise RulecheckError(f"{'; '.join(refusals)}; {_unchanged(writes)}")
    staged: list[str] = []
    try:
        for write, target in zip(writes, targets, strict=True):
            try:
                staged.append(_stage(target, write.data, stat.S_IMODE(target.stat().st_mode)))
            except OSError as error:
                raise RulecheckError(f"{write.path}: cannot write the updated page ({error.strerror}); "
                                     f"{_unchanged(writes)}") from None
        changed = [write.path for write, target in zip(writes, targets, strict=True) if _read(target) != write.expected]
        if changed:
            raise RulecheckError(f"{', '.join(changed)} changed while being updated; {_unchanged(writes)}: "
                                 "run the check again")
        _commit(writes, targets, staged)
    except BaseException:
        for temporary in staged:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    for folder in dict.fromkeys(target.parent for target in targets):
        _sync_folder(folder)


def write_atomically(file: Path, data: bytes) -> None:
    """Replace ``file``'s content by ``data`` all at once, or not at all (a new file when there is
    none): a temporary file created exclusively beside it (never an existing file or a link),
    flushed, synced and given the file's mode, then renamed over it."""
    target = file.resolve()
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = 0o644
    temporary = _stage(target, data, mode)
    try:
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _refusal(write: PageWrite, target: Path) -> str | None:
    """Why ``target`` cannot be replaced as it is, if it cannot."""
    try:
        status = target.stat()
    except OSError as error:
        return f"{write.path}: cannot read the page to update it ({error.strerror})"
    if not stat.S_ISREG(status.st_mode):
        return f"{write.path}: not a regular file"
    if not status.st_mode & 0o222 or not os.access(target, os.W_OK):
        return f"{write.path}: the page is read-only (make it writable to update it)"
    if status.st_nlink > 1:
        return (f"{write.path}: the page has {status.st_nlink} hard links, and an update would replace this one "
                "only (the others would keep the old text); update it by hand, or copy it over its links first")
    try:
        current = _read(target)
    except OSError as error:
        return f"{write.path}: cannot read the page to update it ({error.strerror})"
    if current != write.expected:
        return f"{write.path} changed since it was checked: run the check again"
    return None


def _read(target: Path) -> bytes:
    return read_regular_file(target)  # never waits on a FIFO put in the page's place meanwhile


def is_staged_name(name: str, target: str) -> bool:
    """Whether ``name`` is the name :func:`_stage` gives a temporary file beside a file named
    ``target`` (``.pages.json.k3j9_x2a.tmp`` beside ``pages.json``): what a killed writer leaves."""
    return re.fullmatch(rf"\.{re.escape(target)}\.[a-z0-9_]+\.tmp", name) is not None


def _stage(target: Path, data: bytes, mode: int) -> str:
    """A new temporary file beside ``target`` holding ``data``, synced, with ``mode``; its path."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return temporary


def _commit(writes: Sequence[PageWrite], targets: list[Path], staged: list[str]) -> None:
    """Rename each staged file over its page; if one fails, put back the pages already replaced."""
    for index, (write, target, temporary) in enumerate(zip(writes, targets, staged, strict=True)):
        try:
            os.replace(temporary, target)
        except OSError as error:
            restored, lost = [], []
            for done, done_target in zip(writes[:index], targets[:index], strict=True):
                try:
                    write_atomically(done_target, done.expected)
                    restored.append(done.path)
                except OSError:
                    lost.append(done.path)
            said = f"{write.path}: cannot replace the page ({error.strerror}); "
            if lost:
                said += f"{', '.join(lost)} rewritten and could not be put back (review the diff)"
                if restored:
                    said += f", {', '.join(restored)} put back as it was"
            else:
                said += _unchanged(writes) + (f" ({', '.join(restored)} put back as it was)" if restored else "")
            raise RulecheckError(said) from None


def _unchanged(writes: Sequence[PageWrite]) -> str:
    if len(writes) == 1:
        return "the page is unchanged"
    return f"no page was changed ({', '.join(write.path for write in writes)} as they were)"


def _sync_folder(folder: Path) -> None:
    """Make the renames in ``folder`` durable."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
