"""Each language's service worker keeps everything the build writes for reading in its folder,
at any depth: pages in subfolders, images and files beside pages (Workbox run on a site tree)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rulecheck.hosts.web_app import WebAppPlugin, precache_globs, service_worker_path

ROOT = Path(__file__).resolve().parents[2]

#: A built site's files as the default language (fr) and English write them, and shared assets.
FRENCH = ["index.html", "404.html", "reactions.html", "rules/index.html", "rules/deep/er/page.html",
          "map.png", "rules/figure.svg", "rules/deep/er/photo.jpeg", "rules/table.csv", "search/search_index.json",
          "manifest.webmanifest", "rules/print.pdf", "english-notes/index.html", "en.html"]
ENGLISH = ["en/index.html", "en/404.html", "en/rules/index.html", "en/rules/deep/er/page.html", "en/map.png",
           "en/rules/figure.svg", "en/search/search_index.json", "en/search/search-stemmed.js",
           "en/manifest.webmanifest", "en/engine/index.html"]
SHARED = ["assets/stylesheets/main.css", "assets/javascripts/bundle.js", "assets/images/app-icon-192.png"]
NOT_FOR_READING = ["sitemap.xml", "sitemap.xml.gz", "en/sitemap.xml", "assets/javascripts/workbox/LICENSE"]


def urls(worker: Path) -> set[str]:
    return set(re.findall(r'"url":"([^"]+)"', worker.read_text("utf-8")))


def build_workers(site: Path, default: str, others: list[str]) -> dict[str, set[str]]:
    """Run the plugin's Workbox job on ``site``; each language's precache list."""
    plugin = WebAppPlugin()
    config: Any = SimpleNamespace(config_file_path=str(ROOT / "mkdocs.yml"))
    workers = []
    for locale in [default, *others]:
        patterns, ignores = precache_globs(locale, default, others)
        workers.append({"dest": service_worker_path(locale, default), "globPatterns": patterns,
                        "globIgnores": ignores})
    results = plugin._run_workbox(config, site, workers)
    assert all(not result["warnings"] for result in results), results
    return {locale: urls(site / service_worker_path(locale, default)) for locale in [default, *others]}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    if shutil.which("node") is None or not (ROOT / "node_modules" / "workbox-build").is_dir():
        pytest.fail("Node.js and `npm ci` are needed (make test installs them)")
    for name in FRENCH + ENGLISH + SHARED + NOT_FOR_READING:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(name.encode())
    return tmp_path


def test_every_file_for_reading_at_any_depth_is_kept_by_its_language_s_worker(site: Path) -> None:
    kept = build_workers(site, "fr", ["en"])
    assert set(FRENCH) | set(SHARED) <= kept["fr"]
    assert set(ENGLISH) | set(SHARED) <= kept["en"]
    assert not {url for url in kept["fr"] if url.startswith("en/")}  # the English folder is English's
    assert not kept["en"] - set(ENGLISH) - set(SHARED)
    assert not (kept["fr"] | kept["en"]) & set(NOT_FOR_READING)
    assert not {"service-worker.js", "service-worker-en.js"} & (kept["fr"] | kept["en"])


def test_with_three_languages_each_keeps_its_own_folder_only(site: Path) -> None:
    german = ["de/index.html", "de/rules/deep/er/page.html", "de/map.png"]
    for name in german:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"x")
    kept = build_workers(site, "fr", ["en", "de"])
    assert set(german) <= kept["de"] and not set(german) & (kept["fr"] | kept["en"])
    assert not {url for url in kept["fr"] if url.startswith(("en/", "de/"))}
    assert "service-worker-de.js" not in kept["fr"] | kept["en"] | kept["de"]
