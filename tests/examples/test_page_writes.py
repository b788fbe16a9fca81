"""`--update` replaces a page and its twin together or not at all, never loses an edit made
meanwhile, and says exactly what it wrote (rulecheck/examples/page_writes.py)."""

from __future__ import annotations

import errno
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rulecheck.errors import RulecheckError
from rulecheck.examples import page_writes
from rulecheck.examples.check import check_paths
from rulecheck.examples.update import Edit, apply_edits, plan_updates
from tests.examples.conftest import EN, FR, fixed
from tests.hosts.run_hosts import cli

PAGES = ("docs/fr/parry.md", "docs/en/parry.md")


def texts(site: Path) -> tuple[str, str]:
    return tuple((site / path).read_text(encoding="utf-8") for path in PAGES)  # type: ignore[return-value]


def leftovers(site: Path) -> list[str]:
    return sorted(p.name for p in (site / "docs").rglob("*") if p.name.endswith(".tmp"))


def planned(site: Path) -> list[Edit]:
    edits, skipped = plan_updates(check_paths([site / "docs"], root=site), root=site)
    assert edits and not skipped
    return edits


# --- An edit made after the check is never lost --------------------------------------------------

@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("edit", [
    lambda text: text + "\nUne ligne ajoutée à la fin.\n",             # far from any value
    lambda text: "Un paragraphe au début.\n\n" + text,                 # every line moves down
    lambda text: text.replace("# Par", "# PAR", 1),                    # same size, same lines
    lambda text: text.replace("damage: 0\n```", "damage: 0 \n```", 1),  # near a value, not on it
], ids=["appended", "prepended", "same-size", "beside-a-value"])
def test_a_page_edited_after_the_check_is_refused_and_neither_twin_changes(
        site: Path, language: str, edit: Callable[[str], str]) -> None:
    edits = planned(site)
    page = site / "docs" / language / "parry.md"
    edited = edit(page.read_text(encoding="utf-8"))
    page.write_text(edited, encoding="utf-8")
    with pytest.raises(RulecheckError, match=rf"docs/{language}/parry.md(:\d+)? changed since it was checked") as error:
        apply_edits(edits, root=site)
    assert "no page was changed" in str(error.value)
    assert texts(site) == ((edited, EN) if language == "fr" else (FR, edited))
    assert leftovers(site) == []


