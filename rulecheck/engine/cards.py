"""Capability cards: ``Name | type - cost - attack(ability) - range : text``, parsed and checked.

A card line is written as in the rules (``Attaque Éclair | C - A - PHY(DEX) : …``):

- ``type``: ``C`` or ``PC``, kept as written;
- ``cost``: the actions it uses, ``M``, ``A``, ``MA`` (both) or ``G`` (the free action);
- then, optionally, ``PHY(ability)`` or ``MAG(ability)`` for an attack (abilities in French or
  English: ``FOR``/``STR``, ``DEX``, ``CON``, ``INT``, ``SAG``/``WIS``, ``CHA``), or
  ``Soutien``/``Support`` for a capability without an attack test;
- then, optionally, a range in metres (``15m``);
- ``: text``, optional: the effect in words; the engine does not read it.

A malformed line raises :class:`CardError` with the 1-based column of the bad part, what was
expected there and a hint. The damage of the capabilities the rules describe in numbers
(Attaque Éclair, Châtiment de l'Hérétique) is data here, in :data:`CAPABILITIES`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from rulecheck.engine.dice import ABILITY_NAMES, DiceExpr
from rulecheck.engine.models import Ability, Attack, Model
from rulecheck.errors import FieldPath, RuleError

CardType = Literal["C", "PC"]
Cost = Literal["M", "A", "MA", "G"]
Letter = Literal["M", "A", "G"]
TargetKind = Literal["living", "demonic", "non_living"]

#: The actions each cost uses, in the order M, A, G.
COST_ACTIONS: Mapping[str, tuple[Letter, ...]] = {"M": ("M",), "A": ("A",), "MA": ("M", "A"), "G": ("G",)}
CARD_TYPES: tuple[str, ...] = ("C", "PC")
SUPPORT_WORDS: tuple[str, ...] = ("Soutien", "Support")
MAX_CARD_LENGTH = 2000

# Linear: possessive quantifiers over classes that cannot trade characters (no backtracking).
_ATTACK = re.compile(r"^(?P<kind>[A-Za-z]++)\s*+\(\s*+(?P<ability>[^()\s]*+(?:\s++[^()\s]++)*+)\s*+\)$")
_RANGE = re.compile(r"^(?P<metres>[0-9]+)\s*(?P<unit>[A-Za-zéè.]*)$")


class CardError(RuleError):
    """A card line that does not parse: ``col`` (1-based), ``expected`` and ``got`` say where and why."""

    def __init__(self, message: str, *, col: int, expected: str, got: str, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)  # the host that read the card locates it (a `card` field)
        self.col = col
        self.expected = expected
        self.got = got


class CardAttack(Model):
    """The attack test a capability makes: physical (Def PHY) or magical (Def MAG), with an ability."""

    kind: Literal["phy", "mag"]
    ability: Ability


class Capability(Model):
    """One parsed capability card."""

    name: str
    type: CardType
    cost: Cost
    attack: CardAttack | None = None
    support: bool = False
    range: int | None = None
    text: str = ""

    @property
    def actions(self) -> tuple[Letter, ...]:
        """The actions (M, A, G) the card's cost uses."""
        return COST_ACTIONS[self.cost]


@dataclass(frozen=True)
class CapabilityData:
    """What the rules say in numbers about a named capability.

    ``damage_by_level`` lists ``(from level, dice)`` in increasing order; ``extra`` means the
    damage adds to a weapon attack's (``Attack.extra_damage``) rather than standing alone.
    ``type``, ``attack`` (as the rules write it: ``MAG(SAG)``, or ``Soutien``) and ``range`` are
    the rest of the card's meta-information in the rules, which a card may leave out but not change.
    """

    type: CardType
    cost: Cost
    attack: str | None = None
    range: int | None = None
    damage_by_level: tuple[tuple[int, str], ...] = ()
    extra: bool = False
    mp_cost: int = 0
    damage_type: str | None = None
    doubled_against: frozenset[TargetKind] = frozenset()

    def damage_at(self, level: int) -> DiceExpr | None:
        found = None
        for start, dice in self.damage_by_level:
            if level >= start:
                found = dice
        return DiceExpr.parse(found) if found else None


def card_key(name: str) -> str:
    """The lookup key of a capability name: NFC, case-folded, typographic apostrophes as ``'``."""
    text = unicodedata.normalize("NFC", name).replace("\u2019", "'").replace("\u02bc", "'")
    return " ".join(text.casefold().split())


