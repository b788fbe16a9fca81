"""Safe YAML with positions: the data of a block and the line and column of every field.

Only plain data is accepted: no anchors or aliases (no billion laughs), no tags at all (a tag
changes what the text reads as: ``!!int "010"`` is 8, ``! 15`` is text), a bounded depth and
size, no duplicate keys.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import yaml

from rulecheck.errors import FieldPath, RulecheckError, shortened
from rulecheck.examples.line_index import line_col

MAX_DEPTH = 20
MAX_CHARS = 100_000
Span = tuple[int, int, int, int]
#: The values a plain scalar may resolve to; YAML 1.1 also gives ``=`` (the "value" key) and
#: ``<<`` (a merge key) tags of their own, which no example means: they are refused, located.
_DATA_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "timestamp"))
_OPENING = (yaml.MappingStartEvent, yaml.SequenceStartEvent)


class YamlError(RulecheckError):
    """Text that is not acceptable example YAML; ``line``/``col`` are 1-based in the text."""

    def __init__(self, message: str, line: int, col: int | None = None, *, hint: str | None = None,
                 context: str | None = None, context_line: int | None = None) -> None:
        super().__init__(message, hint=hint)
        self.line = line
        self.col = col
        #: What the parser was reading (``while parsing a flow mapping``) and the line it began.
        self.context = context
        self.context_line = context_line
        #: The refusals of other values met after this one, in the text's order: one block says
        #: every value it refuses at once (an alias, a tag or a syntax error stops the reading alone).
        self.more: tuple[YamlError, ...] = ()

    def every(self) -> tuple[YamlError, ...]:
        """This refusal and those after it."""
        return (self, *self.more)


@dataclass(frozen=True)
class Located:
    """Parsed data, and for each field path its (line, column), both 1-based in the text."""

    data: Any
    positions: dict[FieldPath, tuple[int, int]]
    #: For each scalar value: (line, column, end line, end column), 1-based, end exclusive.
    spans: dict[FieldPath, Span] = field(default_factory=dict)

    def position(self, path: FieldPath) -> tuple[int, int]:
        """The position of ``path``, or of its nearest located parent."""
        for cut in range(len(path), -1, -1):
            if path[:cut] in self.positions:
                return self.positions[path[:cut]]
        return (1, 1)


def load(text: str, what: str = "example") -> Located:
    """Parse one example's YAML (or ``what`` else: ``this file`` for the cast, whose problems name
    it) with the safe loader; every refusal is a located :class:`YamlError`."""
    if len(text) > MAX_CHARS:
        raise YamlError(f"{what} is {len(text):,} characters long; the limit is {MAX_CHARS:,}", 1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate, from text that was never UTF-8
        raise YamlError(f"a lone surrogate (U+{ord(text[error.start]):04X}) is not a character",
                        *line_col(text, error.start)) from None
    within = "the example" if what == "example" else what  # where a refused character or construct is
    for char, why, hint in _REFUSED_CHARS:
        if char in text:
            spaces_only = "examples use spaces only" if what == "example" else "YAML allows only spaces"
            raise YamlError(why.format(within=within, spaces_only=spaces_only), *line_col(text, text.index(char)),
                            hint=hint)
    where = "examples" if what == "example" else what
    try:
        return _Builder(text, _FAST, where).located()
    except yaml.YAMLError:
        # libyaml found something wrong: PyYAML's own parser says what, in better words.
        try:
            return _Builder(text, yaml.SafeLoader, where).located()
        except yaml.YAMLError as error:
            raise _located(error, text) from None


#: Characters refused before parsing: parsers disagree on them, or would count a line break
#: that Markdown does not.
_REFUSED_CHARS = (
    # libyaml takes a tab between tokens, PyYAML does not: refuse it so both agree.
    ("\t", "a tab character, where {spaces_only}", "indent and separate with spaces"),
    ("\ufeff", "byte-order mark inside {within}", "save the page as UTF-8 without BOM"),
    ("\u2028", "Unicode line separator (U+2028) inside {within}", "use an ordinary line break"),
    ("\u2029", "Unicode paragraph separator (U+2029) inside {within}", "use an ordinary line break"),
    ("\x85", "next-line control character (U+0085) inside {within}", "use an ordinary line break"),
)


def _located(error: yaml.YAMLError, text: str) -> YamlError:
    """A PyYAML error as a :class:`YamlError` at its line and column."""
    if isinstance(error, yaml.reader.ReaderError):
        line, col = line_col(text, error.position)
        code = error.character if isinstance(error.character, int) else ord(str(error.character)[:1] or "?")
        return YamlError(f"invalid control character U+{code:04X} in YAML",
                         line, col, hint="remove it or write it as an escape in a double-quoted string")
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "invalid YAML"
        hint = None
        if "'\\t'" in problem or "\t" in problem:
            problem, hint = "a tab character, where YAML allows only spaces", "indent and separate with spaces"
        elif "another document" in problem:
            problem, hint = "a second YAML document (`---`) in one example", "one example per block"
        elif "<block end>" in problem or "<block mapping start>" in problem:
            hint = "check the indentation of this line and of the line above"
        context = error.context if error.context_mark is not None else None
        return YamlError(f"invalid YAML: {problem}", (mark.line + 1) if mark else 1,
                         (mark.column + 1) if mark else None, hint=hint, context=context,
                         context_line=error.context_mark.line + 1 if error.context_mark else None)
    return YamlError(f"invalid YAML: {error}", 1)


#: libyaml's safe loader when PyYAML was built with it (ten times faster), else the pure-Python one.
_FAST: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Builder:
    """Builds a block's data in one pass over the parser's events, refusing what examples may
    not hold as it meets it: aliases and anchors (no billion laughs), tags that build objects,
    nesting deeper than :data:`MAX_DEPTH`, merge keys, duplicate keys, keys that are not words.

    Scalars are resolved and constructed as PyYAML's composer and safe constructor would; a
    plain word that no implicit resolver of YAML 1.1 claims is text at once, without them.
    """

    def __init__(self, text: str, loader_class: type[yaml.SafeLoader], where: str = "examples") -> None:
        self._where = where  # what the text is, in a refusal's words: "examples", "this file"
        self._text = text
        self._events = yaml.parse(text, Loader=loader_class)
        self._constructor = yaml.SafeLoader("")
        self.positions: dict[FieldPath, tuple[int, int]] = {}
        self.spans: dict[FieldPath, Span] = {}
        self._depth = 0
        #: The values refused while building: the scan goes on, to find them all, and since an
        #: alias, a tag or a deep nesting anywhere in the text is refused first, as before any value
        #: is built.
        self._refusals: list[YamlError] = []

    def located(self) -> Located:
        documents: list[Any] = []  # the start mark of each document
        for event in self._events:
            if isinstance(event, yaml.DocumentStartEvent):
                if documents:
                    raise yaml.composer.ComposerError(
                        "expected a single document in the stream", documents[0],
                        "but found another document", event.start_mark)  # type: ignore[arg-type]
                documents.append(event.start_mark)
                data = self._value(self._next(), ())
        if self._refusals:
            first, first.more = self._refusals[0], tuple(self._refusals[1:])
            raise first
        if not documents:
            return Located(None, {})
        return Located(data, self.positions, self.spans)

    def _next(self) -> yaml.Event:
        event = next(self._events)
        self._screen(event)
        return event

    def _screen(self, event: yaml.Event) -> None:
        kind = event.__class__
        if kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            self._depth -= 1
            return
        if kind is not yaml.ScalarEvent and kind not in _OPENING and kind is not yaml.AliasEvent:
            return  # the stream's and the document's own events: no anchor, no tag
        mark = event.start_mark
        assert mark is not None  # the parser marks every event
        if kind is yaml.AliasEvent or getattr(event, "anchor", None):
            raise YamlError(
                f"YAML anchors and aliases are not allowed in {self._where}", mark.line + 1, mark.column + 1,
                hint="write each value out in full",
            )
        tag = getattr(event, "tag", None)
        if tag is not None:  # any tag the text writes, `!` and `!!str` included: none is plain data
            shown = "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag
            holds = "examples hold" if self._where == "examples" else f"{self._where} holds"
            raise YamlError(f"YAML tag `{shortened(shown)}` is not allowed in {self._where}", mark.line + 1,
                            mark.column + 1, hint=f"{holds} plain data: text, numbers, lists and mappings")
        if kind is not yaml.ScalarEvent:
            self._depth += 1
            if self._depth > MAX_DEPTH:
                raise YamlError(f"example nested deeper than {MAX_DEPTH} levels", mark.line + 1, mark.column + 1)

    def _refuse(self, error: YamlError) -> None:
        self._refusals.append(error)

    def _value(self, event: yaml.Event, path: FieldPath, *, recorded: bool = True) -> Any:
        """The value that starts with ``event``, its events consumed; ``None`` once refused.
        ``recorded``: its positions and spans are kept (not for a key, nor a value read past)."""
        if recorded:
            self.positions.setdefault(path, _position(event))
        kind = event.__class__
        if kind is yaml.MappingStartEvent:
            return self._mapping(path, recorded)
        if kind is yaml.SequenceStartEvent:
            items: list[Any] = []
            while (item := self._next()).__class__ is not yaml.SequenceEndEvent:
                items.append(self._value(item, (*path, len(items)), recorded=recorded))
            return items
        assert isinstance(event, yaml.ScalarEvent)
        if recorded:
            start, end = event.start_mark, event.end_mark
            assert start is not None and end is not None  # the parser marks every event
            self.spans[path] = (start.line + 1, start.column + 1, end.line + 1, end.column + 1)
        return self._scalar(event)

    def _mapping(self, path: FieldPath, recorded: bool) -> dict[str, Any]:
        result: dict[str, Any] = {}
        while (key_event := self._next()).__class__ is not yaml.MappingEndEvent:
            refused_before = len(self._refusals)
            if isinstance(key_event, yaml.ScalarEvent):
                tag = self._tag(key_event)
                if tag == "tag:yaml.org,2002:merge":
                    self._refuse(YamlError(f"YAML merge keys (`<<`) are not allowed in {self._where}",
                                           *_position(key_event), hint="write each value out in full"))
                    name = None
                else:
                    name = self._scalar(key_event, tag)
            else:
                name = self._value(key_event, (*path, "<key>"), recorded=False)
            value_event = self._next()
            if len(self._refusals) > refused_before:  # the key refused already: its value is still read
                self._value(value_event, path, recorded=False)
                continue
            if not isinstance(name, str | int) or isinstance(name, bool):
                self._refuse(YamlError("mapping keys must be words", *_position(key_event)))
            elif str(name) in result:
                self._refuse(YamlError(f"duplicate key `{name}`", *_position(key_event), hint="keep one of the two"))
            else:
                name = str(name)
                if recorded:
                    self.positions[(*path, name)] = _position(key_event)
                result[name] = self._value(value_event, (*path, name), recorded=recorded)
                continue
            self._value(value_event, path, recorded=False)
        return result

    def _tag(self, event: yaml.ScalarEvent) -> str:
        tag = event.tag
        if tag is None or tag == "!":
            value = event.value
            if event.implicit[0] and _text_in_both(value):
                return "tag:yaml.org,2002:str"  # what the resolver would say, without its regexes
            tag = self._constructor.resolve(yaml.ScalarNode, value, event.implicit)  # type: ignore[no-untyped-call]
        return str(tag)

    def _char_position(self, event: yaml.ScalarEvent, char: str) -> tuple[int, int]:
        """Where ``char`` of a scalar's value is written: the character itself, or the escape that
        makes it (``\\u200b``); a value of several lines was reported at its first, where nobody
        could find an invisible character."""
        if event.start_mark is None or event.end_mark is None:
            return _position(event)
        start, end = event.start_mark.index, event.end_mark.index
        source = self._text[start:end]
        at = source.find(char)
        if at < 0:
            at = next((escape.start() for escape in _ESCAPE.finditer(source) if _unescaped(escape) == char), -1)
        return line_col(self._text, start + at) if at >= 0 else _position(event)

    def _scalar(self, event: yaml.ScalarEvent, tag: str | None = None) -> Any:
        """A scalar's value (its ``tag`` when already resolved); ``None`` when refused."""
        if tag is None and event.tag is None and event.implicit[0] and _DECIMAL.fullmatch(event.value):
            return int(event.value)  # a plain whole number: the same in YAML 1.1 and 1.2, no resolver needed
        tag = tag or self._tag(event)
        if tag not in _DATA_TAGS:  # `=` or `<<` where a value stands
            self._refuse(YamlError(f"`{event.value}` is no value in YAML 1.1 and the text "
                                   f"{json.dumps(event.value)} in YAML 1.2: ambiguous", *_position(event),
                                   hint=f'quote it ("{event.value}") for text'))
            return None
        if tag == "tag:yaml.org,2002:str":
            value: Any = event.value
            if event.style == '"' and _SURROGATE.search(value):  # only an escape makes one
                value = _PAIR.sub(_joined, value)  # JSON writes an astral character so: "\ud83d\udc3a"
                if _SURROGATE.search(value):
                    self._refuse(_surrogate_error(value, event))
                    return None
            if (hidden := _INVISIBLE.search(value)) is not None:
                self._refuse(_invisible_error(hidden.group(), *self._char_position(event, hidden.group())))
                return None
            if (control := _ESCAPED_CONTROL.search(value)) is not None:  # only an escape makes one
                self._refuse(_control_error(control.group(), *self._char_position(event, control.group())))
                return None
            if (nonchar := _NONCHARACTER.search(value)) is not None:  # likewise
                self._refuse(_nonchar_error(nonchar.group(), *self._char_position(event, nonchar.group())))
                return None
            if event.style or _text_in_both(value):
                return value  # quoted, or a word that both YAML 1.1 and 1.2 read as text
        else:
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark,  # type: ignore[arg-type]
                                   event.style)
            try:
                value = self._constructor.construct_object(node, deep=True)
            except yaml.MarkedYAMLError as error:
                self._refuse(YamlError(f"invalid YAML value: {error.problem}", *_position(event)))
                return None
            except (ValueError, OverflowError):  # e.g. an integer of thousands of digits
                self._refuse(too_large(event.value, *_position(event)))
                return None
            if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
                self._refuse(too_large(event.value, *_position(event)))  # « 0xfff… »: no rule counts that far
                return None
        if not event.style:  # plain: libyaml says "", PyYAML None
            try:
                _refuse_yaml_11_only(event.value, value, event)
            except YamlError as error:
                self._refuse(error)
                return None
        return value


