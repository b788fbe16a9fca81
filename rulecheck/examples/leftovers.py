"""The temporary files a stopped update left beside its pages, reported on each page.

An update killed before it writes its journal leaves each page's temporary file
(``.parry.md.k3j9_x2a.tmp``), which no journal names: nothing finishes it and nothing removes it.
Each is a problem on its page, with what to do; none is removed
(:func:`~rulecheck.examples.page_writes.leftover_temporaries` says why). One killed while it wrote
its journal leaves the journal's own temporary file too (``..rulecheck-update.json.x8f_1.tmp``, in
the project's folder, :func:`~rulecheck.examples.page_writes.journal_folder`): it is reported
likewise, at its own path.
"""

from __future__ import annotations

import os
from pathlib import Path

from rulecheck.errors import Problem, printable
from rulecheck.examples.outcome import Report
from rulecheck.examples.page_writes import JOURNAL, journal_folder, leftover_temporaries, project_folder
from rulecheck.examples.pages import display_path


def check_leftovers(report: Report, root: Path, listed: dict[Path, list[str]]) -> None:
    """A problem on each page beside which a stopped update left a temporary file that nothing
    will finish or remove (:func:`~rulecheck.examples.page_writes.leftover_temporaries`): reported,
    never removed. While a journal is there (an update between its renames, or one that could not
    be finished), its staged files are its own: none is reported. A folder walked is not listed again
    (``listed``, its hidden ``.tmp`` files); only that of a page named alone is."""
    # Where an update keeps its journal: the project's folder, from here or from the pages' folders.
    projects = {project_folder(page.source.parent) for page in report.pages.values() if page.source is not None}
    journals = dict.fromkeys([journal_folder(root), *sorted(folder for folder in projects if folder is not None)])
    if any(os.path.lexists(folder / JOURNAL) for folder in journals):
        return
    for folder in journals:
        for name, _ in leftover_temporaries(folder, [JOURNAL]):
            report.problems.append(Problem(path=display_path(folder / name, root), line=1, kind="leftover", message=(
                "this temporary file is the journal of a `rulecheck check --update` stopped while it wrote it: no "
                "page was changed, and nothing will finish or remove it. Hint: unless an update is running now, "
                "delete it (and the pages' temporary files reported beside them)")))
    folders: dict[Path, dict[str, str]] = {}
    for shown, page in report.pages.items():
        if page.source is not None:  # where an update stages its file: beside the page links lead to
            target = page.source.resolve()
            folders.setdefault(target.parent, {})[target.name] = shown
    for folder, pages in folders.items():
        for temporary, name in leftover_temporaries(folder, pages, listed.get(folder)):
            report.pages[pages[name]].problems.append(Problem(path=pages[name], line=1, kind="leftover", message=(
                f"`{printable(temporary)}` beside this page is a temporary file of a `rulecheck check --update` "
                "stopped before it wrote its journal: the page was not changed, and nothing will finish or remove "
                "it. Hint: unless an update is running now, delete it (it holds the page as that update would have "
                "written it)")))
