"""Wall time of ``make test`` from a warm setup, side by side with an earlier commit.

Run: ``.venv/bin/python bench/test_suite.py --against COMMIT [--rounds N]``. Each commit is cloned
into a temporary folder (as a fresh clone, ``../shared`` beside it when this tree has one), set up
once (``make .venv/.installed node_modules/.installed check``: the pinned packages, the npm packages
and the engine's compiled files, the "warm setup"; test modules are compiled by the measured run
itself), then ``make test`` runs in turns, ``N`` rounds (default 1), and the script
prints each run's wall time, the tests pytest counted, and the ratio of the medians as a Markdown
table for ``bench/README.md``. Nothing is asserted: speed is measured here, never in a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = re.compile(r"=+ (.*\d+ passed.*) in [\d.]+s")


def clone(commit: str, into: Path) -> Path:
    project = into / "project"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(project)], check=True)
    subprocess.run(["git", "-C", str(project), "checkout", "-q", commit], check=True)
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        (into / "shared").symlink_to(shared)
    return project


def make_test(project: Path) -> tuple[float, str]:
    """One ``make test``: its wall time and pytest's summary line."""
    start = time.perf_counter()
    done = subprocess.run(["make", "test"], cwd=project, capture_output=True, text=True,
                          env={k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COVERAGE_"))})
    wall = time.perf_counter() - start
    found = SUMMARY.findall(done.stdout)
    if done.returncode != 0:
        sys.exit(f"make test failed in {project}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return wall, found[-1] if found else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--head", default="HEAD", help="the commit measured (default HEAD)")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-tests-"))
    try:
        projects = {name: clone(commit, work / name)
                    for name, commit in (("before", options.against), ("after", options.head))}
        for project in projects.values():
            subprocess.run(["make", ".venv/.installed", "node_modules/.installed", "check"], cwd=project,
                           check=True, capture_output=True)
        walls: dict[str, list[float]] = {name: [] for name in projects}
        summaries: dict[str, str] = {}
        for round_number in range(options.rounds):
            order = list(projects) if round_number % 2 == 0 else list(reversed(projects))
            for name in order:
                wall, summaries[name] = make_test(projects[name])
                walls[name].append(wall)
                print(f"round {round_number + 1}, {name}: {wall:.0f} s ({summaries[name]})", file=sys.stderr)
        print("| `make test`, warm setup | wall time (median) | runs | pytest |")
        print("|---|---:|---|---|")
        for name, commit in (("before", options.against), ("after", options.head)):
            runs = ", ".join(f"{w:.0f} s" for w in walls[name])
            print(f"| {name} (`{commit}`) | {statistics.median(walls[name]):.0f} s | {runs} | {summaries[name]} |")
        ratio = statistics.median(walls["after"]) / statistics.median(walls["before"])
        print(f"\nafter / before: {ratio:.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
