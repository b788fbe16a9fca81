"""Run examples on the engine, compare them with what they expect, and check whole page sets.

A mismatch is a value (a :class:`~rulecheck.errors.Problem`), never an exception: hosts decide
whether it fails a build, a test item or a command.
"""

from __future__ import annotations

import difflib
import errno
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel

from rulecheck.engine.odds import Odds, compute_odds
from rulecheck.engine.rules import RULES
from rulecheck.engine.sources import ScriptedDice
from rulecheck.errors import Problem, RulecheckError, RuleError, did_you_mean, with_hint
from rulecheck.examples.cast import MARKER as CAST_MARKER
from rulecheck.examples.cast import Cast, cast_file_for, load_cast
from rulecheck.examples.chances import card_fields
from rulecheck.examples.finder import MARKDOWN_SUFFIXES, Block, find_blocks, split_lines
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.maps import map_problems
from rulecheck.examples.references import check_references
from rulecheck.examples.render import has_refusal_wording
from rulecheck.examples.schema import DISPLAY_KEYS, ParsedExample, parse_block, written_id
from rulecheck.examples.tables import check_tables
from rulecheck.examples.trace_check import trace_problems

#: Bound on the runs of the rules that one example's exact odds may take (some 0.7 s of a build).
ODDS_MAX_RUNS = 20_000


@dataclass
class Outcome:
    """One example's run: the parsed example (if it parsed), the engine's result, the problems."""

    block: Block
    parsed: ParsedExample | None = None
    result: BaseModel | None = None
    problems: list[Problem] = field(default_factory=list)
    #: Problems reported on another example that concern this one too (its twin differs, its id
    #: is reused): shown on this example's card, not counted a second time in reports.
    echoes: list[Problem] = field(default_factory=list)


    #: Exact odds over the example's dice (those in ``odds.fixed`` kept), computed once here.
    odds: Odds | None = None
    #: The rules' refusal that the example shows (``expect: {refused: code}``), when it matched.
    refusal: RuleError | None = None

    @property
    def id(self) -> str | None:
        return self.parsed.id if self.parsed else None

    @property
    def headline_odds(self) -> tuple[str, Any, Fraction] | None:
        """The rule's first headline field, its value here, and the exact probability of that value."""
        if self.odds is None or self.result is None or self.parsed is None:
            return None
        headline = RULES[self.parsed.example.rule].headline
        if not headline:
            return None
        value = getattr(self.result, headline[0])
        return headline[0], value, self.odds.probability(headline[0], value)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class PageReport:
    path: str
    outcomes: list[Outcome] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: The page's file, and where its language folder stands in it (``None``: no language). Read
    #: from the folder checked downwards, so that the working directory, or a folder named `en`
    #: above the project, never changes a page's language or its twin.
    source: Path | None = None
    language_at: int | None = None

    @property
    def language(self) -> str | None:
        return self.source.parts[self.language_at] if self.source and self.language_at is not None else None

    def twin(self, language: str) -> Path | None:
        """The file of this page in ``language``."""
        if self.source is None or self.language_at is None:
            return None
        parts = list(self.source.parts)
        parts[self.language_at] = language
        return Path(*parts)

    def by_id(self) -> dict[str, Outcome]:
        return {o.id: o for o in self.outcomes if o.id}


@dataclass
class Report:
    pages: dict[str, PageReport] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: The cast files the pages use, by displayed path.
    casts: dict[str, Cast] = field(default_factory=dict)

    @property
    def all_problems(self) -> list[Problem]:
        found = list(self.problems)
        for page in self.pages.values():
            found += page.problems
            for outcome in page.outcomes:
                found += outcome.problems
        return sorted(found, key=lambda p: (p.path, p.line, p.col or 0, p.message))

    def page_problems(self, path: str, *, shown: Iterable[Outcome] = ()) -> list[Problem]:
        """The problems located on page ``path`` that the outcomes in ``shown`` do not already hold
        (a page's parity, its prose references, an unreadable page…)."""
        held = {id(problem) for outcome in shown for problem in outcome.problems}
        return [p for p in self.all_problems if p.path == path and id(p) not in held]

    @property
    def examples(self) -> int:
        return sum(len(page.outcomes) for page in self.pages.values())

    @property
    def ok(self) -> bool:
        return not self.all_problems


