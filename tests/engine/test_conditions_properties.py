"""Properties of the dying, poison and rest rules, over seeded dice (bounded hypothesis runs)."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.engine import (
    DyingInput,
    PoisonApplyInput,
    PoisonChargesInput,
    RestInput,
    SeededDice,
    death_threshold,
    resolve_dying,
    resolve_poison_apply,
    resolve_poison_charges,
    resolve_rest,
)
from rulecheck.engine.ability_checks import ability_check
from rulecheck.engine.trace import step_faults
from tests.conftest import examples

SETTINGS = settings(max_examples=examples(60), deadline=None)

hit_dice = st.lists(
    st.tuples(st.integers(1, 3), st.sampled_from([4, 6, 8, 10, 12])), min_size=1, max_size=2
).map(lambda groups: "+".join(f"{count}d{sides}" for count, sides in groups))


@st.composite
def dying_inputs(draw: st.DrawFn) -> DyingInput:
    turns = draw(st.integers(1, 8))
    attempt_turns = sorted(draw(st.lists(st.integers(1, turns), max_size=4)))
    return DyingInput.model_validate({
        "hit_dice": draw(hit_dice),
        "below_zero": draw(st.integers(0, 60)),
        "turns": turns,
        "stabilise": [
            {"turn": turn, "wis": draw(st.integers(-5, 10)), "dc": draw(st.integers(1, 30))}
            for turn in attempt_turns
        ],
    })


@SETTINGS
@given(dying_inputs(), st.integers(0, 2**32))
def test_dying_totals_only_grow(given_: DyingInput, seed: int) -> None:
    result = resolve_dying(given_, SeededDice(seed))
    totals = [given_.below_zero] + [step.value for step in result.trace if step.event == "dying.roll"]
    assert all(later > earlier for earlier, later in pairwise(totals))
    assert result.below_zero == given_.below_zero + sum(result.rolls)
    low = sum(term.count for term in given_.hit_dice.dice)
    assert all(low <= roll <= given_.hit_dice.maximum() for roll in result.rolls)


@SETTINGS
@given(dying_inputs(), st.integers(0, 2**32))
def test_each_healing_test_names_the_attempt_it_rolls(given_: DyingInput, seed: int) -> None:
    """A card names the healer of each Healing test from its step's ``actor``: the n-th attempt
    of the input, made on the turn the step is in, with that attempt's WIS and DC; no attempt is
    named twice, and a turn's attempts stop at the first success."""
    result = resolve_dying(given_, SeededDice(seed))
    turn = 0
    named = []
    for step in result.trace:
        if step.event == "dying.turn":
            turn = step.value
        if step.event.startswith("dying.stabilise"):
            assert step.actor is not None and step.actor.startswith("healer.")
            attempt = given_.stabilise[int(step.actor.removeprefix("healer.")) - 1]
            assert (attempt.turn, attempt.wis, attempt.dc) == (turn, step.terms[1].value, step.against)
            named.append(int(step.actor.removeprefix("healer.")))
        else:
            assert step.actor is None
    reached = {step.value for step in result.trace if step.event == "dying.turn"}
    made = [number for number, attempt in enumerate(given_.stabilise, start=1) if attempt.turn in reached]
    if result.stabilised:  # the success is the last attempt made: the turn's later ones are not
        assert named and result.trace[-1].actor == f"healer.{named[-1]}"
        made = [number for number in made if number <= named[-1]]
    assert named == made and len(named) == result.stabilise_rolls


@SETTINGS
@given(dying_inputs(), st.integers(0, 2**32))
def test_death_iff_total_above_twice_the_maximum(given_: DyingInput, seed: int) -> None:
    result = resolve_dying(given_, SeededDice(seed))
    assert result.death_threshold == death_threshold(given_.hit_dice) == 2 * given_.hit_dice.maximum()
    assert result.dead == (result.below_zero > result.death_threshold)
    assert (result.death_turn is not None) == result.dead
    assert not (result.dead and result.stabilised)
    if result.dead:
        assert result.death_turn == len(result.rolls)
    elif not result.stabilised:
        assert len(result.rolls) == given_.turns


@SETTINGS
@given(st.integers(0, 60), st.integers(0, 2**32))
def test_priest_dies_exactly_above_sixteen(start: int, seed: int) -> None:
    given_ = DyingInput.model_validate({"hit_dice": "2d4", "below_zero": start, "turns": 10})
    result = resolve_dying(given_, SeededDice(seed))
    assert result.death_threshold == 16
    assert result.dead or result.below_zero <= 16
    if result.dead and result.rolls:
        assert result.below_zero - result.rolls[-1] <= 16 < result.below_zero


