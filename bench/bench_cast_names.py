"""How long the check takes to compare plain names with a big cast's (bench/README.md, "Cast names").

``.venv/bin/python bench/bench_cast_names.py [members] [examples] [letters]`` writes a cast of
``members`` names of ``letters`` random letters and, in each language, a page of ``examples``
attacks between two plain names of as many letters, then times ``check_paths`` on them. Every plain
name is compared with every member's name (a near miss of a cast member's name is a problem).
"""

from __future__ import annotations

import random
import string
import sys
import tempfile
import time
from pathlib import Path

from rulecheck.examples.check import check_paths


def name(rng: random.Random, letters: int) -> str:
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(letters))


def main(members: int = 200, examples: int = 100, letters: int = 70) -> None:
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as folder:
        docs = Path(folder) / "docs"
        cast = "".join(f"m{i}:\n  name: {name(rng, letters)}\n  level: 1\n" for i in range(members))
        page = "# P\n\n" + "".join(
            f"```rulecheck\nid: e{i}\nrule: attack\ngiven:\n  attacker: {{name: {name(rng, letters)}}}\n"
            f"  defender: {{name: {name(rng, letters)}, level: 2, str: 4, def_phy: 16}}\n"
            "  attack: {kind: melee, total: 15}\n  reaction: parry\ndice: {reaction: [17]}\n"
            "expect: {reaction_total: 23}\n```\n\n" for i in range(examples))
        for language in ("fr", "en"):
            (docs / language).mkdir(parents=True)
            (docs / language / "p.md").write_text(page, encoding="utf-8")
        (docs / "cast.yml").write_text(cast, encoding="utf-8")
        start = time.process_time()
        report = check_paths([docs], root=folder, odds=False)
        spent = time.process_time() - start
    print(f"{members} cast members, {examples} examples a language, names of {letters} letters: "
          f"{spent:.2f} s of CPU, {len(report.all_problems)} problem(s)")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:4]))
