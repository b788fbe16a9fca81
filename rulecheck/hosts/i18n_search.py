"""MkDocs plugin: one search index and one 404 page per language of a mkdocs-static-i18n site.

mkdocs-static-i18n builds the default language at the site root, then each other language into
``<locale>/``, and leaves a single search index holding every language at ``search/`` and the
last-built language's 404 page at the root. Listed after ``i18n`` (and after Material's
``offline``), this plugin gives each language its own:

- search index: ``search/search_index.json`` for the default language, ``<locale>/search/
  search_index.json`` for the others, each with its own lunr ``lang`` (so its own stemmer), and
  the ``search_index.js`` twins that Material's ``offline`` plugin makes for ``file://``;
- search base: Material fetches ``<base>/search/search_index.json``, where ``base`` (in the
  page's ``__config``) is the site root; on a ``<locale>/`` page it becomes ``<locale>/``, and
  search results resolve against it too;
- 404 page: ``404.html`` in the default language, ``<locale>/404.html`` in each other one.

It also leaves out the lunr files of the languages no index uses (Material ships some thirty),
asks for each page's search index once the page has loaded (Material's bundle would as it starts,
sharing a phone's connection with the page's own files before its first paint), and makes search
stemmed: every page runs ``search-stemmed.js`` as its search worker, a wrapper
of Material's that also asks lunr for each typed word as an exact, stemmed term (Material alone
only asks for unstemmed prefixes, so a stemmed index would miss inflected words). Each language
has its copy of the wrapper in its folder (``assets/javascripts/workers/`` for the default one,
``<locale>/search/`` for the others): a search worker is controlled by the service worker whose
scope holds its address, so offline each language's worker must lie in its language's scope
(``web_app``).

The language switcher keeps working: the site is still built by mkdocs-static-i18n with every
page's alternates (``build_only_locale`` would give each language its index but lose them).
"""

from __future__ import annotations

import functools
import json
import logging
import posixpath
import re
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import rjsmin
from jinja2.utils import htmlsafe_json_dumps
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from .player_search import page_addresses, players_index

log = logging.getLogger("mkdocs.plugins.rulecheck.i18n_search")

INDEX = "search/search_index.json"
OFFLINE_INDEX = "search/search_index.js"  # what Material's offline plugin loads from file://
CONFIG_SCRIPT = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL)
WORKERS = "assets/javascripts/workers"
STEMMED_WORKER = "search-stemmed.js"
LUNR_DIR = "assets/javascripts/lunr"
LUNR = LUNR_DIR + "/min/lunr.{lang}.min.js"  # one per language but English, loaded by the search worker
LUNR_EXTRAS = {"tinyseg.js": {"ja"}, "wordcut.js": {"hi", "th"}}  # segmenters some languages load too
# (lunr.multi.min.js serves an index of several languages: here each index has one)


def lunr_language(locale: str) -> str:
    """The lunr language of a locale: ``fr`` for ``fr``, ``fr_CA`` or ``fr-CA``."""
    return re.split(r"[-_]", locale)[0].lower()


def split_index(index: dict[str, Any], default: str, others: list[str]) -> dict[str, dict[str, Any]]:
    """One index per language from an index of them all, keyed by locale.

    An entry under ``<locale>/`` belongs to that language, with its location made relative to
    ``<locale>/``; every other entry belongs to the default language.
    """
    docs: dict[str, list[dict[str, Any]]] = {locale: [] for locale in [default, *others]}
    for doc in index.get("docs", []):
        location = str(doc.get("location", ""))
        locale = next((o for o in others if location == o or location.startswith(o + "/")), default)
        if locale != default:
            doc = {**doc, "location": location[len(locale) + 1:]}
        docs[locale].append(doc)
    config = index.get("config", {})
    return {
        locale: {"config": {**config, "lang": [lunr_language(locale)]}, "docs": entries}
        for locale, entries in docs.items()
    }


def unused_lunr_files(lunr_dir: Path, langs: set[str]) -> list[Path]:
    """The lunr files that no search index of one of ``langs`` loads (Material ships them all)."""
    needed = {f"min/lunr.{lang}.min.js" for lang in langs - {"en"}}
    if needed:
        needed.add("min/lunr.stemmer.support.min.js")
    needed |= {name for name, users in LUNR_EXTRAS.items() if users & langs}
    return sorted(path for path in lunr_dir.rglob("*.js") if path.relative_to(lunr_dir).as_posix() not in needed)


#: Material's bundle, as its templates load it at the end of every page.
_BUNDLE = re.compile(r'<script src="[^"<>]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')


@functools.cache
def _index_after_load() -> str:
    source = resources.files("rulecheck.hosts").joinpath("assets/search-after-load.js").read_text("utf-8")
    return f"<script>{rjsmin.jsmin(source)}</script>"


def index_after_load(html: str) -> str:
    """``html`` asking for its search index once it has loaded, not as Material's bundle starts
    (``assets/search-after-load.js``, written just before the bundle; a page without it is given
    as it is)."""
    found = _BUNDLE.search(html)
    return html if found is None else html[:found.start()] + _index_after_load() + html[found.start():]