def check_example(parsed: ParsedExample, *, odds: bool = True, every_field: bool = False) -> Outcome:
    """Run one example with its scripted dice and compare every expected field.

    With ``odds``, also compute the exact odds of its result over its dice (see
    :func:`example_odds`), kept on the outcome so that hosts never compute them twice: of the
    fields its card reads, or with ``every_field`` of every field of the result.
    """
    outcome = Outcome(block=parsed.block, parsed=parsed)
    example = parsed.example
    rule = RULES[example.rule]
    dice = _Recording(ScriptedDice(example.dice))
    refused = example.expect.refused
    try:
        result = rule.resolve(example.given, dice)
    except RulecheckError as error:
        message = with_hint(error.message + _label_typo(error.field, example.dice), error.hint)
        if refused is not None:
            return _check_refusal(parsed, outcome, error, message)
        outcome.problems.append(parsed.problem(message, error.field))
        return outcome
    except Exception as error:  # a bug of the engine: say so, located, instead of a traceback
        outcome.problems.append(parsed.problem(
            f"internal error of rule `{example.rule}`: {type(error).__name__}: {error} "
            "(a bug of rulecheck, not of the example; please report it)", kind="internal",
        ))
        return outcome
    if refused is not None:
        outcome.problems.append(parsed.problem(
            f"expected the rules to refuse this example (`{refused}`), but they resolve it",
            ("expect", "refused"), expected=refused, actual=None, kind="drift",
        ))
        return outcome
    outcome.result = result
    outcome.problems += trace_problems(parsed, result)
    outcome.problems += map_problems(parsed, result)
    for label, left in dice.inner.unused().items():
        message = f"{left} scripted {'die was' if left == 1 else 'dice were'} never rolled by the rules"
        hint = did_you_mean(label, dice.asked) if label not in dice.asked else None
        if hint:  # only a likely typo: a label the rules may roll in another situation is fine
            message += f" ({hint})"
        else:
            message = with_hint(message, f"in this situation the rules do not roll `{label}` (or roll it fewer "
                                         f"times): remove the extra faces, or change `given` so that they do")
        outcome.problems.append(parsed.problem(message, ("dice", label)))
    expect = example.expect
    for name in sorted(expect.model_fields_set, key=lambda n: parsed.line_of(("expect", n))):
        expected, actual = getattr(expect, name), getattr(result, name)
        if expected != actual:
            outcome.problems.append(parsed.problem(
                f"expected {_show(expected)}, got {_show(actual)}", ("expect", name),
                expected=expected, actual=actual, kind="drift",
            ))
    if odds:
        outcome.odds = example_odds(parsed, outcome.problems, every_field=every_field)
    return outcome


def _check_refusal(parsed: ParsedExample, outcome: Outcome, error: RulecheckError, message: str) -> Outcome:
    """An example showing a refusal: the rules must refuse with that code, and it expects nothing else."""
    expect = parsed.example.expect
    expected = expect.refused
    others = sorted(expect.model_fields_set - {"refused"}, key=lambda n: parsed.line_of(("expect", n)))
    for name in others:
        outcome.problems.append(parsed.problem(
            "an example that shows a refusal expects nothing else: the rules give no result", ("expect", name)))
    if not isinstance(error, RuleError) or error.code != expected:
        code = error.code if isinstance(error, RuleError) else None
        got = f"`{code}`" if code else "an error with no refusal code"
        drift = {"expected": expected, "actual": code, "kind": "drift"} if code else {}
        outcome.problems.append(parsed.problem(
            f"expected the refusal `{expected}`, got {got}: {message}", ("expect", "refused"), **drift))
        return outcome
    missing = [language for language in LANGUAGES if not has_refusal_wording(error.code, language)]
    if missing:
        outcome.problems.append(parsed.problem(
            f"the refusal `{error.code}` has no wording in {', '.join(missing)}: add `refusal.{error.code}` "
            "to the locales", ("expect", "refused")))
        return outcome
    if not outcome.problems:
        outcome.refusal = error
    return outcome


def _label_typo(field: tuple[str | int, ...], script: dict[str, Any]) -> str:
    """When dice are missing for a label, name the scripted label that looks like a typo of it."""
    if len(field) != 2 or field[0] != "dice" or field[1] in script:
        return ""
    close = difflib.get_close_matches(str(field[1]), list(script), n=1, cutoff=0.6)
    return f" (is `dice.{close[0]}` a typo of `{field[1]}`?)" if close else ""


