"""The numbers an example's display text writes, read as its language writes them.

Twins translate a title's and a name's words, not their numbers: « recule de 8 m » and "backs
away 10 m" told a reader two stories. Each language writes a number its own way, and an author
may type it in any digits a keyboard gives: « 1 000 » and "1,000" are one thousand, « 1,5 » and
"1.5" one and a half, "８" (full width), "٨" (Arabic-Indic) and "⁸" (superscript) are eight.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal
from typing import Any

from rulecheck.examples.schema import DISPLAY_KEYS

#: Digits and the marks that may join them into one number; NFKC has made every digit a decimal one.
_RUN = re.compile(r"\d+(?:[.,\u00a0\u202f ]\d+)*")
_GROUP = re.compile(r"\d+|[.,\u00a0\u202f ]")
#: What groups thousands, and what starts the decimals, in each language (English by default).
_THOUSANDS = {"fr": frozenset(" \u00a0\u202f"), "en": frozenset(",")}
_DECIMAL = {"fr": frozenset(",."), "en": frozenset(".")}


def numbers_in(text: str, language: str | None) -> tuple[str, ...]:
    """The numbers ``text`` writes, each as plain decimal digits (``1000``, ``1.5``), in order of size."""
    marks = language if language in _THOUSANDS else "en"
    thousands, decimal = _THOUSANDS[marks], _DECIMAL[marks]
    found: list[Decimal] = []
    for run in _RUN.finditer(unicodedata.normalize("NFKC", text)):
        whole, fraction, mark = "", None, None
        for part in _GROUP.findall(run[0]):
            if not part[0].isdigit():
                mark = part
                continue
            digits = "".join(str(unicodedata.digit(c)) for c in part)
            if not whole:
                whole = digits
            elif mark in thousands and fraction is None and len(digits) == 3:
                whole += digits
            elif mark in decimal and fraction is None:
                fraction = digits
            else:  # another number: « 2, 3 », "level 2 300 times"
                found.append(Decimal(f"{whole}.{fraction or 0}"))
                whole, fraction = digits, None
        found.append(Decimal(f"{whole}.{fraction or 0}"))
    return tuple(f"{number.normalize():f}" for number in sorted(found))


def display_numbers(data: Any, language: str | None,
                    path: tuple[str | int, ...] = ()) -> dict[tuple[str | int, ...], tuple[str, ...]]:
    """The numbers an example's display text writes (its title, each name), by where it writes them."""
    found: dict[tuple[str | int, ...], tuple[str, ...]] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            if key in DISPLAY_KEYS and isinstance(value, str):
                found[(*path, key)] = numbers_in(value, language)
            else:
                found |= display_numbers(value, language, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found |= display_numbers(value, language, (*path, index))
    return found
