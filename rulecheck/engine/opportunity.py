"""The ``opportunity`` rule: which creatures a move on the grid lets strike, before any die is rolled.

The creature ``A`` moves square by square along ``path``; every other creature drawn in small
letters (and ``D``) is an enemy of it, capital letters are its allies. A move provokes an
opportunity attack from an enemy that threatens the square the mover leaves, in three cases
(interpretation notes on the opportunity page):

- **leaving melee** (seed 002): the step takes the mover out of the enemy's reach, away from it,
  and the mover has not disengaged;
- **moving inside an extended reach** (seed 004): the enemy's natural reach is above 1 square and the
  step keeps the mover inside it, unless the whole move is a single 1-square step;
- **entering a square** (seed 004): a mover of reach 0 steps into the enemy's square to attack it.

Moving around a creature of reach 1 while staying next to it is none of these and provokes
nothing. Disengaging (it costs A) cancels every opportunity attack of the move. An enemy against
which the mover has cover, in the square it leaves, cannot make an opportunity attack. Each
enemy makes one opportunity attack at most.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, PrivateAttr, model_validator

from rulecheck.engine.battlefield import (
    ATTACKER,
    Battlefield,
    Layout,
    Placed,
    figures,
    layout,
    melee_cover,
    refuse_overfull,
    threat,
)
from rulecheck.engine.grid import Side, Space, distance, step_crosses
from rulecheck.engine.models import Model
from rulecheck.engine.sightlines import BattleMap, PathStep, Provocation, Role
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace
from rulecheck.errors import FieldProblem, FieldProblems, RuleError

Reason = Literal["leaves_reach", "moves_within_reach", "enters_square"]
#: The longest path a move may give, in squares (two movement actions of 10 squares each).
MAX_PATH = 20


class MoveField(Battlefield):
    """A battlefield where only the moving creature ``A`` must be drawn."""

    required: ClassVar[tuple[str, ...]] = (ATTACKER,)


class OpportunityInput(Model):
    """A grid, the squares the creature ``A`` moves through, and whether it disengaged first."""

    grid: MoveField
    path: tuple[tuple[int, int], ...] = Field(
        min_length=1, max_length=MAX_PATH,
        description="[column, row] of each square A steps into, in order (its top-left square when bigger).",
    )
    disengaged: bool = Field(False, description="A disengaged first (it costs A): the move provokes nothing.")

    @model_validator(mode="after")
    def _walkable(self) -> OpportunityInput:
        grid = layout(self.grid)
        mover = grid.creatures[ATTACKER]
        width, height = grid.width, grid.height
        here = mover.space
        wall_sides = dict.fromkeys(grid.wall_sides, 1)
        problems = []
        for index, (x, y) in enumerate(self.path):
            there = Space(x, y, here.side)
            wrong = _step_problem(grid, mover, here, there, width, height, wall_sides)
            if wrong:
                problems.append(FieldProblem(("path", index), f"[{x}, {y}] {wrong}"))
            here = there
        if problems:
            raise FieldProblems(problems)
        return self


def _step_problem(grid: Layout, mover: Placed, here: Space, there: Space, width: int, height: int,
                  wall_sides: dict[Side, int]) -> str | None:
    """What makes the step from ``here`` to ``there`` impossible, if anything."""
    if distance(here, there) != 1 or (here.x, here.y) == (there.x, there.y):
        return "is not next to the square before it; a path goes one square at a time"
    if step_crosses(here, there, wall_sides):
        return "takes A through a wall on the side of a square"
    for square in there.squares:
        if not (0 <= square.x < width and 0 <= square.y < height):
            return f"takes A off the map ({width}×{height} squares)"
        if square in grid.walls or square in grid.low:
            return "takes A onto an obstacle"
        if mover.size.space >= 1:
            for letter, other in grid.creatures.items():
                if letter != ATTACKER and square in other.space and other.size.space >= 1:
                    return (f"takes A into the square of `{letter}`; only a creature smaller than a square "
                            "can enter another creature's square")
    return None


class OpportunityResult(Model):
    """Who may strike the moving creature."""

    provokes: bool
    opportunity_attacks: int
    opportunity_from: tuple[str, ...] = Field(description="The letters of the enemies that may strike, in order.")
    single_step: bool = Field(description="The whole move is one square.")
    trace: Trace
    _battle_map: BattleMap | None = PrivateAttr(None)

    @property
    def battle_map(self) -> BattleMap | None:
        """The grid, the enemies' reach and the path square by square, as the rule walked it."""
        return self._battle_map


def provocation(enemy: Placed, start: Space, end: Space, mover: Placed, single_step: bool) -> Reason | None:
    """Why stepping from ``start`` to ``end`` lets ``enemy`` strike the mover, if it does."""
    if not enemy.threatens_space(start):
        return None
    before, after = distance(enemy.space, start), distance(enemy.space, end)
    if mover.size.reach == 0 and after == 0 < before:
        return "enters_square"
    if not enemy.threatens_space(end):
        return "leaves_reach" if after > before else None
    if enemy.size.reach > 1 and not single_step:
        return "moves_within_reach"
    return None


