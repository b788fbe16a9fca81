"""Nothing is lost: `--update` writes each page whole or not at all, keeping its mode; the build
cache never writes through a link and treats a cache of the wrong shape as no cache."""

from __future__ import annotations

import errno
import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.examples import page_writes
from rulecheck.hosts.build_cache import FILE, BuildCache, machine_key, seal, unseal
from tests.conftest import CORPUS
from tests.hosts.run_hosts import capture_logs, cli, copy_case, mkdocs_build

CASE = CORPUS / "drift-expect"


@pytest.fixture
def drifted(tmp_path: Path) -> Path:
    return copy_case(CASE, tmp_path / "site")


def page(site: Path) -> Path:
    return site / "docs" / "page.md"


def test_update_keeps_the_mode_of_the_page(drifted: Path) -> None:
    page(drifted).chmod(0o640)
    result = cli(drifted, "check", "--update", "docs")
    assert result.exit_code == 0, result.output
    assert "reaction_total: 23" in page(drifted).read_text(encoding="utf-8")
    assert page(drifted).stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in page(drifted).parent.iterdir()) == ["page.md"]  # no temporary file left


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()])
def test_a_write_that_fails_or_is_interrupted_leaves_the_page_whole(
        drifted: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException) -> None:
    before = page(drifted).read_bytes()

    def fail(descriptor: int) -> None:
        raise failure

    monkeypatch.setattr(page_writes.os, "fsync", fail)
    result = cli(drifted, "check", "--update", "docs")
    assert page(drifted).read_bytes() == before
    assert sorted(p.name for p in page(drifted).parent.iterdir()) == ["page.md"]
    if isinstance(failure, OSError):
        assert result.exit_code == 1
        assert result.output.strip() == ("Error: docs/page.md: cannot write the updated page (No space left on "
                                          "device); the page is unchanged")
        assert "Traceback" not in result.output


def test_a_file_size_limit_leaves_the_page_whole(drifted: Path) -> None:
    """A real process under a file size limit smaller than the page: the write fails, the page stays."""
    before = page(drifted).read_bytes()

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    # Without `make test`'s coverage of subprocesses: its data file, written at exit, would hit the
    # same limit and print coverage's own traceback, which says nothing of rulecheck.
    env = {name: value for name, value in os.environ.items() if not name.startswith("COVERAGE")}
    # `-B`: under the limit, Python would write the first 100 bytes of any bytecode it compiles in
    # place of the whole file, and every later process of the tree would fail to import it.
    done = subprocess.run([sys.executable, "-B", "-m", "rulecheck.hosts.cli", "check", "--update", "docs"],
                          cwd=drifted, capture_output=True, text=True, timeout=120, check=False, preexec_fn=limit,
                          env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "cannot write the updated page (File too large); the page is unchanged" in done.stderr
    assert "Traceback" not in done.stderr
    assert page(drifted).read_bytes() == before


def test_a_page_reached_through_a_link_is_rewritten_where_it_lives(drifted: Path) -> None:
    real = drifted / "elsewhere" / "page.md"  # in the project: a link out of it is refused
    real.parent.mkdir()
    shutil.move(page(drifted), real)
    page(drifted).symlink_to(real)
    assert cli(drifted, "check", "--update", "docs").exit_code == 0
    assert page(drifted).is_symlink()
    assert "reaction_total: 23" in real.read_text(encoding="utf-8")


# --- The build cache --------------------------------------------------------------------------------


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    site = copy_case(CASE, tmp_path / "site")
    text = page(site).read_text(encoding="utf-8").replace("reaction_total: 24", "reaction_total: 23")
    page(site).write_text(text, encoding="utf-8")
    return site


def test_the_cache_never_writes_through_a_link(clean: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    cache = clean / FILE
    cache.parent.mkdir(parents=True)
    (cache.parent / "pages.tmp").symlink_to(victim)  # the old fixed temporary name
    cache.symlink_to(victim)
    mkdocs_build(clean)
    assert victim.read_text(encoding="utf-8") == "precious"
    key = machine_key(clean)
    assert key is not None and not cache.is_symlink()
    assert json.loads(unseal(key, cache.read_bytes()) or b"")["examples"] == 1


@pytest.mark.parametrize("stored", [
    {"examples": "abc"},
    {"pages": "abc"},
    {"pages": {"docs/page.md": {"in": 1, "out": "x", "cards": {}}}},
    {"pages": {"docs/page.md": {"in": "x", "out": "x"}}},
    {"extra": True},
    [],
    "not json",
])
def test_a_cache_of_the_wrong_shape_is_no_cache(clean: Path, stored: object) -> None:
    mkdocs_build(clean)
    cache = clean / FILE
    key = machine_key(clean)
    assert key is not None
    good = json.loads(unseal(key, cache.read_bytes()) or b"")
    bad = {**good, **stored} if isinstance(stored, dict) else stored
    # Sealed with this machine's key: only the shape is wrong.
    cache.write_bytes(seal(key, (bad if isinstance(bad, str) else json.dumps(bad)).encode()))
    assert not BuildCache(clean, good["key"]).complete
    with capture_logs("mkdocs") as logs:
        mkdocs_build(clean)  # checks again, builds, and stores a good cache
    assert "Traceback" not in logs.text and "rulecheck: 1 examples checked" in logs.text
    assert BuildCache(clean, good["key"]).complete
