"""Reference tables checked like examples: every cell of a marked Markdown table against the engine.

A marker line names the engine table that the Markdown table right after it shows::

    <!-- rulecheck-table: attacker-modifiers -->
    | The attacker is… | Melee | Ranged |
    |---|---|---|
    | dazzled | −1 | −1 |

The table is read as the site renders it (:mod:`rulecheck.examples.table_render`): every row the
reader sees is checked, with or without its leading pipe, and so are the column headings, which
must be the engine's columns in the page's language ("Ranged | Melee" swapped fails). The first
cell of a row is the row's label, in the page's language, exactly as the locales name the engine
row (``attacker.dazzled`` → "dazzled"); the other cells are compared with the engine's data, as
text without Markdown. Numbers may be written with ``−`` or ``-``; a percent carries its ``%``
and nothing else does; ``—`` means "does not apply"; words (impossible, total concealment) are
the locale's ``cell.*`` values; a footnote is a superscript digit after the value (each table says
which digit means which footnote), and a footnote that changes DEX is also said in words after
the number (``+0, no DEX¹``: the locale's ``table_note.*``), since a glance at "+0" read as no
change. Every engine row must appear once.

Three stages, as for examples: :func:`find_tables` locates marked tables (lines only, and the piece
of page that renders each), :func:`parse_cell` reads one rendered cell, :func:`check_tables`
renders, compares and returns located problems.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import overload

from rulecheck.engine.modifiers import ATTACKER_ROWS, CONCEALMENT, COVER_ROWS, DEFENDER_ROWS, Cell, Row
from rulecheck.engine.sizes import SIZES
from rulecheck.errors import Problem, did_you_mean
from rulecheck.examples.capped import Capped
from rulecheck.examples.finder import split_lines
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.render import MINUS, VALUES, label, word
from rulecheck.examples.table_render import ShownTable, shown_tables

FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")
MARKER = re.compile(r"^(?P<indent>[ \t]*)<!--\s*rulecheck-table:\s*(?P<name>\S*)\s*-->[ \t]*$")
SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"

#: An expected cell value: a number, a fraction, ``None`` for "does not apply", or a word key.
Value = int | Fraction | str | None


@dataclass(frozen=True)
class Want:
    """What the engine says a cell holds."""

    value: Value
    footnotes: frozenset[str] = frozenset()
    signed: bool = False
    percent: bool = False
    #: The ``table_note.*`` keys of the footnotes said in words after the number, in order.
    noted: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExpectedRow:
    label: str  # a LABELS key
    cells: tuple[Want, ...]


@dataclass(frozen=True)
class TableSpec:
    """An engine table as a page shows it: its rows and the superscript digit of each footnote."""

    name: str
    rows: Callable[[], list[ExpectedRow]]
    headings: tuple[str, ...]  # the word key (``heading.*``) of each column's heading
    markers: Mapping[str, str] = field(default_factory=dict)


#: The footnotes a modifier table's cell also says in words: those that change a DEX.
WORDED_NOTES = ("loses_dex", "dex_penalty", "dex_zero", "defender_loses_dex")


def _modifier_cell(cell: Cell) -> Want:
    value: Value = None if cell.value == "n/a" else cell.value
    noted = tuple(f"table_note.{note}" for note in cell.footnotes if note in WORDED_NOTES)
    return Want(value, frozenset(cell.footnotes), signed=True, noted=noted)


def _modifier_rows(rows: Iterable[Row], prefix: str) -> Callable[[], list[ExpectedRow]]:
    return lambda: [ExpectedRow(f"{prefix}.{r.key}", (_modifier_cell(r.melee), _modifier_cell(r.ranged)))
                    for r in rows]


def _concealment_rows() -> list[ExpectedRow]:
    return [ExpectedRow(f"concealment.{key}", (Want(percent, percent=True),))
            for key, percent in CONCEALMENT.items() if percent]


def _size_rows() -> list[ExpectedRow]:
    return [ExpectedRow(f"size.{row.key}", (Want(row.space), Want(row.reach), Want(row.per_square)))
            for row in SIZES]


_MELEE_RANGED = ("heading.melee", "heading.ranged")

TABLES: dict[str, TableSpec] = {spec.name: spec for spec in (
    TableSpec("attacker-modifiers", _modifier_rows(ATTACKER_ROWS, "attacker"), ("heading.attacker", *_MELEE_RANGED),
              {"dex_penalty": "¹", "defender_loses_dex": "²", "crossbow_shuriken": "³"}),
    TableSpec("defender-modifiers", _modifier_rows(DEFENDER_ROWS, "defender"), ("heading.defender", *_MELEE_RANGED),
              {"loses_dex": "¹", "dex_penalty": "²", "dex_zero": "³"}),
    TableSpec("cover", _modifier_rows(COVER_ROWS, "cover"), ("heading.cover", *_MELEE_RANGED),
              {"beyond_adjacent": "¹"}),
    TableSpec("concealment", _concealment_rows, ("heading.concealment", "heading.miss_chance")),
    TableSpec("sizes", _size_rows, ("heading.size", "heading.side", "heading.reach", "heading.per_square")),
)}


class LineSpan(Sequence[tuple[int, str]]):
    """Lines ``start`` to ``end`` (0-based, end excluded) of a page, read as (1-based number, text)
    pairs without being copied: markers written one under another, with no blank line, each run to
    the same blank line, and copying each one's lines made a page of them quadratic."""

    def __init__(self, lines: Sequence[str], start: int, end: int) -> None:
        self._lines, self._start, self._end = lines, start, max(start, end)

    def __len__(self) -> int:
        return self._end - self._start

    @overload
    def __getitem__(self, item: int) -> tuple[int, str]: ...
    @overload
    def __getitem__(self, item: slice) -> LineSpan: ...
    def __getitem__(self, item: int | slice) -> tuple[int, str] | LineSpan:
        if isinstance(item, slice):
            start, stop, step = item.indices(len(self))
            if step != 1:
                raise ValueError("a span of lines is sliced without a step")
            return LineSpan(self._lines, self._start + start, self._start + stop)
        number = self._start + range(len(self))[item]  # IndexError past either end, as a tuple's
        return number + 1, self._lines[number].strip()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LineSpan(lines {self._start + 1} to {self._end})"


