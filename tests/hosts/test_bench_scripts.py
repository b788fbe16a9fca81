"""Every benchmark under ``bench/`` still loads: its imports resolve against today's tree.

The tests' move into folders left ``bench/bench_huge_page.py`` importing a module that no longer
existed, and nothing ran it. Each script is loaded as a module (``__name__`` is not
``"__main__"``, so none of them measures anything here) in a process of its own.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPTS = sorted((ROOT / "bench").glob("*.py"))


def test_there_are_benchmarks() -> None:
    assert len(SCRIPTS) >= 20


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_benchmark_loads_without_running(script: Path) -> None:
    assert '__name__ == "__main__"' in script.read_text("utf-8"), "it would measure on import"
    # As `python bench/x.py` runs it: its own folder first on the path (a script imports its neighbours).
    load = "import runpy, sys; sys.path.insert(0, sys.argv[2]); runpy.run_path(sys.argv[1], run_name='bench')"
    loaded = subprocess.run([sys.executable, "-c", load, str(script), str(script.parent)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert loaded.returncode == 0, loaded.stderr[-2000:]
