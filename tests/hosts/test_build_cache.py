"""The plugin reuses what a passing build made of each page while nothing it depends on changes."""

from __future__ import annotations

import filecmp
import json
import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, PluginError

from rulecheck.examples import page_writes
from rulecheck.examples.cast import MARKER as CAST_MARKER
from rulecheck.hosts import build_cache, mkdocs_plugin
from rulecheck.hosts.build_cache import (
    FILE,
    SECRET,
    SECRET_BYTES,
    STALE_AFTER,
    BuildCache,
    machine_key,
    seal,
    text_digest,
    unseal,
)
from tests.hosts.run_hosts import MKDOCS_YML, fenced, parry_example
from tests.hosts.test_three_hosts import DRIFT_PAGES, DRIFTED, drift, mkdocs_build


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


@pytest.mark.build
def test_an_unchanged_site_reuses_the_last_build_and_gives_the_same_bytes(
    site_copy: Callable[..., Path], counted_checks: list[int]
) -> None:
    site = site_copy(pages=DRIFT_PAGES)
    build_site(site, "first")
    assert len(counted_checks) == 1 and (site / FILE).is_file()
    build_site(site, "second")
    assert len(counted_checks) == 1, "the second build checked the examples again"
    assert same_tree(site / "first", site / "second")


@pytest.mark.build
def test_an_edited_page_is_checked_again_and_a_failure_is_never_kept(
    site_copy: Callable[..., Path], counted_checks: list[int]
) -> None:
    site = site_copy(pages=DRIFT_PAGES)
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
def test_a_damaged_cache_is_ignored(site_copy: Callable[..., Path], counted_checks: list[int]) -> None:
    site = site_copy(pages=DRIFT_PAGES)
    (site / FILE).parent.mkdir(parents=True)
    (site / FILE).write_text('{"key": "not json', "utf-8")
    build_site(site, "site")
    assert len(counted_checks) == 1
    assert 'class="rc-badge rc-badge--ok"' in (site / "site/reactions.html").read_text("utf-8")


@pytest.mark.build
def test_an_edited_cast_file_is_checked_again(site_copy: Callable[..., Path], counted_checks: list[int]) -> None:
    site = site_copy(pages=DRIFT_PAGES)
    build_site(site, "first")
    cast = site / "docs" / "cast.yml"
    cast.write_text(cast.read_text("utf-8").replace("  def_phy: 16\n", "  def_phy: 99\n", 1), "utf-8")
    with pytest.raises(Abort) as failure:
        build_site(site, "second")
    assert len(counted_checks) == 2, "the build reused pages made with the old cast"
    assert "docs/cast.yml:" in str(failure.value.__context__)


