"""The nouns of combat, as frozen pydantic models that refuse unknown keys.

Data keys are short English codes in both languages (``str``, ``dex``, ``def_phy``); French
names (FOR, SAG, Def PHY) belong to the renderers and the glossary.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.limits import MAX_EXTRA_DAMAGE
from rulecheck.engine.situation_model import Situation

Ability = Literal["str", "dex", "con", "int", "wis", "cha"]
Action = Literal["M", "A"]
AttackKind = Literal["melee", "ranged", "magic"]
Reaction = Literal["none", "dodge", "parry"]
Defence = Literal["def_phy", "def_mag"]

#: The ability a reaction test adds to 1d20 + level.
REACTION_ABILITY: dict[str, Ability] = {"dodge": "dex", "parry": "str"}


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


POSTURE_HINT = "write `[A]` (+1) or `[A, M]` (+2)"


def posture_problem(gives_up: tuple[str, ...]) -> str | None:
    """What is wrong with the actions a defensive posture gives up, if anything (ruling 7)."""
    if len(set(gives_up)) != len(gives_up):
        return "an action is listed twice in the posture"
    if gives_up and "A" not in gives_up:
        return "a defensive posture must give up the attack action (A); giving up only M is not allowed"
    return None


class Combatant(Model):
    """A character or creature: level, the six ability modifiers and the two defences.

    ``posture`` lists the actions given up this turn for a defensive posture: ``[A]`` (simple,
    +1 to both defences) or ``[A, M]`` (double, +2). ``fumble_threshold`` is this creature's
    critical failure threshold, for every d20 it rolls in combat (attack, dodge, parry).
    """

    name: str = Field("", max_length=80, description="Display name; may differ between languages.")
    level: int = Field(0, ge=0, le=30)
    strength: int = Field(0, alias="str", ge=-5, le=20)
    dexterity: int = Field(0, alias="dex", ge=-5, le=20)
    constitution: int = Field(0, alias="con", ge=-5, le=20)
    intelligence: int = Field(0, alias="int", ge=-5, le=20)
    wisdom: int = Field(0, alias="wis", ge=-5, le=20)
    charisma: int = Field(0, alias="cha", ge=-5, le=20)
    def_phy: int = Field(10, ge=0, le=60, description="Physical defence (Def PHY).")
    def_mag: int = Field(10, ge=0, le=60, description="Magical defence (Def MAG).")
    posture: tuple[Action, ...] = Field((), max_length=2, description="Actions given up for a defensive posture.")
    fumble_threshold: int = Field(
        1, ge=1, le=19,
        description="A natural d20 at or below this is a critical failure (1 unless raised for CHA; at most 19).",
    )

    @field_validator("posture")
    @classmethod
    def _posture_gives_up_attack(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        problem = posture_problem(value)
        if problem:
            raise ValueError(problem + (f". Hint: {POSTURE_HINT}" if "A" not in value else ""))
        return tuple(sorted(value))

    def ability(self, code: str) -> int:
        """The modifier of one ability, by its data code (``"str"``, ``"dex"``…)."""
        return int(getattr(self, _ABILITY_FIELDS[code]))

    @property
    def abilities(self) -> dict[str, int]:
        """Every ability modifier by code, as dice notation's ability terms need them."""
        return {code: self.ability(code) for code in _ABILITY_FIELDS}

    def posture_bonus(self) -> int:
        """What the defensive posture adds to both defences: one per action given up."""
        return len(self.posture)


_ABILITY_FIELDS = {
    "str": "strength", "dex": "dexterity", "con": "constitution",
    "int": "intelligence", "wis": "wisdom", "cha": "charisma",
}


class Attack(Model):
    """An attack as the attacker rolls it.

    Either ``total`` is given (the test is already rolled; ``natural`` is its d20 face when it
    matters), or the engine rolls 1d20 and adds ``bonus`` and, with ``ability``, the attacker's
    level and that ability.
    """

    kind: AttackKind = "melee"
    area: bool = Field(False, description="An area attack cannot be dodged or parried.")
    opportunity: bool = Field(False, description="An opportunity attack cannot be dodged or parried.")
    ability: Ability | None = Field(None, description="Adds the attacker's level and this ability.")
    bonus: int = Field(0, ge=-20, le=40)
    total: int | None = Field(None, ge=-20, le=80, description="The attack roll's total, when already rolled.")
    natural: int | None = Field(None, ge=1, le=20, description="The d20 face of a given total.")
    damage: DiceExpr | None = Field(None, description="The weapon's or capability's damage.")
    extra_damage: tuple[DiceExpr, ...] = Field(
        (), max_length=MAX_EXTRA_DAMAGE,
        description=f"Extra damage dice from capabilities (at most {MAX_EXTRA_DAMAGE}).")

    @model_validator(mode="after")
    def _total_or_roll(self) -> Attack:
        if self.total is None and self.natural is not None:
            raise ValueError("`natural` describes a given `total`; give the d20 in `dice.attack` instead")
        if self.total is not None and (self.bonus or self.ability):
            raise ValueError("give either `total` or `bonus`/`ability`, not both")
        return self

    @property
    def defence(self) -> Defence:
        """The defence this attack is compared to: Def MAG for a magical attack, else Def PHY."""
        return "def_mag" if self.kind == "magic" else "def_phy"


class Options(Model):
    """Optional rules and table settings."""

    progressive_damage: bool = Field(
        False, description="Progressive Damage Bonus (advanced rule): every hit adds max(0, attack − defence)."
    )


class AttackInput(Model):
    """Everything an attack resolution needs."""

    attacker: Combatant = Combatant()
    defender: Combatant = Combatant()
    attack: Attack
    reaction: Reaction = "none"
    reaction_lost: bool = Field(
        False, description="The defender's reaction in the previous round was a critical failure: "
                           "no dodge or parry this round."
    )
    contact: bool | None = Field(None, description="In melee contact; defaults to a melee attack.")
    options: Options = Options()
    situation: Situation | None = Field(
        None, description="Conditions, cover, concealment, positions on a grid, coup de grâce (modifiers page)."
    )

    @property
    def in_contact(self) -> bool:
        """Whether the fighters are in melee contact: ``contact`` if given, else a melee attack."""
        return self.attack.kind == "melee" if self.contact is None else self.contact

