"""The lexer finds every rulecheck fence, at its exact line, wherever Markdown allows one."""

from __future__ import annotations

from pathlib import Path

from rulecheck.examples.finder import find_blocks

SAMPLES = Path(__file__).parents[1] / "samples"


def test_blocks_are_found_at_their_lines_in_admonitions_tabs_and_lists() -> None:
    blocks = find_blocks((SAMPLES / "fr" / "nested.md").read_text("utf-8"), "nested.md")
    assert [(b.line, b.indent, b.source.splitlines()[0]) for b in blocks] == [
        (3, "", "id: top"),
        (14, "    ", "id: in-admonition"),
        (26, "    ", "id: in-tab"),
        (37, "    ", "id: in-list"),
    ]
    assert all(b.closed for b in blocks)
    assert blocks[1].source.splitlines()[3] == "  defender: {def_phy: 13}"


def test_other_languages_and_longer_fences_are_respected() -> None:
    text = "````markdown\n```rulecheck\nid: inside-a-quoted-fence\n```\n````\n```rulecheck\nid: real\n```\n"
    blocks = find_blocks(text)
    assert [b.source for b in blocks] == ["id: real\n"]
    assert blocks[0].line == 6


def test_an_unclosed_fence_runs_to_the_end() -> None:
    (block,) = find_blocks("text\n```rulecheck\nid: open\nrule: attack\n")
    assert not block.closed
    assert block.line == 2 and block.source == "id: open\nrule: attack\n"


def test_info_string_with_attributes() -> None:
    # As superfences reads headers: a quoted highlighting option keeps a fence, a bare one makes text.
    assert len(find_blocks("``` rulecheck title=\"x\"\nid: a\n```\n")) == 1
    assert find_blocks("``` rulecheck title=x\nid: a\n```\n") == []
    assert find_blocks("```rulechecker\nid: a\n```\n") == []
