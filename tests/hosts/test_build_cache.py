"""The plugin reuses what a passing build made of each page while nothing it depends on changes."""

from __future__ import annotations

import filecmp
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, PluginError

from rulecheck.hosts import mkdocs_plugin
from rulecheck.hosts.build_cache import FILE
from tests.hosts.test_three_hosts import DRIFTED, drift, mkdocs_build


def build_site(site: Path, target: str) -> None:
    """Build as ``mkdocs build`` does: ``on_startup`` then the build (MkDocs keeps plugin objects)."""
    config = load_config(str(site / "mkdocs.yml"), site_dir=str(site / target))
    config.plugins.on_startup(command="build", dirty=False)
    build(config)


def same_tree(left: Path, right: Path) -> bool:
    comparison = filecmp.dircmp(left, right)
    pending = [comparison]
    while pending:
        current = pending.pop()
        if current.left_only or current.right_only or current.funny_files:
            return False
        _, mismatch, errors = filecmp.cmpfiles(current.left, current.right, current.common_files, shallow=False)
        if mismatch or errors:
            return False
        pending += current.subdirs.values()
    return True


@pytest.fixture
def counted_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = mkdocs_plugin.check_paths

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(mkdocs_plugin, "check_paths", counting)
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    return calls


@pytest.mark.build
def test_an_unchanged_site_reuses_the_last_build_and_gives_the_same_bytes(
    site_copy: Callable[[], Path], counted_checks: list[int]
) -> None:
    site = site_copy()
    build_site(site, "first")
    assert len(counted_checks) == 1 and (site / FILE).is_file()
    build_site(site, "second")
    assert len(counted_checks) == 1, "the second build checked the examples again"
    assert same_tree(site / "first", site / "second")


@pytest.mark.build
def test_an_edited_page_is_checked_again_and_a_failure_is_never_kept(
    site_copy: Callable[[], Path], counted_checks: list[int]
) -> None:
    site = site_copy()
    build_site(site, "first")
    line = drift(site)
    for attempt in range(2):  # the failing build stores nothing that would let the next one pass
        with pytest.raises(Abort) as failure:
            build_site(site, f"drifted-{attempt}")
        assert isinstance(failure.value.__context__, PluginError)
        assert DRIFTED.format(line=line) in str(failure.value.__context__)
    assert len(counted_checks) == 3
    # A rebuild in the same process without a new start reuses the plugin and its check: it fails too.
    with pytest.raises(Abort):
        build(load_config(str(site / "mkdocs.yml"), site_dir=str(site / "rebuilt")))
    assert len(counted_checks) == 3
    result = mkdocs_build(site)  # a new process, with the cache of the passing build on disk
    assert result.returncode != 0 and DRIFTED.format(line=line) in result.stderr


@pytest.mark.build
def test_a_damaged_cache_is_ignored(site_copy: Callable[[], Path], counted_checks: list[int]) -> None:
    site = site_copy()
    (site / FILE).parent.mkdir(parents=True)
    (site / FILE).write_text('{"key": "not json', "utf-8")
    build_site(site, "site")
    assert len(counted_checks) == 1
    assert 'class="rc-badge rc-badge--ok"' in (site / "site/reactions.html").read_text("utf-8")


@pytest.mark.build
def test_an_edited_cast_file_is_checked_again(site_copy: Callable[[], Path], counted_checks: list[int]) -> None:
    site = site_copy()
    build_site(site, "first")
    cast = site / "docs" / "cast.yml"
    cast.write_text(cast.read_text("utf-8").replace("  def_phy: 16\n", "  def_phy: 99\n", 1), "utf-8")
    with pytest.raises(Abort) as failure:
        build_site(site, "second")
    assert len(counted_checks) == 2, "the build reused pages made with the old cast"
    assert "docs/cast.yml:" in str(failure.value.__context__)


def test_the_cache_keeps_text_as_utf_8_and_skips_what_is_no_text(tmp_path: Path) -> None:
    from rulecheck.hosts.build_cache import BuildCache

    cache = BuildCache(tmp_path, "key")
    cache.put("docs/fr/page.md", "# Épée", "# Épée\u202f!", {"card": "<p>≥ 15 → touché</p>"})
    cache.save(1)
    raw = (tmp_path / FILE).read_bytes()
    assert "Épée\u202f!".encode() in raw and "≥ 15 → touché".encode() in raw and b"\\u" not in raw
    again = BuildCache(tmp_path, "key")
    assert again.complete
    assert again.get("docs/fr/page.md", "# Épée") == ("# Épée\u202f!", {"card": "<p>≥ 15 → touché</p>"})
    broken = BuildCache(tmp_path / "other", "key")
    broken.put("docs/fr/page.md", "x", "\ud800", {})
    broken.save(1)  # no traceback: a lone surrogate is no text, and no cache is written
    assert not (tmp_path / "other" / FILE).exists()
