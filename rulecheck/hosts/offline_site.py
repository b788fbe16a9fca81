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
  the page is served at any depth), not to the alternates of the page rendered last.
"""

from __future__ import annotations

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
SHIM_FILES = {  # packaged copy -> site path
    "assets/iframe-worker-shim.js": SHIM,
    "assets/iframe-worker-LICENSE": "assets/javascripts/iframe-worker/LICENSE",
}


class OfflineSiteConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    source_maps = c.Type(bool, default=False)


class OfflineSitePlugin(BasePlugin[OfflineSiteConfig]):  # type: ignore[no-untyped-call]
    @event_priority(100)  # before Material's offline plugin looks for an iframe-worker polyfill
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        polyfills = list(config.extra.get("polyfills") or [])
        if SHIM not in polyfills:  # on_config runs once per language with i18n
            config.extra["polyfills"] = [*polyfills, SHIM]
        return config

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled:
            return None
        return HREFLANG_LINK.sub("", output)

    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str | None:
        if not self.config.enabled or template_name != "404.html":
            return None
        return HREFLANG_LINK.sub("", output_content)

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
