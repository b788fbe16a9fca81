"""The glossary's abbreviations become every page's tooltips; a glossary an author broke (bytes
that are not UTF-8, a FIFO, a folder, a file too big to read) gives no tooltips and never stops
the build with a traceback: the check reports that page at its own place, as any page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulecheck.examples import pages
from rulecheck.hosts.glossary import append_abbreviations

PAGE = "The Def\nPHY of an orc.\n"
GLOSSARY = "# Glossary\n\n*[Def PHY]: Physical defence\n*[HP]: Hit points\n"


def test_a_glossary_s_abbreviations_are_appended_and_broken_terms_joined(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary.md"
    glossary.write_text(GLOSSARY, "utf-8")
    shown = append_abbreviations(PAGE, glossary)
    assert shown.startswith("The Def PHY of an orc.")
    assert shown.endswith("*[Def PHY]: Physical defence\n*[HP]: Hit points\n")
    glossary.write_bytes(("\ufeff" + GLOSSARY.replace("\n", "\r\n")).encode())  # a BOM and CRLF: read as any page
    assert append_abbreviations(PAGE, glossary) == shown


@pytest.mark.parametrize("broken", ["not-utf8", "fifo", "folder", "missing", "too-big", "symlink-to-fifo"])
def test_a_glossary_that_cannot_be_read_gives_no_tooltips_and_no_traceback(tmp_path: Path, broken: str) -> None:
    glossary = tmp_path / "glossary.md"
    if broken == "not-utf8":
        glossary.write_bytes(GLOSSARY.encode() + b"\xff\xfe*[X]: y\n")
    elif broken == "fifo":
        os.mkfifo(glossary)  # never waited on
    elif broken == "folder":
        glossary.mkdir()
    elif broken == "too-big":
        glossary.write_text(GLOSSARY * (pages.MAX_PAGE_BYTES // len(GLOSSARY) + 1), "utf-8")
    elif broken == "symlink-to-fifo":
        os.mkfifo(tmp_path / "pipe")
        glossary.symlink_to(tmp_path / "pipe")
    assert append_abbreviations(PAGE, glossary) == PAGE
