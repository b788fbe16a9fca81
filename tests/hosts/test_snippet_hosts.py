"""Files pulled in by snippets (``--8<--``) in the MkDocs build: held to the page-reading rules
before Markdown opens them, part of the build cache's key, and a cached build that meets a block
no check saw checks again and reports what the check says."""

from __future__ import annotations

import html
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from rulecheck.hosts import mkdocs_plugin
from rulecheck.hosts.build_cache import FILE
from tests.conftest import deadline
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, mkdocs_build
from tests.hosts.test_build_cache import build_site, small_site

EXAMPLE = "```rulecheck\nid: via-snippet\nrule: attack\ngiven:\n  attack: {kind: melee, total: 15}\n```\n"
#: What a snippet's file turns into after a passing build, and what the check then says of it.
CHANGES: dict[str, tuple[str, str]] = {
    "reference": ("Elara's parry reaches {{ elara-parry.reaction_total }}.\n", "1 prose reference(s)"),
    "table": ("<!-- rulecheck-table: cover -->\n| Cover | Melee | Ranged |\n|---|:-:|:-:|\n| cover | +9 | +9 |\n",
              "1 checked table marker(s)"),
    "example": (EXAMPLE, "1 rulecheck example(s)"),
    "nested": ('More.\n\n--8<-- "includes/deeper.md"\n', "1 prose reference(s)"),
}


def with_snippet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str = "includes/note.md") -> Path:
    site = small_site(tmp_path / "site")
    monkeypatch.chdir(site)  # pymdownx.snippets looks under the folder the build runs in
    for language in ("fr", "en"):
        page = site / "docs" / language / "parry.md"
        page.write_text(page.read_text("utf-8") + f'\n--8<-- "{name}"\n', "utf-8")
    return site


@pytest.mark.build
@pytest.mark.parametrize("change", sorted(CHANGES))
@pytest.mark.parametrize("there_before", [True, False])
def test_a_snippet_file_changed_after_a_passing_build_is_checked_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted_checks: list[int], change: str,
        there_before: bool) -> None:
    site = with_snippet(tmp_path, monkeypatch)
    note = site / "includes" / "note.md"
    note.parent.mkdir()
    if there_before:
        note.write_text("An included note.\n", "utf-8")
    build_site(site, "first")
    assert len(counted_checks) == 1 and (site / FILE).is_file()
    text, said = CHANGES[change]
    note.write_text(text, "utf-8")
    (site / "includes" / "deeper.md").write_text("{{ elara-parry.reaction_total }}\n", "utf-8")
    with pytest.raises(Abort) as failure:
        build_site(site, "second")
    assert len(counted_checks) == 2, "the cache was used although a snippet's file changed"
    lines = str(failure.value.__context__).splitlines()[1:]
    assert lines == [f"docs/{language}/parry.md:{line}:1: snippet `includes/note.md` pulls in {said}, which the page "
                     "would show but the check never sees. Hint: write them on the page itself"
                     for language, line in (("en", 17), ("fr", 17))]


@pytest.mark.build
@pytest.mark.parametrize("nested", [False, True])
def test_a_cached_build_meeting_an_unchecked_block_checks_again_and_says_only_what_is_wrong(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted_checks: list[int], nested: bool) -> None:
    """Were a file the key does not know to pull an example in, the pages left are not rendered
    without cards (a false « never checked » on each): the check runs and its lines are the report."""
    site = with_snippet(tmp_path, monkeypatch)
    (site / "includes").mkdir()
    (site / "includes" / "note.md").write_text("An included note.\n", "utf-8")
    monkeypatch.setattr(mkdocs_plugin, "snippet_files", lambda *_: [])  # a file outside the key
    build_site(site, "first")
    (site / "includes" / "note.md").write_text('--8<-- "includes/deeper.md"\n' if nested else EXAMPLE, "utf-8")
    (site / "includes" / "deeper.md").write_text(EXAMPLE, "utf-8")
    with pytest.raises(Abort) as failure:
        build_site(site, "second")
    assert len(counted_checks) == 2
    said = str(failure.value.__context__).splitlines()
    assert said[1:] == [f"docs/{language}/parry.md:17:1: snippet `includes/note.md` pulls in 1 rulecheck example(s), "
                        "which the page would show but the check never sees. Hint: write them on the page itself"
                        for language in ("en", "fr")]


