"""Battle maps drawn as SVG (rulecheck/examples/maps.py): the picture holds exactly the squares,
creatures and lines of the engine's battle map, in both languages, and a grid that cannot be drawn
is a located problem."""

from __future__ import annotations

import dataclasses
import html
import itertools
import math
import re
import string
import xml.etree.ElementTree as ET
from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rulecheck.engine import Battlefield, OpportunityInput, PositionsInput, ScriptedDice, resolve_positions
from rulecheck.engine.battlefield import LOW_OBSTACLE_RANGE
from rulecheck.engine.grid import Point, Space, Square
from rulecheck.engine.opportunity import resolve_opportunity
from rulecheck.engine.sightlines import BattleMap, PathStep
from rulecheck.examples import maps
from rulecheck.examples.check import check_page
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.maps import path_words
from rulecheck.examples.render import word
from rulecheck.examples.schema import ParsedExample, parse_block
from tests.engine.random_grids import AREA, battlefields, crowds, moves

SVG = "{http://www.w3.org/2000/svg}"


def parsed_svg(drawn: BattleMap, language: str = "en") -> ET.Element:
    return ET.fromstring(maps.svg(drawn, language, "ex-1", "An example", standalone=True))


def with_class(root: ET.Element, tag: str, *classes: str) -> list[ET.Element]:
    """The ``tag`` elements with every class of ``classes`` and none of those written ``!class``."""
    wanted = {c for c in classes if not c.startswith("!")}
    unwanted = {c[1:] for c in classes if c.startswith("!")}
    return [e for e in root.iter(SVG + tag)
            if wanted <= set(e.get("class", "").split()) and not unwanted & set(e.get("class", "").split())]


def style_of(element: ET.Element) -> dict[str, str]:
    """The declarations :data:`maps.PAPER` gives ``element`` by its classes (each selector there is
    one compound of classes; a later one wins), its inline style last, as a browser applies them."""
    classes = set(element.get("class", "").split())
    declared: dict[str, str] = {}
    for selector, style in maps.PAPER.items():
        if set(selector.split(".")[1:]) <= classes:
            declared |= dict(part.split(":", 1) for part in style.split(";"))
    inline = element.get("style")
    return declared | (dict(part.split(":", 1) for part in inline.split(";")) if inline else {})


def subpaths(element: ET.Element) -> int:
    return len(re.findall("M", element.get("d", "")))


def units(value: object) -> str:
    return f"{round(float(maps.MARGIN + value * maps.SQUARE), 2):g}"  # type: ignore[operator]


def path_extent(d: str) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) of a path of straight lines: ``M`` then relative ``l``, ``h``, ``v``."""
    x = y = 0.0
    points = []
    for command, numbers in re.findall(r"([MlhvZz])([^MlhvZz]*)", d):
        values = [float(v) for v in re.findall(r"-?[\d.]+", numbers)]
        if command == "M":
            x, y = values[0], values[1]
            points.append((x, y))
        elif command == "l":
            for dx, dy in zip(values[::2], values[1::2], strict=True):
                x, y = x + dx, y + dy
                points.append((x, y))
        elif command in "hv":
            for delta in values:
                x, y = (x + delta, y) if command == "h" else (x, y + delta)
                points.append((x, y))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def drawn_sides_of(paths: list[ET.Element]) -> list[tuple[str, str, bool]]:
    """Each side a path draws: where it starts, and whether it goes down (``v``, or a wave ``q`` whose
    end is straight below its start) rather than right."""
    found = []
    for path in paths:
        for x, y, command, rest in re.findall(r"M([\d.]+) ([\d.]+)([vhq])([^M]*)", path.get("d", "")):
            if command == "q":
                vertical = re.match(r"-?[\d.]+[ -]-?[\d.]+ (-?[\d.]+)", rest).group(1) == "0"  # type: ignore[union-attr]
            else:
                vertical = command == "v"
            found.append((x, y, vertical))
    return found


def legend_numbers(lines: list[str]) -> list[int]:
    """The creatures' numbers a legend gives, a grouped line (« 3 to 26: … ») counting for each."""
    found = []
    for line in lines:
        first, last = re.match(r"(\d+)(?: (?:to|à) (\d+))?", line).groups()  # type: ignore[union-attr]
        found += range(int(first), int(last or first) + 1)
    return found


def said_places(description: str, kind: str, language: str) -> tuple[set[Square], int]:
    """The squares a map's description says hold ``kind`` (walls, low walls, mist), read back, and
    how many more it counts without listing them."""
    opening = word(f"map.where.{kind}", language).split("{")[0]
    if opening not in description:
        return set(), 0
    listed = description[description.index(opening) + len(opening):].split(".")[0]
    found: set[Square] = set()
    more = word("map.places.more", language).split("{")[0].strip(" ;")
    counted = 0
    for place in listed.split(word("map.places.and", language)):
        if place.startswith(more):
            number = re.search(r"\d+", place)  # « and one more square » has none
            counted = int(number[0]) if number else 1
            continue
        numbers = [int(n) for n in re.findall(r"\d+", place)]
        first, last, row = (numbers[0], numbers[1], numbers[2]) if len(numbers) == 3 else (numbers[0], numbers[0],
                                                                                            numbers[1])
        found |= {Square(x - 1, row - 1) for x in range(first, last + 1)}
    return found, counted


