"""Rests: the short rest (about two hours, HP or MP) and the long rest (a full night).

Rulings (see the interpretation notes on the rests page):

- A short rest recovers half the chosen pool's maximum, rounded up, never above the maximum.
  The character chooses HP or MP, never both; asking for both (`both`, or both pools listed) is
  a refusal of the rules (code ``short_rest_both``) that an example can show. Short rests are not
  limited in number.
- A long rest restores HP and MP to their maximum.
- No dice are rolled.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from rulecheck.engine.models import Model
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace
from rulecheck.errors import refuse

RestKind = Literal["short", "long"]
Pool = Literal["hp", "mp"]
Choice = Literal["hp", "mp", "both"]
SHORT_REST_HOURS = 2


class Resting(Model):
    """The resting character's current and maximum HP (PV) and MP (PM)."""

    name: str = Field("", max_length=80, description="Display name.")
    hp: int = Field(ge=0, le=10_000, description="Current HP (PV); a stabilised character rests from 0.")
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


class RestInput(Model):
    """A rest: ``kind`` short or long; a short rest names the one pool it recovers."""

    character: Resting
    kind: RestKind
    recover: Choice | None = Field(
        None, description="Short rest only: `hp` or `mp`; `both` is refused by the rules (an example may show it).")

    @field_validator("recover", mode="before")
    @classmethod
    def _one_word(cls, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            return value
        if not all(isinstance(item, str) for item in value):
            raise ValueError("`recover` is `hp` or `mp`")
        chosen = list(dict.fromkeys(value))
        return "both" if len(chosen) > 1 else chosen[0] if chosen else value

    @model_validator(mode="after")
    def _recover_matches_kind(self) -> RestInput:
        if self.kind == "short" and self.recover is None:
            raise ValueError("a short rest recovers HP or MP: add `recover: hp` or `recover: mp`")
        if self.kind == "long" and self.recover is not None:
            raise ValueError("a long rest restores both HP and MP: remove `recover`")
        return self


class RestResult(Model):
    """The HP and MP after the rest, and how much of each came back."""

    kind: RestKind
    recovered: Literal["hp", "mp", "both"]
    hp: int
    mp: int
    hp_recovered: int
    mp_recovered: int
    hours: int | None = Field(description="About 2 for a short rest; a full night (not counted) for a long one.")
    trace: Trace


def short_rest_amount(maximum: int) -> int:
    """What a short rest gives back to one pool: half its maximum, rounded up."""
    return (maximum + 1) // 2


def resolve_rest(given: RestInput, dice: DiceSource) -> RestResult:
    """Recover HP or MP (short rest) or both (long rest). Rolls no dice."""
    character = given.character
    if given.recover == "both":
        raise refuse(
            "a short rest recovers HP or MP, never both", "recover",
            hint="choose `recover: hp` or `recover: mp` (a long rest restores both)", code="short_rest_both",
        )
    steps: list[Step] = []
    gained = {"hp": 0, "mp": 0}
    pools: tuple[Pool, ...] = ("hp", "mp") if given.kind == "long" else ("mp",) if given.recover == "mp" else ("hp",)
    for pool in pools:
        current, maximum = getattr(character, pool), getattr(character, f"{pool}_max")
        if given.kind == "long":
            gained[pool] = maximum - current
            steps.append(Step(anchor="long-rest", event=f"rest.long.{pool}",
                              terms=(Term(value=current, label=pool), Term(value=gained[pool], label="long_rest")),
                              value=maximum, verdict="full"))
            continue
        amount = short_rest_amount(maximum)
        steps.append(Step(anchor="short-rest", event=f"rest.short.half.{pool}", value=amount))
        raw = current + amount
        capped = raw > maximum
        steps.append(Step(anchor="short-rest", event=f"rest.short.{pool}",
                          terms=(Term(value=current, label=pool), Term(value=amount, label="short_rest")),
                          value=raw, op=">" if capped else "<=", against=maximum, against_label=f"{pool}_max",
                          verdict="capped" if capped else None))
        gained[pool] = min(raw, maximum) - current
    return RestResult(
        kind=given.kind,
        recovered="both" if given.kind == "long" else pools[0],
        hp=character.hp + gained["hp"],
        mp=character.mp + gained["mp"],
        hp_recovered=gained["hp"],
        mp_recovered=gained["mp"],
        hours=SHORT_REST_HOURS if given.kind == "short" else None,
        trace=tuple(steps),
    )
