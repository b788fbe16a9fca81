"""Creatures and terrain drawn on a square grid, and what their positions decide.

A battlefield is a small map, one text line per row of squares (spaces between squares are
ignored):

- ``.`` an empty square, ``#`` a wall (blocks lines, gives cover), ``=`` a low obstacle (cover
  within 6 squares), ``~`` a square that gives concealment (fog, foliage);
- ``A`` the attacker, ``D`` the defender, other capital letters the attacker's allies, small
  letters any other creature. A creature bigger than Medium is drawn as a full block of its letter.

``creatures`` gives a letter's size, shape and reach weapon, and places with ``at: [x, y]``
(column, row, from 0 at the top left) a creature not drawn, such as a Tiny one sharing a square.
``sides`` puts a thin wall or a curtain of mist on the side two squares share (seed 004 counts a
side that blocks, gives cover or conceals as it counts a square).

From positions, :func:`assess` computes the distance, the attacker's reach, cover, concealment and
flanking with the exact geometry of :mod:`rulecheck.engine.grid`. A creature bigger than a square
draws its lines from any corner of any of its squares for a melee attack, but from a corner of its
whole space at range (seed 004 grants the choice of square to melee attacks only).

A map must show the letters its kind requires (:attr:`Battlefield.required`): the attacker and the
defender for an attack, only the moving creature ``A`` for a move
(:class:`~rulecheck.engine.opportunity.MoveField`).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulecheck.engine.grid import (
    Point,
    Side,
    Space,
    Square,
    any_line_crosses,
    best_corner,
    distance,
    flanked_sides,
    line_of_effect,
    line_rank,
    owner,
    sides_met,
)
from rulecheck.engine.limits import MAX_CREATURES
from rulecheck.engine.sightlines import (
    BattleMap,
    Blocker,
    Figure,
    Flank,
    LowWall,
    MissedFlank,
    Role,
    Sighting,
    Sightline,
    Threat,
)
from rulecheck.engine.sizes import Shape, Size, SizeRow, size_for_squares, size_row
from rulecheck.engine.trace import Step
from rulecheck.errors import FieldPath, FieldProblem, FieldProblems, refuse

ATTACKER, DEFENDER = "A", "D"
TERRAIN = {".": None, "#": "wall", "=": "low", "~": "fog"}
#: A low obstacle gives cover only to a target within this many squares of it.
LOW_OBSTACLE_RANGE = 6
#: A map has at most this many rows and this many squares per row.
MAX_MAP_SIDE = 30
#: Bound on the geometry of one map, counted before it is done: the corner-to-corner lines
#: between the attacker's and the defender's squares (16 per pair of squares) times the squares
#: of the map each line is tested against. 24×24 squares with two 5×5 creatures would be 5.8
#: million (over a minute); a Huge attacker (3×3) and a Medium defender on 18×18 squares of fog,
#: 46,656 (about a second at most). Two Medium creatures fit any map up to the side limit.
MAX_GRID_WORK = 50_000

GridCover = Literal["none", "soft", "normal", "total"]
GridConcealment = Literal["none", "concealment"]


class Occupant(BaseModel):
    """What the map alone cannot say about a creature."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    size: Size | None = Field(None, description="Default: Medium, or the size that fills the drawn block.")
    shape: Shape = Field("tall", description="Large and bigger: `tall` (longer reach) or `long`.")
    reach_weapon: bool = Field(False, description="Reaches beyond the natural reach, up to twice it.")
    at: tuple[int, int] | None = Field(None, description="[column, row] of a creature not drawn on the map.")
    name: str = Field("", max_length=80, description="Display name; may differ between languages.")


#: A creature the map draws and ``creatures`` does not detail.
_NOWHERE = Occupant()