class _Recording:
    """A dice source that remembers which labels the rules asked for."""

    def __init__(self, inner: ScriptedDice) -> None:
        self.inner = inner
        self.asked: list[str] = []

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        self.asked.append(label)
        return self.inner.roll(label, sides, count)


def example_odds(parsed: ParsedExample, problems: list[Problem], *, every_field: bool = False) -> Odds | None:
    """Exact odds of an example: its dice listed in ``odds.fixed`` keep their scripted faces,
    every other die is enumerated. Problems (an unknown label, too much work) go to ``problems``.

    The odds are those of the fields its card reads (:func:`~rulecheck.examples.chances.card_fields`),
    which lets a rule enumerate by class a roll whose face only other fields keep (a miss
    chance's d100); with ``every_field``, of every field of the result."""
    example = parsed.example
    fixed = {}
    for index, label in enumerate(example.odds.fixed):
        if label not in example.dice:
            hint = did_you_mean(label, example.dice)
            problems.append(parsed.problem(
                f"`{label}` is not a label of `dice`" + (f"; {hint}" if hint else ""), ("odds", "fixed", index)))
            continue
        fixed[label] = example.dice[label]
    # Twins differ only in display text, which no result depends on: they share one computation.
    fields = None if every_field else card_fields(RULES[example.rule])
    key = (example.rule, json.dumps(rules_data(example.given.model_dump(mode="json", by_alias=True)),
                                    sort_keys=True), json.dumps(fixed, sort_keys=True), fields)
    odds = _ODDS_MEMO.get(key)
    if odds is not None:
        return odds
    try:
        odds = compute_odds(example.rule, example.given, fixed=fixed, fields=fields, max_runs=ODDS_MAX_RUNS)
    except RulecheckError as error:
        problems.append(parsed.problem(f"exact odds: {error}", error.field or ("odds",)))
        return None
    except Exception as error:  # a bug of the engine on a branch the example does not take
        problems.append(parsed.problem(
            f"internal error of rule `{example.rule}` while computing exact odds: {type(error).__name__}: {error} "
            "(a bug of rulecheck, not of the example; please report it)", ("odds",), kind="internal",
        ))
        return None
    if len(_ODDS_MEMO) >= 4096:
        _ODDS_MEMO.clear()
    _ODDS_MEMO[key] = odds
    return odds


#: Exact odds already computed, by rule, rules data of ``given``, fixed dice and fields.
_ODDS_MEMO: dict[tuple[str, str, str, frozenset[str] | None], Odds] = {}


def check_page(
    path: str, text: str, *, odds: bool = True, cast: Cast | None = None, language: str | None = None
) -> PageReport:
    """One page's examples and checked tables (in ``language``, else the one its path names)."""
    report = PageReport(path)
    if CAST_MARKER in text and (cast is None or not cast.exists):
        line = text[:text.index(CAST_MARKER)].count("\n") + 1
        report.problems.append(Problem(path=path, line=line, kind="cast", message=(
            f"the page lists the cast ({CAST_MARKER}), and there is no cast file: write "
            f"{cast.path if cast else 'cast.yml'} beside the language folders")))
    for block in find_blocks(text, path):
        parsed = parse_block(block, cast, language or page_language(path))
        if isinstance(parsed, list):
            report.outcomes.append(Outcome(block=block, problems=parsed))
        else:
            report.outcomes.append(check_example(parsed, odds=odds))
    report.problems += check_tables(path, text, language or (language_of(path) or (None, ""))[0])
    return report


