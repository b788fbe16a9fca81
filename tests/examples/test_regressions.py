"""Regressions the corpus does not pin: each fixed bug of the hardening pass, at its own layer."""

from __future__ import annotations

import dataclasses
import shutil

import pytest
import yaml

from rulecheck.examples import example_check as checking
from rulecheck.examples import yamlsrc
from rulecheck.examples.check import check_example, check_page, check_paths
from rulecheck.examples.finder import Block, find_blocks, split_lines
from rulecheck.examples.schema import ParsedExample, parse_block
from tests.conftest import CORPUS, ROOT

EXAMPLE = """\
id: lysa
rule: attack
given:
  defender: {level: 3, dex: 3}
  attack: {kind: ranged, total: 16, damage: 1d10}
  reaction: dodge
dice:
  reaction: [10]
"""


def parsed(source: str, *, indent: str = "") -> ParsedExample:
    result = parse_block(Block(path="p.md", line=1, end_line=20, indent=indent, source=source))
    assert isinstance(result, ParsedExample), result
    return result


def test_lines_are_counted_as_markdown_counts_them() -> None:
    text = "a\x0cb\u2028c\x85d\r\n```rulecheck\rid: x\n```\n"
    assert list(split_lines(text)) == ["a\x0cb\u2028c\x85d", "```rulecheck", "id: x", "```"]
    (block,) = find_blocks(text)
    assert (block.line, block.end_line, block.source) == (2, 4, "id: x\n")


def test_columns_inside_an_indented_block_are_page_columns() -> None:
    text = "!!! note\n\n    ```rulecheck\n    id: x\n\trule: y\n    ```\n"  # a tab: four columns, one character
    (block,) = find_blocks(text)
    assert block.removed == (4, 1) and block.closed
    assert block.page_col(4, 1) == 5 and block.page_col(5, 1) == 2


def test_a_line_indented_less_than_its_fence_ends_it_as_the_renderer_does() -> None:
    (block,) = find_blocks("!!! note\n\n    ```rulecheck\n    id: x\n  rule: y\n    ```\n")
    assert not block.closed and block.broken == 5 and block.source == "id: x\n"


def test_an_example_without_expect_runs() -> None:
    outcome = check_example(parsed(EXAMPLE))
    assert outcome.ok and outcome.result is not None
    assert outcome.result.outcome == "dodged"


def test_an_unused_label_that_looks_like_a_typo_names_the_roll_it_resembles() -> None:
    outcome = check_example(parsed(EXAMPLE + "  reactoin: [3]\n"))
    assert [p.message for p in outcome.problems] == [
        "1 scripted die was never rolled by the rules (did you mean `reaction`?)"
    ]


def test_an_unused_label_the_rules_roll_elsewhere_gets_no_misleading_hint() -> None:
    outcome = check_example(parsed(EXAMPLE + "  damage: [3]\n"))  # dodged: no damage roll this time
    assert [p.message for p in outcome.problems] == [
        "1 scripted die was never rolled by the rules. Hint: in this situation the rules do not roll `damage` "
        "(or roll it fewer times): remove the extra faces, or change `given` so that they do"]


def test_an_engine_bug_is_a_located_internal_problem_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(given: object, dice: object) -> object:
        raise ZeroDivisionError("division by zero")

    rules = dict(checking.RULES)
    rules["attack"] = dataclasses.replace(rules["attack"], resolve=broken)
    monkeypatch.setattr(checking, "RULES", rules)
    (problem,) = check_example(parsed(EXAMPLE)).problems
    assert problem.kind == "internal" and problem.example_id == "lysa" and problem.line == 2
    assert "internal error of rule `attack`: ZeroDivisionError: division by zero" in problem.message


@pytest.mark.parametrize("source", sorted({
    b.source for page in sorted((ROOT / "docs").rglob("*.md"))
    for b in find_blocks(page.read_text(encoding="utf-8"))
}))
def test_libyaml_and_pyyaml_read_our_examples_alike(source: str) -> None:
    fast = yamlsrc._Builder(source, yamlsrc._FAST).located()
    slow = yamlsrc._Builder(source, yaml.SafeLoader).located()
    assert fast.data == slow.data and fast.positions == slow.positions and fast.spans == slow.spans
    # The one-pass build reads what PyYAML's own safe loader reads, positions aside.
    assert fast.data == yaml.load(source, Loader=yamlsrc._FAST)


def test_the_pytest_plugin_sees_an_id_reused_on_a_page_it_was_not_asked_to_run(pytester: pytest.Pytester) -> None:
    shutil.copytree(CORPUS / "duplicate-id-other-page" / "docs", pytester.path / "docs")
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "docs/fr/b.md")
    result.assert_outcomes(failed=1)
    assert "docs/fr/b.md:6: elara-parry: id: duplicate id: already used at docs/fr/a.md:6" in result.stdout.str()


def test_reports_count_a_parity_break_once_though_both_cards_show_it() -> None:
    report = check_paths([CORPUS / "parity-dice-differ" / "docs"], root=CORPUS / "parity-dice-differ")
    assert len(report.all_problems) == 2
    fr = report.pages["docs/fr/page.md"].outcomes[0]
    assert [p.field for p in fr.echoes] == ["dice.reaction[0]", "expect.reaction_total"] and not fr.problems


