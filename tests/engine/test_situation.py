"""The attack rule in its situation: every table row, DEX footnotes, cover, concealment, flanking,
helpless targets, coup de grâce, refusals, and the property that more defence never helps to hit."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rulecheck.engine import AttackInput, ScriptedDice, SeededDice, resolve_attack
from rulecheck.engine.attack import AttackResult
from rulecheck.engine.modifiers import ATTACKER_ROWS, COVER_ROWS, DEFENDER_ROWS, Row
from rulecheck.errors import RuleError
from tests.conftest import attack, examples


def situated(situation: dict[str, Any], kind: str = "melee", total: int = 10, **extra: Any) -> dict[str, Any]:
    return {"attack": {"kind": kind, "total": total}, "situation": situation, **extra}


def refused(given_: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as raised:
        resolve_attack(AttackInput.model_validate(given_), ScriptedDice({}))
    return raised.value


# Every table row, both columns -----------------------------------------------------------------

def cells(rows: tuple[Row, ...]) -> list[tuple[str, str, Any]]:
    return [(row.key, column, row.cell(column).value) for row in rows for column in ("melee", "ranged")]


@pytest.mark.parametrize(("key", "column", "value"), [c for c in cells(ATTACKER_ROWS) if isinstance(c[2], int)])
def test_each_attacker_row_changes_the_attack_total_by_its_cell(key: str, column: str, value: int) -> None:
    result = attack(situated({"attacker": [key]}, kind=column))
    assert (result.attack_modifier, result.attack_total) == (value, 10 + value)


@pytest.mark.parametrize(("key", "column", "value"), [c for c in cells(DEFENDER_ROWS) if isinstance(c[2], int)
                                                      and c[0] != "cover"])
def test_each_defender_row_changes_the_defence_by_its_cell(key: str, column: str, value: int) -> None:
    # DEX 0: losing the DEX bonus costs nothing, and a DEX counted as −5 costs exactly 5.
    dex_zero = -5 if key in ("helpless", "pinned") else 0
    entangled = -2 if key == "entangled" else 0
    result = attack({**situated({"defender": [key]}, kind=column), "defender": {"def_phy": 20}})
    assert result.defence_modifier == value + dex_zero + entangled
    assert result.defence_value == 20 + value + dex_zero + entangled


@pytest.mark.parametrize(("key", "column", "value"), [c for c in cells(COVER_ROWS) if isinstance(c[2], int)])
def test_each_cover_degree_raises_the_defence_by_its_cell(key: str, column: str, value: int) -> None:
    # Soft cover in melee needs a reach attack, out of contact (the ranged rule, seed 004).
    reach = {"contact": False} if (key, column) == ("soft", "melee") else {}
    result = attack({**situated({"cover": key}, kind=column), "defender": {"def_phy": 12}, **reach})
    assert (result.cover, result.defence_modifier) == (key, value)


def test_the_table_values_are_the_seed_values() -> None:
    attacker = {r.key: (r.kind, r.melee.value, r.ranged.value) for r in ATTACKER_ROWS}
    assert attacker == {
        "dazzled": ("condition", -1, -1), "entangled": ("condition", -2, -2), "flanking": ("flanking", 2, "n/a"),
        "invisible": ("condition", 2, 2), "higher_ground": ("height", 1, 0), "prone": ("stance", -4, "impossible"),
        "shaken": ("condition", -2, -2), "squeezing": ("squeezing", -4, -4),
    }
    defender = {r.key: (r.melee.value, r.ranged.value) for r in DEFENDER_ROWS}
    assert defender == {
        "cover": (4, 4), "blinded": (-2, -2), "invisible": ("total_concealment", "total_concealment"),
        "cowering": (-2, -2), "entangled": (0, 0), "flat_footed": (0, 0), "grappled": (0, 0),
        "helpless": (-4, 0), "kneeling": (-2, 2), "pinned": (-4, 0), "prone": (-4, 4), "squeezing": (-4, -4),
        "stunned": (-2, -2),
    }
    assert {r.key: (r.melee.value, r.ranged.value) for r in COVER_ROWS} == {
        "partial": (2, 2), "normal": (4, 4), "improved": (8, 8), "soft": (4, 4),
        "total": ("impossible", "impossible"),
    }


def test_footnotes_are_attached_to_their_rows() -> None:
    notes = {r.key: r.footnotes for r in (*ATTACKER_ROWS,)}
    assert notes["entangled"] == {"dex_penalty"} and notes["invisible"] == {"defender_loses_dex"}
    assert notes["prone"] == {"crossbow_shuriken"} and ATTACKER_ROWS[5].melee.footnotes == ()
    notes = {r.key: r.footnotes for r in DEFENDER_ROWS}
    assert {k for k, v in notes.items() if v == {"loses_dex"}} == {
        "blinded", "cowering", "flat_footed", "grappled", "stunned"}
    assert {k for k, v in notes.items() if v == {"dex_zero"}} == {"helpless", "pinned"}
    assert notes["entangled"] == {"dex_penalty"}


def test_synonyms_share_their_row() -> None:
    assert attack(situated({"attacker": ["frightened"]})).attack_modifier == -2
    assert attack(situated({"defender": ["sitting"]}, kind="ranged")).defence_modifier == 2


# DEX footnotes ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("dex", "loss"), [(3, -3), (0, 0), (-2, 0)])
def test_losing_the_dex_bonus_removes_a_positive_dex_only(dex: int, loss: int) -> None:
    result = attack({**situated({"defender": ["flat_footed"]}), "defender": {"def_phy": 15, "dex": dex}})
    assert result.defence_modifier == loss


@pytest.mark.parametrize(("dex", "change"), [(3, -8), (0, -5), (-5, 0)])
def test_dex_counted_as_minus_5_replaces_the_dex(dex: int, change: int) -> None:
    result = attack({**situated({"defender": ["pinned"]}, kind="ranged"), "defender": {"def_phy": 15, "dex": dex}})
    assert result.defence_modifier == change


def test_dex_counted_as_minus_5_wins_over_the_other_dex_effects() -> None:
    result = attack({**situated({"defender": ["helpless", "entangled", "flat_footed"]}, kind="ranged"),
                     "defender": {"def_phy": 15, "dex": -4}})
    assert result.defence_modifier == -1  # DEX −4 replaced by −5; the entangled −2 does not add


@pytest.mark.parametrize(("dex", "change"), [(4, -4), (1, -2), (-1, -2)])
def test_entangled_and_flat_footed_dex_effects_do_not_stack(dex: int, change: int) -> None:
    result = attack({**situated({"defender": ["entangled", "flat_footed"]}), "defender": {"def_phy": 15, "dex": dex}})
    assert result.defence_modifier == change


def test_an_invisible_attacker_takes_the_defender_dex_bonus() -> None:
    result = attack({**situated({"attacker": ["invisible"]}), "defender": {"def_phy": 17, "dex": 3}})
    assert (result.attack_total, result.defence_value) == (12, 14)


def test_a_grappled_defender_keeps_its_dex_against_a_grappled_attacker() -> None:
    base = {"defender": {"def_phy": 15, "dex": 3}}
    assert attack({**situated({"defender": ["grappled"]}), **base}).defence_value == 12
    assert attack({**situated({"defender": ["grappled"], "attacker_grappled": True}), **base}).defence_value == 15


def test_dex_effects_leave_def_mag_alone() -> None:
    result = attack({**situated({"defender": ["helpless"]}, kind="magic"), "defender": {"def_mag": 14, "dex": 3}})
    assert (result.defence, result.defence_value) == ("def_mag", 14)  # ranged column: helpless +0


def test_a_magical_attack_in_contact_uses_the_melee_column() -> None:
    result = attack({**situated({"defender": ["prone"]}, kind="magic"), "contact": True, "defender": {"def_mag": 14}})
    assert result.defence_value == 10
    result = attack({**situated({"defender": ["prone"]}, kind="magic"), "defender": {"def_mag": 14}})
    assert result.defence_value == 18


@pytest.mark.parametrize("defender", [["prone"], ["kneeling"], ["helpless"], ["blinded", "sitting"]])
@pytest.mark.parametrize(("grid", "creatures", "touching"), [
    ("A D", {}, True), ("A .\n. D", {}, True), ("A . D", {}, False), (". D\nA .", {}, True),
    ("A A D\nA A .", {"A": {"size": "large"}}, True), ("A A . D\nA A . .", {"A": {"size": "large"}}, False),
    ("A . . . D", {}, False),
])
def test_on_a_map_a_spell_takes_the_column_the_grid_s_contact_gives(
        defender: list[str], grid: str, creatures: dict[str, Any], touching: bool) -> None:
    """The grid decides contact (`contact` must agree with it or be left out): a spell cast from
    the next square uses the melee column as it does with `contact: true`, and one cast from
    farther the ranged column, as it does with `contact: false`."""
    def struck(**contact: bool) -> AttackResult:
        return attack({**situated({"defender": defender, "grid": {"map": grid, "creatures": creatures}},
                                  kind="magic", total=30), "defender": {"def_mag": 14, "dex": 3}, **contact})

    drawn = struck()
    told = struck(contact=touching)
    assert (drawn.defence_value, drawn.defence_modifier) == (told.defence_value, told.defence_modifier)
    neutral = attack({**situated({"defender": defender}, kind="magic", total=30), "defender": {"def_mag": 14, "dex": 3},
                      "contact": touching})
    assert drawn.defence_value == neutral.defence_value  # the same column as without a map


def test_an_entangled_attacker_loses_2_more_on_a_dex_attack() -> None:
    given_ = {"attacker": {"level": 3, "dex": 4}, "attack": {"kind": "ranged", "ability": "dex"},
              "situation": {"attacker": ["entangled"]}}
    result = attack(given_, attack=[10])
    assert (result.attack_modifier, result.attack_total) == (-4, 13)
    str_attack = {**given_, "attack": {"kind": "melee", "ability": "str"}}
    assert attack(str_attack, attack=[10]).attack_modifier == -2


def test_an_entangled_defender_dodges_with_2_less() -> None:
    given_ = {"defender": {"level": 2, "dex": 3}, "attack": {"total": 15}, "reaction": "dodge",
              "situation": {"defender": ["entangled"]}}
    result = attack(given_, reaction=[12])
    assert (result.reaction_total, result.outcome) == (15, "dodged")
    parry = attack({**given_, "reaction": "parry"}, reaction=[12])
    assert parry.reaction_total == 14  # parry adds STR (0), untouched


# Cover -------------------------------------------------------------------------------------------

def test_cover_turns_a_hit_into_a_miss() -> None:
    given_ = {"defender": {"def_phy": 14}, "attack": {"kind": "ranged", "total": 17}}
    assert attack(given_).hit
    covered = attack({**given_, "situation": {"grid": {"map": "A . . . . .\n. . . # . D"}}})
    assert (covered.cover, covered.defence_value, covered.outcome) == ("normal", 18, "miss")


def test_soft_cover_protects_against_shots_and_reach_attacks_not_adjacent_blows() -> None:
    assert attack(situated({"cover": "soft"}, kind="ranged")).defence_modifier == 4
    assert attack({**situated({"cover": "soft"}, kind="melee"), "contact": False}).defence_modifier == 4
    assert COVER_ROWS[3].key == "soft" and COVER_ROWS[3].melee.footnotes == ("beyond_adjacent",)
    for adjacent in ({}, {"contact": True}):
        error = refused({**situated({"cover": "soft"}, kind="melee"), **adjacent})
        assert error.code == "soft_cover_adjacent" and error.field == ("given", "situation", "cover")
        assert error.hint and "contact: false" in error.hint


@pytest.mark.parametrize(("grid", "size", "cover", "defence"), [
    ("A g D", "medium", "soft", 16),                      # a reach weapon over a goblin: the ranged rule
    ("A A . g D\nA A . . .", "large", "soft", 16),        # a Large glaive, 3 squares away, a creature between
    ("A . D\n. g .", "medium", "none", 12),               # the creature is beside the lines, not on them
    ("A = D", "medium", "normal", 16),                    # a low wall right by the target: cover
])
def test_a_reach_attack_counts_creatures_on_the_line_as_soft_cover(
    grid: str, size: str, cover: str, defence: int
) -> None:
    creatures = {"A": {"reach_weapon": True, "size": size}}
    result = attack({"attack": {"kind": "melee", "total": 14}, "defender": {"def_phy": 12},
                     "situation": {"grid": {"map": grid, "creatures": creatures}}})
    assert (result.cover, result.defence_value) == (cover, defence)
    assert result.hit is (defence <= 14)


def test_an_adjacent_blow_ignores_creatures_around() -> None:
    for grid in (". g .\nA D .", "g . .\nA D h", "A D g"):
        result = attack({"attack": {"kind": "melee", "total": 14}, "defender": {"def_phy": 12},
                         "situation": {"grid": {"map": grid}}})
        assert (result.cover, result.defence_value) == ("none", 12)


def test_the_gm_grades_the_grid_cover() -> None:
    grid = {"map": "A . . . . .\n. . . # . D"}
    assert attack(situated({"grid": grid, "cover": "partial"}, kind="ranged")).defence_modifier == 2
    assert attack(situated({"grid": grid, "cover": "improved"}, kind="ranged")).defence_modifier == 8
    # a grade of a cover the grid does not find is refused where it is written (it was dropped unsaid)
    error = refused(situated({"grid": {"map": "A . D"}, "cover": "improved"}, kind="ranged"))
    assert error.field == ("given", "situation", "cover") and "this grid finds no cover" in error.message


def test_total_cover_cannot_be_attacked() -> None:
    error = refused(situated({"cover": "total"}))
    assert "total cover" in error.message and error.field == ("given", "situation", "cover")
    error = refused(situated({"grid": {"map": ". # .\nA # D\n. # ."}}, kind="ranged"))
    assert error.field == ("given", "situation", "grid")


def test_no_opportunity_attack_against_cover_or_total_concealment() -> None:
    opportunity = {"attack": {"kind": "melee", "total": 10, "opportunity": True}}
    error = refused({**opportunity, "situation": {"cover": "normal"}})
    assert error.field == ("given", "attack", "opportunity")
    assert error.message.startswith("no opportunity attack against a defender with cover")
    assert "total concealment" in refused({**opportunity, "situation": {"concealment": "total"}}).message
    # An adjacent blow gets no soft cover at all; a reach opportunity attack over a creature has cover.
    assert refused({**opportunity, "situation": {"cover": "soft"}}).code == "soft_cover_adjacent"
    reach = refused({**opportunity, "contact": False, "situation": {"cover": "soft"}})
    assert reach.field == ("given", "attack", "opportunity")
    assert attack({**opportunity, "situation": {"concealment": "concealment"}}, miss_chance=[80]).hit


# Concealment -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("roll", "hit"), [(1, False), (20, False), (21, True), (100, True)])
def test_concealment_miss_chance_is_lost_at_or_under_20(roll: int, hit: bool) -> None:
    result = attack(situated({"concealment": "concealment"}), miss_chance=[roll])
    assert (result.miss_chance, result.miss_chance_roll, result.hit, result.concealment_miss) == (
        20, roll, hit, not hit)
    assert result.outcome == ("hit" if hit else "miss")


@pytest.mark.parametrize(("roll", "hit"), [(50, False), (51, True)])
def test_total_concealment_miss_chance_is_50(roll: int, hit: bool) -> None:
    assert attack(situated({"concealment": "total"}), miss_chance=[roll]).hit is hit


def test_an_invisible_defender_has_total_concealment_and_concealments_do_not_add() -> None:
    result = attack(situated({"defender": ["invisible"], "concealment": "concealment"}), miss_chance=[50])
    assert (result.miss_chance, result.hit) == (50, False)


def test_no_miss_chance_roll_after_a_miss() -> None:
    result = attack({**situated({"concealment": "total"}), "defender": {"def_phy": 18}})
    assert (result.outcome, result.miss_chance_roll) == ("miss", None)


def test_the_miss_chance_holds_against_a_critical() -> None:
    result = attack({"attack": {"total": 25, "natural": 20, "damage": "1d6"},
                     "situation": {"concealment": "concealment"}}, miss_chance=[3])
    assert result.critical and not result.hit and result.damage == 0


def test_fog_on_the_grid_conceals() -> None:
    result = attack(situated({"grid": {"map": "A ~ . D"}}, kind="ranged"), miss_chance=[21])
    assert (result.miss_chance, result.hit) == (20, True)


# Flanking and reach ------------------------------------------------------------------------------

def test_flanking_from_the_grid_turns_a_miss_into_a_hit() -> None:
    result = attack({"defender": {"def_phy": 15}, "attack": {"kind": "melee", "total": 13},
                     "situation": {"grid": {"map": ". B .\n. D .\n. A ."}}})
    assert (result.flanking, result.attack_total, result.outcome) == (True, 15, "hit")


def test_flanking_does_not_help_a_shot() -> None:
    result = attack(situated({"attacker": ["flanking"]}, kind="ranged"))
    assert (result.flanking, result.attack_modifier) == (False, 0)


def test_a_melee_attack_out_of_reach_is_refused() -> None:
    error = refused(situated({"grid": {"map": "A . D"}}))
    assert "out of the attacker's melee reach" in error.message
    assert error.field == ("given", "situation", "grid")
    error = refused(situated({"grid": {"map": "A D", "creatures": {"A": {"reach_weapon": True}}}}))
    assert "within its natural reach" in error.message


def test_contact_must_agree_with_the_grid() -> None:
    error = refused({**situated({"grid": {"map": "A . . D"}}, kind="ranged"), "contact": True})
    assert error.field == ("given", "contact")


def test_flanking_is_computed_from_the_grid_not_given_twice() -> None:
    with pytest.raises(ValueError, match="flanking comes from the grid"):
        AttackInput.model_validate(situated({"attacker": ["flanking"], "grid": {"map": "A D"}}))


def test_the_grid_forbids_a_contradicting_cover() -> None:
    with pytest.raises(ValueError, match="only grades it"):
        AttackInput.model_validate(situated({"cover": "normal", "grid": {"map": "A D"}}))


def test_a_modifier_the_gm_adds_to_the_attack_counts() -> None:
    plain = attack({"attack": {"total": 12}, "defender": {"def_phy": 13}})
    helped = attack({"attack": {"total": 12}, "defender": {"def_phy": 13},
                     "situation": {"modifiers": [{"kind": "circumstance", "source": "gm.banner", "target": "attack",
                                                  "value": 2}]}})
    assert (plain.outcome, helped.outcome) == ("miss", "hit")
    assert helped.attack_total == plain.attack_total + 2
    assert [(s.anchor, s.value) for s in helped.trace if s.event == "modifiers.attack"] == [
        ("attacker-modifiers", helped.attack_total)]


# Conditions that forbid ----------------------------------------------------------------------------

def test_a_prone_attacker_shoots_only_a_crossbow_or_shurikens() -> None:
    error = refused(situated({"attacker": ["prone"]}, kind="ranged"))
    assert error.field == ("given", "situation", "weapon")
    assert error.hint == "set `weapon: crossbow` or `shuriken`, or stand up first"
    for weapon in ("crossbow", "shuriken"):
        result = attack(situated({"attacker": ["prone"], "weapon": weapon}, kind="ranged"))
        assert result.attack_modifier == 0
        assert [s.verdict for s in result.trace if s.event == "prone.ranged"] == [f"weapon.{weapon}"]
    assert attack(situated({"attacker": ["prone"]}, kind="magic")).attack_modifier == 0


@pytest.mark.parametrize("reaction", ["dodge", "parry"])
def test_a_helpless_defender_cannot_dodge_or_parry(reaction: str) -> None:
    result = attack({**situated({"defender": ["helpless"]}), "reaction": reaction})
    assert result.reaction_refused == "cannot_act" and result.reaction_natural is None


@pytest.mark.parametrize(("condition", "reaction"), [
    (condition, reaction) for condition in ("pinned", "stunned", "cowering", "blinded", "grappled")
    for reaction in ("dodge", "parry") if (condition, reaction) != ("pinned", "dodge")])  # the next test's
def test_a_defender_who_is_not_helpless_still_reacts_with_its_defence_changed(condition: str, reaction: str) -> None:
    """The rules give stunned, cowering and pinned their own rows of the defender's table, as
    blinded: they change the defence, and only a helpless creature cannot protect itself; a pinned
    one, held in place, parries but does not dodge (a reading)."""
    result = attack({**situated({"defender": [condition]}), "reaction": reaction}, reaction=[20])
    assert result.reaction_refused is None and result.reaction_natural == 20
    assert result.outcome == ("dodged" if reaction == "dodge" else "parried")


@pytest.mark.parametrize("others", [[], ["entangled"], ["stunned"], ["flat_footed", "grappled"], ["prone"]])
@pytest.mark.parametrize("total", [3, 9, 30])
def test_a_pinned_defender_s_dodge_is_refused_and_the_attack_meets_its_defence(others: list[str], total: int) -> None:
    given = {**situated({"defender": ["pinned", *others]}, total=total), "defender": {"def_phy": 16, "dex": 2}}
    still = attack(given)
    dodging = attack({**given, "reaction": "dodge"})  # no reaction die: attack() fails if one were asked for
    assert (dodging.reaction_refused, dodging.reaction_natural, dodging.reaction_total) == ("cannot_dodge", None, None)
    assert (dodging.defence_value, dodging.hit, dodging.damage) == (still.defence_value, still.hit, still.damage)
    assert [s.event for s in dodging.trace if s.verdict == "refused"] == ["reaction.refused.cannot_dodge"]


@pytest.mark.parametrize(("situation", "kind", "refusal"), [
    ({"defender": ["pinned", "helpless"]}, "melee", "cannot_act"),
    ({"defender": ["pinned"]}, "magic", "magic"),
    ({"defender": ["pinned"]}, "melee", "cannot_dodge"),
])
def test_a_pinned_defender_s_dodge_gives_the_first_reason_it_cannot_be(
        situation: dict[str, Any], kind: str, refusal: str) -> None:
    result = attack({**situated(situation, kind=kind), "reaction": "dodge"})
    assert result.reaction_refused == refusal


def test_a_flat_footed_defender_still_reacts() -> None:
    result = attack({**situated({"defender": ["flat_footed"]}), "reaction": "parry"}, reaction=[15])
    assert result.reaction_refused is None and result.outcome == "parried"


@pytest.mark.parametrize(("situation", "message"), [
    ({"attacker": ["dazzled", "dazzled"]}, "`dazzled` is listed twice"),
    ({"defender": ["prone", "kneeling"]}, "two body positions"),
])
def test_contradicting_conditions_are_refused(situation: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AttackInput.model_validate(situated(situation))


# Helpless and coup de grâce --------------------------------------------------------------------------

def test_a_helpless_defender_in_melee() -> None:
    result = attack({**situated({"defender": ["helpless"]}, total=9), "defender": {"def_phy": 16, "dex": 2}})
    assert (result.defence_modifier, result.defence_value, result.hit) == (-11, 5, True)


# Ruling 13: an automatic hit and critical with no attack roll, no margin bonus, and concealment's
# 20 % miss chance still applies; against total concealment the extra round stands for the 50 %.

@pytest.mark.parametrize(("damage", "dealt"), [("1d4", 4), ("2d6+1", 13), ("1d8+STR", 10)])
@pytest.mark.parametrize("defence", [0, 15, 40])
def test_coup_de_grace_is_an_automatic_critical_with_no_roll_and_no_bonus(
    damage: str, dealt: int, defence: int
) -> None:
    # No `attack` die is scripted: attack() fails if the rules asked for one.
    result = attack({"attacker": {"str": 2}, "defender": {"def_phy": defence, "dex": 1},
                     "attack": {"kind": "melee", "damage": damage},
                     "situation": {"defender": ["helpless"], "coup_de_grace": True}})
    assert (result.critical, result.hit, result.attack_natural, result.attack_total) == (True, True, None, None)
    assert (result.base_damage, result.bonus_damage, result.damage) == (dealt, 0, dealt)
    assert (result.coup_de_grace, result.survival_dc) == (True, 10 + dealt)
    assert "damage.bonus" not in [s.event for s in result.trace]


@pytest.mark.parametrize("posture", [(), ("A",), ("A", "M")])
@pytest.mark.parametrize("defender", [["helpless"], ["helpless", "prone"], ["helpless", "blinded"]])
@pytest.mark.parametrize("modifiers", [
    [], [{"kind": "circumstance", "target": "defence", "value": 2, "source": "gm.shield"}]])
def test_a_coup_de_grace_s_trace_shows_no_defence_it_does_not_test(
        posture: tuple[str, ...], defender: list[str], modifiers: list[dict[str, Any]]) -> None:
    """It hits whatever the defence: a defence worked out to « = 5 » and then never compared with
    anything reads as a number the card forgot. The value stays in the result, the same as for the
    same blow struck normally, and the trace says nothing of it."""
    given = {"defender": {"def_phy": 15, "dex": 2, "posture": posture},
             "attack": {"kind": "melee", "damage": "1d4"},
             "situation": {"defender": defender, "coup_de_grace": True, "modifiers": modifiers}}
    result = attack(given)
    struck_given = {**given, "attack": {**given["attack"], "total": 1},
                    "situation": {"defender": defender, "modifiers": modifiers}}  # the same blow, struck
    struck = resolve_attack(AttackInput.model_validate(struck_given), ScriptedDice({"damage": [1]}))
    assert (result.defence_value, result.defence_modifier) == (struck.defence_value, struck.defence_modifier)
    assert result.defence_modifier != 0 or not defender
    said = [s.event for s in result.trace]
    defence = [s.event for s in struck.trace if s.event.startswith(("posture.", "modifiers.defence"))]
    assert defence, "the blow struck normally works its defence out"
    assert said[0] == "coup_de_grace.automatic" and not set(defence) & set(said), said
    assert said[-1] == "coup_de_grace.survival"


@pytest.mark.parametrize("roll", [1, 10, 20])
@pytest.mark.parametrize("damage", ["1d4", "2d6+1"])
def test_a_coup_de_grace_lost_to_concealment_asks_for_no_survival_test(roll: int, damage: str) -> None:
    """Seed 004: the test is for a defender who survives the blow; a blow that the 20 % miss chance
    turns away deals nothing, and the card must not ask the target for a survival test."""
    result = attack({"attacker": {"str": 2}, "defender": {"def_phy": 15},
                     "attack": {"kind": "melee", "damage": damage},
                     "situation": {"defender": ["helpless"], "coup_de_grace": True, "concealment": "concealment"}},
                    miss_chance=[roll])
    assert (result.hit, result.damage, result.survival_dc) == (False, 0, None)
    assert "coup_de_grace.survival" not in [s.event for s in result.trace]


@pytest.mark.parametrize("claim", [{"total": 8}, {"total": 30, "natural": 20}])
def test_a_coup_de_grace_with_an_attack_total_is_refused(claim: dict[str, int]) -> None:
    error = refused({"attack": {"kind": "melee", "damage": "1d4", **claim},
                     "situation": {"defender": ["helpless"], "coup_de_grace": True}})
    assert error.field == ("given", "attack", "total") and "no attack roll" in error.message
    assert error.hint and "remove `total`" in error.hint


@pytest.mark.parametrize(("face", "lost"), [(1, True), (20, True), (21, False), (100, False)])
def test_coup_de_grace_keeps_concealment_s_miss_chance(face: int, lost: bool) -> None:
    result = attack({"attack": {"kind": "melee", "damage": "1d6"},
                     "situation": {"defender": ["helpless"], "coup_de_grace": True, "concealment": "concealment"}},
                    miss_chance=[face])
    assert (result.miss_chance, result.miss_chance_roll, result.hit) == (20, face, not lost)
    assert result.damage == (0 if lost else 6)


def test_coup_de_grace_against_total_concealment_rolls_no_miss_chance() -> None:
    result = attack({"attack": {"kind": "melee", "damage": "1d6"},
                     "situation": {"defender": ["helpless", "invisible"], "coup_de_grace": True}})
    assert result.hit and result.miss_chance_roll is None
    assert [(s.value, s.verdict) for s in result.trace if s.event == "coup_de_grace.concealment"] == [
        (50, "no_miss_chance")]


@pytest.mark.parametrize(("given_", "field", "message"), [
    ({"situation": {"coup_de_grace": True}}, ("given", "situation", "coup_de_grace"), "helpless defender"),
    ({"situation": {"coup_de_grace": True, "defender": ["helpless"], "immune_to_criticals": True}},
     ("given", "situation", "coup_de_grace"), "immune to critical hits"),
    ({"attack": {"kind": "magic", "total": 9}, "situation": {"coup_de_grace": True, "defender": ["helpless"]}},
     ("given", "attack", "kind"), "with a weapon"),
    ({"attack": {"kind": "ranged", "total": 9}, "contact": True,
      "situation": {"coup_de_grace": True, "defender": ["helpless"]}},
     ("given", "situation", "weapon"), "bow or a crossbow"),
    ({"attack": {"kind": "ranged", "total": 9},
      "situation": {"coup_de_grace": True, "defender": ["helpless"], "weapon": "bow"}},
     ("given", "contact"), "adjacent square"),
    ({"attack": {"kind": "ranged", "total": 9},
      "situation": {"coup_de_grace": True, "defender": ["helpless"], "weapon": "bow", "grid": {"map": "A . D"}}},
     ("given", "situation", "grid"), "adjacent square"),
])
def test_coup_de_grace_refusals(given_: dict[str, Any], field: tuple[str, ...], message: str) -> None:
    error = refused({"attack": {"kind": "melee", "total": 9}, **given_})
    assert message in error.message and error.field == field
    if message == "helpless defender":
        assert error.hint == "add `helpless` to `situation.defender`"  # what would allow it


def test_a_bow_coup_de_grace_from_the_next_square() -> None:
    result = attack({"attack": {"kind": "ranged", "damage": "1d8"},
                     "situation": {"coup_de_grace": True, "defender": ["helpless"], "weapon": "bow",
                                   "grid": {"map": "A D"}}})
    assert result.hit and result.base_damage == 8


# Existing rules untouched ------------------------------------------------------------------------------

def test_no_situation_means_no_change() -> None:
    plain = attack({"defender": {"def_phy": 15}, "attack": {"total": 15}})
    empty = attack({"defender": {"def_phy": 15}, "attack": {"total": 15}, "situation": {}})
    assert plain == empty
    assert (plain.attack_modifier, plain.defence_modifier, plain.cover, plain.miss_chance) == (0, 0, "none", 0)


# More defence never helps to hit ---------------------------------------------------------------------

attacker_conditions = st.lists(st.sampled_from([r.key for r in ATTACKER_ROWS if r.key != "flanking"]), unique=True)
defender_conditions = st.lists(st.sampled_from(
    ["blinded", "cowering", "entangled", "flat_footed", "grappled", "helpless", "pinned", "squeezing", "stunned"]),
    unique=True)


@settings(max_examples=examples(80), deadline=None)
@given(
    kind=st.sampled_from(["melee", "ranged", "magic"]),
    attacker=attacker_conditions,
    defender=defender_conditions,
    posture=st.sampled_from([[], ["prone"], ["kneeling"]]),
    cover=st.sampled_from(["none", "partial", "normal", "improved", "soft"]),
    concealment=st.sampled_from(["none", "concealment", "total"]),
    reaction=st.sampled_from(["none", "dodge", "parry"]),
    defence=st.integers(0, 40),
    more=st.integers(1, 20),
    dex=st.integers(-5, 6),
    seed=st.integers(0, 2**16),
)
def test_a_higher_defence_never_turns_a_miss_into_a_hit(
    kind: str, attacker: list[str], defender: list[str], posture: list[str], cover: str, concealment: str,
    reaction: str, defence: int, more: int, dex: int, seed: int,
) -> None:
    def run(value: int) -> AttackResult:
        given_ = {
            "attacker": {"level": 2, "dex": 3}, "defender": {"level": 2, "dex": dex, "def_phy": value,
                                                               "def_mag": value},
            "attack": {"kind": kind, "ability": "dex", "damage": "1d6"}, "reaction": reaction,
            "situation": {"attacker": attacker, "defender": defender + posture, "cover": cover,
                          "concealment": concealment, "weapon": "crossbow"},
        }
        return resolve_attack(AttackInput.model_validate(given_), SeededDice(seed))

    try:
        lower = run(defence)
    except RuleError:
        assume(False)
        return
    higher = run(min(60, defence + more))
    assert not (higher.hit and not lower.hit)
    assert higher.defence_value >= lower.defence_value


@pytest.mark.parametrize(("grid", "given_concealment", "events"), [
    ("A . ~ . D", "concealment", ["grid.concealment", "concealment.given", "concealment.not_stacking"]),
    ("A . ~ . D", "total", ["grid.concealment", "concealment.given", "concealment.not_stacking"]),
    ("A . . . D", "concealment", ["concealment.given"]),
    ("A . ~ . D", None, ["grid.concealment"]),
    ("A . . . D", None, []),
])
def test_a_concealment_the_example_gives_beside_the_grid_s_is_a_step_and_does_not_stack(
        grid: str, given_concealment: str | None, events: list[str]) -> None:
    """A card titled « Mist on the map, dim light granted by the GM » named the dim light nowhere."""
    situation: dict[str, Any] = {"grid": {"map": grid}}
    if given_concealment:
        situation["concealment"] = given_concealment
    result = attack(situated(situation, kind="ranged", total=30), **({"miss_chance": [99]} if events else {}))
    shown = [s.event for s in result.trace if "concealment" in s.event and s.event != "miss_chance.roll"]
    assert shown == events
    assert result.miss_chance == (50 if "total" in (given_concealment,) else 20 if events else 0)
