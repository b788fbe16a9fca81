"""`make lint` reads every Python file of the project: a pattern of the linter's configuration
that left out a folder of tests (``site`` excluded `tests/site/` with the built site) hid 38
problems there, and would hide any later one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_the_linter_reads_every_python_file_the_repository_holds() -> None:
    tracked = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True)
    if not tracked.stdout.strip():  # not a git checkout (an sdist): nothing to compare with
        tracked_files = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py")
                         if not {".venv", "site", "node_modules"} & set(p.relative_to(ROOT).parts[:1])}
    else:
        tracked_files = set(tracked.stdout.split())
    listed = subprocess.run([sys.executable, "-m", "ruff", "check", "--show-files", "."], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    linted = {Path(line).resolve().relative_to(ROOT).as_posix() for line in listed.stdout.split()}
    assert tracked_files <= linted, sorted(tracked_files - linted)
    assert any(name.startswith("tests/site/") for name in linted)
