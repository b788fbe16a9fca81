"""The attack rule at the seeds' numbers and at every boundary of rulings 1-7."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rulecheck.engine import AttackInput, ScriptedDice, resolve_attack
from rulecheck.engine.modifiers import DEFENDER_ROWS
from rulecheck.engine.trace import step_faults
from rulecheck.errors import DiceError
from tests.conftest import attack


def test_elara_parries_the_orc() -> None:
    result = attack({"defender": {"level": 2, "str": 4}, "attack": {"total": 15}, "reaction": "parry"},
                    reaction=[17])
    assert (result.reaction_total, result.outcome, result.damage) == (23, "parried", 0)
    assert [s.anchor for s in result.trace if s.event.startswith("reaction.")] == ["dodge-and-parry"]


def test_alice_cannot_parry_a_critical_and_takes_the_bonus() -> None:
    result = attack({"defender": {"def_phy": 18, "str": 1, "level": 1},
                     "attack": {"total": 23, "natural": 20, "damage": "1d6"}, "reaction": "parry"},
                    reaction=[19])
    assert result.critical and result.reaction_succeeded is False
    assert (result.bonus_damage, result.base_damage, result.damage) == (5, 6, 11)
    # the card links the rule that decides: a critical cannot be parried, whatever the parry's d20
    assert [(s.event, s.anchor) for s in result.trace if s.event.startswith("reaction.")] == [
        ("reaction.parry.against_critical", "critical-success")]
    natural = attack({"defender": {"def_phy": 18, "str": 1, "level": 1}, "attack": {"total": 23, "damage": "1d6"},
                      "reaction": "parry"}, reaction=[20])
    assert [(s.event, s.anchor) for s in natural.trace if s.event.startswith("reaction.parry")] == [
        ("reaction.parry.natural_20", "reaction-criticals")]


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
@pytest.mark.parametrize("face", [1, 12, 19, 20])
def test_a_reaction_against_a_critical_fails_whatever_its_total_and_says_so(reaction: str, face: int) -> None:
    """« 26 contre 23 (attaque) → parade ratée » read as a parry lost on the numbers: against a
    critical the verdict names the critical, whether the total would have reached the attack or not."""
    result = attack({"defender": {"def_phy": 18, "str": 4, "dex": 4, "level": 3},
                     "attack": {"total": 23, "natural": 20, "damage": "1d6"}, "reaction": reaction},
                    reaction=[face])
    [step] = [s for s in result.trace if s.event.startswith(f"reaction.{reaction}")]  # a 1 costs the next round too
    assert (step.event, step.verdict, step.op) == (f"reaction.{reaction}.against_critical",
                                                   f"{reaction}_against_critical", None)
    assert result.reaction_succeeded is False and result.hit


def test_kael_hits_the_knight_without_bonus() -> None:
    result = attack({"defender": {"def_phy": 24, "level": 3, "str": 2},
                     "attack": {"total": 23, "natural": 20, "damage": "1d4"}, "reaction": "parry"},
                    reaction=[12])
    assert result.reaction_total == 17 and result.hit
    assert (result.bonus_damage, result.damage) == (0, 4)


def test_short_sword_critical_deals_13_before_the_bonus() -> None:
    result = attack({"defender": {"def_phy": 21}, "attack": {"total": 25, "natural": 20, "damage": "2d6+1"}})
    assert (result.base_damage, result.bonus_damage, result.damage) == (13, 4, 17)


def test_dagger_with_attaque_eclair_level_3_critical_deals_16() -> None:
    result = attack({"defender": {"def_phy": 22},
                     "attack": {"total": 22, "natural": 20, "damage": "2d4", "extra_damage": ["2d4"]}})
    assert (result.base_damage, result.bonus_damage, result.damage) == (16, 0, 16)


@pytest.mark.parametrize(("total", "outcome"), [(14, "miss"), (15, "hit"), (16, "hit")])
def test_a_tie_with_the_defence_hits(total: int, outcome: str) -> None:
    result = attack({"defender": {"def_phy": 15}, "attack": {"bonus": total - 10, "damage": "1d6"}},
                    attack=[10], **({"damage": [3]} if outcome == "hit" else {}))
    assert result.outcome == outcome


def test_natural_20_always_hits_and_natural_1_always_misses() -> None:
    assert attack({"defender": {"def_phy": 40}, "attack": {"damage": "1d4"}}, attack=[20]).hit
    assert not attack({"defender": {"def_phy": 0}, "attack": {"bonus": 30}}, attack=[1]).hit


@pytest.mark.parametrize(("def_phy", "bonus", "verdict"), [(0, 30, "fumbled_would_hit"), (5, 4, "fumbled_would_hit"),
                                                       (6, 4, "miss"), (40, 0, "miss")])
def test_a_critical_failure_still_shows_the_defence_its_total_would_have_met(def_phy: int, bonus: int,
                                                                              verdict: str) -> None:
    """A card titled « a natural 1 misses even a very low defence » shows that defence."""
    result = attack({"defender": {"def_phy": def_phy}, "attack": {"bonus": bonus}}, attack=[1])
    assert result.fumble and not result.hit
    shown = [s for s in result.trace if s.event == "attack.against_defence.fumbled"]
    assert [(s.value, s.op, s.against, s.verdict) for s in shown] == [
        (1 + bonus, ">=" if 1 + bonus >= def_phy else "<", def_phy, verdict)]
    assert all(s.event != "attack.against_defence" for s in result.trace)
    parried = attack({"defender": {"def_phy": def_phy, "str": 2}, "reaction": "parry", "attack": {"bonus": bonus}},
                     attack=[1], reaction=[15])
    assert all(s.event != "attack.against_defence.fumbled" for s in parried.trace), "the reaction is compared"


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
@pytest.mark.parametrize(("face", "threshold"), [(1, 1), (2, 2), (3, 4), (20, 1)])
@pytest.mark.parametrize("attack_total", [0, 5, 12, 25, 60])
def test_a_reactions_natural_roll_shows_what_the_totals_would_have_decided(
        reaction: str, face: int, threshold: int, attack_total: int) -> None:
    """« 7 ≥ 5 (attack) → dodge fails » read as a contradiction: the step compares the totals and
    says when the natural roll overrides them, whichever face decides and whatever the totals."""
    result = attack({"defender": {"def_phy": 10, "dex": 3, "str": 3, "level": 3, "fumble_threshold": threshold},
                     "attack": {"total": attack_total, "damage": "1d4"}, "reaction": reaction},
                    reaction=[face], **({} if face == 20 else {"damage": [2]}))
    (step,) = [s for s in result.trace if s.event.startswith(f"reaction.{reaction}")]
    total = face + 6
    succeeded = face == 20
    kind = {1: "natural_1", 20: "natural_20"}.get(face, "fumble_threshold")
    assert step.event == f"reaction.{reaction}.{kind}"
    assert (step.value, step.op, step.against) == (total, ">=" if total >= attack_total else "<", attack_total)
    agrees = (total >= attack_total) == succeeded
    expected = (f"{reaction}_succeeds" if succeeded else f"{reaction}_fails") if agrees else (
        f"{reaction}_critical_would_fail" if succeeded else f"{reaction}_fumbled_would_succeed")
    assert step.verdict == expected
    assert step_faults(step) == []
    assert result.outcome == (("dodged" if reaction == "dodge" else "parried") if succeeded else "hit")


def test_the_attackers_fumble_threshold_makes_a_natural_2_a_critical_failure() -> None:
    result = attack({"attacker": {"fumble_threshold": 2}, "defender": {"def_phy": 5}, "attack": {"bonus": 10}},
                    attack=[2])
    assert result.fumble and result.outcome == "miss"
    threshold = [s for s in result.trace if s.anchor == "critical-failure"]
    assert [(s.event, [(t.label, t.value) for t in s.terms], s.value) for s in threshold] == [
        ("attack.fumble_threshold", [("d20", 2)], 2), ("attack.against_defence.fumbled", [], 12)]
    above = attack({"attacker": {"fumble_threshold": 2}, "defender": {"def_phy": 5}, "attack": {"bonus": 10}},
                   attack=[3])
    assert not above.fumble and above.hit


def test_the_defenders_threshold_does_not_touch_the_attack() -> None:
    result = attack({"defender": {"def_phy": 5, "fumble_threshold": 3}, "attack": {"bonus": 10}}, attack=[2])
    assert not result.fumble and result.hit


@pytest.mark.parametrize(("face", "succeeded"), [(9, False), (10, True)])
def test_a_reaction_tie_succeeds(face: int, succeeded: bool) -> None:
    result = attack({"defender": {"level": 3, "dex": 3}, "attack": {"total": 16}, "reaction": "dodge"},
                    reaction=[face])
    assert result.reaction_succeeded is succeeded
    assert result.outcome == ("dodged" if succeeded else "hit")


def test_reaction_natural_20_succeeds_and_counters_in_contact_only() -> None:
    melee = attack({"attack": {"total": 40}, "reaction": "parry"}, reaction=[20])
    assert melee.outcome == "parried" and melee.counter_attack
    ranged = attack({"attack": {"kind": "ranged", "total": 40}, "reaction": "dodge"}, reaction=[20])
    assert ranged.outcome == "dodged" and not ranged.counter_attack


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
@pytest.mark.parametrize(("kind", "in_contact"), [("melee", True), ("melee", False), ("ranged", False)])
@pytest.mark.parametrize(("face", "total"), [(20, 40), (20, 10), (19, 10), (12, 40), (1, 5)])
def test_every_natural_20_that_saves_says_whether_it_counter_attacks_and_why_not(
        reaction: str, kind: str, in_contact: bool, face: int, total: int) -> None:
    """A card titled « … sans contre-attaque » said why nowhere: a reaction's natural 20 that saves
    the target says « counter-attack allowed » or why not (out of contact, surprised), once; any
    other reaction says neither."""
    given = {"attack": {"kind": kind, "total": total}, "reaction": reaction, "contact": in_contact,
             "defender": {"dex": 2, "str": 2, "def_phy": 15}}
    result = attack(given, reaction=[face])
    said = [s.event for s in result.trace if "counter_attack" in s.event]
    saved = face == 20 and result.reaction_succeeded
    if not saved:
        assert said == []
    elif in_contact:
        assert said == ["reaction.counter_attack"] and result.counter_attack
    else:
        assert said == ["reaction.no_counter_attack_out_of_contact"] and not result.counter_attack


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
@pytest.mark.parametrize("face", [1, 12, 19, 20])
@pytest.mark.parametrize("surprised", [False, True])
def test_a_surprised_defender_reacts_but_never_counter_attacks(reaction: str, face: int, surprised: bool) -> None:
    """Seed 002: in the first round the surprised « peuvent toujours réagir par des actions
    défensives (esquiver/parer) », « mais ils ne peuvent pas initier d'actions offensives »; a
    counter-attack is one. Its reaction is decided as anyone's."""
    given = {"attack": {"total": 14}, "reaction": reaction, "defender": {"dex": 2, "def_phy": 15}}
    plain = attack(given, reaction=[face])
    result = attack({**given, "situation": {"defender_surprised": surprised}}, reaction=[face])
    assert (result.reaction_succeeded, result.outcome) == (plain.reaction_succeeded, plain.outcome)
    assert plain.counter_attack is (face == 20)
    assert result.counter_attack is (face == 20 and not surprised)
    refused = [s for s in result.trace if s.event == "reaction.no_counter_attack_surprised"]
    assert len(refused) == (1 if face == 20 and surprised else 0)
    assert all(s.anchor == "surprised-reactions" for s in refused)


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
@pytest.mark.parametrize("face", [1, 12, 19, 20])
@pytest.mark.parametrize("posture", [[], ["A"], ["A", "M"]])
def test_a_defender_in_a_posture_counter_attacks_like_any_other(reaction: str, face: int, posture: list[str]) -> None:
    """Seed 000: the posture gives up the attack action (and, doubled, the movement) of the creature's
    own turn; the counter-attack after a natural 20, a rule of its own, is not one of them (a
    reading). The posture raises the defence only: the reaction and what it opens are anyone's."""
    given = {"attack": {"total": 14}, "reaction": reaction, "defender": {"dex": 2, "def_phy": 15}}
    plain = attack(given, reaction=[face])
    result = attack({**given, "defender": {"dex": 2, "def_phy": 15, "posture": posture}}, reaction=[face])
    assert (result.reaction_succeeded, result.reaction_total) == (plain.reaction_succeeded, plain.reaction_total)
    assert result.counter_attack is plain.counter_attack is (face == 20)
    assert result.defence_value == 15 + len(posture)
    said = [s.event for s in result.trace if "counter_attack" in s.event]
    assert said == (["reaction.counter_attack"] if face == 20 else [])


