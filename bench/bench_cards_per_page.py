"""What a page of many cards costs the MkDocs build, beyond checking them.

Run: `.venv/bin/python bench/bench_cards_per_page.py [examples …]` (default 200, 1,000 and 2,000,
the most a page may hold). For each count, a one-page site (the `mkdocs` theme) whose page holds
that many examples, each with a comment of some 4 KB in its YAML (the folded data a card carries),
built in this process; prints the CPU seconds of the check alone and of the whole build. Nothing
is asserted: the page's cards are checked by the tests of the hosts.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from rulecheck.examples.check import check_paths

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.hosts.run_hosts import MKDOCS_YML, fenced, parry_example

COMMENT = "# " + "notes <on> the example " * 170 + "\n"  # some 4 KB of YAML comment per example, with tags


def page(count: int) -> str:
    examples = (fenced(COMMENT + parry_example(f"parry-{n}", title=f"Parade {n}") + "  outcome: parried\n")
                for n in range(count))
    return "# Une très longue page\n\n" + "\n".join(f"Exemple {n}.\n\n{block}" for n, block in enumerate(examples))


def main(counts: list[int]) -> None:
    for count in counts:
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            (root / "docs").mkdir()
            (root / "docs" / "page.md").write_text(page(count), "utf-8")
            (root / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
            started = time.process_time()
            check_paths([root / "docs"], root=root)
            checked = time.process_time() - started
            started = time.process_time()
            build(load_config(str(root / "mkdocs.yml"), site_dir=str(root / "site")))
            built = time.process_time() - started
            size = (root / "docs" / "page.md").stat().st_size
        print(f"{count:>6,} examples ({size / 1e6:.1f} MB): check {checked:.2f} s, build {built:.2f} s")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [200, 1_000, 2_000])
