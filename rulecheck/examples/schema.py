"""The example-block contract: ``id``, ``rule``, ``title``, ``given``, ``dice``, ``expect``.

One model per rule of the engine, told apart by ``rule``; ``given`` is the rule's input model,
``expect`` a partial copy of its result model (every field optional, the trace left out).
Validation errors become located problems with a field path and, for unknown keys, a hint.
"""

from __future__ import annotations

import json
import re
import types
import typing
import unicodedata
from collections.abc import Iterator
from typing import Annotated, Any, Literal, Optional, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from rulecheck.engine.limits import MAX_DICE_LABELS, MAX_EXPECTED_ENTRIES, MAX_EXPECTED_TEXT
from rulecheck.engine.models import AttackInput
from rulecheck.engine.rules import RULES
from rulecheck.errors import FieldPath, FieldProblems, Problem, did_you_mean, format_field, shortened, with_hint
from rulecheck.examples import cast as cast_module
from rulecheck.examples.cast import Cast
from rulecheck.examples.cast_totals import attack_total_problems
from rulecheck.examples.choices import literal_choices
from rulecheck.examples.finder import Block
from rulecheck.examples.locales import LANGUAGES, Language
from rulecheck.examples.yamlsrc import Located, YamlError, load

ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,63}$"
#: Keys that hold display text: they may differ between the French and English twins.
DISPLAY_KEYS = frozenset({"title", "name"})

Faces = Annotated[list[Annotated[int, Field(ge=1, le=1000)]], Field(max_length=100)]


class OddsOptions(BaseModel):
    """How a card computes the probability of its example's outcome."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    fixed: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list, max_length=20,
        description="Dice labels kept at their scripted faces; every other die is enumerated.",
    )


class ExampleBase(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID_PATTERN, description="Unique on the site; the same in both languages.")
    title: str | None = Field(None, max_length=200, description="Display title; may be translated.")
    dice: dict[str, Faces] = Field(
        default_factory=dict, max_length=MAX_DICE_LABELS,
        description="Scripted dice faces by roll label, in the order rolled.",
    )
    odds: OddsOptions = Field(
        default_factory=OddsOptions, description="Options of the exact probability the card shows."
    )


def _bounded(annotation: Any) -> Any:
    """``annotation`` with a size limit on every list, map and text in it: an expected value is
    compared with the result entry by entry, so its length is bounded like any input's."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (list, tuple, dict):
        inner = tuple(arg if arg is Ellipsis else _bounded(arg) for arg in args)
        return Annotated[origin[inner] if inner else annotation, Field(max_length=MAX_EXPECTED_ENTRIES)]
    if origin in (Union, types.UnionType):
        return Union[tuple(_bounded(arg) for arg in args)]  # noqa: UP007
    if annotation is str:
        return Annotated[str, Field(max_length=MAX_EXPECTED_TEXT)]
    return annotation


def _expect_model(rule: str, result: type[BaseModel]) -> type[BaseModel]:
    fields: dict[str, Any] = {
        name: (Optional[_bounded(info.annotation)], Field(None, description=info.description))  # noqa: UP045
        for name, info in result.model_fields.items()
        if name != "trace"
    }
    fields["refused"] = (Optional[str], Field(  # noqa: UP045
        None, max_length=64, description="The code of the refusal this example shows: the rules refuse its "
                                         "`given`, and the card says why. Nothing else is expected then."))
    return create_model(
        f"{rule.title()}Expect", __config__=ConfigDict(frozen=True, extra="forbid"), **fields
    )


def _example_model(rule: str) -> type[ExampleBase]:
    spec = RULES[rule]
    expect = _expect_model(rule, spec.result)
    return create_model(
        f"{rule.title()}Example",
        __base__=ExampleBase,
        rule=(Literal[rule], Field(description=spec.summary)),  # type: ignore[arg-type]
        given=(spec.given, ...),
        expect=(expect, Field(default_factory=expect)),  # absent: an empty model, not a dict
    )


