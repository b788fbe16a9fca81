"""The explanation a resolution carries: ordered steps, each tied to a rule anchor.

A step holds keys and numbers only. Pages and the command line render it in French or English;
nothing here is a sentence in either language.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Comparison = Literal[">=", "<", ">", "<="]

#: Prefix of a term's label when the term belongs to a capability's extra damage (``extra:max:2d4``).
EXTRA_DAMAGE = "extra:"


class Term(BaseModel):
    """One addend of a step: ``17 (d20)``, ``4 (str)``. ``label`` is a key, not display text."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    value: int
    label: str


class Step(BaseModel):
    """One step of a resolution.

    ``anchor`` names the rule (and the page section) that justifies the step; ``event`` is the
    message key. A step with terms reads ``terms = value``; with ``against`` it adds a
    comparison; ``verdict`` is the key of what the step decided. ``actor`` says who acts where
    a rule has several people rolling (``healer.2``: the second stabilisation attempt's healer):
    a key, like the terms' labels, that a card names from the example's input.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    anchor: str
    event: str
    terms: tuple[Term, ...] = ()
    value: int | None = None
    op: Comparison | None = None
    against: int | None = None
    against_label: str | None = None
    verdict: str | None = None
    actor: str | None = None


Trace = tuple[Step, ...]



#: What each comparison may decide, by event: for the operator shown, the verdicts that agree
#: with it. An event ending in ``.*`` covers every event under that prefix. A comparison whose
#: event is not listed is still checked for its arithmetic (``value op against`` must hold).
COMPARISON_VERDICTS: dict[str, dict[str, frozenset[str | None]]] = {
    "attack.against_defence": {">=": frozenset({"hit"}), "<": frozenset({"miss"})},
    "reaction.parry": {">=": frozenset({"parry_succeeds"}), "<": frozenset({"parry_fails"})},
    "reaction.dodge": {">=": frozenset({"dodge_succeeds"}), "<": frozenset({"dodge_fails"})},
    # A natural roll decides against the totals: its verdict says when they would have decided otherwise.
    "attack.against_defence.fumbled": {">=": frozenset({"fumbled_would_hit"}), "<": frozenset({"miss"})},
    **{f"reaction.{reaction}.{fumble}": {">=": frozenset({f"{reaction}_fumbled_would_succeed"}),
                                         "<": frozenset({f"{reaction}_fails"})}
       for reaction in ("dodge", "parry") for fumble in ("natural_1", "fumble_threshold")},
    **{f"reaction.{reaction}.natural_20": {">=": frozenset({f"{reaction}_succeeds"}),
                                           "<": frozenset({f"{reaction}_critical_would_fail"})}
       for reaction in ("dodge", "parry")},
    **{f"{test}.{fumble}": {">=": frozenset({"fumbled_would_pass"}), "<": frozenset({failed})}
       for test, failed in (("poison.int_test", "test_failed"), ("poison.dex_test", "test_failed"),
                            ("poison.con_test", "poisoned"), ("dying.stabilise", "not_stabilised"))
       for fumble in ("natural_1", "fumble_threshold")},
    "grid.reach": {"<=": frozenset({"in_reach"}), ">": frozenset({"out_of_reach"})},
    # A low wall protects within 6 squares of the target, when the attacker is no nearer to it.
    "grid.low_wall.range": {"<=": frozenset({None}), ">": frozenset({"low.far"})},
    "grid.low_wall.sides": {">=": frozenset({"low.protects"}), "<": frozenset({"low.attacker_nearer"})},
    # A reach weapon: within the natural reach it is too close, beyond the weapon's reach too far.
    "grid.reach_weapon": {"<=": frozenset({"in_reach", "too_close"}), ">": frozenset({"out_of_reach"})},
    "miss_chance.roll": {"<=": frozenset({"concealment_miss"}), ">": frozenset({"concealment_hit"})},
    "dying.*": {">": frozenset({"dies"}), "<=": frozenset({"survives", "unconscious"})},
    "rest.short.*": {">": frozenset({"capped"}), "<=": frozenset({None})},
    "poison.int_test": {">=": frozenset({"test_passed"}), "<": frozenset({"test_failed"})},
    "poison.dex_test": {">=": frozenset({"test_passed"}), "<": frozenset({"test_failed"})},
    "poison.con_test": {">=": frozenset({"resisted"}), "<": frozenset({"poisoned"})},
    "dying.stabilise": {">=": frozenset({"stabilised"}), "<": frozenset({"not_stabilised"})},
    # An enemy's step always shows the distance within its reach; cover or a single step may spare
    # it, and the verdict says it is in reach all the same (« 2 ≤ 2 → no attack » read as a
    # contradiction), and what spares it (a player read « 1 ≤ 1 → in reach, no attack » as unexplained).
    "opportunity.*": {"<=": frozenset({"provokes", "spared_by_cover", "spared_by_single_step"}), ">": frozenset()},
    # A step out of an enemy's reach shows where it lands: beyond the reach, it provokes.
    "opportunity.leaves_reach": {">": frozenset({"provokes"}), "<=": frozenset()},
}

_HOLDS = {
    ">=": lambda a, b: a >= b, ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b, "<": lambda a, b: a < b,
}


def step_faults(step: Step) -> list[str]:
    """What a reader of ``step`` would find wrong: its terms not adding up to its value, a
    comparison that does not hold for its operands, a verdict the comparison contradicts.

    Cards print a step as ``terms = value op against → verdict``: each part must agree with the
    others, whatever the rule that made the step. An empty list: nothing wrong.
    """
    faults: list[str] = []
    if step.terms and step.value is not None:
        added = sum(term.value for term in step.terms)
        if added != step.value:
            shown = " + ".join(f"{t.value} ({t.label})" for t in step.terms)
            faults.append(f"its terms {shown} add up to {added}, the step shows {step.value}")
    if len(step.terms) > 1 and step.value is None:  # one term alone may stand for itself (an ignored bonus)
        faults.append("it shows terms without their sum")
    if step.against is not None and step.against_label is None:
        faults.append(f"it shows {step.against} without saying what it is")
    if step.op is not None:
        if step.value is None or step.against is None:
            faults.append(f"it compares with `{step.op}` but lacks a value or what it is compared to")
        elif not _HOLDS[step.op](step.value, step.against):
            faults.append(f"it shows {step.value} {step.op} {step.against}, which is false")
        else:
            allowed = _verdicts(step.event)
            if allowed is not None:
                agreeing = allowed.get(step.op)
                if agreeing is None:
                    faults.append(f"`{step.event}` never compares with `{step.op}`")
                elif step.verdict not in agreeing:
                    faults.append(f"the verdict `{step.verdict}` contradicts {step.value} {step.op} {step.against} "
                                  f"(expected {' or '.join(str(v) for v in sorted(agreeing, key=str))})")
    return faults


def _verdicts(event: str) -> dict[str, frozenset[str | None]] | None:
    if event in COMPARISON_VERDICTS:
        return COMPARISON_VERDICTS[event]
    for key, verdicts in COMPARISON_VERDICTS.items():
        if key.endswith(".*") and event.startswith(key[:-1]):
            return verdicts
    return None
