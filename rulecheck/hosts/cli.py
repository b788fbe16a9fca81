"""``rulecheck``: check pages, run one example, print the JSON Schema.

Exit status: 0 all good, 1 drift or a bad example, 2 a usage error.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
import unicodedata
from pathlib import Path
from typing import Any

import click

from rulecheck.errors import Problem, RulecheckError, format_field, printable
from rulecheck.examples import Report, chances, check_example, check_paths, maps, parse_block
from rulecheck.examples import pages as pages_module
from rulecheck.examples import render as rendering
from rulecheck.examples.capped import not_listed
from rulecheck.examples.check import Casts, Outcome, decode_page, page_language, read_bounded, undecodable
from rulecheck.examples.finder import MARKDOWN_SUFFIXES, Block, find_blocks
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.page_writes import (
    finish_interrupted_update,
    journal_folder,
    leftover_temporaries,
    project_folder,
    write_atomically,
)
from rulecheck.examples.pages import display_path
from rulecheck.examples.regular_files import NotARegularFile, read_regular_file
from rulecheck.examples.result_words import trace_names
from rulecheck.examples.schema import json_schema
from rulecheck.examples.update import apply_edits, plan_updates
from rulecheck.hosts.battle_map import names as battle_names


class _Commands(click.Group):
    """The commands, with their output checked: a report that cannot be written (a full disk, a
    closed pipe, ``> /dev/full``) is a one-line error on stderr and exit status 1, never a
    traceback, and never a silent success."""

    def invoke(self, ctx: click.Context) -> Any:
        if sys.stdout is None and ctx.protected_args:  # started with `>&-`: every line would be lost
            _output_failed(OSError(errno.EBADF, "standard output is closed"))
        try:
            try:
                return super().invoke(ctx)
            finally:  # buffered output is written here at the latest, while its errors can be told
                if sys.stdout is not None:
                    sys.stdout.flush()
        except OSError as error:
            _output_failed(error)


def _output_failed(error: OSError) -> None:
    """Say on stderr that the output could not be written, and leave with status 1."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        # Nothing more goes to the broken output, not even Python's own flush at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    where = f"{printable(str(error.filename))}: " if error.filename else "cannot write the output: "
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(f"rulecheck: {where}{error.strerror or error}\n")
        sys.stderr.flush()
    sys.exit(1)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulecheck")
def main() -> None:
    """Check the rules site's worked examples against the reference engine."""


#: Printed after the summary of a check with drifts (what to do depends on who is right).
UPDATE_ADVICE = ("Where the engine is right and the page is out of date: `rulecheck check --update` rewrites the "
                 "drifted `expect` values in both languages; then review the diff (git diff) before committing.")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "output", type=click.Choice(["text", "json", "github"]), default="text",
              help="text (default; coloured on a terminal), json (a list of problems) or github "
                   "(workflow annotations).")
@click.option("--update", is_flag=True,
              help="Rewrite drifted `expect` values (and their twin's) from the engine's results, "
                   "then check again. Review the diff.")
