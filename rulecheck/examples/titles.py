"""Titles and headings, the text MkDocs copies from a page into every page.

A page's title (its front matter's ``title:``, else its first heading when that is an ``h1``) is
written into the navigation of every page of its language, beside the previous and next pages'
links, into the print edition's contents and the search index; Material writes a front matter
``subtitle:`` under it in the navigation of every page too. A title of a few MB (one line of a
page within the 10 MB a page may hold) made every one of the site's 42 pages as large. Every
heading is bounded, not only the one that becomes the title: which one that is depends on how
the page renders (the first element, when it is an ``h1``: a heading of ``#``, of ``===`` under
its line, or ``<h1 markdown>``), and each heading is copied into its page's table of contents and
search index anyway. A heading or title longer than :data:`MAX_TITLE_CHARS` is a located error.

What ``mkdocs.yml`` gives (``site_name``, ``site_description``, the ``nav`` titles and their
translations), also copied into every page, is not bounded: the configuration is code (it names
the Python functions the build calls, ``!!python/name:``, and the plugins it loads), and whoever
can change it can make the build do anything; a bound there would defend nothing.

Headings are found outside fenced code and code spans, in one pass over the page
(:func:`~rulecheck.examples.references.mask_code`); a line of an indented code block is not told
apart from a heading indented inside a list or an admonition (either is refused only when it is
longer than :data:`MAX_TITLE_CHARS`).
"""

from __future__ import annotations

import re

from rulecheck.errors import Problem
from rulecheck.examples.capped import Capped
from rulecheck.examples.front_matter import in_front_matter, meta_texts, meta_values
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.references import mask_code

#: The most characters a heading's text or a front matter title may hold. The site's longest
#: heading holds 95 and its longest title some 70; a navigation entry is read in a sidebar about 30
#: characters wide, so 300 already fill ten of its lines, and 300 for each of the site's 21 pages of
#: a language add at most some 6 kB to each page.
MAX_TITLE_CHARS = 300
#: The front matter keys the theme writes into every page's navigation as text.
TITLE_KEYS = ("title", "subtitle")

#: A line whose text starts with ``#`` after its indentation and quote markers: an ATX heading
#: (Python-Markdown needs no space after the ``#``).
_ATX = re.compile(r"^[ \t>]*(#+)([^\r\n]*)", re.MULTILINE)
#: A setext underline: the line before it is a heading (Python-Markdown reads a ``---`` under a
#: line of text as an ``h2``, not a rule).
_UNDERLINE = re.compile(r"^[ \t>]*[=-]+[ \t]*$", re.MULTILINE)
#: An HTML heading's start tag (``md_in_html`` makes ``<h1 markdown>`` a heading MkDocs may take
#: as the title) and any heading's end tag.
_HTML_OPEN = re.compile(r"<h[1-6](?=[\s/>])[^<>]*>", re.IGNORECASE)
_HTML_CLOSE = re.compile(r"</h[1-6]\s*>", re.IGNORECASE)


def check_titles(path: str, text: str) -> list[Problem]:
    """A located problem for each heading, and each front matter title or subtitle, longer than
    :data:`MAX_TITLE_CHARS`."""
    problems = Capped()  # a heading a problem: a few listed, the rest summed up
    index: LineIndex | None = None

    def add(offset: int, what: str, length: int, why: str) -> None:
        nonlocal index
        index = index or LineIndex(text)
        line, col = index.line_col(offset)
        problems.add(Problem(path=path, line=line, col=col, kind="title", message=(
            f"{what} holds {length:,} characters, and {why}. Hint: shorten it, and say the rest in the page's text")),
            what)  # a heading, or a key of TITLE_KEYS: a kind each

    heading = (f"a heading holds at most {MAX_TITLE_CHARS}: MkDocs may take it for the page's title, which it "
               "copies into the navigation of every page")
    for key, offset, length in meta_values(text):
        if key in TITLE_KEYS and length > MAX_TITLE_CHARS:
            add(offset, f"the front matter's `{key}`", length,
                f"a {key} holds at most {MAX_TITLE_CHARS}: MkDocs copies it into the navigation of every page")
    for key, offset, value in meta_texts(text):
        if key in TITLE_KEYS and value and not value.strip():
            index = index or LineIndex(text)
            line, col = index.line_col(offset)
            problems.add(Problem(path=path, line=line, col=col, kind="title", message=(
                f"the front matter's `{key}` holds only blank characters: the window's title and the navigation "
                f"would show nothing for this page. Hint: write the {key}, or leave the key out")), "blank")
    if len(text) <= MAX_TITLE_CHARS:
        return problems.problems
    header = in_front_matter(text)
    masked = mask_code(text)
    for atx in _ATX.finditer(masked, header):
        if len(atx[2]) > MAX_TITLE_CHARS and (length := len(atx[2].strip(" \t#"))) > MAX_TITLE_CHARS:
            add(atx.start(1), "this heading", length, heading)
    for underline in _UNDERLINE.finditer(masked, header):
        end = underline.start() - 1  # the line end before the underline
        if end <= header:
            continue
        if masked[end - 1:end + 1] == "\r\n":
            end -= 1
        # The line before, found back to its own start only: never past the line end before it.
        start = masked.rfind("\n", header, end) + 1 or header
        start = max(masked.rfind("\r", start, end) + 1, start)
        written = masked[start:end].strip(" \t>")
        if len(written) > MAX_TITLE_CHARS and not _ATX.match(masked, start):
            prefix = len(masked[start:end]) - len(masked[start:end].lstrip(" \t>"))
            add(start + prefix, "this heading", len(written), heading)
    close = None
    for opened in _HTML_OPEN.finditer(masked, header):
        if close is None or close.start() < opened.end():
            close = _HTML_CLOSE.search(masked, opened.end())
            if close is None:
                break  # no heading after here is closed: the page shows none of them as a heading
        if (length := close.start() - opened.end()) > MAX_TITLE_CHARS:
            add(opened.start(), "this heading", length, heading)
    return sorted(problems.problems, key=lambda p: (p.line, p.col or 0))
