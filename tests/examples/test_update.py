"""`rulecheck check --update`: rewrite drifted values from the engine, in both languages, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.examples.update import yaml_scalar
from tests.examples.conftest import EN, FR, fixed
from tests.hosts.run_hosts import cli


def read(site: Path, language: str) -> str:
    return (site / "docs" / language / "parry.md").read_text(encoding="utf-8")


def test_check_never_rewrites_without_update(site: Path) -> None:
    result = cli(site, "check", "docs")
    assert result.exit_code == 1
    assert result.output.count("expect.") == 6
    assert (read(site, "fr"), read(site, "en")) == (FR, EN)


def test_update_rewrites_only_the_drifted_values_in_both_languages(site: Path) -> None:
    result = cli(site, "check", "--update", "docs")
    assert result.exit_code == 0, result.output
    assert read(site, "fr") == fixed(FR)
    assert read(site, "en") == fixed(EN)
    assert "updated docs/fr/parry.md:16:19: elara-parry: expect.reaction_total: 24 → 23" in result.output
    assert "updated docs/en/parry.md:33:30: dodge-tie: expect.reaction_total: 15 → 16" in result.output
    assert result.output.splitlines()[-2:] == [
        "6 value(s) rewritten in 2 file(s); review the diff",
        "4 examples on 2 pages: 0 problem(s)",
    ]
    again = cli(site, "check", "docs")
    assert again.exit_code == 0 and again.output.endswith("0 problem(s)\n")


def test_updating_one_language_updates_its_identical_twin(site: Path) -> None:
    result = cli(site, "check", "--update", "docs/fr")
    assert result.exit_code == 0, result.output
    assert (read(site, "fr"), read(site, "en")) == (fixed(FR), fixed(EN))


def test_a_twin_with_other_rules_data_is_left_for_review(site: Path) -> None:
    en = EN.replace("reaction: [17]", "reaction: [16]")  # a parity break: the twin is not the same example
    (site / "docs" / "en" / "parry.md").write_text(en, encoding="utf-8")
    result = cli(site, "check", "--update", "docs/fr")
    assert read(site, "fr") == fixed(FR)
    # elara-parry's twin rolls another die: left alone; dodge-tie's twin is the same example: updated
    assert read(site, "en") == en.replace("{reaction_total: 15, outcome", "{reaction_total: 16, outcome")
    assert result.exit_code == 1
    assert "dice.reaction[0]: differs from its twin" in result.output


def test_update_keeps_crlf_line_ends_and_a_byte_order_mark(site: Path) -> None:
    page = site / "docs" / "en" / "parry.md"
    page.write_bytes(b"\xef\xbb\xbf" + EN.replace("\n", "\r\n").encode("utf-8"))
    result = cli(site, "check", "--update", "docs")
    assert result.exit_code == 0, result.output
    assert page.read_bytes() == b"\xef\xbb\xbf" + fixed(EN).replace("\n", "\r\n").encode("utf-8")


def test_a_value_over_several_lines_is_reported_not_rewritten(site: Path) -> None:
    text = FR.replace("  outcome: hit\n", "  outcome: >-\n    hit\n")
    (site / "docs" / "fr" / "parry.md").write_text(text, encoding="utf-8")
    result = cli(site, "check", "--update", "docs/fr")
    assert "docs/fr/parry.md:17: elara-parry: expect.outcome: not updated: the value spans several lines" \
        in result.output
    assert result.exit_code == 1
    assert read(site, "fr") == fixed(text).replace("  outcome: parried\n", "  outcome: >-\n    hit\n")


def test_update_with_machine_formats_keeps_stdout_machine_readable(site: Path) -> None:
    result = cli(site, "check", "--update", "--format", "json", "docs")
    assert result.exit_code == 0
    assert result.stdout.strip() == "[]"
    assert "updated docs/fr/parry.md" in result.stderr


@given(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=30)))
def test_a_rewritten_scalar_loads_back_to_the_same_value(value: object) -> None:
    assert yaml.safe_load(yaml_scalar(value)) == value


def test_a_page_edited_between_the_check_and_the_update_is_reported_not_overwritten(site: Path) -> None:
    from rulecheck.errors import RulecheckError
    from rulecheck.examples.check import check_paths
    from rulecheck.examples.update import apply_edits, plan_updates

    edits, _ = plan_updates(check_paths([site / "docs"], root=site), root=site)
    page = site / "docs/fr/parry.md"
    page.write_text(page.read_text("utf-8").replace("reaction_total: 24", "reaction_total: 25"), "utf-8")
    with pytest.raises(RulecheckError, match=r"docs/fr/parry.md:16 changed since it was checked"):
        apply_edits(edits, root=site)
    assert "reaction_total: 25" in page.read_text("utf-8")