def test_a_surprised_defender_is_flat_footed_once() -> None:
    """The modifiers table lists the surprised among flat-footed defenders: DEX lost from Def PHY."""
    given = {"attack": {"total": 14}, "defender": {"dex": 2, "def_phy": 15}}
    surprised = attack({**given, "situation": {"defender_surprised": True}})
    flat_footed = attack({**given, "situation": {"defender": ["flat_footed"]}})
    assert surprised.defence_value == flat_footed.defence_value == 13
    with pytest.raises(ValidationError, match="already makes the defender flat-footed"):
        AttackInput.model_validate({**given, "situation": {"defender_surprised": True, "defender": ["flat_footed"]}})


@pytest.mark.parametrize(("size", "gap", "kind", "reach_weapon", "in_contact"), [
    ("medium", 0, "melee", False, True), ("medium", 1, "melee", True, False), ("medium", 0, "ranged", False, True),
    ("medium", 3, "ranged", False, False), ("large", 0, "melee", False, True), ("large", 0, "ranged", False, True),
    ("large", 2, "ranged", False, False),
])
def test_on_a_grid_the_squares_decide_contact_for_the_counter_attack(
    size: str, gap: int, kind: str, reach_weapon: bool, in_contact: bool
) -> None:
    """Seed 000: a counter-attack "si elle est au contact de l'attaquant". A reach weapon's blow
    from two squares away is melee without contact; a shot from the next square is in contact."""
    width = 2 if size == "large" else 1
    rows = ["A" * width + "." * gap + "D"] + ["A" * width + "." * (gap + 1)] * (width - 1)
    result = attack({"attack": {"kind": kind, "total": 40}, "reaction": "dodge",
                     "situation": {"grid": {"map": "\n".join(rows) + "\n",
                                            "creatures": {"A": {"size": size, "reach_weapon": reach_weapon}}}}},
                    reaction=[20])
    assert result.outcome == "dodged"
    assert result.counter_attack is in_contact, rows


