"""Prose references cost work linear in the page, whatever their number and wherever they stand.

Each reference's line and column come from one index of the page's lines (bisection), and the
plugin's "is this offset in a heading, an abbreviation's definition, an alt text, a tag?" from
facts computed once a line. The tests count what the code reads of the page, not seconds
(`bench/bench_references.py` times it).
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.examples import shown_cards
from rulecheck.examples.finder import split_lines
from rulecheck.examples.line_index import ANY_LINE_END, LineIndex, line_col
from rulecheck.examples.references import find_lookalikes, find_references, mask_code
from rulecheck.hosts.mkdocs_plugin import TextPlaces, in_abbreviation, in_heading, text_only

REFERENCE = "{{ elara-parry.reaction_total }}"


class Counted(str):
    """A text that counts the characters its searches and slices go over (``read``)."""

    read = 0

    def _span(self, start: SupportsIndex | None, end: SupportsIndex | None) -> tuple[int, int]:
        begin, stop, _ = slice(start, end).indices(len(self))
        return begin, stop

    def find(self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None) -> int:
        begin, stop = self._span(start, end)
        found = super().find(sub, begin, stop)
        Counted.read += (found + len(sub) if found >= 0 else stop) - begin
        return found

    def rfind(self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None) -> int:
        begin, stop = self._span(start, end)
        found = super().rfind(sub, begin, stop)
        Counted.read += stop - (found if found >= 0 else begin)
        return found

    def count(self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None) -> int:
        begin, stop = self._span(start, end)
        Counted.read += stop - begin
        return super().count(sub, begin, stop)

    def __getitem__(self, key: Any) -> str:
        if isinstance(key, slice):
            begin, stop, _ = key.indices(len(self))
            Counted.read += max(stop - begin, 0)
        else:
            Counted.read += 1
        return super().__getitem__(key)


def counted(text: str) -> Counted:
    Counted.read = 0
    return Counted(text)


SHAPES = {
    "lines": lambda count: "\n".join([f"Elara parries at {REFERENCE}."] * count),
    "one-line": lambda count: " ".join([REFERENCE] * count),
    "headings": lambda count: "\n".join([f"## {REFERENCE}"] * count),
    "underlined": lambda count: "\n".join([f"{REFERENCE}\n---"] * count),
    "abbreviations": lambda count: "\n".join([f"*[PV{n}]: {REFERENCE}" for n in range(count)]),
    "alt texts": lambda count: " ".join([f"![{REFERENCE}](a.png) {{: title=\"{REFERENCE}\" }} <b>"] * count),
}


def page(shape: str, count: int) -> str:
    return "# Page\n\n" + SHAPES[shape](count) + "\n"


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("count", [10, 300, 3000])
def test_finding_references_reads_the_page_a_bounded_number_of_times(shape: str, count: int) -> None:
    text = page(shape, count)
    masked = counted(mask_code(text))
    found = find_references(text, masked)
    assert len(found) >= count
    assert Counted.read <= 2 * len(text)  # was a count from the page's start for each reference
    assert [(ref.line, ref.col) for ref in found] == [line_col(text, ref.start) for ref in found]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("count", [10, 300, 3000])
def test_placing_references_reads_each_line_a_bounded_number_of_times(shape: str, count: int) -> None:
    text = page(shape, count)
    references = find_references(text)
    places = TextPlaces(counted(text))
    headings = [places.in_heading(ref.start) for ref in references]
    text_only_places = [places.text_only(ref.start) for ref in references]
    assert Counted.read <= 10 * len(text)  # was a slice and searches of the line for each reference
    if count == 10:  # the same answers as one offset at a time
        assert headings == [in_heading(text, ref.start) for ref in references]
        assert text_only_places == [text_only(text, ref.start) for ref in references]
    assert all(headings) == (shape in ("headings", "underlined"))
    assert all(text_only_places) == (shape not in ("lines", "one-line"))


@pytest.mark.parametrize("count", [10, 300, 3000])
@pytest.mark.parametrize("written", ["{{ A.B }}", "{{x}}", "{{ a.b"])
def test_lookalikes_on_one_line_cost_linear_work(count: int, written: str) -> None:
    text = "# Page\n\n" + " ".join([written] * count) + "\n"
    masked = counted(mask_code(text))
    found = find_lookalikes(text, masked)
    assert len(found) == (count if written != "{{ a.b" else 1)  # an unclosed one runs to its line's end
    assert Counted.read <= 4 * len(text)
    assert (found[-1].line, found[-1].col) == (3, text.rindex("{{") - text.index("{{") + 1 if count > 1
                                                 and written != "{{ a.b" else 1)


@pytest.mark.parametrize("count", [10, 300, 3000])
@pytest.mark.parametrize("separator", [" ", "\n", "\r\n"])
def test_hand_written_cards_cost_linear_work(count: int, separator: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "# Page\n\n<!-- a note -->\n" + separator.join(['<i class="x">a</i>'] * count + ['<div class="rc-card">'])
    monkeypatch.setattr(shown_cards, "mask_code", lambda page: counted(mask_code(page)))
    problems = shown_cards.check_shown_cards("docs/en/p.md", text)
    assert Counted.read <= 2 * len(text)
    assert [(p.line, p.col) for p in problems] == [line_col(text.replace("\r\n", "\n"), text.replace(
        "\r\n", "\n").index("<div"))]


def naive_text_only(markdown: str, at: int) -> bool:
    """The plugin's judgement of one offset, as it was written before :class:`TextPlaces`."""
    before = markdown[markdown.rfind("\n", 0, at) + 1:at]
    return naive_in_heading(markdown, at) or (before.startswith("*[") and "]:" in before) or any(
        before.rfind(opener) > before.rfind(closer) for opener, closer in (("![", "]"), ("{", "}"), ("<", ">")))


def naive_in_heading(markdown: str, at: int) -> bool:
    start, end = markdown.rfind("\n", 0, at) + 1, markdown.find("\n", at)
    if markdown[start:end if end >= 0 else len(markdown)].lstrip(" >").startswith("#"):
        return True
    if end < 0:
        return False
    after = markdown.find("\n", end + 1)
    underline = markdown[end + 1:after if after >= 0 else len(markdown)].strip()
    return bool(underline) and (set(underline) == {"="} or set(underline) == {"-"})


@given(st.text(alphabet="ab#>*[]!:{}<>=- \n", max_size=60), st.data())
def test_text_places_judge_every_offset_as_one_at_a_time(markdown: str, data: st.DataObject) -> None:
    offsets = sorted(data.draw(st.lists(st.integers(0, len(markdown)), max_size=8)))
    places = TextPlaces(markdown)
    for at in offsets:  # growing offsets, some repeated, as the plugin asks
        assert places.text_only(at) == naive_text_only(markdown, at)
        assert places.in_heading(at) == naive_in_heading(markdown, at)
    for at in reversed(offsets):  # and backwards
        assert places.text_only(at) == naive_text_only(markdown, at)
        assert in_abbreviation(markdown, at) == (lambda before: before.startswith("*[") and "]:" in before)(
            markdown[markdown.rfind("\n", 0, at) + 1:at])


@given(st.text(alphabet="ab\r\n", max_size=40), st.data())
def test_a_line_index_places_an_offset_as_counting_does(text: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(text)))
    index = LineIndex(text)
    assert index.line_col(at) == line_col(text, at) == (index.line(at), index.col(at))
    anywhere = LineIndex(text, ANY_LINE_END)  # lines as the finder numbers them
    for number, line in enumerate(split_lines(text), 1):
        assert text.startswith(line, anywhere.start(number)) and anywhere.line(anywhere.start(number)) == number
