"""The check's memory is linear in a page with a small constant, whatever its line ends.

A page of 5 MB of ``\\r`` took the check to 368 MB: every line of it a string in a list, and its
line starts lists of Python integers, several at once (:func:`~rulecheck.examples.references.mask_code`,
:class:`~rulecheck.examples.line_index.LineIndex`). Lines are now cut from the text when read
(:class:`~rulecheck.examples.line_index.Lines`) and offsets kept in arrays. These tests measure the
check's peak memory (``tracemalloc``) against the page's size, never its time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.examples import check_memory
from tests.hosts.run_hosts import cli, fenced, parry_example

#: Peak memory of a whole check of one page, at most this many times the page's bytes: 2.5 to 21 for
#: these pages (the text, its lines' starts in 4 bytes each, a copy with its code blanked, a byte a
#: line for the fences), where it was 60 to 64, and 33 for any page of 300 kB (the 10 MB a page may
#: hold were asked for at once, whatever the file's size: :func:`~rulecheck.examples.regular_files.read_bounded`).
RATIO = 25
#: Bytes: a page of thousands of lines. The check's memory is its page's times a constant, plus some
#: 70 kB (a page of ``\r``: 6.5 times its size at 20 kB, 6.1 at 80 kB and at 320 kB), so the ratio is
#: as strict here as on a bigger page, where tracemalloc makes each check some seconds.
SIZE = 20_000

ENDS = ["\r", "\n", "\r\n", "\n\r", "\r\r\n", "\f", "\u2028", "\u2029", "\x85", "\v", "\x1c", "\r\n\f\u2028\n\r",
        "a\n", "ab\r", "`\n", "``\r\n", "```\n", "~~~\r", "> ```\n", "    ```\n", "`a`\n", "#\n", "=\n",
        # headings that make ids of their text, each kept (1.2 times the page, then 43 when kept as headings)
        "# a\n", "a\n=\n"]
#: What makes each of the check's passes read every line: a comment before an example, a checked
#: table's marker, a snippet's marker, a reference.
PREFIX = ("<!-- a comment -->\n\n" + fenced(parry_example()) + "\n<!-- rulecheck-table: cover -->\n\n"
          "--8<-- \"nothing.md\"\n\n{{ elara-parry.reaction_total }}\n\n")


def peak_of_check(tmp_path: Path, raw: bytes) -> int:
    """The check's peak memory on a page of ``raw`` bytes, every pass of it warmed up."""
    return check_memory.peak_of_check(tmp_path, PREFIX.encode(), raw)


@pytest.mark.parametrize("prefix", ["", PREFIX], ids=["bare", "every-pass"])
@pytest.mark.parametrize("ends", ENDS, ids=[repr(e) for e in ENDS])
def test_a_page_of_line_ends_costs_memory_linear_in_its_size(ends: str, prefix: str, tmp_path: Path) -> None:
    raw = (prefix + ends * (SIZE // len(ends.encode()))).encode()
    assert peak_of_check(tmp_path, raw) < RATIO * len(raw)


def test_memory_grows_with_the_page_not_faster(tmp_path: Path) -> None:
    small = peak_of_check(tmp_path / "small", ("\r" * 25_000).encode())
    large = peak_of_check(tmp_path / "large", ("\r" * 200_000).encode())
    assert large < 10 * small  # eight times the page: at most a little more than eight times the memory


def test_lines_are_located_right_after_every_kind_of_line_end(tmp_path: Path) -> None:
    # \r, \n and \r\n each end a line, as Markdown and editors count them; a form feed or U+2028 does not.
    before = "\n" * 1000 + "\r\n" * 1000 + "\r" * 1000 + "\f" * 1000 + "\u2028" * 1000 + "\r\n\r\n\n\r"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_bytes((before + fenced(parry_example(total=24))).encode())
    result = cli(tmp_path, "check", "docs")
    assert result.output.splitlines()[0] == ("docs/page.md:3015: elara-parry: expect.reaction_total: "
                                             "expected 24, got 23")
