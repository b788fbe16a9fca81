"""Prose references: ``{{ example-id.field }}`` in a page's text, outside code.

A number the prose quotes from an example is written as a reference to the example's result
(or to ``given``), so the page renders the engine's value and the prose cannot drift.

Finding them costs time linear in the page: fences are the finder's (one pass over the lines),
code spans are matched run by run, and the reference pattern cannot backtrack across a ``{{``.
"""

from __future__ import annotations

import bisect
import functools
import io
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from rulecheck.engine.dice import DiceExpr
from rulecheck.errors import Problem, RuleError, shortened
from rulecheck.examples.capped import Capped
from rulecheck.examples.finder import Block, find_fences
from rulecheck.examples.front_matter import in_front_matter
from rulecheck.examples.line_index import ANY_LINE_END, LineIndex, Lines, offsets
from rulecheck.examples.raw_tags import Unshown, attributes, start_tags
from rulecheck.examples.schema import ParsedExample, written_id

#: ``{{ id.field }}``: the field's path may name a creature of a grid by its letter, small or capital
#: (``{{ id.given.grid.creatures.D.name }}``), so it keeps its case.
REFERENCE = re.compile(r"\{\{\s*(?P<id>[a-z0-9][a-z0-9-]*)\.(?P<field>[A-Za-z_][A-Za-z0-9_.]*)\s*\}\}")
#: What an author may have meant as a reference: ``{{``, then anything but braces on its line,
#: then ``}}``. Linear: each attempt stops at the next brace or line break.
LOOKALIKE = re.compile(r"\{\{[^{}\n]*\}\}")
#: A reference-style link's definition (``[label]: url "title"``): Markdown binds no value there.
_LINK_DEFINITION = re.compile(r" {0,3}\[(?!\^)[^\]\n]+\]:")  # not a footnote (`[^1]:`)


class RanExample(Protocol):
    """What a reference needs of an example's run (:class:`rulecheck.examples.outcome.Outcome` is one)."""

    @property
    def block(self) -> Block: ...

    @property
    def parsed(self) -> ParsedExample | None: ...

    @property
    def result(self) -> BaseModel | None: ...

    @property
    def id(self) -> str | None: ...

    @property
    def refusal(self) -> RuleError | None: ...


@dataclass(frozen=True)
class Reference:
    """One ``{{ id.field }}`` of a page: its offsets, 1-based line and column, and target."""

    start: int
    end: int
    line: int
    col: int
    example_id: str
    field: str


def find_references(text: str, masked: str | None = None) -> list[Reference]:
    """Every reference of a page, in order; code blocks and code spans hold none (``masked``:
    the page's :func:`mask_code`, when the caller has it)."""
    return list(iter_references(text, masked))


def iter_references(text: str, masked: str | None = None) -> Iterator[Reference]:
    """:func:`find_references` one at a time, none of them held (a page can hold a million)."""
    masked = mask_code(text) if masked is None else masked
    lines = LineIndex(masked)  # each reference placed by bisection: the page is read once, not once a reference
    for match in REFERENCE.finditer(masked):
        line, col = lines.line_col(match.start())
        yield Reference(match.start(), match.end(), line, col, match["id"], match["field"])


@functools.lru_cache(maxsize=2)  # a page's checks ask for it several times in a row
def mask_code(text: str) -> str:
    """``text`` with every fenced block and code span blanked: same length, same line breaks, so
    offsets in the result are offsets in ``text``.

    Written as it is read, in memory linear in the page with a small constant whatever its lines
    (a page of 5 MB of line ends took 300 MB when every line was a string of a list): the fences
    come one at a time from the page's :class:`~rulecheck.examples.line_index.Lines`, and between
    them only the lines that hold a backtick are cut out of the text, to blank their code spans."""
    lines = Lines(text)
    out = io.StringIO()
    written = 0  # the text is written up to here
    for fence in find_fences(lines):
        if not fence.closed:
            continue
        first = lines.start(fence.start)
        _write_prose(out, text, written, first)
        for index in range(fence.start, fence.end + 1):  # each line blanked, its line end kept
            start, end = lines.start(index), lines.end(index)
            out.write(" " * (end - start))
            written = lines.start(index + 1) if index + 1 < len(lines) else len(text)
            out.write(text[end:written])
    _write_prose(out, text, written, len(text))
    return out.getvalue()


