"""The bad-input corpus (tests/bad_inputs/): every case fails the same way in all three hosts.

Each case gives its exact located lines; the command line must print exactly those, the MkDocs
build must fail listing them, and pytest (our plugin, through ``pytester``) must fail showing
them. No host may show a traceback.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import hypothesis  # noqa: F401  (imported once here: pytester would re-import it for every inner run)
import pytest
from mkdocs.exceptions import Abort

from rulecheck.engine.rules import RULES
from rulecheck.examples.pages import MAX_EXAMPLES_PER_PAGE
from rulecheck.hosts.cli import UPDATE_ADVICE
from tests.conftest import CORPUS
from tests.hosts.run_hosts import capture_logs, cli, copy_case, huge_page, mkdocs_build

CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.txt").is_file())


def expected(case: str) -> list[str]:
    """The case's lines; ``{rules}`` stands for the registered rules, which grow with the engine."""
    text = (CORPUS / case / "expected.txt").read_text(encoding="utf-8")
    return text.replace("{rules}", ", ".join(sorted(RULES))).splitlines()


def test_the_corpus_has_at_least_fifty_cases_each_with_expected_lines() -> None:
    assert len(CASES) >= 50
    for case in CASES:
        assert expected(case), case
        assert (CORPUS / case / "case.txt").read_text(encoding="utf-8").strip(), case


def test_byte_level_cases_reach_the_tests_byte_for_byte() -> None:
    assert b"\r\n" in (CORPUS / "crlf-line-ends/docs/page.md").read_bytes()
    assert b"\n" not in (CORPUS / "cr-line-ends/docs/page.md").read_bytes()
    assert (CORPUS / "bom-at-file-start/docs/page.md").read_bytes().startswith(b"\xef\xbb\xbf")
    with pytest.raises(UnicodeDecodeError):
        (CORPUS / "invalid-utf8/docs/page.md").read_bytes().decode("utf-8")


@pytest.mark.parametrize("case", CASES)
def test_cli_prints_exactly_the_expected_lines(case: str, tmp_path: Path) -> None:
    project = copy_case(CORPUS / case, tmp_path / case)
    result = cli(project, "check", "docs")
    lines = result.output.splitlines()
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    drifted = any(re.search(r": expect\.\S+: expected .*, got ", line) for line in expected(case))
    assert (lines[-1] == UPDATE_ADVICE) == drifted  # the way out of a drift, after the summary
    lines = lines[:-1] if drifted else lines
    assert lines[:-1] == expected(case)
    assert lines[-1].endswith(f": {len(expected(case))} problem(s)")


@pytest.mark.build
@pytest.mark.parametrize("case", CASES)
def test_mkdocs_build_fails_listing_the_expected_lines(case: str, tmp_path: Path) -> None:
    project = copy_case(CORPUS / case, tmp_path / case)
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(project)
    assert f"rulecheck: {len(expected(case))} problem(s) in the examples:" in logs.text
    for line in expected(case):
        assert line in logs.text.splitlines(), line
    assert "Traceback" not in logs.text
    assert not (project / "site" / "index.html").exists()


@pytest.mark.parametrize("case", CASES)
def test_pytest_plugin_fails_showing_the_expected_lines(case: str, pytester: pytest.Pytester) -> None:
    shutil.copytree(CORPUS / case / "docs", pytester.path / "docs")
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "docs")
    output = result.stdout.str() + result.stderr.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED, output
    assert "Traceback" not in output
    for line in expected(case):
        assert line in output.splitlines(), line


def test_a_page_of_one_example_more_than_a_page_may_hold_is_one_problem(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    text = huge_page(MAX_EXAMPLES_PER_PAGE + 1, frozenset({7}))
    (docs / "huge.md").write_text(text, encoding="utf-8")
    result = cli(tmp_path, "check", "docs")
    fence = [i + 1 for i, line in enumerate(text.split("\n")) if line.startswith("```rulecheck")][-1]
    assert result.exit_code == 1
    assert result.output.splitlines()[:2] == [
        f"docs/huge.md:{fence}: the page holds {MAX_EXAMPLES_PER_PAGE + 1:,} rulecheck examples, and a page holds "
        f"at most {MAX_EXAMPLES_PER_PAGE}: split it into several pages (none of its examples is checked until then)",
        "0 examples on 1 pages: 1 problem(s)"]


def test_a_huge_page_of_two_thousand_examples_reports_exactly_its_three_problems(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    text = huge_page(2000, frozenset({7, 1000, 1999}))
    (docs / "huge.md").write_text(text + "\nTotal : {{ parry-1999.reaction_totl }}.\n", encoding="utf-8")
    result = cli(tmp_path, "check", "docs")
    lines = text.split("\n")
    drifted = [i + 1 for i, line in enumerate(lines) if line == "  reaction_total: 24"]
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        *(f"docs/huge.md:{n}: parry-{k}: expect.reaction_total: expected 24, got 23"
          for n, k in zip(drifted, (7, 1000, 1999), strict=True)),
        f"docs/huge.md:{len(lines) + 1}:9: parry-1999: reaction_totl: prose reference: "
        "example `parry-1999` has no field `reaction_totl`",
        "2000 examples on 1 pages: 4 problem(s)",
        UPDATE_ADVICE,
    ]


@pytest.mark.build
@pytest.mark.parametrize("case", ["crlf-line-ends", "invalid-utf8-twin", "yaml-alias-billion-laughs",
                                  "five-problems-one-page"])
def test_a_real_mkdocs_build_exits_1_and_prints_the_lines(case: str, tmp_path: Path) -> None:
    project = copy_case(CORPUS / case, tmp_path / case)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build"], cwd=project, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Aborted with a BuildError!" in output and "Traceback" not in output
    for line in expected(case):
        assert line in output.splitlines(), line


def test_an_example_that_does_not_validate_is_named_by_the_id_it_writes(pytester: pytest.Pytester) -> None:
    """A pytest item was named `block-line-12` for an example that failed validation, though it wrote
    its id: an author running one example by name (`-k`) could not find it."""
    broken = "id: {id}\nrule: attack\ngiven:\n  attack: {{total: 17}}\n  defender: {{def_phy: 'x'}}\n"
    blocks = [broken.format(id="kept-name"), broken.format(id="twice"), broken.format(id="twice"),
              broken.format(id="Not An Id"), "rule: attack\n"]
    (pytester.path / "docs").mkdir()
    (pytester.path / "docs" / "page.md").write_text(
        "# P\n\n" + "\n".join(f"```rulecheck\n{block}```\n" for block in blocks), encoding="utf-8")
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "docs", "--collect-only", "-q")
    names = [line.split("::")[-1] for line in result.stdout.lines if line.startswith("docs/page.md::")]
    fences = [i + 1 for i, line in enumerate((pytester.path / "docs" / "page.md").read_text().splitlines())
              if line == "```rulecheck"]
    # the second `twice`, an id that is none, and no id at all: named by their line
    assert names == ["kept-name", "twice", f"block-line-{fences[2]}", f"block-line-{fences[3]}",
                     f"block-line-{fences[4]}"]