def test_reaction_natural_1_fails_and_costs_next_turns_reactions() -> None:
    result = attack({"defender": {"level": 10, "dex": 10}, "attack": {"total": 2}, "reaction": "dodge"},
                    reaction=[1])
    assert result.hit and result.reactions_lost_next_turn


@pytest.mark.parametrize(("face", "lost"), [(2, True), (3, True), (4, False)])
def test_a_reaction_within_the_defenders_raised_threshold_is_a_critical_failure(face: int, lost: bool) -> None:
    result = attack({"defender": {"level": 10, "dex": 10, "fumble_threshold": 3},
                     "attack": {"total": 2}, "reaction": "dodge"}, reaction=[face])
    assert result.reactions_lost_next_turn is lost
    assert result.reaction_succeeded is not lost
    assert result.outcome == ("hit" if lost else "dodged")


def test_a_reaction_after_last_turns_critical_failure_is_refused_without_a_roll() -> None:
    result = attack({"defender": {"def_phy": 15}, "attack": {"total": 12}, "reaction": "parry",
                     "reaction_lost": True})
    assert result.reaction_refused == "lost" and result.reaction_natural is None
    assert result.outcome == "miss"  # the attack meets the defence, as without a reaction


def test_a_failed_parry_adds_no_damage_bonus() -> None:
    # The seeds' bonus needs a critical or the advanced rule: 15 against Def PHY 10 adds nothing.
    result = attack({"defender": {"def_phy": 10, "level": 1}, "attack": {"total": 15, "damage": "1d6"},
                     "reaction": "parry"}, reaction=[5], damage=[3])
    assert result.reaction_succeeded is False and result.hit
    assert (result.bonus_damage, result.damage) == (0, 3)


