"""What Material's search plugin reads of a page of cards (``card_views.search_view``): the same
index, section by section, as from the page in full, whatever the page holds; and the page written
in full. What the print edition keeps of its cards (``card_views.print_view``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from material.plugins.search.plugin import Parser

from rulecheck.examples.check import check_paths
from rulecheck.hosts import card_views, cards, mkdocs_plugin
from tests.conftest import examples

ROOT = Path(__file__).resolve().parents[2]
Sections = list[tuple[str | None, str, str]]


def index(page_html: str) -> Sections | str:
    """The sections Material's search plugin makes of ``page_html``: id, title and text of each
    (or the error it stops with: some malformed HTML makes it raise)."""
    parser = Parser()
    try:
        parser.feed(page_html)
        parser.close()
    except ValueError as error:
        return f"ValueError: {error}"
    return [(section.id, "".join(section.title), "".join(section.text)) for section in parser.data]


@pytest.fixture(scope="module")
def documented_cards() -> list[str]:
    report = check_paths([ROOT / "docs"], root=ROOT)
    assert report.ok
    return [cards.card(outcome, path.split("/")[1], lambda anchor: f"page.html#{anchor}")
            for path, page in report.pages.items() for outcome in page.outcomes]


def test_every_documented_card_gives_search_the_same_index_for_fewer_tags(documented_cards: list[str]) -> None:
    assert len(documented_cards) > 300
    wrappers = ["{}", '<div class="admonition example"><p class="admonition-title">Ex</p>{}</div>',
                '<div class="tabbed-set"><div class="tabbed-content"><div class="tabbed-block">{}</div></div></div>']
    parts = [f'<h2 id="s{n}">Section {n}<a class="headerlink" href="#s{n}">¶</a></h2>\n<p>Before {n}.</p>\n'
             + wrappers[n % 3].format(card) + f"\n<p>After {n}.</p>" for n, card in enumerate(documented_cards)]
    page = "<p>Preface</p>\n" + "\n".join(parts)
    view = card_views.search_view(page)
    assert index(view) == index(page)
    assert view.count("<") < 0.8 * page.count("<")
    for left_out in ('class="rc-spread"', 'class="rc-source"', 'class="rc-odds"', 'class="rc-rule"',
                     'class="rc-badge'):
        assert left_out in page and left_out not in view
    assert 'class="rc-trace"' in view and 'class="rc-card__title"' in view


def test_a_page_without_cards_is_given_as_it_is() -> None:
    page = '<p>Text <a class="rc-rule" href="#x" title="t"></a></p><p class="rc-odds" data-search-exclude>1</p>'
    assert card_views.search_view(page) is page


LOOK_ALIKES = [
    # Not closed where it seems to be: the parser ignores a mismatched end tag and skips on.
    '<p class="rc-odds" data-search-exclude>a <strong>b</p> c</strong></p> after',
    '<p class="rc-odds" data-search-exclude>a </P> b</p> after',
    '<p class="rc-odds" data-search-exclude>a <p>nested</p> b</p> after',
    '<p class="rc-odds" data-search-exclude>a <!-- </p> --> b</p> after',
    '<p class="rc-odds" data-search-exclude>a <script>"</p>"</script> b</p> after',
    '<p class="rc-odds" data-search-exclude>a <br> b</p> after',
    '<p class="rc-odds" data-search-exclude>a <br/> b</p> after',
    '<p class="rc-odds" data-search-exclude>a <span title="x>y">b</span> c</p> after',
    '<p class="rc-odds" data-search-exclude>a < b</p> after',
    '<figure class="rc-spread" data-search-exclude><figcaption>x</figure> after',
    '<details class="rc-source" data-search-exclude><summary>s</summary> never closed',
    '<span class="rc-badge" data-search-exclude>a</span></span> after',
    '<a class="rc-rule" href="#x" title="a"></a> after <a class="rc-rule" href="#y"></a>',
    # An element of a removed part's name skipped around it: search un-skips it at the part's end.
    '<details data-search-exclude><p>x</p><details class="rc-source" data-search-exclude>y</details> z</details>',
    '<a href="#" data-search-exclude>x <a class="rc-rule" href="#r"></a> y</a> after',
    '<div class="tabbed-labels" data-search-exclude><label>L</label></div><p class="rc-odds" data-search-exclude>'
    "o</p>",
    '<table class="highlighttable"><tr><td class="linenodiv">1</td></tr></table>'
    '<p class="rc-odds" data-search-exclude>o</p>',
]


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_an_authors_look_alike_of_card_markup_keeps_its_index(look_alike: str) -> None:
    page = (f'<div class="rc-card"><p class="rc-card__title">T</p></div>\n<h2 id="h">H</h2><div>{look_alike}</div>'
            "<p>end</p>")
    assert index(card_views.search_view(page)) == index(page)


FRAGMENTS = st.sampled_from([
    '<div class="rc-card">', "</div>", "<div>", '<h2 id="a">A</h2>', '<h3 id="b">B<a class="headerlink">¶</a></h3>',
    "<p>", "</p>", "text", " ", "\n", "<ol><li>step", "</li></ol>", "<strong>", "</strong>",
    '<a class="rc-rule" href="#r" title="§"></a>', '<span class="rc-badge rc-badge--ok" data-search-exclude>✓</span>',
    '<p class="rc-odds" data-search-exclude>', '<figure class="rc-spread" data-search-exclude>', "</figure>",
    '<details class="rc-source" data-search-exclude>', "</details>", "<summary>s</summary>", "<pre><code>",
    "</code></pre>", "<br>", "<!-- c -->", "</P>", "<", "&lt;", "<script>x</script>", "<span>", "</span>",
    "<details data-search-exclude>", '<span title="a>b" data-search-exclude>', "<a data-search-exclude>", "</a>",
    '<div class="tabbed-labels" data-search-exclude>', "data-search-exclude", "<rc-gap data-search-exclude>",
    "<rc-gap>", "</rc-gap>", "\n", "  ", "<pre>", "</pre>",
])


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(FRAGMENTS, max_size=40))
def test_any_page_gives_search_the_same_index(fragments: list[str]) -> None:
    page = '<div class="rc-card"></div>' + "".join(fragments)
    assert index(card_views.search_view(page)) == index(page)


def test_the_build_gives_search_every_page_of_cards_lean_and_writes_it_in_full(
        site_copy: Callable[[], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real build: search reads each page of cards without their unsearched parts, its sections
    are those of the full page, and the page written holds its cards whole."""
    from material.plugins.search.plugin import SearchIndex
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    read: list[tuple[str, str]] = []  # (page, what search read of it)
    views: dict[int, str] = {}  # the full content of each view search was given, by the view's id
    add_entry, search_view = SearchIndex.add_entry_from_context, card_views.search_view

    def reading(self: SearchIndex, page: Any) -> None:
        read.append((page.file.src_uri, page.content))
        add_entry(self, page)

    def viewing(page_html: str) -> str:
        view = search_view(page_html)
        views[id(view)] = page_html
        return view

    monkeypatch.setattr(SearchIndex, "add_entry_from_context", reading)
    monkeypatch.setattr(mkdocs_plugin, "search_view", viewing)
    project = site_copy()
    monkeypatch.chdir(project)
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    site = tmp_path / "built"
    build(load_config(str(project / "mkdocs.yml"), site_dir=str(site), strict=True))
    with_cards = [(page, seen) for page, seen in read if 'class="rc-card' in seen]
    assert len(with_cards) >= 30
    for page, seen in with_cards:
        full = views.get(id(seen))
        assert full is not None and 'class="rc-source' in full and 'class="rc-source' not in seen, page
        assert index(seen) == index(full), page
    written = (site / "en" / "attack.html").read_text("utf-8")
    assert 'class="rc-spread' in written and 'class="rc-source' in written and 'class="rc-rule' in written
    assert "data-search-exclude" not in written  # read by search when it built the index, not sent
    entries = json.loads((site / "en" / "search" / "search_index.json").read_text("utf-8"))["docs"]
    assert any("Attack roll" in entry["text"] for entry in entries)


