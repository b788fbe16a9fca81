"""Pure geometry of the square grid, in exact arithmetic.

Square ``(x, y)`` is column ``x``, row ``y`` (rows grow downwards) and covers the unit square
``[x, x+1] × [y, y+1]``; its corners are integer points and its centre is ``(x+½, y+½)``.
Points are pairs of :class:`~fractions.Fraction`, so no test of "on the line" or "through the
corner" ever depends on rounding.

Decisions (written as interpretation notes on the modifiers page):

- A line *passes through* an obstacle when it meets the inside of one of its squares. Squares
  of obstacles leave no crack: running along the side two of them share, or through the corner
  where two touch diagonally, counts too. Running along an obstacle's outer side, or grazing
  its outer corner, does not.
- Distance between two creatures is counted in squares between their closest squares, a
  diagonal step counting as one square (0 when they share a square, 1 when adjacent).
- A flanking line *passes through opposite sides* when it meets both the left and right sides,
  or both the top and bottom sides, of the target's space, corners included.
- A *side* of a square can block or conceal on its own (seed 004: « une case ou un côté »), as a
  thin wall or a curtain between two squares. A line passes through such a side when it crosses
  it. Where sides meet end to end they leave no crack either: at a grid point, a line passes
  through them when it goes from one of the angles they cut around that point to another;
  grazing the free end of a side does not count. A line comes out of the square it starts from
  and goes into the square it reaches: drawn from a corner that lies on a wall, it passes through
  the wall when it leaves on the other side of it from its square. Running along a side is not
  passing through it, unless the line must get from one hand of it to the other and the sides
  along its way leave no gap.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Point = tuple[Fraction, Fraction]
HALF = Fraction(1, 2)


@dataclass(frozen=True, order=True)
class Square:
    x: int
    y: int

    @property
    def corners(self) -> tuple[Point, ...]:
        return tuple((Fraction(self.x + dx), Fraction(self.y + dy)) for dy in (0, 1) for dx in (0, 1))

    @property
    def centre(self) -> Point:
        return (self.x + HALF, self.y + HALF)


@dataclass(frozen=True, order=True)
class Side:
    """The side of length 1 from grid point ``(x, y)`` going down (``vertical``) or right."""

    x: int
    y: int
    vertical: bool

    @classmethod
    def between(cls, a: Square, b: Square) -> Side:
        """The side two squares next to each other share (``ValueError`` if they share none)."""
        if a.y == b.y and abs(a.x - b.x) == 1:
            return cls(max(a.x, b.x), a.y, True)
        if a.x == b.x and abs(a.y - b.y) == 1:
            return cls(a.x, max(a.y, b.y), False)
        raise ValueError(f"squares [{a.x}, {a.y}] and [{b.x}, {b.y}] share no side: "
                         "a side lies between two squares next to each other in a row or a column")

    @property
    def squares(self) -> tuple[Square, Square]:
        """The two squares it lies between: left then right, or above then below."""
        if self.vertical:
            return Square(self.x - 1, self.y), Square(self.x, self.y)
        return Square(self.x, self.y - 1), Square(self.x, self.y)


@dataclass(frozen=True)
class Space:
    """The block of ``side × side`` squares whose top-left square is ``(x, y)``."""

    x: int
    y: int
    side: int = 1

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(Square(self.x + dx, self.y + dy) for dy in range(self.side) for dx in range(self.side))

    @property
    def corners(self) -> tuple[Point, ...]:
        """The four outer corners of the whole block."""
        return tuple((Fraction(self.x + dx), Fraction(self.y + dy)) for dy in (0, self.side) for dx in (0, self.side))

    @property
    def centre(self) -> Point:
        """The centre of the whole block: a square's centre when the block is one square."""
        return (self.x + self.side * HALF, self.y + self.side * HALF)

    def __contains__(self, square: object) -> bool:
        return (isinstance(square, Square) and self.x <= square.x < self.x + self.side
                and self.y <= square.y < self.y + self.side)


