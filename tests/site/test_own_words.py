"""Pages are written in our own words: no run of ten words is copied from the source rules.

The source rules (``seeds/``) are not part of the repository: they sit in ``../shared/seeds``
beside the project on the authors' machines and in the project's CI, or wherever
``RULECHECK_SEEDS`` points. A clone with nothing beside it skips these tests and says why; a
``RULECHECK_SEEDS`` that names a missing folder fails them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

SEEDS = Path(os.environ.get("RULECHECK_SEEDS") or ROOT.parent / "shared" / "seeds")
SEED_NAMES = ["000", "001", "002", "004"]
WINDOW = 10


def words(text: str) -> list[str]:
    return re.findall(r"[\w'’]+", text.lower().replace("’", "'"))


def windows(text: str) -> set[tuple[str, ...]]:
    found = words(text)
    return {tuple(found[i:i + WINDOW]) for i in range(len(found) - WINDOW + 1)}


@pytest.fixture(scope="module")
def seeds() -> list[Path]:
    """The seed files, or a skip naming where they were looked for when no folder is there."""
    if not SEEDS.is_dir() and "RULECHECK_SEEDS" not in os.environ:
        pytest.skip(f"the source rules are not beside this clone ({SEEDS}): set RULECHECK_SEEDS to check copied words")
    found = sorted(SEEDS.glob("*.txt"))
    assert sorted(p.name[:3] for p in found) == SEED_NAMES, f"the seeds {SEED_NAMES} are expected in {SEEDS}"
    return found


@pytest.mark.seeds
def test_the_source_rules_are_all_there_when_present(seeds: list[Path]) -> None:
    assert all(seed.stat().st_size > 1000 for seed in seeds)


@pytest.mark.seeds
@pytest.mark.parametrize("language", ["fr", "en"])
def test_no_page_copies_ten_words_in_a_row_from_the_seeds(seeds: list[Path], language: str) -> None:
    copied: set[tuple[str, ...]] = set()
    for seed in seeds:
        copied |= windows(seed.read_text("utf-8"))
    for page in sorted((ROOT / "docs" / language).rglob("*.md")):
        prose = re.sub(r"(?ms)^[ \t]*```.*?^[ \t]*```", "", page.read_text("utf-8"))
        shared = windows(prose) & copied
        assert not shared, f"{page.relative_to(ROOT)} copies the seeds: {' '.join(sorted(shared)[0])}"


def test_a_copied_run_of_ten_words_is_found() -> None:
    seed = "Le personnage qui pare une attaque lance un dé de vingt faces et ajoute sa force."
    page = "Ici, le personnage qui pare une attaque lance un dé de vingt faces et ajoute."
    assert windows(page) & windows(seed)
    assert not windows("Le personnage pare : il jette un dé de vingt faces et ajoute sa force.") & windows(seed)
