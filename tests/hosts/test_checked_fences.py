"""Checked means checked: every block the renderer shows as an example is one the check saw.

Two guarantees. The finder reads fences as ``pymdownx.superfences`` reads them (blockquotes,
attribute lists, ``.rulecheck``, every page suffix MkDocs renders), so the command line and pytest
check what the build shows; and the fence formatter records every block it formats without a
checked card, which fails the build (located) or shows an error card while serving.
"""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mkdocs.exceptions import Abort
from mkdocs.utils import markdown_extensions

from rulecheck.examples.finder import MARKDOWN_SUFFIXES, find_blocks
from rulecheck.examples.near_misses import check_near_misses
from rulecheck.hosts import cards
from tests.conftest import examples
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, mkdocs_build

BODY = """\
id: elara-parry
title: Elara pare la hache
rule: attack
given:
  attacker: {name: Orque}
  defender: {name: Elara, level: 2, str: 4, def_phy: 16}
  attack: {kind: melee, total: 15, damage: 1d8+2}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 23
  outcome: parried
  damage: 0
"""

EXTENSIONS = ["admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables", "pymdownx.details",
              "pymdownx.tabbed", "pymdownx.superfences"]


def formatted_blocks(text: str) -> list[str]:
    """The sources superfences hands to our formatter when it renders ``text`` as the site does."""
    seen: list[str] = []

    def record(source: str, language: str, css_class: str, options: object, md: object, **kwargs: object) -> str:
        seen.append(source)
        return "<div>card</div>"

    md = markdown.Markdown(extensions=EXTENSIONS, extension_configs={
        "pymdownx.tabbed": {"alternate_style": True},
        "pymdownx.superfences": {"custom_fences": [{"name": "rulecheck", "class": "rulecheck", "format": record}]},
    })
    md.convert(text)
    return seen


def test_the_finder_reads_every_page_suffix_mkdocs_renders() -> None:
    assert set(MARKDOWN_SUFFIXES) == set(markdown_extensions)


@pytest.mark.parametrize("text", [
    "> ```rulecheck\n> id: a\n> ```\n",
    "> > ```rulecheck\n> > id: a\n> > ```\n",
    ">```rulecheck\n>id: a\n>```\n",
    "!!! note\n    > ```rulecheck\n    > id: a\n    > ```\n",
    "``` { .rulecheck }\nid: a\n```\n",
    "```{.rulecheck #x title=\"a .b\"}\nid: a\n```\n",
    "``` {#x .rulecheck .other}\nid: a\n```\n",
    "```.rulecheck\nid: a\n```\n",
    "~~~ .rulecheck\nid: a\n~~~\n",
    "```rulecheck { .other }\nid: a\n```\n",
    "<div markdown>\n```rulecheck\nid: a\n```\n</div>\n",
    "1. x\n\n    ```rulecheck\n    id: a\n    ```\n",
])
def test_each_fence_the_renderer_formats_is_found_with_the_same_body(text: str) -> None:
    assert [cards.key(s) for s in formatted_blocks(text)] == ["id:a"]
    assert [cards.key(b.source) for b in find_blocks(text)] == ["id:a"]


@pytest.mark.parametrize("text", ["```rulecheck{.x}\nid: a\n```\n", "```RULECHECK\nid: a\n```\n",
                                  "``` { .other .rulecheck }\nid: a\n```\n", "```{ .rulecheck\nid: a\n```\n"])
def test_fences_the_renderer_does_not_format_as_examples_are_not_examples(text: str) -> None:
    assert formatted_blocks(text) == []
    assert find_blocks(text) == []


PREFIXES = ["", "> ", "> > ", ">", "    ", "  ", "\t", " \t", "> \t", "    > ", "> - ", "- "]
OPENERS = ["```rulecheck", "~~~rulecheck", "````rulecheck", "``` rulecheck", "```.rulecheck", "``` { .rulecheck }",
           "```{.rulecheck #x}", "```rulecheck title=x", "```rulecheck title=\"a b\"", "```rulecheck foo",
           "```yaml", "```", "``` {.yaml}", "```rulecheck`", "```yaml hl_lines=\"1 2\"", "```{ .rulecheck"]
CLOSERS = ["```", "~~~", "````", "", "``", "```  ", "  ```"]
LINES = ["id: a", "rule: attack", "", "   ", "  x: 1", "text", "!!! note", "    indented", "=== \"Tab\"", "> id: b",
         "\tx: 2", ">", "```"]


