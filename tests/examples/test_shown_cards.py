"""The cards a reader sees are the examples the check ran: a hand-written card, and an example
inside an HTML comment (which the check would count for parity though the page hides it), are
located problems, wherever they stand and however they are written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.shown_cards import check_shown_cards
from tests.hosts.run_hosts import MKDOCS_YML, cli

BLOCK = """\
```rulecheck
id: elara-parry
rule: attack
given:
  defender: {name: Elara, level: 2, str: 4}
  attack: {total: 15}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 23
```
"""


@pytest.mark.parametrize("markup", [
    '<div class="rc-card" id="ex-fake"><p class="rc-card__title">Fake <span class="rc-badge rc-badge--ok">✓ checked'
    "</span></p></div>",
    "<span class='rc-badge rc-badge--ok'>✓ vérifié</span>",
    '<DIV CLASS="note rc-card">x</DIV>',
    "<p class=rc-badge>✓</p>",
    '<div data-example="elara-parry">x</div>',
    '<div markdown class="other rc-card--error">\n**x**\n</div>',
    '<section\n  class="rc-card">x</section>',
    # a quoted angle bracket before the class ended the tag there for the scan, not for a browser
    '<div title=">" class="rc-card" id="ex-fake"><span title=">" class="rc-badge rc-badge--ok">✓</span></div>',
    "<div title='<' class=\"rc-card\">x</div>",
    '<p data-x="a > b" data-y=\'<\' class=rc-badge>✓</p>',
    '<span title=">>>" \n  class="rc-badge">✓</span>',
    '<div x=a"b class="rc-card">x</div>',  # a quote inside a bare value opens nothing
    # names the browser's tokenizer reads and a stricter grammar did not (a twenty-fifth hostile round)
    '<div "x" class="rc-card"><span "x" class="rc-badge rc-badge--ok">✓ checked</span></div>',
    '<div =x class="rc-card">x</div>',
    "<span 'q'=\"\" class=\"rc-badge rc-badge--ok\">✓</span>",
    '<div/class="rc-card">x</div>',
    '<div x="1"/CLASS=rc-card>x</div>',
    '<div a<b class=rc-card>x</div>',
    '<div x=<y class=rc-card>x</div>',
    '<div\fclass="rc-card">x</div>',
    '<div class="rc-card" class="other">x</div>',
    # a value's character references, which the browser decodes (a twenty-eighth hostile round)
    '<div class="rc&#45;card" id="ex-fake"><span class="rc&#x2D;badge rc&#45;badge--ok">✓ checked</span></div>',
    "<span class=rc&#x2d;badge>✓</span>", '<p class="&#114;c-card">x</p>', "<b class='rc&#0045;badge'>✓</b>",
    '<i class="RC&#45;CARD">x</i>', '<p class="rc&#45badge">✓</p>',
])
@pytest.mark.parametrize("around", ["{}", "> {}", "- {}", "!!! note\n    {}"])
def test_a_hand_written_card_is_a_located_error(markup: str, around: str) -> None:
    text = f"# Page\n\nSome text.\n\n{around.format(markup)}\n"
    problems = check_shown_cards("docs/page.md", text)
    assert problems, text
    first = problems[0]
    line = text.count("\n", 0, text.index("<" + markup[1:].split()[0].split(">")[0])) + 1
    assert first.line == line and first.kind == "forged-card"
    assert first.message.startswith("hand-written card markup: only a ```rulecheck block makes a card")


@pytest.mark.parametrize("text", [
    "The **✓ checked** mark says the engine found the values.",
    "`<div class=\"rc-card\">` is what a card is made of.",
    "```html\n<div class=\"rc-card\">\n```",
    '<div class="rc-cardinal">x</div> <span class="my-rc-badge">x</span> <p class="card badge">x</p>',
    '<p title="class=rc-card">x</p> <p data-examples="x">y</p> <a href="#ex-elara-parry">the example</a>',
    "<!-- rulecheck-cast --> and <!-- a note -->",
    '<div class="other" class="rc-card">x</div>',  # the browser keeps an attribute's first value
    '<div x=y/class=rc-card>x</div>',  # a `/` within a bare value is the value's
    '<div\u00a0class="rc-card">x</div>',  # a no-break space is part of the tag's name
])
def test_prose_code_and_other_markup_are_not_cards(text: str) -> None:
    assert check_shown_cards("docs/page.md", f"# Page\n\n{text}\n\n{BLOCK}") == []


@pytest.mark.parametrize(("before", "after"), [
    ("<!--\n", "-->\n"),
    ("<!-- hidden for now\n\n", "\n-->\n"),
    ("<!-- never closed\n", ""),
    ("Text <!-- inline\n", "end -->\n"),
])
def test_an_example_inside_an_html_comment_is_a_located_error(before: str, after: str) -> None:
    text = f"# Page\n\nIntro.\n\n{before}{BLOCK}{after}\nAfter.\n"
    problems = check_shown_cards("docs/page.md", text)
    fence = text.split("\n").index("```rulecheck") + 1
    assert [(p.line, p.kind) for p in problems] == [(fence, "hidden-example")]
    assert "inside an HTML comment" in problems[0].message


def test_an_example_after_or_before_a_comment_is_shown() -> None:
    text = f"# Page\n\n<!-- a note -->\n\n{BLOCK}\n<!-- another\nnote -->\n"
    assert check_shown_cards("docs/page.md", text) == []


def test_a_comment_in_one_language_only_fails_the_check_where_it_stands(tmp_path: Path) -> None:
    for language, text in (("fr", f"# Page\n\n<!--\n{BLOCK}-->\n"), ("en", f"# Page\n\n{BLOCK}")):
        (tmp_path / "docs" / language).mkdir(parents=True)
        (tmp_path / "docs" / language / "page.md").write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    result = cli(tmp_path, "check", "docs")
    assert result.exit_code == 1
    assert ("docs/fr/page.md:4: example inside an HTML comment: the check runs it, but the page does not show it. "
            "Hint: remove the comment around it, or the example from both languages") in result.output.splitlines()
    assert "docs/en/page.md" not in result.output


def test_a_forged_card_fails_the_check_and_the_build(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    forged = '<div class="rc-card"><span class="rc-badge rc-badge--ok">✓ checked</span> 23</div>'
    (tmp_path / "docs" / "page.md").write_text(f"# Page\n\n{forged}\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    result = cli(tmp_path, "check", "docs")
    assert result.exit_code == 1 and result.output.startswith("docs/page.md:3:1: hand-written card markup")
    assert result.output.count("hand-written card markup") == 1  # one problem for the card's line


# A twenty-sixth hostile round: the cards' markup written where the tag reader did not look.
@pytest.mark.parametrize(("written", "line"), [
    # an attribute list gives its element any class and attribute
    ('✓ checked: Elara parries, total 99\n{: .rc-card data-example="elara-parry" }', 2),
    ('## Elara parries { .rc-card data-example="elara-parry" }', 1),
    ("Total **✓ checked**{: .rc-badge } 23.", 1),
    ('A paragraph.\n{: class="note rc-badge--ok" }', 2),
    ("A paragraph.\n{: data-example=x }", 2),
    # Markdown escapes a start it does not take for a tag, and what its quoted value held is the page's
    ('Text <i@ t="<span class=rc-badge>✓ checked</span>"> Elara parries.', 1),
    ('Text <i t="<span class=rc-card data-example=elara-parry>23</span>"/x=""> end', 1),
    ("<a title='<b title=\"<span class=rc-badge>\">'>x</a>", 1),  # a value within a value
    # ... and what a bare value held, its tag ending with the outer one (a twenty-seventh round)
    ("Some text <i@ t=<div/class=rc-card>✓ checked: Elara hits for 99</div> here.", 1),
    ("<i@ t=<span/class=rc-badge x=y>✓</span>", 1),
    ("<i@ t=<p/data-example=elara-parry>23</p>", 1),
    # an escaped backtick opens no code span: the markup between two of them is the page's
    ('\\`<div class="rc-card"><span class="rc-badge">✓ checked</span> 99</div>\\`', 1),
    ("Text \\`<span class=rc-badge>✓</span>\\` and `code`.", 1),
])
def test_card_markup_in_an_attribute_list_or_a_quoted_value_is_a_located_error(written: str, line: int) -> None:
    text = f"# Page\n\nSome text.\n\n{written}\n"
    problems = check_shown_cards("docs/page.md", text)
    assert [(p.line, p.kind) for p in problems] == [(4 + line, "forged-card")], text


@pytest.mark.parametrize("text", [
    "A paragraph.\n{: .note #ex-x title=\"rc-card\" }", "## Heading { #rc-card .other }",
    "Code: `{: .rc-card }` and `<i t=\"<span class=rc-badge>\">`.", '<p title="<b>bold</b>">x</p>',
])
def test_other_attribute_lists_and_values_are_not_cards(text: str) -> None:
    assert check_shown_cards("docs/page.md", f"# Page\n\n{text}\n") == []


@pytest.mark.build
@pytest.mark.parametrize("written", [
    '<div>\n`<div class="rc-card"><span class="rc-badge">✓ checked</span> 99`\n</div>\n</div>',
    "<div>\n`<span class=rc-badge>✓ checked</span>`\n</div>",
    "<section>\n`<p data-example=elara-parry>23</p>`\n</section>",
    '<div>\n`<div class="rc&#45;card"><span class="rc&#x2D;badge">✓ checked</span>`\n</div>',  # decoded
])
def test_card_markup_the_check_reads_as_code_fails_the_build_at_its_line(tmp_path: Path, written: str) -> None:
    """A code span inside a raw HTML block is no code for Markdown, which leaves the block as it is:
    the check blanks it, and the build counts the cards' markup the page shows against the cards
    its blocks made (a twenty-seventh hostile round)."""
    from mkdocs.exceptions import Abort

    from tests.hosts.run_hosts import capture_logs, mkdocs_build

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(f"# Page\n\n{BLOCK}\nSome text.\n\n{written}\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    assert cli(tmp_path, "check", "docs").exit_code == 0, "the check reads the markup as code"
    with capture_logs("mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(tmp_path)
    said = [line for line in logs.text.splitlines() if "that no ```rulecheck block made" in line]
    assert len(said) == 1 and said[0].startswith("docs/page.md:19: the page shows "), logs.text
