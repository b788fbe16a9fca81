"""Bounded cost: the work of exact odds and of a map's geometry is counted before it is done,
refused past a stated bound with a located error and its fix; the limits sit in the schema."""

from __future__ import annotations

import time
import tracemalloc
from typing import Any

import icepool
import pytest
from pydantic import ValidationError

from rulecheck.engine import Battlefield, DiceExpr, compute_odds
from rulecheck.engine.battlefield import MAX_GRID_WORK, MAX_MAP_SIDE
from rulecheck.engine.dice import MAX_DICE, MAX_SIDES
from rulecheck.engine.odds import OddsError, _outcomes, _sum_counts, outcome_count
from rulecheck.errors import DiceError
from rulecheck.examples.check import ODDS_MAX_RUNS, check_page
from rulecheck.examples.schema import json_schema


def attack(damage: str) -> dict[str, Any]:
    return {"defender": {"def_phy": 10}, "attack": {"kind": "melee", "damage": damage}}


# Exact odds ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("sides", "count"), [(2, 1), (6, 2), (4, 3), (20, 5), (7, 10), (1000, 3)])
def test_sums_are_counted_exactly(sides: int, count: int) -> None:
    expected = count @ icepool.d(sides)
    counts = _sum_counts(sides, count)
    assert len(counts) == outcome_count(sides, count, summed=True)
    assert {total: ways for total, ways in enumerate(counts, start=count)} == {
        int(total): int(ways) for total, ways in expected.items()}
    assert sum(counts) == sides ** count


def test_each_sums_representative_adds_up_to_it_with_faces_of_the_die() -> None:
    for faces, _ in _outcomes(6, 3, True):
        assert all(1 <= face <= 6 for face in faces) and len(faces) == 3
    assert [sum(faces) for faces, _ in _outcomes(6, 3, True)] == list(range(3, 19))


def test_outcomes_are_counted_without_enumerating_them() -> None:
    assert outcome_count(1000, 100, summed=True) == 99_901
    assert outcome_count(6, 2, summed=False) == 36
    assert outcome_count(1000, 100, summed=False) == 1000 ** 100
    assert outcome_count(20, 1, summed=True) == 20


def test_a_roll_past_the_budget_is_refused_before_any_work_located_with_its_fix() -> None:
    start = time.process_time()
    with pytest.raises(OddsError) as caught:
        compute_odds("attack", attack("100d1000"), fixed={"attack": [15]}, max_runs=ODDS_MAX_RUNS)
    assert time.process_time() - start < 1
    error = caught.value
    assert error.field == ("dice", "damage")
    assert "need more than 20,000 runs" in error.message and "100d1000 alone has 99,901 outcomes" in error.message
    assert error.hint is not None and "odds: {fixed: [damage]}" in error.hint