pools = st.integers(1, 200).flatmap(lambda maximum: st.tuples(st.integers(0, maximum), st.just(maximum)))


@SETTINGS
@given(pools, pools, st.sampled_from(["hp", "mp"]), st.integers(0, 300))
def test_a_short_rest_never_recovers_both(hp: tuple[int, int], mp: tuple[int, int], pool: str, amount: int) -> None:
    character = {"hp": hp[0], "hp_max": hp[1], "mp": mp[0], "mp_max": mp[1]}
    given_ = {"character": character, "kind": "short", "regain": {pool: amount}}
    result = resolve_rest(RestInput.model_validate(given_), SeededDice(0))
    assert result.hp_recovered == 0 or result.mp_recovered == 0
    other = "mp" if pool == "hp" else "hp"
    assert getattr(result, f"{other}_recovered") == 0 and getattr(result, other) == character[other]
    assert character[pool] <= getattr(result, pool) <= character[f"{pool}_max"]


@SETTINGS
@given(pools, pools, st.integers(0, 300), st.integers(0, 300))
def test_a_long_rest_gives_back_its_amounts_within_the_maximums(
    hp: tuple[int, int], mp: tuple[int, int], hp_back: int, mp_back: int
) -> None:
    character = {"hp": hp[0], "hp_max": hp[1], "mp": mp[0], "mp_max": mp[1]}
    given_ = {"character": character, "kind": "long", "regain": {"hp": hp_back, "mp": mp_back}}
    result = resolve_rest(RestInput.model_validate(given_), SeededDice(0))
    assert (result.hp, result.mp) == (min(hp[0] + hp_back, hp[1]), min(mp[0] + mp_back, mp[1]))


@SETTINGS
@given(st.lists(st.sampled_from(["hit", "miss"]), min_size=1, max_size=8),
       st.sampled_from(["regular", "mini_boss", "boss"]), st.integers(0, 2**32))
def test_poison_rides_at_most_three_attacks_and_the_first_hit(attacks: list[str], rank: str, seed: int) -> None:
    given_ = PoisonChargesInput.model_validate({"attacks": attacks, "target": {"rank": rank}, "damage": "1d6"})
    result = resolve_poison_charges(given_, SeededDice(seed))
    first_three = attacks[:3]
    first_hit = first_three.index("hit") + 1 if "hit" in first_three else None
    assert result.delivered_on == first_hit
    carried = first_hit or len(first_three)
    assert result.poisoned_attacks == tuple(range(1, carried + 1))
    assert result.wasted == (first_three == ["miss"] * 3)
    assert (result.extra_damage > 0) == (first_hit is not None)  # 1d6: every target hit takes some


@SETTINGS
@given(st.integers(-5, 20), st.integers(-5, 20), st.integers(0, 2**32))
def test_poison_apply_needs_both_tests_in_a_row(int_: int, dex: int, seed: int) -> None:
    given_ = PoisonApplyInput.model_validate({"applier": {"int": int_, "dex": dex}})
    result = resolve_poison_apply(given_, SeededDice(seed))
    assert result.applied == (result.int_success and result.dex_success is True)
    assert (result.dex_natural is None) == (result.int_natural == 1)  # a critical failure ends the attempt
    assert result.doubtful_poison == (not result.int_success and result.dex_success is True)
    assert result.charges == (3 if result.dex_success else 0)
    assert result.critical_failure == (result.dex_natural == 1)


class OneFace:
    def __init__(self, face: int) -> None:
        self.face = face

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        return (self.face,) * count


@SETTINGS
@given(st.integers(1, 20), st.integers(-5, 20), st.integers(1, 40), st.integers(1, 5))
def test_ability_check_success_rule(natural: int, modifier: int, dc: int, threshold: int) -> None:
    """A critical failure always fails; a natural 20 is a face like any other (the rules give a
    critical success to attacks and reactions only); the step compares the totals either way and
    says when the critical failure overrides them."""
    check = ability_check(OneFace(natural), label="x", ability="con", modifier=modifier, dc=dc,
                          anchor="a", event="poison.con_test", verdicts=("resisted", "poisoned"),
                          fumble_threshold=threshold)
    reached = natural + modifier >= dc
    fumbled = natural == 1 or natural <= threshold
    assert check.success == (reached and not fumbled)
    assert check.total == check.step.value == natural + modifier
    assert (check.step.op, check.step.against) == (">=" if reached else "<", dc)
    assert check.step.event == "poison.con_test" + (
        ".natural_1" if natural == 1 else ".fumble_threshold" if fumbled else "")
    assert check.step.verdict == ("resisted" if check.success else "fumbled_would_pass" if reached else "poisoned")
    assert step_faults(check.step) == []