def assert_picture_matches(drawn: BattleMap, language: str) -> None:
    root = parsed_svg(drawn, language)
    assert root.get("role") == "img"
    title, desc = root.find(SVG + "title"), root.find(SVG + "desc")
    assert title is not None and title.text and desc is not None and desc.text
    assert "map." not in desc.text and "{" not in desc.text  # every word found, every blank filled
    for kind, squares in (("walls", drawn.walls), ("low", drawn.low), ("fog", drawn.fog)):
        listed, counted = said_places(desc.text, kind, language)
        assert listed <= squares and len(listed) + counted == len(squares), (kind, desc.text)
        first = sorted(squares, key=lambda square: (square.y, square.x))[:len(listed)]
        assert listed == set(first), "the first squares in reading order, the rest counted"
    # the biggest tokens first, so that none hides a smaller creature sharing its square
    sides = {f.letter: f.side for f in drawn.figures}
    drawn_sides = [sides[e.get("data-letter", "")] for e in root.iter() if "fig" in e.get("class", "").split()]
    assert drawn_sides == sorted(drawn_sides, reverse=True)
    # the creatures: one token each, at its space, numbered 1..n on the picture or, for those too
    # small to carry their number, in the legend alone
    tokens = with_class(root, "circle", "fig") + with_class(root, "rect", "fig")
    assert sorted(t.get("data-letter") or "" for t in tokens) == sorted(f.letter for f in drawn.figures)
    labels, unlabelled = maps.numbering(drawn), maps.unlabelled_figures(drawn)
    numbers = sorted(int(t.text or 0) for t in with_class(root, "text", "label"))
    assert numbers == sorted(labels[f.letter] for f in drawn.figures if f.letter not in unlabelled)
    assert all(f.side < maps.LABELLED_SIDE for f in drawn.figures if f.letter in unlabelled)
    assert legend_numbers(maps.creature_words(drawn, labels, {}, language)) == list(range(1, len(drawn.figures) + 1))
    # a creature drawn without its number says so in the legend, and only such a one
    unnumbered = word("map.figure.unnumbered", language)
    for line in maps.creature_words(drawn, labels, {}, language):
        numbers = legend_numbers([line])
        said = unnumbered in line or word("map.figure.unnumbered.group", language) in line
        assert said == all(f.letter in unlabelled for f in drawn.figures if labels[f.letter] in numbers), line
    # the terrain and the threatened squares: one square each
    for kind, squares in (("wall", drawn.walls), ("low", drawn.low), ("fog", drawn.fog)):
        assert sum(subpaths(p) for p in with_class(root, "path", kind)) == len(squares)
    # a wall or a curtain on each side between squares that has one, where it is
    for kind, sides in (("wall-side", drawn.wall_sides), ("fog-side", drawn.fog_sides)):
        assert sorted(drawn_sides_of(with_class(root, "path", kind))) == sorted(
            (units(side.x), units(side.y), side.vertical) for side in sides)
    for kind in ("threat", "inner"):
        expected = sum(len(getattr(t, "squares" if kind == "threat" else "inner")) for t in drawn.threats)
        assert sum(subpaths(p) for p in with_class(root, "path", kind)) == expected
    # the lines the rule traced, each where it was traced, blocked or clear as it was
    # (on a move, the cover that spared it an opportunity attack: the lines from that enemy)
    spared = [m.cover for step in drawn.path for m in step.provocations if m.cover is not None]
    assert all(not m.provokes and m.event == "cover" for step in drawn.path for m in step.provocations if m.cover)
    assert maps.sightings(drawn) == [s for s in (drawn.cover, drawn.concealment) if s is not None] + spared
    for rule in ("cover", "concealment"):
        shown = sorted((line.get("x1"), line.get("y1"), line.get("x2"), line.get("y2"),
                        "blocked" in (line.get("class") or "").split())
                       for line in with_class(root, "line", "sight", rule))
        expected_lines = sorted((units(traced.start[0]), units(traced.start[1]), units(traced.end[0]),
                                 units(traced.end[1]), traced.blocked)
                                for sighting in maps.sightings(drawn) if sighting.rule == rule
                                for traced in sighting.lines)
        assert shown == expected_lines
        for line in with_class(root, "line", "sight", rule):
            dashes = style_of(line).get("stroke-dasharray", "none")
            assert (dashes != "none") == ("blocked" in (line.get("class") or ""))  # not colour only
    corners = [s for s in maps.sightings(drawn) if s.corner is not None]
    assert len(with_class(root, "path", "corner")) == len(corners)
    # the small marks drawn about a point (the chosen corner, a provocation's !) stay whole on the picture,
    # even at the board's own corner
    _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    for mark in with_class(root, "path", "corner") + with_class(root, "path", "provoke"):
        left, top, right, bottom = path_extent(mark.get("d") or "")
        reach = float(style_of(mark).get("stroke-width", "1")) / 2
        assert left - reach >= 0 and top - reach >= 0 and right + reach <= width and bottom + reach <= height, (
            mark.get("d"), width, height)
    # a big target: the square of it that the lines go to
    target = next((f.space for f in drawn.figures if f.role == "defender"), None)
    inset = Fraction(maps.TARGET_INSET, maps.SQUARE)
    chosen = {(units(s.target.x + inset), units(s.target.y + inset)) for s in (drawn.cover, drawn.concealment)
              if s is not None and s.target is not None and target is not None and target.side > 1}
    assert {(r.get("x"), r.get("y")) for r in with_class(root, "rect", "target-square")} == chosen
    # a big creature's square the lines start from, every corner of it (melee between adjacent squares)
    big = [f.space for f in drawn.figures if f.side > 1]
    origins = {(units(s.origin.x + inset), units(s.origin.y + inset)) for s in maps.sightings(drawn)
               if s.corner is None and s.origin is not None and any(s.origin in space for space in big)}
    assert {(r.get("x"), r.get("y")) for r in with_class(root, "rect", "origin-square")} == origins
    assert len(with_class(root, "line", "flank")) == (drawn.flank is not None)
    # no flanking though an ally threatens: the line the rule tried, and the sides it met, no more
    assert len(with_class(root, "line", "flank-missed")) == (drawn.missed_flank is not None)
    if drawn.missed_flank is not None:
        (line,) = with_class(root, "line", "flank-missed")
        missed = drawn.missed_flank
        assert (line.get("x1"), line.get("y1"), line.get("x2"), line.get("y2")) == tuple(
            units(v) for v in (*missed.start, *missed.end))
        bars = with_class(root, "path", "flank-sides", "missed")
        assert len(bars) == bool(missed.met) and (not bars or (bars[0].get("d") or "").count("M") == len(missed.met))
    # the path, and a ! where each opportunity attack is provoked
    assert len(with_class(root, "polyline", "path")) == (1 if drawn.path else 0)
    provoked = [m.enemy for s in drawn.path for m in s.provocations if m.provokes]
    assert [p.get("data-of") for p in with_class(root, "path", "provoke")] == provoked
    # the key explains every mark the picture draws, and no mark it does not draw
    marks = {"wall": ("path", "wall"), "low": ("path", "low"), "fog": ("path", "fog"),
             "wall_side": ("path", "wall-side"), "fog_side": ("path", "fog-side"),
             "clear": ("line", "sight", "clear"), "blocked": ("line", "sight", "blocked", "!fog"),
             "misted": ("line", "sight", "fog"),
             "corner": ("path", "corner"), "target": ("rect", "target-square"),
             "origin": ("rect", "origin-square"),
             "flank": ("line", "flank"), "flank_missed": ("line", "flank-missed"),
             "flank_missed_sides": ("path", "flank-sides", "missed"), "threat": ("path", "threat"),
             "inner": ("path", "inner"), "path": ("polyline", "path", "!disengaged"),
             "path.disengaged": ("polyline", "path", "disengaged"), "provoked": ("path", "provoke"),
             "spared": ("circle", "spared")}
    drawn_marks = [f"map.key.{name}" for name, (tag, *classes) in marks.items() if with_class(root, tag, *classes)]
    # a ring on each creature that may be struck: the target, or the creature moving
    struck = [f.role for f in drawn.figures if f.role in maps.STRUCK]
    assert len(with_class(root, "circle", "ring") + with_class(root, "rect", "ring")) == len(struck)
    edged = [f"map.key.{role}" for role in ("ally", "other")  # a token whose dashed or dotted edge is drawn
             if with_class(root, "circle", "fig", role, "!small") + with_class(root, "rect", "fig", role, "!small")]
    plain = ["map.key.plain"] * any(with_class(root, "circle", "fig", role, "small") for role in ("ally", "other"))
    callouts = ["map.key.callout"] * len(with_class(root, "circle", "callout"))
    drawn_marks = [key for key, role in (("map.key.ring", "defender"), ("map.key.ring.mover", "mover"))
                   if role in struck] + callouts + edged + plain + drawn_marks
    assert maps._keys(drawn) == drawn_marks
    figure = maps.figure_html(drawn, language, "ex-1", "An example")
    key = html.unescape(re.search(r'<p class="rc-map__key">(.*?)</p>', figure).group(1))  # type: ignore[union-attr]
    assert all(maps.key_words(drawn, name, language) in key for name in drawn_marks)
    if "map.key.threat" in drawn_marks:  # the hatching names whose reach it shows, and only them
        roles = {f.letter: f.role for f in drawn.figures}
        owners = {roles.get(t.letter, "other") for t in drawn.threats if t.squares}
        said = maps.key_words(drawn, "map.key.threat", language)
        assert {role for role in maps.ORDER if word(f"map.threat.by.{role}", language) in said} == owners, said
    assert_styled_by_class(drawn, language)


#: Attributes that paint (colour, width, dashes, type): the stylesheet gives them, never a mark.
PAINT = {"fill", "stroke", "stroke-width", "stroke-dasharray", "font-weight", "text-anchor", "dominant-baseline",
         "opacity", "color"}
#: What is not a mark: the picture, its words, its definitions.
UNPAINTED = {"svg", "title", "desc", "defs", "pattern", "marker"}


def assert_styled_by_class(drawn: BattleMap, language: str) -> None:
    """A map on a page paints nothing itself: each mark's classes get it a fill or a stroke from
    :data:`maps.PAPER` (a hatching is its pattern's), only a small token its own outline's width;
    the definitions are those the marks use, each once."""
    inline = ET.fromstring(maps.svg(drawn, language, "ex-1", "An example"))
    assert inline.tag == "svg" and inline.find("style") is None  # HTML gives it SVG's namespace
    used, defined = [], []
    for element in inline.iter():
        tag = element.tag.removeprefix(SVG)
        assert not PAINT & set(element.attrib) - ({"fill"} if element.get("fill", "").startswith("url(#") else set()), (
            tag, element.attrib)
        # an inline style only thins a token smaller than a square, and its ring: a width, never a paint
        assert element.get("style") is None or (
            re.fullmatch(r"stroke-width:[0-9.]+", element.get("style", "")) and
            {"fig", "ring"} & set(element.get("class", "").split())), element.attrib
        used += re.findall(r"url\(#([^)]+)\)", " ".join(element.attrib.values()))
        if tag in ("pattern", "marker"):
            defined.append(element.get("id"))
        if tag in UNPAINTED or (tag == "path" and element.get("fill", "").startswith("url(#")):
            continue
        style = style_of(element)
        assert style.get("fill", "none") != "none" or style.get("stroke", "none") != "none", (tag, element.attrib)
    assert sorted(defined) == sorted(set(used)) and len(set(defined)) == len(defined)


