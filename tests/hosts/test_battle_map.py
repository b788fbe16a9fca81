"""The battle map on a card and from the command line (rulecheck/hosts/battle_map.py, `rulecheck run
--map`): the card of every grid example holds its picture, and an author can write it to a file."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rulecheck.examples.check import check_page
from rulecheck.hosts import cards
from rulecheck.hosts.cli import main
from rulecheck.hosts.print_edition import prefixed
from tests.conftest import deadline

SVG = "{http://www.w3.org/2000/svg}"

SHOT = """\
id: pillar-shot
title: {title}
rule: attack
given:
  attacker: {{name: {attacker}}}
  defender: {{name: {defender}, def_phy: 14}}
  attack: {{kind: ranged, total: 17, damage: 1d8}}
  situation:
    grid:
      map: |
        A . . . . .
        . . . # . D
expect:
  cover: normal
  outcome: miss
"""
NO_GRID = """\
id: plain-blow
rule: attack
given:
  attacker: {name: Marauder}
  defender: {name: Guard, def_phy: 14}
  attack: {kind: melee, total: 10, damage: 1d8}
expect:
  outcome: miss
"""


def run(*args: str) -> Any:
    return CliRunner().invoke(main, ["run", *args])


@pytest.mark.parametrize(("language", "title", "attacker", "defender", "said"), [
    ("en", "The pillar", "Scout", "Bandit", "Battle map: The pillar"),
    ("fr", "Le pilier", "Éclaireur", "Bandit", "Plan de combat : Le pilier"),
])
def test_run_writes_the_battle_map_the_card_draws(tmp_path: Path, language: str, title: str, attacker: str,
                                                  defender: str, said: str) -> None:
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title=title, attacker=attacker, defender=defender), "utf-8")
    picture = tmp_path / "maps" / "shot.svg"
    picture.parent.mkdir()
    result = run(str(example), "--lang", language, "--map", str(picture))
    assert result.exit_code == 0, result.output
    root = ET.parse(picture).getroot()
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == language  # a file says its language
    assert root.findtext(SVG + "title") == said
    description = root.findtext(SVG + "desc") or ""
    assert attacker in description and defender in description
    blocked = [e for e in root.iter(SVG + "line") if "blocked" in (e.get("class") or "").split()]
    assert blocked and all("wall" in (e.get("class") or "") for e in blocked)


def test_run_map_of_an_example_without_a_grid_is_a_usage_error(tmp_path: Path) -> None:
    example = tmp_path / "plain.yml"
    example.write_text(NO_GRID, "utf-8")
    result = run(str(example), "--map", str(tmp_path / "plain.svg"))
    assert result.exit_code == 2
    assert "plain.yml: --map: this example has no grid to draw" in result.stderr
    assert "Traceback" not in result.output and not (tmp_path / "plain.svg").exists()


def test_run_map_says_where_it_cannot_write(tmp_path: Path) -> None:
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title="T", attacker="Scout", defender="Bandit"), "utf-8")
    result = run(str(example), "--map", str(tmp_path / "missing" / "shot.svg"))
    assert result.exit_code == 1
    assert "shot.svg: cannot write the battle map" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("lang", [[], ["--lang", "en"]])
@pytest.mark.parametrize("where", ["missing/shot.svg", "a/b/c.svg"])
def test_a_map_that_cannot_be_written_hides_neither_the_result_nor_the_other_problems(
        tmp_path: Path, lang: list[str], where: str) -> None:
    """A 32nd hostile round: the map's error alone was printed, the run's result and its drift lost."""
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title="T", attacker="Scout", defender="Bandit").replace(
        "cover: normal", "cover: total"), "utf-8")
    result = run(str(example), *lang, "--map", str(tmp_path / where))
    assert result.exit_code == 1
    assert "expect.cover: expected total, got normal" in result.stderr
    assert "cannot write the battle map" in result.stderr.splitlines()[-1]  # after every problem
    assert ("Cover from the grid" if lang else '"cover": "normal"') in result.stdout


def test_a_run_that_draws_nothing_says_the_map_it_leaves_is_not_this_example_s(tmp_path: Path) -> None:
    example, picture, before = a_map_then_another_title(tmp_path)
    example.write_text(example.read_text("utf-8").replace("A . . . . .", "A . . . ."), "utf-8")  # a ragged row
    result = run(str(example), "--map", str(picture))
    assert result.exit_code == 1 and picture.read_bytes() == before
    assert f"--map {picture}: no map written" in result.stderr
    assert "is unchanged (not this example's map)" in result.stderr
    fresh = tmp_path / "new.svg"
    result = run(str(example), "--map", str(fresh))
    assert f"{fresh} was not created" in result.stderr and not fresh.exists()


@pytest.mark.parametrize("name", ["a" * 300 + ".svg", "loop.svg"])
def test_a_map_path_that_cannot_be_used_is_a_usage_error_naming_the_option(tmp_path: Path, name: str) -> None:
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title="T", attacker="Scout", defender="Bandit"), "utf-8")
    if name == "loop.svg":
        (tmp_path / "loop.svg").symlink_to(tmp_path / "other.svg")
        (tmp_path / "other.svg").symlink_to(tmp_path / "loop.svg")
    result = run(str(example), "--map", str(tmp_path / name))
    assert result.exit_code == 2 and "--map " in result.output and "a path that cannot be used" in result.output
    assert "Traceback" not in result.output


def test_a_grid_card_holds_its_map_before_its_trace_and_a_card_without_grid_none() -> None:
    page = (f"# Page\n\n```rulecheck\n{SHOT.format(title='The pillar', attacker='Scout', defender='Bandit')}```\n\n"
            f"```rulecheck\n{NO_GRID}```\n")
    report = check_page("docs/en/page.md", page, odds=False)
    assert [o.problems for o in report.outcomes] == [[], []]
    shot, plain = (cards.card(outcome, "en") for outcome in report.outcomes)
    assert shot.index('<figure class="rc-map"') < shot.index('<ol class="rc-trace">')
    assert "attacker (Scout)" in shot and "target (Bandit)" in shot and "<strong>Cover</strong>: normal cover" in shot
    assert "rc-map" not in plain


def test_a_map_in_the_print_edition_keeps_its_hatching_arrow_and_labels() -> None:
    page = "# Page\n\n```rulecheck\nid: walk\nrule: opportunity\ngiven:\n  grid:\n    map: o A . .\n" \
           "  path: [[2, 0], [3, 0]]\nexpect:\n  provokes: true\n```\n"
    report = check_page("docs/en/page.md", page, odds=False)
    card = cards.card(report.outcomes[0], "en")
    printed = prefixed(card, "opportunity", set())
    ids = set(re.findall(r'\sid="([^"]+)"', printed))
    pointed = re.findall(r'="url\(#([^)"]+)\)"', printed)
    labelled = re.findall(r'aria-labelledby="([^"]+)"', printed)[0].split()
    assert pointed and labelled and {*pointed, *labelled} <= ids
    assert all(found.startswith("opportunity--") for found in pointed)


def a_map_then_another_title(tmp_path: Path) -> tuple[Path, Path, bytes]:
    """An example whose map `run --map` wrote (its bytes returned), then retitled: the next map differs."""
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title="T", attacker="Scout", defender="Bandit"), "utf-8")
    picture = tmp_path / "shot.svg"
    assert run(str(example), "--map", str(picture)).exit_code == 0
    written = picture.read_bytes()
    example.write_text(SHOT.format(title="Another title", attacker="Scout", defender="Bandit"), "utf-8")
    return example, picture, written


@pytest.mark.parametrize("limit", [0, 1, 1000, 3000])
def test_run_map_stopped_while_writing_leaves_the_previous_map_whole(tmp_path: Path, limit: int) -> None:
    # A run that cannot finish writing (a full disk, a size limit; a kill -9 alike) used to leave
    # the first `limit` bytes of the new map in place of the old one: a half-written SVG.
    import os
    import resource
    import subprocess
    import sys

    example, picture, before = a_map_then_another_title(tmp_path)

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    root = Path(__file__).resolve().parents[2]
    # `-B`: under the limit, Python writes the first `limit` bytes of the bytecode it compiles in
    # place of the whole file (a short write it does not check), which breaks every later import.
    command = [sys.executable, "-B", "-m", "rulecheck.hosts.cli", "run", str(example), "--map", str(picture)]
    done = subprocess.run(command,
                          env={**os.environ, "PYTHONPATH": str(root)}, preexec_fn=limited, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 1 and "shot.svg: cannot write the battle map: File too large" in done.stderr
    assert picture.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["shot.svg", "shot.yml"]


def test_run_map_writes_to_a_device_as_it_is(tmp_path: Path) -> None:
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title="T", attacker="Scout", defender="Bandit"), "utf-8")
    result = run(str(example), "--map", "/dev/null")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("aim", ["the example", "a link to a file", "a link to nothing", "a text file", "a Python file",
                                 "standard output", "the example titled <svg>", "a page opening on an icon",
                                 "a link to that page", "an HTML page"])
def test_run_map_refuses_a_target_whose_file_it_would_lose_or_write_through(tmp_path: Path, aim: str) -> None:
    """`--map ex.yml` replaced the example by its picture; `--map map.svg`, a link committed under a
    map's name, wrote through it to the file it pointed at; `--map -` made a file named `-`. (A link
    to a map is followed: tests/hosts/test_map_leftovers.py.)"""
    example = tmp_path / "shot.yml"
    title = "How to draw an <svg> map" if aim == "the example titled <svg>" else "T"
    example.write_text(SHOT.format(title=title, attacker="Scout", defender="Bandit"), "utf-8")
    page = tmp_path / "notes.md"  # the bytes `<svg`, and no SVG document: someone's page
    page.write_text('<svg class="icon" viewBox="0 0 1 1"></svg> Notes\n\nMine.\n', "utf-8")
    (tmp_path / "index.html").write_text("<!doctype html><p>A map: <svg></svg></p>\n", "utf-8")
    kept = tmp_path / "notes.txt"
    kept.write_text("mine\n", "utf-8")
    (tmp_path / "old.svg").write_text('<?xml version="1.0"?>\n<svg/>\n', "utf-8")
    target = {"the example": example, "a link to a file": tmp_path / "map.svg", "a link to nothing": tmp_path / "m.svg",
              "a text file": kept, "a Python file": tmp_path / "conftest.py", "standard output": Path("-"),
              "the example titled <svg>": example, "a page opening on an icon": page,
              "a link to that page": tmp_path / "icon.svg", "an HTML page": tmp_path / "index.html"}[aim]
    if aim == "a link to that page":
        target.symlink_to(page)
    if aim == "a link to a file":
        target.symlink_to(kept)
    elif aim == "a link to nothing":
        target.symlink_to(tmp_path / "elsewhere" / "made.svg")
    elif aim == "a Python file":
        target.write_text("import os\n", "utf-8")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    result = run(str(example), "--map", str(target))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"--map {target}: " in result.output
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before
    assert not Path("-").exists() and not (tmp_path / "elsewhere").exists()


def test_run_map_writes_over_an_earlier_map(tmp_path: Path) -> None:
    example, picture, first = a_map_then_another_title(tmp_path)
    assert run(str(example), "--map", str(picture)).exit_code == 0
    assert picture.read_bytes() != first and b"Another title" in picture.read_bytes()


@pytest.mark.parametrize("start", [
    '<svg xmlns="http://www.w3.org/2000/svg"/>', '\ufeff<?xml version="1.0"?>\n<svg>',
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg>\n<SVG\nwidth="1">',
    "\n\n  <svg>", "", '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg">',
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" class="logo">',
])
@pytest.mark.parametrize("name", ["old.svg", "py.typed", "logo.SVG"])
def test_run_map_writes_over_no_svg_or_empty_file_but_its_own_maps(tmp_path: Path, start: str, name: str) -> None:
    """A logo drawn by hand, another tool's picture or an empty file (a package's `py.typed`) is
    someone's work (a nineteenth hostile round): only a map `--map` wrote is replaced."""
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title="Drawn", attacker="Scout", defender="Bandit"), "utf-8")
    picture = tmp_path / name
    picture.write_text(start + ("</svg>\n" if start else ""), "utf-8")
    before = picture.read_bytes()
    result = run(str(example), "--map", str(picture))
    assert result.exit_code == 2 and "not a battle map `--map` wrote" in result.output
    assert picture.read_bytes() == before


