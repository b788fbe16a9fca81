"""What the heaviest inputs cost to check: each case a French and English page pair, checked by
``rulecheck check`` in a new process, wall and CPU time. Prints a Markdown table.

Run ``.venv/bin/python bench/cost.py [--package ROOT] [--timeout SECONDS]`` from the repository
root; ``--package`` checks with the ``rulecheck`` package of another tree (the main repository,
say, to measure before a change). The cases are those of issue 22, item 3: 3,000 ``1d2`` terms of
damage, 5,000 ``1d2`` entries of ``extra_damage``, and 4 KB pages whose exact odds are refused
after a long enumeration (one long expression, or twelve examples of twenty terms); and two more
at the bounds (twenty terms, ``20d1000``). A case that runs past the timeout is stopped and shown as such.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def attack(example_id: str, damage: str, extra: list[str] | None = None) -> str:
    """An attack whose d20 is a natural 1 (a miss: the example rolls no damage), so that only its
    exact odds, which enumerate the nineteen faces that hit, roll the damage."""
    extra_line = f"\n    extra_damage: [{', '.join(extra)}]" if extra else ""
    return (f"```rulecheck\nid: {example_id}\nrule: attack\ngiven:\n  attacker: {{name: A}}\n"
            f"  defender: {{name: B, def_phy: 10}}\n  attack:\n    kind: melee\n"
            f"    damage: {damage}{extra_line}\ndice: {{attack: [1]}}\nexpect: {{damage: 0}}\n```\n")


CASES: list[tuple[str, str]] = [
    ("damage: 3,000 terms of `1d2`", attack("many-terms", "+".join(["1d2"] * 3000))),
    ("extra_damage: 5,000 entries of `1d2`", attack("many-extras", "1d2", ["1d2"] * 5000)),
    ("a 4 KB page: 800 terms of `1d2` in one expression", attack("long-damage", "+".join(["1d2"] * 800))),
    ("a 4 KB page: 12 examples of 20 terms (`1d2` × 19 + n), odds refused",
     "\n".join(attack(f"refused-{n}", "+".join(["1d2"] * 19) + f"+{n}") for n in range(12))),
    ("damage: 20 terms of `1d2` (odds refused)", attack("twenty-terms", "+".join(["1d2"] * 20))),
    ("damage: `20d1000` (19,981 sums, within the bound)", attack("big-die", "20d1000")),
]


def page_pair(root: Path, body: str) -> None:
    for language in ("fr", "en"):
        folder = root / "docs" / language
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "page.md").write_text(f"# Page\n\n{body}", "utf-8")


def measure(package: Path, body: str, timeout: float) -> tuple[str, str, str]:
    """Wall time, CPU time and the last line of the check, or ``>timeout`` when stopped."""
    with tempfile.TemporaryDirectory() as folder:
        page_pair(Path(folder), body)
        env = {**os.environ, "PYTHONPATH": str(package)}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, "-c", "from rulecheck.hosts.cli import main; main()", "check", "docs"],
                cwd=folder, env=env, capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return f"> {timeout:.0f} s", "", "stopped"
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        lines = [line for line in done.stdout.splitlines() if line.strip()]
        first = next((line for line in lines if ": " in line and "page.md" in line), lines[-1] if lines else "")
        return f"{wall:.2f} s", f"{cpu:.2f} s", first[:150]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, default=ROOT, help="the tree whose rulecheck package checks")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--case", type=int, action="append", help="only this case (1, 2…); repeatable")
    options = parser.parse_args()
    print(f"rulecheck of {options.package}\n")
    print("| case | page size | wall | CPU | first line reported |\n|---|---:|---:|---:|---|")
    for number, (name, body) in enumerate(CASES, start=1):
        if options.case and number not in options.case:
            continue
        wall, cpu, line = measure(options.package.resolve(), body, options.timeout)
        size = len(f"# Page\n\n{body}".encode())
        print(f"| {name} | {size / 1024:.1f} KB | {wall} | {cpu} | `{line.replace('|', '/')}` |", flush=True)


if __name__ == "__main__":
    main()