#: First characters of a plain scalar that a YAML 1.1 implicit resolver may claim (``010``,
#: ``yes``, ``~``), or that may start a YAML 1.2 core value; ``None`` if a resolver may claim
#: any scalar.
_CLAIMABLE: frozenset[str] | None = (
    None if None in yaml.SafeLoader.yaml_implicit_resolvers
    else frozenset({"", *"+-.0123456789nNtTfF~",
                    *(first for first in yaml.SafeLoader.yaml_implicit_resolvers if first)})
)


#: A plain whole number in decimal, no leading zero, no underscore, of a size any parser reads.
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,17})")


def _text_in_both(plain: str) -> bool:
    """Whether a plain scalar is text under YAML 1.1 and 1.2 alike, known from its first character
    (most words of an example are): then it needs neither the resolvers nor the ambiguity check."""
    return _CLAIMABLE is not None and plain[:1] not in _CLAIMABLE


def _position(event: yaml.Event) -> tuple[int, int]:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


_SURROGATE = re.compile("[\ud800-\udfff]")

#: Characters a reader does not see that change how the text around them reads or compares:
#: Unicode's format characters (bidi overrides and isolates, zero-width spaces and joiners, the
#: soft hyphen…) and its other default-ignorable code points (variation selectors, the combining
#: grapheme joiner, fillers). In data, a right-to-left override shows a checked 23 as 32, and two
#: zero-width spaces make a second "Elara". Unicode 14 (Python 3.11): categories Cf and
#: Default_Ignorable_Code_Point.
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u115f-\u1160\u17b4-\u17b5"
    "\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0"
    "\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]")