#: The capabilities whose card the rules give (seed 002), by :func:`card_key` of their name.
CAPABILITIES: Mapping[str, CapabilityData] = {
    card_key("Téléportation"): CapabilityData(type="PC", cost="M", attack="Soutien"),
    card_key("Attaque Éclair"): CapabilityData(
        type="C", cost="A", attack="PHY(DEX)", extra=True,
        damage_by_level=((1, "1d4"), (3, "2d4"), (5, "2d6"), (7, "2d8")),
    ),
    card_key("Châtiment de l'Hérétique"): CapabilityData(
        type="C", cost="MA", attack="MAG(SAG)", range=15,
        damage_by_level=((1, "1d4+1"),), mp_cost=3, damage_type="holy",
        doubled_against=frozenset({"demonic", "non_living"}),
    ),
    card_key("Provocation"): CapabilityData(type="C", cost="G"),
}
#: An ability as the rules' cards write it (in French): what a card's attack is compared in.
CARD_ABILITY = {"str": "FOR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "SAG", "cha": "CHA"}


def known(capability: Capability) -> CapabilityData | None:
    return CAPABILITIES.get(card_key(capability.name))


def known_checked(capability: Capability, field: FieldPath) -> CapabilityData | None:
    """The rules' data for a capability they know (``None`` otherwise). A card that changes what
    the rules' own card says of it (its type, cost, attack or range) is refused, ``field`` naming
    the card line; a part the card leaves out, or one the rules' card does not give (a range), is
    not a change."""
    data = known(capability)
    if data is None:
        return None
    attack = ("Soutien" if capability.support else
              f"{capability.attack.kind.upper()}({CARD_ABILITY[capability.attack.ability]})" if capability.attack
              else None)
    said = (capability, data, field)
    _unchanged(*said, part="type", rules=data.type, card=capability.type, code="capability_type")
    _unchanged(*said, part="cost", rules=data.cost, card=capability.cost, code="capability_cost")
    _unchanged(*said, part="attack", rules=data.attack or "Soutien", card=attack,  # no attack test: support
               code="capability_attack")
    _unchanged(*said, part="range", rules=f"{data.range}m" if data.range else None,
               card=f"{capability.range}m" if capability.range else None, code="capability_range")
    return data


def _unchanged(capability: Capability, data: CapabilityData, field: FieldPath, *, part: str, rules: str | None,
               card: str | None, code: str) -> None:
    """Refuse a card whose ``part`` says ``card`` where the rules' own card says ``rules``."""
    if card is not None and rules is not None and card != rules:
        raise RuleError(
            f"the rules give {capability.name} the {part} {rules}; this card says {card}",
            field=field, hint=f"write the card as the rules do: `{capability.name} | {_written(data)}`",
            code=code, params={"capability": capability.name, "rules": rules, "card": card},
        )


def _written(data: CapabilityData) -> str:
    """The meta-information of the rules' own card: ``C - MA - MAG(SAG) - 15m``."""
    return " - ".join(part for part in (data.type, data.cost, data.attack, f"{data.range}m" if data.range else None)
                      if part)


def parse_card(line: str) -> Capability:
    """Parse one card line; raise :class:`CardError` at the first malformed part."""
    if len(line) > MAX_CARD_LENGTH:
        raise CardError(f"a card line is {MAX_CARD_LENGTH} characters at most, this one has {len(line)}",
                        col=MAX_CARD_LENGTH + 1, expected="a shorter line", got="more text")
    bar = line.find("|")
    if bar < 0:
        raise _error(line, len(line.rstrip()) + 1, "`|` after the capability's name", "end of the line",
                     "write `Name | type - cost : text`, e.g. `Provocation | C - G : …`")
    name = line[:bar].strip()
    if not name:
        raise _error(line, bar + 1, "the capability's name before `|`", "`|`",
                     "start the card with its name, e.g. `Attaque Éclair | C - A - PHY(DEX)`")
    colon = line.find(":", bar)
    meta_end = colon if colon >= 0 else len(line)
    text = line[colon + 1:].strip() if colon >= 0 else ""
    if colon >= 0 and not text:
        raise _error(line, colon + 2, "the capability's text after `:`", "end of the line",
                     "write the effect after `:`, or drop the `:`")
    parts = _parts(line, bar + 1, meta_end)
    return _meta(line, name, parts, meta_end, text)


def _parts(line: str, start: int, end: int) -> list[tuple[int, str]]:
    """The ``-``-separated parts of the meta-information, each with its 0-based column."""
    parts = []
    pos = start
    for piece in line[start:end].split("-"):
        stripped = piece.strip()
        lead = len(piece) - len(piece.lstrip()) if stripped else 0
        parts.append((pos + lead, stripped))
        pos += len(piece) + 1
    return parts


def _meta(line: str, name: str, parts: list[tuple[int, str]], end: int, text: str) -> Capability:
    expected_in_order = ("a type (C or PC)", "a cost (M, A, MA or G)")
    for index, (col, part) in enumerate(parts):
        if not part:
            what = expected_in_order[index] if index < 2 else "an attack, `Soutien` or a range"
            raise _error(line, col + 1, what, "nothing",
                         "parts of the card are separated by ` - `; remove the empty one")
    type_col, card_type = parts[0]
    if card_type not in CARD_TYPES:
        raise _error(line, type_col + 1, "a type (C or PC)", f"`{card_type}`",
                     "the first part after `|` is the card's type, `C` or `PC`")
    if len(parts) < 2:
        raise _error(line, end + 1, "` - ` then a cost (M, A, MA or G)", "end of the meta-information",
                     "say which actions the capability uses, e.g. `C - A`")
    cost_col, cost = parts[1]
    if cost not in COST_ACTIONS:
        hint = "write `MA` for a double action" if cost.upper() in {"AM", "MM"} else (
            "costs are `M` (movement), `A` (attack), `MA` (both) or `G` (free action), in capitals")
        raise _error(line, cost_col + 1, "a cost (M, A, MA or G)", f"`{cost}`", hint)
    attack: CardAttack | None = None
    support = False
    distance: int | None = None
    for col, part in parts[2:]:
        if distance is not None:
            raise _error(line, col + 1, "`:` and the text, or the end of the card", f"`{part}`",
                         "the range is the last part of the meta-information")
        if _RANGE.match(part):
            distance = _range(line, col, part)
        elif attack is not None or support:
            raise _error(line, col + 1, "a range such as `15m`", f"`{part}`",
                         "a card has one attack (or `Soutien`), then at most one range")
        elif part in SUPPORT_WORDS:
            support = True
        else:
            attack = _attack(line, col, part)
    return Capability(name=name, type=card_type, cost=cost, attack=attack, support=support,
                      range=distance, text=text)


def _attack(line: str, col: int, part: str) -> CardAttack:
    match = _ATTACK.match(part)
    if match is None or match["kind"] not in {"PHY", "MAG"}:
        raise _error(line, col + 1, "an attack `PHY(ability)` or `MAG(ability)`, `Soutien` or a range",
                     f"`{part}`", "e.g. `PHY(DEX)` for a physical attack, `MAG(SAG)` for a magical one")
    code = match["ability"]
    if code not in ABILITY_NAMES:
        raise _error(line, col + match.start("ability") + 1, "an ability (FOR/STR, DEX, CON, INT, SAG/WIS, CHA)",
                     f"`{code}`" if code else "nothing", "write the ability the attack roll adds, in capitals")
    kind: Literal["phy", "mag"] = "phy" if match["kind"] == "PHY" else "mag"
    return CardAttack(kind=kind, ability=ABILITY_NAMES[code])


def _range(line: str, col: int, part: str) -> int:
    match = _RANGE.match(part)
    assert match is not None
    unit = match["unit"]
    if unit != "m":
        raise _error(line, col + match.start("unit") + 1, "a range in metres, `m`", f"`{unit}`" if unit else "nothing",
                     "write the range in metres, e.g. `15m`")
    metres = int(match["metres"])
    if not 1 <= metres <= 1000:
        raise _error(line, col + 1, "a range of 1 to 1000 metres", f"`{part}`", "e.g. `15m`")
    return metres


def _error(line: str, col: int, expected: str, got: str, hint: str) -> CardError:
    return CardError(f"card `{line}`: expected {expected} at column {col}, got {got}",
                     col=col, expected=expected, got=got, hint=hint)


def capability_damage(capability: Capability, level: int) -> DiceExpr | None:
    """The damage dice the rules give this capability at ``level`` (``None`` if they give none)."""
    data = known(capability)
    return data.damage_at(level) if data else None


def with_capability(attack: Attack, capability: Capability, level: int) -> Attack:
    """``attack`` with the capability's extra damage at ``level`` added to ``extra_damage``.

    Only for capabilities whose damage adds to a weapon's (Attaque Éclair); others raise
    :class:`RuleError`.
    """
    data = known(capability)
    dice = data.damage_at(level) if data and data.extra else None
    if dice is None:
        raise RuleError(
            f"{capability.name} adds no extra damage to a weapon attack",
            hint="only capabilities such as Attaque Éclair add dice to a weapon's damage",
            code="no_extra_damage", params={"capability": capability.name},
        )
    return attack.model_copy(update={"extra_damage": (*attack.extra_damage, dice)})
