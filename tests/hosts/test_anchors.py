"""The rule anchors a card's steps link to are the pages' own headings: not a line that reads as
one inside a fenced block, an HTML comment or a raw-text element. A page showing the Markdown of
`## Parry { #dodge-and-parry }` in a fence took every card's step link to an anchor its page
does not have."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from rulecheck.examples.headings import file_heading_lines, heading_lines
from rulecheck.hosts.anchors import anchor_index, built_link, card_links, link_targets
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
    def pages() -> list[tuple[str, dict[str, int]]]:
        return [(f"{name}.html", file_heading_lines(tmp_path / f"{name}.md"))
                for name in ("attack", "reactions", "gone")]

    assert anchor_index(pages())["dodge-and-parry"] == "reactions.html"
    (tmp_path / "reactions.md").write_text("# Reactions\n", "utf-8")
    assert "dodge-and-parry" not in anchor_index(pages())  # a step then shows without a link


@pytest.mark.parametrize(("here", "there", "link"), [
    ("reactions.html", "reactions.html", "#a"), ("reactions.html", "attack.html", "attack.html#a"),
    ("en/reactions.html", "en/rules/index.html", "rules/index.html#a"), ("reactions/", "attack/", "../attack/#a"),
    ("reactions/", "", "../#a"), ("en/rules/", "en/", "../#a"), ("", "reactions/", "reactions/#a"),
])
def test_a_step_links_from_the_address_its_page_is_built_at_to_the_one_of_its_rule(
        here: str, there: str, link: str) -> None:
    assert built_link(here, there, "a") == link


def _step_links(page: Path) -> list[str]:
    return re.findall(r'class="rc-rule" href="([^"]*)"', page.read_text("utf-8"))


@pytest.mark.parametrize("left_out", ["exclude_docs", "draft_docs", "not_in_nav_only"])
def test_a_page_the_site_leaves_out_never_takes_a_step_s_link(tmp_path: Path, left_out: str) -> None:
    """A page MkDocs leaves out (exclude_docs, draft_docs) took every card's step link to its
    heading, to a page never built: the links go to the pages MkDocs builds."""
    project = small_site(tmp_path, {"reactions.md": f"# Reactions\n\n{HIDDEN}\n\n" + fenced(parry_example()),
                                    "aa.md": f"# Draft\n\n{HIDDEN}\n"}, ("attr_list",))
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write({"exclude_docs": "exclude_docs: |\n  aa.md\n", "draft_docs": "draft_docs: |\n  aa.md\n",
                      "not_in_nav_only": "not_in_nav: |\n  aa.md\n"}[left_out])
    if left_out == "not_in_nav_only":  # built, though listed nowhere: its heading is the site's, and twice
        checked = cli(project, "check", "docs")
        assert "docs/reactions.md:3: heading id `dodge-and-parry` is also written at docs/aa.md:3" in checked.output
        return
    assert cli(project, "check", "docs").exit_code == 0
    mkdocs_build(project)
    assert not (project / "site" / "aa.html").exists() and not (project / "site" / "aa").exists()
    links = _step_links(project / "site" / "reactions" / "index.html")
    assert "#dodge-and-parry" in links and not [link for link in links if "aa" in link]


def test_a_readme_s_heading_is_linked_at_its_folder_s_address(tmp_path: Path) -> None:
    """MkDocs builds ``rules/README.md`` as ``rules/index.html``: a step's link goes there."""
    project = small_site(tmp_path, {"reactions.md": "# Reactions\n\n" + fenced(parry_example())}, ("attr_list",))
    (project / "docs" / "rules").mkdir()
    (project / "docs" / "rules" / "README.md").write_text(f"# Rules\n\n{HIDDEN}\n", "utf-8")
    mkdocs_build(project)
    assert "../rules/#dodge-and-parry" in _step_links(project / "site" / "reactions" / "index.html")
    assert 'id="dodge-and-parry"' in (project / "site" / "rules" / "index.html").read_text("utf-8")


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
    said = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    # MkDocs' own warning, or the check's problem at the link, which comes first since the check
    # reads links' anchors (rulecheck/examples/link_anchors.py)
    assert any(f"contains a link '{link}'" in line or f"docs/attack.md:3:17: link to `{link}`" in line
               for line in said), said


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


# The links a card writes as raw HTML, which MkDocs does not check, found for the build to land ------

CARD = ('<div class="rc-card" id="ex-{id}" data-example="{id}"><p class="rc-cast"><a class="rc-cast__member" '
        'href="{cast}">Elara</a> attacks <span class="rc-cast__member">the orc</span></p><ol class="rc-trace">'
        '<li>Total <a class="rc-rule" href="{step}" aria-label="The rule"></a></li></ol></div>')


def test_each_step_and_cast_link_is_found_with_its_card() -> None:
    html = (CARD.format(id="one", cast="cast.html#cast-elara", step="attack.html#attack-test")
            + "<p>prose <a href='x.html#y'>not a card's</a></p>"
            + CARD.format(id="two", cast="../cast.html#cast-elara", step="#dodge-and-parry&amp;x"))
    assert card_links(html) == [("one", "cast.html#cast-elara"), ("one", "attack.html#attack-test"),
                                ("two", "../cast.html#cast-elara"), ("two", "#dodge-and-parry&x")]


@pytest.mark.parametrize(("here", "href", "target"), [
    ("reactions.html", "attack.html#attack-test", "attack.html"),
    ("reactions.html", "#dodge-and-parry", "reactions.html"),
    ("en/reactions.html", "attack.html#attack-test", "en/attack.html"),
    ("en/rules/deep.html", "../../en/attack.html#attack-test", "en/attack.html"),
    ("en/", "attack.html#attack-test", "en/attack.html"),
    ("", "en/#top", "en/"),
    ("en/reactions.html", "./#x", "en/"),
])
def test_a_link_leads_to_the_page_mkdocs_builds_at_its_url(here: str, href: str, target: str) -> None:
    [(example_id, found, anchor)] = link_targets(here, [("one", href)])
    assert (example_id, found, anchor) == ("one", target, href.partition("#")[2])


def test_a_link_without_an_id_leads_nowhere_to_land() -> None:
    assert link_targets("a.html", [("one", "b.html"), ("one", "b.html#")]) == []