def test_a_reader_gets_every_card_without_the_marks_only_search_reads(documented_cards: list[str]) -> None:
    tabs = '<div class="tabbed-set"><div class="tabbed-labels" data-search-exclude><label>L</label></div></div>'
    page = "\n".join([tabs, *documented_cards])
    served = card_views.served_view(page)
    assert page.count(" data-search-exclude>") > 600
    assert served == page.replace(" data-search-exclude>", ">")


@pytest.mark.parametrize("markup", [
    "<p data-search-exclude>x</p>",  # an author's, without a class
    '<div class="admonition" data-search-exclude>x</div>',
    '<p class="rc-odds" data-search-exclude="">x</p>',  # with a value: not written by this project
    '<P CLASS="rc-odds" data-search-exclude>x</P>',
    '<p class="rc-odds" id="o" data-search-exclude>x</p>',
    '<code>&lt;p class="rc-odds"&gt;</code> data-search-exclude>',
])
def test_a_mark_this_project_did_not_write_stays(markup: str) -> None:
    assert card_views.served_view(markup) == markup


def test_the_print_view_leaves_out_what_paper_never_shows(documented_cards: list[str]) -> None:
    page = "<h2 id=\"a\">A</h2>\n" + "\n".join(documented_cards)
    printed = card_views.print_view(page)
    for hidden in ('class="rc-source"', 'class="rc-spread"', 'class="rc-badge', 'class="rc-rule"'):
        assert hidden in page and hidden not in printed
    for kept in ('class="rc-trace"', 'class="rc-outcome"', 'class="rc-odds"', 'class="rc-card__title"'):
        assert printed.count(kept) == page.count(kept)
    assert len(printed) < 0.7 * len(page)
    look_alike = ('<div class="rc-card"></div><details class="rc-source" data-search-exclude>x <details>y</details>'
                  "</details>")
    assert card_views.print_view(look_alike) == look_alike


def test_the_plugin_gives_search_the_view_and_the_page_back_in_full() -> None:
    from types import SimpleNamespace

    from mkdocs.exceptions import PluginError

    plugin = mkdocs_plugin.RulecheckPlugin()
    plugin._searching = True
    full = ('<div class="rc-card"><p class="rc-card__title">T <span class="rc-badge" data-search-exclude>✓</span>'
            "</p></div>")
    page = SimpleNamespace(content=full, file=SimpleNamespace(src_uri="fr/page.md"))
    plugin._show_search_view({}, page=page, config=None, nav=None)
    assert page.content == '<div class="rc-card"><p class="rc-card__title">T </p></div>'
    plugin._restore_full_view({}, page=page, config=None, nav=None)
    assert page.content is full
    plugin._show_search_view({}, page=page, config=None, nav=None)
    page.content += "<p>changed by another plugin</p>"
    with pytest.raises(PluginError, match=r"another plugin changed fr/page\.md while search read its cards"):
        plugin._restore_full_view({}, page=page, config=None, nav=None)
    plain = SimpleNamespace(content="<p>no card</p>", file=SimpleNamespace(src_uri="fr/other.md"))
    plugin._show_search_view({}, page=plain, config=None, nav=None)
    assert plain.content == "<p>no card</p>" and plugin._full_content is None
