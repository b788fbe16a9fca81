"""What a big front matter costs the check of its page.

Run: `.venv/bin/python bench/bench_front_matter.py [tags …]` (default 10,000, 30,000 and 100,000).
For each count, one page whose YAML header lists that many tags, checked by
:func:`~rulecheck.examples.check.check_page` (which refuses it at its key: more than the theme
shows); prints the CPU seconds of the check, each page new to the process. Nothing is asserted:
`tests/examples/test_meta_fields.py` checks the refusal and its location.
"""

from __future__ import annotations

import sys
import time

from rulecheck.examples.check import check_page


def page(tags: int) -> str:
    return "---\ntitle: Page\ntags: [" + ", ".join(["t"] * tags) + "]\n---\n\n# Page\n"


def main(counts: list[int]) -> None:
    for count in counts:
        text = page(count)
        started = time.process_time()
        problems = check_page("docs/en/page.md", text).problems
        print(f"{count:>9,} tags ({len(text):,} characters): {time.process_time() - started:.2f} s, "
              f"{len(problems)} problem(s)")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [10_000, 30_000, 100_000])
