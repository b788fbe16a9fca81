"""Where each rule anchor of a trace is explained: the heading ids of a language's pages
(:func:`rulecheck.examples.headings.heading_lines` reads them; the check refuses one written twice).
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from rulecheck.examples.headings import heading_lines
from rulecheck.examples.pages import markdown_files, read_page


def anchor_index(language_root: Path) -> dict[str, str]:
    """``{anchor: page}`` for every explicit heading id under ``language_root`` (first one wins)."""
    index: dict[str, str] = {}
    root = language_root.resolve()
    # Every page MkDocs builds, pages under a linked folder included (named where they are built).
    for path in sorted(p for p in markdown_files([root] if root.is_dir() else []) if p.suffix == ".md"):
        page = path.relative_to(root).as_posix()
        try:
            text = read_page(path)
        except (OSError, UnicodeDecodeError):
            continue  # the check reports an unreadable page where it stands
        for anchor in heading_lines(text):
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
