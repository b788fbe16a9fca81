"""Creature sizes: the space a creature fills on the square grid and its natural reach.

The numbers are typical values (a creature may be an exception). ``space`` is the side of the
creature's square, in grid squares: below 1, several creatures share one square; from 1 up, the
creature fills ``space × space`` squares. Large and bigger creatures come in two shapes, *tall*
(standing, longer reach) and *long* (on four legs, shorter reach).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Size = Literal["fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"]
Shape = Literal["tall", "long"]

#: Sizes whose reach depends on the shape.
SHAPED: frozenset[str] = frozenset({"large", "huge", "gargantuan", "colossal"})


@dataclass(frozen=True)
class SizeRow:
    """One row of the size table: ``key`` is ``medium`` or, for shaped sizes, ``large-tall``."""

    size: Size
    shape: Shape | None
    space: Fraction
    reach: int

    @property
    def key(self) -> str:
        """``medium``, or ``large-tall`` for a shaped size: the row's name in data."""
        return f"{self.size}-{self.shape}" if self.shape else self.size

    @property
    def per_square(self) -> int | None:
        """How many such creatures fit in one square; ``None`` when the creature fills several."""
        if self.space > 1:
            return None
        count = (1 / self.space) ** 2
        return int(count)

    @property
    def squares(self) -> int:
        """The side of the block of squares it fills on the grid (1 for every creature up to Medium)."""
        return max(1, int(self.space))


def _row(size: Size, shape: Shape | None, space: str, reach: int) -> SizeRow:
    return SizeRow(size, shape, Fraction(space), reach)


SIZES: tuple[SizeRow, ...] = (
    _row("fine", None, "1/10", 0),
    _row("diminutive", None, "1/5", 0),
    _row("tiny", None, "1/2", 0),
    _row("small", None, "1", 1),
    _row("medium", None, "1", 1),
    _row("large", "tall", "2", 2),
    _row("large", "long", "2", 1),
    _row("huge", "tall", "3", 3),
    _row("huge", "long", "3", 2),
    _row("gargantuan", "tall", "4", 4),
    _row("gargantuan", "long", "4", 3),
    _row("colossal", "tall", "5", 6),
    _row("colossal", "long", "5", 4),
)

SIZE_BY_KEY: dict[str, SizeRow] = {row.key: row for row in SIZES}


def size_row(size: Size, shape: Shape = "tall") -> SizeRow:
    """The row for a size; the shape only matters from Large up."""
    return SIZE_BY_KEY[f"{size}-{shape}" if size in SHAPED else size]


def size_for_squares(squares: int) -> Size:
    """The size whose creatures fill a block of ``squares × squares`` (1 → Medium)."""
    if squares == 1:
        return "medium"
    for row in SIZES:
        if row.squares == squares:
            return row.size
    raise ValueError(f"no size fills a block of {squares}×{squares} squares (at most 5×5)")