#: The control characters YAML refuses written raw but decodes from an escape (``"\\0"``, ``"\\e"``,
#: ``"\\x01"``, ``"\\L"``): the C0 and C1 controls but tab and line feed, DEL, and the line and
#: paragraph separators. Written into a page or an SVG, a NUL or an ESC made a file no XML reader
#: opens, and a terminal's colours change.
_ESCAPED_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


#: Unicode's noncharacters, which YAML refuses written raw but decodes from an escape
#: (``"\uFFFF"``): no XML reader opens a page or a map that holds U+FFFE or U+FFFF.
_NONCHARACTER = re.compile("[\ufdd0-\ufdef" + "".join(
    f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17)) + "]")
#: A high surrogate then a low one: one astral character, as JSON (and YAML, a superset) writes it.
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


#: An escape of a double-quoted YAML scalar that makes one character.
_ESCAPE = re.compile(r"\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[0abtnvfreN_LP])")
_NAMED_ESCAPES = {"0": "\x00", "a": "\x07", "b": "\x08", "t": "\t", "n": "\n", "v": "\x0b", "f": "\x0c",
                  "r": "\r", "e": "\x1b", "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}


def _unescaped(escape: re.Match[str]) -> str:
    code = escape.group()[1:]
    return _NAMED_ESCAPES[code] if len(code) == 1 else chr(int(code[1:], 16))


def _joined(pair: re.Match[str]) -> str:
    high, low = ord(pair.group()[0]), ord(pair.group()[1])
    return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))


