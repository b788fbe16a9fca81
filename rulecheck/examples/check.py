"""Check whole page sets: every page's examples and checked tables, then the ids, links, twins, prose
references and snippets across them.

A mismatch is a value (a :class:`~rulecheck.errors.Problem`), never an exception: hosts decide whether it
fails a build, a test item or a command. The pieces live in their own modules (reading pages, twins,
parity, snippets, comparing values, checking one example); their public names are importable from here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from rulecheck.errors import Problem
from rulecheck.examples.abbreviations import GLOSSARY, check_glossary
from rulecheck.examples.anchors import check_card_anchors
from rulecheck.examples.cast import MARKER as CAST_MARKER
from rulecheck.examples.cast import Cast, cast_file_for, load_cast
from rulecheck.examples.discovery import UNCOPYABLE, Exclusions, site_exclusions
from rulecheck.examples.element_ids import ids_in_markdown
from rulecheck.examples.example_check import (
    ODDS_MAX_RUNS,
    ODDS_MAX_TOTAL_WORK,
    ODDS_MAX_WORK,
    OddsBudget,
    check_example,
    example_odds,
)
from rulecheck.examples.finder import find_blocks
from rulecheck.examples.front_matter import check_front_matter
from rulecheck.examples.headings import check_heading_ids, heading_ids, headings_written_twice, page_headings
from rulecheck.examples.leftovers import check_leftovers
from rulecheck.examples.link_anchors import check_link_anchors
from rulecheck.examples.namesakes import check_namesakes_by_language
from rulecheck.examples.near_misses import check_near_misses
from rulecheck.examples.outcome import Outcome, PageReport, Report
from rulecheck.examples.page_characters import check_characters
from rulecheck.examples.pages import (
    MAX_EXAMPLES_PER_PAGE,
    MAX_MAP_SQUARES_PER_PAGE,
    MAX_PAGE_BYTES,
    decode_page,
    display_path,
    markdown_files,
    pages_under,
    read_bounded,
    read_page,
    undecodable,
)
from rulecheck.examples.parity import check_duplicates, check_parity, quoted, rules_data, unread_page_twins
from rulecheck.examples.references import check_references, find_outside_code
from rulecheck.examples.schema import parse_block
from rulecheck.examples.shown_cards import check_shown_cards
from rulecheck.examples.snippets import (
    SnippetSettings,
    check_snippets,
    find_snippets,
    site_snippets,
    snippet_bases,
)
from rulecheck.examples.tables import check_tables
from rulecheck.examples.titles import check_titles
from rulecheck.examples.twins import language_folder_at, language_of, page_language, twin_path


def check_page(
    path: str, text: str, *, odds: bool = True, cast: Cast | None = None, language: str | None = None,
    budget: OddsBudget | None = None,
) -> PageReport:
    """One page's examples and checked tables (in ``language``, else the one its path names);
    ``budget``, the exact odds' work left to the run this page is checked in."""
    report = PageReport(path)
    if (listed_at := find_outside_code(text, CAST_MARKER)) >= 0 and (cast is None or not cast.exists):
        line = text[:listed_at].count("\n") + 1
        report.problems.append(Problem(path=path, line=line, kind="cast", message=(
            f"the page lists the cast ({CAST_MARKER}), and there is no cast file: write "
            f"{cast.path if cast else 'cast.yml'} beside the language folders")))
    blocks = find_blocks(text, path)
    if len(blocks) > MAX_EXAMPLES_PER_PAGE:
        report.too_many_examples = True
        report.problems.append(Problem(path=path, line=blocks[MAX_EXAMPLES_PER_PAGE].line, message=(
            f"the page holds {len(blocks):,} rulecheck examples, and a page holds at most "
            f"{MAX_EXAMPLES_PER_PAGE}: split it into several pages (none of its examples is checked until then)")))
        blocks = []
    squares = 0  # of the battle maps the page's cards draw so far
    for block in blocks:
        parsed = parse_block(block, cast, language or page_language(path))
        if isinstance(parsed, list):
            report.outcomes.append(Outcome(block=block, problems=parsed))
            continue
        outcome = check_example(parsed, odds=odds, budget=budget)
        if (drawn := map_squares(outcome)) and squares + drawn > MAX_MAP_SQUARES_PER_PAGE:
            outcome.problems.append(parsed.problem(
                f"battle map: with this example's {drawn:,} squares the page's maps would draw "
                f"{squares + drawn:,}, and a page draws at most {MAX_MAP_SQUARES_PER_PAGE:,} (the site's heaviest "
                "draws some 300): split the examples into several pages, or draw smaller maps", ("given", "grid")))
        else:
            squares += drawn
        report.outcomes.append(outcome)
    report.problems += check_tables(path, text, language or (language_of(path) or (None, ""))[0])
    report.tables, report.references = quoted(text)
    headings = page_headings(text, report.made_ids)
    report.headings, report.element_ids = heading_ids(headings), ids_in_markdown(text)
    listed = cast.members if listed_at >= 0 and cast is not None else ()
    report.problems += check_card_anchors(report, text, headings, listed)
    report.problems += [*check_front_matter(path, text), *check_titles(path, text),
                        *check_characters(path, text, blocks), *headings_written_twice(path, headings)]
    return report


