"""What the battle maps cost: bytes per map, time to draw one, and the cold build with and without them.

Run: ``.venv/bin/python bench/battle_maps.py [runs] [--instructions]``. Prints, for every grid
example of both languages, the bytes of its map as the card holds it (the ``<figure>``: SVG,
caption, legend), raw and gzipped, their share of the built rules pages and print editions, and
the time to draw one. Then it builds the site cold (no build cache, as in a fresh clone) three
ways, in turns over ``runs`` rounds (default 3): checked, checked with every map left out (the
card's map call replaced by an empty string in the build process, nothing else changed), and
unchecked (``RULECHECK_ENABLED=false``), and prints their CPU seconds and ratios. With
``--instructions`` it counts instead the instructions of one build of each kind under Valgrind's
callgrind, every process included, with one hash seed (as ``bench/cold_ratio.py --instructions``
does; some ten minutes). Nothing is asserted: speed is measured here, never inside a test.
"""

from __future__ import annotations

import gzip
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulecheck.examples import maps  # noqa: E402
from rulecheck.examples.check import check_paths  # noqa: E402
from rulecheck.hosts.battle_map import battle_map_html  # noqa: E402

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
#: Runs MkDocs with the card's map call replaced by an empty string (the build without maps).
WITHOUT_MAPS = """
import sys
import rulecheck.hosts.cards as cards
cards.battle_map_html = lambda outcome, language: ""
from mkdocs.__main__ import cli
sys.argv[0] = "mkdocs"
cli()
"""
KINDS: dict[str, tuple[list[str], dict[str, str]]] = {
    "checked": ([sys.executable, "-m", "mkdocs"], {}),
    "without maps": ([sys.executable, "-c", WITHOUT_MAPS], {}),
    "unchecked": ([sys.executable, "-m", "mkdocs"], {"RULECHECK_ENABLED": "false"}),
}
FIGURE = re.compile(r'<figure class="rc-map".*?</figure>\n?', re.DOTALL)


def measure_maps() -> None:
    report = check_paths([ROOT / "docs"], root=ROOT, odds=False)
    sizes: list[tuple[int, int]] = []
    outcomes = []
    for path, page in report.pages.items():
        language = path.split("/")[1]
        for outcome in page.outcomes:
            shown = battle_map_html(outcome, language)
            if shown:
                outcomes.append((outcome, language))
                sizes.append((len(shown.encode()), len(gzip.compress(shown.encode(), 9))))
    raw, packed = [s for s, _ in sizes], [g for _, g in sizes]
    print(f"maps: {len(sizes)} (both languages)")
    print(f"bytes per map: mean {sum(raw) / len(raw):,.0f}, min {min(raw):,}, max {max(raw):,}; "
          f"all {sum(raw):,} ({sum(packed):,} gzipped one by one)")
    start = time.process_time()  # CPU time: steadier than wall time on a shared machine
    rounds = 20
    for _ in range(rounds):
        maps._figure.cache_clear()  # each drawn anew, not the check's drawing kept for the card
        for outcome, language in outcomes:
            battle_map_html(outcome, language)
    per_map = (time.process_time() - start) / (rounds * len(outcomes))
    print(f"drawing one map: {per_map * 1e3:.2f} ms (all {len(outcomes)}: {per_map * len(outcomes) * 1e3:.0f} ms)")


def measure_pages(site: Path) -> None:
    print("| page | bytes | of which maps | gzipped | of which maps, gzipped |")
    print("|---|---:|---:|---:|---:|")
    for page in ("modifiers.html", "opportunity.html", "print.html", "en/modifiers.html", "en/opportunity.html",
                 "en/print.html"):
        text = (site / page).read_text("utf-8")
        without = FIGURE.sub("", text)
        full, bare = len(text.encode()), len(without.encode())
        packed, packed_bare = len(gzip.compress(text.encode(), 9)), len(gzip.compress(without.encode(), 9))
        print(f"| {page} | {full:,} | {full - bare:,} ({(full - bare) / full:.0%}) | {packed:,} | "
              f"{packed - packed_bare:,} ({(packed - packed_bare) / packed:.0%}) |")


def cpu(site: Path, kind: str) -> float:
    head, env = KINDS[kind]
    shutil.rmtree(ROOT / ".cache" / "rulecheck", ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([*head, "build", "--strict", "-q", "-d", str(site)], cwd=ROOT, env={**ENV, **env},
                   check=True, capture_output=True, timeout=900)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def count_instructions(tmp: Path) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("--instructions counts with Valgrind's callgrind: install it (sudo apt-get install valgrind)")
    running = {}
    for n, (kind, (head, env)) in enumerate(KINDS.items()):
        project = tmp / f"project-{n}"  # a build cache of its own: the builds run at once
        for folder in ("docs", "overrides"):
            shutil.copytree(ROOT / folder, project / folder)
        shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
        (project / "node_modules").symlink_to(ROOT / "node_modules")
        valgrind = ["valgrind", "--tool=callgrind", "--trace-children=yes", f"--callgrind-out-file={tmp}/{n}.%p.cg"]
        running[kind] = (n, subprocess.Popen(
            [*valgrind, *head, "build", "--strict", "-q", "-d", str(tmp / f"site-{n}")], cwd=project,
            env={**ENV, "PYTHONHASHSEED": "0", **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    counts = {}
    for kind, (n, process) in running.items():
        if process.wait() != 0:
            sys.exit(f"the {kind} build failed under valgrind")
        counts[kind] = sum(int(found[1]) for path in tmp.glob(f"{n}.*.cg")
                           if (found := re.search(r"^summary: (\d+)$", path.read_text("utf-8", "replace"),
                                                  re.MULTILINE)))
    for kind, count in counts.items():
        print(f"{kind:>13}: {count / 1e9:.2f} G instructions, {count / counts['unchecked']:.3f} of unchecked")
    print(f"maps: {(counts['checked'] - counts['without maps']) / 1e9:.2f} G "
          f"({counts['checked'] / counts['without maps'] - 1:.1%} of the checked build without them)")


def main() -> None:
    args = sys.argv[1:]
    counting = "--instructions" in args
    args = [arg for arg in args if arg != "--instructions"]
    runs = int(args[0]) if args else 3
    measure_maps()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        cpu(site, "checked")  # warm-up, and the site whose pages are measured
        measure_pages(site)
        if counting:
            count_instructions(Path(tmp))
            return
        times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        for _ in range(runs):
            for kind in KINDS:
                times[kind].append(cpu(site, kind))
    for kind, values in times.items():
        middle = sorted(values)[len(values) // 2]
        shown = " ".join(f"{v:.2f}" for v in values)
        print(f"{kind:>13}: {shown}  best {min(values):.2f} s, median {middle:.2f} s")
    for kind in ("checked", "without maps"):
        paired = sorted(a / b for a, b in zip(times[kind], times["unchecked"], strict=True))
        print(f"{kind} / unchecked: median of the rounds' ratios {paired[len(paired) // 2]:.3f}")


if __name__ == "__main__":
    main()
