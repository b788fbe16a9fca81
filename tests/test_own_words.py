"""Pages are written in our own words: no run of ten words is copied from the source rules."""

from __future__ import annotations

import re

import pytest

from .conftest import ROOT

SEEDS = ROOT.parent / "shared" / "seeds"
WINDOW = 10


def words(text: str) -> list[str]:
    return re.findall(r"[\w'’]+", text.lower().replace("’", "'"))


def windows(text: str) -> set[tuple[str, ...]]:
    found = words(text)
    return {tuple(found[i:i + WINDOW]) for i in range(len(found) - WINDOW + 1)}


def test_the_source_rules_are_beside_the_project() -> None:
    assert sorted(p.name[:3] for p in SEEDS.glob("*.txt")) == ["000", "001", "002", "004"], (
        f"the seeds are expected in {SEEDS} (shared/ beside the repository)"
    )


@pytest.mark.parametrize("language", ["fr", "en"])
def test_no_page_copies_ten_words_in_a_row_from_the_seeds(language: str) -> None:
    copied: set[tuple[str, ...]] = set()
    for seed in SEEDS.glob("*.txt"):
        copied |= windows(seed.read_text("utf-8"))
    for page in sorted((ROOT / "docs" / language).rglob("*.md")):
        prose = re.sub(r"(?ms)^[ \t]*```.*?^[ \t]*```", "", page.read_text("utf-8"))
        shared = windows(prose) & copied
        assert not shared, f"{page.relative_to(ROOT)} copies the seeds: {' '.join(sorted(shared)[0])}"

