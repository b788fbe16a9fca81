"""One creature, one name; one name, one creature: the names a grid example gives its tokens.

A card names its creatures twice: its cast line by their roles (``given.attacker.name``), its map
by their letters (``creatures: {A: {name: …}}``). A 32nd hostile round gave the attacker two names
(« Lysa attacks the lookout » above a map whose key said « 1: attacker (the ogre) »), two creatures
one name (« token 3 attacks the orc », the other orc), and names that read as the map's own words
(« 2: target (1) », a target named « the attacker »). Each is a problem at the name written second
(or at the one that reads as the map's words), compared as a reader tells names apart
(:func:`~rulecheck.examples.cast.name_key`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from rulecheck.engine.sightlines import BattleMap
from rulecheck.errors import FieldPath, Problem
from rulecheck.examples.cast import name_key
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.render import word
from rulecheck.examples.schema import ParsedExample

#: The roles an example names outside its grid, whose tokens must not be named otherwise.
NAMED_ROLES = ("attacker", "defender")
#: The words a map calls its creatures by (« the attacker », « token 2 »): no creature's name.
_TOKEN = re.compile(r"(?:token|jeton)?\s*\d+", re.IGNORECASE)


@functools.cache
def _map_words() -> frozenset[str]:
    roles = ("attacker", "defender", "ally", "other", "mover", "enemy", "ally_of_mover")
    return frozenset(name_key(word(f"map.called.{role}", language)) for role in roles for language in LANGUAGES)


def name_problems(parsed: ParsedExample, drawn: BattleMap, names: Mapping[str, str],
                  grid: FieldPath) -> list[Problem]:
    """The names of ``drawn``'s creatures that a reader would misread, each located where it is
    written: ``names`` as :func:`~rulecheck.examples.maps.names` gives them, ``grid`` where the
    example writes its grid."""
    problems: list[Problem] = []
    first: dict[str, str] = {}  # a name's key → the token that has it
    map_words = _map_words()
    for figure in drawn.figures:
        by_letter, by_role = names.get(f"letter:{figure.letter}"), names.get(figure.role)
        role_field: FieldPath = ("given", figure.role, "name")
        letter_field: FieldPath = (*grid, "creatures", figure.letter, "name")
        if figure.role not in NAMED_ROLES:
            by_role = None
        if by_letter and by_role and name_key(by_letter) != name_key(by_role):
            problems.append(parsed.problem(
                f"the {figure.role} is named `{by_role}` (`given.{figure.role}.name`) and its token "
                f"`{figure.letter}` `{by_letter}`: one creature, two names on one card. Hint: keep one name: leave "
                f"out the token's, which `given.{figure.role}` already gives", letter_field))
        shown, field = (by_letter, letter_field) if by_letter else (by_role, role_field)
        if not shown:
            continue
        key = name_key(shown)
        if _TOKEN.fullmatch(shown.strip()) or key in map_words:
            problems.append(parsed.problem(
                f"`{shown}` reads as the map's own words (a token's number or a role), not as a creature's name. "
                "Hint: give the creature a name of its own (« the sentry », « Lysa »)", field))
        elif key in first:
            problems.append(parsed.problem(
                f"`{shown}` names two creatures of this example (tokens `{first[key]}` and `{figure.letter}`): "
                "a reader cannot tell them apart. Hint: name them apart (« the first orc », « the orc chief »)",
                field))
        else:
            first[key] = figure.letter
    return problems