def find_outside_code(text: str, needle: str) -> int:
    """Where ``needle`` first stands in ``text`` outside its fenced blocks and code spans, or -1:
    a plugin's marker shown in code (`` `<!-- rulecheck-cast -->` ``, an example of a page in a
    fence) is text to show, not a place to fill."""
    # Masking keeps the prose as written and its offsets: a find in it is a find in the text.
    return mask_code(text).find(needle) if needle in text else -1


def _write_prose(out: io.StringIO, text: str, start: int, stop: int) -> None:
    """Write ``text[start:stop]`` (whole lines, ``start`` at a line's start or at a line end) with
    each line's code spans blanked. Only a line holding a backtick is cut out; a line's bounds are
    found from its backtick, never past the previous line end or the next one."""
    at = start
    while (tick := text.find("`", at, stop)) >= 0:
        line_start = max(text.rfind("\n", at, tick), text.rfind("\r", at, tick)) + 1 or at
        ended = ANY_LINE_END.search(text, tick, stop)
        line_end = ended.start() if ended else stop
        out.write(text[at:line_start])
        _write_spans(out, text[line_start:line_end])
        at = line_end
    out.write(text[at:stop])


def _write_spans(out: io.StringIO, line: str) -> None:
    """Write ``line`` with its code spans blanked: a run of backticks up to the next run of the same
    length. Each run is looked at twice at most, whatever the line holds; the runs are kept in
    arrays (4 bytes each), not as objects."""
    starts, lengths = offsets(len(line)), offsets(len(line))  # of each run of backticks
    escaped = bytearray()  # a run after an odd number of backslashes opens no span (Markdown's own rule)
    position = line.find("`")
    while position >= 0:
        end = position
        while end < len(line) and line[end] == "`":
            end += 1
        starts.append(position)
        lengths.append(end - position)
        before = position
        while before > 0 and line[before - 1] == "\\":
            before -= 1
        escaped.append((position - before) % 2)
        position = line.find("`", end)
    following = offsets(len(line))  # the next run of the same length, -1 for none
    following.extend(itertools.repeat(-1, len(starts)))
    last: dict[int, int] = {}  # by length: as many as the line holds different lengths
    for index in range(len(starts) - 1, -1, -1):
        following[index] = last.get(lengths[index], -1)
        last[lengths[index]] = index
    written = index = 0
    while index < len(starts):
        close = following[index]
        if close < 0 or escaped[index]:
            index += 1
            continue
        start, end = starts[index], starts[close] + lengths[close]
        out.write(line[written:start])
        out.write(" " * (end - start))
        written, index = end, close + 1
    out.write(line[written:])


def resolve_reference(outcomes: Mapping[str, RanExample], example_id: str, field_name: str) -> Any:
    """The value a reference points to; raises ``LookupError`` with a reason when it cannot."""
    outcome = outcomes.get(example_id)
    if outcome is None:
        raise LookupError(f"no example `{example_id}` on this page")
    value: Any = outcome.result
    parts = field_name.split(".")
    if parts[0] == "given" and outcome.parsed is not None:
        value, parts = outcome.parsed.example.given, parts[1:]
    elif outcome.refusal is not None:
        raise LookupError(f"example `{example_id}` shows a refusal: it has no result, only `given`")
    elif outcome.result is None:
        raise LookupError(f"example `{example_id}` has no result (it did not run)")
    for depth, part in enumerate(parts):
        if isinstance(value, Mapping):  # keys the example writes, such as a grid's creature letters
            keys = [str(key) for key in value]
            found = part if part in value else None
        else:
            fields = type(value).model_fields if isinstance(value, BaseModel) else {}
            keys = [info.alias or name for name, info in fields.items()]
            # By the key an example writes (``dex``) or the model's own name (``dexterity``).
            found = next((name for name, info in fields.items() if part in (name, info.alias)), None)
        if found is None:
            other_case = [key for key in keys if key.lower() == part.lower()]
            written = field_name.split(".")
            at = len(written) - len(parts) + depth  # `given.` was read off the front
            meant = ".".join([*written[:at], other_case[0], *written[at + 1:]]) if other_case else None
            raise LookupError(f"example `{example_id}` has no field `{field_name}`"
                              + (f". Hint: did you mean `{{{{ {example_id}.{meant} }}}}`?" if meant else ""))
        value = value[found] if isinstance(value, Mapping) else getattr(value, found)
    if not _quotable(value):
        raise LookupError(f"`{field_name}` of example `{example_id}` is {_group_of(value)}, not one value that "
                          f"prose can quote{_members(value, example_id, field_name)}")
    return value


