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

Exact odds come from the same resolution, run over every outcome of its dice::

    from fractions import Fraction
    from rulecheck.engine import compute_odds

    odds = compute_odds("attack", given)          # the reaction d20 is enumerated
    assert odds.probability("outcome", "parried") == Fraction(3, 5)

Public names (every class and function also has its own docstring):

- ``RULES``: the registered resolutions by name (``"attack"``), each a ``Rule``.
- ``Rule``: one resolution: input model, result model, resolve function, headline fields.
- ``resolve_attack``: resolve an attack; ``AttackInput`` is its input, ``AttackResult`` its result.
- ``Attack``, ``Combatant``, ``Options``: the parts of an ``AttackInput``.
- ``unarmed_attack`` builds the unarmed strike's ``Attack``.
- ``resolve_dying``: a dying character's turns (``DyingInput`` with ``Stabilisation`` attempts →
  ``DyingResult``); ``death_threshold`` is the total below zero that still lives.
- ``resolve_poison_apply`` (``PoisonApplyInput`` → ``PoisonApplyResult``),
  ``resolve_poison_charges`` (``PoisonChargesInput`` with its ``PoisonWielder`` and ``PoisonTarget`` →
  ``PoisonChargesResult``), ``resolve_vial_accident`` (``VialAccidentInput`` →
  ``VialAccidentResult``): coating a weapon, its charges, a carrier's accident.
- ``resolve_turn`` (``TurnInput`` → ``TurnResult``) and ``resolve_movement`` (``MovementInput`` →
  ``MovementResult``): the actions M, A, G a turn or a move uses.
- ``resolve_capability`` (``CapabilityInput`` → ``CapabilityResult``): a capability card checked
  and its damage rolled; ``parse_card`` reads a card line into a ``Capability`` (or raises
  ``CardError``), ``CAPABILITIES`` holds the capabilities the rules define by name,
  ``capability_damage`` their damage at a level, ``with_capability`` adds it to an ``Attack``.
- ``Situation``: conditions, cover, concealment and grid positions around one attack; its
  modifiers are ``Modifier`` values, combined by ``stack`` into a ``Stacked`` sum, from the tables
  ``ATTACKER_ROWS`` (attack total), ``DEFENDER_ROWS`` (defence) and ``COVER_ROWS`` (cover).
- ``resolve_positions`` (``PositionsInput`` → ``PositionsResult``): what a ``Battlefield`` grid of
  ``Occupant`` creatures decides (reach, cover, flanking), computed by ``assess``; ``SIZES`` is the
  size table, one ``SizeRow`` per size, found by ``size_row``.
- ``resolve_opportunity`` (``OpportunityInput`` → ``OpportunityResult``): a move on a grid, and
  the enemies it lets make an opportunity attack (leaving contact, moving inside an extended reach,
  a reach-0 creature entering a square).
- ``resolve_coup_de_grace`` (``CoupDeGraceInput`` → ``CoupDeGraceResult``): whether a coup de
  grâce may be dealt, or why not, and the rounds it takes.
- ``resolve_rest``: a short or long rest (``RestInput`` with the ``Resting`` character and what
  it gives back, ``Regain`` → ``RestResult``).
- ``DiceExpr``: parsed dice notation (``2d6+1``), rollable and maximisable.
- ``DiceSource``: where a resolution gets its dice; ``ScriptedDice`` answers from an example,
  ``SeededDice`` from a seeded generator.
- ``Step``, ``Term``, ``Trace``: the language-neutral explanation a result carries.
- ``compute_odds``: exact odds of any rule on an input, as an ``Odds`` (distributions, means);
  ``Roll`` is one dice request it discovered, ``OddsError`` its refusal to run too long,
  ``MAX_RUNS`` its default bound.
