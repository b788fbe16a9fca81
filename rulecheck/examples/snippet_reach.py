"""What a snippet brings onto a page that rulecheck acts on, through the snippets it pulls in itself.

``pymdownx.snippets`` expands the snippets of an included file too, looking each one up under the
same base paths, and skips a file already being expanded (no loop). A snippet whose file holds
no example but includes one that does still shows that example on the page, so the check follows
the same chain: every file reached, to a bounded depth.

The check reads a page before Markdown expands its snippets, so whatever rulecheck acts on in the
text pulled in would be shown untouched: an example without its check, a prose reference as its
raw ``{{ id.field }}``, a checked table's marker over a table nothing compares, the cast's marker
as a bare comment. Each is counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rulecheck.examples.cast import MARKER as CAST_MARKER
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.references import find_references
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

    def said(self) -> str:
        """``2 rulecheck example(s) and 1 prose reference``: the kinds held, in words."""
        kinds = [f"{count} {name}" for count, name in (
            (self.examples, "rulecheck example(s)"), (self.references, "prose reference(s)"),
            (self.tables, "checked table marker(s)"), (self.cast_lists, "cast list marker(s)")) if count]
        return ", ".join(kinds[:-1]) + (" and " if len(kinds) > 1 else "") + kinds[-1] if kinds else ""

    def __bool__(self) -> bool:
        return bool(self.examples or self.references or self.tables or self.cast_lists)


def pulled_in(file: Path, bases: Sequence[Path], read: Callable[[Path], str], snippets: SnippetFinder) -> Pulled:
    """What ``file`` and every file its snippets pull in, transitively, hold that rulecheck acts on;
    a file that cannot be read holds nothing (as for the page's own snippet)."""
    found = Pulled()
    for current, text in texts_pulled_in([file], bases, read, snippets):
        found.examples += len(find_blocks(text, str(current)))
        found.references += len(find_references(text)) if "{{" in text else 0
        found.tables += len(find_tables(text)) if "rulecheck-table" in text else 0
        found.cast_lists += text.count(CAST_MARKER)
    return found


def texts_pulled_in(files: Iterable[Path], bases: Sequence[Path], read: Callable[[Path], str],
                    snippets: SnippetFinder) -> list[tuple[Path, str]]:
    """Each file of ``files`` and every file their snippets pull in, transitively, with its text:
    each read once, those that cannot be read left out."""
    found: list[tuple[Path, str]] = []
    pending = [(file, 0) for file in reversed(list(files))]
    seen: set[Path] = set()
    while pending:
        current, depth = pending.pop()
        real = current.resolve()
        if real in seen or depth > MAX_DEPTH or not current.is_file():
            continue
        seen.add(real)
        try:
            text = read(current)
        except (OSError, UnicodeDecodeError):
            continue
        found.append((current, text))
        for _, _, target in snippets(text):
            nested = next((base / target for base in bases if (base / target).exists()), None)
            if nested is not None:
                pending.append((nested, depth + 1))
    return found
