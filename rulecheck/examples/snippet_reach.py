"""The examples a snippet brings onto a page, through the snippets it pulls in itself.

``pymdownx.snippets`` expands the snippets of an included file too, looking each one up under the
same base paths, and skips a file already being expanded (no loop). A snippet whose file holds
no example but includes one that does still shows that example on the page, so the check follows
the same chain: every file reached, to a bounded depth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rulecheck.examples.finder import Block, find_blocks

#: Snippets ``(line, column, file)`` written in a text (``check.find_snippets``).
SnippetFinder = Callable[[str], list[tuple[int, int, str]]]
#: How deep a chain of snippets is followed (Python's recursion limit stops pymdownx before long).
MAX_DEPTH = 50


def blocks_pulled_in(file: Path, bases: Sequence[Path], read: Callable[[Path], str],
                     snippets: SnippetFinder) -> list[Block]:
    """The ``rulecheck`` blocks of ``file`` and of every file its snippets pull in, transitively;
    a file that cannot be read holds none (as for the page's own snippet)."""
    found: list[Block] = []
    pending = [(file, 0)]
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
        found += find_blocks(text, str(current))
        for _, _, target in snippets(text):
            nested = next((base / target for base in bases if (base / target).exists()), None)
            if nested is not None:
                pending.append((nested, depth + 1))
    return found
