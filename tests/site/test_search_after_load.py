"""A page asks for its search index, and its worker for Material's, once the page has loaded:
before that a phone's connection carries the page's own files only (bench/README.md, "Phones")."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from rulecheck.hosts.i18n_search import index_after_load
from tests.site.browsing import HOME, Tab, search
from tests.site.site_tools import html_files

BUNDLE = '<script src="{}assets/javascripts/bundle.a5f9d56c.min.js"></script>'
HELD = re.compile(r"<script>\(function\(xhr\)\{[^<]*search_index[^<]*</script>")


@pytest.mark.parametrize("prefix", ["", "../", "/combat-rules/"])
def test_the_script_goes_just_before_material_s_bundle(prefix: str) -> None:
    page = f'<html><body><p>x</p>\n{BUNDLE.format(prefix)}\n<script src="x.js"></script></body></html>'
    held = index_after_load(page)
    script = HELD.search(held)
    assert script is not None and held == page.replace(BUNDLE.format(prefix), script[0] + BUNDLE.format(prefix))


@pytest.mark.parametrize("page", [
    "<html><body><p>x</p></body></html>",  # no bundle
    '<html><body><script src="assets/javascripts/other.min.js"></script></body></html>',
    '<html><body><script src="assets/javascripts/bundle.a5f9d56c.min.js" defer></script></body></html>',
])
def test_a_page_without_material_s_bundle_is_left_alone(page: str) -> None:
    assert index_after_load(page) == page


@pytest.mark.build
def test_every_page_holds_its_index_until_it_has_loaded(offline_site: Path) -> None:
    pages = html_files(offline_site)
    assert {"404.html", "en/404.html", "en/reactions.html"} <= {p.relative_to(offline_site).as_posix() for p in pages}
    for page in pages:
        text = page.read_text("utf-8")
        assert len(HELD.findall(text)) == 1, page
        assert re.search(HELD.pattern + r'<script src="[^"]*bundle\.[0-9a-f]+\.min\.js">', text), page


@pytest.mark.browser
@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_index_and_material_s_worker_come_after_the_load_and_search_works(
        http: Callable[..., Tab], locale: str) -> None:
    reader = http()
    requests: list[str] = []
    reader.page.context.on("request", lambda request: requests.append(request.url))
    with reader.page.expect_request(lambda request: "/workers/search." in request.url):
        reader.open(HOME[locale] + "reactions.html")
    # The page's own clock: when the index was asked for, and when the load event began.
    asked, loaded = reader.page.evaluate("""() => [
      performance.getEntriesByType("resource").find(e => e.name.endsWith("/search/search_index.json")).startTime,
      performance.getEntriesByType("navigation")[0].loadEventStart]""")
    assert asked >= loaded > 0, (asked, loaded)
    index = [at for at, url in enumerate(requests) if url.endswith("/search/search_index.json")]
    material = [at for at, url in enumerate(requests) if re.search(r"/workers/search\.[0-9a-f]+\.min\.js$", url)]
    assert len(index) == len(material) == 1 and index[0] < material[0], requests  # the worker waits for it
    assert search(reader, "parade" if locale == "fr" else "parry")
