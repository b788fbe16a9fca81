"""Replace pages on disk: each one whole or not at all, and a set of pages all together or none.

`rulecheck check --update` rewrites a page and its twin; a reader must never find one language
rewritten and the other not, a page half written, or an author's edit made meanwhile lost. So
every new page is first written to a temporary file beside it (flushed and synced), then each
page is read again and compared with the bytes the new text was made from, and only then are
the temporary files renamed over the pages, one right after the other. A rename that fails
puts back the pages already replaced. A page that cannot be replaced as it is (read-only, with
several hard links, not a regular file) is refused before anything is written.

No file system renames two files at once, and a process killed between the renames (a kill -9,
a power cut) cannot put anything back. So before the first rename a journal is written (synced,
renamed into place: :data:`JOURNAL`) naming each page, its temporary file and fingerprints of its
old and new bytes; it is removed once every page is replaced. The next ``rulecheck check`` that
finds a journal finishes the update (:func:`finish_interrupted_update`): every temporary file
left is complete and was checked against its page before the journal was written, so going
forward needs nothing that could be lost, where going back would need a copy of each old page.
A page edited since is never overwritten: it keeps the author's text, and the message says so.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from rulecheck.errors import RulecheckError
from rulecheck.examples.finder import MARKDOWN_SUFFIXES
from rulecheck.examples.regular_files import read_regular_file

#: The journal of an update under way, in the project's folder (:func:`journal_folder`): there
#: while its pages are being renamed, and left only by an update that was killed.
JOURNAL = ".rulecheck-update.json"


def journal_folder(start: Path) -> Path:
    """Where an update run from ``start`` keeps its journal, and where every host looks for one:
    the nearest folder from ``start`` up that holds ``mkdocs.yml`` (the folder the build, serve
    and pytest run from), else ``start``. An update run from ``docs/`` and killed left its journal
    there, where no build looked."""
    return project_folder(start) or Path(os.path.abspath(start))


def project_folder(start: Path) -> Path | None:
    """The nearest folder from ``start`` up that holds ``mkdocs.yml``, if any: where an update of
    pages under ``start`` keeps its journal, wherever it is run from."""
    start = Path(os.path.abspath(start))
    return next((folder for folder in (start, *start.parents) if (folder / "mkdocs.yml").is_file()), None)


@dataclass(frozen=True)
class PageWrite:
    """Replace ``file`` (named ``path`` in reports) by ``data``, if it still holds ``expected``."""

    path: str
    file: Path
    expected: bytes
    data: bytes


class JournalPage(BaseModel):
    """One page of an update's journal: where it is, its temporary file, and fingerprints
    (:func:`page_digest`) of the bytes it held and of those the temporary file holds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str
    target: str
    temporary: str
    old: str
    new: str


class Journal(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    pages: list[JournalPage]


def page_digest(raw: bytes) -> str:
    """A fingerprint of a page's bytes, to tell whether it changed since it was read."""
    return hashlib.blake2b(raw, digest_size=16).hexdigest()


def replace_pages(writes: Sequence[PageWrite], journal: Path | None = None) -> None:
    """Replace every page of ``writes``, or none of them; with a ``journal`` (:data:`JOURNAL` in the
    folder the update is run from), a process killed between the renames is finished by the next
    check (:func:`finish_interrupted_update`).

    Raises :class:`~rulecheck.errors.RulecheckError` naming each page that stopped it and saying
    exactly which pages were changed (none, unless putting a page back failed too)."""
    targets = [write.file.resolve() for write in writes]  # a page reached through a link lives there
    refusals = [reason for write, target in zip(writes, targets, strict=True)
                if (reason := _refusal(write, target)) is not None]
    if journal is not None and os.path.lexists(journal):  # never written over: it is the only record of one
        refusals.append(f"{journal.name}: an earlier update was stopped between its renames; run `rulecheck check` "
                        "to finish it first")
    if refusals:
        raise RulecheckError(f"{'; '.join(refusals)}; {_unchanged(writes)}")
    staged: list[str] = []
    journaled: Path | None = None  # the journal, once written
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
        if journal is not None:
            _write_journal(journal, writes, targets, staged)
            journaled = journal
        _commit(writes, targets, staged)
    except BaseException as error:
        if journaled is not None and not isinstance(error, RulecheckError):
            raise  # stopped between the renames (Ctrl-C): the journal and the temporary files finish it
        for temporary in staged:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if journaled is not None:
            _remove_journal(journaled)  # the renames were undone, or what was not is said
        raise
    for folder in dict.fromkeys(target.parent for target in targets):
        _sync_folder(folder)
    if journaled is not None:
        _remove_journal(journaled)


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


#: The name :func:`_stage` gives a temporary file beside a file (``.reactions.md.k3j9_x2a.tmp``).
_STAGED = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]+\.tmp")


def is_staged_name(name: str, target: str) -> bool:
    """Whether ``name`` is the name :func:`_stage` gives a temporary file beside a file named
    ``target`` (``.pages.json.k3j9_x2a.tmp`` beside ``pages.json``): what a killed writer leaves."""
    staged = _STAGED.fullmatch(name)
    return staged is not None and staged["target"] == target


