"""The examples a snippet brings onto a page, through the snippets it pulls in itself.

``pymdownx.snippets`` expands the snippets of an included file too, looking each one up under the
same base paths, and skips a file already being expanded (no loop). A snippet whose file holds
no example but includes one that does still shows that example on the page, so the check follows
the same chain: every file reached, to a bounded depth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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
    return [block for current, text in texts_pulled_in([file], bases, read, snippets)
            for block in find_blocks(text, str(current))]


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
