"""The pages MkDocs leaves out (dotfiles, ``templates/``, ``exclude_docs``) are not checked: the
command line and pytest read ``exclude_docs`` from ``mkdocs.yml``, the plugin takes MkDocs' own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from mkdocs.structure.files import get_files
from pathspec import GitIgnoreSpec

from rulecheck.examples.check import check_paths
from rulecheck.examples.discovery import excluded, site_exclusions
from tests.hosts.run_hosts import MKDOCS_YML, cli, fenced, mkdocs_build, mkdocs_config, parry_example

DRAFTS = "exclude_docs: |\n  drafts/\n  *.wip.md\n  !keep.wip.md\n"
#: Pages that MkDocs leaves out with ``DRAFTS``, and pages it builds.
LEFT_OUT = [".draft.md", "sub/.hidden/page.md", "drafts/d.md", "deep/drafts/d.md", "notes.wip.md"]
BUILT = ["p.md", "templates.md", "sub/templates/t.md", "keep.wip.md", "sub/page.md"]


def write_site(root: Path, config: str = MKDOCS_YML + DRAFTS) -> Path:
    for language in ("fr", "en"):
        for name in LEFT_OUT + BUILT:
            drifted = name in LEFT_OUT
            example = parry_example(name.replace("/", "-").replace(".", "-").strip("-"), 99 if drifted else 23)
            page = root / "docs" / language / name
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(f"# P\n\n{fenced(example)}", "utf-8")
    (root / "docs" / "templates").mkdir()
    (root / "docs" / "templates" / "t.md").write_text(f"# T\n\n{fenced(parry_example('tpl', 98))}", "utf-8")
    (root / "mkdocs.yml").write_text(config, "utf-8")
    return root


@pytest.mark.parametrize(("relative", "left_out"), [
    ("fr/p.md", False), ("fr/.draft.md", True), (".hidden/x.md", True), ("templates/t.md", True),
    ("fr/templates/t.md", False), ("fr/drafts/x.md", True), ("fr/a.wip.md", True), ("fr/keep.wip.md", False),
])
def test_a_docs_relative_path_is_excluded_as_mkdocs_excludes_it(tmp_path: Path, relative: str, left_out: bool) -> None:
    spec = GitIgnoreSpec.from_lines(yaml.safe_load(DRAFTS)["exclude_docs"].splitlines())
    assert excluded(relative, spec) is left_out
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / relative
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text("# P\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + DRAFTS, "utf-8")
    mkdocs = {file.src_uri for file in get_files(mkdocs_config(tmp_path)) if not file.inclusion.is_excluded()}
    assert (relative not in mkdocs) is left_out  # what MkDocs itself does
    assert site_exclusions(tmp_path)(page) is left_out


def test_the_check_reads_only_the_pages_mkdocs_builds(tmp_path: Path) -> None:
    root = write_site(tmp_path)
    report = check_paths([root / "docs"], root=root)
    assert report.ok, [p.located() for p in report.all_problems]
    assert sorted(report.pages) == sorted(f"docs/{language}/{name}" for language in ("en", "fr") for name in BUILT)
    said = cli(root, "check", "docs")
    assert said.exit_code == 0 and said.output.endswith(f"{2 * len(BUILT)} examples on {2 * len(BUILT)} pages: "
                                                        "0 problem(s)\n"), said.output


@pytest.mark.parametrize("config", [
    MKDOCS_YML.replace("docs_dir: docs", "docs_dir: pages"),
    "site_name: [unclosed\n",  # a configuration that cannot be read: MkDocs' defaults still hold
])
def test_mkdocs_defaults_hold_whatever_the_configuration(tmp_path: Path, config: str) -> None:
    root = write_site(tmp_path, config)
    if "docs_dir: pages" in config:
        os.rename(root / "docs", root / "pages")
    docs = root / ("pages" if "docs_dir: pages" in config else "docs")
    report = check_paths([docs], root=root)
    problems = {p.path.split("/", 2)[2] for p in report.all_problems}
    assert problems == {"drafts/d.md", "deep/drafts/d.md", "notes.wip.md"}  # only exclude_docs is missing


@pytest.mark.build
def test_the_build_checks_only_the_pages_it_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_site(tmp_path)
    monkeypatch.chdir(root)
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    mkdocs_build(root)  # passes: every drifted example is on a page MkDocs leaves out
    assert (root / "site" / "fr" / "keep.wip" / "index.html").is_file()
    assert not (root / "site" / "fr" / "drafts").exists()


@pytest.mark.parametrize("folder", ["drafts", "other/pages", "deep/er/still"])
def test_a_folder_apart_from_the_docs_is_read_as_mkdocs_reads_a_docs_folder(tmp_path: Path, folder: str) -> None:
    """`rulecheck check drafts` read `drafts/.wip.md` and `drafts/templates/t.md`, which MkDocs never
    builds from a docs folder: a folder checked on its own is read as one, with MkDocs' defaults."""
    write_site(tmp_path)
    base = tmp_path / folder
    for name in [".wip.md", ".hidden/page.md", "sub/.x.md", "templates/t.md"]:
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text(f"# P\n\n{fenced(parry_example('left-out', 99))}", "utf-8")
    for name in ["kept.md", "sub/templates/t.md", "sub/kept.md"]:
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text(f"# P\n\n{fenced(parry_example(name.replace('/', '-')[:-3], 23))}", "utf-8")
    report = check_paths([base], root=tmp_path)
    kept = ["kept.md", "sub/templates/t.md", "sub/kept.md"]
    assert sorted(report.pages) == sorted(f"{folder}/{name}" for name in kept)
    # The docs folder, and a folder holding it, keep the site's own exclusions (`exclude_docs` too).
    for checked in (tmp_path / "docs" / "fr", tmp_path):
        pages = set(check_paths([checked], root=tmp_path).pages)
        assert not pages & {f"docs/fr/{name}" for name in LEFT_OUT}
        assert {f"docs/fr/{name}" for name in BUILT} <= pages
