"""Grid geometry at exact positions: lines through squares, distance, reach, cover, concealment, flanking.

Maps are drawn as in the examples: ``A`` attacker, ``D`` defender, other capitals the attacker's
allies, small letters other creatures, ``#`` wall, ``=`` low obstacle, ``~`` concealing square.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rulecheck.engine import (
    AttackInput,
    Battlefield,
    OpportunityInput,
    PositionsInput,
    ScriptedDice,
    assess,
    resolve_attack,
    resolve_opportunity,
    resolve_positions,
)
from rulecheck.engine.battlefield import Assessment, Placed, check_sharing, layout
from rulecheck.engine.grid import (
    Space,
    Square,
    crosses,
    distance,
    flanks,
    line_of_effect,
    line_rank,
    touches_vertical,
)
from rulecheck.engine.sizes import size_row
from rulecheck.errors import RuleError
from tests.conftest import attack, examples

F = Fraction


def field(grid: str, **creatures: dict[str, Any]) -> Battlefield:
    return Battlefield(map=grid, creatures=creatures)


def melee(grid: str, **creatures: dict[str, Any]) -> Assessment:
    return assess(field(grid, **creatures), melee=True)


def ranged(grid: str, **creatures: dict[str, Any]) -> Assessment:
    return assess(field(grid, **creatures), melee=False)


# Lines and squares --------------------------------------------------------------------------

def point(x: int | str, y: int | str) -> tuple[Fraction, Fraction]:
    return F(x), F(y)


def test_a_line_through_the_inside_of_a_square_crosses_it() -> None:
    assert crosses(point(0, 0), point(2, 1), Square(1, 0))


def test_a_line_along_a_side_or_through_a_corner_does_not_cross() -> None:
    assert not crosses(point(0, 1), point(3, 1), Square(1, 0))  # along the bottom side
    assert not crosses(point(0, 0), point(2, 2), Square(1, 0))  # through the corner (1, 1) only
    assert not crosses(point(0, 0), point(1, 0), Square(1, 0))  # ends where the square begins


def test_a_line_stopping_inside_a_square_crosses_it() -> None:
    assert crosses(point(0, 0), point("3/2", "1/2"), Square(1, 0))


def test_a_wall_of_several_squares_has_no_crack_along_shared_sides() -> None:
    wall = {Square(1, 0): 1, Square(1, 1): 1}
    assert line_rank(point(0, 1), point(3, 1), wall) == 1  # along the side the two squares share
    assert line_rank(point(0, 0), point(3, 0), wall) == 0  # along the outer top side


def test_squares_touching_diagonally_leave_no_pinhole() -> None:
    assert line_rank(point(0, 0), point(2, 2), {Square(1, 0): 1, Square(0, 1): 1}) == 1
    assert line_rank(point(0, 0), point(2, 2), {Square(1, 0): 1}) == 0
    # the other diagonal: (0, 0) and (1, 1) touch at the point (1, 1), which the line (0, 2)–(2, 0) goes through
    assert line_rank(point(0, 2), point(2, 0), {Square(0, 0): 1, Square(1, 1): 1}) == 1
    assert line_rank(point(0, 2), point(2, 0), {Square(0, 0): 1}) == 0


def test_a_long_slanting_line_meets_an_obstacle_far_from_both_ends() -> None:
    # from (0, 5) to (5, 6): at x = 2 to 3 it runs inside the square (2, 5)
    assert line_rank(point(0, 5), point(5, 6), {Square(2, 5): 1}) == 1
    assert line_rank(point(5, 6), point(0, 5), {Square(2, 5): 2}) == 2
    assert line_rank(point(0, 5), point(5, 6), {Square(2, 3): 1}) == 0


def test_a_vertical_segment_touches_a_vertical_side_only_where_they_overlap() -> None:
    x, top, bottom = Fraction(2), Fraction(1), Fraction(3)
    assert touches_vertical(point(2, 0), point(2, 1), x, top, bottom)  # they meet at (2, 1)
    assert touches_vertical(point(2, 4), point(2, 2), x, top, bottom)
    assert not touches_vertical(point(2, 4), point(2, 5), x, top, bottom)  # the same line, apart
    assert not touches_vertical(point(1, 0), point(1, 5), x, top, bottom)  # a parallel line


@pytest.mark.parametrize(("a", "b", "apart"), [
    (Space(0, 0), Space(0, 0), 0),
    (Space(0, 0), Space(1, 0), 1),
    (Space(0, 0), Space(1, 1), 1),
    (Space(0, 0), Space(3, 1), 3),
    (Space(0, 0, 2), Space(2, 2), 1),
    (Space(0, 0, 2), Space(4, 0), 3),
    (Space(0, 0, 3), Space(1, 1), 0),
])
def test_distance_counts_squares_between_the_closest_squares(a: Space, b: Space, apart: int) -> None:
    assert distance(a, b) == apart == distance(b, a)


def test_flanking_line_through_opposite_sides_or_corners() -> None:
    target = Space(1, 1)
    assert flanks(Square(0, 1).centre, Square(2, 1).centre, target)  # west-east
    assert flanks(Square(1, 0).centre, Square(1, 2).centre, target)  # north-south
    assert flanks(Square(0, 0).centre, Square(2, 2).centre, target)  # through two corners exactly
    assert not flanks(Square(0, 0).centre, Square(1, 2).centre, target)  # a knight's move off
    assert not flanks(Square(0, 0).centre, Square(2, 0).centre, target)  # both on the same side


def test_line_of_effect_needs_one_wall_free_line() -> None:
    assert line_of_effect([Square(0, 1)], [Square(2, 1)], [Square(1, 1)])
    assert not line_of_effect([Square(0, 1)], [Square(2, 1)], [Square(1, 0), Square(1, 1), Square(1, 2)])


# Reach ---------------------------------------------------------------------------------------

def test_medium_creatures_side_by_side_are_in_reach() -> None:
    found = melee("A D")
    assert (found.distance, found.reach, found.in_reach) == (1, 1, True)


def test_a_diagonal_neighbour_is_in_reach() -> None:
    assert melee("A .\n. D").in_reach


def test_two_squares_away_is_out_of_medium_reach() -> None:
    found = melee("A . D")
    assert (found.distance, found.in_reach) == (2, False)


def test_reach_zero_must_enter_the_target_square() -> None:
    assert not melee("A D", A={"size": "tiny"}).in_reach
    inside = melee(". D", A={"size": "tiny", "at": [1, 0]})
    assert (inside.distance, inside.reach, inside.in_reach) == (0, 0, True)


def test_a_large_creature_reaches_two_squares() -> None:
    found = melee("A A . D\nA A . .")
    assert (found.distance, found.reach, found.in_reach) == (2, 2, True)


def test_a_long_large_creature_only_reaches_one() -> None:
    assert not melee("A A . D\nA A . .", A={"size": "large", "shape": "long"}).in_reach


@pytest.mark.parametrize(("grid", "in_reach"), [
    ("A D . .", False),  # adjacent: within the natural reach, too close
    ("A . D .", True),   # 2 squares: the reach weapon's range for a Medium creature
    ("A . . D", False),  # 3 squares: beyond twice the natural reach
])
def test_a_reach_weapon_reaches_beyond_natural_reach_only(grid: str, in_reach: bool) -> None:
    assert melee(grid, A={"reach_weapon": True}).in_reach is in_reach


# Cover ---------------------------------------------------------------------------------------

def test_open_ground_gives_no_cover() -> None:
    assert ranged("A . . . D").cover == "none"


def test_a_pillar_gives_cover_to_a_ranged_target() -> None:
    assert ranged("A . . . . .\n. . . # . D").cover == "normal"


def test_a_single_pillar_is_not_total_cover() -> None:
    assert ranged("A # D").cover == "normal"


def test_a_wall_across_the_map_is_total_cover() -> None:
    assert ranged(". # .\nA # D\n. # .").cover == "total"


def test_a_creature_in_the_way_gives_soft_cover_against_ranged_and_reach_attacks() -> None:
    assert ranged("A . g . D").cover == "soft"
    assert ranged("A . B . D").cover == "soft"  # allies too
    # A reach attack beyond adjacent squares uses the ranged rule (seed 004), creatures included.
    assert assess(field("A g D", A={"reach_weapon": True}), melee=True).cover == "soft"
    assert assess(field("A B D", A={"reach_weapon": True}), melee=True).cover == "soft"
    assert assess(field("A A . g D\nA A . . .", A={"size": "large"}), melee=True).cover == "soft"
    # Adjacent melee: only walls count.
    assert melee(". g\nA D").cover == "none" and melee("A D g").cover == "none"


def test_an_adjacent_melee_target_behind_a_wall_corner_has_cover() -> None:
    assert melee("A #\n. D").cover == "normal"
    assert melee("A .\n. D").cover == "none"


def test_a_low_wall_counts_in_adjacent_melee() -> None:
    assert melee("A =\n. D").cover == "normal"


def test_creatures_do_not_give_cover_in_adjacent_melee() -> None:
    assert melee("A g\n. D").cover == "none"


def test_walls_touching_diagonally_block_an_adjacent_diagonal_attack() -> None:
    assert melee("A #\n# D").cover == "total"


def low_wall(attacker_to_wall: int, wall_to_target: int) -> str:
    """A one-row map: the attacker, a low obstacle and the defender, at these distances."""
    return " ".join(["A", *["."] * (attacker_to_wall - 1), "=", *["."] * (wall_to_target - 1), "D"])


@pytest.mark.parametrize(("attacker_to_wall", "wall_to_target", "cover"), [
    (4, 1, "normal"),  # next to the target
    (1, 4, "none"),    # next to the attacker, who shoots over it
    (2, 3, "none"),    # the attacker is nearer the obstacle than the target
    (3, 3, "normal"),  # equal distances: the attacker is not nearer
    (8, 6, "normal"),  # 6 squares from the target: still covered
    (8, 7, "none"),    # 7 squares from the target: too far to protect it
])
def test_low_obstacles_cover_within_6_squares_unless_the_attacker_is_nearer(
    attacker_to_wall: int, wall_to_target: int, cover: str
) -> None:
    assert ranged(low_wall(attacker_to_wall, wall_to_target)).cover == cover


def test_a_large_attacker_picks_its_best_square() -> None:
    assert ranged(". A . . .\n. . # . D").cover == "none"
    assert ranged(". . . . .\n. A # . D").cover == "normal"
    grid = ("A A . . .\n"
            "A A # . D")
    assert ranged(grid).cover == "none"  # from its top squares the lines pass over the wall


def test_the_attacker_picks_the_target_square_of_a_large_creature() -> None:
    assert ranged("A . . # D .\n. . . . . .").cover == "normal"
    grid = ("A . . # D D\n"
            ". . . . D D")
    assert ranged(grid).cover == "none"  # aim at the lower squares, clear of the wall


def test_adjacent_creatures_share_no_cover() -> None:
    assert ranged("A D").cover == "none"


# Concealment ---------------------------------------------------------------------------------

def test_a_concealing_square_between_gives_concealment_at_range() -> None:
    assert ranged("A . ~ . D").concealment == "concealment"
    assert ranged("A . . . D").concealment == "none"


def test_in_melee_only_a_target_wholly_inside_the_effect_is_concealed() -> None:
    assert melee("A ~", D={"at": [1, 0]}).concealment == "concealment"
    assert melee("A .\n~ .", D={"at": [1, 1]}).concealment == "none"


# Flanking ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("grid", "flanked"), [
    (". B .\n. D .\n. A .", True),   # north-south
    ("A D B", True),                 # west-east
    ("A . .\n. D .\n. . B", True),   # corner to corner
    ("A . .\n. D .\n. B .", False),  # a knight's move away
    ("A B .\n. D .\n. . .", False),  # both on the same side
    (". . .\nA D .\n. . .", False),  # no ally
    ("A D . B", False),              # the ally does not threaten: out of reach
    ("A D g", False),                # a small letter is not the attacker's ally
])
def test_flanking_from_positions(grid: str, flanked: bool) -> None:
    assert melee(grid).flanking is flanked


def test_a_reach_zero_ally_cannot_flank() -> None:
    assert not melee("A D B", B={"size": "tiny"}).flanking


def test_a_reach_zero_attacker_cannot_flank() -> None:
    assert not melee("B D .", A={"size": "tiny", "at": [1, 0]}).flanking


def test_a_large_ally_flanks_from_the_centre_of_its_space_and_only_it_from_any_of_its_squares() -> None:
    grid = (". . B B\n"
            "A D B B")
    assert melee(grid).flanking
    grid = (". . . B B\n"
            "A D . B B")
    assert melee(grid).flanking  # 2 squares away, within a Large creature's reach
    assert not melee(grid, B={"size": "large", "shape": "long"}).flanking  # reach 1: no threat
    # Off the line from its centre, on the line from its top-left square: seed 004's exception
    # gives the bonus to the big creature ("il bénéficie"), which picks its square; its one-square
    # ally draws the line to the centre of the big one's whole space, as for any creature.
    off = ("A D . . .\n"
           ". . . B B\n"
           ". . . B B")
    assert not flanks(Square(0, 0).centre, Space(3, 1, 2).centre, Space(1, 0))
    assert flanks(Square(0, 0).centre, Square(3, 1).centre, Space(1, 0))
    assert not melee(off).flanking
    missed = melee(off).battle_map.missed_flank  # type: ignore[union-attr]
    assert missed is not None and missed.end == Space(3, 1, 2).centre  # the line the picture shows
    ogre = melee(off.replace("A", "b").replace("B", "A").replace("b", "B"))
    assert ogre.flanking and ogre.flanking_ally == "B"


@pytest.mark.parametrize("size", ["large", "huge"])
def test_a_big_attacker_flanks_if_an_ally_in_any_one_of_its_squares_would(size: str) -> None:
    side = {"large": 2, "huge": 3}[size]
    rows = ["B D " + ". " * (side + 1)] + [". . . " + "A " * side for _ in range(side)]
    found = melee("\n".join(row.strip() for row in rows))
    assert found.flanking and found.flanking_ally == "B"
    assert found.battle_map is not None
    flank = found.battle_map.flank
    assert flank is not None
    assert flank.start == (Fraction(7, 2), Fraction(3, 2))  # the centre of its top-left square
    assert flank.end == (Fraction(1, 2), Fraction(1, 2))


def test_a_large_target_is_flanked_through_opposite_sides() -> None:
    grid = (". D D .\n"
            "A D D B")
    assert melee(grid).flanking
    grid = ("A . . .\n"
            ". D D .\n"
            ". D D .\n"
            ". . . B")
    assert melee(grid).flanking  # corner to corner of the 2×2 space


def test_flanking_is_symmetric_between_the_two_allies() -> None:
    assert melee("B . .\n. D .\n. . A").flanking


# The map and its errors ----------------------------------------------------------------------

def test_spaces_and_sizes_read_from_the_map() -> None:
    grid = layout(field("A A .\nA A D\n. . g"))
    assert grid.attacker.space == Space(0, 0, 2)
    assert grid.attacker.size.key == "large-tall"
    assert grid.defender.space == Space(2, 1)
    assert grid.creatures["g"].space == Space(2, 2)


@pytest.mark.parametrize(("grid", "creatures", "message"), [
    ("A ? D", {}, "map: row 1, column 2: unknown square `?`"),
    # past ASCII, by code and name: a no-break space read as « ` ` », an accent as a lone mark
    ("A\u00a0. D", {}, "row 1, column 2: unknown square U+00A0 (NO-BREAK SPACE)"),
    ("A .\u0301 D", {}, "row 1, column 3: unknown square U+0301 (COMBINING ACUTE ACCENT)"),
    ("A \uff0e D", {}, "row 1, column 2: unknown square U+FF0E (FULLWIDTH FULL STOP)"),
    ("A \U000e0001 D", {}, "row 1, column 2: unknown square U+E0001 (LANGUAGE TAG)"),
    ("A \ue000 D", {}, "row 1, column 2: unknown square U+E000;"),  # a private character has no name
    ("A . D\n. .", {}, "map: row 2 has 2 squares, row 1 has 3"),
    ("A . .", {}, "the map has no `D`"),
    ("A D A", {}, "creature `A` is not drawn as a full square block"),
    ("\n".join(["A A A A A A D"] + ["A A A A A A ."] * 5), {}, "creature `A` fills 6×6 squares; no size is that big"),
    ("A A D\nA A .", {"A": {"size": "huge"}}, "it fills 3×3 squares, the map draws 2×2"),
    ("A D", {"D": {"at": [0, 0]}}, "drawn on the map and placed with `at`"),
    ("A D", {"x": {"size": "tiny"}}, "creature `x` is neither drawn on the map nor placed with `at`"),
    ("A D", {"x": {"size": "tiny", "at": [5, 0]}}, "off the map"),
    ("A D #", {"x": {"size": "tiny", "at": [2, 0]}}, "stands on an obstacle"),
    ("A D .", {"x": {"at": [1, 0]}}, "creatures `D` and `x` overlap at [1, 0]"),
    ("", {}, "the map is empty"),
    ("A D", {"xy": {"at": [0, 0]}}, "a creature is named by one letter"),
    ("A D .", {"1": {"at": [2, 0]}}, "a creature is named by one letter"),  # a letter, not a digit
    ("A D .", {"é": {"at": [2, 0]}}, "a creature is named by one letter"),  # an ASCII letter
])
def test_a_wrong_map_is_refused_with_a_clear_message(grid: str, creatures: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=r"map|creature|square") as raised:
        Battlefield(map=grid or "\n", creatures=creatures)
    assert message in str(raised.value)


def test_small_creatures_share_a_square_up_to_its_capacity() -> None:
    four = {letter: {"size": "tiny", "at": [2, 0]} for letter in "wxyz"}
    assert layout(field("A D .", **four)).overfull is None
    assert layout(field("A D .", **four, v={"size": "tiny", "at": [2, 0]})).overfull == Square(2, 0)
    many = {letter: {"size": "diminutive", "at": [2, 0]} for letter in "bcefghijklmnopqrstuvwxyzC"}
    assert len(many) == 25
    assert layout(field("A D .", **many)).overfull is None
    assert layout(field("A D .", **many, E={"size": "diminutive", "at": [2, 0]})).overfull == Square(2, 0)
    # Sizes mix by the area they fill: three Tiny (3/4) and six Diminutive (6/25) fit, a seventh does not.
    mixed = {letter: {"size": "tiny", "at": [2, 0]} for letter in "xyz"}
    mixed |= {letter: {"size": "diminutive", "at": [2, 0]} for letter in "bcefgh"}
    assert layout(field("A D .", **mixed)).overfull is None
    assert layout(field("A D .", **mixed, i={"size": "diminutive", "at": [2, 0]})).overfull == Square(2, 0)


@pytest.mark.parametrize(("size", "fit"), [("tiny", 4), ("diminutive", 25), ("fine", 100)])
def test_a_square_holds_four_tiny_25_diminutive_or_100_fine_creatures(size: str, fit: int) -> None:
    # More creatures than a map has letters: the count itself, on the creatures as placed.
    row = size_row(size)  # type: ignore[arg-type]
    crowd = {f"c{n}": Placed(f"c{n}", Space(1, 0, 1), row) for n in range(fit)}
    assert check_sharing(crowd) is None
    crowd["one more"] = Placed("one more", Space(1, 0, 1), row)
    assert check_sharing(crowd) == Square(1, 0)
    assert check_sharing({**crowd, "elsewhere": Placed("elsewhere", Space(2, 0, 1), row)}) == Square(1, 0)


def test_fine_creatures_fill_the_hundredth_part_of_a_square_beside_diminutive_ones() -> None:
    # 24 Diminutive fill 24/25 of the square: four Fine ones fill the last 1/25, a fifth is too many.
    letters = iter("bcefghijklmnopqrstuvwxyzBCEFGHIJKLMNOP")
    crowd = {next(letters): {"size": "diminutive", "at": [2, 0]} for _ in range(24)}
    crowd |= {next(letters): {"size": "fine", "at": [2, 0]} for _ in range(4)}
    assert layout(field("A D .", **crowd)).overfull is None
    assert layout(field("A D .", **crowd, Z={"size": "fine", "at": [2, 0]})).overfull == Square(2, 0)
    assert layout(field("A D .", **crowd, Z={"size": "fine", "at": [1, 0]})).overfull is None  # D's square


def _run_with_crowd(kind: str, crowd: dict[str, Any]) -> None:
    """Resolve a ``kind`` example whose square [1, 0] holds ``crowd``."""
    grid = {"map": "A . D .\n. . . .", "creatures": crowd}
    if kind == "positions":
        resolve_positions(PositionsInput.model_validate({"grid": grid}), ScriptedDice({}))
    elif kind == "attack":
        resolve_attack(AttackInput.model_validate(
            {"attack": {"kind": "ranged", "ability": "dex"}, "attacker": {"dex": 0}, "defender": {"def_phy": 10},
             "situation": {"grid": grid}}), ScriptedDice({"attack": [15], "damage": [3]}))
    else:
        moving = {"map": "A . . .\n. . . .", "creatures": crowd}
        resolve_opportunity(OpportunityInput.model_validate({"grid": moving, "path": [[1, 1]]}), ScriptedDice({}))


@pytest.mark.parametrize("size, fit", [("tiny", 4), ("diminutive", 25)])
@pytest.mark.parametrize("kind", ["positions", "attack", "opportunity"])
def test_one_small_creature_too_many_in_a_square_is_a_refusal_of_the_rules(size: str, fit: int, kind: str) -> None:
    letters = list("bcefghijklmnopqrstuvwxyzBCEFGHIJKLMNOPQRSTUVWXYZ")[:fit + 1]
    crowd = {letter: {"size": size, "at": [1, 0]} for letter in letters}
    with pytest.raises(RuleError) as refused:
        _run_with_crowd(kind, crowd)
    assert refused.value.code == "square_over_full"
    assert refused.value.field[0] == "given" and refused.value.field[-2:] == ("grid", "creatures")
    del crowd[letters[-1]]
    _run_with_crowd(kind, crowd)  # exactly as many as fit: resolved, no refusal


# The positions rule --------------------------------------------------------------------------

def test_the_positions_rule_reports_and_traces_without_dice() -> None:
    given_ = PositionsInput.model_validate({"grid": {"map": "A . .\n. D .\n. . B"}})
    result = resolve_positions(given_, ScriptedDice({}))
    assert (result.distance, result.in_reach, result.cover, result.flanking, result.flanking_ally) == (
        1, True, "none", True, "B")
    assert [s.event for s in result.trace] == ["grid.reach", "grid.cover", "grid.flanking"]


def test_the_positions_rule_never_flanks_at_range() -> None:
    given_ = PositionsInput.model_validate({"attack": "ranged", "grid": {"map": "A D B"}})
    result = resolve_positions(given_, ScriptedDice({}))
    assert (result.in_reach, result.flanking, result.flanking_ally) == (None, None, None)
    assert [s.event for s in result.trace] == ["grid.distance", "grid.cover"]


def test_the_trace_mentions_concealment_only_when_the_map_has_some() -> None:
    given_ = PositionsInput.model_validate({"attack": "ranged", "grid": {"map": "A ~ D"}})
    result = resolve_positions(given_, ScriptedDice({}))
    assert result.concealment == "concealment"
    assert [s.verdict for s in result.trace if s.event == "grid.concealment"] == ["concealment.concealment"]


@pytest.mark.parametrize(("kind", "events"), [
    ("melee", ["grid.reach", "grid.cover", "grid.flanking"]),
    ("ranged", ["grid.distance", "grid.cover"]),
])
def test_an_attack_on_a_map_shows_the_steps_of_its_kind(kind: str, events: list[str]) -> None:
    result = attack({"attack": {"kind": kind, "total": 15}, "defender": {"def_phy": 10},
                     "situation": {"grid": {"map": "A D"}}})
    assert [s.event for s in result.trace if s.event.startswith("grid.")] == events


def test_a_reach_weapon_too_close_is_traced_against_the_natural_reach() -> None:
    given_ = PositionsInput.model_validate({"grid": {"map": "A D", "creatures": {"A": {"reach_weapon": True}}}})
    step = resolve_positions(given_, ScriptedDice({})).trace[0]
    assert (step.value, step.op, step.against, step.verdict) == (1, "<=", 1, "too_close")


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_distance_and_reach_do_not_depend_on_who_attacks(ax: int, ay: int, dx: int, dy: int) -> None:
    if (ax, ay) == (dx, dy):
        return
    rows = [["."] * 6 for _ in range(6)]
    rows[ay][ax], rows[dy][dx] = "A", "D"
    forward = melee("\n".join(" ".join(r) for r in rows))
    rows[ay][ax], rows[dy][dx] = "D", "A"
    backward = melee("\n".join(" ".join(r) for r in rows))
    assert forward.distance == backward.distance == max(abs(ax - dx), abs(ay - dy))
    assert forward.in_reach is backward.in_reach is (forward.distance == 1)
    assert forward.cover == backward.cover == "none"


def test_a_5_by_5_block_is_colossal_and_a_long_creature_placed_by_at_keeps_its_shape() -> None:
    rows = ["g g g g g . A"] + ["g g g g g . ."] * 4 + [". . . . . . D"]
    grid = layout(field("\n".join(rows)))
    assert grid.creatures["g"].size.key == "colossal-tall" and grid.creatures["g"].reach == 6
    placed = layout(field("A . . .\n. . . .\n. . . D", x={"size": "large", "shape": "long", "at": [1, 1]}))
    assert (placed.creatures["x"].size.key, placed.creatures["x"].reach) == ("large-long", 1)


def test_a_melee_reach_step_names_the_creature_s_reach_unless_it_holds_a_reach_weapon() -> None:
    plain = resolve_positions(PositionsInput.model_validate({"grid": {"map": "A . D"}}), ScriptedDice({}))
    assert (plain.trace[0].against_label, plain.trace[0].verdict) == ("reach", "out_of_reach")


def test_a_wall_has_no_crack_along_a_vertical_shared_side_either() -> None:
    wall = {Square(0, 1): 1, Square(1, 1): 1}  # side by side: their shared side is x = 1, y from 1 to 2
    assert line_rank(point(1, 0), point(1, 3), wall) == 1
    assert line_rank(point(0, 0), point(0, 3), wall) == 0  # along the outer left side


# On a move's map, ``D`` is an enemy like any other ---------------------------------------------

MOVES_PAST_OTHERS = [
    ("o o b A . . .\no o . . . . .", {"o": {"size": "large"}}, [[4, 0], [5, 0]]),  # b between the ogre and A
    ("o b A . .\n. . . . .", {}, [[3, 0]]),
    ("o . . .\nb A . .\n. . . .", {}, [[2, 1], [3, 1]]),
    ("g b A . .\n. . . . .", {"g": {"reach_weapon": True}}, [[3, 0], [4, 0]]),
    ("o o . . .\no o b A .\n. . . . .", {"o": {"size": "large"}}, [[4, 1], [4, 2]]),
]


@pytest.mark.parametrize(("drawn", "creatures", "path", "letter"), [
    (*move, letter) for move in MOVES_PAST_OTHERS for letter in sorted(set(move[0]) - set("A .\n"))])
def test_a_creature_drawn_as_d_on_a_move_s_map_counts_as_the_same_creature_drawn_otherwise(
        drawn: str, creatures: dict[str, Any], path: list[list[int]], letter: str) -> None:
    """The cover a creature gives against an opportunity attack, and the attacks it makes, do not
    depend on the letter it is drawn with: relettered ``D``, the same map gives the same answer."""
    def provokers(board: str, details: dict[str, Any]) -> tuple[str, ...]:
        given_ = OpportunityInput.model_validate({"grid": {"map": board, "creatures": details}, "path": path})
        return resolve_opportunity(given_, ScriptedDice({})).opportunity_from

    relettered = {("D" if key == letter else key): value for key, value in creatures.items()}
    as_drawn = provokers(drawn, creatures)
    as_d = provokers(drawn.replace(letter, "D"), relettered)
    assert sorted("D" if found == letter else found for found in as_drawn) == sorted(as_d), (as_drawn, as_d)


def test_with_no_flanking_the_line_tried_and_the_sides_it_met_are_kept_for_the_picture() -> None:
    offset = melee("A . .\n. D .\n. B .")
    assert offset.battle_map is not None and offset.battle_map.flank is None
    missed = offset.battle_map.missed_flank
    assert missed is not None and missed.ally == "B" and missed.met == ("left", "bottom")
    assert (missed.start, missed.end) == (Square(0, 0).centre, Square(1, 2).centre)
    below = melee("A D .\n. B B\n. B B").battle_map  # a Large ally under the target: one line, to its centre
    assert below is not None and below.flank is None and below.missed_flank is not None
    assert (below.missed_flank.start, below.missed_flank.end) == (Square(0, 0).centre, Space(1, 1, 2).centre)
    misses = melee(". D .\nA . B").battle_map  # a line under the target, which it never meets
    assert misses is not None and misses.missed_flank is not None and misses.missed_flank.met == ()
    for no_line in (melee(". B .\n. D .\n. A ."),  # flanked: the flanking line is drawn instead
                    melee("A D B", B={"size": "tiny"}),  # the ally threatens nothing: no line is tried
                    melee(". . .\nA D .\n. . ."),  # no ally
                    melee("B D . . .\n. . . A A\n. . . A A", B={"reach_weapon": True}),  # a big attacker's many
                    ranged("A . .\n. D .\n. B .")):  # a shot: no flanking at all
        assert no_line.battle_map is not None and no_line.battle_map.missed_flank is None


def _shot_along(row: str) -> Any:
    given_ = PositionsInput.model_validate({"attack": "ranged", "grid": {"map": row}})
    return resolve_positions(given_, ScriptedDice({}))


def _low_wall_steps(result: Any) -> list[tuple[str, int | None, str | None, int | None, str | None]]:
    return [(s.event, s.value, s.op, s.against, s.verdict) for s in result.trace if s.event.startswith("grid.low_wall")]


@pytest.mark.parametrize(("row", "steps"), [
    ("A . . . . . . . = . . . . . D", [("grid.low_wall.range", 6, "<=", 6, None),
                                       ("grid.low_wall.sides", 8, ">=", 6, "low.protects")]),
    ("A . . . . . . . = . . . . . . D", [("grid.low_wall.range", 7, ">", 6, "low.far")]),
    ("A . . = . . D", [("grid.low_wall.range", 3, "<=", 6, None), ("grid.low_wall.sides", 3, ">=", 3, "low.protects")]),
    ("A = . . . . . D", [("grid.low_wall.range", 6, "<=", 6, None),
                         ("grid.low_wall.sides", 1, "<", 6, "low.attacker_nearer")]),
    ("A . . . . D", []),  # no low wall, no step
])
def test_a_low_wall_s_card_shows_the_distances_its_rule_weighs(row: str, steps: list[Any]) -> None:
    """The low wall's rule (seed 004) weighs the target's distance to it (at most 6 squares) and the
    attacker's against the target's: the card shows both, not only the attacker's distance to the target."""
    assert _low_wall_steps(_shot_along(row)) == steps