#: The most characters a value prose quotes may show: a number, a name, dice notation (the site's
#: longest is 11). A map quoted ten times in a heading made a title of 18,000 characters copied into
#: every page's navigation, and each of its punctuation characters an entity that Markdown's inline
#: stage read again for every one (30 references in a paragraph: 8 s of build).
MAX_QUOTED_CHARS = 80


def quoted_length(value: Any) -> int:
    """The characters ``value`` shows as prose quotes it, about (a list's items and their commas)."""
    if isinstance(value, list | tuple):
        return sum(quoted_length(item) + 2 for item in value)
    return len(str(value))


def _quotable(value: Any) -> bool:
    """Whether prose can show ``value`` as the reader reads it: a number, a word, a name, dice
    notation, or a flat list of those; never a group of fields, whose text would be its Python form."""
    if isinstance(value, list | tuple):
        return all(_scalar(item) for item in value)
    return _scalar(value)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str | DiceExpr)


def _group_of(value: Any) -> str:
    if isinstance(value, list | tuple):
        inner = next(item for item in value if not _scalar(item))
        return "a list of groups of fields" if isinstance(inner, BaseModel) else "a list of lists"
    return "a group of fields" if isinstance(value, BaseModel) else "a group of values"


def _members(value: Any, example_id: str, field_name: str) -> str:
    """A hint naming the values a group holds, when it is a group of fields."""
    if not isinstance(value, BaseModel):
        return ". Hint: quote one number or word of the result, such as a field its `expect` can hold"
    names = [info.alias or name for name, info in type(value).model_fields.items() if _scalar(getattr(value, name))]
    if not names:
        return ""
    return (f" ({', '.join(names[:6])}{', …' if len(names) > 6 else ''}). "
            f"Hint: quote one of them, such as `{{{{ {example_id}.{field_name}.{names[0]} }}}}`")


@dataclass(frozen=True)
class Lookalike:
    """Text outside code that starts like a reference and is not one: 1-based line and column,
    what is written (up to its ``}}``, or to the end of its line), and a valid form, if any."""

    line: int
    col: int
    written: str
    meant: str | None


def find_lookalikes(text: str, masked: str | None = None) -> list[Lookalike]:
    """Every ``{{`` of the page's text (outside code) that does not open a valid reference."""
    return list(iter_lookalikes(text, masked))


def iter_lookalikes(text: str, masked: str | None = None) -> Iterator[Lookalike]:
    """:func:`find_lookalikes` one at a time, none of them held, nor the valid references."""
    masked = mask_code(text) if masked is None else masked
    valid = REFERENCE.finditer(masked)  # read along with the lookalikes, never behind them
    current = next(valid, None)
    at = masked.find("{{")
    lines = LineIndex(masked)
    while at >= 0:
        while current is not None and current.end() <= at:
            current = next(valid, None)
        if current is not None and current.start() <= at + 1:  # `{{{ a.b }}}`: a reference, braced
            at = masked.find("{{", current.end())
            continue
        closed = LOOKALIKE.match(masked, at)
        end = closed.end() if closed else lines.end(lines.line(at))
        written = text[at:end].rstrip()
        yield Lookalike(*lines.line_col(at), written[:80], _meant(written, closed is not None))
        at = masked.find("{{", max(end, at + 2))


def _meant(written: str, closed: bool) -> str | None:
    """The valid reference a lookalike may mean: case, spaces around the dot and a filter dropped,
    ``_`` in the id read as ``-`` (``{{ Elara_Parry . Damage|round }}`` → ``{{ elara-parry.damage }}``);
    an unclosed one, closed (``{{ a.b`` → ``{{ a.b }}``)."""
    inner = written.removeprefix("{{")
    if not closed:
        start = _UNCLOSED_START.match(inner)
        return f"{{{{ {start[1]} }}}}" if start else None
    inner = inner.removesuffix("}}").split("|")[0]
    parts = [part.strip() for part in inner.split(".")]
    if len(parts) < 2 or any(not part or any(char.isspace() for char in part) for part in parts):
        return None
    meant = f"{{{{ {parts[0].lower().replace('_', '-')}.{'.'.join(parts[1:]).lower()} }}}}"
    return meant if REFERENCE.fullmatch(meant) else None


