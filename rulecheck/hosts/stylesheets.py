"""The stylesheets rulecheck's MkDocs plugins ship: listed in the pages, written into the site.

Each plugin owns one stylesheet packaged under ``rulecheck/hosts/assets/``. It is listed in
``extra_css`` when the configuration loads (``on_config`` runs once per language with
mkdocs-static-i18n, hence the membership test) and copied into the site after the build, rather
than added in ``on_files``, because mkdocs-static-i18n rejects generated files.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig


def list_stylesheet(config: MkDocsConfig, path: str) -> None:
    """Add ``path`` (``assets/….css``) to the pages' stylesheets, once."""
    if path not in config.extra_css:
        config.extra_css.append(path)


def write_stylesheet(config: MkDocsConfig, path: str, rules: str = "") -> None:
    """Copy the packaged stylesheet ``path`` to the same place in the built site, ``rules`` made
    elsewhere first (what comes after them wins a tie between selectors)."""
    target = Path(config.site_dir) / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(rules + resources.files("rulecheck.hosts").joinpath(path).read_text("utf-8"), "utf-8")