def leftover_temporaries(folder: Path, pages: Iterable[str], names: Iterable[str] | None = None,
                         ) -> list[tuple[str, str]]:
    """``(temporary file, page)``, by name, for each temporary file in ``folder`` (of ``names``, the
    folder's files when known, else listed) of the name an update gives one beside one of ``pages``
    (the names of the pages in that folder).

    What a killed update leaves before its journal is written: nothing finishes it (no journal names
    it) and nothing removes it. It is reported, never removed, because nothing tells it apart from
    the staged file of an update running now in another process: there is no lock, and its age
    says nothing of a process that is stopped, swapping or writing to a slow disk. Removing a running
    update's staged file would make its rename fail or, once its journal is written, leave that
    journal unable to finish it; a person who knows no update is running removes it in a second."""
    if names is None:
        try:
            names = os.listdir(folder)
        except OSError:
            return []
    wanted = set(pages)
    found = []
    for name in names:
        staged = _STAGED.fullmatch(name)
        if staged and staged["target"] in wanted:
            found.append((name, staged["target"]))
    return sorted(found)


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


def _write_journal(journal: Path, writes: Sequence[PageWrite], targets: list[Path], staged: list[str]) -> None:
    """Write the journal of the renames about to be made, durably, or raise ``RulecheckError``."""
    pages = [JournalPage(path=write.path, target=_from_journal(journal, target),
                         temporary=_from_journal(journal, Path(temporary)),
                         old=page_digest(write.expected), new=page_digest(write.data))
             for write, target, temporary in zip(writes, targets, staged, strict=True)]
    try:
        write_atomically(journal, Journal(pages=pages).model_dump_json(indent=1).encode("utf-8"))
    except OSError as error:
        raise RulecheckError(f"{journal.name}: cannot write the update's journal ({error.strerror}); "
                             f"{_unchanged(writes)}") from None


def _from_journal(journal: Path, file: Path) -> str:
    """``file``'s path from the journal's folder when it lies inside it: a project moved or renamed
    after the kill (``mv rules rules-old``) is finished where it now is, not looked for where it was.
    A file outside it keeps its absolute path, which finishing refuses (only pages of the project)."""
    folder = Path(os.path.realpath(journal.parent))
    return file.relative_to(folder).as_posix() if file.is_relative_to(folder) else str(file)


def _remove_journal(journal: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(journal)
    _sync_folder(journal.parent)


def finish_interrupted_update(root: Path) -> list[str]:
    """Finish the update whose journal was left in ``root`` by a process killed between its renames;
    what was done, to tell the author (nothing when there is no journal).

    Each temporary file left is renamed over its page if the page still holds the bytes it held
    and the temporary file the bytes staged (fingerprints in the journal), and if it is a file of
    this user, beside its page, of the name :func:`_stage` gives: a journal forged or copied from
    elsewhere cannot make the check write anything an update would not have written. A journal
    that cannot be read is left for the author, and nothing is done."""
    journal = root / JOURNAL
    if not os.path.lexists(journal):
        return []
    try:
        pages = Journal.model_validate_json(read_regular_file(journal)).pages
    except (OSError, ValidationError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not a journal rulecheck wrote"
        return [f"{JOURNAL}: an interrupted `rulecheck check --update` left this journal, and it cannot be read "
                f"({reason}): nothing was done; review the pages it names (git diff), then remove it"]
    done = [_finish(page, root) for page in pages]
    _remove_journal(journal)
    complete = all(applied for applied, _ in done)
    return [f"{JOURNAL}: a `rulecheck check --update` was stopped between its renames; it is now "
            + ("finished: every page holds the update; review the diff" if complete else
               "finished where the pages allowed: not every page holds the update; run "
               "`rulecheck check --update` again, then review the diff"),
            *(f"  {said}" for _, said in done)]


def _finish(page: JournalPage, root: Path) -> tuple[bool, str]:
    """Finish one page of an interrupted update: whether it now holds the update, and what was done.

    Only a Markdown page inside ``root`` (links resolved) is touched, and it is named by its own
    path: a journal committed by a pull request named ``tests/conftest.py``, or another checkout's
    ``Makefile``, and reported a page it did not touch."""
    target, temporary = root / page.target, root / page.temporary
    shown = _shown_in(root, target)
    if shown is None:
        named = page.target if len(page.target) <= 60 else "…" + page.target[-59:]  # its end names the file
        return False, f"{named!r}: not a Markdown page of this project, which an update never rewrites; left as it is"
    current = _digest_of(target)
    if _ours_to_rename(temporary, target) and current == page.old and _digest_of(temporary) == page.new:
        try:
            os.replace(temporary, target)
        except OSError as error:
            return False, f"{shown}: cannot replace the page ({error.strerror}); it is as it was before the update"
        _sync_folder(target.parent)
        return True, f"{shown}: rewritten now, as the update would have"
    if _ours_to_rename(temporary, target):
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    if current == page.new:
        return True, f"{shown}: had been rewritten before the update stopped"
    if current == page.old:
        return False, (f"{shown}: not rewritten, as it was before the update (its temporary file is gone, or is "
                       "not one an update makes)")
    return False, f"{shown}: edited since the update stopped; left as it is, without the update"


def _shown_in(root: Path, target: Path) -> str | None:
    """``target``'s path from ``root`` if it is a Markdown page inside it, links resolved, outside
    ``.git``: the only files an update rewrites."""
    real_root, real = Path(os.path.realpath(root)), Path(os.path.realpath(target))
    if real.suffix not in MARKDOWN_SUFFIXES or not real.is_relative_to(real_root):
        return None
    inside = real.relative_to(real_root)
    return None if ".git" in inside.parts else inside.as_posix()


def _ours_to_rename(temporary: Path, target: Path) -> bool:
    """Whether ``temporary`` is a file the update staged for ``target``: beside it, of the name
    :func:`_stage` gives, a regular file (not a link) of this user."""
    if temporary.parent != target.parent or not is_staged_name(temporary.name, target.name):
        return False
    try:
        status = os.lstat(temporary)
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_uid == os.geteuid()


def _digest_of(file: Path) -> str | None:
    try:
        return page_digest(_read(file))
    except OSError:
        return None


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
