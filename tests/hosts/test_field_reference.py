"""The authors' field reference: generated from the engine's models, in both languages, complete."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from rulecheck.engine.rules import RULES
from rulecheck.engine.sources import ScriptedDice
from rulecheck.errors import RuleError
from rulecheck.examples.check import check_paths
from rulecheck.examples.locales import fields
from rulecheck.hosts import field_reference
from rulecheck.hosts.field_reference import given_rows, reference_markdown, result_rows, type_text
from tests.conftest import ROOT


class Asking(ScriptedDice):
    """Scripted dice that remember every label the rules asked for."""

    def __init__(self, faces: dict[str, Any]) -> None:
        super().__init__(faces)
        self.asked: set[str] = set()

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        self.asked.add(label)
        return super().roll(label, sides, count)


def test_every_die_the_rules_roll_in_the_site_s_examples_is_declared_by_its_rule() -> None:
    asked: dict[str, set[str]] = {name: set() for name in RULES}
    report = check_paths([ROOT / "docs"], root=ROOT, odds=False)  # as the site reads them, the cast resolved
    for page in report.pages.values():
        for outcome in page.outcomes:
            assert outcome.parsed is not None, outcome.problems
            example = outcome.parsed.example
            source = Asking(example.dice)
            try:
                RULES[example.rule].resolve(example.given, source)
            except RuleError:
                assert outcome.refusal is not None, outcome.id  # only an example showing a refusal stops early
            asked[example.rule] |= source.asked
    for name, rule in RULES.items():
        assert asked[name] <= set(rule.dice), name
    assert asked["attack"] == {"attack", "reaction", "damage", "miss_chance"}  # the site rolls them all


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_reference_lists_every_rule_key_die_and_result(locale: str) -> None:
    page = reference_markdown(locale)
    for name, rule in RULES.items():
        assert f"## `{name}`" in page
        for label in rule.dice:
            assert f"| `{label}` | {fields.DICE[locale][label]} |" in page
        for field, _ in result_rows(rule, locale):
            assert f"| `{field}` |" in page
    assert "| `defender.level` | " in page and "| `plan[].metres` | " in page
    assert "| `grid.creatures.<key>.size` | " in page  # a mapping's values, by key
    assert "| `attacker.str` | " in page  # the key an author writes (the alias), not the Python name


def test_a_row_has_the_type_default_and_meaning_in_the_page_s_language() -> None:
    french = {row[0]: row[1:] for row in given_rows(RULES["attack"].given, "fr")}
    english = {row[0]: row[1:] for row in given_rows(RULES["attack"].given, "en")}
    assert french["reaction"] == ("l'une des valeurs `none`, `dodge`, `parry`", '`"none"`',
                                  "La réaction annoncée par la cible.")
    assert english["defender.level"] == ("integer, 0 to 30", "`0`", "Level.")
    assert english["attack"][1] == "required"
    assert english["situation.attacker"][0].startswith("list of values among `dazzled`")
    assert english["attack.damage"][0] == "dice, e.g. `2d6+1` or nothing (`null`)"


def test_a_type_is_said_in_words() -> None:
    words = fields.WORDS["en"]
    assert type_text({"type": "integer", "minimum": 1}, {}, words) == "integer, at least 1"
    assert type_text({"type": "array", "items": {"type": "string"}}, {}, words) == "list of text"
    assert type_text({"anyOf": [{"type": "boolean"}, {"type": "null"}]}, {}, words) == (
        "yes/no (`true`, `false`) or nothing (`null`)")


def test_a_key_without_a_meaning_fails_the_build_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    english = dict(fields.FIELDS["en"])
    del english["Combatant.level"]
    monkeypatch.setattr(field_reference, "FIELDS", {**fields.FIELDS, "en": english})
    with pytest.raises(PluginError, match=r"no en meaning .* for Combatant\.level$"):
        reference_markdown("en")
    reference_markdown("fr")


def test_no_meaning_is_left_over_from_a_key_the_engine_no_longer_has() -> None:
    for locale in ("fr", "en"):
        used = {f"{model}.{name}" for model, name in _all_keys()}
        assert set(fields.FIELDS[locale]) == used, locale
        assert set(fields.DICE[locale]) == {label for rule in RULES.values() for label in rule.dice}
        assert set(fields.RULES[locale]) == set(RULES)


def _all_keys() -> set[tuple[str, str]]:
    seen: set[tuple[str, str]] = set()

    def visit(model: Any) -> None:
        for name, field in model.model_fields.items():
            if (model.__name__, name) in seen:
                continue
            seen.add((model.__name__, name))
            for _, nested in field_reference._models_in(field.annotation):
                visit(nested)

    for rule in RULES.values():
        visit(rule.given)
    return seen


@pytest.mark.build
def test_the_built_reference_is_linked_from_the_authors_page(offline_site: Path) -> None:
    for folder, meaning in (("", "Niveau."), ("en/", "Level.")):
        authors = (offline_site / folder / "authors.html").read_text("utf-8")
        assert 'href="fields.html"' in authors
        page = (offline_site / folder / "fields.html").read_text("utf-8")
        assert "<!-- rulecheck-field-reference -->" not in page
        assert re.search(r"<td><code>defender\.level</code></td>\s*<td>[^<]*</td>\s*<td><code>0</code></td>\s*"
                         rf"<td>{re.escape(meaning)}</td>", page)


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_stacking_the_reference_describes_is_the_engine_s(locale: str) -> None:
    """Penalties of one kind from two sources add up, two bonuses of a kind do not: the reference
    says so (an earlier wording had the worst penalty alone apply), and calls it a reading."""
    from rulecheck.engine.modifiers import Modifier, stack

    def condition(source: str, value: int) -> Modifier:
        return Modifier(kind="condition", source=source, target="attack", value=value)

    assert stack([condition("attacker.dazzled", -1), condition("attacker.shaken", -2)], "attack", "melee").total == -3
    assert stack([condition("a.one", 2), condition("a.two", 1)], "attack", "melee").total == 2
    said = {"fr": ("Les malus s'additionnent", "seul le plus grand compte"),
            "en": ("Penalties add up", "only the larger counts")}[locale]
    meaning = fields.FIELDS[locale]["Modifier.kind"]
    assert all(words in meaning for words in said) and "modifiers.md#note-stacking" in meaning


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_reference_calls_the_site_s_readings_readings(locale: str) -> None:
    """What the rules leave unsaid (a long rest's HP and MP, a stabilised character's 0 HP, the
    advanced bonus's scope, a reach weapon at every size) links to its reading note."""
    meanings = fields.FIELDS[locale]
    for key, note in (("Resting.hp", "rests.md#note-rest-amounts"),
                      ("Options.progressive_damage", "attack.md#note-progressive-bonus"),
                      ("Occupant.reach_weapon", "modifiers.md#note-distance")):
        assert note in meanings[key], key
    assert "rests.md#note-rest-choice" in fields.RULES[locale]["rest"]


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_shared_schema_describes_each_model_as_its_own_schema_does(
        monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    shared = reference_markdown(locale)
    monkeypatch.setattr(field_reference, "json_schema", lambda model: model.model_json_schema())
    assert reference_markdown(locale) == shared


@pytest.mark.parametrize("shown", [
    "`<!-- rulecheck-field-reference -->`", "```markdown\n<!-- rulecheck-field-reference -->\n```",
    "~~~\n<!-- rulecheck-field-reference -->\n~~~", "> ```\n> <!-- rulecheck-field-reference -->\n> ```",
])
def test_the_marker_shown_in_code_is_text_and_only_the_one_alone_is_filled(shown: str) -> None:
    """A page showing the marker in a fence got the whole reference pasted into its code."""
    from types import SimpleNamespace

    plugin = field_reference.FieldReferencePlugin()
    config: Any = SimpleNamespace(theme={"language": "en"})
    page: Any = SimpleNamespace(file=SimpleNamespace(src_uri="en/page.md"))
    text = f"# Page\n\n{shown}\n"
    assert plugin.on_page_markdown(text, page=page, config=config, files=None) is None  # type: ignore[arg-type]
    filled = plugin.on_page_markdown(f"{text}\n{field_reference.MARKER}\n", page=page, config=config,
                                     files=None)  # type: ignore[arg-type]
    assert filled is not None and filled.startswith(text) and filled.count(field_reference.MARKER) == 1
    assert reference_markdown("en") in filled
