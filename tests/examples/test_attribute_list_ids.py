"""The ids attribute lists give (Python-Markdown's ``attr_list``), as the check reads them in a page's
Markdown, against what Python-Markdown renders with the site's extensions: the same ids, for the
written forms one at a time and for pages drawn from them."""

from __future__ import annotations

import markdown
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.examples.element_ids import element_ids, ids_in_markdown

EXTENSIONS = ["attr_list", "def_list", "tables", "md_in_html", "pymdownx.superfences"]

#: Each form with ``{i}`` for its id: those attr_list applies, then those it leaves as text or code.
GIVES = [
    "A paragraph's last line.\n{{: #{i} }}", "A [link](x.md){{#{i}}} here.", "A `code span`{{: #{i} }} here.",
    "An *emphasis*{{ #{i} }} here.", "| a | b |\n|---|---|\n| cell {{: #{i} }} | x |",
    "A term {{: #{i} }}\n:   its definition",
    "- an item\n  {{: #{i} }}", "```{{ .text #{i} }}\nplain\n```", "``` text {{ #{i} }}\nplain\n```",
    "A [link](x.md){{: .cls id=\"{i}\" }} here.", "An image ![alt](x.png){{#{i}}}.", "A **strong**{{#{i}}} word.",
    "A paragraph.\r\n{{: #{i} }}", "| a | b |\n|---|---|\n| x | cell {{: #{i} }}",
]
GIVES_NONE = [
    "A line\n{{: #{i} }}\nnot the last.", "A paragraph's end {{: #{i} }}", "Write `[x](y){{#{i}}}` so.",
    "```\n[x](y){{#{i}}}\n```", "<!-- [x](y){{#{i}}} -->", "A [link](x.md){{: .only-a-class }} here.",
    "A value {{{{ some.value }}}} here.", "    [x](y){{#{i}}}", "A {{#{i}}} in the middle of a line.",
]


def rendered_ids(text: str) -> set[str]:
    return set(element_ids(markdown.markdown(text, extensions=EXTENSIONS)))


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
