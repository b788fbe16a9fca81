"""The check reads every page MkDocs builds: pages under linked folders (named where they are
built), an unreadable folder reported, an unreadable page reported once, snippets inside
snippets followed (rulecheck/examples/discovery.py, rulecheck/examples/snippet_reach.py)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, PluginError
from mkdocs.structure.files import get_files

from rulecheck.examples import check, parity
from rulecheck.examples.check import check_paths
from rulecheck.examples.discovery import find_pages
from tests.hosts.run_hosts import MKDOCS_YML, cli, fenced, mkdocs_build, parry_example


def page(example_id: str, total: int = 23) -> str:
    prose = f"# {example_id}\n\nTotal: {{{{ {example_id}.reaction_total }}}}.\n\n"
    return prose + fenced(parry_example(example_id, total))


def write(file: Path, text: str) -> Path:
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    return file


@pytest.fixture
def linked(tmp_path: Path) -> Path:
    """A project whose two language folders each hold a folder linked from outside ``docs`` (inside
    the project: a link out of it is refused, ``test_exposed_files.py``)."""
    project = tmp_path / "project"
    for language in ("fr", "en"):
        write(project / "docs" / language / "index.md", page("home"))
        write(project / "shared" / language / "extra.md", page("extra", total=24))  # drifted
        (project / "docs" / language / "more").symlink_to(project / "shared" / language, target_is_directory=True)
    (project / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return project


# --- Finding the pages ----------------------------------------------------------------------------

def mkdocs_pages(project: Path) -> set[str]:
    config = load_config(str(project / "mkdocs.yml"))
    return {file.src_uri for file in get_files(config) if file.is_documentation_page()}


def test_pages_under_linked_folders_are_found_where_mkdocs_builds_them(linked: Path) -> None:
    docs = (linked / "docs").resolve()
    found = {p.relative_to(docs).as_posix() for p in find_pages([linked / "docs"], root=linked).pages}
    assert found == mkdocs_pages(linked) == {"fr/index.md", "fr/more/extra.md", "en/index.md", "en/more/extra.md"}


NAMES = st.sampled_from(["a", "b", "c", "page.md", "x.md", "y.markdown", "notes.txt"])


@settings(max_examples=30, deadline=None)
@given(tree=st.lists(st.tuples(st.lists(NAMES, min_size=1, max_size=3), st.booleans()), min_size=1, max_size=8),
       links=st.lists(st.tuples(st.lists(NAMES, min_size=1, max_size=2), st.integers(0, 7)), max_size=4))
def test_the_pages_found_are_the_pages_mkdocs_builds_or_a_link_says_why(
        tmp_path_factory: pytest.TempPathFactory, tree: list[tuple[list[str], bool]],
        links: list[tuple[list[str], int]]) -> None:
    """Random trees of folders, pages and links to folders inside and outside ``docs`` (no loops:
    MkDocs itself would walk one without end). A page is found once: where MkDocs builds it a
    second time, through another link, that link is reported."""
    project = tmp_path_factory.mktemp("tree")
    outside = tmp_path_factory.mktemp("outside")
    (project / "docs").mkdir()
    folders = [project / "docs"]
    for parts, is_file in tree:
        base = outside if len(folders) % 3 == 0 else project / "docs"
        path = base.joinpath(*parts)
        if any(p.exists() and not p.is_dir() for p in [*path.parents][:len(parts) - 1]):
            continue
        if is_file and not path.exists():
            write(path, "# Page\n")
        elif not is_file and not path.exists():
            path.mkdir(parents=True)
            folders.append(path)
    for parts, target in links:
        link = (project / "docs").joinpath(*parts[:-1], "link-" + parts[-1])
        goal = folders[target % len(folders)]
        if link.parent.is_dir() and not os.path.lexists(link) and not str(link).startswith(str(goal)):
            link.symlink_to(goal, target_is_directory=True)
    (project / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    try:
        expected = mkdocs_pages(project)
    except RecursionError:
        return
    docs = (project / "docs").resolve()
    walked = find_pages([project / "docs"])
    found = {p.relative_to(docs).as_posix() for p in walked.pages}
    refused = [path.relative_to(docs).as_posix() + "/" for path, _ in walked.problems]
    # Every page MkDocs builds is found, or lies where a link makes it build a page found
    # elsewhere a second time (and the check reports that link).
    assert found <= expected
    assert all(page.startswith(tuple(refused)) for page in expected - found)


@pytest.mark.parametrize("loop", ["to-itself", "to-its-parent", "to-docs", "two-links-round"])
def test_a_loop_of_linked_folders_ends_every_page_is_found_once_and_the_link_is_reported(
        tmp_path: Path, loop: str) -> None:
    docs = tmp_path / "docs"
    write(docs / "fr" / "a" / "page.md", page("a"))
    write(docs / "fr" / "b" / "other.md", page("b"))
    if loop == "to-itself":
        (docs / "fr" / "a" / "self").symlink_to(docs / "fr" / "a", target_is_directory=True)
    elif loop == "to-its-parent":
        (docs / "fr" / "a" / "up").symlink_to(docs / "fr", target_is_directory=True)
    elif loop == "to-docs":
        (docs / "fr" / "a" / "root").symlink_to(docs, target_is_directory=True)
    else:
        (docs / "fr" / "a" / "to-b").symlink_to(docs / "fr" / "b", target_is_directory=True)
        (docs / "fr" / "b" / "to-a").symlink_to(docs / "fr" / "a", target_is_directory=True)
    walked = find_pages([docs])
    found = [p.relative_to(docs.resolve()).as_posix() for p in walked.pages]
    assert sorted(found) == ["fr/a/page.md", "fr/b/other.md"]
    links = {"to-itself": ["fr/a/self"], "to-its-parent": ["fr/a/up"], "to-docs": ["fr/a/root"],
             "two-links-round": ["fr/a/to-b", "fr/b/to-a"]}[loop]
    assert sorted(path.relative_to(docs.resolve()).as_posix() for path, _ in walked.problems) == links


# --- Each real folder walked once -------------------------------------------------------------------

def count_listings(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each real folder is listed (``os.walk`` lists a folder with ``os.scandir``)."""
    listed: Counter[str] = Counter()
    real_scandir = os.scandir

    def scandir(path: str | Path = ".") -> object:
        listed[os.path.realpath(path)] += 1
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return listed


