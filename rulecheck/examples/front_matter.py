"""A page's front matter: what MkDocs takes off the top of a page before Markdown reads it.

MkDocs (``mkdocs.utils.meta.get_data``) takes a YAML header (``---`` … ``---``) off a page when it
loads as a mapping, or else its first lines when each is a MultiMarkdown ``key: value`` (or
continues one), and gives them to the templates as ``page.meta``. :func:`front_matter` says where
the page's Markdown starts, as MkDocs does, so that a line the check numbers in the page is found
in the Markdown the plugin is given.

What stands there is data for the templates, never checked prose: a prose reference written
there is shown as written. And PyYAML keeps an alias as a second reference to one value, which
the templates write out in full: nine aliases of nine aliases of a word, a few hundred bytes,
make a page title of gigabytes and a build that runs out of memory. :func:`check_front_matter`
refuses both, located, and every value the theme or MkDocs reads that they could not use, or would
copy at a size without bound (:mod:`~rulecheck.examples.meta_fields`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

import yaml

from rulecheck.errors import Problem, shortened
from rulecheck.examples.capped import Capped
from rulecheck.examples.line_index import LineIndex, line_col
from rulecheck.examples.meta_fields import refused_meta
from rulecheck.examples.yamlsrc import MAX_DEPTH

# MkDocs' own patterns (mkdocs/utils/meta.py), on text whose line ends are all "\n".
_YAML_HEADER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.UNICODE | re.DOTALL)
_META_LINE = re.compile(r"^[ ]{0,3}(?P<key>[A-Za-z0-9_-]+):\s*(?P<value>.*)")
_META_MORE = re.compile(r"^([ ]{4}|\t)(\s*)(?P<value>.*)")
#: The loader MkDocs reads a header with.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class FrontMatter:
    """The front matter of a page: ``end``, the offset where its Markdown starts (the blank lines
    after the front matter taken off too); ``header``, the YAML header's text (``None`` for
    MultiMarkdown lines) and ``header_start``, its offset."""

    end: int
    header: str | None = None
    header_start: int = 0


def front_matter(text: str) -> FrontMatter | None:
    """The front matter MkDocs takes off ``text`` (a page as :func:`~rulecheck.examples.pages.decode_page`
    reads it), or ``None`` when it takes nothing."""
    if header := _YAML_HEADER.match(text):
        if not _is_mapping(header[1]):
            return None  # MkDocs leaves the page whole: its header is shown as Markdown
        return FrontMatter(_blank_lines_after(text, header.end()), header[1], header.start(1))
    at, key = 0, False
    while at < len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        line = text[at:end]
        if not line.strip():
            at = min(end + 1, len(text))  # the blank line that ends the meta-data goes with it
            break
        if not (_META_LINE.match(line) or (key and _META_MORE.match(line))):
            break
        key, at = True, min(end + 1, len(text))
    end = _blank_lines_after(text, at)
    return FrontMatter(end) if end else None


def lines_taken_off(text: str) -> int:
    """How many lines of ``text`` MkDocs takes off before Markdown reads it: line ``n`` of the
    page is line ``n - lines_taken_off(text)`` of the Markdown the plugins are given."""
    found = front_matter(text)
    return text.count("\n", 0, found.end) if found else 0


def in_front_matter(text: str) -> int:
    """The offset up to which ``text`` is front matter (0 when it has none)."""
    found = front_matter(text)
    return found.end if found else 0


def check_front_matter(path: str, text: str) -> list[Problem]:
    """The located problems of a page's front matter: in a YAML header, an anchor or an alias (the
    first one: it stops the reading, as in an example); else each value the theme or MkDocs could
    not use (:func:`~rulecheck.examples.meta_fields.refused_meta`), at its key."""
    found = _YAML_HEADER.match(text)
    if not found:
        return _refused_values(path, text)
    try:
        if (deep := _too_deep(found[1])) is not None:
            deep_line, deep_col = line_col(text, found.start(1) + deep)
            return [Problem(path=path, line=deep_line, col=deep_col, kind="front-matter", message=(
                f"the page's front matter nests deeper than {MAX_DEPTH} levels, which MkDocs cannot read (its YAML "
                "reader goes one level deeper in itself for each, and a deep enough header stops the build). Hint: "
                "write its values flat"))]
        events = list(yaml.parse(found[1], Loader=_LOADER))
    except yaml.YAMLError:
        return []  # MkDocs shows a header it cannot read as Markdown: nothing of it is data
    for event in events:
        if isinstance(event, yaml.AliasEvent):
            what = f"an alias (`*{event.anchor}`)"
        elif isinstance(event, yaml.NodeEvent) and event.anchor is not None:
            what = f"an anchor (`&{event.anchor}`)"
        else:
            continue
        mark = event.start_mark
        line, col = line_col(text, found.start(1) + mark.index) if mark is not None else (1, None)
        return [Problem(path=path, line=line, col=col, kind="front-matter", message=(
            f"{what} in the page's front matter, where anchors and aliases are refused: MkDocs' templates write "
            "an alias out in full, so a few aliases of aliases make a build run out of memory. Hint: write each "
            "value itself"))]
    return _refused_values(path, text)


def meta_data(text: str) -> dict[str, object]:
    """The front matter of ``text`` as MkDocs gives it to the templates (``page.meta``): a YAML
    header's mapping (call it on a header without aliases, :func:`check_front_matter`), or the
    MultiMarkdown lines' text, each key's lines joined."""
    found = front_matter(text)
    if found is None:
        return {}
    if found.header is not None:
        try:
            loaded = yaml.load(found.header, Loader=_LOADER)
        except yaml.YAMLError:  # pragma: no cover - front_matter() read it as a mapping
            return {}
        return {str(key): value for key, value in loaded.items()} if isinstance(loaded, dict) else {}
    return {key: value for key, (_, value) in _multimarkdown(text, found.end).items()}


def _refused_values(path: str, text: str) -> list[Problem]:
    return located_keys(path, text, refused_meta(meta_data(text)))


def located_keys(path: str, text: str, whys: Mapping[str, str]) -> list[Problem]:
    """A problem for each front matter key of ``whys`` (key → why, the end of a sentence that starts
    with the key), at that key in the page's ``text``, in the page's order."""
    if not whys:
        return []
    index = LineIndex(text)
    at = {key: offset for key, offset, _ in meta_values(text)}  # a key written twice: its last value counts
    problems = Capped()  # a key a problem: a few listed, the rest summed up
    for key, why in whys.items():
        line, col = index.line_col(at[key]) if key in at else (1, None)
        shown = shortened(key)
        problems.add(Problem(path=path, line=line, col=col, kind="front-matter",
                             message=f"the front matter's `{shown}` {why}"), "refused")
    return sorted(problems.problems, key=lambda p: (p.line, p.col or 0))


def meta_values(text: str) -> list[tuple[str, int, int]]:
    """``(key, offset, length)`` of each value of a page's front matter, as MkDocs gives it to the
    templates: ``offset``, where its key is written; ``length``, the characters of the value (a
    YAML value that is not a string, the characters it is written in; MultiMarkdown's lines of
    one key joined, as MkDocs joins them)."""
    return [(key, offset, length) for key, offset, length, _ in _meta_entries(text)]


def meta_texts(text: str) -> list[tuple[str, int, str]]:
    """``(key, offset, text)`` of each value of a page's front matter written as text (a YAML
    scalar, or MultiMarkdown's lines of one key, joined): what a template shows of it."""
    return [(key, offset, value) for key, offset, _, value in _meta_entries(text) if value is not None]