def check_paths(paths: Iterable[str | Path], root: str | Path = ".", *, odds: bool = True) -> Report:
    """Check every Markdown page under ``paths``; add parity, duplicate ids and prose references.

    Paths in problems are relative to ``root`` when they lie under it.
    """
    report = Report()
    root = Path(root).resolve()
    casts = Casts(root, report)
    for page, base in _pages(paths):
        shown = display_path(page, root)
        try:
            text = read_page(page)
        except UnicodeDecodeError as error:
            report.problems.append(undecodable(shown, error))
            continue
        except OSError as error:
            report.problems.append(Problem(path=shown, line=1, message=f"cannot read page: {error.strerror}"))
            continue
        at = _language_at(page, base)
        report.pages[shown] = check_page(shown, text, odds=odds, cast=casts.of(page),
                                         language=page.parts[at] if at is not None else None)
        report.pages[shown].source, report.pages[shown].language_at = page, at
        report.pages[shown].problems += check_references(shown, text, report.pages[shown].outcomes)
        report.pages[shown].problems += check_snippets(shown, text, (root, root / "docs", page.parent))
    _check_duplicates(report)
    _check_parity(report, root, casts)
    return report


class Casts:
    """The cast files of a check, each read once; their own problems go to the report once."""

    def __init__(self, root: Path, report: Report | None = None) -> None:
        self.root = root
        self.report = report
        self.loaded: dict[Path, Cast] = {}

    def of(self, page: Path) -> Cast:
        file = cast_file_for(page.resolve())
        if file not in self.loaded:
            cast = self.loaded[file] = load_cast(file, display_path(file, self.root))
            if self.report is not None:
                self.report.problems += cast.problems
                self.report.casts[cast.path] = cast
        return self.loaded[file]


def page_language(path: str) -> str:
    """The language of a page: its language folder's, else the site's default language."""
    return (language_of(path) or (LANGUAGES[0], ""))[0]


#: The most bytes read from one page or example file (the longest page of the site is some 25 kB):
#: ``/dev/zero`` or a runaway generated file is refused instead of filling the memory.
MAX_PAGE_BYTES = 10_000_000


def check_snippets(path: str, text: str, bases: Sequence[Path]) -> list[Problem]:
    """A located problem for each snippet (``--8<--``) that pulls in a file holding a ``rulecheck``
    fence: the page would show that example, and examples pulled in from elsewhere are not checked
    (they would have no twin, no place of their own in a report). A target is looked for under
    each of ``bases``, as ``pymdownx.snippets`` looks under its ``base_path``."""
    problems = []
    for line, col, target in find_snippets(text):
        for base in bases:
            file = base / target
            try:
                held = find_blocks(read_page(file), target) if file.is_file() else []
            except (OSError, UnicodeDecodeError):
                continue
            if held:
                problems.append(Problem(
                    path=path, line=line, col=col, kind="unchecked",
                    message=f"snippet `{target}` pulls in {len(held)} rulecheck example(s), which would be shown "
                            "but never checked. Hint: write the example on the page itself",
                ))
                break
    return problems


def find_snippets(text: str) -> list[tuple[int, int, str]]:
    """``(line, column, file)`` of each file a page includes with ``pymdownx.snippets`` notation
    (``--8<-- "file"``, or file names between two ``--8<--`` lines); a ``;`` before escapes it.
    Line ranges and sections (``file.md:3:5``, ``file.md:name``) name the file before the colon."""
    if "8<" not in text:  # every marker holds it: most pages have none, and no line needs reading
        return []
    found = []
    block = False
    for number, line in enumerate(split_lines(text), 1):
        stripped = line.lstrip(" \t")
        col = len(line) - len(stripped) + 1
        marker = _snippet_marker(stripped)
        if marker is not None and not stripped.startswith(";"):
            rest = stripped[marker:]
            if not rest:
                block = not block
            elif not block and rest[:1] in " \t":
                quoted = rest.strip(" \t")
                if len(quoted) > 2 and quoted[0] == quoted[-1] and quoted[0] in "\"'":
                    found.append((number, col, quoted[1:-1].strip().split(":", 1)[0]))
        elif block and stripped.strip() and not stripped.startswith(";"):
            found.append((number, col, stripped.strip().split(":", 1)[0]))
    return [item for item in found if item[2]]


def _snippet_marker(text: str) -> int | None:
    """The length of a snippet marker (``-8<-``, ``--8<--``…) at the start of ``text``, if any."""
    dashes = len(text) - len(text.lstrip("-"))
    if dashes == 0 or text[dashes:dashes + 2] != "8<":
        return None
    after = text[dashes + 2:]
    closing = len(after) - len(after.lstrip("-"))
    return dashes + 2 + closing if closing else None


