"""What a paragraph of unclosed openers costs Python-Markdown, with and without the bound.

Run: `.venv/bin/python bench/bench_markdown_scans.py [repeats]` (default 4000). For each kind of
opener nothing closes (``[``, ``![``, ``[a](``, ``<a `` …), one paragraph repeating it; prints the
characters :mod:`rulecheck.hosts.inline_scans` counts, and the CPU seconds Markdown takes, with the
site's extensions, without the guard and with it (which gives such a page a banner instead, past
its bound). Nothing is asserted: `tests/hosts/test_inline_scans.py` counts the reads instead.
"""

from __future__ import annotations

import sys
import time

import markdown

from rulecheck.hosts.inline_scans import MAX_SCANNED, InlineScanGuardExtension, costliest

EXTENSIONS = ["abbr", "admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables", "toc",
              "pymdownx.details", "pymdownx.snippets", "pymdownx.tabbed", "pymdownx.superfences"]
UNITS = ["[", "![", "[a](", "[a][", "[^", "*[", "<a ", "<!--", "</b ", "[[a]"]


def seconds(text: str, guarded: bool) -> float:
    extensions: list[object] = [*EXTENSIONS]
    if guarded:
        extensions.append(InlineScanGuardExtension(lambda measure, counted, line: "<p>refused</p>"))
    start = time.process_time()
    markdown.Markdown(extensions=extensions).convert(text)
    return time.process_time() - start


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    print(f"| paragraph ({repeats:,} times) | characters read | without the bound | with it (bound {MAX_SCANNED:,}) |")
    print("|---|---:|---:|---:|")
    for unit in UNITS:
        text = "# Page\n\n" + unit * repeats + "\n"
        counted = costliest(text.split("\n"))[0]
        print(f"| `{unit}` | {counted:,} | {seconds(text, False):.2f} s | {seconds(text, True):.2f} s |", flush=True)


if __name__ == "__main__":
    main()
