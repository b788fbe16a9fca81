"""A `rulecheck run --map FILE` killed while it writes the map leaves its temporary file beside
FILE (``.shot.svg.k3j9_x2a.tmp``): the next run writing that map reports it, and never removes it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hosts.test_battle_map import SHOT, run

#: The start of a map an earlier `run --map` wrote: the one kind of file it writes over.
EARLIER_MAP = ('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" class="rc-map__svg" '
               'role="img"></svg>\n')

#: A run killed at one of its write's last steps (``{step}``) on its own temporary file.
KILLED_WHILE_WRITING = """
import os, signal, sys
from rulecheck.examples import page_writes
from rulecheck.hosts.cli import main

real = getattr(os, "{step}")
def step(path, *args, **kwargs):
    name = os.path.basename(path if isinstance(path, str) else str(path))
    if name.startswith(".{target}.") and name.endswith(".tmp"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(path, *args, **kwargs)
setattr(page_writes.os, "{step}", step)
sys.argv = ["rulecheck", "run", sys.argv[1], "--map", sys.argv[2]]
main()
"""
SAID = ("this temporary file is a battle map of a `rulecheck run --map` stopped while it wrote `{target}`: that map "
        "was not changed, and nothing will finish or remove it. Hint: unless a run is writing this map now, delete it")


def example(folder: Path) -> Path:
    file = folder / "shot.yml"
    file.write_text(SHOT.format(title="T", attacker="Scout", defender="Bandit"), "utf-8")
    return file


@pytest.mark.parametrize("step", ["chmod", "replace"])  # written and synced; or about to be renamed
@pytest.mark.parametrize("target", ["shot.svg", "a map.svg", "carte.é.svg"])
@pytest.mark.parametrize("there_before", [False, True])
def test_a_map_left_half_written_by_a_kill_is_reported_by_the_next_run_and_kept(
        tmp_path: Path, step: str, target: str, there_before: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    shot, picture = example(tmp_path), tmp_path / target
    if there_before:
        picture.write_text(EARLIER_MAP, "utf-8")
    root = Path(__file__).resolve().parents[2]
    script = KILLED_WHILE_WRITING.replace("{step}", step).replace("{target}", target)
    done = subprocess.run([sys.executable, "-c", script, str(shot), str(picture)], cwd=tmp_path, check=False,
                          env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, timeout=120)
    assert done.returncode == -9, done.stderr
    [left] = sorted(tmp_path.glob(f".{target}.*.tmp"))
    assert (picture.read_text("utf-8") == EARLIER_MAP) if there_before else not picture.exists()
    monkeypatch.chdir(tmp_path)
    for _ in range(2):  # reported by every run writing that map, never removed
        result = run(str(shot), "--map", target)
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert f"{left.name}:1: {SAID.format(target=target)}" in result.output.splitlines()
        assert left.exists() and picture.read_text("utf-8").startswith("<?xml")
    left.unlink()
    assert run(str(shot), "--map", target).exit_code == 0


def test_the_leftover_beside_a_linked_map_is_found_beside_its_file(tmp_path: Path) -> None:
    shot = example(tmp_path)
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "shot.svg").write_text(EARLIER_MAP, "utf-8")
    (tmp_path / "link.svg").symlink_to(tmp_path / "real" / "shot.svg")
    (tmp_path / "real" / ".shot.svg.k3j9_x2a.tmp").write_text("<sv", "utf-8")
    result = run(str(shot), "--map", str(tmp_path / "link.svg"))
    assert result.exit_code == 1
    assert any(line.endswith(SAID.format(target="shot.svg")) and ".shot.svg.k3j9_x2a.tmp:1:" in line
               for line in result.output.splitlines())


@pytest.mark.parametrize("name", [".shot.svg.tmp", ".shot.svg.ABC.tmp", "shot.svg.x1.tmp", ".shot.svg.x1.tmp~",
                                  ".other.svg.x1.tmp", ".shot.yml.x1.tmp"])
def test_a_file_of_another_name_beside_the_map_is_not_reported(tmp_path: Path, name: str) -> None:
    shot = example(tmp_path)
    (tmp_path / name).write_text("x", "utf-8")
    result = run(str(shot), "--map", str(tmp_path / "shot.svg"))
    assert result.exit_code == 0 and "temporary file" not in result.output


def test_a_map_into_a_missing_folder_still_says_only_that(tmp_path: Path) -> None:
    result = run(str(example(tmp_path)), "--map", str(tmp_path / "missing" / "shot.svg"))
    assert result.exit_code == 1 and "temporary file" not in result.output and "Traceback" not in result.output
