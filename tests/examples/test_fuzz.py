"""Fuzzing: random and mutated inputs through the finder, the YAML/schema layer, the engine, the cards.

Whatever the input, the only way out is rulecheck's own located problems (or, for the engine
alone, a ``RulecheckError``/``ValueError``): never another exception, never a line outside the
page, never an "internal error". The normal suite runs a bounded, derandomized profile
(seconds); ``make fuzz`` runs the long one (``RULECHECK_FUZZ=long``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rulecheck.engine import RULES, AttackInput, AttackResult, ScriptedDice, SeededDice, resolve_attack
from rulecheck.errors import Problem, RulecheckError, RuleError
from rulecheck.examples.check import check_example, check_page, check_paths
from rulecheck.examples.finder import Block, find_blocks, split_lines
from rulecheck.examples.schema import ParsedExample, json_schema, parse_block
from rulecheck.hosts import cards
from tests.conftest import ROOT
from tests.examples.schema_strategies import examples, learn

settings.register_profile(
    "rulecheck-ci", max_examples=60, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "rulecheck-long", max_examples=4000, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PROFILE = settings.get_profile("rulecheck-long" if os.environ.get("RULECHECK_FUZZ") == "long" else "rulecheck-ci")

PAGES = sorted((ROOT / "docs").rglob("*.md")) + sorted((ROOT / "tests" / "bad_inputs").rglob("page.md"))
TEXTS = [p.read_bytes().decode("utf-8", "replace") for p in PAGES]
SOURCES = [b.source for text in TEXTS for b in find_blocks(text) if b.closed and b.source.strip()]

# Pieces Markdown and YAML care about, so random text often means something to the parsers.
MARKDOWN_BITS = st.sampled_from([
    "```", "````", "~~~", "```rulecheck", "~~~rulecheck", "``` rulecheck", "```{.rulecheck}", "    ", "\t",
    "\n", "\r\n", "\r", "\x0c", "\u2028", "\ufeff", "!!! note\n", '=== "Tab"\n', "1. ", "- ", "{{ a.b }}",
    "{{ elara-parry.damage }}", "id: x\n", "rule: attack\n", "# Title\n", "`", "text ",
])
YAML_BITS = st.sampled_from([
    "id: ", "rule: ", "attack", "given:", "dice:", "expect:", "title: ", "  ", "\n", "- ", "[", "]", "{", "}",
    ",", ": ", "&a ", "*a", "!!python/object ", "!tag ", "<<: ", "---\n", "...", "'", '"', "#", "|", ">",
    "\t", "\ufeff", "\x07", "\u2028", "1", "-3", "20", "21", "1d20", "2d6+STR", "d", "true", "null", "~",
    "reaction", "damage", "defender", "attacker", "level", "str", "posture", "[A]", "[M]", "parry", "dodge",
])
SCALARS = st.one_of(
    st.integers(-10**6, 10**6).map(str), st.sampled_from(["true", "no", "null", "~", "''", '""', "[]", "{}",
    "1d6", "2d", "1e3", ".nan", "0x1F", "0o17", "2024-01-01", "A", "[A, M]", "[M]", "hit", "parried"]),
    st.text(max_size=12),
)
KEYS = st.sampled_from(["id", "rule", "title", "given", "dice", "expect", "attacker", "defender", "attack",
                        "reaction", "total", "natural", "damage", "level", "str", "dex", "def_phy", "posture",
                        "outcome", "critical", "kind", "bonus", "ability", "extra_damage", "options", "zzz"])


def line_count(text: str) -> int:
    return max(1, len(split_lines(text)))


def assert_located(problems: list[Problem], lowest: int, highest: int) -> None:
    for problem in problems:
        assert isinstance(problem, Problem)
        assert lowest <= problem.line <= highest, problem.located()
        assert problem.col is None or problem.col >= 1, problem.located()
        assert problem.kind != "internal", problem.located()
        assert "\n" not in problem.located(), problem.located()


# --- Mutations of real pages and blocks ---------------------------------------------------------

@st.composite
def mutated(draw: st.DrawFn, texts: list[str], bits: st.SearchStrategy[str]) -> str:
    """A real text after a few random edits: lines deleted or doubled, characters swapped, text inserted."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        at = draw(st.integers(0, max(0, len(lines) - 1)))
        match draw(st.sampled_from(["delete", "double", "swap", "insert", "key", "value", "indent", "cut"])):
            case "delete":
                del lines[at]
            case "double":
                lines.insert(at, lines[at])
            case "swap":
                line = lines[at]
                if len(line) > 1:
                    i = draw(st.integers(0, len(line) - 2))
                    lines[at] = line[:i] + line[i + 1] + line[i] + line[i + 2:]
            case "insert":
                line = lines[at]
                i = draw(st.integers(0, len(line)))
                lines[at] = line[:i] + draw(bits) + line[i:]
            case "key":
                indent = " " * draw(st.sampled_from([0, 2, 4, 6, 8]))
                lines.insert(at, f"{indent}{draw(KEYS)}: {draw(SCALARS)}")
            case "value":
                line = lines[at]
                if ": " in line:
                    lines[at] = line.split(": ", 1)[0] + ": " + draw(SCALARS)
            case "indent":
                lines[at] = " " * draw(st.integers(0, 5)) + lines[at].lstrip()
            case "cut":
                lines = lines[:at + 1]
        text = "\n".join(lines)
    return text


