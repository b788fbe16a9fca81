"""How fast `rulecheck check` reports on a huge page: 2,000 examples, three of them broken.

Run: `.venv/bin/python bench/bench_huge_page.py [examples]`. Prints seconds per stage.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from rulecheck.examples.check import check_paths

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.hosts.run_hosts import huge_page


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "docs" / "huge.md"
        page.parent.mkdir()
        page.write_text(huge_page(count, frozenset({7, count // 2, count - 1})), encoding="utf-8")
        start = time.perf_counter()
        report = check_paths([page.parent], root=folder)
        elapsed = time.perf_counter() - start
    print(f"{count} examples: {len(report.all_problems)} problems in {elapsed:.2f} s "
          f"({elapsed / count * 1000:.2f} ms per example)")


if __name__ == "__main__":
    main()
