"""Every key the modifier rules put in a trace or a card has its French and English words."""

from __future__ import annotations

from typing import Any

import pytest

from rulecheck.engine import AttackInput, PositionsInput, ScriptedDice, resolve_attack, resolve_positions
from rulecheck.engine.modifiers import ATTACKER_ROWS, COVER_ROWS, DEFENDER_ROWS
from rulecheck.engine.sizes import SIZES
from rulecheck.engine.trace import Step
from rulecheck.examples import render
from rulecheck.examples.trace_check import unworded

ATTACKS: list[tuple[dict[str, Any], dict[str, list[int]]]] = [
    ({"attack": {"total": 12}, "situation": {"attacker": ["dazzled", "shaken"], "defender": ["helpless", "prone"],
                                             "concealment": "concealment"}}, {"miss_chance": [5]}),
    ({"attack": {"total": 12}, "situation": {"concealment": "concealment"}}, {"miss_chance": [50]}),
    ({"attack": {"kind": "ranged", "total": 12}, "situation": {"attacker": ["prone"], "weapon": "shuriken"}}, {}),
    ({"attack": {"kind": "magic", "total": 12}, "situation": {"attacker": ["prone"]}}, {}),
    ({"attack": {"damage": "1d4"}, "reaction": "parry",
      "situation": {"defender": ["helpless", "invisible"], "coup_de_grace": True}}, {}),
    ({"attack": {"damage": "1d4"}, "situation": {"defender": ["helpless"], "coup_de_grace": True,
                                                 "concealment": "concealment"}}, {"miss_chance": [30]}),
    ({"attack": {"total": 12}, "defender": {"dex": 2}, "reaction": "dodge",
      "situation": {"defender": ["entangled", "flat_footed"], "cover": "improved"}}, {"reaction": [3]}),
    ({"attack": {"total": 12}, "situation": {"grid": {"map": ". B .\n~ D .\n. A ."}}}, {}),
]
GRIDS = [
    {"grid": {"map": "A D", "creatures": {"A": {"reach_weapon": True}}}},
    {"grid": {"map": "A . D", "creatures": {"A": {"reach_weapon": True}}}},
    {"grid": {"map": "A . . D"}},
    {"attack": "ranged", "grid": {"map": "A g ~ # D"}},
]


def steps() -> list[Step]:
    found: list[Step] = []
    for given_, dice in ATTACKS:
        found += resolve_attack(AttackInput.model_validate(given_), ScriptedDice(dice)).trace
    for given_ in GRIDS:
        found += resolve_positions(PositionsInput.model_validate(given_), ScriptedDice({})).trace
    return found


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_trace_key_has_words(language: str) -> None:
    assert unworded(steps(), language) == set()


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_table_row_has_a_name(language: str) -> None:
    keys = ([f"attacker.{r.key}" for r in ATTACKER_ROWS] + [f"defender.{r.key}" for r in DEFENDER_ROWS]
            + [f"cover.{r.key}" for r in COVER_ROWS] + [f"size.{r.key}" for r in SIZES]
            + ["concealment.concealment", "concealment.total"])
    assert [k for k in keys if k not in render.LABELS[language]] == []


def test_a_step_with_only_a_verdict_reads_event_then_verdict() -> None:
    step = Step(anchor="cover", event="grid.cover", verdict="cover.none")
    assert render.step(step, "fr") == "Abri d'après la grille\u00a0: pas d'abri"
    assert render.step(step, "en") == "Cover from the grid: no cover"


def test_a_field_qualified_word_wins_in_cards() -> None:
    assert render.value("none", "fr", "cover") == "pas d'abri"
    assert render.value("soft", "en", "cover") == "soft cover (shots and reach)"
    assert render.value("none", "fr") == render.word("none", "fr")
    assert render.value(None, "fr", "flanking") == "—"


def test_the_survival_step_reads_as_a_sum() -> None:
    given_ = AttackInput.model_validate({"attack": {"damage": "1d4+2"},
                                         "situation": {"defender": ["helpless"], "coup_de_grace": True}})
    trace = resolve_attack(given_, ScriptedDice({})).trace
    assert render.step(trace[-1], "en") == (  # 4 + 2, no bonus
        "If it survives, its survival test's difficulty (rolled at the table): 10 (flat) + 6 (damage) = 16")


@pytest.mark.parametrize(("language", "hidden", "said"), [
    ("fr", False, "Coup de grâce, tours entiers de l'attaquant qu'il prend (M et A)\u00a0: 1 → provoque les attaques "
                  "d'opportunité des ennemis qui menacent l'attaquant"),
    ("en", False, "Coup de grâce, whole turns of the attacker it takes (M and A): 1 → provokes opportunity attacks "
                  "from the enemies threatening the attacker"),
    # Against total concealment the card adds the two turns up: a bare 2 read as two turns more.
    ("fr", True, "Coup de grâce, tours entiers de l'attaquant, d'affilée (M et A)\u00a0: 1 (trouver la cible) + "
                 "1 (frapper) = 2 → provoque les attaques d'opportunité des ennemis qui menacent l'attaquant"),
    ("en", True, "Coup de grâce, whole turns of the attacker in a row (M and A): 1 (find the target) + 1 (strike) "
                 "= 2 → provokes opportunity attacks from the enemies threatening the attacker"),
])
def test_a_coup_de_grace_says_what_its_number_counts_and_whose_attacks_it_provokes(
        language: str, hidden: bool, said: str) -> None:
    from rulecheck.engine.coup_de_grace import resolve_coup_de_grace
    from rulecheck.engine.rules import RULES

    defender = ["helpless", "invisible"] if hidden else ["helpless"]
    given = RULES["coup_de_grace"].given.model_validate(
        {"attack": {"kind": "melee"}, "situation": {"defender": defender}})
    result = resolve_coup_de_grace(given, ScriptedDice({}))
    assert render.step(result.trace[-1], language) == said
    assert result.rounds == sum(term.value for term in result.trace[-1].terms) or not hidden