def distance(a: Space, b: Space) -> int:
    """Squares between the closest squares of two spaces (diagonals count 1): 0 if they overlap."""
    gap_x = max(0, b.x - (a.x + a.side - 1), a.x - (b.x + b.side - 1))
    gap_y = max(0, b.y - (a.y + a.side - 1), a.y - (b.y + b.side - 1))
    return max(gap_x, gap_y)


def crosses(p: Point, q: Point, square: Square) -> bool:
    """Whether the segment ``pq`` meets the inside of ``square`` (sides and corners excluded)."""
    low, high = Fraction(0), Fraction(1)  # the segment's parameters t, as an open interval (low, high)
    low_open = high_open = False
    for start, end, edge in ((p[0], q[0], square.x), (p[1], q[1], square.y)):
        step = end - start
        if step == 0:
            if not edge < start < edge + 1:
                return False
            continue
        enter, leave = sorted(((edge - start) / step, (edge + 1 - start) / step))
        if enter >= low:
            low, low_open = enter, True
        if leave <= high:
            high, high_open = leave, True
    if low_open or high_open:
        return low < high
    return low <= high


def touches_vertical(p: Point, q: Point, x: Fraction, y0: Fraction, y1: Fraction) -> bool:
    """Whether segment ``pq`` meets the closed vertical segment ``x, [y0, y1]``."""
    (px, py), (qx, qy) = p, q
    if px == qx:
        return px == x and max(min(py, qy), y0) <= min(max(py, qy), y1)
    if not min(px, qx) <= x <= max(px, qx):
        return False
    y = py + (qy - py) * (x - px) / (qx - px)
    return y0 <= y <= y1


def _swap(point: Point) -> Point:
    return (point[1], point[0])


def flanks(a: Point, b: Point, target: Space) -> bool:
    """Whether the segment between two centres meets opposite sides of ``target`` (corners count)."""
    return flanked_sides(a, b, target) is not None


SideName = Literal["left", "right", "top", "bottom"]


def sides_met(a: Point, b: Point, target: Space) -> tuple[SideName, ...]:
    """The sides of ``target`` the segment between two centres meets (a corner meets both of its sides)."""
    x0, y0 = Fraction(target.x), Fraction(target.y)
    x1, y1 = x0 + target.side, y0 + target.side
    found: list[SideName] = []
    if touches_vertical(a, b, x0, y0, y1):
        found.append("left")
    if touches_vertical(a, b, x1, y0, y1):
        found.append("right")
    if touches_vertical(_swap(a), _swap(b), y0, x0, x1):
        found.append("top")
    if touches_vertical(_swap(a), _swap(b), y1, x0, x1):
        found.append("bottom")
    return tuple(found)


def flanked_sides(a: Point, b: Point, target: Space) -> Literal["left_right", "top_bottom"] | None:
    """The opposite sides of ``target`` the segment between two centres meets, if it meets a pair."""
    met = sides_met(a, b, target)
    if "left" in met and "right" in met:
        return "left_right"
    if "top" in met and "bottom" in met:
        return "top_bottom"
    return None


def line_rank(p: Point, q: Point, obstacles: Mapping[Square, int], sides: Mapping[Side, int] | None = None,
              start_in: Square | None = None, end_in: Square | None = None) -> int:
    """The highest obstacle rank the segment ``pq`` passes through (0: none).

    Through the inside of an obstacle square; or, as obstacles leave no crack, along the side
    that two obstacle squares share, or through the corner where two touch diagonally (each
    counting the lower rank of the two squares). Then through a blocking side (:func:`side_rank`),
    ``start_in`` and ``end_in`` being the squares the line is drawn from and to.
    """
    x0, x1 = min(p[0], q[0]), max(p[0], q[0])
    y0, y1 = min(p[1], q[1]), max(p[1], q[1])
    rank = side_rank(p, q, sides, start_in, end_in) if sides else 0
    near = {square: r for square, r in obstacles.items()
            if r and x0 - 1 <= square.x <= x1 and y0 - 1 <= square.y <= y1}
    if not near:
        return rank
    rank = max(rank, max((r for square, r in near.items() if crosses(p, q, square)), default=0))
    return max(rank, _seam_rank(p, q, near), _pinch_rank(p, q, near))


