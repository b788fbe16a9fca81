"""The front matter values the theme and MkDocs read: each of the type, the shape and the size they
can take.

Material writes a page's ``status`` into the navigation of every page (as a CSS class) and its
``icon`` there too (as the name of a template it includes), its ``description`` and ``author``
into the page's head, its ``tags`` and ``search: {boost}`` into the search index once for each
section of the page, and tests ``"toc" in hide``; MkDocs renders the page with its ``template``.
A value of another type or shape stopped the build with a traceback (``hide: 5``: "argument of
type 'int' is not iterable"; ``icon: nosuch/icon``, ``template: nosuch.html``: a
``TemplateNotFound``; ``search: 5``), and a value of a few MB was copied into every page or every
section. Each such value is refused here, located at its key (:func:`check_meta_fields`), and the
plugin drops a refused value before the theme sees it, so a server keeps running. Whether an
``icon`` or a ``template`` names a file the theme has is the plugin's to say: it alone knows the
theme. A key none of them reads is left alone: nothing writes it anywhere.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from rulecheck.errors import shortened

#: The most characters a text value that the theme shows may hold (a title's bound,
#: :data:`~rulecheck.examples.titles.MAX_TITLE_CHARS`), and all of a page's tags together: the
#: search index holds them once for each section of the page.
MAX_META_CHARS = 300
#: The highest search boost (Material's examples use 2; a boost only orders the results).
MAX_BOOST = 100
#: What ``hide`` may list: the parts of a page Material can hide.
HIDDEN_PARTS = ("navigation", "toc", "footer", "path", "feedback", "tags")
#: The keys whose value is text the theme shows (``title`` and ``subtitle`` are bounded with the
#: headings, :mod:`~rulecheck.examples.titles`).
TEXT_KEYS = ("title", "subtitle", "description", "author")
#: A status is written into a CSS class; an icon names a file of the theme's ``.icons`` folder
#: (``material/weather-night``, ``fontawesome/solid/book``); a template, a file among its templates.
_STATUS = re.compile(r"[A-Za-z0-9_-]+")
#: What a text value must not hold: the theme writes it unescaped, in an element or an attribute.
_MARKUP = re.compile(r'[<>"\x00-\x08\x0b-\x1f\x7f]')
_ICON = re.compile(r"[a-z0-9_-]+(?:/[a-z0-9_-]+)+")
_TEMPLATE = re.compile(r"(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.html")


def refused_meta(meta: Mapping[str, Any]) -> dict[str, str]:
    """The keys of ``meta`` (a page's front matter, as MkDocs gives it to the templates) whose value
    the theme or MkDocs could not use, or would copy at a size without bound: key → why, as the
    end of a sentence that starts with the key."""
    refused: dict[str, str] = {}
    for key, value in meta.items():
        if (why := _why(key, value)) is not None:
            refused[key] = why
    return refused


def _why(key: str, value: Any) -> str | None:
    if key in TEXT_KEYS or key in ("status", "icon", "template"):
        if not isinstance(value, str):
            return f"is {_kind(value)}, where the theme writes text. Hint: quote it"
        if key not in ("title", "subtitle") and len(value) > MAX_META_CHARS:
            return (f"holds {len(value):,} characters, and it holds at most {MAX_META_CHARS}: the theme copies it "
                    "into the page. Hint: shorten it")
        if key in TEXT_KEYS and (markup := _MARKUP.search(value)) is not None:
            return (f"holds `{markup.group()}`, which the theme copies into the page's HTML as it is (its head, "
                    "an attribute): it would be markup, not text. Hint: write it without < > \" or control "
                    "characters")
    if key == "status" and not _STATUS.fullmatch(value):
        return "is not a status name (letters, digits, `-`, `_`): the theme writes it into every page's navigation"
    if key == "icon" and not _ICON.fullmatch(value):
        return "is not an icon's name, such as `material/book`: the theme includes it in every page's navigation"
    if key == "template" and not _TEMPLATE.fullmatch(value):
        return "is not a template's name, such as `main.html`: MkDocs renders the page with it"
    if key == "hide":
        if not isinstance(value, list) or not all(isinstance(part, str) for part in value):
            return f"is {_kind(value)}, where the theme reads a list of the parts to hide, such as `[toc]`"
        if unknown := [part for part in value if part not in HIDDEN_PARTS]:
            return f"lists `{shortened(unknown[0])}`, and the parts a page hides are {', '.join(HIDDEN_PARTS)}"
    if key == "tags":
        if not isinstance(value, list) or not all(isinstance(tag, str) for tag in value):
            return f"is {_kind(value)}, where the search index reads a list of words"
        if (length := sum(map(len, value))) > MAX_META_CHARS:
            return (f"hold {length:,} characters, and a page's tags hold at most {MAX_META_CHARS} together: the "
                    "search index copies them into each section of the page. Hint: fewer or shorter tags")
    if key == "search":
        return _search_why(value)
    return None


def _search_why(value: Any) -> str | None:
    if not isinstance(value, dict):
        return f"is {_kind(value)}, where the search reads a mapping such as `{{exclude: true}}`"
    if unknown := [str(name) for name in value if name not in ("exclude", "boost")]:
        return f"holds `{shortened(unknown[0])}`, and the search reads only `exclude` and `boost`"
    if "exclude" in value and not isinstance(value["exclude"], bool):
        return "holds an `exclude` that is not `true` or `false`"
    boost = value.get("boost", 1)
    if (isinstance(boost, bool) or not isinstance(boost, int | float) or not math.isfinite(boost)
            or not 0 <= boost <= MAX_BOOST):
        return f"holds a `boost` that is not a number from 0 to {MAX_BOOST}"
    return None


def _kind(value: Any) -> str:
    """``value``'s YAML kind, in words: "a list", "a number", "empty"…"""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, str):
        return "text"
    return "a date" if type(value).__name__ in ("date", "datetime") else "a value of another kind"
