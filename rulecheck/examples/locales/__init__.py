"""French and English words for traces and values, one module per domain of rules.

Each module of this package defines ``LABELS``, ``EVENTS`` and ``VALUES``: mappings from a
language code to {key: text}. They are merged at import; a key defined twice is an error, so two
domains cannot silently disagree about a word.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping

Language = str
Table = dict[Language, dict[str, str]]
LANGUAGES: tuple[Language, ...] = ("fr", "en")


def load_locales() -> tuple[Table, Table, Table]:
    merged: tuple[Table, Table, Table] = ({}, {}, {})
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for table, name in zip(merged, ("LABELS", "EVENTS", "VALUES"), strict=True):
            part: Mapping[Language, Mapping[str, str]] = getattr(module, name, {})
            for language, words in part.items():
                target = table.setdefault(language, {})
                for key, text in words.items():
                    if key in target and target[key] != text:
                        raise RuntimeError(f"locales: {name}[{language}][{key!r}] defined twice")
                    target[key] = text
    return merged