BAD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (os.mkfifo, "a FIFO, not a regular file"),
    "device": (lambda file: file.symlink_to("/dev/zero"), "a device, not a regular file"),
    "latin-1": (lambda file: file.write_bytes("café\n".encode("latin-1")),
                "not valid UTF-8 (byte 0xe9), at its line 1, column 4"),
}


def snippet_project(tmp_path: Path, page: str, *, languages: tuple[str, ...] = ("fr", "en"),
                    folder: str = "inc", mkdocs_yml: str = MKDOCS_YML) -> Path:
    """A project whose page ``p.md`` (in each of ``languages``, or at the root of ``docs`` when
    there are none) pulls in files from ``folder``, which is there and empty."""
    project = tmp_path / "project"
    for docs in [project / "docs" / language for language in languages] or [project / "docs"]:
        docs.mkdir(parents=True)
        (docs / "p.md").write_text(page, "utf-8")
    (project / folder).mkdir()
    (project / "mkdocs.yml").write_text(mkdocs_yml, encoding="utf-8")
    return project


def strict_build(project: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``project`` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "--strict"], cwd=project,
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.mark.build
@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_mkdocs_build_refuses_a_snippet_file_it_cannot_read_before_markdown_opens_it(
        tmp_path: Path, kind: str) -> None:
    project = snippet_project(tmp_path, '# P\n\nText.\n\n--8<-- "inc/s.md"\n')
    make, why = BAD_FILES[kind]
    make(project / "inc" / "s.md")
    done = strict_build(project)
    assert done.returncode != 0
    for language in ("en", "fr"):
        assert f"docs/{language}/p.md:5:1: snippet `inc/s.md` cannot be read: {why};" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.build
@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_mkdocs_serve_leaves_a_snippet_it_cannot_read_unread_and_shows_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    project = snippet_project(tmp_path, '# P\n\nText.\n\n--8<--\ninc/s.md\n--8<--\n', languages=())
    make, why = BAD_FILES[kind]
    make(project / "inc" / "s.md")
    monkeypatch.chdir(project)
    with deadline(60), capture_logs("rulecheck", "mkdocs"):
        mkdocs_build(project, command="serve")
    built = html.unescape((project / "site" / "p" / "index.html").read_text("utf-8"))
    assert f"docs/p.md:6:1: snippet `inc/s.md` cannot be read: {why};" in built


@pytest.mark.build
@pytest.mark.parametrize("options, page, where", [
    ("      base_path: [partials]\n", '# P\n\n--8<-- "s.md"\n', ("3:1", "snippet `s.md`")),
    ("      auto_append: [partials/s.md]\n", "# P\n\nText.\n",
     ("1:1", "`partials/s.md`, which pymdownx.snippets' `auto_append` adds to every page,")),
])
def test_mkdocs_build_follows_the_snippets_configuration_it_gives_markdown(
        tmp_path: Path, options: str, page: str, where: tuple[str, str]) -> None:
    """The plugin reads pymdownx.snippets' settings as MkDocs hands them to Markdown, not a second
    reading of mkdocs.yml: what a configured folder or ``auto_append`` brings is checked."""
    project = snippet_project(tmp_path, page, folder="partials", mkdocs_yml=MKDOCS_YML.replace(
        "  - pymdownx.snippets\n", f"  - pymdownx.snippets:\n{options}"))
    (project / "partials" / "s.md").write_text(EXAMPLE, "utf-8")
    done = strict_build(project)
    assert done.returncode != 0
    line, said = where
    for language in ("en", "fr"):
        assert (f"docs/{language}/p.md:{line}: {said} pulls in 1 rulecheck example(s), which the page would show but "
                "the check never sees.") in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.build
@pytest.mark.parametrize("front", ["---\ntitle: P\n---\n", "---\ntitle: P\nsearch: {exclude: true}\n---\n\n\n",
                                   "Title: P\nAuthors: us\n    and them\n\n", "\n\n\n"])