DEPTH = 20


def fan_out(tmp_path: Path, shape: str) -> Path:
    """A docs folder whose links make 2 ** DEPTH ways to a page: folders nested ``DEPTH`` deep, each
    holding two links to the one above it (``up``); ``DEPTH`` folders side by side, each holding two
    links to the next (``chain``); the same chain outside the docs, reached by one link (``outside``)."""
    docs = tmp_path / "docs"
    write(docs / "fr" / "index.md", page("home"))
    if shape == "up":
        folder = docs / "fr"
        for level in range(DEPTH):
            folder = folder / f"d{level}"
            folder.mkdir()
            for name in ("up-1", "up-2"):
                (folder / name).symlink_to(folder.parent, target_is_directory=True)
        write(folder / "deep.md", page("deep"))
        return docs
    base = docs / "fr" if shape == "chain" else tmp_path / "outside"
    for level in range(DEPTH):
        (base / f"l{level}").mkdir(parents=True)
    for level in range(DEPTH - 1):
        for name in ("a", "b"):
            (base / f"l{level}" / name).symlink_to(base / f"l{level + 1}", target_is_directory=True)
    write(base / f"l{DEPTH - 1}" / "deep.md", page("deep"))
    if shape == "outside":
        (docs / "fr" / "entry").symlink_to(base / "l0", target_is_directory=True)
    return docs


