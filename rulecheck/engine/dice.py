"""Dice notation, parsed once into an immutable expression.

``1d20``, ``2d6+1``, ``1d4+STR``, ``d100``: a sum of dice terms, flat numbers and ability
references (resolved against a combatant's abilities). An expression can be rolled from a
:class:`~rulecheck.engine.sources.DiceSource`, maximised (criticals), and turned into an exact
distribution.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from rulecheck.engine.limits import MAX_NOTATION, MAX_TERMS
from rulecheck.errors import DiceError, shortened

#: Ability codes used in data, with the French and English names authors write in notation.
ABILITY_NAMES: Mapping[str, str] = {
    "STR": "str", "FOR": "str",
    "DEX": "dex",
    "CON": "con",
    "INT": "int",
    "WIS": "wis", "SAG": "wis",
    "CHA": "cha",
}
MAX_DICE = 100
MAX_DIGITS = 6
MAX_SIDES = 1000

_TOKEN = re.compile(
    r"\s*(?:(?P<dice>(?P<count>[0-9]*)[dD](?P<sides>[0-9]+))|(?P<flat>[0-9]+)|(?P<ability>[A-Za-z]+)|(?P<sign>[+-]))"
)
# ASCII digits only: `\d` would take full-width or Arabic-Indic digits (`１d６`), which `int()` reads.
_TERM = r"([0-9]*[dD][0-9]+|[0-9]+|[A-Za-z]+)"
NOTATION_PATTERN = rf"^\s*[+-]?\s*{_TERM}(\s*[+-]\s*{_TERM}){{0,{MAX_TERMS - 1}}}\s*$"


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides`` faces, added (sign 1) or subtracted (sign -1)."""

    count: int
    sides: int
    sign: int = 1

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True)
class FlatTerm:
    value: int


@dataclass(frozen=True)
class AbilityTerm:
    """An ability of the roller: ``+STR`` adds the combatant's strength modifier."""

    ability: str
    sign: int = 1


Term = DiceTerm | FlatTerm | AbilityTerm