def test_serve_leaves_an_unreadable_snippet_unread_below_front_matter(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, front: str) -> None:
    # The check numbers the page's lines, MkDocs gives the plugin the page without its front
    # matter: the snippet escaped was the one three lines further down, and Markdown opened the FIFO.
    project = snippet_project(tmp_path, f'{front}# P\n\nText.\n\n--8<-- "inc/s.md"\n', languages=())
    os.mkfifo(project / "inc" / "s.md")
    monkeypatch.chdir(project)
    with deadline(60), capture_logs("rulecheck", "mkdocs"):
        mkdocs_build(project, command="serve")
    built = html.unescape((project / "site" / "p" / "index.html").read_text("utf-8"))
    line = front.count("\n") + 5
    assert f"docs/p.md:{line}:1: snippet `inc/s.md` cannot be read: a FIFO, not a regular file;" in built


@pytest.mark.build
@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_mkdocs_serve_stops_on_an_appended_file_it_cannot_read_instead_of_waiting_on_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """No line of a page can be escaped for what ``auto_append`` adds to every page: the server
    stops with the located problem (it rendered the pages, and Markdown waited on the FIFO)."""
    project = snippet_project(tmp_path, "# P\n\nText.\n", languages=(), mkdocs_yml=MKDOCS_YML.replace(
        "  - pymdownx.snippets\n", "  - pymdownx.snippets:\n      auto_append: [inc/s.md]\n"))
    make, why = BAD_FILES[kind]
    make(project / "inc" / "s.md")
    monkeypatch.chdir(project)
    with deadline(60), capture_logs("rulecheck", "mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(project, command="serve")
    assert (f"docs/p.md:1:1: `inc/s.md`, which pymdownx.snippets' `auto_append` adds to every page, cannot be "
            f"read: {why};") in logs.text
    assert not (project / "site" / "p" / "index.html").exists()


#: Files no page may show, as a snippet names them, and what the problem says of each.
PRIVATE = {
    ".git/config": "hidden name", ".cache/rulecheck/machine.key": "hidden name", ".env": "hidden name",
    "inc/.secret/token.txt": "hidden name", "docs/fr/.draft.md": "hidden name",
    "inc/outside.md": "outside every folder",  # a link out of the project
}


def private_file(project: Path, name: str) -> None:
    file = project / name
    file.parent.mkdir(parents=True, exist_ok=True)
    if name == "inc/outside.md":
        secret = project.parent / "elsewhere" / "secret.md"
        secret.parent.mkdir(parents=True, exist_ok=True)
        secret.write_text("token=abc123\n", "utf-8")
        file.symlink_to(secret)
    else:
        file.write_text("token=abc123\n", "utf-8")


@pytest.mark.parametrize("name", sorted(PRIVATE))
@pytest.mark.parametrize("nested", [False, True])
def test_a_snippet_of_a_hidden_or_outside_file_is_refused_by_the_command_line(
        tmp_path: Path, name: str, nested: bool) -> None:
    """`--8<-- ".git/config"` published the repository's settings (and CI's token) in the page,
    and `.cache/rulecheck/machine.key` the build cache's secret: checked and built without a word."""
    from tests.hosts.run_hosts import cli

    target = "inc/part.md" if nested else name
    project = snippet_project(tmp_path, f'# P\n\nText.\n\n--8<-- "{target}"\n')
    private_file(project, name)
    if nested:
        (project / "inc" / "part.md").write_text(f'Part.\n\n--8<-- "{name}"\n', "utf-8")
    result = cli(project, "check", "docs")
    assert result.exit_code == 1, result.output
    for language in ("en", "fr"):
        line = next(line for line in result.output.splitlines() if line.startswith(f"docs/{language}/p.md:5:1: "))
        assert "no page may show" in line and PRIVATE[name] in line, line
        assert (f"reaches `{name}`" in line) is nested
    assert "abc123" not in result.output and "Traceback" not in result.output


@pytest.mark.build
def test_the_build_refuses_a_snippet_of_the_repository_s_settings(tmp_path: Path) -> None:
    project = snippet_project(tmp_path, '# P\n\nText.\n\n--8<-- ".git/config"\n')
    private_file(project, ".git/config")
    done = strict_build(project)
    assert done.returncode != 0 and "no page may show" in done.stderr and "Traceback" not in done.stderr
    assert not list((project / "site").rglob("*.html")) or not any(
        "abc123" in page.read_text("utf-8") for page in (project / "site").rglob("*.html"))
