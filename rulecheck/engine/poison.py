"""Poisons: applying a dose, the charges it gives a weapon, and the vial accident.

Rulings (see the interpretation notes on the poisons page):

- Applying a poison takes two tests in a row, each 1d20 + the ability against DC 10: INT
  (the right vial), then DEX (coating the weapon). Natural 20 succeeds, natural 1 fails, ties
  succeed.
- Coating a weapon takes two tests passed one after the other (seed 002: « doit réussir deux
  tests consécutifs »): then the poison is on the weapon with its full effect.
- Yet the seed says a failed INT test « peut signifier l'utilisation d'un poison moins efficace ou
  inapproprié », a poison still used. Read so (a reading, on the poisons page; DESIGN's ruling 11
  ended the attempt there), a failed INT test does not end the attempt: the DEX test is rolled all
  the same and, passed, puts a poison on the weapon which may be less effective or unsuited (the
  wrong vial, or the right one badly prepared): whether it is, and what it does, the GM decides.
- A critical failure on the INT test is a failed action (« Votre action à simplement échoué »,
  seed 002): the attempt ends there, with no DEX test, nothing applied and no vial at risk.
- A failed DEX test wastes the dose or hurts the character (the GM's call): nothing is applied.
  A natural 1 on it is a critical failure with the vial in hand: the GM may call for the vial
  accident's CON test. Only that test's critical failure risks the vials.
- A poison once on the weapon, with its full effect or perhaps weaker, stays there for the next
  three attacks, or until one of them hits: that hit delivers it. Three misses waste it. Its
  effect lasts one turn.
- A regular enemy suffers the poison's usual effect (for that one turn), its damage included if
  it has any; a mini-boss or a boss suffers the poison's extra damage only, never its usual
  effect (nothing at all from a poison without damage).
- After a critical failure while carrying vials: a CON test, 1d20 + CON against DC 15, avoids
  the released poisons.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from rulecheck.engine.ability_checks import ability_check
from rulecheck.engine.dice import AbilityTerm, DiceExpr
from rulecheck.engine.models import Combatant, Model
from rulecheck.engine.rolling import roll_terms, verdict_classes
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace

APPLY_DC = 10
VIAL_DC = 15
CHARGES = 3
EFFECT_TURNS = 1

Rank = Literal["regular", "mini_boss", "boss"]
Swing = Literal["hit", "miss"]
Effect = Literal["none", "usual", "extra_damage"]


# --- Applying a poison ------------------------------------------------------------------------

class PoisonApplyInput(Model):
    """Who coats the weapon: their INT and DEX modifiers are the ones that count."""

    applier: Combatant = Combatant()


class PoisonApplyResult(Model):
    """The two tests of coating a weapon, and whether the poison is applied."""

    dc: int
    int_natural: int
    int_total: int
    int_success: bool
    dex_natural: int | None = Field(description="The DEX test's d20; none when a critical failure on the INT test "
                                                "ended the attempt.")
    dex_total: int | None = Field(description="The DEX test's total; none when it was not rolled.")
    dex_success: bool | None = Field(description="The DEX test's verdict; none when it was not rolled.")
    applied: bool = Field(description="Both tests succeeded, one after the other: the poison is on the weapon with "
                                      "its full effect.")
    doubtful_poison: bool = Field(description="The INT test failed (not critically) and the DEX test passed: a "
                                              "poison is on the weapon, which may be less effective or unsuited; "
                                              "whether it is, and what it does, the GM decides.")
    charges: int = Field(description="Attacks the poison on the weapon lasts for: 3 once the DEX test passed, "
                                     "else 0.")
    critical_failure: bool = Field(description="A critical failure on the DEX test (a natural 1, or a face within "
                                               "the applier's raised threshold): the vial accident may follow.")
    trace: Trace


def resolve_poison_apply(given: PoisonApplyInput, dice: DiceSource) -> PoisonApplyResult:
    """INT test then DEX test, both DC 10. Dice labels: ``int_test``, ``dex_test``."""
    applier = given.applier
    first = ability_check(
        dice, label="int_test", ability="int", modifier=applier.intelligence, dc=APPLY_DC,
        anchor="poison-application", event="poison.int_test", fumble_threshold=applier.fumble_threshold,
    )
    if first.critical_failure:  # the action simply fails: no DEX test, no vial at risk
        last = Step(anchor="poison-application", event="poison.not_applied.int_fumble")
        return PoisonApplyResult(
            dc=APPLY_DC, int_natural=first.natural, int_total=first.total, int_success=False,
            dex_natural=None, dex_total=None, dex_success=None, applied=False, doubtful_poison=False, charges=0,
            critical_failure=False, trace=(first.step, last),
        )
    second = ability_check(
        dice, label="dex_test", ability="dex", modifier=applier.dexterity, dc=APPLY_DC,
        anchor="poison-application", event="poison.dex_test", fumble_threshold=applier.fumble_threshold,
    )
    coated = second.success
    if not coated:
        event = "poison.not_applied.vial" if second.critical_failure else "poison.not_applied"
    else:
        event = "poison.applied" if first.success else "poison.applied.doubtful"
    last = Step(anchor="poison-charges" if coated else "poison-application", event=event,
                value=CHARGES if coated else None)
    return PoisonApplyResult(
        dc=APPLY_DC,
        int_natural=first.natural,
        int_total=first.total,
        int_success=first.success,
        dex_natural=second.natural,
        dex_total=second.total,
        dex_success=second.success,
        applied=coated and first.success,
        doubtful_poison=coated and not first.success,
        charges=CHARGES if coated else 0,
        critical_failure=second.critical_failure,
        trace=(first.step, second.step, last),
    )


def int_test_classes(given: PoisonApplyInput) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The INT test's d20 faces: the critical failures (which end the attempt), the other faces that
    fail it (a DEX test still follows), those that pass it. Beyond the trace, the result keeps the
    face only as ``int_natural`` and ``int_total``."""
    return (verdict_classes(given.applier.intelligence, APPLY_DC, given.applier.fumble_threshold, critical_apart=True),)


