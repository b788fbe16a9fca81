"""Rests: the short rest (about two hours, HP or MP) and the long rest (a full night).

Rulings (see the interpretation notes on the rests page):

- The rules give no amount for either rest (ruling 15): what comes back is an input of the
  example, ``regain`` (the GM's or a capability's number), never a value the engine makes up.
  The engine checks what the rules do say: a pool never goes over its maximum, and a short rest
  recovers HP or MP, never both; asking for both is a refusal of the rules (code
  ``short_rest_both``) that an example can show. Short rests are not limited in number.
- A long rest has no such choice: it may give back HP, MP or both.
- No dice are rolled.
- A stabilised character rests from their HP below zero, which the rules write down and say nothing
  of resetting (a reading): the HP given back count up from there.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rulecheck.engine.models import Model
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace
from rulecheck.errors import refuse

RestKind = Literal["short", "long"]
Pool = Literal["hp", "mp"]
POOLS: tuple[Pool, ...] = ("hp", "mp")
SHORT_REST_HOURS = 2


class Resting(Model):
    """The resting character's current and maximum HP (PV) and MP (PM)."""

    name: str = Field("", max_length=80, description="Display name.")
    hp: int = Field(ge=-10_000, le=10_000,
                    description="Current HP (PV); below zero for a stabilised character, who rests from there.")
    hp_max: int = Field(ge=1, le=10_000)
    mp: int = Field(0, ge=0, le=10_000, description="Current MP (PM).")
    mp_max: int = Field(0, ge=0, le=10_000)

    @model_validator(mode="after")
    def _within_maximum(self) -> Resting:
        for pool in ("hp", "mp"):
            current, maximum = getattr(self, pool), getattr(self, f"{pool}_max")
            if current > maximum:
                raise ValueError(f"`{pool}` ({current}) is above `{pool}_max` ({maximum})")
        return self


class Regain(Model):
    """What the rest gives back, pool by pool: numbers the rules leave to the table."""

    hp: int | None = Field(None, ge=0, le=10_000, description="HP (PV) the rest gives back.")
    mp: int | None = Field(None, ge=0, le=10_000, description="MP (PM) the rest gives back.")

    @property
    def pools(self) -> tuple[Pool, ...]:
        """The pools given an amount, HP first."""
        return tuple(pool for pool in POOLS if getattr(self, pool) is not None)


class RestInput(Model):
    """A rest: ``kind`` short or long, and what it gives back (``regain``)."""

    character: Resting
    kind: RestKind
    regain: Regain = Field(description="The HP and/or MP the rest gives back; a short rest names one pool only.")

    @model_validator(mode="after")
    def _names_a_pool(self) -> RestInput:
        if not self.regain.pools:
            raise ValueError("the rules give no amount for a rest: say what it gives back, "
                             "such as `regain: {hp: 8}` or `regain: {mp: 3}`")
        return self


class RestResult(Model):
    """The HP and MP after the rest, and how much of each came back."""

    kind: RestKind
    recovered: Literal["hp", "mp", "both"] = Field(description="The pools the rest gave back to.")
    hp: int
    mp: int
    hp_recovered: int
    mp_recovered: int
    hours: int | None = Field(description="About 2 for a short rest; a full night (not counted) for a long one.")
    trace: Trace


def resolve_rest(given: RestInput, dice: DiceSource) -> RestResult:
    """Give back the ``regain`` amounts, each capped at its pool's maximum. Rolls no dice."""
    character = given.character
    pools = given.regain.pools
    if given.kind == "short" and len(pools) > 1:
        raise refuse(
            "a short rest recovers HP or MP, never both", "regain",
            hint="keep only `hp` or only `mp` in `regain` (a long rest may give back both)", code="short_rest_both",
        )
    steps: list[Step] = []
    gained = {"hp": 0, "mp": 0}
    for pool in pools:
        current, maximum = getattr(character, pool), getattr(character, f"{pool}_max")
        amount = getattr(given.regain, pool)
        raw = current + amount
        capped = raw > maximum
        steps.append(Step(anchor=f"{given.kind}-rest", event=f"rest.{given.kind}.{pool}",
                          terms=(Term(value=current, label=pool), Term(value=amount, label=f"{given.kind}_rest")),
                          value=raw, op=">" if capped else "<=", against=maximum, against_label=f"{pool}_max",
                          verdict="capped" if capped else None))
        gained[pool] = min(raw, maximum) - current
    return RestResult(
        kind=given.kind,
        recovered="both" if len(pools) > 1 else pools[0],
        hp=character.hp + gained["hp"],
        mp=character.mp + gained["mp"],
        hp_recovered=gained["hp"],
        mp_recovered=gained["mp"],
        hours=SHORT_REST_HOURS if given.kind == "short" else None,
        trace=tuple(steps),
    )