#: The four directions along the grid's lines from a grid point, as the side each runs along.
_RAYS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


def side_rank(p: Point, q: Point, sides: Mapping[Side, int],
              start_in: Square | None = None, end_in: Square | None = None) -> int:
    """The highest rank of the blocking sides the segment ``pq`` passes through (0: none).

    The line is taken to come out of ``start_in``, whose corner ``p`` is, and to go into
    ``end_in`` (without them, it may come from or go to either hand of a side ending there). It
    passes through a side it crosses; at a grid point, through sides that meet there when they
    stand on both hands of it (:func:`_barrier`). A line that runs along a grid line
    (:func:`_along_rank`) runs just beside it, on the hand of the square it leaves and of the
    square it reaches.
    """
    if p == q:  # a corner the two squares share: whether a side stands between them there
        if start_in is None or end_in is None or not _on_grid(p):
            return 0
        return _barrier(p, _towards(p, start_in), _towards(p, end_in), sides)
    if (p[0] == q[0] or p[1] == q[1]) and _on_grid(p) and _on_grid(q):
        return _along_rank(p, q, sides, start_in, end_in)
    rank = 0
    for swap in (False, True):
        a, b = (_swap(p), _swap(q)) if swap else (p, q)
        if a[0] == b[0]:
            continue
        for line in range(math.floor(min(a[0], b[0])) + 1, math.ceil(max(a[0], b[0]))):
            at = a[1] + (b[1] - a[1]) * (line - a[0]) / (b[0] - a[0])
            if at.denominator != 1:  # across a side; through a grid point, see below
                side = Side(math.floor(at), line, False) if swap else Side(line, math.floor(at), True)
                rank = max(rank, sides.get(side, 0))
    forward = (q[0] - p[0], q[1] - p[1])
    backward = (-forward[0], -forward[1])
    for x, y in _grid_points(p, q):
        here = (Fraction(x), Fraction(y))
        if here == p:
            if start_in is not None:
                rank = max(rank, _barrier(here, _towards(here, start_in), forward, sides))
        elif here == q:
            if end_in is not None:
                rank = max(rank, _barrier(here, backward, _towards(here, end_in), sides))
        else:
            rank = max(rank, _barrier(here, backward, forward, sides))
    return rank


def _on_grid(point: Point) -> bool:
    return point[0].denominator == 1 and point[1].denominator == 1


