"""The reference combat rules: pure functions of typed inputs and injected dice.

Nothing here reads files, prints, or draws a random number of its own; every result carries a
trace of language-neutral steps. Typical use::

    from rulecheck.engine import AttackInput, ScriptedDice, resolve_attack

    given = AttackInput.model_validate({
        "defender": {"level": 2, "str": 4},
        "attack": {"total": 15},
        "reaction": "parry",
    })
    result = resolve_attack(given, ScriptedDice({"reaction": [17]}))
    assert result.outcome == "parried" and result.reaction_total == 23
"""

from rulecheck.engine.attack import AttackResult, resolve_attack
from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.dying import DyingInput, DyingResult, Stabilisation, death_threshold, resolve_dying
from rulecheck.engine.models import Attack, AttackInput, Combatant, Options
from rulecheck.engine.poison import (
    PoisonApplyInput,
    PoisonApplyResult,
    PoisonChargesInput,
    PoisonChargesResult,
    PoisonTarget,
    VialAccidentInput,
    VialAccidentResult,
    resolve_poison_apply,
    resolve_poison_charges,
    resolve_vial_accident,
)
from rulecheck.engine.rests import Resting, RestInput, RestResult, resolve_rest, short_rest_amount
from rulecheck.engine.rules import RULES, Rule
from rulecheck.engine.sources import DiceSource, ScriptedDice, SeededDice
from rulecheck.engine.trace import Step, Term, Trace
from rulecheck.engine.unarmed import TwoWeaponsInput, TwoWeaponsResult, resolve_two_weapons, unarmed_attack

__all__ = [
    "RULES",
    "Attack",
    "AttackInput",
    "AttackResult",
    "Combatant",
    "DiceExpr",
    "DiceSource",
    "DyingInput",
    "DyingResult",
    "Options",
    "PoisonApplyInput",
    "PoisonApplyResult",
    "PoisonChargesInput",
    "PoisonChargesResult",
    "PoisonTarget",
    "RestInput",
    "RestResult",
    "Resting",
    "Rule",
    "ScriptedDice",
    "SeededDice",
    "Stabilisation",
    "Step",
    "Term",
    "Trace",
    "TwoWeaponsInput",
    "TwoWeaponsResult",
    "VialAccidentInput",
    "VialAccidentResult",
    "death_threshold",
    "resolve_attack",
    "resolve_dying",
    "resolve_poison_apply",
    "resolve_poison_charges",
    "resolve_rest",
    "resolve_two_weapons",
    "resolve_vial_accident",
    "short_rest_amount",
    "unarmed_attack",
]
