"""A clone of the repository with nothing beside it (no ``../shared``, no build output) passes the
suite's fast part: what anyone cloning the project gets.

The clone is made with ``git clone`` of this repository into an empty temporary folder, with the
working tree's changes on it (``fresh_clone.clone_with_changes``); its npm packages come from
``npm ci`` as ``make test`` installs them (from npm's local cache when it has them); its tests run
with this project's Python packages, the clone's own code first on the path. The fast part is
every test but those that build the site or drive a browser. Under ``make test``
(``--fast-in-clone``) they run there only, measured by coverage like the rest of the run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import coverage
import pytest

from tests.conftest import ROOT
from tests.site import fresh_clone
from tests.site.fresh_clone import NESTED, clone_with_changes, runs_in_the_clone, why_no_clone


@pytest.mark.build
@pytest.mark.fresh_clone
@pytest.mark.timeout(4200)  # a hang guard: its nested run took over 1,800 s on a slow, shared machine (7 Dec)
def test_a_clone_with_nothing_beside_it_passes_the_fast_tests(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if os.environ.get(NESTED):
        pytest.skip("this run is itself the fresh clone's")
    if (why := why_no_clone(ROOT)) is not None:
        pytest.skip(why)
    clone = tmp_path / "alone" / "project"
    clone_with_changes(ROOT, clone)
    assert sorted(p.name for p in clone.parent.iterdir()) == ["project"]
    npm = subprocess.run(["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund"], cwd=clone,
                         capture_output=True, text=True, timeout=600)
    assert npm.returncode == 0, npm.stderr
    env = {key: value for key, value in os.environ.items()  # none of this run's settings
           if key not in ("RULECHECK_SEEDS", "SITE_URL") and not key.startswith(("COVERAGE_", "PYTEST_"))}
    env |= {NESTED: "1", "PYTHONPATH": str(clone), "NO_MKDOCS_2_WARNING": "1"}
    which = subprocess.run([sys.executable, "-c", "import rulecheck; print(rulecheck.__file__)"],
                           cwd=clone, env=env, capture_output=True, text=True, timeout=60, check=True)
    assert Path(which.stdout.strip()).is_relative_to(clone), "the clone's own code must be the one tested"
    runner = [sys.executable, "-m", "pytest"]
    measured = coverage.Coverage.current()
    if request.config.getoption("fast_in_clone") and measured is not None:
        # The fast tests run only here: their coverage counts with the run's (pyproject.toml's
        # [tool.coverage.paths] takes the clone's files for the tree's).
        data = Path(measured.config.data_file)
        runner = [sys.executable, "-m", "coverage", "run", f"--data-file={ROOT / data}", "-m", "pytest"]
    run = subprocess.run(
        [*runner, "-q", "-p", "no:cacheprovider", "-m", "not build and not browser", "-rs", "--no-header"],
        cwd=clone, env=env, capture_output=True, text=True, timeout=3600)
    failures = run.stdout[run.stdout.find("= FAILURES ="):] if "= FAILURES =" in run.stdout else run.stdout
    assert run.returncode == 0, "\n".join(failures.splitlines()[-400:]) + run.stderr[-2000:]
    assert "the source rules are not beside this clone" in run.stdout  # said, not silently passed
    assert " passed" in run.stdout.splitlines()[-1]


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=folder, check=True,
                   capture_output=True, timeout=60)


def _files(folder: Path) -> dict[str, bytes | str]:
    return {str(p.relative_to(folder)): os.readlink(p) if p.is_symlink() else p.read_bytes()
            for p in sorted(folder.rglob("*")) if ".git" not in p.relative_to(folder).parts
            and (p.is_symlink() or p.is_file())}


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to make a repository and clone it")
def test_the_clone_has_the_working_tree_s_changes_and_nothing_git_ignores(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    _git(tree, "init", "-q")
    for name in ("kept.txt", "edited.txt", "staged.txt", "deleted.txt", "renamed.txt", "sub/deep.txt",
                 "d\u00e9j\u00e0 vu.txt", "was a file", "was a folder/inside.txt", "line\nend.txt"):
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(f"committed {name}\n", "utf-8")
    (tree / ".gitignore").write_text("ignored/\n*.log\n", "utf-8")
    (tree / "link").symlink_to("kept.txt")
    outside = tmp_path / "outside"
    outside.mkdir()
    (tree / "out").symlink_to(outside, target_is_directory=True)
    _git(tree, "add", "-A")
    _git(tree, "commit", "-q", "-m", "first")
    (tree / "edited.txt").write_text("edited, not staged\n", "utf-8")
    (tree / "staged.txt").write_text("edited and staged\n", "utf-8")
    _git(tree, "add", "staged.txt")
    (tree / "deleted.txt").unlink()
    _git(tree, "mv", "renamed.txt", "sub/moved.txt")
    (tree / "sub" / "deep.txt").unlink()
    _git(tree, "rm", "-q", "--cached", "d\u00e9j\u00e0 vu.txt")  # untracked, still there: copied
    (tree / "new folder").mkdir()
    (tree / "new folder" / "untracked.txt").write_text("new\n", "utf-8")
    (tree / "ignored").mkdir()
    (tree / "ignored" / "cache.bin").write_bytes(b"\0")
    (tree / "run.log").write_text("ignored\n", "utf-8")
    (tree / "link").unlink()
    (tree / "link").symlink_to("edited.txt")
    (tree / "was a file").unlink()
    (tree / "was a file").mkdir()
    (tree / "was a file" / "now inside.txt").write_text("folder\n", "utf-8")
    shutil.rmtree(tree / "was a folder")
    (tree / "was a folder").write_text("now a file\n", "utf-8")
    (tree / "line\nend.txt").write_text("edited\n", "utf-8")
    (tree / "out").unlink()  # a link out of the tree, now a folder of its own: never written through
    (tree / "out").mkdir()
    (tree / "out" / "f.txt").write_text("inside\n", "utf-8")
    clone = tmp_path / "alone" / "project"
    clone_with_changes(tree, clone)
    expected = {name: content for name, content in _files(tree).items()
                if not name.startswith("ignored") and name != "run.log"}
    assert _files(clone) == expected
    assert (clone / ".git").is_dir()
    assert list(outside.iterdir()) == [] and not (clone / "out").is_symlink()


@pytest.mark.parametrize(("markers", "in_the_clone"), [
    (set(), True), ({"parametrize"}, True), ({"timeout", "skipif"}, True),
    ({"build"}, False), ({"browser"}, False), ({"seeds"}, False), ({"build", "fresh_clone"}, False),
    ({"browser", "parametrize"}, False),
])
def test_only_tests_that_neither_build_drive_a_browser_nor_read_the_seeds_go_to_the_clone(
        markers: set[str], in_the_clone: bool) -> None:
    assert runs_in_the_clone(markers) is in_the_clone


_MARKED = """
import pytest

