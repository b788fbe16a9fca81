"""Pages without their templates' indentation (:mod:`rulecheck.hosts.indentation`): what a browser
shows is the same, code and scripts are kept byte for byte, and the bytes go."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import material
from hypothesis import given
from hypothesis import strategies as st

import rulecheck.hosts
from rulecheck.hosts.indentation import unindented

ROOT = Path(__file__).resolve().parents[2]

#: Elements whose blanks a browser shows as written (or a script means), in this test's own list.
KEPT = {"pre", "code", "kbd", "samp", "script", "style", "textarea"}


class _Shown(HTMLParser):
    """A page as a browser lays it out, told apart by what matters: each tag with its attributes,
    the text inside elements that keep their blanks as written, and elsewhere the text as white
    space collapses it (``normal``: a run of blanks is a space) and as ``pre-line`` keeps its
    lines (blanks around a line break go, the break stays)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.kept = 0
        self.events: list[tuple[str, ...]] = []
        self.text = ""

    def _flush(self) -> None:
        if self.text:
            # White space alone between two tags: its blank lines would show only in a pre-line
            # element, which the site never makes (test below), so a line break stands for them.
            lines = "\n" if self.text.isspace() and "\n" in self.text else \
                re.sub(r"[ \t]*\n[ \t]*", "\n", re.sub(r"[ \t]+", " ", self.text))
            self.events.append(("text", re.sub(r"[ \t\n]+", " ", self.text), lines))
            self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._flush()
        self.events.append(("start", tag, repr(attrs)))
        self.kept += tag in KEPT

    def handle_endtag(self, tag: str) -> None:
        self._flush()
        self.events.append(("end", tag))
        if tag in KEPT:
            self.kept = max(0, self.kept - 1)

    def handle_data(self, data: str) -> None:
        if self.kept:
            self._flush()
            self.events.append(("kept", data))
        else:
            self.text += data

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


def shown(markup: str) -> list[tuple[str, ...]]:
    parser = _Shown()
    parser.feed(markup)
    parser.close()
    parser._flush()
    return parser.events


def test_indentation_goes_and_the_line_breaks_stay() -> None:
    page = "<nav>\n    <a href=\"x\">\n      Esquive et parade\n    </a>\n  </nav>\n"
    assert unindented(page) == "<nav>\n<a href=\"x\">\nEsquive et parade\n</a>\n</nav>\n"
    assert shown(unindented(page)) == shown(page)


def test_blank_lines_between_tags_go_and_a_line_break_stays() -> None:
    page = "<div>\n\n  \n<p>a</p>\n \t\n\n</div>\n\n<p>b\n\nc</p>"
    assert unindented(page) == "<div>\n<p>a</p>\n</div>\n<p>b\n\nc</p>"  # text's own lines kept
    assert shown(unindented(page)) == shown(page)


def test_no_stylesheet_of_the_site_shows_the_blank_lines_between_tags() -> None:
    """What lets blank lines between tags go: no stylesheet the site ships keeps line breaks in
    text outside code (``pre-line``; ``pre`` and ``pre-wrap`` only on code and preformatted text,
    or on elements whose text a script writes)."""
    theme = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
    ours = [*Path(rulecheck.hosts.__file__).parent.joinpath("assets").glob("*.css"), *ROOT.glob("overrides/**/*.css")]
    sheets = [*theme.glob("*.min.css"), *ours]
    assert len(sheets) >= 4
    kept = {str(sheet.name): re.findall(r"([^{}]*)\{[^{}]*white-space:\s*(pre[-a-z]*)", sheet.read_text("utf-8"))
            for sheet in sheets}
    assert not any(value == "pre-line" for found in kept.values() for _, value in found), kept
    selectors = {selector.strip() for found in kept.values() for selector, _ in found}
    allowed = re.compile(r"(pre|code|kbd)\b|\.md-search__suggest|\.rc-yaml")
    assert all(allowed.search(part) for selector in selectors for part in selector.split(",")), selectors


def test_code_scripts_text_areas_and_attribute_values_are_kept_as_written() -> None:
    kept = [
        "<pre><code>def f():\n    return 1\n</code></pre>",
        "<pre class=\"rc-yaml\">given:\n  attacker: {cast: orc}\n</pre>",
        "<p>see <code>a\n    b</code></p>",
        "<script>var s = `line\n    indented </pre> still script`;\n    f();</script>",
        "<style>\n  .a { color: red; }\n</style>",
        "<textarea>\n    typed\n</textarea>",
        "<kbd>\n  Ctrl</kbd>",
        "<span title=\"one\n    two\">x</span>",
    ]
    for markup in kept:
        assert unindented(markup) == markup, markup
        assert unindented(f"<div>\n   {markup}\n   </div>") == f"<div>\n{markup}\n</div>", markup


def test_text_after_a_kept_element_is_unindented_again() -> None:
    page = "<pre>\n  a\n</pre>\n   <p>\n   b</p><script>\n  c</script>\n  <p>d</p>"
    assert unindented(page) == "<pre>\n  a\n</pre>\n<p>\nb</p><script>\n  c</script>\n<p>d</p>"


FRAGMENTS = st.sampled_from([
    "<p>", "</p>", "<span class=\"a\">", "</span>", "<a href=\"#x\" title=\"t\n  u\">", "</a>", "<br/>",
    "<pre>", "</pre>", "<code>", "</code>", "<kbd>", "</kbd>", "<script>", "</script>", "<style>",
    "</style>", "<textarea>", "</textarea>", "<svg><text>", "</text></svg>", "<!-- note\n   -->",
    "&amp;", "&#8239;", "a", "mot", " ", "  ", "\t", "\n", "\n    ", "\n\t\t", " \n  ", ":", "<pre/>",
])


@given(st.lists(FRAGMENTS, max_size=60))
def test_a_browser_shows_any_markup_alike_without_its_indentation(fragments: list[str]) -> None:
    page = "".join(fragments)
    result = unindented(page)
    assert shown(result) == shown(page)
    assert unindented(result) == result, "unindenting twice changes nothing more"
    assert len(result) <= len(page)
