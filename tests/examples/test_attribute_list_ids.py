"""The ids attribute lists and raw HTML give (Python-Markdown's ``attr_list``), as the check reads them
in a page's Markdown, against what Python-Markdown renders with the site's extensions: the same ids,
for the written forms one at a time and for pages drawn from them (the twenty-ninth hostile round's
forms among them)."""

from __future__ import annotations

import markdown
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.examples.element_ids import element_ids, ids_in_markdown

EXTENSIONS = ["abbr", "admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables", "pymdownx.details",
              "pymdownx.superfences", "pymdownx.tabbed"]

#: Each form with ``{i}`` for its id: those attr_list applies, then those it leaves as text or code.
GIVES = [
    "A paragraph's last line.\n{{: #{i} }}", "A [link](x.md){{#{i}}} here.", "A `code span`{{: #{i} }} here.",
    "An *emphasis*{{ #{i} }} here.", "| a | b |\n|---|---|\n| cell {{: #{i} }} | x |",
    "A term {{: #{i} }}\n:   its definition",
    "- an item\n  {{: #{i} }}", "```{{ .text #{i} }}\nplain\n```", "``` text {{ #{i} }}\nplain\n```",
    "A [link](x.md){{: .cls id=\"{i}\" }} here.", "An image ![alt](x.png){{#{i}}}.", "A **strong**{{#{i}}} word.",
    "A paragraph.\r\n{{: #{i} }}", "| a | b |\n|---|---|\n| x | cell {{: #{i} }}",
    # a paragraph's last line before a block that ends it, a quote's, the inline elements' ends
    "A paragraph.\n{{: #{i} }}\n!!! note\n    x", "A paragraph.\n{{: #{i} }}\n## A heading", "> A quote\n> {{: #{i} }}",
    "A paragraph.\n{{: #{i} }}\n> a quote", "A paragraph.\n{{: #{i} }}\n<div>x</div>", "- a\n  {{: #{i} }}\n- b",
    "A [ref][r]{{#{i}}}.\n\n[r]: https://example.com", "A [Ref][]{{#{i}}}.\n\n[ref]: https://example.com",
    "A <https://example.com>{{#{i}}}.", "A _e_{{#{i}}} word.",
    # raw HTML the masking of code took for indented code (a code span first, a fence just before)
    "`Dodge` then <span id=\"{i}\"></span> in prose.", "```text\nsample\n```\n    <span id=\"{i}\"></span>",
    "!!!note\n\n    <span id=\"{i}\"></span>", "===! \"Tab\"\n\n    <span id=\"{i}\"></span>",
    # a line the list ends although it looks like a block of its own (a thirtieth hostile round)
    "A paragraph.\n# A heading \\\n{{: #{i} }}", "   # Not a heading\n{{: #{i} }}",
    "A paragraph.\n    more\n{{: #{i} }}",
    "A paragraph.\n<b>bold</b>\n{{: #{i} }}", "```\ncode\n```\n{{: #{i} }}", "A paragraph.\n--\nx\n{{: #{i} }}",
    # lines that only look like blocks of their own, and terms and rows the check did not read (a 30th round)
    "--\n{{: #{i} }}", "Text\n   ===\n{{: #{i} }}", "Text\n</div>\n{{: #{i} }}", "=== Tab\n{{: #{i} }}",
    "=\n{{: #{i} }}",
    "===+ A\n{{: #{i} }}", "[r]: a b c\n{{: #{i} }}", "!!! \"Title\"\n{{: #{i} }}", "!!!! note\n{{: #{i} }}",
    "| 1 | 2 |\n{{: #{i} }}", "1 | 2 {{: #{i} }}\n--|--\n3 | 4", "a | b\n--|--\n1 | 2 {{: #{i} }}",
    "Term {{: #{i} }}\n\n:   Def", "Term one {{: #{i} }}\nTerm two\n:   def",
    # in a container, a line of raw HTML is a paragraph's text, and a tab indents as four spaces (a 31st round)
    "!!! note\n\n\tA paragraph.\n\t{{: #{i} }}", "!!! note\n\n    <div>\n    {{: #{i} }}",
    "- An item.\n\n    <hr>\n    {{: #{i} }}", "> <div>\n> {{: #{i} }}",
]
GIVES_NONE = [
    "A line\n{{: #{i} }}\nnot the last.", "A paragraph's end {{: #{i} }}", "Write `[x](y){{#{i}}}` so.",
    "```\n[x](y){{#{i}}}\n```", "<!-- [x](y){{#{i}}} -->", "A [link](x.md){{: .only-a-class }} here.",
    "A value {{{{ some.value }}}} here.", "    [x](y){{#{i}}}", "A {{#{i}}} in the middle of a line.",
    "A (z){{#{i}}} aside.", "A [bracket]{{#{i}}} alone.", "Escaped \\*{{#{i}}} star.", "snake_{{#{i}}}", "x={{#{i}}}",
    "A <b>b</b>{{#{i}}} tag.", "A paragraph.\n{{: #{i} }}\n- an item", "A paragraph.\n{{: #{i} }}\n```\ncode\n```",
    "snake_case_{{#{i}}}", "A *b *{{#{i}}}",
    # indented lines that are code: after a heading, after a comment, after a "1)" Markdown reads as text
    "## Aside\n    <span id=\"{i}\"></span>", "<!-- draft -->\n\n    <a id=\"{i}\"></a>",
    "1) Step\n\n    <span id=\"{i}\"></span>", "A rule.\n\n---\n    <span id=\"{i}\"></span>",
    # a list on the line right after a block of its own is text (a thirtieth hostile round)
    "# A heading\n{{: #{i} }}", "## A heading ##\n{{: #{i} }}", "# A heading \\\\\n{{: #{i} }}",
    "A title\n===\n{{: #{i} }}", "A title\n-\n{{: #{i} }}", "A paragraph.\n- - -\n{{: #{i} }}",
    "A paragraph.\n* * *\n{{: #{i} }}", "A paragraph.\n___\n{{: #{i} }}", "A paragraph.\n!!! note\n{{: #{i} }}",
    "A paragraph.\n??? note\n{{: #{i} }}", "A paragraph.\n=== \"Tab\"\n{{: #{i} }}", "<div>x</div>\n{{: #{i} }}",
    "A paragraph.\n<DIV>x</DIV>\n{{: #{i} }}", "<div markdown>\ny\n</div>\n{{: #{i} }}", "<!-- a note -->\n{{: #{i} }}",
    "A paragraph.\n[r]: https://example.com\n{{: #{i} }}", "A paragraph.\n*[A]: an abbreviation\n{{: #{i} }}",
    "A paragraph.\n[^1]: a note\n{{: #{i} }}", "A paragraph.\n\n    code\n{{: #{i} }}", "> # A heading\n> {{: #{i} }}",
    "> A paragraph.\n> ## A heading\n> {{: #{i} }}", "A paragraph.\n#\n{{: #{i} }}",
    "A paragraph.\n<?php x ?>\n{{: #{i} }}", "A paragraph.\n   \n{{: #{i} }}",
    "=== \"One\"\n\n    ## Shelter\n    {{: #{i} }}", "- item\n\n    ## Camp\n    {{: #{i} }}",
    "!!! note\n    ## Cover\n    {{: #{i} }}", "Watch\n===\t\n{{: #{i} }}", "<div>\ny\n</div>\n{{: #{i} }}",
    "A paragraph.\n[r]: https://example.com \"A title\"\n{{: #{i} }}", "> A quote\n>\n> {{: #{i} }}",
    "A paragraph.\n-  -  -\n{{: #{i} }}",
]