def test_fast(): pass

@pytest.mark.build
def test_build(): pass

@pytest.mark.browser
def test_browser(): pass

@pytest.mark.seeds
def test_seeds(): pass

@pytest.mark.build
@pytest.mark.fresh_clone
def test_clone(): pass
"""


@pytest.mark.parametrize(("args", "git", "nested", "ran"), [
    (["--fast-in-clone"], True, False, {"build", "browser", "seeds", "clone"}),
    ([], True, False, {"fast", "build", "browser", "seeds", "clone"}),
    # the clone's test not in this run: the fast tests stay
    (["--fast-in-clone", "-k", "not clone"], True, False, {"fast", "build", "browser", "seeds"}),
    (["--fast-in-clone"], False, False, {"fast", "build", "browser", "seeds", "clone"}),  # no clone to make
    (["--fast-in-clone"], True, True, {"fast", "build", "browser", "seeds", "clone"}),  # the clone's own run
])
def test_under_the_option_the_fast_tests_run_only_where_the_clone_s_test_will_run_them(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, args: list[str], git: bool, nested: bool,
        ran: set[str]) -> None:
    monkeypatch.setattr(fresh_clone, "why_no_clone", lambda root: None if git else "no repository")
    monkeypatch.delenv(NESTED, raising=False)
    if nested:
        monkeypatch.setenv(NESTED, "1")
    pytester.makeconftest("""
import pytest
from tests.site import fresh_clone
def pytest_addoption(parser): fresh_clone.add_option(parser)
@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items): fresh_clone.leave_to_the_clone(config, items)
""")
    pytester.makeini("[pytest]\nmarkers =\n  build\n  browser\n  seeds\n  fresh_clone\n")
    pytester.makepyfile(test_marked=_MARKED)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:xdist", "-v", *args)
    passed = {report.nodeid.split("::test_")[1] for report in result.reprec.getreports("pytest_runtest_logreport")
              if report.when == "call" and report.passed}
    assert passed == ran
    assert result.ret == 0
