"""An update killed before its journal is written leaves a temporary file beside each page it
staged (``.parry.md.k3j9_x2a.tmp``), which no journal names and nothing removed. Every host now
reports each one on its page, with what to do, and none removes it: nothing tells it apart from
the staged file of an update running now (rulecheck/examples/page_writes.py, leftover_temporaries)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.examples import page_writes
from tests.examples.conftest import fixed
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, cli, mkdocs_build
from tests.hosts.test_interrupted_update import make_site

#: An update run in a child process that is killed (SIGKILL: nothing of it runs on) at the moment it
#: would write its journal, its pages' temporary files written and synced.
KILLED_BEFORE_ITS_JOURNAL = """
import os, signal, sys
from rulecheck.examples import page_writes
from rulecheck.hosts.cli import main
page_writes._write_journal = lambda *args: os.kill(os.getpid(), signal.SIGKILL)
sys.argv = ["rulecheck", "check", "--update", "docs"]
main()
"""
SAID = ("beside this page is a temporary file of a `rulecheck check --update` stopped before it wrote its journal: "
        "the page was not changed, and nothing will finish or remove it. Hint: unless an update is running now, "
        "delete it (it holds the page as that update would have written it)")


def killed_before_its_journal(site: Path) -> list[Path]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path.cwd()), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", KILLED_BEFORE_ITS_JOURNAL], cwd=site, env=env, check=False,
                          capture_output=True, timeout=120)
    assert done.returncode == -9, done.stderr
    assert not (site / page_writes.JOURNAL).exists()
    left = sorted(site.glob("docs/*/.parry.md.*.tmp"))
    assert len(left) == 2
    return left


def expected_lines(left: list[Path]) -> list[str]:
    return [f"docs/{t.parent.name}/parry.md:1: `{t.name}` {SAID}" for t in sorted(left, key=lambda t: t.parent.name)]


def test_the_check_and_the_next_update_report_each_leftover_and_remove_none(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    left = killed_before_its_journal(site)
    staged = {t: t.read_bytes() for t in left}
    for command in (["check", "docs"], ["check", "--update", "docs"], ["check", "docs/fr/parry.md"]):
        result = cli(site, *command)
        assert result.exit_code == 1, result.output
        lines = [line for line in result.output.splitlines() if "temporary file" in line]
        assert lines == [line for line in expected_lines(left) if command[-1] != "docs/fr/parry.md" or "/fr/" in line]
        assert "Traceback" not in result.output
        assert {t: t.read_bytes() for t in left} == staged  # never removed
    assert [t.read_text("utf-8") for t in sorted(left)] == [fixed((site / "docs/en/parry.md").read_text("utf-8")),
                                                         fixed((site / "docs/fr/parry.md").read_text("utf-8"))]
    for t in left:
        t.unlink()  # what the author does
    assert cli(site, "check", "--update", "docs").exit_code == 0
    assert cli(site, "check", "docs").exit_code == 0


@pytest.mark.build
def test_a_build_fails_naming_each_leftover(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    left = killed_before_its_journal(site)
    (site / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    with capture_logs("mkdocs") as logs, pytest.raises(BaseException, match="BuildError"):
        mkdocs_build(site)
    for line in expected_lines(left):
        assert line in logs.text.splitlines()
    assert all(t.exists() for t in left)


def test_pytest_fails_showing_each_leftover(pytester: pytest.Pytester) -> None:
    left = killed_before_its_journal(make_site(pytester.path))
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "docs")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    for line in expected_lines(left):
        assert line in result.stdout.str().splitlines()
    assert all(t.exists() for t in left)


@pytest.mark.parametrize("name", [
    ".parry.md.ABCdef12.tmp",    # not a name tempfile gives
    ".other.md.k3j9_x2a.tmp",    # beside no page
    "parry.md.k3j9_x2a.tmp",     # not hidden
    ".parry.md.k3j9_x2a.tmp~",   # an editor's backup of one
    ".parry.md.tmp",
])
def test_a_file_of_another_name_is_not_a_leftover(tmp_path: Path, name: str) -> None:
    site = make_site(tmp_path)
    (site / "docs/fr" / name).write_text("x", encoding="utf-8")
    assert "temporary file" not in cli(site, "check", "docs").output


def test_while_a_journal_is_there_its_staged_files_are_not_reported(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    left = killed_before_its_journal(site)
    (site / page_writes.JOURNAL).write_text("{}", encoding="utf-8")  # an update between its renames, or unreadable
    result = cli(site, "check", "docs")
    assert "temporary file of a" not in result.output
    assert all(t.exists() for t in left)


def test_a_page_reached_through_a_link_is_told_of_the_leftover_beside_its_file(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    real = tmp_path / "elsewhere"
    real.mkdir()
    (site / "docs/en/parry.md").rename(real / "parry.md")
    (site / "docs/en/parry.md").symlink_to(real / "parry.md")
    (real / ".parry.md.k3j9_x2a.tmp").write_text("x", encoding="utf-8")
    result = cli(site, "check", "docs")
    assert f"docs/en/parry.md:1: `.parry.md.k3j9_x2a.tmp` {SAID}" in result.output.splitlines()


#: An update killed while it writes its journal: its pages staged, the journal's own temporary file
#: created beside where the journal goes, then SIGKILL at one of its last steps (``{step}``).
KILLED_IN_ITS_JOURNAL = """
import os, signal, sys
from pathlib import Path
from rulecheck.examples import page_writes
from rulecheck.hosts.cli import main
real = getattr(os, "{step}")
def step(path, *args, **kwargs):
    if Path(path).name.startswith("." + page_writes.JOURNAL + "."):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(path, *args, **kwargs)