def check(paths: tuple[Path, ...], output: str, update: bool) -> None:
    """Check every example in PATHS (files or folders; default: docs)."""
    targets = list(paths) or [Path("docs")]
    missing, unusable, not_pages = [], [], []
    for target in targets:
        try:
            found = os.stat(target)
        except FileNotFoundError:
            missing.append(printable(str(target)))
        except OSError as error:  # a name too long, a loop of links, a folder closed to this user
            unusable.append(f"{printable(str(target))} ({error.strerror})")
        else:
            if not stat.S_ISDIR(found.st_mode) and target.suffix not in MARKDOWN_SUFFIXES:
                not_pages.append(printable(str(target)))  # MkDocs would copy it, never read it as a page
    if missing or unusable or not_pages:
        said = ["no such file or folder: " + ", ".join(missing)] if missing else []
        said += ["cannot read " + ", ".join(unusable)] if unusable else []
        said += [f"not a Markdown page (its name ends in {', '.join(sorted(MARKDOWN_SUFFIXES))}): "
                 + ", ".join(not_pages)] if not_pages else []
        raise click.UsageError("; ".join(said))
    # before the check: it then sees the pages as finished
    # where an update run from here, or of these pages from anywhere, keeps its journal
    projects = [project_folder(target if target.is_dir() else target.parent) for target in targets]
    for folder in dict.fromkeys([journal_folder(Path.cwd()), *(found for found in projects if found is not None)]):
        for line in finish_interrupted_update(folder):
            click.secho(printable(line), fg="yellow", err=True)
    report = check_paths(targets)
    if not report.pages and not report.all_problems:  # a typo'd folder, a text file: never a silent pass
        shown = ", ".join(printable(str(target)) for target in targets)
        raise click.UsageError(f"no Markdown page in {shown}: nothing was checked (a page's name ends in .md)")
    if update:
        report = _update(report, targets, to_stderr=output != "text")
    problems = report.all_problems
    if output == "json":
        click.echo(json_text([_as_json(p) for p in problems]))
    elif output == "github":
        for problem in problems:
            click.echo(_github_annotation(problem))
    else:
        for problem in problems:
            click.secho(problem.located(), fg="red", err=False)
        pages = len(report.pages)
        summary = f"{report.examples} examples on {pages} pages: {len(problems)} problem(s)" + not_listed(problems)
        click.secho(summary, fg="red" if problems else "green", bold=True)
        if any(problem.kind == "drift" for problem in problems):
            click.echo(UPDATE_ADVICE)
    sys.exit(1 if problems else 0)


@main.command()
@click.argument("file")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="Print the trace and the odds as readable text in this language instead of JSON.")
@click.option("--map", "battle_map", type=click.Path(dir_okay=False, writable=True, path_type=Path), default=None,
              help="Also write the example's battle map (its grid, as the card draws it) to this SVG file.")
def run(file: Any, lang: str | None, battle_map: Path | None) -> None:
    """Evaluate one standalone example (YAML or JSON; `-` for stdin) and print its result.

    JSON (the default) holds the result, the exact odds over the example's dice and the trace.
    """
    name = "<stdin>" if file == "-" else file
    if battle_map is not None and (refused := _refused_map_target(battle_map, None if file == "-" else Path(file))):
        raise click.UsageError(printable(f"--map {battle_map}: {refused}"))
    try:
        text = decode_page(_read_example(file))
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG):  # as `check` says of its paths
            raise click.UsageError(printable(f"cannot read {name} ({error.strerror})")) from None
        message = f"{name}:1: cannot read the example: {error.strerror or error}"
        if isinstance(error, NotARegularFile) and error.kind == "a FIFO":
            message += ". Hint: to read from a pipe, write `rulecheck run -` and pipe the example in"
        click.secho(printable(message), fg="red", err=True)
        sys.exit(1)
    except UnicodeDecodeError as error:
        click.secho(undecodable(name, error).located(), fg="red", err=True)
        sys.exit(1)
    blocks = find_blocks(text, name)
    if blocks or name.lower().endswith((".md", ".markdown")):
        found = f"{len(blocks)} example block(s)" if blocks else "no example block"
        page = "PAGE.md" if name == "<stdin>" else name
        click.secho(printable(f"{name}: a Markdown page ({found}), not an example: `rulecheck run` evaluates "
                              "one example written as YAML or JSON. Check the page's examples with "
                              f"`rulecheck check {page}`, or copy one block's YAML into a file of its own to run it."),
                    fg="red", err=True)
        sys.exit(2)
    block = Block(path=name, line=0, end_line=text.count("\n") + 1, indent="", source=json_tabs_as_spaces(text))
    # A file's cast is found as a page's: beside its language folder, or beside it.
    cast = Casts(Path.cwd()).of(Path(name)) if name != "<stdin>" else None
    parsed = parse_block(block, cast, lang or page_language(name))
    problems: list[Problem] = parsed if isinstance(parsed, list) else []
    outcome = None if isinstance(parsed, list) else check_example(parsed, every_field=True)
    if outcome is not None:
        problems = outcome.problems
    if cast is not None:
        problems = [*cast.problems, *problems]
    if battle_map is not None:
        problems = [*problems, *map_leftovers(battle_map)]  # listed before this run stages its own
    map_failure = None if battle_map is None else _write_map(outcome, lang or page_language(name), battle_map, name)
    refusal = outcome.refusal if outcome is not None else None
    if outcome is not None and refusal is not None and refusal.code is not None:
        if lang:
            colon = "\u00a0:" if lang == "fr" else ":"
            click.echo(printable(f"{rendering.word('card.refused', lang)}{colon} "
                                 f"{rendering.refusal(refusal.code, refusal.params, lang)}"))
        else:
            click.echo(json_text({"id": outcome.id, "refused": {
                "code": refusal.code, "params": dict(refusal.params), "message": refusal.message,
                "field": format_field(refusal.field)}}))
    if outcome is not None and outcome.result is not None:
        if lang:
            _print_text(outcome, lang)
        else:
            click.echo(json_text(_run_json(outcome, problems)))
    for problem in problems:
        click.secho(problem.located(), fg="red", err=True)
    # After the result and every problem, which a map that cannot be written must not hide (a 32nd
    # hostile round: only the map's error was printed).
    if map_failure is not None:
        click.secho(printable(map_failure[0]), fg="red", err=True)
    sys.exit(max(1 if problems else 0, map_failure[1] if map_failure else 0))


