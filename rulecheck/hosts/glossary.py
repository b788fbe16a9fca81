"""One glossary per language: its abbreviation lines become tooltips on every page.

A language's ``glossary.md`` holds Markdown abbreviation definitions (``*[PV]: Points de vie``),
read by the ``abbr`` extension. Appending them to each page of that language gives every page
the same tooltips from a single source.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulecheck.examples.pages import read_page
from rulecheck.examples.references import mask_code  # fences and code spans blanked, offsets kept

ABBREVIATION = re.compile(r"^\*\[[^\]\n]+\]:[^\n]*$", re.MULTILINE)
GLOSSARY = "glossary.md"


def abbreviations(text: str) -> list[str]:
    """The abbreviation definition lines of a glossary page."""
    return ABBREVIATION.findall(text)


def append_abbreviations(markdown: str, glossary: Path) -> str:
    """``markdown`` with the glossary's abbreviations appended (once), and those of several words
    that the source breaks across two lines (``Def`` / ``PHY``) joined again so they get theirs.

    The glossary is read as any page is (a regular file, bounded, UTF-8): one that cannot be read
    gives no tooltips, and the check reports it at its own place, as a page."""
    try:
        found = abbreviations(read_page(glossary))
    except (OSError, UnicodeDecodeError):
        return markdown
    markdown = join_broken_abbreviations(markdown, [line[2:line.index("]:")] for line in found])
    lines = [line for line in found if line not in markdown]
    return markdown + ("\n\n" + "\n".join(lines) + "\n" if lines else "")


def join_broken_abbreviations(markdown: str, terms: list[str]) -> str:
    """``Def\\n  PHY`` → ``Def PHY`` in prose (never in code) for each term of several words: the
    ``abbr`` extension matches a term's exact text, so a term broken by a line end had no tooltip."""
    spaced = [term.split() for term in terms if len(term.split()) > 1]
    if not spaced:
        return markdown
    broken = re.compile("|".join(
        r"(?<![\w-])" + r"(?:[ \t]*\n[ \t]*|[ \t]+)".join(map(re.escape, words)) + r"(?![\w-])" for words in spaced
    ))
    pieces, last = [], 0
    for match in broken.finditer(mask_code(markdown)):  # prose only: code is blank in the mask
        pieces += [markdown[last:match.start()], _joined(match)]
        last = match.end()
    pieces.append(markdown[last:])
    return "".join(pieces)


def _joined(match: re.Match[str]) -> str:
    return " ".join(match.group(0).split())