@pytest.mark.parametrize("shape", ["up", "chain", "outside"])
def test_links_that_fan_out_are_walked_once_each_real_folder_and_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shape: str) -> None:
    """An outside tester's folders of links doubled the walk at each level: 2 ** 20 ways. Work
    counted, not timed: each real folder is listed once, every page is found once, and each link
    that is not followed is a located problem."""
    docs = fan_out(tmp_path, shape)
    listed = count_listings(monkeypatch)
    report = check_paths([docs], root=tmp_path)
    assert set(listed.values()) == {1}
    assert len(listed) == 2 + DEPTH  # docs, docs/fr and the DEPTH folders
    deep = {"up": "docs/fr/" + "/".join(f"d{level}" for level in range(DEPTH)) + "/deep.md",
            "chain": f"docs/fr/l{DEPTH - 1}/deep.md",
            "outside": "docs/fr/entry/" + "a/" * (DEPTH - 1) + "deep.md"}[shape]
    assert sorted(report.pages) == sorted(["docs/fr/index.md", deep])
    said = [p for p in report.all_problems if "way" in p.message or "back" in p.message]
    links = {"up": 2 * DEPTH, "chain": 2 * (DEPTH - 1), "outside": DEPTH - 1}[shape]
    assert len(said) == links and all(p.line == 1 and Path(tmp_path / p.path).is_symlink() for p in said)
    expected = "a link back to" if shape == "up" else "another way to"
    assert all(p.message.startswith(expected) for p in said)


def test_a_loop_is_reported_at_its_link_with_the_folder_it_leads_back_to(tmp_path: Path) -> None:
    write(tmp_path / "docs" / "fr" / "a" / "page.md", page("a"))
    (tmp_path / "docs" / "fr" / "a" / "up").symlink_to(tmp_path / "docs" / "fr", target_is_directory=True)
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert [p.located() for p in report.all_problems if "link" in p.message] == [
        "docs/fr/a/up:1: a link back to docs/fr, a folder it lies in: MkDocs would walk it again at every "
        "turn until the system refuses, and build each page below it at every turn. Hint: remove the link"]
    assert list(report.pages) == ["docs/fr/a/page.md"]