@functools.lru_cache(maxsize=4)  # a page's keys are looked up by its title check and its values' check
def _meta_entries(text: str) -> tuple[tuple[str, int, int, str | None], ...]:
    found = front_matter(text)
    if found is None:
        return ()
    if found.header is not None:
        try:
            node = yaml.compose(found.header, Loader=_LOADER)
        except yaml.YAMLError:  # pragma: no cover - front_matter() read it as a mapping
            return ()
        if not isinstance(node, yaml.MappingNode):  # pragma: no cover - likewise
            return ()
        values = []
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                continue
            scalar = value.value if isinstance(value, yaml.ScalarNode) else None
            length = len(scalar) if scalar is not None else value.end_mark.index - value.start_mark.index
            values.append((key.value, found.header_start + key.start_mark.index, length, scalar))
        return tuple(values)
    return tuple((key, offset, len(value), value) for key, (offset, value) in _multimarkdown(text, found.end).items())


def _multimarkdown(text: str, stop: int) -> dict[str, tuple[int, str]]:
    """The MultiMarkdown lines before ``stop``: key → (offset of its first key, its lines' values
    joined by spaces, as MkDocs joins them)."""
    values: dict[str, tuple[int, list[str]]] = {}
    at, key = 0, ""
    while at < stop:
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        line = text[at:end]
        if (meta := _META_LINE.match(line)) is not None:
            key = meta["key"].lower().strip()
            values.setdefault(key, (at + line.index(meta["key"]), []))[1].append(meta["value"].strip())
        elif key and (more := _META_MORE.match(line)) is not None:
            values[key][1].append(more["value"].strip())
        at = end + 1
    return {key: (offset, " ".join(parts)) for key, (offset, parts) in values.items()}


@functools.lru_cache(maxsize=16)
def _is_mapping(header: str) -> bool:
    """Whether MkDocs reads ``header`` as its meta-data: YAML that loads to a mapping. A header
    nested too deep is not read at all (:func:`_too_deep`). Kept for the last few headers: each
    check of a page asks it of the same header five times (its keys, values, titles), and a
    header of 100,000 tags took seconds each time."""
    try:
        if _too_deep(header) is not None:
            return False
        return isinstance(yaml.load(header, Loader=_LOADER), dict)  # a safe loader, as MkDocs reads it
    except Exception:  # MkDocs takes any failure for no header
        return False


def _too_deep(header: str) -> int | None:
    """The offset where ``header`` nests deeper than :data:`MAX_DEPTH`, if it does. libyaml's loader, which
    MkDocs reads front matter with, recurses once per level: 30,000 ``[`` killed the check and the
    build (a segmentation fault, every other problem lost). Its parser does not recurse, and the
    reading stops at the first level too deep."""
    depth = 0
    for event in yaml.parse(header, Loader=_LOADER):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                return int(event.start_mark.index) if event.start_mark is not None else 0
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
    return None


def _blank_lines_after(text: str, at: int) -> int:
    """Past the line breaks MkDocs strips after front matter (``lstrip("\\n")``)."""
    while at < len(text) and text[at] == "\n":
        at += 1
    return at
