"""Hypothesis strategies drawing examples from the published JSON Schema (``rulecheck schema``).

``hypothesis-jsonschema`` would do this, but it is not one of the project's dependencies; the
schema uses a small part of JSON Schema (objects, arrays, strings with a pattern, bounded integers,
enums, ``anyOf``, ``$ref``, a discriminator), which this module covers. Values are mostly valid,
near the bounds the schema states, and sometimes one step outside them (an integer past its
maximum, a list one entry too long, a key that does not exist), so that both the rules and the
refusals of the check are exercised.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from hypothesis import strategies as st

#: How often a value is drawn one step outside what the schema allows.
_OUTSIDE = 0.01
#: Values that real examples write under a key (``map``, ``cast``, ``card``…), drawn half the
#: time for that key: a random string rarely makes a map or names a cast member.
KNOWN: dict[str, list[Any]] = {}
_OWN_SHAPE = frozenset({"id", "rule", "given", "dice", "expect", "odds", "title"})
#: Characters of text values: controls and line separators are refused by the reader (a test of
#: their own), so they would only stop the example before the rules run.
_LETTERS = st.characters(codec="utf-8", exclude_categories=["Cs", "Cc", "Zl", "Zp"])
_TEXT = st.text(_LETTERS, max_size=8)


def learn(data: Any) -> None:
    """Remember every value ``data`` (an example as written) holds under each key."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in _OWN_SHAPE:  # an example's parts differ from rule to rule: drawn from the schema
                learn(value)
                continue
            if isinstance(value, str | int | bool | list | dict) and len(KNOWN.setdefault(key, [])) < 200 \
                    and value not in KNOWN[key]:
                KNOWN[key].append(value)
            learn(value)
    elif isinstance(data, list):
        for value in data:
            learn(value)


def _ref(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = root["$defs"][name]
    return schema


_OUTSIDE_DRAW = st.sampled_from([False] * (round(1 / _OUTSIDE) - 1) + [True])  # uniform, unlike floats


def _chance(draw: st.DrawFn) -> bool:
    return draw(_OUTSIDE_DRAW)


@st.composite
def value_of(draw: st.DrawFn, schema: dict[str, Any], root: dict[str, Any], depth: int = 0) -> Any:
    """A value for ``schema`` (a node of ``root``)."""
    schema = _ref(schema, root)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return draw(st.sampled_from(schema["enum"]))
    for union in ("anyOf", "oneOf"):
        if union in schema:
            options = schema[union]
            values = [option for option in options if option.get("type") != "null"] or options
            if len(values) < len(options) and _chance(draw):  # null (an absent value) now and then
                return None
            return draw(value_of(draw(st.sampled_from(values)), root, depth))
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = draw(st.sampled_from(kind))
    if kind == "object" or "properties" in schema:
        return draw(_object(schema, root, depth))
    if kind == "array":
        return draw(_array(schema, root, depth))
    if kind == "integer":
        low, high = schema.get("minimum", -30), schema.get("maximum", 60)
        if _chance(draw):
            return draw(st.sampled_from([low - 1, high + 1]))
        small = st.integers(max(low, -3), min(high, 20)) if max(low, -3) <= min(high, 20) else st.just(low)
        return draw(st.one_of(st.sampled_from([low, high]), small, st.integers(low, high)))
    if kind == "number":
        return draw(st.floats(schema.get("minimum", -30), schema.get("maximum", 60), allow_nan=False))
    if kind == "boolean":
        return draw(st.booleans())
    if kind == "null":
        return None
    if kind == "string":
        return draw(_string(schema))
    return draw(st.one_of(st.none(), st.integers(-5, 30), _TEXT))


@st.composite
def _string(draw: st.DrawFn, schema: dict[str, Any]) -> str:
    longest = schema.get("maxLength", 40)
    if "pattern" in schema:
        examples = [e for e in schema.get("examples", []) if isinstance(e, str)]
        drawn = draw(st.one_of(st.from_regex(schema["pattern"], fullmatch=True), *(
            [st.sampled_from(examples)] if examples else [])))
        return _characters(drawn if _chance(draw) else drawn[:longest])
    size = longest + 1 if _chance(draw) else draw(st.integers(schema.get("minLength", 0), min(longest, 40)))
    return draw(st.text(_LETTERS, min_size=size, max_size=size))


def _characters(text: str) -> str:
    """``text`` without lone surrogates, controls and line separators (see ``_LETTERS``)."""
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cs", "Cc", "Zl", "Zp") or ch == " ")


@st.composite
def _array(draw: st.DrawFn, schema: dict[str, Any], root: dict[str, Any], depth: int) -> list[Any]:
    if "prefixItems" in schema:
        return [draw(value_of(item, root, depth + 1)) for item in schema["prefixItems"]]
    low = schema.get("minItems", 0)
    high = schema.get("maxItems", 4)
    if depth > 4:
        high = min(high, max(low, 1))
    count = high + 1 if _chance(draw) else draw(st.one_of(st.integers(low, min(high, low + 4)), st.just(high)))
    item = schema.get("items", {})
    return [draw(value_of(item, root, depth + 1)) for _ in range(count)]


@st.composite
def _object(draw: st.DrawFn, schema: dict[str, Any], root: dict[str, Any], depth: int) -> dict[str, Any]:
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", ()))
    out: dict[str, Any] = {}
    for name, sub in properties.items():
        if name in required or (depth < 6 and draw(st.booleans())):
            known = KNOWN.get(name)
            if known and draw(st.booleans()):
                out[name] = draw(st.sampled_from(known))
            else:
                out[name] = draw(value_of(sub, root, depth + 1))
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        high = schema.get("maxProperties", 3)
        keys = draw(st.lists(st.sampled_from(_labels(schema)) | st.from_regex(r"[a-z_]{1,12}", fullmatch=True),
                             max_size=min(high, 4), unique=True))
        for key in keys:
            out[key] = draw(value_of(extra, root, depth + 1))
    if _chance(draw):
        out["not_a_key"] = 1
    return out


def _labels(schema: dict[str, Any]) -> list[str]:
    """Keys a map is likely to be written with: the roll labels of the rules, creature letters."""
    return ["attack", "reaction", "damage", "miss_chance", "hit_dice", "poison_damage", "int_test", "dex_test",
            "con_test", "healing", "A", "D", "B", "C", "E", "F"]


@st.composite
def examples(draw: st.DrawFn, schema: dict[str, Any]) -> dict[str, Any]:
    """One example of any rule of ``schema`` (the whole published schema)."""
    rules = schema.get("oneOf") or schema.get("anyOf") or [schema]
    chosen = draw(st.sampled_from(rules))
    return dict(draw(value_of(chosen, schema)))


__all__ = ["KNOWN", "examples", "learn", "value_of"]
