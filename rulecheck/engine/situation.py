"""The situation around an attack: conditions, cover, concealment, positions, coup de grâce.

:class:`Situation` is the optional ``situation`` input of the attack rule. :func:`situate` turns it
into a :class:`Situated` attack that the attack resolution consults at fixed points: it adds
modifiers to the attack total and to the defence (stacked by :func:`~rulecheck.engine.modifiers.stack`),
refuses reactions of a defender who cannot act, rolls the concealment miss chance, and makes a
coup de grâce an automatic critical hit. Without a situation, :data:`NEUTRAL` changes nothing.

Decisions (interpretation notes on the modifiers page):

- The table's melee column applies to melee attacks, the ranged column to ranged attacks; a
  magical attack uses the melee column in contact, the ranged column otherwise.
- "Loses its DEX bonus" and "DEX counts as −5" change Def PHY only: we read Def PHY as holding
  the defender's DEX. Def MAG is not made of DEX.
- A prone attacker cannot use a ranged weapon other than a crossbow or shuriken; a spell is not a
  weapon, so a prone caster attacks at range without penalty.
- The miss chance is lost on a d100 at or under the percentage (1-20 for 20 %), critical hits
  included; a coup de grâce skips it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from rulecheck.engine.battlefield import Assessment, assess, assessment_steps
from rulecheck.engine.models import AttackInput
from rulecheck.engine.modifiers import (
    ATTACKER,
    CONCEALMENT,
    COVER,
    DEFENDER,
    DEX_AT_ZERO,
    ENTANGLED_DEX,
    PRONE_RANGED_WEAPONS,
    Column,
    Modifier,
    Row,
    Stacked,
    stack,
)
from rulecheck.engine.sightlines import BattleMap
from rulecheck.engine.situation_model import (
    CANNOT_ACT,
    CANNOT_DODGE,
    GRADES,
    STANCES,
    AttackerCondition,
    ConcealmentDegree,
    CoverDegree,
    DefenderCondition,
    Situation,
    Weapon,
)
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term
from rulecheck.errors import RuleError, refuse

__all__ = [
    "CANNOT_ACT", "CANNOT_DODGE", "GRADES", "NEUTRAL", "STANCES", "AttackerCondition", "ConcealmentDegree",
    "CoverDegree", "DefenderCondition", "Situated", "Situation", "Weapon", "column_of", "situate",
]

@dataclass(frozen=True)
class Situated:
    """An attack in its situation, as the attack resolution consults it."""

    column: Column = "melee"
    attack_modifiers: tuple[Modifier, ...] = ()
    defence_modifiers: tuple[Modifier, ...] = ()
    physical_modifiers: tuple[Modifier, ...] = ()
    cover: CoverDegree = "none"
    flanking: bool = False
    miss_chance: int = 0
    coup_de_grace: bool = False
    cannot_act: bool = False
    #: Held in place (pinned): no dodge, a parry still (a reading).
    cannot_dodge: bool = False
    #: Caught by surprise in the first round: no counter-attack, an offensive action (seed 002).
    surprised: bool = False
    #: What changes the defender's Dexterity itself, and so its dodge too (a reading): entangled's
    #: −4 (−2 on our DEX), or a DEX counted as −5. Losing the DEX bonus is to the defence only.
    dodge_dex: Term | None = None
    #: With a grid: whether the two stand in contact (adjacent spaces), which the grid decides.
    contact: bool | None = None
    steps: tuple[Step, ...] = ()
    #: With a grid: what it decided, drawn from (never compared).
    battle_map: BattleMap | None = field(default=None, compare=False, repr=False)
    #: Stackings already worked out, by target (a cache: never compared, never shown).
    _stacks: dict[str, Stacked] = field(default_factory=dict, compare=False, repr=False)

    def adjust_attack(self, total: int, steps: list[Step]) -> tuple[int, int]:
        """The attack total with the stacked attack modifiers, and their sum."""
        return _apply(total, "attack", self._stacked("attack"), steps)

    def adjust_defence(self, value: int, defence: str, steps: list[Step]) -> tuple[int, int]:
        """The defence with the stacked defence modifiers (DEX ones on Def PHY only), and their sum."""
        return _apply(value, defence, self._stacked(defence), steps)

    def _stacked(self, target: str) -> Stacked:
        """The stacking of one target's modifiers, worked out once: they do not depend on dice."""
        found = self._stacks.get(target)
        if found is None:
            if target == "attack":
                found = stack(self.attack_modifiers, "attack", self.column)
            else:
                physical = self.physical_modifiers if target == "def_phy" else ()
                found = stack(self.defence_modifiers + physical, "defence", self.column)
            self._stacks[target] = found
        return found

    def reaction_terms(self, ability: str) -> tuple[Term, ...]:
        """Extra terms of a reaction test: what changes the defender's DEX itself, on a dodge."""
        return (self.dodge_dex,) if ability == "dex" and self.dodge_dex is not None else ()

    def roll_miss_chance(self, hit: bool, dice: DiceSource, steps: list[Step]) -> tuple[bool, int | None]:
        """Whether the hit stands after the miss chance, and the d100 rolled (if any)."""
        if not hit or not self.miss_chance:
            return hit, None
        # Ruling 13: a coup de grâce keeps concealment's miss chance, like every successful attack;
        # against total concealment, the extra round spent finding the target stands instead.
        if self.coup_de_grace and self.miss_chance == CONCEALMENT["total"]:
            steps.append(Step(anchor="coup-de-grace", event="coup_de_grace.concealment", value=self.miss_chance,
                              verdict="no_miss_chance"))
            return hit, None
        (roll,) = dice.roll("miss_chance", 100)
        lost = roll <= self.miss_chance
        steps.append(Step(
            anchor="concealment", event="miss_chance.roll", value=roll, op="<=" if lost else ">",
            against=self.miss_chance, against_label="miss_chance",
            verdict="concealment_miss" if lost else "concealment_hit",
        ))
        return not lost, roll


