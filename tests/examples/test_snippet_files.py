"""A file a snippet (``--8<--``) reaches is read as a page is: a regular UTF-8 file of at most
``MAX_PAGE_BYTES``. Anything else (a FIFO, a device, a folder, a file too big or not UTF-8) is a
located problem on the page's snippet line, found at once, never waited on."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from rulecheck.examples import pages
from rulecheck.examples.check import check_paths
from rulecheck.examples.snippets import snippet_files
from tests.conftest import deadline


def write(file: Path, text: str | bytes) -> Path:
    file.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        file.write_bytes(text)
    else:
        file.write_text(text, encoding="utf-8")
    return file


def fifo(file: Path) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(file)


def device(file: Path) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    file.symlink_to("/dev/zero")


def folder(file: Path) -> None:
    file.mkdir(parents=True)


def latin1(file: Path) -> None:
    write(file, "Un café.\n".encode("latin-1"))


def too_big(file: Path) -> None:
    write(file, "x" * 2001)  # the limit is lowered to 2,000 bytes below


KINDS: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (fifo, "a FIFO, not a regular file"),
    "device": (device, "a device, not a regular file"),
    "folder": (folder, "a folder, not a regular file"),
    "latin-1": (latin1, "not valid UTF-8 (byte 0xe9), at its line 1, column 7"),
    "too-big": (too_big, "more than 2,000 bytes, the most rulecheck reads from one file"),
}

#: The ways a page names a snippet's file: inline, in a block, with a line range, a section.
FORMS = {
    "inline": '--8<-- "{}"\n',
    "block": "--8<--\n{}\n--8<--\n",
    "lines": '--8<-- "{}:1:3"\n',
    "indented": '- item\n\n    --8<-- "{}"\n',
}


@pytest.fixture(autouse=True)
def small_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "MAX_PAGE_BYTES", 2000)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_snippet_of_a_file_that_is_not_a_readable_page_is_a_located_error(
        tmp_path: Path, kind: str, form: str) -> None:
    make, why = KINDS[kind]
    make(tmp_path / "inc" / "s.md")
    snippet = FORMS[form].format("inc/s.md")
    line = 5 + snippet.count("\n") - (1 if form != "block" else 2)
    write(tmp_path / "docs" / "page.md", f"# P\n\nText.\n\n{snippet}")
    with deadline(10):
        report = check_paths([tmp_path / "docs"], root=tmp_path)
    said = [p.located() for p in report.all_problems]
    col = 5 if form == "indented" else 1
    assert said == [f"docs/page.md:{line}:{col}: snippet `inc/s.md` cannot be read: {why}; Markdown would read it "
                    "with no limit. Hint: a snippet names a regular UTF-8 file of at most 2,000 bytes, as a page is"]


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("depth", [1, 3])
def test_a_bad_file_reached_through_nested_snippets_is_located_on_the_pages_snippet(
        tmp_path: Path, kind: str, depth: int) -> None:
    make, why = KINDS[kind]
    write(tmp_path / "docs" / "page.md", '# P\n\n--8<-- "inc/part-0.md"\n')
    for level in range(depth):
        write(tmp_path / "inc" / f"part-{level}.md", f'Part {level}.\n\n--8<-- "inc/part-{level + 1}.md"\n')
    make(tmp_path / "inc" / f"part-{depth}.md")
    with deadline(10):
        report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert [(p.line, p.kind) for p in report.all_problems] == [(3, "snippet")]
    assert report.all_problems[0].message.startswith(
        f"snippet `inc/part-0.md` reaches `inc/part-{depth}.md`, which cannot be read: {why};")


@pytest.mark.parametrize("target", ["inc/missing.md", "inc/broken-link.md", "../outside/nothing.md"])
def test_a_snippet_of_a_name_that_leads_nowhere_is_skipped_as_pymdownx_skips_it(tmp_path: Path, target: str) -> None:
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "broken-link.md").symlink_to(tmp_path / "nowhere")
    write(tmp_path / "docs" / "page.md", f'# P\n\n--8<-- "{target}"\n')
    assert check_paths([tmp_path / "docs"], root=tmp_path).ok


def test_every_name_the_snippets_look_at_is_known_found_or_not(tmp_path: Path) -> None:
    page = write(tmp_path / "docs" / "page.md", '# P\n\n--8<-- "inc/a.md"\n')
    write(tmp_path / "inc" / "a.md", 'A\n\n--8<-- "inc/b.md"\n')
    fifo(tmp_path / "inc" / "c.md")
    write(tmp_path / "docs" / "other.md", '--8<-- "inc/c.md"\n')
    with deadline(10):
        files = snippet_files([page, tmp_path / "docs" / "other.md"], tmp_path)
    for name in ("inc/a.md", "inc/b.md", "inc/c.md", "docs/inc/b.md"):
        assert tmp_path / name in files, name


def fan_out(folder: Path, width: int, depth: int, leaf: str = "lol lol lol\n") -> None:
    """``s0.md`` holds ``leaf``; each ``s<n>.md`` names ``s<n-1>.md`` ``width`` times."""
    write(folder / "s0.md", leaf)
    for level in range(1, depth + 1):
        write(folder / f"s{level}.md", "".join(f'--8<-- "inc/s{level - 1}.md"\n\n' for _ in range(width)))


@pytest.mark.parametrize(("width", "depth"), [(10, 3), (2, 12), (3, 7), (50, 2)])
def test_snippets_that_expand_past_a_page_s_bound_are_located_without_being_expanded(
        tmp_path: Path, width: int, depth: int) -> None:
    """Each file within the bound, their composition not (a twenty-first hostile round: ten files of
    ten snippets of the one before, 2 kB, built a 19 MB page in nine and a half minutes). The
    check counts each file's expanded size once, and refuses the snippet where the page passes the
    bound, in the time of reading the files."""
    fan_out(tmp_path / "inc", width, depth)
    write(tmp_path / "docs" / "page.md", f'# P\n\nText.\n\n--8<-- "inc/s{depth}.md"\n')
    with deadline(10):
        report = check_paths([tmp_path / "docs"], root=tmp_path)
    said = [(p.line, p.kind, p.message) for p in report.all_problems]
    assert [(line, kind) for line, kind, _ in said] == [(5, "snippet")], said
    assert f"snippet `inc/s{depth}.md` brings more than 2,000 characters onto the page" in said[0][2]


def test_many_snippets_of_one_small_file_are_refused_where_their_sum_passes_the_bound(tmp_path: Path) -> None:
    write(tmp_path / "inc" / "s.md", "x" * 29 + "\n")
    lines = ["# P", ""] + ['--8<-- "inc/s.md"'] * 100  # the page itself within the bound
    write(tmp_path / "docs" / "page.md", "\n".join(lines) + "\n")
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    grown = len("\n".join(lines) + "\n")
    crossing = next(n for n in range(1, 101) if grown + 30 * n > 2000)  # the snippet the sum passes at
    assert [(p.line, p.kind) for p in report.all_problems] == [(2 + crossing, "snippet")]
    assert "brings 30 characters" in report.all_problems[0].message


@pytest.mark.parametrize(("width", "depth"), [(2, 3), (1, 40), (10, 1)])
def test_snippets_within_the_bound_or_in_a_loop_are_no_problem(tmp_path: Path, width: int, depth: int) -> None:
    fan_out(tmp_path / "inc", width, depth)
    write(tmp_path / "inc" / "a.md", "A\n\n" + '--8<-- "inc/b.md"\n' * 5)  # a loop, which pymdownx cuts
    write(tmp_path / "inc" / "b.md", "B\n\n" + '--8<-- "inc/a.md"\n' * 5)
    write(tmp_path / "docs" / "page.md", f'# P\n\n--8<-- "inc/s{depth}.md"\n\n--8<-- "inc/a.md"\n')
    with deadline(10):
        assert check_paths([tmp_path / "docs"], root=tmp_path).ok
