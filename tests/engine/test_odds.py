"""Exact odds on cases a reader can work out by hand, and the enumeration's own contract."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool
import pytest
from pydantic import BaseModel, ConfigDict

from rulecheck.engine import RULES, AttackInput, DiceSource, OddsError, Roll, Rule, compute_odds
from rulecheck.engine.odds import _outcomes, _representative
from rulecheck.errors import DiceError


def rolled(bonus: int, def_phy: int, **attack: Any) -> dict[str, Any]:
    return {"defender": {"def_phy": def_phy}, "attack": {"bonus": bonus, **attack}}


def test_d20_plus_5_against_15_hits_11_times_in_20() -> None:
    odds = compute_odds("attack", rolled(5, 15))
    assert odds.probability("hit", True) == Fraction(11, 20)
    assert odds.distribution("outcome") == {"hit": Fraction(11, 20), "miss": Fraction(9, 20)}
    assert odds.rolls == (Roll("attack", 20, 1),)


def test_a_natural_20_is_a_critical_one_time_in_20() -> None:
    odds = compute_odds("attack", rolled(0, 40))
    assert odds.probability("critical", True) == Fraction(1, 20)
    # Against an unreachable defence, only the natural 20 hits.
    assert odds.probability("hit", True) == Fraction(1, 20)
    assert odds.probability("fumble", True) == Fraction(1, 20)


def test_a_higher_fumble_threshold_fumbles_more_often() -> None:
    given = {**rolled(0, 2), "attacker": {"fumble_threshold": 3}}
    odds = compute_odds("attack", given)
    assert odds.probability("fumble", True) == Fraction(3, 20)
    assert odds.probability("hit", True) == Fraction(17, 20)


def test_parry_against_a_rolled_attack_with_two_d20s() -> None:
    # Attack d20 + 5 against parry d20 + 2 (level) + 3 (STR): the parry wins on R >= A, except
    # that A = 20 always hits, A = 1 always misses, R = 20 always parries, R = 1 always fails.
    # For A in 2..19 the parry succeeds on 21 - A faces: 2 + 3 + ... + 19 = 189 of 400.
    given = {"defender": {"level": 2, "str": 3}, "attack": {"bonus": 5}, "reaction": "parry"}
    odds = compute_odds("attack", given)
    assert odds.distribution("outcome") == {
        "hit": Fraction(191, 400), "miss": Fraction(20, 400), "parried": Fraction(189, 400),
    }
    assert odds.rolls == (Roll("attack", 20, 1), Roll("reaction", 20, 1))
    # R = 20 with A in 1..19: even a fumbled attack leaves the parry its counter-attack.
    assert odds.probability("counter_attack", True) == Fraction(19, 400)
    assert odds.probability("reactions_lost_next_turn", True) == Fraction(1, 20)


def test_damage_distribution_of_2d6_plus_1() -> None:
    odds = compute_odds("attack", {"attack": {"total": 30, "damage": "2d6+1"}})
    expected = {s + 1: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert odds.distribution("damage") == expected
    assert odds.mean("damage") == 8
    assert odds.die("damage") == 2 @ icepool.d6 + 1
    assert odds.rolls == (Roll("damage", 6, 2),)


def test_expected_damage_counts_misses_as_zero() -> None:
    odds = compute_odds("attack", rolled(5, 15, damage="1d6"))
    # 10 plain hits average 3.5; the natural 20 deals 6 plus its bonus 25 - 15; 9 misses deal 0.
    assert odds.mean("damage") == Fraction(10 * 7, 2 * 20) + Fraction(6 + 10, 20)
    assert odds.distribution("damage", where={"critical": True}) == {16: Fraction(1)}
    assert odds.mean("damage", where={"hit": True}) == Fraction(10 * 7 + 2 * 16, 2 * 11)


def test_a_miss_rolls_no_damage_so_no_damage_is_enumerated() -> None:
    odds = compute_odds("attack", rolled(0, 40, damage="2d4", extra_damage=["2d4"]), fixed={"attack": [7]})
    assert odds.distribution("outcome") == {"miss": Fraction(1)}
    assert odds.rolls == (Roll("attack", 20, 1),)
    assert odds.runs == 1


def test_fixed_dice_keep_their_faces_and_the_rest_is_enumerated() -> None:
    given = {"defender": {"level": 2, "str": 4}, "attack": {"bonus": 5, "damage": "1d8"}, "reaction": "parry"}
    odds = compute_odds("attack", given, fixed={"attack": [10]})
    # The attack is 15; the parry (d20 + 6) succeeds from 9 up: 12 faces of 20.
    assert odds.probability("outcome", "parried") == Fraction(12, 20)
    assert odds.distribution("attack_total") == {15: Fraction(1)}
    assert odds.fixed == {"attack": (10,)}
    assert odds.rolls == (Roll("attack", 20, 1), Roll("reaction", 20, 1), Roll("damage", 8, 1))


def test_fixed_faces_past_the_list_are_enumerated() -> None:
    odds = compute_odds("attack", {"attack": {"total": 30, "damage": "1d4", "extra_damage": ["1d6"]}},
                        fixed={"damage": [4]})
    assert odds.distribution("damage") == {4 + k: Fraction(1, 6) for k in range(1, 7)}


def test_a_fixed_face_off_its_die_is_located() -> None:
    with pytest.raises(DiceError, match="7 is not a face of a d6") as error:
        compute_odds("attack", {"attack": {"total": 30, "damage": "1d6"}}, fixed={"damage": [7]})
    assert error.value.field == ("dice", "damage", 0)


def test_sums_and_faces_give_the_same_odds_with_fewer_runs() -> None:
    given = {"attack": {"total": 30, "damage": "2d4", "extra_damage": ["2d4"]}, "defender": {"def_phy": 25}}
    by_sum = compute_odds("attack", given)
    by_face = compute_odds("attack", given, summed=())
    assert by_sum.outcomes == by_face.outcomes
    assert (by_sum.runs, by_face.runs) == (1 + 7 + 7 * 7, 1 + 16 + 16 * 16)


def test_odds_of_a_critical_with_a_reaction_and_four_damage_dice_are_exact() -> None:
    given = {"defender": {"level": 2, "str": 4, "def_phy": 14}, "attacker": {"level": 3, "dex": 2},
             "attack": {"ability": "dex", "damage": "2d4", "extra_damage": ["2d4"]}, "reaction": "parry"}
    odds = compute_odds("attack", given)
    assert sum(odds.outcomes.values()) == 1
    assert odds.distribution("base_damage", where={"critical": True}) == {16: Fraction(1)}
    assert odds.probability("critical", True) == Fraction(1, 20)
    assert {r.label for r in odds.rolls} == {"attack", "reaction", "damage"}


def test_too_much_work_is_refused_with_a_hint() -> None:
    with pytest.raises(OddsError, match="more than 10 runs") as error:
        compute_odds("attack", rolled(0, 10, damage="1d6"), max_runs=10)
    assert error.value.hint and "fixed" in error.value.hint


def test_given_may_be_a_model_or_data_and_rule_a_name_or_a_rule() -> None:
    data = {"attack": {"total": 12}, "defender": {"def_phy": 12}}
    model = AttackInput.model_validate(data)
    assert compute_odds(RULES["attack"], model).outcomes == compute_odds("attack", data).outcomes


def test_conditions_and_fields_that_do_not_exist_are_refused() -> None:
    odds = compute_odds("attack", rolled(5, 15))
    with pytest.raises(ValueError, match="never happens"):
        odds.distribution("damage", where={"outcome": "parried"})
    with pytest.raises(KeyError, match="no field `luck`"):
        odds.distribution("luck")
    with pytest.raises(TypeError, match="no mean"):
        odds.mean("outcome")
    with pytest.raises(TypeError):
        odds.die("reaction_total")


def test_json_view_has_exact_and_float_probabilities() -> None:
    data = compute_odds("attack", rolled(5, 15, damage="1d4")).as_json()
    assert data["rolls"] == [{"label": "attack", "sides": 20, "count": 1}, {"label": "damage", "sides": 4, "count": 1}]
    outcome = {e["value"]: e for e in data["fields"]["outcome"]["distribution"]}
    assert outcome["hit"] == {"value": "hit", "exact": "11/20", "float": 0.55}
    assert "mean" in data["fields"]["damage"] and "mean" not in data["fields"]["outcome"]
    # Plain hits average 2.5; the natural 20 deals 4 plus its bonus 25 - 15.
    assert data["fields"]["damage"]["mean"]["exact"] == str(Fraction(10 * 5, 2 * 20) + Fraction(4 + 10, 20))


@pytest.mark.parametrize(("sides", "count"), [(4, 2), (6, 3), (20, 1), (2, 5)])
def test_sum_outcomes_weigh_every_face_tuple_once(sides: int, count: int) -> None:
    outcomes = _outcomes(sides, count, True)
    assert sum(weight for _, weight in outcomes) == sides ** count
    for faces, _ in outcomes:
        assert len(faces) == count and all(1 <= f <= sides for f in faces)
    assert [sum(f) for f, _ in outcomes] == list(range(count, count * sides + 1))


def test_representative_faces_put_the_highest_first() -> None:
    assert _representative(7, 4, 2) == (4, 3)
    assert _representative(2, 4, 2) == (1, 1)
    assert _representative(13, 6, 3) == (6, 6, 1)


class Pair(BaseModel):
    """A toy rule's input: how many d2 to roll one by one."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    count: int


