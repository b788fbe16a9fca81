"""In one language a name is one creature: a one-off creature written twice with two values of one base
statistic, on one page or on two, is a located problem on the example that writes it second
(``rulecheck/examples/namesakes.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.examples.check import check_page, check_paths
from rulecheck.examples.namesakes import check_namesakes


def attack(example_id: str, defender: str, attacker: str = "{name: the rogue, level: 1}") -> str:
    return (f"```rulecheck\nid: {example_id}\nrule: attack\ngiven:\n  attacker: {attacker}\n"
            f"  defender: {defender}\n  attack: {{kind: melee, total: 20, damage: 1d4}}\n"
            "dice:\n  damage: [2]\nexpect:\n  outcome: hit\n```\n\n")


def namesake_problems(text: str) -> list[tuple[str | None, int, str | None, str]]:
    report = check_page("pages/en/page.md", text, odds=False)
    check_namesakes(report.outcomes)
    unrelated = [p for o in report.outcomes for p in o.problems if p.kind != "namesake"]
    assert not unrelated, unrelated
    return [(p.example_id, p.line, p.field, p.message) for o in report.outcomes for p in o.problems]


def test_a_name_given_two_defences_on_one_page_is_located_on_the_second_example() -> None:
    text = "# Page\n\n" + attack("first", "{name: the guard, def_phy: 15}") + attack(
        "second", "{name: the guard, def_phy: 16}")
    [(example_id, line, field, message)] = namesake_problems(text)
    assert (example_id, field) == ("second", "given.defender.def_phy")
    assert text.splitlines()[line - 1].strip().startswith("defender: {name: the guard, def_phy: 16}")
    first_line = text.splitlines().index("  defender: {name: the guard, def_phy: 15}") + 1
    assert f"def_phy 16 here, and def_phy 15 in example `first` (line {first_line})" in message
    assert "a name of its own" in message


@pytest.mark.parametrize("written", [
    "the g\u00f3lem", "the go\u0301lem",  # ó as one character, then as o and an accent: one look on screen
    "THE GOLEM", "the  golem", "the Golem\u00a0",  # case and spaces
    "the ｇｏｌｅｍ",  # full width
])
def test_a_name_written_to_look_like_another_is_the_same_creature(written: str) -> None:
    text = attack("first", "{name: the golem, def_phy: 15}") + attack("second", f'{{name: "{written}", def_phy: 16}}')
    [(example_id, _, field, message)] = namesake_problems(text)
    assert (example_id, field) == ("second", "given.defender.def_phy") and "def_phy 16 here" in message


def test_every_differing_statistic_is_named_in_one_problem_per_creature() -> None:
    text = (attack("a", "{name: the guard, def_phy: 15, dex: 1, level: 2}")
            + attack("b", "{name: The Guard, def_phy: 16, dex: 2, level: 2}"))
    [(_, _, field, message)] = namesake_problems(text)
    assert field == "given.defender.def_phy"
    assert "`The Guard` has def_phy 16, dex 2 here" in message and "level" not in message


def test_a_statistic_left_out_a_cast_member_or_another_name_is_no_difference() -> None:
    text = (attack("a", "{name: the guard, def_phy: 15}")
            + attack("b", "{name: the guard, dex: 3}")  # left out: the rule reads no defence written here
            + attack("c", "{name: the guard, def_phy: 15, dex: 3}")
            + attack("d", "{name: the sergeant, def_phy: 12}")
            + attack("e", "{name: the guard, def_phy: 15}", attacker="{name: the guard, def_phy: 15}"))
    assert namesake_problems(text) == []


def test_the_attacker_and_the_defender_of_one_example_are_compared_too() -> None:
    text = attack("both", "{name: the twin, def_phy: 15}", attacker="{name: the twin, level: 1, def_phy: 12}")
    [(example_id, _, field, message)] = namesake_problems(text)
    assert (example_id, field) == ("both", "given.defender.def_phy")
    assert "in example `both`" in message


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["the guard", "the Guard", "'the  guard'", "the wolf"]),
                          st.one_of(st.none(), st.integers(10, 12))), min_size=1, max_size=6))
def test_each_example_that_breaks_from_a_name_s_first_value_has_one_problem(
        writes: list[tuple[str, int | None]]) -> None:
    text = "".join(attack(f"e{i}", "{{name: {}{}}}".format(name, "" if value is None else f", def_phy: {value}"))
                   for i, (name, value) in enumerate(writes))
    first: dict[str, int] = {}
    breaking = []
    for i, (name, value) in enumerate(writes):
        if value is not None and first.setdefault(" ".join(name.strip("'").casefold().split()), value) != value:
            breaking.append(f"e{i}")
    assert [example_id for example_id, *_ in namesake_problems(text)] == breaking


def test_a_name_given_two_defences_on_two_pages_of_a_language_is_found_and_names_the_other_page(
        tmp_path: Path) -> None:
    """The criticals page's lookout had Def PHY 8, the modifiers page's 16: a reader of both met one lookout."""
    for language, page, defence in (("en", "a.md", 8), ("en", "b.md", 16), ("fr", "c.md", 16), ("fr", "d.md", 16)):
        (tmp_path / "docs" / language).mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / language / page).write_text(
            "# Page\n\n" + attack(page[0], f"{{name: the lookout, def_phy: {defence}}}"))
    report = check_paths([tmp_path / "docs"], root=tmp_path, odds=False)
    found = [(shown, p.example_id, p.message) for shown, page in report.pages.items()
             for o in page.outcomes for p in o.problems if p.kind == "namesake"]
    [(shown, example_id, message)] = found  # a.md's 8 against the French pages' 16 is no namesake
    assert (shown, example_id) == ("docs/en/b.md", "b")
    assert "def_phy 16 here, and def_phy 8 in example `a` (docs/en/a.md, line 8)" in message
    assert "in one language's pages" in message