class SideObstacle(BaseModel):
    """What stands on the side two squares share: a thin wall, or a curtain that conceals."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    between: tuple[tuple[int, int], tuple[int, int]] = Field(description=(
        "[column, row] of the two squares, next to each other in a row or a column."))
    kind: Literal["wall", "fog"] = Field(description=(
        "`wall` blocks lines and gives cover, like a `#` square; `fog` conceals, like a `~` square."))

    @model_validator(mode="after")
    def _neighbours(self) -> SideObstacle:
        _ = self.side  # Side.between refuses two squares that share no side
        return self

    @property
    def side(self) -> Side:
        return Side.between(*(Square(x, y) for x, y in self.between))


#: A map has at most this many sides with a wall or a curtain on them.
MAX_SIDES = 120


class Battlefield(BaseModel):
    """Positions on a square grid: a map of terrain and creatures, and details on creatures."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    #: The letters every map of this kind must show: the attacker and the defender.
    required: ClassVar[tuple[str, ...]] = ("A", "D")
    map: str = Field(min_length=1, max_length=2000, description=(
        f"One line per row: . # = ~ or a letter; at most {MAX_MAP_SIDE} rows of {MAX_MAP_SIDE} squares, "
        f"and at most {MAX_GRID_WORK:,} line tests (16 × attacker squares × defender squares × map squares)."))
    creatures: dict[str, Occupant] = Field(default_factory=dict, max_length=MAX_CREATURES,
                                           description="Sizes and placements by letter.")
    sides: tuple[SideObstacle, ...] = Field((), max_length=MAX_SIDES, description=(
        "Partitions (thin walls) and curtains on the side between two squares, "
        "e.g. `{between: [[2, 1], [3, 1]], kind: wall}`."))

    @model_validator(mode="after")
    def _readable(self) -> Battlefield:
        layout(self)
        return self


@dataclass(frozen=True)
class Placed:
    """A creature on the grid: its letter, the squares it fills and its size row."""

    letter: str
    space: Space
    size: SizeRow
    reach_weapon: bool = False

    @property
    def reach(self) -> int:
        """The farthest distance it attacks at in melee."""
        return 2 * self.size.reach if self.reach_weapon else self.size.reach

    def reaches(self, at: int) -> bool:
        """Whether a melee attack reaches ``at`` squares (a reach weapon not within natural reach)."""
        if self.reach_weapon:
            return self.size.reach < at <= 2 * self.size.reach
        return at <= self.size.reach

    def threatens(self, other: Placed) -> bool:
        """Whether it threatens ``other``: reach above 0 and ``other`` within it."""
        return self.threatens_space(other.space)

    def threatens_space(self, space: Space) -> bool:
        """Whether it threatens a creature filling ``space``: reach above 0 and ``space`` within it."""
        return self.size.reach > 0 and self.reaches(distance(self.space, space))


@dataclass(frozen=True)
class Layout:
    walls: frozenset[Square]
    low: frozenset[Square]
    fog: frozenset[Square]
    creatures: dict[str, Placed]
    #: The map's size in squares.
    width: int = 0
    height: int = 0
    #: A square holding more small creatures than fit in it (a refusal of the rules, not a misdrawn map).
    overfull: Square | None = None
    #: Thin walls and curtains of mist on the sides between squares.
    wall_sides: frozenset[Side] = frozenset()
    fog_sides: frozenset[Side] = frozenset()

    @property
    def attacker(self) -> Placed:
        return self.creatures[ATTACKER]

    @property
    def defender(self) -> Placed:
        return self.creatures[DEFENDER]

    @property
    def allies(self) -> tuple[Placed, ...]:
        return tuple(c for k, c in sorted(self.creatures.items()) if k.isupper() and k not in (ATTACKER, DEFENDER))


