"""Safe YAML with positions: the data of a block and the line and column of every field.

Only plain data is accepted: no anchors or aliases (no billion laughs), no tags that build
objects, a bounded depth and size, no duplicate keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from rulecheck.errors import FieldPath, RulecheckError

MAX_DEPTH = 20
MAX_CHARS = 100_000
_PLAIN_TAGS = {"!", *(f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq"))}


class YamlError(RulecheckError):
    """Text that is not acceptable example YAML; ``line``/``col`` are 1-based in the text."""

    def __init__(self, message: str, line: int, col: int | None = None, *, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.line = line
        self.col = col


@dataclass(frozen=True)
class Located:
    """Parsed data, and for each field path its (line, column), both 1-based in the text."""

    data: Any
    positions: dict[FieldPath, tuple[int, int]]

    def position(self, path: FieldPath) -> tuple[int, int]:
        """The position of ``path``, or of its nearest located parent."""
        for cut in range(len(path), -1, -1):
            if path[:cut] in self.positions:
                return self.positions[path[:cut]]
        return (1, 1)


def load(text: str) -> Located:
    if len(text) > MAX_CHARS:
        raise YamlError(f"example is {len(text):,} characters long; the limit is {MAX_CHARS:,}", 1)
    if "\ufeff" in text:
        line = text[: text.index("\ufeff")].count("\n") + 1
        raise YamlError("byte-order mark inside the example", line, hint="save the page as UTF-8 without BOM")
    loader = yaml.SafeLoader(text)
    try:
        _refuse_aliases_and_depth(text)
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "invalid YAML"
        hint = "indent with spaces, not tabs" if "\t" in problem or "'\\t'" in str(error) else None
        raise YamlError(f"invalid YAML: {problem}", (mark.line + 1) if mark else 1,
                        (mark.column + 1) if mark else None, hint=hint) from None
    except yaml.YAMLError as error:
        raise YamlError(f"invalid YAML: {error}", 1) from None
    finally:
        loader.dispose()
    if node is None:
        return Located(None, {})
    positions: dict[FieldPath, tuple[int, int]] = {}
    data = _build(node, (), positions, yaml.SafeLoader(""))
    return Located(data, positions)


def _refuse_aliases_and_depth(text: str) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        mark = event.start_mark
        assert mark is not None  # the parser marks every event
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise YamlError(
                "YAML anchors and aliases are not allowed in examples", mark.line + 1, mark.column + 1,
                hint="write each value out in full",
            )
        tag = getattr(event, "tag", None)
        if tag and tag not in _PLAIN_TAGS:
            raise YamlError(f"YAML tag `{tag}` is not allowed in examples", mark.line + 1, mark.column + 1)
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
           constructor: yaml.SafeLoader) -> Any:
    positions.setdefault(path, _position(node))
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _build(key_node, (*path, "<key>"), {}, constructor)
            if not isinstance(key, str | int | bool) or isinstance(key, bool):
                raise YamlError("mapping keys must be words", *_position(key_node))
            key = str(key)
            if key in result:
                raise YamlError(f"duplicate key `{key}`", *_position(key_node), hint="keep one of the two")
            positions[(*path, key)] = _position(key_node)
            result[key] = _build(value_node, (*path, key), positions, constructor)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*path, index), positions, constructor) for index, item in enumerate(node.value)]
    try:
        return constructor.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as error:
        raise YamlError(f"invalid YAML value: {error.problem}", *_position(node)) from None