def test_the_bonus_of_a_magical_critical_is_measured_against_def_mag() -> None:
    result = attack({"defender": {"def_phy": 30, "def_mag": 12},
                     "attack": {"kind": "magic", "total": 19, "natural": 20, "damage": "1d4"}})
    assert (result.defence, result.bonus_damage, result.damage) == ("def_mag", 7, 11)
    total = result.trace[-1]
    assert (total.event, [(t.label, t.value) for t in total.terms], total.value) == (
        "damage.total", [("damage", 4), ("bonus", 7)], 11)
    assert [(s.value, s.verdict) for s in result.trace if s.event == "damage.bonus"] == [(7, "bonus")]
    under = attack({"defender": {"def_phy": 12, "def_mag": 25},
                    "attack": {"kind": "magic", "total": 19, "natural": 20, "damage": "1d4"}})
    assert under.bonus_damage == 0  # a critical under the defence: the card shows the difference, and no bonus
    assert [(s.value, s.verdict) for s in under.trace if s.event == "damage.bonus"] == [(-6, "no_bonus")]


def test_the_progressive_bonus_is_measured_against_the_defence_not_the_reaction() -> None:
    result = attack({"defender": {"def_phy": 12, "level": 1}, "attack": {"total": 17, "damage": "1d6"},
                     "reaction": "dodge", "options": {"progressive_damage": True}}, reaction=[3], damage=[2])
    assert result.reaction_total == 4 and result.hit
    assert (result.bonus_damage, result.damage) == (5, 7)