setattr(page_writes.os, "{step}", step)
sys.argv = ["rulecheck", "check", "--update", "docs"]
main()
"""
JOURNAL_SAID = ("this temporary file is the journal of a `rulecheck check --update` stopped while it wrote it: no page "
                "was changed, and nothing will finish or remove it. Hint: unless an update is running now, delete it "
                "(and the pages' temporary files reported beside them)")


@pytest.mark.parametrize("step", ["chmod", "replace"])  # written and synced; or about to be renamed
def test_the_journal_s_own_temporary_file_left_by_a_kill_is_reported_and_kept(tmp_path: Path, step: str) -> None:
    site = make_site(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path.cwd()), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", KILLED_IN_ITS_JOURNAL.replace("{step}", step)], cwd=site, env=env,
                          check=False, capture_output=True, timeout=120)
    assert done.returncode == -9, done.stderr
    assert not (site / page_writes.JOURNAL).exists()
    [journal_left] = sorted(site.glob(f".{page_writes.JOURNAL}.*.tmp"))  # `..rulecheck-update.json.x8f_1.tmp`
    pages_left = sorted(site.glob("docs/*/.parry.md.*.tmp"))
    assert len(pages_left) == 2
    for command in (["check", "docs"], ["check", "--update", "docs"], ["check", "docs/en/parry.md"]):
        result = cli(site, *command)
        assert result.exit_code == 1, result.output
        lines = result.output.splitlines()
        assert f"{journal_left.name}:1: {JOURNAL_SAID}" in lines, result.output
        assert sum("temporary file of a" in line for line in lines) == (1 if command[-1].endswith(".md") else 2)
        assert "Traceback" not in result.output
        assert journal_left.exists() and all(t.exists() for t in pages_left)  # never removed
    for t in [journal_left, *pages_left]:
        t.unlink()
    assert cli(site, "check", "--update", "docs").exit_code == 0


@pytest.mark.parametrize("name", [
    f".{page_writes.JOURNAL}.tmp", f".{page_writes.JOURNAL}.ABC.tmp", f"{page_writes.JOURNAL[1:]}.x1.tmp",
    f"{page_writes.JOURNAL}.x1.tmp", f".{page_writes.JOURNAL}.x1.tmp~", ".other.json.x1.tmp",
])
def test_a_file_of_another_name_beside_the_journal_is_not_reported(tmp_path: Path, name: str) -> None:
    site = make_site(tmp_path)
    (site / name).write_text("{}", encoding="utf-8")
    result = cli(site, "check", "docs")
    assert "temporary file" not in result.output and "Traceback" not in result.output
