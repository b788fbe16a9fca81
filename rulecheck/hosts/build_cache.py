"""What the MkDocs plugin made of each page, kept between builds while nothing it depends on changes.

Checking every example (and its exact odds) is most of what rulecheck adds to a build. When the
pages, the site configuration and rulecheck's own code are byte for byte those of a previous
build that passed, its cards and bound prose are reused instead: the check could only give the
same answer. Only a passing check is ever stored, so a build with a problem always re-checks.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import rulecheck
from rulecheck.examples.page_writes import write_atomically

VERSION = 1
FILE = Path(".cache") / "rulecheck" / "pages.json"


def digest(pages: Iterable[Path], config_file: Path | None, options: Iterable[Any]) -> str:
    """A fingerprint of everything a page's rendering depends on: the Markdown pages, the site
    configuration, the plugin's options and every file of the rulecheck package."""
    hasher = hashlib.blake2b(digest_size=20)
    package = Path(rulecheck.__file__).resolve().parent
    sources = sorted(p for p in package.rglob("*") if p.is_file() and p.suffix in {".py", ".js", ".css"})
    for path in [*sorted(pages), *([config_file] if config_file else []), *sources]:
        hasher.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    hasher.update(json.dumps([VERSION, rulecheck.__version__, *options], default=str).encode())
    return hasher.hexdigest()


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
            if self.path.is_symlink() or not self.path.is_file():
                return  # a link could lead anywhere: only a file of our own is read
            stored = StoredCache.model_validate_json(self.path.read_bytes())
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
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.is_symlink():
                self.path.unlink()  # replaced by a file of our own, never written through
            # A fresh temporary file of a unique name, created exclusively (no link is followed),
            # then renamed over the cache file.
            # UTF-8 as it is: escaping every accented letter of the pages cost the cold build more.
            data = json.dumps({"key": self.key, "examples": examples, "pages": self.pages}, ensure_ascii=False)
            write_atomically(self.path, data.encode("utf-8"))
        except (OSError, UnicodeEncodeError):
            pass  # a read-only tree builds as well, only without the cache (nor can text that is no UTF-8)
