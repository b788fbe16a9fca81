"""Glossary tooltips bounded on each page: the first uses of a term have one, the rest are text.

The ``abbr`` extension gives every use of a glossary term an ``<abbr title="…">`` holding its
definition (up to :data:`~rulecheck.examples.abbreviations.MAX_DEFINITION_CHARS` characters): a page
repeating "PV " 3 million times within the page size limit was rendered as 3 million copies of the
definition, a page a hundred times its source; and the extension inserted each element into its
paragraph one at a time, in time the square of their number. Here the extension's tree processor is
replaced by one that gives a tooltip to the first :data:`MAX_TOOLTIPS_PER_TERM` uses of each term on
a page, and to :data:`MAX_TOOLTIPS_PER_PAGE` uses in all; the uses after them stay plain text (a
reader has met the term by then). The tooltips a page has are found in one pass over its text, in
reading order, and inserted in time linear in the page.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.extensions.abbr import AbbrTreeprocessor
from markdown.util import AtomicString

#: Tooltips one term has on one page: the site's most used, DEX on the modifiers' page, has 51.
MAX_TOOLTIPS_PER_TERM = 100
#: Tooltips one page has in all, every term counted (the site's pages have up to 85): a page of many
#: terms each used often adds at most this many definitions, some 300 kB.
MAX_TOOLTIPS_PER_PAGE = 1000
#: The extension's own name for its tree processor, which this one replaces.
_NAME = "abbr"


class BoundedTooltips(AbbrTreeprocessor):  # type: ignore[misc]
    """The ``abbr`` extension's tree processor with a tooltip on the first uses of each term only."""

    def __init__(self, md: Markdown, abbrs: dict[str, str], per_term: int = MAX_TOOLTIPS_PER_TERM,
                 per_page: int = MAX_TOOLTIPS_PER_PAGE) -> None:
        super().__init__(md, abbrs)
        self.per_term, self.per_page = per_term, per_page
        self._used: dict[str, int] = {}
        self._left = per_page

    def run(self, root: etree.Element) -> etree.Element | None:
        if not self.abbrs:
            return None
        terms = sorted(self.abbrs, key=len, reverse=True)  # as the extension matches them
        self.RE = re.compile(f"\\b(?:{'|'.join(re.escape(term) for term in terms)})\\b")
        self._used, self._left = {}, self.per_page
        self._walk(root)
        return None

    def _walk(self, element: etree.Element) -> None:
        """Tooltips in ``element``'s text, then in each child and its tail, in reading order."""
        made = self._split(element, "text")
        for index, abbr in enumerate(made):
            element.insert(index, abbr)
        position = len(made)
        for child in list(element)[len(made):]:
            self._walk(child)
            position += 1  # ``child`` stands before ``position``
            after = self._split(child, "tail")
            for offset, abbr in enumerate(after):
                element.insert(position + offset, abbr)
            position += len(after)

    def _split(self, element: etree.Element, which: str) -> list[etree.Element]:
        """The ``<abbr>`` elements for the uses in ``element``'s text (or tail) that still get a
        tooltip, the text cut before the first; each element's tail, the text up to the next."""
        text = getattr(element, which)
        if not text or isinstance(text, AtomicString) or self._left <= 0 or self.RE is None:
            return []
        made: list[etree.Element] = []
        cut = 0  # the text up to here is placed
        for match in self.RE.finditer(text):
            term = match.group(0)
            title = self.abbrs.get(term)
            if not title or self._used.get(term, 0) >= self.per_term:
                continue
            self._used[term] = self._used.get(term, 0) + 1
            self._left -= 1
            piece = text[cut:match.start()]
            if made:
                made[-1].tail += piece
            else:
                setattr(element, which, piece)
            made.append(self.create_element(title, term, ""))
            cut = match.end()
            if self._left <= 0:
                break
        if made:
            made[-1].tail += text[cut:]
        return made


class BoundedTooltipsExtension(Extension):  # type: ignore[misc]
    """Replaces the ``abbr`` extension's tree processor, when that extension is loaded, by
    :class:`BoundedTooltips` (list it after ``abbr``: the plugin appends it to the configuration)."""

    def extendMarkdown(self, md: Markdown) -> None:
        if _NAME not in md.treeprocessors:
            return
        current: Any = md.treeprocessors[_NAME]
        if isinstance(current, AbbrTreeprocessor) and not isinstance(current, BoundedTooltips):
            md.treeprocessors.register(BoundedTooltips(md, current.abbrs), _NAME, 7)
