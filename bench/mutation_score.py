"""The score of the last mutation run (`make mutate`): killed mutants over non-equivalent ones.

Reads mutmut's results in ``mutants/`` and ``bench/equivalent_mutants.txt``, the mutants judged
equivalent (no test can tell them from the engine: same behaviour on every input), one per line
with the reason after ``#``. Prints per module and in total: mutants run, killed (a test failed,
or timed out), survived, equivalent, and the score = killed / (run − equivalent). A survivor
that is not equivalent wants a test; one that is wants a line in that file, with its reason.
Run: ``.venv/bin/python bench/mutation_score.py [--survivors]``.
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILLED = {1, 3, 36, 37, -24, 24, 152, 255, -11, -9}  # a failing test, a timeout, a crash, a type error


def equivalents() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in (ROOT / "bench" / "equivalent_mutants.txt").read_text("utf-8").splitlines():
        name, _, reason = line.partition("#")
        if name.strip():
            found[name.strip()] = reason.strip()
    return found


def mutant_results(folder: Path = ROOT / "mutants") -> Iterator[tuple[str, str, int | None]]:
    """Every mutant mutmut wrote into ``folder``: its module, its name and its exit code (None: not run)."""
    for meta in sorted(folder.rglob("*.py.meta")):
        module = meta.relative_to(folder).as_posix().removesuffix(".py.meta").replace("/", ".")
        for name, code in json.loads(meta.read_text("utf-8")).get("exit_code_by_key", {}).items():
            yield module, name, code


def main() -> None:
    equivalent = equivalents()
    counts: dict[str, Counter[str]] = {}
    survivors: list[str] = []
    for module, name, code in mutant_results():
        if code is None:  # not run: outside MUTANTS (a test that reaches none counts as a survivor)
            continue
        tally = counts.setdefault(module, Counter())
        tally["run"] += 1
        if name in equivalent:
            tally["equivalent"] += 1
        elif code in KILLED:
            tally["killed"] += 1
        else:
            tally["survived"] += 1
            survivors.append(name)
    total: Counter[str] = Counter()
    print("| module | mutants run | killed | survived | equivalent | score |")
    print("|---|---:|---:|---:|---:|---:|")
    for module, tally in counts.items():
        total.update(tally)
        print(_row(module, tally))
    print(_row("**all**", total))
    judged = total["run"] - total["equivalent"]
    if judged:
        low, high = wilson_interval(total["killed"], judged)
        print(f"\n95 % interval of the whole engine's score, if these mutants are a uniform sample of it "
              f"(make mutate-sample): {100 * low:.1f} % to {100 * high:.1f} %")
    if "--survivors" in sys.argv:
        print("\nsurvivors:", *survivors, sep="\n- ")


def wilson_interval(killed: int, judged: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for z = 1.96): unlike the normal
    approximation, it stays within 0 to 1 when nearly every mutant is killed."""
    share = killed / judged
    centre = (share + z * z / (2 * judged)) / (1 + z * z / judged)
    half = z * math.sqrt(share * (1 - share) / judged + z * z / (4 * judged * judged)) / (1 + z * z / judged)
    return max(0.0, centre - half), min(1.0, centre + half)


def _row(name: str, tally: Counter[str]) -> str:
    judged = tally["run"] - tally["equivalent"]
    score = f"{100 * tally['killed'] / judged:.1f} %" if judged else "—"
    return (f"| {name} | {tally['run']} | {tally['killed']} | {tally['survived']} | {tally['equivalent']} "
            f"| {score} |")


if __name__ == "__main__":
    main()
