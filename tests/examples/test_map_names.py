"""One creature, one name; one name, one creature, on a grid example's card (rulecheck/examples/
map_names.py): a 32nd hostile round named the attacker twice, two orcs alike, and a target « 1 »."""

from __future__ import annotations

import pytest

from rulecheck.examples.check import check_page

PAGE = """\
# Page

```rulecheck
id: named
rule: attack
given:
  attacker: {attacker}
  defender: {defender}
  attack: {{kind: ranged, total: 17, damage: 1d8}}
  situation:
    grid:
      map: |
        o A . . D
      creatures:
{creatures}
dice:
  damage: [3]
```
"""


def problems(attacker: str = "{name: the scout}", defender: str = "{name: the bandit, def_phy: 14}",
             creatures: dict[str, str] | None = None, language: str = "en") -> list[tuple[str, str]]:
    listed = "\n".join(f"        {letter}: {{name: {name}}}" for letter, name in (creatures or {}).items())
    page = PAGE.format(attacker=attacker, defender=defender, creatures=listed or "        o: {name: the hound}")
    report = check_page(f"docs/{language}/page.md", page, odds=False)
    return [(p.field or "", p.message) for o in report.outcomes for p in o.problems]


def test_names_given_once_each_pass() -> None:
    assert problems(creatures={"o": "the hound"}) == []
    assert problems(creatures={"o": "the hound", "A": "the scout", "D": "The Bandit"}) == []  # the same names


@pytest.mark.parametrize(("letter", "role", "name"), [("A", "attacker", "the ogre"), ("D", "defender", "the bishop")])
def test_a_token_named_otherwise_than_its_role_is_refused_at_the_token_s_name(letter: str, role: str,
                                                                              name: str) -> None:
    found = problems(creatures={letter: name})
    assert [field for field, _ in found] == [f"given.situation.grid.creatures.{letter}.name"]
    assert f"the {role} is named" in found[0][1] and "one creature, two names" in found[0][1]


@pytest.mark.parametrize(("creatures", "defender", "written"), [
    ({"o": "the bandit"}, "{name: the bandit, def_phy: 14}", "given.situation.grid.creatures.o.name"),
    ({"o": "The  Bandit"}, "{name: the bandit, def_phy: 14}", "given.situation.grid.creatures.o.name"),
    ({"o": "the bàndit"}, "{name: the bandit, def_phy: 14}", "given.situation.grid.creatures.o.name"),
    ({"o": "the orc", "D": "the orc"}, "{def_phy: 14}", "given.situation.grid.creatures.o.name"),
])
def test_one_name_for_two_creatures_is_refused_where_it_is_written_second(
        creatures: dict[str, str], defender: str, written: str) -> None:
    found = problems(defender=defender, creatures=creatures)
    assert len(found) == 1 and "names two creatures of this example" in found[0][1], found
    assert found[0][0] in (written, "given.defender.name", "given.situation.grid.creatures.D.name")


@pytest.mark.parametrize("name", ["'1'", "token 3", "Jeton 2", "the attacker", "The Target", "l'attaquant",
                                  "la cible", "the enemy"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_name_that_reads_as_the_map_s_own_words_is_refused(name: str, language: str) -> None:
    found = problems(creatures={"o": name}, language=language)
    assert [field for field, _ in found] == ["given.situation.grid.creatures.o.name"]
    assert "reads as the map's own words" in found[0][1]
