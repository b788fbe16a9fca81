"""`--update` replaces a page and its twin together or not at all, never loses an edit made
meanwhile, and says exactly what it wrote (rulecheck/examples/page_writes.py)."""

from __future__ import annotations

import errno
import os
import re
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
    assert calls[0].endswith("en/parry.md")  # English was replaced first, then put back
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
