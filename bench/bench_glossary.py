"""What a glossary of many abbreviations costs the site's build.

Run: `.venv/bin/python bench/bench_glossary.py [--package ROOT] [--extra N] [--timeout S]` from the
repository root. Copies the site (mkdocs.yml, docs/, overrides/) into a temporary folder, adds N
abbreviation lines (default 3,000, as an outside tester did) that no page uses to the French
glossary, and times one cold `mkdocs build --strict` of the copy, wall and CPU seconds, with the
`rulecheck` package of ROOT (another tree's, to measure before a change). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hostile_site(target: Path, extra: int) -> None:
    """A copy of the site whose French glossary defines ``extra`` more abbreviations."""
    shutil.copytree(ROOT / "overrides", target / "overrides")
    shutil.copytree(ROOT / "docs", target / "docs")
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    if (ROOT / "node_modules").exists():  # the service workers are generated with workbox-build
        (target / "node_modules").symlink_to((ROOT / "node_modules").resolve())
    glossary = target / "docs" / "fr" / "glossary.md"
    lines = "".join(f"*[ZQ{number}]: Une abréviation que nulle page n'emploie, numéro {number}\n"
                    for number in range(extra))
    glossary.write_text(glossary.read_text("utf-8") + lines, "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, default=ROOT, help="the tree whose rulecheck package builds")
    parser.add_argument("--extra", type=int, default=3000, help="abbreviations added to the French glossary")
    parser.add_argument("--timeout", type=float, default=1800.0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        hostile_site(site, options.extra)
        env = {**os.environ, "PYTHONPATH": str(options.package.resolve()), "NO_MKDOCS_2_WARNING": "1"}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site / "site")],
                              cwd=site, env=env, capture_output=True, text=True, timeout=options.timeout, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        outcome = "built" if done.returncode == 0 else f"failed: {done.stderr.strip()[-300:]}"
        print(f"rulecheck of {options.package}, {options.extra} abbreviations added: "
              f"{wall:.1f} s wall, {cpu:.1f} s CPU, {outcome}")


if __name__ == "__main__":
    main()
