"""The French and English trees: same pages, same navigation, translated titles, linked notes."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT

DOCS = ROOT / "docs"


class _Loader(yaml.SafeLoader):
    """mkdocs.yml uses !ENV and !!python/name tags: read them as plain values."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def config() -> dict[str, Any]:
    return yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=_Loader)


def nav_entries(nav: list[Any], sections: bool = False) -> list[tuple[str, str]]:
    """(title, page) for every page of the nav; with ``sections``, (title, "") for sections too."""
    entries = []
    for item in nav:
        for title, target in item.items():
            if isinstance(target, list):
                entries += [(title, "")] * sections + nav_entries(target, sections)
            else:
                entries.append((title, target))
    return entries


def i18n() -> dict[str, Any]:
    plugins = config()["plugins"]
    return next(p["i18n"] for p in plugins if isinstance(p, dict) and "i18n" in p)


def pages(language: str) -> set[str]:
    return {p.relative_to(DOCS / language).as_posix() for p in (DOCS / language).rglob("*.md")}


def test_both_languages_have_the_same_pages() -> None:
    assert pages("fr") == pages("en")


def test_every_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    targets = [target for _, target in nav_entries(config()["nav"])]
    assert sorted(targets) == sorted(pages("fr"))
    assert len(set(targets)) == len(targets)


def test_every_nav_title_has_an_english_translation() -> None:
    english = next(lang for lang in i18n()["languages"] if lang["locale"] == "en")
    translations = english["nav_translations"]
    titles = [title for title, _ in nav_entries(config()["nav"], sections=True)]
    assert [title for title in titles if title not in translations] == []
    assert [title for title in titles if translations[title] == title] == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_interpretation_note_is_linked_from_the_notes_page(language: str) -> None:
    notes = (DOCS / language / "notes.md").read_text("utf-8")
    linked = set(re.findall(r"\]\(([\w/-]+\.md)#(note-[\w-]+)\)", notes))
    for page in sorted(pages(language) - {"notes.md"}):
        for note in re.findall(r"\{ #(note-[\w-]+) \}", (DOCS / language / page).read_text("utf-8")):
            assert (page, note) in linked, f"{language}/{page}#{note} is not linked from notes.md"


def test_headings_have_the_same_ids_in_both_languages() -> None:
    for page in sorted(pages("fr")):
        ids = [re.findall(r"\{ #([\w-]+) \}", (DOCS / lang / page).read_text("utf-8")) for lang in ("fr", "en")]
        assert ids[0] == ids[1], page


def test_every_trace_anchor_of_the_site_is_explained_once_in_each_language() -> None:
    from rulecheck.examples.check import check_paths
    from rulecheck.examples.headings import file_heading_lines, heading_lines
    from rulecheck.hosts.anchors import anchor_index

    report = check_paths([DOCS], root=ROOT)
    used = {
        step.anchor
        for page in report.pages.values()
        for outcome in page.outcomes
        if outcome.result is not None
        for step in outcome.result.trace  # type: ignore[attr-defined]
    }
    assert used, "the site's examples produce traces"
    for language in ("fr", "en"):
        index = anchor_index((page, file_heading_lines(DOCS / language / page)) for page in pages(language))
        assert sorted(used - set(index)) == [], f"anchors with no heading in {language}"
        for anchor in used:
            pages_defining = [p for p in pages(language)
                              if anchor in heading_lines((DOCS / language / p).read_text("utf-8"))]
            assert len(pages_defining) == 1, (language, anchor, pages_defining)


def section_ids(page: str) -> list[str | None]:
    """The id of each heading of a page below its title, in order (None where MkDocs would make
    one from the heading's words, which differ between the languages); fenced blocks skipped."""
    from rulecheck.examples.finder import find_fences

    lines = page.split("\n")
    for fence in reversed(list(find_fences(lines))):
        del lines[fence.start:fence.end + 1]
    ids = []
    for heading in re.finditer(r"^ {0,3}#{2,6} (.*?)\s*$", "\n".join(lines), re.MULTILINE):
        explicit = re.search(r"\{[^}]*#([\w-]+)[^}]*\}$", heading[1])
        ids.append(explicit[1] if explicit else None)
    return ids


@pytest.mark.parametrize("page", sorted(p.name for p in (DOCS / "fr").glob("*.md")))
def test_a_section_keeps_its_address_from_one_language_to_the_other(page: str) -> None:
    """The language switch keeps the address's section: every heading has an explicit id, the same
    in both languages (« #maelle-boit-une-potion… » led the English reader to the top of the page)."""
    french, english = (section_ids((DOCS / language / page).read_text("utf-8")) for language in ("fr", "en"))
    assert None not in french and None not in english, (page, french, english)
    assert french == english
