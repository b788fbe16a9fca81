from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.engine.dice import AbilityTerm, DiceExpr, DiceTerm, FlatTerm
from rulecheck.errors import DiceError


@pytest.mark.parametrize(("text", "terms", "maximum"), [
    ("1d20", (DiceTerm(1, 20),), 20),
    ("2d6+1", (DiceTerm(2, 6), FlatTerm(1)), 13),
    ("d100", (DiceTerm(1, 100),), 100),
    ("1d4+FOR", (DiceTerm(1, 4), AbilityTerm("str")), 4 + 3),
    ("1d4 + STR", (DiceTerm(1, 4), AbilityTerm("str")), 4 + 3),
    ("2d4 + 2d4", (DiceTerm(2, 4), DiceTerm(2, 4)), 16),
    ("1d6-2", (DiceTerm(1, 6), FlatTerm(-2)), 4),
])
def test_parse_and_maximum(text: str, terms: tuple[object, ...], maximum: int) -> None:
    expr = DiceExpr.parse(text)
    assert expr.terms == terms
    assert expr.maximum({"str": 3}) == maximum


@pytest.mark.parametrize(("text", "col", "fragment"), [
    ("2d6++1", 5, "expected a die, a number or an ability"),
    ("1d4 1", 5, "expected `+` or `-`"),
    ("1d4+XYZ", 5, "unknown ability `XYZ`"),
    ("3d0", 1, "a die needs 2 to 1000 faces"),
    ("101d6", 1, "out of range"),
    ("2d6+", 5, "expected a die"),
])
def test_bad_notation_is_located(text: str, col: int, fragment: str) -> None:
    with pytest.raises(DiceError) as error:
        DiceExpr.parse(text)
    assert error.value.col == col
    assert fragment in str(error.value)


@given(st.text(max_size=20))
def test_any_text_parses_or_raises_a_dice_error(text: str) -> None:
    with contextlib.suppress(DiceError):
        DiceExpr.parse(text)
