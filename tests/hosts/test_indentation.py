"""Pages without their templates' indentation (:mod:`rulecheck.hosts.indentation`): what a browser
shows is the same, code and scripts are kept byte for byte, and the bytes go."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import given
from hypothesis import strategies as st

from rulecheck.hosts.indentation import unindented

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
            self.events.append(("text", re.sub(r"[ \t\n]+", " ", self.text),
                                re.sub(r"[ \t]*\n[ \t]*", "\n", re.sub(r"[ \t]+", " ", self.text))))
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
