"""The cold build's cost of the checks, measured side by side (bench/README.md, "The cold build").

Run: ``.venv/bin/python bench/cold_ratio.py [runs] [--base COMMIT] [--instructions]``. Each round
builds the site cold (no build cache, as in a fresh clone) with rulecheck, then with
``RULECHECK_ENABLED=false``, and, with ``--base``, cold with the ``rulecheck`` package of another
commit (extracted from git into a temporary folder): the builds alternate, so a busy machine
slows all of them alike. Prints each CPU time (user + system of the build process and of the
Node.js that generates the service workers), the best and the median, and the ratios (of the
best times, of the medians, and the median of each round's own ratio).

On a shared machine CPU time moves by ±15 % from one build to the next. ``--instructions``
counts instead the instructions each build executes, its Node.js included, under Valgrind's
callgrind (Debian's ``valgrind``): the same count on every run, at some fifty times the time
(one build of each kind, all at once; about ten minutes).
"""

from __future__ import annotations

import os
import re
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
    done = subprocess.run([*head, "build", "--strict", "-q", "-d", str(site)], cwd=ROOT, env={**ENV, **env},
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:  # a base commit's engine may not read today's pages: say so, with its words
        which = "the build with the base commit's rulecheck package (--base)" if base else "the build"
        sys.exit(f"{which} failed ({', '.join(f'{k}={v}' for k, v in env.items()) or 'checked'}); its last "
                 "lines:\n" + "\n".join(done.stderr.splitlines()[-12:]))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions(site: Path, label: str, base: Path | None = None,
                 env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start one cold build under callgrind, every process of it counted; its counts go to
    ``<site>-<label>.<pid>.cg`` files (see :func:`counted`)."""
    project = site.parent / f"project-{label}"  # a build cache of its own: the builds run at once
    for folder in ("docs", "overrides"):
        shutil.copytree(ROOT / folder, project / folder)
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    (project / "node_modules").symlink_to(ROOT / "node_modules")
    head = [sys.executable, "-c", LOADER, str(base)] if base else [sys.executable, "-m", "mkdocs"]
    valgrind = ["valgrind", "--tool=callgrind", "--trace-children=yes",
                f"--callgrind-out-file={site}-{label}.%p.cg"]
    return subprocess.Popen([*valgrind, *head, "build", "--strict", "-q", "-d", str(site / label)], cwd=project,
                            # One hash seed: sets and dicts then iterate alike from run to run.
                            env={**ENV, "PYTHONHASHSEED": "0", **(env or {})},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def counted(site: Path, label: str) -> int:
    """The instructions every process of one build executed, from its callgrind files."""
    total = 0
    for path in site.parent.glob(f"{site.name}-{label}.*.cg"):
        found = re.search(r"^summary: (\d+)$", path.read_text("utf-8", "replace"), re.MULTILINE)
        total += int(found[1]) if found else 0
    return total


def count_instructions(base: Path | None, tmp: Path) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("--instructions counts with Valgrind's callgrind: install it (sudo apt-get install valgrind)")
    site = tmp / "site"
    builds: dict[str, dict[str, str]] = {"checked": {}, "unchecked": {"RULECHECK_ENABLED": "false"}}
    running = {label: instructions(site, label, env=env) for label, env in builds.items()}
    if base:
        running["base"] = instructions(site, "base", base)
    for label, process in running.items():
        if process.wait() != 0:
            sys.exit(f"the {label} build failed under valgrind")
    counts = {label: counted(site, label) for label in running}
    for label, count in counts.items():
        print(f"{label:>9}: {count / 1e9:.2f} G instructions")
    for label in ("checked", "base"):
        if label in counts:
            print(f"{label} / unchecked: {counts[label] / counts['unchecked']:.3f}")


def main() -> None:
    args = sys.argv[1:]
    base_commit = None
    if "--base" in args:
        base_commit = args[args.index("--base") + 1]
        del args[args.index("--base"):args.index("--base") + 2]
    counting = "--instructions" in args
    args = [arg for arg in args if arg != "--instructions"]
    runs = int(args[0]) if args else 5
    with tempfile.TemporaryDirectory() as tmp:
        site, base = Path(tmp) / "site", None
        if base_commit:
            base = Path(tmp) / "base"
            base.mkdir()
            archive = subprocess.run(["git", "archive", base_commit, "rulecheck"], cwd=ROOT, check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        if counting:
            count_instructions(base, Path(tmp))
            return
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
