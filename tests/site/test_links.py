"""Every internal link and anchor of the built site, in both languages, leads somewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.hosts.pdf import EDITIONS
from tests.site.site_tools import html_files, read_html, resolve, site_root_path

#: ``make site`` writes these after the build; tests/site/test_print_edition.py checks that it does.
PDFS = {edition.target for edition in EDITIONS}


def broken_links(site: Path) -> tuple[int, list[str]]:
    """How many internal links the site has, and every one that leads nowhere, with its page."""
    root, checked, broken = site_root_path(), 0, []
    for page in html_files(site):
        for link in read_html(page).links:
            target = resolve(site, page, link, root)
            if target is None:
                continue
            checked += 1
            path, anchor = target
            where = f"{page.relative_to(site)}: {link}"
            if not path.is_file() and not _made_by_make_pdf(site, path):
                broken.append(f"{where} (no file {path.relative_to(site) if path.is_relative_to(site) else path})")
            elif anchor and path.suffix == ".html" and anchor not in read_html(path).ids:
                broken.append(f"{where} (no id '{anchor}' in {path.relative_to(site)})")
    return checked, broken


def _made_by_make_pdf(site: Path, path: Path) -> bool:
    return path.is_relative_to(site) and path.relative_to(site).as_posix() in PDFS


@pytest.mark.build
def test_no_internal_link_or_anchor_is_broken(offline_site: Path) -> None:
    checked, broken = broken_links(offline_site)
    assert checked > 500, f"only {checked} internal links found: is the site built?"
    assert broken == [], "\n".join(broken)


@pytest.mark.build
def test_both_languages_are_checked(offline_site: Path) -> None:
    pages = {path.relative_to(offline_site).as_posix() for path in html_files(offline_site)}
    assert {"reactions.html", "en/reactions.html", "404.html", "en/404.html"} <= pages
    english = {page.removeprefix("en/") for page in pages if page.startswith("en/")}
    assert english == {page for page in pages if not page.startswith("en/")}  # every page in both


def test_the_checker_finds_a_broken_page_link_and_a_broken_anchor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SITE_URL", "https://example.org/combat-rules/")  # a site under a sub-path
    site = tmp_path / "site"
    (site / "en").mkdir(parents=True)
    (site / "en/a.html").write_text(
        '<h2 id="here">x</h2><a href="#here">ok</a><a href="b.html#gone">1</a><a href="../missing.html">2</a>'
        '<a href="#nowhere">3</a><a href="https://example.com/x">other site</a>'
        f'<img src="{site_root_path()}en/a.html"><a href="/elsewhere/">4</a>', "utf-8")
    (site / "en/b.html").write_text('<p id="there">b</p>', "utf-8")
    checked, broken = broken_links(site)
    assert checked == 6
    assert broken == [
        "en/a.html: b.html#gone (no id 'gone' in en/b.html)",
        "en/a.html: ../missing.html (no file missing.html)",
        "en/a.html: #nowhere (no id 'nowhere' in en/a.html)",
        "en/a.html: /elsewhere/ (no file __outside_the_site__/elsewhere)",
    ]