_UNCLOSED_START = re.compile(r"\s*([a-z0-9][a-z0-9-]*\.[a-z_](?:[a-z0-9_.]*[a-z0-9_])?)(?![^\s}])")


#: The attributes whose value a page shows as text (a tooltip, a label), where a bound value is
#: escaped as any text is; any other (an address, a script, a style) would run or load it.
TEXT_ATTRIBUTES = frozenset({"title", "alt", "aria-label"})


class _RawTags:
    """Where a page's raw HTML tags stand (code masked), found once; for an offset, the attribute
    whose value holds it, or "" in a tag outside any value, or None outside every tag. Each tag's
    attributes are read once, the first time an offset falls in it."""

    def __init__(self, masked: str) -> None:
        self.masked = masked
        self.tags = [tag.span() for tag in start_tags(masked)]
        self.starts = [start for start, _ in self.tags]
        self.values: dict[int, tuple[list[int], list[tuple[int, str]]]] = {}

    def attribute_at(self, at: int) -> str | None:
        index = bisect.bisect_right(self.starts, at) - 1
        if index < 0 or not self.tags[index][0] < at < self.tags[index][1]:
            return None
        if index not in self.values:
            start, end = self.tags[index]
            spans = [(attribute.start, attribute.end, attribute.name)
                     for attribute in attributes(self.masked[start:end], start) if attribute.value is not None]
            self.values[index] = ([begin for begin, _, _ in spans], [(finish, name) for _, finish, name in spans])
        begins, rest = self.values[index]
        value = bisect.bisect_right(begins, at) - 1
        return rest[value][1] if value >= 0 and at < rest[value][0] else ""


#: The opening of an attribute list (``{: #id .class key="value" }``, or ``{ … }`` after a heading or a
#: link) up to a reference that stands as the value of its last key.
_LIST_VALUE = re.compile(r"""\{:?[ \t]*(?:[^{}\n]*[ \t])?(?P<key>[^\s{}=]+)[ \t]*=[ \t]*["']?\Z""")


def attribute_list_key(text: str, at: int) -> str | None:
    """The key of the attribute list (Markdown's ``attr_list``) whose value holds offset ``at``,
    or None: ``{: onclick="{{ a.b }}" }`` gives the paragraph an ``onclick``, whatever the tag."""
    # A list holds no `}` before the value: look back no further than the last one (or the line's
    # start), so that a line of many references is read once, not once for each of them.
    closed = text.rfind("}", 0, at)
    start = max(closed, text.rfind("\n", closed + 1, at)) + 1
    opened = text.rfind("{", start, at)
    while opened > start and text[opened - 1] == "{":  # `{{`: a reference's own braces, not a list
        opened = text.rfind("{", start, opened - 1)
    if opened < 0:
        return None
    found = _LIST_VALUE.match(text, opened, at)
    return found["key"].lower() if found else None


def in_link_target(text: str, at: int) -> bool:
    """Whether offset ``at`` lies in a link's destination or title (``[x](here "or here")``) or in
    a reference-style link's definition, where Markdown would not show a bound value."""
    return _LinkTargets(text).holds(at)


