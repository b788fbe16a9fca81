"""What the grid rules record of their decisions (rulecheck/engine/sightlines.py): scenarios at exact
positions, and properties over random grids checked against the grid's own geometry."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from rulecheck.engine import (
    Battlefield,
    OpportunityInput,
    PositionsInput,
    PositionsResult,
    ScriptedDice,
    resolve_positions,
)
from rulecheck.engine.battlefield import layout
from rulecheck.engine.grid import Space, Square, distance, flanks, line_rank, owner
from rulecheck.engine.opportunity import resolve_opportunity
from rulecheck.engine.sightlines import BattleMap, Sighting, Sightline
from tests.conftest import attack
from tests.engine.random_grids import battlefields, moves

F = Fraction


def positions(grid: str, kind: str = "ranged", **creatures: object) -> tuple[PositionsResult, BattleMap]:
    result = resolve_positions(PositionsInput.model_validate(
        {"attack": kind, "grid": {"map": grid, "creatures": creatures}}), ScriptedDice({}))
    assert result.battle_map is not None
    return result, result.battle_map


def test_a_goblin_in_the_line_of_fire_blocks_every_line_from_the_chosen_corner() -> None:
    result, drawn = positions("A . g . D")
    cover = drawn.cover
    assert cover is not None and cover.verdict == "soft" == result.cover
    assert cover.corner == (F(0), F(0)) and cover.target == Square(4, 0)  # the first of equal choices
    # along the goblin's top side the line only grazes it; towards the bottom corners it crosses it
    assert [(line.end, line.blocked_by) for line in cover.lines] == [
        ((F(4), F(0)), None), ((F(5), F(0)), None), ((F(4), F(1)), "creature"), ((F(5), F(1)), "creature")]


def test_a_wall_beside_the_target_blocks_some_lines_and_the_others_stay_clear() -> None:
    _, drawn = positions("A . . . . .\n. . . # . D")
    cover = drawn.cover
    assert cover is not None and cover.verdict == "normal"
    assert {line.blocked_by for line in cover.lines} == {"wall", None}


def test_total_cover_draws_the_lines_that_every_wall_blocks() -> None:
    _, drawn = positions(". # .\nA # D\n. # .")
    assert drawn.cover is not None and drawn.cover.verdict == "total"
    assert drawn.cover.lines and all(line.blocked_by == "wall" for line in drawn.cover.lines)


def test_adjacent_melee_traces_between_the_two_squares_and_names_the_low_wall() -> None:
    _, drawn = positions("A =\n. D", kind="melee")
    cover = drawn.cover
    assert cover is not None and cover.verdict == "normal" and cover.corner is None
    assert (cover.origin, cover.target) == (Square(0, 0), Square(1, 1))
    assert "low" in {line.blocked_by for line in cover.lines}
    assert all(line.start != line.end for line in cover.lines)  # a shared corner is no line


def test_fog_is_looked_at_only_on_a_map_that_has_some() -> None:
    assert positions("A . D")[1].concealment is None
    _, drawn = positions("A ~ D")
    assert drawn.concealment is not None and drawn.concealment.verdict == "concealment"
    assert "fog" in {line.blocked_by for line in drawn.concealment.lines}


def test_flanking_records_the_centres_and_the_opposite_sides() -> None:
    _, drawn = positions(". B .\n. D .\n. A .", kind="melee")
    assert drawn.flank is not None
    assert (drawn.flank.ally, drawn.flank.start, drawn.flank.end, drawn.flank.sides) == (
        "B", (F(3, 2), F(5, 2)), (F(3, 2), F(1, 2)), "top_bottom")


def test_a_reach_weapon_threatens_the_outer_ring_and_not_the_inner_one() -> None:
    _, drawn = positions("A . . . .\n. . . . D", kind="melee", A={"reach_weapon": True})
    threat = next(t for t in drawn.threats if t.letter == "A")
    assert threat.inner == {Square(1, 0), Square(0, 1), Square(1, 1)}
    assert threat.squares == {Square(2, 0), Square(2, 1)}


def test_no_threat_is_drawn_at_range_and_a_tiny_creature_threatens_nothing() -> None:
    assert positions("A . D")[1].threats == ()
    _, drawn = positions("A . D", kind="melee", A={"size": "tiny"})
    assert drawn.threats == ()
    assert drawn.figure("A").side == F(1, 2)


def test_the_attack_rule_carries_the_battle_map_of_its_grid() -> None:
    result = attack({"attacker": {"name": "Scout"}, "defender": {"name": "Bandit", "def_phy": 14},
                     "attack": {"kind": "ranged", "total": 17, "damage": "1d8"},
                     "situation": {"grid": {"map": "A . . . . .\n. . . # . D"}}})
    assert result.battle_map is not None and result.battle_map.kind == "ranged"
    assert result.battle_map.cover is not None and result.battle_map.cover.verdict == result.cover == "normal"
    assert attack({"attacker": {"name": "Orc"}, "defender": {"name": "Elara", "def_phy": 14},
                   "attack": {"kind": "melee", "total": 17, "damage": "1d8"}}, damage=[3]).battle_map is None


def test_a_move_records_each_step_and_where_it_provokes() -> None:
    given_ = OpportunityInput.model_validate({"grid": {"map": "o A . ."}, "path": [[2, 0], [3, 0]]})
    drawn = resolve_opportunity(given_, ScriptedDice({})).battle_map
    assert drawn is not None and [(s.start.x, s.end.x) for s in drawn.path] == [(1, 2), (2, 3)]
    assert [(p.enemy, p.event, p.provokes) for p in drawn.path[0].provocations] == [("o", "leaves_reach", True)]
    assert drawn.path[1].provocations == ()
    assert [f.role for f in drawn.figures] == ["mover", "enemy"]


def test_disengaging_walks_the_path_and_provokes_nothing() -> None:
    given_ = OpportunityInput.model_validate({"grid": {"map": "o A . ."}, "path": [[2, 0]], "disengaged": True})
    drawn = resolve_opportunity(given_, ScriptedDice({})).battle_map
    assert drawn is not None and drawn.disengaged and len(drawn.path) == 1 and drawn.path[0].provocations == ()


@pytest.mark.parametrize("melee", [True, False])
@settings(max_examples=60, deadline=None)
@given(field=battlefields())
def test_the_battle_map_holds_what_the_rule_decided(field: Battlefield, melee: bool) -> None:
    result = resolve_positions(PositionsInput(grid=field, attack="melee" if melee else "ranged"), ScriptedDice({}))
    drawn = result.battle_map
    assert drawn is not None and drawn.kind == ("melee" if melee else "ranged")
    grid = layout(field)
    assert {f.letter: f.space for f in drawn.figures} == {k: c.space for k, c in grid.creatures.items()}
    assert (drawn.walls, drawn.low, drawn.fog, drawn.width, drawn.height, drawn.wall_sides, drawn.fog_sides) == (
        grid.walls, grid.low, grid.fog, grid.width, grid.height, grid.wall_sides, grid.fog_sides)
    assert drawn.cover is not None and drawn.cover.verdict == result.cover
    assert (drawn.concealment is None) == (not grid.fog and not grid.fog_sides)
    if drawn.concealment is not None:
        assert drawn.concealment.verdict == result.concealment
    walls, wall_sides = dict.fromkeys(grid.walls, 1), dict.fromkeys(grid.wall_sides, 1)
    defender = grid.defender.space
    def through_wall(line: Sightline, sighting: Sighting) -> int:
        start_in = owner(line.start, [sighting.origin] if sighting.origin else grid.attacker.space.squares)
        return line_rank(line.start, line.end, walls, wall_sides, start_in, sighting.target)
    for sighting in (drawn.cover, drawn.concealment):
        if sighting is None or sighting.target is None:
            continue
        assert sighting.target in defender
        for line in sighting.lines:
            assert line.end in sighting.target.corners and line.start != line.end
            if sighting.corner is not None:
                assert line.start == sighting.corner
            if line.blocked_by == "wall":
                assert through_wall(line, sighting)
            if line.blocked_by is None and sighting.rule == "cover":
                assert not through_wall(line, sighting)  # a clear line never goes through a wall
        if sighting.verdict in ("none", "total"):
            assert all(line.blocked for line in sighting.lines) == (sighting.verdict == "total")
    if drawn.flank is not None:
        assert melee and result.flanking_ally == drawn.flank.ally
        assert flanks(drawn.flank.start, drawn.flank.end, defender)
    else:
        assert not result.flanking
    for threat in drawn.threats:
        creature = grid.creatures[threat.letter]
        # every square a creature could stand on: no wall, no low wall
        every = [Square(x, y) for y in range(grid.height) for x in range(grid.width)
                 if Square(x, y) not in grid.walls | grid.low]
        apart = {s: distance(creature.space, Space(s.x, s.y)) for s in every if s not in creature.space}
        natural = creature.size.reach
        if creature.reach_weapon:
            assert threat.squares == {s for s, d in apart.items() if natural < d <= 2 * natural}
            assert threat.inner == {s for s, d in apart.items() if d <= natural}
        else:
            assert threat.squares == {s for s, d in apart.items() if d <= natural} and not threat.inner


@settings(max_examples=60, deadline=None)
@given(given_=moves())
def test_a_move_s_battle_map_walks_the_given_path_and_provokes_as_the_result_says(
        given_: OpportunityInput) -> None:
    try:
        result = resolve_opportunity(given_, ScriptedDice({}))
    except ValueError:  # disengaging with no enemy near: refused, nothing drawn
        return
    drawn = result.battle_map
    assert drawn is not None and drawn.disengaged == given_.disengaged
    assert [(s.end.x, s.end.y) for s in drawn.path] == [tuple(p) for p in given_.path]
    assert all(a.end == b.start for a, b in zip(drawn.path, drawn.path[1:], strict=False))
    provoked = [p.enemy for s in drawn.path for p in s.provocations if p.provokes]
    assert tuple(provoked) == result.opportunity_from
    threats = {t.letter: t for t in drawn.threats}
    for step in drawn.path:
        for met in step.provocations:
            assert drawn.figure(met.enemy).role == "enemy"
            if met.event != "enters_square":  # the enemy threatens the square the mover leaves
                assert set(step.start.squares) & threats[met.enemy].squares


@pytest.mark.parametrize("grid", ["A D B", "B\nD\nA", "A . .\n. D .\n. . B"])
def test_a_shot_draws_no_flanking_line_whatever_the_allies(grid: str) -> None:
    (shot, shot_map), (blow, blow_map) = positions(grid), positions(grid, "melee")
    assert shot.flanking is None and shot_map.flank is None
    assert blow.flanking and blow_map.flank is not None


@pytest.mark.parametrize(("grid", "obstacles"), [("A # D\n. . .", {(1, 0)}), ("A = .\n# D .", {(1, 0), (0, 1)})])
def test_no_wall_or_low_wall_square_is_threatened(grid: str, obstacles: set[tuple[int, int]]) -> None:
    _, drawn = positions(grid, "melee")
    threatened = {(s.x, s.y) for t in drawn.threats for s in t.squares}
    assert threatened and not threatened & obstacles