def _read_example(file: str) -> bytes:
    """The bytes of the example ``file`` (``-``: standard input), bounded; a named file must be a
    regular file (a FIFO would make the run wait for a writer). Raises ``OSError``."""
    if file != "-":
        return read_regular_file(file, pages_module.MAX_PAGE_BYTES)
    stdin = sys.stdin.buffer if sys.stdin is not None else None
    if stdin is None:
        raise OSError(errno.EBADF, "standard input is closed")
    return read_bounded(stdin)


_XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'  # a standalone map's first line


def _write_map(outcome: Outcome | None, language: str, target: Path, name: str) -> tuple[str, int] | None:
    """Write the example's battle map as a standalone SVG file, or say why it was not written and
    the exit code that failure gives (2 when the example has no grid: a usage error)."""
    if outcome is None or outcome.result is None or outcome.parsed is None:
        # refused, or not run: the rules drew nothing; an earlier map left there is not this example's
        kept = "is unchanged (not this example's map)" if target.exists() else "was not created"
        return f"--map {target}: no map written, the example has no result to draw; {target} {kept}", 0
    drawn = getattr(outcome.result, "battle_map", None)
    if drawn is None:
        return (f"{name}: --map: this example has no grid to draw (`given.grid`, or "
                "`given.situation.grid` for an attack)"), 2
    example = outcome.parsed.example
    title = getattr(example, "title", None) or outcome.parsed.id
    picture = maps.svg(drawn, language, outcome.parsed.id, title, battle_names(example), standalone=True)
    data = (_XML_DECLARATION + picture + "\n").encode("utf-8")
    try:
        _write_whole(target, data)
    except OSError as error:
        why = "a named pipe no program reads" if error.errno == errno.ENXIO else error.strerror or error
        return f"--map {target}: cannot write the battle map: {why}", 1
    return None


