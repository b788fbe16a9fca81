"""Comparing example data: the differences between two values, field path by field path, and
how a value is shown in a message."""

from __future__ import annotations

from typing import Any


def differences(a: Any, b: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any, Any]]:
    if isinstance(a, dict) and isinstance(b, dict):
        found = []
        for key in list(a) + [k for k in b if k not in a]:
            found += differences(a.get(key, MISSING), b.get(key, MISSING), (*path, key))
        return found
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        found = []
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            found += differences(x, y, (*path, index))
        return found
    return [] if a == b and type(a) is type(b) else [(path, a, b)]


class Missing:
    def __repr__(self) -> str:
        return "absent"


MISSING = Missing()


def show_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, Missing):
        return "absent"
    return str(value)
