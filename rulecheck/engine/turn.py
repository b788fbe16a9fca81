"""A creature's turn: a plan of steps resolved into the actions each uses and what is left.

Each turn a creature has a movement action ``M``, an attack action ``A`` and a free action
``G``. Rulings (see the interpretation notes on the turn, movement, opportunity and surprise
pages):

- A movement action covers 10 m, or what a capability makes of it (``metres_per_action``); a
  move of d metres costs ceil(d / that) movement actions. The metres of a turn add up: a movement
  action opened by walking keeps what is left of its distance for later moves in the same turn
  (5 m, attack, 5 m is one movement action).
- The second movement action uses up ``A``; there is no third (20 m at most, at 10 m an action).
- A capability costing ``M`` uses the movement action, or the second one (taken from ``A``) when
  ``M`` is already used. ``MA`` needs both ``M`` and ``A`` unused.
- ``G`` is one free action per turn, whatever it is (a potion, a word, a ``G`` capability).
- Disengaging uses ``A`` and needs melee contact; moving out of contact afterwards provokes no
  opportunity attack. Moving out of contact without disengaging provokes one from each enemy in
  contact that sees the creature leave: not an enemy with no line of sight, not one that has the
  creature in the three squares behind it, not one surprised in round one.
- A defensive posture is chosen at the start of the turn (ruling 7): before any step that uses
  ``M`` or ``A``; only the free action ``G`` may come before it (a free action is used at any
  moment of the turn, its start included). It gives up ``A`` (+1) or ``A`` and ``M`` (+2);
  giving up only ``M`` is refused. The free action ``G`` stays available after it.
- Each refusal a reader may meet carries a ``code`` (``action_used``, ``posture_not_first``…), so
  that an example can show it and the page word it in its language.
- A surprised creature cannot act in round one at all (its plan must be empty); it can still
  dodge or parry, which is the attack rule's business. From round two on it acts normally.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from rulecheck.engine.cards import COST_ACTIONS, Capability, Cost, Letter, known_checked, parse_card
from rulecheck.engine.models import POSTURE_HINT, Action, Model, posture_problem
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace
from rulecheck.errors import RuleError

#: How far a movement action takes a creature, unless a capability changes it (``metres_per_action``).
METRES_PER_ACTION = 10
#: A creature's distance for one movement action, as a turn or a single move gives it.
MetresPerAction = Annotated[int, Field(ge=1, le=100, description="How far one movement action takes the "
                                       "creature: 10 m, unless a capability lengthens or shortens it.")]
MAX_MOVEMENT_ACTIONS = 2
LETTERS: tuple[Letter, ...] = ("M", "A", "G")


class Move(Model):
    """Move ``metres`` (1 m = 1 square); ``leaves_contact`` when it takes the creature out of melee."""

    do: Literal["move"]
    metres: int = Field(ge=1, le=1000)
    leaves_contact: bool = Field(False, description="The move leaves melee contact with the enemies in `contact`.")


class AttackStep(Model):
    """A weapon attack: the attack action."""

    do: Literal["attack"]


class CapabilityStep(Model):
    """Use a capability: its ``card`` line, or only its ``cost``."""

    do: Literal["capability"]
    card: str | None = Field(None, max_length=2000, description="The capability's card line.")
    cost: Cost | None = Field(None, description="The cost, when no card is given.")
    name: str = Field("", max_length=80, description="Display name; may differ between languages.")

    @field_validator("card")
    @classmethod
    def _parses(cls, value: str | None) -> str | None:
        if value is not None:
            parse_card(value)
        return value

    @model_validator(mode="after")
    def _card_or_cost(self) -> CapabilityStep:
        if (self.card is None) == (self.cost is None):
            raise ValueError("give the capability's `card` or its `cost` (M, A, MA or G), one of the two")
        return self

    @property
    def capability(self) -> Capability | None:
        return parse_card(self.card) if self.card is not None else None

    @property
    def actions(self) -> tuple[Letter, ...]:
        card = self.capability
        return card.actions if card else COST_ACTIONS[self.cost or "A"]


class FreeStep(Model):
    """A free action: drink a potion, talk, or something else the GM allows."""

    do: Literal["free"]
    what: Literal["potion", "talk", "other"] = "other"


class DisengageStep(Model):
    """Disengage from melee: the attack action; the next move out of contact is safe."""

    do: Literal["disengage"]


class PostureStep(Model):
    """A defensive posture, giving up ``[A]`` (+1 to both defences) or ``[A, M]`` (+2) until the
    creature's next turn. It is chosen at the start of the turn: before any step but a free action."""

    do: Literal["posture"]
    gives_up: tuple[Action, ...] = Field(min_length=1, max_length=2)