EXAMPLE_MODELS: dict[str, type[ExampleBase]] = {rule: _example_model(rule) for rule in RULES}
_UNION = Annotated[Union[tuple(EXAMPLE_MODELS.values())], Field(discriminator="rule")]  # type: ignore[valid-type]  # noqa: UP007
ExampleAdapter: TypeAdapter[Any] = TypeAdapter(_UNION)  # type: ignore[arg-type]

#: Any validated example (a member of :data:`EXAMPLE_MODELS`).
Example = ExampleBase


class ParsedExample:
    """A validated example, its block, and the positions of its fields in the page.

    ``located`` holds the data as written (``cast: elara``: what twins must share); ``example``
    was validated with each cast member written in (name, base statistics), whose positions are
    those of their ``cast`` key. ``cast`` lists the (id, display name) of each member the example names.
    """

    def __init__(self, example: Any, block: Block, located: Located,
                 cast: tuple[tuple[str, str], ...] = ()) -> None:
        self.example = example
        self.block = block
        self.located = located
        self.cast = cast

    @property
    def id(self) -> str:
        return str(self.example.id)

    @property
    def data(self) -> dict[str, Any]:
        return typing.cast(dict[str, Any], self.located.data)

    def line_of(self, path: FieldPath) -> int:
        return self.block.body_line + self.located.position(path)[0] - 1

    def problem(self, message: str, path: FieldPath = (), **extra: Any) -> Problem:
        return Problem(
            path=self.block.path, line=self.line_of(path), message=message,
            example_id=self.id, field=format_field(path) or None, **extra,
        )


