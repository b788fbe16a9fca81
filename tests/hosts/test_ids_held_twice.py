"""Ids two elements of a built page hold: each said at the raw HTML that gives it, the page read
once however many there are, and a page of a thousand such ids says fifty and how many more (a
twenty-third hostile round: 6,000 of them took two minutes to build, re-reading the page for each,
and printed 12,006 lines)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from rulecheck.examples import element_ids as anchors
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, mkdocs_build


def project(root: Path, body: str) -> Path:
    for language in ("fr", "en"):
        page = root / "docs" / language / "page.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text("# Page\n\n" + body, "utf-8")
    (root / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    return root


@pytest.mark.parametrize("count", [3, 51, 400])
def test_ids_held_twice_are_said_at_their_raw_html_fifty_at_most_a_page(
        tmp_path: Path, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # the id a heading makes and a raw element's: the check refuses them first since the twenty-ninth
    # hostile round; here it does not read the headings' ids, for the build's own finding, in what it
    # rendered, of what a check misses
    monkeypatch.setattr("rulecheck.examples.made_ids.MadeIds.line", lambda self, made: None)
    body = "".join(f"## D{n}\n\n<span id='d{n}'>b</span>\n\n" for n in range(count))
    reads = []
    real = anchors.ids_written_at
    monkeypatch.setattr("rulecheck.hosts.mkdocs_plugin.ids_written_at",
                        lambda text: reads.append(len(text)) or real(text))
    with capture_logs("mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(project(tmp_path, body))
    for language in ("fr", "en"):
        said = re.findall(rf"docs/{language}/page\.md:(\d+): the page built here holds 2 elements of id `d(\d+)`",
                          logs.text)
        listed = count if count <= 51 else 50  # one more than fifty is said as itself
        assert [(int(line), int(n)) for line, n in said] == [(5 + 4 * n, n) for n in range(listed)]
        if count > 51:
            assert f"docs/{language}/page.md:{5 + 4 * 50}: {count - 50:,} more problems of this kind" in logs.text
    assert len(reads) == 2  # each page read once, not once per id


# An id as the browser's tokenizer reads it (a twenty-fifth hostile round: `<div/id=…>` and
# `<div "q" id=…>` took a rule's id unseen, and every card's step link to the rule landed on them).
@pytest.mark.parametrize("second", ['<div/id="d">', '<div "q" id="d">', "<DIV ID=d>", "<p =x Id='d'>", '<a NAME="d">',
                                    "<A name=d>", '<div\tid="d">', '<div\nclass="x"\nid="d">', '<span x="1"/id=d>'])
def test_an_id_is_read_where_the_browser_reads_one(second: str) -> None:
    assert anchors.element_ids(f'<h2 id="d">x</h2>{second}y')["d"] == 2
    assert anchors.ids_written_at(f"# Title\n\ntext\n{second}y\n") == {"d": 4}


@pytest.mark.parametrize("other", ['<div data-id="d">', "<span title='id=\"d\"'>", "<div x=y/id=d>", '<p name="d">',
                                   '&lt;div id="d"&gt;', '<div id="e" id="d">', '<div\u00a0id="d">', '<div id="d',
                                   '<div "q"id="d">'])  # a quote begins a name, which runs on to the `=`
def test_an_attribute_that_only_looks_like_an_id_is_none(other: str) -> None:
    assert anchors.element_ids(f'<h2 id="d">x</h2>{other}')["d"] == 1
