"""An update killed between its renames (journal left) is finished by every host before it checks,
as `rulecheck check` finishes it: a MkDocs build, `mkdocs serve` and pytest see the pages the update
meant, never the half-done update as drift, and say so in a line."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples import page_writes
from tests.examples.conftest import EN, FR, fixed
from tests.examples.test_page_writes import PAGES, journal_left, killed_update, leftovers, texts
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, mkdocs_build


def make_site(root: Path) -> Path:
    for language, text in (("fr", FR), ("en", EN)):
        page = root / "docs" / language / "parry.md"
        page.parent.mkdir(parents=True)
        page.write_text(text, encoding="utf-8")
    return root


SAID = f"{page_writes.JOURNAL}: a `rulecheck check --update` was stopped between its renames; it is now finished"


@pytest.mark.build
@pytest.mark.parametrize("renamed_pages", [0, 1])
@pytest.mark.parametrize("command", ["build", "serve"])
def test_mkdocs_finishes_an_update_killed_between_its_renames(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, renamed_pages: int, command: str) -> None:
    site = make_site(tmp_path)
    killed_update(site, monkeypatch, renamed_pages)
    (site / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    monkeypatch.chdir(site)
    with capture_logs("mkdocs", "rulecheck") as logs:
        mkdocs_build(site, command=command)  # no drift: the build passes
    assert SAID in logs.text
    assert "expected" not in logs.text and "differs from its twin" not in logs.text
    assert texts(site) == (fixed(FR), fixed(EN)) and leftovers(site) == [] and journal_left(site) == []


@pytest.mark.parametrize("renamed_pages", [0, 1])
@pytest.mark.parametrize("args", [["docs"], ["docs/fr/parry.md"], ["-n", "2", "docs"]])
def test_pytest_finishes_an_update_killed_between_its_renames(
        monkeypatch: pytest.MonkeyPatch, pytester: pytest.Pytester, renamed_pages: int, args: list[str]) -> None:
    killed_update(make_site(pytester.path), monkeypatch, renamed_pages)
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)
    assert result.ret == 0, result.stdout.str()
    assert SAID in result.stdout.str()
    assert tuple((pytester.path / page).read_text("utf-8") for page in PAGES) == (fixed(FR), fixed(EN))
    assert not (pytester.path / page_writes.JOURNAL).exists()
