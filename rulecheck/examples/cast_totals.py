"""A recurring character's attack total must be one its statistics can make.

An attack test is 1d20 + level + an ability (seeds ``000``/``002``). An example that gives a cast
member's test as an already rolled ``total`` bypasses that sum: ``total: 23, natural: 20`` for a
Kael whose level and DEX add 3 is a total his statistics cannot produce. So, for an attacker of
the cast:

- with ``natural``, ``total − natural`` must be the level plus one of the member's abilities;
- without it, some d20 face (1 to 20) plus the level and one ability must give ``total``.

Situational modifiers (conditions, cover…) are applied by the engine to the given total, so they
are no part of it here.
"""

from __future__ import annotations

from typing import Any

from rulecheck.errors import FieldPath
from rulecheck.examples.cast import Cast, Member
from rulecheck.examples.locales import Language

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def attack_total_problems(given: Any, cast: Cast | None, language: Language) -> list[tuple[FieldPath, str]]:
    """The problem of a cast attacker's given attack total, if its statistics cannot make it."""
    if cast is None or not isinstance(given, dict):
        return []
    attacker, attack = given.get("attacker"), given.get("attack")
    if not (isinstance(attacker, dict) and isinstance(attack, dict)):
        return []
    reference, total, natural = attacker.get("cast"), attack.get("total"), attack.get("natural")
    member = cast.members.get(reference) if isinstance(reference, str) else None
    if member is None or not isinstance(total, int) or isinstance(total, bool) \
            or (natural is not None and not (isinstance(natural, int) and not isinstance(natural, bool))):
        return []
    bonuses = _bonuses(member)
    if natural is not None:
        if total - natural in bonuses.values():
            return []
        made = ", ".join(f"{natural + bonus} ({key.upper()})" for key, bonus in bonuses.items())
        return [(("given", "attack", "total"), (
            f"{member.name(language)}'s attack roll cannot make {total} on a d20 of {natural}: with level "
            f"{member.stats.get('level', 0)} and an ability from {cast.where(member)}, it makes {made}. Hint: "
            f"roll it (`ability: dex` and `dice: {{attack: [{natural}]}}`), or change the total"))]
    if any(1 <= total - bonus <= 20 for bonus in bonuses.values()):
        return []
    low, high = 1 + min(bonuses.values()), 20 + max(bonuses.values())
    return [(("given", "attack", "total"), (
        f"{member.name(language)}'s attack roll cannot make {total}: 1d20 + level + an ability gives "
        f"{low} to {high} with the statistics of {cast.where(member)}. Hint: change the total, or the cast"))]


def _bonuses(member: Member) -> dict[str, int]:
    level = member.stats.get("level", 0)
    return {key: level + member.stats.get(key, 0) for key in ABILITIES}
