"""The turn, movement, posture, surprise, poisons, rests and dying pages say what the rulebook says.

Each test reads the pages themselves (both languages) and the examples they hold, so that a page
that drifts back to an earlier wording or ruling fails here, not only in review.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulecheck.examples.check import check_paths
from rulecheck.examples.finder import find_blocks

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("turn.md", "movement.md", "posture.md", "surprise.md", "poisons.md", "rests.md", "dying.md")
_CODE = re.compile(r"(?ms)^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$|`[^`\n]*`|\{\{[^}]*\}\}|\]\([^)\s]*\)")


def text(language: str, page: str) -> str:
    return (ROOT / "docs" / language / page).read_text("utf-8")


def prose(language: str, page: str) -> str:
    """A page without its code blocks, code spans, prose references and links' addresses: what a reader reads."""
    return _CODE.sub(" ", text(language, page))


def examples(language: str, page: str) -> dict[str, dict[str, Any]]:
    found = {}
    for block in find_blocks(text(language, page), page):
        data = yaml.safe_load(block.source)
        found[data["id"]] = data
    return found


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_posture_after_another_step_is_shown_refused(language: str) -> None:
    late = examples(language, "turn.md")["turn-step-then-guard"]
    assert late["given"]["plan"][0]["do"] != "posture" and late["given"]["plan"][1]["do"] == "posture"
    assert late["expect"] == {"refused": "posture_not_first"}
    only_m = examples(language, "posture.md")["posture-only-movement-refused"]
    assert only_m["expect"] == {"refused": "posture_only_m"}


def test_the_posture_page_opens_on_giving_up_the_attack_not_on_acting() -> None:
    opening = {language: prose(language, "posture.md").split("\n## ")[0] for language in ("fr", "en")}
    assert "action d'attaque" in opening["fr"] and "action gratuite" in opening["fr"]
    assert "renoncer à agir" not in opening["fr"] and "Au début de son tour" in opening["fr"]
    assert "attack action" in opening["en"] and "free action" in opening["en"]
    assert "give up acting" not in opening["en"] and "At the start of its turn" in opening["en"]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_failed_int_test_then_a_passed_dex_test_applies_a_doubtful_poison(language: str) -> None:
    wrong_vial = examples(language, "poisons.md")["poison-apply-int-fails"]
    assert wrong_vial["expect"]["int_success"] is False and wrong_vial["expect"]["dex_success"] is True
    assert wrong_vial["expect"]["applied"] is False and wrong_vial["expect"]["doubtful_poison"] is True
    fumbled = examples(language, "poisons.md")["poison-apply-int-fumble"]
    assert fumbled["dice"] == {"int_test": [1]} and fumbled["expect"]["dex_success"] is None
    words = prose(language, "poisons.md")
    assert ("ends the attempt" not in words and "flawed" not in words) if language == "en" \
        else "arrête l'essai" not in words
    fumble = examples(language, "poisons.md")["poison-apply-fumble"]
    assert fumble["dice"]["dex_test"] == [1] and fumble["expect"]["critical_failure"] is True


@pytest.mark.parametrize("language", ["fr", "en"])
def test_surprised_defenders_are_flat_footed_in_the_first_round(language: str) -> None:
    found = examples(language, "surprise.md")
    hit, later = found["surprise-flat-footed-hit"], found["surprise-over-dex-back"]
    assert hit["given"]["situation"] == {"defender_surprised": True}
    no_counter = found["surprise-no-counter-attack"]  # seed 002: no offensive action, a counter-attack is one
    assert no_counter["dice"]["reaction"] == [20] and no_counter["given"]["situation"] == {"defender_surprised": True}
    assert no_counter["expect"]["outcome"] == "parried" and no_counter["expect"]["counter_attack"] is False
    assert "situation" not in later["given"] and later["expect"]["outcome"] == "miss"
    # The defender's numbers come from the cast: read them as the check resolves them.
    report = check_paths([ROOT / "docs" / language / "surprise.md"], root=ROOT, odds=False)
    resolved = {o.id: o for page in report.pages.values() for o in page.outcomes}
    outcome = resolved["surprise-flat-footed-hit"]
    assert outcome.parsed is not None and outcome.result is not None
    defender = outcome.parsed.example.given.defender  # type: ignore[attr-defined]
    assert defender.dexterity > 0
    assert outcome.result.defence_value == defender.def_phy - defender.dexterity  # type: ignore[attr-defined]


def test_french_pages_use_the_rulebook_words() -> None:
    for page in PAGES:
        words = prose("fr", page)
        assert not re.search(r"\bround", words, re.IGNORECASE), f"{page}: « round » instead of « tour de combat »"
        assert "agonie" not in words and "dégradation" not in words, f"{page}: « détérioration » is the word"
    assert "tour de combat" in prose("fr", "surprise.md")
    assert "détérior" in prose("fr", "dying.md")


def test_english_pages_say_healing_test() -> None:
    for page in PAGES:
        assert "Soin test" not in prose("en", page), page
    assert "Healing test" in prose("en", "dying.md")


_ENGLISH = re.compile(r"«[^»]*\b(the|needs|already|cannot|refused|left|allowed)\b[^»]*»")


def test_french_pages_quote_no_english_engine_message() -> None:
    for page in PAGES:
        quoted = _ENGLISH.findall(prose("fr", page))
        assert quoted == [], f"{page}: an English engine message is quoted"


@pytest.mark.parametrize("page", PAGES)
def test_every_refusal_these_pages_mention_is_an_example(page: str) -> None:
    """A page that says something is refused shows it: at least one example expects a refusal."""
    for language in ("fr", "en"):
        mentions = re.search(r"refus|refused", prose(language, page), re.IGNORECASE)
        shown = [i for i, data in examples(language, page).items() if "refused" in (data.get("expect") or {})]
        assert not mentions or shown, f"{language}/{page}: a refusal is mentioned but none is shown"


def test_both_languages_give_the_card_format_the_same_ability_codes() -> None:
    """The capability line's parser takes French and English codes alike: each language's table says so."""
    for language in ("fr", "en"):
        page = text(language, "turn.md")
        for code in ("FOR/STR", "SAG/WIS", "`Support`"):
            assert code in page, (language, code)