@pytest.mark.parametrize("change", ["read-only", "notes appended", "a line appended", "cut short"])
def test_run_map_keeps_a_map_its_author_protected_or_edited(tmp_path: Path, change: str) -> None:
    """A map `--map` wrote, then made read-only or edited (notes at its end), is the author's now
    (a twentieth hostile round): refused, the file as it was."""
    example, picture, first = a_map_then_another_title(tmp_path)
    if change == "read-only":
        picture.chmod(0o444)
    else:
        edited = {"notes appended": first + b"<!-- my notes -->\n", "a line appended": first + b"\n",
                  "cut short": first[:-3]}[change]
        picture.write_bytes(edited)
    before = picture.read_bytes()
    result = run(str(example), "--map", str(picture))
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert picture.read_bytes() == before


def test_run_map_to_a_named_pipe_no_one_reads_says_so_and_returns(tmp_path: Path) -> None:
    """Writing to a named pipe waits for a reader: with none, `--map` waited for ever."""
    example = tmp_path / "shot.yml"
    example.write_text(SHOT.format(title="T", attacker="Scout", defender="Bandit"), "utf-8")
    pipe = tmp_path / "fifo.svg"
    os.mkfifo(pipe)
    with deadline(60):
        result = run(str(example), "--map", str(pipe))
    assert result.exit_code == 1 and "a named pipe no program reads" in result.output, result.output
