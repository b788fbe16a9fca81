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

import rulecheck

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


class BuildCache:
    """Rendered pages by path, valid for one :func:`digest`; a missing or damaged file is empty."""

    def __init__(self, root: Path, key: str) -> None:
        self.path = root / FILE
        self.key = key
        self.pages: dict[str, dict[str, Any]] = {}
        self.examples = 0
        try:
            stored = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(stored, dict) and stored.get("key") == key and isinstance(stored.get("pages"), dict):
            self.pages = stored["pages"]
            self.examples = int(stored.get("examples", 0))

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
            temporary = self.path.with_suffix(".tmp")
            temporary.write_text(json.dumps({"key": self.key, "examples": examples, "pages": self.pages}), "utf-8")
            temporary.replace(self.path)
        except OSError:
            pass  # a read-only tree builds as well, only without the cache
