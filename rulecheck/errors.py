"""The one root error of rulecheck, and the located problem that hosts report.

Engine errors carry a field path; the examples layer adds the file, line and example id. Hosts
turn a :class:`Problem` into a pytest failure, an exit status or a MkDocs error, never into a
traceback.
"""

from __future__ import annotations

import dataclasses
import difflib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

FieldPath = tuple[str | int, ...]


def format_field(path: FieldPath) -> str:
    """``("given", "attack", 0)`` → ``given.attack[0]``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


def with_hint(message: str, hint: str | None) -> str:
    """A message and its hint as two sentences: ``… gives 1. Hint: add …``."""
    if not hint:
        return message
    ended = message.rstrip()
    return f"{ended}{'' if ended.endswith(('.', '!', '?', ':')) else '.'} Hint: {hint}"


def shortened(text: str, limit: int = 40) -> str:
    """``text`` as a message quotes it: whole up to ``limit`` characters, else its first ``limit - 1``
    and an ellipsis (a hostile value of a megabyte is never copied whole into a message)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def printable(text: str) -> str:
    """``text`` safe to write to a terminal, a log or a CI annotation: every control, format or
    line-separator character (ESC, CR, BEL, the C1 controls, bidi overrides, U+2028…) is shown as
    its escape (``\\x1b``, ``\\r``, ``\\u202e``, ``\\U000e0041``: Python's own, so each reads back as
    one character), so no input can move the cursor, retitle a terminal, hide text or start a new
    annotation."""
    if text.isprintable():
        return text
    return "".join(_escaped(char) if unicodedata.category(char) in _UNSAFE else char for char in text)


_UNSAFE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(char: str) -> str:
    code = ord(char)
    if code > 0xFFFF:  # `\\U` and eight digits: `\\ue0041` would read as U+E004 and a `1`
        return f"\\U{code:08x}"
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A hint naming the closest known word, or ``None`` when nothing is close."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None


class RulecheckError(Exception):
    """Root of every error rulecheck raises on purpose.

    ``field`` is the path of the offending input field, ``hint`` the known fix (if any).
    ``code`` names a refusal of the rules for an example that shows it (``expect: {refused: …}``)
    and for its wording in the reader's language; ``params`` fill that wording.
    """

    def __init__(
        self,
        message: str,
        *,
        field: FieldPath = (),
        hint: str | None = None,
        code: str | None = None,
        params: Mapping[str, int | str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.hint = hint
        self.code = code
        self.params: Mapping[str, int | str] = dict(params or {})

    def __str__(self) -> str:
        return with_hint(self.message, self.hint)


class RuleError(RulecheckError, ValueError):
    """An input the rules forbid (a posture giving up only M, a third movement action…)."""


def refuse(message: str, *field: str | int, hint: str | None = None, code: str | None = None,
           params: Mapping[str, int | str] | None = None) -> RuleError:
    """A :class:`RuleError` about the input field ``given.<field…>`` (raise it)."""
    return RuleError(message, field=("given", *field), hint=hint, code=code, params=params)


@dataclass(frozen=True)
class FieldProblem:
    """One thing wrong in a model's input, at ``path`` below the model; ``line``, for a text field
    of several lines (a map's rows), the index of the line at fault in that text."""

    path: FieldPath
    message: str
    line: int | None = None


class FieldProblems(ValueError):
    """Every problem a model's validator found, each at its own field: pydantic reports one error
    per validator, at the model, and the examples layer locates each of these in the page."""

    def __init__(self, problems: Iterable[FieldProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{format_field(p.path)}: {p.message}" if p.path else p.message
                                   for p in self.problems))


class DiceError(RulecheckError, ValueError):
    """Dice notation that does not parse, or scripted dice that do not fit the rolls asked."""

    def __init__(
        self,
        message: str,
        *,
        field: FieldPath = (),
        hint: str | None = None,
        col: int | None = None,
    ) -> None:
        super().__init__(message, field=field, hint=hint)
        self.col = col


@dataclass(frozen=True)
class Problem:
    """One located thing wrong: a drifted value, a malformed block, a parity break.

    ``line`` and ``col`` are 1-based. ``expected``/``actual`` are set for drift, so reports can
    show both values and ``--update`` can rewrite them.
    """

    path: str
    line: int
    message: str
    example_id: str | None = None
    field: str | None = None
    col: int | None = None
    expected: Any = None
    actual: Any = None
    kind: str = "error"
    related: Sequence[str] = dataclasses.field(default_factory=tuple)
    #: For a summary (:class:`rulecheck.examples.capped.Capped`): how many more problems of its kind
    #: on its page, from here on, it stands for, none of them listed.
    more: int = 0

    def located(self) -> str:
        where = f"{self.path}:{self.line}" + (f":{self.col}" if self.col else "")
        who = f" {shortened(self.example_id, 80)}:" if self.example_id else ""  # an id refused for its length too
        what = f" {self.field}:" if self.field else ""
        return printable(f"{where}:{who}{what} {self.message}")