def small_site(root: Path) -> Path:
    """A site of two languages without mkdocs-static-i18n (one build, no build per language): each
    a page with Elara's parry, Elara from the cast file, and a cast page listing her examples."""
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "cast.yml").write_text(
        "elara:\n  name: Elara\n  role: {fr: guerrière agile, en: nimble warrior}\n  level: 2\n  str: 4\n"
        "  def_phy: 16\n", "utf-8")
    for language in ("fr", "en"):
        example = parry_example(title="Elara pare la hache de l'orc").replace(
            "defender: {name: Elara, level: 2, str: 4, def_phy: 16}", "defender: {cast: elara}")
        (root / "docs" / language).mkdir()
        (root / "docs" / language / "parry.md").write_text(f"# Parry\n\n{fenced(example)}", "utf-8")
        (root / "docs" / language / "cast.md").write_text(f"# Cast\n\n{CAST_MARKER}\n", "utf-8")
    (root / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    return root


#: What an editor changes while a build runs, and where the built cast page shows it: a cast
#: member's role (the cast file, which only the check reads) and an example's title (a page, which
#: the check and MkDocs read; the cast page lists the examples each member is in by their titles).
EDITS = {
    "cast": ("docs/cast.yml", "guerrière agile", "guerrière vive"),
    "page": ("docs/fr/parry.md", "title: Elara pare la hache de l'orc", "title: Elara pare la hache du troll"),
}


def edit_while_building(monkeypatch: pytest.MonkeyPatch, file: Path, old: str, new: str, *,
                        undone_after_check: bool) -> None:
    """An editor saving ``file`` while a build runs: right after the build cache's key has read it
    (its first read); with ``undone_after_check``, putting the old bytes back once the check has
    read the edit."""
    original = file.read_text("utf-8")
    assert old in original
    real_read, real_check = build_cache.read_regular_file, mkdocs_plugin.check_paths
    saved: list[bool] = []

    def reading(path: Path, *args: Any) -> bytes:
        data = real_read(path, *args)
        if Path(path) == file and not saved:
            saved.append(True)
            file.write_text(original.replace(old, new, 1), "utf-8")
        return data

    def checking(*args: Any, **kwargs: Any) -> Any:
        report = real_check(*args, **kwargs)
        if undone_after_check:
            file.write_text(original, "utf-8")
        return report

    monkeypatch.setattr(build_cache, "read_regular_file", reading)
    monkeypatch.setattr(mkdocs_plugin, "check_paths", checking)


def shown_cast(site: Path, built: str, page: str) -> str:
    return (site / built / page).read_text("utf-8").replace("&#39;", "'").replace("&#x27;", "'")


@pytest.mark.build
@pytest.mark.parametrize(("site_kind", "edit", "when_undone"), [
    ("small", "cast", "never"), ("small", "cast", "after-the-build"), ("small", "cast", "after-the-check"),
    ("small", "page", "never"), ("small", "page", "after-the-build"),
    ("real", "cast", "after-the-check"),  # the site's two builds, one per language, share one check
])
def test_an_input_edited_while_a_build_reads_it_is_never_kept_under_the_other_bytes(
    site_copy: Callable[..., Path], counted_checks: list[int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    site_kind: str, edit: str, when_undone: str,
) -> None:
    """The cache's key read one content, the check another: the next build checks again and shows
    the file as it then is, never pages made from the other bytes (stored under the key of the
    first, they were served again once the edit was undone, even within the build)."""
    site = small_site(tmp_path / "small") if site_kind == "small" else site_copy(pages=DRIFT_PAGES)
    cast_page = "fr/cast/index.html" if site_kind == "small" else "cast.html"
    file, old, new = (site / EDITS[edit][0], *EDITS[edit][1:])
    original = file.read_text("utf-8")
    real_read, real_check = build_cache.read_regular_file, mkdocs_plugin.check_paths
    edit_while_building(monkeypatch, file, old, new, undone_after_check=when_undone == "after-the-check")
    build_site(site, "first")
    assert new.removeprefix("title: ") in shown_cast(site, "first", cast_page), "the check read the edit"
    monkeypatch.setattr(build_cache, "read_regular_file", real_read)
    monkeypatch.setattr(mkdocs_plugin, "check_paths", real_check)
    if when_undone == "after-the-build":
        file.write_text(original, "utf-8")
    checks = len(counted_checks)
    build_site(site, "second")
    assert len(counted_checks) > checks, "the second build reused pages made during the edit"
    now = new if when_undone == "never" else old
    assert now.removeprefix("title: ") in shown_cast(site, "second", cast_page)
    checks = len(counted_checks)
    build_site(site, "third")
    assert len(counted_checks) == checks, "a build whose inputs held still is kept"
    assert same_tree(site / "second", site / "third")


def test_the_cache_keeps_text_as_utf_8_and_skips_what_is_no_text(tmp_path: Path) -> None:
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


# --- Only a cache this machine's own build wrote is used ------------------------------------------

def saved_cache(root: Path, rendered: str = "<p>checked</p>") -> None:
    root.mkdir(exist_ok=True)
    cache = BuildCache(root, "key")
    cache.put("docs/fr/page.md", "# Page", rendered, {})
    cache.save(1)
    assert BuildCache(root, "key").complete  # the control: this machine's own cache is used


def payload(rendered: str) -> bytes:
    return json.dumps({"key": "key", "examples": 1, "pages": {"docs/fr/page.md": {
        "in": text_digest("# Page"), "out": rendered, "cards": {}}}}).encode()


FORGED = "<p>forged</p><script>alert(1)</script>"


@pytest.mark.parametrize("forge", [
    lambda root: payload(FORGED),                                    # the key recomputed from the tree, unsealed
    lambda root: seal(b"", payload(FORGED)),                         # sealed with a guessed key
    lambda root: seal(b"\0" * SECRET_BYTES, payload(FORGED)),
    lambda root: seal(secrets.token_bytes(SECRET_BYTES), payload(FORGED)),
    lambda root: b"\n" + payload(FORGED),                            # an empty seal
    lambda root: (root / FILE).read_bytes().split(b"\n", 1)[0] + b"\n" + payload(FORGED),  # a real seal, other text
    lambda root: (root / FILE).read_bytes().replace(b"checked", b"forged"),  # this machine's cache, edited
], ids=["unsealed", "empty-key", "zero-key", "other-key", "empty-seal", "seal-of-other-text", "edited"])
def test_a_cache_this_machine_did_not_write_is_never_used(tmp_path: Path, forge: Callable[[Path], bytes]) -> None:
    saved_cache(tmp_path)
    (tmp_path / FILE).write_bytes(forge(tmp_path))
    assert not BuildCache(tmp_path, "key").complete


def test_a_cache_without_this_machine_s_secret_is_never_used(tmp_path: Path) -> None:
    saved_cache(tmp_path)
    (tmp_path / SECRET).unlink()
    assert not BuildCache(tmp_path, "key").complete
    saved_cache(tmp_path)  # the next build makes a new secret and a cache it can use again


@pytest.mark.parametrize("how", ["copytree", "cp -a", "only the cache folder"])
def test_a_copied_cache_and_secret_are_not_this_clone_s(tmp_path: Path, how: str) -> None:
    """Another clone's (or an unpacked archive's) cache and secret, byte for byte and with their
    modes, are files of another inode: their seal is not this clone's."""
    saved_cache(tmp_path / "one", FORGED)
    two = tmp_path / "two"
    if how == "copytree":
        shutil.copytree(tmp_path / "one", two)
    elif how == "cp -a":
        subprocess.run(["cp", "-a", str(tmp_path / "one"), str(two)], check=True)
    else:
        two.mkdir()
        shutil.copytree(tmp_path / "one" / ".cache", two / ".cache")
    assert (two / SECRET).read_bytes() == (tmp_path / "one" / SECRET).read_bytes()
    assert not BuildCache(two, "key").complete
    assert BuildCache(tmp_path / "one", "key").complete


@pytest.mark.parametrize("spoil", [
    lambda secret: secret.chmod(0o644),
    lambda secret: secret.chmod(0o640),
    lambda secret: secret.chmod(0o604),
    lambda secret: os.chown(secret, 12345, 12345),
    lambda secret: os.link(secret, secret.with_name("elsewhere.key")),
    lambda secret: secret.write_bytes(secret.read_bytes() + b"x"),
], ids=["world-readable", "group-readable", "other-readable", "someone-else-s", "hard-linked", "wrong-size"])
def test_a_secret_open_to_others_is_no_secret_and_is_replaced(tmp_path: Path, spoil: Callable[[Path], None]) -> None:
    saved_cache(tmp_path)
    spoil(tmp_path / SECRET)
    assert not BuildCache(tmp_path, "key").complete
    saved_cache(tmp_path)  # the next build replaces it with a secret of its own
    status = (tmp_path / SECRET).lstat()
    assert status.st_mode & 0o777 == 0o600 and status.st_uid == os.geteuid() and status.st_nlink == 1


def test_a_secret_reached_through_a_link_is_no_secret(tmp_path: Path) -> None:
    saved_cache(tmp_path / "one")
    saved_cache(tmp_path / "two")
    (tmp_path / "two" / SECRET).unlink()
    (tmp_path / "two" / SECRET).symlink_to(tmp_path / "one" / SECRET)
    shutil.copy(tmp_path / "one" / FILE, tmp_path / "two" / FILE)
    assert not BuildCache(tmp_path / "two", "key").complete
    saved_cache(tmp_path / "two")
    assert not (tmp_path / "two" / SECRET).is_symlink()
    assert BuildCache(tmp_path / "one", "key").complete  # the link's target was never touched


@pytest.mark.parametrize("linked", [".cache", ".cache/rulecheck"])
def test_a_cache_folder_that_is_a_link_is_never_followed(tmp_path: Path, linked: str) -> None:
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    saved_cache(elsewhere)  # a valid cache, secret included, at the link's target
    target = elsewhere / linked
    before = sorted((p.relative_to(elsewhere), p.read_bytes()) for p in elsewhere.rglob("*") if p.is_file())
    (project / linked).parent.mkdir(parents=True, exist_ok=True)
    (project / linked).symlink_to(target, target_is_directory=True)
    assert not BuildCache(project, "key").complete
    cache = BuildCache(project, "key")
    cache.put("docs/fr/page.md", "# Page", "<p>new</p>", {})
    cache.save(1)  # no traceback, and nothing written through the link
    after = sorted((p.relative_to(elsewhere), p.read_bytes()) for p in elsewhere.rglob("*") if p.is_file())
    assert after == before and (project / linked).is_symlink()


@pytest.mark.parametrize(("folder", "mode"), [(".cache/rulecheck", 0o777), (".cache/rulecheck", 0o770),
                                              (".cache", 0o777), (".cache", 0o757)])
def test_a_cache_folder_others_can_write_is_not_trusted(tmp_path: Path, folder: str, mode: int) -> None:
    saved_cache(tmp_path)
    (tmp_path / folder).chmod(mode)
    assert not BuildCache(tmp_path, "key").complete
    (tmp_path / folder).chmod(0o755 if folder == ".cache" else 0o700)
    assert BuildCache(tmp_path, "key").complete


@pytest.mark.build
def test_a_build_never_serves_the_html_of_a_forged_cache(tmp_path: Path, counted_checks: list[int]) -> None:
    """A cache written by someone else with the key recomputed from the tree: the build checks
    every page and shows what it made itself."""
    from tests.conftest import CORPUS
    from tests.hosts.run_hosts import copy_case

    site = copy_case(CORPUS / "drift-expect", tmp_path / "site")
    page = site / "docs" / "page.md"
    page.write_text(page.read_text("utf-8").replace("reaction_total: 24", "reaction_total: 23"), "utf-8")
    build_site(site, "first")
    assert len(counted_checks) == 1
    key = machine_key(site)
    assert key is not None
    stored = json.loads(unseal(key, (site / FILE).read_bytes()) or b"")
    for entry in stored["pages"].values():
        entry["out"] = "# Forged\n\n<p id=forged>forged</p>\n"
    (site / FILE).write_text(json.dumps(stored), "utf-8")  # the same key, no seal of this machine
    build_site(site, "second")
    assert len(counted_checks) == 2, "the forged cache was used"
    shown = (site / "second" / "page" / "index.html").read_text("utf-8")
    assert "forged" not in shown and 'class="rc-badge rc-badge--ok"' in shown
    build_site(site, "third")  # the control: the cache the second build sealed is used
    assert len(counted_checks) == 2 and same_tree(site / "second", site / "third")


# --- A build killed while saving leaves a temporary file: later builds remove it when stale ----------

def temporary(root: Path, name: str, age: float) -> Path:
    """A file ``name`` in the cache folder, last written ``age`` seconds ago."""
    file = (root / FILE).with_name(name)
    file.write_bytes(b'{"key": "half wri')
    os.utime(file, (time.time() - age, time.time() - age))
    return file


def killed_save(root: Path, age: float) -> Path:
    """The temporary file a save makes, left as a build killed before its rename leaves it."""
    staged = Path(page_writes._stage((root / FILE).resolve(), b'{"key": "half wri', 0o600))
    os.utime(staged, (time.time() - age, time.time() - age))
    return staged


STALE, FRESH = STALE_AFTER + 60, 5


@pytest.mark.parametrize("when", ["load", "save"])
def test_a_stale_temporary_of_the_cache_is_removed_and_a_fresh_one_kept(tmp_path: Path, when: str) -> None:
    saved_cache(tmp_path)
    stale = [killed_save(tmp_path, STALE), killed_save(tmp_path, STALE * 100),
             temporary(tmp_path, ".pages.json.abcd_123.tmp", STALE)]
    fresh = [killed_save(tmp_path, FRESH), temporary(tmp_path, ".pages.json.x9y8z7w6.tmp", STALE_AFTER - 60)]
    if when == "load":
        assert BuildCache(tmp_path, "key").complete
    else:
        saved_cache(tmp_path)
    assert [file.exists() for file in stale] == [False] * len(stale)
    assert [file.exists() for file in fresh] == [True] * len(fresh)  # a concurrent build's, before its rename


def test_only_the_caches_own_temporaries_are_removed(tmp_path: Path) -> None:
    saved_cache(tmp_path)
    kept = [temporary(tmp_path, name, STALE) for name in (
        ".pages.json.tmp", ".pages.json.abc.tmp.bak", "pages.json.abc12345.tmp", ".pages.json.ab-c.tmp",
        ".machine.key.abc12345.tmp", ".other.json.abc12345.tmp", "notes.tmp", ".pages.jsonXabc12345.tmp")]
    target = temporary(tmp_path, "target", STALE)
    link = (tmp_path / FILE).with_name(".pages.json.link1234.tmp")
    link.symlink_to(target)
    os.utime(link, (time.time() - STALE, time.time() - STALE), follow_symlinks=False)
    elsewhere = tmp_path / ".cache" / ".pages.json.abc12345.tmp"  # the name, in a folder the cache does not write
    elsewhere.write_bytes(b"")
    os.utime(elsewhere, (time.time() - STALE, time.time() - STALE))
    assert BuildCache(tmp_path, "key").complete
    saved_cache(tmp_path)
    assert all(file.exists() for file in [*kept, target, elsewhere]) and link.is_symlink()


def test_temporaries_in_a_cache_folder_others_can_write_are_left_alone(tmp_path: Path) -> None:
    saved_cache(tmp_path)
    stale = killed_save(tmp_path, STALE)
    (tmp_path / FILE).parent.chmod(0o770)  # not this user's alone: nothing in it is trusted or touched
    assert not BuildCache(tmp_path, "key").complete
    assert stale.exists()
    (tmp_path / FILE).parent.chmod(0o700)
    assert BuildCache(tmp_path, "key").complete and not stale.exists()
