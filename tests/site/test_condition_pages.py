"""The dying, poisons, rests and unarmed pages: twins, enough checked examples, notes, nav."""

from __future__ import annotations

import re

import pytest

from rulecheck.examples.check import check_paths
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.schema import parse_block
from tests.conftest import ROOT

PAGES = ("dying.md", "poisons.md", "rests.md", "unarmed.md")
NOTE_TITLES = {"fr": "Note d'interprétation", "en": "Interpretation note"}


def ids(language: str) -> list[str]:
    found = []
    for page in PAGES:
        path = ROOT / "docs" / language / page
        for block in find_blocks(path.read_text(encoding="utf-8"), str(path)):
            parsed = parse_block(block)
            assert not isinstance(parsed, list), parsed
            found.append(parsed.id)
    return found


def test_pages_hold_at_least_twelve_checked_examples_per_language_with_the_same_ids() -> None:
    french, english = ids("fr"), ids("en")
    assert len(french) >= 12
    assert french == english


def test_every_example_on_these_pages_matches_the_engine() -> None:
    paths = [ROOT / "docs" / language / page for language in ("fr", "en") for page in PAGES]
    report = check_paths(paths, root=ROOT)
    assert report.ok, "\n".join(p.located() for p in report.all_problems)
    assert report.examples == 2 * len(ids("fr"))


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_interpretation_notes_under_note_headings(language: str, page: str) -> None:
    text = (ROOT / "docs" / language / page).read_text(encoding="utf-8")
    notes = re.findall(r'^#+ .*\{ #(note-[a-z0-9-]+) \}\n\n!!! abstract "' + re.escape(NOTE_TITLES[language]) + '"',
                       text, flags=re.M)
    assert notes, f"no interpretation note in docs/{language}/{page}"
    twin = (ROOT / "docs" / ("en" if language == "fr" else "fr") / page).read_text(encoding="utf-8")
    assert sorted(notes) == sorted(re.findall(r"\{ #(note-[a-z0-9-]+) \}", twin))

