"""Battle maps: an example's grid drawn as inline SVG, from what the engine decided on it.

The picture is drawn from a :class:`~rulecheck.engine.sightlines.BattleMap` only: the squares and
terrain, each creature's space at its size, and what the rule looked at (the corner it chose and
the lines it traced, blocked or clear; the flanking line; the threatened squares; the path and
its opportunity attacks). It never reads the map's letters. Every cue has a shape or a line style
besides its colour, so the picture survives black and white print. Each mark is styled by its
class alone, from one table (:data:`PAPER`, the light theme's and paper's colours): the site
serves it in its stylesheet, which repaints the marks for the dark theme, and a map written to a
file on its own embeds it; a map on a page carries its geometry and words only. The words
(title, description, legend) are in the page's language; creatures are numbered and named in the
legend, never shown by letter.
``names`` gives the display names the example writes: by role (``attacker``, ``defender``) and,
for the creatures of its grid, by letter (``letter:o``).
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rulecheck.engine.battlefield import LOW_OBSTACLE_RANGE
from rulecheck.engine.grid import Point, Space, Square
from rulecheck.engine.sightlines import BattleMap, Figure, Flank, MissedFlank, PathStep, Sighting, Sightline
from rulecheck.engine.sizes import SIZE_BY_KEY
from rulecheck.errors import Problem
from rulecheck.examples.anchors import MAP_PREFIX
from rulecheck.examples.as_text import html_text
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.map_names import name_problems
from rulecheck.examples.render import capitalized, word
from rulecheck.examples.render import colon as render_colon
from rulecheck.examples.render import label as size_label
from rulecheck.examples.render import number as render_number
from rulecheck.examples.render import of as render_of
from rulecheck.examples.schema import ParsedExample
from rulecheck.examples.twins import language_of

#: One square, in SVG user units, and the margin around the board: wide enough for the marks drawn
#: about a point of its edge (the chosen corner's diamond reaches 6 units and its outline past it).
SQUARE = 32
MARGIN = 8
#: The smallest a square is shown on screen, in CSS pixels: its label stays legible on a phone,
#: where a wide map scrolls sideways in its frame instead of shrinking below it.
LEAST_SQUARE_PX = 28
#: The width of a card's text on a 375 px phone, in CSS pixels (less the page's and card's margins).
PHONE_COLUMN_PX = 320
#: The page's and card's margins around a card's text on a narrow screen, in CSS pixels.
SCREEN_MARGIN_PX = 375 - PHONE_COLUMN_PX
#: A wide map's "scroll sideways" line shows on screens narrower than a multiple of this, in CSS
#: pixels (the stylesheet has a rule for each: rulecheck.css, "rc-map__swipe--below-").
SWIPE_STEP_PX = 50
#: Roles in the order their creatures are numbered.
ORDER = ("attacker", "mover", "defender", "ally", "enemy", "other")
#: Who strikes is drawn filled, who may be struck as a ringed target: on a movement, the enemies
#: make the opportunity attacks and the creature moving is the one they strike.
STRIKES, STRUCK = ("attacker", "enemy"), ("defender", "mover")
#: Each mark's style by its classes, in the light theme (which paper prints whatever the screen's):
#: fill, stroke and dashes. The dashes tell apart in grey what the colours tell apart on screen.
#: A creature's token is styled by its role (``.fig.attacker``), its number likewise.
PAPER: dict[str, str] = {
    ".board": "fill:#fff;stroke:#595959",
    ".gridline": "stroke:#767676;stroke-width:.75",
    # a wall is laid in bricks, its colour in the pattern (a fill on the square would hide it): in
    # the dark theme a pale solid square read as lit, empty floor
    ".wall-stone": "fill:#333",
    ".wall-joint": "fill:none;stroke:#9e9e9e;stroke-width:1.5",
    ".low": "fill:#e0e0e0",
    ".low-bar": "stroke:#333;stroke-width:7",
    ".fog": "fill:#e3ecf0",
    ".fog-wave": "fill:none;stroke:#4a636e;stroke-width:2",
    # the mist's tint around each wave, over a reach weapon's cross-hatching
    ".fog-halo": "fill:none;stroke:#e3ecf0;stroke-width:6;stroke-linecap:round",
    # on the side between two squares: a thick straight bar, a thick wavy line
    ".wall-side": "stroke:#333;stroke-width:7",
    ".fog-side": "fill:none;stroke:#4a636e;stroke-width:3.5",
    ".threat-hatch": "stroke:#1f4e99;stroke-width:1",
    ".inner-hatch": "stroke:#7a4f00;stroke-width:1",
    ".arrow": "fill:#000",
    **dict.fromkeys((f".fig.{role}" for role in STRIKES), "fill:#1f4e99;stroke:#0d2a57;stroke-width:2"),
    **dict.fromkeys((f".fig.{role}" for role in STRUCK), "fill:#fff;stroke:#b3261e;stroke-width:3"),
    ".fig.ally": "fill:#dbe7f7;stroke:#1f4e99;stroke-width:2;stroke-dasharray:4 2",
    ".fig.other": "fill:#fff;stroke:#444;stroke-width:2;stroke-dasharray:1.5 2.5",
    # a token smaller than a Tiny one: too short an outline to show dashes (its width is its own)
    ".fig.small": "stroke-dasharray:none",
    ".ring": "fill:none;stroke:#b3261e;stroke-width:1.5",
    ".callout": "fill:none;stroke:#b3261e;stroke-width:2.5;stroke-dasharray:4 2",
    # A number keeps a halo of its token's fill: legible where it crosses the target's ring, or on
    # a Tiny creature's token, smaller than the number.
    ".label": "font-weight:700;text-anchor:middle;dominant-baseline:central;fill:#1a1a1a;"
              "paint-order:stroke;stroke:#fff;stroke-width:2.5;stroke-linejoin:round",
    **dict.fromkeys((f".label.{role}" for role in STRIKES), "fill:#fff;stroke:#1f4e99"),
    ".sight.clear": "stroke:#1b6e20;stroke-width:1.5",
    ".sight.blocked": "stroke:#b3261e;stroke-width:1.5;stroke-dasharray:5 3",
    # beads beside the cover line they follow, smaller than a token's outline is thick (at 6 they hid tokens)
    ".sight.fog": "stroke:#4a636e;stroke-width:4;stroke-dasharray:0.5 6;stroke-linecap:round",
    ".corner": "fill:#000;stroke:#fff;stroke-width:1.5",
    ".target-square": "fill:none;stroke:#000;stroke-width:2;stroke-dasharray:5 3",
    ".origin-square": "fill:none;stroke:#000;stroke-width:2;stroke-dasharray:1.5 2.5",
    ".flank-sides": "stroke:#6a1b9a;stroke-width:5",
    ".flank": "stroke:#6a1b9a;stroke-width:3;stroke-dasharray:10 4 2 4",
    ".flank-missed": "stroke:#6a1b9a;stroke-width:1.5;stroke-dasharray:6 3 1 3",
    ".path": "fill:none;stroke:#000;stroke-width:2.5",
    ".path.disengaged": "stroke-dasharray:2 3",
    ".step": "fill:#000",
    ".provoke-line": "stroke:#b3261e;stroke-width:2.5;stroke-dasharray:0.1 4;stroke-linecap:round",
    ".provoke": "fill:#b3261e;stroke:#fff",
    ".provoke-mark": "font-weight:700;text-anchor:middle;fill:#fff",
    ".spared": "fill:#fff;stroke:#1b6e20;stroke-width:2",
}


def _stroke_width(selector: str) -> float:
    """The outline width :data:`PAPER` gives ``selector``, which a small token's own style thins."""
    declared = dict(part.split(":", 1) for part in PAPER[selector].split(";"))
    return float(declared["stroke-width"])