NEUTRAL = Situated()


def _apply(value: int, label: str, stacked: Stacked, steps: list[Step]) -> tuple[int, int]:
    """Trace what the stacking of one target ignores and what applies; return the new value."""
    target = "attack" if label == "attack" else "defence"
    for modifier in stacked.ignored:
        outdone_by = "bonus" if modifier.value > 0 else "penalty"  # a larger bonus of its kind, or its source's
        steps.append(Step(anchor="stacking", event=f"modifiers.ignored.{outdone_by}",
                          terms=(Term(value=modifier.value, label=modifier.source),), verdict="not_stacking"))
    if stacked.applied:
        steps.append(Step(
            anchor="attacker-modifiers" if target == "attack" else "defender-modifiers",
            event=f"modifiers.{target}",
            terms=(Term(value=value, label=label), *(Term(value=m.value, label=m.source) for m in stacked.applied)),
            value=value + stacked.total,
        ))
    return value + stacked.total, stacked.total


def column_of(given: AttackInput) -> Column:
    """Melee column for melee attacks and magical attacks in contact; ranged column otherwise."""
    if given.attack.kind == "melee":
        return "melee"
    if given.attack.kind == "magic" and given.contact:
        return "melee"
    return "ranged"


def situate(given: AttackInput) -> Situated:
    """The attack in its situation; raises :class:`RuleError` for an attack the rules forbid."""
    global _LAST
    last = _LAST
    if last is not None and last[0] is given:  # exact odds run one frozen input hundreds of times
        return last[1]
    situated = _situate(given)
    _LAST = (given, situated)
    return situated


#: The last input situated and its situation: a one-entry memo, by identity.
_LAST: tuple[AttackInput, Situated] | None = None


