"""A page draws at most MAX_MAP_SQUARES_PER_PAGE squares of battle maps: the example whose map
would take it past is refused, located at its grid, and its card draws no map; examples after it
whose maps still fit are drawn. An outside tester's 2,000 examples of 30 × 30 maps (within the
examples' cap) built a page of 167 MB at 3 GB of memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.check import check_page, check_paths, map_squares
from rulecheck.examples.pages import MAX_EXAMPLES_PER_PAGE, MAX_MAP_SQUARES_PER_PAGE
from rulecheck.hosts import cards
from tests.conftest import ROOT


def grid_example(example_id: str, width: int, height: int, fill: str = ".") -> str:
    rows = [[fill] * width for _ in range(height)]
    rows[0][0], rows[-1][-1] = "A", "D"
    body = "".join(f"      {''.join(row)}\n" for row in rows)
    return f"```rulecheck\nid: {example_id}\nrule: positions\ngiven:\n  grid:\n    map: |\n{body}```\n\n"


def page(*maps: tuple[int, int]) -> str:
    return "# Maps\n\n" + "".join(grid_example(f"map-{n}", w, h) for n, (w, h) in enumerate(maps))


def refused(text: str) -> list[tuple[str | None, int]]:
    report = check_page("docs/en/maps.md", text, language="en")
    return [(p.example_id, p.line) for o in report.outcomes for p in o.problems]


def line_of_grid(text: str, example_id: str) -> int:
    return text[:text.index("grid:", text.index(f"id: {example_id}\n"))].count("\n") + 1


@pytest.mark.parametrize(("maps", "over"), [
    ([(25, 20)] * (MAX_MAP_SQUARES_PER_PAGE // 500), []),  # exactly the budget: every map drawn
    ([(25, 20)] * (MAX_MAP_SQUARES_PER_PAGE // 500) + [(2, 1)], [20]),  # two squares past it
    ([(30, 30)] * 12, [11]),  # 11 of the largest maps fit, not 12
    ([(25, 20)] * 19 + [(30, 30), (25, 20)], [19]),  # a map past it; the one after still fits
    ([(30, 30)] * 11 + [(2, 1)] * 60, [*range(11 + 50, 11 + 60)]),  # 100 squares left: 50 small maps
])
def test_the_first_map_past_the_page_s_budget_is_refused_at_its_grid(
        maps: list[tuple[int, int]], over: list[int]) -> None:
    text = page(*maps)
    assert refused(text) == [(f"map-{n}", line_of_grid(text, f"map-{n}")) for n in over]


def test_a_refused_map_is_not_drawn_and_its_message_says_why() -> None:
    text = page(*[(30, 30)] * 12)
    report = check_page("docs/en/maps.md", text, language="en")
    drawn = sum(map_squares(o) for o in report.outcomes)
    assert drawn == 11 * 900 <= MAX_MAP_SQUARES_PER_PAGE
    last = report.outcomes[-1]
    [problem] = last.problems
    assert problem.field == "given.grid" and f"at most {MAX_MAP_SQUARES_PER_PAGE:,}" in problem.message
    assert "900 squares" in problem.message and "10,800" in problem.message
    assert "<svg" not in cards.card(last, "en") and "<svg" in cards.card(report.outcomes[0], "en")


def test_the_budget_bounds_the_pictures_a_page_can_hold() -> None:
    """The densest maps cost the most bytes a square; a page full of them stays a few MB of pictures."""
    text = page(*[(30, 30)] * 12)
    report = check_page("docs/en/maps.md", text, language="en")
    pictures = sum(len(cards.card(o, "en")) for o in report.outcomes)
    assert pictures < 4_000_000
    assert MAX_MAP_SQUARES_PER_PAGE < MAX_EXAMPLES_PER_PAGE * 900  # the examples' cap alone did not bound it


def test_the_site_s_heaviest_page_is_far_under_the_budget() -> None:
    report = check_paths([ROOT / "docs"], ROOT)
    heaviest = max(sum(map_squares(o) for o in page.outcomes) for page in report.pages.values())
    assert 0 < heaviest * 20 <= MAX_MAP_SQUARES_PER_PAGE


def test_both_languages_refuse_the_same_example(tmp_path: Path) -> None:
    text = page(*[(30, 30)] * 12)
    for language in ("en", "fr"):
        (tmp_path / "docs" / language).mkdir(parents=True)
        (tmp_path / "docs" / language / "maps.md").write_text(text, "utf-8")
    report = check_paths([tmp_path / "docs"], tmp_path)
    assert sorted((p.path, p.example_id, p.field) for p in report.all_problems) == [
        ("docs/en/maps.md", "map-11", "given.grid"), ("docs/fr/maps.md", "map-11", "given.grid")]