# --- The finder -------------------------------------------------------------------------------

@PROFILE
@given(st.one_of(st.lists(MARKDOWN_BITS, max_size=40).map("".join), mutated(TEXTS, MARKDOWN_BITS), st.text()))
def test_the_finder_locates_every_block_inside_the_page(text: str) -> None:
    lines = split_lines(text)
    for block in find_blocks(text, "page.md"):
        assert 1 <= block.line <= block.end_line <= max(1, len(lines))
        body = block.source.split("\n")[:-1] if block.source else []
        assert len(body) == len(block.removed)
        for offset, (line, removed) in enumerate(zip(body, block.removed, strict=True)):
            assert lines[block.body_line - 1 + offset][removed:] == line


# --- The YAML and schema layer ---------------------------------------------------------------

def _parse(source: str) -> ParsedExample | list[Problem]:
    block = Block(path="page.md", line=10, end_line=10 + line_count(source) + 1, indent="", source=source)
    result = parse_block(block)
    if isinstance(result, list):
        assert result, "a failed block says why"
        assert_located(result, block.line, block.end_line)
    return result


@PROFILE
@given(st.one_of(st.lists(YAML_BITS, max_size=60).map("".join), st.text(max_size=300)))
def test_random_yaml_parses_or_gives_located_problems(source: str) -> None:
    _parse(source)


@PROFILE
@given(mutated(SOURCES, YAML_BITS))
def test_mutated_real_examples_run_or_give_located_problems(source: str) -> None:
    parsed = _parse(source)
    if isinstance(parsed, ParsedExample):
        outcome = check_example(parsed)
        assert_located(outcome.problems, 10, 10 + line_count(source) + 1)
        assert outcome.problems or outcome.result is not None or outcome.refusal is not None  # a refusal expected
        for language in ("fr", "en"):
            assert isinstance(cards.card(outcome, language), str)


# --- Whole pages through the checker and the cards ----------------------------------------------