@pytest.mark.parametrize(("text", "message", "line"), [
    # An alias or a tag anywhere is refused first, even after a value that is refused too.
    ("a: 1\na: 2\nb: *x\n", "anchors and aliases", 3),
    ("a: 010\nb: !!python/name:os.system x\n", "tag `!!python/name:os.system`", 2),
    ("a: 1\na: 2\nb: 010\n", "duplicate key `a`", 2),
    ("a: {b: 1}\n? [x]\n: 2\n", "mapping keys must be words", 2),
    ("a: 1\n<<: {b: 2}\n", "merge keys", 2),
    ('a: "\\ud800"\n', "lone surrogate (U+D800)", 1),
    ('"\\udfff": 1\n', "lone surrogate (U+DFFF)", 1),
    ('a: "\\udc3a\\ud83d"\n', "lone surrogate (U+DC3A)", 1),  # a pair the wrong way round
    ('a: "x\\ud83d\\ud83d\\udc3a"\n', "lone surrogate (U+D83D)", 1),
    ('a: "Hi\\uFFFFthere"\n', "noncharacter (U+FFFF)", 1),
    ('a: ok\nb: ["\\ufffe"]\n', "noncharacter (U+FFFE)", 2),
    ('a: "\\ufdd0"\n', "noncharacter (U+FDD0)", 1),
    ('a: "\\U0010FFFF"\n', "noncharacter (U+10FFFF)", 1),
    ('a: "\\ud83f\\udffe"\n', "noncharacter (U+1FFFE)", 1),  # a pair that makes one
    ("a: 1\n---\nb: 2\n", "second YAML document", 2),
])
def test_the_one_pass_reader_refuses_as_the_text_reads(text: str, message: str, line: int) -> None:
    with pytest.raises(yamlsrc.YamlError) as refused:
        yamlsrc.load(text)
    assert message in refused.value.message and refused.value.line == line


@pytest.mark.parametrize("written", ['"\\ud83d\\udc3a"', '"\\uD83D\\uDC3A"', '"\\U0001F43A"', "🐺"])
def test_an_astral_character_is_read_however_it_is_escaped(written: str) -> None:
    """JSON writes a wolf's face as its pair of surrogates, which YAML (JSON's superset) reads as the
    one character: a valid JSON example was refused as holding a lone surrogate."""
    assert yamlsrc.load(f"a: the {written} wolf\n" if not written.startswith('"') else
                        f'a: "the {written[1:-1]} wolf"\n').data == {"a": "the 🐺 wolf"}


def test_the_one_pass_reader_locates_a_value_at_its_key_and_spans_its_scalar() -> None:
    located = yamlsrc.load("given:\n  attack:\n    damage: 1d8\n  n: [1, two]\n")
    assert located.data == {"given": {"attack": {"damage": "1d8"}, "n": [1, "two"]}}
    assert located.positions[("given", "attack", "damage")] == (3, 5)
    assert located.positions[("given", "n", 1)] == (4, 10)
    assert located.spans[("given", "attack", "damage")] == (3, 13, 3, 16)
    assert ("given", "<key>") not in located.positions


@pytest.mark.parametrize("plain", ["yes", "No", "on", "null", "~", "1_5", "0x10", "1:00", ".5", "+1", "true"])
def test_words_that_may_be_more_than_text_go_through_the_resolvers(plain: str) -> None:
    assert not yamlsrc._text_in_both(plain)
    try:
        value = yamlsrc.load(f"a: {plain}\n").data["a"]
    except yamlsrc.YamlError:
        return  # read otherwise by YAML 1.1 and 1.2: refused
    assert value == yaml.load(f"a: {plain}\n", Loader=yamlsrc._FAST)["a"] and not isinstance(value, str)


@pytest.mark.parametrize("plain", ["brann", "Ogre", "1d8+2", "d20", "melee", "éclair", "_x"])
def test_words_read_as_text_in_both_yaml_versions_are_taken_as_written(plain: str) -> None:
    assert yamlsrc.load(f"a: {plain}\n").data["a"] == yaml.load(f"a: {plain}\n", Loader=yaml.SafeLoader)["a"]


@pytest.mark.parametrize("plain", ["0", "-0", "+0", "7", "-12", "+3", "999999999999999999", "1000000000000000000",
                                   "-123456789012345678901234567890", "010", "1_5", "00", "0x1F", "12:30", "1e3"])
def test_whole_numbers_read_at_once_are_those_of_the_resolvers(plain: str) -> None:
    """A plain decimal of up to 18 digits is read without PyYAML's resolvers: the same value, the
    same refusals (a leading zero, an underscore, a base or sexagesimal form still go through them)."""
    fast = bool(yamlsrc._DECIMAL.fullmatch(plain))
    assert fast == (plain in {"0", "-0", "+0", "7", "-12", "+3", "999999999999999999"})
    try:
        value = yamlsrc.load(f"a: {plain}\n").data["a"]
    except yamlsrc.YamlError:
        assert not fast
        return
    expected = yaml.load(f"a: {plain}\n", Loader=yaml.SafeLoader)["a"]
    assert value == expected and type(value) is type(expected)
    assert yamlsrc.load(f"a: [{plain}]\n").data["a"] == [expected]


@pytest.mark.parametrize("rule_given", [
    "rule: poison_charges\ngiven: {attacks: [hit], damage: 1d4}\ndice: {}",
    "rule: attack\ngiven: {attack: {total: 3}}\ndice: {}",
    "rule: rest\ngiven: {character: {hp: 3, hp_max: 10}, hp_restored: 2}\ndice: {}",
])
def test_refused_written_as_null_on_a_resolved_example_is_no_crash(rule_given: str) -> None:
    """Found by the schema fuzzer: `expect: {refused: null}` raised AttributeError on the result."""
    page = f"```rulecheck\nid: x\n{rule_given}\nexpect: {{refused: null}}\n```\n"
    (outcome,) = check_page("docs/en/x.md", page).outcomes
    assert outcome.result is not None or outcome.problems
    assert not [p for p in outcome.problems if p.field == "expect.refused"]