def dex_test_classes(given: PoisonApplyInput) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The DEX test's d20 faces: the critical failures (a natural 1, or a face within the applier's
    raised threshold: a failure that may bring the vial accident), the
    other faces that fail, those that pass. Beyond the trace, the result keeps the face only as
    ``dex_natural`` and ``dex_total``."""
    return (verdict_classes(given.applier.dexterity, APPLY_DC, given.applier.fumble_threshold, critical_apart=True),)


# --- Charges: which attacks carry the poison ----------------------------------------------------

class PoisonTarget(Model):
    """Whom a poisoned attack targets; the rank decides what the poison does."""

    name: str = Field("", max_length=80, description="Display name.")
    rank: Rank = Field("regular", description="regular, mini_boss or boss: decides what the poison does.")


class PoisonWielder(Model):
    """Who makes the poisoned attacks: named on the card; the rule needs none of their statistics."""

    name: str = Field("", max_length=80, description="Display name.")


class PoisonChargesInput(Model):
    """The attacks made with a freshly poisoned weapon, in order, who makes them and whom they target."""

    attacker: PoisonWielder = PoisonWielder()
    attacks: tuple[Swing, ...] = Field(min_length=1, max_length=20, description="`hit` or `miss`, in order.")
    target: PoisonTarget = PoisonTarget()
    damage: DiceExpr | None = Field(None, description="The poison's damage, if it has any: part of its usual "
                                    "effect on a regular enemy, all it does to a mini-boss or a boss.")

    @field_validator("damage")
    @classmethod
    def _no_ability(cls, value: DiceExpr | None) -> DiceExpr | None:
        if value is not None and any(isinstance(term, AbilityTerm) for term in value.terms):
            raise ValueError(f"a poison's damage is dice and numbers only, such as `1d6` or `1d4+2`; got `{value}`")
        return value


class PoisonChargesResult(Model):
    """Which attacks carried the poison, which one delivered it, and its effect."""

    poisoned_attacks: tuple[int, ...] = Field(description="Attacks (from 1) that carried the poison.")
    delivered_on: int | None = Field(description="The attack whose hit delivered the poison.")
    wasted: bool = Field(description="Three poisoned misses: the poison wore off unused.")
    charges_left: int = Field(description="Poisoned attacks still to come after the listed ones.")
    effect: Effect = Field(description="none, usual (regular enemy) or extra_damage (mini-boss, boss).")
    extra_damage: int = Field(description="The poison's damage dealt: with its usual effect on a regular enemy, "
                                          "alone on a mini-boss or a boss.")
    effect_turns: int = Field(description="How long the effect lasts: 1 turn once delivered, else 0.")
    trace: Trace


def resolve_poison_charges(given: PoisonChargesInput, dice: DiceSource) -> PoisonChargesResult:
    """Follow the charges along the attacks. Dice label: ``poison_damage`` (mini-boss, boss)."""
    steps: list[Step] = []
    charges = CHARGES
    poisoned: list[int] = []
    delivered_on: int | None = None
    effect: Effect = "none"
    extra_damage = 0
    for number, swing in enumerate(given.attacks, start=1):
        attack = (Term(value=number, label="attack_number"),)
        if charges == 0:
            steps.append(Step(anchor="poison-charges", event="poison.attack.clean", terms=attack,
                              value=number, verdict=swing))
            continue
        poisoned.append(number)
        if swing == "hit":
            delivered_on, charges = number, 0
            steps.append(Step(anchor="poison-charges", event="poison.attack.hit", terms=attack, value=number,
                              verdict="poison_delivered"))
            # What the poison does follows the hit that delivers it, not the clean attacks after it.
            effect, extra_damage = _delivered(given, dice, steps)
            continue
        charges -= 1
        steps.append(Step(anchor="poison-charges", event="poison.attack.miss", terms=attack, value=number,
                          verdict="poison_kept" if charges else "poison_wasted"))
    return PoisonChargesResult(
        poisoned_attacks=tuple(poisoned),
        delivered_on=delivered_on,
        wasted=delivered_on is None and charges == 0,
        charges_left=charges,
        effect=effect,
        extra_damage=extra_damage,
        effect_turns=EFFECT_TURNS if delivered_on is not None else 0,
        trace=tuple(steps),
    )


def _delivered(given: PoisonChargesInput, dice: DiceSource, steps: list[Step]) -> tuple[Effect, int]:
    """What a delivered poison does to its target, its steps appended: its usual effect on a regular
    enemy, its extra damage alone on a mini-boss or a boss."""
    regular = given.target.rank == "regular"
    effect: Effect = "none"
    if regular:
        effect = "usual"
        steps.append(Step(anchor="poison-targets", event="poison.effect.usual"))
    elif given.damage is None:  # a mini-boss or a boss takes only a poison's damage: here none
        steps.append(Step(anchor="poison-targets", event=f"poison.effect.{given.target.rank}.no_damage"))
    if given.damage is None:
        return effect, 0
    terms = roll_terms(given.damage, dice, "poison_damage")
    extra_damage = sum(term.value for term in terms)
    event = "poison.effect.usual.damage" if regular else f"poison.effect.{given.target.rank}"
    steps.append(Step(anchor="poison-targets", event=event, terms=terms, value=extra_damage))
    if extra_damage < 0:  # ruling 8, as for a hit: damage never heals (the card says why it is 0)
        extra_damage = 0
        steps.append(Step(anchor="note-damage-floor", event="damage.floor", value=extra_damage))
    return ("usual" if regular else "extra_damage"), extra_damage


# --- Vial accident --------------------------------------------------------------------------------

class VialAccidentInput(Model):
    """A critical failure while carrying poison vials: the carrier's CON test."""

    character: Combatant = Combatant()
    vials: int = Field(1, ge=1, le=100, description="Poison vials carried (at least one).")


class VialAccidentResult(Model):
    """The carrier's CON test after a critical failure, and whether the vials' poisons act."""

    dc: int
    con_natural: int
    con_total: int
    resisted: bool
    poisoned: bool = Field(description="The released poisons take effect; the GM decides how.")
    trace: Trace


def resolve_vial_accident(given: VialAccidentInput, dice: DiceSource) -> VialAccidentResult:
    """CON test, DC 15. Dice label: ``con_test``."""
    check = ability_check(
        dice, label="con_test", ability="con", modifier=given.character.constitution, dc=VIAL_DC,
        anchor="vial-accident", event="poison.con_test", verdicts=("resisted", "poisoned"),
        fumble_threshold=given.character.fumble_threshold,
    )
    return VialAccidentResult(
        dc=VIAL_DC,
        con_natural=check.natural,
        con_total=check.total,
        resisted=check.success,
        poisoned=not check.success,
        trace=(check.step,),
    )