def _shown_char(char: str) -> str:
    """A character of a map as an author can find it: itself, and past ASCII its code and name (a
    no-break space read as « ` ` », a combining accent as a lone mark: a 32nd hostile round)."""
    if char.isascii() and char.isprintable():
        return f"`{char}`"
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def layout(field: Battlefield) -> Layout:
    """Read the map; raise :class:`FieldProblems` naming every misdrawn row, creature and side, each
    at its own field (a row at its line of the map)."""
    problems: list[FieldProblem] = []
    # Each row's squares, with the index of its line in the map's text (blank lines are no rows).
    rows = [(line, row) for line, text in enumerate(field.map.splitlines())
            if (row := text.replace(" ", "").replace("\t", ""))]
    if not rows:
        raise FieldProblems([FieldProblem(("map",), "the map is empty; draw one line per row, e.g. `A . D`")])
    width, height = len(rows[0][1]), len(rows)
    if height > MAX_MAP_SIDE or width > MAX_MAP_SIDE:
        raise FieldProblems([FieldProblem(("map",), (
            f"the map is {width}×{height} squares; a map has at most {MAX_MAP_SIDE} rows of {MAX_MAP_SIDE} "
            "squares: draw only the part around the attacker and the defender"))])
    terrain: dict[str, set[Square]] = {"wall": set(), "low": set(), "fog": set()}
    drawn: dict[str, list[Square]] = {}
    uneven = False
    for y, (line, row) in enumerate(rows):
        if len(row) != width:
            uneven = True
            problems.append(FieldProblem(("map",), f"row {y + 1} has {len(row)} squares, row 1 has {width}; "
                                         "rows must be equally long", line))
        for x, char in enumerate(row):
            if char in TERRAIN:
                kind = TERRAIN[char]
                if kind:
                    terrain[kind].add(Square(x, y))
            elif char.isascii() and char.isalpha():
                drawn.setdefault(char, []).append(Square(x, y))
            else:
                problems.append(FieldProblem(("map",), f"row {y + 1}, column {x + 1}: unknown square "
                                             f"{_shown_char(char)}; use . # = ~ or a letter", line))
    if uneven:
        raise FieldProblems(problems)  # the creatures' blocks cannot be read on rows of other lengths
    creatures: dict[str, Placed] = {}
    refused: set[str] = set()  # creatures misdrawn or misplaced, already said
    for letter, squares in drawn.items():
        try:
            creatures[letter] = _drawn(letter, squares, field.creatures.get(letter), rows[squares[0].y][0])
        except FieldProblems as wrong:
            problems.extend(wrong.problems)
            refused.add(letter)
    for letter, occupant in field.creatures.items():
        if letter in drawn:
            continue
        try:
            creatures[letter] = _placed(letter, occupant, width, height, terrain)
        except FieldProblems as wrong:
            problems.extend(wrong.problems)
            refused.add(letter)
    for letter in field.required:
        if letter not in creatures and letter not in refused:
            who = "the attacker `A` and the defender `D`" if field.required == (ATTACKER, DEFENDER) \
                else "the moving creature `A`"
            problems.append(FieldProblem(("map",), f"the map has no `{letter}`: draw {who}"))
    problems.extend(_overlaps(creatures, field))
    sides = _sides(field.sides, width, height, creatures, problems)
    if problems:
        raise FieldProblems(problems)
    overfull = check_sharing(creatures)
    _check_work(creatures, width * height)
    return Layout(frozenset(terrain["wall"]), frozenset(terrain["low"]), frozenset(terrain["fog"]), creatures,
                  width, height, overfull, frozenset(sides["wall"]), frozenset(sides["fog"]))


def _sides(given: Iterable[SideObstacle], width: int, height: int, creatures: dict[str, Placed],
           problems: list[FieldProblem]) -> dict[str, set[Side]]:
    """The sides of ``sides:``, each between two squares of the map and none inside one creature;
    what is wrong with one goes to ``problems``."""
    found: dict[str, set[Side]] = {"wall": set(), "fog": set()}
    for index, obstacle in enumerate(given):
        def wrong(message: str, index: int = index) -> None:
            problems.append(FieldProblem(("sides", index), message))
        a, b = (Square(x, y) for x, y in obstacle.between)
        off = [square for square in (a, b) if not (0 <= square.x < width and 0 <= square.y < height)]
        if off:
            wrong(f"square [{off[0].x}, {off[0].y}] is off the map ({width}×{height} squares)")
            continue
        side = obstacle.side
        inside = [letter for letter, creature in sorted(creatures.items())
                  if a in creature.space and b in creature.space]
        if inside:
            wrong(f"the side between [{a.x}, {a.y}] and [{b.x}, {b.y}] lies inside creature `{inside[0]}`, "
                  "which fills both squares")
        elif side in found["wall"] or side in found["fog"]:
            wrong(f"the side between [{a.x}, {a.y}] and [{b.x}, {b.y}] is given twice")
        else:
            found[obstacle.kind].add(side)
    return found


