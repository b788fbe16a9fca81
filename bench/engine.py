"""How fast the engine resolves attacks and computes exact odds. Prints a Markdown table.

Run with ``.venv/bin/python bench/engine.py`` from the repository root. Times are this process's
CPU time (``time.process_time``), the best of a few repeats: on a shared machine, other processes
then inflate them as little as possible.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from rulecheck.engine import AttackInput, SeededDice, compute_odds, resolve_attack
from rulecheck.examples.check import check_paths, markdown_files, read_page
from rulecheck.examples.example_check import _ODDS_MEMO
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.schema import ParsedExample, parse_block

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 3
#: A rolled d20 attack, a d20 parry and 2d4 + 2d4 damage: the costliest attack the site shows.
HEAVY = AttackInput.model_validate({
    "attacker": {"level": 3, "dex": 2},
    "defender": {"level": 2, "str": 4, "def_phy": 14},
    "attack": {"ability": "dex", "damage": "2d4", "extra_damage": ["2d4"]},
    "reaction": "parry",
})


def best(action: Callable[[], object], repeats: int = REPEATS) -> float:
    """The shortest of ``repeats`` CPU timings of ``action``, in seconds."""
    timings = []
    for _ in range(repeats):
        start = time.process_time()
        action()
        timings.append(time.process_time() - start)
    return min(timings)


def examples() -> list[ParsedExample]:
    found = []
    for page in markdown_files([ROOT / "docs"]):
        for block in find_blocks(read_page(page), str(page.relative_to(ROOT))):
            parsed = parse_block(block)
            if not isinstance(parsed, list) and parsed.example.expect.refused is None:  # a refusal has no odds
                found.append(parsed)
    return found


def main() -> None:
    rows: list[tuple[str, str]] = []

    count = 20_000
    dice = SeededDice(1)

    def resolve_many() -> None:
        for _ in range(count):
            resolve_attack(HEAVY, dice)

    seconds = best(resolve_many)
    rows.append(("attack resolutions per second (rolled attack, parry, 2d4 + 2d4)", f"{count / seconds:,.0f}"))

    heavy = compute_odds("attack", HEAVY)
    seconds = best(lambda: compute_odds("attack", HEAVY))
    rows.append((f"exact odds of that attack, damage by sums ({heavy.runs:,} runs)", f"{seconds * 1000:,.0f} ms"))
    faces = compute_odds("attack", HEAVY, summed=())
    seconds = best(lambda: compute_odds("attack", HEAVY, summed=()), repeats=1)
    rows.append((f"the same, damage face by face ({faces.runs:,} runs)", f"{seconds * 1000:,.0f} ms"))

    parsed = examples()
    timings = []
    for example in parsed:
        fixed = {label: example.example.dice[label] for label in example.example.odds.fixed}
        timings.append(best(lambda e=example, f=fixed: compute_odds(e.example.rule, e.example.given, fixed=f)))
    slowest = max(zip(timings, parsed, strict=True), key=lambda pair: pair[0])
    rows.append((f"exact odds of every example in docs/, twins apart ({len(parsed)} examples)",
                 f"{sum(timings) * 1000:,.0f} ms"))
    rows.append((f"slowest example ({slowest[1].id}, {slowest[1].block.path})", f"{slowest[0] * 1000:,.1f} ms"))

    def check_everything() -> None:
        _ODDS_MEMO.clear()  # as in a fresh build: French and English twins share one computation
        check_paths([ROOT / "docs"], root=ROOT)

    rows.append(("`rulecheck check docs` work, odds included", f"{best(check_everything) * 1000:,.0f} ms"))

    width = max(len(label) for label, _ in rows)
    print(f"| {'measure':<{width}} | result |")
    print(f"|{'-' * (width + 2)}|-------:|")
    for label, value in rows:
        print(f"| {label:<{width}} | {value} |")
    print(f"\nPython {sys.version.split()[0]}, CPU time, best of {REPEATS}.")


if __name__ == "__main__":
    main()