#: The start of a battle map ``--map`` wrote: its XML declaration, then the map's ``svg`` element.
#: Any other file is someone's work: an empty one (``py.typed``), an SVG drawn by hand or by another
#: tool, a file that merely holds ``<svg`` (an example titled "How to draw an <svg> map", a page
#: opening on an inline icon), and so is a file whose name (a link's file's name) does not end in ``.svg``.
_MAP_START = f'{_XML_DECLARATION}<svg{maps.XMLNS} class="rc-map__svg" '.encode()  # as ``maps.svg`` writes it
_MAP_END = b"</svg>\n"  # how a map `--map` wrote ends: a map edited after (notes added at its end) is the author's


def _refused_map_target(target: Path, example: Path | None = None) -> str | None:
    """Why ``--map`` must not write to ``target``, if it must not: standard output holds the result;
    the example itself, given as its own map, would be replaced by the picture; an existing file
    that is not a map it wrote is someone's work, and so is the file a link leads to (a link committed
    under a map's name could aim at any file of the author's): a link is followed to a map only; a
    link to nothing would make a file wherever it points."""
    if str(target) == "-":
        return "the result is written to standard output: give the map a file name"
    try:
        if example is not None and os.path.samefile(example, target):
            return "the example itself, which the map would replace: give the map a file of its own"
    except OSError:
        pass  # one of them does not exist yet: not the same file
    try:
        dangling = target.is_symlink() and not os.path.exists(target)
        target.resolve(strict=False)
    except (OSError, RuntimeError) as error:  # a name too long, a loop of links
        why = getattr(error, "strerror", None) or "a loop of symbolic links"
        return f"a path that cannot be used ({why}): give the map another path"
    if dangling:
        return "a symbolic link to no file, which the map would be written through: give the map's own path"
    try:
        mode = os.stat(target).st_mode
        if not stat.S_ISREG(mode):
            return None  # a device or a pipe (`/dev/stdout`): written to as it is
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):  # root too may not
            return "a map that is read-only: someone protected it; make it writable to replace it"
        with target.open("rb") as stream:
            start = stream.read(512)
            stream.seek(max(0, os.fstat(stream.fileno()).st_size - len(_MAP_END)))
            end = stream.read()
    except OSError:
        return None  # a new file, or one this user cannot read: the write says what it can
    if not (start.startswith(_MAP_START) and end == _MAP_END and target.resolve().suffix.lower() == ".svg"):
        linked = " (through a link)" if target.is_symlink() else ""
        return (f"a file{linked} that is not a battle map `--map` wrote, which the map would replace: give the map a "
                "file of its own, or delete this one")
    return None


def map_leftovers(target: Path) -> list[Problem]:
    """A problem at each temporary file a ``run --map`` killed while it wrote ``target`` left beside
    it (``.shot.svg.k3j9_x2a.tmp``, :func:`~rulecheck.examples.page_writes.write_atomically`): nothing
    else finishes or removes it. Reported, never removed, as an update's are: nothing tells it apart
    from the file of a run writing that map now in another process."""
    try:
        real = target.resolve()
    except (OSError, RuntimeError):  # a loop of links (the write says so)
        return []
    names = [name for name, _ in leftover_temporaries(real.parent, [real.name])]  # none if no folder is there
    return [Problem(path=display_path(real.parent / name, Path.cwd()), line=1, kind="leftover", message=(
        f"this temporary file is a battle map of a `rulecheck run --map` stopped while it wrote `{real.name}`: "
        "that map was not changed, and nothing will finish or remove it. Hint: unless a run is writing this map "
        "now, delete it")) for name in names]


