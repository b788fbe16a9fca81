"""Speed of the grid geometry and of an attack in its situation.

Run: ``.venv/bin/python bench/bench_modifiers.py [runs]``. Prints microseconds per resolution;
nothing is asserted (speed is measured here, never inside a test).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from rulecheck.engine import AttackInput, Battlefield, SeededDice, assess, resolve_attack

#: A 12×8 skirmish: walls, low obstacles, fog, a Large ally and bystanders between the two.
SKIRMISH = Battlefield.model_validate({"map": """
    A . . . # . . . . . . .
    . . . . # . g . = . . .
    . . ~ ~ . . . . = . B B
    . . ~ ~ . . h . . . B B
    . . . . . # # . . . . D
    . . . . . . . . . . . .
    . . i . . . . . = . . .
    . . . . . . . . . . . .
"""})
ATTACK = AttackInput.model_validate({
    "attacker": {"level": 3, "dex": 4},
    "defender": {"def_phy": 15, "dex": 2},
    "attack": {"kind": "ranged", "ability": "dex", "damage": "1d8"},
    "situation": {"attacker": ["dazzled", "shaken"], "defender": ["kneeling"], "grid": SKIRMISH.model_dump()},
})


def bench(name: str, run: Callable[[int], object], runs: int) -> None:
    start = time.perf_counter()
    for seed in range(runs):
        run(seed)
    elapsed = time.perf_counter() - start
    print(f"{name:<22} {elapsed / runs * 1e6:10.1f} µs per resolution ({runs} runs)")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    bench("assess (ranged)", lambda seed: assess(SKIRMISH, melee=False), runs)
    bench("attack with a grid", lambda seed: resolve_attack(ATTACK, SeededDice(seed)), runs)


if __name__ == "__main__":
    main()