@pytest.mark.parametrize(("attack_fields", "reason"), [
    ({"kind": "magic"}, "magic"),
    ({"kind": "ranged", "area": True}, "area"),
    ({"opportunity": True}, "opportunity"),
])
def test_no_reaction_against_magic_area_or_opportunity(attack_fields: dict[str, Any], reason: str) -> None:
    result = attack({"defender": {"def_phy": 12, "def_mag": 12}, "attack": {"total": 12, **attack_fields},
                     "reaction": "dodge"})
    assert result.reaction_refused == reason and result.reaction_total is None and result.hit
    # the refusal answers a reaction asked for: without one, nothing is refused and the card says nothing of it
    quiet = attack({"defender": {"def_phy": 12, "def_mag": 12}, "attack": {"total": 12, **attack_fields}})
    assert quiet.reaction_refused is None and not [s for s in quiet.trace if s.event.startswith("reaction.")]


def test_magic_attacks_use_def_mag() -> None:
    result = attack({"defender": {"def_phy": 5, "def_mag": 20}, "attack": {"kind": "magic", "total": 19}})
    assert result.defence == "def_mag" and result.outcome == "miss"


@pytest.mark.parametrize(("posture", "defence"), [([], 15), (["A"], 16), (["A", "M"], 17), (["M", "A"], 17)])
def test_defensive_posture(posture: list[str], defence: int) -> None:
    result = attack({"defender": {"def_phy": 15, "posture": posture}, "attack": {"total": 16, "damage": "1"}})
    assert result.defence_value == defence
    assert result.hit is (defence <= 16)
    shown = [s.value for s in result.trace if s.event.startswith("posture.")]
    assert shown == ([defence] if posture else [])  # the card's posture step shows the new defence


