"""The ``positions`` rule: what positions on a grid decide, before any die is rolled.

Distance and reach, cover, concealment and flanking, for a melee or a ranged attack of the
attacker ``A`` on the defender ``D``; the same geometry the attack rule uses with a ``grid``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PrivateAttr

from rulecheck.engine.battlefield import Battlefield, GridConcealment, GridCover, assess, assessment_steps
from rulecheck.engine.models import Model
from rulecheck.engine.sightlines import BattleMap
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Trace


class PositionsInput(Model):
    """A grid and the kind of attack the attacker would make."""

    grid: Battlefield
    attack: Literal["melee", "ranged"] = Field("melee", description="Melee or ranged attack of A on D.")


class PositionsResult(Model):
    """What the positions decide."""

    distance: int
    reach: int
    in_reach: bool | None = Field(description="Whether a melee attack reaches; null for a ranged attack.")
    cover: GridCover
    concealment: GridConcealment
    flanking: bool | None = Field(description="Whether the defender is flanked; null for a ranged attack.")
    flanking_ally: str | None
    trace: Trace
    _battle_map: BattleMap | None = PrivateAttr(None)

    @property
    def battle_map(self) -> BattleMap | None:
        """The lines, corner, flanking line and reach that decided the above."""
        return self._battle_map


def resolve_positions(given: PositionsInput, dice: DiceSource) -> PositionsResult:
    """Assess the grid; no dice are rolled. Reach and flanking concern melee attacks only."""
    melee = given.attack == "melee"
    found = assess(given.grid, melee, "grid")
    result = PositionsResult(
        distance=found.distance,
        reach=found.reach,
        in_reach=found.in_reach if melee else None,
        cover=found.cover,
        concealment=found.concealment,
        flanking=found.flanking if melee else None,
        flanking_ally=found.flanking_ally if melee else None,
        trace=tuple(assessment_steps(found, melee=melee)),
    )
    result._battle_map = found.battle_map
    return result
