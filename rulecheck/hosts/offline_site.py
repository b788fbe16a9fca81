"""MkDocs plugin: a site that loads nothing from another host and works from ``file://``.

Material's ``offline`` plugin inlines the search index for ``file://`` and runs the search worker
through the ``iframe-worker`` shim, which it loads from a CDN unless ``extra.polyfills`` already
lists a path containing ``iframe-worker``. This plugin ships that shim with the site:

- ``assets/javascripts/iframe-worker/shim.js``: a copy of ``shim/index.js`` from the npm package
  ``iframe-worker`` at the version pinned in ``package.json`` (a test compares the copy with the
  installed package), written next to its ``LICENSE``, and listed in ``extra.polyfills`` before
  ``offline`` reads them;
- no source maps (``*.map``, half of Material's assets by weight): a reader never loads them, and
  a site copied to a phone for the game table is smaller without them;
- no ``<link rel="alternate" hreflang>`` in the pages: Material fetches ``sitemap.xml`` next to
  each one (``en/sitemap.xml`` does not exist) to redirect switcher clicks, which the page-aware
  switcher links never need; the root ``sitemap.xml`` still lists every page's alternates;
- the 404 page's language switcher: it links to each language's home page (by absolute paths, as
  the page is served at any depth), not to the alternates of the page rendered last;
- a quiet build: mkdocs-static-i18n runs its ``on_config`` once per language on the same config,
  and from the second language on it checks the switcher links it generated itself as if an
  author had written them (its own ``index.html`` links fail its "absolute path ending with /"
  test, an INFO line per language). Unless ``mkdocs.yml`` sets ``extra.alternate``, this plugin
  hands i18n a config without the previous language's links, which it then generates again, the
  same. Its announcements of the per-language settings that ``mkdocs.yml`` asks for on purpose
  (``Overriding 'en' config 'site_name'``) are logged at DEBUG (``mkdocs build -v`` shows them).
"""

from __future__ import annotations

import logging
import re
from copy import deepcopy
from importlib import resources
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

SHIM = "assets/javascripts/iframe-worker/shim.js"
#: The indentation before the link is matched from its first character only (the look-behind):
#: a long run of spaces is scanned once, not once from each of its characters.
HREFLANG_LINK = re.compile(r'(?<![ \t])[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def without_alternate_links(html: str) -> str:
    """``html`` without its ``hreflang`` alternate links. They are in the head, so only the head
    is scanned (a page body is most of its bytes, examples' cards included)."""
    end = html.find("</head>")
    if end < 0:
        return HREFLANG_LINK.sub("", html)
    return HREFLANG_LINK.sub("", html[:end]) + html[end:]


SHIM_FILES = {  # packaged copy -> site path
    "assets/iframe-worker-shim.js": SHIM,
    "assets/iframe-worker-LICENSE": "assets/javascripts/iframe-worker/LICENSE",
}


I18N_LOGGER = "mkdocs.plugins.mkdocs_static_i18n"
OVERRIDE_NOTICE = re.compile(r"^(?:mkdocs_static_i18n: )?(?:Overriding|Updating) '[^']+' config '")


class PlannedOverridesAtDebug(logging.Filter):
    """mkdocs-static-i18n's announcement of a per-language setting becomes a DEBUG record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.INFO and OVERRIDE_NOTICE.match(record.getMessage()):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


def quiet_i18n_overrides() -> None:
    """Install the filter on mkdocs-static-i18n's loggers, once per process."""
    for name in (f"{I18N_LOGGER}.reconfigure", f"{I18N_LOGGER}.plugin"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, PlannedOverridesAtDebug) for f in logger.filters):
            logger.addFilter(PlannedOverridesAtDebug())


class OfflineSiteConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    source_maps = c.Type(bool, default=False)


class OfflineSitePlugin(BasePlugin[OfflineSiteConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self._authors_alternate: bool | None = None  # whether mkdocs.yml sets extra.alternate

    @event_priority(100)  # before Material's offline plugin looks for an iframe-worker polyfill, before i18n
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        quiet_i18n_overrides()
        if self._authors_alternate is None:
            self._authors_alternate = "alternate" in config.extra
        i18n = config.plugins.get("i18n")
        if not self._authors_alternate and getattr(i18n, "extra_alternate", None):
            config.extra.pop("alternate", None)  # i18n's own links of the previous language: it makes them again
            i18n.extra_alternate = {}  # type: ignore[union-attr]
        polyfills = list(config.extra.get("polyfills") or [])
        if SHIM not in polyfills:  # on_config runs once per language with i18n
            config.extra["polyfills"] = [*polyfills, SHIM]
        return config

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled:
            return None
        return without_alternate_links(output)

    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str | None:
        if not self.config.enabled or template_name != "404.html":
            return None
        return without_alternate_links(output_content)

    def on_template_context(
        self, context: TemplateContext, *, template_name: str, config: MkDocsConfig
    ) -> TemplateContext | None:
        if not self.config.enabled or template_name != "404.html":
            return None
        # mkdocs-static-i18n sets each page's alternates as an attribute of config.extra (which
        # templates read before the item), and the 404 page would get the last page's ones.
        homes = getattr(config.plugins.get("i18n"), "extra_alternate", None)
        if isinstance(homes, list) and homes:
            config.extra.alternate = deepcopy(homes)  # type: ignore[attr-defined]
        return context

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        # Written here rather than added in on_files: mkdocs-static-i18n rejects generated files.
        package = resources.files("rulecheck.hosts")
        for source, target in SHIM_FILES.items():
            path = Path(config.site_dir) / target
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(package.joinpath(source).read_bytes())
        if not self.config.source_maps:
            for source_map in (Path(config.site_dir) / "assets").rglob("*.map"):
                source_map.unlink()
