"""What a deeply nested page costs Python-Markdown, with and without the depth bound.

Run: `.venv/bin/python bench/bench_nesting.py [depth …]` (default 50, 100, 200, 400). For each kind
of nesting (lists, admonitions, collapsible notes, tabs, quotes), one page nesting it ``depth``
levels; prints the CPU seconds Markdown takes with the site's extensions, without
:class:`~rulecheck.hosts.nesting.NestingGuardExtension` (``RecursionError`` past some 250 levels of
lists or 330 of admonitions, counted as what it cost) and with it (a banner instead, past
:data:`~rulecheck.hosts.nesting.MAX_DEPTH` levels). Nothing is asserted: `tests/hosts/test_nesting.py`
checks that a page past the bound never reaches Markdown's block parser.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import markdown

from rulecheck.hosts.nesting import MAX_DEPTH, NestingGuardExtension

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_markdown_scans import EXTENSIONS  # the site's extensions, as the other Markdown bench reads them

KINDS = {
    "lists": lambda depth: "".join("    " * level + "- item\n" for level in range(depth)),
    "admonitions": lambda depth: "".join("    " * level + "!!! note\n" for level in range(depth))
    + "    " * depth + "text\n",
    "collapsible notes": lambda depth: "".join("    " * level + '??? note "Open"\n' for level in range(depth))
    + "    " * depth + "text\n",
    "tabs": lambda depth: "".join("    " * level + '=== "Tab"\n\n' for level in range(depth))
    + "    " * depth + "text\n",
    "quotes": lambda depth: "".join(">" * (level + 1) + " quoted\n" for level in range(depth)),
}


def seconds(text: str, guarded: bool) -> str:
    extensions: list[object] = [*EXTENSIONS]
    if guarded:
        extensions.append(NestingGuardExtension(lambda source: "<p>refused</p>"))
    start = time.process_time()
    try:
        markdown.Markdown(extensions=extensions).convert(text)
    except RecursionError:
        return f"{time.process_time() - start:.2f} s (RecursionError)"
    return f"{time.process_time() - start:.2f} s"


def main() -> None:
    depths = [int(arg) for arg in sys.argv[1:]] or [50, 100, 200, 400]
    print(f"| page | levels | without the bound | with it (bound {MAX_DEPTH}) |")
    print("|---|---:|---:|---:|")
    for kind, page in KINDS.items():
        for depth in depths:
            text = "# Page\n\n" + page(depth)
            print(f"| {kind} | {depth:,} | {seconds(text, False)} | {seconds(text, True)} |", flush=True)


if __name__ == "__main__":
    main()
