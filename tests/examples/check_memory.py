"""The check's peak memory on one page, for the tests that bound it by the page's size."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from rulecheck.examples.check import check_paths
from rulecheck.examples.references import mask_code


def peak_of_check(tmp_path: Path, warm_up: bytes, raw: bytes) -> int:
    """The check's peak memory on a page of ``raw`` bytes, past what a check of the small page
    ``warm_up`` takes (the modules it loads, the schemas pydantic builds once)."""
    docs = tmp_path / "docs"
    docs.mkdir(parents=True)
    (docs / "page.md").write_bytes(warm_up)
    check_paths([docs], root=tmp_path)
    (docs / "page.md").write_bytes(raw)
    mask_code.cache_clear()
    tracemalloc.start()
    try:
        check_paths([docs], root=tmp_path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
