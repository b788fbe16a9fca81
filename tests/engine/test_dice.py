from __future__ import annotations

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
    ("-1", (FlatTerm(-1),), -1),  # one sign may lead
    ("+1d4", (DiceTerm(1, 4),), 4),
    ("-1d4+2", (DiceTerm(1, 4, sign=-1), FlatTerm(2)), 1),
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
    ("--1", 2, "expected a die, a number or an ability"),  # never two signs in a row, first term or not
    ("+-1", 2, "expected a die, a number or an ability"),
    ("-+1d4", 2, "expected a die, a number or an ability"),
])
def test_bad_notation_is_located(text: str, col: int, fragment: str) -> None:
    with pytest.raises(DiceError) as error:
        DiceExpr.parse(text)
    assert error.value.col == col
    assert fragment in str(error.value)


@given(st.text(max_size=20))
def test_any_text_parses_or_raises_a_located_dice_error(text: str) -> None:
    try:
        expr = DiceExpr.parse(text)
    except DiceError as error:
        assert error.message
        assert error.col is None or 1 <= error.col <= len(text) + 1
        return
    assert DiceExpr.parse(str(expr)).terms == expr.terms  # what parses reads back the same


@given(st.lists(st.tuples(st.integers(1, 5), st.sampled_from([4, 6, 8, 10, 20])), min_size=1, max_size=4),
       st.integers(-5, 5))
def test_notation_round_trips_and_maximum_is_every_die_at_its_top(dice: list[tuple[int, int]], flat: int) -> None:
    text = "+".join(f"{count}d{sides}" for count, sides in dice) + (f"{flat:+d}" if flat else "")
    expr = DiceExpr.parse(text)
    assert [(t.count, t.sides) for t in expr.dice] == dice
    assert expr.maximum() == sum(count * sides for count, sides in dice) + flat


def test_a_huge_number_is_a_located_dice_error() -> None:
    with pytest.raises(DiceError) as error:
        DiceExpr.parse("1d6+" + "9" * 150)
    assert error.value.col == 5 and "more than 6 digits" in str(error.value)
    with pytest.raises(DiceError) as error:  # past the notation's length, refused before it is read
        DiceExpr.parse("1d6+" + "9" * 5000)
    assert error.value.col == 201 and "5,004 characters" in str(error.value)
