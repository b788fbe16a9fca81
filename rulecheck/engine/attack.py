"""Attack resolution: attack test, defence or reaction, criticals, damage and bonus damage.

Rulings (see the interpretation notes on the site):

1. A natural 20 on the attack is a critical success and always hits; a natural 1 (or up to the
   attacker's ``fumble_threshold``) is a critical failure and always misses. Ties go to the
   attacker.
2. A critical attack cannot be dodged or parried: an announced reaction fails.
3. A critical deals every damage die at its maximum, extra dice included, plus flat modifiers.
4. Only a critical hit, or any hit under the Progressive Damage Bonus rule, adds
   max(0, attack total − the defence the attack targets): Def PHY, or Def MAG for a magical
   attack, never the reaction's total. An ordinary failed dodge or parry adds no bonus; it does
   let through a blow below the defence, since the attack is compared with the reaction
   (Kael's blow on the knight, seed 000).
5. A reaction succeeds on a total ≥ the attack total; a natural 20 always succeeds (and allows a
   counter-attack in contact), a natural 1, or a face up to the defender's ``fumble_threshold``,
   is a critical failure: it always fails and costs the reactions of the next round of combat
   (ruling 14; the rest of the current round is unaffected).
6. No reaction against magical, area or opportunity attacks.
7. Defensive posture: +1 to both defences for giving up A, +2 for giving up A and M.
8. Damage dice and modifiers that add up below 0 deal 0 (a hit never heals); a bonus adds to that.

An optional ``situation`` (conditions, cover, concealment, grid positions, coup de grâce) is
applied by :mod:`rulecheck.engine.situation` at fixed points: attack total, defence, reactions of
a defender who cannot act (or, held in place, cannot dodge), miss chance, and the coup de grâce's
automatic critical.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PrivateAttr

from rulecheck.engine.models import REACTION_ABILITY, AttackInput, Defence, Model, Reaction
from rulecheck.engine.rolling import d20_verdict, roll_terms
from rulecheck.engine.sightlines import BattleMap
from rulecheck.engine.situation import CoverDegree, situate
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import EXTRA_DAMAGE, Step, Term, Trace
from rulecheck.errors import refuse

Outcome = Literal["hit", "miss", "dodged", "parried"]
Refusal = Literal["magic", "area", "opportunity", "lost", "cannot_act", "cannot_dodge"]


class AttackResult(Model):
    """What an attack did, with the steps that explain it."""

    attack_natural: int | None
    attack_total: int | None = Field(description="The attack roll's total; none for a coup de grâce, which rolls none.")
    critical: bool
    fumble: bool
    defence: Defence
    defence_value: int
    reaction: Reaction
    reaction_refused: Refusal | None
    reaction_natural: int | None
    reaction_total: int | None
    reaction_succeeded: bool | None
    outcome: Outcome
    hit: bool
    base_damage: int
    bonus_damage: int
    damage: int
    counter_attack: bool
    reactions_lost_next_turn: bool
    attack_modifier: int = 0
    defence_modifier: int = 0
    cover: CoverDegree = "none"
    flanking: bool = False
    miss_chance: int = 0
    miss_chance_roll: int | None = None
    concealment_miss: bool = False
    coup_de_grace: bool = False
    survival_dc: int | None = None
    trace: Trace
    _battle_map: BattleMap | None = PrivateAttr(None)

    @property
    def battle_map(self) -> BattleMap | None:
        """With a grid: the lines, corner, flanking line and reach that decided cover and flanking."""
        return self._battle_map


def resolve_attack(given: AttackInput, dice: DiceSource) -> AttackResult:
    """Resolve one attack. Dice are asked for by label: ``attack``, ``reaction``, ``damage``."""
    situated = situate(given)
    steps: list[Step] = list(situated.steps)
    defender, attack = given.defender, given.attack

    natural: int | None = None
    total: int | None = None
    attack_modifier = 0
    if situated.coup_de_grace:  # ruling 13: no attack roll, an automatic hit and critical
        if attack.total is not None:
            raise refuse("a coup de grâce hits automatically, with no attack roll: it has no attack total",
                         "attack", "total", hint="remove `total` (and `natural`) from `attack`",
                         code="coup_de_grace_total")
    else:
        natural, total = _attack_test(given, dice, steps)
        total, attack_modifier = situated.adjust_attack(total, steps)
    critical = natural == 20 or situated.coup_de_grace
    threshold = given.attacker.fumble_threshold
    fumble = not situated.coup_de_grace and natural is not None and natural <= threshold
    # A hit's damage bonus: only a critical's, or any hit's under the progressive rule (ruling 4).
    may_add_bonus = critical or given.options.progressive_damage
    if situated.coup_de_grace:
        steps.append(Step(anchor="coup-de-grace", event="coup_de_grace.automatic", verdict="automatic_critical"))
    elif critical:
        steps.append(Step(anchor="critical-success", event="attack.critical"))
    elif fumble and natural == 1:
        steps.append(Step(anchor="critical-failure", event="attack.fumble"))
    elif fumble and natural is not None:
        steps.append(_within_threshold("attack.fumble_threshold", natural, threshold))

    defence = attack.defence
    defence_value = getattr(defender, defence)
    # A coup de grâce hits whatever the defence: its value is kept, its steps would only puzzle a reader.
    defence_steps = [] if situated.coup_de_grace else steps
    defence_shown_at = len(steps)
    if defender.posture:
        bonus = defender.posture_bonus()
        defence_steps.append(Step(
            anchor="defensive-posture",
            event="posture.simple" if bonus == 1 else "posture.double",
            terms=(Term(value=defence_value, label=defence), Term(value=bonus, label="posture")),
            value=defence_value + bonus,
        ))
        defence_value += bonus
    defence_value, defence_modifier = situated.adjust_defence(defence_value, defence, defence_steps)
    # Once a posture or a modifier has changed it, the defence compared is no longer the sheet's Def PHY.
    compared = defence if defence_value == getattr(defender, defence) else f"{defence}.modified"

    refused = (_refusal(given) or ("cannot_act" if situated.cannot_act else None)
               or ("cannot_dodge" if given.reaction == "dodge" and situated.cannot_dodge else None)
               ) if given.reaction != "none" else None
    reaction_natural = reaction_total = None
    reaction_succeeded: bool | None = None
    if refused:
        steps.append(Step(anchor="no-reaction", event=f"reaction.refused.{refused}", verdict="refused"))
    elif given.reaction != "none" and total is not None:
        if compared != defence:  # said before the modified defence: a reader took it for the parry's bar
            # Where no bonus can follow, the defence changes nothing here: the step says so (".idle").
            idle = "" if may_add_bonus else ".idle"
            steps.insert(defence_shown_at,
                         Step(anchor="dodge-and-parry", event=f"reaction.{given.reaction}.instead_of_defence{idle}"))
        reaction_natural, reaction_total, reaction_succeeded = _reaction(
            given, dice, total, critical, steps, situated.reaction_terms(REACTION_ABILITY[given.reaction])
        )

    if fumble:
        hit = False
        if reaction_succeeded is None and total is not None:
            # The defence the roll beat, or not: a natural 1 that « misses even a very low defence » shows it.
            steps.append(_against_defence(total, defence_value, compared, fumbled=True))
    elif reaction_succeeded is not None:
        hit = not reaction_succeeded
    elif critical:
        hit = True
    else:
        assert total is not None  # only a coup de grâce has no total, and it is a critical
        hit = total >= defence_value
        steps.append(_against_defence(total, defence_value, compared, fumbled=False))
    landed = hit
    hit, miss_chance_roll = situated.roll_miss_chance(hit, dice, steps)

    outcome: Outcome
    if hit:
        outcome = "hit"
    elif reaction_succeeded and not fumble:
        outcome = "dodged" if given.reaction == "dodge" else "parried"
    else:
        outcome = "miss"

    base_damage = bonus_damage = 0
    if hit:
        base_damage = _base_damage(given, dice, critical, steps)
        # Ruling 4: never for a failed reaction alone; ruling 13: none for a coup de grâce, no total to measure.
        if total is not None and may_add_bonus:
            bonus_damage = max(0, total - defence_value)
            steps.append(Step(
                anchor="damage-bonus",
                event="damage.bonus",
                terms=(Term(value=total, label="attack"), Term(value=-defence_value, label=compared)),
                value=total - defence_value,
                verdict="bonus" if bonus_damage else "no_bonus",
            ))
        elif total is not None and reaction_succeeded is False:  # a failed dodge or parry: the bonus a reader looks for
            steps.append(Step(anchor="damage-bonus", event="damage.bonus.failed_reaction", verdict="no_bonus"))
    damage = base_damage + bonus_damage
    steps.append(Step(
        anchor="attack-test",
        event="damage.total",
        terms=(Term(value=base_damage, label="damage"), Term(value=bonus_damage, label="bonus"))
        if bonus_damage else (),
        value=damage,
        verdict=outcome,
    ))

    survival_dc = None
    if situated.coup_de_grace and hit:  # seed 004: the test is for a defender who survives the blow
        survival_dc = 10 + damage
        steps.append(Step(anchor="coup-de-grace", event="coup_de_grace.survival",
                          terms=(Term(value=10, label="flat"), Term(value=damage, label="damage")), value=survival_dc))

    in_contact = given.in_contact if situated.contact is None else situated.contact  # seed 000: "au contact"
    natural_20_saves = bool(reaction_succeeded and reaction_natural == 20 and not critical)
    opening = natural_20_saves and bool(in_contact)
    # Seed 002: the surprised initiate no offensive action. A defensive posture gives up the actions of
    # the creature's own turn only (seed 000), not the counter-attack: a reading (posture page).
    counter = opening and not situated.surprised
    lost = reaction_natural is not None and reaction_natural <= defender.fumble_threshold
    if counter:
        steps.append(Step(anchor="reaction-criticals", event="reaction.counter_attack"))
    elif opening:
        steps.append(Step(anchor="surprised-reactions", event="reaction.no_counter_attack_surprised"))
    elif natural_20_saves:  # a card titled « … without a counter-attack » said why nowhere
        steps.append(Step(anchor="reaction-criticals", event="reaction.no_counter_attack_out_of_contact"))
    if lost:
        steps.append(Step(anchor="reaction-criticals", event="reaction.lost_next_turn"))

    result = AttackResult(
        attack_natural=natural,
        attack_total=total,
        critical=critical,
        fumble=fumble,
        defence=defence,
        defence_value=defence_value,
        reaction=given.reaction,
        reaction_refused=refused,
        reaction_natural=reaction_natural,
        reaction_total=reaction_total,
        reaction_succeeded=reaction_succeeded,
        outcome=outcome,
        hit=hit,
        base_damage=base_damage,
        bonus_damage=bonus_damage,
        damage=damage,
        counter_attack=counter,
        reactions_lost_next_turn=lost,
        attack_modifier=attack_modifier,
        defence_modifier=defence_modifier,
        cover=situated.cover,
        flanking=situated.flanking,
        miss_chance=situated.miss_chance,
        miss_chance_roll=miss_chance_roll,
        concealment_miss=landed and not hit,
        coup_de_grace=situated.coup_de_grace,
        survival_dc=survival_dc,
        trace=tuple(steps),
    )
    result._battle_map = situated.battle_map
    return result


def miss_chance_classes(given: AttackInput) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The d100 of a miss chance, rolled once at most, in two classes: the faces up to the miss
    chance, which lose the hit, and those above it. Beyond the trace, the result keeps the face
    only as ``miss_chance_roll``."""
    chance = situate(given).miss_chance
    if not chance:
        return ()
    return (tuple(faces for faces in (tuple(range(1, chance + 1)), tuple(range(chance + 1, 101))) if faces),)