def test_posture_giving_up_only_movement_is_refused() -> None:
    with pytest.raises(ValidationError, match=r"must give up the attack action \(A\)"):
        AttackInput.model_validate({"defender": {"posture": ["M"]}, "attack": {"total": 3}})


def test_progressive_damage_bonus_option() -> None:
    plain = attack({"defender": {"def_phy": 12}, "attack": {"total": 17, "damage": "1d6"}}, damage=[2])
    progressive = attack({"defender": {"def_phy": 12}, "attack": {"total": 17, "damage": "1d6"},
                          "options": {"progressive_damage": True}}, damage=[2])
    assert (plain.damage, progressive.damage) == (2, 7)


def test_missing_and_impossible_dice_are_errors_with_a_field_path() -> None:
    given = AttackInput.model_validate({"attack": {"bonus": 2}})
    with pytest.raises(DiceError) as missing:
        resolve_attack(given, ScriptedDice({}))
    assert missing.value.field == ("dice", "attack")
    with pytest.raises(DiceError) as impossible:
        resolve_attack(given, ScriptedDice({"attack": [21]}))
    assert impossible.value.field == ("dice", "attack", 0)
    assert "21 is not a face of a d20" in str(impossible.value)


def test_trace_holds_keys_not_sentences() -> None:
    result = attack({"defender": {"level": 2, "str": 4}, "attack": {"total": 15}, "reaction": "parry"},
                    reaction=[17])
    parry = next(s for s in result.trace if s.event == "reaction.parry")
    assert [(t.value, t.label) for t in parry.terms] == [(17, "d20"), (2, "level"), (4, "str")]
    assert (parry.value, parry.op, parry.against, parry.verdict) == (23, ">=", 15, "parry_succeeds")


def test_only_an_entangled_defender_dodges_with_a_dex_penalty() -> None:
    base = {"defender": {"def_phy": 12, "level": 1, "dex": 2}, "attack": {"total": 14}, "reaction": "dodge"}
    free = attack({**base, "situation": {"cover": "partial"}}, reaction=[10])
    dodge = [s for s in free.trace if s.event == "reaction.dodge"]
    assert free.reaction_total == 13 and [t.label for t in dodge[0].terms] == ["d20", "level", "dex"]
    caught = attack({**base, "situation": {"defender": ["entangled"]}}, reaction=[10])
    dodge = [s for s in caught.trace if s.event == "reaction.dodge"]
    assert caught.reaction_total == 11 and [(t.label, t.value) for t in dodge[0].terms][-1] == ("dex.entangled", -2)


# Seed 004 writes entangled's −4 of the creature's Dexterity, which a dodge adds; the lost DEX bonus
# "à la CA", of the defence alone. A pinned defender, held in place, does not dodge at all (a 41st
# reading): its dodge is refused and the attack meets its defence.
_DEX_ITSELF = {"entangled": lambda dex: -2}


