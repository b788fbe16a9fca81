"""Raw HTML start tags and their attributes as the browser's tokenizer reads them (HTML's
"tokenization" section): what the check, the ids of a built page and the print edition all read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.examples.raw_tags import START_TAG, attributes, start_tags


def each_start_read_in_full(text: str) -> Iterator[re.Match[str]]:
    """What :func:`start_tags` finds, the plain way: each start read to its end or the text's,
    the next start looked for after a tag or one character after a start that did not close."""
    at = 0
    while (opener := re.compile(r"<[A-Za-z]").search(text, at)) is not None:
        tag = START_TAG.match(text, opener.start())
        at = tag.end() if tag else opener.start() + 1
        if tag:
            yield tag


# Pieces of text a tag's reading turns on: starts, quotes, `=`, `/`, `>`, spaces and letters.
PIECES = st.sampled_from([*"<ab=\"'/> \n\t", "<a", "<a ", "x=", '="', "='"])


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=40))
def test_the_linear_reading_finds_the_tags_the_plain_one_does(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert [tag.span() for tag in start_tags(text)] == [tag.span() for tag in each_start_read_in_full(text)]


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=30), st.lists(PIECES, max_size=30))
def test_a_start_that_does_not_close_changes_nothing_after_it_that_closes(before: list[str], after: list[str]) -> None:
    text = "".join(before) + '<a x="' + "".join(after)  # the slow reading from there on
    assert [tag.span() for tag in start_tags(text)] == [tag.span() for tag in each_start_read_in_full(text)]


@pytest.mark.parametrize(("tag", "read"), [
    ('<div class="a">', [("class", "a")]),
    ("<div class=a id='b' hidden>", [("class", "a"), ("id", "b"), ("hidden", None)]),
    ('<div "x" class="rc-card">', [('"x"', None), ("class", "rc-card")]),
    ('<div "q"id="d">', [('"q"id', "d")]),  # a quote begins a name that runs on to the `=`
    ("<div =x id=y>", [("=x", None), ("id", "y")]),  # so does an `=`
    ('<div/ID="a"/CLASS=b>', [("id", "a"), ("class", "b")]),
    ('<p title="t"id=x>', [("title", "t"), ("id", "x")]),  # no space after a quoted value
    ("<a x=y/z>", [("x", "y/z")]), ("<a x=y/>", [("x", "y/")]), ("<br/>", []), ("<br x />", [("x", None)]),
    ("<a x=<b>", [("x", "<b")]), ("<a x= >", [("x", None)]), ("<a x = 'y' >", [("x", "y")]),
    ('<p id="a" ID="b" Id=c>', [("id", "a")]),  # the first of a name
    ("<p\u00a0id=x>", []),  # a no-break space is no space: the tag's name is `p\u00a0id=x`
    ("<p\fid=x>", [("id", "x")]),
    ('<a title=">" href="#x">', [("title", ">"), ("href", "#x")]),
])
def test_each_attribute_is_read_as_the_browser_reads_it(tag: str, read: list[tuple[str, str | None]]) -> None:
    found = list(start_tags(tag))
    assert len(found) == 1 and found[0].group() == tag
    assert [(attribute.name, attribute.value) for attribute in attributes(tag)] == read


@pytest.mark.parametrize("text", ['<a x="', "<a x=", "<a x", "<a", '<a x="y>', "<a x='>'", '<a x=">" y="'])
def test_a_start_that_does_not_close_is_no_tag(text: str) -> None:
    assert list(start_tags(text)) == []