class _LinkTargets:
    """:func:`in_link_target` for growing offsets of one text, each character read once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.scanned = -1  # the text is read up to here; -1 before the first offset
        self.inside = self.definition = False

    def holds(self, at: int) -> bool:
        text = self.text
        line_end = text.rfind("\n", max(self.scanned, 0), at)
        if self.scanned < 0 or line_end >= 0:  # a new line: a link opened before does not reach here
            start = text.rfind("\n", 0, at) + 1 if self.scanned < 0 else line_end + 1
            self.scanned, self.inside = start, False
            self.definition = _LINK_DEFINITION.match(text, start, at) is not None
        opened, closed = text.rfind("](", self.scanned, at), text.rfind(")", self.scanned, at)
        self.inside = opened > closed if opened >= 0 else self.inside and closed < 0
        self.scanned = at
        return self.definition or self.inside


def check_references(path: str, text: str, ran: Sequence[RanExample]) -> list[Problem]:
    """A located problem for each reference that points at no example or no field, stands where
    Markdown cannot show it, and for each lookalike that is not a reference at all; past the first
    few of a kind, a summary (:class:`~rulecheck.examples.capped.Capped`)."""
    outcomes = {o.id: o for o in ran if o.id}
    broken = {written_id(o.block.source) for o in ran if o.parsed is None}
    problems = Capped()
    masked = mask_code(text)
    for lookalike in iter_lookalikes(text, masked):
        hint = f"did you mean `{lookalike.meant}`?" if lookalike.meant else (
            "a reference is `{{ example-id.field }}`: an example's id (lowercase letters, digits and dashes), "
            "a dot, a field (lowercase letters, digits, `_` and dots), nothing else")
        problems.add(Problem(path=path, line=lookalike.line, col=lookalike.col, kind="reference",
                             message=f"`{lookalike.written}` looks like a prose reference but is not one. "
                                     f"Hint: {hint}"), "lookalike")
    targets, tags = _LinkTargets(text), _RawTags(masked)
    unshown = Unshown(masked)
    header = in_front_matter(text)
    for ref in iter_references(text, masked):
        if ref.start < header:
            problems.add(Problem(
                path=path, line=ref.line, col=ref.col, example_id=ref.example_id, field=ref.field, kind="reference",
                message="prose reference in the page's front matter, which MkDocs gives its templates as data: "
                        "it would show as written, never bound. Hint: quote the value in the page's text"),
                "front-matter")
            continue
        hidden = unshown.around(ref.start)
        if hidden is not None:
            problems.add(Problem(
                path=path, line=ref.line, col=ref.col, example_id=ref.example_id, field=ref.field, kind="reference",
                message=f"prose reference inside {hidden}, whose content the page does not show as text: the "
                        "value would be hidden (one language could quote what the other hides) or read as code. "
                        "Hint: quote the value in the page's text"), "unshown")
            continue
        attribute = tags.attribute_at(ref.start)
        if attribute is None:
            attribute = attribute_list_key(masked, ref.start)
        if attribute is not None and attribute not in TEXT_ATTRIBUTES:
            where = f"the `{shortened(attribute)}` attribute" if attribute else "the tag itself, outside any value,"
            problems.add(Problem(
                path=path, line=ref.line, col=ref.col, example_id=ref.example_id, field=ref.field, kind="reference",
                message=f"prose reference in {where} of a raw HTML tag or an attribute list ({{: … }}), where the "
                        "page would not show it as text: "
                        "a bound value there could be an address, a script or a style. Only "
                        f"{', '.join(f'`{name}`' for name in sorted(TEXT_ATTRIBUTES))} take one. Hint: quote the "
                        "value in the page's text"), "raw-html")
            continue
        if targets.holds(ref.start):
            problems.add(Problem(
                path=path, line=ref.line, col=ref.col, example_id=ref.example_id, field=ref.field, kind="reference",
                message="prose reference in a link's address or title, where the page cannot show it. "
                        "Hint: quote the value in the link's text or beside the link"), "link")
            continue
        try:
            value = resolve_reference(outcomes, ref.example_id, ref.field)
            if (length := quoted_length(value)) > MAX_QUOTED_CHARS:
                problems.add(Problem(
                    path=path, line=ref.line, col=ref.col, example_id=ref.example_id, field=ref.field,
                    kind="reference", message=(
                        f"prose reference to a value of some {length:,} characters, and prose quotes at most "
                        f"{MAX_QUOTED_CHARS}: a number, a name, dice. Hint: quote a shorter field, or write "
                        "the text")), "too-long")
        except LookupError as error:
            target = outcomes.get(ref.example_id)
            if ref.example_id in broken or (target is not None and target.result is None and target.refusal is None):
                continue  # the example's own problem already explains it
            problems.add(Problem(path=path, line=ref.line, col=ref.col, example_id=ref.example_id,
                                 field=ref.field, kind="reference", message=f"prose reference: {error}"), "unbound")
    return problems.problems
