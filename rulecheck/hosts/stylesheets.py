"""The stylesheets rulecheck's MkDocs plugins ship: listed in the pages, written into the site.

Each plugin owns one stylesheet packaged under ``rulecheck/hosts/assets/``. It is listed in
``extra_css`` when the configuration loads (``on_config`` runs once per language with
mkdocs-static-i18n, hence the membership test) and written into the site after the build, rather
than added in ``on_files``, because mkdocs-static-i18n rejects generated files. It is written
minified: its comments say why a rule is there, for its authors; a phone need not download them.

A page waits for every stylesheet of its head before its first paint, and each one is a request.
Material links its palette's stylesheet, then ours: :func:`merged_with` lets a page ask for the two
as one file (:func:`write_stylesheet` with ``first``), the same rules in the same order.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import rcssmin
from mkdocs.config.defaults import MkDocsConfig

#: Where Material keeps its palette's stylesheet, in the theme and in the built site.
PALETTE_FOLDER = "assets/stylesheets"
SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
_OTHER_STYLES = re.compile(r"<style\b|<link\b[^>]*\bstylesheet\b", re.IGNORECASE)


def list_stylesheet(config: MkDocsConfig, path: str) -> None:
    """Add ``path`` (``assets/….css``) to the pages' stylesheets, once."""
    if path not in config.extra_css:
        config.extra_css.append(path)


def write_stylesheet(config: MkDocsConfig, path: str, rules: str = "", first: str = "") -> None:
    """Write the packaged stylesheet ``path`` to the same place in the built site, minified, ``rules``
    made elsewhere before it (what comes after them wins a tie between selectors), and before them
    the stylesheet ``first`` (Material's palette, which the pages then ask for in this one's place:
    :func:`merged_with`)."""
    target = Path(config.site_dir) / path
    target.parent.mkdir(parents=True, exist_ok=True)
    text = rules + resources.files("rulecheck.hosts").joinpath(path).read_text("utf-8")
    # ``first`` as it is, but for its source map's address (the map is not shipped): Material's
    # minifier keeps what rcssmin would change, the blanks in custom properties' values.
    before = SOURCE_MAP.sub("", first).rstrip()
    target.write_text((before + "\n" if before else "") + rcssmin.cssmin(text), "utf-8")


def theme_palette(config: MkDocsConfig) -> Path | None:
    """The palette stylesheet Material links on every page, in the theme's folder (the site has it
    at ``assets/stylesheets/`` and the same name), or None when the theme links none."""
    if config.theme.name != "material" or not config.theme.get("palette"):
        return None
    found = {file for folder in config.theme.dirs for file in (Path(folder) / PALETTE_FOLDER).glob("palette.*.min.css")}
    return found.pop() if len(found) == 1 else None


def merged_with(page_html: str, first: str, path: str) -> str:
    """``page_html`` linking the stylesheet ``path`` in place of ``first``'s link, which it then holds:
    where the page's head links ``first`` and then ``path`` from the same folder (``../``, the
    site's root, its address) with no other style between them, so that the page's rules come in
    the same order. Any other page is given as it is."""
    head_end = page_html.find("</head>")
    head = page_html[:max(head_end, 0)]
    first_link = re.search(r'<link rel="stylesheet" href="([^"<>]*?)' + re.escape(first) + '">', head)
    if first_link is None:
        return page_html
    link = f'<link rel="stylesheet" href="{first_link[1]}{path}">'
    at = head.find(link, first_link.end())
    if at < 0 or _OTHER_STYLES.search(head, first_link.end(), at):
        return page_html
    after = at + len(link) + head.startswith("\n", at + len(link))  # the line it ended goes too
    return page_html[:first_link.start()] + link + page_html[first_link.end():at] + page_html[after:]
