"""The check reads a raw HTML tag's attributes as Chromium does (a twenty-fifth hostile round:
`<div "x" class="rc-card">`, `<div/ID=…>` and `<div =x …>` were cards and ids to the browser, not to
the check, the build or the print edition)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page

from rulecheck.examples.raw_tags import attributes, start_tags

# What the browser's parser makes of one tag: its element's attributes, in order, lower-cased.
READ = """tag => {
    const element = new DOMParser().parseFromString(tag, "text/html").body.firstElementChild;
    return element ? Array.from(element.attributes, a => [a.name, a.value]) : null;
}"""

NAMES = st.sampled_from(["id", "ID", "class", '"x"', "'q'", "=x", "a<b", "title", "x"])
VALUES = st.sampled_from(['"a b"', "'c'", "d/e", "<f", "g>h", "", "=", '"', "i'j"])
SEPARATORS = st.sampled_from([" ", "/", "\n", "\t", "  ", " / ", ""])


@st.composite
def tags(draw: st.DrawFn) -> str:
    written = "<div"
    for _ in range(draw(st.integers(0, 4))):
        written += draw(SEPARATORS) + draw(NAMES)
        if draw(st.booleans()):
            written += draw(st.sampled_from(["=", " = ", "= "])) + draw(VALUES)
    return written + draw(st.sampled_from([">", "/>", " >"])) + "text</div>"


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    opened = browser.new_page()
    yield opened
    opened.close()


@pytest.mark.browser
@settings(max_examples=300, deadline=None)
@given(tags())
def test_a_tag_s_attributes_are_those_chromium_reads(page: Page, tag: str) -> None:
    found = [match for match in start_tags(tag) if match.start() == 0]
    read = page.evaluate(READ, tag)
    assert (read is None) == (not found), f"{tag!r}: a tag at the start to {'us' if found else 'Chromium'} only"
    if not found:
        return
    ours = [(attribute.name, attribute.value) for attribute in attributes(found[0].group())]
    # a value left out is the empty one to the browser
    assert [(name, value or "") for name, value in ours] == [tuple(pair) for pair in read], tag