def map_squares(outcome: Outcome) -> int:
    """The squares of the battle map ``outcome``'s card draws (none for an error card, which draws none)."""
    drawn = getattr(outcome.result, "battle_map", None)
    if drawn is None or outcome.problems or outcome.echoes:
        return 0
    return int(drawn.width) * int(drawn.height)


def check_paths(paths: Iterable[str | Path], root: str | Path = ".", *, odds: bool = True,
                skip: Callable[[Path], bool] | None = None, snippets: SnippetSettings | None = None) -> Report:
    """Check every Markdown page under ``paths``; add parity, duplicate ids and prose references.

    Paths in problems are relative to ``root`` when they lie under it. The pages MkDocs leaves out
    are not read: ``skip`` says which (default: as ``root``'s ``mkdocs.yml`` says, or MkDocs'
    defaults, :func:`~rulecheck.examples.discovery.site_exclusions`). What the pages' snippets
    pull in is looked for where ``snippets`` says (default: as ``root``'s ``mkdocs.yml`` says,
    :func:`~rulecheck.examples.snippets.site_snippets`).
    """
    report = Report()
    root = Path(root).resolve()
    snippets = snippets if snippets is not None else site_snippets(root)
    casts = Casts(root, report)
    budget = OddsBudget()
    listed: dict[Path, list[str]] = {}  # each folder walked, and its hidden .tmp files
    skip = skip if skip is not None else site_exclusions(root)
    pages, not_walked = pages_under(paths, root, skip, listed)
    for folder, why in not_walked:
        report.problems.append(Problem(path=display_path(folder, root), line=1, message=why))
    for page, base in pages:
        shown = display_path(page, root)
        at = language_folder_at(page, base)
        try:
            text = read_page(page)
        except UnicodeDecodeError as error:
            report.problems += [undecodable(shown, error), *unread_page_twins(page, at, shown, root)]
            continue
        except OSError as error:
            report.problems.append(Problem(path=shown, line=1, message=f"cannot read page: {error.strerror}"))
            if page.is_file():  # a page there, unreadable; not a link to nothing
                report.problems += unread_page_twins(page, at, shown, root)
            continue
        report.pages[shown] = check_page(shown, text, odds=odds, cast=casts.of(page),
                                         language=page.parts[at] if at is not None else None, budget=budget)
        report.pages[shown].source, report.pages[shown].language_at = page, at
        report.pages[shown].problems += check_references(shown, text, report.pages[shown].outcomes)
        report.pages[shown].problems += check_snippets(shown, text, snippet_bases(root, page, snippets),
                                                          snippets.auto_append)
        report.pages[shown].problems += check_shown_cards(shown, text)
        report.pages[shown].problems += check_near_misses(shown, text)
        if at is not None and page.parts[at + 1:] == (GLOSSARY,):  # the tooltips' terms of a language
            report.pages[shown].problems += check_glossary(shown, text)
    # A cast file MkDocs could not copy is told once, by the cast's own problem, which says more.
    report.problems = [p for p in report.problems if not (p.message.startswith(UNCOPYABLE) and p.path in report.casts
                                                          and report.casts[p.path].problems)]
    check_leftovers(report, root, listed)
    check_namesakes_by_language(report)
    check_duplicates(report)
    check_heading_ids(report, root, skip, listed)
    check_link_anchors(report, root)
    check_parity(report, root, casts.of, skip.reason if isinstance(skip, Exclusions) else lambda page: None)
    return report


class Casts:
    """The cast files of a check, each read once; their own problems go to the report once."""

    def __init__(self, root: Path, report: Report | None = None) -> None:
        self.root = root
        self.report = report
        self.loaded: dict[Path, Cast] = {}

    def of(self, page: Path) -> Cast:
        file = cast_file_for(Path(os.path.abspath(page)))  # where the page is built, links not resolved
        if file not in self.loaded:
            cast = self.loaded[file] = load_cast(file, display_path(file, self.root))
            if self.report is not None:
                self.report.problems += cast.problems
                self.report.casts[cast.path] = cast
        return self.loaded[file]


__all__: Sequence[str] = (
    "MAX_EXAMPLES_PER_PAGE", "MAX_PAGE_BYTES", "ODDS_MAX_RUNS", "ODDS_MAX_TOTAL_WORK", "ODDS_MAX_WORK",
    "Casts", "OddsBudget", "Outcome", "PageReport", "Report", "check_example",
    "check_page", "check_paths", "check_snippets", "decode_page", "display_path", "example_odds",
    "find_snippets", "language_of", "markdown_files", "page_language", "read_bounded", "read_page",
    "rules_data", "twin_path", "undecodable",
)