def _write_whole(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` whole or not at all: a file (or no file yet) is replaced by a
    complete one (:func:`~rulecheck.examples.page_writes.write_atomically`), so a run killed or
    stopped by a full disk leaves the previous map as it was, never a half-written one; anything
    else (``/dev/stdout``, a pipe) is written to as it is."""
    try:
        regular = stat.S_ISREG(os.stat(target).st_mode)
    except FileNotFoundError:
        regular = True
    if regular:
        write_atomically(target, data)
    else:  # not blocking: a named pipe no one reads would wait for ever (ENXIO, said by the caller)
        descriptor = os.open(target, os.O_WRONLY | os.O_NONBLOCK)
        os.set_blocking(descriptor, True)  # a reader is there: write it all
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)


def json_tabs_as_spaces(text: str) -> str:
    """JSON indented with tabs, read as the YAML it also is: examples refuse tabs (YAML parsers
    disagree on them), but in valid JSON a tab can only be space between tokens (inside a string
    it must be written ``\\t``), so each becomes one space and every line and column stays."""
    if "\t" not in text:
        return text
    try:
        json.loads(text)
    except ValueError:
        return text
    return text.replace("\t", " ")


def _run_json(outcome: Outcome, problems: list[Problem]) -> dict[str, Any]:
    assert outcome.result is not None and outcome.parsed is not None
    data = outcome.result.model_dump(mode="json")
    trace = data.pop("trace", [])
    odds: dict[str, Any] | None = None
    if outcome.odds is not None:
        odds = outcome.odds.as_json()
        found = outcome.headline_odds
        if found:
            odds["headline"] = {"field": found[0], "value": found[1],
                                "probability": {"exact": str(found[2]), "float": float(found[2])}}
    return {"id": outcome.id, "rule": outcome.parsed.example.rule, "result": data, "odds": odds,
            "trace": trace, "problems": [_as_json(p) for p in problems]}


def _print_text(outcome: Outcome, lang: str) -> None:
    given = getattr(outcome.parsed.example, "given", None) if outcome.parsed else None
    for line in rendering.trace(getattr(outcome.result, "trace", ()), lang, trace_names(given, lang)):
        click.echo(printable(line))
    found = chances.stated(outcome, lang)
    if found:
        named, said = found
        colon = "\u00a0:" if lang == "fr" else ":"
        click.echo(printable(f"{named}{colon} {said}"))


@main.command()
def schema() -> None:
    """Print the JSON Schema of an example block."""
    click.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))


def _as_json(problem: Problem) -> dict[str, Any]:
    return {
        "path": problem.path, "line": problem.line, "col": problem.col, "id": problem.example_id,
        "field": problem.field, "message": problem.message, "kind": problem.kind,
        "expected": problem.expected, "actual": problem.actual, "related": list(problem.related),
        "more": problem.more,
    }


def _update(report: Report, targets: list[Path], *, to_stderr: bool) -> Report:
    """Rewrite the drifted values, say what changed, and check the pages again."""
    edits, skipped = plan_updates(report)
    try:
        changed = apply_edits(edits)
    except RulecheckError as error:
        raise click.ClickException(printable(str(error))) from None
    for edit in edits:
        click.echo(printable(f"updated {edit.describe()}"), err=to_stderr)
    for item in skipped:
        click.secho(printable(item.describe()), fg="yellow", err=to_stderr)
    if changed:
        click.echo(f"{len(edits)} value(s) rewritten in {len(changed)} file(s); review the diff", err=to_stderr)
    return check_paths(targets) if changed else report


def _github_annotation(problem: Problem) -> str:
    """``::error file=…,line=…,col=…,title=…::message``, escaped as workflow commands require."""
    props = f"file={_github_property(printable(problem.path))},line={problem.line}"
    if problem.col:
        props += f",col={problem.col}"
    props += ",title=rulecheck"
    return f"::error {props}::{_github_escape(problem.located())}"


def json_text(data: Any) -> str:
    """``data`` as indented JSON in which no character can act on a terminal: JSON escapes the C0
    controls itself; the others (DEL, C1, bidi overrides, U+2028…) are written ``\\uXXXX`` too."""
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    return "".join(f"\\u{ord(c):04x}" if c != "\n" and unicodedata.category(c) in _CONTROL else c for c in text)


_CONTROL = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def _github_escape(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_escape(text).replace(":", "%3A").replace(",", "%2C")


if __name__ == "__main__":
    main()
