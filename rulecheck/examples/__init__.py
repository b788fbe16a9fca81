"""Worked examples in Markdown: find the blocks, parse them, run them on the engine, compare.

Three stages with named signatures, as in Sybil: :func:`find_blocks` (text → located blocks,
no parsing), :func:`parse_block` (block → :class:`Example` or problems), :func:`check_example`
(example → :class:`Outcome`). :func:`check_paths` runs them all over pages, adds parity between
the French and English twins and checks prose references.
"""

from rulecheck.examples.check import Outcome, PageReport, Report, check_example, check_paths
from rulecheck.examples.finder import Block, find_blocks
from rulecheck.examples.schema import Example, parse_block

__all__ = [
    "Block",
    "Example",
    "Outcome",
    "PageReport",
    "Report",
    "check_example",
    "check_paths",
    "find_blocks",
    "parse_block",
]