def rendered_ids(text: str) -> set[str]:
    """The ids of the forms' elements (``x``, ``id-…``) in ``text`` rendered, not a tab's or a footnote's own."""
    return {found for found in element_ids(markdown.markdown(text, extensions=EXTENSIONS))
            if found == "x" or found.startswith(("id-", "one", "two", "three"))}


@pytest.mark.parametrize("form", GIVES + GIVES_NONE)
def test_the_check_reads_the_ids_markdown_renders(form: str) -> None:
    text = "A paragraph first.\n\n" + form.format(i="x") + "\n"
    expected = {"x"} if form in GIVES else set()
    assert rendered_ids(text) == expected, "the form is not what its list says: read attr_list again"
    assert set(ids_in_markdown(text)) == expected


def test_two_lists_on_one_line_each_give_their_own_id() -> None:
    text = "A [link](x.md){#one} and `code`{: #two } and *more*{#three}.\n"
    assert set(ids_in_markdown(text)) == rendered_ids(text) == {"one", "two", "three"}


@given(st.lists(st.sampled_from(GIVES + GIVES_NONE), min_size=1, max_size=6))
def test_a_page_of_such_forms_gives_the_check_the_ids_markdown_renders(forms: list[str]) -> None:
    text = "\n\n".join(form.format(i=f"id-{index}") for index, form in enumerate(forms)) + "\n"
    assert set(ids_in_markdown(text)) == rendered_ids(text)


@pytest.mark.parametrize("text", ["{#x} opens the page.\n", "{: #x }\n", "[a][]{#x} with no definition.\n"])
def test_a_list_with_no_element_before_it_gives_none(text: str) -> None:
    assert set(ids_in_markdown(text)) == rendered_ids(text) == set()
