"""Which pages a check reads: every page MkDocs builds from a folder, found as MkDocs finds them.

MkDocs walks its docs folder following links to folders (``os.walk(followlinks=True)``), so a
page under a linked folder is built and published at the link's path. The check walks the
same way and names such a page by that path too (``docs/fr/extra/page.md``, not where the
link leads): its language folder, its twin and its cast are those of the place it is built at.
A folder that cannot be listed is reported (MkDocs would skip it without a word).

Each real folder is walked once: at its own place when it lies in the folder walked, else at the
first link that leads to it. MkDocs walks every way to a folder, and builds its pages once per
way: a link back to a folder it lies in is walked again at every turn until the system refuses
(an outside tester's folders, each holding two links to the one above, made the walk's length
double at each level), and links to links multiply the ways. So another way to a folder already
walked is not walked again, and it is reported, at the link, when it leads to pages or to more
links (MkDocs would build those pages again there, the check reads them once); a second way to a
folder of plain files (images shared by two languages) builds nothing and is no problem.

A page MkDocs leaves out is not read either (:func:`excluded`): by default a file or folder whose
name starts with a dot and the docs folder's ``templates/``, and whatever ``exclude_docs`` in
``mkdocs.yml`` names, and its ``draft_docs`` but under ``mkdocs serve``; the plugin gives MkDocs'
own settings, the command line and pytest read them from ``mkdocs.yml`` (:func:`site_exclusions`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pathspec import GitIgnoreSpec, PathSpec

from rulecheck.examples.finder import MARKDOWN_SUFFIXES
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.regular_files import file_kind, read_regular_file

#: What MkDocs leaves out of every site (``mkdocs.structure.files._default_exclude``).
DEFAULT_EXCLUDED = GitIgnoreSpec.from_lines([".*", "/templates/"])
#: The most bytes read from ``mkdocs.yml`` for the settings the check follows.
MAX_CONFIG_BYTES = 1_000_000


def excluded(relative: str, exclude_docs: PathSpec[Any] | None = None) -> bool:
    """Whether MkDocs leaves out the file at ``relative``, a path in its docs folder (``fr/.draft.md``,
    ``templates/t.md``): its defaults, and ``exclude_docs`` (gitignore patterns) when given."""
    return left_out(relative, exclude_docs) is not None


def left_out(relative: str, exclude_docs: PathSpec[Any] | None = None,
             draft_docs: PathSpec[Any] | None = None) -> str | None:
    """Why MkDocs leaves out the file at ``relative`` (a path in its docs folder), in a few words,
    or ``None``: its defaults, ``exclude_docs``, and ``draft_docs`` when given (a build's, not a
    server's)."""
    if DEFAULT_EXCLUDED.match_file(relative):
        return "MkDocs leaves out a name starting with a dot and the docs folder's templates/"
    for setting, patterns in (("exclude_docs", exclude_docs), ("draft_docs", draft_docs)):
        if patterns is not None and patterns.match_file(relative):
            return f"`{setting}` in mkdocs.yml leaves it out of the site"
    return None


@dataclass(frozen=True)
class Exclusions:
    """Which pages MkDocs leaves out of a site whose docs folder is ``docs``: called with a page's
    path (as the walk names it), whether it is left out. A page outside ``docs`` is not. The
    ``draft_docs`` are left out of a build (``mkdocs serve`` shows them)."""

    docs: Path
    exclude_docs: PathSpec[Any] | None = None
    draft_docs: PathSpec[Any] | None = None

    def __call__(self, page: Path) -> bool:
        return self.reason(page) is not None

    def reason(self, page: Path) -> str | None:
        """Why MkDocs leaves ``page`` out, in a few words (``exclude_docs`` in mkdocs.yml), or ``None``."""
        try:
            relative = Path(os.path.abspath(page)).relative_to(os.path.abspath(self.docs)).as_posix()
        except ValueError:
            return None
        return left_out(relative, self.exclude_docs, self.draft_docs)


class _AnyTagLoader(yaml.SafeLoader):
    """``mkdocs.yml`` read for its plain values: its ``!!python/name:`` and ``!ENV`` tags read as nothing."""


_AnyTagLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def site_config(root: Path) -> dict[str, Any]:
    """The plain values of the ``mkdocs.yml`` in ``root`` (its tags read as nothing); empty when
    there is none or it cannot be read (the build reports that itself)."""
    try:
        config: Any = yaml.load(read_regular_file(root / "mkdocs.yml", MAX_CONFIG_BYTES), Loader=_AnyTagLoader)
    except (OSError, yaml.YAMLError, RecursionError):
        return {}
    return config if isinstance(config, dict) else {}


def site_exclusions(root: Path) -> Exclusions:
    """The exclusions of the site whose ``mkdocs.yml`` is in ``root``, as ``mkdocs build`` leaves
    pages out: its ``docs_dir`` (``docs`` by default), ``exclude_docs`` and ``draft_docs``. Without
    a readable ``mkdocs.yml``, MkDocs' defaults under ``root/docs``."""
    docs, patterns = root / "docs", {}
    config = site_config(root)
    if config:
        if isinstance(config.get("docs_dir"), str):
            docs = root / config["docs_dir"]
        patterns = {setting: GitIgnoreSpec.from_lines(config[setting].splitlines())
                    for setting in ("exclude_docs", "draft_docs") if isinstance(config.get(setting), str)}
    return Exclusions(docs, **patterns)


@dataclass
class FoundPages:
    """The pages found, in order, and the folders not walked, each with why: one that could not
    be listed, a link back to a folder it lies in, another way to a folder already walked."""

    pages: list[Path] = field(default_factory=list)
    problems: list[tuple[Path, str]] = field(default_factory=list)
    #: Each real folder listed, with the hidden ``.tmp`` files it holds (where a stopped update's
    #: temporary files are looked for, without listing the folder again).
    temporaries: dict[Path, list[str]] = field(default_factory=dict)
    #: The other files of the folders walked that MkDocs would copy into the site and could not
    #: (:func:`uncopyable`), each with why, those MkDocs leaves out included.
    uncopyable: list[tuple[Path, str]] = field(default_factory=list)


def find_pages(paths: Iterable[str | Path], root: Path | None = None,
               skip: Callable[[Path], bool] | None = None) -> FoundPages:
    """The pages under ``paths``: every file MkDocs renders as Markdown (``.md``, ``.markdown``…)
    in a folder, links to folders followed, and every file named, but those ``skip`` says MkDocs
    leaves out (:class:`Exclusions`). A folder is read from where it really is; the pages below it
    keep the names they are built at. A problem names a folder relative to ``root`` when it lies
    under it. Raises ``FileNotFoundError`` for a path that does not exist."""
    found = FoundPages()
    seen: dict[Path, None] = {}
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for page in _Walk(path.resolve(), found, root).pages():
                seen.setdefault(page)
        elif path.exists() or path.is_symlink():
            if uncopyable(path) is None and (why := exposed(path, reach_of(path.parent, root))) is not None:
                found.problems.append((Path(os.path.abspath(path)), why))
                continue
            if (nested := _language_inside_language(path)) is not None:
                found.problems.append(nested)
                continue
            seen.setdefault(Path(os.path.abspath(path)))
        else:
            raise FileNotFoundError(str(path))
    found.pages = [page for page in seen if skip is None or not skip(page)]
    found.problems += [(file, why) for file, why in found.uncopyable if skip is None or not skip(file)]
    return found


def _nested_language(outer: str, name: str) -> str:
    return (f"a folder named like a language inside the language folder `{outer}/`: the site builds its pages in "
            f"{outer}, and the check would look for their language, twins and cast from `{name}/` instead. Hint: "
            "rename the folder")


def _from_project(folder: Path) -> tuple[str, ...]:
    """The folders from ``folder``'s project (the nearest folder above it holding ``mkdocs.yml``)
    down to it, as the path names it, links not followed: where its language folder is looked for.
    Without a project, its own name alone: a folder above the docs named like a language
    (``/srv/en/site/docs``) is no language's."""
    start = Path(os.path.abspath(folder))
    project = _holding_mkdocs_yml(start)
    return start.relative_to(project).parts if project is not None else (start.name,)


def _holding_mkdocs_yml(start: Path) -> Path | None:
    """The nearest folder from ``start`` up that holds ``mkdocs.yml``, as the build has it."""
    return next((above for above in (start, *start.parents) if (above / "mkdocs.yml").is_file()), None)


def _language_inside_language(page: Path) -> tuple[Path, str] | None:
    """A page named alone whose folders, from its project down, hold a language folder inside another
    (``docs/fr/g/en/x.md``): the inner folder, and why it is refused, as a walk of the docs says it."""
    parts = _from_project(page.parent)
    languages = [index for index, part in enumerate(parts) if part in LANGUAGES]
    if len(languages) < 2:
        return None
    inner = languages[1]
    shown = Path(os.path.abspath(page.parent))
    for _ in parts[inner + 1:]:
        shown = shown.parent
    return shown, _nested_language(parts[languages[0]], parts[inner])


#: A real folder, whatever the way to it: its device and inode.
Identity = tuple[int, int]


class _Walk:
    """One walk of a folder, as MkDocs walks it, each real folder listed once."""

    def __init__(self, folder: Path, found: FoundPages, root: Path | None) -> None:
        self.folder, self.found, self.root = folder, found, root
        self.real = os.path.realpath(folder)
        self.project = reach_of(folder, root)
        self.walked: dict[Identity, Path] = {}  # each real folder walked, and where
        #: The real folders on the way down to each folder to walk (a link to one of them is a loop).
        self.ways: dict[Path, frozenset[Identity]] = {}
        #: Folders not walked, as (where, the real folder they lead to, whether they lead back up).
        self.not_walked: list[tuple[Path, Identity, bool]] = []
        #: Where pages or links to folders are, and every folder above them: what another way to
        #: them would build again, or multiply.
        self.holding: set[Path] = set()

    def pages(self) -> list[Path]:
        pages: list[Path] = []
        with contextlib.suppress(OSError):  # os.walk reports a folder it cannot list
            root = _identity(self.folder)
            self.walked[root], self.ways[self.folder] = self.folder, frozenset({root})
        for current, folders, files in os.walk(self.folder, onerror=self._unreadable, followlinks=True):
            here = Path(current)
            self.found.temporaries[Path(os.path.realpath(here))] = sorted(
                name for name in files if name.startswith(".") and name.endswith(".tmp"))
            folders[:] = self._to_walk(here, sorted(folders))
            unreadable = {name: uncopyable(here / name) for name in files}
            # A link out that MkDocs could not copy anyway (a device, a FIFO, to nothing) says that instead.
            outward = {name: why for name in files if unreadable[name] is None
                       and (why := exposed(here / name, self.project)) is not None}
            found = [here / name for name in sorted(files) if Path(name).suffix in MARKDOWN_SUFFIXES
                     and name not in outward]
            self.found.uncopyable += [(here / name, why) for name in sorted(files)
                                      if Path(name).suffix not in MARKDOWN_SUFFIXES
                                      and (why := unreadable[name]) is not None]
            self.found.uncopyable += [(here / name, outward[name]) for name in sorted(outward)]
            self.found.uncopyable += [(here / name, why) for name in sorted(files)
                                      if (why := unaddressable(here.relative_to(self.folder) / name)) is not None]
            if found:
                self._holds(here)
            # Whatever MkDocs would read as a page: a broken link, a FIFO (on which the build
            # would wait for ever) is a page the check reports as unreadable, without waiting.
            pages += found
        self._report_other_ways()
        return pages

    def _to_walk(self, here: Path, folders: list[str]) -> list[str]:
        """The ``folders`` of ``here`` not walked yet: a link back up, another way to a folder
        walked, and a link into the walked folder (walked at its own place) are set aside."""
        way = self.ways.pop(here, frozenset())
        kept = []
        for name in folders:
            path = here / name
            link = path.is_symlink()
            if link:
                self._holds(here)
            try:
                identity = _identity(path)
            except OSError:
                kept.append(name)  # os.walk says why it cannot list it
                continue
            if link and (why := exposed(path, self.project)) is not None:
                self.found.problems.append((path, why))
                continue
            if (outer := self._language_around(here)) is not None and name in LANGUAGES:
                self.found.problems.append((path, _nested_language(outer, name)))
                continue
            inside = link and _lies_in(os.path.realpath(path), self.real)
            if identity in way or identity in self.walked or inside:
                self.not_walked.append((path, identity, identity in way))
                continue
            self.walked[identity], self.ways[path] = path, way | {identity}
            kept.append(name)
        return kept

    def _language_around(self, here: Path) -> str | None:
        """The language folder ``here`` is, or lies in, from its project down: mkdocs-static-i18n
        reads a page's language from its first folder, which lies above the folder walked when the
        check is run on part of a language (``docs/fr/g`` holding ``en/``)."""
        for part in (*_from_project(self.folder), *here.relative_to(self.folder).parts):
            if part in LANGUAGES:
                return part
        return None

    def _holds(self, folder: Path) -> None:
        while folder not in self.holding:
            self.holding.add(folder)
            if folder == self.folder or folder.parent == folder:
                break
            folder = folder.parent

    def _report_other_ways(self) -> None:
        for path, identity, back_up in self.not_walked:
            walked = self.walked.get(identity)
            if walked is None or walked not in self.holding:
                continue  # nothing there that MkDocs would build again
            first = self._named(walked)
            if back_up:
                self.found.problems.append((path, (
                    f"a link back to {first}, a folder it lies in: MkDocs would walk it again at every turn "
                    "until the system refuses, and build each page below it at every turn. Hint: remove the link")))
            else:
                self.found.problems.append((path, (
                    f"another way to {first}, a folder walked already: MkDocs would build its pages again here, "
                    "once per way (and links to links multiply the ways); the check reads them once, there. "
                    "Hint: link that folder once, or copy it")))

    def _named(self, folder: Path) -> str:
        try:
            return folder.relative_to(self.root).as_posix() if self.root else folder.as_posix()
        except ValueError:
            return folder.as_posix()

    def _unreadable(self, error: OSError) -> None:
        self.found.problems.append((Path(error.filename or self.folder),
                                    f"cannot read folder: {error.strerror or error}"))


#: How the problem of a file MkDocs could not copy begins (:func:`uncopyable`).
UNCOPYABLE = "MkDocs copies every file of the docs folder into the site, and cannot copy this one: "


def uncopyable(file: Path) -> str | None:
    """Why MkDocs could not copy ``file``, a file of the docs folder that is not a page, into the
    site, if it could not: a link to nothing or looping, a FIFO (the copy stops on a traceback), a
    device (``/dev/zero``: the copy would fill the disk). MkDocs copies every such file; a page of
    that kind is reported when it is read."""
    try:
        status = os.stat(file)
    except OSError as error:
        if error.errno == errno.ENOENT and os.path.islink(file):
            what = f"a link to {os.readlink(file)}, which does not exist"
        else:
            what = f"it cannot be read ({error.strerror or error})"
    else:
        if stat.S_ISREG(status.st_mode):
            return None
        what = f"it is {file_kind(status.st_mode)}, not a regular file"
    return (f"{UNCOPYABLE}{what}; "
            "the build would stop on a traceback, or copy without end. Hint: remove it, or leave it out of "
            "the site with `exclude_docs`")


def private(real: Path, bases: Sequence[Path],
            outside: str = "it lies outside every folder the snippets are looked for in (a link out of the project)",
            ) -> str | None:
    """Why no page may show the file at ``real`` (links resolved), or ``None``: a hidden name on its
    way from the folder it was found under (``.git/config``, ``.cache/rulecheck/machine.key``,
    ``.env``: a repository's settings and credentials, the build cache's secret key, which
    ``pymdownx.snippets`` copies into a page as readily as a page's own text), or no folder of
    ``bases`` holding it (a link out of the project: ``outside`` says so)."""
    holders = [base for base in (Path(os.path.realpath(base)) for base in bases) if real.is_relative_to(base)]
    if not holders:
        return outside
    inside = real.relative_to(max(holders, key=lambda base: len(base.parts))).parts
    if any(part.startswith(".") for part in inside):
        return ("its path holds a hidden name (`.git`, `.cache`, `.env`…), where a repository's settings and "
                "credentials and the build's secret key are kept")
    return None


def reach_of(folder: Path, root: Path | None) -> Path:
    """Where the links of the docs folder ``folder`` may lead (links resolved): its project, the
    nearest folder above it that holds ``mkdocs.yml``, as the build has it, wherever the check is
    run from (from ``/``, a link to ``/etc/passwd`` passed the check: a twenty-third hostile round);
    without one, ``root``; or ``folder`` itself where it lies outside that."""
    real = Path(os.path.realpath(folder))
    start = Path(os.path.abspath(folder))
    project = Path(os.path.realpath(_holding_mkdocs_yml(start) or root or real))
    return project if real.is_relative_to(project) else real


def exposed(file: Path, project: Path) -> str | None:
    """Why the site may not publish ``file``, a file of the docs folder (a page or any other), or a
    folder of it: a link out of ``project`` or into a hidden path of it (:func:`private`). MkDocs
    follows links: ``docs/fr/config.txt`` linked to ``.git/config`` published the repository's settings (a
    CI token among them), ``/proc/self/environ`` the build's environment, a linked ``.git`` folder all of
    it, a page linked to a file outside the project its text, search index included."""
    why = private(Path(os.path.realpath(file)), [project], outside="it lies outside the project (a link out of it)")
    return None if why is None else (
        f"{why}: the site would publish it for anyone to read. Hint: remove the link, or copy into the docs "
        "folder what the site should show")


#: Characters a file's address cannot hold as they are: `#` and `?` end its path, `%` starts an
#: escape, `\\` is a `/` to a browser.
_ADDRESS_BREAKERS = {"#": "ends its address there", "?": "ends its address there",
                     "%": "starts an escape in its address (`a%20b` and `a b` are one address)",
                     "\\": "is a `/` to a browser (`a\\b.txt` is asked for as `a/b.txt`)",
                     ":": "makes an address that starts with the name a scheme's (`note:1.html` is of the "
                          "scheme `note`)"}


def unaddressable(relative: Path) -> str | None:
    """Why the site cannot serve the file at ``relative`` (a path in the docs folder) at an address
    of its own, if it cannot: the offline copy of the whole site failed to install for one page
    named `a#b.md` (its copy asked for `a`), or for `a b.md` beside `a%20b.md`, or for a file
    whose name a browser changes as it reads an address (a tab or a line end dropped, a space at
    either end trimmed: a twenty-second hostile round), since it asks for what it read."""
    name = relative.as_posix()
    if any("\ud800" <= char <= "\udfff" for char in name):  # the bytes Python could not decode, kept
        return ("the name is not valid UTF-8, which no address can hold as it is: the build would stop on "
                "a traceback. Hint: rename it in UTF-8")
    for char, what in _ADDRESS_BREAKERS.items():
        if char in name:
            return (f"the name holds `{char}`, which {what}: the site's offline copy would not install, for "
                    "every page. Hint: rename it without # ? % \\ or :")
    if control := next((char for char in name if ord(char) < 0x20 or ord(char) == 0x7F), None):
        return (f"the name holds the control character U+{ord(control):04X}, which a browser drops from an "
                "address or the site cannot write as it is: the site's offline copy would not install, for "
                "every page. Hint: rename it with visible characters only")
    if any(part != part.strip(" ") for part in relative.parts):
        return ("the name begins or ends with a space, which a browser trims from an address: the site's "
                "offline copy would not install, for every page. Hint: rename it without spaces at its ends")
    return None


def _identity(folder: Path) -> Identity:
    status = os.stat(folder)
    return status.st_dev, status.st_ino


def _lies_in(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
