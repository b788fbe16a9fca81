"""The cold build's cost of the checks, measured side by side (README, "The cold build").

Run: ``.venv/bin/python bench/cold_ratio.py [runs] [--base COMMIT]``. Each round builds the site
cold (no build cache, as in a fresh clone) with rulecheck, then with ``RULECHECK_ENABLED=false``,
and, with ``--base``, cold with the ``rulecheck`` package of another commit (extracted from git
into a temporary folder): the builds alternate, so a busy machine slows all of them alike. Prints
each CPU time (user + system of the build process), the best and the median, and the ratios
(of the best times, of the medians, and the median of each round's own ratio, the steadiest of
the three on a busy machine).
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
#: Runs MkDocs with the ``rulecheck`` package found in the folder given first, not the installed one.
LOADER = """
import sys
base = sys.argv.pop(1)
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f)]
sys.path.insert(0, base)
import rulecheck
assert rulecheck.__file__.startswith(base), rulecheck.__file__
from mkdocs.__main__ import cli
sys.argv[0] = "mkdocs"
cli()
"""


def cpu(site: Path, base: Path | None = None, **env: str) -> float:
    shutil.rmtree(ROOT / ".cache" / "rulecheck", ignore_errors=True)
    head = [sys.executable, "-c", LOADER, str(base)] if base else [sys.executable, "-m", "mkdocs"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([*head, "build", "--strict", "-q", "-d", str(site)], cwd=ROOT, env={**ENV, **env},
                   check=True, capture_output=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    args = sys.argv[1:]
    base_commit = None
    if "--base" in args:
        base_commit = args[args.index("--base") + 1]
        del args[args.index("--base"):args.index("--base") + 2]
    runs = int(args[0]) if args else 5
    with tempfile.TemporaryDirectory() as tmp:
        site, base = Path(tmp) / "site", None
        if base_commit:
            base = Path(tmp) / "base"
            base.mkdir()
            archive = subprocess.run(["git", "archive", base_commit, "rulecheck"], cwd=ROOT, check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        times: dict[str, list[float]] = {"checked": [], "unchecked": []}
        if base:
            times["base"] = []
        cpu(site)  # warm-up: the first build reads every file from disk
        for _ in range(runs):
            times["checked"].append(cpu(site))
            times["unchecked"].append(cpu(site, RULECHECK_ENABLED="false"))
            if base:
                times["base"].append(cpu(site, base))
    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    for name, values in times.items():
        print(f"{name:>9}: " + " ".join(f"{v:.2f}" for v in values) + f"  best {min(values):.2f} s, "
              f"median {median(values):.2f} s")
    for name in ("checked", "base"):
        if name in times:
            # Each round's own ratio too: its builds ran one after the other, under the same load.
            paired = [build / unchecked for build, unchecked in zip(times[name], times["unchecked"], strict=True)]
            print(f"{name} / unchecked: best {min(times[name]) / min(times['unchecked']):.3f}, "
                  f"median {median(times[name]) / median(times['unchecked']):.3f}, "
                  f"median of the rounds' ratios {median(paired):.3f}")


if __name__ == "__main__":
    main()