def _drawn(letter: str, squares: list[Square], occupant: Occupant | None, line: int) -> Placed:
    """A creature drawn as a block of its letter (``line``: the map's text line of its top row)."""
    def wrong(message: str, path: FieldPath = ("map",)) -> FieldProblems:
        return FieldProblems([FieldProblem(path, message, line if path == ("map",) else None)])
    if occupant is not None and occupant.at is not None:
        raise wrong(f"creature `{letter}` is drawn on the map and placed with `at`; keep one",
                    ("creatures", letter, "at"))
    x0, y0 = min(s.x for s in squares), min(s.y for s in squares)
    side = max(s.x for s in squares) - x0 + 1
    if set(squares) != set(Space(x0, y0, side).squares):
        raise wrong(f"creature `{letter}` is not drawn as a full square block of `{letter}`")
    default = size_for_squares(side) if side <= 5 else None
    size = occupant.size if occupant and occupant.size else default
    if size is None:
        raise wrong(f"creature `{letter}` fills {side}×{side} squares; no size is that big")
    row = size_row(size, occupant.shape if occupant else "tall")
    if row.squares != side:
        raise wrong(f"creature `{letter}` is {size}: it fills {row.squares}×{row.squares} squares, "
                    f"the map draws {side}×{side}", ("creatures", letter, "size") if occupant and occupant.size
                    else ("map",))
    return Placed(letter, Space(x0, y0, side), row, bool(occupant and occupant.reach_weapon))


def _placed(letter: str, occupant: Occupant, width: int, height: int, terrain: dict[str, set[Square]]) -> Placed:
    """A creature placed with ``at`` rather than drawn."""
    def wrong(message: str, *below: str) -> FieldProblems:
        return FieldProblems([FieldProblem(("creatures", letter, *below), message)])
    if len(letter) != 1 or not (letter.isascii() and letter.isalpha()):
        raise wrong(f"creature `{letter}`: a creature is named by one letter")
    if occupant.at is None:
        raise wrong(f"creature `{letter}` is neither drawn on the map nor placed with `at`")
    x, y = occupant.at
    row = size_row(occupant.size or "medium", occupant.shape)
    space = Space(x, y, row.squares)
    for square in space.squares:
        if not (0 <= square.x < width and 0 <= square.y < height):
            raise wrong(f"creature `{letter}` at [{x}, {y}] is off the map ({width}×{height} squares)", "at")
        if square in terrain["wall"] or square in terrain["low"]:
            raise wrong(f"creature `{letter}` at [{x}, {y}] stands on an obstacle", "at")
    return Placed(letter, space, row, occupant.reach_weapon)


def _overlaps(creatures: dict[str, Placed], field: Battlefield) -> Iterator[FieldProblem]:
    """Creatures of a square or more that share a square: a misdrawn map, at the second one's
    ``at`` (a drawn creature never overlaps another drawn one)."""
    whole: dict[Square, str] = {}
    for letter, creature in sorted(creatures.items()):
        if creature.size.space < 1:
            continue
        for square in creature.space.squares:
            if square in whole:
                placed = letter if field.creatures.get(letter, _NOWHERE).at is not None else whole[square]
                yield FieldProblem(("creatures", placed, "at"),
                                   f"creatures `{whole[square]}` and `{letter}` overlap at [{square.x}, {square.y}]")
                break
            whole[square] = letter


def _check_work(creatures: dict[str, Placed], cells: int) -> None:
    """Refuse, before any line is drawn, a map whose geometry would cost past ``MAX_GRID_WORK``."""
    # An attack measures A against D; a move on a map without D (an opportunity) measures A against
    # every other creature drawn.
    targets = [creatures[DEFENDER]] if DEFENDER in creatures else [c for k, c in creatures.items() if k != ATTACKER]
    lines = 16 * len(creatures[ATTACKER].space.squares) * sum(len(t.space.squares) for t in targets)
    if lines * cells > MAX_GRID_WORK:
        raise FieldProblems([FieldProblem(("map",),
            f"this map needs {lines:,} lines between the attacker and the creatures it faces, each tested against "
            f"{cells} squares: {lines * cells:,} tests, past the bound of {MAX_GRID_WORK:,}; "
            "draw a smaller map (only the squares between and around them)")])


