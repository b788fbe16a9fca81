"""How the checked tables' cost grows with the number of marked tables on one page.

Run: `.venv/bin/python bench/bench_tables.py [counts] [shapes]` (default `600,2400` and every shape).
Prints, per page, the seconds :func:`~rulecheck.examples.check.check_page` takes and its problems.
Shapes: `top`, each table its own top-level block; `tab`, every table inside one content tab (one
block, shown as text: each marker is a located problem); `glued`, markers one under another
with no blank line between them (each marker's lines run to the same blank line).
"""

from __future__ import annotations

import sys
import time

from rulecheck.examples.check import check_page

COVER = """\
<!-- rulecheck-table: cover -->
| Cover | Melee | Ranged |
|---|:-:|:-:|
| partial cover | +2 | +2 |
| cover | +4 | +4 |
| improved cover | +8 | +8 |
| soft cover (creatures) | +4¹ | +4 |
| total cover | impossible | impossible |
"""


def page(count: int, shape: str) -> str:
    if shape == "top":
        return "# Page\n\n" + "\n".join(f"Table {number}.\n{COVER}" for number in range(count))
    if shape == "tab":
        return '# Page\n\n=== "Tables"\n\n    ' + "\n".join([COVER] * count).replace("\n", "\n    ").rstrip() + "\n"
    return "# Page\n\n" + "<!-- rulecheck-table: cover -->\n" * count + "\nAfter.\n"


def main() -> None:
    counts = [int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "600,2400").split(",")]
    shapes = sys.argv[2].split(",") if len(sys.argv) > 2 else ["top", "tab", "glued"]
    check_page("docs/en/warm-up.md", page(1, "top"), language="en")  # the renderer's set-up, once
    for shape in shapes:
        for count in counts:
            start = time.perf_counter()
            report = check_page("docs/en/tables.md", page(count, shape), language="en")
            print(f"{shape:5} {count:5} tables: {time.perf_counter() - start:6.2f} s, "
                  f"{len(report.problems)} problems", flush=True)


if __name__ == "__main__":
    main()
