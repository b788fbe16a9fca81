"""A uniform random sample of the engine's mutants, for `make mutate-sample` (bench/README.md,
"Mutation testing").

A whole run of ``rulecheck/engine`` is some 6,500 mutants: hours on a 2-core machine. The score of
a uniform sample estimates the whole run's, with a stated margin. ``mutmut run`` with a filter that
matches no mutant writes every mutant into ``mutants/`` (and its tests' coverage) and stops; this
script then draws ``SIZE`` mutant names with a fixed seed, so that a rerun draws the same ones, and
prints them one per line for ``mutmut run``.
Run: ``.venv/bin/python bench/mutation_sample.py SIZE SEED``.
"""

from __future__ import annotations

import random
import sys

from mutation_score import mutant_results


def main() -> None:
    size, seed = int(sys.argv[1]), int(sys.argv[2])
    names = sorted(name for _, name, _ in mutant_results())
    if not names:
        sys.exit("mutation_sample: no mutant in mutants/: run `mutmut run` first (make mutate-sample does)")
    print(f"mutation_sample: {min(size, len(names))} of {len(names)} mutants, seed {seed}", file=sys.stderr)
    print("\n".join(random.Random(seed).sample(names, min(size, len(names)))))


if __name__ == "__main__":
    main()
