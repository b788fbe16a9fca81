"""Unconsciousness, dying, stabilisation and death.

Rulings (see the interpretation notes on the dying page):

- On each of its turns, an unconscious character that nobody has stabilised rolls its hit dice
  and adds the roll to its points below zero; that total only grows.
- It dies when the total is strictly greater than twice its hit dice's maximum (ruling 9: a
  priest with 2d4 survives at 16 and dies at 17). A character that falls already beyond that
  threshold is dead at once (turn 0).
- Another character may spend an action on a Healing test (Soin, WIS): 1d20 + WIS against a difficulty
  set by the GM; a natural 1 fails, a natural 20 is a total like any other, ties succeed. Attempts listed for a
  turn are rolled in order *before* that turn's hit dice: the first success stabilises the
  character and no hit dice are rolled that turn or after.
"""

from __future__ import annotations

from pydantic import Field, ValidationInfo, field_validator

from rulecheck.engine.ability_checks import ability_check
from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.models import Model
from rulecheck.engine.rolling import roll_terms, verdict_classes
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace
from rulecheck.errors import refuse

MAX_TURNS = 50
#: The key of a stabilisation attempt's healer in its step (``healer.1`` for the first attempt).
HEALER = "healer"


class Stabilisation(Model):
    """One attempt to stabilise the dying character: a healer's Healing test (Soin, WIS) on a turn."""

    turn: int = Field(ge=1, le=MAX_TURNS, description="The turn of the attempt, from 1.")
    name: str = Field("", max_length=80, description="The healer's display name.")
    wis: int = Field(0, ge=-5, le=20, description="The healer's WIS (SAG) modifier.")
    dc: int = Field(ge=1, le=40, description="The difficulty the GM sets for the Healing test.")
    fumble_threshold: int = Field(
        1, ge=1, le=19, description="The healer's critical failure threshold (a combat action's d20; at most 19)."
    )


class DyingInput(Model):
    """An unconscious character's state and the turns to resolve."""

    name: str = Field("", max_length=80, description="The dying character's display name.")
    hit_dice: DiceExpr = Field(description="The class's hit dice, dice only, e.g. `2d4`.")
    below_zero: int = Field(0, ge=0, le=1000, description="Points below zero at the start.")
    turns: int = Field(1, ge=1, le=MAX_TURNS, description="How many turns to resolve.")
    stabilise: tuple[Stabilisation, ...] = Field(
        (), max_length=MAX_TURNS * 4, description="Stabilisation attempts, in the order they are made."
    )

    @field_validator("hit_dice")
    @classmethod
    def _dice_only(cls, value: DiceExpr) -> DiceExpr:
        if len(value.dice) != len(value.terms) or any(term.sign < 0 for term in value.dice):
            raise ValueError(
                f"hit dice are dice only, added together, such as `2d4` or `1d8`; got `{value}`"
            )
        return value

    @field_validator("stabilise")
    @classmethod
    def _attempts_within_turns(
        cls, value: tuple[Stabilisation, ...], info: ValidationInfo
    ) -> tuple[Stabilisation, ...]:
        turns = info.data.get("turns", MAX_TURNS)
        for index, attempt in enumerate(value):
            if attempt.turn > turns:
                raise ValueError(
                    f"attempt {index + 1} is on turn {attempt.turn}, but only {turns} "
                    f"turn{'s are' if turns > 1 else ' is'} resolved; raise `turns` or move the attempt"
                )
        if [a.turn for a in value] != sorted(a.turn for a in value):
            raise ValueError("list the stabilisation attempts in turn order")
        return value


class DyingResult(Model):
    """Where the dying character stands after the resolved turns."""

    death_threshold: int = Field(description="Twice the hit dice's maximum; death above it.")
    below_zero: int = Field(description="Points below zero at the end.")
    rolls: tuple[int, ...] = Field(description="The hit dice total rolled on each turn, in order.")
    dead: bool
    death_turn: int | None = Field(description="The turn of death (0: dead on falling).")
    stabilised: bool
    stabilised_turn: int | None
    stabilise_rolls: int = Field(description="How many Healing tests were rolled.")
    trace: Trace


def death_threshold(hit_dice: DiceExpr) -> int:
    """Twice the hit dice's maximum: the highest total below zero a character survives."""
    return 2 * hit_dice.maximum()


