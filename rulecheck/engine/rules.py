"""The table of resolutions an example can name in its ``rule`` field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from rulecheck.engine.attack import AttackResult, resolve_attack
from rulecheck.engine.models import AttackInput
from rulecheck.engine.sources import DiceSource


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
    )
}
