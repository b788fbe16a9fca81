"""A page's flood of one mistake: the first few problems of each kind listed, the rest summed up
in one problem, located at the first left out (:mod:`rulecheck.examples.capped`).

Every check that makes a problem per place of a page is tried with each count around the cap,
alone and mixed with other kinds, through the command line and the MkDocs build; the memory a
check of such a page takes is compared with that of a page of the same size without mistakes.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from rulecheck.errors import Problem
from rulecheck.examples.capped import MAX_ALIKE_PROBLEMS, Capped
from rulecheck.examples.check import check_paths
from tests.examples import check_memory
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, cli, mkdocs_build

COVER = "| Cover | Melee | Ranged |\n|---|:-:|:-:|\n"
#: One mistake each, written as a page would repeat it: (what repeats, the kind of its problem,
#: words of its message). A unit holds one mistake and ends its paragraph.
UNITS: dict[str, tuple[str, str, str]] = {
    "unbound reference": ("Total {{ nope.x }}.\n\n", "reference", "no example `nope`"),
    "unbound references, each another": ("Total {{ nope-{n}.x }}.\n\n", "reference", "no example `nope-"),
    "lookalike": ("Total {{ Nope.X }}.\n\n", "reference", "looks like a prose reference"),
    "reference in a link": ("[a]({{ nope.x }})\n\n", "reference", "in a link's address"),
    "fence near miss": ("```RuleCheck\nx: 1\n```\n\n", "near-miss", "only `rulecheck` in lower case"),
    "table marker in a quote": ("> <!-- rulecheck-table: cover -->\n\n", "near-miss", "names a checked table"),
    "hand-written card": ('<span class="rc-badge">✓</span>\n\n', "forged-card", "hand-written card"),
    "long heading": ("# " + "h" * 301 + "\n\n", "title", "this heading holds 301"),
    "unknown table": ("<!-- rulecheck-table: nosuch{n} -->\n" + COVER + "\n", "table", "unknown table"),
    "address snippet": ('--8<-- "https://example.org/{n}.md"\n\n', "snippet", "names an address"),
}
#: A row of a cover table the engine does not have: a table of many rows is many problems.
ROW = "| nothing at all | +1 | +1 |\n"


def page_of(unit: str, count: int) -> str:
    return "# Page\n\n" + "".join(unit.replace("{n}", str(n)) for n in range(count))


def problems_on(tmp_path: Path, text: str) -> list[Problem]:
    docs = tmp_path / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "page.md").write_text(text, "utf-8")
    return check_paths([docs], root=tmp_path).all_problems


def accounted(problems: list[Problem], kind: str) -> int:
    """How many problems of ``kind`` a list stands for: each listed one, and what each summary sums up."""
    return sum(problem.more or 1 for problem in problems if problem.kind == kind)


@pytest.mark.parametrize("count", [1, MAX_ALIKE_PROBLEMS - 1, MAX_ALIKE_PROBLEMS, MAX_ALIKE_PROBLEMS + 1,
                                   MAX_ALIKE_PROBLEMS + 2, 700])
@pytest.mark.parametrize("name", sorted(UNITS))
def test_a_page_lists_the_first_problems_of_a_kind_and_sums_up_the_rest(
        tmp_path: Path, name: str, count: int) -> None:
    unit, kind, said = UNITS[name]
    problems = [p for p in problems_on(tmp_path, page_of(unit, count)) if p.kind == kind]
    assert accounted(problems, kind) == count  # none lost, none counted twice
    assert all(said in problem.message for problem in problems)
    listed = [p for p in problems if not p.more]
    # one left out is listed itself, not summed up
    assert len(listed) == (count if count <= MAX_ALIKE_PROBLEMS + 1 else MAX_ALIKE_PROBLEMS)
    summaries = [p for p in problems if p.more]
    if count <= MAX_ALIKE_PROBLEMS + 1:
        assert not summaries
        return
    (summary,) = summaries
    assert summary.more == count - MAX_ALIKE_PROBLEMS
    # located at the first one left out, after the last one listed
    assert summary.line > max(p.line for p in listed)
    assert f"{count - MAX_ALIKE_PROBLEMS:,} more problems of this kind in this file" in summary.message


def test_the_rows_of_a_checked_table_are_capped_as_one_kind(tmp_path: Path) -> None:
    text = "# Page\n\n<!-- rulecheck-table: cover -->\n" + COVER + ROW * 400
    problems = [p for p in problems_on(tmp_path, text) if p.kind == "table"]
    rows = [p for p in problems if "no engine row" in p.message]
    assert len(rows) == MAX_ALIKE_PROBLEMS + 1 and rows[-1].more == 400 - MAX_ALIKE_PROBLEMS
    # the table's other problem, of another kind, is listed after the flood of rows
    assert any("rows missing from the page" in p.message for p in problems)


def test_each_kind_keeps_its_first_problems_whatever_floods_the_page_before_it(tmp_path: Path) -> None:
    names = sorted(UNITS)
    text = "# Page\n\n" + "".join(UNITS[name][0].replace("{n}", str(n)) for n in range(300) for name in names[:4])
    text += "".join(UNITS[name][0].replace("{n}", "last") for name in names[4:])  # one each, at the end
    problems = problems_on(tmp_path, text)
    for name in names:
        said = UNITS[name][2]
        mine = [p for p in problems if said in p.message]
        assert mine, name
        if name in names[4:]:
            assert len(mine) == 1 and not mine[0].more
    assert len(problems) < 20 * (MAX_ALIKE_PROBLEMS + 1)


def test_the_command_line_lists_a_few_and_counts_them_all(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(page_of("{{ nope.x }} and {{ Nope.X }}\n\n", 5000), "utf-8")
    result = cli(tmp_path, "check", "docs")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 2 * (MAX_ALIKE_PROBLEMS + 1) + 1
    assert lines[-1] == "0 examples on 1 pages: 102 problem(s) (and 9,898 more like them, not listed)"
    assert ("docs/page.md:103:1: 4,950 more problems of this kind in this file, from here on, are not listed "
            "(a file lists the first 50 of each kind; fix those and check again). The first of them: "
            "prose reference: no example `nope` on this page") in lines
    data = json.loads(cli(tmp_path, "check", "docs", "--format", "json").output)
    assert sorted(item["more"] for item in data)[-2:] == [4950, 4950]
    assert sum(item["more"] or 1 for item in data) == 10_000


def test_a_build_fails_with_a_few_problems_of_a_kind_listed(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(page_of("{{ nope.x }} and ```RuleCheck``` {{ Nope.X }}\n\n", 3000),
                                               "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    with pytest.raises(Abort) as failure:
        mkdocs_build(tmp_path)
    message = str(failure.value.__context__)
    assert message.startswith("rulecheck: 102 problem(s) in the examples (and 5,898 more like them, not listed):")
    assert message.count("\n") == 102
    assert message.count("2,950 more problems of this kind in this file") == 2


def test_a_server_shows_a_few_problems_of_a_kind_on_the_page(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(page_of("Total {{ nope.x }}.\n\n", 2000), "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    with capture_logs("rulecheck", "mkdocs") as logs:
        mkdocs_build(tmp_path, "serve")
    assert "51 problem(s) (and 1,949 more like them, not listed); the pages show them" in logs.text
    built = html.unescape((tmp_path / "site" / "page" / "index.html").read_text("utf-8"))
    assert built.count("prose reference: no example `nope` on this page") == MAX_ALIKE_PROBLEMS + 1


def test_unreadable_snippets_past_the_cap_are_all_left_unread_by_a_server(tmp_path: Path) -> None:
    """A server escapes each snippet the check could not read; those it summed up are escaped too."""
    from tests.conftest import deadline

    (tmp_path / "docs").mkdir()
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "bad.md").write_bytes(b"\xff not UTF-8\n")
    (tmp_path / "docs" / "page.md").write_text(page_of('--8<-- "inc/bad.md"\n\n', 120), "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    import os
    before = Path.cwd()
    os.chdir(tmp_path)  # pymdownx.snippets looks under the folder the build runs in
    try:
        with deadline(120), capture_logs("rulecheck", "mkdocs"):
            mkdocs_build(tmp_path, "serve")  # Markdown read none of them: no traceback
    finally:
        os.chdir(before)
    built = html.unescape((tmp_path / "site" / "page" / "index.html").read_text("utf-8"))
    assert "not UTF-8" not in built.replace("is not UTF-8", "")  # the file's text is nowhere on the page
    assert "70 more problems of this kind in this file" in built


def test_a_capped_collector_keeps_kinds_apart_and_the_order_given() -> None:
    capped = Capped(limit=2)
    for n in range(5):
        capped.add(Problem(path="p", line=n + 1, message=f"a{n}", kind="a"))
        capped.add(Problem(path="p", line=n + 1, message=f"b{n}", kind="a"), "other family")
    capped.add(Problem(path="p", line=9, message="c", kind="c"))
    assert [(p.message[:2], p.more) for p in capped.problems] == [
        ("a0", 0), ("b0", 0), ("a1", 0), ("b1", 0), ("c", 0), ("3 ", 3), ("3 ", 3)]
    assert [p.line for p in capped.problems if p.more] == [3, 3]


def peak_of_check(tmp_path: Path, text: str) -> int:
    return check_memory.peak_of_check(tmp_path, b"# Page\n\n{{ nope.x }} ```RuleCheck```\n", text.encode())


@pytest.mark.parametrize("name", ["unbound reference", "unbound references, each another", "lookalike",
                                  "fence near miss", "address snippet"])
def test_a_flood_of_problems_takes_the_memory_of_the_page_not_of_its_problems(tmp_path: Path, name: str) -> None:
    unit = UNITS[name][0]
    count = 150_000 // len(unit)
    flood = page_of(unit, count)
    plain = "# Page\n\n" + ("x" * (len(unit) - 2) + "\n\n") * count  # the same size, lines and paragraphs
    # A problem object for each mistake took the check to 20 to 30 times the page's bytes (a page of
    # 10 MB: past a gigabyte), twice a page of text without mistakes; the page's own copies, a few times.
    assert peak_of_check(tmp_path / "flood", flood) < 2 * peak_of_check(tmp_path / "plain", plain) + 10 * len(flood)


@pytest.mark.parametrize("members", [10, 150])
def test_a_cast_file_of_many_wrong_members_lists_a_few_of_each_kind(tmp_path: Path, members: int) -> None:
    (tmp_path / "docs" / "fr").mkdir(parents=True)
    (tmp_path / "docs" / "fr" / "page.md").write_text("# Page\n\n<!-- rulecheck-cast -->\n", "utf-8")
    (tmp_path / "docs" / "cast.yml").write_text(
        "".join(f"m{n}:\n  name: 5\n  level: [1]\n" for n in range(members)), "utf-8")
    problems = [p for p in check_paths([tmp_path / "docs"], root=tmp_path).all_problems if p.path == "docs/cast.yml"]
    assert accounted(problems, "cast") == 2 * members
    assert len(problems) == min(2 * members, MAX_ALIKE_PROBLEMS + 1)
    if members > MAX_ALIKE_PROBLEMS:
        assert problems[-1].more == 2 * members - MAX_ALIKE_PROBLEMS
        assert "more problems of this kind in this file" in problems[-1].message