def test_a_link_to_a_sibling_folder_of_pages_is_reported_and_its_pages_read_once(tmp_path: Path) -> None:
    """MkDocs builds the sibling's pages a second time at the link; the check reads them where they
    are, and says where the second way is. A link to a folder of plain files builds nothing again."""
    project = tmp_path / "project"
    write(project / "docs" / "fr" / "b" / "other.md", page("b"))
    write(project / "docs" / "fr" / "a" / "page.md", page("a"))
    (project / "docs" / "fr" / "a" / "to-b").symlink_to(project / "docs" / "fr" / "b", target_is_directory=True)
    (project / "docs" / "fr" / "img").mkdir()
    (project / "docs" / "fr" / "img" / "map.png").write_bytes(b"\x89PNG")
    (project / "docs" / "en").mkdir()
    (project / "docs" / "en" / "img").symlink_to(project / "docs" / "fr" / "img", target_is_directory=True)
    (project / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    report = check_paths([project / "docs"], root=project)
    assert [p.located() for p in report.all_problems if "way" in p.message] == [
        "docs/fr/a/to-b:1: another way to docs/fr/b, a folder walked already: MkDocs would build its pages "
        "again here, once per way (and links to links multiply the ways); the check reads them once, there. "
        "Hint: link that folder once, or copy it"]
    assert sorted(report.pages) == ["docs/fr/a/page.md", "docs/fr/b/other.md"]
    assert mkdocs_pages(project) == {"fr/a/page.md", "fr/b/other.md", "fr/a/to-b/other.md"}
    (project / "docs" / "fr" / "a" / "to-b").unlink()
    report = check_paths([project / "docs"], root=project)
    assert not [p for p in report.all_problems if "way" in p.message]
    assert {path.removeprefix("docs/") for path in report.pages} == mkdocs_pages(project)


@pytest.mark.build
def test_the_build_stops_at_a_fan_of_links_before_mkdocs_walks_it(tmp_path: Path) -> None:
    """MkDocs itself would walk the 2 ** 20 ways (and build the page at each): the check, before
    MkDocs lists the files, fails the build with the links, in a new process that ends."""
    import subprocess
    import sys

    docs = fan_out(tmp_path, "chain")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "docs/fr/l0/a:1: another way to docs/fr/l1, a folder walked already" in done.stderr
    assert docs.is_dir()


def test_a_broken_link_named_as_a_page_is_a_located_problem(tmp_path: Path) -> None:
    write(tmp_path / "docs" / "fr" / "page.md", page("a"))
    (tmp_path / "docs" / "fr" / "gone.md").symlink_to(tmp_path / "nowhere.md")
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert [p.located() for p in report.all_problems if "gone" in p.path] == [
        "docs/fr/gone.md:1: cannot read page: No such file or directory"]


# --- Checking them --------------------------------------------------------------------------------

def test_a_page_under_a_linked_folder_is_checked_and_located_at_its_built_path(linked: Path) -> None:
    result = cli(linked, "check", "docs")
    assert result.exit_code == 1
    drifted = [line for line in result.output.splitlines() if "reaction_total" in line]
    assert drifted == ["docs/en/more/extra.md:15: extra: expect.reaction_total: expected 24, got 23",
                       "docs/fr/more/extra.md:15: extra: expect.reaction_total: expected 24, got 23"]
    assert "parity" not in result.output and "twin" not in result.output  # the twins found each other


@pytest.mark.parametrize("checked", ["docs", "docs/fr", "docs/en"])
def test_a_linked_folder_checked_by_any_path_gives_the_same_place_and_twin(linked: Path, checked: str) -> None:
    report = check_paths([linked / checked], root=linked)
    language, other = ("en", "fr") if checked.endswith("en") else ("fr", "en")
    page = report.pages[f"docs/{language}/more/extra.md"]
    assert page.language == language and page.twin(other) == linked / f"docs/{other}/more/extra.md"
    assert not [p for p in report.all_problems if p.kind == "parity"]


def test_update_rewrites_a_page_under_a_linked_folder_where_it_lives(linked: Path, tmp_path: Path) -> None:
    result = cli(linked, "check", "--update", "docs")
    assert result.exit_code == 0, result.output
    assert "updated docs/fr/more/extra.md:15:" in result.output
    for language in ("fr", "en"):
        assert "reaction_total: 23" in (linked / "shared" / language / "extra.md").read_text("utf-8")
        assert (linked / "docs" / language / "more").is_symlink()


@pytest.mark.build
def test_the_build_checks_and_renders_a_page_under_a_linked_folder(linked: Path) -> None:
    with pytest.raises(Abort) as failure:
        mkdocs_build(linked)
    message = str(failure.value.__context__)
    assert isinstance(failure.value.__context__, PluginError)
    assert "docs/fr/more/extra.md:15: extra: expect.reaction_total: expected 24, got 23" in message
    assert "never checked" not in message
    for language in ("fr", "en"):
        extra = linked / "docs" / language / "more" / "extra.md"
        extra.write_text(extra.read_text("utf-8").replace("reaction_total: 24", "reaction_total: 23"), "utf-8")
    config = mkdocs_build(linked)
    built = (Path(config.site_dir) / "fr" / "more" / "extra" / "index.html").read_text("utf-8")
    assert "extra.reaction_total" not in built and "rc-badge--ok" in built
    assert 'Total: <span class="rc-ref">23</span>' in built


# --- What cannot be read is said, once ----------------------------------------------------------

@pytest.mark.parametrize("closed", ["docs/fr/rules", "docs/fr", "docs/en/rules"])
def test_a_folder_that_cannot_be_listed_is_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, closed: str) -> None:
    for language in ("fr", "en"):
        write(tmp_path / "docs" / language / "rules" / "page.md", page("a"))
    real_scandir = os.scandir

    def scandir(path: str | Path = ".") -> object:
        if Path(path) == (tmp_path / closed).resolve():
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    located = [p.located() for p in report.all_problems]
    assert f"{closed}:1: cannot read folder: Permission denied" in located


@pytest.mark.parametrize("unreadable", [["fr"], ["en"], ["fr", "en"]])
@pytest.mark.parametrize("checked", ["docs", "docs/fr", "docs/en"])
def test_an_unreadable_page_is_reported_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, unreadable: list[str], checked: str) -> None:
    for language in ("fr", "en"):
        write(tmp_path / "docs" / language / "page.md", page("a"))
    closed = {(tmp_path / "docs" / language / "page.md").resolve() for language in unreadable}
    real: Callable[..., str] = check.read_page

    def read_page(path: Path) -> str:
        if Path(path).resolve() in closed:
            raise PermissionError(13, "Permission denied")
        return real(path)

    for reader in (check, parity):  # the pages checked, and the twins read for parity
        monkeypatch.setattr(reader, "read_page", read_page)
    report = check_paths([tmp_path / checked], root=tmp_path)
    said = [p.located() for p in report.all_problems if "cannot read" in p.message]
    expected = sorted(f"docs/{language}/page.md:1: cannot read page: Permission denied" for language in unreadable
                      if checked == "docs" or checked.endswith(language) or len(unreadable) == 1)
    assert sorted(said) == expected and len(said) == len(set(said))