def _situate(given: AttackInput) -> Situated:
    situation: Situation | None = getattr(given, "situation", None)
    if situation is None:
        return NEUTRAL
    column = column_of(given)
    steps: list[Step] = []
    found: Assessment | None = None
    if situation.grid is not None:
        found = assess(situation.grid, column == "melee", "situation", "grid")
        if given.attack.kind == "magic" and given.contact is None and found.distance <= 1:
            column = "melee"  # the grid decides contact, and with it a spell's column (note-magic-column)
            found = assess(situation.grid, True, "situation", "grid")
        steps += assessment_steps(found, melee=column == "melee")
        _check_grid(given, found, column)

    cover = _cover(situation, found)
    attackers = [ATTACKER[c] for c in situation.attacker]
    if found is not None and found.flanking:
        attackers.append(ATTACKER["flanking"])
    defenders = [DEFENDER[c] for c in situation.defender]
    if situation.defender_surprised:  # the table lists the surprised among flat-footed defenders
        defenders.append(DEFENDER["flat_footed"])
    concealment = _concealment(situation, found)
    if found is not None and situation.concealment not in (None, "none"):
        # A concealment the example gives beside the grid's (the GM's dim light over the map's mist): a
        # card titled « Mist on the map, dim light granted by the GM » named the second nowhere.
        steps.append(Step(anchor="concealment", event="concealment.given",
                          verdict=f"concealment.{situation.concealment}"))
        if found.concealment != "none":
            steps.append(Step(anchor="concealment", event="concealment.not_stacking"))
    adjacent = found.distance <= 1 if found is not None else bool(given.contact)
    _check_attack(given, situation, column, cover, concealment, adjacent, found)

    attack_modifiers = [_modifier(row, "attacker", "attack", column) for row in attackers]
    if "entangled" in situation.attacker and given.attack.ability == "dex":
        attack_modifiers.append(Modifier(kind="dex", source="dex.entangled", target="attack", value=ENTANGLED_DEX))
    defence_modifiers = [_modifier(COVER[cover], "cover", "defence", column)] if cover != "none" else []
    defence_modifiers += [_modifier(row, "defender", "defence", column) for row in defenders]
    steps += _prone_steps(given, situation, column)

    return Situated(
        column=column,
        attack_modifiers=tuple(m for m in attack_modifiers if m is not None)
        + tuple(m for m in situation.modifiers if m.target == "attack"),
        defence_modifiers=tuple(m for m in defence_modifiers if m is not None)
        + tuple(m for m in situation.modifiers if m.target == "defence"),
        physical_modifiers=_dex_modifiers(given, situation, attackers, defenders, column),
        cover=cover,
        flanking=column == "melee" and any(row.key == "flanking" for row in attackers),
        miss_chance=CONCEALMENT[concealment],
        coup_de_grace=situation.coup_de_grace,
        cannot_act=any(c in CANNOT_ACT for c in situation.defender),
        cannot_dodge=any(c in CANNOT_DODGE for c in situation.defender),
        surprised=situation.defender_surprised,
        dodge_dex=_dodge_dex(defenders, column),
        contact=found.distance <= 1 if found is not None else None,
        steps=tuple(steps),
        battle_map=_as_applied(found, cover, concealment),
    )


def _as_applied(found: Assessment | None, cover: CoverDegree, concealment: str) -> BattleMap | None:
    """The grid's picture, told what the attack applied where the situation changed its verdict: a
    caption of « normal cover » beside a step of +8 read as two verdicts (a 32nd hostile round)."""
    if found is None or found.battle_map is None:
        return None
    graded = cover if cover != found.cover else None
    applied = concealment if concealment != found.concealment else None
    return replace(found.battle_map, graded_cover=graded, applied_concealment=applied) if graded or applied \
        else found.battle_map


def _modifier(row: Row, side: str, target: Literal["attack", "defence"], column: Column) -> Modifier | None:
    value = row.cell(column).value
    if not isinstance(value, int):
        return None
    return Modifier(kind=row.kind, source=f"{side}.{row.key}", target=target, value=value,
                    melee=column == "melee", ranged=column == "ranged")


