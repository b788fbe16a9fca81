"""What the grid rules looked at, kept as data so that a picture of a map comes from one place.

The grid rules (:mod:`rulecheck.engine.battlefield`, :mod:`rulecheck.engine.opportunity`) decide
cover, concealment, flanking, reach and opportunity attacks by tracing lines and counting squares.
Each decision is recorded here as it is made: the corner the attacker chose and the lines traced
from it (each blocked or clear, and by what), the line between two flanking allies and the
opposite sides it meets, the squares each creature threatens, and a move square by square with
the opportunity attacks each step provokes. A :class:`BattleMap` holds one grid's records; the
renderers draw it and never read the map's letters again. Nothing here is a French or English
sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rulecheck.engine.grid import Point, Side, SideName, Space, Square

#: What stops a line: a wall or a low obstacle (cover), a creature (soft cover), fog (concealment).
Blocker = Literal["wall", "low", "creature", "fog"]
#: A creature's part in the example: an attack's attacker, defender, the attacker's allies and any
#: other creature; a move's mover, its enemies and its allies.
Role = Literal["attacker", "defender", "ally", "other", "mover", "enemy"]
#: Why a step of a move concerns an enemy (see :mod:`rulecheck.engine.opportunity`).
StepEvent = Literal["leaves_reach", "moves_within_reach", "enters_square", "single_step", "cover"]


@dataclass(frozen=True)
class Sightline:
    """One segment traced between two grid points, and what it passes through, if anything."""

    start: Point
    end: Point
    blocked_by: Blocker | None = None

    @property
    def blocked(self) -> bool:
        return self.blocked_by is not None


@dataclass(frozen=True)
class LowWall:
    """A low obstacle a traced line crosses at range, and what the rule made of it (seed 004): it
    protects when the target stands within 6 squares of it and the attacker no nearer to it."""

    square: Square
    to_target: int
    to_attacker: int
    verdict: Literal["protects", "far", "attacker_nearer"]


@dataclass(frozen=True)
class Sighting:
    """A decision made by tracing lines: cover or concealment, and the choice it came from.

    ``corner`` is the corner of the attacker the lines start from (``None`` when every corner of
    ``origin`` counts, as between two adjacent squares in melee), ``target`` the square of the
    defender they go to; ``lines`` are every line that choice traced. ``verdict`` is the decision
    (``none``, ``soft``, ``normal``, ``total`` for cover; ``none``, ``concealment``).
    """

    rule: Literal["cover", "concealment"]
    verdict: str
    lines: tuple[Sightline, ...] = ()
    corner: Point | None = None
    origin: Square | None = None
    target: Square | None = None
    #: Low obstacles a traced line crosses that give no cover, each with why (seed 004): the
    #: target stands more than 6 squares from it (``far``), or the attacker is nearer to it than
    #: the target is (``attacker_nearer``).
    ignored_low: tuple[tuple[Square, Literal["far", "attacker_nearer"]], ...] = ()
    #: Every low obstacle a traced line crosses at range, with its distances (the card's steps).
    low_walls: tuple[LowWall, ...] = ()


@dataclass(frozen=True)
class MissedFlank:
    """The line the rule drew between the centres of an attacker and an ally that both threaten
    the target, when it does not pass through two opposite sides: the sides it does meet."""

    ally: str
    start: Point
    end: Point
    met: tuple[SideName, ...]


@dataclass(frozen=True)
class Flank:
    """The line from the centre of one of the attacker's squares to the centre of an ally's space, through
    opposite sides."""

    ally: str
    start: Point
    end: Point
    sides: Literal["left_right", "top_bottom"]


@dataclass(frozen=True)
class Threat:
    """The squares of the map a creature threatens, and those its reach weapon cannot strike."""

    letter: str
    reach: int
    squares: frozenset[Square]
    #: With a reach weapon: the squares within its natural reach, which the weapon cannot strike.
    inner: frozenset[Square] = frozenset()
    #: Whether ``reach`` is a reach weapon's, twice the creature's natural reach.
    reach_weapon: bool = False


@dataclass(frozen=True)
class Figure:
    """A creature as the grid holds it: its letter, role, size and the block of squares it fills."""

    letter: str
    role: Role
    size: str
    space: Space
    #: The side of its own square, in grid squares: ½ for a Tiny creature, 1 up to Medium, 2 Large…
    side: Fraction


@dataclass(frozen=True)
class Provocation:
    """What one step of a move means for one enemy: it provokes an opportunity attack, or not and why."""

    enemy: str
    event: StepEvent
    provokes: bool
    #: Spared by cover: the lines from the enemy to the square left that gave it (``event == "cover"``).
    cover: Sighting | None = None


@dataclass(frozen=True)
class PathStep:
    """One square of a move: the space left, the space entered, and what it provoked."""

    start: Space
    end: Space
    provocations: tuple[Provocation, ...] = ()


@dataclass(frozen=True)
class BattleMap:
    """One grid and everything its rule looked at, for a picture of it."""

    width: int
    height: int
    walls: frozenset[Square]
    low: frozenset[Square]
    fog: frozenset[Square]
    figures: tuple[Figure, ...]
    #: ``melee`` or ``ranged`` for an attack; ``move`` for a move on the grid.
    kind: Literal["melee", "ranged", "move"]
    distance: int | None = None
    cover: Sighting | None = None
    #: Only when the map has fog (in squares or on sides): without it, concealment is not looked at.
    concealment: Sighting | None = None
    flank: Flank | None = None
    #: No flanking, though an ally threatens too: the line between its centre and a one-square attacker's.
    missed_flank: MissedFlank | None = None
    threats: tuple[Threat, ...] = ()
    path: tuple[PathStep, ...] = ()
    disengaged: bool = False
    #: Thin walls and curtains of mist on the sides between squares.
    wall_sides: frozenset[Side] = frozenset()
    fog_sides: frozenset[Side] = frozenset()
    #: What the attack applied where the example's situation changed the grid's verdict: the cover it
    #: grades (``improved``, ``partial``), a concealment it gives beyond the grid's (``total``…).
    graded_cover: str | None = None
    applied_concealment: str | None = None

    def figure(self, letter: str) -> Figure:
        return next(f for f in self.figures if f.letter == letter)
