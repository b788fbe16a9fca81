"""A clone of the repository with nothing beside it (no ``../shared``, no build output) passes the
suite's fast part: what anyone cloning the project gets.

The clone is made with ``git clone`` of this repository's last commit into an empty temporary
folder; its npm packages come from ``npm ci`` as ``make test`` installs them (from npm's local
cache when it has them); its tests run with this project's Python packages, the clone's own code
first on the path. The fast part is every test but those that build the site or drive a browser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

NESTED = "RULECHECK_IN_FRESH_CLONE"  # set in the clone's run, which must not clone itself again


@pytest.mark.build
@pytest.mark.fresh_clone
@pytest.mark.timeout(2400)  # its nested run may take 1,800 s on a loaded machine
def test_a_clone_with_nothing_beside_it_passes_the_fast_tests(tmp_path: Path) -> None:
    if os.environ.get(NESTED):
        pytest.skip("this run is itself the fresh clone's")
    if not (ROOT / ".git").exists() or shutil.which("git") is None or shutil.which("npm") is None:
        pytest.skip("no git repository or no git/npm to clone it with")
    clone = tmp_path / "alone" / "project"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True, timeout=120)
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
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not build and not browser",
         "-rs", "--no-header"],
        cwd=clone, env=env, capture_output=True, text=True, timeout=1800)
    tail = "\n".join(run.stdout.splitlines()[-40:])
    assert run.returncode == 0, tail
    assert "the source rules are not beside this clone" in run.stdout  # said, not silently passed
    assert " passed" in tail