def _along_rank(p: Point, q: Point, sides: Mapping[Side, int],
                start_in: Square | None, end_in: Square | None) -> int:
    """A line along a grid line, from grid point ``p`` to ``q``: what it passes through, running
    just beside the grid line on one hand or the other.

    It starts on the hand of ``start_in`` and ends on the hand of ``end_in``, and changes hands
    where that costs least: across a side of the grid line, or round one of its grid points.
    Running along a side is not passing through it (as running along the outer side of a wall
    square is not); it is a side across its path, on the hand it runs on, that it passes through.
    The rank is the least, over the ways of running, of the highest side each passes through.
    """
    step = (_unit(q[0] - p[0]), _unit(q[1] - p[1]))
    hands = ((step[1], -step[0]), (-step[1], step[0]))  # the directions square to the line
    def ahead(hand: tuple[int, int]) -> tuple[Fraction, Fraction]:  # just beside the line, going on
        return Fraction(step[0] + hand[0]), Fraction(step[1] + hand[1])
    def behind(hand: tuple[int, int]) -> tuple[Fraction, Fraction]:  # just beside it, coming from p
        return Fraction(hand[0] - step[0]), Fraction(hand[1] - step[1])
    length = int(abs(q[0] - p[0]) + abs(q[1] - p[1]))
    cost = {hand: _barrier(p, _towards(p, start_in), ahead(hand), sides) if start_in else 0 for hand in hands}
    for index in range(length):
        here = (p[0] + index * step[0], p[1] + index * step[1])
        passed = sides.get(_side_from(here, step), 0)  # changing hands across this side of the line
        cost = {hand: min(cost[hand], max(cost[other], passed)) for hand, other in (hands, hands[::-1])}
        if index + 1 == length:
            break
        there = (here[0] + step[0], here[1] + step[1])
        cost = {hand: min(max(cost[hand], sides.get(_side_from(there, hand), 0)),
                          max(cost[other], _barrier(there, behind(other), ahead(hand), sides)))
                for hand, other in (hands, hands[::-1])}
    return min(max(cost[hand], _barrier(q, behind(hand), _towards(q, end_in), sides) if end_in else 0)
               for hand in hands)


def _unit(value: Fraction) -> int:
    return (value > 0) - (value < 0)


def _side_from(point: Point, direction: tuple[int, int]) -> Side:
    """The side that leaves grid ``point`` in the axis ``direction``."""
    x, y = int(point[0]), int(point[1])
    if direction[0]:
        return Side(x if direction[0] > 0 else x - 1, y, False)
    return Side(x, y if direction[1] > 0 else y - 1, True)


def _towards(point: Point, square: Square) -> tuple[Fraction, Fraction]:
    centre = square.centre
    return centre[0] - point[0], centre[1] - point[1]


def _turn(direction: tuple[Fraction, Fraction] | tuple[int, int]) -> Fraction:
    """A direction's place in one turn round a point, from 0 (rightwards) to 4, exactly."""
    dx, dy = Fraction(direction[0]), Fraction(direction[1])
    if dy >= 0:
        return dy / (dx + dy) if dx > 0 or (dx == 0 and dy > 0) else 1 - dx / (dy - dx)
    return 2 + dy / (dx + dy) if dx < 0 else 3 + dx / (dx - dy)


def _barrier(point: Point, came: tuple[Fraction, Fraction], goes: tuple[Fraction, Fraction],
             sides: Mapping[Side, int]) -> int:
    """The rank of the sides that meet at ``point`` and stand between two directions from it.

    Sides ending at the point cut the turn round it into angles; going from direction ``came``
    to ``goes`` passes through them when each way round from one to the other meets one (each
    pair counting the lower rank). A side lying along either direction is the line running along
    it, which :func:`_along_rank` weighs.
    """
    ranks = {_turn(ray): sides[side] for ray in _RAYS if sides.get(side := _side_from(point, ray), 0)}
    if len(ranks) < 2:
        return 0
    start, end = _turn(came), _turn(goes)
    span = (end - start) % 4
    one_way = [r for turn, r in ranks.items() if 0 < (turn - start) % 4 < span]
    other_way = [r for turn, r in ranks.items() if (turn - start) % 4 > span]
    if not one_way or not other_way:
        return 0
    return min(max(one_way), max(other_way))


def _seam_rank(p: Point, q: Point, obstacles: Mapping[Square, int]) -> int:
    """A segment lying on a grid line, along sides shared by two obstacle squares."""
    rank = 0
    for (a, b), swap in ((p, q), False), ((_swap(p), _swap(q)), True):
        if a[0] != b[0] or a[0].denominator != 1:
            continue
        line = int(a[0])
        low, high = min(a[1], b[1]), max(a[1], b[1])
        for k in range(math.floor(low), math.ceil(high)):
            if min(high, Fraction(k + 1)) <= max(low, Fraction(k)):
                continue
            sides = [(line - 1, k), (line, k)]
            squares = [Square(y, x) if swap else Square(x, y) for x, y in sides]
            rank = max(rank, min(obstacles.get(square, 0) for square in squares))
    return rank


