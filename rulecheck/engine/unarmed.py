"""Unarmed attacks and fighting with two weapons.

- An unarmed attack is an ordinary physical attack: 1d20 + level + DEX against Def PHY, and
  1d4 + STR damage. :func:`unarmed_attack` builds that :class:`~rulecheck.engine.models.Attack`
  (an example writes ``attack: {ability: dex, damage: 1d4+STR}``).
- Two weapons (an interpretation, see the note on the unarmed page): the off-hand weapon gives
  a second attack in the same turn, against the same defender. Without the Ambidextrie
  capability that second attack costs the movement action (the turn spends M and A); with
  Ambidextrie both attacks fit in the attack action (A) and the movement action stays free. No
  other modifier is applied. Without Ambidextrie, once the movement action is spent, the
  off-hand attack is refused (a step of the trace, not an error: a page can show it) and only
  the main hand strikes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulecheck.engine.attack import AttackResult, resolve_attack
from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.models import Attack, AttackInput, Combatant, Model, Options
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace

UNARMED_DAMAGE = "1d4+STR"


def unarmed_attack() -> Attack:
    """The unarmed strike: an attack test with level + DEX, 1d4 + STR damage."""
    return Attack(kind="melee", ability="dex", damage=DiceExpr.parse(UNARMED_DAMAGE))


class TwoWeaponsInput(Model):
    """Two attacks in one turn, main hand first, against the same defender."""

    attacker: Combatant = Combatant()
    defender: Combatant = Combatant()
    main_hand: Attack
    off_hand: Attack
    ambidexterity: bool = Field(False, description="The attacker has the Ambidextrie capability.")
    movement_used: bool = Field(False, description="The movement action (M) is already spent this turn.")
    options: Options = Options()


class TwoWeaponsResult(Model):
    """Both attacks of the turn, their damage, and the actions they took."""

    actions: Literal["A", "MA"] = Field(description="The actions the two attacks take.")
    off_hand_refused: bool = Field(
        description="Without Ambidextrie and with M already spent: no off-hand attack this turn."
    )
    main_hit: bool
    main_damage: int
    off_hit: bool
    off_damage: int
    damage: int
    trace: Trace


def resolve_two_weapons(given: TwoWeaponsInput, dice: DiceSource) -> TwoWeaponsResult:
    """Resolve the main-hand then the off-hand attack, each as the ``attack`` rule does.

    Dice labels are the attack rule's (``attack``, ``damage``), used by the main hand first.
    """
    refused = given.movement_used and not given.ambidexterity
    actions: Literal["A", "MA"] = "MA" if not given.ambidexterity and not refused else "A"
    steps: list[Step] = [Step(
        anchor="two-weapons",
        event="two_weapons.ambidexterity" if given.ambidexterity else "two_weapons.plain",
    )]
    hands = (("main_hand", given.main_hand),) if refused else (
        ("main_hand", given.main_hand), ("off_hand", given.off_hand))
    results: list[AttackResult] = []
    for hand, attack in hands:
        steps.append(Step(anchor="two-weapons", event=f"two_weapons.{hand}"))
        result = resolve_attack(
            AttackInput(attacker=given.attacker, defender=given.defender, attack=attack, options=given.options),
            dice,
        )
        steps += result.trace
        results.append(result)
    main, off = results[0], (results[1] if len(results) > 1 else None)
    if refused:
        steps.append(Step(anchor="two-weapons", event="two_weapons.off_hand_refused", verdict="refused"))
    off_damage = off.damage if off else 0
    damage = main.damage + off_damage
    steps.append(Step(
        anchor="two-weapons",
        event="two_weapons.total",
        terms=(Term(value=main.damage, label="main_hand"), Term(value=off_damage, label="off_hand")),
        value=damage,
    ))
    return TwoWeaponsResult(
        actions=actions,
        off_hand_refused=refused,
        main_hit=main.hit,
        main_damage=main.damage,
        off_hit=bool(off and off.hit),
        off_damage=off_damage,
        damage=damage,
        trace=tuple(steps),
    )
