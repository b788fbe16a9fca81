"""Hypothesis strategies of battlefields: small random maps of terrain and creatures of every size.

Shared by the engine's tests of what the grid rules record and the renderer's tests of the
picture drawn from it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from rulecheck.engine import Battlefield
from rulecheck.engine.grid import Side, Space, Square, step_crosses
from rulecheck.engine.opportunity import OpportunityInput

TERRAIN = ". . . . . # = ~"


@st.composite
def maps(draw: st.DrawFn, required: tuple[str, ...] = ("A", "D")) -> dict[str, Any]:
    """A map as an example writes it: rows of terrain, the required letters and up to three others
    (one of them may be a 2×2 block), small creatures sharing a square placed with ``at``, reach weapons,
    and thin walls or curtains on some sides between squares."""
    width, height = draw(st.integers(2, 7)), draw(st.integers(1, 6))
    rows = [[draw(st.sampled_from(TERRAIN.split())) for _ in range(width)] for _ in range(height)]
    letters = [*required, *draw(st.lists(st.sampled_from("BCgko"), unique=True, max_size=3))]
    taken: set[tuple[int, int]] = set()
    owner: dict[tuple[int, int], str] = {}
    creatures: dict[str, Any] = {}
    for letter in letters:
        side = draw(st.sampled_from((1, 1, 1, 2)))
        fits = [(x, y) for y in range(height - side + 1) for x in range(width - side + 1)
                if not any((x + dx, y + dy) in taken for dx in range(side) for dy in range(side))]
        assume(fits)
        x, y = draw(st.sampled_from(fits))
        for dx in range(side):
            for dy in range(side):
                rows[y + dy][x + dx] = letter
                taken.add((x + dx, y + dy))
                owner[x + dx, y + dy] = letter
        if draw(st.booleans()) and draw(st.booleans()):
            creatures[letter] = {"reach_weapon": True}
    open_squares = [(x, y) for y in range(height) for x in range(width) if rows[y][x] in ".~"]
    if open_squares and draw(st.booleans()):
        at = list(draw(st.sampled_from(open_squares)))
        for letter, size in zip(CROWD, draw(crowds()), strict=False):
            creatures[letter] = {"size": size, "at": at}
    between = [((x, y), (x + dx, y + dy)) for y in range(height) for x in range(width) for dx, dy in ((1, 0), (0, 1))
               if x + dx < width and y + dy < height
               and not (owner.get((x, y)) and owner.get((x, y)) == owner.get((x + dx, y + dy)))]
    sides = draw(st.lists(st.sampled_from(between), unique=True, max_size=5)) if between and draw(st.booleans()) else []
    return {"map": "\n".join(" ".join(row) for row in rows), "creatures": creatures,
            "sides": [{"between": [list(a), list(b)], "kind": draw(st.sampled_from(("wall", "wall", "fog")))}
                      for a, b in sides]}


#: The letters of the small creatures placed in one square beside a map's own.
CROWD = "pqrstuvwxyzPQRSTUVWXYZ"
#: The part of a square each size smaller than a square fills (the site's reading of the counts).
AREA = {"tiny": Fraction(1, 4), "diminutive": Fraction(1, 25), "fine": Fraction(1, 100)}


@st.composite
def crowds(draw: st.DrawFn) -> list[str]:
    """The sizes of small creatures that fit together in one square: often a lone Tiny one, else
    a mix of Tiny, Diminutive and Fine ones filling up to the whole square."""
    if draw(st.booleans()):
        return ["tiny"]
    sizes = draw(st.lists(st.sampled_from(sorted(AREA)), min_size=1, max_size=len(CROWD)))
    kept, filled = [], Fraction(0)
    for size in sizes:
        if filled + AREA[size] <= 1:
            kept.append(size)
            filled += AREA[size]
    return kept


@st.composite
def battlefields(draw: st.DrawFn) -> Battlefield:
    return Battlefield.model_validate(draw(maps()))


STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


@st.composite
def moves(draw: st.DrawFn) -> OpportunityInput:
    """A move of ``A`` on a random map, square by square onto free squares, maybe after disengaging."""
    grid = draw(maps(required=("A",)))
    rows = [row.split() for row in grid["map"].splitlines()]
    mine = [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "A"]
    (x, y), side = min(mine), max(mx for mx, _ in mine) - min(mx for mx, _ in mine) + 1
    # A mover bigger than a square cannot take a 1-square step: the rule measures the step between
    # its whole spaces, which overlap (distance 0), and refuses it.
    assume(side == 1)

    def free(x: int, y: int) -> bool:
        return all(0 <= x + dx < len(rows[0]) and 0 <= y + dy < len(rows) and rows[y + dy][x + dx] in ".~A"
                   for dx in range(side) for dy in range(side))

    walls = {Side.between(Square(*a), Square(*b)): 1 for a, b in
             (side["between"] for side in grid["sides"] if side["kind"] == "wall")}
    path: list[list[int]] = []
    for _ in range(draw(st.integers(1, 6))):
        candidates = [(x + dx, y + dy) for dx, dy in STEPS if free(x + dx, y + dy)
                      and not step_crosses(Space(x, y), Space(x + dx, y + dy), walls)]
        if not candidates:
            break
        x, y = draw(st.sampled_from(candidates))
        path.append([x, y])
    assume(path)
    return OpportunityInput.model_validate({"grid": grid, "path": path, "disengaged": draw(st.booleans())})
