"""What a page of many large battle maps renders to.

Run: `.venv/bin/python bench/bench_map_budget.py [counts]` (default `500,2000`). One page holds that
many examples of a 30 × 30 map of mist with 52 creatures (`rule: positions`, as an outside tester
wrote them). Prints the seconds :func:`~rulecheck.examples.check.check_page` takes, then the
seconds and the bytes of every card the page shows (what the MkDocs plugin writes into it), the
maps drawn, and the process's peak memory. Nothing is asserted: `tests/examples/test_map_budget.py`
tests both sides of the budget.
"""

from __future__ import annotations

import random
import resource
import string
import sys
import time

from rulecheck.examples.check import check_page
from rulecheck.hosts import cards


def fog_example(number: int) -> str:
    chance = random.Random(0)  # one map (the engine remembers its answer), each example its own id
    rows = [["~"] * 30 for _ in range(30)]
    squares = chance.sample([(r, c) for r in range(30) for c in range(30) if (r, c) not in ((0, 0), (29, 29))], 50)
    for (row, col), letter in zip(squares, [c for c in string.ascii_letters if c not in "AD"], strict=True):
        rows[row][col] = letter
    rows[0][0], rows[29][29] = "A", "D"
    body = "".join(f"      {''.join(row)}\n" for row in rows)
    return f"```rulecheck\nid: fog-{number}\nrule: positions\ngiven:\n  grid:\n    map: |\n{body}```\n\n"


def main() -> None:
    counts = [int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "500,2000").split(",")]
    for count in counts:
        text = "# Fog\n\n" + "".join(fog_example(number) for number in range(count))
        start = time.perf_counter()
        report = check_page("docs/en/fog.md", text, language="en")
        checked = time.perf_counter() - start
        start = time.perf_counter()
        shown = [cards.card(outcome, "en") for outcome in report.outcomes]
        rendered = time.perf_counter() - start
        maps = sum("<svg" in card for card in shown)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{count:5} examples ({len(text) / 1e6:.2f} MB): check {checked:6.2f} s, cards {rendered:6.2f} s, "
              f"{sum(map(len, shown)) / 1e6:7.2f} MB of cards, {maps} maps drawn, peak {peak:,.0f} MB", flush=True)
        del shown, report


if __name__ == "__main__":
    main()