AnyStep = Move | AttackStep | CapabilityStep | FreeStep | DisengageStep | PostureStep
PlanStep = Annotated[AnyStep, Field(discriminator="do")]


class Enemy(Model):
    """An enemy in melee contact with the creature at the start of its turn."""

    name: str = Field("", max_length=80, description="Display name; may differ between languages.")
    line_of_sight: bool = Field(True, description="It can see the creature.")
    behind: bool = Field(False, description="The creature is in one of the three squares right behind it.")
    surprised: bool = Field(False, description="Its side was surprised (matters in round one).")


class TurnInput(Model):
    """One creature's turn: the round, surprise, magic points, enemies in contact, and the plan."""

    name: str = Field("", max_length=80, description="Display name; may differ between languages.")
    round: int = Field(1, ge=1, le=1000)
    surprised: bool = Field(False, description="The creature's side was surprised: no action in round one.")
    mp: int | None = Field(None, ge=0, le=1000, description="Magic points (PM/MP) at the start of the turn.")
    contact: tuple[Enemy, ...] = Field((), max_length=20, description="Enemies in melee contact.")
    plan: tuple[PlanStep, ...] = Field((), max_length=50, description="What the creature does, in order.")
    metres_per_action: MetresPerAction = METRES_PER_ACTION


class TurnResult(Model):
    """What each step used, what is left, and whether the creature provoked opportunity attacks."""

    can_act: bool
    step_uses: tuple[tuple[Letter, ...], ...]
    used: tuple[Letter, ...]
    left: tuple[Letter, ...]
    metres: int
    movement_actions: int
    attacks: int
    free_actions: int
    disengaged: bool
    provokes: bool
    opportunity_attacks: int
    opportunity_from: tuple[int, ...]
    posture_bonus: int
    mp_spent: int
    mp_left: int | None
    trace: Trace


@dataclass
class _State:
    given: TurnInput
    free: set[Letter] = field(default_factory=lambda: set(LETTERS))
    used_by: dict[Letter, tuple[int, str]] = field(default_factory=dict)
    walk_left: int = 0
    metres: int = 0
    movement_actions: int = 0
    attacks: int = 0
    free_actions: int = 0
    disengaged: bool = False
    in_contact: bool = False
    opportunity_from: tuple[int, ...] = ()
    posture_bonus: int = 0
    mp_spent: int = 0
    steps: list[Step] = field(default_factory=list)

    def take(self, letter: Letter, index: int, why: str, need: str, walked: int | None = None) -> None:
        """Use ``letter`` for step ``index``; ``walked``: the turn's metres that make a move need it."""
        if letter not in self.free:
            step, what = self.used_by[letter]
            # A move refused for want of A says why it needs A: the metres it brings the turn to.
            reason: dict[str, int | str] = {} if walked is None else {"need": "walk", "metres": walked}
            if walked is not None:
                reason["per_action"] = self.given.metres_per_action
            raise RuleError(
                f"{need} needs the {_NAMES[letter]} ({letter}), already used by step {step + 1} ({what})",
                field=("given", "plan", index), hint=_HINTS[letter],
                code="action_used", params={"action": letter, "step": index + 1, "by": step + 1, **reason},
            )
        self.free.discard(letter)
        self.used_by[letter] = (index, why)

    def movement_action(self, index: int, why: str, walked: int | None = None) -> Letter:
        """Open a movement action: M if free, else the second one, taken from A (``walked``: the
        metres of the turn once the move that opens it is made)."""
        if self.movement_actions >= MAX_MOVEMENT_ACTIONS:
            limit = MAX_MOVEMENT_ACTIONS * self.given.metres_per_action
            raise RuleError(
                f"{why} needs a third movement action; a turn has two at most ({limit} m)",
                field=("given", "plan", index),
                hint=f"stop at {limit} m of movement this turn, and go on next turn",
                code="third_movement_action", params={"step": index + 1, "limit": limit},
            )
        letter: Letter = "M" if "M" in self.free else "A"
        what = why if letter == "M" else f"{why}, as second movement action"
        self.take(letter, index, what, f"{why} (movement action {self.movement_actions + 1})", walked)
        self.movement_actions += 1
        return letter