def searching_page(html: str, locale: str | None) -> str:
    """A page searching its language's index (:func:`with_search_settings`), asked for once the
    page has loaded (:func:`index_after_load`)."""
    return index_after_load(with_search_settings(html, locale))


def with_search_settings(html: str, locale: str | None) -> str:
    """A page whose Material ``__config`` runs the stemmed search worker and, for a ``locale``
    other than the default, whose base points at the ``<locale>/`` folder of the site."""

    def rewrite(match: re.Match[str]) -> str:
        settings = json.loads(match.group(2))
        if locale is not None:
            base = str(settings.get("base", "."))
            settings["base"] = f"{base.rstrip('/')}/{locale}/"
        worker = settings.get("search")
        if isinstance(worker, str) and worker.endswith(".js") and WORKERS in worker:
            root = worker.split(WORKERS, 1)[0]
            settings["search"] = root + stemmed_worker_path(locale)
        return f"{match.group(1)}{htmlsafe_json_dumps(settings)}{match.group(3)}"

    return CONFIG_SCRIPT.sub(rewrite, html, count=1)


_TAB_LABELS = re.compile(r'<div class="tabbed-labels"(?=[\s>])')


def without_chrome_in_search(html: str) -> str:
    """A page whose content tabs' labels stay out of the search index: Material's indexer glues
    the labels' texts together (« Le coup porteLe coup manque ») and a snippet of them says nothing.
    Example cards mark their own furniture (badges, odds, chart, raw YAML) the same way."""
    return _TAB_LABELS.sub('<div class="tabbed-labels" data-search-exclude', html)


#: Finds the site's root from any address the server answered with this 404 page, and makes it the
#: page's base, so that its relative links and assets resolve wherever the site is served. The
#: known root (``site_url``'s path) is tried first, then each folder of the address from the top:
#: the root is the one that holds the site's stylesheet. Opened from the file system, the page is
#: where it lies and needs no base. A host that answers every missing address with the root's 404
#: page (GitHub Pages does) gives the default language's page for a missing ``en/…`` address too:
#: that page then opens the 404 page of the address's language, which puts the address back.
ROOT_FINDER = """<script>(function () {
  var own = %(own)s, known = %(known)s, others = %(others)s, root = null;
  if (location.protocol === "file:") return;
  var asked = new URLSearchParams(location.search).get("missing");
  if (asked !== null && asked.charAt(0) === "/") history.replaceState(null, "", asked);
  function holdsTheSite(folder) {
    try {
      var probe = new XMLHttpRequest();
      probe.open("HEAD", folder + "assets/rulecheck.css", false);
      probe.send();
      return probe.status === 200;
    } catch (error) { return false; }
  }
  var folders = location.pathname.split("/").slice(0, -1);
  if (location.pathname.indexOf(known) === 0 && holdsTheSite(known)) root = known;
  for (var depth = 1; depth <= folders.length && root === null; depth++) {
    var folder = folders.slice(0, depth).join("/") + "/";
    if (holdsTheSite(folder)) root = folder;
  }
  var rest = location.pathname.slice((root || "/").length);
  for (var i = 0; i < others.length && own === "" && root !== null; i++) {
    if (rest.indexOf(others[i]) === 0) {
      location.replace(root + others[i] + "404.html?missing=" +
        encodeURIComponent(location.pathname + location.search + location.hash));
      return;
    }
  }
  var base = document.createElement("base");
  base.href = (root || "/") + own;
  document.head.prepend(base);
})();</script>"""
_ROOTED = re.compile(r'"(/[^"\s]*)"')


def relative_404(html: str, root_path: str, folder: str, others: list[str] | None = None) -> str:
    """A 404 page whose links and assets are relative to its own folder (``""`` or ``en/``) instead
    of starting with ``root_path`` (``/combat-rules/``, from ``site_url``), with the script that
    finds the root wherever it is served; the default language's page (``folder`` ``""``) sends a
    missing address under one of the ``others`` folders (``["en/"]``) to that folder's 404 page."""
    root_path = "/" + root_path.strip("/") + "/" if root_path.strip("/") else "/"
    here = posixpath.join(root_path, folder)

    def relative(match: re.Match[str]) -> str:
        target = match.group(1)
        if not target.startswith(root_path):
            return match.group(0)
        path, hash_, fragment = target.partition("#")
        shown = posixpath.relpath(path, here) if path.rstrip("/") != here.rstrip("/") else "."
        if path.endswith("/") and shown != ".":
            shown += "/"
        return f'"{shown if shown != "." else "./"}{hash_}{fragment}"'

    script = ROOT_FINDER % {"own": json.dumps(folder), "known": json.dumps(root_path),
                            "others": json.dumps(others or [])}
    return re.sub(r"<head>", lambda _: "<head>" + script, _ROOTED.sub(relative, html), count=1)


def stemmed_worker_path(locale: str | None) -> str:
    """Where a language's stemmed search worker is, from the site root (``locale`` None for the
    default language)."""
    return f"{WORKERS}/{STEMMED_WORKER}" if locale is None else f"{locale}/search/{STEMMED_WORKER}"


