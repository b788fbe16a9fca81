"""Safe YAML with positions: the data of a block and the line and column of every field.

Only plain data is accepted: no anchors or aliases (no billion laughs), no tags that build
objects, a bounded depth and size, no duplicate keys.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from rulecheck.errors import FieldPath, RulecheckError

MAX_DEPTH = 20
MAX_CHARS = 100_000
Span = tuple[int, int, int, int]
_PLAIN_TAGS = {"!", *(f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq"))}


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


def load(text: str) -> Located:
    """Parse one example's YAML with the safe loader; every refusal is a located :class:`YamlError`."""
    if len(text) > MAX_CHARS:
        raise YamlError(f"example is {len(text):,} characters long; the limit is {MAX_CHARS:,}", 1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate, from text that was never UTF-8
        before = text[:error.start]
        raise YamlError(f"a lone surrogate (U+{ord(text[error.start]):04X}) is not a character",
                        before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1) from None
    for char, why, hint in _REFUSED_CHARS:
        if char in text:
            before = text[: text.index(char)]
            raise YamlError(why, before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1, hint=hint)
    try:
        node = _compose(text, _FAST)
    except yaml.YAMLError:
        # libyaml found something wrong: PyYAML's own parser says what, in better words.
        try:
            node = _compose(text, yaml.SafeLoader)
        except yaml.YAMLError as error:
            raise _located(error, text) from None
    if node is None:
        return Located(None, {})
    positions: dict[FieldPath, tuple[int, int]] = {}
    spans: dict[FieldPath, Span] = {}
    data = _build(node, (), positions, yaml.SafeLoader(""), spans)
    return Located(data, positions, spans)


#: Characters refused before parsing: parsers disagree on them, or would count a line break
#: that Markdown does not.
_REFUSED_CHARS = (
    # libyaml takes a tab between tokens, PyYAML does not: refuse it so both agree.
    ("\t", "a tab character, where examples use spaces only", "indent and separate with spaces"),
    ("\ufeff", "byte-order mark inside the example", "save the page as UTF-8 without BOM"),
    ("\u2028", "Unicode line separator (U+2028) inside the example", "use an ordinary line break"),
    ("\u2029", "Unicode paragraph separator (U+2029) inside the example", "use an ordinary line break"),
    ("\x85", "next-line control character (U+0085) inside the example", "use an ordinary line break"),
)


def _located(error: yaml.YAMLError, text: str) -> YamlError:
    """A PyYAML error as a :class:`YamlError` at its line and column."""
    if isinstance(error, yaml.reader.ReaderError):
        before = text[: error.position]
        line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
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


def _compose(text: str, loader_class: type[yaml.SafeLoader]) -> yaml.Node | None:
    """The node tree of ``text``, after refusing aliases, tags and deep nesting on its events."""
    _refuse_aliases_and_depth(text, loader_class)
    loader = loader_class(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _refuse_aliases_and_depth(text: str, loader_class: type[yaml.SafeLoader]) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=loader_class):
        mark = event.start_mark
        assert mark is not None  # the parser marks every event
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise YamlError(
                "YAML anchors and aliases are not allowed in examples", mark.line + 1, mark.column + 1,
                hint="write each value out in full",
            )
        tag = getattr(event, "tag", None)
        if tag and tag not in _PLAIN_TAGS:
            shown = "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag
            raise YamlError(f"YAML tag `{shown}` is not allowed in examples", mark.line + 1, mark.column + 1,
                            hint="examples hold plain data: text, numbers, lists and mappings")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlError(f"example nested deeper than {MAX_DEPTH} levels", mark.line + 1, mark.column + 1)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _position(node: yaml.Node) -> tuple[int, int]:
    mark = node.start_mark
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _build(node: yaml.Node, path: FieldPath, positions: dict[FieldPath, tuple[int, int]],
           constructor: yaml.SafeLoader, spans: dict[FieldPath, Span]) -> Any:
    positions.setdefault(path, _position(node))
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlError("YAML merge keys (`<<`) are not allowed in examples", *_position(key_node),
                                hint="write each value out in full")
            key = _build(key_node, (*path, "<key>"), {}, constructor, {})
            if not isinstance(key, str | int) or isinstance(key, bool):
                raise YamlError("mapping keys must be words", *_position(key_node))
            key = str(key)
            if key in result:
                raise YamlError(f"duplicate key `{key}`", *_position(key_node), hint="keep one of the two")
            positions[(*path, key)] = _position(key_node)
            result[key] = _build(value_node, (*path, key), positions, constructor, spans)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*path, index), positions, constructor, spans) for index, item in enumerate(node.value)]
    start, end = node.start_mark, node.end_mark
    if start is not None and end is not None:
        spans[path] = (start.line + 1, start.column + 1, end.line + 1, end.column + 1)
    try:
        value = constructor.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as error:
        raise YamlError(f"invalid YAML value: {error.problem}", *_position(node)) from None
    except (ValueError, OverflowError):  # e.g. an integer of thousands of digits
        raise YamlError("invalid YAML value: number too large", *_position(node)) from None
    if isinstance(value, str):
        _refuse_surrogates(value, node)
    if isinstance(node, yaml.ScalarNode) and not node.style:  # plain: libyaml says "", PyYAML None
        _refuse_yaml_11_only(node.value, value, node)
    return value


def _refuse_surrogates(text: str, node: yaml.Node) -> None:
    """A lone surrogate (``"\\ud800"``) is no character: no page, report or JSON can hold it."""
    for char in text:
        if "\ud800" <= char <= "\udfff":
            raise YamlError(f"a lone surrogate (U+{ord(char):04X}) is not a character", *_position(node),
                            hint="write the character itself, or its pair of surrogates as one `\\U` escape")


def _refuse_yaml_11_only(text: str, value: Any, node: yaml.Node) -> None:
    """Examples read plain scalars as the YAML 1.2 core schema does. Where YAML 1.1 (PyYAML's
    resolver) reads the same text otherwise (``010`` is 8 there, 10 here; ``1:00`` is 60 there,
    text here; ``yes`` is true there), the example says neither silently: a located refusal."""
    core = core_value(text)
    if type(core) is type(value) and (core == value or core != core):  # NaN equals nothing
        return
    quote = f'quote it ("{text}") for text'
    if isinstance(value, bool | int | float):
        hint = f"write {_shown(value)} for the {_kind(value)}, or {quote}"
    elif isinstance(value, str) and core is not None:
        hint = f"write {_shown(core)} for the {_kind(core)}, or {quote}"
    else:
        hint = quote
    raise YamlError(f"`{text}` is {_shown(value)} in YAML 1.1 but {_shown(core)} in YAML 1.2: ambiguous",
                    *_position(node), hint=hint)


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
