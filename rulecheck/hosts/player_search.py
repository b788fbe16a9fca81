"""The search index as a player reads it: rules pages first, never a YAML key or an author's
error message as a result's text, and the authors' pages still found by their names.

Material indexes every section of every page, and shows each result with the start of its
section's text. The authors' pages (how to write an example, the field reference) are made of
YAML keys, commands and error messages, which a player typing "p" or "parade" would get as
results. In a language's index, each authors' page keeps one entry, its title and opening words
without their code, ranked below every other page (a lunr document boost), and none of its
sections; on every page, a code listing (``<pre>``) is left out of the text a result shows.

The companion pages (the home page, the cast, the glossary, the quick reference) name every rule
in a line or two: "dying" is on the cast's line for the character who lies dying. They keep all
their sections, ranked below the rules pages, whose sections explain the rule.
"""

from __future__ import annotations

import re
from typing import Any

#: An authors' page ranks this far below the others (lunr multiplies a document's score by it).
AUTHORS_BOOST = 0.1
#: A companion page ranks below the rules pages, above the authors' pages.
COMPANION_BOOST = 0.4
_LISTING = re.compile(r"<pre\b[^>]*>.*?</pre>", re.DOTALL | re.IGNORECASE)
_CODE = re.compile(r"<code\b[^>]*>.*?</code>", re.DOTALL | re.IGNORECASE)
_LEFT_SPACE = re.compile(r" +(?=[,.)])| (?= )")  # plain spaces only: French spacing is no-break


def without_code(text: str) -> str:
    """``text`` without its inline code, and without the plain spaces that code leaves doubled or
    before a comma, a full stop or a closing bracket."""
    return _LEFT_SPACE.sub("", _CODE.sub("", text)).strip(" ")


def page_of(location: str) -> str:
    """The page of an index entry's location (``fields.html`` for ``fields.html#rule-attack``)."""
    return location.split("#", 1)[0]


def players_index(index: dict[str, Any], authors_pages: set[str],
                  companion_pages: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A language's search index (Material's ``config`` and ``docs``) as players get it;
    ``authors_pages`` and ``companion_pages`` are pages by their address in the language's folder
    (``authors.html``)."""
    docs = []
    for doc in index.get("docs", []):
        location = str(doc.get("location", ""))
        text = _LISTING.sub("", str(doc.get("text", "")))
        if page_of(location) in authors_pages:
            if "#" in location:
                continue  # a section of an authors' page: its keys and messages are for authors
            doc = {**doc, "text": without_code(text), "boost": AUTHORS_BOOST}
        elif page_of(location) in companion_pages:
            doc = {**doc, "text": text, "boost": COMPANION_BOOST}
        else:
            doc = {**doc, "text": text}
        docs.append(doc)
    return {**index, "docs": docs}


def page_addresses(sources: list[str]) -> set[str]:
    """The addresses of pages from their Markdown sources (``authors.md``, ``index.md``)."""
    return {re.sub(r"\.md$", ".html", source) for source in sources}
