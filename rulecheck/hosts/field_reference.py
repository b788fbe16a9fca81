"""MkDocs plugin: the authors' field reference, generated at build time from the engine's models.

A page holding the line ``<!-- rulecheck-field-reference -->`` gets, in its own language, one
section per rule of the engine (``rulecheck.engine.rules.RULES``): its ``given`` keys with their
type, default and meaning (nested keys written ``defender.level``, list items ``plan[].metres``),
the labels of the dice it may roll, and its result fields (what ``expect`` may check). Types and
defaults come from the same JSON Schema that ``rulecheck schema`` publishes; meanings come from
``rulecheck.examples.locales.fields``. A rule, key or die without a meaning in the page's language
fails the build, naming it: the page cannot fall behind the engine.
"""

from __future__ import annotations

import functools
import json
import types
import typing
from collections.abc import Iterator, Mapping
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from rulecheck.engine.rules import RULES, Rule
from rulecheck.examples.locales.fields import DICE, FIELDS, WORDS
from rulecheck.examples.locales.fields import RULES as RULE_WORDS
from rulecheck.examples.references import find_outside_code

MARKER = "<!-- rulecheck-field-reference -->"
MAX_DEPTH = 6  # nested models of the engine go three deep; a cycle would stop here


def _models_in(annotation: Any) -> Iterator[tuple[str, type[BaseModel]]]:
    """The models a field's annotation holds, each with the key suffix that reaches it:
    ``""`` (the field itself), ``"[]"`` (an item of a list) or ``".<key>"`` (a value of a mapping)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield "", annotation
        return
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        yield from _models_in(args[0])
    elif origin in (list, tuple, set, frozenset):
        for arg in args:
            for suffix, model in _models_in(arg):
                yield "[]" + suffix, model
    elif origin in (dict, Mapping):
        for suffix, model in _models_in(args[-1]):
            yield ".<key>" + suffix, model
    elif origin in (typing.Union, types.UnionType):
        for arg in args:
            yield from _models_in(arg)


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    return _resolve(defs[ref.rsplit("/", 1)[1]], defs) if isinstance(ref, str) else schema


def type_text(schema: dict[str, Any], defs: dict[str, Any], words: Mapping[str, str]) -> str:
    """A JSON Schema type in the page's words: ``integer, 0 to 60``, ``one of `none`, `dodge```…"""
    schema = _resolve(schema, defs)
    if "anyOf" in schema or "oneOf" in schema:
        options = schema.get("anyOf") or schema.get("oneOf") or []
        if "discriminator" in schema:
            return words["step"]
        return words["or"].join(dict.fromkeys(type_text(option, defs, words) for option in options))
    if "enum" in schema:
        return words["one_of"].format(values=", ".join(f"`{value}`" for value in schema["enum"]))
    if "const" in schema:
        return f"`{schema['const']}`"
    kind = schema.get("type")
    if kind == "array" and "enum" in _resolve(schema.get("items", {}), defs):
        values = _resolve(schema["items"], defs)["enum"]
        return words["values_among"].format(values=", ".join(f"`{value}`" for value in values))
    if kind == "array":
        item = type_text(schema.get("items", {}), defs, words) if schema.get("items") else words["any"]
        return words["list"].format(item=item)
    if kind == "object" or "properties" in schema:
        return words["object"]
    if kind == "string" and "pattern" in schema and schema.get("examples"):
        return words["dice_expr"]
    base = {"integer": "integer", "number": "number", "string": "text", "boolean": "boolean",
            "null": "nothing"}.get(str(kind), "any")
    text = words[base]
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        text += ", " + words["between"].format(low=low, high=high)
    elif low is not None:
        text += ", " + words["at_least"].format(low=low)
    elif high is not None:
        text += ", " + words["at_most"].format(high=high)
    return text


def _default_text(field: Any, required: bool, words: Mapping[str, str]) -> str:
    if required:
        return words["required"]
    default = field.get_default(call_default_factory=True)
    if isinstance(default, BaseModel):
        return "—"
    if isinstance(default, tuple):
        default = list(default)
    return f"`{json.dumps(default, ensure_ascii=False, default=str)}`"