# --- Snippets inside snippets ---------------------------------------------------------------------

EXAMPLE_PART = "```rulecheck\n" + page("hidden").split("```rulecheck\n", 1)[1]


@pytest.mark.parametrize("depth", [1, 2, 4])
@pytest.mark.parametrize("form", ["inline", "block"])
def test_an_example_pulled_in_through_nested_snippets_is_a_located_error(tmp_path: Path, depth: int, form: str) -> None:
    write(tmp_path / "docs" / "page.md", '# Page\n\n--8<-- "docs/parts/part-0.md"\n')
    for level in range(depth):
        nested = f"docs/parts/part-{level + 1}.md"
        inline, block = f'--8<-- "{nested}"\n', f"--8<--\n{nested}\n--8<--\n"
        text = f"Part {level}.\n\n" + (inline if form == "inline" else block)
        write(tmp_path / f"docs/parts/part-{level}.md", text)
    write(tmp_path / f"docs/parts/part-{depth}.md", EXAMPLE_PART)
    report = check_paths([tmp_path / "docs" / "page.md"], root=tmp_path)
    assert [p.located() for p in report.all_problems if p.kind == "unchecked"] == [
        "docs/page.md:3:1: snippet `docs/parts/part-0.md` pulls in 1 rulecheck example(s), which the page would show "
        "but the check never sees. Hint: write them on the page itself"]


@pytest.mark.parametrize(("chain", "last", "refused"), [
    (50, "plain text\n", False),                    # as deep as the check follows: read, nothing in it
    (51, "plain text\n", True),                     # one more: never read, so refused whatever it holds
    (51, EXAMPLE_PART, True),                       # an example there was shown unchecked
    (51, "\udcff", True),                           # a byte that is no UTF-8 was a traceback of the build
    (80, "plain text\n", True),
])
def test_a_chain_of_snippets_deeper_than_the_check_follows_is_a_located_error(
        tmp_path: Path, chain: int, last: str, refused: bool) -> None:
    write(tmp_path / "docs" / "page.md", '# Page\n\n--8<-- "sn/f0.txt"\n')
    for level in range(chain):
        write(tmp_path / "sn" / f"f{level}.txt", f'--8<-- "sn/f{level + 1}.txt"\n')
    (tmp_path / "sn" / f"f{chain}.txt").write_bytes(last.encode("utf-8", "surrogateescape"))
    report = check_paths([tmp_path / "docs" / "page.md"], root=tmp_path)
    said = [p.located() for p in report.all_problems]
    assert said == (["docs/page.md:3:1: snippet `sn/f0.txt` reaches `sn/f51.txt` through a chain of more than 50 "
                     "snippets, which the check does not follow and Markdown would include unchecked. Hint: include "
                     "the file from fewer snippets in a row"] if refused else [])


def test_snippets_that_include_each_other_end_and_hold_no_example(tmp_path: Path) -> None:
    write(tmp_path / "docs" / "page.md", '# Page\n\n--8<-- "parts/a.txt"\n')
    write(tmp_path / "parts" / "a.txt", 'A\n\n--8<-- "parts/b.txt"\n')
    write(tmp_path / "parts" / "b.txt", 'B\n\n--8<-- "parts/a.txt"\n')
    report = check_paths([tmp_path / "docs" / "page.md"], root=tmp_path)
    assert report.ok