@dataclass(frozen=True)
class MarkedTable:
    """A marked table: its name, the marker's line, the lines right after it (1-based number, text),
    and the piece of page that renders it (``piece``, whose marker comment number ``index`` it is).

    Every marker of one top-level block shares that block's piece (the block, from its first line to
    the blank line after its last table): a page renders each block once, however many tables it
    holds (:func:`check_tables`)."""

    name: str
    line: int
    rows: Sequence[tuple[int, str]]
    piece: str = ""
    index: int = 0


@dataclass
class _Marker:
    line: int  # 0-based
    name: str
    block: int  # the 0-based line where its top-level block starts
    index: int  # how many markers of the same block come before it


def find_tables(text: str) -> list[MarkedTable]:
    """Every marker outside fenced code, and the lines right after it, up to a blank line (none if no
    table follows), with the piece of page a renderer needs to show that table as the site does.

    One pass over the lines, whatever the number of markers: each marker's block and rank in it are
    noted as the lines go by, and the ends are found by a second pass that never goes back."""
    if "rulecheck-table" not in text:  # most pages have no marker: no line to read
        return []
    lines = split_lines(text)
    markers = _markers(lines)
    ends = _table_ends(lines, [marker.line for marker in markers])
    block_ends = {marker.block: end for marker, end in zip(markers, ends, strict=True)}  # the last one wins
    pieces = {block: "\n".join(lines[block:end]) + "\n" for block, end in block_ends.items()}
    return [MarkedTable(marker.name, marker.line + 1, LineSpan(lines, marker.line + 1, end), pieces[marker.block],
                        marker.index)
            for marker, end in zip(markers, ends, strict=True)]


def _markers(lines: Sequence[str]) -> list[_Marker]:
    """The marker lines outside fenced code, each with the top-level block it stands in."""
    markers: list[_Marker] = []
    fence: str | None = None
    block = 0  # where the current top-level block starts
    for index, line in enumerate(lines):
        opening = FENCE.match(line)
        if fence is None and line.strip() and not line[:1].isspace() and (index == 0 or not lines[index - 1].strip()):
            block = index
        if fence is None and opening:
            fence = opening["fence"]
            continue
        if fence is not None and re.fullmatch(rf"[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*", line):
            fence = None
            continue
        match = MARKER.match(line)
        if fence is None and match:
            earlier = markers[-1].index + 1 if markers and markers[-1].block == block else 0
            markers.append(_Marker(index, match["name"], block, earlier))
    return markers


def _table_ends(lines: Sequence[str], starts: Sequence[int]) -> list[int]:
    """For each marker line of ``starts`` (ascending), the first blank line after it (or the page's
    end); one walk forward, since a later marker's blank line is never before an earlier one's."""
    ends = []
    end = 0
    for start in starts:
        end = max(end, start + 1)
        while end < len(lines) and lines[end].strip():
            end += 1
        ends.append(end)
    return ends