_NAMES: Mapping[str, str] = {"M": "movement action", "A": "attack action", "G": "free action"}
_HINTS: Mapping[str, str] = {
    "M": "a turn has one movement action; a second one is taken from A",
    "A": "the attack action is used by an attack, a second movement action (a move beyond 10 m), "
         "a disengage, a posture or an A/MA capability: keep only one of them",
    "G": "a turn has one free action (G): a potion, a word or a G capability, not two",
}


def resolve_turn(given: TurnInput, dice: DiceSource) -> TurnResult:
    """Resolve a turn plan. No dice are rolled; ``dice`` is there for the common signature."""
    state = _State(given=given, in_contact=bool(given.contact))
    acting = not (given.surprised and given.round == 1)
    if not acting:
        if given.plan:
            raise RuleError(
                "a surprised creature cannot act in the first round, not even a free action",
                field=("given", "plan", 0),
                hint="leave `plan` empty in round 1; the creature may still dodge or parry (rule `attack`)",
                code="surprised_round_one",
            )
        state.free.clear()
        state.steps.append(Step(anchor="surprise", event="turn.surprised", verdict="cannot_act"))
    elif given.surprised:
        state.steps.append(Step(anchor="surprise", event="turn.surprise_over", value=given.round))
    if acting and given.metres_per_action != METRES_PER_ACTION:
        state.steps.append(Step(anchor="movement", event="turn.metres_per_action", value=given.metres_per_action,
                                terms=(Term(value=given.metres_per_action, label="metres"),)))
    uses: list[tuple[Letter, ...]] = []
    for index, step in enumerate(given.plan):
        before = set(state.free)
        _do(state, index, step)
        uses.append(tuple(letter for letter in LETTERS if letter in before and letter not in state.free))
    left = tuple(letter for letter in LETTERS if letter in state.free)
    state.steps.append(Step(anchor="turn-structure", event="turn.left", verdict="left." + ("+".join(left) or "none")))
    mp_left = given.mp - state.mp_spent if given.mp is not None else None
    return TurnResult(
        can_act=acting,
        step_uses=tuple(uses),
        used=tuple(letter for letter in LETTERS if letter in state.used_by),
        left=left,
        metres=state.metres,
        movement_actions=state.movement_actions,
        attacks=state.attacks,
        free_actions=state.free_actions,
        disengaged=state.disengaged,
        provokes=bool(state.opportunity_from),
        opportunity_attacks=len(state.opportunity_from),
        opportunity_from=state.opportunity_from,
        posture_bonus=state.posture_bonus,
        mp_spent=state.mp_spent,
        mp_left=mp_left,
        trace=tuple(state.steps),
    )


def _uses(letters: list[Letter]) -> str:
    return "uses." + ("+".join(letters) or "none")


def _move(state: _State, index: int, step: Move) -> None:
    opened: list[Letter] = []
    per_action = state.given.metres_per_action
    if step.metres > state.walk_left:
        needed = math.ceil((step.metres - state.walk_left) / per_action)
        if state.movement_actions + needed > MAX_MOVEMENT_ACTIONS:
            total, limit = state.metres + step.metres, MAX_MOVEMENT_ACTIONS * per_action
            raise RuleError(
                f"moving {step.metres} m brings the turn to {state.movement_actions + needed} movement "
                f"actions ({total} m walked); a turn has two at most, {limit} m",
                field=("given", "plan", index, "metres"),
                hint=f"stop at {limit} m of movement this turn ({per_action} m per movement action), "
                     "and go on next turn",
                code="movement_limit", params={"metres": total, "limit": limit},
            )
        for _ in range(needed):
            opened.append(state.movement_action(index, "a move", state.metres + step.metres))
        state.walk_left += needed * per_action
    state.walk_left -= step.metres
    state.metres += step.metres
    second = "A" in opened
    state.steps.append(Step(
        anchor="second-movement" if second else "movement",
        event="turn.move.second" if second else "turn.move",
        terms=(Term(value=step.metres, label="metres"),),
        value=step.metres,
        verdict=_uses(opened),
    ))
    if step.leaves_contact:
        _leave_contact(state, index)


