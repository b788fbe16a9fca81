"""Unarmed attacks.

An unarmed attack is an ordinary physical attack: 1d20 + level + DEX against Def PHY, and
1d4 + STR damage. :func:`unarmed_attack` builds that :class:`~rulecheck.engine.models.Attack`
(an example writes ``attack: {ability: dex, damage: 1d4+STR}``).

Fighting with two weapons has no rule here (ruling 12): the rulebook announces "specific rules"
and names Ambidextrie without giving either, and a weapon attack is always an attack action (A),
so a second weapon grants no second attack on its own; the turn rule refuses a second attack.
"""

from __future__ import annotations

from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.models import Attack

UNARMED_DAMAGE = "1d4+STR"


def unarmed_attack() -> Attack:
    """The unarmed strike: an attack test with level + DEX, 1d4 + STR damage."""
    return Attack(kind="melee", ability="dex", damage=DiceExpr.parse(UNARMED_DAMAGE))