def test_the_stylesheet_gives_every_role_and_every_line_a_cue_besides_its_colour() -> None:
    """In grey, tokens differ by their outline (width or dashes), lines by their dashes."""
    styles = {role: style_of(ET.Element("circle", {"class": f"fig {role}"}))
              for role in ("attacker", "defender", "ally", "other")}
    tokens = {role: (style.get("stroke-width"), style.get("stroke-dasharray", "none"))
              for role, style in styles.items()}
    assert len(set(tokens.values())) == len(tokens), tokens
    lines = [style_of(ET.Element("line", {"class": kind})).get("stroke-dasharray", "none")
             for kind in ("sight clear", "sight blocked", "sight concealment blocked fog", "flank", "flank-missed",
                          "provoke-line")]
    assert len(set(lines)) == len(lines), lines
    assert style_of(ET.Element("circle", {"class": "fig ally small"})).get("stroke-dasharray", "none") == "none"
    css = maps.stylesheet()
    assert css.count("{") == len(maps.PAPER) and all(f".rc-map__svg {selector}{{" in css for selector in maps.PAPER)


def assert_meetings_told(caption: str, spared: int, language: str) -> None:
    """Each meeting that cover spared is in the caption up to a bound, the rest counted."""
    told = caption.count(html.escape(word("map.caption.cover_from", language).split("{")[0]))
    assert told == min(spared, maps.MEETINGS_LISTED)
    more = html.escape(word("map.caption.more" if spared - told > 1 else "map.caption.more.one", language).format(
        count=spared - told).split("(")[0])
    assert (more in caption) is (spared > told), caption


@pytest.mark.parametrize("melee", [True, False])
@settings(max_examples=40, deadline=None)
@given(field=battlefields())
def test_the_picture_shows_exactly_what_the_engine_decided(field: Battlefield, melee: bool) -> None:
    result = resolve_positions(PositionsInput(grid=field, attack="melee" if melee else "ranged"), ScriptedDice({}))
    assert result.battle_map is not None
    spared = [m for step in result.battle_map.path for m in step.provocations if m.cover is not None]
    for language in LANGUAGES:
        assert_picture_matches(result.battle_map, language)
        shown = maps.caption(result.battle_map, maps.numbering(result.battle_map), language)
        assert_meetings_told(shown, len(spared), language)