def _dex_modifiers(
    given: AttackInput, situation: Situation, attackers: list[Row], defenders: list[Row], column: Column
) -> tuple[Modifier, ...]:
    """The footnotes on the defender's DEX, as Def PHY modifiers of kind ``dex``.

    They change one number, the DEX inside Def PHY, one after the other: entangled lowers it by 2,
    then losing the DEX bonus takes away what is left of a positive DEX; a DEX counted as −5
    replaces it, and then nothing else matters. So the penalties add up without ever taking away
    more than the DEX they act on.
    """
    dex = given.defender.ability("dex")
    notes = {note for row in defenders for note in row.cell(column).footnotes
             if not (row.key == "grappled" and situation.attacker_grappled)}
    from_attacker = {note for row in attackers for note in row.cell(column).footnotes}
    if "dex_zero" in notes:  # the DEX is replaced: no other DEX effect matters
        return (Modifier(kind="dex", source="dex.zero", target="defence", value=DEX_AT_ZERO - dex),)
    found = []
    if "dex_penalty" in notes:
        found.append(Modifier(kind="dex", source="dex.entangled", target="defence", value=ENTANGLED_DEX))
        dex += ENTANGLED_DEX
    if "loses_dex" in notes or "defender_loses_dex" in from_attacker:
        found.append(Modifier(kind="dex", source="dex.loses_bonus", target="defence", value=-max(0, dex)))
    return tuple(found)


def _dodge_dex(defenders: list[Row], column: Column) -> Term | None:
    """The change to the defender's DEX that its dodge carries too. Seed 004 writes entangled's −4
    of the creature's Dexterity, but the lost bonus "à la CA" of the defence alone; the pinned or
    helpless defender whose Dexterity counts as 0 does not dodge at all (:data:`CANNOT_DODGE`,
    :data:`CANNOT_ACT`)."""
    notes = {note for row in defenders for note in row.cell(column).footnotes}
    return Term(value=ENTANGLED_DEX, label="dex.entangled") if "dex_penalty" in notes else None


def _cover(situation: Situation, found: Assessment | None) -> CoverDegree:
    if found is None:
        return situation.cover or "none"
    if situation.cover in GRADES:
        if found.cover != "normal":  # a grade the card would show nowhere (a 32nd hostile round)
            raise RuleError(f"cover: `{situation.cover}` grades the normal cover a grid finds, and this grid finds "
                            f"{'no cover' if found.cover == 'none' else found.cover + ' cover'}",
                            field=("given", "situation", "cover"),
                            hint="leave `cover` out, or place the creatures so that a wall stands between them")
        return situation.cover
    return found.cover


def _concealment(situation: Situation, found: Assessment | None) -> Literal["none", "concealment", "total"]:
    """The highest concealment of every source: several never add up."""
    degrees = [situation.concealment or "none"]
    if found is not None:
        degrees.append(found.concealment)
    if "invisible" in situation.defender:
        degrees.append("total")
    return max(degrees, key=lambda d: CONCEALMENT[d])


def _check_grid(given: AttackInput, found: Assessment, column: Column) -> None:
    if column == "melee" and not found.in_reach:
        where = "within its natural reach" if found.reach_weapon and found.distance <= found.natural_reach \
            else f"{found.distance} squares away, beyond reach {found.reach}"
        raise RuleError(f"the defender is out of the attacker's melee reach: {where}",
                        field=("given", "situation", "grid"), code="out_of_reach",
                        hint="move the attacker, give a reach weapon, or make a ranged attack")
    if given.contact is not None and given.contact != (found.distance <= 1):
        raise RuleError(f"`contact: {str(given.contact).lower()}` contradicts the grid "
                        f"(distance {found.distance})", field=("given", "contact"),
                        hint="leave `contact` out: the grid decides it")


