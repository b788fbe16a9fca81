"""A misdrawn battle map says every problem at once, each at the row, creature, side or step at fault."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.errors import Problem
from rulecheck.examples.check import check_page
from tests.conftest import examples


def problems_of(page: str) -> list[Problem]:
    report = check_page("docs/page.md", page, odds=False)
    return [*report.problems, *(problem for outcome in report.outcomes for problem in outcome.problems)]


UNKNOWN = "?!$%&*+/0123456789@"
FENCE_LINE = 3  # the page's line of its opening fence: the YAML begins on the next one


@st.composite
def misdrawn_maps(draw: st.DrawFn) -> tuple[str, dict[int, tuple[int, int, str]], dict[str, int]]:
    """A positions example whose map has unknown squares on some rows and creatures placed off it:
    its page, the page line of each bad row with (row, column, character), and of each bad ``at``."""
    width, height = draw(st.integers(2, 8)), draw(st.integers(2, 6))
    rows = [["."] * width for _ in range(height)]
    rows[0][0], rows[-1][-1] = "A", "D"
    bad_rows = draw(st.lists(st.integers(0, height - 1), unique=True, max_size=height))
    bad: dict[int, tuple[int, int, str]] = {}
    indent = " " * draw(st.sampled_from([6, 9]))
    blank_before = draw(st.lists(st.booleans(), min_size=height, max_size=height))
    yaml = ["id: misdrawn", "rule: positions", "given:", "  attack: ranged", "  grid:", "    map: |"]
    for y, row in enumerate(rows):
        if y in bad_rows:
            free = [x for x in range(width) if row[x] == "."]
            if free:
                x = draw(st.sampled_from(free))
                row[x] = draw(st.sampled_from(UNKNOWN))
                bad[FENCE_LINE + len(yaml) + 1 + (y > 0 and blank_before[y])] = (y, x, row[x])
        if y > 0 and blank_before[y]:
            yaml.append("")  # a blank line inside the map: no row, but a line of the page
        yaml.append(indent + " ".join(row))
    off = draw(st.lists(st.sampled_from("pqrs"), unique=True, max_size=4))
    placed: dict[str, int] = {}
    if off:
        yaml.append("    creatures:")
        for n, letter in enumerate(off):
            yaml.append(f"      {letter}: {{at: [{width + n}, 0]}}")
            placed[letter] = FENCE_LINE + len(yaml)
    yaml += ["expect:", "  cover: none"]
    page = "# Plan\n\n```rulecheck\n" + "\n".join(yaml) + "\n```\n"
    return page, bad, placed


@settings(max_examples=examples(150))
@given(misdrawn_maps())
def test_every_misdrawn_row_and_misplaced_creature_is_said_at_its_own_line(
        drawn: tuple[str, dict[int, tuple[int, int, str]], dict[str, int]]) -> None:
    page, bad, placed = drawn
    problems = problems_of(page)
    said = {(p.line, p.field, p.message) for p in problems}
    for line, (y, x, char) in bad.items():
        assert (line, "given.grid.map",
                f"row {y + 1}, column {x + 1}: unknown square `{char}`; use . # = ~ or a letter") in said
    for letter, line in placed.items():
        assert any(p.line == line and p.field == f"given.grid.creatures.{letter}.at" and "is off the map" in p.message
                   for p in problems), (letter, line, problems)
    assert len(problems) == len(bad) + len(placed)  # no problem twice, none invented, none left for a later run
    assert all(p.example_id == "misdrawn" for p in problems)


@settings(max_examples=examples(150))
@given(st.lists(st.tuples(st.integers(-2, 6), st.integers(-2, 3)), min_size=1, max_size=8))
def test_every_impossible_step_of_a_path_is_said_at_its_own_step(path: list[tuple[int, int]]) -> None:
    grid = "o A . #\n. . . .\n. . . ."
    page = ("# Chemin\n\n```rulecheck\nid: walk\nrule: opportunity\ngiven:\n  grid:\n    map: |\n"
            + "".join(f"      {row}\n" for row in grid.splitlines())
            + "  path:\n" + "".join(f"    - [{x}, {y}]\n" for x, y in path) + "expect:\n  provokes: false\n```\n")
    first_step = page.splitlines().index("  path:") + 2
    here, wrong = (1, 0), []
    for index, (x, y) in enumerate(path):
        if (max(abs(x - here[0]), abs(y - here[1])) != 1 or not (0 <= x < 4 and 0 <= y < 3)
                or (x, y) in {(3, 0), (0, 0)}):
            wrong.append(index)
        here = (x, y)
    problems = [p for p in problems_of(page) if p.field != "expect.provokes"]  # a walkable path may drift
    assert [p.field for p in problems] == [f"given.path[{index}]" for index in wrong]
    assert [p.line for p in problems] == [first_step + index for index in wrong]