def check_sharing(creatures: dict[str, Placed]) -> Square | None:
    """The first square where creatures smaller than a square fill more than the square, which the
    rules refuse (:func:`refuse_overfull`)."""
    shared: dict[Square, Fraction] = {}
    for _letter, creature in sorted(creatures.items()):
        if creature.size.space < 1:
            for square in creature.space.squares:
                shared[square] = shared.get(square, Fraction(0)) + creature.size.space ** 2
                if shared[square] > 1:
                    return square
    return None


def refuse_overfull(square: Square | None, *where: str) -> None:
    """Refuse a map whose ``square`` (:attr:`Layout.overfull`) holds more small creatures than fit:
    four Tiny, 25 Diminutive or 100 Fine creatures share one (``where``: the grid's field)."""
    if square is None:
        return
    raise refuse(f"square [{square.x}, {square.y}] holds more small creatures than fit in it: four Tiny, "
                 "25 Diminutive or 100 Fine creatures share a square", *where, "creatures",
                 code="square_over_full", params={"x": square.x, "y": square.y},
                 hint="place the others in a neighbouring square")


@dataclass(frozen=True)
class Assessment:
    """What the positions decide for one attack of the attacker on the defender."""

    distance: int
    reach: int
    in_reach: bool
    cover: GridCover
    concealment: GridConcealment
    flanking: bool
    flanking_ally: str | None
    has_fog: bool
    reach_weapon: bool
    natural_reach: int
    #: What the rule looked at to decide the above: lines, corners, flanking line, reach.
    battle_map: BattleMap | None = None
    #: A square holding more small creatures than fit, which the rules refuse.
    overfull: Square | None = None


def assess(field: Battlefield, melee: bool, *where: str) -> Assessment:
    """Distance, reach, cover, concealment and flanking for a melee or a ranged attack (``where``,
    the grid's field in the example, locates a refusal of the positions)."""
    # Exact odds run an attack once per dice outcome on the same grid: compute its geometry once.
    found = _assess(field.model_dump_json(), melee)
    refuse_overfull(found.overfull, *where)
    return found


@functools.lru_cache(maxsize=128)
def _assess(field_json: str, melee: bool) -> Assessment:
    grid = layout(Battlefield.model_validate_json(field_json))
    attacker, defender = grid.attacker, grid.defender
    apart = distance(attacker.space, defender.space)
    flank = _flank(grid) if melee else None  # flanking is a melee rule: a shot draws no flanking line
    missed = _missed_flank(grid) if melee and flank is None else None
    cover = _cover_sighting(grid, apart, melee)
    concealment = _concealment_sighting(grid, apart, melee)
    reaching = [attacker, *grid.allies] if melee else []
    drawn = BattleMap(
        width=grid.width, height=grid.height, walls=grid.walls, low=grid.low, fog=grid.fog,
        wall_sides=grid.wall_sides, fog_sides=grid.fog_sides,
        figures=figures(grid, attack_role), kind="melee" if melee else "ranged", distance=apart,
        cover=cover, concealment=concealment if grid.fog or grid.fog_sides else None, flank=flank, missed_flank=missed,
        threats=tuple(t for t in (threat(c, grid) for c in reaching) if t is not None),
    )
    return Assessment(
        distance=apart,
        reach=attacker.reach,
        in_reach=attacker.reaches(apart),
        cover=_cover_verdict(cover),
        concealment="concealment" if concealment.verdict == "concealment" else "none",
        flanking=flank is not None,
        flanking_ally=flank.ally if flank else None,
        has_fog=bool(grid.fog or grid.fog_sides),
        reach_weapon=attacker.reach_weapon,
        natural_reach=attacker.size.reach,
        battle_map=drawn,
        overfull=grid.overfull,
    )


def attack_role(letter: str) -> Role:
    """An attack's creatures: ``A`` attacks ``D``, other capitals are A's allies."""
    if letter == ATTACKER:
        return "attacker"
    if letter == DEFENDER:
        return "defender"
    return "ally" if letter.isupper() else "other"


def figures(grid: Layout, role: Callable[[str], Role]) -> tuple[Figure, ...]:
    """Every creature of a layout, with its role, size and space, in letter order."""
    return tuple(Figure(letter, role(letter), c.size.key, c.space, c.size.space)
                 for letter, c in sorted(grid.creatures.items()))


