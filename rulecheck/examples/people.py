"""Who an example is about: every creature it names, and who attacks whom.

A card's cast line names everyone in the example, whether a recurring cast member (``cast:
elara``) or a one-off name (``name: Bandit``, a map creature's ``name``), in the order the example
gives them; for an attack, it says who attacks whom. Names are display text, read from the
example's input as validated (cast members already written in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True)
class People:
    """The names an example gives, in order, each once; and for an attack, the two sides."""

    names: tuple[str, ...]
    attacker: str | None = None
    defender: str | None = None


def people(given: Any) -> People:
    """The names of the example whose validated input is ``given``."""
    found: list[str] = []
    _collect(given, found)
    names = tuple(dict.fromkeys(found))
    attacker, defender = getattr(given, "attacker", None), getattr(given, "defender", None)
    if isinstance(attacker, BaseModel) and isinstance(defender, BaseModel):  # an attack, a coup de grâce
        return People(names, _name(attacker), _name(defender))
    target = getattr(given, "target", None)
    if isinstance(attacker, BaseModel) and isinstance(target, BaseModel) and _name(attacker):  # a poisoned weapon
        return People(names, _name(attacker), _name(target))
    return People(names)


def _name(who: Any) -> str | None:
    name = getattr(who, "name", "")
    return name if isinstance(name, str) and name else None


def _collect(value: Any, found: list[str]) -> None:
    if isinstance(value, BaseModel):
        for field in type(value).model_fields:
            held = getattr(value, field)
            if field == "name" and isinstance(held, str):
                if held:
                    found.append(held)
            else:
                _collect(held, found)
    elif isinstance(value, tuple | list):
        for item in value:
            _collect(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _collect(item, found)