def _leave_contact(state: _State, index: int) -> None:
    given = state.given
    if not state.in_contact:
        raise RuleError(
            "this move leaves melee contact, but the creature is not in contact with an enemy",
            field=("given", "plan", index, "leaves_contact"),
            hint="list the enemies in contact at the start of the turn in `contact`", code="not_in_contact",
        )
    state.in_contact = False
    if state.disengaged:
        state.steps.append(Step(anchor="disengage", event="turn.leaves_contact.disengaged",
                                value=0, verdict="no_opportunity"))
        return
    spared = spared_by_leaving(given)
    excluded = {i for group in spared.values() for i in group}
    state.opportunity_from = tuple(i for i in range(len(given.contact)) if i not in excluded)
    terms = [Term(value=len(given.contact), label="enemies_in_contact")]
    terms += [Term(value=-len(group), label=label) for label, group in spared.items() if group]
    state.steps.append(Step(
        anchor="opportunity-attack", event="turn.leaves_contact", terms=tuple(terms),
        value=len(state.opportunity_from), verdict="provokes" if state.opportunity_from else "no_opportunity",
    ))


def spared_by_leaving(given: TurnInput) -> dict[str, tuple[int, ...]]:
    """The enemies in contact that leaving it gives no opportunity attack, by why, as their places
    in ``contact``: no line of sight, the creature behind them, or surprised in round one."""
    unseen = tuple(i for i, e in enumerate(given.contact) if not e.line_of_sight)
    blind = tuple(i for i, e in enumerate(given.contact) if e.line_of_sight and e.behind)
    surprised = tuple(i for i, e in enumerate(given.contact)
                      if given.round == 1 and e.surprised and i not in blind and i not in unseen)
    return {"no_line_of_sight": unseen, "behind": blind, "surprised": surprised}


def _attack(state: _State, index: int, step: AttackStep) -> None:
    state.take("A", index, "an attack", "an attack")
    state.attacks += 1
    state.steps.append(Step(anchor="attack-action", event="turn.attack", verdict=_uses(["A"])))


def _capability(state: _State, index: int, step: CapabilityStep) -> None:
    card = step.capability
    actions = step.actions
    taken: list[Letter] = []
    event = "turn.capability"
    if actions == ("M",):
        taken.append(state.movement_action(index, "a capability costing M"))
        event += ".second" if taken == ["A"] else ""
    else:
        for letter in actions:
            what = f"a capability costing {''.join(actions)}"
            state.take(letter, index, what, what)
            taken.append(letter)
    if "M" in actions and "A" in actions:
        state.movement_actions += 1
    data = known_checked(card, ("given", "plan", index, "card")) if card else None
    if data is not None and data.mp_cost:
        _spend(state, index, data.mp_cost)
    if card and card.attack is not None:
        state.attacks += 1
    if actions == ("G",):
        state.free_actions += 1
    # ``actor`` names the plan's step: a card says which capability it was (« Capacité Téléportation »).
    state.steps.append(Step(anchor="capability-cards", event=event, verdict=_uses(taken), actor=f"plan.{index}"))


def _spend(state: _State, index: int, cost: int) -> None:
    mp = state.given.mp
    if mp is not None and state.mp_spent + cost > mp:
        raise RuleError(
            f"this capability costs {cost} PM (MP); {mp - state.mp_spent} left",
            field=("given", "plan", index), hint="rest or drink a potion to recover PM (MP) first",
            code="not_enough_mp", params={"cost": cost, "mp": mp - state.mp_spent},
        )
    state.mp_spent += cost
    if mp is None:
        state.steps.append(Step(anchor="capability-damage", event="turn.mp_cost", value=cost))
        return
    before = mp - (state.mp_spent - cost)
    state.steps.append(Step(anchor="capability-damage", event="turn.mp",
                            terms=(Term(value=before, label="mp"), Term(value=-cost, label="capability")),
                            value=before - cost))


