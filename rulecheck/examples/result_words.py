"""A card's result line in a player's words: creatures by their names, not by map letters, and no
dash for a value that does not apply.

The engine keeps creatures as the letters of the map (``opportunity_from: [o]``): that is what an
example's ``expect`` compares. A player reads the creature's name (``creatures: {o: {name: Orc}}``,
display text that may differ between languages), or, unnamed, what the map's letter means: the
creature acting (the attacker, or the one moving), the defender, an ally of the attacker,
another creature. A value the rule leaves empty because it does not apply (reach and flanking
for a ranged attack, the rounds of a refused coup de grâce) is left out of the line; one that
means "nothing" is said in words.
"""

from __future__ import annotations

from typing import Any

from rulecheck.engine.battlefield import layout
from rulecheck.engine.dying import HEALER
from rulecheck.engine.rests import POOLS
from rulecheck.engine.turn import TurnInput, spared_by_leaving
from rulecheck.examples.locales import Language
from rulecheck.examples.render import VALUES, colon, label, of, to, value, word

#: Result fields that hold map letters.
CREATURE_FIELDS = frozenset({"opportunity_from"})
#: Result fields that hold a turn's actions by their letters (M, A, G), said with their names.
ACTION_FIELDS = frozenset({"used", "left", "uses"})


def creature(grid: Any, letter: str, language: Language) -> str:
    """The name of the creature drawn as ``letter``, or the map letter's meaning in words."""
    occupant = getattr(grid, "creatures", {}).get(letter)
    if occupant is not None and occupant.name:
        return str(occupant.name)
    role = "acting" if letter == "A" else "defender" if letter == "D" else "ally" if letter.isupper() else "other"
    return word(f"creature.{role}", language)


def creature_labels(given: Any, language: Language) -> dict[str, str]:
    """The words of the trace labels ``creature.<letter>`` of an example's map, the distance in
    squares to a creature: "squares to" its name, or its letter's meaning (never a bare name
    beside a number, which reads as the creature's number on the picture)."""
    grid = getattr(given, "grid", None)
    if grid is None:
        return {}
    labels = {}
    for letter in layout(grid).creatures:
        name = creature(grid, letter, language)
        labels[f"creature.{letter}"] = word("creature.distance", language).format(to=to(name, language))
        labels[f"after.{letter}"] = word("creature.distance_after", language).format(to=to(name, language))
        labels[f"reach.{letter}"] = word("creature.reach", language).format(of=of(name, language))
    return labels


def trace_names(given: Any, language: Language) -> dict[str, str]:
    """The words a card gives the keys of a trace that name people of the example: its map's
    creatures (:func:`creature_labels`) and each stabilisation attempt's healer (``healer.1``),
    by the name the example gives them."""
    names = creature_labels(given, language)
    if isinstance(given, TurnInput):
        for index, step in enumerate(given.plan):  # « Capability Téléportation »: which one a step uses
            called = getattr(step, "name", "") or getattr(getattr(step, "capability", None), "name", "")
            if called:
                names[f"plan.{index}"] = called
        for why, spared in spared_by_leaving(given).items():  # « 1 (no line of sight: the wolf) »
            named = [given.contact[i].name for i in spared if given.contact[i].name]
            if named and len(named) == len(spared):
                names[why] = f"{label(why, language)}{colon(language)} {', '.join(named)}"
    for number, attempt in enumerate(getattr(given, "stabilise", ()), start=1):
        if attempt.name:
            names[f"{HEALER}.{number}"] = attempt.name
    return names


#: Result fields that are a bonus to something else, shown with their sign on a card.
BONUS_FIELDS = frozenset({"posture_bonus"})


def result_value(given: Any, result: Any, name: str, language: Language) -> str | None:
    """The result field ``name`` as a card's result line says it, or ``None`` to leave it out."""
    raw = getattr(result, name)
    if name == "damage" and "damage_dice" in type(result).model_fields and result.damage_dice is None:
        return None  # a capability without damage dice: « Damage dice: none » says it, « Damage: 0 » read as a blow
    if name in CREATURE_FIELDS and isinstance(raw, tuple):
        grid = getattr(given, "grid", None)
        return ", ".join(creature(grid, letter, language) for letter in raw) or word("none", language)
    if name in ACTION_FIELDS and isinstance(raw, tuple):  # « M (mouvement) », not a bare letter
        return ", ".join(word(f"cost.{letter}", language) for letter in raw) or word("none", language)
    if raw is None:
        said = f"{name}.None"
        return word(said, language) if said in VALUES.get(language, VALUES["en"]) else None
    said = value(raw, language, name)
    if name in BONUS_FIELDS and isinstance(raw, int) and raw > 0:
        said = f"+{said}"  # a bonus to something else: « 1 » alone read as a count
    if name in POOLS and getattr(result, "recovered", None) not in (None, name, "both"):
        said += word("rest.unchanged", language)  # « PM : 1 » beside a rest that gave back PV
    return said
