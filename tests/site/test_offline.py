"""The site for a game table without network: built with none, loading nothing from another host,
one search index and one 404 page per language."""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
import sys
import textwrap
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from rulecheck.hosts.i18n_search import (
    lunr_language,
    split_index,
    stemmed_worker,
    unused_lunr_files,
    with_search_settings,
)
from rulecheck.hosts.offline_site import SHIM, without_alternate_links
from rulecheck.hosts.web_app import MANIFEST, RUNTIME, RUNTIME_MODULES
from tests.site.site_tools import ROOT, css_urls, html_files, is_external, read_html, resolve, site_root_path

LANGUAGES = {"fr": "", "en": "en/"}  # locale -> folder of its pages in the site


def index_of(site: Path, folder: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / folder / "search/search_index.json").read_text("utf-8"))
    return data


# --- built with no network ---------------------------------------------------------------------

def test_the_build_namespace_has_no_network_at_all() -> None:
    """What the site is built in: a namespace whose only interface is a loopback that is down, no route."""
    probe = textwrap.dedent("""
        import fcntl, pathlib, socket, struct
        SIOCGIFFLAGS, IFF_UP = 0x8913, 1
        print([name for _, name in socket.if_nameindex()])
        with socket.socket() as s:
            flags = struct.unpack("16sH", fcntl.ioctl(s.fileno(), SIOCGIFFLAGS, struct.pack("16sH", b"lo", 0)))[1]
        print(flags & IFF_UP)
        print(pathlib.Path("/proc/net/route").read_text())
    """)
    result = subprocess.run(["unshare", "--map-root-user", "--net", sys.executable, "-c", probe],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    interfaces, lo_up, routes = result.stdout.split("\n", 2)
    assert (interfaces, lo_up) == ("['lo']", "0")
    assert [line for line in routes.splitlines() if line.strip() and not line.startswith("Iface")] == []


@pytest.mark.build
def test_the_site_builds_without_network_in_both_languages(offline_site: Path) -> None:
    for locale, folder in LANGUAGES.items():
        page = (offline_site / folder / "reactions.html").read_text("utf-8")
        assert f'<html lang="{locale}"' in page
        assert 'class="rc-badge rc-badge--ok"' in page


# --- nothing from another host -----------------------------------------------------------------

@pytest.mark.build
def test_no_page_loads_anything_from_another_host(offline_site: Path) -> None:
    found = []
    for path in html_files(offline_site):
        page = read_html(path)
        loaded = page.resources + [("style url()", url) for style in page.styles for url in css_urls(style)]
        found += [f"{path.relative_to(offline_site)}: {what} {url}" for what, url in loaded if is_external(url)]
    assert found == []
    assert len(read_html(offline_site / "en/reactions.html").resources) >= 6  # styles, scripts, icon: all local


def test_the_scanner_finds_every_kind_of_external_resource(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<link rel="stylesheet" href="https://cdn.example/a.css"><link rel="preload" href="//cdn.example/f.woff2">'
        '<link rel="icon" href="http://cdn.example/i.png"><link rel="canonical" href="https://example.org/">'
        '<script src="https://unpkg.com/x"></script>'
        '<img src="local.png" srcset="a.png 1x, https://cdn.example/b.png 2x"><iframe src="https://video.example/">'
        '</iframe><style>p { background: url("https://cdn.example/bg.png") }</style>'
        '<p style="background:url(data:image/png;base64,AAAA)">x</p><a href="https://example.org/">a link</a>', "utf-8")
    html = read_html(page)
    loaded = [url for _, url in html.resources] + [url for style in html.styles for url in css_urls(style)]
    assert [url for url in loaded if is_external(url)] == [
        "https://cdn.example/a.css", "//cdn.example/f.woff2", "http://cdn.example/i.png", "https://unpkg.com/x",
        "https://cdn.example/b.png", "https://video.example/", "https://cdn.example/bg.png"]
    assert css_urls("@import 'https://fonts.example/x.css'; a { b: url(c.png) }") == ["https://fonts.example/x.css",
                                                                                      "c.png"]


@pytest.mark.build
def test_no_stylesheet_loads_anything_from_another_host(offline_site: Path) -> None:
    sheets = sorted(offline_site.rglob("*.css"))
    assert sheets, "no stylesheet in the site"
    found = [f"{css.relative_to(offline_site)}: {url}" for css in sheets
             for url in css_urls(css.read_text("utf-8")) if is_external(url)]
    assert found == []


@pytest.mark.build
def test_no_link_leads_to_another_site(offline_site: Path) -> None:
    """Links to other sites would be allowed, but the rules need none (no generator credit either)."""
    found = [f"{path.relative_to(offline_site)}: {url}" for path in html_files(offline_site)
             for url in read_html(path).links if is_external(url)]
    assert found == []


@pytest.mark.build
def test_no_web_font_and_the_search_worker_shim_is_ours(offline_site: Path) -> None:
    page = (offline_site / "en/reactions.html").read_text("utf-8")
    assert "fonts.googleapis" not in page and "fonts.gstatic" not in page
    assert "unpkg.com" not in page and "iframe-worker/shim" in page
    assert f'<script src="../{SHIM}"></script>' in page
    shipped = (offline_site / SHIM).read_bytes()
    assert shipped == (ROOT / "rulecheck/hosts/assets/iframe-worker-shim.js").read_bytes()
    assert b'location.protocol==="file:"&&(window.Worker=' in shipped  # only replaces Worker on file://
    assert "Martin Donath" in (offline_site / SHIM).with_name("LICENSE").read_text("utf-8")


def test_the_shipped_shim_is_the_pinned_npm_package() -> None:
    """The committed copy of the shim matches the iframe-worker version that package.json pins."""
    pinned = json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]["iframe-worker"]
    locked = json.loads((ROOT / "package-lock.json").read_text("utf-8"))["packages"]["node_modules/iframe-worker"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), "pin an exact version"
    assert locked["version"] == pinned and locked["integrity"].startswith("sha512-")
    package = ROOT / "node_modules/iframe-worker"
    assert package.is_dir(), "node_modules/iframe-worker is missing: run `npm ci` (every make target does)"
    assert json.loads((package / "package.json").read_text("utf-8"))["version"] == pinned
    assets = ROOT / "rulecheck/hosts/assets"
    assert (assets / "iframe-worker-shim.js").read_bytes() == (package / "shim/index.js").read_bytes()
    assert (assets / "iframe-worker-LICENSE").read_bytes() == (package / "LICENSE").read_bytes()


