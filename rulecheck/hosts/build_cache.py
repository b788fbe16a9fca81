"""What the MkDocs plugin made of each page, kept between builds while nothing it depends on changes.

Checking every example (and its exact odds) is most of what rulecheck adds to a build. When the
pages, the site configuration and rulecheck's own code are byte for byte those of a previous
build that passed, its cards and bound prose are reused instead: the check could only give the
same answer. Only a passing check is ever stored, so a build with a problem always re-checks.

Every input of :func:`digest` is in the repository, so anyone can compute it: the key alone
cannot tell a cache this machine wrote from one that came with a tarball, a shared folder or an
attacker's commit. So the cache file is sealed: its first line is an HMAC-SHA256 of the rest,
keyed by a secret of this machine (:data:`SECRET`, 32 random bytes, made at the first build,
readable by its owner only) together with that secret file's device and inode, so that a copy of
the file (another clone, an archive unpacked) is another key. A cache whose seal does not match,
a secret that is missing, open to others, owned by someone else or reached through a link, and a
cache folder that is a link (or is not a folder of this user, closed to others' writes) are no
cache: the build checks every page, as a fresh clone does.

A build killed while saving leaves its temporary file (``.pages.json.*.tmp``) in the cache folder;
every later build removes those older than :data:`STALE_AFTER` (:func:`remove_stale_temporaries`).

The key is read before the check, which reads the pages and the cast again, and MkDocs reads the
pages once more: an edit in between (an editor saving while a build runs) gave pages made from
other bytes than those of the key, stored under it, and served again once the edit was undone.
So a build stores what it made only when its inputs are as the key read them once it is done
(:class:`Inputs`): the same bytes, and no write to any of them meanwhile.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import rulecheck
from rulecheck.examples.page_writes import is_staged_name, write_atomically
from rulecheck.examples.regular_files import read_regular_file

VERSION = 1
FOLDERS = (Path(".cache"), Path(".cache") / "rulecheck")
FILE = FOLDERS[-1] / "pages.json"
#: This machine's secret, which seals the cache file (never in the repository: ``.cache/`` is ignored).
SECRET = FOLDERS[-1] / "machine.key"
SECRET_BYTES = 32
#: The age past which a temporary file of the cache belongs to no running build. A build writes its
#: temporary file and renames it at once (a second or so for the whole site), so ten minutes leave a
#: wide margin for a slow disk; and removing a live build's temporary file would only make its rename
#: fail, which :meth:`BuildCache.save` takes as "no cache this time", as for a read-only tree.
STALE_AFTER = 10 * 60


def input_files(pages: Iterable[Path], config_file: Path | None) -> list[Path]:
    """The files a page's rendering depends on, in the key's order: the Markdown pages (and cast
    files), the site configuration, every file of the rulecheck package."""
    package = Path(rulecheck.__file__).resolve().parent
    sources = sorted(p for p in package.rglob("*") if p.is_file() and p.suffix in {".py", ".js", ".css"})
    return [*sorted(pages), *([config_file] if config_file else []), *sources]


def digest(files: list[Path], options: Iterable[Any]) -> str:
    """A fingerprint of everything a page's rendering depends on: the ``files``
    (:func:`input_files`, by content) and the plugin's options."""
    hasher = hashlib.blake2b(digest_size=20)
    for path in files:
        try:
            content = read_regular_file(path)
        except OSError as error:  # a broken link, a FIFO…: the check reports the page, the key names it
            content = f"\0unreadable: {error.strerror}".encode()
        hasher.update(os.fsencode(path) + b"\0" + content + b"\0")
    hasher.update(json.dumps([VERSION, rulecheck.__version__, *options], default=str).encode())
    return hasher.hexdigest()


@dataclass(frozen=True)
class Inputs:
    """A build's inputs as the key read them: the key (:func:`digest`), and the state of each file
    taken just before (device, inode, size, last change), or why it could not be read. Two
    readings are equal when no input was edited in between: a write moves a file's change time
    even when it puts the same bytes back, and a new or removed page changes the key."""

    key: str
    states: tuple[tuple[str, tuple[int, ...] | str], ...]

    @classmethod
    def read(cls, pages: Iterable[Path], config_file: Path | None, options: Iterable[Any]) -> Inputs:
        files = input_files(pages, config_file)
        states = tuple((str(path), _state(path)) for path in files)  # before the key reads the bytes
        return cls(digest(files, options), states)


def _state(path: Path) -> tuple[int, ...] | str:
    try:
        status = os.stat(path)
    except OSError as error:
        return f"unreadable: {error.strerror}"
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns


def text_digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class CachedPage(BaseModel):
    """One page as the plugin rendered it: a digest of its Markdown, the result, its cards."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    markdown: str = Field(alias="in")
    rendered: str = Field(alias="out")
    cards: dict[str, str]


class StoredCache(BaseModel):
    """The cache file's shape: anything else (a wrong type, a missing or extra key) is no cache."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    examples: int = Field(ge=0)
    pages: dict[str, CachedPage]


