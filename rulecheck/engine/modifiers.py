"""Typed combat modifiers, the one stacking rule, and the modifier tables as data.

A :class:`Modifier` changes either the attack test's total (``target="attack"``) or the defence
it is compared to (``target="defence"``: Def PHY, or Def MAG for a magical attack). It has a
``kind`` (cover, stance, condition, flanking…), a ``source`` (the condition or thing that grants
it), a value, and the attacks it applies to (melee, ranged or both). The kind ``stance`` is the
body's position (prone, kneeling, sitting); it is not the defensive posture, which the attack
resolution adds on its own.

Stacking, decided once in :func:`stack` (DESIGN ruling 10: the Pathfinder meaning of the table):

1. A modifier counts only for its target and for the attack's column (melee or ranged).
2. Within one kind, bonuses do not add up: only the highest bonus applies.
3. Penalties add up, whatever their kind: dazzled (−1) and shaken (−2) give −3.
4. Only the same source twice does not add up: of two penalties from one source (the same
   condition given twice, shaken and frightened, which are one row), the worst applies.
5. A bonus and a penalty both apply; a modifier of 0 changes nothing. Different kinds add up.

The tables (attacker's situation, defender's situation, cover, concealment) are engine data:
the site's tables are checked cell by cell against them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Column = Literal["melee", "ranged"]
Target = Literal["attack", "defence"]
ModifierKind = Literal[
    "cover", "stance", "condition", "flanking", "height", "squeezing", "dex", "size", "circumstance"
]
#: A footnote of the tables, modelled by the situation rules rather than dropped.
Footnote = Literal["dex_penalty", "defender_loses_dex", "crossbow_shuriken", "loses_dex", "dex_zero", "beyond_adjacent"]
#: What a table cell says when it is not a number.
CellWord = Literal["n/a", "impossible", "total_concealment"]

#: The entangled creature's Dexterity penalty, on our DEX value (a −4 on a score is −2 on a modifier).
ENTANGLED_DEX = -2
#: The DEX a helpless or pinned defender counts in its Def PHY.
DEX_AT_ZERO = -5
#: A ranged weapon that a prone attacker may still use, without penalty.
PRONE_RANGED_WEAPONS: frozenset[str] = frozenset({"crossbow", "shuriken"})


class Modifier(BaseModel):
    """A bonus (positive) or penalty (negative) to the attack total or to the defence."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: ModifierKind = Field(description="Bonuses of one kind do not stack (the highest applies); "
                                           "penalties add up unless they share a source.")
    source: str = Field(pattern=r"^[a-z][a-z0-9_.-]{0,40}$", description="What grants it, as a key (`attacker.prone`).")
    target: Target = Field(description="`attack` (the attack roll's total) or `defence`.")
    value: int = Field(ge=-20, le=20)
    melee: bool = Field(True, description="Applies to melee attacks.")
    ranged: bool = Field(True, description="Applies to ranged attacks.")

    def applies(self, target: Target, column: Column) -> bool:
        """Whether this modifier counts for ``target`` (attack or defence) in this column."""
        return self.target == target and (self.melee if column == "melee" else self.ranged)


@dataclass(frozen=True)
class Stacked:
    """The outcome of stacking: what applies, what is outdone (a same-kind bonus, a same-source penalty), the sum."""

    applied: tuple[Modifier, ...]
    ignored: tuple[Modifier, ...]

    @property
    def total(self) -> int:
        """The sum of the modifiers that apply."""
        return sum(m.value for m in self.applied)


def stack(modifiers: Iterable[Modifier], target: Target, column: Column) -> Stacked:
    """Apply the stacking rule (see the module docstring) to the modifiers of one target.

    The order of ``modifiers`` is kept; between two equal bonuses of a kind, or two equal
    penalties of a source, the first applies.
    """
    relevant = [m for m in modifiers if m.applies(target, column) and m.value != 0]
    best_bonus: dict[str, int] = {}
    worst_penalty: dict[str, int] = {}
    for index, modifier in enumerate(relevant):
        chosen, key = (best_bonus, modifier.kind) if modifier.value > 0 else (worst_penalty, modifier.source)
        current = chosen.get(key)
        if current is None or abs(modifier.value) > abs(relevant[current].value):
            chosen[key] = index
    keep = set(best_bonus.values()) | set(worst_penalty.values())
    return Stacked(
        applied=tuple(m for i, m in enumerate(relevant) if i in keep),
        ignored=tuple(m for i, m in enumerate(relevant) if i not in keep),
    )