@pytest.mark.build
def test_the_site_ships_no_file_a_reader_does_not_use(offline_site: Path) -> None:
    """Every file is a page, something a page loads, the search (worker, its lunr language, the
    indexes), a sitemap (crawlers, the language switcher) or the shim's licence: no source map,
    no lunr file of a language without an index."""
    root, used = site_root_path(), set()
    for path in html_files(offline_site):
        used.add(path)
        page = path.read_text("utf-8")
        worker = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', page,
                                      re.DOTALL).group(1))["search"]  # type: ignore[union-attr]
        examples = re.findall(r'<pre class="rc-yaml"[^<>]* data-src="([^"<>]*)"', page)  # loaded when opened
        for url in [url for _, url in read_html(path).resources] + [worker] + [unescape(src) for src in examples]:
            target = resolve(offline_site, path, url, root)
            if target:
                used.add(target[0])
    for stemmed in [p for p in used if p.name == "search-stemmed.js"]:  # it loads Material's worker
        material = re.search(r'var MATERIAL_WORKER = "([^"]+)";', stemmed.read_text("utf-8"))
        assert material, stemmed
        used.add(Path(posixpath.normpath((stemmed.parent / material.group(1)).as_posix())))
    for sheet in [p for p in used if p.suffix == ".css"]:
        used |= {target[0] for url in css_urls(sheet.read_text("utf-8"))
                 if (target := resolve(offline_site, sheet, url, root))}
    for folder in LANGUAGES.values():
        used |= {offline_site / folder / "search/search_index.json", offline_site / folder / "search/search_index.js"}
        lang = index_of(offline_site, folder)["config"]["lang"][0]
        if lang != "en":
            lunr = offline_site / "assets/javascripts/lunr/min"
            used |= {lunr / f"lunr.{name}.min.js" for name in (lang, "stemmer.support")}
    used |= {offline_site / "sitemap.xml", offline_site / "sitemap.xml.gz", (offline_site / SHIM).with_name("LICENSE")}
    used |= web_app_files(offline_site)
    shipped = {path for path in offline_site.rglob("*") if path.is_file()}
    assert sorted(p.relative_to(offline_site).as_posix() for p in shipped - used) == []
    assert not sorted(p.relative_to(offline_site).as_posix() for p in used - shipped)


def web_app_files(site: Path) -> set[Path]:
    """What the web app script loads over http(s): each language's manifest and its icons, its
    service worker and the Workbox runtime that one imports (with its licence)."""
    used = {site / RUNTIME / file for _, file in RUNTIME_MODULES} | {site / RUNTIME / "LICENSE"}
    for folder in LANGUAGES.values():
        manifest = site / folder / MANIFEST
        used |= {manifest, *((manifest.parent / icon["src"]).resolve() for icon in
                             json.loads(manifest.read_text("utf-8"))["icons"])}
    used |= set(site.glob("service-worker*.js"))
    return used


