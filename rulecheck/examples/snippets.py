"""Snippets (``--8<--``) that would pull into a page, from a file that is not checked, what the check
acts on: an example, a prose reference, a checked table, the cast's list."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecheck.errors import Problem
from rulecheck.examples import pages
from rulecheck.examples.capped import Capped
from rulecheck.examples.discovery import site_config
from rulecheck.examples.finder import split_lines
from rulecheck.examples.pages import read_page
from rulecheck.examples.snippet_reach import MAX_DEPTH as MAX_SNIPPET_DEPTH
from rulecheck.examples.snippet_reach import Pulled, pulled_in, reach

#: The extension whose settings decide where snippets are looked for.
EXTENSION = "pymdownx.snippets"
#: The kind of a problem with a file ``auto_append`` adds to every page, which cannot be read.
APPENDED = "appended"
#: A snippet that names an address: Markdown downloads it when ``url_download`` is on.
_ADDRESS = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)


@dataclass(frozen=True)
class SnippetSettings:
    """What ``pymdownx.snippets``' configuration changes in what a page shows: the folders (or
    single files) it looks in, relative to the project folder (``base_path``), and the files it
    appends to every page (``auto_append``), which the check reads as if each page named them."""

    base_path: tuple[str, ...] = (".",)
    auto_append: tuple[str, ...] = ()

    @classmethod
    def from_options(cls, options: Any) -> SnippetSettings:
        """The settings in the extension's options (``mkdocs.yml``'s mapping under its name); a
        value of another shape than pymdownx accepts is left at its default (MkDocs refuses it)."""
        if not isinstance(options, dict):
            return cls()
        return cls(_names(options.get("base_path"), cls.base_path), _names(options.get("auto_append"), ()))


def _names(value: Any, default: tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(value, str | os.PathLike):
        return (os.fspath(value),)
    if isinstance(value, list) and all(isinstance(item, str | os.PathLike) for item in value):
        return tuple(os.fspath(item) for item in value)
    return default


def site_snippets(root: Path) -> SnippetSettings:
    """The snippet settings of the site whose ``mkdocs.yml`` is in ``root`` (the defaults without one)."""
    for entry in site_config(root).get("markdown_extensions") or ():
        if isinstance(entry, dict) and EXTENSION in entry:
            return SnippetSettings.from_options(entry[EXTENSION])
    return SnippetSettings()


def check_snippets(path: str, text: str, bases: Sequence[Path], appended: Sequence[str] = ()) -> list[Problem]:
    """A located problem for each snippet (``--8<--``) that pulls in a file holding what the check
    acts on (:class:`~rulecheck.examples.snippet_reach.Pulled`): the page would show it unchecked
    (an example pulled in from elsewhere would have no twin, no place of its own in a report; a
    reference would show as its raw text). A target is looked for under each of ``bases``, as
    ``pymdownx.snippets`` looks under its ``base_path``.

    A snippet that reaches, directly or through the snippets of the files it pulls in, a file
    that is not a readable regular UTF-8 file of at most :data:`~rulecheck.examples.pages.MAX_PAGE_BYTES`
    (a FIFO, a device, a folder, a file too big or not UTF-8) is a located problem too, kind
    ``snippet``: Markdown would read it with no limit (wait on a FIFO for ever, fill the memory,
    stop on a traceback), so the check fails first and a server leaves that snippet unread."""
    problems = Capped()  # a snippet a problem: a few of each kind listed, the rest summed up
    # A file is read and searched once per page, however many snippets name it (a page of twenty
    # snippets of one 10 MB file took more than a minute).
    pulled: dict[Path, Pulled] = {}
    # What ``auto_append`` adds to every page is named at the page's first line.
    named = [(line, col, target, f"snippet `{target}`", "snippet") for line, col, target in find_snippets(text)]
    # An appended file the check cannot read has a kind of its own: no line of the page can be
    # escaped for it, so a server must not render the pages at all (Markdown would wait on a FIFO).
    named += [(1, 1, name, f"`{name}`, which pymdownx.snippets' `auto_append` adds to every page,", APPENDED)
              for name in appended]
    grown = len(text)  # the page's characters, its snippets expanded so far
    for line, col, target, said, kind in named:
        if _ADDRESS.match(target):
            problems.add(Problem(
                path=path, line=line, col=col, kind=kind,
                message=f"{said} names an address: the site builds without a network, and the check "
                        "cannot see what it would download. Hint: copy what it holds into the page",
            ), "address")
            continue
        for base in bases:
            file = base / target
            if file not in pulled:
                pulled[file] = pulled_in(file, bases, read_page, find_snippets)  # nested too
            held = pulled[file]
            if held.unreadable:
                problems.extend((Problem(
                    path=path, line=line, col=col, kind=kind,
                    message=said + " " + ("" if unread == file else f"reaches `{_named(unread, bases)}`, "
                            "which ") + f"cannot be read: {why}; Markdown would read it with no limit. Hint: a snippet "
                            f"names a regular UTF-8 file of at most {pages.MAX_PAGE_BYTES:,} bytes, as a page is",
                ) for unread, why in held.unreadable), "unreadable")
                break
            if held.private:
                problems.extend((Problem(
                    path=path, line=line, col=col, kind=kind,
                    message=said + " " + ("" if named == file else f"reaches `{_named(named, bases)}`, which ")
                            + f"no page may show: {why}. Hint: copy what the page needs into it",
                ) for named, why in held.private), "private")
                break
            if held.too_deep:
                problems.add(Problem(
                    path=path, line=line, col=col, kind=kind,
                    message=f"{said} reaches `{_named(held.too_deep[0], bases)}` through a chain of more than "
                            f"{MAX_SNIPPET_DEPTH} snippets, which the check does not follow and Markdown would "
                            "include unchecked. Hint: include the file from fewer snippets in a row"), "too-deep")
                break
            if held:
                problems.add(Problem(
                    path=path, line=line, col=col, kind="unchecked",
                    message=f"{said} pulls in {held.said()}, which the page would show but "
                            "the check never sees. Hint: write them on the page itself",
                ), "pulls-in")
                break
            if os.path.exists(file):  # the file pymdownx takes: the first base that holds it
                if grown <= pages.MAX_PAGE_BYTES < grown + held.expanded:
                    problems.add(Problem(
                        path=path, line=line, col=col, kind=kind,
                        message=f"{said} brings {_characters(held.expanded)} onto the page, its own snippets "
                                f"expanded, and the page passes {pages.MAX_PAGE_BYTES:,} characters here, the most "
                                "a page may hold: Markdown would take minutes on it. Hint: name a file fewer "
                                "times, or split the page",
                    ), "too-big")
                grown += held.expanded
                break
    return problems.problems


def _characters(count: int) -> str:
    """``count`` characters in words, ``more than 10,000,000`` past the bound they were counted to."""
    return f"more than {pages.MAX_PAGE_BYTES:,} characters" if count > pages.MAX_PAGE_BYTES else f"{count:,} characters"


def snippet_bases(root: Path, page: Path, settings: SnippetSettings = SnippetSettings()) -> tuple[Path, ...]:
    """Where the check looks for the files a page's snippets name: the project folder (the folder
    the build runs in), its ``docs`` folder, the page's folder, and every ``base_path`` the
    configuration gives pymdownx (a file given there stands for the files of its folder, as
    pymdownx reads it, so its folder is looked in: more than pymdownx finds, never less)."""
    configured = [root / base for base in settings.base_path]
    return tuple(dict.fromkeys([root, root / "docs", page.parent,
                                *(base if not base.is_file() else base.parent for base in configured)]))


def snippet_files(pages_read: Iterable[Path], root: Path, settings: SnippetSettings = SnippetSettings()) -> list[Path]:
    """Every name the snippets of ``pages`` look at, transitively, found or not: what the pages
    show depends on these files (the build cache's key holds them). A page that cannot be read
    names none (the check reports it)."""
    files: dict[Path, None] = {}
    for page in pages_read:
        try:
            text = read_page(page)
        except (OSError, UnicodeDecodeError):
            continue
        bases = snippet_bases(root, page, settings)
        if targets := _targets(text, bases, settings):
            files.update(dict.fromkeys(reach(targets, bases, read_page, find_snippets).looked_at))
    return list(files)


def snippet_texts(markdown: str, page: Path, root: Path, settings: SnippetSettings = SnippetSettings()) -> list[str]:
    """The texts of the files a page's snippets pull in, transitively, looked for where the check
    looks for them (:func:`snippet_bases`), those ``auto_append`` adds included: Markdown reads
    them into the page."""
    bases = snippet_bases(root, page, settings)
    return [text for _, text in reach(_targets(markdown, bases, settings), bases, read_page, find_snippets).texts]


def _targets(text: str, bases: Sequence[Path], settings: SnippetSettings) -> list[Path]:
    """Each name a snippet of ``text``, or ``auto_append``, may mean, under each of ``bases`` in turn."""
    names = [target for _, _, target in find_snippets(text)] + list(settings.auto_append)
    return [base / name for name in names if not _ADDRESS.match(name) for base in bases]


def _named(file: Path, bases: Sequence[Path]) -> str:
    for base in bases:
        with contextlib.suppress(ValueError):
            return file.relative_to(base).as_posix()
    return file.as_posix()


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
                    found.append((number, col, _file_of(quoted[1:-1].strip())))
        elif block and stripped.strip() and not stripped.startswith(";"):
            found.append((number, col, _file_of(stripped.strip())))
    return [item for item in found if item[2]]


def _file_of(target: str) -> str:
    """The file (or address) a snippet names, without its line ranges or section (``:3:5``, ``:name``)."""
    if address := _ADDRESS.match(target):
        path = target[address.end():]
        last = path.rfind("/") + 1  # a colon before the last slash is the address's own (a port)
        return target[:address.end()] + path[:last] + path[last:].split(":", 1)[0]
    return target.split(":", 1)[0]


def _snippet_marker(text: str) -> int | None:
    """The length of a snippet marker (``-8<-``, ``--8<--``…) at the start of ``text``, if any."""
    dashes = len(text) - len(text.lstrip("-"))
    if dashes == 0 or text[dashes:dashes + 2] != "8<":
        return None
    after = text[dashes + 2:]
    closing = len(after) - len(after.lstrip("-"))
    return dashes + 2 + closing if closing else None
