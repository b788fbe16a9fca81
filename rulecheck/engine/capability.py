"""A capability card, checked: its cost in actions, its attack, and its damage at a level.

Rulings (see the interpretation notes on the turn page):

- The card is the authority for the meta-information; for a capability whose numbers the rules
  give (:data:`~rulecheck.engine.cards.CAPABILITIES`), a card with another cost is refused.
- Damage by level: the highest step at or below the capability's level (Attaque Éclair level 4
  keeps 2d4; levels above 7 keep 2d8).
- A critical maximises every die of the capability's damage, flat modifiers added (ruling 3).
- "Doubled" doubles the whole damage, dice and flat part, after a critical maximised it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from rulecheck.engine.cards import Capability as Card
from rulecheck.engine.cards import (
    CapabilityData,
    CardType,
    Cost,
    Letter,
    TargetKind,
    known_checked,
    parse_card,
)
from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.models import Ability, Model
from rulecheck.engine.rolling import roll_terms
from rulecheck.engine.sources import DiceSource
from rulecheck.engine.trace import Step, Term, Trace


class CapabilityInput(Model):
    """A card line, the level at which the creature knows it, and what it targets."""

    card: str = Field(max_length=2000, description="The card: `Name | type - cost - attack - range : text`.")
    level: int = Field(1, ge=1, le=20, description="The capability's level (damage grows with it).")
    target: TargetKind = Field("living", description="living, demonic or non_living (some damage doubles).")
    critical: bool = Field(False, description="The attack roll was a critical success: dice at their maximum.")

    @field_validator("card")
    @classmethod
    def _parses(cls, value: str) -> str:
        parse_card(value)  # a CardError is a ValueError: pydantic reports it on `card`
        return value

    @property
    def capability(self) -> Card:
        """The card line, parsed."""
        return parse_card(self.card)


class CapabilityResult(Model):
    """The card's meta-information, typed, and the damage it deals (0 when the rules give none)."""

    name: str
    type: CardType
    cost: Cost
    actions: tuple[Letter, ...]
    attack: Literal["phy", "mag"] | None
    ability: Ability | None
    support: bool
    range: int | None
    known: bool
    damage_dice: str | None
    extra_damage: bool
    damage_type: str | None
    mp_cost: int
    doubled: bool
    damage: int
    trace: Trace


def resolve_capability(given: CapabilityInput, dice: DiceSource) -> CapabilityResult:
    """Check a card and roll its damage, if the rules give it any (dice label ``damage``)."""
    card = given.capability
    data = known_checked(card, ("given", "card"))
    steps = [Step(anchor="capability-cards", event="capability.cost", verdict=f"cost.{card.cost}")]
    if card.attack is not None:
        steps.append(Step(anchor="capability-cards", event=f"capability.attack.{card.attack.kind}",
                          verdict=f"ability.{card.attack.ability}"))
    if card.support:
        steps.append(Step(anchor="capability-cards", event="capability.support"))
    if card.range is not None:
        steps.append(Step(anchor="capability-cards", event="capability.range",
                          terms=(Term(value=card.range, label="metres"),), value=card.range))
    expression = data.damage_at(given.level) if data else None
    damage, doubled = 0, False
    if data is not None and data.mp_cost:
        steps.append(Step(anchor="capability-damage", event="capability.mp_cost", value=data.mp_cost))
    if data is not None and expression is not None:
        damage, doubled = _damage(given, data, expression, dice, steps)
    return CapabilityResult(
        name=card.name,
        type=card.type,
        cost=card.cost,
        actions=card.actions,
        attack=card.attack.kind if card.attack else None,
        ability=card.attack.ability if card.attack else None,
        support=card.support,
        range=card.range,
        known=data is not None,
        damage_dice=expression.text if expression else None,
        extra_damage=bool(data and data.extra),
        damage_type=data.damage_type if data else None,
        mp_cost=data.mp_cost if data else 0,
        doubled=doubled,
        damage=damage,
        trace=tuple(steps),
    )


def _damage(
    given: CapabilityInput, data: CapabilityData, expression: DiceExpr, dice: DiceSource, steps: list[Step]
) -> tuple[int, bool]:
    terms = roll_terms(expression, dice, "damage", maximise=given.critical)
    rolled = sum(t.value for t in terms)
    event = "capability.extra_damage" if data.extra else "capability.damage"
    steps.append(Step(anchor="capability-damage", event=event + (".critical" if given.critical else ""),
                      terms=terms, value=rolled))
    doubled = given.target in data.doubled_against
    damage = rolled * 2 if doubled else rolled
    if doubled:
        steps.append(Step(anchor="capability-damage", event=f"capability.doubled.{given.target}",
                          terms=(Term(value=rolled, label="damage"), Term(value=rolled, label="damage")),
                          value=damage))
    # Extra damage is added to the weapon's: the total a card shows is not what the target takes.
    total = "capability.total.extra" if data.extra else "capability.total"
    steps.append(Step(anchor="capability-damage", event=total, value=damage,
                      verdict=f"damage_type.{data.damage_type}" if data.damage_type else None))
    return damage, doubled