@pytest.mark.parametrize("condition", [row.key for row in DEFENDER_ROWS if row.key not in ("cover", "helpless")])
@pytest.mark.parametrize("reaction", ["dodge", "parry"])
@pytest.mark.parametrize("dex", [-3, 0, 2, 5])
@pytest.mark.parametrize("kind", ["melee", "ranged"])
def test_a_dodge_carries_what_changes_the_dex_itself_and_nothing_else(
        condition: str, reaction: str, dex: int, kind: str) -> None:
    given = {"defender": {"def_phy": 12, "level": 3, "dex": dex, "str": 1}, "attack": {"kind": kind, "total": 30},
             "reaction": reaction, "situation": {"defender": [condition]}}
    # The reaction fails against 30: an invisible defender's miss chance is then rolled.
    miss_chance = {"miss_chance": [99]} if condition == "invisible" else {}
    if condition == "pinned" and reaction == "dodge":
        result = attack(given, **miss_chance)  # no reaction die: attack() fails if one were asked for
        assert (result.reaction_refused, result.reaction_total, result.outcome) == ("cannot_dodge", None, "hit")
        return
    result = attack(given, reaction=[9], **miss_chance)
    change = _DEX_ITSELF[condition](dex) if reaction == "dodge" and condition in _DEX_ITSELF else 0
    ability = dex if reaction == "dodge" else 1
    assert result.reaction_refused is None and result.reaction_total == 9 + 3 + ability + change
    step = next(s for s in result.trace if s.event == f"reaction.{reaction}")
    assert sum(t.value for t in step.terms) == result.reaction_total  # the trace adds up to what it says


# Ruling 4 (issue 19): a failed reaction can cost a blow below the defence, never a bigger bonus.

@pytest.mark.parametrize(("total", "defence", "face"), [(12, 15, 5), (23, 24, 12), (5, 15, 1), (14, 14, 1)])
@pytest.mark.parametrize("reaction", ["dodge", "parry"])
def test_a_failed_reaction_lets_through_a_blow_the_defence_would_stop(
    total: int, defence: int, face: int, reaction: str
) -> None:
    base = {"defender": {"def_phy": defence, "level": 1, "dex": 1, "str": 1},
            "attack": {"total": total, "damage": "1d6"}}
    reacting = attack({**base, "reaction": reaction}, reaction=[face], damage=[4])
    assert reacting.reaction_succeeded is False and reacting.hit and reacting.bonus_damage == 0
    standing = attack(base, **({} if total < defence else {"damage": [4]}))
    assert standing.hit is (total >= defence)
    assert reacting.damage >= standing.damage  # the cost of reacting: the blow lands, with no bonus


@pytest.mark.parametrize("progressive", [False, True])
def test_the_bonus_is_never_measured_against_the_reaction(progressive: bool) -> None:
    given_ = {"defender": {"def_phy": 10, "level": 1, "str": 0}, "attack": {"total": 20, "damage": "1d6"},
              "reaction": "parry", "options": {"progressive_damage": progressive}}
    result = attack(given_, reaction=[3], damage=[2])
    assert result.reaction_total == 4 and result.hit
    assert result.bonus_damage == (10 if progressive else 0)  # 20 − Def PHY 10, never 20 − 4


# What a card compares the attack with, once the defence has changed --------------------------------------

