"""A twin the site leaves out in one language is a missing twin, in every host.

`exclude_docs: /en/page.md` (or `draft_docs`) passed the check and the build, and the English
site lost the page: its navigation and the French page's language switch led to nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from tests.hosts.run_hosts import capture_logs, cli, fenced, mkdocs_build, parry_example, small_site

PAGE = "# Page\n\n" + fenced(parry_example())
#: Ways a mkdocs.yml leaves one language's page out, and the words the problem gives for each.
LEFT_OUT = [
    ("exclude_docs: /en/page.md", "en", "`exclude_docs` in mkdocs.yml leaves it out of the site"),
    ("exclude_docs: |\n  /cast.yml\n  en/*.md", "en", "`exclude_docs` in mkdocs.yml leaves it out of the site"),
    ("draft_docs: fr/page.md", "fr", "`draft_docs` in mkdocs.yml leaves it out of the site"),
    ("exclude_docs: '**/fr/page.md'", "fr", "`exclude_docs` in mkdocs.yml leaves it out of the site"),
]


def site(root: Path, setting: str) -> Path:
    project = small_site(root, {})
    for language in ("fr", "en"):
        (project / "docs" / language).mkdir()
        (project / "docs" / language / "page.md").write_text(PAGE, "utf-8")
    (project / "mkdocs.yml").write_text((project / "mkdocs.yml").read_text("utf-8") + setting + "\n", "utf-8")
    return project


def expected(left: str) -> str:
    kept = "fr" if left == "en" else "en"
    language = {"fr": "French", "en": "English"}[left]
    return f"docs/{kept}/page.md:1: no {language} twin: docs/{left}/page.md is not built: "


@pytest.mark.parametrize(("setting", "left", "why"), LEFT_OUT)
def test_the_command_line_says_the_twin_is_not_built(tmp_path: Path, setting: str, left: str, why: str) -> None:
    result = cli(site(tmp_path, setting), "check", "docs")
    assert result.exit_code == 1, result.output
    assert expected(left) + why in result.output
    assert "Traceback" not in result.output


@pytest.mark.build
@pytest.mark.parametrize(("setting", "left", "why"), LEFT_OUT)
def test_the_build_fails_saying_the_twin_is_not_built(tmp_path: Path, setting: str, left: str, why: str) -> None:
    project = site(tmp_path, setting)
    with capture_logs("mkdocs", "rulecheck") as logs, pytest.raises(Abort):
        mkdocs_build(project)
    assert expected(left) + why in logs.text


@pytest.mark.build
def test_serve_shows_the_drafts_so_their_twins_are_there(tmp_path: Path) -> None:
    """`mkdocs serve` builds the `draft_docs`: a draft twin is there, and nothing is missing."""
    project = site(tmp_path, "draft_docs: fr/page.md")
    with capture_logs("mkdocs", "rulecheck") as logs:
        mkdocs_build(project, command="serve")
    assert "rulecheck: 2 examples checked" in logs.text and "twin" not in logs.text  # the draft's read too
    assert "Elara" in (project / "site" / "fr" / "page" / "index.html").read_text("utf-8")


@pytest.mark.parametrize(("setting", "left", "why"), LEFT_OUT[:1] + LEFT_OUT[2:3])
def test_pytest_fails_saying_the_twin_is_not_built(
        pytester: pytest.Pytester, setting: str, left: str, why: str) -> None:
    site(pytester.path, setting)
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "docs")
    assert result.ret != 0
    assert expected(left) + why in result.stdout.str()