@pytest.mark.build
def test_the_build_and_the_check_agree_on_a_nested_snippet(tmp_path: Path) -> None:
    project = tmp_path / "project"
    write(project / "docs" / "page.md", '# Page\n\n--8<-- "parts/outer.txt"\n')
    write(project / "parts" / "outer.txt", 'Outer.\n\n--8<-- "parts/inner.txt"\n')
    write(project / "parts" / "inner.txt", EXAMPLE_PART)
    (project / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    checked = cli(project, "check", "docs")
    assert checked.exit_code == 1
    assert "docs/page.md:3:1: snippet `parts/outer.txt` pulls in 1 rulecheck" in checked.output
    cwd = Path.cwd()
    os.chdir(project)  # pymdownx.snippets looks under the working directory, as `mkdocs build` run there
    try:
        with pytest.raises(Abort) as failure:
            mkdocs_build(project)
    finally:
        os.chdir(cwd)
    assert "docs/page.md:3:1: snippet `parts/outer.txt` pulls in 1 rulecheck" in str(failure.value.__context__)


@pytest.mark.build
@pytest.mark.parametrize("kind", ["fifo", "broken-link"])
def test_the_build_fails_at_once_on_a_page_it_cannot_read(tmp_path: Path, kind: str) -> None:
    """MkDocs would wait for ever on a FIFO named as a page, and fail on a broken link: the check
    before it says which page, in a new process that ends."""
    import subprocess
    import sys

    project = tmp_path / "project"
    write(project / "docs" / "page.md", page("a"))
    if kind == "fifo":
        os.mkfifo(project / "docs" / "pipe.md")
    else:
        (project / "docs" / "pipe.md").symlink_to(tmp_path / "nowhere.md")
    (project / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=project, capture_output=True,
                          text=True, timeout=120, check=False, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode != 0
    reason = "a FIFO, not a regular file" if kind == "fifo" else "No such file or directory"
    assert f"docs/pipe.md:1: cannot read page: {reason}" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("part", "said"), [
    ("Brok hits for {{ brok-punch.damage }}.\n", "1 prose reference(s)"),
    ("<!-- rulecheck-table: sizes -->\n| Size | Side |\n|---|---|\n", "1 checked table marker(s)"),
    ("<!-- rulecheck-cast -->\n", "1 cast list marker(s)"),
    ("{{ a.b }} and {{ c.d }}\n\n<!-- rulecheck-cast -->\n", "2 prose reference(s) and 1 cast list marker(s)"),
    (EXAMPLE_PART + "\nSee {{ a.b }}.\n", "1 rulecheck example(s) and 1 prose reference(s)"),
])
@pytest.mark.parametrize("nested", [False, True])
def test_a_snippet_pulling_in_what_the_check_acts_on_is_a_located_error(
        tmp_path: Path, part: str, said: str, nested: bool) -> None:
    """The check reads a page before its snippets are expanded: a reference pulled in would show as
    its raw text, a table or the cast's list unchecked. Said, as for an example, through a chain too."""
    write(tmp_path / "docs" / "page.md", '# Page\n\n--8<-- "docs/parts/outer.md"\n')
    if nested:
        write(tmp_path / "docs" / "parts" / "outer.md", 'Outer.\n\n--8<-- "docs/parts/inner.md"\n')
        write(tmp_path / "docs" / "parts" / "inner.md", part)
    else:
        write(tmp_path / "docs" / "parts" / "outer.md", part)
    report = check_paths([tmp_path / "docs" / "page.md"], root=tmp_path)
    assert [p.located() for p in report.all_problems if p.kind == "unchecked"] == [
        f"docs/page.md:3:1: snippet `docs/parts/outer.md` pulls in {said}, which the page would show but the check "
        "never sees. Hint: write them on the page itself"]


@pytest.mark.parametrize("part", ["Code: `{{ a.b }}`.\n", "```text\n{{ a.b }}\n<!-- rulecheck-table: sizes -->\n```\n",
                                  "Plain prose, a {brace} and {{ not a reference }}.\n"])
def test_a_snippet_of_mere_text_pulls_in_nothing_the_check_acts_on(tmp_path: Path, part: str) -> None:
    write(tmp_path / "docs" / "page.md", '# Page\n\n--8<-- "docs/parts/outer.md"\n')
    write(tmp_path / "docs" / "parts" / "outer.md", part)
    report = check_paths([tmp_path / "docs" / "page.md"], root=tmp_path)
    assert [p for p in report.all_problems if p.kind == "unchecked"] == []


@pytest.mark.parametrize(("name", "char"), [
    ("a#b.md", "#"), ("a?b.md", "?"), ("a%20b.md", "%"), ("100%.md", "%"), ("img#1.png", "#"),
    ("sub#dir/page.md", "#"), ("sub%2Fdir/page.md", "%"), ("back\\slash.md", "\\"), ("img\\1.png", "\\"),
    ("note:1.md", ":"), ("http:x.md", ":"), ("a:b/page.md", ":"), ("map:2.png", ":"),  # read as a scheme
])
def test_a_name_the_site_cannot_address_is_a_located_problem(tmp_path: Path, name: str, char: str,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    """`a#b.md` built, and the offline copy of the whole site failed to install (its copy asked for
    `a`); `a b.md` beside `a%20b.md` likewise (one address for two files)."""
    for language in ("fr", "en"):
        target = tmp_path / "docs" / language / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("# P\n\nText.\n", "utf-8")
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    said = [p for p in report.all_problems if "cannot" not in p.message and f"holds `{char}`" in p.message]
    assert sorted(p.path for p in said) == [f"docs/en/{name}", f"docs/fr/{name}"], report.all_problems
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    with pytest.raises((Abort, PluginError)) as failed:
        mkdocs_build(tmp_path)
    assert f"{name}:1: the name holds `{char}`" in caplog.text + str(failed.value)


@pytest.mark.parametrize(("name", "said"), [
    ("tab\tx.txt", "control character U+0009"), ("line\nend.md", "control character U+000A"),
    ("cr\rx.png", "control character U+000D"), ("bell\x07.md", "control character U+0007"),
    ("del\x7f.txt", "control character U+007F"), ("esc\x1bdir/page.md", "control character U+001B"),
    ("trail.txt ", "begins or ends with a space"), (" lead.md", "begins or ends with a space"),
    ("sub /page.md", "begins or ends with a space"),
])
def test_a_name_a_browser_changes_as_it_reads_an_address_is_a_located_problem(tmp_path: Path, name: str,
                                                                                said: str) -> None:
    """`tab<TAB>x.txt` was listed for the offline copy as it is, the browser asked for `tabx.txt`
    (a tab or a line end dropped, spaces at the ends trimmed) and the copy of the whole site failed
    to install (a twenty-second hostile round)."""
    for language in ("fr", "en"):
        target = tmp_path / "docs" / language / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("# P\n\nText.\n", "utf-8")
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    refused = [p for p in report.all_problems if said in p.message and "offline copy would not install" in p.message]
    assert sorted(p.path for p in refused) == [f"docs/en/{name}", f"docs/fr/{name}"], report.all_problems


@pytest.mark.parametrize("name", [b"p\xe9.md", b"img\xff.png", b"sub\xc3/page.md", b"\xed\xa0\x80.md"])
def test_a_name_that_is_not_utf8_is_a_located_problem_and_no_traceback(tmp_path: Path, name: bytes,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    """`docs/fr/p\xe9.md` passed the check and stopped the build on a traceback (a twenty-third
    hostile round): Python keeps bytes it cannot decode as surrogates, which no address holds."""
    for language in ("fr", "en"):
        target = os.path.join(os.fsencode(tmp_path / "docs" / language), name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as file:
            file.write(b"# P\n\nText.\n")
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    said = [p for p in report.all_problems if "not valid UTF-8" in p.message and "no address" in p.message]
    assert len(said) == 2, report.all_problems
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    with pytest.raises((Abort, PluginError)) as failed:
        mkdocs_build(tmp_path)
    assert "the name is not valid UTF-8" in caplog.text + str(failed.value)


@pytest.mark.parametrize("name", ["a b.md", "café.md", "a+b.md", "a&b.md", "(1).md", "a\u00a0b.md", "é t é.txt"])
def test_a_name_the_site_addresses_as_it_is_written_passes(tmp_path: Path, name: str) -> None:
    for language in ("fr", "en"):
        (tmp_path / "docs" / language).mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / language / name).write_text("# P\n\nText.\n", "utf-8")
    assert check_paths([tmp_path / "docs"], root=tmp_path).all_problems == []
