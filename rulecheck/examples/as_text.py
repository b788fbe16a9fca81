"""Example data as text: the one way a value that an example or the cast writes reaches a page.

A title, a creature's name, a capability's name, a cast member's name or role are data: they must
show as their own characters, never start a link, an emphasis, an attribute list, a tag or an
entity, wherever they land. Two places, two forms of the same promise:

- :func:`markdown_text` for anything Markdown reads (a page's prose, a heading and so the page's
  title, the text between raw HTML tags, link and image text, an attribute list, an HTML
  attribute): every ASCII punctuation character and every unprintable character becomes a
  numeric character reference. Markdown passes a character reference through untouched and HTML
  decodes it to the character, so nothing can start inside the value.
- :func:`html_text` for HTML that nothing parses again (a card, which the fence formatter hands
  over as raw HTML): the HTML escapes of ``& < > "``. An apostrophe stays one: every attribute the
  project writes is in double quotes, where it ends nothing, and in French text it is frequent
  (``&#x27;`` six bytes each, some 100 of a page's gzipped bytes).

What either returns is markup already: it is never escaped again (``&amp;#38;`` shows the
reference instead of the character), and :func:`plain_text` gives the characters back where a
place wants text (a table of contents built from headings).
"""

from __future__ import annotations

import html
import string

_MARKUP = frozenset(string.punctuation)


def markdown_text(value: str) -> str:
    """``value`` as Markdown (and HTML) that renders exactly its characters, as text."""
    return "".join(f"&#{ord(char)};" if char in _MARKUP or not char.isprintable() else char for char in value)


def html_text(value: str) -> str:
    """``value`` as HTML text or a double-quoted attribute value that shows exactly its characters."""
    return html.escape(value, quote=False).replace('"', "&quot;")


def plain_text(markup: str) -> str:
    """The characters that escaped text (or any HTML text without tags) shows."""
    return html.unescape(markup)
