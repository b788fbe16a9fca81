"""The print edition's contents show each title and section as its characters, escaped once."""

from __future__ import annotations

from html import unescape
from types import SimpleNamespace
from typing import Any

import pytest

from rulecheck.hosts.print_edition import chapter, edition


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