@pytest.mark.parametrize("victim", PAGES)
def test_a_page_edited_while_it_is_being_replaced_is_refused_and_kept(
        site: Path, victim: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The author saves the page after the update read it, before the rename: the save wins."""
    edits = planned(site)
    real_stage = page_writes._stage
    saved = "# Sauvé pendant la mise à jour\n"

    def stage_then_save(target: Path, data: bytes, mode: int) -> str:
        temporary = real_stage(target, data, mode)
        if target == (site / victim).resolve():
            target.write_text(saved, encoding="utf-8")
        return temporary

    monkeypatch.setattr(page_writes, "_stage", stage_then_save)
    with pytest.raises(RulecheckError, match=rf"{victim} changed while being updated; no page was changed"):
        apply_edits(edits, root=site)
    assert (site / victim).read_text(encoding="utf-8") == saved
    other = next(path for path in PAGES if path != victim)
    assert (site / other).read_text(encoding="utf-8") == (FR if "fr" in other else EN)
    assert leftovers(site) == []


# --- Both twins change, or neither does ----------------------------------------------------------

@pytest.mark.parametrize("failing", PAGES)
@pytest.mark.parametrize("failure", [errno.ENOSPC, errno.EACCES, errno.EFBIG])
def test_when_one_twin_cannot_be_written_neither_changes_and_the_message_says_so(
        site: Path, failing: str, failure: int, monkeypatch: pytest.MonkeyPatch) -> None:
    real_stage = page_writes._stage

    def stage(target: Path, data: bytes, mode: int) -> str:
        if target == (site / failing).resolve():
            raise OSError(failure, os.strerror(failure))
        return real_stage(target, data, mode)

    monkeypatch.setattr(page_writes, "_stage", stage)
    result = cli(site, "check", "--update", "docs")
    assert result.exit_code == 1
    assert texts(site) == (FR, EN)
    assert leftovers(site) == []
    assert (f"Error: {failing}: cannot write the updated page ({os.strerror(failure)}); no page was changed "
            f"(docs/en/parry.md, docs/fr/parry.md as they were)") in result.output
    assert "\nupdated " not in result.output and "Traceback" not in result.output


def test_a_rename_that_fails_puts_back_the_twin_already_replaced(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_replace = os.replace
    calls: list[str] = []

    def replace(source: str, target: Path | str) -> None:
        calls.append(str(target))
        if Path(target) == (site / "docs/fr/parry.md").resolve():
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_replace(source, target)

    monkeypatch.setattr(page_writes.os, "replace", replace)
    with pytest.raises(RulecheckError) as error:
        apply_edits(planned(site), root=site)
    assert str(error.value) == (f"docs/fr/parry.md: cannot replace the page ({os.strerror(errno.EIO)}); no page was "
                                "changed (docs/en/parry.md, docs/fr/parry.md as they were) (docs/en/parry.md put "
                                "back as it was)")
    assert calls[0].endswith(page_writes.JOURNAL)  # the journal first, then the pages
    assert calls[1].endswith("en/parry.md")  # English was replaced first, then put back
    assert texts(site) == (FR, EN)
    assert leftovers(site) == []


@pytest.mark.parametrize("multi_line", ["fr", "en"])
def test_a_value_that_cannot_be_rewritten_in_one_twin_is_rewritten_in_neither(site: Path, multi_line: str) -> None:
    page = site / "docs" / multi_line / "parry.md"
    text = page.read_text(encoding="utf-8").replace("  outcome: hit\n", "  outcome: >-\n    hit\n")
    page.write_text(text, encoding="utf-8")
    result = cli(site, "check", "--update", "docs")
    other = "en" if multi_line == "fr" else "fr"
    assert f"docs/{multi_line}/parry.md:17: elara-parry: expect.outcome: not updated: the value spans" in result.output
    assert (f"docs/{other}/parry.md:17: elara-parry: expect.outcome: not updated: its twin "
            f"docs/{multi_line}/parry.md:17 cannot be updated") in result.output
    assert "  outcome: hit\n" in (site / "docs" / other / "parry.md").read_text(encoding="utf-8")
    # The other drifted values, which both twins can take, are rewritten in both.
    assert "reaction_total: 23     #" in texts(site)[0] and "reaction_total: 23     #" in texts(site)[1]


# --- A page that cannot be replaced as it is ---------------------------------------------------

@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("mode", [0o444, 0o400, 0o555])
def test_a_read_only_page_is_refused_and_neither_twin_changes(site: Path, page: str, mode: int) -> None:
    (site / page).chmod(mode)
    result = cli(site, "check", "--update", "docs")
    assert result.exit_code == 1
    assert f"Error: {page}: the page is read-only (make it writable to update it)" in result.output
    assert texts(site) == (FR, EN)
    assert (site / page).stat().st_mode & 0o777 == mode


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("links", [1, 2])
def test_a_page_with_hard_links_is_refused_and_its_links_stay_one_file(
        site: Path, tmp_path: Path, page: str, links: int) -> None:
    others = [tmp_path / f"copy-{n}.md" for n in range(links)]
    for other in others:
        os.link(site / page, other)
    result = cli(site, "check", "--update", "docs")
    assert result.exit_code == 1
    assert f"Error: {page}: the page has {links + 1} hard links, and an update would replace this one only" \
        in result.output
    assert texts(site) == (FR, EN)
    assert all(other.stat().st_ino == (site / page).stat().st_ino for other in others)


def test_every_page_that_stops_the_update_is_named_at_once(site: Path, tmp_path: Path) -> None:
    (site / PAGES[0]).chmod(0o444)
    os.link(site / PAGES[1], tmp_path / "copy.md")
    result = cli(site, "check", "--update", "docs")
    assert "docs/en/parry.md: the page has 2 hard links" in result.output
    assert "docs/fr/parry.md: the page is read-only" in result.output
    assert texts(site) == (FR, EN)


def test_a_successful_update_names_every_value_written_and_writes_both_twins(site: Path) -> None:
    result = cli(site, "check", "--update", "docs")
    assert result.exit_code == 0, result.output
    assert texts(site) == (fixed(FR), fixed(EN))
    written = [line for line in result.output.splitlines() if line.startswith("updated ")]
    assert len(written) == 6
    assert {line.split(":")[0] for line in written} == {"updated docs/en/parry.md", "updated docs/fr/parry.md"}
    assert leftovers(site) == []


# --- replace_pages on its own ---------------------------------------------------------------------

def one_write(file: Path, data: bytes = b"new\n") -> page_writes.PageWrite:
    return page_writes.PageWrite(file.name, file, file.read_bytes() if file.is_file() else b"", data)


@pytest.mark.parametrize(("make", "reason"), [
    (lambda file: None, "cannot read the page to update it (No such file or directory)"),
    (lambda file: file.mkdir(), "not a regular file"),
    (lambda file: os.mkfifo(file), "not a regular file"),
])
def test_what_is_no_regular_page_is_refused_before_anything_is_written(
        tmp_path: Path, make: Callable[[Path], None], reason: str) -> None:
    other = tmp_path / "other.md"
    other.write_bytes(b"old\n")
    odd = tmp_path / "odd.md"
    writes = [one_write(other)]
    make(odd)
    writes.append(page_writes.PageWrite("odd.md", odd, b"", b"new\n"))
    with pytest.raises(RulecheckError, match=rf"odd.md: {re.escape(reason)}; no page was changed"):
        page_writes.replace_pages(writes)
    assert other.read_bytes() == b"old\n" and sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["other.md", *(["odd.md"] if odd.exists() or odd.is_symlink() else [])])


def test_a_page_that_cannot_be_put_back_is_named_as_rewritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_bytes(b"a\n")
    second.write_bytes(b"b\n")
    real_replace = os.replace

    def replace(source: str, target: Path | str) -> None:
        if Path(target) == second.resolve():
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_replace(source, target)

    monkeypatch.setattr(page_writes.os, "replace", replace)
    monkeypatch.setattr(page_writes, "write_atomically", lambda file, data: (_ for _ in ()).throw(OSError(28, "full")))
    with pytest.raises(RulecheckError) as error:
        page_writes.replace_pages([one_write(first), one_write(second)])
    assert str(error.value) == (f"b.md: cannot replace the page ({os.strerror(errno.EIO)}); a.md rewritten and could "
                                "not be put back (review the diff)")
    assert first.read_bytes() == b"new\n" and second.read_bytes() == b"b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.md"]


def test_write_atomically_makes_a_missing_file_and_leaves_nothing_when_the_rename_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page_writes.write_atomically(tmp_path / "new.json", b"{}")
    assert (tmp_path / "new.json").read_bytes() == b"{}" and (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644

    def fail(source: str, target: Path | str) -> None:
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))

    monkeypatch.setattr(page_writes.os, "replace", fail)
    with pytest.raises(OSError):
        page_writes.write_atomically(tmp_path / "new.json", b"[]")
    assert (tmp_path / "new.json").read_bytes() == b"{}" and [p.name for p in tmp_path.iterdir()] == ["new.json"]


# --- An update killed between its renames is finished by the next check ----------------------------

class Killed(BaseException):
    """A kill between two steps: nothing of the update runs after it (no cleanup, no putting back)."""


def kill_after(monkeypatch: pytest.MonkeyPatch, renamed_pages: int) -> None:
    """Stop the update once ``renamed_pages`` pages are renamed, before the next rename."""
    real_replace = os.replace
    done: list[str] = []

    def replace(source: str, target: Path | str) -> None:
        if str(target).endswith(".md"):
            if len(done) == renamed_pages:
                raise Killed
            done.append(str(target))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)  # the module page_writes renames with


def killed_update(site: Path, monkeypatch: pytest.MonkeyPatch, renamed_pages: int = 1) -> None:
    with monkeypatch.context() as patch:
        kill_after(patch, renamed_pages)
        with pytest.raises(Killed):
            apply_edits(planned(site), root=site)
    assert (site / page_writes.JOURNAL).exists()


def journal_left(site: Path) -> list[str]:
    return sorted(p.name for p in site.iterdir() if p.name.startswith(".rulecheck-update"))


@pytest.mark.parametrize(("renamed_pages", "said"), [
    (0, ["docs/en/parry.md: rewritten now, as the update would have",
         "docs/fr/parry.md: rewritten now, as the update would have"]),
    (1, ["docs/en/parry.md: had been rewritten before the update stopped",
         "docs/fr/parry.md: rewritten now, as the update would have"]),
])
@pytest.mark.parametrize("command", [["check", "docs"], ["check", "--update", "docs"], ["check", "docs/fr/parry.md"]])
def test_the_next_check_finishes_an_update_killed_between_its_renames(
        site: Path, monkeypatch: pytest.MonkeyPatch, renamed_pages: int, said: list[str], command: list[str]) -> None:
    killed_update(site, monkeypatch, renamed_pages)
    assert texts(site) == ((FR, fixed(EN)) if renamed_pages else (FR, EN))  # one language rewritten, or none
    result = cli(site, *command)
    assert result.exit_code == 0, result.output  # the update finished: nothing drifts any more
    assert (f"{page_writes.JOURNAL}: a `rulecheck check --update` was stopped between its renames; it is now "
            "finished: every page holds the update; review the diff\n" + "".join(f"  {line}\n" for line in said)
            ) in result.output
    assert texts(site) == (fixed(FR), fixed(EN))
    assert leftovers(site) == [] and journal_left(site) == []
    assert "Traceback" not in result.output and "updated " not in result.output


@pytest.mark.parametrize("renamed_pages", [0, 1])
def test_a_project_moved_after_an_update_was_killed_is_finished_where_it_now_is(
        site: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        renamed_pages: int) -> None:
    """The journal named its pages by absolute paths: a project renamed after the kill (or a
    clone of it) was finished against the old folder, or not at all."""
    (site / "mkdocs.yml").write_text("site_name: S\n", "utf-8")
    killed_update(site, monkeypatch, renamed_pages)
    journal = (site / page_writes.JOURNAL).read_text("utf-8")
    assert str(site) not in journal and os.path.realpath(site) not in journal  # every path from the project
    moved = tmp_path_factory.mktemp("elsewhere") / "renamed"
    site.rename(moved)
    result = cli(moved, "check", "docs")
    assert result.exit_code == 0, result.output
    assert "it is now finished: every page holds the update" in result.output
    assert texts(moved) == (fixed(FR), fixed(EN)) and leftovers(moved) == [] and journal_left(moved) == []


@pytest.mark.parametrize("checked_from", ["the project", "the other folder"])
def test_an_update_run_from_outside_its_project_keeps_its_journal_in_the_project(
        site: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        checked_from: str) -> None:
    """Run from /tmp on the project's pages and killed, an update left its journal in /tmp: the
    project's hosts then took its staged files for an update that never wrote a journal."""
    (site / "mkdocs.yml").write_text("site_name: S\n", "utf-8")
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    edits, _ = plan_updates(check_paths([site / "docs"], root=elsewhere), root=elsewhere)
    with monkeypatch.context() as patch:
        kill_after(patch, 1)
        with pytest.raises(Killed):
            apply_edits(edits, root=elsewhere)
    assert journal_left(site) == [page_writes.JOURNAL] and journal_left(elsewhere) == []
    if checked_from == "the project":
        result = cli(site, "check", "docs")
    else:
        result = cli(elsewhere, "check", str(site / "docs"))
    assert result.exit_code == 0, result.output
    assert "it is now finished: every page holds the update" in result.output and "temporary file" not in result.output
    assert texts(site) == (fixed(FR), fixed(EN)) and leftovers(site) == [] and journal_left(site) == []


def test_an_update_killed_after_its_renames_is_said_complete(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(page_writes, "_remove_journal", lambda journal: (_ for _ in ()).throw(Killed()))
        with pytest.raises(Killed):
            apply_edits(planned(site), root=site)
    result = cli(site, "check", "docs")
    assert result.exit_code == 0
    assert "  docs/en/parry.md: had been rewritten before the update stopped\n" in result.output
    assert "  docs/fr/parry.md: had been rewritten before the update stopped\n" in result.output
    assert texts(site) == (fixed(FR), fixed(EN)) and leftovers(site) == [] and journal_left(site) == []


def test_a_page_edited_after_the_update_was_killed_keeps_the_authors_text(
        site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    killed_update(site, monkeypatch, 1)
    edited = FR.replace("# Parade", "# Parade, revue à la main")
    (site / "docs/fr/parry.md").write_text(edited, encoding="utf-8")
    result = cli(site, "check", "docs")
    assert ("finished where the pages allowed: not every page holds the update; run `rulecheck check --update` "
            "again, then review the diff\n  docs/en/parry.md: had been rewritten before the update stopped\n"
            "  docs/fr/parry.md: edited since the update stopped; left as it is, without the update\n") in result.output
    assert texts(site) == (edited, fixed(EN)) and leftovers(site) == [] and journal_left(site) == []
    assert result.exit_code == 1  # the check goes on, and says what still differs (every problem at once)


def test_an_update_refuses_to_start_while_a_killed_ones_journal_is_left(
        site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    killed_update(site, monkeypatch, 1)
    with pytest.raises(RulecheckError, match=re.escape(
            f"{page_writes.JOURNAL}: an earlier update was stopped between its renames; run `rulecheck check` to "
            "finish it first; the page is unchanged")):
        apply_edits(planned(site), root=site)  # French alone drifts now
    assert texts(site) == (FR, fixed(EN)) and journal_left(site) == [page_writes.JOURNAL]


def replaced_by(make: Callable[[Path], None]) -> Callable[[Path], None]:
    def replace(journal: Path) -> None:
        journal.unlink()
        make(journal)
    return replace


@pytest.mark.parametrize(("spoil", "reason"), [
    (lambda journal: journal.write_text("{not json", encoding="utf-8"), "not a journal rulecheck wrote"),
    (lambda journal: journal.write_text('{"pages": [{"path": 1}]}', encoding="utf-8"), "not a journal rulecheck wrote"),
    (replaced_by(Path.mkdir), "a folder, not a regular file"),
    (replaced_by(os.mkfifo), "a FIFO, not a regular file"),
])
def test_a_journal_that_cannot_be_read_is_left_and_nothing_is_done(
        site: Path, monkeypatch: pytest.MonkeyPatch, spoil: Callable[[Path], object], reason: str) -> None:
    killed_update(site, monkeypatch, 1)
    spoil(site / page_writes.JOURNAL)
    result = cli(site, "check", "docs")
    assert (f"{page_writes.JOURNAL}: an interrupted `rulecheck check --update` left this journal, and it cannot be "
            f"read ({reason}): nothing was done; review the pages it names (git diff), then remove it") in result.output
    assert texts(site) == (FR, fixed(EN)) and journal_left(site) == [page_writes.JOURNAL]
    assert result.exit_code == 1 and "Traceback" not in result.output  # the check still reports the pages


def forged_journal(site: Path, victim: Path, temporary: Path, old: bytes | None = None) -> None:
    """A journal written by hand (a commit, an archive) asking to rename ``temporary`` over ``victim``."""
    page = page_writes.JournalPage(path="victim", target=str(victim), temporary=str(temporary),
                                   old=page_writes.page_digest(victim.read_bytes() if old is None else old),
                                   new=page_writes.page_digest(b"forged\n"))
    (site / page_writes.JOURNAL).write_text(page_writes.Journal(pages=[page]).model_dump_json(), encoding="utf-8")


@pytest.mark.parametrize("forge", ["elsewhere", "other-name", "link", "old-bytes-differ"])
def test_a_forged_journal_renames_nothing_an_update_would_not_have(site: Path, tmp_path: Path, forge: str) -> None:
    victim = tmp_path / "outside" / "victim.txt"
    victim.parent.mkdir()
    victim.write_bytes(b"mine\n")
    beside = victim.with_name(".victim.txt.abcd1234.tmp")
    temporary = {"elsewhere": site / "docs" / ".victim.txt.abcd1234.tmp", "other-name": victim.with_name("forged.tmp"),
                 "link": beside, "old-bytes-differ": beside}[forge]
    if forge == "link":
        (site / "forged").write_bytes(b"forged\n")
        temporary.symlink_to(site / "forged")
    else:
        temporary.write_bytes(b"forged\n")
    forged_journal(site, victim, temporary, b"something else\n" if forge == "old-bytes-differ" else None)
    result = cli(site, "check", "docs")
    assert victim.read_bytes() == b"mine\n"
    assert "victim.txt" in result.output and "rewritten now" not in result.output
    assert journal_left(site) == []


@pytest.mark.parametrize("victim", ["tests/conftest.py", "Makefile", "docs/fr/parry.txt", ".git/hooks/pre-commit.md",
                                    "docs/link-out.md", "../other-checkout/docs/fr/parry.md"])
def test_a_journal_committed_with_its_staged_file_rewrites_no_file_but_a_page_of_the_project(
        site: Path, tmp_path_factory: pytest.TempPathFactory, victim: str) -> None:
    """A pull request committed a journal and a staged file beside ``tests/conftest.py``, everything
    else as an update writes them: the next check, build or test run renamed it into place."""
    target = site / victim
    target.parent.mkdir(parents=True, exist_ok=True)
    if victim == "docs/link-out.md":
        outside = tmp_path_factory.mktemp("elsewhere") / "outside.md"
        outside.write_bytes(b"mine\n")
        target.symlink_to(outside)
    else:
        target.write_bytes(b"mine\n")
    temporary = target.with_name(f".{target.name}.abcd1234.tmp")
    temporary.write_bytes(b"forged\n")
    forged_journal(site, target, temporary)
    result = cli(site, "check", "docs")
    assert target.read_bytes() == b"mine\n" and "rewritten now" not in result.output
    assert target.is_symlink() == (victim == "docs/link-out.md")
    assert f"{Path(victim).name}': not a Markdown page of this project" in result.output
    assert "Traceback" not in result.output
    assert journal_left(site) == []


def test_a_journal_names_the_page_it_rewrites_by_its_own_path(site: Path) -> None:
    """The journal's ``path`` is not trusted: the report names the page the rename touched."""
    page = site / PAGES[0]
    temporary = page.with_name(f".{page.name}.abcd1234.tmp")
    temporary.write_bytes(b"forged\n")
    forged_journal(site, page, temporary)  # it says "victim"
    result = cli(site, "check", "docs")
    assert f"  {PAGES[0]}: rewritten now" in result.output and "victim" not in result.output


def test_an_update_killed_by_sigkill_between_its_renames_is_finished(site: Path) -> None:
    """The real thing: the process is killed (SIGKILL) right after its first page is renamed."""
    script = ("import os, signal\n"
              "from rulecheck.examples import page_writes\n"
              "from rulecheck.hosts.cli import main\n"
              "real = os.replace\n"
              "def replace(source, target):\n"
              "    real(source, target)\n"
              "    if str(target).endswith('.md'):\n"
              "        os.kill(os.getpid(), signal.SIGKILL)\n"
              "page_writes.os.replace = replace\n"
              "main(['check', '--update', 'docs'])\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=site, capture_output=True, text=True, timeout=120,
                          check=False, env=dict(os.environ))
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert texts(site) == (FR, fixed(EN)) and len(leftovers(site)) == 1  # French staged, never renamed
    result = cli(site, "check", "docs")
    assert result.exit_code == 0 and "it is now finished: every page holds the update" in result.output
    assert texts(site) == (fixed(FR), fixed(EN)) and leftovers(site) == [] and journal_left(site) == []


@pytest.mark.parametrize("run_from", ["docs", "docs/fr", "."])
@pytest.mark.parametrize("finish_from", ["docs", "."])
def test_an_update_run_from_a_subfolder_keeps_its_journal_where_every_host_looks(
        site: Path, monkeypatch: pytest.MonkeyPatch, run_from: str, finish_from: str) -> None:
    """Killed from ``docs/``, the update left its journal there, and a build (run beside
    ``mkdocs.yml``) or a check run from the project never finished it."""
    (site / "mkdocs.yml").write_text("site_name: S\n", encoding="utf-8")
    where = site / run_from
    assert page_writes.journal_folder(where) == site
    assert page_writes.journal_folder(site.parent) == site.parent, "no mkdocs.yml above: the folder itself"
    with monkeypatch.context() as patch:
        kill_after(patch, 1)
        with pytest.raises(Killed):
            cli(where, "check", "--update", str(site / "docs"))
    assert journal_left(site) == [page_writes.JOURNAL]
    assert not any(p.name.startswith(".rulecheck-update") for p in (site / "docs").rglob("*"))
    result = cli(site / finish_from, "check", ".")
    assert result.exit_code == 0, result.output
    assert f"{page_writes.JOURNAL}: a `rulecheck check --update` was stopped between its renames" in result.output
    assert texts(site) == (fixed(FR), fixed(EN)) and journal_left(site) == []