def test_many_terms_are_refused_in_bounded_time_and_memory() -> None:
    """200 terms of 5d1000 took 1.8 GB (now past the 20 terms of an expression): the branches
    waiting to run never outnumber the budget."""
    damage = "+".join(["5d1000"] * 20)
    tracemalloc.start()
    start = time.process_time()
    try:
        with pytest.raises(OddsError, match="after the other rolls, the roll `damage` of 5d1000"):
            compute_odds("attack", attack(damage), fixed={"attack": [15]}, max_runs=ODDS_MAX_RUNS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.process_time() - start < 5
    assert peak < 50_000_000


def test_the_budget_is_exact_at_its_edge() -> None:
    """2d6 of damage after an attack d20 fixed at a hit: one run that asks for the damage, then one
    per sum (11): 12 runs in all, refused by a budget of 11 before any sum runs."""
    odds = compute_odds("attack", attack("2d6"), fixed={"attack": [15]}, max_runs=12)
    assert odds.runs == 12
    with pytest.raises(OddsError, match=r"the roll `damage` of 2d6 \(11 outcomes\) goes past it"):
        compute_odds("attack", attack("2d6"), fixed={"attack": [15]}, max_runs=11)


def test_the_largest_single_roll_that_fits_runs_within_the_budget() -> None:
    """20d1000 (19,981 sums) fits 20,000 runs: it once took 42 s, now under a few seconds."""
    start = time.process_time()
    odds = compute_odds("attack", attack("20d1000"), fixed={"attack": [15]}, max_runs=ODDS_MAX_RUNS)
    assert odds.runs <= ODDS_MAX_RUNS
    assert sum(odds.outcomes.values()) == 1
    assert time.process_time() - start < 15


def test_an_example_past_the_budget_is_a_located_problem_on_its_dice() -> None:
    page = "\n".join([
        "```rulecheck", "id: huge-damage", "rule: attack", "given:", "  attack: {total: 15, damage: 100d1000}",
        "dice:", "  damage: [" + ", ".join(["1"] * 100) + "]", "```", ""])
    (outcome,) = check_page("docs/en/x.md", page).outcomes
    (problem,) = outcome.problems
    assert (problem.line, problem.field, problem.example_id) == (7, "dice.damage", "huge-damage")
    assert "exact odds" in problem.message and "odds: {fixed: [damage]}" in problem.message


# Dice limits --------------------------------------------------------------------------------

@pytest.mark.parametrize(("notation", "ok"), [
    (f"{MAX_DICE}d6", True), (f"{MAX_DICE + 1}d6", False), ("0d6", False),
    (f"1d{MAX_SIDES}", True), (f"1d{MAX_SIDES + 1}", False), ("1d2", True), ("1d1", False),
])
def test_dice_counts_and_sides_have_limits_at_their_edge(notation: str, ok: bool) -> None:
    if ok:
        assert DiceExpr.parse(notation).dice
    else:
        with pytest.raises(DiceError, match=r"out of range|faces"):
            DiceExpr.parse(notation)


def test_the_schema_states_the_dice_and_map_limits() -> None:
    text = str(json_schema())
    assert f"at most {MAX_MAP_SIDE} rows of {MAX_MAP_SIDE} squares" in text
    assert f"{MAX_GRID_WORK:,} line tests" in text
    assert f"1 to {MAX_DICE} dice of 2 to {MAX_SIDES} faces" in text


# Maps ---------------------------------------------------------------------------------------

def fog_map(width: int, height: int, attacker: int = 1, defender: int = 1) -> str:
    rows = [["~"] * width for _ in range(height)]
    for y in range(attacker):
        for x in range(attacker):
            rows[y][x] = "A"
    for y in range(defender):
        for x in range(defender):
            rows[height - 1 - y][width - 1 - x] = "D"
    return "\n".join(" ".join(row) for row in rows)


def test_a_map_of_the_largest_side_is_read() -> None:
    assert Battlefield(map=fog_map(MAX_MAP_SIDE, MAX_MAP_SIDE))


@pytest.mark.parametrize(("width", "height"), [(MAX_MAP_SIDE + 1, 3), (3, MAX_MAP_SIDE + 1)])
def test_a_map_past_the_largest_side_is_refused(width: int, height: int) -> None:
    with pytest.raises(ValidationError, match=f"a map has at most {MAX_MAP_SIDE} rows of {MAX_MAP_SIDE} squares"):
        Battlefield(map="".join(fog_map(width, height).split(" ")))


def test_big_creatures_on_a_big_map_are_refused_before_any_line_is_drawn() -> None:
    """24×24 squares of fog and two 5×5 creatures took 82 s."""
    start = time.process_time()
    with pytest.raises(ValidationError, match=r"5,760,000 tests, past the bound of 50,000; draw a smaller map"):
        Battlefield(map=fog_map(24, 24, 5, 5), creatures={"A": {"size": "colossal"}, "D": {"size": "colossal"}})
    assert time.process_time() - start < 1


def test_the_grid_bound_is_exact_at_its_edge() -> None:
    """A 3×3 attacker and a Medium defender: 144 lines; 347 squares fit 50,000, 348 do not."""
    fits = 16 * 9 * 1
    assert fits * (MAX_GRID_WORK // fits) <= MAX_GRID_WORK < fits * (MAX_GRID_WORK // fits + 1)
    # 17 × 20 = 340 squares: 48,960 tests; 18 × 20 = 360: 51,840.
    Battlefield(map=fog_map(17, 20, attacker=3))
    with pytest.raises(ValidationError, match="51,840 tests"):
        Battlefield(map=fog_map(18, 20, attacker=3))
