"""Walls and curtains on the side between two squares (seed 004: « une case ou un côté »).

A side blocks a line that crosses it or runs along it; sides meeting end to end leave no crack;
grazing the free end of one does not count; at a line's ends, the square it leaves or reaches
says which side of a wall it is on.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rulecheck.engine import Battlefield, OpportunityInput, ScriptedDice, assess, resolve_opportunity
from rulecheck.engine.grid import Point, Side, Space, Square, crosses, line_of_effect, side_rank, step_crosses
from tests.conftest import examples

F = Fraction


def point(x: int, y: int) -> Point:
    return F(x), F(y)


def vertical(x: int, *rows: int, rank: int = 1) -> dict[Side, int]:
    """A wall along the grid line ``x``, on the sides of the given rows."""
    return {Side(x, y, True): rank for y in rows}


# Geometry of one line ------------------------------------------------------------------------

def test_a_line_that_crosses_a_side_passes_through_it() -> None:
    wall = vertical(1, 0)
    assert side_rank(point(0, 0), point(2, 1), wall) == 1  # across it, at y = ½
    assert side_rank(point(0, 3), point(3, 2), wall) == 0  # elsewhere


def test_a_line_running_along_a_partition_passes_through_it_only_to_reach_its_other_hand() -> None:
    wall = vertical(1, 0, 1)
    # beside a corridor's wall, from one square of the corridor to the next: it stays on their hand
    assert side_rank(point(1, 0), point(1, 2), wall, Square(0, 0), Square(0, 1)) == 0
    assert side_rank(point(1, 0), point(1, 2), wall) == 0
    # from a square on one hand to a square on the other, with the partition past both ends
    long_wall = vertical(1, -1, 0, 1, 2)
    assert side_rank(point(1, 0), point(1, 2), long_wall, Square(0, 0), Square(1, 1)) == 1
    # where the partition stops short, or starts at the line's own end, the line changes hands there
    assert side_rank(point(1, 0), point(1, 2), vertical(1, -1, 0, 2), Square(0, 0), Square(1, 1)) == 0
    assert side_rank(point(1, 0), point(1, 2), wall, Square(0, 0), Square(1, 1)) == 0
    # a partition across the corridor, meeting its wall: the line beside the wall runs into it
    across = {**long_wall, Side(0, 1, False): 1}
    assert side_rank(point(1, 0), point(1, 2), across, Square(0, 0), Square(0, 1)) == 1


def test_grazing_the_free_end_of_a_side_does_not_count() -> None:
    wall = vertical(1, 0)
    assert side_rank(point(0, 2), point(2, 0), wall) == 0  # through (1, 1), its lower end
    assert side_rank(point(1, 1), point(1, 3), wall, Square(0, 1), Square(1, 2)) == 0  # on past its end


def test_sides_end_to_end_leave_no_crack() -> None:
    assert side_rank(point(0, 2), point(2, 0), vertical(1, 0, 1)) == 1  # through (1, 1), where they meet
    corner = {Side(1, 0, True): 1, Side(1, 1, False): 1}  # ┘ turned: up and to the right of (1, 1)
    assert side_rank(point(0, 2), point(2, 0), corner) == 1  # into the angle they enclose
    assert side_rank(point(0, 0), point(2, 2), corner) == 0  # past the outside of the angle


def test_a_line_through_a_meeting_point_counts_the_lower_of_the_sides_on_each_hand() -> None:
    sides = {Side(1, 0, True): 2, Side(1, 1, True): 1}
    assert side_rank(point(0, 2), point(2, 0), sides) == 1


@pytest.mark.parametrize(("end", "blocked"), [((3, 0), True), ((3, 1), True), ((-2, 1), False), ((0, 3), False),
                                               ((1, 2), False)])
def test_a_line_from_a_corner_on_a_wall_passes_through_it_when_it_leaves_on_the_other_side(
        end: tuple[int, int], blocked: bool) -> None:
    wall = vertical(1, -1, 0)  # a wall on the right of square (0, 0), its top-right corner (1, 0) on it
    assert bool(side_rank(point(1, 0), point(*end), wall, start_in=Square(0, 0))) is blocked
    assert bool(side_rank(point(*end), point(1, 0), wall, end_in=Square(0, 0))) is blocked


def test_squares_either_side_of_a_long_wall_have_no_line_of_effect_but_a_short_one_lets_lines_round() -> None:
    assert not line_of_effect([Square(0, 0)], [Square(1, 0)], [], vertical(1, -1, 0, 1))
    assert line_of_effect([Square(0, 0)], [Square(1, 0)], [], vertical(1, 0))


def test_a_step_through_a_wall_side_crosses_it_and_a_diagonal_step_round_its_end_does_not() -> None:
    wall = vertical(1, 0)
    assert step_crosses(Space(0, 0), Space(1, 0), wall)
    assert not step_crosses(Space(0, 1), Space(1, 0), wall)
    assert not step_crosses(Space(0, 1), Space(1, 1), wall)
    assert step_crosses(Space(0, 0, 2), Space(1, 0, 2), vertical(2, 1))  # a Large creature's lower square


def test_a_side_is_named_by_the_two_squares_it_lies_between() -> None:
    assert Side.between(Square(2, 1), Square(3, 1)) == Side(3, 1, True)
    assert Side.between(Square(3, 2), Square(3, 1)) == Side(3, 2, False)
    assert Side(3, 2, False).squares == (Square(3, 1), Square(3, 2))
    with pytest.raises(ValueError, match="share no side"):
        Side.between(Square(0, 0), Square(1, 1))


# The same line seen another way gives the same answer --------------------------------------

coordinates = st.integers(-1, 4)
corners = st.tuples(coordinates, coordinates)
side_sets = st.dictionaries(st.builds(Side, st.integers(-1, 4), st.integers(-1, 4), st.booleans()),
                            st.integers(1, 2), max_size=8)
squares_at = st.builds(Square, st.integers(-1, 3), st.integers(-1, 3))


def _transposed(side: Side) -> Side:
    return Side(side.y, side.x, not side.vertical)


def _mirrored(side: Side) -> Side:
    """The side seen in a mirror along the grid line x = 0 (x becomes -x)."""
    return Side(-side.x, side.y, True) if side.vertical else Side(-side.x - 1, side.y, False)


@settings(max_examples=examples(300), deadline=None)
@given(corners, corners, side_sets, squares_at, squares_at)
def test_a_line_meets_the_same_sides_backwards_transposed_and_in_a_mirror(
        p: tuple[int, int], q: tuple[int, int], sides: dict[Side, int], start: Square, end: Square) -> None:
    start_in = start if point(*p) in start.corners else None
    end_in = end if point(*q) in end.corners else None
    rank = side_rank(point(*p), point(*q), sides, start_in, end_in)
    assert side_rank(point(*q), point(*p), sides, end_in, start_in) == rank
    swap = {_transposed(side): r for side, r in sides.items()}
    def t(square: Square | None) -> Square | None:
        return Square(square.y, square.x) if square else None
    assert side_rank(point(p[1], p[0]), point(q[1], q[0]), swap, t(start_in), t(end_in)) == rank
    mirror = {_mirrored(side): r for side, r in sides.items()}
    def m(square: Square | None) -> Square | None:
        return Square(-square.x - 1, square.y) if square else None
    assert side_rank(point(-p[0], p[1]), point(-q[0], q[1]), mirror, m(start_in), m(end_in)) == rank


@settings(max_examples=examples(200), deadline=None)
@given(corners, st.integers(1, 7), st.integers(1, 7))
def test_a_line_that_crosses_a_wall_square_s_inside_passes_through_its_sides_walled_all_round(
        p: tuple[int, int], a: int, b: int) -> None:
    """Walls on the four sides of a square stop every line that goes into it from outside: from a
    corner off the square, through a point inside square (1, 1), on to as far again."""
    box = {Side(1, 1, True): 1, Side(2, 1, True): 1, Side(1, 1, False): 1, Side(1, 2, False): 1}
    assume(not (1 <= p[0] <= 2 and 1 <= p[1] <= 2))  # a corner of the square may start inside it
    inside = (1 + F(a, 8), 1 + F(b, 8))
    start = point(*p)
    end = (2 * inside[0] - start[0], 2 * inside[1] - start[1])
    assert crosses(start, end, Square(1, 1))
    assert side_rank(start, end, box)


# On a battlefield ---------------------------------------------------------------------------

def field(grid: str, sides: list[dict[str, Any]], **creatures: Any) -> Battlefield:
    return Battlefield(map=grid, sides=sides, creatures=creatures)


def wall(a: tuple[int, int], b: tuple[int, int], kind: str = "wall") -> dict[str, Any]:
    return {"between": [list(a), list(b)], "kind": kind}


def test_a_wall_side_in_front_of_the_target_gives_cover_at_range() -> None:
    found = assess(field("A . . . D", [wall((3, 0), (4, 0))]), melee=False)
    assert found.cover == "normal"
    assert found.battle_map is not None and found.battle_map.wall_sides == {Side(4, 0, True)}
    assert any(line.blocked_by == "wall" for line in found.battle_map.cover.lines)


def test_a_wall_side_off_to_the_side_gives_no_cover() -> None:
    assert assess(field("A . . . D\n. . . . .", [wall((2, 1), (3, 1))]), melee=False).cover == "none"


def test_a_wall_across_the_map_between_them_is_total_cover_unless_a_corner_of_the_target_is_past_its_end() -> None:
    grid = "A . . . . .\n. . . . . .\n. . . D . ."
    sides = [wall((x, 1), (x, 2)) for x in range(6)]
    assert assess(field(grid, sides), melee=False).cover == "total"
    # Cut short at the target's corner, the wall lets a line reach that corner: cover, not total.
    assert assess(field(grid, sides[:4]), melee=False).cover == "normal"


def test_in_melee_a_wall_side_between_two_adjacent_creatures_gives_cover() -> None:
    assert assess(field(". . .\nA D .\n. . .", [wall((0, 1), (1, 1))]), melee=True).cover == "normal"
    long_wall = [wall((0, y), (1, y)) for y in range(3)]
    assert assess(field(". . .\nA D .\n. . .", long_wall), melee=True).cover == "total"


def test_a_curtain_on_a_side_conceals_at_range_but_not_in_melee_contact() -> None:
    found = assess(field("A . . . D", [wall((3, 0), (4, 0), "fog")]), melee=False)
    assert found.concealment == "concealment" and found.cover == "none" and found.has_fog
    assert assess(field("A D", [wall((0, 0), (1, 0), "fog")]), melee=True).concealment == "none"


@pytest.mark.parametrize(("sides", "message"), [
    ([wall((0, 0), (2, 0))], "sides.0\n.*squares [0, 0] and [2, 0] share no side"),
    ([wall((0, 0), (1, 1))], "share no side"),
    ([wall((4, 0), (5, 0))], "sides[0]: square [5, 0] is off the map"),
    ([wall((-1, 0), (0, 0))], "square [-1, 0] is off the map"),
    ([wall((0, 0), (1, 0)), wall((1, 0), (0, 0), "fog")],
     "sides[1]: the side between [1, 0] and [0, 0] is given twice"),
    ([wall((2, 0), (2, 1))], "lies inside creature `g`"),
])
def test_a_wrong_side_is_refused_with_where_it_is(sides: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(ValidationError, match=message.replace("[", r"\[").replace("]", r"\]")):
        field("A . g g D\n. . g g .", sides)


def test_a_side_names_two_squares_and_a_kind_and_nothing_else() -> None:
    for bad in ({"between": [[0, 0]], "kind": "wall"}, {"between": [[0, 0], [1, 0]], "kind": "low"},
                {"between": [[0, 0], [1, 0]]}, {"between": [[0, 0], [1, 0]], "kind": "wall", "height": 2}):
        with pytest.raises(ValidationError):
            field("A D", [bad])


def test_a_move_may_not_walk_through_a_wall_side_but_may_go_round_it() -> None:
    grid = {"map": "A . .\n. . .", "sides": [wall((0, 0), (1, 0))]}
    with pytest.raises(ValidationError, match=r"path\[0\]: \[1, 0\] takes A through a wall"):
        OpportunityInput.model_validate({"grid": grid, "path": [[1, 0]]})
    OpportunityInput.model_validate({"grid": grid, "path": [[1, 1], [2, 0]]})


def test_an_enemy_behind_a_wall_side_takes_no_opportunity_attack() -> None:
    grid = {"map": ". o .\n. A .\n. . .", "sides": []}
    walk = {"path": [[1, 2], [1, 3]]}
    open_field = {"map": grid["map"] + "\n. . .", "sides": []}
    assert resolve_opportunity(OpportunityInput.model_validate({"grid": open_field, **walk}),
                               ScriptedDice({})).opportunity_from == ("o",)
    walled = {**open_field, "sides": [wall((1, 0), (1, 1))]}
    result = resolve_opportunity(OpportunityInput.model_validate({"grid": walled, **walk}), ScriptedDice({}))
    assert result.opportunity_from == ()
    assert [step.event for step in result.trace] == ["opportunity.cover"]