def move_role(letter: str) -> Role:
    """A move's creatures: ``A`` moves, small letters and ``D`` are its enemies, capitals its allies."""
    if letter == ATTACKER:
        return "mover"
    return "enemy" if not letter.isupper() or letter == "D" else "ally"


def resolve_opportunity(given: OpportunityInput, dice: DiceSource) -> OpportunityResult:
    """Walk the path and list the enemies that may make an opportunity attack; no dice are rolled."""
    grid = layout(given.grid)
    refuse_overfull(grid.overfull, "grid")
    mover = grid.creatures[ATTACKER]
    enemies = {letter: c for letter, c in sorted(grid.creatures.items()) if move_role(letter) == "enemy"}
    single_step = len(given.path) == 1
    steps: list[Step] = []
    walked: list[PathStep] = []
    found: list[str] = []
    here = mover.space
    for x, y in given.path:
        there = Space(x, y, here.side)
        met: list[Provocation] = []
        for letter, enemy in enemies.items():
            if letter in found or given.disengaged:
                continue
            reason = provocation(enemy, here, there, mover, single_step)
            if reason is None:
                if enemy.size.reach > 1 and single_step and enemy.threatens_space(here) \
                        and enemy.threatens_space(there):
                    steps.append(_step("single_step", letter, enemy, here, "spared_by_single_step"))
                    met.append(Provocation(letter, "single_step", provokes=False))
                continue
            standing = Placed(ATTACKER, here, mover.size, mover.reach_weapon)
            cover = melee_cover(grid, enemy, standing)
            if cover.verdict != "none":
                steps.append(_step("cover", letter, enemy, here, "spared_by_cover"))
                met.append(Provocation(letter, "cover", provokes=False, cover=cover))
                continue
            found.append(letter)
            steps.append(_step(reason, letter, enemy, here, "provokes", there))
            met.append(Provocation(letter, reason, provokes=True))
        walked.append(PathStep(here, there, tuple(met)))
        here = there
    if given.disengaged:
        if not any(e.threatens(mover) for e in enemies.values()):
            raise RuleError("A disengages, but no enemy threatens its starting square",
                            field=("given", "disengaged"), hint="disengage only from melee contact",
                            code="disengage_without_contact")
        steps.append(Step(anchor="disengage", event="opportunity.disengaged", verdict="no_opportunity"))
    elif not steps:
        # Nothing provoked: either no enemy reaches any square of the walk, or the walk stays in
        # (or only enters) the reach of those that do, which is not the same thing to a player.
        squares = [mover.space, *(step.end for step in walked)]
        threatened = any(enemy.threatens_space(square) for enemy in enemies.values() for square in squares)
        steps.append(Step(anchor="opportunity-approach", event="opportunity.none.within_reach" if threatened
                          else "opportunity.none", value=len(given.path), verdict="no_opportunity"))
    result = OpportunityResult(provokes=bool(found), opportunity_attacks=len(found), opportunity_from=tuple(found),
                               single_step=single_step, trace=tuple(steps))
    result._battle_map = BattleMap(
        width=grid.width, height=grid.height, walls=grid.walls, low=grid.low, fog=grid.fog,
        wall_sides=grid.wall_sides, fog_sides=grid.fog_sides,
        figures=figures(grid, move_role), kind="move",
        threats=tuple(t for t in (threat(e, grid) for e in enemies.values()) if t is not None),
        path=tuple(walked), disengaged=given.disengaged,
    )
    return result


_ANCHORS = {"leaves_reach": "opportunity-attack", "moves_within_reach": "opportunity-approach",
            "enters_square": "opportunity-reach-zero", "single_step": "opportunity-approach",
            "cover": "opportunity-approach"}


def _step(event: str, letter: str, enemy: Placed, start: Space, verdict: str, end: Space | None = None) -> Step:
    """``Moves inside an extended reach: 2 (o) ≤ 2 (reach) → provokes``: the distance to the enemy
    from the square left; for a step out of the reach, the distance after it (``3 (o) > 2 (reach)``:
    "2 ≤ 2 → provokes" read as if being in reach provoked)."""
    if event == "leaves_reach" and end is not None:
        after = distance(enemy.space, end)
        return Step(anchor=_ANCHORS[event], event=f"opportunity.{event}",
                    terms=(Term(value=after, label=f"after.{letter}"),), value=after,
                    op=">", against=enemy.reach, against_label=f"reach.{letter}", verdict=verdict)
    apart = distance(enemy.space, start)
    return Step(anchor=_ANCHORS[event], event=f"opportunity.{event}",
                terms=(Term(value=apart, label=f"creature.{letter}"),), value=apart,
                op="<=", against=enemy.reach, against_label=f"reach.{letter}", verdict=verdict)