def stemmed_worker(material_worker: str, locale: str | None = None) -> str:
    """The stemmed search worker's script of a language, loading Material's worker of that file
    name from where the language's copy lies."""
    template = resources.files("rulecheck.hosts").joinpath("assets/search-stemmed.js").read_text("utf-8")
    own_folder = posixpath.dirname(stemmed_worker_path(locale))
    material = posixpath.relpath(f"{WORKERS}/{material_worker}", own_folder)
    return template.replace("__MATERIAL_WORKER__", material)


class I18nSearchConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    authors_pages = c.ListOfItems(c.Type(str), default=[])  # pages for authors, in a player's search only by name
    companion_pages = c.ListOfItems(c.Type(str), default=[])  # players' pages that rank below the rules pages


class I18nSearchPlugin(BasePlugin[I18nSearchConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self._default_404: str | None = None

    def on_files(self, files: Any, *, config: MkDocsConfig) -> Any:
        """A page list naming no page fails the build: with a typo (`author.md`), the page meant
        was indexed in full for players, its error messages and YAML keys as results."""
        if not self.config.enabled:
            return None
        sources = {file.src_uri for file in files.documentation_pages()}
        for setting in ("authors_pages", "companion_pages"):
            unknown = [page for page in self.config[setting]
                       if page not in sources and not any(source.endswith("/" + page) for source in sources)]
            if unknown:
                raise PluginError(f"i18n-search: `{setting}` names no page of the site: "
                                  f"{', '.join(f'`{page}`' for page in unknown)} (a page's path in its language's "
                                  "folder, such as `authors.md`)")
        return None

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Any) -> str | None:
        if not self.config.enabled:
            return None
        return without_chrome_in_search(html)

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled:
            return None
        languages = _languages(config)
        if languages is None:
            return None
        locale = page.file.dest_uri.split("/", 1)[0]
        return searching_page(output, locale if locale in languages[1] else None)

    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str | None:
        if not self.config.enabled or template_name != "404.html":
            return None
        languages = _languages(config)
        i18n = config.plugins.get("i18n")
        current = getattr(i18n, "current_language", None)
        if languages is None or current is None:
            return None
        root_path = urlsplit(config.site_url or "/").path
        if current == languages[0]:
            self._default_404 = relative_404(searching_page(output_content, None), root_path, "",
                                             [f"{locale}/" for locale in languages[1]])
            return self._default_404
        target = Path(config.site_dir) / current / "404.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        page = relative_404(searching_page(output_content, current), root_path, current + "/")
        target.write_text(page, "utf-8")
        return self._default_404  # the root keeps the default language's 404

    @event_priority(-200)  # after i18n merges every language's entries and offline inlines them
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        languages = _languages(config)
        if languages is None or getattr(config.plugins.get("i18n"), "building", False):
            return  # nothing to split, or an inner build of mkdocs-static-i18n: the outer one splits
        default, others = languages
        site = Path(config.site_dir)
        merged = site / INDEX
        if not merged.is_file():
            return
        offline = (site / OFFLINE_INDEX).is_file()
        langs = set()
        authors = page_addresses([str(page) for page in self.config.authors_pages])
        companions = frozenset(page_addresses([str(page) for page in self.config.companion_pages]))
        for locale, index in split_index(json.loads(merged.read_text("utf-8")), default, others).items():
            index = players_index(index, authors, companions)
            lang = index["config"]["lang"][0]
            langs.add(lang)
            if lang != "en" and not (site / LUNR.format(lang=lang)).is_file():
                missing = LUNR.format(lang=lang)
                raise PluginError(f"i18n-search: Material ships no lunr language for '{locale}' ({missing})")
            folder = site if locale == default else site / locale
            data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
            (folder / INDEX).parent.mkdir(parents=True, exist_ok=True)
            (folder / INDEX).write_text(data, "utf-8")
            if offline:
                (folder / OFFLINE_INDEX).write_text(f"var __index = {data}", "utf-8")
            log.info(f"i18n-search: {len(index['docs'])} '{locale}' entries in {(folder / INDEX).relative_to(site)}")
        for unused in unused_lunr_files(site / LUNR_DIR, langs):  # each index has one language
            unused.unlink()
        material = sorted(p.name for p in (site / WORKERS).glob("search.*.js"))
        if len(material) != 1:
            raise PluginError(f"i18n-search: expected one Material search worker in {WORKERS}, found {material}")
        for folder_locale in (None, *others):  # None: the default language's, in the shared workers folder
            target = site / stemmed_worker_path(folder_locale)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(stemmed_worker(material[0], folder_locale), "utf-8")


def _languages(config: MkDocsConfig) -> tuple[str, list[str]] | None:
    """The default language and the other built languages, or None without mkdocs-static-i18n."""
    i18n = config.plugins.get("i18n")
    default = getattr(i18n, "default_language", None)
    built = getattr(i18n, "build_languages", None)
    if not isinstance(default, str) or not isinstance(built, list):
        return None
    return default, [locale for locale in built if locale != default]
