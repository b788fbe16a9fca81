"""The situation around an attack, as an example gives it: conditions, cover, concealment, positions.

Only the input model and its vocabulary live here, so that :mod:`rulecheck.engine.models` (which
holds a :class:`Situation` in :class:`~rulecheck.engine.models.AttackInput`) and
:mod:`rulecheck.engine.situation` (which applies it to an attack input) both import it, and neither
imports the other's importer.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulecheck.engine.battlefield import Battlefield
from rulecheck.engine.limits import MAX_CONDITIONS, MAX_MODIFIERS
from rulecheck.engine.modifiers import Modifier

AttackerCondition = Literal[
    "dazzled", "entangled", "flanking", "invisible", "higher_ground", "prone", "shaken", "frightened", "squeezing"
]
DefenderCondition = Literal[
    "blinded", "invisible", "cowering", "entangled", "flat_footed", "grappled", "helpless", "kneeling", "sitting",
    "pinned", "prone", "squeezing", "stunned",
]
CoverDegree = Literal["none", "partial", "normal", "improved", "soft", "total"]
ConcealmentDegree = Literal["none", "concealment", "total"]
Weapon = Literal["other", "bow", "crossbow", "shuriken"]

#: Defender conditions that leave no dodge or parry: a helpless creature, "unable to protect
#: itself". The table's other rows (stunned, cowering, pinned) change the defence, not the
#: reaction, as blinded does (a reading: the rules name no other).
CANNOT_ACT: frozenset[str] = frozenset({"helpless"})
#: The conditions that hold a defender in place: a dodge, which moves out of the blow's way, is out of
#: its reach, a parry is not (a reading: seed 004's « immobilisé »).
CANNOT_DODGE: frozenset[str] = frozenset({"pinned"})
#: The body positions a defender may be in; one at a time.
STANCES: frozenset[str] = frozenset({"kneeling", "sitting", "prone"})
#: Cover degrees a GM may give to grade the cover that the grid finds.
GRADES: frozenset[str] = frozenset({"partial", "improved"})


class Situation(BaseModel):
    """Conditions, cover, concealment and positions around one attack."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    attacker: tuple[AttackerCondition, ...] = Field((), max_length=MAX_CONDITIONS,
                                                    description="The attacker's situation (table rows).")
    defender: tuple[DefenderCondition, ...] = Field((), max_length=MAX_CONDITIONS,
                                                    description="The defender's situation (table rows).")
    cover: CoverDegree | None = Field(None, description="The defender's cover; with a grid, `partial` or "
                                                        "`improved` grades the cover the grid finds.")
    concealment: ConcealmentDegree | None = Field(None, description="20% or 50% miss chance.")
    weapon: Weapon = Field("other", description="Where it matters: bow, crossbow, shuriken or other.")
    attacker_grappled: bool = Field(False, description="The attacker is grappled too: a grappled defender "
                                                       "keeps its DEX.")
    defender_surprised: bool = Field(False, description="The defender was caught by surprise and this is the "
                                                        "first round: flat-footed, it may dodge or parry but not "
                                                        "counter-attack.")
    coup_de_grace: bool = Field(False, description="A coup de grâce on a helpless defender.")
    immune_to_criticals: bool = Field(False, description="The defender is immune to critical hits "
                                                         "(no coup de grâce).")
    grid: Battlefield | None = Field(None, description="Positions: reach, cover, concealment, flanking.")
    modifiers: tuple[Modifier, ...] = Field((), max_length=MAX_MODIFIERS,
                                            description="Other modifiers (a spell, the GM's call).")

    @model_validator(mode="after")
    def _consistent(self) -> Situation:
        for side in ("attacker", "defender"):
            listed: tuple[str, ...] = getattr(self, side)
            twice = sorted({c for c in listed if listed.count(c) > 1})
            if twice:
                raise ValueError(f"{side}: `{twice[0]}` is listed twice")
        if self.defender_surprised and "flat_footed" in self.defender:
            raise ValueError("defender: `defender_surprised` already makes the defender flat-footed; "
                             "remove `flat_footed`")
        stances = [c for c in self.defender if c in STANCES]
        if len(stances) > 1:
            raise ValueError(f"defender: `{stances[0]}` and `{stances[1]}` are two body positions; keep one")
        if self.grid is not None:
            if "flanking" in self.attacker:
                raise ValueError("attacker: flanking comes from the grid's positions; remove `flanking`")
            if self.cover is not None and self.cover not in GRADES:
                raise ValueError(f"cover: `{self.cover}` contradicts the grid, which finds the cover itself; "
                                 "with a grid, `cover` only grades it (`partial` or `improved`)")
        return self
