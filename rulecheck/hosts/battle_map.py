"""The battle map of an example card: the picture of its grid, from the engine's own result.

Glue between a checked example and :mod:`rulecheck.examples.maps`: the result's battle map, the
card's title, and the names the example gives the attacker and the defender.
"""

from __future__ import annotations

from collections.abc import Callable

from rulecheck.examples import maps
from rulecheck.examples.check import Outcome

names = maps.names


#: The section of the rules that gives each size its squares and reach, which a map's key points to.
SIZES_ANCHOR = "size-and-reach"


def battle_map_html(outcome: Outcome, language: str, link: Callable[[str], str | None] = lambda anchor: None) -> str:
    """The card's map as a ``<figure>``, or nothing for an example without a grid; ``link`` gives
    the address of a rule's section from the card's page."""
    drawn = getattr(outcome.result, "battle_map", None)
    if drawn is None or outcome.parsed is None:
        return ""
    return maps.card_figure(outcome.parsed, drawn, language, link(SIZES_ANCHOR))