def _nonchar_error(char: str, line: int, column: int) -> YamlError:
    """A noncharacter an escape put in a value: Unicode keeps it out of text."""
    return YamlError(f"a noncharacter (U+{ord(char):04X}) in a value, written as an escape: Unicode keeps it out of "
                     "text, and no page or picture holding it opens", line, column, hint="delete its escape")


def _control_error(char: str, line: int, column: int) -> YamlError:
    """A control character an escape put in a value: no page or picture can show it."""
    return YamlError(f"a control character (U+{ord(char):04X}) in a value, written as an escape: no page, picture "
                     "or report can show it", line, column, hint="delete its escape (a line break is \\n)")


def _invisible_error(char: str, line: int, column: int) -> YamlError:
    """An invisible character in a value: what it would do to the page, and where it is."""
    name = unicodedata.name(char, "a format character")
    return YamlError(f"an invisible character (U+{ord(char):04X}, {name}) in a value: it changes how the text "
                     "around it reads, and no reader sees it", line, column,
                     hint="delete it (retype the value if you cannot find it)")


def _surrogate_error(text: str, event: yaml.Event) -> YamlError:
    """A lone surrogate (``"\\ud800"``) is no character: no page, report or JSON can hold it."""
    char = _SURROGATE.search(text)
    assert char is not None
    return YamlError(f"a lone surrogate (U+{ord(char.group()):04X}) is not a character", *_position(event),
                     hint="write the character itself, or its pair of surrogates as one `\\U` escape")


