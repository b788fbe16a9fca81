"""The fresh clone ``make test`` runs the fast tests in: what anyone cloning the project gets, with
the changes of the working tree on it.

``make test`` passes ``--fast-in-clone``: the tests that neither build the site, drive a browser
nor read the source rules beside the project then run once, in the clone's run
(``test_fresh_clone.py``), instead of once here and once more there. Without that option, or
where no clone can be made (no git repository, no git or npm), they run here as usual.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

#: Set in the clone's own run, which must not clone itself again.
NESTED = "RULECHECK_IN_FRESH_CLONE"
OPTION = "--fast-in-clone"
#: The markers of the tests that stay in this run when the fast ones go to the clone's.
STAY_HERE = frozenset({"build", "browser", "seeds"})


def why_no_clone(root: Path) -> str | None:
    """Why no clone of ``root`` can be made here, or None when one can."""
    if not (root / ".git").exists():
        return "the project is not a git repository"
    missing = [tool for tool in ("git", "npm") if shutil.which(tool) is None]
    return f"{' and '.join(missing)} not found to clone it with" if missing else None


def runs_in_the_clone(markers: set[str]) -> bool:
    """Whether a test with these markers is one of the fast ones the clone's run takes."""
    return not markers & STAY_HERE


def add_option(parser: pytest.Parser) -> None:
    parser.addoption(OPTION, action="store_true", help=(
        "run the fast tests once, in the fresh clone's run (tests/site/test_fresh_clone.py), when this run "
        "has that test and a clone can be made: make test's way"))


def leave_to_the_clone(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--fast-in-clone``, deselect the fast tests when this run has the fresh clone's test,
    which runs them: never when no clone can be made, or in the clone's own run."""
    if not config.getoption("fast_in_clone") or os.environ.get(NESTED) or why_no_clone(config.rootpath):
        return
    if not any(item.get_closest_marker("fresh_clone") for item in items):
        return
    left = [item for item in items if runs_in_the_clone({mark.name for mark in item.iter_markers()})]
    if left:
        config.hook.pytest_deselected(items=left)
        gone = set(left)
        items[:] = [item for item in items if item not in gone]


def clone_with_changes(root: Path, target: Path) -> None:
    """``git clone`` of ``root``'s last commit into ``target``, then the working tree's changes on
    it: files changed, staged or not, and files git does not track but does not ignore either are
    copied; files deleted are deleted. Ignored files (``.venv``, ``site``, caches) are not copied.
    """
    subprocess.run(["git", "clone", "-q", str(root), str(target)], check=True, timeout=120)

    def names(*args: str) -> list[str]:
        listed = subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, timeout=60).stdout
        return [os.fsdecode(name) for name in listed.split(b"\0") if name]

    changed = names("diff", "--name-only", "--no-renames", "-z", "HEAD") + names(
        "ls-files", "--others", "--exclude-standard", "-z")
    for name in changed:  # the deleted ones first: a file that became a folder, or the other way round
        source, copy = root / name, target / name
        if source.is_symlink() or source.is_file():
            _clear(copy)
            for parent in reversed(copy.relative_to(target).parents):
                if (target / parent).is_file() or (target / parent).is_symlink():
                    _clear(target / parent)  # a file tracked where the tree now has a folder
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy, follow_symlinks=False)
        elif not source.is_dir():
            _clear(copy)


def _clear(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
