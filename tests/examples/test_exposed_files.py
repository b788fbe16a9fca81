"""A file of the docs folder that is a link out of the project, or into a hidden path of it, is
never published: the check says so at the link, a build fails, a server leaves it out (a twenty-second
hostile round: `docs/fr/config.txt` linked to `.git/config` published a repository's settings, a CI
token among them; `/proc/self/environ` the build's environment; a linked `.git` folder all of it).
Links inside the project, out of sight of nothing, stay as MkDocs has them."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from rulecheck.examples.check import check_paths
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, cli, fenced, mkdocs_build, parry_example

OUTSIDE = "it lies outside the project (a link out of it)"
HIDDEN = "its path holds a hidden name"
PUBLISH = "the site would publish it for anyone to read"
#: What each file led to holds, and nothing the site publishes may.
LEAK = "XYZZY-LEAK"


def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    for language in ("fr", "en"):
        page = root / "docs" / language / "index.md"
        page.parent.mkdir(parents=True)
        page.write_text("# Accueil\n\n" + fenced(parry_example("home")), encoding="utf-8")
    (root / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[http]\n\textraheader = AUTHORIZATION: basic XYZZY-LEAK\n", "utf-8")
    (root / ".cache" / "rulecheck").mkdir(parents=True)
    (root / ".cache" / "rulecheck" / "machine.key").write_bytes(b"XYZZY-LEAK" * 4)
    (root / ".env").write_text("TOKEN=XYZZY-LEAK\n", "utf-8")
    (root / "README.md").write_text("# Read me\n", "utf-8")
    (tmp_path / "secret.txt").write_text("XYZZY-LEAK\n", "utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "page.md").write_text("# Outside\n\nXYZZY-LEAK\n", "utf-8")
    return root


def relative(target: Path, link: Path) -> str:
    return os.path.relpath(target, link.parent)


#: Each link a hostile author could commit: where it is, where it leads (given the project), why refused.
LINKS: dict[str, tuple[str, Callable[[Path], Path], str]] = {
    "git-config": ("docs/fr/config.txt", lambda root: root / ".git" / "config", HIDDEN),
    "cache-key": ("docs/fr/assets/key.txt", lambda root: root / ".cache" / "rulecheck" / "machine.key", HIDDEN),
    "dot-env": ("docs/en/env.txt", lambda root: root / ".env", HIDDEN),
    "file-outside": ("docs/fr/leak.txt", lambda root: root.parent / "secret.txt", OUTSIDE),
    "page-outside": ("docs/en/leak.md", lambda root: root.parent / "outside" / "page.md", OUTSIDE),
    "page-to-hidden": ("docs/fr/settings.md", lambda root: root / ".git" / "config", HIDDEN),
    "folder-git": ("docs/fr/gitdir", lambda root: root / ".git", HIDDEN),
    "folder-outside": ("docs/en/more", lambda root: root.parent / "outside", OUTSIDE),
}


def linked(root: Path, name: str, *, absolute: bool = False) -> Path:
    where, target, _ = LINKS[name]
    link = root / where
    link.parent.mkdir(parents=True, exist_ok=True)
    goal = target(root)
    link.symlink_to(goal if absolute else relative(goal, link), target_is_directory=goal.is_dir())
    return link


@pytest.mark.parametrize("absolute", [False, True], ids=["relative", "absolute"])
@pytest.mark.parametrize("name", sorted(LINKS))
def test_a_link_out_of_the_project_or_into_a_hidden_path_is_refused_at_the_link(
        tmp_path: Path, name: str, absolute: bool) -> None:
    root = project(tmp_path)
    linked(root, name, absolute=absolute)
    where, _, why = LINKS[name]
    said = [p.located() for p in check_paths([root / "docs"], root=root).all_problems]
    refused = [line for line in said if PUBLISH in line]
    assert len(refused) == 1 and refused[0].startswith(f"{where}:1: {why}"), said
    assert not any(LEAK in line for line in said)  # never read


def test_every_link_is_said_at_once_and_a_chain_of_links_is_followed_to_its_end(tmp_path: Path) -> None:
    root = project(tmp_path)
    for name in LINKS:
        linked(root, name)
    hop = root / "docs" / "fr" / "hop.txt"  # a link to a link in the docs, which leads out
    hop.symlink_to("leak.txt")
    result = cli(root, "check", "docs")
    assert result.exit_code == 1
    refused = sorted(line.split(":")[0] for line in result.output.splitlines() if PUBLISH in line)
    assert refused == sorted([where for where, _, _ in LINKS.values()] + ["docs/fr/hop.txt"])
    assert "Traceback" not in result.output


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="no /proc on this system")
def test_a_link_to_the_process_environment_is_refused(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "docs" / "fr" / "env.txt").symlink_to("/proc/self/environ")
    said = [p.located() for p in check_paths([root / "docs"], root=root).all_problems]
    assert [line.split(": ", 1)[1].split(":")[0] for line in said] == [OUTSIDE]


def test_links_inside_the_project_to_what_is_not_hidden_are_published_as_before(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "docs" / "fr" / "readme.txt").symlink_to(relative(root / "README.md", root / "docs" / "fr" / "x"))
    (root / "docs" / "en" / "home.txt").symlink_to("index.md")
    (root / "shared").mkdir()
    (root / "shared" / "img.txt").write_text("an image\n", "utf-8")
    (root / "docs" / "fr" / "shared").symlink_to(root / "shared", target_is_directory=True)
    assert check_paths([root / "docs"], root=root).all_problems == []


def test_a_page_named_on_the_command_line_that_leads_out_is_refused_too(tmp_path: Path) -> None:
    root = project(tmp_path)
    link = linked(root, "page-outside")
    result = cli(root, "check", str(link.relative_to(root)))
    assert result.exit_code == 1
    assert f"docs/en/leak.md:1: {OUTSIDE}: {PUBLISH}" in result.output


def test_a_server_leaves_every_such_file_out_of_the_site_and_a_build_fails(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path)
    for name in LINKS:
        linked(root, name)
    (root / "docs" / "fr" / "readme.txt").symlink_to(relative(root / "README.md", root / "docs" / "fr" / "x"))
    monkeypatch.chdir(root)
    with pytest.raises(Abort) as failure, capture_logs("rulecheck", "mkdocs"):
        mkdocs_build(root)
    for where, _, why in LINKS.values():
        assert f"{where}:1: {why}" in str(failure.value.__context__)
    assert not (root / "site").exists()
    with capture_logs("rulecheck", "mkdocs"):
        mkdocs_build(root, command="serve")
    site = root / "site"
    published = {path.relative_to(site).as_posix() for path in site.rglob("*")}
    assert "fr/readme.txt" in published
    for where, _, _ in LINKS.values():
        built = where.removeprefix("docs/")
        assert not [name for name in published if name.startswith(built.removesuffix(".md"))], built
    assert not any(LEAK.encode() in path.read_bytes() for path in site.rglob("*") if path.is_file())


@pytest.mark.parametrize("run_from", ["/", "parent"])
def test_the_project_is_the_folder_of_mkdocs_yml_wherever_the_check_is_run_from(
        tmp_path: Path, run_from: str) -> None:
    """Run from `/`, the check took `/` for the project, and a link to `/etc/passwd` passed (a
    twenty-third hostile round); the build, whose project is the folder of `mkdocs.yml`, refused it."""
    root = project(tmp_path)
    linked(root, "file-outside")
    linked(root, "git-config")
    said = [p.message for p in check_paths([root / "docs"], root=Path("/") if run_from == "/" else tmp_path)
            .all_problems if PUBLISH in p.message]
    assert sorted(message.split(" (")[0] for message in said) == sorted([HIDDEN, OUTSIDE.split(" (")[0]])
