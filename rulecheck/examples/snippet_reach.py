"""What a snippet brings onto a page that rulecheck acts on, through the snippets it pulls in itself.

``pymdownx.snippets`` expands the snippets of an included file too, looking each one up under the
same base paths, and skips a file already being expanded (no loop). A snippet whose file holds
no example but includes one that does still shows that example on the page, so the check follows
the same chain: every file reached, to a bounded depth.

The check reads a page before Markdown expands its snippets, so whatever rulecheck acts on in the
text pulled in would be shown untouched: an example without its check, a prose reference as its
raw ``{{ id.field }}``, a checked table's marker over a table nothing compares, the cast's marker
as a bare comment. Each is counted.

A file a snippet reaches is read as a page is (a regular UTF-8 file of at most
:data:`~rulecheck.examples.pages.MAX_PAGE_BYTES`): ``pymdownx.snippets`` reads whatever exists
at that name without a limit (a FIFO waits for ever, ``/dev/zero`` fills the memory, a byte that
is no UTF-8 is a traceback), so a file the check cannot read is kept, with why, for the check to
refuse it before Markdown opens it. A name that exists nowhere is skipped, as pymdownx skips it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulecheck.examples import pages
from rulecheck.examples.cast import MARKER as CAST_MARKER
from rulecheck.examples.discovery import private
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.pages import undecodable
from rulecheck.examples.references import iter_references
from rulecheck.examples.shown_cards import check_shown_cards
from rulecheck.examples.tables import find_tables

#: Snippets ``(line, column, file)`` written in a text (``check.find_snippets``).
SnippetFinder = Callable[[str], list[tuple[int, int, str]]]
#: How deep a chain of snippets is followed (Python's recursion limit stops pymdownx before long).
MAX_DEPTH = 50


@dataclass
class Pulled:
    """How many of each thing rulecheck acts on the files a snippet reaches hold."""

    examples: int = 0
    references: int = 0
    tables: int = 0
    cast_lists: int = 0
    cards: int = 0  # the cards' markup written by hand (a snippet's lines cut out of a tag's value let it out)

    def said(self) -> str:
        """``2 rulecheck example(s) and 1 prose reference``: the kinds held, in words."""
        kinds = [f"{count} {name}" for count, name in (
            (self.examples, "rulecheck example(s)"), (self.references, "prose reference(s)"),
            (self.tables, "checked table marker(s)"), (self.cast_lists, "cast list marker(s)"),
            (self.cards, "line(s) of hand-written card markup")) if count]
        return ", ".join(kinds[:-1]) + (" and " if len(kinds) > 1 else "") + kinds[-1] if kinds else ""

    #: The files reached that cannot be read as a page is, each with why (never opened by Markdown
    #: either: the check fails first).
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    #: The files reached past :data:`MAX_DEPTH` snippets (read by Markdown, never by the check).
    too_deep: list[Path] = field(default_factory=list)
    #: The files reached that no page may show (:func:`private`), each with why.
    private: list[tuple[Path, str]] = field(default_factory=list)
    #: The characters the snippet brings onto a page, its snippets expanded (at most one past the
    #: bound it was counted to: :func:`expanded_size`).
    expanded: int = 0

    def __bool__(self) -> bool:
        return bool(self.examples or self.references or self.tables or self.cast_lists or self.cards)


@dataclass
class Reach:
    """What snippets reach from some files: the texts read, the files that could not be read (with
    why), and every name looked at, found or not (what a build's rendering depends on)."""

    texts: list[tuple[Path, str]] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    looked_at: list[Path] = field(default_factory=list)
    #: The files past :data:`MAX_DEPTH` snippets, which the check does not read and Markdown would.
    too_deep: list[Path] = field(default_factory=list)
    #: The files no page may show (:func:`private`), each with why: never read.
    private: list[tuple[Path, str]] = field(default_factory=list)
    #: Each file read, by its real path: its length, and the files its snippets name, in order,
    #: each as often as named (what :func:`expanded_size` counts).
    sizes: dict[Path, tuple[int, list[Path]]] = field(default_factory=dict)


def pulled_in(file: Path, bases: Sequence[Path], read: Callable[[Path], str], snippets: SnippetFinder) -> Pulled:
    """What ``file`` and every file its snippets pull in, transitively, hold that rulecheck acts on,
    and those of them that cannot be read (as a page is read), with why."""
    found = Pulled()
    reached = reach([file], bases, read, snippets)
    for current, text in reached.texts:
        found.examples += len(find_blocks(text, str(current)))
        found.references += sum(1 for _ in iter_references(text)) if "{{" in text else 0
        found.tables += len(find_tables(text)) if "rulecheck-table" in text else 0
        found.cast_lists += text.count(CAST_MARKER)
        found.cards += sum(problem.kind == "forged-card" for problem in check_shown_cards(str(current), text))
    found.unreadable, found.too_deep, found.private = reached.unreadable, reached.too_deep, reached.private
    found.expanded = expanded_size(file.resolve(), reached.sizes, pages.MAX_PAGE_BYTES) if reached.texts else 0
    return found


def expanded_size(start: Path, sizes: dict[Path, tuple[int, list[Path]]], bound: int) -> int:
    """The characters of the file at ``start`` with its snippets expanded as ``pymdownx.snippets``
    expands them (a file named again within its own chain skipped), each file named ``n`` times
    counted ``n`` times, counted up to ``bound + 1``. Each file's size is worked out once: ten files
    of ten snippets of the one before, some 2 kB, expand to 19 MB (a twenty-first hostile round),
    which is no file's own size. Exact for snippets that form no loop; a loop, which pymdownx cuts,
    is cut here where it is first met."""
    known: dict[Path, int] = {}

    def size(real: Path, chain: set[Path], depth: int) -> int:
        if real in known:
            return known[real]
        length, named = sizes.get(real, (0, []))
        total = length
        if depth <= MAX_DEPTH:
            chain.add(real)
            for nested in named:
                if nested not in chain:
                    total += size(nested, chain, depth + 1)
                if total > bound:
                    break
            chain.discard(real)
        known[real] = min(total, bound + 1)
        return known[real]

    return size(start, set(), 0)


def reach(files: Iterable[Path], bases: Sequence[Path], read: Callable[[Path], str],
          snippets: SnippetFinder) -> Reach:
    """Each file of ``files`` that exists and every file their snippets pull in, transitively
    (each looked for under ``bases`` in turn, the first that exists taken, as pymdownx does), read
    once each with ``read``; one that exists but cannot be read is kept with why."""
    found = Reach()
    pending = [(file, 0) for file in reversed(list(files))]
    seen: set[Path] = set()
    while pending:
        current, depth = pending.pop()
        found.looked_at.append(current)
        if not os.path.exists(current):  # pymdownx skips a name that leads nowhere
            continue
        if depth > MAX_DEPTH:  # pymdownx would go on, to what the check never read: refused
            found.too_deep.append(current)
            continue
        real = current.resolve()
        if real in seen:
            continue
        seen.add(real)
        try:
            text = read(current)
        except UnicodeDecodeError as error:
            where = undecodable(str(current), error)
            found.unreadable.append((current, f"{where.message}, at its line {where.line}, column {where.col}"))
            continue
        except OSError as error:
            found.unreadable.append((current, str(error.strerror or error)))
            continue
        if (why := private(real, bases)) is not None:  # after reading: a device or a FIFO says so first
            found.private.append((current, why))
            continue
        found.texts.append((current, text))
        named: list[Path] = []
        for _, _, target in snippets(text):
            candidates = [base / target for base in bases]
            found.looked_at += candidates  # a file made there later changes what the page shows
            nested = next((file for file in candidates if os.path.exists(file)), None)
            if nested is not None:
                pending.append((nested, depth + 1))
                named.append(nested.resolve())
        found.sizes[real] = (len(text), named)
    return found
