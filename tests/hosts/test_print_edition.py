"""The print edition's contents show each title and section as its characters, escaped once."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rulecheck.examples.as_text import html_text
from rulecheck.hosts.print_edition import CSS, SCREEN_CLASSES, chapter, edition, for_print_only


def _page(title: str) -> Any:
    return SimpleNamespace(url="fire.html", title=title)


# (the page's title as MkDocs gives it, the h2 as Markdown writes it, the characters both show)
CASES = [
    ("Fire &amp; ice", "Fire &amp; ice", "Fire & ice"),
    ("1d8&#43;2", "1d8&#43;2 <code>x</code>", "1d8+2"),
    ("&lt;b&gt; &quot;q&quot; &#39;s&#39;", "&lt;b&gt; &quot;q&quot; &#39;s&#39;", "<b> \"q\" 's'"),
    ("Plain & simple", "Plain &amp; simple", "Plain & simple"),
    ("L&rsquo;attaque", "L&rsquo;attaque", "L\u2019attaque"),
]


@pytest.mark.parametrize(("title", "heading", "shown"), CASES)
def test_the_contents_escape_titles_and_sections_once(title: str, heading: str, shown: str) -> None:
    html = f'<h1 id="fire">x</h1><h2 id="part">{heading}<a class="headerlink" href="#part">¶</a></h2>'
    ch = chapter(_page(title), html, {"fire.html"})
    assert ch.title == shown
    section = shown + " x" if "<code>" in heading else shown
    assert ch.sections[0][1] == section
    written = edition([ch], site_name="Rules & more", description="", language="en")
    assert "&amp;amp;" not in written and "&amp;#" not in written and "&amp;lt;" not in written
    contents = written.split('<nav class="rc-print-toc"', 1)[1].split("</nav>", 1)[0]
    links = [unescape(part.rsplit(">", 1)[1]) for part in contents.split("</a>")[:-1]]
    assert links == [shown, section]
    assert '<p class="rc-print-cover__title">Rules &amp; more</p>' in written


@pytest.mark.parametrize(("preface", "kept"), [("<h2 id=\"r\">Reading</h2><p>How a card reads.</p>", True),
                                               ("\n\n", False), ("", False)])
def test_the_print_page_s_text_after_its_marker_opens_the_edition_after_the_contents(preface: str, kept: bool) -> None:
    ch = chapter(_page("Fire"), '<h1 id="fire">Fire</h1>', {"fire.html"})
    written = edition([ch], site_name="S", description="", language="en", preface=preface)
    toc, chapters = written.index("</nav>"), written.index('<section class="rc-print-chapter"')
    if kept:
        assert toc < written.index(f'<section class="rc-print-preface">{preface}</section>') < chapters
    else:
        assert "rc-print-preface" not in written


@pytest.mark.parametrize("prefix", ["", "../", "../../"])
def test_a_page_that_does_not_show_the_print_styles_on_screen_links_them_for_print_only(prefix: str) -> None:
    link = f'<link rel="stylesheet" href="{prefix}{CSS}">'
    page = (f'<html><head><link rel="stylesheet" href="{prefix}assets/rulecheck.css">{link}</head>'
            f"<body><pre>{html_text(link)}</pre><p>{link}</p></body></html>")
    printed = for_print_only(page)
    assert printed == page.replace(link, f'<link rel="stylesheet" href="{prefix}{CSS}" media="print">', 1)
    assert printed.count('media="print"') == 1 and f"<p>{link}</p>" in printed  # the head's link only
    assert for_print_only(printed) == printed


@pytest.mark.parametrize("shown", [*SCREEN_CLASSES, "rc-print-toc", "rc-quickref-rulebook-pages"])
def test_a_page_showing_a_print_style_on_screen_keeps_it_for_every_medium(shown: str) -> None:
    page = f'<html><head><link rel="stylesheet" href="{CSS}"></head><body><span class="{shown}">x</span></body></html>'
    assert for_print_only(page) == page
    assert for_print_only(f'<link rel="stylesheet" href="{CSS}">') == f'<link rel="stylesheet" href="{CSS}">'  # no head


def test_the_print_stylesheet_styles_on_screen_only_the_classes_it_names() -> None:
    """What lets a page without those classes load it for print only: every rule outside
    ``@media print`` (and ``@page``, which only paper reads) selects one of them."""
    css = re.sub(r"/\*.*?\*/", "", (Path(__file__).resolve().parents[2] / "rulecheck" / "hosts" / CSS)
                 .read_text("utf-8"), flags=re.DOTALL)
    screen, at, kept = [], 0, []  # kept: for each block open, whether only paper reads it
    for token in re.finditer(r"[{}]", css):
        if token.group() == "{":
            prelude = css[at:token.start()].strip()
            kept.append(prelude.startswith(("@media print", "@page")) or (bool(kept) and kept[-1]))
            if not kept[-1] and not prelude.startswith("@media"):
                screen.append(prelude)
        else:
            kept.pop()
        at = token.end()
    assert len(screen) > 10
    selectors = [selector for rule in screen for selector in re.split(r",(?![^()]*\))", rule)]  # not in :is(…)
    assert len(selectors) > len(screen)
    assert [selector for selector in selectors if not any(name in selector for name in SCREEN_CLASSES)] == []


# Raw HTML may quote an attribute with ' or not at all, and name it in any case: the browser reads it
# alike, and so does the edition (a twenty-second hostile round: `<h2 id='x'>` kept its id unprefixed,
# and the edition's links to it led nowhere).
QUOTINGS = ['"{}"', "'{}'", "{}", ' = "{}"', " ='{}'"]


@pytest.mark.parametrize("quoting", QUOTINGS)
@pytest.mark.parametrize("name", ["id", "ID", "Id"])
def test_an_id_and_the_links_to_it_are_prefixed_however_their_attributes_are_quoted(quoting: str, name: str) -> None:
    value = quoting.format
    sep = "" if quoting.startswith(" ") else "="
    html = (f'<h1 id="fire">Fire</h1><h2 {name}{sep}{value("dodge")}>Dodge</h2>'
            f'<p {name}{sep}{value("dupe")} class{sep}{value("note")}>n</p>'
            f'<a href{sep}{value("#dodge")}>here</a> <a HREF{sep}{value("ice.html#thaw")}>there</a>'
            f'<svg><path fill{sep}{value("url(#hatch)")}></path></svg><pattern id{sep}{value("hatch")}></pattern>')
    ch = chapter(_page("Fire"), html, {"fire.html", "ice.html"})
    ids = re.findall(r'\sid="([^"]*)"', ch.html, re.IGNORECASE)
    assert sorted(ids) == ["fire--dodge", "fire--dupe", "fire--fire", "fire--hatch"]
    assert 'href="#fire--dodge"' in ch.html and 'HREF="#ice--thaw"' in ch.html
    assert 'fill="url(#fire--hatch)"' in ch.html
    assert ch.sections == (("fire--dodge", "Dodge"),)
    written = edition([ch], site_name="S", description="", language="en", preface=f"<h2 id{sep}{value('r')}>R</h2>")
    assert '<h2 id="r">R</h2>' in written


@pytest.mark.parametrize(("tag", "written"), [
    ("<br class=x />", '<br class="x"/>'), ("<input disabled id=z/>", '<input disabled id="fire--z/">'),
    ("<a title='say \"hi\"' href=#a>", '<a title="say &quot;hi&quot;" href="#fire--a">'),
    ('<p class="kept">', '<p class="kept">'), ("<p>it's = fine</p>", "<p>it's = fine</p>"),
    # a `>` inside a quoted value does not end the tag (a twenty-third hostile round)
    ("""<span title=">" id='regle'>""", '<span title=">" id="fire--regle">'),
    ('<a title="a>b" href="#regle">', '<a title="a>b" href="#fire--regle">'),
    ("<p data-x='>' id=dupe>", '<p data-x=">" id="fire--dupe">'),
    ("<a href=x\"y#z>", '<a href="x&quot;y#z">'),
    # names the browser's tokenizer reads (a twenty-fifth hostile round): a `/` or nothing between two
    # attributes, a name of quotes or opening with `=`, which is dropped, a name said twice (the first kept)
    ('<div "x" id="dupz">', '<div id="fire--dupz">'), ("<div/id=dupz>", '<div id="fire--dupz">'),
    ("<p =x ID='dupz'>", '<p ID="fire--dupz">'), ('<a/href="#regle">', '<a href="#fire--regle">'),
    ('<p title="t"/id=dupz>', '<p title="t" id="fire--dupz">'), ('<p id="a" ID="b">', '<p id="fire--a"'),
    ("<p\tid=dupz\nclass=k>", '<p id="fire--dupz" class="k">'), ('<a x=z/>', '<a x="z/">'),
    # a value that only holds `id="` is no attribute (a twenty-sixth hostile round: the id was lost)
    ('<p title="x id=" id="dupz">', '<p title="x id=" id="fire--dupz">'),
    ('<a title="x href=" href="#regle">', '<a title="x href=" href="#fire--regle">'),
    ('<path title=" fill=" fill="url(#hatch)">', '<path title=" fill=" fill="url(#fire--hatch)">'),
    ('<p data-x="id=" ID="dupz" id="other">', '<p data-x="id=" ID="fire--dupz" id="other">'),
])
def test_a_tag_is_written_back_as_the_browser_reads_it(tag: str, written: str) -> None:
    assert written in chapter(_page("Fire"), tag, {"fire.html"}).html


@pytest.mark.parametrize("heading", ['<h2 title="x id=" id="real">Sec</h2>', "<H2 ID='real'>Sec</H2 >",
                                     '<h2/id=real class="k">Sec</h2>',
                                     '<h2 id="real" title=" id=&quot;no&quot;">Sec</h2>'])
def test_a_chapter_s_sections_are_its_h2_ids_as_the_browser_reads_them(heading: str) -> None:
    """A value holding `id="` passed for the heading's id in the contents (a twenty-sixth hostile round)."""
    ch = chapter(_page("Fire"), f'<h1 id="fire">Fire</h1>{heading}<h2>No id</h2>', {"fire.html"})
    assert ch.sections == (("fire--real", "Sec"),)
