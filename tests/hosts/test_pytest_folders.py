"""pytest collects every page MkDocs builds, in folders its own `norecursedirs` passes over.

`docs/fr/build/extra.md` with a drift failed the command line and the build; `pytest docs`
said `463 passed`: pytest does not enter `build/`, `dist/`, `venv/`, `node_modules/`… (folders
of code), where MkDocs builds pages like any other. What the reader leaves out with `--ignore`
or `--ignore-glob` stays out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hosts.run_hosts import cli, fenced, parry_example, small_site

#: Folders pytest does not enter by default (its `norecursedirs`), where MkDocs builds pages.
CODE_FOLDERS = ["build", "dist", "venv", "node_modules", "_darcs", "CVS", "{arch}", "pkg.egg"]
DRIFT = "expect.reaction_total: expected 24, got 23"


def site_with_a_drift_in(root: Path, folder: str) -> Path:
    project = small_site(root, {})
    for language in ("fr", "en"):
        page = project / "docs" / language / folder / "extra.md"
        page.parent.mkdir(parents=True)
        page.write_text("# Extra\n\n" + fenced(parry_example(total=24)), "utf-8")
    return project


@pytest.mark.parametrize("folder", CODE_FOLDERS)
def test_a_drift_in_a_folder_pytest_passes_over_fails_as_on_the_command_line(
        pytester: pytest.Pytester, folder: str) -> None:
    project = site_with_a_drift_in(pytester.path, folder)
    assert DRIFT in cli(project, "check", "docs").output  # the command line's word, which pytest must give
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "docs")
    assert result.ret == 1
    out = result.stdout.str()
    assert f"docs/fr/{folder}/extra.md:" in out and f"docs/en/{folder}/extra.md:" in out and DRIFT in out
    result.assert_outcomes(failed=2)


@pytest.mark.parametrize("option", ["--ignore=docs/fr/build", "--ignore-glob=*/fr/build"])
def test_a_folder_the_reader_ignores_stays_out(pytester: pytest.Pytester, option: str) -> None:
    site_with_a_drift_in(pytester.path, "build")
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "docs", option)
    out = result.stdout.str()
    assert "docs/fr/build/extra.md:" not in out and "docs/en/build/extra.md:" in out
    result.assert_outcomes(failed=1)