class BuildCache:
    """Rendered pages by path, valid for one :func:`digest`; a missing, damaged or ill-shaped
    file is empty (never an error: the build then checks, as without a cache)."""

    def __init__(self, root: Path, key: str) -> None:
        self.path = root / FILE
        self.key = key
        self.pages: dict[str, dict[str, Any]] = {}
        self.examples = 0
        try:
            if not own_folders(root):
                return
            remove_stale_temporaries(self.path)
            if self.path.is_symlink() or not self.path.is_file():
                return  # a link could lead anywhere: only a file of our own is read
            secret = machine_key(root)
            payload = unseal(secret, self.path.read_bytes()) if secret is not None else None
            if payload is None:
                return  # not written by this machine's own build
            stored = StoredCache.model_validate_json(payload)
        except (OSError, ValidationError):
            return
        if stored.key == key:
            self.pages = {page: entry.model_dump(by_alias=True) for page, entry in stored.pages.items()}
            self.examples = stored.examples

    @property
    def complete(self) -> bool:
        return bool(self.pages)

    def get(self, page: str, markdown: str) -> tuple[str, dict[str, str]] | None:
        """The rendered Markdown and the cards of ``page``, if it was rendered from this Markdown."""
        entry = self.pages.get(page)
        if not entry or entry.get("in") != text_digest(markdown):
            return None
        return str(entry["out"]), dict(entry["cards"])

    def put(self, page: str, markdown: str, rendered: str, cards: dict[str, str]) -> None:
        self.pages[page] = {"in": text_digest(markdown), "out": rendered, "cards": cards}

    def save(self, examples: int) -> None:
        self.examples = examples
        try:
            root = self.path.parents[len(FILE.parts) - 1]
            if not make_own_folders(root) or (secret := machine_key(root, create=True)) is None:
                return
            if self.path.is_symlink():
                self.path.unlink()  # replaced by a file of our own, never written through
            # A fresh temporary file of a unique name, created exclusively (no link is followed),
            # then renamed over the cache file.
            # UTF-8 as it is: escaping every accented letter of the pages cost the cold build more.
            data = json.dumps({"key": self.key, "examples": examples, "pages": self.pages}, ensure_ascii=False)
            write_atomically(self.path, seal(secret, data.encode("utf-8")))
            remove_stale_temporaries(self.path)
        except (OSError, UnicodeEncodeError):
            pass  # a read-only tree builds as well, only without the cache (nor can text that is no UTF-8)


def remove_stale_temporaries(file: Path, now: float | None = None) -> None:
    """Remove the temporary files that builds killed while saving ``file`` left beside it: only
    files of the name the cache gives them (:func:`~rulecheck.examples.page_writes.is_staged_name`),
    of this user, not links, last written more than :data:`STALE_AFTER` seconds ago. Called only
    once the cache folders are known to be this user's own, closed to others' writes."""
    now = time.time() if now is None else now
    with contextlib.suppress(OSError), os.scandir(file.parent) as entries:
        for entry in entries:
            if not is_staged_name(entry.name, file.name):
                continue
            with contextlib.suppress(OSError):  # gone meanwhile (its build renamed it), or not ours to remove
                status = entry.stat(follow_symlinks=False)
                if _ours(status, stat.S_ISREG, 0) and now - status.st_mtime > STALE_AFTER:
                    os.unlink(entry.path)


def seal(secret: bytes, payload: bytes) -> bytes:
    """``payload`` preceded by a line holding its HMAC under ``secret``."""
    return hmac.new(secret, payload, hashlib.sha256).hexdigest().encode() + b"\n" + payload


def unseal(secret: bytes, sealed: bytes) -> bytes | None:
    """The payload of ``sealed`` if its seal is ``secret``'s, else ``None``."""
    seal_line, newline, payload = sealed.partition(b"\n")
    if not newline:
        return None
    expected = hmac.new(secret, payload, hashlib.sha256).hexdigest().encode()
    return payload if hmac.compare_digest(seal_line, expected) else None


def own_folders(root: Path) -> bool:
    """Whether the cache folders are real folders (no link) of this user: ``.cache`` (which other
    tools share) closed to everyone's writes, ``.cache/rulecheck`` to its group's too."""
    for folder, others in zip(FOLDERS, (0o002, 0o022), strict=True):
        try:
            status = os.lstat(root / folder)
        except OSError:
            return False
        if not _ours(status, stat.S_ISDIR, others):
            return False
    return True


def make_own_folders(root: Path) -> bool:
    """Create the cache folders (readable by this user only) where missing; whether they are ours."""
    for folder in FOLDERS:
        with contextlib.suppress(FileExistsError):
            os.mkdir(root / folder, 0o700)  # a link in the way is an existing name: never followed
    return own_folders(root)


def machine_key(root: Path, *, create: bool = False) -> bytes | None:
    """This machine's key for the cache of ``root``: its secret, with the secret file's device and
    inode (a copied secret is another file). ``None`` when there is no usable secret (and, with
    ``create``, none could be made); a secret that is not ours alone is replaced by a new one."""
    file = root / SECRET
    key = _read_key(file)
    if key is not None or not create:
        return key
    with contextlib.suppress(OSError):
        if os.path.lexists(file):
            os.unlink(file)  # a link, a copy or a file open to others: never trusted, never followed
        descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            os.write(descriptor, secrets.token_bytes(SECRET_BYTES))
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    return _read_key(file)


def _read_key(file: Path) -> bytes | None:
    try:
        descriptor = os.open(file, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        status = os.fstat(descriptor)
        if not _ours(status, stat.S_ISREG, 0o077) or status.st_nlink != 1 or status.st_size != SECRET_BYTES:
            return None
        secret = os.read(descriptor, SECRET_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    if len(secret) != SECRET_BYTES:
        return None
    return secret + f":{status.st_dev}:{status.st_ino}".encode()


def _ours(status: os.stat_result, kind: Any, others: int) -> bool:
    """Of ``kind``, owned by this user, with none of the permission bits ``others``."""
    return bool(kind(status.st_mode)) and status.st_uid == os.geteuid() and not status.st_mode & others
