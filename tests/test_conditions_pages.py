"""The dying, poisons, rests and unarmed pages: twins, enough checked examples, notes, nav."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

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


def test_heading_ids_are_the_same_in_both_languages() -> None:
    for page in PAGES:
        heading_ids = [
            re.findall(r"^#+ .*\{ #([a-z0-9-]+) \}$", (ROOT / "docs" / language / page).read_text(encoding="utf-8"),
                       flags=re.M)
            for language in ("fr", "en")
        ]
        assert heading_ids[0] == heading_ids[1], page


def _flat(entries: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """``(page, title)`` for every page of a nav, sections included."""
    found: list[tuple[str, str]] = []
    for entry in entries:
        for title, target in entry.items():
            found += _flat(target) if isinstance(target, list) else [(target, title)]
    return found


def test_pages_are_in_the_nav_with_english_titles() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = yaml.load(text, Loader=yaml.BaseLoader)  # BaseLoader: no !ENV or !!python tags resolved
    nav = dict(_flat(config["nav"]))
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    english = next(lang for lang in i18n["languages"] if lang["locale"] == "en")["nav_translations"]
    for page in PAGES:
        assert page in nav, page
        assert nav[page] in english, nav[page]