@PROFILE
@given(mutated(TEXTS, MARKDOWN_BITS | YAML_BITS), st.sampled_from(TEXTS))
def test_mutated_pages_check_with_located_problems_and_render(text: str, twin: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for language, content in (("fr", text), ("en", twin)):
            page = root / "docs" / language / "page.md"
            page.parent.mkdir(parents=True)
            page.write_text(content, encoding="utf-8", errors="surrogatepass")
        report = check_paths([root / "docs"], root=root)
    highest = max(line_count(text), line_count(twin)) + 1
    assert_located(report.all_problems, 1, highest)
    for page_report in report.pages.values():
        for outcome in page_report.outcomes:
            assert isinstance(cards.card(outcome, "fr"), str)
    assert isinstance(cards.banner(report.all_problems, "en"), str)


# --- The engine ---------------------------------------------------------------------------------

COMBATANT = st.fixed_dictionaries({}, optional={
    "level": st.integers(-2, 32), "str": st.integers(-7, 22), "dex": st.integers(-7, 22),
    "def_phy": st.integers(-2, 62), "def_mag": st.integers(-2, 62),
    "posture": st.lists(st.sampled_from(["A", "M", "X"]), max_size=3), "fumble_threshold": st.integers(0, 6),
})
ATTACK = st.fixed_dictionaries({}, optional={
    "kind": st.sampled_from(["melee", "ranged", "magic", "psychic"]), "area": st.booleans(),
    "opportunity": st.booleans(), "ability": st.sampled_from(["str", "dex", "wis", "luck"]),
    "bonus": st.integers(-22, 42), "total": st.integers(-22, 82), "natural": st.integers(0, 21),
    "damage": st.sampled_from(["1d6", "2d4+FOR", "1d8+2-1d4", "d100", "3", "1d20+STR+DEX", "2d", "0d6"]),
    "extra_damage": st.lists(st.sampled_from(["2d4", "1d6+1", "d2"]), max_size=2),
})
INPUT = st.fixed_dictionaries({"attack": ATTACK}, optional={
    "attacker": COMBATANT, "defender": COMBATANT, "reaction": st.sampled_from(["none", "dodge", "parry", "block"]),
    "reaction_lost": st.booleans(), "contact": st.booleans(),
    "options": st.fixed_dictionaries({}, optional={"progressive_damage": st.booleans()}),
})
SCRIPT = st.dictionaries(st.sampled_from(["attack", "reaction", "damage", "other"]),
                         st.lists(st.integers(-1, 101), max_size=8), max_size=4)


def _valid(data: dict[str, object]) -> AttackInput:
    try:
        return AttackInput.model_validate(data)
    except ValidationError:
        assume(False)
        raise


@PROFILE
@given(INPUT, SCRIPT)
def test_the_engine_resolves_or_refuses_with_its_own_error(data: dict[str, object], script: dict[str, list[int]],
                                                           ) -> None:
    given_input = _valid(data)
    try:
        result = resolve_attack(given_input, ScriptedDice(script))
    except RulecheckError as error:
        assert error.field and error.message
        return
    _assert_consistent(result)


@PROFILE
@given(INPUT, st.integers(0, 2**32 - 1))
def test_every_valid_attack_resolves_with_legal_dice(data: dict[str, object], seed: int) -> None:
    # Seeded dice always answer with legal faces: a valid input must resolve, and its result hold.
    given_input = _valid(data)
    try:
        result = resolve_attack(given_input, SeededDice(seed))
    except RuleError as error:  # an input the rules refuse, said with its field
        assert error.field and error.message
        return
    _assert_consistent(result)


def _assert_consistent(result: AttackResult) -> None:
    assert result.hit == (result.outcome == "hit")
    assert result.damage == result.base_damage + result.bonus_damage
    assert result.damage == 0 or result.hit
    assert result.bonus_damage >= 0


@PROFILE
@given(INPUT, st.integers(0, 2**32))
def test_with_dice_to_spare_every_valid_input_resolves(data: dict[str, object], seed: int) -> None:
    result = resolve_attack(_valid(data), SeededDice(seed))
    assert result.trace and result.outcome in ("hit", "miss", "dodged", "parried")
    assert not (result.critical and result.fumble)


PARSED = [p for p in (_parse(source) for source in SOURCES) if isinstance(p, ParsedExample)]


@PROFILE
@given(st.sampled_from(PARSED), st.integers(0, 2**32))
def test_every_rule_resolves_its_examples_with_random_dice(parsed: ParsedExample, seed: int) -> None:
    # Any rule registered, not only attacks: each documented example with dice from a seed.
    example = parsed.example
    try:
        result = RULES[example.rule].resolve(example.given, SeededDice(seed))
    except RulecheckError as error:
        assert error.message
        return
    assert getattr(result, "trace", None)


# --- Examples drawn from the JSON Schema ---------------------------------------------------------

SCHEMA = json_schema()
for _parsed in PARSED:
    learn(_parsed.located.data)
BUGS = ("internal", "trace")  # what only a defect of rulecheck can report


class _Recording:
    """Seeded dice that keep each face they give, by label, as an example's ``dice`` would."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededDice(seed)
        self.faces: dict[str, list[int]] = {}

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        faces = self.inner.roll(label, sides, count)
        self.faces.setdefault(label, []).extend(faces)
        return faces


def _scripted(example: dict[str, object], seed: int) -> dict[str, object]:
    """``example`` with the dice its rules roll from ``seed`` written in, when its ``given`` is
    valid: such an example runs to its end (odds, trace, card) instead of stopping at its dice."""
    rule = RULES.get(str(example.get("rule")))
    if rule is None or not isinstance(example.get("given"), dict):
        return example
    try:
        model = rule.given.model_validate(example["given"])
        recording = _Recording(seed)
        rule.resolve(model, recording)
    except (ValidationError, RulecheckError, ValueError):
        return example
    return {**example, "dice": recording.faces or example.get("dice", {})}


def _check_drawn(example: dict[str, object]) -> None:
    body = json.dumps(example, ensure_ascii=False)
    page = f"# Page\n\n```rulecheck\n{body}\n```\n"
    report = check_page("docs/en/page.md", page, language="en")
    problems = report.problems + [p for outcome in report.outcomes for p in outcome.problems]
    assert_located(problems, 1, line_count(page) + 1)
    assert not [p for p in problems if p.kind in BUGS], [p.located() for p in problems if p.kind in BUGS]
    for outcome in report.outcomes:
        for language in ("fr", "en"):
            assert isinstance(cards.card(outcome, language), str)


@PROFILE
@given(examples(SCHEMA), st.integers(0, 2**32 - 1), st.booleans())
def test_examples_drawn_from_the_schema_pass_or_give_located_problems(
    example: dict[str, object], seed: int, scripted: bool
) -> None:
    _check_drawn(_scripted(example, seed) if scripted else example)


@pytest.mark.parametrize("damage", ["1d6-5", "1d4-10", "1-1d6", "2d4-9", "1d2-1d2-1"])
@pytest.mark.parametrize("rank", ["mini_boss", "boss"])
def test_a_poisons_extra_damage_below_zero_is_floored_on_the_card_too(damage: str, rank: str) -> None:
    """Issue 22, item 11: a mini-boss's poison damage below zero tripped the trace check."""
    for seed in range(12):
        _check_drawn(_scripted({"id": "p", "rule": "poison_charges", "given": {
            "attacks": ["hit"], "target": {"rank": rank}, "damage": damage}, "expect": {}}, seed))