def _against_defence(total: int, defence_value: int, compared: str, *, fumbled: bool) -> Step:
    """``Attack against defence: 15 ≥ 14 (Def PHY) → hit``; after a critical failure, the same
    comparison, whose verdict the failure overrides (« would have hit … : miss »)."""
    beaten = total >= defence_value
    return Step(
        anchor="critical-failure" if fumbled else "attack-test",
        event="attack.against_defence.fumbled" if fumbled else "attack.against_defence",
        value=total,
        op=">=" if beaten else "<",
        against=defence_value,
        against_label=compared,
        verdict=("fumbled_would_hit" if fumbled else "hit") if beaten else "miss",
    )


def _attack_test(given: AttackInput, dice: DiceSource, steps: list[Step]) -> tuple[int | None, int]:
    attack, attacker = given.attack, given.attacker
    if attack.total is not None:
        steps.append(Step(
            anchor="attack-test",
            event="attack.given",
            value=attack.total,
        ))
        return attack.natural, attack.total
    (natural,) = dice.roll("attack", 20)
    terms = [Term(value=natural, label="d20")]
    if attack.ability:
        terms += [Term(value=attacker.level, label="level"),
                  Term(value=attacker.ability(attack.ability), label=attack.ability)]
    if attack.bonus:
        terms.append(Term(value=attack.bonus, label="bonus"))
    total = sum(t.value for t in terms)
    steps.append(Step(anchor="attack-test", event="attack.test", terms=tuple(terms), value=total))
    return natural, total


