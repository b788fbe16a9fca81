"""How the prose references' cost grows with their number on one page.

Run: `.venv/bin/python bench/bench_references.py [counts] [shapes]` (default `20000,40000` and
both shapes). One page holds Elara's parry example, then that many `{{ elara-parry.reaction_total }}`:
`lines`, each on a line of its own; `one-line`, all on one line. The page and its twin are written
to a temporary `docs/en/` and `docs/fr/`. Prints the seconds
:func:`~rulecheck.examples.check.check_paths` takes on them (`rulecheck check docs`) and the seconds the MkDocs plugin
spends placing the page's references (finding them, then deciding for each whether it stands in a
heading or where only text may stand). Nothing is asserted: `tests/examples/test_references.py`
counts the work instead.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from rulecheck.examples.check import check_paths
from rulecheck.examples.references import find_references
from rulecheck.hosts import mkdocs_plugin

PARRY = """\
```rulecheck
id: elara-parry
rule: attack
given:
  defender: {name: Elara, level: 2, str: 4, def_phy: 16}
  attack: {kind: melee, total: 15, damage: 1d8+2}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 23
```
"""
REFERENCE = "{{ elara-parry.reaction_total }}"


def page(count: int, shape: str) -> str:
    separator = "\n" if shape == "lines" else " "
    return "# Page\n\n" + PARRY + "\n" + separator.join([REFERENCE] * count) + "\n"


def placed(markdown: str) -> int:
    """What the plugin does with a page's references before binding them; how many are text only."""
    references = find_references(markdown)
    places = getattr(mkdocs_plugin, "TextPlaces", None)
    if places is not None:  # one index of the page's lines for all its references
        where = places(markdown)
        any(where.in_heading(ref.start) for ref in references)
        return sum(where.text_only(ref.start) for ref in references)
    any(mkdocs_plugin.in_heading(markdown, ref.start) for ref in references)
    return sum(mkdocs_plugin.text_only(markdown, ref.start) for ref in references)


def main() -> None:
    counts = [int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "20000,40000").split(",")]
    shapes = sys.argv[2].split(",") if len(sys.argv) > 2 else ["lines", "one-line"]
    for shape in shapes:
        for count in counts:
            text = page(count, shape)
            with tempfile.TemporaryDirectory() as folder:
                for language in ("en", "fr"):
                    (Path(folder) / "docs" / language).mkdir(parents=True)
                    (Path(folder) / "docs" / language / "references.md").write_text(text, "utf-8")
                start = time.perf_counter()
                report = check_paths([Path(folder) / "docs"], folder)
            checked = time.perf_counter() - start
            start = time.perf_counter()
            placed(text)
            plugin = time.perf_counter() - start
            print(f"{shape:8} {count:6} references ({len(text) / 1e6:.2f} MB): check {checked:6.2f} s, "
                  f"plugin {plugin:6.2f} s, {len(report.problems)} problems", flush=True)


if __name__ == "__main__":
    main()
