"""MkDocs plugin: the site as an installable web app that keeps both languages offline.

Over http(s), every page loads ``assets/javascripts/web-app.js``, which links the web app
manifest of the page's language (``manifest.webmanifest``, ``<locale>/manifest.webmanifest``:
name, icons, colours) and, once the page has loaded (the precache never competes with the
page's own files), registers the site's one service worker (``service-worker.js`` at the site
root, whose scope holds every language). After one visit in either language, the worker holds
every language's pages, search indexes, 404 pages and the shared assets, each file fetched once
(a file the page has just loaded is revalidated, not downloaded again), and serves them without
network; the PDFs that ``make site`` writes after the build are kept too (``keep_offline``). Offline, an address the
worker does not hold gets its language's 404 page. A new build gives new revisions, so the
browser installs the new worker on the next visit online; it takes over at once and the open
page reloads to show the new version.

The worker is written at the end of the build by Workbox's ``injectManifest`` (npm package
``workbox-build``, pinned in ``package.json``) run by Node.js, from ``assets/service-worker.js``;
Workbox's runtime is copied from ``node_modules`` into the site: the build needs no network.
Opened from ``file://``, the pages are as before: the script does nothing there, and no page
links a manifest in its HTML. ``mkdocs serve`` gets no worker either: an author's preview must
never come from a cache.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import shutil
import struct
import subprocess
import zlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from .i18n_search import _languages

log = logging.getLogger("mkdocs.plugins.rulecheck.web_app")

SCRIPT = "assets/javascripts/web-app.js"
MANIFEST = "manifest.webmanifest"
RUNTIME = "assets/javascripts/workbox"
ICONS = {192: "assets/images/app-icon-192.png", 512: "assets/images/app-icon-512.png"}
# Workbox's runtime modules the worker loads (workbox-sw loads each on first use), as npm name -> file.
RUNTIME_MODULES = [("sw", "workbox-sw.js"), ("core", "workbox-core.prod.js"),
                   ("precaching", "workbox-precaching.prod.js"), ("routing", "workbox-routing.prod.js"),
                   ("strategies", "workbox-strategies.prod.js")]
NODE_TIMEOUT = 120
BODY_END = re.compile(r"</body>", re.IGNORECASE)


SERVICE_WORKER = "service-worker.js"  # one for the site, at its root: its scope holds every language
OFFLINE_INDEX = "search/search_index.js"  # the search index of file:// pages, which no worker serves


def folder_of(locale: str, default: str) -> str:
    """Where a language's pages are in the site: ``""`` for the default one, ``"<locale>/"`` else."""
    return "" if locale == default else f"{locale}/"


#: What the build writes that no reader opens: crawlers' sitemaps, the licences, Workbox's own
#: runtime (loaded by the worker itself) and the copies of the search indexes made for ``file://``.
NOT_FOR_READING = ["sitemap.xml", "sitemap.xml.gz", "*/sitemap.xml", "*/sitemap.xml.gz", "**/LICENSE"]


#: What the worker keeps: everything the build writes for reading, in every language and at any
#: depth (pages in subfolders, 404 pages, images and files beside pages, search indexes,
#: manifests) and the shared assets; not what no reader opens (:data:`NOT_FOR_READING`),
#: Workbox's runtime or the ``file://`` copies of the search indexes (:data:`PRECACHE_IGNORES`).
PRECACHE_PATTERNS = ["**/*"]
PRECACHE_IGNORES = [f"{RUNTIME}/**", *NOT_FOR_READING, OFFLINE_INDEX, f"*/{OFFLINE_INDEX}"]


_SETTINGS = re.compile(r"^var SETTINGS = (\{.*\});$", re.MULTILINE)


def keep_offline(site: Path, files: list[Path]) -> bool:
    """Have the site's worker keep ``files`` too, which were written after the build (the PDFs
    of ``make site``): each is listed with a revision of its bytes, so that a reader's browser
    installs the changed worker and fetches them; a site without a worker (``mkdocs serve``, the
    plugin off) is left as it is (False)."""
    worker = site / SERVICE_WORKER
    text = worker.read_text("utf-8") if worker.is_file() else ""
    match = _SETTINGS.search(text)
    if match is None:
        return False
    settings = json.loads(match.group(1))
    kept = {entry["url"]: entry for entry in settings.get("optional", [])}
    for path in files:
        url = path.resolve().relative_to(site.resolve()).as_posix()
        kept[url] = {"url": url, "revision": hashlib.sha256(path.read_bytes()).hexdigest()[:16]}
    settings["optional"] = sorted(kept.values(), key=lambda entry: str(entry["url"]))
    line = "var SETTINGS = " + json.dumps(settings, separators=(",", ":")) + ";"
    worker.write_text(text[:match.start()] + line + text[match.end():], "utf-8")
    return True