def stylesheet(scope: str = ".rc-map__svg") -> str:
    """:data:`PAPER` as CSS, each selector within ``scope`` (the class of every map's ``<svg>``)."""
    return "".join(f"{scope} {selector}{{{style}}}\n" for selector, style in PAPER.items())


@functools.lru_cache(maxsize=4096)
def _u(value: Fraction | int) -> str:
    """A grid coordinate (in squares) as SVG user units, shortest form (maps repeat the same few)."""
    return f"{round(MARGIN + float(value) * SQUARE, 2):g}"


def _s(value: Fraction | int) -> str:
    """A length in squares as SVG user units."""
    return f"{round(float(value * SQUARE), 2):g}"


def element_id(key: str) -> str:
    """An id prefix for one map's elements, unique on its page as the example id is."""
    return MAP_PREFIX + re.sub(r"[^A-Za-z0-9_-]", "_", key)


def numbering(drawn: BattleMap) -> dict[str, int]:
    """Each creature's number on the picture: the attacker (or mover) first, then by role and letter."""
    ordered = sorted(drawn.figures, key=lambda f: (ORDER.index(f.role), f.letter))
    return {f.letter: n for n, f in enumerate(ordered, start=1)}


def figure_html(drawn: BattleMap, language: str, key: str, title: str, names: Mapping[str, str] | None = None,
                sizes: str | None = None) -> str:
    """The map as a ``<figure>``: the SVG, then a caption with the result and the legend;
    ``sizes``: the address of the table of sizes, which the key points to where a creature of
    another size than Small or Medium stands (« Grand (haut) » meant nothing to a new reader).

    Drawn once for the check (:func:`map_problems`) and once more for the card: the second time
    is the first one's, kept.
    """
    return _figure(drawn, language, key, title, tuple(sorted((names or {}).items())), sizes)


#: The sizes a reader needs no table for.
PLAIN_SIZES = frozenset({"small", "medium"})


@functools.lru_cache(maxsize=256)
def _figure(drawn: BattleMap, language: str, key: str, title: str, named: tuple[tuple[str, str], ...],
            sizes: str | None = None) -> str:
    names = dict(named)
    labels = numbering(drawn)
    legend = "".join(f"<li>{html_text(words)}</li>" for words in creature_words(drawn, labels, names, language))
    keys = ("\u00a0; " if language == "fr" else "; ").join(key_words(drawn, k, language) for k in _keys(drawn))
    least = least_width(drawn)
    # A map that may scroll on a phone is a frame a keyboard can reach and scroll too, and says so
    # on the screens too narrow for it (a phone shows no scroll bar until touched).
    frame, swipe = "", ""
    if least > PHONE_COLUMN_PX:
        frame = ' tabindex="0"'
        below = (least + SCREEN_MARGIN_PX) // SWIPE_STEP_PX * SWIPE_STEP_PX
        swipe = (f'<p class="rc-map__swipe rc-map__swipe--below-{below}">'
                 f'{html_text(word("map.swipe", language))}</p>')
    return (
        f'<figure class="rc-map" data-search-exclude><div class="rc-map__frame" style="--least:{least}px"{frame}>'
        f'{svg(drawn, language, key, title, names)}</div>'
        f'<figcaption>{swipe}<p class="rc-map__result">{caption(drawn, labels, language, names)}</p>'
        f'<ol class="rc-map__legend">{legend}</ol>'
        f'<p class="rc-map__key">{html_text(keys)}{_sizes_pointer(drawn, sizes, language)}</p>'
        '</figcaption></figure>\n'
    )


def _sizes_pointer(drawn: BattleMap, sizes: str | None, language: str) -> str:
    if sizes is None or all(figure.size in PLAIN_SIZES for figure in drawn.figures):
        return ""
    separator = "\u00a0; " if language == "fr" else "; "
    return f'{separator}<a href="{html_text(sizes)}">{html_text(word("map.key.sizes", language))}</a>'



def least_width(drawn: BattleMap) -> int:
    """The narrowest a map is shown on screen, in CSS pixels, so that no square is smaller than
    :data:`LEAST_SQUARE_PX`."""
    return int((drawn.width * SQUARE + 2 * MARGIN) * LEAST_SQUARE_PX / SQUARE)


def svg(drawn: BattleMap, language: str, key: str, title: str, names: Mapping[str, str] | None = None,
        standalone: bool = False) -> str:
    """The map as one ``<svg role="img">`` with its ``<title>`` and description in ``language``."""
    names = names or {}
    prefix = element_id(key)
    labels = numbering(drawn)
    width, height = drawn.width * SQUARE + 2 * MARGIN, drawn.height * SQUARE + 2 * MARGIN
    # Drawn at twice its units (64 px a square where the column has room: at one and a half, a
    # desktop reader found a corner's dozen lines too close together); one and a half times that
    # where creatures smaller than a Tiny one are drawn, so that each of them, and the target's
    # ring among them, can be seen; and a board of a few squares, a strip of three say, at that
    # size too (a reader found its hatchings, waves and dotted band crowded at 64 px). The
    # column's width, a phone's or paper's, narrows it.
    small = drawn.width * drawn.height <= SMALL_BOARD_SQUARES
    scale = 3 if small or any(f.side < LABELLED_SIDE for f in drawn.figures) else 2
    tokens, numbers = _figures(drawn, labels)
    lang = f' xml:lang="{language}"' if standalone else ""
    parts = [
        # a file of its own says its language, which a page gives the maps it holds (a 32nd hostile
        # round), after its class: `run --map` knows the maps it wrote by what comes before
        f'<svg{XMLNS if standalone else ""} class="rc-map__svg"{lang} role="img" viewBox="0 0 {width} {height}" '
        f'width="{int(width * scale)}" height="{int(height * scale)}" aria-labelledby="{prefix}-t {prefix}-d">',
        f'<title id="{prefix}-t">{html_text(word("map.title", language).format(title=title))}</title>',
        f'<desc id="{prefix}-d">{html_text(description(drawn, labels, names, language))}</desc>',
        _defs(drawn, prefix),
        f'<rect class="board" x="{MARGIN}" y="{MARGIN}" width="{_s(drawn.width)}" height="{_s(drawn.height)}"/>',
        _grid_lines(drawn),
        *_terrain(drawn, prefix),
        *_threats(drawn, prefix),
        _mist_waves(drawn.fog, halo=True),
        _path_line(drawn, prefix),
        *tokens,
        _mist_waves(_under_tokens(drawn), halo=False),
        # The lines over the tokens, under the numbers: drawn under them, the lines from a corner
        # the attacker's token covers could not be counted (a player found 3 of 15 hidden).
        # The mist's lines first, as a band of beads under the cover's lines they follow: a line
        # both sightings trace reads in grey as clear or blocked for cover, beaded where mist conceals
        *_sighting(drawn.concealment),
        *(line for sighting in sightings(drawn) if sighting.rule == "cover" for line in _sighting(sighting)),
        # a thin wall over the lines it stops, as a wall square is under them: the thick line must show
        *_sides(drawn),
        *(corner for sighting in sightings(drawn) for corner in _corner(sighting)),
        *_marked_squares(_target_squares(drawn), "target-square"),
        *_marked_squares(origin_squares(drawn), "origin-square"),
        *_provocations(drawn),
        # over the tokens: the line the rule decides on joins the allies' centres through the target
        *_flank(drawn),
        # and the numbers over it, in their halo: a reader found « 1 », « 2 » and « 3 » struck through
        *numbers,
        "</svg>",
    ]
    if standalone:
        parts.insert(1, f"<style>text{{font-family:sans-serif}}\n{stylesheet()}</style>")
    # Every element closed by an end tag, never ``/>``: the card's search and print views take out
    # only plain balanced markup (rulecheck.hosts.card_views), and HTML reads both alike in SVG.
    return _SELF_CLOSING.sub(r"<\1\2></\1>", "".join(part for part in parts if part))


