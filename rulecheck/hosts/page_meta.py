"""A page's front matter made safe for the theme before it renders anything.

The check refuses, located, the front matter values the theme or MkDocs could not use
(:mod:`rulecheck.examples.meta_fields`); a server shows those problems on the page and keeps
rendering, so the plugin drops those values from ``page.meta``, where ``hide: 5`` or ``icon:
nosuch/icon`` stopped the render with a traceback. Whether an ``icon`` or a ``template`` names a
file the theme has is said here, the only place that knows the theme's folders: a name the theme
lacks is a located problem, and dropped too.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from pathlib import Path
from typing import Any

from rulecheck.examples.meta_fields import refused_meta


def missing_theme_files(meta: MutableMapping[str, Any], theme_dirs: Iterable[str]) -> dict[str, str]:
    """The ``icon`` and ``template`` of ``meta`` (each a well-formed name) that no folder of the
    theme holds: key → why."""
    dirs = [Path(folder) for folder in theme_dirs]
    wanted = {"icon": (".icons", ".svg"), "template": ("", "")}
    missing: dict[str, str] = {}
    for key, (under, suffix) in wanted.items():
        name = meta.get(key)
        if isinstance(name, str) and not any((folder / under / f"{name}{suffix}").is_file() for folder in dirs):
            what = "an icon" if key == "icon" else "a template"
            missing[key] = f"names {what} the theme does not have (`{name}`)"
    return missing


def safe_meta(meta: MutableMapping[str, Any], theme_dirs: Iterable[str]) -> dict[str, str]:
    """Drop from ``meta`` every value the theme could not use (the check reports the refused
    ones); return those naming a file the theme lacks (key → why), which only this knows."""
    refused = refused_meta(meta)
    for key in refused:
        del meta[key]
    missing = missing_theme_files(meta, theme_dirs)
    for key in missing:
        del meta[key]
    return missing

