"""The check follows ``pymdownx.snippets``' configuration: what it pulls in from the folders its
``base_path`` names and what its ``auto_append`` adds to every page is held to the same rules as a
page's own snippets, and a snippet that names an address (which it would download) is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.check import check_paths
from rulecheck.examples.snippets import SnippetSettings, site_snippets, snippet_files, snippet_texts

EXAMPLE = "```rulecheck\nid: pulled\nrule: attack\ngiven:\n  attack: {kind: melee, total: 15}\n```\n"
#: What a file pulled in may hold that the check acts on, and how the problem counts it.
HELD = {
    "example": (EXAMPLE, "1 rulecheck example(s)"),
    "reference": ("It reaches {{ elara-parry.reaction_total }}.\n", "1 prose reference(s)"),
    "table": ("<!-- rulecheck-table: cover -->\n| a | b |\n|---|---|\n| 1 | 2 |\n", "1 checked table marker(s)"),
    # the cards' markup, which a page's own check would refuse (a twenty-sixth hostile round: a snippet's
    # lines cut out of a tag's quoted value let a "✓ checked" badge out)
    "card": ('<a title="\n<span class=rc-badge>✓ checked</span>\n"></a>\n', "1 line(s) of hand-written card markup"),
    "attribute list": ("✓ checked: 99\n{: .rc-card }\n", "1 line(s) of hand-written card markup"),
}


def project(tmp_path: Path, snippets_options: str, page: str = "# Page\n\nText.\n") -> Path:
    """A project of one page in each language, ``mkdocs.yml`` giving pymdownx.snippets ``snippets_options``."""
    root = tmp_path / "project"
    for language in ("fr", "en"):
        (root / "docs" / language).mkdir(parents=True)
        (root / "docs" / language / "page.md").write_text(page, "utf-8")
    extension = f"  - pymdownx.snippets:\n{snippets_options}" if snippets_options else "  - pymdownx.snippets\n"
    (root / "mkdocs.yml").write_text(
        "site_name: S\nmarkdown_extensions:\n  - admonition\n" + extension
        + "  - pymdownx.superfences:\n      custom_fences:\n        - name: rulecheck\n          class: rulecheck\n"
        "          format: !!python/name:rulecheck.hosts.cards.format_fence\n", "utf-8")
    return root


def write(file: Path, text: str) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, "utf-8")


def located(root: Path) -> list[str]:
    return [problem.located() for problem in check_paths([root / "docs"], root=root).all_problems]


@pytest.mark.parametrize("held", sorted(HELD))
@pytest.mark.parametrize("base_path", ["      base_path: partials\n", "      base_path: [partials]\n",
                                       "      base_path: [., shared/partials]\n",
                                       "      base_path:\n        - somewhere-else\n        - partials\n"])
def test_a_snippet_from_a_configured_base_path_is_held_to_the_page_s_rules(
        tmp_path: Path, base_path: str, held: str) -> None:
    root = project(tmp_path, base_path, '# Page\n\n--8<-- "note.md"\n')
    text, said = HELD[held]
    folder = "shared/partials" if "shared" in base_path else "partials"
    write(root / folder / "note.md", text)
    assert located(root) == [f"docs/{language}/page.md:3:1: snippet `note.md` pulls in {said}, which the page would "
                             "show but the check never sees. Hint: write them on the page itself"
                             for language in ("en", "fr")]


def test_a_base_path_that_names_one_file_is_looked_in_too(tmp_path: Path) -> None:
    """pymdownx takes a file given as a base path as the one file of that name it may include."""
    root = project(tmp_path, "      base_path: [partials/note.md]\n", '# Page\n\n--8<-- "note.md"\n')
    write(root / "partials" / "note.md", EXAMPLE)
    assert [line.split(": ", 1)[0] for line in located(root)] == ["docs/en/page.md:3:1", "docs/fr/page.md:3:1"]


@pytest.mark.parametrize("held", sorted(HELD))
@pytest.mark.parametrize("auto_append", ["      auto_append: [includes/abbreviations.md]\n",
                                         "      auto_append: includes/abbreviations.md\n",
                                         "      base_path: [., includes]\n      auto_append: [abbreviations.md]\n"])
def test_what_auto_append_adds_to_every_page_is_checked_on_every_page(
        tmp_path: Path, auto_append: str, held: str) -> None:
    root = project(tmp_path, auto_append)
    write(root / "includes" / "abbreviations.md", HELD[held][0])
    name = "abbreviations.md" if "base_path" in auto_append else "includes/abbreviations.md"
    assert located(root) == [
        f"docs/{language}/page.md:1:1: `{name}`, which pymdownx.snippets' `auto_append` adds to every page, pulls "
        f"in {HELD[held][1]}, which the page would show but the check never sees. Hint: write them on the page itself"
        for language in ("en", "fr")]


def test_an_appended_file_that_cannot_be_read_is_refused_on_every_page(tmp_path: Path) -> None:
    root = project(tmp_path, "      auto_append: [includes/notes.md]\n")
    write(root / "includes" / "notes.md", "")
    (root / "includes" / "notes.md").write_bytes(b"caf\xe9\n")
    problems = located(root)
    assert len(problems) == 2
    assert all("`includes/notes.md`, which pymdownx.snippets' `auto_append` adds to every page, cannot be read: "
               "not valid UTF-8" in problem for problem in problems)


@pytest.mark.parametrize("address", ["https://example.org/rules.md", "http://example.org/r.md",
                                     "HTTPS://EXAMPLE.ORG/R.MD", "ftp://example.org/r.md",
                                     "https://example.org/r.md:3:5", "https://example.org:8443/a/r.md"])
@pytest.mark.parametrize("written", ['--8<-- "{}"\n', "--8<--\n{}\n--8<--\n"])
def test_a_snippet_that_names_an_address_is_refused_at_its_line(tmp_path: Path, address: str, written: str) -> None:
    root = project(tmp_path, "      url_download: true\n", "# Page\n\n" + written.format(address))
    line = 3 if written.startswith('--8<-- "') else 4
    shown = address.removesuffix(":3:5")  # the lines it would take are not the address
    assert located(root) == [f"docs/{language}/page.md:{line}:1: snippet `{shown}` names an address: the site "
                             "builds without a network, and the check cannot see what it would download. Hint: copy "
                             "what it holds into the page" for language in ("en", "fr")]


def test_an_appended_address_is_refused_on_every_page(tmp_path: Path) -> None:
    root = project(tmp_path, "      url_download: true\n      auto_append: ['https://example.org/a.md']\n")
    assert [line.split(": ", 1)[0] for line in located(root)] == ["docs/en/page.md:1:1", "docs/fr/page.md:1:1"]


@pytest.mark.parametrize("options", ["", "      base_path: 3\n", "      base_path: [partials, 3]\n",
                                     "      auto_append: {a: b}\n", "      check_paths: true\n"])
def test_settings_of_another_shape_leave_the_defaults_and_nothing_breaks(tmp_path: Path, options: str) -> None:
    """MkDocs refuses a configuration pymdownx cannot take; the check reads the defaults meanwhile."""
    root = project(tmp_path, options)
    assert site_snippets(root) == SnippetSettings()
    assert located(root) == []


def test_the_files_the_build_cache_follows_and_the_glossary_reads_include_the_appended_ones(tmp_path: Path) -> None:
    root = project(tmp_path, "      base_path: [., partials]\n      auto_append: [terms.md]\n",
                   '# Page\n\n--8<-- "note.md"\n')
    write(root / "partials" / "note.md", "A note.\n")
    write(root / "partials" / "terms.md", "*[PV]: Points de vie\n")
    settings = site_snippets(root)
    assert settings == SnippetSettings(base_path=(".", "partials"), auto_append=("terms.md",))
    page = root / "docs" / "fr" / "page.md"
    looked_at = snippet_files([page], root, settings)
    assert root / "partials" / "note.md" in looked_at and root / "partials" / "terms.md" in looked_at
    assert sorted(snippet_texts(page.read_text("utf-8"), page, root, settings)) == ["*[PV]: Points de vie\n",
                                                                                    "A note.\n"]
