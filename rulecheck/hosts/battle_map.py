"""The battle map of an example card: the picture of its grid, from the engine's own result.

Glue between a checked example and :mod:`rulecheck.examples.maps`: the result's battle map, the
card's title, and the names the example gives the attacker and the defender.
"""

from __future__ import annotations

from typing import Any

from rulecheck.examples import maps
from rulecheck.examples.check import Outcome


def names(example: Any) -> dict[str, str]:
    """The display names an example gives its attacker and defender, by role."""
    given = getattr(example, "given", None)
    found = {}
    for role in ("attacker", "defender"):
        name = getattr(getattr(given, role, None), "name", None)
        if isinstance(name, str) and name:
            found[role] = name
    return found


def battle_map_html(outcome: Outcome, language: str) -> str:
    """The card's map as a ``<figure>``, or nothing for an example without a grid."""
    drawn = getattr(outcome.result, "battle_map", None)
    if drawn is None or outcome.parsed is None:
        return ""
    example = outcome.parsed.example
    title = getattr(example, "title", None) or outcome.parsed.id
    return maps.figure_html(drawn, language, outcome.parsed.id, title, names(example))