def json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON Schema (read only), its nested models under ``$defs``."""
    references, defs = _schemas()
    if model not in references:  # not a rule's: described on its own
        return model.model_json_schema()
    return {**_resolve(references[model], defs), "$defs": defs}


@functools.cache
def _schemas() -> tuple[dict[type[BaseModel], dict[str, Any]], dict[str, Any]]:
    """Every rule's models in one JSON Schema, made once: a model nested in several is described
    once, not again in each (a third of the cost of a schema per model). Each model's reference
    into the shared ``$defs``, and those ``$defs``."""
    models: list[type[BaseModel]] = []

    def reach(model: type[BaseModel], depth: int) -> None:
        if model in models or depth > MAX_DEPTH:
            return
        models.append(model)
        for field in model.model_fields.values():
            for _, nested in _models_in(field.annotation):
                reach(nested, depth + 1)

    for rule in RULES.values():
        reach(rule.given, 0)
        reach(rule.result, 0)
    references, schema = models_json_schema([(model, "validation") for model in models])
    by_model: dict[type[BaseModel], dict[str, Any]] = {}
    for (model, _), reference in references.items():
        assert isinstance(model, type) and issubclass(model, BaseModel)
        by_model[model] = reference
    return by_model, schema.get("$defs", {})


def given_rows(model: type[BaseModel], locale: str, prefix: str = "", depth: int = 0,
               missing: list[str] | None = None) -> list[tuple[str, str, str, str]]:
    """(key, type, default, meaning) of every key of a ``given`` model, nested keys after their parent."""
    missing = missing if missing is not None else []
    words, meanings = WORDS[locale], FIELDS[locale]
    schema = json_schema(model)
    defs = schema.get("$defs", {})
    rows: list[tuple[str, str, str, str]] = []
    for name, field in model.model_fields.items():
        key = field.alias or name
        meaning = meanings.get(f"{model.__name__}.{name}")
        if meaning is None:
            missing.append(f"{model.__name__}.{name}")
        prop = schema["properties"].get(key, {})
        rows.append((prefix + key, type_text(prop, defs, words),
                     _default_text(field, field.is_required(), words), meaning or ""))
        if depth < MAX_DEPTH:
            for suffix, nested in _models_in(field.annotation):
                rows += given_rows(nested, locale, f"{prefix}{key}{suffix}.", depth + 1, missing)
    return rows


def result_rows(rule: Rule, locale: str) -> list[tuple[str, str]]:
    words = WORDS[locale]
    schema = json_schema(rule.result)
    defs = schema.get("$defs", {})
    return [(name, type_text(schema["properties"].get(name, {}), defs, words))
            for name in rule.result.model_fields if name != "trace"]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def reference_markdown(locale: str) -> str:
    """The field reference of every rule in one language, as Markdown."""
    words, missing = WORDS[locale], []
    out: list[str] = []
    for name, rule in RULES.items():
        summary = RULE_WORDS[locale].get(name)
        if summary is None:
            missing.append(f"rule {name}")
        out += [f"## `{name}` {{ #rule-{name.replace('_', '-')} }}", "", summary or "", "",
                f"### {words['given']} {{ #given-{name.replace('_', '-')} }}", "",
                f"| {words['key']} | {words['type']} | {words['default']} | {words['meaning']} |",
                "|---|---|---|---|"]
        out += [f"| `{key}` | {_cell(kind)} | {_cell(default)} | {_cell(meaning)} |"
                for key, kind, default, meaning in given_rows(rule.given, locale, missing=missing)]
        out += ["", f"### {words['dice']} {{ #dice-{name.replace('_', '-')} }}", ""]
        if rule.dice:
            out += [f"| {words['label']} | {words['meaning']} |", "|---|---|"]
            for label in rule.dice:
                meaning = DICE[locale].get(label)
                if meaning is None:
                    missing.append(f"die {label}")
                out.append(f"| `{label}` | {_cell(meaning or '')} |")
        else:
            out.append(words["no_dice"])
        out += ["", f"### {words['results']} {{ #results-{name.replace('_', '-')} }}", "",
                f"| {words['field']} | {words['type']} |", "|---|---|"]
        out += [f"| `{field}` | {_cell(kind)} |" for field, kind in result_rows(rule, locale)]
        out.append("")
    if missing:
        raise PluginError(f"field reference: no {locale} meaning in rulecheck/examples/locales/fields.py for "
                          + ", ".join(dict.fromkeys(missing)))
    return "\n".join(out)


class FieldReferencePlugin(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if (at := find_outside_code(markdown, MARKER)) < 0:
            return None
        locale = str(config.theme.get("language") or "en")
        if locale not in WORDS:
            raise PluginError(f"field reference: no words for the language '{locale}' ({page.file.src_uri})")
        return markdown[:at] + reference_markdown(locale) + markdown[at + len(MARKER):]
