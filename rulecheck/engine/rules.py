"""The table of resolutions an example can name in its ``rule`` field."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from rulecheck.engine.attack import AttackResult, miss_chance_classes, resolve_attack
from rulecheck.engine.capability import CapabilityInput, CapabilityResult, resolve_capability
from rulecheck.engine.coup_de_grace import CoupDeGraceInput, CoupDeGraceResult, resolve_coup_de_grace
from rulecheck.engine.dying import DyingInput, DyingResult, healing_test_classes, resolve_dying
from rulecheck.engine.models import AttackInput
from rulecheck.engine.opportunity import OpportunityInput, OpportunityResult, resolve_opportunity
from rulecheck.engine.poison import (
    PoisonApplyInput,
    PoisonApplyResult,
    PoisonChargesInput,
    PoisonChargesResult,
    VialAccidentInput,
    VialAccidentResult,
    dex_test_classes,
    int_test_classes,
    resolve_poison_apply,
    resolve_poison_charges,
    resolve_vial_accident,
)
from rulecheck.engine.positions import PositionsInput, PositionsResult, resolve_positions
from rulecheck.engine.rests import RestInput, RestResult, resolve_rest
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, step_faults
from rulecheck.engine.turn import MovementInput, MovementResult, TurnInput, TurnResult, resolve_movement, resolve_turn

#: For each roll of one label, in the order a resolution makes them, the classes of faces that
#: give the same result (see :attr:`Rule.face_classes`).
FaceClasses = Callable[[Any], Sequence[Sequence[Sequence[int]]]]


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
    #: Result fields a card shows beside its headline when its example expects them: what that
    #: example checks and no step shows (a turn without a posture: its posture bonus falls to 0).
    told_when_expected: tuple[str, ...] = ()
    #: Roll labels whose faces the resolution only ever adds up, one roll at a time: exact odds
    #: enumerate the sums of those rolls instead of every face (see ``rulecheck.engine.odds``).
    summed_dice: frozenset[str] = frozenset()
    #: Roll labels whose faces the result keeps only through a class (whether a test passed, say):
    #: for each, a function of the input giving, for each roll of that label in the order the
    #: resolution makes them, the classes of faces that give the same result, the trace apart.
    #: Exact odds then enumerate one face per class (see ``rulecheck.engine.odds``).
    face_classes: Mapping[str, FaceClasses] = field(default_factory=dict)
    #: For a label of :attr:`face_classes` whose faces the result does keep, in a few fields (the
    #: natural and the total of a test): those fields. Odds that leave them out (the fields a card
    #: shows) enumerate the label by class; odds of every field enumerate it face by face.
    face_fields: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: Every roll label the resolution may ask its dice source for (a test runs the site's
    #: examples to hold the engine to it; the authors' field reference lists them).
    dice: tuple[str, ...] = ()
    #: What the trace shows of the result: ``(events, field)`` says that the last step with a
    #: value among those events (``.*`` ends a prefix) shows the result's ``field``. Checked on
    #: every example (see :func:`shown_value_faults`), so a card never prints one number in its
    #: trace and another in its result.
    shown: tuple[tuple[tuple[str, ...], str], ...] = ()


RULES: Mapping[str, Rule] = {
    rule.name: rule
    for rule in (
        Rule("attack", AttackInput, AttackResult, resolve_attack,
             "An attack against a defence or a dodge/parry, with criticals and damage.",
             headline=("outcome", "damage"), summed_dice=frozenset({"damage"}),
             face_classes={"miss_chance": miss_chance_classes},
             face_fields={"miss_chance": frozenset({"miss_chance_roll"})},
             dice=("attack", "reaction", "miss_chance", "damage"),
             shown=((("attack.test", "attack.given", "modifiers.attack"), "attack_total"),
                    (("reaction.parry.*", "reaction.dodge.*", "reaction.parry", "reaction.dodge"), "reaction_total"),
                    (("posture.simple", "posture.double", "modifiers.defence"), "defence_value"),
                    (("damage.roll", "damage.critical", "damage.floor"), "base_damage"),
                    (("damage.total",), "damage"), (("coup_de_grace.survival",), "survival_dc"))),
        Rule("positions", PositionsInput, PositionsResult, resolve_positions,
             "What positions on a square grid decide: distance and reach, cover, concealment, flanking.",
             headline=("in_reach", "cover", "concealment", "flanking")),
        Rule("opportunity", OpportunityInput, OpportunityResult, resolve_opportunity,
             "A move on a square grid: which enemies may make an opportunity attack, and why.",
             headline=("provokes", "opportunity_from")),
        Rule("coup_de_grace", CoupDeGraceInput, CoupDeGraceResult, resolve_coup_de_grace,
             "Whether a coup de grâce may be dealt (or why not), the rounds it takes, what it provokes.",
             headline=("allowed", "refusal", "rounds")),
        Rule("dying", DyingInput, DyingResult, resolve_dying,
             "An unconscious character's turns: hit dice below zero, stabilisation, death.",
             headline=("below_zero", "dead", "stabilised"), summed_dice=frozenset({"hit_dice"}),
             face_classes={"stabilise": healing_test_classes}, dice=("stabilise", "hit_dice"),
             shown=((("dying.threshold",), "death_threshold"), (("dying.start", "dying.roll"), "below_zero"))),
        Rule("poison_apply", PoisonApplyInput, PoisonApplyResult, resolve_poison_apply,
             "Coating a weapon with poison: INT test then DEX test, both DC 10.",
             headline=("applied", "doubtful_poison"), dice=("int_test", "dex_test"),
             face_classes={"int_test": int_test_classes, "dex_test": dex_test_classes},
             face_fields={"int_test": frozenset({"int_natural", "int_total"}),
                          "dex_test": frozenset({"dex_natural", "dex_total"})}),
        Rule("poison_charges", PoisonChargesInput, PoisonChargesResult, resolve_poison_charges,
             "Which of the next attacks carry an applied poison, and what it does to the target.",
             headline=("delivered_on", "effect", "extra_damage"), summed_dice=frozenset({"poison_damage"}),
             dice=("poison_damage",),
             shown=((("poison.effect.*", "damage.floor"), "extra_damage"),)),
        Rule("vial_accident", VialAccidentInput, VialAccidentResult, resolve_vial_accident,
             "A critical failure while carrying poison vials: CON test, DC 15.",
             headline=("resisted",), dice=("con_test",)),
        Rule("rest", RestInput, RestResult, resolve_rest,
             "A short rest (HP or MP, never both) or a long rest (everything).",
             headline=("hp", "mp")),
        Rule("turn", TurnInput, TurnResult, resolve_turn,
             "A turn plan (moves, attacks, capabilities, free actions…) resolved into the actions M, A, G it uses.",
             headline=("used", "left"), told_when_expected=("posture_bonus",)),
        Rule("movement", MovementInput, MovementResult, resolve_movement,
             "A move of some metres: how many movement actions it costs, and whether it takes A.",
             headline=("movement_actions", "uses", "left")),
        Rule("capability", CapabilityInput, CapabilityResult, resolve_capability,
             "A capability card checked: its cost, its attack, and its damage at a level.",
             headline=("cost", "damage_dice", "damage"), summed_dice=frozenset({"damage"}),
             dice=("damage",),
             shown=((("capability.total", "capability.total.extra"), "damage"),)),
    )
}


def trace_faults(rule: Rule, result: BaseModel) -> list[str]:
    """What a reader of ``result``'s trace would find wrong: each step checked by
    :func:`~rulecheck.engine.trace.step_faults`, and each value the rule declares in
    :attr:`Rule.shown` equal to the result's field. Each fault names its step (from 1)."""
    steps: tuple[Step, ...] = getattr(result, "trace", ())
    faults = [f"step {index} (`{step.event}`): {fault}"
              for index, step in enumerate(steps, start=1) for fault in step_faults(step)]
    for events, name in rule.shown:
        found = [(index, step) for index, step in enumerate(steps, start=1)
                 if step.value is not None and any(_matches(step.event, event) for event in events)]
        if found:
            index, step = found[-1]
            held = getattr(result, name)
            if step.value != held:
                faults.append(f"step {index} (`{step.event}`) shows {step.value}, the result's `{name}` is {held}")
    return faults


def _matches(event: str, pattern: str) -> bool:
    return event.startswith(pattern[:-1]) if pattern.endswith(".*") else event == pattern