def _free(state: _State, index: int, step: FreeStep) -> None:
    state.take("G", index, f"a free action ({step.what})", "a free action")
    state.free_actions += 1
    state.steps.append(Step(anchor="free-actions", event=f"turn.free.{step.what}", verdict=_uses(["G"])))


def _disengage(state: _State, index: int, step: DisengageStep) -> None:
    if not state.in_contact:
        raise RuleError(
            "disengaging needs melee contact, and the creature is not in contact with an enemy",
            field=("given", "plan", index),
            hint="list the enemies in contact in `contact`; a creature out of contact just moves",
            code="disengage_without_contact",
        )
    state.take("A", index, "a disengage", "disengaging")
    state.disengaged = True
    state.steps.append(Step(anchor="disengage", event="turn.disengage", verdict=_uses(["A"])))


def _posture(state: _State, index: int, step: PostureStep) -> None:
    gives_up = step.gives_up
    # Ruling 7: "at the start of its turn" (seed 000), and a free action may be used at any moment of
    # the turn, its start included (seed 002): only the free action (G) may come before the posture.
    if set(state.used_by) - {"G"}:
        raise RuleError(
            f"a defensive posture is chosen at the start of the turn, before the movement or attack action; "
            f"here it is step {index + 1}",
            field=("given", "plan", index),
            hint="make the posture the first step of `plan` (only the free action G may come before it)",
            code="posture_not_first", params={"step": index + 1},
        )
    problem = posture_problem(gives_up)
    if problem:
        only_m = "A" not in gives_up
        raise RuleError(problem, field=("given", "plan", index, "gives_up"), hint=POSTURE_HINT,
                        code="posture_only_m" if only_m else None)
    taken: list[Letter] = []
    for letter in ("M", "A"):
        if letter in gives_up:
            state.take(letter, index, "a defensive posture", f"a posture giving up {letter}")
            taken.append(letter)
    state.posture_bonus = len(gives_up)
    state.steps.append(Step(
        anchor="turn-posture", event="turn.posture.simple" if len(gives_up) == 1 else "turn.posture.double",
        terms=(Term(value=state.posture_bonus, label="posture"),), value=state.posture_bonus,
        verdict=_uses(taken),
    ))


def _do(state: _State, index: int, step: AnyStep) -> None:
    match step:
        case Move():
            _move(state, index, step)
        case AttackStep():
            _attack(state, index, step)
        case CapabilityStep():
            _capability(state, index, step)
        case FreeStep():
            _free(state, index, step)
        case DisengageStep():
            _disengage(state, index, step)
        case PostureStep():
            _posture(state, index, step)


class MovementInput(Model):
    """A single move of ``metres`` at the start of a turn."""

    name: str = Field("", max_length=80, description="Display name; may differ between languages.")
    metres: int = Field(ge=1, le=1000, description="The distance, in metres (1 m = 1 square).")
    metres_per_action: MetresPerAction = METRES_PER_ACTION


class MovementResult(Model):
    """How many movement actions the move costs, which actions it uses, and what is left."""

    metres: int
    movement_actions: int
    uses: tuple[Letter, ...]
    left: tuple[Letter, ...]
    trace: Trace


def resolve_movement(given: MovementInput, dice: DiceSource) -> MovementResult:
    """One move of ``metres``: ceil(metres / metres_per_action) movement actions, the second taken from A."""
    turn = TurnInput(plan=(Move(do="move", metres=given.metres),), metres_per_action=given.metres_per_action)
    try:
        result = resolve_turn(turn, dice)
    except RuleError as error:
        raise RuleError(error.message, field=("given", "metres"), hint=error.hint, code=error.code,
                        params=error.params) from None
    return MovementResult(
        metres=given.metres,
        movement_actions=result.movement_actions,
        uses=result.used,
        left=result.left,
        trace=result.trace,
    )