@dataclass(frozen=True)
class Cell:
    """One cell of a modifier table: a number or a word, with its footnotes."""

    value: int | CellWord
    footnotes: tuple[Footnote, ...] = ()


@dataclass(frozen=True)
class Row:
    """One row of a modifier table: the situation ``key`` (and its synonyms), its kind, two cells."""

    key: str
    kind: ModifierKind
    melee: Cell
    ranged: Cell
    synonyms: tuple[str, ...] = ()

    def cell(self, column: Column) -> Cell:
        return self.melee if column == "melee" else self.ranged

    @property
    def footnotes(self) -> frozenset[Footnote]:
        return frozenset(self.melee.footnotes + self.ranged.footnotes)


def _both(value: int | CellWord, *footnotes: Footnote) -> tuple[Cell, Cell]:
    return Cell(value, footnotes), Cell(value, footnotes)


#: The attacker's situation: modifiers to the attack test's total.
ATTACKER_ROWS: tuple[Row, ...] = (
    Row("dazzled", "condition", *_both(-1)),
    Row("entangled", "condition", *_both(-2, "dex_penalty")),
    Row("flanking", "flanking", Cell(2), Cell("n/a")),
    Row("invisible", "condition", *_both(2, "defender_loses_dex")),
    Row("higher_ground", "height", Cell(1), Cell(0)),
    Row("prone", "stance", Cell(-4), Cell("impossible", ("crossbow_shuriken",))),
    Row("shaken", "condition", *_both(-2), synonyms=("frightened",)),
    Row("squeezing", "squeezing", *_both(-4)),
)

#: Cover degrees: modifiers to the defence (``impossible``: the target cannot be attacked).
COVER_ROWS: tuple[Row, ...] = (
    Row("partial", "cover", *_both(2)),
    Row("normal", "cover", *_both(4)),
    Row("improved", "cover", *_both(8)),
    # In melee, only a reach attack beyond adjacent squares, which uses the ranged rule (seed 004).
    Row("soft", "cover", Cell(4, ("beyond_adjacent",)), Cell(4)),
    Row("total", "cover", *_both("impossible")),
)

_NORMAL_COVER = COVER_ROWS[1]

#: The defender's situation: modifiers to the defence the attack is compared to.
DEFENDER_ROWS: tuple[Row, ...] = (
    Row("cover", "cover", _NORMAL_COVER.melee, _NORMAL_COVER.ranged),
    Row("blinded", "condition", *_both(-2, "loses_dex")),
    Row("invisible", "condition", *_both("total_concealment")),
    Row("cowering", "condition", *_both(-2, "loses_dex")),
    Row("entangled", "condition", *_both(0, "dex_penalty")),
    Row("flat_footed", "condition", *_both(0, "loses_dex")),
    Row("grappled", "condition", *_both(0, "loses_dex")),
    Row("helpless", "condition", Cell(-4, ("dex_zero",)), Cell(0, ("dex_zero",))),
    Row("kneeling", "stance", Cell(-2), Cell(2), synonyms=("sitting",)),
    Row("pinned", "condition", Cell(-4, ("dex_zero",)), Cell(0, ("dex_zero",))),
    Row("prone", "stance", Cell(-4), Cell(4)),
    Row("squeezing", "squeezing", *_both(-4)),
    Row("stunned", "condition", *_both(-2, "loses_dex")),
)

#: Concealment degrees and their miss chance, in percent.
CONCEALMENT: dict[str, int] = {"none": 0, "concealment": 20, "total": 50}


def by_key(rows: Iterable[Row]) -> dict[str, Row]:
    """Rows by key and by synonym."""
    found: dict[str, Row] = {}
    for row in rows:
        for key in (row.key, *row.synonyms):
            found[key] = row
    return found


ATTACKER: dict[str, Row] = by_key(ATTACKER_ROWS)
DEFENDER: dict[str, Row] = by_key(DEFENDER_ROWS)
COVER: dict[str, Row] = by_key(COVER_ROWS)