def _refusal(given: AttackInput) -> Refusal | None:
    if given.attack.kind == "magic":
        return "magic"
    if given.attack.area:
        return "area"
    if given.attack.opportunity:
        return "opportunity"
    if given.reaction_lost:
        return "lost"
    return None


def _reaction(
    given: AttackInput, dice: DiceSource, attack_total: int, critical: bool, steps: list[Step],
    extra: tuple[Term, ...] = (),
) -> tuple[int, int, bool]:
    reaction = given.reaction
    ability = REACTION_ABILITY[reaction]
    (natural,) = dice.roll("reaction", 20)
    defender = given.defender
    terms = (
        Term(value=natural, label="d20"),
        Term(value=defender.level, label="level"),
        Term(value=defender.ability(ability), label=ability),
        *extra,
    )
    total = sum(t.value for t in terms)
    if critical:
        succeeded, why = False, "against_critical"
    else:
        succeeded, natural_kind = d20_verdict(natural, total, attack_total, defender.fumble_threshold)
        why = natural_kind or "compare"
    reached = total >= attack_total
    steps.append(Step(
        anchor="dodge-and-parry" if why == "compare" else (
            "critical-success" if why == "against_critical" else "reaction-criticals"),
        event=f"reaction.{reaction}" if why == "compare" else f"reaction.{reaction}.{why}",
        terms=terms,
        value=total,
        # A natural roll decides against the totals, and says so when they would have decided otherwise:
        # « 7 ≥ 5 (attack) → would have succeeded, but the critical failure prevails: dodge fails ».
        op=None if why == "against_critical" else ">=" if reached else "<",
        against=attack_total,
        against_label="attack",
        verdict=_reaction_verdict(reaction, succeeded, reached, why),
    ))
    return natural, total, succeeded


