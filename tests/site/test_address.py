"""The site's address is a setting (``SITE_URL``): canonical links, sitemaps and the 404 pages'
switcher follow it, at a domain's root or under a sub-path (GitHub Pages of a project); without
it, a local build names no address at all. A normal build prints nothing that reads like a problem."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.site.site_tools import BUILD_TIMEOUT, ROOT, html_files

ADDRESSES = ["https://rules.example.org/", "https://example.github.io/combat-rules/"]
# What a normal build says: which language it builds, that every example was checked, the indexes.
EXPECTED_LINE = re.compile(
    r"INFO    -  (mkdocs_static_i18n: Building '(fr|en)' documentation to directory: .*"
    r"|rulecheck: \d+ examples checked( \(unchanged since the last build\))?"
    r"|Cleaning site directory|Building documentation to directory: .*"
    r"|mkdocs_static_i18n: Translated \d+ navigation elements to 'en'"
    r"|i18n-search: \d+ '(fr|en)' entries in (en/)?search/search_index.json|Documentation built in [\d.]+ seconds)")


def build(site: Path, address: str) -> str:
    """Build the real site with this address, as `make site` does; what it printed."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": address})
    assert result.returncode == 0, result.stderr
    return result.stdout + result.stderr


def canonical(page: Path) -> list[str]:
    return re.findall(r'<link rel="canonical" href="([^"]*)"', page.read_text("utf-8"))


@pytest.mark.build
@pytest.mark.parametrize("address", ADDRESSES)
def test_the_address_is_where_canonical_links_sitemaps_and_404_switchers_point(tmp_path: Path, address: str) -> None:
    site = tmp_path / "site"
    printed = build(site, address)
    assert canonical(site / "en/reactions.html") == [address + "en/reactions.html"]
    assert canonical(site / "index.html") == [address + "index.html"]
    locations = re.findall(r"<loc>([^<]*)</loc>", (site / "sitemap.xml").read_text("utf-8"))
    assert locations and all(location.startswith(address) for location in locations)
    assert address + "en/attack.html" in locations
    for page, french, english in (("404.html", "index.html", "en/index.html"),
                                  ("en/404.html", "../index.html", "index.html")):
        # The 404 pages do not depend on the address either: relative links, and a script that finds
        # the site's root wherever a host serves them (tests/site/test_reader.py serves them so).
        text = (site / page).read_text("utf-8")
        assert f'href="{french}" hreflang="fr"' in text and f'href="{english}" hreflang="en"' in text
    # the web app does not depend on the address: its links are relative to each page
    assert 'data-service-worker="../service-worker.js" data-scope="../"' in (site / "en/turn.html").read_text()
    unexpected = [line for line in printed.splitlines() if line.strip() and not EXPECTED_LINE.fullmatch(line)]
    assert unexpected == []


@pytest.mark.build
def test_without_an_address_no_page_names_another_site(offline_site: Path) -> None:
    if os.environ.get("SITE_URL"):
        pytest.skip("SITE_URL is set: this session's site was built for that address")
    assert [page for page in html_files(offline_site) if canonical(page)] == []
    assert "example.org" not in (offline_site / "sitemap.xml").read_text("utf-8")


def test_the_address_is_read_from_the_environment_with_an_empty_default() -> None:
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    assert re.search(r"^site_url: !ENV \[SITE_URL, \"\"\]", config, re.MULTILINE)
    assert "SITE_URL" in (ROOT / "README.md").read_text("utf-8")


def test_github_pages_deploys_the_tested_site_from_main_only() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/site.yml").read_text("utf-8"))
    steps = workflow["jobs"]["test"]["steps"]
    runs = [step.get("run", "") + step.get("uses", "") for step in steps]
    tested = runs.index("make test")
    built = next(i for i, run in enumerate(runs) if re.search(r"\bmake (site|pdf)\b", run) and "SITE_URL" in run)
    uploaded = next(i for i, run in enumerate(runs) if run.startswith("actions/upload-pages-artifact@"))
    assert tested < built < uploaded and 'SITE_URL="${{ steps.pages.outputs.base_url }}/"' in runs[built]
    assert steps[uploaded]["with"]["path"] == "site/"
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "test" and "refs/heads/main" in deploy["if"]
    assert [step["uses"].split("@")[0] for step in deploy["steps"]] == ["actions/deploy-pages"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