def split_row(line: str) -> list[str]:
    """The cells of a Markdown table line (outer pipes optional, ``\\|`` kept as a pipe)."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", body)]


def _plain(text: str) -> str:
    """Rendered text compared as a reader reads it: case and runs of (no-break) spaces aside."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split()).casefold()


#: The digits a table cell's number may have: the tables' numbers are small, and a longer run of
#: digits would only be slow to read (or past what Python converts at all, 4,300 digits).
MAX_CELL_DIGITS = 12


def parse_cell(text: str, language: str | None) -> tuple[Value, str, bool]:
    """A rendered cell's value, its superscript digits and whether a ``%`` follows the number;
    raise ``ValueError`` when it reads as nothing known. Words after a comma (what a footnote does
    to DEX) are :func:`cell_words`'."""
    plain = _plain(text)
    if tags := re.findall(r"<[a-z][^<>]*>", plain):
        raise ValueError(f"`{text}` holds markup ({', '.join(tags)}) whose text a reader may not see as the check "
                         "reads it: a checked cell holds a number or a table word, in emphasis or code at most")
    marks = "".join(ch for ch in plain if ch in SUPERSCRIPTS)
    plain = "".join(ch for ch in plain if ch not in SUPERSCRIPTS).strip()
    plain = plain.split(",", 1)[0].strip()
    number = plain.replace(MINUS, "-").replace(" ", "")
    percent = number.endswith("%")
    number = number.removesuffix("%")
    if number in ("—", "-", "–") and not percent:
        return None, marks, False
    numeral = re.fullmatch(r"[+-]?[0-9]+", number) or re.fullmatch(r"[0-9]+/0*[1-9][0-9]*", number)
    if numeral and sum(ch.isdigit() for ch in number) > MAX_CELL_DIGITS:
        shown = number if len(number) <= 24 else f"{number[:12]}…{number[-6:]}"
        raise ValueError(f"`{shown}` has {sum(ch.isdigit() for ch in number):,} digits: too large a number "
                         f"for a table cell (at most {MAX_CELL_DIGITS})")
    if re.fullmatch(r"[+-]?[0-9]+", number):
        return int(number), marks, percent
    if numeral:  # a fraction, never over zero
        return Fraction(number), marks, percent
    words = _words(language)
    for key, written in words:
        if plain == _plain(written):
            return key, marks, False
    raise ValueError(f"`{text}` is neither a number, `—`, nor a table word ({', '.join(w for _, w in words)})")


def cell_words(text: str) -> str:
    """What a rendered cell says from the comma after its number, as compared (``+0, no DEX¹`` →
    ``, no dex``; nothing without a comma)."""
    plain = "".join(ch for ch in _plain(text) if ch not in SUPERSCRIPTS)
    return _plain(plain[plain.index(","):]) if "," in plain else ""


def _words(language: str | None) -> list[tuple[str, str]]:
    """The table words (``cell.*`` values) of the language, or of every language."""
    return [(key.removeprefix("cell."), written)
            for lang in ([language] if language in LANGUAGES else list(LANGUAGES))
            for key, written in VALUES.get(lang or "", {}).items()
            if key.startswith("cell.") and written != "—"]


def show(want: Want, markers: Mapping[str, str], language: str | None) -> str:
    """A cell as the page should write it."""
    value = want.value
    if value is None:
        text = "—"
    elif isinstance(value, str):
        text = word(f"cell.{value}", language or "en")
    elif isinstance(value, Fraction) and value.denominator != 1:
        text = f"{value.numerator}/{value.denominator}"
    else:
        number = int(value)
        text = (f"+{number}" if number >= 0 else f"{MINUS}{-number}") if want.signed else str(number)
        if want.percent:
            text += "\u202f%" if language == "fr" else "%"
    said = ", ".join(word(key, language or "en") for key in want.noted)
    digits = "".join(sorted(markers[f] for f in want.footnotes if f in markers))
    return text + (f", {said}" if said else "") + digits


def check_tables(path: str, text: str, language: str | None = None) -> list[Problem]:
    """Every marked table of a page against the engine; one located problem per wrong thing."""
    problems = Capped()  # a table, a row, a cell a problem: a few of each kind listed, the rest summed up
    shown_by_piece: dict[str, list[ShownTable | None]] = {}  # each block rendered once, not once per table
    for table in find_tables(text):
        if table.rows and table.piece not in shown_by_piece:
            shown_by_piece[table.piece] = shown_tables(table.piece)
        _check_table(path, table, shown_by_piece.get(table.piece, []), language, problems)
    return problems.problems