def _reaction_verdict(reaction: str, succeeded: bool, reached: bool, why: str) -> str:
    if why == "against_critical":  # « 26 contre 23 → parade ratée » read as a parry lost on the numbers
        return f"{reaction}_against_critical"
    if why == "compare" or succeeded == reached:
        return f"{reaction}_succeeds" if succeeded else f"{reaction}_fails"
    return f"{reaction}_critical_would_fail" if succeeded else f"{reaction}_fumbled_would_succeed"


def _within_threshold(event: str, natural: int, threshold: int) -> Step:
    """A natural face from 2 up to a raised critical failure threshold: a critical failure all the same."""
    return Step(anchor="critical-failure", event=event, terms=(Term(value=natural, label="d20"),), value=natural,
                op="<=", against=threshold, against_label="fumble_threshold", verdict="critical_failure")


def _base_damage(given: AttackInput, dice: DiceSource, critical: bool, steps: list[Step]) -> int:
    abilities = given.attacker.abilities
    terms: list[Term] = []
    if given.attack.damage is not None:
        terms += roll_terms(given.attack.damage, dice, "damage", abilities, maximise=critical)
    for expression in given.attack.extra_damage:  # named apart: « 8 (2d4 max) + 8 (2d4 max) » said neither
        terms += [Term(value=t.value, label=f"{EXTRA_DAMAGE}{t.label}")
                  for t in roll_terms(expression, dice, "damage", abilities, maximise=critical)]
    value = sum(t.value for t in terms)
    steps.append(Step(
        anchor="critical-damage" if critical else "attack-test",
        event="damage.critical" if critical else "damage.roll",
        terms=tuple(terms),
        value=value,
    ))
    if value < 0:  # ruling 8: a hit never heals
        value = 0
        steps.append(Step(anchor="note-damage-floor", event="damage.floor", value=value))
    return value

