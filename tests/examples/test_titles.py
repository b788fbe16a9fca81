"""Titles and headings are bounded (rulecheck/examples/titles.py): MkDocs copies a page's title into
the navigation of every page, and a title of several MB (a heading, or the front matter's
``title:``) made every page of the site as large. The three hosts: tests/bad_inputs/title-too-long."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.utils.meta import get_data

from rulecheck.examples.check import check_page, check_paths
from rulecheck.examples.front_matter import meta_values
from rulecheck.examples.titles import MAX_TITLE_CHARS, check_titles
from tests.hosts.run_hosts import cli

LONG = "Une attaque d'opportunité " * 20  # 520 characters
OVER = "x" * (MAX_TITLE_CHARS + 1)
EXACT = "x" * MAX_TITLE_CHARS


def located(text: str) -> list[tuple[int, int | None]]:
    return [(p.line, p.col) for p in check_titles("docs/page.md", text)]


@pytest.mark.parametrize(("text", "where"), [
    (f"# {OVER}\n", [(1, 1)]),
    (f"#{OVER}\n", [(1, 1)]),  # Python-Markdown needs no space after the #
    (f"Texte.\n\n###### {OVER} ######\n", [(3, 1)]),
    (f"####### {OVER}\n", [(1, 1)]),  # seven: an h6 whose text starts with #
    (f"{OVER}\n===\n", [(1, 1)]),
    (f"Texte.\n\n{OVER}\n---\n\nSuite.\n", [(3, 1)]),  # a --- under a line: an h2, not a rule
    (f"!!! note\n\n    ## {OVER}\n", [(3, 5)]),
    (f"> > # {OVER}\n", [(1, 5)]),
    (f"- item\n\n    {OVER}\n    ====\n", [(3, 5)]),
    (f"<h1 markdown>{OVER}</h1>\n", [(1, 1)]),
    (f'<H2 class="x">\n{OVER}\n</H2 >\n', [(1, 1)]),
    (f"---\ntitle: {OVER}\n---\n\n# Page\n", [(2, 1)]),
    (f"---\ntitle: Page\nsubtitle: '{OVER}'\n---\n", [(3, 1)]),
    (f"---\ntitle: [{', '.join(['a'] * 200)}]\n---\n", [(2, 1)]),  # not a string: written out all the same
    (f"Title: {LONG[:200]}\n    {LONG[:200]}\n\n# Page\n", [(1, 1)]),  # MultiMarkdown lines, joined
    (f"---\ntitle: {OVER}\n---\n# {OVER}\n{OVER}\n---\n", [(2, 1), (4, 1), (5, 1)]),  # all at once
])
def test_a_heading_or_title_over_the_limit_is_a_located_error(text: str, where: list[tuple[int, int]]) -> None:
    assert located(text) == where
    problems = [p for p in check_page("docs/page.md", text).problems if "is a list" not in p.message]
    assert [(p.line, p.col) for p in problems] == where  # (a title that is a list is refused as such too)


@pytest.mark.parametrize("text", [
    f"# {EXACT}\n",
    f"# {EXACT} ###\n",  # the closing hashes are not the heading's
    f"{EXACT}\n===\n",
    f"---\ntitle: {EXACT}\n---\n# {EXACT}\n",
    f"Texte.\n\n```sh\n# {OVER}\n```\n",  # a comment in code
    f"    ```\n    # {OVER}\n    ```\n",
    f"Texte `# {OVER}`.\n",
    f"{OVER}\n\n---\n",  # a rule after a blank line: a paragraph, no heading
    f"<p>{OVER}</p>\n<h1>Titre</h1>\n",
    f"<h1>{OVER}\n",  # never closed
    f"---\ndescription: {OVER}\n---\n",  # one page's own meta: not copied into others
])
def test_what_is_not_a_long_heading_or_title_passes(text: str) -> None:
    assert located(text) == []


def test_the_front_matter_values_are_those_mkdocs_gives_the_templates() -> None:
    for text in [f"Title: {LONG[:200]}\n    {LONG[:200]}\nsubtitle: x\nTITLE: y\n\n# Page\n",
                 f"---\ntitle: {LONG}\nsubtitle: 'a b'\n---\n"]:
        meta = get_data(text)[1]
        assert {key: length for key, _, length in meta_values(text)} == {key: len(v) for key, v in meta.items()}


@pytest.mark.parametrize("ends", ["\n", "\r\n", "\r"])
def test_a_title_of_several_megabytes_is_one_line_in_every_line_end(ends: str, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    huge = "Titre " * 500_000
    (docs / "a.md").write_bytes(ends.join(["Intro.", "", f"# {huge}", "", "Texte."]).encode())
    (docs / "b.md").write_bytes(ends.join(["---", f"title: {huge}", "---", "", "Texte."]).encode())
    (docs / "c.md").write_bytes(ends.join(["Intro.", "", huge, "---", ""]).encode())
    result = cli(tmp_path, "check", "docs")
    assert result.exit_code == 1
    assert [line[:40] for line in result.output.splitlines()] == [
        "docs/a.md:3:1: this heading holds 2,999,", "docs/b.md:2:1: the front matter's `title",
        "docs/c.md:3:1: this heading holds 2,999,", "0 examples on 3 pages: 3 problem(s)"]
    assert len(result.output) < 2_000  # the title is counted, never shown


def test_the_sites_pages_are_within_the_limit() -> None:
    report = check_paths([Path("docs")], root=Path("."))
    assert not [p for page in report.pages.values() for p in page.problems if p.kind == "title"]


@pytest.mark.parametrize("blank", ['" "', '"\\u3000"', '"\\u00a0"', '"\\n"', '"\\u2800"', '"  \\t "'])
@pytest.mark.parametrize(("where", "field"), [
    ("title: {b}\n", "title"),
    ("given:\n  attacker: {{name: {b}}}\n", "given.attacker.name"),
    ("given:\n  attacker: {{name: {{fr: Bob, en: {b}}}}}\n", "given.attacker.name.en"),
    ("given:\n  situation:\n    grid:\n      map: A D\n      creatures: {{D: {{name: {b}}}}}\n",
     "given.situation.grid.creatures.D.name"),
])
def test_a_title_or_a_name_of_blank_characters_is_a_located_problem(blank: str, where: str, field: str) -> None:
    """A card titled "\\u3000" showed nothing before its badge; a name of spaces read "  attacks Zed"."""
    body = "id: blank\nrule: attack\n" + where.format(b=blank)
    text = f"# Page\n\n```rulecheck\n{body}```\n"
    problems = [p for o in check_page("docs/en/page.md", text, odds=False).outcomes for p in o.problems
                if "only blank characters" in p.message]
    assert [p.field for p in problems] == [field]
    assert f"{field.split('.')[-1]}:" in text.splitlines()[problems[0].line - 1]


@pytest.mark.parametrize("front", ['---\ntitle: "  "\n---\n', '---\nsubtitle: "\\u3000"\n---\n',
                                   '---\ntitle: "\\t"\nhide: [toc]\n---\n', "---\ntitle: '\u00a0\u00a0'\n---\n"])
def test_a_front_matter_title_of_blank_characters_is_a_located_problem(front: str) -> None:
    """`title: "  "` gave every window `<title>   - Règles de combat</title>`."""
    text = front + "# Page\n\nText.\n"
    problems = [p for p in check_titles("docs/page.md", text) if "only blank characters" in p.message]
    assert [(p.line, p.col) for p in problems] == [(2, 1)]
