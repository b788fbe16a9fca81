"""Speed of the dying, poison and rest resolutions over seeded dice.

Run: ``.venv/bin/python bench/bench_conditions.py [runs]``. Prints microseconds per resolution;
nothing is asserted (speed is measured here, never inside a test).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from rulecheck.engine import (
    DyingInput,
    PoisonChargesInput,
    RestInput,
    SeededDice,
    resolve_dying,
    resolve_poison_charges,
    resolve_rest,
)

DYING = DyingInput.model_validate({
    "hit_dice": "2d4", "below_zero": 0, "turns": 10, "stabilise": [{"turn": 3, "wis": 2, "dc": 15}],
})
CHARGES = PoisonChargesInput.model_validate({
    "attacks": ["miss", "miss", "hit", "hit"], "target": {"rank": "boss"}, "damage": "1d6",
})
REST = RestInput.model_validate({"character": {"hp": 3, "hp_max": 20, "mp": 1, "mp_max": 9}, "kind": "short",
                                 "regain": {"hp": 8}})


def bench(name: str, run: Callable[[int], object], runs: int) -> None:
    start = time.perf_counter()
    for seed in range(runs):
        run(seed)
    elapsed = time.perf_counter() - start
    print(f"{name:<16} {elapsed / runs * 1e6:8.1f} µs per resolution ({runs} runs)")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bench("dying", lambda seed: resolve_dying(DYING, SeededDice(seed)), runs)
    bench("poison_charges", lambda seed: resolve_poison_charges(CHARGES, SeededDice(seed)), runs)
    bench("rest", lambda seed: resolve_rest(REST, SeededDice(seed)), runs)


if __name__ == "__main__":
    main()
