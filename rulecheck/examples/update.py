"""Rewrite drifted ``expect`` values from the engine's results, for an author to review in the diff.

Only the characters of each drifted value change: comments, key order, quoting elsewhere,
indentation inside admonitions and tabs, line ends and a leading byte-order mark all stay as
they were. The twin page's identical example (same ``given`` and ``dice``, same old value) is
rewritten with it, so both languages move together.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulecheck.errors import RulecheckError
from rulecheck.examples.check import (
    Casts,
    PageReport,
    Report,
    decode_page,
    display_path,
    page_language,
    read_bounded,
    read_page,
    rules_data,
)
from rulecheck.examples.finder import find_blocks, split_lines
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.page_writes import (
    JOURNAL,
    PageWrite,
    journal_folder,
    page_digest,
    project_folder,
    replace_pages,
)
from rulecheck.examples.schema import ParsedExample, parse_block


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` by ``new`` at ``line`` (1-based), columns ``start:end`` (0-based) of ``path``."""

    path: str
    line: int
    start: int
    end: int
    old: str
    new: str
    example_id: str
    field: str
    #: A fingerprint of the page's bytes the edit was planned on (:func:`page_digest`): the
    #: update refuses a page that changed since (``""``: not known, only ``old`` is compared).
    digest: str = ""

    def describe(self) -> str:
        return f"{self.path}:{self.line}:{self.start + 1}: {self.example_id}: {self.field}: {self.old} → {self.new}"


@dataclass(frozen=True)
class Skipped:
    """A drifted value that cannot be rewritten safely (a multi-line value, a list…)."""

    path: str
    line: int
    example_id: str
    field: str
    reason: str

    def describe(self) -> str:
        return f"{self.path}:{self.line}: {self.example_id}: {self.field}: not updated: {self.reason}"


def plan_updates(report: Report, root: str | Path = ".") -> tuple[list[Edit], list[Skipped]]:
    """The edits that bring every drifted ``expect`` value (and its twin's) to the engine's result."""
    root = Path(root).resolve()
    edits: dict[tuple[str, int, int], Edit] = {}
    skipped: list[Skipped] = []
    twins: dict[str, dict[str, ParsedExample]] = {}
    for page in report.pages.values():
        lines = _lines(root / page.path)
        for outcome in page.outcomes:
            if outcome.parsed is None:
                continue
            for problem in outcome.problems:
                if problem.kind != "drift" or not problem.field:
                    continue
                path = ("expect", problem.field.removeprefix("expect."))
                found = [_edit(parsed, page_lines, path, problem.expected, problem.actual)
                         for parsed, page_lines in [(outcome.parsed, lines), *_twins(outcome.parsed, page, root, twins)]
                         if parsed is outcome.parsed or _same_example(parsed, outcome.parsed, path, problem.expected)]
                stuck = [item for item in found if isinstance(item, Skipped)]
                skipped += stuck
                for item in found:
                    if isinstance(item, Edit) and stuck:  # both twins change, or neither does
                        skipped.append(Skipped(item.path, item.line, item.example_id, item.field,
                                               f"its twin {stuck[0].path}:{stuck[0].line} cannot be updated"))
                    elif isinstance(item, Edit):
                        edits.setdefault((item.path, item.line, item.start), item)
    return sorted(edits.values(), key=lambda e: (e.path, e.line, e.start)), skipped


def apply_edits(edits: Iterable[Edit], root: str | Path = ".") -> list[str]:
    """Write the edits; the paths of the files changed. Line ends and a BOM are kept byte for byte.

    Every page changes or none does (:func:`~rulecheck.examples.page_writes.replace_pages`).
    Raises :class:`~rulecheck.errors.RulecheckError` for a page that cannot be read or written, or
    that changed since the check, saying which pages were written (none, but for a failed undo)."""
    root = Path(root).resolve()
    by_path: dict[str, list[Edit]] = {}
    for edit in edits:
        by_path.setdefault(edit.path, []).append(edit)
    writes, refusals = [], []
    for path, group in sorted(by_path.items()):
        file = root / path
        try:
            raw = read_bounded_file(file)
        except OSError as error:
            refusals.append(f"{path}: cannot read the page to update it: {error.strerror}")
            continue
        bom = raw.startswith(b"\xef\xbb\xbf")
        pieces = _split_keep_ends(raw.decode("utf-8-sig", errors="surrogateescape"))
        moved = next((e for e in sorted(group, key=lambda e: (e.line, e.start))
                      if not 1 <= e.line <= len(pieces) or pieces[e.line - 1][0][e.start:e.end] != e.old), None)
        if moved is not None:
            refusals.append(f"{path}:{moved.line} changed since it was checked; run the check again")
            continue
        if any(e.digest and e.digest != page_digest(raw) for e in group):
            refusals.append(f"{path} changed since it was checked; run the check again")
            continue
        for edit in sorted(group, key=lambda e: (e.line, e.start), reverse=True):
            text, end = pieces[edit.line - 1]
            pieces[edit.line - 1] = (text[:edit.start] + edit.new + text[edit.end:], end)
        out = "".join(text + end for text, end in pieces)
        data = (b"\xef\xbb\xbf" if bom else b"") + out.encode("utf-8", errors="surrogateescape")
        writes.append(PageWrite(path, file, raw, data))
    if refusals:
        unchanged = "the page is unchanged" if len(by_path) == 1 else "no page was changed"
        raise RulecheckError(f"{'; '.join(refusals)} ({unchanged})")
    # In the pages' project, wherever the update is run from: run from /tmp, its journal was left
    # in /tmp, where no host of the project looks. Pages of no project: where it is run from.
    pages = Path(os.path.commonpath([write.file.parent for write in writes])) if writes else root
    replace_pages(writes, (project_folder(pages) or journal_folder(root)) / JOURNAL)
    return sorted(by_path)