@st.composite
def pages(draw: st.DrawFn) -> str:
    """Pages of fences with random prefixes, info strings, bodies and closers, and prose around."""
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        prefix = draw(st.sampled_from(PREFIXES))
        body_prefix = draw(st.sampled_from([prefix, prefix, "", "> ", "    "]))
        parts.append(draw(st.sampled_from(["", "Some prose.", "!!! note", "> quote", "- item"])))
        parts.append(prefix + draw(st.sampled_from(OPENERS)))
        parts += [body_prefix + line for line in draw(st.lists(st.sampled_from(LINES), max_size=4))]
        parts.append(draw(st.sampled_from([prefix, body_prefix])) + draw(st.sampled_from(CLOSERS)))
    return "\n".join(parts) + "\n"


@settings(max_examples=examples(100), deadline=None)
@given(pages())
def test_the_finder_finds_exactly_the_blocks_the_renderer_formats(text: str) -> None:
    """Blocks found (closed, and not shown as plain code: the check reports those), and blocks
    formatted as examples: the same, in the same order."""
    found = [cards.key(b.source) for b in find_blocks(text) if b.closed and not b.plain]
    assert found == [cards.key(source) for source in formatted_blocks(text)], text


HEADER_WORDS = ["rulecheck", "RuleCheck", "RULECHECK", ".rulecheck", ".RuleCheck", "yaml", ".yaml", "{", "}", "#x",
                "{.rulecheck", "rulecheck}", 'title="a b"', "extra", 'hl_lines="1"', 'hl_lines="x"', 'linenums="1"']
#: What may stand before a fence's marker on its line: nothing, a quote, a list item's or a definition's marker.
OPENER_PREFIXES = ["", "> ", "- ", "1. ", ":   "]


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from(HEADER_WORDS), min_size=1, max_size=4), st.sampled_from(["```", "~~~", "````"]),
       st.sampled_from(OPENER_PREFIXES))
def test_a_fence_naming_rulecheck_is_either_an_example_or_a_located_problem(
        words: list[str], marker: str, prefix: str) -> None:
    """Never neither: a header that names rulecheck and that the renderer does not format as an
    example is reported (a near miss, or a block the check finds and refuses as plain code)."""
    assume(any(word.strip("{}.").casefold() == "rulecheck" for word in words))
    quote = "> " if prefix == "> " else ""
    text = f"Term\n{prefix}{marker}{' '.join(words)}\n{quote}id: a\n{quote}{marker}\n"
    formatted = formatted_blocks(text)
    reported = check_near_misses("page.md", text) + [b for b in find_blocks(text) if b.plain or not b.closed]
    assert bool(formatted) != bool(reported), text


# --- The build's safety net: a block formatted without a card fails the build ------------------------


