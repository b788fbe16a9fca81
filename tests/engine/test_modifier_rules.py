"""Rules fidelity of the modifiers (issue 9): stacking of penalties, DEX effects in a chain, opportunity
attacks on the grid, the coup de grâce's refusals, a big creature's corners at range, the untied
import circle, and the localized words of every refusal."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import ValidationError

from rulecheck.engine.coup_de_grace import CoupDeGraceInput, resolve_coup_de_grace
from rulecheck.engine.opportunity import OpportunityInput, resolve_opportunity
from rulecheck.engine.positions import PositionsInput, resolve_positions
from rulecheck.engine.situation import COUP_DE_GRACE_REFUSALS, CoupDeGraceRefusal
from rulecheck.engine.sources import ScriptedDice
from rulecheck.errors import RuleError
from rulecheck.examples import render
from tests.conftest import attack

# Stacking (ruling 10) ------------------------------------------------------------------------------


def melee(situation: dict[str, Any], total: int = 15, **defender: int) -> Any:
    return attack({"attack": {"kind": "melee", "total": total}, "defender": {"def_phy": 13, **defender},
                   "situation": situation})


def test_dazzled_and_shaken_add_up_to_minus_3() -> None:
    result = melee({"attacker": ["dazzled", "shaken"]})
    assert (result.attack_modifier, result.attack_total, result.outcome) == (-3, 12, "miss")


def test_shaken_and_frightened_are_one_condition_and_give_minus_2() -> None:
    assert melee({"attacker": ["shaken", "frightened"]}).attack_modifier == -2


def test_every_penalty_of_the_attacker_table_adds_up() -> None:
    result = melee({"attacker": ["dazzled", "entangled", "shaken", "squeezing"]})
    assert result.attack_modifier == -1 - 2 - 2 - 4


def test_prone_and_helpless_give_minus_8_in_melee_besides_the_dex() -> None:
    result = melee({"defender": ["prone", "helpless"]}, dex=0)
    assert result.defence_modifier == -4 - 4 - 5


@pytest.mark.parametrize(("dex", "expected"), [(3, -3), (2, -2), (1, -2), (0, -2), (-1, -2)])
def test_entangled_then_flat_footed_never_takes_more_than_the_dex(dex: int, expected: int) -> None:
    # entangled lowers DEX by 2, then losing the DEX bonus removes what stays positive
    result = melee({"defender": ["entangled", "flat_footed"]}, dex=dex)
    assert result.defence_modifier == expected


def test_a_dex_counted_minus_5_replaces_every_other_dex_effect() -> None:
    result = attack({"attack": {"kind": "ranged", "total": 10}, "defender": {"def_phy": 13, "dex": 3},
                     "situation": {"defender": ["pinned", "entangled"]}})
    assert result.defence_modifier == -8


def test_posture_is_no_modifier_kind_any_more() -> None:
    from rulecheck.engine.modifiers import ModifierKind

    assert "posture" not in get_args(ModifierKind) and "stance" in get_args(ModifierKind)


# Opportunity attacks on the grid --------------------------------------------------------------------


def moving(map_: str, path: list[list[int]], **extra: Any) -> Any:
    given = OpportunityInput.model_validate({"grid": {"map": map_, **extra.pop("grid", {})}, "path": path, **extra})
    return resolve_opportunity(given, ScriptedDice({}))


OGRE = {"creatures": {"o": {"size": "large"}}}
OGRE_MAP = "A . . . .\n. . . o o\n. . . o o"


def test_approaching_a_long_reach_provokes_on_the_step_inside_it() -> None:
    result = moving(OGRE_MAP, [[1, 0], [2, 0]], grid=OGRE)
    assert (result.provokes, result.opportunity_from) == (True, ("o",))
    assert [s.event for s in result.trace] == ["opportunity.moves_within_reach"]


def test_entering_the_long_reach_and_stopping_does_not_provoke() -> None:
    assert not moving(OGRE_MAP, [[1, 0]], grid=OGRE).provokes


def test_a_single_one_square_step_inside_a_long_reach_does_not_provoke() -> None:
    result = moving(". A . . .\n. . . o o\n. . . o o", [[2, 0]], grid=OGRE)
    assert (result.provokes, result.single_step) == (False, True)
    assert result.trace[0].event == "opportunity.single_step"


@pytest.mark.parametrize(("grid", "path", "event"), [
    (". A . . .\n. . . o o\n. . . o o", [[2, 0]], "opportunity.single_step"),
    ("o # .\n. A .\n. . .", [[2, 2]], "opportunity.cover"),
    ("o # .\n# A .\n. . .", [[2, 1], [2, 2]], "opportunity.cover"),
])
def test_a_step_spared_in_reach_says_why_in_its_verdict(grid: str, path: list[list[int]], event: str) -> None:
    """« 2 ≤ 2 (reach) → no opportunity attack » read as if the comparison let it off: the verdict
    of a step in reach that provokes nothing says it is in reach, and its label says what spares it."""
    from rulecheck.examples.render import VALUES

    result = moving(grid, path, grid=OGRE if "o o" in grid else {})
    shown = [s for s in result.trace if s.event == event]
    spared = f"spared_by_{event.split('.')[1]}"
    assert shown and all(s.op == "<=" and s.verdict == spared for s in shown) and not result.provokes
    for language in ("fr", "en"):
        said = VALUES[language][spared]
        assert said.startswith(("à portée, mais", "in reach, but")) and said != VALUES[language]["provokes"]
        assert ("abri" in said or "cover" in said) if event.endswith("cover") else ("pas" in said or "step" in said)


def test_two_steps_inside_a_long_reach_provoke_once() -> None:
    result = moving(". A . . .\n. . . o o\n. . . o o", [[2, 0], [2, 1]], grid=OGRE)
    assert result.opportunity_attacks == 1


@pytest.mark.parametrize(("rows_above", "provokes"), [(1, True), (2, False)])
def test_the_edge_of_the_reach_is_inside_it(rows_above: int, provokes: bool) -> None:
    # distance 2 = reach 2 is threatened (<=), distance 3 is not
    map_ = "\n".join(["A . . . ."] + [". . . . ."] * rows_above + [". . o o .", ". . o o ."])
    assert moving(map_, [[1, 0], [2, 0]], grid=OGRE).provokes is provokes


def test_leaving_contact_provokes_and_disengaging_cancels_it() -> None:
    assert moving("o A . .", [[2, 0], [3, 0]]).opportunity_from == ("o",)
    assert not moving("o A . .", [[2, 0], [3, 0]], disengaged=True).provokes


def test_even_a_single_step_out_of_contact_provokes() -> None:
    assert moving("o A .", [[2, 0]]).provokes


def test_circling_a_reach_1_creature_provokes_nothing() -> None:
    assert not moving("A .\no .", [[1, 0], [1, 1]]).provokes


def test_allies_never_strike() -> None:
    assert not moving("B A . .", [[2, 0], [3, 0]]).provokes


def test_cover_in_the_square_left_forbids_the_opportunity_attack() -> None:
    result = moving("o # .\n. A .\n. . .", [[2, 2]])
    assert not result.provokes
    assert result.trace[0].event == "opportunity.cover"


def test_a_reach_0_creature_provokes_when_it_enters_a_square() -> None:
    result = moving(". D .", [[1, 0]], grid={"creatures": {"A": {"size": "tiny", "at": [0, 0]}}})
    assert (result.opportunity_from, result.trace[0].event) == (("D",), "opportunity.enters_square")


def test_a_reach_0_creature_threatens_nobody() -> None:
    result = moving("A . .\n. . .", [[1, 0], [2, 0], [2, 1]], grid={"creatures": {"p": {"size": "tiny", "at": [1, 1]}}})
    assert not result.provokes


HALBERD = {"creatures": {"h": {"reach_weapon": True}}}


@pytest.mark.parametrize(("board", "step"), [
    (". . A . h", [1, 0]),  # the halberd to the east, a step west
    ("h . A . .", [3, 0]),  # to the west, a step east
    (". . .\n. . A\n. . .\n. . h", [2, 0]),  # to the south, a step north
])
def test_a_creature_a_reach_weapon_holds_provokes_when_it_leaves_and_may_disengage_from_it(
        board: str, step: list[int]) -> None:
    """Held in melee by a halberd two squares away, without being in contact: stepping out of its
    reach provokes, and disengaging first cancels it, as from an enemy in contact (a reading)."""
    assert moving(board, [step], grid=HALBERD).opportunity_from == ("h",)
    assert not moving(board, [step], grid=HALBERD, disengaged=True).provokes


def test_disengaging_out_of_contact_is_refused() -> None:
    with pytest.raises(RuleError, match="no enemy threatens") as caught:
        moving("A . o", [[1, 0]], disengaged=True)
    assert caught.value.field == ("given", "disengaged")


def test_a_single_step_next_to_a_reach_1_creature_needs_no_note() -> None:
    result = moving("A . .\n. o .", [[1, 0]])  # o is next to both squares: no long reach to explain
    assert [(s.event, s.value, s.verdict) for s in result.trace] == [
        ("opportunity.none.within_reach", 1, "no_opportunity")]


@pytest.mark.parametrize(("board", "path", "event"), [
    ("A . .\n. . .\n. . o", [[1, 0]], "opportunity.none"),  # o two squares away all along
    ("A . . .\n. . . o", [[0, 1]], "opportunity.none"),
    ("A .\no .", [[1, 0], [1, 1]], "opportunity.none.within_reach"),  # circling the orc
    (". . . A\no . . .", [[2, 0], [1, 0]], "opportunity.none.within_reach"),  # walking up to it
    (". A .\n. o .", [[0, 0], [0, 1]], "opportunity.none.within_reach"),
])
def test_a_move_that_provokes_nothing_says_whether_an_enemy_reached_it(board: str, path: list[list[int]],
                                                                      event: str) -> None:
    """« No enemy threatens the path » is false of a walk around an orc that never leaves its reach."""
    result = moving(board, path)
    assert not result.provokes
    assert [s.event for s in result.trace] == [event]


def test_each_enemy_is_counted_once_and_later_enemies_still_provoke() -> None:
    # o is left on the first step and p on the second: o's attack does not end the walk
    result = moving("o A . . . .\n. . . p . .", [[2, 0], [3, 0], [4, 0], [5, 0]])
    assert result.opportunity_from == ("o", "p")
    assert [s.verdict for s in result.trace] == ["provokes", "provokes"]


@pytest.mark.parametrize(("path", "message"), [
    ([[2, 0]], "not next to"), ([[-1, 0]], "off the map"), ([[1, 0]], "obstacle"), ([[0, 1]], "square of `o`"),
])
def test_a_path_goes_one_free_square_at_a_time(path: list[list[int]], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        moving("A # .\no . .", path)


# Coup de grâce ------------------------------------------------------------------------------------


def coup(situation: dict[str, Any], kind: str = "melee", **extra: Any) -> Any:
    given = CoupDeGraceInput.model_validate({"attack": {"kind": kind}, "situation": situation, **extra})
    return resolve_coup_de_grace(given, ScriptedDice({}))


@pytest.mark.parametrize(("situation", "kind", "extra", "refusal"), [
    ({"defender": ["stunned"]}, "melee", {}, "not_helpless"),
    ({"defender": ["helpless"], "immune_to_criticals": True}, "melee", {}, "immune_to_criticals"),
    ({"defender": ["helpless"]}, "magic", {"contact": True}, "spell"),
    ({"defender": ["helpless"], "weapon": "shuriken"}, "ranged", {"contact": True}, "ranged_weapon"),
    ({"defender": ["helpless"], "weapon": "bow"}, "ranged", {}, "not_adjacent"),
])
def test_each_refusal_is_a_value_with_the_attack_rules_own_check(
    situation: dict[str, Any], kind: str, extra: dict[str, Any], refusal: str
) -> None:
    result = coup(situation, kind, **extra)
    assert (result.allowed, result.refusal, result.rounds) == (False, refusal, None)
    with pytest.raises(RuleError, match=COUP_DE_GRACE_REFUSALS[refusal][0]):
        attack({"attack": {"kind": kind, "total": 10}, **extra, "situation": {**situation, "coup_de_grace": True}})


def test_total_concealment_takes_one_more_round_and_it_provokes() -> None:
    assert (coup({"defender": ["helpless"]}).rounds, coup({"defender": ["helpless"]}).provokes) == (1, True)
    assert coup({"defender": ["helpless", "invisible"]}).rounds == 2
    assert coup({"defender": ["helpless"], "concealment": "total"}).rounds == 2
    assert coup({"defender": ["helpless"], "concealment": "concealment"}).rounds == 1


def test_a_bow_next_to_the_target_on_the_grid_is_allowed() -> None:
    result = coup({"defender": ["helpless"], "weapon": "bow", "grid": {"map": "A D"}}, "ranged")
    assert result.allowed


def test_a_bow_in_contact_without_a_grid_is_allowed_and_its_card_says_it_provokes() -> None:
    result = coup({"defender": ["helpless"], "weapon": "bow"}, "ranged", contact=True)
    assert (result.allowed, result.rounds, result.provokes) == (True, 1, True)
    assert (result.trace[-1].event, result.trace[-1].value, result.trace[-1].verdict) == (
        "coup_de_grace.rounds", 1, "coup_de_grace.provokes")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_refusal_has_words_in_both_languages(language: str) -> None:
    for refusal in get_args(CoupDeGraceRefusal):
        assert refusal in COUP_DE_GRACE_REFUSALS
        for key in (f"coup_de_grace.{refusal}", f"refusal.{refusal}"):
            assert render.word(key, language) != key
    text = render.trace(coup({"defender": ["stunned"]}).trace, "fr")[0]
    assert text == "Coup de grâce refusé\u00a0: la cible n'est pas sans défense"


# A big creature's lines at range --------------------------------------------------------------------


BIG_SHOOTER = "A A # . . .\nA A . . . .\n. . # . . .\n. . . . . D\n. . . . # ."


def test_at_range_a_big_creature_shoots_from_a_corner_of_its_whole_space() -> None:
    # from the middle of its right side, (2, 1), a line would pass between the walls; that point is a
    # corner of its squares but not of its space, so at range the wall gives cover
    grid = {"map": BIG_SHOOTER, "creatures": {"A": {"size": "large", "reach_weapon": True}}}
    ranged = resolve_positions(PositionsInput.model_validate({"grid": grid, "attack": "ranged"}), ScriptedDice({}))
    assert (ranged.distance, ranged.cover) == (4, "normal")


def test_in_melee_a_big_creature_picks_any_of_its_squares() -> None:
    grid = {"map": BIG_SHOOTER, "creatures": {"A": {"size": "large", "reach_weapon": True}}}
    reach = resolve_positions(PositionsInput.model_validate({"grid": grid}), ScriptedDice({}))
    assert (reach.in_reach, reach.cover) == (True, "none")


# The import circle ----------------------------------------------------------------------------------


@pytest.mark.parametrize("first", ["rulecheck.engine.situation", "rulecheck.engine.models",
                                   "rulecheck.engine.situation_model"])
def test_models_and_situation_import_in_any_order(first: str) -> None:
    code = f"import {first}; import rulecheck.engine.models, rulecheck.engine.situation"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_situation_keeps_its_public_names() -> None:
    situation = importlib.import_module("rulecheck.engine.situation")
    model = importlib.import_module("rulecheck.engine.situation_model")
    assert situation.Situation is model.Situation
    assert importlib.import_module("rulecheck.engine").Situation is model.Situation


def test_models_does_not_import_the_situation_rules() -> None:
    models = importlib.import_module("rulecheck.engine.models")
    assert models.__file__ is not None
    tree = ast.parse(Path(models.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "rulecheck.engine.situation" not in imported and "rulecheck.engine.situation_model" in imported


def test_a_move_needs_the_moving_creature_but_no_defender() -> None:
    assert not moving("A . o", [[1, 0]]).provokes  # no `D` on the map is fine for a move
    with pytest.raises(ValidationError, match="the moving creature `A`"):
        moving(". . o", [[1, 0]])
    with pytest.raises(ValidationError, match="the attacker `A` and the defender `D`"):
        PositionsInput.model_validate({"grid": {"map": "A . o"}})


def test_stepping_inside_a_reach_weapons_blind_zone_is_not_leaving_contact() -> None:
    glaive = {"creatures": {"o": {"reach_weapon": True}}}
    assert not moving("o . A .", [[1, 0]], grid=glaive).provokes  # 2 squares (threatened) to 1 (not)
    assert moving("o . A .", [[3, 0]], grid=glaive).provokes  # 2 squares to 3: leaves its reach


def test_creatures_between_a_long_reach_and_the_mover_give_cover_against_its_opportunity_attack() -> None:
    # Beyond adjacent squares a melee attack uses the ranged cover rule, creatures included (seed 004);
    # and no opportunity attack against a target with cover. Without the goblins, the same step provokes.
    open_ = moving("A . . o o\n. . . o o\n. . . . .", [[1, 0], [1, 1]], grid=OGRE)
    assert open_.opportunity_from == ("o",)
    screened = moving("A . g o o\n. . h o o\n. . . . .", [[1, 0], [1, 1]], grid=OGRE)
    assert not screened.provokes
    assert [s.event for s in screened.trace] == ["opportunity.cover"]