#: SVG's namespace, which a map written to a file of its own names (HTML gives an inline map it).
XMLNS = ' xmlns="http://www.w3.org/2000/svg"'
#: An empty element written ``<name …/>``: attribute values here never hold ``<`` or ``>`` (escaped).
_SELF_CLOSING = re.compile(r"<([a-z]+)([^<>]*)/>")


def _defs(drawn: BattleMap, prefix: str) -> str:
    """The bricks, the hatchings and the arrowhead, those of them this picture uses."""
    defs = []
    if drawn.walls:
        defs.append(f'<pattern id="{prefix}-w" patternUnits="userSpaceOnUse" width="16" height="16">'
                    '<rect class="wall-stone" width="16" height="16"/>'
                    '<path class="wall-joint" d="M0 0H16M0 8H16M4 0V8M12 8V16"/></pattern>')
    if any(t.squares for t in drawn.threats):
        defs.append(f'<pattern id="{prefix}-h" patternUnits="userSpaceOnUse" width="8" height="8">'
                    '<path class="threat-hatch" d="M0 8L8 0M-2 2L2-2M6 10L10 6"/></pattern>')
    if any(t.inner for t in drawn.threats):
        defs.append(f'<pattern id="{prefix}-x" patternUnits="userSpaceOnUse" width="8" height="8">'
                    '<path class="inner-hatch" d="M0 0L8 8M0 8L8 0"/></pattern>')
    if drawn.path:
        defs.append(f'<marker id="{prefix}-a" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" '
                    'markerHeight="4" orient="auto"><path class="arrow" d="M0 0L10 5L0 10z"/></marker>')
    return f"<defs>{''.join(defs)}</defs>" if defs else ""


def _grid_lines(drawn: BattleMap) -> str:
    d = "".join(f"M{_u(x)} {_u(0)}V{_u(drawn.height)}" for x in range(1, drawn.width))
    d += "".join(f"M{_u(0)} {_u(y)}H{_u(drawn.width)}" for y in range(1, drawn.height))
    return f'<path class="gridline" d="{d}"/>' if d else ""


def _square_path(squares: Iterable[Square]) -> str:
    return "".join(f"M{_u(s.x)} {_u(s.y)}h{SQUARE}v{SQUARE}h-{SQUARE}z" for s in sorted(squares))


def _terrain(drawn: BattleMap, prefix: str) -> list[str]:
    parts = []
    if drawn.walls:
        parts.append(f'<path class="wall" d="{_square_path(drawn.walls)}" fill="url(#{prefix}-w)"/>')
    if drawn.low:
        bars = "".join(f"M{_u(s.x)} {_u(s.y + Fraction(1, 2))}h{SQUARE}" for s in sorted(drawn.low))
        parts.append(f'<path class="low" d="{_square_path(drawn.low)}"/><path class="low-bar" d="{bars}"/>')
    if drawn.fog:
        parts.append(f'<path class="fog" d="{_square_path(drawn.fog)}"/>')
    return parts


def _sides(drawn: BattleMap) -> list[str]:
    """Thin walls and curtains on the sides between squares."""
    parts = []
    if drawn.wall_sides:
        bars = "".join(f"M{_u(s.x)} {_u(s.y)}{'v' if s.vertical else 'h'}{SQUARE}" for s in sorted(drawn.wall_sides))
        parts.append(f'<path class="wall-side" d="{bars}"/>')
    if drawn.fog_sides:
        half = SQUARE // 2
        waves = "".join(f"M{_u(s.x)} {_u(s.y)}" + (f"q-6 {half // 2} 0 {half}t0 {half}" if s.vertical
                                                   else f"q{half // 2}-6 {half} 0t{half} 0")
                        for s in sorted(drawn.fog_sides))
        parts.append(f'<path class="fog-side" d="{waves}"/>')
    return parts


def _mist_waves(squares: Iterable[Square], *, halo: bool) -> str:
    """The mist's waves on ``squares``: on every misty square, over the hatching with a halo of
    the mist's tint (a reach weapon's cross-hatching hid thin waves); then, thin and without a
    halo, again over the tokens on the misty squares a creature covers (an ogre with one foot in
    the mist shows it, where its token hides the tint; a halo there cut through the token)."""
    waves = "".join(f"M{_u(s.x)} {_u(s.y + Fraction(k, 3))}q8-6 16 0t16 0" for s in sorted(squares) for k in (1, 2))
    if not waves:
        return ""
    return (f'<path class="fog-halo" d="{waves}"/>' if halo else "") + f'<path class="fog-wave" d="{waves}"/>'


def _under_tokens(drawn: BattleMap) -> set[Square]:
    """The misty squares a creature's token covers."""
    return {square for figure in drawn.figures for square in figure.space.squares if square in drawn.fog}


def _threats(drawn: BattleMap, prefix: str) -> list[str]:
    parts = []
    for threat in drawn.threats:
        if threat.squares:
            parts.append(f'<path class="threat" data-of="{html_text(threat.letter)}" '
                         f'd="{_square_path(threat.squares)}" fill="url(#{prefix}-h)"/>')
        if threat.inner:
            parts.append(f'<path class="inner" data-of="{html_text(threat.letter)}" '
                         f'd="{_square_path(threat.inner)}" fill="url(#{prefix}-x)"/>')
    return parts


#: The finest side of a creature smaller than a square (Fine, 1/10): every smaller side is a whole
#: number of it (Tiny 5, Diminutive 2), so the creatures of one square are packed on its lattice.
LATTICE = Fraction(1, 10)
#: The roles several creatures may share, whose crowds the legend counts in one line.
GROUPED = ("ally", "enemy", "other")
#: A board of at most this many squares is drawn larger (96 px a square where the column has room).
SMALL_BOARD_SQUARES = 4
#: The smallest token whose number is written on it; smaller ones are numbered in the legend only.
LABELLED_SIDE = Fraction(1, 2)
#: The circle around a target too small for its number (in squares): wider than a Diminutive token.
CALLOUT_RADIUS = Fraction(3, 10)


def small_places(drawn: BattleMap) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    """Where each creature smaller than a square is drawn in its square (its top left corner, in
    squares) and how big (its side, in squares): the biggest first, each in the first free place
    of its own size, row by row, so that a square the rules let them fill is drawn filled, none
    over another. A mix the square's lattice cannot pack although the rules let it share the
    square (three Tiny and six Diminutive ones) is packed on a finer one, each token a little
    smaller than its size, the same for all of that square."""
    places: dict[str, tuple[Fraction, Fraction, Fraction]] = {}
    crowds: dict[tuple[int, int], list[Figure]] = {}
    for figure in sorted((f for f in drawn.figures if f.side < 1), key=lambda f: (-f.side, f.letter)):
        crowds.setdefault((figure.space.x, figure.space.y), []).append(figure)
    for (x, y), crowd in crowds.items():
        sides = [int(figure.side / LATTICE) for figure in crowd]
        lattice, spots = next(((cells, found) for cells in range(int(1 / LATTICE), MAX_LATTICE + 1)
                               if (found := packing(sides, cells)) is not None),
                              (MAX_LATTICE, [(0, 0)] * len(crowd)))  # never: see MAX_LATTICE
        cell = Fraction(1, lattice)
        for figure, side, (col, row) in zip(crowd, sides, spots, strict=True):
            places[figure.letter] = (x + col * cell, y + row * cell, side * cell)
    return places


#: The finest lattice a square's crowd is packed on, its tokens then half their size: there every
#: crowd the rules allow packs (its tokens fill at most a quarter of the square, each on a grid of
#: its own side, the biggest first), and the property tests draw them all.
MAX_LATTICE = 20


