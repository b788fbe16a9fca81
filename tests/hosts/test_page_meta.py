"""The plugin drops from a page's front matter what the theme could not render, so a server keeps
running, and refuses an icon or a template the theme lacks, located (rulecheck/hosts/page_meta.py).
`template: nosuch.html` or `icon: nosuch/icon` stopped the build with a TemplateNotFound traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from rulecheck.examples.front_matter import located_keys
from rulecheck.hosts.page_meta import missing_theme_files, safe_meta
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, mkdocs_build


@pytest.fixture
def theme(tmp_path: Path) -> list[str]:
    (tmp_path / "one" / ".icons" / "material").mkdir(parents=True)
    (tmp_path / "one" / ".icons" / "material" / "book.svg").write_text("<svg/>", "utf-8")
    (tmp_path / "two" / "partials").mkdir(parents=True)
    (tmp_path / "two" / "main.html").write_text("x", "utf-8")
    (tmp_path / "two" / "partials" / "x.html").write_text("x", "utf-8")
    (tmp_path / "two" / "material").mkdir()  # a folder, not an icon
    return [str(tmp_path / "one"), str(tmp_path / "two")]


@pytest.mark.parametrize(("meta", "kept", "missing"), [
    ({"icon": "material/book", "template": "main.html"}, {"icon", "template"}, set()),
    ({"template": "partials/x.html"}, {"template"}, set()),
    ({"icon": "material/nosuch"}, set(), {"icon"}),
    ({"icon": "material"}, set(), set()),  # not an icon's name: refused by the check, dropped
    ({"template": "nosuch.html", "icon": "material/book"}, {"icon"}, {"template"}),
    ({"template": "main.htm"}, set(), set()),  # not a template's name
    ({"hide": 5, "search": 5, "status": "a b", "tags": "x", "title": "T"}, {"title"}, set()),
    ({"description": "d" * 1_000_000, "comments": 5}, {"comments"}, set()),
])
def test_what_the_theme_cannot_render_is_dropped(theme: list[str], meta: dict[str, object], kept: set[str],
                                                 missing: set[str]) -> None:
    assert set(safe_meta(meta, theme)) == missing
    assert set(meta) == kept


def test_a_missing_file_is_located_at_its_key(theme: list[str]) -> None:
    source = "---\ntitle: T\ntemplate: nosuch.html\nicon: material/nosuch\n---\n\n# T\n"
    whys = missing_theme_files({"template": "nosuch.html", "icon": "material/nosuch"}, theme)
    assert [(p.line, p.col, p.message.split("`")[1]) for p in located_keys("docs/en/t.md", source, whys)] == [
        (3, 1, "template"), (4, 1, "icon")]
    assert [(p.line, p.col) for p in located_keys("docs/en/t.md", "", whys)] == [(1, None), (1, None)]


def project(tmp_path: Path, header: str) -> Path:
    (tmp_path / "docs").mkdir(parents=True)
    (tmp_path / "docs" / "index.md").write_text("# Home\n", "utf-8")
    (tmp_path / "docs" / "page.md").write_text(f"---\n{header}\n---\n\n# Page\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    return tmp_path


@pytest.mark.parametrize("header", ["template: nosuch.html", "template: partials/nosuch.html",
                                    "template: nosuch.html\nicon: material/nosuch"])
def test_a_build_fails_located_and_a_server_renders_without_it(tmp_path: Path, header: str) -> None:
    with pytest.raises(Abort) as failed:
        mkdocs_build(project(tmp_path / "build", header))
    assert "docs/page.md:2:1: the front matter's `template` names a template the theme does not have" in str(
        failed.value.__context__)
    served = project(tmp_path / "serve", header)
    with capture_logs("rulecheck") as logs:
        mkdocs_build(served, "serve")
    assert "docs/page.md:2:1: the front matter's `template`" in logs.text
    assert "Page" in (served / "site" / "page" / "index.html").read_text("utf-8")


@pytest.mark.parametrize("header", ["template: 5", "template: ../../x.html", "search: 5", "hide: 5"])
def test_a_server_renders_a_page_whose_values_the_check_refused(tmp_path: Path, header: str) -> None:
    served = project(tmp_path, header)
    with capture_logs("rulecheck") as logs:
        mkdocs_build(served, "serve")
    assert "docs/page.md:2:1: the front matter's" in logs.text
    assert (served / "site" / "page" / "index.html").is_file()
