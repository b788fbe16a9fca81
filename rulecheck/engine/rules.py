"""The table of resolutions an example can name in its ``rule`` field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from rulecheck.engine.attack import AttackResult, resolve_attack
from rulecheck.engine.capability import CapabilityInput, CapabilityResult, resolve_capability
from rulecheck.engine.models import AttackInput
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.turn import MovementInput, MovementResult, TurnInput, TurnResult, resolve_movement, resolve_turn


@dataclass(frozen=True)
class Rule:
    """A resolution: the model of its inputs, the function, the model of its result."""

    name: str
    given: type[BaseModel]
    result: type[BaseModel]
    resolve: Callable[[Any, DiceSource], BaseModel]
    summary: str
    #: Result fields an example card shows under its trace.
    headline: tuple[str, ...] = ()


RULES: Mapping[str, Rule] = {
    rule.name: rule
    for rule in (
        Rule("attack", AttackInput, AttackResult, resolve_attack,
             "An attack against a defence or a dodge/parry, with criticals and damage.",
             headline=("outcome", "damage")),
        Rule("turn", TurnInput, TurnResult, resolve_turn,
             "A turn plan (moves, attacks, capabilities, free actions…) resolved into the actions M, A, G it uses.",
             headline=("used", "left")),
        Rule("movement", MovementInput, MovementResult, resolve_movement,
             "A move of some metres: how many movement actions it costs, and whether it takes A.",
             headline=("movement_actions", "uses", "left")),
        Rule("capability", CapabilityInput, CapabilityResult, resolve_capability,
             "A capability card checked: its cost, its attack, and its damage at a level.",
             headline=("cost", "damage_dice", "damage")),
    )
}