def read_page(path: Path) -> str:
    """A page's text: UTF-8, CRLF and CR line ends read as LF, a leading BOM dropped.

    Raises ``OSError`` (``EFBIG``) for a file of more than :data:`MAX_PAGE_BYTES`."""
    with path.open("rb") as stream:
        return decode_page(read_bounded(stream))


def read_bounded(stream: BinaryIO, limit: int = MAX_PAGE_BYTES) -> bytes:
    """At most ``limit`` bytes of ``stream``; ``OSError`` (``EFBIG``) when it holds more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"more than {limit:,} bytes, the most rulecheck reads from one file")
    return data


def decode_page(raw: bytes) -> str:
    """Page bytes as text: UTF-8, CRLF and CR line ends read as LF, a leading BOM dropped."""
    return raw.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")


def undecodable(path: str, error: UnicodeDecodeError) -> Problem:
    before = error.object[:error.start]
    line = before.count(b"\n") + 1
    col = len(before) - (before.rfind(b"\n") + 1) + 1
    byte = error.object[error.start:error.start + 1].hex()
    return Problem(path=path, line=line, col=col, message=f"not valid UTF-8 (byte 0x{byte})",
                   kind="encoding")


def _pages(paths: Iterable[str | Path]) -> list[tuple[Path, Path]]:
    """Each page under ``paths`` with the folder it was found from (a file's own folder)."""
    found: dict[Path, Path] = {}
    for item in paths:
        base = Path(item).resolve()
        for page in markdown_files([item]):
            found.setdefault(page, base if base.is_dir() else base.parent)
    return list(found.items())


def _language_at(page: Path, base: Path) -> int | None:
    """The index in ``page.parts`` of its language folder: the last one named as a language, from
    the checked folder itself (``docs/fr``) downwards, never above it."""
    first = len(base.parts) - 1
    for index in range(len(page.parts) - 2, first - 1, -1):
        if page.parts[index] in LANGUAGES:
            return index
    return None


def markdown_files(paths: Iterable[str | Path]) -> list[Path]:
    """The pages under ``paths``: every file MkDocs renders as Markdown (``.md``, ``.markdown``…)
    in a folder, and every file named."""
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in MARKDOWN_SUFFIXES and p.is_file())
        elif path.exists():
            found.append(path)
        else:
            raise FileNotFoundError(str(path))
    return list(dict.fromkeys(p.resolve() for p in found))


def language_of(path: str) -> tuple[str, str] | None:
    """``docs/fr/a/b.md`` → ``("fr", "a/b.md")``: the language folder and the path inside it."""
    parts = Path(path).parts
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] in LANGUAGES:
            return parts[index], "/".join(parts[index + 1:])
    return None


def twin_path(path: str, language: str) -> str:
    parts = list(Path(path).parts)
    found = language_of(path)
    if not found:
        return path
    index = len(parts) - 1 - parts[::-1].index(found[0])
    parts[index] = language
    return str(Path(*parts))