# --- one search per language -------------------------------------------------------------------

@pytest.mark.build
def test_each_language_has_its_own_search_index_and_lunr_language(offline_site: Path) -> None:
    french, english = index_of(offline_site, ""), index_of(offline_site, "en")
    assert french["config"]["lang"] == ["fr"] and english["config"]["lang"] == ["en"]
    for index in (french, english):
        # The language's stemmer, stop words and trimmer (the stemmed worker stems queries too)
        assert index["config"]["pipeline"] == ["stemmer", "stopWordFilter", "trimmer"]
        locations = [doc["location"] for doc in index["docs"]]
        assert "reactions.html#dodge-and-parry" in locations
        assert not any(location.startswith("en/") for location in locations)
    # Each index holds its language's pages (the glossary of either names both languages' words:
    # its titles tell them apart, not a word of its text).
    french_titles = {doc["title"] for doc in french["docs"]}
    english_titles = {doc["title"] for doc in english["docs"]}
    assert "Esquive et parade" in french_titles and "Esquive et parade" not in english_titles
    assert "Dodge and parry" in english_titles and "Dodge and parry" not in french_titles
    assert (offline_site / "assets/javascripts/lunr/min/lunr.fr.min.js").is_file()


@pytest.mark.build
def test_every_page_searches_its_own_language(offline_site: Path) -> None:
    for path in html_files(offline_site):
        page = path.read_text("utf-8")
        match = re.search(r'<script id="__config" type="application/json">(.*?)</script>', page, re.DOTALL)
        assert match, path
        base = json.loads(match.group(1))["base"]
        english = path.relative_to(offline_site).parts[0] == "en"
        # Material reads <base>/search/search_index.json, relative to the page (the 404 pages
        # resolve it against the site's root, found wherever they are served: test_site_reader)
        assert (path.parent / base / "search/search_index.json").resolve() == (
            offline_site / ("en" if english else "") / "search/search_index.json").resolve(), path


@pytest.mark.build
def test_the_offline_search_indexes_match_the_json_ones(offline_site: Path) -> None:
    for folder in LANGUAGES.values():
        script = (offline_site / folder / "search/search_index.js").read_text("utf-8")
        assert script.startswith("var __index = ")
        assert json.loads(script.removeprefix("var __index = ")) == index_of(offline_site, folder)


@pytest.mark.build
def test_the_404_page_of_each_language_is_in_that_language(offline_site: Path) -> None:
    root = site_root_path()
    french = (offline_site / "404.html").read_text("utf-8")
    english = (offline_site / "en/404.html").read_text("utf-8")
    assert '<html lang="fr"' in french and "Esquive et parade" in french and "Dodge and parry" not in french
    assert '<html lang="en"' in english and "Dodge and parry" in english and "Esquive et parade" not in english
    assert "<h1>Page introuvable</h1>" in french and "<h1>Page not found</h1>" in english
    # Its links are relative, to work wherever the site is served; the switcher goes to each
    # language's home page.
    assert 'href="index.html" hreflang="fr"' in french and 'href="en/index.html" hreflang="en"' in french
    assert 'href="../index.html" hreflang="fr"' in english and 'href="index.html" hreflang="en"' in english
    assert not re.search(f'(href|src)="{root}', french + english)


@pytest.mark.build
def test_the_switcher_of_every_page_opens_the_same_page_in_the_other_language(offline_site: Path) -> None:
    for path in html_files(offline_site / "en"):
        if path.name == "404.html":
            continue
        page = path.read_text("utf-8")
        assert f'href="{path.name}" hreflang="en"' in page
        assert f'href="../{path.name}" hreflang="fr"' in page
        french = (offline_site / path.name).read_text("utf-8")
        assert f'href="{path.name}" hreflang="fr"' in french
        assert f'href="en/{path.name}" hreflang="en"' in french


# --- the plugin's pieces, without a build ------------------------------------------------------

def test_split_index_moves_each_language_to_its_folder() -> None:
    merged = {
        "config": {"lang": ["fr"], "pipeline": ["stemmer"]},
        "docs": [{"location": "", "title": "Accueil"}, {"location": "a.html#x", "title": "A"},
                 {"location": "en/", "title": "Home"}, {"location": "en/a.html#x", "title": "A"},
                 {"location": "english.html", "title": "Not the en folder"}],
    }
    split = split_index(merged, "fr", ["en"])
    assert [d["location"] for d in split["fr"]["docs"]] == ["", "a.html#x", "english.html"]
    assert [d["location"] for d in split["en"]["docs"]] == ["", "a.html#x"]
    assert split["fr"]["config"] == {"lang": ["fr"], "pipeline": ["stemmer"]}
    assert split["en"]["config"] == {"lang": ["en"], "pipeline": ["stemmer"]}
    assert merged["docs"][3]["location"] == "en/a.html#x"  # the merged index is left as it was