def json_schema() -> dict[str, Any]:
    """The published JSON Schema of an example block."""
    schema = ExampleAdapter.json_schema()
    cast_module.document_in_schema(schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "rulecheck example"
    return schema


_BLANK = cast_module.BLANK


def _blank_display_text(value: Any, path: FieldPath) -> Iterator[tuple[FieldPath, str]]:
    """Each title or name (:data:`DISPLAY_KEYS`, or one of its languages) written with only blank
    characters: a card titled "\u3000" showed nothing before its badge, and "  attacks Zed"."""
    if isinstance(value, dict):
        for key, held in value.items():
            here = (*path, key)
            displayed = key in DISPLAY_KEYS or (path and path[-1] in DISPLAY_KEYS)  # or one of its languages
            if displayed and isinstance(held, str) and held and _BLANK.fullmatch(held):
                yield here, (f"`{key}` holds only blank characters, which a page shows as nothing. Hint: write "
                             "the text, or leave the key out")
                continue
            yield from _blank_display_text(held, here)
    elif isinstance(value, list):
        for index, held in enumerate(value):
            yield from _blank_display_text(held, (*path, index))


def parse_block(block: Block, cast: Cast | None = None,
                language: Language | None = None) -> ParsedExample | list[Problem]:
    """Validate one block; on failure, every problem found, each located on the page.

    ``cast`` is the page's cast (its members may be named with ``cast:``), ``language`` the
    page's, which picks the members' display names; without them, both are found from the
    block's path (the cast file beside its language folder).
    """
    if cast is None:
        cast, found = cast_module.cast_of_page(block.path)
        language = language or found
    language = language or LANGUAGES[0]
    def at(line: int, message: str, col: int | None = None, example_id: str | None = None,
           field: str | None = None) -> Problem:
        return Problem(path=block.path, line=line, col=block.page_col(line, col) if col else None,
                       message=message, example_id=example_id, field=field)

    if block.plain:
        return [at(block.line, "options after ```rulecheck (such as title=\"…\") make the page show this example "
                   "as plain code, unchecked. Hint: put the title in the example's `title` field",
                   example_id=written_id(block.source))]
    if block.broken is not None:
        return [at(block.line, f"```rulecheck fence ended by line {block.broken} before its closing fence (a line "
                   "indented less than the fence, or outside its blockquote): the page would show no example",
                   example_id=written_id(block.source))]
    if not block.closed:
        return [at(block.line, "unclosed ```rulecheck fence: the example runs to the end of the page",
                   example_id=None)]
    try:
        located = load(block.source)
    except YamlError as refused:
        refusals = []
        for error in refused.every():
            message = error.message
            opened = error.context_line
            if opened is not None and opened != error.line and (error.context or "").startswith("while "):
                message += f" ({error.context} opened at line {block.body_line + opened - 1})"
            message = with_hint(message, error.hint)
            refusals.append(at(block.body_line + error.line - 1, message, error.col, written_id(block.source)))
        return refusals
    data = located.data
    if not isinstance(data, dict):
        return [at(block.line, "an example is a mapping with `id`, `rule`, `given`…; "
                               f"this block is {_kind(data)}", example_id=written_id(block.source))]
    raw_id = data.get("id")
    example_id = raw_id if isinstance(raw_id, str) and re.match(ID_PATTERN, raw_id) else None
    rule = RULES.get(data["rule"]) if isinstance(data.get("rule"), str) else None
    resolved = cast_module.resolve_cast(located, rule.given if rule else None, cast, language)
    if rule is not None and rule.given is AttackInput:
        resolved.problems.extend(attack_total_problems(data.get("given"), cast, language))
    problems = []
    for path, message in [*resolved.problems, *_blank_display_text(data, ())]:
        line, col = located.position(path)
        problems.append(at(block.body_line + line - 1, message, col, example_id, format_field(path)))
    try:
        example = validate(resolved.data)
    except ValidationError as error:
        for detail in error.errors():
            path = _field_path(detail["loc"], data)
            if detail["type"].startswith("union_tag"):  # the rule's tag, or a nested one (a step's `do`)
                path = (*path, _tag_key(detail)) if path else ("rule",)
            if any(path[:len(failed)] == failed for failed in resolved.failed):
                continue  # a character whose cast reference failed: that problem says it already
            raised = (detail.get("ctx") or {}).get("error")
            if isinstance(raised, FieldProblems):  # a validator that says every problem, each at its field
                for part in raised.problems:
                    here = (*path, *part.path)
                    line, col = _text_line(located, block.source, here, part.line) or resolved.located.position(here)
                    problems.append(at(block.body_line + line - 1, part.message, col, example_id, format_field(here)))
                continue
            line, col = resolved.located.position(path)
            problems.append(at(block.body_line + line - 1, _message(detail, path, resolved.data), col,
                               example_id, format_field(path) or None))
    if problems:
        return sorted(problems, key=lambda p: (p.line, p.col or 0))
    return ParsedExample(example, block, _with_positions(located, resolved.located), tuple(resolved.members))


def _text_line(located: Located, source: str, path: FieldPath, index: int | None) -> tuple[int, int] | None:
    """Where line ``index`` of the text at ``path`` is written, when that text is a literal block
    (``map: |``, whose lines are the source's lines after the bar): (line, column of its text)."""
    span = located.spans.get(path)
    if index is None or span is None:
        return None
    lines = source.splitlines()
    opened = lines[span[0] - 1][span[1] - 1:] if span[0] <= len(lines) else ""
    row = span[0] + 1 + index
    if not opened.startswith("|") or row > len(lines):
        return None
    text = lines[row - 1]
    return row, len(text) - len(text.lstrip(" ")) + 1


def _with_positions(written: Located, resolved: Located) -> Located:
    """The data as written, with the positions of fields a cast member wrote in."""
    return Located(written.data, {**resolved.positions, **written.positions}, written.spans)


_ID_LINE = re.compile(r"^id:[ \t]*['\"]?([a-z0-9][a-z0-9-]*)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)


def written_id(source: str) -> str | None:
    """The id a block's text gives on a line of its own, even when its YAML does not parse."""
    match = _ID_LINE.search(source)
    return match[1] if match else None


def _kind(data: Any) -> str:
    if data is None:
        return "empty"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return f"the text {json.dumps(data[:40], ensure_ascii=False)}"
    return f"the value {json.dumps(data, default=str)[:40]}"


def validate(data: Any) -> Any:
    """Validate example data strictly, as the JSON it is: YAML's ``true`` or ``"2"`` is not a level.

    Lax validation would turn ``level: true`` into 1 and ``level: "2"`` into 2 without a word;
    JSON-mode strictness still accepts a list where the engine keeps a tuple. Keys are read by
    their written name only (``str``, never the engine's ``strength``): one rule for every alias.
    """
    return ExampleAdapter.validate_json(json.dumps(data, default=str), strict=True, by_alias=True, by_name=False)


def _field_path(loc: tuple[Any, ...], data: dict[str, Any]) -> FieldPath:
    # A tagged union puts the tag first (``("attack", "given", …)``): drop it.
    parts = list(loc)
    if parts and parts[0] in EXAMPLE_MODELS and parts[0] == data.get("rule"):
        parts = parts[1:]
    path: list[str | int] = []
    for part in parts:
        if isinstance(part, str) and part.startswith(("function-", "tagged-union")):
            continue
        path.append(part)
    return tuple(path)


def _tag_key(detail: Any) -> str:
    """The key a tagged union reads its tag from (``do``), from pydantic's quoted ``'do'``."""
    return str((detail.get("ctx") or {}).get("discriminator", "rule")).strip("'\"")


def _tags_at(path: FieldPath, data: dict[str, Any]) -> list[str]:
    """The values the tag ``path[-1]`` may take in the tagged union at ``path[:-1]`` (``do``: the
    kinds of a plan's steps), in their declared order."""
    container = list(path[:-1])
    while container and isinstance(container[-1], int):
        container.pop()
    parent = _model_at(tuple(container[:-1]), data)
    fields = getattr(parent, "model_fields", {}) if container else {}
    info = next((f for name, f in fields.items() if container[-1] in (name, f.alias)), None)
    return literal_choices(info.annotation, str(path[-1])) if info is not None else []


def _message(detail: Any, path: FieldPath, data: dict[str, Any]) -> str:
    kind = detail["type"]
    if kind == "extra_forbidden":
        key = str(path[-1]) if path else "?"
        written = _written_name(path[:-1], key, data)
        hint = f"did you mean `{written}`?" if written else did_you_mean(key, _known_keys(path[:-1], data))
        return f"unknown key `{key}`" + (f"; {hint}" if hint else "")
    if kind.startswith("union_tag") and path != ("rule",):
        tags = _tags_at(path, data)
        known = "`" + "`, `".join(tags) + "`"
        if kind == "union_tag_not_found":
            return f"missing `{path[-1]}`" + (f": it is one of {known}" if tags else "")
        tag = str((detail.get("ctx") or {}).get("tag", ""))
        said = did_you_mean(tag, tags) or (f"`{path[-1]}` is one of {known}" if tags else "")
        return f"unknown `{path[-1]}` value `{tag}`" + (f"; {said}" if said else "")
    if kind == "union_tag_invalid":
        rule = data.get("rule")
        hint = did_you_mean(str(rule), EXAMPLE_MODELS)
        return f"unknown rule `{rule}`; " + (hint or "rules are " + ", ".join(sorted(EXAMPLE_MODELS)))
    if kind == "union_tag_not_found":
        return "missing `rule`: rules are " + ", ".join(sorted(EXAMPLE_MODELS))
    if kind == "missing":
        return f"missing required key `{path[-1]}`" if path else "missing required key"
    if kind == "too_long" and isinstance(detail.get("input"), list | tuple | dict):
        bound = (detail.get("ctx") or {}).get("max_length")
        what = "keys" if isinstance(detail["input"], dict) else "entries"
        return with_hint(f"{len(detail['input']):,} {what}, past the limit of {bound}",
                         "an example shows a case, not a list of every case: split it, or add its dice up")
    if kind == "string_pattern_mismatch" and path == ("id",):
        got = quoted(detail.get("input"), ensure_ascii=False)
        return with_hint(f"an id is 1 to 64 lowercase letters, digits and dashes (got {got}"
                         f"{_foreign(detail.get('input'))})", f"write `{_slug(detail.get('input'))}`")
    message = str(detail["msg"]).removeprefix("Value error, ")
    message = _PLAIN_WORDS.get(message, message)
    if kind in {"string_type", "int_type"} and isinstance(detail.get("input"), bool):
        message = with_hint(message + " (got a yes/no value)", "YAML reads yes, no, on, off, true and false as "
                            "booleans; quote the text, or write a number")
        return message
    if "input" in detail and kind not in {"value_error"} and not isinstance(detail["input"], dict | list):
        message += f" (got {quoted(detail['input'])})"
    return message


def quoted(value: Any, *, ensure_ascii: bool = True) -> str:
    """``value`` as an error message quotes it: JSON, :func:`~rulecheck.errors.shortened` past 80
    characters, its length then said (a map of 40,000 characters or an id of 50,000, quoted whole,
    made each message as long as the value)."""
    shown = json.dumps(value, default=str, ensure_ascii=ensure_ascii)
    if len(shown) <= 80:
        return shown
    return f"{shortened(shown, 80)} ({len(value) if isinstance(value, str) else len(shown):,} characters)"


#: pydantic's JSON words, in the words of a YAML author.
_PLAIN_WORDS = {
    "Input should be a valid array": "Input should be a list, such as `[17]`",
    "Input should be an object": "Input should be a mapping of `key: value`",
}


#: Letters of other scripts that read as a Latin one (Cyrillic, Greek): an id written with one
#: looks right and matches no other; the hint writes the Latin letter instead of dropping it.
_LOOKALIKES = str.maketrans("аеорсухіјѕԁӏһԛԝαονικρυ", "aeopcyxijsdlhqwaovikpu")


def _slug(value: Any) -> str:
    """An id like ``value``: its letters folded to Latin ones (``é`` → ``e``, a fullwidth or Cyrillic
    ``а`` → ``a``), every other run of characters a dash."""
    folded = unicodedata.normalize("NFKD", str(value)[:1000].lower().translate(_LOOKALIKES))
    folded = "".join(char for char in folded if not unicodedata.combining(char))
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:64].strip("-")
    return slug or "my-example"


def _foreign(value: Any) -> str:
    """``, where `а` is U+0430 CYRILLIC SMALL LETTER A, not one of a-z or 0-9``: the first letter or digit
    of ``value`` outside ASCII, which an author cannot tell from the one they meant; or nothing."""
    char = next((char for char in str(value)[:1000] if not char.isascii() and char.isalnum()), None)
    if char is None:
        return ""
    name = unicodedata.name(char, "")
    return f", where `{char}` is U+{ord(char):04X}" + (f" {name}" if name else "") + ", not one of a-z or 0-9"


def _written_name(path: FieldPath, key: str, data: dict[str, Any]) -> str | None:
    """The key examples write for the engine's field name ``key`` (``strength`` → ``str``), if any."""
    fields = getattr(_model_at(path, data), "model_fields", {})
    info = fields.get(key)
    return info.alias if info is not None and info.alias and info.alias != key else None


def _known_keys(path: FieldPath, data: dict[str, Any]) -> list[str]:
    model = _model_at(path, data)
    known = [info.alias or name for name, info in getattr(model, "model_fields", {}).items()]
    return [*known, cast_module.REFERENCE_KEY] if model in cast_module.CHARACTER_MODELS else known


def _model_at(path: FieldPath, data: dict[str, Any]) -> Any:
    """The model that reads the mapping at ``path`` (``None`` past a value that is no model)."""
    model: Any = EXAMPLE_MODELS.get(str(data.get("rule")), ExampleBase)
    for part in path:
        if isinstance(part, int):
            continue
        fields = getattr(model, "model_fields", None)
        if not fields:
            return None
        info = next((f for name, f in fields.items() if part in (name, f.alias)), None)
        if info is None:
            return None
        model = cast_module.model_in(info.annotation)
    return model
