"""The words a model's ``Literal`` fields allow, read from its annotations."""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel


def literal_choices(annotation: Any, key: str | None = None) -> list[str]:
    """The text choices of the ``Literal`` types ``annotation`` reaches, in declared order: through
    every field of every model it holds, or, with ``key``, through that field of each model only
    (the tags of a tagged union: ``do`` of a plan's steps)."""
    found: list[str] = []
    seen: set[type[BaseModel]] = set()

    def walk(reached: Any) -> None:
        if isinstance(reached, type) and issubclass(reached, BaseModel):
            if reached in seen:
                return
            seen.add(reached)
            fields = reached.model_fields
            for info in ([fields[key]] if key in fields else []) if key is not None else fields.values():
                walk(info.annotation)
        elif get_origin(reached) is Literal:
            found.extend(arg for arg in get_args(reached) if isinstance(arg, str) and arg not in found)
        else:
            for arg in get_args(reached):
                walk(arg)

    walk(annotation)
    return found
