"""Traces and values in the reader's language. The only place French and English live in code.

Hosts format these strings as HTML or terminal text; the engine only gives keys and numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulecheck.engine.trace import Step, Term

Language = str

LABELS: Mapping[Language, Mapping[str, str]] = {
    "fr": {
        "d20": "d20", "level": "niveau", "bonus": "bonus", "attack": "attaque", "posture": "posture",
        "damage": "dégâts", "flat": "fixe",
        "str": "FOR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "SAG", "cha": "CHA",
        "def_phy": "Def PHY", "def_mag": "Def MAG",
    },
    "en": {
        "d20": "d20", "level": "level", "bonus": "bonus", "attack": "attack", "posture": "posture",
        "damage": "damage", "flat": "flat",
        "str": "STR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "WIS", "cha": "CHA",
        "def_phy": "Def PHY", "def_mag": "Def MAG",
    },
}

EVENTS: Mapping[Language, Mapping[str, str]] = {
    "fr": {
        "attack.test": "Test d'attaque",
        "attack.given": "Test d'attaque",
        "attack.critical": "20 naturel : réussite critique",
        "attack.fumble": "1 naturel : échec critique, l'attaque échoue",
        "attack.against_defence": "Attaque contre défense",
        "posture.simple": "Posture défensive simple",
        "posture.double": "Posture défensive double",
        "reaction.refused.magic": "Ni esquive ni parade contre une attaque magique",
        "reaction.refused.area": "Ni esquive ni parade contre une attaque de zone",
        "reaction.refused.opportunity": "Ni esquive ni parade contre une attaque d'opportunité",
        "reaction.refused.lost": "Réaction perdue après un échec critique au tour précédent",
        "reaction.dodge": "Test d'esquive",
        "reaction.parry": "Test de parade",
        "reaction.dodge.against_critical": "Test d'esquive, sans effet contre une réussite critique",
        "reaction.parry.against_critical": "Test de parade, sans effet contre une réussite critique",
        "reaction.dodge.natural_20": "Test d'esquive, 20 naturel : réussite critique",
        "reaction.parry.natural_20": "Test de parade, 20 naturel : réussite critique",
        "reaction.dodge.natural_1": "Test d'esquive, 1 naturel : échec critique",
        "reaction.parry.natural_1": "Test de parade, 1 naturel : échec critique",
        "reaction.counter_attack": "Contre-attaque possible (au contact)",
        "reaction.lost_next_turn": "Ni esquive ni parade au tour suivant",
        "damage.roll": "Dégâts",
        "damage.critical": "Dégâts critiques, dés au maximum",
        "damage.bonus": "Bonus de dégâts",
        "damage.total": "Dégâts subis",
    },
    "en": {
        "attack.test": "Attack test",
        "attack.given": "Attack test",
        "attack.critical": "natural 20: critical success",
        "attack.fumble": "natural 1: critical failure, the attack fails",
        "attack.against_defence": "Attack against defence",
        "posture.simple": "Simple defensive posture",
        "posture.double": "Double defensive posture",
        "reaction.refused.magic": "No dodge or parry against a magical attack",
        "reaction.refused.area": "No dodge or parry against an area attack",
        "reaction.refused.opportunity": "No dodge or parry against an opportunity attack",
        "reaction.refused.lost": "Reaction lost after last turn's critical failure",
        "reaction.dodge": "Dodge test",
        "reaction.parry": "Parry test",
        "reaction.dodge.against_critical": "Dodge test, useless against a critical success",
        "reaction.parry.against_critical": "Parry test, useless against a critical success",
        "reaction.dodge.natural_20": "Dodge test, natural 20: critical success",
        "reaction.parry.natural_20": "Parry test, natural 20: critical success",
        "reaction.dodge.natural_1": "Dodge test, natural 1: critical failure",
        "reaction.parry.natural_1": "Parry test, natural 1: critical failure",
        "reaction.counter_attack": "Counter-attack allowed (in contact)",
        "reaction.lost_next_turn": "No dodge or parry next turn",
        "damage.roll": "Damage",
        "damage.critical": "Critical damage, dice at their maximum",
        "damage.bonus": "Damage bonus",
        "damage.total": "Damage taken",
    },
}

VALUES: Mapping[Language, Mapping[str, str]] = {
    "fr": {
        "hit": "touché", "miss": "raté", "dodged": "esquivée", "parried": "parée",
        "dodge_succeeds": "esquive réussie", "dodge_fails": "esquive ratée",
        "parry_succeeds": "parade réussie", "parry_fails": "parade ratée",
        "bonus": "bonus", "no_bonus": "aucun bonus", "refused": "refusée",
        "none": "aucune", "dodge": "esquive", "parry": "parade",
        "melee": "au contact", "ranged": "à distance", "magic": "magique",
        "true": "oui", "false": "non", "checked": "vérifié", "outcome": "Résultat",
        "damage": "dégâts", "show_yaml": "Voir l'exemple (YAML)", "error": "Exemple en erreur",
    },
    "en": {
        "hit": "hit", "miss": "miss", "dodged": "dodged", "parried": "parried",
        "dodge_succeeds": "dodge succeeds", "dodge_fails": "dodge fails",
        "parry_succeeds": "parry succeeds", "parry_fails": "parry fails",
        "bonus": "bonus", "no_bonus": "no bonus", "refused": "refused",
        "none": "none", "dodge": "dodge", "parry": "parry",
        "melee": "melee", "ranged": "ranged", "magic": "magical",
        "true": "yes", "false": "no", "checked": "checked", "outcome": "Outcome",
        "damage": "damage", "show_yaml": "Show the example (YAML)", "error": "Example in error",
    },
}

_OPS = {">=": "≥", ">": ">", "<=": "≤", "<": "<"}
MINUS = "−"


def word(key: str, language: Language) -> str:
    return VALUES.get(language, VALUES["en"]).get(key, key)


def label(key: str, language: Language) -> str:
    if key.startswith("max:"):
        return f"{key[4:]} max"
    return LABELS.get(language, LABELS["en"]).get(key, key)


def number(value: int | float, language: Language) -> str:
    text = f"{value:g}" if isinstance(value, float) else str(value)
    if language == "fr":
        text = text.replace(".", ",")
    return text.replace("-", MINUS)


def percent(probability: float, language: Language, digits: int = 0) -> str:
    value = round(probability * 100, digits)
    text = f"{value:.{digits}f}"
    return f"{text.replace('.', ',')}\u202f%" if language == "fr" else f"{text}%"


def value(raw: Any, language: Language) -> str:
    """A result value as prose shows it: numbers localised, keys translated."""
    if isinstance(raw, bool):
        return word("true" if raw else "false", language)
    if isinstance(raw, int | float):
        return number(raw, language)
    if raw is None:
        return "—"
    return word(str(raw), language)


def _terms(terms: tuple[Term, ...], language: Language) -> str:
    text = ""
    for index, term in enumerate(terms):
        shown = f"{abs(term.value)} ({label(term.label, language)})"
        if index == 0:
            text = (MINUS if term.value < 0 else "") + shown
        else:
            text += f" {MINUS if term.value < 0 else '+'} {shown}"
    return text


def step(step: Step, language: Language) -> str:
    """``Test de parade : 17 (d20) + 2 (niveau) + 4 (FOR) = 23 ≥ 15 (attaque) → parade réussie``."""
    head = EVENTS.get(language, EVENTS["en"]).get(step.event, step.event)
    body = ""
    if step.terms:
        body = _terms(step.terms, language)
        if step.value is not None and (len(step.terms) > 1 or step.terms[0].value != step.value):
            body += f" = {number(step.value, language)}"
    elif step.value is not None:
        body = number(step.value, language)
    if step.against is not None:
        op = _OPS[step.op] if step.op else "/"
        against = f"{number(step.against, language)} ({label(step.against_label or '', language)})"
        body += f" {op} {against}"
    if step.verdict:
        body += f" → {word(step.verdict, language)}"
    separator = "\u00a0: " if language == "fr" else ": "
    return f"{head}{separator}{body}" if body else head


def trace(steps: tuple[Step, ...], language: Language) -> list[str]:
    return [step(s, language) for s in steps]
