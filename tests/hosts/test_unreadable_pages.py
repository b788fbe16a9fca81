"""A page that cannot be read (a FIFO, a device, a link to nothing, a file past the limit, not
UTF-8) is reported by every host with the same located line: pytest fails an item for it (its walk
passes over what is not a regular file), and `mkdocs serve` shows why instead of handing the page
to MkDocs (which would wait for ever on a FIFO or fill the memory from a device)."""

from __future__ import annotations

import html
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from rulecheck.examples import pages
from tests.conftest import deadline
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, cli, fenced, mkdocs_build, parry_example

#: How each kind of unreadable page is made, and what the check says of it.
KINDS: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (os.mkfifo, "cannot read page: a FIFO, not a regular file"),
    "device": (lambda file: file.symlink_to("/dev/zero"), "cannot read page: a device, not a regular file"),
    "broken-link": (lambda file: file.symlink_to(file.parent / "nowhere.md"),
                    "cannot read page: No such file or directory"),
}


def project(root: Path, kinds: list[str], folder: str = "") -> Path:
    for language in ("fr", "en"):
        docs = root / "docs" / language / folder
        docs.mkdir(parents=True, exist_ok=True)
        (root / "docs" / language / "p.md").write_text(f"# P\n\n{fenced(parry_example())}", "utf-8")
        for kind in kinds:
            KINDS[kind][0](docs / f"{kind}.md")
    (root / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return root


def expected(kinds: list[str], folder: str = "") -> list[str]:
    where = f"{folder}/" if folder else ""
    return sorted(f"docs/{language}/{where}{kind}.md:1: {KINDS[kind][1]}"
                  for language in ("en", "fr") for kind in kinds)


@pytest.mark.parametrize(("kinds", "folder"), [
    (["fifo"], ""), (["device"], ""), (["broken-link"], ""), (["device"], "deeper/down"),
    (["fifo", "device", "broken-link"], "sub"),
])
def test_pytest_fails_an_item_for_each_page_the_cli_refuses(
        pytester: pytest.Pytester, kinds: list[str], folder: str) -> None:
    root = project(pytester.path, kinds, folder)
    said = cli(root, "check", "docs")
    assert sorted(line for line in said.output.splitlines() if "cannot read" in line) == expected(kinds, folder)
    pytester.makeini("[pytest]\n")
    with deadline(60):
        result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "docs")
    output = result.stdout.str()
    result.assert_outcomes(passed=2, failed=2 * len(kinds))
    for line in expected(kinds, folder):
        assert f"\n{line}\n" in output
        assert f"FAILED {line.split(':')[0]}::page" in output


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_mkdocs_serve_shows_why_a_page_cannot_be_read_and_never_opens_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    root = project(tmp_path, [kind])
    monkeypatch.chdir(root)
    with deadline(60), capture_logs("rulecheck", "mkdocs"):
        mkdocs_build(root, command="serve")
    for language in ("fr", "en"):
        if kind != "broken-link":  # MkDocs itself leaves a link to nothing out of its pages
            built = html.unescape((root / "site" / language / kind / "index.html").read_text("utf-8"))
            assert f"docs/{language}/{kind}.md:1: {KINDS[kind][1]}" in built


@pytest.mark.parametrize("page", [b"caf\xe9\n", b"x" * 2001])
def test_the_serve_hook_gives_an_error_page_for_a_page_past_the_limit_or_not_utf8(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: bytes) -> None:
    monkeypatch.setattr(pages, "MAX_PAGE_BYTES", 2000)
    root = project(tmp_path, [])
    (root / "docs" / "en" / "bad.md").write_bytes(page)
    monkeypatch.chdir(root)
    with capture_logs("rulecheck", "mkdocs"):
        mkdocs_build(root, command="serve")
    built = html.unescape((root / "site" / "en" / "bad" / "index.html").read_text("utf-8"))
    assert ("docs/en/bad.md:1:4: not valid UTF-8 (byte 0xe9)" if page.startswith(b"caf") else
            "docs/en/bad.md:1: cannot read page: more than 2,000 bytes") in built


@pytest.mark.build
def test_a_real_mkdocs_serve_with_a_fifo_page_serves_within_seconds(tmp_path: Path) -> None:
    root = project(tmp_path, ["fifo"])
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--no-livereload", "-a", f"127.0.0.1:{port}"], cwd=root,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    try:
        body = ""
        end = time.monotonic() + 30
        while time.monotonic() < end and not body:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/fr/fifo/", timeout=2) as response:
                    body = html.unescape(response.read().decode("utf-8"))
            except OSError:
                time.sleep(0.3)
        assert "docs/fr/fifo.md:1: cannot read page: a FIFO, not a regular file" in body
    finally:
        server.kill()
        _, errors = server.communicate(timeout=10)
    assert "Traceback" not in errors.decode("utf-8", "replace")