def display_path(path: Path, root: Path) -> str:
    """``path`` as problems name it: relative to ``root`` when it lies under it."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _check_duplicates(report: Report) -> None:
    seen: dict[tuple[str, str], Outcome] = {}
    for page in report.pages.values():
        language = page.language or ""
        for outcome in page.outcomes:
            if not outcome.id:
                continue
            first = seen.setdefault((language, outcome.id), outcome)
            if first is not outcome and first.parsed is not None and outcome.parsed is not None:
                where = f"{first.block.path}:{first.parsed.line_of(('id',))}"
                problem = outcome.parsed.problem(f"duplicate id: already used at {where}", ("id",),
                                                 related=(where,))
                outcome.problems.append(problem)
                first.echoes.append(problem)


def _check_parity(report: Report, root: Path, casts: Casts) -> None:
    """French and English twins: same pages, same ids, same rules data (display text aside)."""
    done: set[str] = set()
    for path, page in list(report.pages.items()):
        language = page.language
        if language is None or path in done:
            continue
        for other in LANGUAGES:
            if other == language:
                continue
            twin_file = page.twin(other)
            assert twin_file is not None
            twin = display_path(twin_file, root)
            done.add(twin)
            twin_page = report.pages.get(twin)
            if twin_page is None:
                if not twin_file.exists():
                    page.problems.append(Problem(
                        path=path, line=1, kind="parity",
                        message=f"no {_NAMES[other]} twin: {twin} does not exist", related=(twin,),
                    ))
                    continue
                try:
                    twin_page = _parse_only(twin, read_page(twin_file), casts.of(twin_file))
                except UnicodeDecodeError as error:
                    if not any(p.path == twin for p in report.problems):  # not already reported
                        page.problems.append(undecodable(twin, error))
                    continue
                except OSError as error:
                    page.problems.append(Problem(path=twin, line=1, message=f"cannot read page: {error.strerror}"))
                    continue
            _compare_twins(page, twin_page, checked=twin in report.pages)


_NAMES = {"fr": "French", "en": "English"}


def _parse_only(path: str, text: str, cast: Cast) -> PageReport:
    report = PageReport(path)
    for block in find_blocks(text, path):
        parsed = parse_block(block, cast, page_language(path))
        report.outcomes.append(Outcome(block=block, parsed=parsed if not isinstance(parsed, list) else None))
    return report


def _invalid_by_id(page: PageReport) -> dict[str, Outcome]:
    """The blocks of a page that are not valid examples, by the id they are written with."""
    return {written: o for o in page.outcomes if o.parsed is None and (written := written_id(o.block.source))}


def _twin_absence(example_id: str, twin: PageReport) -> tuple[str, tuple[str, ...]]:
    """Why an example has no twin: none is written, or the one written is invalid (reported there)."""
    invalid = _invalid_by_id(twin).get(example_id)
    if invalid is not None:
        where = f"{twin.path}:{invalid.block.line}"
        return f"its twin {where} is not a valid example (see the problems reported there)", (where,)
    return f"example missing from its twin page {twin.path}", (twin.path,)


def _compare_twins(page: PageReport, twin: PageReport, checked: bool) -> None:
    mine, theirs = page.by_id(), twin.by_id()
    for example_id in [i for i in mine if i not in theirs]:
        outcome = mine[example_id]
        message, related = _twin_absence(example_id, twin)
        outcome.problems.append(Problem(
            path=page.path, line=outcome.block.line, example_id=example_id, kind="parity",
            message=message, related=related,
        ))
    for example_id in [i for i in theirs if i not in mine]:
        outcome = theirs[example_id]
        message, related = _twin_absence(example_id, page)
        problem = Problem(
            path=twin.path, line=outcome.block.line, example_id=example_id, kind="parity",
            message=message, related=related,
        )
        # On the example itself when its page is part of the report (its card shows it), else
        # on this page's list: a twin read only for parity is not reported on.
        (outcome.problems if checked else page.problems).append(problem)
    for example_id, outcome in mine.items():
        other = theirs.get(example_id)
        if other is None or outcome.parsed is None or other.parsed is None:
            continue
        for field_path, here, there in _differences(rules_data(outcome.parsed.data), rules_data(other.parsed.data)):
            a, b = outcome.parsed, other.parsed
            where = f"{b.block.path}:{b.line_of(field_path)}"
            problem = a.problem(
                f"differs from its twin {where}: {_show(here)} here, {_show(there)} there",
                field_path, kind="parity", related=(where,), expected=there, actual=here,
            )
            outcome.problems.append(problem)
            other.echoes.append(problem)


def rules_data(data: Any) -> Any:
    """An example's data without display text (``title``, ``name``): what twins must share."""
    if isinstance(data, dict):
        return {k: rules_data(v) for k, v in data.items() if k not in DISPLAY_KEYS}
    if isinstance(data, list):
        return [rules_data(v) for v in data]
    return data


def _differences(a: Any, b: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any, Any]]:
    if isinstance(a, dict) and isinstance(b, dict):
        found = []
        for key in list(a) + [k for k in b if k not in a]:
            found += _differences(a.get(key, _MISSING), b.get(key, _MISSING), (*path, key))
        return found
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        found = []
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            found += _differences(x, y, (*path, index))
        return found
    return [] if a == b and type(a) is type(b) else [(path, a, b)]


class _Missing:
    def __repr__(self) -> str:
        return "absent"


_MISSING = _Missing()


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, _Missing):
        return "absent"
    return str(value)


__all__: Sequence[str] = (
    "Outcome", "PageReport", "Report", "check_example", "check_page", "check_paths",
    "language_of", "read_page", "twin_path",
)