def packing(sides: list[int], cells: int) -> list[tuple[int, int]] | None:
    """The top left cell of each token of side ``sides[i]`` cells (biggest first) in a square of
    ``cells`` by ``cells``, each in the first free place on a grid of its own side, row by row;
    ``None`` when one does not fit."""
    free = [bytearray(b"\x01" * cells) for _ in range(cells)]
    resume: dict[int, int] = {}  # a side's places before this one are taken: its tokens come in a run
    found = []
    for k in sides:
        places = [(col, row) for row in range(0, cells - k + 1, k) for col in range(0, cells - k + 1, k)]
        start = resume.get(k, 0)
        spot = next((n for n in range(start, len(places))
                     if all(free[places[n][1] + j][places[n][0]:places[n][0] + k] == b"\x01" * k for j in range(k))),
                    None)
        if spot is None:
            return None
        resume[k] = spot + 1
        col, row = places[spot]
        for j in range(k):
            free[row + j][col:col + k] = bytes(k)
        found.append((col, row))
    return found


def unlabelled_figures(drawn: BattleMap) -> set[str]:
    """The creatures drawn without their number: smaller than a Tiny one and sharing their square."""
    count = Counter((f.space.x, f.space.y) for f in drawn.figures)
    return {f.letter for f in drawn.figures if f.side < LABELLED_SIDE and count[(f.space.x, f.space.y)] > 1}


def _thin(width: float, side: Fraction) -> str:
    """The outline of a creature smaller than a square, as thin as its token is small: a Medium
    one's stroke filled a Tiny target's disc, which printed in grey as a dark token like the
    attacker's, and would hide a Fine one. An inline style, which outweighs :data:`PAPER`'s."""
    factor = side if side >= LABELLED_SIDE else side / LABELLED_SIDE
    return f' style="stroke-width:{width * float(factor):g}"'