def _check_table(path: str, table: MarkedTable, rendered: Sequence[ShownTable | None],
                 language: str | None, found: Capped) -> None:
    """One table against the engine, its problems added to ``found``; ``rendered``, the tables its
    block shows, one per marker comment."""
    def problem(line: int, message: str) -> Problem:
        return Problem(path=path, line=line, message=f"table `{table.name}`: {message}", kind="table")

    spec = TABLES.get(table.name)
    if spec is None:
        hint = did_you_mean(table.name, TABLES) or "tables are " + ", ".join(sorted(TABLES))
        found.add(Problem(path=path, line=table.line, kind="table",
                          message=f"unknown table `{table.name}`; {hint}"), "unknown")
        return
    shown = rendered[table.index] if table.rows and table.index < len(rendered) else None
    if shown is None or not shown.heading:
        why = ""
        if len(table.rows) >= 2 and re.fullmatch(r"[\s|:-]+", table.rows[1][1]):
            why = (f": its heading row has {len(split_row(table.rows[0][1]))} cells and the line under it "
                   f"{len(split_row(table.rows[1][1]))}, or the table is inside a block that shows it as text")
        found.add(problem(table.line, "no Markdown table right after the marker line" + why), "no-table")
        return
    expected = spec.rows()
    width = 1 + len(expected[0].cells)
    header_line = table.rows[0][0]
    if len(shown.heading) != width:
        found.add(problem(header_line, f"{len(shown.heading)} columns, the engine's table has {width}"), "width")
        return
    languages: list[str | None] = [language] if language in LANGUAGES else list(LANGUAGES)
    found.extend(_check_headings(problem, header_line, shown.heading, spec, languages), "heading")
    labels = {_plain(label(row.label, lang or "en")): row for lang in languages for row in expected}
    seen: dict[str, int] = {}
    body = table.rows[2:]
    for number, cells in enumerate(shown.rows):
        line, source = body[min(number, len(body) - 1)] if body else (header_line, "")
        name = _plain("".join(ch for ch in cells[0] if ch not in SUPERSCRIPTS))
        row = labels.get(name)
        if row is None:
            close = did_you_mean(name, labels)
            found.add(problem(line, f"no engine row is called `{cells[0]}`" + (f"; {close}" if close else "")), "row")
            continue
        if row.label in seen:
            found.add(problem(line, f"row `{cells[0]}` already given at line {seen[row.label]}"), "row-again")
            continue
        seen[row.label] = line
        written = len(split_row(source))
        if written != width:  # the renderer pads a short row and drops what a long one adds
            found.add(problem(line, f"row `{cells[0]}` has {written} cells, the table has {width}"), "row-width")
            continue
        for column, cell, want in zip(shown.heading[1:], cells[1:], row.cells, strict=True):
            found.extend(_check_cell(problem, line, cells[0], column, cell, want, spec, language), "cell")
    missing = [label(row.label, language or "en") for row in expected if row.label not in seen]
    if missing:
        found.add(problem(table.line, "rows missing from the page: " + ", ".join(missing)), "missing")


def _check_headings(
    problem: Callable[[int, str], Problem], line: int, heading: tuple[str, ...], spec: TableSpec,
    languages: Sequence[str | None],
) -> list[Problem]:
    """Each column's heading is the engine column's, in the page's language: a column headed
    "Ranged" over the melee values would state the opposite of the engine."""
    problems = []
    for number, (shown, key) in enumerate(zip(heading, spec.headings, strict=True), start=1):
        if _plain(shown) not in {_plain(word(key, lang or "en")) for lang in languages}:
            problems.append(problem(line, f"column {number} is headed `{shown}`, the engine's column {number} "
                                          f"is `{word(key, languages[0] or 'en')}`"))
    return problems


def _check_cell(
    problem: Callable[[int, str], Problem], line: int, row: str, column: str, cell: str, want: Want,
    spec: TableSpec, language: str | None,
) -> list[Problem]:
    where = f"row `{row}`, column `{column}`"
    try:
        value, marks, percent = parse_cell(cell, language)
    except ValueError as error:
        return [problem(line, f"{where}: {error}")]
    digits = {mark: note for note, mark in spec.markers.items()}
    unknown = [mark for mark in marks if mark not in digits]
    notes = frozenset(digits[mark] for mark in marks if mark in digits)
    said = {_plain(", " + ", ".join(word(key, lang) for key in want.noted)) if want.noted else ""
            for lang in ([language] if language in LANGUAGES else list(LANGUAGES))}
    if value != want.value or notes != want.footnotes or unknown or percent != want.percent \
            or cell_words(cell) not in said:
        return [problem(line, f"{where}: the page says `{cell}`, the engine says "
                              f"`{show(want, spec.markers, language)}`")]
    return []


__all__ = ["TABLES", "LineSpan", "MarkedTable", "TableSpec", "check_tables", "find_tables", "parse_cell", "split_row"]
