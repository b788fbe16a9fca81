"""A player's page speaks to players: no YAML key, file path or message meant for authors in its
prose. Those belong to the authors' pages (the authors' guide and the field reference)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

AUTHORS_PAGES = {"authors.md", "fields.md"}
#: Inline code that is an example's key or a file of the project, not a word of the rules: a
#: snake_case key, a ``key: value`` pair, a path, an example's id (a kebab-case slug, which paper
#: prints as it is: a player finds a card by its title).
#: A map's own characters (``~`` mist, ``#`` a wall) too: a player sees the map drawn, never its letters.
AUTHORS_CODE = re.compile(r"[a-z]_[a-z]|: |\.ya?ml|docs/|^[a-z0-9]+(?:-[a-z0-9]+)+$|^[~#=.]$")
CODE = re.compile(r"`([^`\n]+)`")
#: Sentences about the engine's or the build's workings, in either language.
AUTHORS_TALK = re.compile(
    r"the engine expected|le moteur attendait|at column \d+|à la colonne \d+|no longer builds|ne se construit plus"
    r"|keeps the type as written|garde le type|an example says (?:it|so) with|un exemple le dit avec"
    r"|the engine makes it|le moteur en fait|the check refuses|la vérification refuse|writing error"
    r"|erreur d'écriture", re.IGNORECASE)
FENCE = re.compile(r"^( *)(`{3,}|~{3,}).*?^\1\2", re.S | re.M)


def authors_code(text: str) -> list[str]:
    return [code for code in CODE.findall(text) if AUTHORS_CODE.search(code)]


def player_pages() -> list[str]:
    return sorted(f"{language}/{page.name}" for language in ("fr", "en")
                  for page in (ROOT / "docs" / language).glob("*.md") if page.name not in AUTHORS_PAGES)


@pytest.mark.parametrize("page", player_pages())
def test_a_players_page_holds_no_yaml_key_path_or_authors_talk(page: str) -> None:
    prose = FENCE.sub("", (ROOT / "docs" / page).read_text("utf-8"))
    prose = re.sub(r"<!--.*?-->", "", prose, flags=re.S)
    found = authors_code(prose) + AUTHORS_TALK.findall(prose)
    assert found == [], f"{page}: {found}"


def test_the_check_finds_what_it_looks_for() -> None:
    sample = ("a move marked `leaves_contact`, the file `docs/cast.yml`, `ability: dex`, the example "
              "`move-split-one-metre-too-far`; the engine expected")
    assert authors_code(sample) == ["leaves_contact", "docs/cast.yml", "ability: dex", "move-split-one-metre-too-far"]
    assert AUTHORS_TALK.findall(sample) == ["the engine expected"]
    assert authors_code("fog (`~`) and a wall (`#`)") == ["~", "#"]
    assert AUTHORS_TALK.findall("one too many: the check refuses the map; une erreur d'écriture") == [
        "the check refuses", "erreur d'écriture"]
    assert authors_code("a cost of `MA`, `PHY(…)` against Def PHY: or `MAG(…)`, a card `C - A - PHY(DEX)`") == []


#: The workshop's word, which only the home page uses, to tell how the examples are run.
ENGINE = re.compile(r"\b(?:moteur|engine)\b", re.IGNORECASE)


@pytest.mark.parametrize("page", [page for page in player_pages() if not page.endswith("/index.md")])
def test_a_rules_page_never_names_the_engine(page: str) -> None:
    """« The engine reads it as… » is the workshop's voice: a reading is the site's, said as such;
    and « checked by the engine » is jargon a player meets once, on the home page that explains it."""
    prose = FENCE.sub("", (ROOT / "docs" / page).read_text("utf-8"))
    assert ENGINE.findall(prose) == [], page
