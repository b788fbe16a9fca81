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
from rulecheck.engine.models import Attack, AttackInput, Combatant, Options
from rulecheck.engine.rules import RULES, Rule
from rulecheck.engine.sources import DiceSource, ScriptedDice, SeededDice
from rulecheck.engine.trace import Step, Term, Trace

__all__ = [
    "RULES",
    "Attack",
    "AttackInput",
    "AttackResult",
    "Combatant",
    "DiceExpr",
    "DiceSource",
    "Options",
    "Rule",
    "ScriptedDice",
    "SeededDice",
    "Step",
    "Term",
    "Trace",
    "resolve_attack",
]