@dataclass(frozen=True)
class DiceExpr:
    """A parsed dice expression; ``text`` is the notation as written."""

    terms: tuple[Term, ...]
    text: str

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Parse notation such as ``2d6+1``; raises ``DiceError`` with the column at fault."""
        if not isinstance(text, str):
            raise DiceError(f"dice notation must be text such as `2d6+1`, got {text!r}")
        terms: list[Term] = []
        pos, sign, expect_term, leading_sign = 0, 1, True, False
        stripped_end = len(text.rstrip())
        if not text.strip():
            raise DiceError("empty dice notation", hint="write dice as `NdM+K`, e.g. `2d6+1`")
        if len(text) > MAX_NOTATION:
            raise DiceError(f"`{shortened(text)}`: dice notation of {len(text):,} characters, past the limit of "
                            f"{MAX_NOTATION}", col=MAX_NOTATION + 1, hint=_TERMS_HINT)
        while pos < stripped_end:
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                raise _syntax(text, pos, "a die (`2d6`), a number or an ability")
            if match["sign"]:
                if not expect_term:
                    sign, expect_term = (1 if match["sign"] == "+" else -1), True
                elif not terms and not leading_sign:  # one sign before the first term: `-1`, `+1d4`
                    sign, leading_sign = (1 if match["sign"] == "+" else -1), True
                else:
                    raise _syntax(text, match.start("sign"), "a die, a number or an ability")
            else:
                if not expect_term:
                    raise _syntax(text, match.start() + len(match[0]) - len(match[0].lstrip()), "`+` or `-`")
                if len(terms) == MAX_TERMS:
                    start = match.start() + len(match[0]) - len(match[0].lstrip())
                    raise DiceError(f"`{shortened(text)}`: more than {MAX_TERMS} terms (term {MAX_TERMS + 1} at column "
                                    f"{start + 1})", col=start + 1, hint=_TERMS_HINT)
                digits = max((match[name] or "" for name in ("count", "sides", "flat")), key=len)
                if len(digits) > MAX_DIGITS:
                    start = match.start() + len(match[0]) - len(match[0].lstrip())
                    raise DiceError(f"`{shortened(text)}`: a number of more than {MAX_DIGITS} digits at column "
                                    f"{start + 1}", col=start + 1,
                                    hint="dice notation holds small numbers, e.g. `2d6+1`")
                if match["dice"]:
                    count = int(match["count"] or 1)
                    sides = int(match["sides"])
                    if not 1 <= count <= MAX_DICE:
                        raise DiceError(
                            f"`{shortened(text)}`: {count} dice is out of range (1 to {MAX_DICE})",
                            col=match.start("dice") + 1,
                        )
                    if not 2 <= sides <= MAX_SIDES:
                        raise DiceError(
                            f"`{shortened(text)}`: a die needs 2 to {MAX_SIDES} faces, got d{sides}",
                            col=match.start("dice") + 1,
                        )
                    terms.append(DiceTerm(count, sides, sign))
                elif match["flat"]:
                    terms.append(FlatTerm(sign * int(match["flat"])))
                else:
                    name = match["ability"].upper()
                    if name not in ABILITY_NAMES:
                        raise DiceError(
                            f"`{shortened(text)}`: unknown ability `{match['ability']}`",
                            col=match.start("ability") + 1,
                            hint="abilities are " + ", ".join(sorted(ABILITY_NAMES)),
                        )
                    terms.append(AbilityTerm(ABILITY_NAMES[name], sign))
                sign, expect_term = 1, False
            pos = match.end()
        if expect_term:
            raise _syntax(text, stripped_end, "a die, a number or an ability")
        return cls(tuple(terms), text.strip())

    def __str__(self) -> str:
        return self.text

    @property
    def dice(self) -> tuple[DiceTerm, ...]:
        """The dice terms, without flat numbers and abilities."""
        return tuple(t for t in self.terms if isinstance(t, DiceTerm))

    def flat(self, abilities: Mapping[str, int] | None = None) -> int:
        """The sum of the flat and ability terms."""
        total = 0
        for term in self.terms:
            if isinstance(term, FlatTerm):
                total += term.value
            elif isinstance(term, AbilityTerm):
                total += term.sign * (abilities or {}).get(term.ability, 0)
        return total

    def maximum(self, abilities: Mapping[str, int] | None = None) -> int:
        """The highest total: every added die at its top face, every subtracted die at 1."""
        return sum(t.sign * (t.sides if t.sign > 0 else 1) * t.count for t in self.dice) + self.flat(abilities)

    # pydantic integration: a field typed DiceExpr accepts notation text and serialises back to it.
    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        def validate(value: Any) -> DiceExpr:
            if isinstance(value, DiceExpr):
                return value
            try:
                return cls.parse(value)
            except DiceError as error:
                raise ValueError(str(error)) from None

        return core_schema.no_info_plain_validator_function(
            validate, serialization=core_schema.plain_serializer_function_ser_schema(str)
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {"type": "string", "pattern": NOTATION_PATTERN, "maxLength": MAX_NOTATION,
                "examples": ["1d20", "2d6+1", "1d4+STR"],
                "description": f"Dice notation: at most {MAX_TERMS} terms; each term holds 1 to {MAX_DICE} dice of "
                               f"2 to {MAX_SIDES} faces."}


_TERMS_HINT = (f"a dice expression holds at most {MAX_TERMS} terms and {MAX_NOTATION} characters: add dice of one "
               "kind up (`3d6`, not `1d6+1d6+1d6`)")


def _syntax(text: str, index: int, expected: str) -> DiceError:
    got = text[index:index + 1] or "end of text"
    return DiceError(
        f"`{shortened(text)}`: expected {expected} at column {index + 1}, got `{got}`",
        col=index + 1,
        hint="write dice as `NdM+K`, e.g. `2d6+1` or `1d4+STR`",
    )
