"""A file of the docs folder that is not a page and that MkDocs could not copy into the site (a
link to nothing or looping, a FIFO, a device): MkDocs stopped on a traceback (or, for a device,
copied without end). The check reports it at its path; a build fails with it; a server leaves it out."""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from tests.conftest import deadline
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, cli, mkdocs_build

SAID = "MkDocs copies every file of the docs folder into the site, and cannot copy this one: "
#: How to make a file MkDocs cannot copy at ``path``, and what the check says it is.
BAD: dict[str, tuple[Callable[[Path], None], str]] = {
    "dangling link": (lambda path: path.symlink_to("nowhere.png"), "a link to nowhere.png, which does not exist"),
    "link to itself": (lambda path: path.symlink_to(path.name),
                       "it cannot be read (Too many levels of symbolic links)"),
    "two links in a loop": (lambda path: (path.symlink_to(path.name + ".b"), (path.parent / (path.name + ".b"))
                                          .symlink_to(path.name)), "it cannot be read (Too many levels"),
    "FIFO": (lambda path: os.mkfifo(path), "it is a FIFO, not a regular file"),
    "device": (lambda path: path.symlink_to("/dev/zero"), "it is a device, not a regular file"),
}


def project(tmp_path: Path, kind: str, name: str, exclude: str = "") -> Path:
    (tmp_path / "docs" / "img").mkdir(parents=True)
    (tmp_path / "docs" / "page.md").write_text("# Page\n\nText.\n", "utf-8")
    (tmp_path / "docs" / "img" / "fine.png").write_bytes(b"png")
    (tmp_path / "docs" / "img" / "linked.png").symlink_to("fine.png")
    BAD[kind][0](tmp_path / "docs" / name)
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + (f"exclude_docs: |\n  {exclude}\n" if exclude else ""), "utf-8")
    return tmp_path


@pytest.mark.parametrize("name", ["img/pic.png", "style.css", "noext", "img/deep name.é.js"])
@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_file_mkdocs_cannot_copy_is_reported_at_its_path(tmp_path: Path, kind: str, name: str) -> None:
    root = project(tmp_path, kind, name)
    with deadline(60):
        result = cli(root, "check", "docs")
    assert result.exit_code == 1 and "Traceback" not in result.output
    said = [line for line in result.output.splitlines() if SAID in line]
    assert len(said) == 1 + (kind == "two links in a loop")  # each link of the loop is a file MkDocs copies
    assert said[0].startswith(f"docs/{name}:1: {SAID}{BAD[kind][1]}") or said[-1].startswith(f"docs/{name}:1: ")


@pytest.mark.parametrize("kind", sorted(BAD))
@pytest.mark.parametrize(("name", "exclude"), [(".hidden.png", ""), ("templates/t.png", ""),
                                               ("drafts/x.png", "drafts/"), ("x.tmp.png", "*.tmp.png*")])
def test_a_file_mkdocs_leaves_out_is_not_reported(tmp_path: Path, kind: str, name: str, exclude: str) -> None:
    (tmp_path / "docs" / Path(name).parent).mkdir(parents=True, exist_ok=True)
    root = project(tmp_path, kind, name, exclude)
    with deadline(60):
        result = cli(root, "check", "docs")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("kind", ["link to itself", "FIFO", "device"])
def test_a_build_fails_located_and_a_server_renders_the_site_without_the_file(tmp_path: Path, kind: str) -> None:
    root = project(tmp_path / "build", kind, "img/pic.png")
    with deadline(60), pytest.raises(Abort) as failed:
        mkdocs_build(root)
    assert f"docs/img/pic.png:1: {SAID}{BAD[kind][1]}" in str(failed.value.__context__)
    served = project(tmp_path / "serve", kind, "img/pic.png")
    with deadline(60), capture_logs("rulecheck", "mkdocs") as logs:
        mkdocs_build(served, "serve")  # no traceback, no copy without end
    assert f"docs/img/pic.png:1: {SAID}" in logs.text
    assert "Text." in html.unescape((served / "site" / "page" / "index.html").read_text("utf-8"))
    assert not (served / "site" / "img" / "pic.png").exists()
    assert (served / "site" / "img" / "fine.png").read_bytes() == (served / "site" / "img" / "linked.png").read_bytes()