def outside_snippet_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A page pulling in an example by a way the check does not follow: a snippet, with the
    check's reading of snippets switched off, standing for any way it does not know (it now
    follows the base paths the configuration gives pymdownx)."""
    from rulecheck.examples import check

    monkeypatch.setattr(check, "check_snippets", lambda *args: [])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "example.txt").write_text(f"```rulecheck\n{BODY}```\n", encoding="utf-8")
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "page.md").write_text("# Page\n\nAvant.\n\n--8<-- \"example.txt\"\n", encoding="utf-8")
    config = MKDOCS_YML.replace("  - pymdownx.snippets\n", f"  - pymdownx.snippets:\n      base_path: [{elsewhere}]\n")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    return project


UNCHECKED = ("docs/page.md:1: elara-parry: shown as an example card but never checked: rulecheck does not read "
             "this block (it is not on the page itself: pulled in from another file?). Hint: write the example "
             "on the page itself, in a plain ```rulecheck fence")


@pytest.mark.build
def test_a_block_shown_but_never_checked_fails_the_build_before_any_page_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = outside_snippet_project(tmp_path, monkeypatch)
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(project)
    assert "rulecheck: 1 problem(s) in the examples:" in logs.text
    assert UNCHECKED in logs.text.splitlines()
    assert "Traceback" not in logs.text
    assert not (project / "site" / "page.html").exists() and not (project / "site" / "page").exists()


@pytest.mark.build
def test_while_serving_a_block_never_checked_shows_an_error_card_and_is_logged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = outside_snippet_project(tmp_path, monkeypatch)
    with capture_logs("rulecheck") as logs:
        mkdocs_build(project, command="serve")
    assert UNCHECKED in logs.text.splitlines()
    built = (project / "site" / "page" / "index.html").read_text(encoding="utf-8")
    assert 'class="rc-card rc-card--error"' in built and "the check never saw it" in built
    assert "rc-unchecked" not in built and "✓" not in built


@pytest.mark.build
@pytest.mark.parametrize("front", ["", "---\ntitle: Page\n---\n", "---\ntitle: Page\n---\n\n\n",
                                   "Title: Page\nAuthors: us\n    and them\n\n", "\n\n"])
def test_a_block_located_on_its_page_names_its_line(tmp_path: Path, front: str) -> None:
    """A block the finder misses on the page itself (simulated: the finder is told to see nothing),
    at its line in the page, front matter included (MkDocs gives the plugin the page without it)."""
    from rulecheck.examples import check

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(f"{front}# Page\n\n```rulecheck\n{BODY}```\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch, capture_logs("mkdocs") as logs, pytest.raises(Abort):
        patch.setattr(check, "find_blocks", lambda text, path="": [])
        mkdocs_build(tmp_path)
    line = 4 + front.count("\n")
    assert (f"docs/page.md:{line}: elara-parry: shown as an example card but never checked: rulecheck does not read "
            "this block. Hint: write the example on the page itself, in a plain ```rulecheck fence") in logs.text


def _indented(text: str, prefix: str) -> str:
    return "".join(prefix + line + "\n" for line in text.splitlines())


@pytest.mark.build
@pytest.mark.parametrize(("before", "indent"), [
    ("Some prose.\n\n", "    "),  # an indented code block at the margin
    ("Term\n\n:   A definition.\n\n", "        "),  # indented past the definition: code inside it
    ("- An item.\n\n", "        "),  # indented past the item: code inside it
    ("!!! note\n\n    Text.\n\n", "        "),  # indented past the admonition's text
])
def test_an_example_checked_but_shown_as_something_else_fails_the_build_located(
        tmp_path: Path, before: str, indent: str) -> None:
    """The check finds and runs the block; Markdown shows its fence as code or text, not as a card.
    The formatter is no witness (superfences formats a fence inside indented code, then puts the
    code back): the build looks for each checked card in the page it wrote."""
    (tmp_path / "docs").mkdir()
    page = f"# Page\n\n{before}{indent}```rulecheck\n{_indented(BODY, indent)}{indent}```\n"
    (tmp_path / "docs" / "page.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML.replace("  - admonition\n", "  - admonition\n  - def_list\n"),
                                         encoding="utf-8")
    line = page.count("\n", 0, page.index("```rulecheck")) + 1
    with capture_logs("mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(tmp_path)
    assert (f"docs/page.md:{line}: elara-parry: this example is checked, but the page shows no card for it"
            in logs.text), logs.text[-2000:]
    assert "Traceback" not in logs.text


@pytest.mark.build
def test_an_example_shown_as_its_card_passes_wherever_it_is_nested(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    page = ("# Page\n\n- An item.\n\n" + _indented(f"```rulecheck\n{BODY}```", "    ") + "\n"
            "!!! note\n\n" + _indented(f"```rulecheck\n{BODY.replace('elara-parry', 'in-a-note')}```", "    "))
    (tmp_path / "docs" / "page.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    mkdocs_build(tmp_path)
    built = (tmp_path / "site" / "page" / "index.html").read_text(encoding="utf-8")
    assert 'id="ex-elara-parry"' in built and 'id="ex-in-a-note"' in built


@pytest.mark.build
def test_an_example_checked_but_inside_what_a_browser_hides_fails_the_build_located(tmp_path: Path) -> None:
    """A card in a block marked ``hidden``, in a ``<template>`` or styled out of sight: checked,
    quotable by the prose, and never seen by a reader. Each is refused at its fence."""
    (tmp_path / "docs").mkdir()
    wrappers = [("<div hidden markdown>", "</div>"), ("<template markdown>", "</template>"),
                ('<div style="display: none" markdown>', "</div>")]
    page, lines = "# Page\n\n", []
    for number, (start, end) in enumerate(wrappers):
        page += f"{start}\n\n"
        lines.append(page.count("\n") + 1)
        page += f"```rulecheck\n{BODY.replace('elara-parry', f'hidden-{number}')}```\n\n{end}\n\n"
    page += f"```rulecheck\n{BODY.replace('elara-parry', 'in-sight')}```\n"  # shown: no problem
    (tmp_path / "docs" / "page.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML.replace("  - admonition\n", "  - admonition\n  - md_in_html\n"),
                                         encoding="utf-8")
    with capture_logs("mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(tmp_path)
    for number, line in enumerate(lines):
        assert (f"docs/page.md:{line}: hidden-{number}: this example is checked, but its card stands inside"
                in logs.text), logs.text[-3000:]
    assert "in-sight" not in logs.text and "Traceback" not in logs.text