def threat(creature: Placed, grid: Layout) -> Threat | None:
    """The squares of ``grid`` that ``creature`` threatens (``None``: reach 0): those within its
    reach where a creature can stand (not a wall's or a low wall's)."""
    if creature.size.reach == 0:
        return None
    squares: set[Square] = set()
    inner: set[Square] = set()
    for y in range(grid.height):
        for x in range(grid.width):
            square = Square(x, y)
            if square in creature.space or square in grid.walls or square in grid.low:
                continue
            apart = distance(creature.space, Space(x, y))
            if creature.reaches(apart):
                squares.add(square)
            elif creature.reach_weapon and apart <= creature.size.reach:
                inner.add(square)
    return Threat(creature.letter, creature.reach, frozenset(squares), frozenset(inner), creature.reach_weapon)


def melee_cover(grid: Layout, attacker: Placed, defender: Placed) -> Sighting:
    """The cover ``defender`` has against a melee attack of ``attacker`` (any two creatures of a
    layout), with the lines that decided it.

    Every other creature stays in the way, whatever its letter: one drawn as ``D`` on a move's map
    is an enemy like any other, not the defender of this attack."""
    others = {f"other:{letter}" if letter in (ATTACKER, DEFENDER) else letter: creature
              for letter, creature in grid.creatures.items() if letter not in (attacker.letter, defender.letter)}
    pair = Layout(grid.walls, grid.low, grid.fog, {**others, ATTACKER: attacker, DEFENDER: defender},
                  grid.width, grid.height, wall_sides=grid.wall_sides, fog_sides=grid.fog_sides)
    return _cover_sighting(pair, distance(attacker.space, defender.space), melee=True)


def _cover_verdict(sighting: Sighting) -> GridCover:
    verdict = sighting.verdict
    assert verdict in ("none", "soft", "normal", "total")
    return verdict  # type: ignore[return-value]


#: The rank of cover a line blocked by each kind of obstacle gives: 2 cover, 1 soft cover.
BLOCKER_RANK: dict[Blocker, int] = {"wall": 2, "low": 2, "creature": 1, "fog": 1}


def _cover_sighting(grid: Layout, apart: int, melee: bool) -> Sighting:
    """The cover, and the lines that decided it: a choice of corner and target square, its lines."""
    attacker, defender = grid.attacker, grid.defender
    if apart == 0:
        return Sighting("cover", "none")
    wall_sides = dict.fromkeys(grid.wall_sides, 2)
    if not line_of_effect(attacker.space.squares, defender.space.squares, grid.walls, grid.wall_sides):
        chosen = best_corner(_origins(attacker, melee), defender.space.squares, dict.fromkeys(grid.walls, 2),
                             wall_sides, attacker.space.squares)
        assert chosen is not None
        _, corner, target = chosen
        lines = traced(corner, target.corners, (("wall", grid.walls, grid.wall_sides),),
                       attacker.space.squares, target)
        return Sighting("cover", "total", lines, corner=corner, target=target)
    if melee and apart == 1:
        solid = dict.fromkeys(grid.walls | grid.low, 1)
        pairs = [(a, t) for a in attacker.space.squares for t in defender.space.squares
                 if distance(Space(a.x, a.y), Space(t.x, t.y)) == 1]
        origin, target = min(pairs, key=lambda pair: any_line_crosses(pair[0], pair[1], solid, wall_sides))
        layers: Layers = (("wall", grid.walls, grid.wall_sides), ("low", grid.low, frozenset()))
        lines = tuple(line for corner in origin.corners
                      for line in traced(corner, target.corners, layers, (origin,), target))
        return Sighting("cover", "normal" if any(line.blocked for line in lines) else "none", lines,
                        origin=origin, target=target)
    # The ranged rule, which a reach attack beyond adjacent squares uses too (seed 004): a square
    # occupied by a creature on a line gives soft cover.
    own = set(attacker.space.squares) | set(defender.space.squares)
    ranks: dict[Square, int] = {}
    for creature in grid.creatures.values():
        ranks.update(dict.fromkeys(creature.space.squares, 1))
    passed: dict[Square, Literal["far", "attacker_nearer"]] = {}
    for square in grid.low:
        obstacle = Space(square.x, square.y)
        near_target = distance(defender.space, obstacle)
        if near_target > LOW_OBSTACLE_RANGE:
            passed[square] = "far"
        elif distance(attacker.space, obstacle) < near_target:
            passed[square] = "attacker_nearer"
        else:
            ranks[square] = 2
    ranks.update(dict.fromkeys(grid.walls, 2))
    for square in own:
        ranks.pop(square, None)
    chosen = best_corner(_origins(attacker, melee), defender.space.squares, ranks, wall_sides,
                         attacker.space.squares)
    assert chosen is not None
    _, corner, target = chosen
    kept = frozenset(ranks)
    lines = traced(corner, target.corners, (("wall", kept & grid.walls, grid.wall_sides),
                                            ("low", kept & grid.low, frozenset()),
                                            ("creature", kept - grid.walls - grid.low, frozenset())),
                   attacker.space.squares, target)
    rank = max((BLOCKER_RANK[line.blocked_by] for line in lines if line.blocked_by), default=0)
    # Every low obstacle a line crosses, with the distances the rule weighed; those it passed over
    # would have stood in the way.
    crossed = [square for square in sorted(grid.low, key=lambda s: (s.y, s.x))
               if any(line_rank(line.start, line.end, {square: 1}) for line in lines)]
    low_walls = tuple(LowWall(square, distance(defender.space, Space(square.x, square.y)),
                              distance(attacker.space, Space(square.x, square.y)), passed.get(square, "protects"))
                      for square in crossed)
    ignored = tuple((wall.square, wall.verdict) for wall in low_walls if wall.verdict != "protects")
    return Sighting("cover", "normal" if rank == 2 else "soft" if rank == 1 else "none", lines,
                    corner=corner, target=target, ignored_low=ignored, low_walls=low_walls)