def _check_attack(
    given: AttackInput, situation: Situation, column: Column, cover: CoverDegree, concealment: str, adjacent: bool,
    found: Assessment | None,
) -> None:
    if cover == "total":
        raise refuse("a defender with total cover cannot be attacked (no line of effect)",
                     "situation", "grid" if situation.grid else "cover", hint="move to draw a line to the defender",
                     code="total_cover")
    reach_apart = found.distance > 1 if found is not None else not given.in_contact
    if cover == "soft" and column == "melee" and not reach_apart:
        raise refuse("creatures give soft cover against a melee attack only beyond adjacent squares (a reach "
                     "attack, which uses the ranged rule)", "situation", "cover", code="soft_cover_adjacent",
                     hint="set `contact: false` for a reach attack, or leave soft cover out")
    if given.attack.opportunity:
        covered = cover != "none" and isinstance(COVER[cover].cell(column).value, int)
        if covered:
            raise refuse("no opportunity attack against a defender with cover", "attack", "opportunity",
                         code="opportunity_against_cover")
        if concealment == "total":
            raise refuse("no opportunity attack against a defender with total concealment", "attack", "opportunity",
                         code="opportunity_against_total_concealment")
    if "prone" in situation.attacker and given.attack.kind == "ranged" and situation.weapon not in PRONE_RANGED_WEAPONS:
        raise refuse("a prone attacker cannot shoot with this weapon; only a crossbow or shurikens work lying down",
                     "situation", "weapon", hint="set `weapon: crossbow` or `shuriken`, or stand up first",
                     code="prone_ranged_weapon")
    if situation.coup_de_grace:
        _check_coup_de_grace(given, situation, adjacent, refuse)


CoupDeGraceRefusal = Literal["not_helpless", "immune_to_criticals", "spell", "ranged_weapon", "not_adjacent"]

#: Why a coup de grâce is refused, as the engine says it to an author (pages show the localized words).
COUP_DE_GRACE_REFUSALS: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "not_helpless": ("a coup de grâce needs a helpless defender", ("situation", "coup_de_grace"),
                     "add `helpless` to `situation.defender`"),
    "immune_to_criticals": ("no coup de grâce against a creature immune to critical hits",
                            ("situation", "coup_de_grace"), None),
    "spell": ("a coup de grâce is dealt with a weapon, not a spell", ("attack", "kind"), None),
    "ranged_weapon": ("a ranged coup de grâce needs a bow or a crossbow", ("situation", "weapon"), None),
    "not_adjacent": ("a coup de grâce with a bow or crossbow is dealt from an adjacent square", ("contact",),
                     "set `contact: true`, or place both side by side on the grid"),
}


def coup_de_grace_refusal(given: AttackInput, situation: Situation, adjacent: bool) -> CoupDeGraceRefusal | None:
    """Why this coup de grâce cannot be dealt, or ``None`` when it can (seed 004, helpless targets)."""
    if "helpless" not in situation.defender:
        return "not_helpless"
    if situation.immune_to_criticals:
        return "immune_to_criticals"
    if given.attack.kind == "magic":
        return "spell"
    if given.attack.kind == "ranged":
        if situation.weapon not in ("bow", "crossbow"):
            return "ranged_weapon"
        if not adjacent:
            return "not_adjacent"
    return None


def _check_coup_de_grace(
    given: AttackInput, situation: Situation, adjacent: bool, refuse: Callable[..., RuleError]
) -> None:
    refusal = coup_de_grace_refusal(given, situation, adjacent)
    if refusal is None:
        return
    message, where, hint = COUP_DE_GRACE_REFUSALS[refusal]
    if refusal == "not_adjacent" and situation.grid:
        where = ("situation", "grid")
    raise refuse(message, *where, hint=hint, code=refusal)


def _prone_steps(given: AttackInput, situation: Situation, column: Column) -> list[Step]:
    if "prone" in situation.attacker and column == "ranged":
        return [Step(anchor="attacker-modifiers", event="prone.ranged",
                     verdict="weapon." + (situation.weapon if given.attack.kind == "ranged" else "spell"))]
    return []