def _pinch_rank(p: Point, q: Point, obstacles: Mapping[Square, int]) -> int:
    """A segment through a grid point where two obstacle squares touch by their corners only."""
    rank = 0
    for x, y in _grid_points(p, q):
        def at(dx: int, dy: int, x: int = x, y: int = y) -> int:
            return obstacles.get(Square(x + dx, y + dy), 0)
        rank = max(rank, min(at(-1, -1), at(0, 0)), min(at(0, -1), at(-1, 0)))
    return rank


def _grid_points(p: Point, q: Point) -> list[tuple[int, int]]:
    """The integer points of the closed segment ``pq``."""
    (px, py), (qx, qy) = p, q
    if px == qx:
        if px.denominator != 1:
            return []
        return [(int(px), y) for y in range(math.ceil(min(py, qy)), math.floor(max(py, qy)) + 1)]
    points = []
    for x in range(math.ceil(min(px, qx)), math.floor(max(px, qx)) + 1):
        y = py + (qy - py) * (x - px) / (qx - px)
        if y.denominator == 1:
            points.append((x, int(y)))
    return points


def owner(corner: Point, squares: Iterable[Square]) -> Square | None:
    """The first of ``squares`` that ``corner`` is a corner of (the square a line drawn from it leaves)."""
    return next((square for square in squares if corner in square.corners), None)


def best_corner(
    corners: Iterable[Point], targets: Iterable[Square], obstacles: Mapping[Square, int],
    sides: Mapping[Side, int] | None = None, origins: Iterable[Square] = (),
) -> tuple[int, Point, Square] | None:
    """The attacker's best choice: the lowest worst rank, and the corner and target square giving it.

    The attacker picks one corner (of one of ``origins``, its squares) and one square of the
    target; what counts is the worst obstacle crossed by the lines from that corner to the four
    corners of that target square. The first such choice in the order given wins (``None`` when
    there is no corner or no target).
    """
    targets, origins = tuple(targets), tuple(origins)
    best: tuple[int, Point, Square] | None = None
    for corner in dict.fromkeys(corners):
        start_in = owner(corner, origins) if sides else None
        for target in targets:
            worst = max(line_rank(corner, end, obstacles, sides, start_in, target) for end in target.corners)
            if best is None or worst < best[0]:
                best = (worst, corner, target)
            if worst == 0:
                return best
    return best


def any_line_crosses(origin: Square, target: Square, obstacles: Mapping[Square, int],
                     sides: Mapping[Side, int] | None = None) -> int:
    """The worst obstacle crossed by any line from a corner of ``origin`` to a corner of ``target``."""
    return max(line_rank(c, e, obstacles, sides, origin, target) for c in origin.corners for e in target.corners)


def line_of_effect(origins: Iterable[Square], targets: Iterable[Square], walls: Iterable[Square],
                   wall_sides: Iterable[Side] = ()) -> bool:
    """Whether some corner-to-corner line between the two sets of squares avoids every wall."""
    blocking = dict.fromkeys(walls, 1)
    sides = dict.fromkeys(wall_sides, 1)
    targets = tuple(targets)
    return any(
        line_rank(corner, end, blocking, sides, origin, target) == 0
        for origin in origins for target in targets
        for corner in origin.corners for end in target.corners
    )


def step_crosses(start: Space, end: Space, sides: Mapping[Side, int]) -> bool:
    """Whether a step of a creature from ``start`` to the next ``end`` goes through a blocking side:
    the line between the centres of one of its squares and of the same square moved does."""
    dx, dy = end.x - start.x, end.y - start.y
    return any(side_rank(square.centre, Square(square.x + dx, square.y + dy).centre, sides)
               for square in start.squares)
