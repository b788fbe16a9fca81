"""Parity of a set of pages: each id used once per language, and twins holding the same examples
with the same rules data (display text aside)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rulecheck.errors import Problem
from rulecheck.examples.capped import Capped
from rulecheck.examples.cast import Cast
from rulecheck.examples.compare import differences, show_value
from rulecheck.examples.display_numbers import display_numbers
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.outcome import Outcome, PageReport, Report
from rulecheck.examples.pages import display_path, read_page, undecodable
from rulecheck.examples.references import iter_references
from rulecheck.examples.schema import DISPLAY_KEYS, parse_block, written_id
from rulecheck.examples.tables import TABLES, find_tables
from rulecheck.examples.twins import page_language, twin_file


def check_duplicates(report: Report) -> None:
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


def check_parity(report: Report, root: Path, cast_of: Callable[[Path], Cast],
                 left_out: Callable[[Path], str | None] = lambda page: None) -> None:
    """French and English twins: same pages, same ids, same rules data (display text aside).

    A twin that is not part of the report is read for parity only, with the cast ``cast_of`` gives;
    a twin the site leaves out (``left_out`` says why) is missing: a site built with one
    language's page and not the other's linked the other to nothing."""
    done: set[str] = set()
    if any(page.language is not None for page in report.pages.values()):
        for path, page in report.pages.items():
            if page.language is None:
                page.problems.append(outside_languages(path))
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
                    page.problems.append(missing_twin(path, twin, other))
                    continue
                if (why := left_out(twin_file)) is not None:
                    page.problems.append(missing_twin(path, twin, other, why))
                    continue
                try:
                    twin_page = _parse_only(twin, read_page(twin_file), cast_of(twin_file))
                except UnicodeDecodeError as error:
                    if not any(p.path == twin for p in report.problems):  # not already reported
                        page.problems.append(undecodable(twin, error))
                    continue
                except OSError as error:
                    if not any(p.path == twin for p in report.problems):  # not already reported
                        page.problems.append(Problem(path=twin, line=1, message=f"cannot read page: {error.strerror}"))
                    continue
            _compare_twins(page, twin_page, checked=twin in report.pages)


_NAMES = {"fr": "French", "en": "English"}


def outside_languages(path: str) -> Problem:
    """A page of a site with language folders that lies in none of them (``docs/extra.md``,
    ``docs/de/page.md``): mkdocs-static-i18n builds the first in every language, each copy with the
    cards of one (a twenty-second hostile round: English words around the French cast's names, on
    both sites), and the second in none; neither has a twin to be compared with."""
    folders = ", ".join(f"{language}/" for language in LANGUAGES)
    return Problem(path=path, line=1, message=(
        f"this page lies outside the language folders ({folders}): the site would build it in every "
        "language with the cards of one, or not at all, and it has no twin to be compared with. Hint: "
        "move it into each language's folder, one twin in each"))


def missing_twin(path: str, twin: str, language: str, left_out: str | None = None) -> Problem:
    why = "does not exist" if left_out is None else f"is not built: {left_out}"
    return Problem(path=path, line=1, kind="parity", message=f"no {_NAMES[language]} twin: {twin} {why}",
                   related=(twin,))


def unread_page_twins(page: Path, language_at: int | None, shown: str, root: Path) -> list[Problem]:
    """The twins missing beside a page that could not be read: its own problem says why it was
    not read, and these that its translation is missing too (one run reports both)."""
    if language_at is None:
        return []
    twins = {other: twin_file(page, language_at, other) for other in LANGUAGES if other != page.parts[language_at]}
    return [missing_twin(shown, display_path(twin, root), other) for other, twin in twins.items() if not twin.exists()]


def quoted(text: str) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """What a page quotes from the engine besides its examples, which its twin must quote alike:
    its checked tables (each marker's name) and its prose references (``id.field``), each with how
    many times the page quotes it and the line of the first."""
    return (_counted((table.name, table.line) for table in find_tables(text)),
            _counted((f"{ref.example_id}.{ref.field}", ref.line) for ref in iter_references(text)))


def _counted(found: Iterable[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    counted: dict[str, tuple[int, int]] = {}
    for name, line in found:
        times, first = counted.get(name, (0, line))
        counted[name] = (times + 1, first)
    return counted


def _parse_only(path: str, text: str, cast: Cast) -> PageReport:
    tables, references = quoted(text)
    report = PageReport(path, tables=tables, references=references)
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
    _compare_tables(page, twin, checked)
    _compare_references(page, twin, checked)
    for example_id, outcome in mine.items():
        other = theirs.get(example_id)
        if other is None or outcome.parsed is None or other.parsed is None:
            continue
        for field_path, here, there in differences(rules_data(outcome.parsed.data), rules_data(other.parsed.data)):
            _differs(outcome, other, field_path, f"{show_value(here)} here, {show_value(there)} there",
                     expected=there, actual=here)
        theirs_said = display_numbers(other.parsed.data, twin.language)
        for field_path, said in display_numbers(outcome.parsed.data, page.language).items():
            if (there := theirs_said.get(field_path)) is not None and said != there:
                _differs(outcome, other, field_path, f"{_listed(said)} here, {_listed(there)} there (display text is "
                         "translated, its numbers are not)", prefix="its numbers differ")


def _differs(outcome: Outcome, other: Outcome, field_path: tuple[str | int, ...], said: str,
             prefix: str = "differs", **values: Any) -> None:
    """A parity problem on ``outcome`` at ``field_path``, echoed on its twin ``other``'s card."""
    assert outcome.parsed is not None and other.parsed is not None
    where = f"{other.parsed.block.path}:{other.parsed.line_of(field_path)}"
    problem = outcome.parsed.problem(f"{prefix} from its twin {where}: {said}", field_path, kind="parity",
                                     related=(where,), **values)
    outcome.problems.append(problem)
    other.echoes.append(problem)


def _listed(numbers: tuple[str, ...]) -> str:
    return ", ".join(numbers) or "none"


def _compare_tables(page: PageReport, twin: PageReport, checked: bool) -> None:
    """Twins check the same tables: a table checked on one page and shown on the other without its
    marker would show there numbers no check read (the engine's tables are each language's)."""
    for here, there, problems in _sides(page, twin, checked):
        if any(name not in TABLES for name in here.tables):
            continue  # a marker naming no table (`covers`): that page's own problem says which it may mean
        capped = Capped()  # a name a problem: as many as the twin quotes names, a few listed
        for name, said, where in _fewer(here.tables, there.tables, there.path):
            if name in TABLES:
                capped.add(Problem(
                    path=here.path, line=1, kind="parity", related=(where,),
                    message=(f"table `{name}` is checked{said}: a table shown here without its marker shows numbers "
                             f"no check read. Hint: put `<!-- rulecheck-table: {name} -->` on the line above this "
                             "page's table")), "table")
        problems += capped.problems


def _compare_references(page: PageReport, twin: PageReport, checked: bool) -> None:
    """Twins quote the same values: a value quoted on one page and written by hand on the other
    would show there a number no check read, and keep it when the example changes."""
    if any(p.kind == "reference" for p in [*page.problems, *twin.problems]):
        return  # a reference written wrong: its own problem says what it may mean, then the twins compare
    for here, there, problems in _sides(page, twin, checked):
        capped = Capped()
        for name, said, where in _fewer(here.references, there.references, there.path):
            capped.add(Problem(
                path=here.path, line=1, kind="parity", related=(where,),
                message=(f"`{{{{ {name} }}}}` is quoted{said}: a value written by hand here is one no check "
                         "read. Hint: write the reference where this page gives that value")), "reference")
        problems += capped.problems


def _sides(page: PageReport, twin: PageReport, checked: bool) -> list[tuple[PageReport, PageReport, list[Problem]]]:
    """Each twin, the other, and where a problem of the first goes: its own list, or, for a twin
    read for parity only (not reported on), this page's."""
    return [(page, twin, page.problems), (twin, page, twin.problems if checked else page.problems)]


def _fewer(here: dict[str, tuple[int, int]], there: dict[str, tuple[int, int]],
           twin: str) -> list[tuple[str, str, str]]:
    """Each name ``there`` (the page ``twin``) holds more often than ``here``: the name, how each
    page holds it (`` on its twin docs/fr/x.md:12, not on this page``), and where the twin holds it first."""
    found = []
    for name in sorted(there):
        (theirs, first), mine = there[name], here.get(name, (0, 0))[0]
        if theirs > mine:
            where = f"{twin}:{first}"
            times = "" if theirs == 1 else f" {theirs} times"
            said = "not on this page" if not mine else f"{mine} time(s) on this page"
            found.append((name, f"{times} on its twin {where}, {said}", where))
    return found


def rules_data(data: Any) -> Any:
    """An example's data without display text (``title``, ``name``): what twins must share."""
    if isinstance(data, dict):
        return {k: rules_data(v) for k, v in data.items() if k not in DISPLAY_KEYS}
    if isinstance(data, list):
        return [rules_data(v) for v in data]
    return data
