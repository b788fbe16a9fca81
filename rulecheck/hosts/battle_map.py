"""The battle map of an example card: the picture of its grid, from the engine's own result.

Glue between a checked example and :mod:`rulecheck.examples.maps`: the result's battle map, the
card's title, and the names the example gives the attacker and the defender.
"""

from __future__ import annotations

from rulecheck.examples import maps
from rulecheck.examples.check import Outcome

names = maps.names


def battle_map_html(outcome: Outcome, language: str) -> str:
    """The card's map as a ``<figure>``, or nothing for an example without a grid."""
    drawn = getattr(outcome.result, "battle_map", None)
    if drawn is None or outcome.parsed is None:
        return ""
    return maps.card_figure(outcome.parsed, drawn, language)
