"""A rule anchor a card's step names is written on one page of its language: written on two, every
card's step link went to the first page in file order, silently (rulecheck.examples.headings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.check import check_paths
from tests.hosts.run_hosts import fenced, parry_example

PARRY = fenced(parry_example())  # its steps name `attack-test` and `dodge-and-parry`


def _anchor_problems(root: Path) -> list[tuple[str, int, str]]:
    report = check_paths([root / "docs"], root)
    return [(p.path, p.line, p.message) for page in report.pages.values() for p in page.problems
            if "heading id" in p.message]


def _write(root: Path, pages: dict[str, str]) -> None:
    for name, text in pages.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, "utf-8")


@pytest.mark.parametrize("heading", [
    "## Parry { #dodge-and-parry }", "### Parer {#dodge-and-parry}", "#### X { #dodge-and-parry }  ",
    "## Attack { #attack-test }",
])
@pytest.mark.parametrize("end", ["\n", "\r\n"])
def test_a_step_s_anchor_on_two_pages_of_a_language_is_located_on_the_later_one(
        tmp_path: Path, heading: str, end: str) -> None:
    anchor = heading.split("#")[-1].strip(" {}")
    _write(tmp_path, {"en/reactions.md": f"# Reactions\n\n{heading}\n\n{PARRY}".replace("\n", end),
                      "en/zz/more.md": f"# More\n\nText.\n\n{heading}\n".replace("\n", end)})
    problems = _anchor_problems(tmp_path)
    assert [(path, line) for path, line, _ in problems] == [("docs/en/zz/more.md", 5)]
    assert f"`{anchor}`" in problems[0][2] and "docs/en/reactions.md:3" in problems[0][2]


def test_each_later_page_is_told_and_the_first_is_named(tmp_path: Path) -> None:
    heading = "## Parry { #dodge-and-parry }\n"
    _write(tmp_path, {"en/a.md": f"# A\n\n{PARRY}", "en/b.md": f"# B\n\n{heading}", "en/c.md": f"# C\n\n{heading}",
                      "en/d.md": f"# D\n\n{heading}"})
    problems = _anchor_problems(tmp_path)
    assert [(path, line) for path, line, _ in problems] == [("docs/en/c.md", 3), ("docs/en/d.md", 3)]
    assert all("docs/en/b.md:3" in message for _, _, message in problems)


@pytest.mark.parametrize("pages", [
    # the languages each write it once
    {"en/reactions.md": "# R\n\n## Parry { #dodge-and-parry }\n\n" + PARRY,
     "fr/reactions.md": "# R\n\n## Parer { #dodge-and-parry }\n\n" + PARRY},
    # an id no step names may be written on several pages
    {"en/a.md": "# A\n\n## Notes { #notes }\n\n" + PARRY, "en/b.md": "# B\n\n## Notes { #notes }\n"},
    # shown in a fence, hidden in a comment or a script: no heading of the page
    {"en/a.md": "# A\n\n## Parry { #dodge-and-parry }\n\n" + PARRY,
     "en/b.md": "# B\n\n````markdown\n## Parry { #dodge-and-parry }\n````\n\n<!--\n## Parry { #dodge-and-parry }\n-->\n"
                "\n<script>\n## Parry { #dodge-and-parry }\n</script>\n"},
    # twice on one page: Markdown's own business (the page's first heading takes the link)
    {"en/a.md": "# A\n\n## Parry { #dodge-and-parry }\n\n## Again { #dodge-and-parry }\n\n" + PARRY},
    # no card names it
    {"en/a.md": "# A\n\n## Parry { #dodge-and-parry }\n", "en/b.md": "# B\n\n## Parry { #dodge-and-parry }\n"},
])
def test_no_problem_where_a_step_s_anchor_has_one_place_in_each_language(tmp_path: Path, pages: dict[str, str]) -> None:
    _write(tmp_path, pages)
    assert _anchor_problems(tmp_path) == []