def healing_test_classes(given: DyingInput) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each Healing test, in the order they are rolled, the d20 faces that fail it and those
    that pass: the result keeps only whether each passed (and the trace, its face).

    The n-th ``stabilise`` roll is always the n-th attempt: attempts are listed in turn order and
    rolled in that order, each only after every earlier one has failed.
    """
    return tuple(verdict_classes(attempt.wis, attempt.dc, attempt.fumble_threshold) for attempt in given.stabilise)


def _one_attempt_per_healer_and_turn(attempts: tuple[Stabilisation, ...]) -> None:
    """Each turn, a character may spend an action to try (seed 002): a healer named twice in one
    turn is refused. Unnamed attempts are told apart by nothing, so each counts as a healer of
    its own."""
    seen: dict[tuple[int, str], int] = {}
    for index, attempt in enumerate(attempts):
        if not attempt.name:
            continue
        first = seen.setdefault((attempt.turn, attempt.name), index)
        if first != index:
            raise refuse(
                f"{attempt.name} tries to stabilise twice on turn {attempt.turn} (attempts {first + 1} and "
                f"{index + 1}): each character makes one attempt a turn, with its action",
                "stabilise", index, "name", code="stabilise_twice",
                hint="move the second attempt to a later turn, or give it to another healer",
                params={"name": attempt.name, "turn": attempt.turn},
            )


def resolve_dying(given: DyingInput, dice: DiceSource) -> DyingResult:
    """Resolve ``given.turns`` turns. Dice labels: ``stabilise`` (d20), ``hit_dice``."""
    _one_attempt_per_healer_and_turn(given.stabilise)
    threshold = death_threshold(given.hit_dice)
    maximum = given.hit_dice.maximum()
    steps: list[Step] = [
        Step(
            anchor="death-threshold",
            event="dying.threshold",
            terms=(Term(value=maximum, label=f"max:{given.hit_dice}"),) * 2,
            value=threshold,
        )
    ]
    total = given.below_zero
    dead = total > threshold
    steps.append(_against_threshold("dying.start", "unconscious", total, threshold, dead))
    death_turn: int | None = 0 if dead else None
    stabilised_turn: int | None = None
    rolls: list[int] = []
    stabilise_rolls = 0

    for turn in range(1, given.turns + 1):
        if dead or stabilised_turn is not None:
            break
        steps.append(Step(anchor="dying-roll", event="dying.turn", value=turn))
        for number, attempt in enumerate(given.stabilise, start=1):
            if attempt.turn != turn:
                continue
            check = ability_check(
                dice, label="stabilise", ability="wis", modifier=attempt.wis, dc=attempt.dc,
                anchor="stabilisation", event="dying.stabilise", verdicts=("stabilised", "not_stabilised"),
                fumble_threshold=attempt.fumble_threshold, actor=f"{HEALER}.{number}",
            )
            stabilise_rolls += 1
            steps.append(check.step)
            if check.success:
                stabilised_turn = turn
                break
        if stabilised_turn is not None:
            break
        terms = roll_terms(given.hit_dice, dice, "hit_dice")
        roll = sum(term.value for term in terms)
        rolls.append(roll)
        before, total = total, total + roll
        dead = total > threshold
        steps.append(Step(
            anchor="dying-roll",
            event="dying.roll",
            terms=(Term(value=before, label="below_zero"), *terms),
            value=total,
            op=">" if dead else "<=",
            against=threshold,
            against_label="death_threshold",
            verdict="dies" if dead else "survives",
        ))
        if dead:
            death_turn = turn

    return DyingResult(
        death_threshold=threshold,
        below_zero=total,
        rolls=tuple(rolls),
        dead=dead,
        death_turn=death_turn,
        stabilised=stabilised_turn is not None,
        stabilised_turn=stabilised_turn,
        stabilise_rolls=stabilise_rolls,
        trace=tuple(steps),
    )


def _against_threshold(event: str, alive: str, total: int, threshold: int, dead: bool) -> Step:
    return Step(
        anchor="death-threshold" if dead else "unconscious",
        event=event,
        value=total,
        op=">" if dead else "<=",
        against=threshold,
        against_label="death_threshold",
        verdict="dies" if dead else alive,
    )