#: Kinds of obstacle in the order a line is tested against them: each kind's squares and sides.
Layers = tuple[tuple[Blocker, frozenset[Square], frozenset[Side]], ...]


def traced(start: Point, ends: Iterable[Point], layers: Layers,
           origins: Iterable[Square] = (), end_in: Square | None = None) -> tuple[Sightline, ...]:
    """The lines from ``start`` (a corner of one of ``origins``, the attacker's squares) to each of
    ``ends`` (corners of ``end_in``; a point to itself is no line), each blocked by the first kind
    of obstacle that, with the kinds before it, it passes through.

    The kinds are added one by one so that a line along the seam of two squares of different
    kinds (a wall beside a low wall) counts as blocked, as it does for the rule.
    """
    start_in = owner(start, origins)
    lines = []
    for end in ends:
        if end == start:
            continue
        blocked_by: Blocker | None = None
        squares: set[Square] = set()
        sides: set[Side] = set()
        for kind, layer, layer_sides in layers:
            squares |= layer
            sides |= layer_sides
            if (squares or sides) and line_rank(start, end, dict.fromkeys(squares, 1), dict.fromkeys(sides, 1),
                                                start_in, end_in):
                blocked_by = kind
                break
        lines.append(Sightline(start, end, blocked_by))
    return tuple(lines)


def _origins(attacker: Placed, melee: bool) -> list[Point]:
    """The corners an attacker may draw its lines from: for its melee attacks, a creature bigger than
    a square picks any corner of any of its squares (seed 004, big creatures and cover); at range,
    a corner of its space, taken whole as its square."""
    if melee:
        return [corner for square in attacker.space.squares for corner in square.corners]
    return list(attacker.space.corners)


def _concealment_sighting(grid: Layout, apart: int, melee: bool) -> Sighting:
    """Concealment, and the lines that decided it (none in melee contact: the target's own squares)."""
    attacker, defender = grid.attacker, grid.defender
    if melee and apart <= 1:
        inside = all(square in grid.fog for square in defender.space.squares)
        return Sighting("concealment", "concealment" if inside else "none")
    fog = frozenset(square for square in grid.fog if square not in attacker.space)
    chosen = best_corner(_origins(attacker, melee), defender.space.squares, dict.fromkeys(fog, 1),
                         dict.fromkeys(grid.fog_sides, 1), attacker.space.squares)
    assert chosen is not None
    _, corner, target = chosen
    lines = traced(corner, target.corners, (("fog", fog, grid.fog_sides),), attacker.space.squares, target)
    return Sighting("concealment", "concealment" if any(line.blocked for line in lines) else "none", lines,
                    corner=corner, target=target)