@settings(max_examples=40, deadline=None)
@given(given_=moves())
def test_a_move_s_picture_shows_its_path_and_its_opportunity_attacks(given_: OpportunityInput) -> None:
    try:
        result = resolve_opportunity(given_, ScriptedDice({}))
    except ValueError:
        return
    assert result.battle_map is not None
    spared = [m for step in result.battle_map.path for m in step.provocations if m.cover is not None]
    for language in LANGUAGES:
        assert_picture_matches(result.battle_map, language)
        shown = maps.caption(result.battle_map, maps.numbering(result.battle_map), language)
        assert_meetings_told(shown, len(spared), language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_move_spared_by_cover_draws_the_lines_that_gave_it(language: str) -> None:
    """« À portée, mais protégé par un abri » was said on a card whose map drew no line: the
    lines from the enemy to the square left are drawn, keyed and said, as an attack's are."""
    given_ = OpportunityInput.model_validate({"grid": {"map": "o # .\n. A .\n. . ."}, "path": [[2, 2]]})
    drawn = resolve_opportunity(given_, ScriptedDice({})).battle_map
    assert drawn is not None and drawn.cover is None
    (met,) = [m for step in drawn.path for m in step.provocations]
    assert met.event == "cover" and not met.provokes and met.cover is not None and met.cover.verdict != "none"
    assert any(line.blocked_by == "wall" for line in met.cover.lines)
    assert_picture_matches(drawn, language)
    root = parsed_svg(drawn, language)
    assert with_class(root, "line", "sight", "cover", "blocked") and with_class(root, "line", "sight", "cover", "clear")
    assert {"map.key.blocked", "map.key.clear", "map.key.spared"} <= set(maps._keys(drawn))
    said = maps.description(drawn, maps.numbering(drawn), {}, language)
    assert word("map.rule.cover", language) in said and word("cover.normal", language) in said, said
    # and the caption a player reads counts them, as a cover card does (« 3 sur 15 ; une seule suffit »)
    shown = html.unescape(re.sub(r"<[^>]+>", "", maps.caption(drawn, maps.numbering(drawn), language)))
    blocked = sum(1 for line in met.cover.lines if line.blocked_by)
    counted = {"fr": f"lignes bloquées : {blocked} sur {len(met.cover.lines)}",
               "en": f"{blocked} of {len(met.cover.lines)} lines blocked"}[language]
    assert word("map.caption.cover_from", language).split("{")[0] in shown and counted in shown, shown
    left = {"fr": "en quittant la case de la colonne 2, rangée 2", "en": "leaving the square at column 2, row 2"}
    assert left[language] in shown, shown


@pytest.mark.parametrize("grid", ["A . .\n. . .\n. . D", ". . A\n. . .\nD . .", ". . D\n. . .\nA . .", "A . D",
                                  "D\n.\nA"])
def test_a_corner_chosen_on_the_board_s_edge_is_drawn_whole(grid: str) -> None:
    drawn = drawn_of(grid)
    assert drawn.cover is not None and drawn.cover.corner is not None
    x, y = drawn.cover.corner
    assert x in (0, drawn.width) or y in (0, drawn.height)
    for language in LANGUAGES:
        assert_picture_matches(drawn, language)


def drawn_of(grid: str, kind: str = "ranged") -> BattleMap:
    result = resolve_positions(PositionsInput.model_validate({"attack": kind, "grid": {"map": grid}}), ScriptedDice({}))
    assert result.battle_map is not None
    return result.battle_map


@pytest.mark.parametrize(("grid", "square_px"), [
    ("A D", 96), ("A . D", 96), ("A . . D", 96), ("A .\n. D", 96), ("A\n.\n.\nD", 96),
    ("A . . . D", 64), ("A . D\n. . .", 64), ("A . .\n. . .\n. . D", 64), ("A . . . . . . D", 64),
])
def test_a_board_of_a_few_squares_is_drawn_larger_where_its_marks_would_crowd(grid: str, square_px: int) -> None:
    """Four squares or fewer: 96 px a square where the column has room, else 64 (a phone's column
    narrows either); the picture is the same, only its size."""
    drawn = drawn_of(grid)
    root = parsed_svg(drawn)
    width, height = (squares * maps.SQUARE + 2 * maps.MARGIN for squares in (drawn.width, drawn.height))
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert float(root.get("width", 0)) == pytest.approx(width * square_px / maps.SQUARE, abs=1)
    assert float(root.get("height", 0)) == pytest.approx(height * square_px / maps.SQUARE, abs=1)


def crowd_field(sizes: list[str], board: str = "A . .", at: tuple[int, int] = (1, 0)) -> Battlefield:
    """The attacker beside a square (``at``) where small creatures of these sizes stand, the first the
    target (the others of the attacker's side once the lower-case letters run out)."""
    letters = ["D", *string.ascii_lowercase, *string.ascii_uppercase.replace("A", "").replace("D", "")]
    return Battlefield.model_validate({"map": board, "creatures": {
        letter: {"size": size, "at": list(at)} for letter, size in zip(letters, sizes, strict=False)}})


def drawn_boxes(root: ET.Element) -> dict[str, tuple[float, float, float]]:
    """Each small token's centre and radius, by letter (all but the attacker's)."""
    return {c.get("data-letter") or "": (float(c.get("cx") or 0), float(c.get("cy") or 0), float(c.get("r") or 0))
            for c in with_class(root, "circle", "fig") if c.get("data-letter") != "A"}


#: Each small size's side in cells of a square's 1/10 lattice (Tiny 5, Diminutive 2, Fine 1).
CELLS = {size: math.isqrt(int(area * 100)) for size, area in AREA.items()}


@st.composite
def sharing(draw: st.DrawFn) -> list[str]:
    """Small creatures the rules let share a square: a mix of any sizes (three Tiny and six
    Diminutive ones, which no lattice of their own sizes packs), or one size and Fine ones in
    what they leave, up to a hundred creatures."""
    if draw(st.booleans()):
        return draw(crowds())
    big = draw(st.sampled_from(sorted(AREA)))
    count = draw(st.integers(1, int(1 / AREA[big])))
    return [big] * count + ["fine"] * draw(st.integers(0, int((1 - count * AREA[big]) * 100)))


@settings(max_examples=80, deadline=None)
@given(sizes=sharing())
@example(sizes=["tiny"] * 3 + ["diminutive"] * 6)
@example(sizes=["tiny"] * 2 + ["diminutive"] * 12 + ["fine"] * 2)
def test_small_creatures_sharing_a_square_are_drawn_side_by_side_none_over_another(sizes: list[str]) -> None:
    sizes = sizes[:51]  # one letter each beside the attacker's
    result = resolve_positions(PositionsInput(grid=crowd_field(sizes), attack="melee"), ScriptedDice({}))
    assert result.battle_map is not None
    root = parsed_svg(result.battle_map)
    tokens = list(drawn_boxes(root).items())
    assert len(tokens) == len(sizes)
    square = (units(1), units(2))
    for index, (letter, (x, y, r)) in enumerate(tokens):
        assert float(square[0]) <= x - r and x + r <= float(square[1])  # inside the square
        for other, (x2, y2, r2) in tokens[index + 1:]:
            assert (x - x2) ** 2 + (y - y2) ** 2 >= (r + r2) ** 2, (letter, other)
    # drawn at their size, or all alike a little smaller where their own lattice cannot pack them
    size_of = {f.letter: f.size for f in result.battle_map.figures}
    scales = [r / (CELLS[size_of[letter]] / 10 * 17 / 50 * maps.SQUARE) for letter, (_, _, r) in tokens]
    packs = maps.packing(sorted((CELLS[size] for size in sizes), reverse=True), 10) is not None
    assert max(scales) - min(scales) < 0.02, scales  # the SVG's two decimals apart
    assert (min(scales) > 0.98 if packs else max(scales) < 0.98), (scales, packs)


def test_a_crowd_too_small_to_number_is_numbered_in_one_line_of_the_legend() -> None:
    result = resolve_positions(PositionsInput(grid=crowd_field(["diminutive"] * 24 + ["fine"] * 4), attack="melee"),
                               ScriptedDice({}))
    assert result.battle_map is not None
    labels = maps.numbering(result.battle_map)
    # the target and 23 bats, three flies in lower case (others), the fourth fly in capitals (an ally)
    its = {"en": (", drawn without its number (too small)", ", drawn without their numbers (too small)"),
           "fr": (", sans son numéro sur le plan (trop petite)", ", sans leur numéro sur le plan (trop petites)")}
    for language, grouped in (("en", ["3: the attacker's ally, Fine, column 2, row 1" + its["en"][0],
                                      "4 to 26: 23 other creatures (Diminutive), column 2, row 1" + its["en"][1],
                                      "27 to 29: 3 other creatures (Fine), column 2, row 1" + its["en"][1]]),
                              ("fr", ["3 : allié de l'attaquant, Infime, colonne 2, rangée 1" + its["fr"][0],
                                      "4 à 26 : 23 autres créatures (taille Minuscule), colonne 2, rangée 1"
                                      + its["fr"][1],
                                      "27 à 29 : 3 autres créatures (taille Infime), colonne 2, rangée 1"
                                      + its["fr"][1]])):
        lines = maps.creature_words(result.battle_map, labels, {}, language)
        assert lines[2:] == grouped and lines[1].startswith("2")  # the attacker, the target, then the crowd
        desc = parsed_svg(result.battle_map, language).find(SVG + "desc")
        assert desc is not None and all(line in (desc.text or "") for line in grouped)
    # nothing but the attacker carries a number: the target is told by its ring
    assert [t.text for t in with_class(parsed_svg(result.battle_map), "text", "label")] == ["1"]
    assert len(with_class(parsed_svg(result.battle_map), "circle", "ring")) == 1


@pytest.mark.parametrize(("language", "title", "verdict", "role"), [
    ("fr", "Plan de combat : Le gobelin", "abri mou", "cible (Loup)"),
    ("en", "Battle map: The goblin", "soft cover", "target (Wolf)"),
])
def test_the_figure_speaks_the_page_s_language_and_names_creatures_not_letters(
        language: str, title: str, verdict: str, role: str) -> None:
    drawn = drawn_of("A . g . D")
    titled = "Le gobelin" if language == "fr" else "The goblin"
    page = maps.figure_html(drawn, language, "goblin", titled, {"defender": "Wolf" if language == "en" else "Loup"})
    assert f">{title}</title>" in page and verdict in page and role in page
    legend = re.search(r'<ol class="rc-map__legend">(.*?)</ol>', page)
    assert legend and legend.group(1).count("<li>") == 3
    assert not re.search(r"\b[ADg]\b", re.sub(r"<[^>]+>", " ", legend.group(1)))  # no bare map letter


def test_each_map_has_ids_of_its_own_and_a_file_of_its_own_parses_alone() -> None:
    drawn = drawn_of("A . D")
    first, second = maps.svg(drawn, "en", "one", "One"), maps.svg(drawn, "en", "two", "Two")
    ids = set(re.findall(r'id="([^"]+)"', first))
    assert ids and not ids & set(re.findall(r'id="([^"]+)"', second))
    assert maps.element_id("a b/é") == "rcm-a_b__"
    root = ET.fromstring(maps.svg(drawn, "fr", "one", "Un", standalone=True))
    assert root.tag == SVG + "svg"  # a file of its own names its namespace
    style = root.find(SVG + "style")
    assert style is not None and maps.stylesheet() in (style.text or "")  # painted as on the site, alone


def test_flanking_and_reach_and_a_move_are_said_in_words() -> None:
    flank = drawn_of(". B .\n. D .\n. A .", kind="melee")
    said = maps.description(flank, maps.numbering(flank), {}, "en")
    assert "meets the target's top and bottom sides" in said
    assert "The attacker (token 1) threatens 5 squares (reach 1)" in said
    given_ = OpportunityInput.model_validate({"grid": {"map": "o A . ."}, "path": [[2, 0], [3, 0]]})
    moved = resolve_opportunity(given_, ScriptedDice({})).battle_map
    assert moved is not None
    words = maps.description(moved, maps.numbering(moved), {"mover": "Elara", "enemy": "l'orc"}, "fr")
    assert "Elara (jeton 1) se déplace" in words
    assert "attaque d'opportunité par l'orc (jeton 2) (sort de son allonge)" in words
    unnamed = maps.description(moved, maps.numbering(moved), {}, "fr")
    # Unnamed, a creature is its role and its token, never a bare token (« par le jeton 2 » said nothing).
    assert "La créature (jeton 1) se déplace" in unnamed and "attaque d'opportunité par l'ennemi (jeton 2) (" in unnamed
    assert not re.search(r"\ble jeton \d", unnamed), unnamed
    # A name beside a bare number reads as a count (« Orc (2) »): the number is always the token's.
    assert not re.search(r"\w \(\d+\)", words + said), words + said
    assert not re.search(r"\bde [AEIOUÉaeiouéh]", words), "no « de Orc » where French elides"
    shown = html.unescape(maps.caption(moved, maps.numbering(moved), "fr"))
    assert "Attaques d'opportunité de</strong>\u00a0: l'ennemi (jeton 2)" in shown


PAGE = """# Grid

```rulecheck
id: goblin-shot
rule: positions
given:
  attack: ranged
  grid:
    map: |
      A . g . D
expect:
  cover: soft
```
"""


def goblin_example() -> ParsedExample:
    parsed = parse_block(find_blocks(PAGE, "docs/en/grid.md")[0])
    assert isinstance(parsed, ParsedExample)
    return parsed


def test_a_grid_the_rule_did_not_record_is_a_problem_located_at_its_map() -> None:
    parsed = goblin_example()
    problems = maps.map_problems(parsed, SimpleNamespace(battle_map=None))
    assert [(p.path, p.line, p.example_id, p.field) for p in problems] == [
        ("docs/en/grid.md", 9, "goblin-shot", "given.grid.map")]
    assert "cannot be drawn" in problems[0].message


def test_a_picture_that_fails_in_a_language_is_a_problem_too() -> None:
    parsed = goblin_example()
    assert maps.map_problems(parsed, SimpleNamespace(battle_map=drawn_of("A . g . D"))) == []
    flank = drawn_of(". B .\n. D .\n. A .", kind="melee")
    broken = dataclasses.replace(flank, figures=tuple(f for f in flank.figures if f.letter != "B"))
    problems = maps.map_problems(parsed, SimpleNamespace(battle_map=broken))  # the flanking ally is gone
    assert [(p.line, p.field) for p in problems] == [(9, "given.grid.map")]
    assert "(en)" in problems[0].message  # drawn in its page's language, the one its card shows
    alone = parse_block(find_blocks(PAGE, "example.md")[0])
    assert isinstance(alone, ParsedExample)  # a file of its own: drawn in each language
    assert [p.message[:33] for p in maps.map_problems(alone, SimpleNamespace(battle_map=broken))] == [
        "this grid cannot be drawn (fr): K", "this grid cannot be drawn (en): K"]


def test_every_grid_example_of_a_page_gets_its_map_checked() -> None:
    report = check_page("docs/en/grid.md", PAGE, odds=False)
    assert [o.problems for o in report.outcomes] == [[]]
    assert getattr(report.outcomes[0].result, "battle_map", None) is not None


def test_every_crowd_the_rules_let_share_a_square_packs_on_some_lattice_none_over_another() -> None:
    """All of them, by count of each size (Tiny 1/4, Diminutive 1/25, Fine 1/100 of a square): the
    drawing never falls back to tokens over one another."""
    counts = [range(int(1 / AREA[size]) + 1) for size in ("tiny", "diminutive", "fine")]
    unpacked = [(tiny, diminutive, fine)
                for tiny in counts[0] for diminutive in counts[1] for fine in counts[2]
                if tiny * AREA["tiny"] + diminutive * AREA["diminutive"] + fine * AREA["fine"] <= 1
                and not any(maps.packing([CELLS["tiny"]] * tiny + [CELLS["diminutive"]] * diminutive
                                         + [CELLS["fine"]] * fine, cells) is not None
                            for cells in range(10, maps.MAX_LATTICE + 1))]
    assert unpacked == []


@pytest.mark.parametrize("grid", ["A . . D", "D . . A", ". . .\nA . .\n. . D", ". . D\n. . .\nA . ."])
def test_a_map_s_words_name_its_creatures_and_the_corner_as_a_corner_of_the_attacker_s_square(grid: str) -> None:
    """A screen reader heard « 1 threatens 1 squares » and « grid point 0, 0 (lines counted from
    0 at the top left) »: creatures are named where the example names them, counts agree, and
    the chosen corner is a corner of the attacker's own square, which the words must locate."""
    drawn = drawn_of(grid)
    names = {"attacker": "Kael", "defender": "Wolf"}
    english = maps.description(drawn, maps.numbering(drawn), names, "en")
    french = maps.description(drawn, maps.numbering(drawn), {"attacker": "Kael", "defender": "Loup"}, "fr")
    assert "grid point" not in english and "point de grille" not in french
    corner = re.search(r"the (top|bottom)-(left|right) corner of the attacker's square at column (\d+), row (\d+)",
                       english)
    assert corner, english
    attacker = next(f for f in drawn.figures if f.role == "attacker")
    assert drawn.cover is not None and drawn.cover.corner is not None
    x, y = drawn.cover.corner
    column, row = int(corner[3]) - 1, int(corner[4]) - 1
    assert (column, row) == (attacker.space.x, attacker.space.y)
    assert (int(x), int(y)) == (column + (corner[2] == "right"), row + (corner[1] == "bottom"))
    assert "le coin en " in french and "de la case de l'attaquant" in french


def test_a_map_s_words_agree_with_their_counts_and_name_the_creature_that_threatens() -> None:
    names = {"attacker": "Kael", "defender": "le loup"}
    for grid, threatened in (("A D", "menace une case"), ("A D\n. .", "menace 3 cases")):
        melee = drawn_of(grid, kind="melee")
        french = maps.description(melee, maps.numbering(melee), names, "fr")
        assert f"Kael (jeton 1) {threatened} (allonge 1)" in french, french
        assert not re.search(r"(?<!× )\b1 cases\b", french), "a count of one agrees"
    assert maps._called("A", melee, maps.numbering(melee), names, "en") == "Kael (token 1)"
    assert maps._called("D", melee, maps.numbering(melee), names, "fr") == "le loup (jeton 2)"
    assert maps._called("A", melee, maps.numbering(melee), {}, "fr") == "l'attaquant (jeton 1)"
    assert maps._called("D", melee, maps.numbering(melee), {}, "en") == "the target (token 2)"
    flank = drawn_of(". B .\n. D .\n. A .", kind="melee")
    assert maps._called("B", flank, maps.numbering(flank), {}, "en") == "the attacker's ally (token 3)"
    shown = html.unescape(maps.caption(flank, maps.numbering(flank), "en"))
    assert "flanked with the attacker's ally (token 3)" in shown
    assert word("map.inner.one", "fr").startswith(", et ne peut frapper la case")
    said = word("map.threat.one", "en").format(label="Kael (1)", reach=word("map.reach", "en").format(reach=1))
    assert said == "Kael (1) threatens one square (reach 1)"


@pytest.mark.parametrize(("grid", "count", "english", "french"), [
    # A glaive whose every free square is within the ogre's natural reach: none threatened (it said
    # « one square »), the reach weapon's reach told apart from a big creature's natural one.
    ("A A . D\nA A . .", 0, "threatens no square (reach 4 with its reach weapon, natural reach 2)",
     "ne menace aucune case (allonge 4 avec son arme d'allonge, allonge naturelle 2)"),
    ("A A . . . D\nA A . . . .", 4, "threatens 4 squares (reach 4 with its reach weapon, natural reach 2)",
     "menace 4 cases (allonge 4 avec son arme d'allonge, allonge naturelle 2)"),
    ("A . . D", 1, "threatens one square (reach 2 with its reach weapon, natural reach 1)",
     "menace une case (allonge 2 avec son arme d'allonge, allonge naturelle 1)"),
])
def test_a_map_s_words_count_no_square_as_none_and_tell_a_reach_weapon_s_reach(grid: str, count: int, english: str,
                                                                              french: str) -> None:
    size = {"size": "large"} if "A A" in grid else {}
    given = {"attack": "melee", "grid": {"map": grid, "creatures": {"A": {**size, "reach_weapon": True}}}}
    result = resolve_positions(PositionsInput.model_validate(given), ScriptedDice({}))
    drawn = result.battle_map
    assert drawn is not None
    said = {language: maps.description(drawn, maps.numbering(drawn), {}, language) for language in ("en", "fr")}
    assert f"The attacker (token 1) {english}" in said["en"], said["en"]
    assert f"L'attaquant (jeton 1) {french}" in said["fr"], said["fr"]
    assert len(next(threat for threat in drawn.threats if threat.letter == "A").squares) == count


@pytest.mark.parametrize(("grid", "reason", "verdict"), [
    ("A = . . D", "attacker_nearer", "none"),
    ("A . . . . . . . . = . . . . . . D", "far", "none"),
    (". . . . . . . . A . = . D", None, "normal"),
    ("A . . . D\n= . . . .", None, "none"),  # beside the lines: nothing to explain
])
def test_a_low_wall_a_line_crosses_without_giving_cover_says_why(grid: str, reason: str | None, verdict: str) -> None:
    """Seed 004: a low obstacle covers a target within 6 squares of it, and the attacker may ignore
    it when nearer to it than the target; a line drawn clear across one must say which."""
    drawn = drawn_of(grid)
    assert drawn.cover is not None and drawn.cover.verdict == verdict
    assert [why for _, why in drawn.cover.ignored_low] == ([reason] if reason else [])
    for language in ("fr", "en"):
        shown = html.unescape(maps.caption(drawn, maps.numbering(drawn), language))
        said = maps.description(drawn, maps.numbering(drawn), {}, language)
        if reason:
            expected = word(f"map.low_passed.{reason}", language).format(range=LOW_OBSTACLE_RANGE)
            assert expected in shown and expected in said, (language, said)
        else:
            assert "of no effect" not in said and "sans effet" not in said, (language, said)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_in_melee_contact_the_caption_says_why_mist_on_part_of_the_target_does_not_conceal(language: str) -> None:
    """No line is drawn in contact: « no concealment » beside mist on half the ogre says which mist counts."""
    from rulecheck.engine.rules import RULES

    def drawn(rows: str) -> BattleMap:
        given = RULES["positions"].given.model_validate(
            {"attack": "melee", "grid": {"map": rows, "creatures": {"D": {"size": "large", "at": [1, 0]}}}})
        found: BattleMap = RULES["positions"].resolve(given, ScriptedDice({})).battle_map
        return found

    why = word("map.fog_in_contact", language)
    half = drawn("A ~ ~\n. . .\n")
    assert half.concealment is not None and half.concealment.verdict == "none"
    said = maps.caption(half, maps.numbering(half), language)
    assert html.unescape(said).count(why) == 1
    clear = drawn("A . .\n. . .\n")
    assert why not in html.unescape(maps.caption(clear, maps.numbering(clear), language))


@pytest.mark.parametrize("grid", ["A ~ D", "A ~ .\n. . D", "A . .\n~ ~ ~\n. . D", "A . ~ D", "A ~ ~\n~ ~ D"])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_lines_through_mist_are_never_called_blocked(grid: str, language: str) -> None:
    """Mist conceals and blocks nothing: a line through it is counted as such in the caption and
    the description, and the verdict under « Camouflage » is yes, total or none, not the rule's name again."""
    drawn = drawn_of(grid)
    sighting = drawn.concealment
    assert sighting is not None and sighting.lines
    through = sum(1 for line in sighting.lines if line.blocked_by)
    shown = html.unescape(re.sub(r"<[^>]+>", "", maps.caption(drawn, maps.numbering(drawn), language)))
    said = maps.description(drawn, maps.numbering(drawn), {}, language)
    counted = word("map.counts.concealment", language).format(clear=len(sighting.lines) - through, blocked=through)
    assert counted in said
    title = word("map.caption.concealment", language)
    verdict = word(f"map.verdict.{sighting.verdict}", language)
    assert f"{title}\u00a0: {verdict}" in shown if language == "fr" else f"{title}: {verdict}" in shown
    rule = word("map.rule.concealment", language)
    concealment_said = said[said.index(f"{rule}{' :' if language == 'fr' else ':'} "):]
    for part in (shown[shown.index(title):], concealment_said):
        assert "bloquée" not in part and "blocked" not in part, (language, part)


@pytest.mark.parametrize(("grid", "kind"), [
    ("A D", "melee"), ("A .\n. D", "melee"), ("A D\n# .", "melee"), ("A #\n. D", "melee"),
    ("A . # D", "ranged"), ("A . . D", "ranged"), ("A . .\n. # .\n. . D", "ranged"), ("A g . D", "ranged"),
])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_cover_caption_counts_the_lines_that_decide_and_says_which_lines_they_are(
        grid: str, kind: str, language: str) -> None:
    """« lignes libres : 14 » meant nothing to a player reading of 4 corner lines: the caption
    gives the blocked lines out of all those traced, and between which corners they run."""
    drawn = drawn_of(grid, kind)
    sighting = drawn.cover
    assert sighting is not None and sighting.lines
    blocked = sum(1 for line in sighting.lines if line.blocked)
    shown = html.unescape(re.sub(r"<[^>]+>", "", maps.caption(drawn, maps.numbering(drawn), language)))
    # « 3 sur 15 » needs what was counted: the lines from the chosen corner to the target's corners,
    # or from each corner of one square to each of the other (16, less the corners they share)
    where = ("du coin choisi à chaque coin de la cible" if language == "fr"
             else "from the chosen corner to each of the target's corners") if sighting.corner is not None \
        else ("de chaque coin d'une case à chaque coin de l'autre" if language == "fr"
              else "from each corner of one square to each corner of the other")
    counted = (f"lignes bloquées : {blocked} sur {len(sighting.lines)}" if language == "fr"
               else f"{blocked} of {len(sighting.lines)} lines blocked")
    assert f"({where}, {counted}" in shown.replace("\u00a0", " "), shown
    assert (sighting.corner is None) == (kind == "melee" and len(sighting.lines) > 4)
    # « 3 sur 15 » read as too few for cover: where some lines are blocked and some are not, the
    # caption says that one is enough, as the rule decides; never where none or all are
    enough = "une seule suffit" if language == "fr" else "one is enough"
    assert (enough in shown) == (0 < blocked < len(sighting.lines)), shown
    if enough in shown:
        assert sighting.verdict != "none"


@pytest.mark.parametrize(("board", "at"), [("A . .", (1, 0)), (". . .\nA . .\n. . .", (1, 1)), (". .\nA .", (1, 1))])
@pytest.mark.parametrize("crowd", [["diminutive"] * 24 + ["fine"] * 4, ["fine"] * 10, ["diminutive"] * 3, ["tiny"] * 3,
                                   ["fine"] * 99 + ["diminutive"]])
def test_a_target_too_small_for_its_number_is_circled_over_its_crowd(
        crowd: list[str], board: str, at: tuple[int, int]) -> None:
    """A reader lost the target, a ring among 28 bats: an unnumbered target gets a dashed circle,
    drawn over the crowd and keyed in the legend; a numbered one needs none. The circle is centred on
    the target (moved onto the board at its edge, it circled another bat) and stays in the picture."""
    result = resolve_positions(PositionsInput(grid=crowd_field(crowd, board, at), attack="melee"), ScriptedDice({}))
    drawn = result.battle_map
    assert drawn is not None
    target = next(f for f in drawn.figures if f.role == "defender")
    unnumbered = target.letter in maps.unlabelled_figures(drawn)
    root = parsed_svg(drawn)
    callouts = with_class(root, "circle", "callout")
    assert len(callouts) == (1 if unnumbered else 0)
    if callouts:
        marks = list(root.iter())
        tokens = [m for m in marks if "fig" in (m.get("class") or "").split()]
        assert all(marks.index(callouts[0]) > marks.index(token) for token in tokens), "over the crowd"
        cx, cy, r = (float(callouts[0].get(key) or 0) for key in ("cx", "cy", "r"))
        tx, ty, tr = drawn_boxes(root)[target.letter]
        assert (cx, cy) == (tx, ty) and tr < r, "centred on the target, around it (moved, it circled another bat)"
        width, height = (2 * maps.MARGIN + length * maps.SQUARE for length in (drawn.width, drawn.height))
        assert cx - r >= 0 and cx + r <= width and cy - r >= 0 and cy + r <= height, "inside the picture"
    for language in ("fr", "en"):
        figure = html.unescape(maps.figure_html(drawn, language, "ex-1", "Bats"))
        assert (word("map.key.callout", language) in figure) == unnumbered


@pytest.mark.parametrize("grid", ["A . .\n. D .\n. . B", "A D B", "A\nD\nB", ". A .\n. D .\n. B ."])
def test_the_numbers_are_drawn_over_the_flanking_line_that_crosses_them(grid: str) -> None:
    """« 1 », « 2 » and « 3 » read struck through by the dash-dot line: the numbers come after it."""
    drawn = drawn_of(grid, "melee")
    assert drawn.flank is not None or drawn.missed_flank is not None
    marks = list(parsed_svg(drawn).iter())
    lines = [m for m in marks if {"flank", "flank-missed"} & set((m.get("class") or "").split())]
    numbers = [m for m in marks if "label" in (m.get("class") or "").split()]
    assert lines and numbers
    assert max(marks.index(m) for m in lines) < min(marks.index(n) for n in numbers)


def _on_segment(point: Point, start: Point, end: Point) -> bool:
    (px, py), (ax, ay), (bx, by) = point, start, end
    return (bx - ax) * (py - ay) == (by - ay) * (px - ax) and min(ax, bx) <= px <= max(ax, bx) \
        and min(ay, by) <= py <= max(ay, by)


@pytest.mark.parametrize(("grid", "kind"), [
    ("A . . D", "ranged"), ("A . # D", "ranged"), ("A . .\n. . D", "ranged"), ("A . .\n. . .\n. . D", "ranged"),
    ("A D", "melee"), ("A .\n. D", "melee"), ("A . .\n. . .\n. . .\n. . D", "ranged"), ("A . . .\n. . . D", "ranged"),
])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_caption_says_when_a_line_is_drawn_wholly_under_another(grid: str, kind: str, language: str) -> None:
    """Two lines from a corner along a row of squares draw as one: a reader counted 1 where the
    caption said 2. The caption says so exactly when some line lies within another."""
    drawn = drawn_of(grid, kind)
    lines = [line for s in maps.sightings(drawn) for line in s.lines]
    assert len(maps.sightings(drawn)) == 1
    within = [[_on_segment(inner.start, outer.start, outer.end) and _on_segment(inner.end, outer.start, outer.end)
               for outer in lines] for inner in lines]
    hidden = sum(1 for i in range(len(lines))
                 if any(within[i][j] and (j < i or not within[j][i]) for j in range(len(lines)) if j != i))
    shown = html.unescape(re.sub(r"<[^>]+>", "", maps.caption(drawn, maps.numbering(drawn), language)))
    for count in range(1, len(lines) + 1):
        said = word(f"map.caption.overlap.{'one' if count == 1 else 'many'}", language).format(
            count=count, total=len(lines)).strip(" ;")
        assert (said in shown) == (count == hidden), (count, hidden, shown)


@pytest.mark.parametrize("size", ["tiny", "diminutive", "fine", "small", "medium"])
def test_a_target_smaller_than_a_square_is_ringed_around_its_number(size: str) -> None:
    """A Tiny target printed as a red disc, its ring under its number and its outline as thick as a
    Medium token's: in grey it read as a dark token, like the attacker's. Smaller than a square, its
    outline thins with it and its ring goes around it; a whole square's ring stays inside."""
    field = crowd_field([size]) if size in ("tiny", "diminutive", "fine") else Battlefield.model_validate(
        {"map": "A D .", "creatures": {"D": {"size": size}}})
    drawn = resolve_positions(PositionsInput(grid=field, attack="melee"), ScriptedDice({})).battle_map
    assert drawn is not None
    root = parsed_svg(drawn)
    target = next(f for f in drawn.figures if f.role == "defender")
    [token] = [c for c in with_class(root, "circle", "fig") if c.get("data-letter") == target.letter]
    [ring] = with_class(root, "circle", "ring")
    width = float((token.get("style") or f"stroke-width:{maps._stroke_width('.fig.defender')}").split(":")[1])
    if target.side < 1:
        assert float(ring.get("r") or 0) > float(token.get("r") or 0) + width / 2, "around the token"
        assert width < maps._stroke_width(".fig.defender"), "thinner than a whole square's outline"
    else:
        assert float(ring.get("r") or 0) < float(token.get("r") or 0) and width == maps._stroke_width(".fig.defender")


@pytest.mark.parametrize(("grid", "path", "into"), [
    # a pixie into a goblin's square, then diagonally
    ({"map": ". D .", "creatures": {"A": {"size": "tiny", "at": [0, 0]}}}, [[1, 0]], True),
    ({"map": ". . .\n. D .", "creatures": {"A": {"size": "tiny", "at": [0, 0]}}}, [[1, 1]], True),
    ({"map": "A . D"}, [[1, 0]], False),                                                   # into an empty square
])
def test_a_move_into_another_creature_s_square_ends_its_arrow_at_that_token_s_edge(
        grid: dict[str, object], path: list[list[int]], into: bool) -> None:
    """The pixie's arrow ended under the goblin's token: a reader could not see where it went."""
    drawn = resolve_opportunity(OpportunityInput.model_validate({"grid": grid, "path": path}),
                                ScriptedDice({})).battle_map
    assert drawn is not None
    (line,) = with_class(parsed_svg(drawn), "polyline", "path")
    *_, last = [tuple(map(float, point.split(","))) for point in (line.get("points") or "").split()]
    centre = [float(maps.MARGIN + (coordinate + Fraction(1, 2)) * maps.SQUARE) for coordinate in path[-1]]
    away = math.dist(last, centre)
    if into:
        assert away == pytest.approx(0.45 * maps.SQUARE, abs=0.05)
    else:
        assert away == pytest.approx(0, abs=0.01)


@pytest.mark.parametrize(("grid", "kind", "shared"), [
    ("A D", "melee", 2), ("A\nD", "melee", 2), ("A .\n. D", "melee", 1), (". A\nD .", "melee", 1),
    ("A . D", "ranged", 0), ("A . .\n. . D", "ranged", 0), ("D A", "melee", 2),
])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_caption_says_why_fewer_than_sixteen_lines_join_two_squares(
        grid: str, kind: str, shared: int, language: str) -> None:
    """« 0 of 14 lines » beside a figure of two squares: a reader looked for the two missing lines.
    A corner the two squares share joins nothing to itself, and the caption says so."""
    drawn = drawn_of(grid, kind)
    shown = html.unescape(re.sub(r"<[^>]+>", "", maps.caption(drawn, maps.numbering(drawn), language)))
    for corners in (1, 2):
        said = word(f"map.caption.shared.{corners}", language).strip(" ;")
        assert (said in shown) == (corners == shared), shown
    squares = [s for s in maps.sightings(drawn) if s.corner is None]
    assert all(len(s.lines) == 16 - shared for s in squares)


def _walk(*squares: tuple[int, int]) -> list[PathStep]:
    return [PathStep(Space(*a), Space(*b)) for a, b in itertools.pairwise(squares)]


@pytest.mark.parametrize(("squares", "said"), [
    (((0, 0), (1, 0), (2, 0), (3, 0)), {"en": "3 squares right, to column 4, row 1",
                                        "fr": "3 cases vers la droite, jusqu'à la colonne 4, rangée 1"}),
    (((2, 2), (2, 1)), {"en": "one square up, to column 3, row 2",
                        "fr": "une case vers le haut, jusqu'à la colonne 3, rangée 2"}),
    (((0, 0), (1, 1), (2, 2), (2, 3), (2, 4)),
     {"en": "2 squares diagonally down and right, to column 3, row 3; 2 squares down, to column 3, row 5",
      "fr": "2 cases en diagonale vers le bas et la droite, jusqu'à la colonne 3, rangée 3\u00a0; 2 cases vers "
            "le bas, jusqu'à la colonne 3, rangée 5"}),
    # a step of several squares counts them all; one off any straight line says only where it ends
    (((5, 5), (3, 5), (2, 5), (4, 4)), {"en": "3 squares left, to column 3, row 6; to column 5, row 5",
                                        "fr": "3 cases vers la gauche, jusqu'à la colonne 3, rangée 6\u00a0; "
                                              "jusqu'à la colonne 5, rangée 5"}),
    # there and back: two runs, not one of no length
    (((0, 0), (1, 0), (0, 0)), {"en": "one square right, to column 2, row 1; one square left, to column 1, row 1",
                                "fr": "une case vers la droite, jusqu'à la colonne 2, rangée 1\u00a0; une case vers "
                                      "la gauche, jusqu'à la colonne 1, rangée 1"}),
])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_path_is_told_run_by_run_with_its_squares_direction_and_end(
        squares: tuple[tuple[int, int], ...], said: dict[str, str], language: str) -> None:
    assert path_words(_walk(*squares), language) == said[language]


def test_a_big_attacker_s_flanking_line_is_said_to_start_from_the_square_it_starts_from() -> None:
    """« the line between the centres of the ogre and Elara meets left and right »: from the centre of
    the ogre's whole space it meets left and bottom; the engine's line starts from one of its squares."""
    drawn = drawn_of("B D . . .\n. . . A A\n. . . A A", kind="melee")
    assert drawn.flank is not None
    column, row = (int(at) + 1 for at in drawn.flank.start)
    english, french = (maps.description(drawn, maps.numbering(drawn), {}, language) for language in ("en", "fr"))
    assert f"from the centre of one square of the attacker (token 1) (column {column}, row {row}) to the centre" \
        in english, english
    assert f"du centre d'une case de l'attaquant (jeton 1) (colonne {column}, rangée {row}) au centre" in french
    assert (column, row) == (4, 2)
    named = maps.description(drawn, maps.numbering(drawn), {"attacker": "le gobelin", "ally": "Elara"}, "fr")
    assert "d'une case du gobelin (jeton 1) (colonne 4, rangée 2) au centre d'Elara (jeton 3)" in named, named
    small = drawn_of(". B .\n. D .\n. A .", kind="melee")
    assert "the line between the centres of the attacker (token 1)" in maps.description(
        small, maps.numbering(small), {}, "en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_a_map_does_not_show_is_said_not_left_out(language: str) -> None:
    """A seed-only reader could not tell « nothing is provoked » or « no flanking » from « not
    described », nor why a pixie on a map threatens nothing: each is said, when it is so only."""
    given = {"attack": "melee", "grid": {"map": "A D B", "creatures": {"B": {"size": "tiny"}}}}
    pixie = resolve_positions(PositionsInput.model_validate(given), ScriptedDice({})).battle_map
    assert pixie is not None
    said = maps.description(pixie, maps.numbering(pixie), {}, language)
    reach_0 = word("map.reach", language).format(reach=0)
    ally = maps._called("B", pixie, maps.numbering(pixie), {}, language)
    assert maps.capitalized(word("map.threat.none", language).format(label=ally, reach=reach_0)) in said
    assert said.count(reach_0) == 1, "the Medium attacker threatens"
    assert word("map.flank.untried", language) in said
    flanked = drawn_of(". B .\n. D .\n. A .", kind="melee")
    assert word("map.flank.untried", language) not in maps.description(flanked, maps.numbering(flanked), {}, language)
    for path, provoked in (([[2, 0], [3, 0]], True), ([[0, 1]], False)):
        given_ = OpportunityInput.model_validate({"grid": {"map": "o A . .\n. . . ."}, "path": path})
        moved = resolve_opportunity(given_, ScriptedDice({})).battle_map
        assert moved is not None
        words = maps.description(moved, maps.numbering(moved), {}, language)
        assert (word("map.provokes.none", language) in words) is not provoked, words


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_map_of_many_walls_lists_a_few_runs_and_counts_the_rest(language: str) -> None:
    """A hostile 30 × 30 map of alternate walls read out 298 squares one by one (17,000 characters)."""
    rows = ["".join("#" if (x + y) % 2 else "." for x in range(30)) for y in range(30)]
    rows[0], rows[-1] = "A" + rows[0][1:], rows[-1][:-1] + "D"
    drawn = drawn_of("\n".join(" ".join(row) for row in rows))
    said = maps.description(drawn, maps.numbering(drawn), {}, language)
    listed, counted = said_places(said, "walls", language)
    assert len(listed) == maps.PLACES_LISTED and counted == len(drawn.walls) - maps.PLACES_LISTED > 400
    assert len(said) < 2_500, len(said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_square_left_past_the_listed_runs_is_said_in_the_singular(language: str) -> None:
    """« and 1 more squares » / « et 1 autres cases »: thirteen lone walls leave one to count."""
    rows = ["A " + ". " * 25 + "D", " ".join("#" if x % 2 else "." for x in range(27))]
    drawn = drawn_of("\n".join(rows))
    said = maps.description(drawn, maps.numbering(drawn), {}, language)
    assert len(drawn.walls) == maps.PLACES_LISTED + 1
    assert word("map.places.more.one", language) in said, said
    assert said_places(said, "walls", language)[1] == 1


# A 32nd hostile round: a caption of « normal cover » beside a step of +8 (improved, graded by the
# example) read as two verdicts; so did « Concealment: yes » beside a 50 % miss chance. ------------------

_GRADED = [
    # (grid, the situation's grade and concealment, what both the caption and the description say)
    ("A . . = .\n. . # ~ D", {"cover": "improved", "concealment": "total"},
     {"en": ["→ improved cover, as the example grades it", "→ total, as the example gives it"],
      "fr": ["→ abri amélioré, au degré que fixe l'exemple", "→ total, que donne l'exemple"]}),
    ("A . # . D", {"cover": "partial"},
     {"en": ["→ partial cover, as the example grades it"],
      "fr": ["→ abri partiel, au degré que fixe l'exemple"]}),
    ("A . . . D", {"concealment": "concealment"},
     {"en": ["yes, as the example gives it (not the map)"], "fr": ["oui, que donne l'exemple (non la carte)"]}),
    ("A . . ~ D", {"defender": ["invisible"]},
     {"en": ["→ total, as the example gives it"], "fr": ["→ total, que donne l'exemple"]}),
]


@pytest.mark.parametrize(("grid", "situation", "said"), _GRADED)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_map_says_the_cover_and_concealment_the_attack_applied_where_the_example_changed_the_grid_s(
        grid: str, situation: dict[str, object], said: dict[str, list[str]], language: str) -> None:
    from tests.conftest import attack

    given_ = {"attack": {"kind": "ranged", "total": 40}, "defender": {"def_phy": 10},
              "situation": {**situation, "grid": {"map": grid}}}
    fog = {"miss_chance": [99]} if "~" in grid else {}
    result = attack(given_, **({"miss_chance": [99]} if "concealment" in situation or "defender" in situation else fog))
    drawn = result.battle_map
    assert drawn is not None
    caption = html.unescape(maps.caption(drawn, maps.numbering(drawn), language))
    description = maps.description(drawn, maps.numbering(drawn), {}, language)
    for words in said[language]:
        assert words in caption and words in description, (words, caption, description)
    plain = attack({**given_, "situation": {"grid": {"map": grid}}}, **fog)
    assert plain.battle_map is not None
    assert (plain.battle_map.graded_cover, plain.battle_map.applied_concealment) == (None, None)
    assert "→" not in maps.caption(plain.battle_map, maps.numbering(plain.battle_map), language)


@pytest.mark.parametrize("grade", ["partial", "improved"])
@pytest.mark.parametrize(("grid", "found"), [("A . . . D", "no cover"), ("A . g . D", "soft cover")])
def test_a_grade_of_cover_the_grid_does_not_find_is_refused_where_it_is_written(grade: str, grid: str,
                                                                                 found: str) -> None:
    from rulecheck.engine import AttackInput, resolve_attack
    from rulecheck.errors import RuleError

    given_ = AttackInput.model_validate({"attack": {"kind": "ranged", "total": 12}, "defender": {"def_phy": 10},
                                         "situation": {"cover": grade, "grid": {"map": grid}}})
    with pytest.raises(RuleError) as raised:
        resolve_attack(given_, ScriptedDice({}))
    assert raised.value.field == ("given", "situation", "cover")
    assert f"`{grade}` grades the normal cover a grid finds, and this grid finds {found}" in str(raised.value)


def _ringed_move(rounds: int) -> BattleMap:
    """A mover ringed by allies, back and forth by five Large enemies whose reach it never leaves
    uncovered: every step meets three of them, and none is provoked (a 32nd hostile round)."""
    rows = [["."] * 10 for _ in range(10)]
    for letter, x, y, side in [("A", 5, 5, 1), *[(c, x, y, 1) for c, (x, y) in zip("BCEFGHIJ", [
            (4, 4), (5, 4), (6, 4), (4, 6), (5, 6), (6, 6), (4, 5), (7, 5)], strict=True)],
            *[(c, x, y, 2) for c, x, y in [("b", 4, 1), ("c", 7, 2), ("d", 1, 4), ("e", 8, 4), ("f", 3, 8)]]]:
        for dy in range(side):
            for dx in range(side):
                rows[y + dy][x + dx] = letter
    given_ = OpportunityInput.model_validate({
        "grid": {"map": "\n".join(" ".join(row) for row in rows), "creatures": {c: {"size": "large"} for c in "bcdef"}},
        "path": [[6, 5], [5, 5]] * rounds})
    drawn = resolve_opportunity(given_, ScriptedDice({})).battle_map
    assert drawn is not None
    return drawn


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_path_s_meetings_are_told_up_to_a_bound_and_the_rest_counted(language: str) -> None:
    short, long = _ringed_move(2), _ringed_move(10)
    meetings = sum(len(step.provocations) for step in long.path)
    assert meetings > maps.MEETINGS_LISTED and not any(m.provokes for s in long.path for m in s.provocations)
    said = maps.description(long, maps.numbering(long), {}, language)
    spared = word("map.spared", language).split("{")[0]
    assert said.count(spared) == maps.MEETINGS_LISTED
    assert word("map.meetings.more", language).format(count=meetings - maps.MEETINGS_LISTED) in said
    # two rounds meet six: each told, nothing counted
    few = maps.description(short, maps.numbering(short), {}, language)
    assert few.count(spared) == 6 and word("map.meetings.more", language).split("{")[0] not in few
    shown = maps.caption(long, maps.numbering(long), language)
    assert_meetings_told(shown, sum(1 for s in long.path for m in s.provocations if m.cover), language)
