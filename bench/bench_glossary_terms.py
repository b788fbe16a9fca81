"""What a long glossary term costs a page that repeats its words.

Run: `.venv/bin/python bench/bench_glossary_terms.py [term words] [page words]` (default
`1000,2000` and `20000`). The glossary defines `*[a a … a b]` (that many words) beside `*[HP]`; the
page repeats `a ` (then `a` a line, a term the source broke). Prints the seconds the MkDocs plugin
spends on the page's glossary: joining the terms the source broke, then finding the terms it uses
(:mod:`rulecheck.hosts.glossary`). Nothing is asserted: `tests/hosts/test_glossary_cost.py`
counts the steps instead.
"""

from __future__ import annotations

import sys
import time

from rulecheck.hosts.glossary import parse_glossary, terms_used


def main() -> None:
    sizes = [int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "1000,2000").split(",")]
    words = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    for size in sizes:
        glossary = parse_glossary("# Glossary\n\n*[HP]: Hit points\n*[" + "a " * size + "b]: a trap\n")
        for separator in (" ", "\n"):
            page = "# Page\n\nHP. " + ("a" + separator) * words
            start = time.perf_counter()
            used = terms_used(glossary.join_broken(page), glossary.terms)
            print(f"term of {size + 1:5} words, page of {words:,} words{' a line' if separator == chr(10) else ''}: "
                  f"{time.perf_counter() - start:6.2f} s, {sorted(used)}", flush=True)


if __name__ == "__main__":
    main()
