"""A heading id is written on one page of its language: written on two, every card's step link, or
a reader's, went to one of them, silently (rulecheck.examples.headings)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.examples.check import check_paths
from rulecheck.examples.headings import heading_lines, page_headings
from rulecheck.examples.made_ids import MadeIds
from tests.conftest import deadline, examples
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
    "## Attack { #attack-test }", "## Parry {: #dodge-and-parry .wide }", "Parry { #dodge-and-parry }\n---",
    "## Notes { #notes }",  # an id no card names: a reader's link to it lands on one of the two too
])
@pytest.mark.parametrize("end", ["\n", "\r\n"])
def test_a_step_s_anchor_on_two_pages_of_a_language_is_located_on_the_later_one(
        tmp_path: Path, heading: str, end: str) -> None:
    anchor = re.search(r"#([a-z-]+)", heading)[1]  # type: ignore[index]
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
    # shown in a fence, hidden in a comment or a script: no heading of the page
    {"en/a.md": "# A\n\n## Parry { #dodge-and-parry }\n\n" + PARRY,
     "en/b.md": "# B\n\n````markdown\n## Parry { #dodge-and-parry }\n````\n\n<!--\n## Parry { #dodge-and-parry }\n-->\n"
                "\n<script>\n## Parry { #dodge-and-parry }\n</script>\n"},
    # a page MkDocs leaves out (a hidden folder, by default) builds nothing to link to
    {"en/a.md": "# A\n\n## Parry { #dodge-and-parry }\n\n" + PARRY,
     "en/.drafts/b.md": "# B\n\n## Parry { #dodge-and-parry }\n"},
])
def test_no_problem_where_an_id_has_one_place_in_each_language(tmp_path: Path, pages: dict[str, str]) -> None:
    _write(tmp_path, pages)
    assert _anchor_problems(tmp_path) == []


#: Blocks an author may write, each with its own id: ``h`` where Markdown makes a heading of it,
#: ``n`` where it does not.
BLOCKS = [
    "## Parry { #h }", "##Parry { #h }", "## Parry { #h } ##", "## Parry {: #h .wide }", "## Parry { .wide #h }",
    "## Parry {#h}", "Parry { #h }\n---", "Parry { #h }\n===", "> ## Parry { #h }", "text\n## Parry { #h }",
    "!!! note\n    ## Parry { #h }", "??? note \"Why\"\n    ## Parry { #h }", "=== \"Tab\"\n\n    ## Parry { #h }",
    "!!! note\n    === \"Tab\"\n\n        ## Parry { #h }", "- item\n\n    ## Parry { #h }",
    "1. item\n\n    ## Parry { #h }", "<div markdown>\n## Parry { #h }\n</div>",
    "    ## Parry { #n }", "<div>\n## Parry { #n }\n</div>", "<pre>\n## Parry { #n }\n</pre>",
    "```\n## Parry { #n }\n```", "<!--\n## Parry { #n }\n-->", "!!! note\n     ## Parry { #n }",
    "- item\n  ## Parry { #n }", "para\nParry { #n }\n---",
    "plain text", "- a\n- b", "    indented text", "## Parry { #n", "## Parry { n }",
    # How attr_list reads a heading's list (a nineteenth hostile round): a space before it, every word
    # read or none, the last id winning, nothing hidden by an escape or inside a code span.
    "## Parry{#n}", "## Parry\u00a0{ #n }", "## Parry\t{ #h }", "## Parry \\{ #n }", "## Parry {x} { #n }",
    "## Parry { #n #h }", "## Parry { #h }##", "## Parry { #n } #  ", "## Parry { id=h }", "## Parry { #h } ",
    "## [Pa {r}](u) { #h }", "## `{ #n }`", "## `c` { #h }", "## *P {a}* { #h }", "## P \\# { #h }",
    # Raw HTML blocks as md_in_html reads them: a void element opens none; an indented one does;
    # only markdown="1" (or bare) on a block tag, or "block", reads headings inside.
    "<hr>\n\n## Parry { #h }", "<hr/>\n## Parry { #h }", "  <div>\n## Parry { #n }\n</div>",
    "<div markdown=\"span\">\n## Parry { #n }\n</div>", "<div data-x=\"markdown\">\n## Parry { #n }\n</div>",
    "<div markdown=\"block\">\n## Parry { #h }\n</div>", "<div markdown=\"1\">\n## Parry { #h }\n</div>",
    "<p markdown>\n## Parry { #n }\n</p>", "<section markdown='1'>\n## Parry { #h }\n</section>",
    "<divx>\n## Parry { #h }\n</divx>",
    # Raw blocks within raw blocks, and raw blocks that are no element (a twentieth hostile round).
    "<div>\n<div></div>\n## Parry { #n }\n</div>",
    "<div class=\"a\">\n<div class=\"b\">\n</div>\n## Parry { #n }\n</div>",
    "<div/>\n\n## Parry { #h }", "<?php\n## Parry { #n }\n?>", "<![CDATA[\n## Parry { #n }\n]]>",
    "<!DOCTYPE html\n## Parry { #n }\n>", "<?php echo 1; ?>\n\n## Parry { #h }",
    # « 1) » opens no list in Python-Markdown: the indented heading after it is code (a 31st round)
    "1) item\n\n    ## Parry { #n }", "1. item\n\n    ## Parry { #h }",
]


def _numbered(blocks: list[str]) -> str:
    """The blocks as one page, blank lines between them, each id made unique by its place."""
    return "".join(block.replace("#h", f"#h{i}").replace("#n", f"#n{i}").replace("id=h", f"id=h{i}") + "\n\n"
                   for i, block in enumerate(blocks))


def _markdown_ids(page: str) -> list[str]:
    """The ids written on the headings Markdown renders (no table of contents: no id made from the text)."""
    import markdown

    rendered = markdown.markdown(page, extensions=[
        "attr_list", "admonition", "md_in_html", "pymdownx.details", "pymdownx.superfences",
        "pymdownx.tabbed"], extension_configs={"pymdownx.tabbed": {"alternate_style": True}})
    return re.findall(r"<h[1-6][^>]*\bid=\"([^\"]+)\"", rendered)


@pytest.mark.parametrize("block", BLOCKS)
def test_a_heading_s_id_is_read_where_markdown_makes_one_and_only_there(block: str) -> None:
    page = _numbered([block])
    assert list(heading_lines(page)) == _markdown_ids(page) == (["h0"] if re.search("#h|id=h", block) else [])


@settings(max_examples=examples(200))
@given(st.lists(st.sampled_from(BLOCKS), min_size=1, max_size=6))
def test_the_ids_of_a_page_of_blocks_are_those_markdown_renders(blocks: list[str]) -> None:
    """Blocks separated by a blank line, as the site's pages are written (blocks run together are
    read as nearly as Markdown reads them, not exactly: `heading_lines`)."""
    page = _numbered(blocks)
    assert list(heading_lines(page)) == _markdown_ids(page)


@pytest.mark.parametrize(("checked", "told"), [
    ("docs/en/zz.md", [("docs/en/zz.md", 3)]), ("docs/en/reactions.md", [("docs/en/reactions.md", 3)]),
    ("docs/en", [("docs/en/zz.md", 3)]),
    ("docs/en/other.md", []),  # two pages it did not check: their own run says it
    ("docs/fr/reactions.md", []),
])
def test_a_run_on_some_pages_reads_their_language_s_others_for_their_headings(
        tmp_path: Path, checked: str, told: list[tuple[str, int]]) -> None:
    _write(tmp_path, {"en/reactions.md": "# R\n\n## Parry { #dodge-and-parry }\n\n" + PARRY,
                      "en/zz.md": "# Z\n\n## Parry { #dodge-and-parry }\n", "en/other.md": "# O\n\nText.\n",
                      "fr/reactions.md": "# R\n\n## Parer { #dodge-and-parry }\n\n" + PARRY})
    report = check_paths([tmp_path / checked], tmp_path)
    said = [(p.path, p.line) for page in report.pages.values() for p in page.problems if "heading id" in p.message]
    # on the later page when it is read; else on the first, naming the later one
    assert said == told


@pytest.mark.parametrize("run", [" ", "\t", "\u00a0", "#", " #", " {", "{ ", "\\", "\\#", " }", "{:", "` "])
@pytest.mark.parametrize("ending", ["x", "{ #x }", " #", ""])
def test_a_heading_of_a_long_run_is_read_in_one_pass(run: str, ending: str) -> None:
    """A heading's line of 100,000 characters, the same few repeated: the pattern that read its
    closing hashes tried each end of the text (60,000 spaces took 77 s). Its id, if any, is the one
    attr_list would give, and the page holds it once (the check refuses the heading for its length)."""
    with deadline(30):  # a hang, not a speed: the line is read in milliseconds
        found = heading_lines(f"# a{run * (100_000 // len(run))}{ending}\n\nText.\n")
    assert set(found) <= {"x"} and all(line == 1 for line in found.values())


@pytest.mark.parametrize("unit", ["[\\{", "[{", "`{", "<{", "&{", "\\{ {"])
@pytest.mark.parametrize(("count", "length"), [(200, 998), (1_000, 998), (30_000, 298)])
def test_a_page_of_headings_markdown_reads_slowly_is_read_within_an_allowance(
        unit: str, count: int, length: int) -> None:
    """A heading holding inline markup and braces is read by Python-Markdown itself, which takes
    0.15 s on some (``[\\{`` repeated): 200 of them took 28 s (a twentieth hostile round). A page's
    headings get MARKDOWN_READS characters of it; the rest are read as attr_list reads plain text."""
    heading = "# " + (unit * (length // len(unit) + 1))[:length]
    # a hang, not a speed: the page is read in a few seconds, some tens under coverage on a loaded machine
    with deadline(120):
        found = heading_lines("# T\n\n" + (heading + " { #x }\n") * count)
    # The first heading is read by Markdown itself, within the allowance: its id is Markdown's.
    assert found == dict.fromkeys(_markdown_ids(heading + " { #x }"), 3), found


def test_the_ids_headings_make_are_kept_each_at_its_first_line() -> None:
    made = MadeIds()
    page_headings("# Page\n\n## Dodge\n\n## Dodge and parry\n\n## Dodge and parry\n\n## Cover { #cover }\n", made)
    assert (made.line("dodge"), made.line("dodge-and-parry"), made.line("page")) == (3, 5, 1)
    assert made.line("cover") is None and made.line("and-parry") is None and made.line("dodge-and") is None


#: Heading lines that end in backslashes (a twenty-ninth hostile round: `# Title \` is no heading in
#: Python-Markdown, whose ATX pattern cannot read past a backslash that escapes nothing), and the
#: blocks such a line may then belong to: a paragraph, a setext heading, a quote, a list item's lazy line.
BACKSLASH_BLOCKS = [
    "# A \\", "# A \\\\", "# A \\\\\\", "# A \\\\\\\\", "# A \\ ", "#A\\", "###### A \\", "# A \\# B",
    "# A \\\n===", "# A \\\n---", "> # A \\", "> # A \\\\", "- x\n# A \\", "- x\n# A \\\\", "p\n# A \\\n# B",
    "# A \\\n# B \\\\", "!!! note\n    # A \\", "!!! note\n    # A \\\\",
]


@pytest.mark.parametrize("block", BACKSLASH_BLOCKS)
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_heading_line_s_trailing_backslashes_make_an_id_where_markdown_makes_one(block: str, end: str) -> None:
    import markdown

    words = ("alpha", "bravo")
    page = block.replace("A", words[0]).replace("B", words[1]) + "\n"
    rendered = markdown.markdown(page, extensions=["attr_list", "admonition", "toc"])
    made = MadeIds()
    page_headings(page.replace("\n", end), made)
    assert {word: made.line(word) is not None for word in words} == \
        {word: f'id="{word}"' in rendered for word in words}, rendered


@pytest.mark.parametrize(("first", "second"), [
    ("## Alpha { #same-one }", "## Beta { #same-one }"),
    ("Alpha { #same-one }\n---", "### Beta {: #same-one .wide }"),
    ("## Alpha { #same-one }", "!!! note\n    ## Beta { #same-one }"),
    ("## Alpha {#same-one}", "> ## Beta {#same-one}"),
])
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_one_page_s_two_headings_of_one_id_are_refused_at_the_later_one(
        tmp_path: Path, first: str, second: str, end: str) -> None:
    """Only two pages' headings were compared (a thirtieth hostile round): the build found the page's
    two elements of one id, the author's check nothing."""
    page = f"# Page\n\n{first}\n\nText.\n\n{second}\n\nMore.\n\n## Gamma {{ #same-one }}\n"
    _write(tmp_path, {"en/a.md": page.replace("\n", end), "fr/a.md": "# Page\n"})
    problems = _anchor_problems(tmp_path)
    lines = [number + 1 for number, line in enumerate(page.split("\n")) if "same-one" in line]
    assert [(path, line) for path, line, _ in problems] == [("docs/en/a.md", line) for line in lines[1:]]
    assert all(f"line {lines[0]} of this page" in message for _, _, message in problems)


@pytest.mark.parametrize("heading", [
    "## Dodge and parry[^9]", "## Dodge [^9] and parry", "## Dodge and parry[^9][^note]", "Dodge and parry[^9]\n---",
    "## Dodge and parry[^undefined]", "## Dodge and parry [^9]{ #own }", "## `[^9]` Dodge",
    # a 31st round: an autolink shows its address; an escaped backtick opens no code span
    "## Dodge and parry <https://example.org>", "## Dodge \\` and parry[^9]", "## Mail <a@b.org> now",
])
def test_a_footnote_s_reference_in_a_heading_makes_the_id_markdown_makes(heading: str) -> None:
    """MkDocs makes no id of a footnote's number (a thirtieth hostile round: the check made
    `dodge-and-parry1` of a heading a card's steps link to as `dodge-and-parry`); of an undefined
    one's brackets it does."""
    import markdown

    page = f"{heading}\n\nText.\n\n[^9]: A note.\n[^note]: Another.\n\n```text\n[^undefined]: in a fence\n```\n"
    rendered = markdown.markdown(page, extensions=["attr_list", "footnotes", "toc", "pymdownx.superfences"])
    made = MadeIds()
    page_headings(page, made)
    written = re.search(r'<h[1-6] id="([^"]+)"', rendered)[1]  # type: ignore[index]
    assert made.line(written) == 1 or "{ #" in heading, (written, rendered)


@pytest.mark.parametrize(("where", "defined"), [
    ("```text\n[^dp]: shown, not defined\n```", False), ("<!--\n[^dp]: hidden\n-->", False),
    ("!!! note\n\n    [^dp]: A note.", True), ("> [^dp]: A note.", True), ("[^dp]: A note.", True),
])
def test_a_footnote_defined_in_a_fence_or_a_comment_defines_none(where: str, defined: bool) -> None:
    """A 31st hostile round: a footnote « defined » in a fence was counted, and one defined in an
    admonition was not; the heading's id is the one toc makes either way."""
    import markdown

    page = f"## Dodge and parry[^dp]\n\nText.\n\n{where}\n"
    rendered = markdown.markdown(page, extensions=["admonition", "attr_list", "footnotes", "toc",
                                                   "pymdownx.superfences"])
    written = re.search(r'<h2 id="([^"]+)"', rendered)[1]  # type: ignore[index]
    assert (written == "dodge-and-parry") is defined, rendered
    made = MadeIds()
    page_headings(page, made)
    assert made.line(written) == 1


@pytest.mark.parametrize("opener", ["<template>", "<script>", "<style>", "<textarea>", "<title>", "<!--",
                                    "<TEMPLATE hidden>", "<script type=x>"])
@pytest.mark.parametrize("code", ["See `{}` here.", "See `` {} `` here.", "```\n{}\n```", "~~~md\n{}\n~~~",
                                  "````markdown\n{}\n````"])
def test_a_tag_in_code_hides_no_heading_after_it(opener: str, code: str) -> None:
    """The authors' page wrote « (a `<template>`, … ) »: every heading after it was lost to the
    check, read as inside a never-closed raw-text element. In code, a tag is text."""
    after = "\n\n## After { #after-it }\n"
    page = "# Page\n\n" + code.replace("{}", opener) + after
    assert [h.id for h in page_headings(page) if h.id] == ["after-it"], page
    # outside code the same tag hides what follows, as a browser hides it
    hidden = "# Page\n\nSee " + opener + " here." + after
    assert [h.id for h in page_headings(hidden) if h.id] == []
