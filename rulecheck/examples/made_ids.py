"""The ids MkDocs makes of the text of a page's headings that have no id of their own (``## Dodge and
parry`` makes ``dodge-and-parry``), each at its first line: the check compares them with the rules'
ids other pages write (:func:`rulecheck.examples.headings.check_heading_ids`)."""

from __future__ import annotations

import io
from array import array


class MadeIds:
    """One page's made ids, kept as one string and one array of lines, not an object a heading: a
    page of 5,000 short headings took the check's memory from 1.2 to 43 times the page's size when
    each was a heading kept whole."""

    def __init__(self) -> None:
        self._written = io.StringIO("\n")
        self._written.seek(1)
        self._lines = array("I")
        self._read: str | None = None

    def add(self, made: str, line: int) -> None:
        """Keep ``made`` (an id MkDocs makes: no line end in it), made of the heading at ``line``."""
        self._written.write(made + "\n")
        self._lines.append(line)
        self._read = None

    def line(self, made: str) -> int | None:
        """The first line of a heading whose text makes ``made``, if one does."""
        if self._read is None:
            self._read = self._written.getvalue()
        at = self._read.find(f"\n{made}\n")
        return self._lines[self._read.count("\n", 0, at)] if at >= 0 else None
