"""The one stacking rule, rule by rule, and the modifier model."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rulecheck.engine import Modifier, stack
from rulecheck.engine.modifiers import Column, ModifierKind
from tests.conftest import examples


def mod(kind: ModifierKind, value: int, source: str = "", *, target: str = "attack", melee: bool = True,
        ranged: bool = True) -> Modifier:
    return Modifier.model_validate({"kind": kind, "source": source or f"{kind}.{value}", "target": target,
                                    "value": value, "melee": melee, "ranged": ranged})


def test_rule_1_only_the_modifiers_of_the_target_and_the_column_count() -> None:
    flanking = mod("flanking", 2, ranged=False)
    cover = mod("cover", 4, target="defence")
    assert stack([flanking, cover], "attack", "melee").applied == (flanking,)
    assert stack([flanking, cover], "attack", "ranged").applied == ()
    assert stack([flanking, cover], "defence", "ranged").applied == (cover,)


def test_rule_2_same_kind_bonuses_do_not_add_the_highest_applies() -> None:
    normal, improved = mod("cover", 4, "cover.normal", target="defence"), mod("cover", 8, "cover.improved",
                                                                             target="defence")
    result = stack([normal, improved], "defence", "melee")
    assert (result.applied, result.ignored, result.total) == ((improved,), (normal,), 8)


def test_rule_3_penalties_of_different_conditions_add_up() -> None:
    dazzled, shaken = mod("condition", -1, "attacker.dazzled"), mod("condition", -2, "attacker.shaken")
    result = stack([dazzled, shaken], "attack", "melee")
    assert (result.applied, result.ignored, result.total) == ((dazzled, shaken), (), -3)


def test_rule_4_the_same_source_twice_does_not_add_the_worst_applies() -> None:
    mild, strong = mod("condition", -1, "attacker.shaken"), mod("condition", -2, "attacker.shaken")
    result = stack([mild, strong], "attack", "melee")
    assert (result.applied, result.ignored, result.total) == ((strong,), (mild,), -2)


def test_rule_2_holds_for_bonuses_of_a_kind_even_from_different_sources() -> None:
    wall, pavise = mod("cover", 4, "cover.normal", target="defence"), mod("cover", 2, "gm.pavise", target="defence")
    assert stack([pavise, wall], "defence", "ranged").applied == (wall,)


def test_rule_4_a_bonus_and_a_penalty_of_the_same_kind_both_apply() -> None:
    invisible, shaken = mod("condition", 2, "attacker.invisible"), mod("condition", -2, "attacker.shaken")
    result = stack([invisible, shaken], "attack", "ranged")
    assert (result.applied, result.total) == ((invisible, shaken), 0)


def test_rule_4_a_zero_modifier_changes_nothing_and_is_not_listed() -> None:
    assert stack([mod("height", 0)], "attack", "ranged").applied == ()


def test_rule_5_different_kinds_add_up() -> None:
    prone, helpless = mod("stance", -4, "defender.prone", target="defence"), mod(
        "condition", -4, "defender.helpless", target="defence")
    assert stack([prone, helpless], "defence", "melee").total == -8


def test_between_two_equal_modifiers_of_a_kind_the_first_is_kept() -> None:
    first, second = mod("cover", 4, "cover.normal", target="defence"), mod("cover", 4, "cover.soft",
                                                                          target="defence")
    result = stack([first, second], "defence", "ranged")
    assert result.applied == (first,) and result.ignored == (second,)


def test_a_modifier_refuses_an_unknown_kind_and_a_sentence_as_source() -> None:
    with pytest.raises(ValidationError, match="kind"):
        Modifier.model_validate({"kind": "luck", "source": "x", "target": "attack", "value": 1})
    with pytest.raises(ValidationError, match="source"):
        Modifier.model_validate({"kind": "size", "source": "A big one", "target": "attack", "value": 1})


KINDS: list[ModifierKind] = ["cover", "stance", "condition", "flanking", "height", "squeezing", "dex", "size"]
modifiers = st.lists(st.builds(
    lambda kind, value, melee: mod(kind, value, melee=melee, ranged=not melee or value % 2 == 0),
    st.sampled_from(KINDS), st.integers(-8, 8), st.booleans(),
), max_size=8)


@settings(max_examples=examples(50), deadline=None)
@given(modifiers, st.randoms(use_true_random=False), st.sampled_from(["melee", "ranged"]))
def test_the_order_of_the_modifiers_never_changes_the_total(found: list[Modifier], shuffle: random.Random,
                                                            column: Column) -> None:
    shuffled = list(found)
    shuffle.shuffle(shuffled)
    assert stack(found, "attack", column).total == stack(shuffled, "attack", column).total


@settings(max_examples=examples(50), deadline=None)
@given(modifiers, st.sampled_from(["melee", "ranged"]))
def test_each_kind_gives_at_most_one_bonus_and_each_source_one_penalty(found: list[Modifier], column: Column) -> None:
    result = stack(found, "attack", column)
    for kind in KINDS:
        assert sum(m.value > 0 for m in result.applied if m.kind == kind) <= 1
    sources = [m.source for m in result.applied if m.value < 0]
    assert len(sources) == len(set(sources))
    every_penalty_source = {m.source for m in found if m.value < 0 and m.applies("attack", column)}
    assert set(sources) == every_penalty_source
    assert len(result.applied) + len(result.ignored) == sum(
        1 for m in found if m.value and m.applies("attack", column))
