"""The site's service worker keeps everything the build writes for reading, in every language and
at any depth: pages in subfolders, images and files beside pages (Workbox run on a site tree)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rulecheck.hosts.web_app import (
    PRECACHE_IGNORES,
    PRECACHE_PATTERNS,
    SERVICE_WORKER,
    WORKBOX_FILE_LIMIT,
    WebAppPlugin,
)

ROOT = Path(__file__).resolve().parents[2]

#: A built site's files as the default language (fr) and English write them, and shared assets.
FRENCH = ["index.html", "404.html", "reactions.html", "rules/index.html", "rules/deep/er/page.html",
          "map.png", "rules/figure.svg", "rules/deep/er/photo.jpeg", "rules/table.csv", "search/search_index.json",
          "manifest.webmanifest", "rules/print.pdf", "english-notes/index.html", "en.html"]
ENGLISH = ["en/index.html", "en/404.html", "en/rules/index.html", "en/rules/deep/er/page.html", "en/map.png",
           "en/rules/figure.svg", "en/search/search_index.json", "en/search/search-stemmed.js",
           "en/manifest.webmanifest", "en/engine/index.html"]
SHARED = ["assets/stylesheets/main.css", "assets/javascripts/bundle.js", "assets/images/app-icon-192.png"]
NOT_FOR_READING = ["sitemap.xml", "sitemap.xml.gz", "en/sitemap.xml", "assets/javascripts/workbox/LICENSE",
                   "search/search_index.js", "en/search/search_index.js"]


def urls(worker: Path) -> set[str]:
    return set(re.findall(r'"url":"([^"]+)"', worker.read_text("utf-8")))


def build_worker(site: Path) -> set[str]:
    """Run the plugin's Workbox job on ``site``: the worker's precache list."""
    plugin = WebAppPlugin()
    config: Any = SimpleNamespace(config_file_path=str(ROOT / "mkdocs.yml"))
    results = plugin._run_workbox(config, site, [{"dest": SERVICE_WORKER, "globPatterns": PRECACHE_PATTERNS,
                                                  "globIgnores": PRECACHE_IGNORES}])
    assert all(not result["warnings"] for result in results), results
    return urls(site / SERVICE_WORKER)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    if shutil.which("node") is None or not (ROOT / "node_modules" / "workbox-build").is_dir():
        pytest.fail("Node.js and `npm ci` are needed (make test installs them)")
    for name in FRENCH + ENGLISH + SHARED + NOT_FOR_READING:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(name.encode())
    return tmp_path


def test_every_file_for_reading_at_any_depth_is_kept_in_every_language(site: Path) -> None:
    kept = build_worker(site)
    assert set(FRENCH) | set(ENGLISH) | set(SHARED) <= kept
    assert not kept & set(NOT_FOR_READING)
    assert SERVICE_WORKER not in kept
    assert not kept - set(FRENCH) - set(ENGLISH) - set(SHARED)


@pytest.mark.parametrize("size", [WORKBOX_FILE_LIMIT + 1, 3 * WORKBOX_FILE_LIMIT])
@pytest.mark.parametrize("name", ["reactions.html", "en/rules/deep/er/page.html", "search/search_index.json",
                                  "rules/figure.svg"])
def test_a_file_past_workbox_s_own_limit_is_kept_too(site: Path, name: str, size: int) -> None:
    """Workbox leaves out a file of more than 2 MB, with a warning: a long page the check passed
    failed a strict build without naming it, or was missing offline."""
    (site / name).write_bytes(b"x" * size)
    assert name in build_worker(site)  # and no warning


def test_a_third_language_is_kept_too(site: Path) -> None:
    german = ["de/index.html", "de/rules/deep/er/page.html", "de/map.png", "de/search/search_index.json"]
    for name in [*german, "de/sitemap.xml", "de/search/search_index.js"]:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"x")
    kept = build_worker(site)
    assert set(german) <= kept and not {"de/sitemap.xml", "de/search/search_index.js"} & kept


@pytest.mark.parametrize("name", ["it's.html", "a(1)&b.html", "en/rock'n(roll)!.html", "café.html", "en/été/x*y.html",
                                  "a+b,c;d=e@f$g.html", "50 %.html", "a b.html", "en/[x].html", "tilde~_.-ok.html"])
def test_each_address_is_kept_as_the_pages_link_it(site: Path, name: str) -> None:
    """MkDocs writes a link to `it's.html` as `it%27s.html` (Python's quote: all but letters, digits
    and `_.-~/` escaped), Workbox kept the name as it is, and the page was missing offline (a
    twenty-fourth hostile round): the worker lists each address as the pages link it."""
    from urllib.parse import quote

    (site / name).parent.mkdir(parents=True, exist_ok=True)
    (site / name).write_bytes(b"x")
    kept = build_worker(site)
    assert quote(name) in kept
    assert kept == {quote(url) for url in [*FRENCH, *ENGLISH, *SHARED, name]}  # the plain ones alike