def read_bounded_file(file: Path) -> bytes:
    """A page's bytes, as the check reads them (:data:`MAX_PAGE_BYTES` at most)."""
    with file.open("rb") as stream:
        return read_bounded(stream)


def yaml_scalar(value: Any) -> str:
    """``value`` as a YAML scalar that loads back to the same value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*( [A-Za-z0-9_.-]+)*", text) and yaml.safe_load(text) == text:
        return text
    # JSON's double-quoted string is YAML's too; escape what YAML (or our examples) refuse raw.
    return _UNSAFE.sub(lambda m: f"\\u{ord(m[0]):04x}", json.dumps(text, ensure_ascii=False))


_UNSAFE = re.compile(r"[^\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")


def _edit(parsed: ParsedExample, lines: _Lines, path: tuple[str, str], old: Any, new: Any) -> Edit | Skipped:
    block = parsed.block
    where = parsed.line_of(path)
    field = ".".join(path)

    def skip(reason: str) -> Skipped:
        return Skipped(block.path, where, parsed.id, field, reason)

    span = parsed.located.spans.get(path)
    if span is None:
        return skip("the value is not a single scalar")
    line, col, end_line, end_col = span
    if line != end_line:
        return skip("the value spans several lines")
    page_line = block.body_line + line - 1
    if not 1 <= page_line <= len(lines.lines):
        return skip("the page changed since it was checked")
    text = lines.lines[page_line - 1]
    start, end = block.page_col(page_line, col) - 1, block.page_col(page_line, end_col) - 1
    written = text[start:end]
    try:
        unchanged = yaml.safe_load(written) == old
    except yaml.YAMLError:
        unchanged = False
    if not unchanged:
        return skip(f"`{written}` on the page is not the value checked")
    return Edit(block.path, page_line, start, end, written, yaml_scalar(new), parsed.id, field, lines.digest)


def _twins(parsed: ParsedExample, page: PageReport, root: Path,
           cache: dict[str, dict[str, ParsedExample]]) -> list[tuple[ParsedExample, _Lines]]:
    """The example's twins, on the page's twin files as the check found them (language folders
    read from the checked folder down, as :func:`~rulecheck.examples.check.check_paths` does)."""
    result = []
    for language in LANGUAGES:
        twin_file = page.twin(language) if page.language not in (None, language) else None
        if twin_file is None:
            continue
        twin = display_path(twin_file, root)
        if twin not in cache:
            cache[twin] = _parse_page(root, twin)
        example = cache[twin].get(parsed.id)
        if example is not None:
            result.append((example, _lines(root / twin)))
    return result


def _parse_page(root: Path, path: str) -> dict[str, ParsedExample]:
    file = root / path
    if not file.is_file():
        return {}
    try:
        text = read_page(file)
    except (OSError, UnicodeDecodeError):
        return {}
    examples: dict[str, ParsedExample] = {}
    cast = Casts(root).of(file)
    for block in find_blocks(text, path):
        parsed = parse_block(block, cast, page_language(path))
        if not isinstance(parsed, list):
            examples.setdefault(parsed.id, parsed)
    return examples


def _same_example(twin: ParsedExample, mine: ParsedExample, path: tuple[str, str], old: Any) -> bool:
    """The twin runs the same rule on the same data and expects the same old value."""
    keys = ("rule", "given", "dice")
    same_data = all(rules_data(twin.data.get(k)) == rules_data(mine.data.get(k)) for k in keys)
    expect = twin.data.get("expect")
    return same_data and isinstance(expect, dict) and path[1] in expect and expect[path[1]] == old



@dataclass(frozen=True)
class _Lines:
    """A page's lines as the plan read them, and the fingerprint of its bytes."""

    lines: Sequence[str]
    digest: str


def _lines(file: Path) -> _Lines:
    try:
        raw = read_bounded_file(file)
        return _Lines(split_lines(decode_page(raw)), page_digest(raw))
    except (OSError, UnicodeDecodeError):
        return _Lines([], "")


def _split_keep_ends(text: str) -> list[tuple[str, str]]:
    """Lines with their ends (``\\n``, ``\\r\\n`` or ``\\r``), numbered as :func:`find_blocks` numbers them."""
    parts = re.split(r"(\r\n|\r|\n)", text)
    pieces = [(parts[i], parts[i + 1]) for i in range(0, len(parts) - 1, 2)]
    if parts[-1]:
        pieces.append((parts[-1], ""))
    return pieces
