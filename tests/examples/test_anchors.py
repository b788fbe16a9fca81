from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.hosts.anchors import anchor_index, page_url, relative_link


@pytest.mark.parametrize(("source", "target", "link"), [
    ("reactions.md", "reactions.md", "#a"),
    ("reactions.md", "attack.md", "../attack/#a"),
    ("index.md", "attack.md", "attack/#a"),
    ("attack.md", "index.md", "../#a"),
    ("index.md", "index.md", "#a"),
    ("rules/deep.md", "attack.md", "../../attack/#a"),
])
def test_relative_links_between_directory_urls(source: str, target: str, link: str) -> None:
    assert relative_link(source, target, "a") == link


@pytest.mark.parametrize(("source", "target", "link"), [
    ("reactions.md", "reactions.md", "#a"),
    ("reactions.md", "attack.md", "attack.html#a"),
    ("index.md", "attack.md", "attack.html#a"),
    ("attack.md", "index.md", "index.html#a"),
    ("rules/deep.md", "attack.md", "../attack.html#a"),
    ("attack.md", "rules/index.md", "rules/index.html#a"),
])
def test_relative_links_between_file_urls(source: str, target: str, link: str) -> None:
    """Material's offline plugin turns directory URLs off, so that the site works from file://."""
    assert relative_link(source, target, "a", directory_urls=False) == link


def test_page_urls() -> None:
    assert [page_url(p) for p in ("index.md", "a.md", "a/index.md", "a/b.md")] == ["", "a/", "a/", "a/b/"]


def test_anchor_index_reads_explicit_heading_ids_first_page_wins(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\n## Parade { #dodge-and-parry }\n\ntext { #not-a-heading }\n", "utf-8")
    (tmp_path / "b.md").write_text("### Again { #dodge-and-parry }\n## Other {#other}\n", "utf-8")
    assert anchor_index(tmp_path) == {"dodge-and-parry": "a.md", "other": "b.md"}
