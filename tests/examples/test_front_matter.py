"""A page's front matter (rulecheck/examples/front_matter.py): found where MkDocs finds it, no
anchor or alias in its YAML (the templates wrote a title of aliases of aliases out in full: a
build's MemoryError), no prose reference in it (shown unbound). The plugin's side, the check's
lines found in the Markdown MkDocs gives it: tests/hosts/test_snippet_hosts.py, test_checked_fences.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs.utils.meta import get_data

from rulecheck.examples.check import check_page, check_paths
from rulecheck.examples.front_matter import check_front_matter, front_matter, lines_taken_off
from rulecheck.examples.references import check_references
from tests.conftest import deadline

PIECES = ["---\n", "...\n", "--- \n", "title: x\n", "a: [1, 2]\n", "    more\n", "\tmore\n", "\n", "   \n", "# H\n",
          "text\n", "key:\n", "- x\n", "a: &x 1\n", "b: *x\n", "x: [\n", "Note: y", ": z\n", "k: v", "{{ a.b }}\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8))
def test_front_matter_ends_where_mkdocs_starts_the_pages_markdown(parts: list[str]) -> None:
    text = "".join(parts)
    found = front_matter(text)
    assert text[found.end if found else 0:] == get_data(text)[0]
    assert lines_taken_off(text) == text.count("\n") - get_data(text)[0].count("\n")


def bomb(levels: int) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 3)}]" for i in range(1, levels)]
    return "\n".join(lines) + f"\ntitle: *a{levels - 1}\n"


@pytest.mark.parametrize(("header", "line", "col", "what"), [
    (bomb(9), 2, 5, "an anchor (`&a0`)"),
    ("title: T\nbase: &b {x: 1}\n", 3, 7, "an anchor (`&b`)"),
    ("title: T\nextra:\n  - *nothing\n", 4, 5, "an alias (`*nothing`)"),
    ("search: {exclude: true}\nmeta: [1, &one 1, *one]\n", 3, 11, "an anchor (`&one`)"),
    ("a: &a {x: 1}\nb:\n  <<: *a\n", 2, 4, "an anchor (`&a`)"),
    ("title: !!str &t T\n", 2, 8, "an anchor (`&t`)"),
])
def test_an_anchor_or_an_alias_in_the_yaml_header_is_a_located_error(header: str, line: int, col: int,
                                                                    what: str) -> None:
    text = f"---\n{header}---\n\n# Page\n"
    problems = check_front_matter("docs/page.md", text)
    assert [(p.line, p.col) for p in problems] == [(line, col)]
    assert problems[0].message.startswith(f"{what} in the page's front matter, where anchors and aliases are refused")
    assert [p.located() for p in check_page("docs/page.md", text).problems] == [p.located() for p in problems]


def _block_mapping(depth: int) -> str:
    return "".join(f"{'  ' * level}k{level}:\n" for level in range(depth)) + f"{'  ' * depth}v: 1\n"


@pytest.mark.parametrize(("header", "line"), [
    ("x: " + "[" * 30_000 + "]" * 30_000 + "\n", 2),    # killed the check and the build (libyaml recursion)
    ("x: " + "{a: " * 30_000 + "1" + "}" * 30_000 + "\n", 2),
    ("title: T\nx: " + "[" * 21 + "]" * 21 + "\n", 3),  # one level past the bound
    ("x: " + "[{a: " * 11 + "1" + "}]" * 11 + "\n", 2),  # sequences and mappings together
    (_block_mapping(25), 22),                            # block style, by indentation
    ("x: " + "[" * 30_000 + "\n", 2),                    # never closed: still refused, not read
])
def test_a_header_nested_deeper_than_the_bound_is_a_located_error_not_a_crash(header: str, line: int) -> None:
    text = f"---\n{header}---\n\n# Page\n"
    problems = check_front_matter("docs/page.md", text)
    assert [(p.line, p.kind) for p in problems] == [(line, "front-matter")]
    assert problems[0].col is not None and text.splitlines()[line - 1][problems[0].col - 1] in "[{k"
    assert "nests deeper than 20 levels" in problems[0].message
    assert front_matter(text) is None  # nothing reads it as data after that


def test_a_header_as_deep_as_the_bound_is_read() -> None:
    text = "---\nx: " + "[" * 19 + "]" * 19 + "\n---\n\n# Page\n"
    assert check_front_matter("docs/page.md", text) == [] and front_matter(text) is not None


@pytest.mark.parametrize("header", [
    "title: 'Elara & Kael'\n", "title: 5 * 3\n", "title: \"*x\"\n", "search:\n  exclude: true\n",
    "title: [unclosed\n",  # not YAML: MkDocs shows it as the page's text, no data
    "- a list\n",  # no mapping: MkDocs leaves the page whole
])
def test_a_header_without_anchors_or_aliases_passes(header: str) -> None:
    assert check_front_matter("docs/page.md", f"---\n{header}---\n\n# Page\n") == []


def test_an_anchor_below_the_header_is_none_of_its_business() -> None:
    text = "# Page\n\n---\na: &a 1\nb: *a\n---\n"
    assert front_matter(text) is None and check_front_matter("docs/page.md", text) == []


@pytest.mark.parametrize(("front", "line", "col"), [
    ("---\ntitle: Elara reaches {{ p.reaction_total }}\n---\n", 2, 22),
    ("---\ndescription: >\n  A parry at\n  {{ p.reaction_total }}\n---\n\n\n", 4, 3),
    ("Title: Elara reaches {{ p.reaction_total }}\n\n", 1, 22),
    ("Title: Elara\n    reaches {{ p.reaction_total }}\n", 2, 13),
])
def test_a_reference_in_the_front_matter_is_refused_one_after_it_is_bound(front: str, line: int, col: int) -> None:
    body = ("# Page\n\n```rulecheck\nid: p\nrule: attack\ngiven:\n  defender: {name: the guard, level: 2, str: 4}\n"
            "  attack: {total: 15}\n  reaction: parry\ndice:\n  reaction: [17]\nexpect:\n  reaction_total: 23\n```\n\n"
            "Total {{ p.reaction_total }}.\n")
    text = front + body
    ran = check_page("docs/page.md", text).outcomes
    problems = check_references("docs/page.md", text, ran)
    assert [(p.line, p.col, p.field) for p in problems] == [(line, col, "reaction_total")]
    assert "prose reference in the page's front matter" in problems[0].message


def test_the_check_of_an_alias_bomb_is_quick_and_said_once(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "page.md"
    page.parent.mkdir()
    page.write_text(f"---\n{bomb(30)}---\n\n# Page\n", encoding="utf-8")
    with deadline(30):
        problems = check_paths([tmp_path / "docs"], root=tmp_path).all_problems
    assert [p.located().split(" in the page")[0] for p in problems] == ["docs/page.md:2:5: an anchor (`&a0`)"]