class Faces(BaseModel):
    """A toy rule's result that keeps its faces in a list (unhashable) and their sum."""

    faces: list[int]
    total: int
    trace: tuple[()] = ()


def roll_d2s(given: Pair, dice: DiceSource) -> Faces:
    faces = [dice.roll("coin", 2)[0] for _ in range(given.count)]
    return Faces(faces=faces, total=sum(faces))


def test_any_rule_works_even_one_that_returns_lists() -> None:
    rule = Rule("coins", Pair, Faces, roll_d2s, "Toss d2s.", headline=("total",))
    odds = compute_odds(rule, {"count": 2})
    assert odds.fields == ("faces", "total")
    assert odds.distribution("faces") == {(1, 1): Fraction(1, 4), (1, 2): Fraction(1, 4),
                                          (2, 1): Fraction(1, 4), (2, 2): Fraction(1, 4)}
    assert odds.distribution("total") == {2: Fraction(1, 4), 3: Fraction(1, 2), 4: Fraction(1, 4)}
    assert odds.rolls == (Roll("coin", 2, 1),)


def test_an_unknown_rule_is_our_own_error_with_a_hint() -> None:
    from rulecheck.engine.odds import OddsError

    with pytest.raises(OddsError, match="unknown rule `atack`") as error:
        compute_odds("atack", {})
    assert error.value.hint == "did you mean `attack`?"