def _flank(grid: Layout) -> Flank | None:
    """The first ally flanking the defender with the attacker, and the line between their centres.

    Seed 004's exception for a creature of more than one square: **it** gains the bonus if an ally
    standing in one of its squares would. So a big attacker draws the line from whichever of its
    squares makes it pass through two opposite sides; its ally's line, the exception saying nothing
    of it, joins the two centres as for any creature, a big ally's being the centre of its whole
    space (a reading, said on the pages)."""
    attacker, defender = grid.attacker, grid.defender
    if not attacker.threatens(defender):
        return None
    for ally in grid.allies:
        if not ally.threatens(defender):
            continue
        for mine in attacker.space.squares:
            sides = flanked_sides(mine.centre, ally.space.centre, defender.space)
            if sides is not None:
                return Flank(ally.letter, mine.centre, ally.space.centre, sides)
    return None


def _missed_flank(grid: Layout) -> MissedFlank | None:
    """When no ally flanks, the line the rule tried between a one-square attacker's centre and the
    centre of the first ally that threatens the target too, and the sides of the target it meets:
    what shows a reader why there is no flanking. A big attacker tries one line from each of its
    squares: none is drawn for it."""
    attacker, defender = grid.attacker, grid.defender
    if attacker.space.side != 1 or not attacker.threatens(defender):
        return None
    ally = next((ally for ally in grid.allies if ally.threatens(defender)), None)
    if ally is None:
        return None
    start, end = attacker.space.centre, ally.space.centre
    return MissedFlank(ally.letter, start, end, sides_met(start, end, defender.space))


def assessment_steps(found: Assessment, melee: bool) -> list[Step]:
    """The trace of an assessment: reach (melee), cover, concealment (with fog), flanking (melee)."""
    steps: list[Step] = []
    if melee:
        steps.append(_reach_step(found))
    else:
        steps.append(Step(anchor="size-and-reach", event="grid.distance", value=found.distance))
        steps += _low_wall_steps(found)
    steps.append(Step(anchor="cover", event="grid.cover", verdict=f"cover.{found.cover}"))
    if found.has_fog:
        steps.append(Step(anchor="concealment", event="grid.concealment",
                          verdict=f"concealment.{found.concealment}"))
    if melee:
        steps.append(Step(anchor="flanking", event="grid.flanking",
                          verdict="flanked" if found.flanking else "not_flanked"))
    return steps


def _low_wall_steps(found: Assessment) -> list[Step]:
    """Each low wall a line of the cover crosses, by the distances the rule weighs: the target's
    to it against the 6 squares, then the attacker's against the target's."""
    sighting = found.battle_map.cover if found.battle_map is not None else None
    steps = []
    for wall in sighting.low_walls if sighting is not None else ():
        far = wall.to_target > LOW_OBSTACLE_RANGE
        steps.append(Step(anchor="cover", event="grid.low_wall.range", value=wall.to_target, op=">" if far else "<=",
                          against=LOW_OBSTACLE_RANGE, against_label="low_wall_range",
                          verdict="low.far" if far else None))
        if not far:
            nearer = wall.to_attacker < wall.to_target
            steps.append(Step(anchor="cover", event="grid.low_wall.sides", value=wall.to_attacker,
                              op="<" if nearer else ">=", against=wall.to_target, against_label="low_wall_to_target",
                              verdict="low.attacker_nearer" if nearer else "low.protects"))
    return steps


def _reach_step(found: Assessment) -> Step:
    verdict = "in_reach" if found.in_reach else "out_of_reach"
    if found.reach_weapon and found.distance <= found.natural_reach:
        return Step(anchor="size-and-reach", event="grid.reach_weapon", value=found.distance, op="<=",
                    against=found.natural_reach, against_label="natural_reach", verdict="too_close")
    return Step(
        anchor="size-and-reach",
        event="grid.reach_weapon" if found.reach_weapon else "grid.reach",
        value=found.distance,
        op="<=" if found.distance <= found.reach else ">",
        against=found.reach,
        against_label="weapon_reach" if found.reach_weapon else "reach",
        verdict=verdict,
    )