def web_app_manifest(*, name: str, short_name: str, description: str, locale: str, depth: int,
                     theme_color: str, background_color: str) -> dict[str, Any]:
    """A language's web app manifest; ``depth`` is how many folders below the site root it lives."""
    root = "../" * depth
    icons: list[dict[str, str]] = []
    for size, path in ICONS.items():
        icons.append({"src": root + path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"})
        icons.append({"src": root + path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "maskable"})
    return {
        "name": name, "short_name": short_name, "description": description, "lang": locale, "dir": "ltr",
        "id": "./index.html", "start_url": "./index.html", "scope": "./", "display": "standalone",
        "theme_color": theme_color, "background_color": background_color, "icons": icons,
    }


def with_web_app_script(html: str, *, root: str, manifest: str, service_worker: str, scope: str) -> str:
    """A page that loads the web app script, which knows where the page's manifest and the site's
    worker are and that worker's scope (the site root)."""
    tag = (f'<script src="{root}{SCRIPT}" data-manifest="{manifest}" data-service-worker="{service_worker}" '
           f'data-scope="{scope}"></script>')
    return BODY_END.sub(lambda match: tag + match.group(0), html, count=1)


def icon_png(size: int, background: tuple[int, int, int], foreground: tuple[int, int, int]) -> bytes:
    """The app icon, drawn here so that it needs no image tool: a twenty-sided die's outline (a
    hexagon with its inner triangle) on a full square, inside the safe circle of maskable icons."""
    centre, outer = size / 2, size * 0.34
    stroke = size * 0.035
    hexagon = [(centre + outer * x, centre + outer * y) for x, y in
               ((0, -1), (0.866, -0.5), (0.866, 0.5), (0, 1), (-0.866, 0.5), (-0.866, -0.5))]
    triangle = [(centre, centre - outer * 0.55), (centre + outer * 0.62, centre + outer * 0.38),
                (centre - outer * 0.62, centre + outer * 0.38)]

    def inside(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
        signs = [(bx - ax) * (y - ay) - (by - ay) * (x - ax)
                 for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True)]
        return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)

    def near_edge(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
        for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
            if (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= stroke * stroke:
                return True
        return False

    rows = bytearray()
    for row in range(size):
        rows.append(0)  # PNG filter: none
        for column in range(size):
            x, y = column + 0.5, row + 0.5
            die = inside(x, y, hexagon) and not near_edge(x, y, triangle)
            rows += bytes(foreground if die else background)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(
        b"IEND", b"")


def hex_colour(value: str) -> tuple[int, int, int]:
    match = re.fullmatch(r"#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})", value)
    if not match:
        raise PluginError(f"web-app: a colour is written #rrggbb, not {value!r}")
    red, green, blue = (int(part, 16) for part in match.groups())
    return red, green, blue


@dataclass(frozen=True)
class AppText:
    name: str
    description: str


class WebAppConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    theme_color = c.Type(str, default="#7e56c2")  # Material's deep purple header
    background_color = c.Type(str, default="#ffffff")
    short_names = c.DictOfItems(c.Type(str), default={})  # locale -> the name under the icon (site_name otherwise)


class WebAppPlugin(BasePlugin[WebAppConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self._serving = False
        self._texts: dict[str, AppText] = {}

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self._serving = command == "serve"

    @property
    def active(self) -> bool:
        return bool(self.config.enabled) and not self._serving

    @event_priority(-150)  # after mkdocs-static-i18n has set the language and its site_name
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        # Its options are checked served or built: a server's preview must not hide a wrong one.
        for colour in (self.config.theme_color, self.config.background_color):
            hex_colour(colour)  # a wrong colour fails the build here, not in a reader's browser
        locale = str(config.theme.get("language") or "en")
        languages = _languages(config)
        built = {languages[0], *languages[1]} if languages else {locale}
        if unknown := sorted(set(self.config.short_names) - built):
            named = ", ".join(f"`{name}`" for name in unknown)
            raise PluginError(f"web-app: `short_names` gives a name to {named}, which the site does not build "
                              f"(its languages: {', '.join(sorted(built))})")
        if self.active:  # once per language with mkdocs-static-i18n, which sets its site_name
            self._texts[locale] = AppText(config.site_name, config.site_description or config.site_name)
        return None

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        languages = _languages(config)
        if not self.active or languages is None:
            return None
        default, others = languages
        parts = page.file.dest_uri.split("/")
        locale = parts[0] if len(parts) > 1 and parts[0] in others else default
        root = "../" * (len(parts) - 1)
        folder = folder_of(locale, default)
        return with_web_app_script(output, root=root, manifest=f"{root}{folder}{MANIFEST}",
                                   service_worker=root + SERVICE_WORKER, scope=root or "./")

    @event_priority(-300)  # after i18n-search has split the search index and left out unused lunr files
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        languages = _languages(config)
        if not self.active or languages is None or getattr(config.plugins.get("i18n"), "building", False):
            return
        default, others = languages
        site = Path(config.site_dir)
        package = resources.files("rulecheck.hosts")
        (site / SCRIPT).parent.mkdir(parents=True, exist_ok=True)
        (site / SCRIPT).write_bytes(package.joinpath("assets/web-app.js").read_bytes())
        for size, path in ICONS.items():
            (site / path).parent.mkdir(parents=True, exist_ok=True)
            (site / path).write_bytes(package.joinpath(f"assets/app-icon-{size}.png").read_bytes())
        short_names: dict[str, str] = self.config.short_names
        for locale in [default, *others]:
            text = self._texts.get(locale)
            if text is None:
                raise PluginError(f"web-app: no site_name seen for the language '{locale}'")
            folder = folder_of(locale, default)
            manifest = web_app_manifest(
                name=text.name, short_name=str(short_names.get(locale, text.name)), description=text.description,
                locale=locale, depth=folder.count("/"), theme_color=self.config.theme_color,
                background_color=self.config.background_color)
            (site / folder / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", "utf-8")
        not_found = {folder_of(locale, default): f"{folder_of(locale, default)}404.html" for locale in others}
        workers = [{"dest": SERVICE_WORKER, "globPatterns": PRECACHE_PATTERNS, "globIgnores": PRECACHE_IGNORES,
                    "settings": {"optional": [], "notFound": not_found, "defaultNotFound": "404.html"}}]
        for result in self._run_workbox(config, site, workers):
            for warning in result.get("warnings", []):
                log.warning(f"web-app: {result['dest']}: {warning}")
            log.debug(f"web-app: {result['dest']} keeps {result['count']} files ({result['size']} bytes) offline")

    def _run_workbox(self, config: MkDocsConfig, site: Path, workers: list[dict[str, Any]]) -> list[dict[str, Any]]:
        node = shutil.which("node")
        package = Path(str(resources.files("rulecheck.hosts")))
        project = Path(config.config_file_path or ".").resolve().parent
        setup = "run `make site` (it runs `npm ci`), or `npm ci` in the project folder"
        if node is None:
            raise PluginError(f"web-app: the service worker is generated by Node.js, which is not installed: {setup}")
        job = {"site": str(site.resolve()), "paths": [str(project), str(package)], "runtime": RUNTIME,
               "modules": RUNTIME_MODULES, "template": str(package / "assets/service-worker.js"), "workers": workers,
               "fileLimit": precache_limit(site)}
        try:
            done = subprocess.run([node, str(package / "assets/build-service-workers.cjs")], input=json.dumps(job),
                                  capture_output=True, text=True, timeout=NODE_TIMEOUT, check=False)
        except subprocess.TimeoutExpired as error:
            raise PluginError(f"web-app: Workbox took more than {NODE_TIMEOUT} s") from error
        if done.returncode != 0:
            if "Cannot find module" in done.stderr and "workbox" in done.stderr:
                raise PluginError(f"web-app: the npm package workbox-build is not installed: {setup}")
            raise PluginError(f"web-app: Workbox failed:\n{done.stderr.strip()[-2000:]}")
        results: list[dict[str, Any]] = json.loads(done.stdout)
        return results


#: Workbox's own limit on one file of the precache, which it leaves out past it with a warning.
WORKBOX_FILE_LIMIT = 2 * 1024 * 1024


def precache_limit(site: Path) -> int:
    """The largest file one precache may hold: the site's largest. Workbox leaves out a file over
    2 MB with a warning; a page the check passed (up to 10 MB of Markdown) then failed a strict
    build with no page named, or, built without ``--strict``, was missing offline."""
    largest = max((entry.stat().st_size for entry in site.rglob("*") if entry.is_file()), default=0)
    return max(WORKBOX_FILE_LIMIT, largest)


def write_icons(folder: Path, background: str = "#7e56c2", foreground: str = "#ffffff") -> None:
    """(Re)draw the packaged icons: ``python -m rulecheck.hosts.web_app``."""
    for size in ICONS:
        (folder / f"app-icon-{size}.png").write_bytes(icon_png(size, hex_colour(background), hex_colour(foreground)))


if __name__ == "__main__":
    write_icons(Path(__file__).parent / "assets")
