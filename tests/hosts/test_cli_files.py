"""The command line never hangs on a file, nor dies on a name or an output: FIFOs, devices,
closed or full outputs, a closed stdin, names too long, loops of links (real processes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hosts.run_hosts import fenced, parry_example

TIMEOUT = 60
EXAMPLE = parry_example()
PAGE = "# Page\n\n" + fenced(EXAMPLE)


def rulecheck(project: Path, *args: str, shell_tail: str = "", **options: object) -> subprocess.CompletedProcess[str]:
    """``rulecheck ARGS`` in a new process; ``shell_tail`` adds shell redirections (``>/dev/full``)."""
    env = dict(os.environ)  # with `make test`'s coverage of subprocesses, which writes to a file of its own
    command = " ".join([_quote(sys.executable), "-m", "rulecheck.hosts.cli", *map(_quote, args)]) + " " + shell_tail
    return subprocess.run(["bash", "-c", command], cwd=project, capture_output=True, text=True, timeout=TIMEOUT,
                          check=False, env=env, **options)  # type: ignore[call-overload,no-any-return]


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "example.yaml").write_text(EXAMPLE, encoding="utf-8")
    return tmp_path


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stdout + done.stderr and "Exception ignored" not in done.stderr


# --- FIFOs and devices: refused at once, never waited on ----------------------------------------

@pytest.mark.parametrize("where", ["named", "in-a-folder", "linked"])
def test_check_never_waits_on_a_fifo(project: Path, where: str) -> None:
    fifo = project / "docs" / "pipe.md"
    os.mkfifo(fifo)
    if where == "linked":
        os.rename(fifo, project / "pipe")
        fifo.symlink_to(project / "pipe")
    done = rulecheck(project, "check", *(["docs/pipe.md"] if where == "named" else ["docs"]))
    no_traceback(done)
    # MkDocs would read it as a page (and wait for ever): the check says it cannot, at once.
    assert done.returncode == 1
    assert "docs/pipe.md:1: cannot read page: a FIFO, not a regular file" in done.stdout


@pytest.mark.parametrize(("device", "kind"), [("/dev/null", "a device"), ("/dev/zero", "a device")])
@pytest.mark.parametrize("command", ["run", "check"])
def test_a_device_is_refused_as_no_regular_file(project: Path, device: str, kind: str, command: str) -> None:
    if command == "check":  # a page is named `.md`: a device named so, through a link
        (project / "docs" / "device.md").symlink_to(device)
    named = "docs/device.md" if command == "check" else device
    done = rulecheck(project, command, named)
    no_traceback(done)
    assert done.returncode == 1
    assert f"{named}:1: cannot read {'the example' if command == 'run' else 'page'}: {kind}, not a regular file" \
        in done.stdout + done.stderr


def test_run_never_waits_on_a_fifo_and_says_how_to_pipe(project: Path) -> None:
    os.mkfifo(project / "example.fifo")
    done = rulecheck(project, "run", "example.fifo")
    no_traceback(done)
    assert done.returncode == 1
    assert done.stderr.strip() == ("example.fifo:1: cannot read the example: a FIFO, not a regular file. Hint: to "
                                   "read from a pipe, write `rulecheck run -` and pipe the example in")
    piped = rulecheck(project, "run", "-", shell_tail="< example.yaml")
    assert piped.returncode == 0 and '"reaction_total": 23' in piped.stdout


@pytest.mark.parametrize("stdin", ["<&-", "</dev/null"])
def test_run_of_a_closed_or_empty_stdin_is_a_located_error(project: Path, stdin: str) -> None:
    done = rulecheck(project, "run", "-", shell_tail=stdin)
    no_traceback(done)
    assert done.returncode == 1
    if stdin == "</dev/null":
        assert done.stderr.startswith("<stdin>:")
    else:
        assert done.stderr.strip() == "<stdin>:1: cannot read the example: standard input is closed"


# --- An output that cannot be written ------------------------------------------------------------

@pytest.mark.parametrize("args", [("check", "docs"), ("check", "--format", "json", "docs"),
                                  ("check", "--format", "github", "docs"), ("run", "example.yaml"),
                                  ("run", "--lang", "fr", "example.yaml"), ("schema",)])
@pytest.mark.parametrize("output", [">/dev/full", ">&-"])
def test_an_output_that_cannot_be_written_is_a_one_line_error_and_a_failure(
        project: Path, args: tuple[str, ...], output: str) -> None:
    if "github" in args:  # annotations are written for problems only: give it one to write
        page = project / "docs" / "page.md"
        page.write_text(PAGE.replace("reaction_total: 23", "reaction_total: 24"), encoding="utf-8")
    done = rulecheck(project, *args, shell_tail=output)
    no_traceback(done)
    assert done.returncode == 1, done.stderr
    reason = "No space left on device" if output == ">/dev/full" else "standard output is closed"
    assert done.stderr.strip().splitlines()[-1] == f"rulecheck: cannot write the output: {reason}"


def test_a_reader_that_stops_early_ends_the_check_quietly(project: Path) -> None:
    for n in range(60):  # a report longer than a pipe's buffer
        (project / "docs" / f"page-{n}.md").write_text(PAGE.replace("elara-parry", f"p-{n}")
                                                       .replace("reaction_total: 23", "reaction_total: 24"), "utf-8")
    done = rulecheck(project, "check", "docs", shell_tail="| head -c 10; exit ${PIPESTATUS[0]}")
    no_traceback(done)
    assert done.returncode == 1 and len(done.stdout) == 10


# --- Names the system refuses ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ["a" * 300 + ".md", "docs/" + "b" * 256 + "/page.md"])
@pytest.mark.parametrize("command", ["check", "run"])
def test_a_name_too_long_is_a_usage_error(project: Path, name: str, command: str) -> None:
    done = rulecheck(project, command, name)
    no_traceback(done)
    assert done.returncode == 2
    assert "(File name too long)" in done.stderr and done.stderr.count("\n") <= 4


@pytest.mark.parametrize("command", ["check", "run"])
def test_a_loop_of_links_is_a_usage_error(project: Path, command: str) -> None:
    (project / "loop.md").symlink_to(project / "loop.md")
    done = rulecheck(project, command, "loop.md")
    no_traceback(done)
    assert done.returncode in (1, 2)
    assert "Too many levels of symbolic links" in done.stdout + done.stderr


@pytest.mark.parametrize("holding", [[], ["notes.txt"], ["sub/notes.txt"], ["page.markdown.bak", "a/b/c.yml"]])
def test_a_folder_with_no_page_is_a_usage_error_not_a_silent_pass(tmp_path: Path, holding: list[str]) -> None:
    """`rulecheck check emptydir` said "0 examples on 0 pages: 0 problem(s)" and passed: a typo'd or
    emptied folder looked like a clean check."""
    folder = tmp_path / "pages"
    folder.mkdir()
    for name in holding:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(PAGE, "utf-8")
    done = rulecheck(tmp_path, "check", "pages")
    assert done.returncode == 2 and "no Markdown page in pages: nothing was checked" in done.stderr, done
    assert "Traceback" not in done.stderr
    (folder / "page.md").write_text(PAGE, "utf-8")
    assert rulecheck(tmp_path, "check", "pages").returncode == 0


@pytest.mark.parametrize("named", [["notes.txt"], ["README"], ["page.MD"], ["docs/page.md", "page.md.bak"],
                                   ["link.txt"], ["notes.txt", "README"]])
def test_a_named_file_that_is_no_markdown_page_is_a_usage_error(project: Path, named: list[str]) -> None:
    """`rulecheck check notes.txt` read a text file as a page: MkDocs reads a file as a page by its
    name's ending alone (case and all), and copies any other as it is."""
    for name in named:
        if name == "link.txt":
            (project / name).symlink_to(project / "docs" / "page.md")  # a page's text, under another name
        elif not (project / name).exists():
            (project / name).write_text(PAGE, "utf-8")
    done = rulecheck(project, "check", *named)
    no_traceback(done)
    assert done.returncode == 2, done
    refused = [name for name in named if name != "docs/page.md"]
    assert f"not a Markdown page (its name ends in .markdown, .md, .mdown, .mkd, .mkdn): {', '.join(refused)}" \
        in done.stderr
