"""One glossary per language: its abbreviation lines become tooltips on every page.

A language's ``glossary.md`` holds Markdown abbreviation definitions (``*[PV]: Points de vie``),
read by the ``abbr`` extension. Appending them to each page of that language gives every page
the same tooltips from a single source.
"""

from __future__ import annotations

import re
from pathlib import Path

ABBREVIATION = re.compile(r"^\*\[[^\]\n]+\]:[^\n]*$", re.MULTILINE)
GLOSSARY = "glossary.md"


def abbreviations(text: str) -> list[str]:
    """The abbreviation definition lines of a glossary page."""
    return ABBREVIATION.findall(text)


def append_abbreviations(markdown: str, glossary: Path) -> str:
    """``markdown`` with the glossary's abbreviations appended (once)."""
    if not glossary.is_file():
        return markdown
    lines = [line for line in abbreviations(glossary.read_text("utf-8")) if line not in markdown]
    return markdown + ("\n\n" + "\n".join(lines) + "\n" if lines else "")