@pytest.mark.parametrize(("defender", "situation", "label"), [
    ({"def_phy": 15}, {}, "def_phy"),
    ({"def_phy": 15, "posture": ["A"]}, {}, "def_phy.modified"),
    ({"def_phy": 15}, {"cover": "partial"}, "def_phy.modified"),
    ({"def_phy": 15, "dex": 2}, {"defender": ["flat_footed"]}, "def_phy.modified"),
    ({"def_phy": 15, "dex": 0}, {"defender": ["flat_footed"]}, "def_phy"),  # no DEX to lose: unchanged
    ({"def_mag": 12}, {"defender": ["prone"]}, "def_mag.modified"),
])
def test_a_defence_changed_by_a_posture_or_a_modifier_is_not_called_the_sheet_s_defence(
    defender: dict[str, Any], situation: dict[str, Any], label: str
) -> None:
    """« 17 < 18 (Def PHY) » after « 14 (Def PHY) + 4 (cover) = 18 » gave one name to two numbers."""
    kind = "magic" if "def_mag" in defender else "melee"
    result = attack({"defender": defender, "attack": {"kind": kind, "total": 30, "natural": 20, "damage": "1"},
                     "situation": situation})
    assert result.critical
    bonus = next(s for s in result.trace if s.event == "damage.bonus")
    assert bonus.terms[1].label == label and -bonus.terms[1].value == result.defence_value
    plain = attack({"defender": defender, "attack": {"kind": kind, "total": 13, "damage": "1"},
                    "situation": situation})
    compared = next(s for s in plain.trace if s.event == "attack.against_defence")
    assert compared.against_label == label and compared.against == plain.defence_value


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
def test_a_reaction_says_it_sets_aside_the_modified_defence_before_the_card_shows_it(reaction: str) -> None:
    """A surprised Tobin's « Defence modifiers: 15 − 2 = 13 » came before the parry that set it
    aside: a reader took 13 for the parry's bar. The reaction says so first, then the defence."""
    base = {"defender": {"def_phy": 14, "level": 1, "dex": 1, "str": 1}, "attack": {"total": 17, "damage": "1d4"},
            "reaction": reaction}
    covered = attack({**base, "situation": {"cover": "partial"}}, reaction=[5], damage=[3])
    events = [s.event for s in covered.trace]
    # No critical and no progressive rule: the defence changes nothing here, and the step says so (the
    # 37th reader: "only measures a damage bonus should the parry fail" pointed at a bonus that could not come).
    aside = events.index(f"reaction.{reaction}.instead_of_defence.idle")
    assert events[aside + 1] == "modifiers.defence" and events[aside + 2] == f"reaction.{reaction}"
    assert covered.hit  # a failed dodge lets the 17 through
    progressive = attack({**base, "situation": {"cover": "partial"}, "options": {"progressive_damage": True}},
                         reaction=[5], damage=[3])
    critical = attack({**base, "situation": {"cover": "partial"},  # a critical's dice at their maximum: none rolled
                       "attack": {"total": 17, "natural": 20, "damage": "1d4"}}, reaction=[5])
    for with_bonus in (progressive, critical):
        assert f"reaction.{reaction}.instead_of_defence" in [s.event for s in with_bonus.trace]
    in_posture = attack({**base, "defender": {**base["defender"], "posture": ["A"]}, "situation": {"cover": "partial"}},
                        reaction=[5], damage=[3])
    events = [s.event for s in in_posture.trace]
    aside = events.index(f"reaction.{reaction}.instead_of_defence.idle")
    assert events[aside + 1:aside + 4] == ["posture.simple", "modifiers.defence", f"reaction.{reaction}"]
    assert covered.defence_value == 16 > covered.attack_total - 2  # the cover was there, and did not count
    bare = attack(base, reaction=[5], damage=[3])
    assert not any(s.event.endswith("instead_of_defence") for s in bare.trace)  # nothing shown to set aside


def test_a_capability_s_extra_damage_dice_are_told_apart_from_the_weapon_s() -> None:
    """« 8 (2d4 max) + 8 (2d4 max) = 16 » said neither which was the dagger's nor which Attaque Éclair's."""
    from rulecheck.examples import render

    given = {"defender": {"def_phy": 10}, "attack": {"total": 25, "natural": 20, "damage": "2d4+1",
                                                      "extra_damage": ["2d4", "1d6+2"]}}
    terms = next(s for s in attack(given).trace if s.event == "damage.critical").terms
    assert [t.label for t in terms] == ["max:2d4", "flat", "extra:max:2d4", "extra:max:1d6", "extra:flat"]
    assert [t.value for t in terms] == [8, 1, 8, 6, 2]
    rolled = next(s for s in attack({**given, "attack": {**given["attack"], "natural": 12}},
                                    damage=[1, 2, 3, 4, 5]).trace if s.event == "damage.roll").terms
    assert [t.label for t in rolled] == ["2d4", "flat", "extra:2d4", "extra:1d6", "extra:flat"]
    assert render.label("extra:max:2d4", "fr") == "2d4 max, dégâts supplémentaires"
    assert render.label("extra:flat", "en") == "flat, extra damage"
