"""The rule anchors a card's steps link to are the pages' own headings: not a line that reads as
one inside a fenced block, an HTML comment or a raw-text element. A page showing the Markdown of
`## Parry { #dodge-and-parry }` in a fence took every card's step link to an anchor its page
does not have."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from rulecheck.examples.headings import heading_lines
from rulecheck.hosts.anchors import anchor_index
from tests.hosts.run_hosts import cli, fenced, mkdocs_build, parry_example, small_site

HIDDEN = "## Parry { #dodge-and-parry }"
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("around", "closed"), [
    ("```markdown\n{h}\n```", True), ("````\n{h}\n````", True), ("~~~\n{h}\n~~~", True),
    ("```\n{h}\n", False),  # a fence left open runs to the end of the page
    ("<!--\n{h}\n-->", True), ("<!-- {h} -->", True), ("<!--\n{h}\n", False),
    ("<script>\n{h}\n</script>", True), ("<textarea>\n{h}\n</textarea>", True), ("<STYLE>\n{h}\n</STYLE>", True),
    ("> ```\n> {h}\n> ```", True),  # in a blockquote: not at the start of its line
])
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_heading_written_inside_a_fence_a_comment_or_a_script_is_no_heading(
        around: str, closed: bool, end: str) -> None:
    text = f"# Top {{ #top }}\n\n{around.format(h=HIDDEN)}\n\n## Real {{ #real }}\n".replace("\n", end)
    assert list(heading_lines(text)) == (["top", "real"] if closed else ["top"])


def test_the_headings_around_fences_keep_their_ids_in_page_order() -> None:
    text = "# A { #a }\n```\n# B { #b }\n```\n## C { #c }\n~~~\n~~~\n### D { #d }\n<!-- x -->\n#### E { #e }\n"
    assert list(heading_lines(text)) == ["a", "c", "d", "e"]


def test_a_card_links_to_the_page_that_has_the_heading_not_to_one_that_shows_it(tmp_path: Path) -> None:
    (tmp_path / "attack.md").write_text(f"# Attack\n\n````markdown\n{HIDDEN}\n````\n", "utf-8")
    (tmp_path / "reactions.md").write_text(f"# Reactions\n\n{HIDDEN}\n", "utf-8")
    assert anchor_index(tmp_path)["dodge-and-parry"] == "reactions.md"
    (tmp_path / "reactions.md").write_text("# Reactions\n", "utf-8")
    assert "dodge-and-parry" not in anchor_index(tmp_path)  # a step then shows without a link


@pytest.mark.build
@pytest.mark.parametrize("link", ["reactions.md#dodge-and-parry", "#nowhere", "reactions.md#Dodge-And-Parry"])
def test_a_written_link_to_an_anchor_no_page_has_fails_the_strict_build(
        tmp_path: Path, link: str, caplog: pytest.LogCaptureFixture) -> None:
    """Removing `{ #dodge-and-parry }` from the reactions pages left the written links to it on
    three other pages, and the strict build passed: MkDocs only told it at its `info` level.
    (MkDocs checks no anchor while its log shows debug lines: the log is kept at warnings.)"""
    from mkdocs.exceptions import Abort

    project = small_site(tmp_path, {"reactions.md": "# Reactions\n\n## Parry\n",
                                    "attack.md": f"# Attack\n\nSee [the parry]({link}).\n"})
    validation = re.search(r"^validation:\n(?:  .*\n)+", (ROOT / "mkdocs.yml").read_text("utf-8"), re.MULTILINE)
    assert validation, "the site's mkdocs.yml validates its links' anchors"
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write(f"strict: true\n{validation[0]}")
    caplog.set_level(logging.WARNING, logger="mkdocs")
    with pytest.raises(Abort):
        mkdocs_build(project)
    said = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert any(f"contains a link '{link}'" in line for line in said), said


def test_the_three_hosts_refuse_a_step_s_anchor_written_on_two_pages_at_its_place(
        tmp_path: Path, pytester: pytest.Pytester, caplog: pytest.LogCaptureFixture) -> None:
    from mkdocs.exceptions import Abort

    project = small_site(tmp_path / "project", {
        "reactions.md": "# Reactions\n\n## Parry { #dodge-and-parry }\n\n" + fenced(parry_example()),
        "rules.md": "# Rules\n\n## Parry { #dodge-and-parry }\n"})
    said = "docs/rules.md:3: heading id `dodge-and-parry` is also written at docs/reactions.md:3"
    checked = cli(project, "check", "docs")
    assert checked.exit_code == 1 and said in checked.output
    with pytest.raises(Abort):
        mkdocs_build(project)
    assert said in caplog.text
    (pytester.path / "docs").mkdir()
    for page in ("reactions.md", "rules.md"):
        (pytester.path / "docs" / page).write_bytes((project / "docs" / page).read_bytes())
    result = pytester.runpytest("docs", "-q", "-p", "no:cacheprovider",
                                "-W", "ignore::pytest.PytestAssertRewriteWarning")
    assert result.ret == 1
    assert said in result.stdout.str()