@pytest.mark.parametrize(("locale", "lang"), [("fr", "fr"), ("fr_CA", "fr"), ("pt-BR", "pt"), ("EN", "en")])
def test_lunr_language_of_a_locale(locale: str, lang: str) -> None:
    assert lunr_language(locale) == lang


@pytest.mark.parametrize(("base", "rebased"),
                         [(".", "./en/"), ("..", "../en/"), ("/combat-rules/", "/combat-rules/en/")])
def test_search_settings_point_material_at_the_language_folder_and_the_stemmed_worker(
    base: str, rebased: str
) -> None:
    worker = "../assets/javascripts/workers/search.a7633da7.min.js"
    settings = {"base": base, "features": [], "search": worker, "translations": {"x": "<l'é>"}}
    html = f'<head></head><script id="__config" type="application/json">{json.dumps(settings)}</script>'
    body = with_search_settings(html, "en").split('type="application/json">')[1].removesuffix("</script>")
    # each language's worker lies in its own folder, in the scope of its language's service worker
    assert json.loads(body) == {**settings, "base": rebased, "search": "../en/search/search-stemmed.js"}
    assert "<l" not in body  # still safe inside a <script> element
    default = with_search_settings(html, None).split('type="application/json">')[1].removesuffix("</script>")
    assert json.loads(default) == {**settings, "search": "../assets/javascripts/workers/search-stemmed.js"}
    assert with_search_settings("<p>no config</p>", "en") == "<p>no config</p>"


def test_the_stemmed_worker_loads_materials_worker_by_name() -> None:
    script = stemmed_worker("search.a7633da7.min.js")
    assert 'var MATERIAL_WORKER = "search.a7633da7.min.js";' in script
    assert "__MATERIAL_WORKER__" not in script
    english = stemmed_worker("search.a7633da7.min.js", "en")  # in en/search/, loading the shared one
    assert 'var MATERIAL_WORKER = "../../assets/javascripts/workers/search.a7633da7.min.js";' in english


def test_unused_lunr_files_keeps_what_the_indexes_languages_load(tmp_path: Path) -> None:
    names = ["min/lunr.fr.min.js", "min/lunr.de.min.js", "min/lunr.ja.min.js", "min/lunr.multi.min.js",
             "min/lunr.stemmer.support.min.js", "tinyseg.js", "wordcut.js"]
    for name in names:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("", "utf-8")
    unused = {path.relative_to(tmp_path).as_posix() for path in unused_lunr_files(tmp_path, {"fr", "en"})}
    assert unused == set(names) - {"min/lunr.fr.min.js", "min/lunr.stemmer.support.min.js"}
    assert len(unused_lunr_files(tmp_path, {"en"})) == len(names)  # English needs no lunr language file
    kept = set(names) - {p.relative_to(tmp_path).as_posix() for p in unused_lunr_files(tmp_path, {"ja"})}
    assert kept == {"min/lunr.ja.min.js", "min/lunr.stemmer.support.min.js", "tinyseg.js"}


@pytest.mark.parametrize(("language", "word"), [("fr", "parades"), ("fr", "esquivées"), ("en", "poisoning")])
def test_the_stemming_probe_words_of_the_browser_tests_stand_on_no_page(language: str, word: str) -> None:
    # The browser tests search these words: found only through stemming, as long as no page has them.
    for page in (ROOT / "docs" / language).rglob("*.md"):
        assert word not in page.read_text("utf-8").lower(), page


@pytest.mark.build
def test_no_page_links_its_alternates_in_its_head(offline_site: Path) -> None:
    """Material would fetch the sitemap for them, which file:// cannot: the switcher needs none."""
    pages = [*html_files(offline_site), offline_site / "404.html", offline_site / "en/404.html"]
    assert len(pages) > 40
    for page in pages:
        assert '<link rel="alternate"' not in page.read_text("utf-8"), page


def test_alternate_links_are_taken_from_the_head_only() -> None:
    head = '<head>\n  <link rel="alternate" href="en/x.html" hreflang="en">\n  <title>x</title>\n'
    body = '</head><body><pre>  <link rel="alternate" href="a" hreflang="b">\n</pre></body>'
    assert without_alternate_links(head + body) == "<head>\n  <title>x</title>\n" + body
    assert without_alternate_links(head) == "<head>\n  <title>x</title>\n"  # no head end: all of it
