"""A page whose text would make Python-Markdown read on from every unclosed ``[``, ``(``, ``<`` or run of backticks
to its paragraph's end (time the square of its size) is a located problem, not a build of hours
(:mod:`rulecheck.hosts.inline_scans`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mkdocs.exceptions import Abort

from rulecheck.hosts.inline_scans import (
    MAX_HEADINGS,
    MAX_INLINE_WORK,
    MAX_SCANNED,
    costliest,
    heading_lines,
    inline_work,
    markup_scanned,
    scanned,
    unclosed_scanned,
)
from tests.conftest import ROOT
from tests.hosts.run_hosts import capture_logs, mkdocs_build, small_site


def reads(paragraph: str) -> int:
    """The characters read from each opener to its closer, one opener at a time, as Markdown's
    patterns read them: nested brackets and parentheses counted, a tag to its next ``>``."""
    total = 0
    for start, char in enumerate(paragraph):
        if char in "[(":
            closer, depth, end = {"[": "]", "(": ")"}[char], 0, len(paragraph)
            for at in range(start, len(paragraph)):
                depth += (paragraph[at] == char) - (paragraph[at] == closer)
                if depth == 0:
                    end = at
                    break
            total += end - start
        elif char == "<" and re.match(r"[A-Za-z/!?]", paragraph[start + 1:start + 2]):
            closing = paragraph.find(">", start)
            total += (closing if closing >= 0 else len(paragraph)) - start
    return total


@given(st.text(alphabet="[]()<>a/! \n", max_size=60))
def test_what_is_counted_is_what_reading_from_each_opener_reads(paragraph: str) -> None:
    assert scanned(paragraph) == reads(paragraph)


@given(st.lists(st.text(alphabet="[]()<>a ", max_size=12), max_size=8))
def test_a_page_counts_each_paragraph_alone_and_names_the_costliest(paragraphs: list[str]) -> None:
    lines = []
    starts = []
    for paragraph in paragraphs:
        starts.append(len(lines))
        lines += [paragraph.strip() or "x", ""]
    costs = [scanned(paragraph.strip() or "x") for paragraph in paragraphs]
    total, at = costliest(lines)
    assert total == sum(costs)
    if costs:
        assert at == starts[costs.index(max(costs))]


#: Openers nothing closes, each repeated: every kind of read Markdown makes to a paragraph's end
#: (a ``(`` is counted wherever it stands, though Markdown reads on only from a link's ``](``).
HOSTILE = ["[", "![", "[a](", "[a][", "[^", "*[", "<a ", "<!--", "</b ", "[x](<", "[[a]"]


def hostile_page(unit: str, measure: Callable[[str], int] = scanned, bound: int = MAX_SCANNED) -> str:
    """A page whose one long paragraph repeats ``unit`` past the ``bound`` of ``measure``, between two short ones."""
    count = 64
    while measure(unit * count) <= bound:
        count *= 2
    return "# Hostile\n\nAn opening paragraph.\n\n" + unit * count + "\n\nA closing one.\n"


@pytest.mark.parametrize("unit", HOSTILE)
def test_a_paragraph_of_unclosed_openers_counts_the_square_of_its_length(unit: str) -> None:
    assert scanned(unit * 2000) > 3.9 * scanned(unit * 1000) > 0
    assert costliest(hostile_page(unit).split("\n"))[1] == 4


def ticks(lengths: range) -> str:
    return " x ".join("`" * length for length in lengths)


@pytest.mark.parametrize(("paragraph", "counted"), [
    ("a `code` b", 5),                    # a closed span: from its run to the closing one
    ("a `code b", 7),                     # unclosed: to the paragraph's end
    ("``a`b``", 5 + 4),                   # the pair of two, and the single one left open
    ("` ` ` `", 2 + 2),                   # two spans of one
    ("`` x ` x ``", 9 + 6),               # the span of two, and the run of one inside it, counted too
])
def test_a_run_of_backticks_reads_on_to_the_next_run_of_its_length(paragraph: str, counted: int) -> None:
    assert scanned(paragraph) == counted


def test_runs_of_backticks_of_every_length_count_the_square_of_their_paragraph() -> None:
    """Runs of 1 to 1,200 backticks, none closed: 56 s of build for a page the check passed."""
    assert scanned(ticks(range(1, 801))) > 3.9 * scanned(ticks(range(1, 401))) > 0
    page = "# Hostile\n\nAn opening paragraph.\n\n" + ticks(range(1, 1201)) + "\n\nA closing one.\n"
    total, at = costliest(page.split("\n"))
    assert total > MAX_SCANNED and at == 4


def test_every_page_of_the_site_is_a_hundred_times_under_the_bound() -> None:
    pages = sorted((ROOT / "docs").rglob("*.md"))
    assert len(pages) > 40
    for page in pages:
        assert costliest(page.read_text("utf-8").split("\n"))[0] < MAX_SCANNED // 100, page
        assert costliest(page.read_text("utf-8").split("\n"), inline_work)[0] < MAX_INLINE_WORK // 1000, page


#: What Markdown's inline stage replaces one by one, each rebuilding the rest of its paragraph.
INLINE_ITEMS = ["\\. ", "<b>a</b>", "&#46;", "&amp;", "*a* ", "_a_ ", "`a` ", "\\* x "]


def inline_page(unit: str) -> str:
    """A page whose one long paragraph repeats ``unit`` past the inline bound, between two short ones."""
    return hostile_page(unit, inline_work, MAX_INLINE_WORK)


@pytest.mark.parametrize("unit", INLINE_ITEMS)
def test_a_paragraph_of_many_inline_items_counts_the_square_of_its_length(unit: str) -> None:
    """80,000 escaped dots in a paragraph took 44 s of build, and the check passed the page."""
    assert inline_work(unit * 2000) == 4 * inline_work(unit * 1000) > 0
    total, at = costliest(inline_page(unit).split("\n"), inline_work)
    assert total > MAX_INLINE_WORK and at == 4
    # the same items, a paragraph each of a few: linear, and far under the bound
    spread = "\n\n".join([unit * 5] * 20_000)
    assert costliest(spread.split("\n"), inline_work)[0] < MAX_INLINE_WORK // 10


def project(tmp_path: Path, pages: dict[str, str]) -> Path:
    return small_site(tmp_path, {"index.md": "# Home\n\nA [link](https://example.org/) (and some words).\n",
                                 **pages})


@pytest.mark.build
@pytest.mark.parametrize("enabled", [True, False])
def test_a_build_lists_every_page_past_the_bound_at_its_costliest_paragraph(
        tmp_path: Path, enabled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    pages = {f"hostile-{n}.md": ("---\ntitle: T\n---\n" if n % 2 else "") + hostile_page(unit)
             for n, unit in enumerate(HOSTILE)}
    pages["snippet.md"] = '# Snippet\n\n--8<-- "docs/hostile-0.md"\n'  # what a snippet brings is counted too
    site = project(tmp_path, pages)
    monkeypatch.chdir(site)  # pymdownx.snippets looks under the folder the build runs in
    monkeypatch.setenv("RULECHECK_ENABLED", "true" if enabled else "false")
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(site)
    assert f"rulecheck: {len(HOSTILE) + 1} page(s) Markdown cannot render:" in logs.text
    listed = {line.split(" ")[0] for line in logs.text.splitlines() if "would make Markdown read" in line}
    expected = {f"docs/hostile-{n}.md:{5 + (3 if n % 2 else 0)}:" for n in range(len(HOSTILE))}
    assert listed == expected | {"docs/snippet.md:1:"}
    assert "Traceback" not in logs.text


@pytest.mark.build
def test_a_page_under_the_bound_renders_its_links_and_tags(tmp_path: Path) -> None:
    unit = "[a](https://example.org/) (c) <b>d</b> x < y "
    site = project(tmp_path, {"many.md": "# Many\n\n" + unit * 2000 + "\n"})
    mkdocs_build(site)
    html = (site / "site" / "many" / "index.html").read_text("utf-8")
    assert html.count('<a href="https://example.org/">a</a>') == 2000 and html.count("<b>d</b>") == 2000


@pytest.mark.build
def test_a_build_lists_every_page_of_too_much_inline_work_at_its_costliest_paragraph(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    units = ["\\. ", "<b>a</b>", "&#46;"]
    site = project(tmp_path, {f"inline-{n}.md": inline_page(unit) for n, unit in enumerate(units)})
    monkeypatch.chdir(site)
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(site)
    listed = {line.split(" ")[0] for line in logs.text.splitlines() if "units of inline work" in line}
    assert listed == {f"docs/inline-{n}.md:5:" for n in range(len(units))}
    assert "Traceback" not in logs.text


#: What MkDocs' reading of HTML reads on from to a closer, repeated without one (or with one at the end).
MARKUP_UNITS = ["<!--\n\n", "<?\n\n", "<!x\n\n", "<!-- a\n\n"]


@pytest.mark.parametrize("unit", MARKUP_UNITS)
def test_unclosed_comments_and_instructions_count_the_square_of_the_page(unit: str) -> None:
    """80,000 unclosed `<!--` took 94 s of build (MkDocs' HTML reading goes on to the page's end
    from each); the check passed the page."""
    assert markup_scanned(unit * 2000) > 3.9 * markup_scanned(unit * 1000) > 0
    assert markup_scanned(unit * 20_000) > MAX_SCANNED
    closed = {"<!--\n\n": "<!-- a -->\n\n", "<?\n\n": "<? a ?>\n\n", "<!x\n\n": "<!x>\n\n", "<!-- a\n\n": "<!-- a -->"}
    assert markup_scanned(closed[unit] * 20_000) < MAX_SCANNED // 10  # each closed: linear


@pytest.mark.parametrize("shape", ["## a\n\n", "    ## a\n\n", "a\n---\n\n", "<h2>a</h2>\n\n", "> ### a\n\n"])
def test_headings_are_counted_at_any_depth(shape: str) -> None:
    assert heading_lines((shape * 2_001).split("\n")) >= 2_001


def test_every_page_of_the_site_is_far_under_the_markup_and_heading_bounds() -> None:
    for page in sorted((ROOT / "docs").rglob("*.md")):
        text = page.read_text("utf-8")
        assert markup_scanned(text) < MAX_SCANNED // 1000 and heading_lines(text.split("\n")) < MAX_HEADINGS // 10


#: Raw elements left open, as a hostile page repeats them; and the same closed.
UNCLOSED_UNITS = {"x <b>\n\n": "x <b>y</b>\n\n", "x <pre>\n\n": "x <pre>y</pre>\n\n",
                  '<h2 id="a">\n\n': '<h2 id="a">t</h2>\n\n', "<DIV class=x>\n\n": "<DIV class=x></DIV>\n\n",
                  "<span\ntitle=t>\n\n": "<span\ntitle=t></span>\n\n", "<p>a\n\n": "<p>a</p>\n\n"}


@pytest.mark.parametrize("unit", sorted(UNCLOSED_UNITS))
def test_raw_elements_left_open_count_the_square_of_the_page(unit: str) -> None:
    """20,000 paragraphs of `x <b>` (160 kB) took 3 minutes to build, Material's search looking each
    later tag up among the open elements; `x <pre>` and `<h2>` made the plugin's own readings of the
    built page read on to its end (a twenty-first hostile round). The check passed them."""
    assert unclosed_scanned(unit * 2000)[0] > 3.9 * unclosed_scanned(unit * 1000)[0] > 0
    assert unclosed_scanned(unit * 20_000)[0] > MAX_SCANNED
    assert unclosed_scanned(UNCLOSED_UNITS[unit] * 20_000)[0] == 0  # each closed: nothing read on
    assert unclosed_scanned("text\n\n" + unit)[1] == len("text\n\n") + unit.index("<")  # the first open, located


@pytest.mark.parametrize("void", ["<br>", "<hr>", "<img src=a>", "<input>", "<wbr>", "<b/>", "<span />"])
def test_elements_html_never_closes_are_not_open(void: str) -> None:
    assert unclosed_scanned(("x " + void + "\n\n") * 20_000) == (0, 0)


def test_every_page_of_the_site_is_far_under_the_unclosed_bound() -> None:
    for page in sorted((ROOT / "docs").rglob("*.md")):
        assert unclosed_scanned(page.read_text("utf-8"))[0] < MAX_SCANNED // 100, page


@pytest.mark.build
def test_a_build_refuses_a_page_of_raw_elements_left_open_at_the_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pages = {"bold.md": "# B\n\nText.\n\n" + "x <b>\n\n" * 20_000, "pre.md": "# P\n\n" + "x <pre>\n\n" * 20_000}
    site = project(tmp_path, pages)
    monkeypatch.chdir(site)
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(site)
    assert "docs/bold.md:5:" in logs.text and "docs/pre.md:3:" in logs.text
    assert logs.text.count("leaves elements open") == 2 and "Traceback" not in logs.text


@pytest.mark.build
def test_a_build_refuses_a_page_of_unclosed_markup_or_too_many_headings_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both took minutes to build (quadratic in the theme's search and in MkDocs' HTML reading)."""
    pages = {"comments.md": "# C\n\n" + "<!--\n\n" * 20_000, "instructions.md": "# I\n\n" + "<?\n\n" * 20_000,
             "headings.md": "# H\n\n" + "".join(f"## a{n}\n\n" for n in range(MAX_HEADINGS + 1)),
             "tabbed.md": "# T\n\n" + '=== "x"\n\n    ## a\n\n' * (MAX_HEADINGS + 1)}
    site = project(tmp_path, pages)
    monkeypatch.chdir(site)
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(site)
    assert "docs/comments.md:1:" in logs.text and "docs/instructions.md:1:" in logs.text
    assert logs.text.count(f"headings, past the {MAX_HEADINGS:,} a page may") == 2
    assert f"docs/headings.md:{3 + 2 * (MAX_HEADINGS - 1)}:" in logs.text  # the first past the bound, its title counted
    assert "Traceback" not in logs.text
