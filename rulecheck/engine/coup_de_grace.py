"""The ``coup_de_grace`` rule: may this coup de grâce be dealt, how long does it take, what follows.

The attack rule resolves a coup de grâce (an automatic critical hit, then the survival test); this
rule answers the questions before it, as values a page can show in both languages: the refusals
(no helpless target, a creature immune to critical hits, a spell, a ranged weapon other than a bow
or crossbow, a bow from afar), the extra round needed to find a target with total concealment, and
the opportunity attacks it provokes. The checks are the attack rule's own
(:func:`rulecheck.engine.situation.coup_de_grace_refusal`).
"""

from __future__ import annotations

from pydantic import Field, model_validator

from rulecheck.engine.battlefield import assess
from rulecheck.engine.models import AttackInput, Model
from rulecheck.engine.modifiers import CONCEALMENT
from rulecheck.engine.situation import CoupDeGraceRefusal, coup_de_grace_refusal, situate
from rulecheck.engine.situation_model import Situation
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace

#: Rounds of a coup de grâce: one, plus one to find a target with total concealment.
ROUNDS, ROUNDS_TO_FIND = 1, 1


class CoupDeGraceInput(AttackInput):
    """The attack input of a coup de grâce; ``situation.coup_de_grace`` is implied."""

    situation: Situation | None = Field(None, description="The defender's conditions (`helpless`), concealment, "
                                                           "weapon, grid; `coup_de_grace` is implied.")

    @model_validator(mode="after")
    def _coup_de_grace(self) -> CoupDeGraceInput:
        situation = self.situation or Situation()
        if not situation.coup_de_grace:
            object.__setattr__(self, "situation", situation.model_copy(update={"coup_de_grace": True}))
        return self


class CoupDeGraceResult(Model):
    """Whether the coup de grâce may be dealt, and what it costs."""

    allowed: bool
    refusal: CoupDeGraceRefusal | None
    rounds: int | None = Field(description="Rounds of actions it takes; null when refused.")
    provokes: bool = Field(description="It provokes opportunity attacks from the enemies that threaten the attacker.")
    trace: Trace


def resolve_coup_de_grace(given: CoupDeGraceInput, dice: DiceSource) -> CoupDeGraceResult:
    """Check a coup de grâce without rolling: refused (and why), or its rounds."""
    situation = given.situation
    assert situation is not None  # set by the validator
    refusal = coup_de_grace_refusal(given, situation, adjacent=_adjacent(given))
    if refusal is not None:
        step = Step(anchor="coup-de-grace", event="coup_de_grace.refused", verdict=f"coup_de_grace.{refusal}")
        return CoupDeGraceResult(allowed=False, refusal=refusal, rounds=None, provokes=False, trace=(step,))
    situated = situate(given)
    hidden = situated.miss_chance == CONCEALMENT["total"]
    rounds = ROUNDS + (ROUNDS_TO_FIND if hidden else 0)
    # Hidden, the card adds the two turns up (one to find, one to strike): a bare 2 read as two more.
    found = (Term(value=ROUNDS_TO_FIND, label="coup_de_grace.find"), Term(value=ROUNDS, label="coup_de_grace.strike"))
    steps = [*situated.steps, Step(
        anchor="coup-de-grace", event="coup_de_grace.rounds.hidden" if hidden else "coup_de_grace.rounds",
        terms=found if hidden else (), value=rounds, verdict="coup_de_grace.provokes",
    )]
    return CoupDeGraceResult(allowed=True, refusal=None, rounds=rounds, provokes=True, trace=tuple(steps))


def _adjacent(given: AttackInput) -> bool:
    """Adjacent as the attack rule decides it: from the grid when there is one, else ``contact``."""
    situation = given.situation
    if situation is not None and situation.grid is not None:
        return assess(situation.grid, given.attack.kind == "melee", "situation", "grid").distance <= 1
    return bool(given.contact)