@given(st.integers(0, 12), st.integers(1, 12))
@settings(max_examples=60, deadline=None)
def test_a_low_wall_alone_gives_cover_exactly_when_its_steps_say_it_protects(before: int, after: int) -> None:
    result = _shot_along(" ".join(["A", *["."] * before, "=", *["."] * after, "D"]))
    steps = _low_wall_steps(result)
    assert len(steps) in (1, 2) and steps[0][1] == after + 1  # the squares from the wall to the target
    assert (result.cover == "normal") == (steps[-1][4] == "low.protects")


@st.composite
def _big_and_small(draw: st.DrawFn) -> tuple[str, bool]:
    """A 5×5 map holding a one-square creature, a Large (2×2) one and a one-square defender, and
    whether the big one is the attacker (small, so that most draws put all three in reach)."""
    cells = [(x, y) for y in range(5) for x in range(5)]
    bx, by = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    big = {(bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)}
    small, defender = draw(st.lists(st.sampled_from([c for c in cells if c not in big]), min_size=2, max_size=2,
                                    unique=True))
    big_attacks = draw(st.booleans())
    letter = {**dict.fromkeys(big, "A" if big_attacks else "B"), small: "B" if big_attacks else "A", defender: "D"}
    return "\n".join(" ".join(letter.get((x, y), ".") for x in range(5)) for y in range(5)), big_attacks


@given(_big_and_small())
@settings(max_examples=300, deadline=None)
def test_only_the_big_creature_flanks_from_any_of_its_squares(drawn: tuple[str, bool]) -> None:
    """Seed 004's exception: a creature of more than one square gains the bonus if an ally standing
    in one of its squares would; its one-square ally draws the line to the centre of its space."""
    grid, big_attacks = drawn
    placed = layout(field(grid))
    attacker, ally, defender = placed.attacker, placed.creatures["B"], placed.defender
    found = melee(grid)
    if not (attacker.threatens(defender) and ally.threatens(defender)):
        assert not found.flanking
        return
    starts = [square.centre for square in attacker.space.squares] if big_attacks else [attacker.space.centre]
    assert found.flanking == any(flanks(start, ally.space.centre, defender.space) for start in starts)
