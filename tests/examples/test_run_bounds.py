"""What one check may cost however big its input: a page holds a bounded number of examples, and
the exact odds of one run a bounded amount of work. Past either bound the check stops at a
located problem, at once, instead of running for minutes into a memory error (a hostile page of
tens of thousands of examples; seven hundred examples each asking for heavy odds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples import check, example_check
from rulecheck.examples.example_check import ODDS_MAX_WORK, OddsBudget
from tests.examples.test_odds_memo import example as heavy_odds


def attack(example_id: str, level: int, damage: str = "1d8") -> str:
    return (f"```rulecheck\nid: {example_id}\nrule: attack\ngiven:\n  attacker: {{name: Zed{level}, level: {level}}}\n"
            f"  defender: {{def_phy: 12}}\n  attack: {{kind: melee, ability: str, damage: {damage}}}\n"
            f"dice: {{attack: [15], damage: [3]}}\n```\n")


@pytest.fixture
def fresh_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(example_check, "_ODDS_MEMO", {})


@pytest.mark.parametrize("layout", ["plain", "tabs", "tildes", "broken"])
def test_a_page_over_its_example_cap_is_one_located_problem_and_checks_none(
    monkeypatch: pytest.MonkeyPatch, layout: str
) -> None:
    monkeypatch.setattr(check, "MAX_EXAMPLES_PER_PAGE", 3)
    blocks = [attack(f"e{k}", k) for k in range(5)]
    if layout == "tabs":
        blocks = [f'=== "T{k}"\n\n' + "".join(f"    {line}\n" for line in block.splitlines())
                  for k, block in enumerate(blocks)]
    elif layout == "tildes":
        blocks = [block.replace("```", "~~~") for block in blocks]
    elif layout == "broken":
        blocks = [block.replace("rule: attack", "rule: [") for block in blocks]
    text = "# Page\n\n" + "\n".join(blocks)
    report = check.check_page("docs/en/page.md", text)
    assert report.too_many_examples and report.outcomes == []
    (problem,) = report.problems
    fourth = text.splitlines().index(next(line for line in text.splitlines() if "e3" in line)) + 1
    assert problem.path == "docs/en/page.md" and problem.line == fourth - 1  # the fourth block's fence
    assert "holds 5 rulecheck examples" in problem.message and "at most 3" in problem.message


def test_a_page_at_its_example_cap_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "MAX_EXAMPLES_PER_PAGE", 3)
    report = check.check_page("docs/en/page.md", "\n".join(attack(f"e{k}", k) for k in range(3)))
    assert not report.too_many_examples and len(report.outcomes) == 3 and report.problems == []


@pytest.mark.usefixtures("fresh_memo")
def test_the_exact_odds_of_one_run_stop_at_its_budget_with_a_problem_at_each_example_left() -> None:
    text = "\n".join(attack(f"e{k}", k) for k in range(6))  # six distinct odds: their levels differ
    spent = check.check_page("docs/en/page.md", text).outcomes[0].odds
    assert spent is not None and spent.work > 0
    example_check._ODDS_MEMO.clear()
    budget = OddsBudget(total=spent.work * 2)
    outcomes = check.check_page("docs/en/page.md", text, budget=budget).outcomes
    assert [o.odds is not None for o in outcomes] == [True, True, False, False, False, False]
    for outcome in outcomes[2:]:
        (problem,) = outcome.problems
        assert problem.field == "odds" and "units of work one check allows" in problem.message
        assert problem.line == outcome.block.line + 1  # located at the example
    assert budget.spent == sum(o.odds.work for o in outcomes[:2] if o.odds) >= budget.total


@pytest.mark.usefixtures("fresh_memo")
def test_copies_and_twins_spend_the_budget_once_and_a_refusal_counts_what_it_may_have_cost() -> None:
    budget = OddsBudget(total=10**9)
    check.check_page("docs/en/page.md", "\n".join(attack(f"e{k}", 1) for k in range(4)), budget=budget)
    once = budget.spent
    assert 0 < once < ODDS_MAX_WORK
    (refused,) = check.check_page("docs/en/page.md", heavy_odds("heavy", "Zed"), budget=budget).outcomes
    assert refused.odds is None and "exact odds" in refused.problems[0].message
    assert budget.spent == once + ODDS_MAX_WORK  # refused for its work: counted at its bound


@pytest.mark.usefixtures("fresh_memo")
def test_each_check_run_has_a_budget_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(example_check, "ODDS_MAX_TOTAL_WORK", 1)
    for language in ("en", "fr"):
        (tmp_path / "docs" / language).mkdir(parents=True)
        (tmp_path / "docs" / language / "page.md").write_text(attack("e", 2), "utf-8")
    for _ in range(2):
        example_check._ODDS_MEMO.clear()
        report = check.check_paths([tmp_path / "docs"], root=tmp_path)
        found = [o for page in report.pages.values() for o in page.outcomes]
        # the first page's odds are computed (the budget is spent after, not before); its twin
        # shares them; a second run starts afresh
        assert all(o.odds is not None for o in found) and report.ok


@pytest.mark.parametrize(("snippets", "files"), [(20, 1), (20, 3), (1, 1)])
def test_a_page_reads_each_snippet_s_file_once_however_many_snippets_name_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snippets: int, files: int
) -> None:
    """Twenty snippets of one 10 MB file read and searched it twenty times (over a minute)."""
    from rulecheck.examples import snippets as snippets_module

    for k in range(files):
        (tmp_path / f"part{k}.md").write_text(attack(f"p{k}", 1), "utf-8")
    reads: list[Path] = []
    original = snippets_module.read_page

    def counting(path: Path) -> str:
        reads.append(path)
        return original(path)

    monkeypatch.setattr(snippets_module, "read_page", counting)
    text = "# Page\n\n" + "".join(f'--8<-- "part{k % files}.md"\n\n' for k in range(snippets))
    problems = check.check_snippets("docs/en/page.md", text, (tmp_path, tmp_path / "docs"))
    assert len(problems) == snippets  # each snippet still gets its own located problem
    assert all("pulls in 1 rulecheck example(s)" in p.message for p in problems)
    assert sorted(reads) == sorted(tmp_path / f"part{k}.md" for k in range(files))