"""

from rulecheck.engine.attack import AttackResult, resolve_attack
from rulecheck.engine.battlefield import Battlefield, Occupant, assess
from rulecheck.engine.capability import CapabilityInput, CapabilityResult, resolve_capability
from rulecheck.engine.cards import CAPABILITIES, Capability, CardError, capability_damage, parse_card, with_capability
from rulecheck.engine.coup_de_grace import CoupDeGraceInput, CoupDeGraceResult, resolve_coup_de_grace
from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.dying import DyingInput, DyingResult, Stabilisation, death_threshold, resolve_dying
from rulecheck.engine.models import Attack, AttackInput, Combatant, Options
from rulecheck.engine.modifiers import ATTACKER_ROWS, COVER_ROWS, DEFENDER_ROWS, Modifier, Stacked, stack
from rulecheck.engine.odds import MAX_RUNS, Odds, OddsError, Roll, compute_odds
from rulecheck.engine.opportunity import OpportunityInput, OpportunityResult, resolve_opportunity
from rulecheck.engine.poison import (
    PoisonApplyInput,
    PoisonApplyResult,
    PoisonChargesInput,
    PoisonChargesResult,
    PoisonTarget,
    PoisonWielder,
    VialAccidentInput,
    VialAccidentResult,
    resolve_poison_apply,
    resolve_poison_charges,
    resolve_vial_accident,
)
from rulecheck.engine.positions import PositionsInput, PositionsResult, resolve_positions
from rulecheck.engine.rests import Regain, Resting, RestInput, RestResult, resolve_rest
from rulecheck.engine.rules import RULES, Rule
from rulecheck.engine.situation import Situation
from rulecheck.engine.sizes import SIZES, SizeRow, size_row
from rulecheck.engine.sources import DiceSource, ScriptedDice, SeededDice
from rulecheck.engine.trace import Step, Term, Trace
from rulecheck.engine.turn import MovementInput, MovementResult, TurnInput, TurnResult, resolve_movement, resolve_turn
from rulecheck.engine.unarmed import unarmed_attack

__all__ = [
    "ATTACKER_ROWS",
    "CAPABILITIES",
    "COVER_ROWS",
    "DEFENDER_ROWS",
    "MAX_RUNS",
    "RULES",
    "SIZES",
    "Attack",
    "AttackInput",
    "AttackResult",
    "Battlefield",
    "Capability",
    "CapabilityInput",
    "CapabilityResult",
    "CardError",
    "Combatant",
    "CoupDeGraceInput",
    "CoupDeGraceResult",
    "DiceExpr",
    "DiceSource",
    "DyingInput",
    "DyingResult",
    "Modifier",
    "MovementInput",
    "MovementResult",
    "Occupant",
    "Odds",
    "OddsError",
    "OpportunityInput",
    "OpportunityResult",
    "Options",
    "PoisonApplyInput",
    "PoisonApplyResult",
    "PoisonChargesInput",
    "PoisonChargesResult",
    "PoisonTarget",
    "PoisonWielder",
    "PositionsInput",
    "PositionsResult",
    "Regain",
    "RestInput",
    "RestResult",
    "Resting",
    "Roll",
    "Rule",
    "ScriptedDice",
    "SeededDice",
    "Situation",
    "SizeRow",
    "Stabilisation",
    "Stacked",
    "Step",
    "Term",
    "Trace",
    "TurnInput",
    "TurnResult",
    "VialAccidentInput",
    "VialAccidentResult",
    "assess",
    "capability_damage",
    "compute_odds",
    "death_threshold",
    "parse_card",
    "resolve_attack",
    "resolve_capability",
    "resolve_coup_de_grace",
    "resolve_dying",
    "resolve_movement",
    "resolve_opportunity",
    "resolve_poison_apply",
    "resolve_poison_charges",
    "resolve_positions",
    "resolve_rest",
    "resolve_turn",
    "resolve_vial_accident",
    "size_row",
    "stack",
    "unarmed_attack",
    "with_capability",
]