def _refuse_yaml_11_only(text: str, value: Any, node: yaml.Event) -> None:
    """Examples read plain scalars as the YAML 1.2 core schema does. Where YAML 1.1 (PyYAML's
    resolver) reads the same text otherwise (``010`` is 8 there, 10 here; ``1:00`` is 60 there,
    text here; ``yes`` is true there), the example says neither silently: a located refusal."""
    core = core_value(text)
    if any(isinstance(read, float) and math.isinf(read) for read in (core, value)) and "inf" not in text.lower():
        raise too_large(text, *_position(node))  # « 1e309 »: a numeral past every float, read as infinity
    if type(core) is type(value) and (core == value or core != core):  # NaN equals nothing
        return
    quote = f'quote it ("{text}") for text'
    if _is_number(value) and _is_number(core):  # « 010 »: 8 or 10; a reader means 10, as YAML 1.2 reads it
        hint = f"write {_shown(core)} for the {_kind(core)}, or {quote}"
    elif isinstance(value, bool | int | float):
        hint = f"write {_shown(value)} for the {_kind(value)}, or {quote}"
    elif isinstance(value, str) and core is not None:
        hint = f"write {_shown(core)} for the {_kind(core)}, or {quote}"
    else:
        hint = quote
    raise YamlError(f"`{text}` is {_shown(value)} in YAML 1.1 but {_shown(core)} in YAML 1.2: ambiguous",
                    *_position(node), hint=hint)


#: The widest whole number an example may write: far past any level, total or face, and short of
#: the thousands of digits that would slow every message quoting it (or that Python will not print).
MAX_INT_BITS = 64


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def too_large(text: str, line: int, col: int) -> YamlError:
    """A number past what any rule takes (thousands of digits, or beyond every float: ``1e309``)."""
    said = (f"`{text}` is too large a number to read" if len(text) <= 24 else
            f"`{text[:12]}…{text[-6:]}`, a number of {len(text):,} characters, is too large to read")
    return YamlError(said, line, col, hint="write the number the rules take, such as 15")


def core_value(text: str) -> Any:
    """A plain scalar's value under the YAML 1.2 core schema (section 10.3.2)."""
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return text[0] in "tT"
    if _CORE_INT.fullmatch(text):
        return int(text, 0) if text[:2] in ("0o", "0x") else int(text)
    if _CORE_FLOAT.fullmatch(text):
        return float(text.replace(".inf", "inf").replace(".Inf", "inf").replace(".INF", "inf")
                     .replace(".nan", "nan").replace(".NaN", "nan").replace(".NAN", "nan"))
    return text


_CORE_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_CORE_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return "the text " + json.dumps(value, ensure_ascii=False)
    if isinstance(value, int | float):
        return str(value)
    return f"the {type(value).__name__} {value}"


def _kind(value: Any) -> str:
    return "yes/no value" if isinstance(value, bool) else "number" if isinstance(value, int | float) else "value"
