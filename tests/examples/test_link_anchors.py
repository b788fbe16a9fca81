"""Links to an anchor their page does not hold, found by the check before the strict build fails on
them (rulecheck/examples/link_anchors.py): a link to `dying.md#stabilising`, where the section is
`#stabilisation`, passed `rulecheck check` and failed the build."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.check import check_paths
from tests.conftest import deadline
from tests.hosts.run_hosts import fenced, parry_example

TARGET = """\
# Target

## A section { #a-section }

## Made of its text

Some text with an element <span id="raw-id">here</span>.

A paragraph with an id.
{: #listed-id }

""" + fenced(parry_example("the-card"))


def anchor_problems(root: Path, page: str, other: str = TARGET, crlf: bool = False,
                    config: str = "validation:\n  anchors: warn\n") -> list[tuple[int, int, str]]:
    (root / "docs" / "en").mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text("site_name: S\n" + config, "utf-8")
    text = page.replace("\n", "\r\n") if crlf else page
    (root / "docs" / "en" / "page.md").write_bytes(text.encode("utf-8"))
    (root / "docs" / "en" / "target.md").write_text(other, "utf-8")
    report = check_paths([root / "docs" / "en"], root, odds=False)
    return [(p.line, p.col or 0, p.message) for page_report in report.pages.values() for p in page_report.problems
            if p.kind == "anchor"]


@pytest.mark.parametrize("link", [
    "[x](target.md#a-section)", "[x](target.md#made-of-its-text)", "[x](target.md#raw-id)",
    "[x](target.md#listed-id)", "[x](target.md#ex-the-card)", "[x](target.md)", "[x](#here)",
    "[x](target.md#fn:1)", "[x](target.md#__tabbed_1_2)", "[x](target.md#made-of-its-text_1)",
    "[x](elsewhere.md#nowhere)", "[x](https://example.org/a.md#nowhere)", "`[x](target.md#nowhere)`",
    "<!-- [x](target.md#nowhere) -->", "```\n[x](target.md#nowhere)\n```", "[x](target.md#caf%C3%A9)",
    "Text[^1].\n\n[^1]: #nowhere is not a link", "*[HP]: #nowhere",
])
def test_a_link_to_an_id_its_page_holds_or_the_check_cannot_know_is_not_a_problem(tmp_path: Path, link: str) -> None:
    page = f"# Page\n\n## Here {{ #here }}\n\n{link}\n"
    assert anchor_problems(tmp_path, page) == []


@pytest.mark.parametrize(("link", "col"), [
    ("[x](target.md#nowhere)", 5), ("![x](target.md#nowhere)", 6), ("[x](<target.md#nowhere>)", 5),
    ('[x](target.md#nowhere "a title")', 5), ("[x](./target.md#nowhere)", 5), ("[x](../en/target.md#nowhere)", 5),
    ("[label]: target.md#nowhere", 10), ("   [label]: <target.md#nowhere>", 13),
])
@pytest.mark.parametrize("crlf", [False, True])
def test_a_link_to_an_id_its_page_does_not_hold_is_located_at_the_link(
        tmp_path: Path, link: str, col: int, crlf: bool) -> None:
    page = f"# Page\n\nText.\n\n{link}\n"
    found = anchor_problems(tmp_path, page, crlf=crlf)
    assert [(line, column) for line, column, _ in found] == [(5, col)], found
    assert "docs/en/target.md holds no element of id `nowhere`" in found[0][2]


def test_a_link_within_the_page_is_judged_against_the_page_itself(tmp_path: Path) -> None:
    found = anchor_problems(tmp_path, "# Page\n\n## Here { #here }\n\nSee [below](#nowher) and [here](#here).\n")
    assert [(line, message.split(":")[0]) for line, _, message in found] == [(5, "link to `#nowher`")]
    assert "this page holds no element of id `nowher`" in found[0][2]


@pytest.mark.parametrize("filler", ["](" * 100_000, "[a]: #x\n" * 20_000, "](<" * 60_000, "](" + "(" * 100_000])
def test_a_page_of_link_openers_is_read_in_linear_time(tmp_path: Path, filler: str) -> None:
    with deadline(60):  # a hang, not a speed: the pathological page reads in well under a second
        found = anchor_problems(tmp_path, "# Page\n\n" + filler + "\n")
    assert len(found) <= 51  # 20,000 broken links: fifty, then one summary of the rest


@pytest.mark.parametrize(("config", "judged"), [
    ("", False), ("validation:\n  anchors: info\n", False), ("validation:\n  links:\n    anchors: warn\n", True),
    ("validation:\n  anchors: warn\n  links:\n    anchors: info\n", False), ("validation: warn\n", False),
    ("validation:\n  anchors: warn\n", True),
])
def test_links_are_judged_where_the_site_s_build_fails_on_them(tmp_path: Path, config: str, judged: bool) -> None:
    """MkDocs tells a missing anchor at its info level unless the site asks for warn, and a strict
    build fails on warnings only: the check refuses what the build refuses, no more."""
    found = anchor_problems(tmp_path, "# Page\n\n[x](target.md#nowhere)\n", config=config)
    assert bool(found) is judged, found
