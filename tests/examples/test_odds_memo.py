"""A refused odds is remembered like a result: twins (FR/EN) and repeated examples whose odds were
refused are refused again at once, each at its own place, without a second enumeration."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulecheck.engine.limits import MAX_TERMS
from rulecheck.examples import check, example_check

LONG = "+".join(["1d2"] * MAX_TERMS)


def example(example_id: str, name: str, damage: str = LONG) -> str:
    return (f"```rulecheck\nid: {example_id}\nrule: attack\ngiven:\n  attacker: {{name: {name}}}\n"
            f"  defender: {{def_phy: 10}}\n  attack: {{kind: melee, damage: \"{damage}\"}}\n"
            f"dice: {{attack: [1]}}\nexpect: {{damage: 0}}\n```\n")


@pytest.fixture
def computations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rules whose odds were computed (not taken from the memo), in order."""
    monkeypatch.setattr(example_check, "_ODDS_MEMO", {})
    computed: list[str] = []
    original = example_check.compute_odds

    def counting(rule: str, *args: Any, **kwargs: Any) -> Any:
        computed.append(rule)
        return original(rule, *args, **kwargs)

    monkeypatch.setattr(example_check, "compute_odds", counting)
    return computed


def write_twins(root: Path, bodies: dict[str, str]) -> None:
    for language, body in bodies.items():
        page = root / "docs" / language / "page.md"
        page.parent.mkdir(parents=True)
        page.write_text(f"# Page\n\n{body}", "utf-8")


def test_twins_whose_odds_are_refused_are_refused_both_from_one_computation(
    tmp_path: Path, computations: list[str]
) -> None:
    write_twins(tmp_path, {"fr": example("a", "Grolt"), "en": example("a", "Grunt")})
    report = check.check_paths([tmp_path / "docs"], root=tmp_path)
    faults = [(p.path, p.field) for p in report.all_problems]
    assert sorted(faults) == [("docs/en/page.md", "dice.damage"), ("docs/fr/page.md", "dice.damage")]
    assert all("steps of work" in p.message for p in report.all_problems)
    assert computations == ["attack"]


def test_repeated_examples_share_a_refusal_and_different_ones_do_not(
    tmp_path: Path, computations: list[str]
) -> None:
    other = LONG.replace("1d2", "1d3", 1)
    page = example("a", "Grunt") + "\n" + example("b", "Snaga") + "\n" + example("c", "Grunt", other)
    report = check.check_page("docs/en/page.md", page)
    assert [len(outcome.problems) for outcome in report.outcomes] == [1, 1, 1]
    lines = [outcome.problems[0].line for outcome in report.outcomes]
    assert lines == sorted(set(lines))  # each refusal at its own example's line
    assert computations == ["attack", "attack"]  # a and b share the rules data; c differs


def test_a_result_and_a_refusal_are_told_apart(tmp_path: Path, computations: list[str]) -> None:
    page = example("a", "Grunt", "1d4") + "\n" + example("b", "Grunt", LONG) + "\n" + example("c", "Grunt", "1d4")
    report = check.check_page("docs/en/page.md", page)
    assert [len(outcome.problems) for outcome in report.outcomes] == [0, 1, 0]
    assert report.outcomes[0].odds is report.outcomes[2].odds is not None
    assert computations == ["attack", "attack"]