def _figures(drawn: BattleMap, labels: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """Each creature's token, and apart from them its number: the numbers are drawn last, over
    the marks a rule adds on a token (the chosen square, an opportunity attack's triangle)."""
    parts, numbers = [], []
    small = small_places(drawn)
    unlabelled = unlabelled_figures(drawn)
    # the biggest first: a Tiny creature in a Medium one's square stays on top of it, visible
    for figure in sorted(drawn.figures, key=lambda f: (-f.side, f.letter)):
        space = figure.space
        x, y, side = small.get(figure.letter, (Fraction(space.x), Fraction(space.y), figure.side))
        small_token = side < LABELLED_SIDE
        style = _thin(_stroke_width(f".fig.{figure.role}"), side) if side < 1 else ""
        cx, cy = _u(x + side / 2), _u(y + side / 2)
        number = labels[figure.letter]
        role = (f'class="fig {figure.role}{" small" if small_token else ""}" '
                f'data-letter="{html_text(figure.letter)}"')
        if side > 1:
            inset = Fraction(1, 8)
            shape = (f'<rect {role} x="{_u(x + inset)}" y="{_u(y + inset)}" width="{_s(side - 2 * inset)}" '
                     f'height="{_s(side - 2 * inset)}" rx="8"/>')
            if figure.role in STRUCK:
                shape += (f'<rect class="ring" x="{_u(x + 3 * inset)}" y="{_u(y + 3 * inset)}" '
                          f'width="{_s(side - 6 * inset)}" height="{_s(side - 6 * inset)}" rx="6"/>')
        else:
            radius = side * Fraction(17, 50)
            shape = f'<circle {role} cx="{cx}" cy="{cy}" r="{_s(radius)}"{style}/>'
            if figure.role in STRUCK:
                # Smaller than a square, its number covers its middle: the ring goes around it.
                ring = _thin(_stroke_width(".ring"), side) if side < 1 else ""
                around = radius * (Fraction(3, 5) if side >= 1 else Fraction(7, 5))
                shape += f'<circle class="ring" cx="{cx}" cy="{cy}" r="{_s(around)}"{ring}/>'
        parts.append(shape)
        if figure.letter in unlabelled:  # too small for its number to be read: the legend places it
            if figure.role == "defender":  # and a target lost among two dozen bats is circled, over them
                numbers.append(_callout(x + side / 2, y + side / 2))
            continue
        size = max(7, round(float(side if side < 1 else 1) * 14))
        # A creature of several squares that strikes has its number in its first square: at its
        # centre, a grid point, the number hid the corner its lines start from (a player could not
        # see it). One that may be struck keeps it in its ring, at its centre.
        first_square = side > 1 and figure.role not in STRUCK
        nx, ny = (_u(x + Fraction(1, 2)), _u(y + Fraction(1, 2))) if first_square else (cx, cy)
        numbers.append(f'<text class="label {figure.role}" x="{nx}" y="{ny}" font-size="{size}">{number}</text>')
    return parts, numbers


def _callout(x: Fraction, y: Fraction) -> str:
    """The dashed circle around a target too small for its number, centred on it. At the board's
    edge it reaches past the board, inside the picture's margin: moved onto the board, it was
    centred on another bat, which a reader took for the target."""
    return f'<circle class="callout" cx="{_u(x)}" cy="{_u(y)}" r="{_s(CALLOUT_RADIUS)}"/>'


def _flank(drawn: BattleMap) -> list[str]:
    """The flanking line and the opposite sides it meets; or, with no flanking, the line the rule
    tried and the sides it met, thinner."""
    flank, missed = drawn.flank, drawn.missed_flank
    if flank is None and missed is None:
        return []
    target = next(f.space for f in drawn.figures if f.role == "defender")
    x0, y0, x1, y1 = target.x, target.y, target.x + target.side, target.y + target.side
    ends = {"left": f"M{_u(x0)} {_u(y0)}V{_u(y1)}", "right": f"M{_u(x1)} {_u(y0)}V{_u(y1)}",
            "top": f"M{_u(x0)} {_u(y0)}H{_u(x1)}", "bottom": f"M{_u(x0)} {_u(y1)}H{_u(x1)}"}
    line: Flank | MissedFlank
    if flank is not None:
        met: tuple[str, ...] = ("left", "right") if flank.sides == "left_right" else ("top", "bottom")
        line, kind, bars = flank, "flank", "flank-sides"
    else:
        assert missed is not None
        met, line, kind, bars = missed.met, missed, "flank-missed", "flank-sides missed"
    sides = f'<path class="{bars}" d="{"".join(ends[side] for side in met)}"/>' if met else ""
    return [f'{sides}<line class="{kind}" x1="{_u(line.start[0])}" y1="{_u(line.start[1])}" '
            f'x2="{_u(line.end[0])}" y2="{_u(line.end[1])}"/>']


def _sighting(sighting: Sighting | None) -> list[str]:
    if sighting is None:
        return []
    parts = []
    for line in sighting.lines:
        kind = f"blocked {line.blocked_by}" if line.blocked_by else "clear"
        parts.append(f'<line class="sight {sighting.rule} {kind}" x1="{_u(line.start[0])}" y1="{_u(line.start[1])}" '
                     f'x2="{_u(line.end[0])}" y2="{_u(line.end[1])}"/>')
    return parts


def _corner(sighting: Sighting | None) -> list[str]:
    parts = []
    if sighting is not None and sighting.corner is not None:
        cx, cy = sighting.corner
        parts.append(f'<path class="corner" d="M{_u(cx)} {float(MARGIN + cy * SQUARE) - 6:g}l6 6-6 6-6-6z"/>')
    return parts


def sightings(drawn: BattleMap) -> list[Sighting]:
    """Every set of lines the picture draws: an attack's cover and concealment; on a move, the
    cover that spared it an enemy's opportunity attack, for each enemy and square it spared."""
    found = [s for s in (drawn.cover, drawn.concealment) if s is not None]
    return found + [met.cover for step in drawn.path for met in step.provocations if met.cover is not None]


def _target_squares(drawn: BattleMap) -> list[Square]:
    """The square of a big target that the lines were traced to (the one its attacker chose), once."""
    target = next((f.space for f in drawn.figures if f.role == "defender"), None)
    if target is None or target.side <= 1:
        return []
    chosen = [s.target for s in (drawn.cover, drawn.concealment) if s is not None and s.target is not None]
    return list(dict.fromkeys(chosen))


#: The dotted square sits this far inside the chosen square, clear of the grid and the board's edge.
TARGET_INSET = 3


def _marked_squares(squares: Iterable[Square], name: str) -> list[str]:
    """A square drawn inside each of ``squares``, of class ``name``, inset from the grid's lines."""
    inset = Fraction(TARGET_INSET, SQUARE)
    return [f'<rect class="{name}" x="{_u(square.x + inset)}" y="{_u(square.y + inset)}" '
            f'width="{_s(1 - 2 * inset)}" height="{_s(1 - 2 * inset)}"/>' for square in squares]


def origin_squares(drawn: BattleMap) -> list[Square]:
    """The square of a creature of several squares that lines were traced from, every corner of
    it (between two adjacent squares in melee), once: a player could not tell which of a Large
    attacker's squares the lines left from."""
    big = [f.space for f in drawn.figures if f.side > 1]
    chosen = [s.origin for s in sightings(drawn)
              if s.corner is None and s.origin is not None and any(s.origin in space for space in big)]
    return list(dict.fromkeys(chosen))


def _centre(space: Space) -> Point:
    half = Fraction(space.side, 2)
    return (space.x + half, space.y + half)


def _path_line(drawn: BattleMap, prefix: str) -> str:
    """The move, centre to centre, a dot at each square passed and an arrow at the last."""
    if not drawn.path:
        return ""
    points = [_centre(drawn.path[0].start), *(_centre(step.end) for step in drawn.path)]
    # A creature that ends its move in another's square (a pixie into a goblin's) would have its
    # arrow under that token: it stops at the token's edge, where a reader sees where it goes.
    end, start = set(drawn.path[-1].end.squares), drawn.path[0].start
    occupants = [figure.side for figure in drawn.figures if figure.space != start and end & set(figure.space.squares)]
    if occupants:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = Fraction(math.hypot(x1 - x0, y1 - y0)).limit_denominator(1000)
        cut = Fraction(9, 20) * max(occupants)
        if length > cut:
            points[-1] = (x1 - (x1 - x0) * cut / length, y1 - (y1 - y0) * cut / length)
    kind = "path disengaged" if drawn.disengaged else "path"
    line = (f'<polyline class="{kind}" points="{" ".join(f"{_u(x)},{_u(y)}" for x, y in points)}" '
            f'marker-end="url(#{prefix}-a)"/>')
    return line + "".join(f'<circle class="step" cx="{_u(x)}" cy="{_u(y)}" r="2.5"/>'
                          for x, y in points[1:-1])


def _provocations(drawn: BattleMap) -> list[str]:
    """Where the move concerns an enemy: a ! triangle where it provokes, a ring where it does not."""
    parts = []
    for step in drawn.path:
        x, y = _centre(step.start)
        for met in step.provocations:
            enemy = _centre(drawn.figure(met.enemy).space)
            # either mark in the square's top right corner, clear of the mover's number and ring
            mark_x, mark_y = x + Fraction(step.start.side * 3, 10), y - Fraction(step.start.side * 3, 10)
            if met.provokes:
                parts.append(
                    f'<line class="provoke-line" data-of="{html_text(met.enemy)}" x1="{_u(enemy[0])}" '
                    f'y1="{_u(enemy[1])}" x2="{_u(x)}" y2="{_u(y)}"/>'
                    f'<path class="provoke" data-of="{html_text(met.enemy)}" '
                    f'd="M{_u(mark_x)} {float(MARGIN + mark_y * SQUARE) - 8:g}l7 12h-14z"/>'
                    f'<text class="provoke-mark" x="{_u(mark_x)}" y="{float(MARGIN + mark_y * SQUARE) + 3:g}" '
                    'font-size="9">!</text>')
            else:  # a small ring
                parts.append(f'<circle class="spared" data-of="{html_text(met.enemy)}" cx="{_u(mark_x)}" '
                             f'cy="{_u(mark_y)}" r="5"/>')
    return parts


def key_words(drawn: BattleMap, key: str, language: str) -> str:
    """A key entry's words; the hatching's names whose reach it shows (on a flanking map, the
    attacker's and its ally's, not an enemy's)."""
    if key != "map.key.threat":
        return word(key, language)
    roles = {figure.letter: figure.role for figure in drawn.figures}
    owners = dict.fromkeys(roles.get(t.letter, "other") for t in drawn.threats if t.squares)
    ordered = [role for role in ORDER if role in owners]
    who = word("map.threat.or", language).join(word(f"map.threat.by.{role}", language) for role in ordered)
    return word(key, language).format(who=who)


def _keys(drawn: BattleMap) -> list[str]:
    """The legend's entries for what this picture draws, and nothing it does not."""
    drawn_sightings = sightings(drawn)
    lines = [line for s in drawn_sightings for line in s.lines]
    provocations = [met for step in drawn.path for met in step.provocations]
    unlabelled = unlabelled_figures(drawn)
    small = small_places(drawn)
    # a token drawn big enough for its dashed or dotted edge (a smaller one's edge is plain)
    edged_letters = {f.letter for f in drawn.figures if small.get(f.letter, (0, 0, f.side))[2] >= LABELLED_SIDE}
    edged = {f.role for f in drawn.figures if f.letter in edged_letters}
    drawn_marks = {
        "map.key.ring": any(f.role == "defender" for f in drawn.figures),
        "map.key.ring.mover": any(f.role == "mover" for f in drawn.figures),
        "map.key.callout": any(f.role == "defender" and f.letter in unlabelled for f in drawn.figures),
        "map.key.ally": "ally" in edged, "map.key.other": "other" in edged,
        # a token too small for its edge's dashes or dots: 24 bats in plain circles had no key
        "map.key.plain": any(f.role in ("ally", "other") and f.letter not in edged_letters for f in drawn.figures),
        "map.key.wall": bool(drawn.walls), "map.key.low": bool(drawn.low), "map.key.fog": bool(drawn.fog),
        "map.key.wall_side": bool(drawn.wall_sides), "map.key.fog_side": bool(drawn.fog_sides),
        "map.key.clear": any(not line.blocked_by for line in lines),
        "map.key.blocked": any(line.blocked_by not in (None, "fog") for line in lines),
        "map.key.misted": any(line.blocked_by == "fog" for line in lines),
        "map.key.corner": any(s.corner is not None for s in drawn_sightings),
        "map.key.target": bool(_target_squares(drawn)),
        "map.key.origin": bool(origin_squares(drawn)),
        "map.key.flank": drawn.flank is not None,
        "map.key.flank_missed": drawn.missed_flank is not None,
        "map.key.flank_missed_sides": drawn.missed_flank is not None and bool(drawn.missed_flank.met),
        "map.key.threat": any(t.squares for t in drawn.threats),
        "map.key.inner": any(t.inner for t in drawn.threats),
        "map.key.path": bool(drawn.path) and not drawn.disengaged,
        "map.key.path.disengaged": bool(drawn.path) and drawn.disengaged,
        "map.key.provoked": any(met.provokes for met in provocations),
        "map.key.spared": any(not met.provokes for met in provocations),
    }
    return [key for key, shown in drawn_marks.items() if shown]


def creature_words(drawn: BattleMap, labels: Mapping[str, int], names: Mapping[str, str], language: str) -> list[str]:
    """The legend's line for each creature, by number; a run of unnamed creatures drawn without
    their numbers, alike in role, size and square, is one line (« 3 to 26: 24 other creatures »)."""
    lines: list[str] = []
    unlabelled = unlabelled_figures(drawn)
    run: list[Figure] = []

    def close() -> None:
        if len(run) > 1:
            first, space = run[0], run[0].space
            role = "ally_of_mover" if first.role == "ally" and drawn.kind == "move" else first.role
            lines.append(word(f"map.figure.group.{role}", language).format(
                first=labels[first.letter], last=labels[run[-1].letter], count=len(run),
                size=size_label(f"size.{first.size}", language), x=space.x + 1, y=space.y + 1)
                + word("map.figure.unnumbered.group", language))
        else:
            lines.extend(_figure_words(f, labels, names, language, drawn.kind, unnumbered=True) for f in run)
        run.clear()

    for figure in sorted(drawn.figures, key=lambda f: labels[f.letter]):
        grouped = figure.role in GROUPED and figure.letter in unlabelled and not _name_of(figure, names)
        alike = (grouped and bool(run)
                 and (run[-1].role, run[-1].size, run[-1].space) == (figure.role, figure.size, figure.space))
        if not alike:
            close()
        if grouped:
            run.append(figure)
        else:
            lines.append(_figure_words(figure, labels, names, language, drawn.kind,
                                       unnumbered=figure.letter in unlabelled))
    close()
    return lines


def _figure_words(figure: Figure, labels: Mapping[str, int], names: Mapping[str, str], language: str,
                  kind: str, *, unnumbered: bool = False) -> str:
    role = word(f"map.role.{figure.role}", language)
    if figure.role == "ally" and kind == "move":
        role = word("map.role.ally_of_mover", language)
    shown = _name_of(figure, names)
    name = f" ({shown})" if shown else ""
    space = figure.space
    values = {"label": labels[figure.letter], "role": role, "name": name,
              "size": size_label(f"size.{figure.size}", language), "x": space.x + 1, "y": space.y + 1,
              "x2": space.x + space.side, "y2": space.y + space.side}
    said = word("map.figure.block" if space.side > 1 else "map.figure", language).format(**values)
    return said + (word("map.figure.unnumbered", language) if unnumbered else "")


def _name_of(figure: Figure, names: Mapping[str, str]) -> str:
    """A creature's name as the example gives it: on the map (by letter), else by its role."""
    return names.get(f"letter:{figure.letter}") or names.get(figure.role, "")


def _called(letter: str, drawn: BattleMap, labels: Mapping[str, int], names: Mapping[str, str],
            language: str) -> str:
    """A creature as the caption names it: its name and its token on the picture (« l'orc
    (jeton 2) », never « l'orc (2) », which reads as a count), or, unnamed, its role and its token
    (« l'allié de l'attaquant (jeton 3) »), never the token alone."""
    figure = next((f for f in drawn.figures if f.letter == letter), None)
    if figure is None:
        raise KeyError(letter)  # a result naming a creature the grid does not hold
    role = "ally_of_mover" if figure.role == "ally" and drawn.kind == "move" else figure.role
    shown = _name_of(figure, names) or word(f"map.called.{role}", language)
    return f"{shown} ({word('map.token', language).format(number=labels[letter])})"


def caption(drawn: BattleMap, labels: Mapping[str, int], language: str, names: Mapping[str, str] | None = None) -> str:
    """The result the picture shows, as the card states it (HTML): each finding under its own
    label, each creature by its name where the example gives one."""
    names = names or {}
    colon = render_colon(language)
    shown = []
    for sighting in (drawn.cover, drawn.concealment):
        if sighting is not None:
            title = word(f"map.caption.{sighting.rule}", language)
            # « Camouflage : camouflage » said nothing: under its title, concealment's verdict is yes, total or none.
            verdict = word(f"map.verdict.{sighting.verdict}" if sighting.rule == "concealment"
                           else f"{sighting.rule}.{sighting.verdict}", language)
            shown.append(f"<strong>{html_text(title)}</strong>{colon} {html_text(verdict)}"
                         f"{html_text(_reason_words(sighting, drawn, language))}"
                         f"{html_text(_line_counts(sighting, language))}"
                         f"{html_text(applied_words(drawn, sighting.rule, language))}")
    if alone := _applied_alone(drawn, language):
        shown.append(f"<strong>{html_text(word('map.caption.concealment', language))}</strong>{colon} "
                     f"{html_text(alone)}")
    if drawn.kind == "melee":
        flanked = (f"{word('flanked', language)} {word('map.caption.flank', language)} "
                   f"{_called(drawn.flank.ally, drawn, labels, names, language)}" if drawn.flank
                   else word("not_flanked", language))
        shown.append(f"<strong>{html_text(word('map.caption.flanking', language))}</strong>{colon} "
                     f"{html_text(flanked)}")
    if drawn.kind == "move":
        provoked = [_called(m.enemy, drawn, labels, names, language) for step in drawn.path for m in step.provocations
                    if m.provokes]
        listed = ", ".join(provoked) or word("map.caption.none", language)
        shown.append(f"<strong>{html_text(word('map.caption.opportunity', language))}</strong>{colon} "
                     f"{html_text(listed)}")
        # The lines drawn from an enemy that cover spared: how many a wall blocks, as a cover card says.
        spared = [(step, met) for step in drawn.path for met in step.provocations if met.cover is not None]
        for step, met in spared[:MEETINGS_LISTED]:
            assert met.cover is not None
            title = word("map.caption.cover_from", language).format(
                enemy=_called(met.enemy, drawn, labels, names, language), x=step.start.x + 1, y=step.start.y + 1)
            shown.append(f"<strong>{html_text(title)}</strong>{colon} "
                         f"{html_text(word(f'cover.{met.cover.verdict}', language))}"
                         f"{html_text(_line_counts(met.cover, language))}")
        if (left := len(spared) - MEETINGS_LISTED) > 0:
            shown.append(html_text(word("map.caption.more" if left > 1 else "map.caption.more.one", language)
                                   .format(count=render_number(left, language))))
    return " · ".join(shown)


def applied_words(drawn: BattleMap, rule: str, language: str) -> str:
    """What the attack applied instead of the grid's verdict, where the example's situation changed it
    (« → improved cover, as the example grades it »)."""
    if rule == "cover" and drawn.graded_cover is not None:
        return word("map.applied.cover", language).format(applied=word(f"cover.{drawn.graded_cover}", language))
    if rule == "concealment" and drawn.applied_concealment is not None:
        return word("map.applied.concealment", language).format(
            applied=word(f"map.verdict.{drawn.applied_concealment}", language))
    return ""


def _applied_alone(drawn: BattleMap, language: str) -> str:
    """The concealment the attack applied on a map that gives none (no mist): the example's own."""
    if drawn.concealment is not None or drawn.applied_concealment is None:
        return ""
    return word("map.applied.concealment.alone", language).format(
        applied=word(f"map.verdict.{drawn.applied_concealment}", language))


def _line_counts(sighting: Sighting, language: str) -> str:
    """How many of the lines drawn are clear and how many blocked (for concealment: pass through
    mist or foliage, which blocks nothing), beside the verdict they make: a line that runs along
    the board's edge reads as the edge, and the count says it is there."""
    if not sighting.lines:
        return ""
    blocked = sum(1 for line in sighting.lines if line.blocked_by)
    traced = "corner" if sighting.corner is not None else "squares"
    # of all the lines, not of the blocked ones the count just named (a reader looked for them there)
    hidden = hidden_lines(sighting.lines)
    overlap = word(f"map.caption.overlap.{'one' if hidden == 1 else 'many'}", language).format(
        count=render_number(hidden, language), total=render_number(len(sighting.lines), language)) if hidden else ""
    # From each corner of one square to each of the other's: a corner both squares share gives no line
    # (a reader of « 0 of 14 » looked for the two missing ones).
    shared = {line.start for line in sighting.lines} & {line.end for line in sighting.lines}
    if traced == "squares" and len(shared) in (1, 2) and len(sighting.lines) == 16 - len(shared):
        overlap += word(f"map.caption.shared.{len(shared)}", language)
    # « 3 sur 15 » read as too few for cover: one line blocked is what the rule asks
    enough = word("map.caption.enough", language) if 0 < blocked < len(sighting.lines) else ""
    return word(f"map.caption.lines.{sighting.rule}.{traced}", language).format(
        blocked=render_number(blocked, language), total=render_number(len(sighting.lines), language),
        enough=enough, overlap=overlap)


def hidden_lines(lines: Sequence[Sightline]) -> int:
    """How many of ``lines`` lie wholly along another, on the same straight line: drawn, they cannot
    be seen, and a reader counts fewer lines than the caption does (lines from a corner along a row
    of squares; of two that coincide, one). Each counts once, however many hide it."""
    hidden = 0
    for index, inner in enumerate(lines):
        for other, outer in enumerate(lines):
            if other != index and _lies_within(inner, outer) and (other < index or not _lies_within(outer, inner)):
                hidden += 1
                break
    return hidden


def _lies_within(inner: Sightline, outer: Sightline) -> bool:
    (ax, ay), (bx, by) = outer.start, outer.end
    dx, dy = bx - ax, by - ay
    if any(dx * (y - ay) - dy * (x - ax) for x, y in (inner.start, inner.end)):
        return False  # not on the outer one's straight line
    length = dx * dx + dy * dy  # along it, the outer one spans 0 to its length
    return all(0 <= dx * (x - ax) + dy * (y - ay) <= length for x, y in (inner.start, inner.end))


def description(drawn: BattleMap, labels: Mapping[str, int], names: Mapping[str, str], language: str) -> str:
    """What the picture shows, in words: the grid, the creatures, and what the rule looked at."""
    said = [word("map.grid", language).format(width=drawn.width, height=drawn.height)]
    said += [words + "." for words in creature_words(drawn, labels, names, language)]
    if drawn.walls or drawn.low or drawn.fog:
        said.append(word("map.terrain", language).format(walls=len(drawn.walls), low=len(drawn.low),
                                                        fog=len(drawn.fog)))
        # where each is: a listener cannot otherwise tell why a line is blocked (a seed-only reader)
        said += [word(f"map.where.{kind}", language).format(places=places_words(squares, language))
                 for kind, squares in (("walls", drawn.walls), ("low", drawn.low), ("fog", drawn.fog)) if squares]
    if drawn.wall_sides or drawn.fog_sides:
        said.append(side_words(drawn, language))
    def called(letter: str) -> str:  # by name where the example gives one, as the caption does
        return _called(letter, drawn, labels, names, language)

    threats = {threat.letter: threat for threat in drawn.threats}
    for figure in drawn.figures:  # in letter order, as the creatures were listed
        threat = threats.get(figure.letter)
        if threat is None:
            if SIZE_BY_KEY[figure.size].reach == 0:  # no reach, no threat: said, not left out
                said.append(word("map.threat.none", language).format(
                    label=called(figure.letter), reach=word("map.reach", language).format(reach=0)) + ".")
            continue
        count = len(threat.squares)
        reach = word("map.reach.weapon", language).format(reach=threat.reach, natural=threat.reach // 2) \
            if threat.reach_weapon else word("map.reach", language).format(reach=threat.reach)
        text = word("map.threat" if count > 1 else "map.threat.one" if count else "map.threat.none", language).format(
            label=called(threat.letter), count=count, reach=reach)
        if threat.inner:
            inner = len(threat.inner)
            text += word("map.inner" if inner > 1 else "map.inner.one", language).format(count=inner)
        said.append(text + ".")
    for sighting in (drawn.cover, drawn.concealment):
        if sighting is not None:
            said += _sighting_words(sighting, drawn, language)
    if alone := _applied_alone(drawn, language):
        said.append(f"{word('map.rule.concealment', language)}{render_colon(language)} {alone}.")
    if drawn.flank or drawn.missed_flank:
        attacker = called(next(f.letter for f in drawn.figures if f.role == "attacker"))
    if drawn.flank:
        sides = word(f"map.sides.{drawn.flank.sides}", language)
        big = next(f for f in drawn.figures if f.role == "attacker").space.side > 1
        x, y = drawn.flank.start  # a big attacker's line starts from one of its squares, not its whole space
        ally = called(drawn.flank.ally)
        said.append(word("map.flank.square" if big else "map.flank", language).format(
            a=attacker, b=ally, of_a=render_of(attacker, language), of_b=render_of(ally, language), sides=sides,
            column=int(x) + 1, row=int(y) + 1))
    elif drawn.kind == "melee" and not drawn.missed_flank:
        said.append(word("map.flank.untried", language))  # as the caption says « not flanked »
    elif drawn.missed_flank:
        missed = drawn.missed_flank
        named = [word(f"map.side_name.{side}", language) for side in missed.met]
        listed = word("map.and", language).join([", ".join(named[:-1]), named[-1]]) if len(named) > 1 \
            else "".join(named)
        how_many = "none" if not named else "one" if len(named) == 1 else "many"
        said.append(word(f"map.flank_missed.{how_many}", language).format(
            a=attacker, b=called(missed.ally), sides=listed))
    if drawn.path:
        mover = next(f.letter for f in drawn.figures if f.role == "mover")
        said.append(word("map.path", language).format(label=called(mover), steps=path_words(drawn.path, language)))
        meetings = [(step, met) for step in drawn.path for met in step.provocations]
        # Every attack provoked is said; the meetings that provoke none, up to a bound (a 32nd hostile
        # round's path of thirty met ones made a description of 15,000 characters).
        room = max(0, MEETINGS_LISTED - sum(met.provokes for _, met in meetings))  # for those that provoke none
        left = 0
        for step, met in meetings:
            if not met.provokes:
                if not room:
                    left += 1
                    continue
                room -= 1
            said.append(word("map.provokes" if met.provokes else "map.spared", language).format(
                x=step.start.x + 1, y=step.start.y + 1, enemy=called(met.enemy),
                event=word(f"map.event.{met.event}", language)))
            if met.cover is not None:  # the lines drawn from the enemy to the square left
                said += _sighting_words(met.cover, drawn, language)
        if left:
            said.append(word("map.meetings.more" if left > 1 else "map.meetings.more.one", language).format(
                count=render_number(left, language)))
        if drawn.disengaged:
            said.append(word("map.disengaged", language))
        elif not any(met.provokes for step in drawn.path for met in step.provocations):
            said.append(word("map.provokes.none", language))  # silence read as « not described »
    return " ".join(capitalized(sentence) for sentence in said)  # « Le jeton 1 menace… »


#: A step's direction on the map (rows counted from the top), as the locales name it.
_DIRECTIONS = {(1, 0): "right", (-1, 0): "left", (0, -1): "up", (0, 1): "down",
               (1, -1): "up_right", (-1, -1): "up_left", (1, 1): "down_right", (-1, 1): "down_left"}


def path_words(path: Sequence[PathStep], language: str) -> str:
    """A path as a reader follows it: each straight run of steps, its squares, its direction and
    where it ends ("5 squares right, to column 6, row 1"), not every square in turn."""
    runs: list[tuple[str | None, int, Space]] = []  # direction (None: no straight line), squares, end
    for step in path:
        dx, dy = step.end.x - step.start.x, step.end.y - step.start.y
        squares = max(abs(dx), abs(dy))
        straight = dx == 0 or dy == 0 or abs(dx) == abs(dy)
        direction = _DIRECTIONS.get((dx // squares, dy // squares)) if squares and straight else None
        if runs and direction is not None and runs[-1][0] == direction:
            runs[-1] = (direction, runs[-1][1] + squares, step.end)
        else:
            runs.append((direction, squares, step.end))
    said = []
    for direction, squares, end in runs:
        key = "map.run.to" if direction is None else "map.run.one" if squares == 1 else "map.run"
        said.append(word(key, language).format(
            count=squares, direction=word(f"map.direction.{direction}", language) if direction else "",
            x=end.x + 1, y=end.y + 1))
    return ("\u00a0; " if language == "fr" else "; ").join(said)


#: How many meetings with enemies along a path a map's words tell one by one before they count the rest
#: (every attack provoked is told, whatever their number).
MEETINGS_LISTED = 12

#: How many runs of squares a description lists before it counts the rest: a hostile map's 298 wall
#: squares made a description of 17,000 characters, which a screen reader reads whole.
PLACES_LISTED = 12


def places_words(squares: Iterable[Square], language: str) -> str:
    """Where ``squares`` are, row by row, each run of neighbouring columns said once (« columns 3 to
    5, row 2; column 2, row 4 »), in reading order; past :data:`PLACES_LISTED` runs, the squares
    left counted (the picture shows them)."""
    runs: list[tuple[int, int, int]] = []  # (row, first column, last column)
    for square in sorted(squares, key=lambda square: (square.y, square.x)):
        if runs and runs[-1][0] == square.y and runs[-1][2] == square.x - 1:
            runs[-1] = (square.y, runs[-1][1], square.x)
        else:
            runs.append((square.y, square.x, square.x))
    said = word("map.places.and", language).join(
        word("map.place" if first == last else "map.place.run", language).format(x=first + 1, x2=last + 1, y=row + 1)
        for row, first, last in runs[:PLACES_LISTED])
    left = sum(last - first + 1 for _, first, last in runs[PLACES_LISTED:])
    return said + word("map.places.more" if left > 1 else "map.places.more.one", language).format(count=left) \
        if left else said


def side_words(drawn: BattleMap, language: str) -> str:
    """The sides that stand between squares, each by the two squares it lies between."""
    listed = [word(f"map.side.{kind}", language).format(ax=a.x + 1, ay=a.y + 1, bx=b.x + 1, by=b.y + 1)
              for kind, sides in (("wall", drawn.wall_sides), ("fog", drawn.fog_sides))
              for a, b in (side.squares for side in sorted(sides))]
    return word("map.side_obstacles", language).format(listed="; ".join(listed))


def _corner_words(corner: Point, drawn: BattleMap, language: str) -> str:
    """The corner the lines start from, as a corner of the attacker's square (« the top-left
    corner of the attacker's square, column 2, row 1 »); a point of the grid where no whole
    square of the attacker has it (a Tiny attacker's corner inside a square)."""
    attacker = next((f for f in drawn.figures if f.role == "attacker"), None)
    x, y = corner
    if attacker is not None and x.denominator == y.denominator == 1:
        squares = set(attacker.space.squares)
        for dx, dy, where in ((0, 0, "top_left"), (1, 0, "top_right"), (0, 1, "bottom_left"), (1, 1, "bottom_right")):
            square = Square(int(x) - dx, int(y) - dy)
            if square in squares:
                return word("map.corner", language).format(where=word(f"map.corner.{where}", language),
                                                           x=square.x + 1, y=square.y + 1)
    return word("map.corner.point", language).format(x=render_number(float(x), language),
                                                     y=render_number(float(y), language))


def _sighting_words(sighting: Sighting, drawn: BattleMap, language: str) -> list[str]:
    rule = word(f"map.rule.{sighting.rule}", language)
    blocked = [line.blocked_by for line in sighting.lines if line.blocked_by]
    kinds = ", ".join(word(f"map.by.{kind}", language) for kind in dict.fromkeys(blocked))
    by = word("map.by", language).format(kinds=kinds) if kinds and sighting.rule == "cover" else ""
    counted = word(f"map.counts.{sighting.rule}", language).format(
        clear=len(sighting.lines) - len(blocked), blocked=len(blocked), by=by)
    counts = {"rule": rule, "counts": counted}
    if sighting.target is None:
        text = word("map.lines.none", language).format(rule=rule)
    elif sighting.corner is not None:
        corner = _corner_words(sighting.corner, drawn, language)
        text = word("map.lines.corner", language).format(
            corner=corner, x=sighting.target.x + 1, y=sighting.target.y + 1, **counts)
    else:
        assert sighting.origin is not None
        text = word("map.lines.squares", language).format(
            ox=sighting.origin.x + 1, oy=sighting.origin.y + 1, x=sighting.target.x + 1, y=sighting.target.y + 1,
            **counts)
    verdict = (word(f"{sighting.rule}.{sighting.verdict}", language) + _reason_words(sighting, drawn, language)
               + applied_words(drawn, sighting.rule, language))
    return [text, word("map.result", language).format(verdict=verdict)]


def _reason_words(sighting: Sighting, drawn: BattleMap, language: str) -> str:
    """Why the low obstacles a line crosses gave no cover (« (low wall passed over: the attacker
    is nearer to it than the target) »); in melee contact, with mist on the map, that only mist
    over the target's whole space conceals it (no line is drawn there); or nothing."""
    reasons = dict.fromkeys(reason for _, reason in sighting.ignored_low)
    said = "".join(word(f"map.low_passed.{reason}", language).format(range=LOW_OBSTACLE_RANGE) for reason in reasons)
    if sighting.rule == "concealment" and sighting.target is None and drawn.fog:
        said += word("map.fog_in_contact", language)
    return said


def grid_field(example: Any) -> tuple[str, ...] | None:
    """Where an example's grid is written (``given.grid`` or ``given.situation.grid``), if it has one."""
    given = getattr(example, "given", None)
    if getattr(given, "grid", None) is not None:
        return ("given", "grid")
    if getattr(getattr(given, "situation", None), "grid", None) is not None:
        return ("given", "situation", "grid")
    return None


def names(example: Any) -> dict[str, str]:
    """The display names an example gives its creatures: its attacker and defender by role, and
    the creatures of its grid by letter (``letter:<letter>``)."""
    given = getattr(example, "given", None)
    found = {}
    for role in ("attacker", "defender"):
        name = getattr(getattr(given, role, None), "name", None)
        if isinstance(name, str) and name:
            found[role] = name
    grid = getattr(given, "grid", None) or getattr(getattr(given, "situation", None), "grid", None)
    for letter, creature in (getattr(grid, "creatures", None) or {}).items():
        name = getattr(creature, "name", None)
        if isinstance(name, str) and name:
            found[f"letter:{letter}"] = name
    return found


def card_figure(parsed: ParsedExample, drawn: BattleMap, language: str, sizes: str | None = None) -> str:
    """The figure a card shows for this example: its title, the names it gives (``sizes``: the
    address of the table of sizes, from the card's page)."""
    return figure_html(drawn, language, parsed.id, getattr(parsed.example, "title", None) or parsed.id,
                       names(parsed.example), sizes)


def map_problems(parsed: ParsedExample, result: Any) -> list[Problem]:
    """A grid example whose map cannot be drawn, located at its ``map``: the rule recorded no
    battle map, or the picture fails in the page's language (the card then reuses it)."""
    where = grid_field(parsed.example)
    if where is None:
        return []
    drawn = getattr(result, "battle_map", None)
    if not isinstance(drawn, BattleMap):
        return [parsed.problem(f"this grid cannot be drawn: rule `{parsed.example.rule}` records no battle map "
                               "in its result (a bug of rulecheck, not of the example)", (*where, "map"))]
    found = language_of(parsed.block.path)  # a page's language; a file outside a language folder: each
    languages = [found[0]] if found else list(LANGUAGES)
    problems = name_problems(parsed, drawn, names(parsed.example), where)
    for language in languages:
        try:
            card_figure(parsed, drawn, language)
        except (KeyError, ValueError, StopIteration) as error:
            problems.append(parsed.problem(f"this grid cannot be drawn ({language}): {type(error).__name__}: "
                                           f"{error}", (*where, "map")))
    return problems
