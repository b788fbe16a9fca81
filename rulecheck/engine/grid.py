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


def flanked_sides(a: Point, b: Point, target: Space) -> Literal["left_right", "top_bottom"] | None:
    """The opposite sides of ``target`` the segment between two centres meets, if it meets a pair."""
    x0, y0 = Fraction(target.x), Fraction(target.y)
    x1, y1 = x0 + target.side, y0 + target.side
    if touches_vertical(a, b, x0, y0, y1) and touches_vertical(a, b, x1, y0, y1):
        return "left_right"
    if touches_vertical(_swap(a), _swap(b), y0, x0, x1) and touches_vertical(_swap(a), _swap(b), y1, x0, x1):
        return "top_bottom"
    return None


def line_rank(p: Point, q: Point, obstacles: Mapping[Square, int]) -> int:
    """The highest obstacle rank the segment ``pq`` passes through (0: none).

    Through the inside of an obstacle square; or, as obstacles leave no crack, along the side
    that two obstacle squares share, or through the corner where two touch diagonally (each
    counting the lower rank of the two squares).
    """
    x0, x1 = min(p[0], q[0]), max(p[0], q[0])
    y0, y1 = min(p[1], q[1]), max(p[1], q[1])
    near = {square: r for square, r in obstacles.items()
            if r and x0 - 1 <= square.x <= x1 and y0 - 1 <= square.y <= y1}
    if not near:
        return 0
    rank = max((r for square, r in near.items() if crosses(p, q, square)), default=0)
    return max(rank, _seam_rank(p, q, near), _pinch_rank(p, q, near))


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


def chosen_corner_rank(
    origins: Iterable[Square], targets: Iterable[Square], obstacles: Mapping[Square, int]
) -> int:
    """Cover or concealment from a chosen corner of any of ``origins``, as a rank (0: none).

    The attacker picks one of its squares, one corner of it, and one square of the target; what
    counts is the worst obstacle crossed by the lines from that corner to the four corners of
    that target square. The attacker picks the choice with the lowest rank.
    """
    return corner_rank([corner for origin in origins for corner in origin.corners], targets, obstacles)


def corner_rank(corners: Iterable[Point], targets: Iterable[Square], obstacles: Mapping[Square, int]) -> int:
    """Like :func:`chosen_corner_rank`, the attacker choosing among the given corner points."""
    chosen = best_corner(corners, targets, obstacles)
    return chosen[0] if chosen else 0


def best_corner(
    corners: Iterable[Point], targets: Iterable[Square], obstacles: Mapping[Square, int]
) -> tuple[int, Point, Square] | None:
    """The attacker's best choice: the lowest worst rank, and the corner and target square giving it.

    The first such choice in the order given wins (``None`` when there is no corner or no target).
    """
    targets = tuple(targets)
    best: tuple[int, Point, Square] | None = None
    for corner in dict.fromkeys(corners):
        for target in targets:
            worst = max(line_rank(corner, end, obstacles) for end in target.corners)
            if best is None or worst < best[0]:
                best = (worst, corner, target)
            if worst == 0:
                return best
    return best


def any_line_crosses(origin: Square, target: Square, obstacles: Mapping[Square, int]) -> int:
    """The worst obstacle crossed by any line from a corner of ``origin`` to a corner of ``target``."""
    return max(line_rank(c, e, obstacles) for c in origin.corners for e in target.corners)


def line_of_effect(origins: Iterable[Square], targets: Iterable[Square], walls: Iterable[Square]) -> bool:
    """Whether some corner-to-corner line between the two sets of squares avoids every wall."""
    blocking = dict.fromkeys(walls, 1)
    targets = tuple(targets)
    return any(
        line_rank(corner, end, blocking) == 0
        for origin in origins for target in targets
        for corner in origin.corners for end in target.corners
    )
