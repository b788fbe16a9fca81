"""Where each rule anchor of a trace is explained: the heading ids of a language's pages.

A trace step names its rule by anchor (``dodge-and-parry``); a heading written
``## Parade { #dodge-and-parry }`` on some page explains it. Cards link each step there.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from rulecheck.examples.pages import read_page

HEADING_ID = re.compile(r"^#{1,6} .*\{ *#([A-Za-z0-9_-]+) *\}\s*$", re.MULTILINE)


def anchor_index(language_root: Path) -> dict[str, str]:
    """``{anchor: page}`` for every explicit heading id under ``language_root`` (first one wins)."""
    index: dict[str, str] = {}
    for path in sorted(language_root.rglob("*.md")):
        page = path.relative_to(language_root).as_posix()
        try:
            text = read_page(path)
        except (OSError, UnicodeDecodeError):
            continue  # the check reports an unreadable page where it stands
        for anchor in HEADING_ID.findall(text):
            index.setdefault(anchor, page)
    return index


def page_url(page: str, directory_urls: bool = True) -> str:
    """A page's URL inside its language tree: ``a/b.md`` → ``a/b/`` (``a/b.html`` without directory URLs)."""
    stem = page.removesuffix(".md")
    if not directory_urls:  # as Material's offline plugin builds the site, for file://
        return stem + ".html"
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def relative_link(from_page: str, to_page: str, anchor: str, directory_urls: bool = True) -> str:
    if not directory_urls:
        source, target = page_url(from_page, False), page_url(to_page, False)
        if source == target:
            return f"#{anchor}"
        return f"{posixpath.relpath(target, posixpath.dirname(source) or '.')}#{anchor}"
    source, target = page_url(from_page), page_url(to_page)
    relative = posixpath.relpath(target or ".", source or ".")
    relative = "" if relative == "." and source == target else relative.rstrip("/") + "/"
    if relative == "./":
        relative = ""
    return f"{relative}#{anchor}"
