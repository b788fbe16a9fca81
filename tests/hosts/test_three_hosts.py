"""The three hosts on the real site and on a broken copy of it: MkDocs, pytest, command line."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.hosts.cli import main
from tests.conftest import ROOT, copy_tree

ELARA_EXPECT = "  reaction_total: 23\n  outcome: parried"
DRIFTED = "docs/fr/reactions.md:{line}: elara-parry: expect.reaction_total: expected 24, got 23"
#: The pages a copy of the site needs for :func:`drift` (``site_copy(pages=…)``).
DRIFT_PAGES = ("reactions",)


def drift(site: Path) -> int:
    """Change Elara's expected parry total in the French page; return the changed line."""
    page = site / "docs/fr/reactions.md"
    text = page.read_text("utf-8")
    assert ELARA_EXPECT in text
    page.write_text(text.replace(ELARA_EXPECT, ELARA_EXPECT.replace("23", "24"), 1), "utf-8")
    return text[: text.index(ELARA_EXPECT)].count("\n") + 1


def mkdocs_build(site: Path, *extra: str, env: dict[str, str] | None = None,
                 quiet: bool = True) -> subprocess.CompletedProcess[str]:
    """A strict build of ``site``; ``quiet`` keeps only errors, and so cannot fail on a warning
    (MkDocs counts what it logs: with ``-q`` it logs no warning)."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", *(["-q"] if quiet else []),
         "-f", str(site / "mkdocs.yml"), "-d", str(site / "site"), *extra],
        capture_output=True, text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})},
    )


@pytest.mark.build
def test_the_real_site_builds_with_cards_and_bound_prose(offline_site: Path) -> None:
    french = (offline_site / "reactions.html").read_text("utf-8")  # built once for every test
    english = (offline_site / "en/reactions.html").read_text("utf-8")
    assert "17 (d20) + 2 (niveau) + 4 (FOR) = 23 ≥ 15 (attaque) → parade réussie" in french
    assert "17 (d20) + 2 (level) + 4 (STR) = 23 ≥ 15 (attack) → parry succeeds" in english
    assert re.search(r'<span class="rc-badge rc-badge--ok" data-tip="[^"]*rules engine[^"]*">✓ checked</span>', english)
    assert '<span class="rc-ref">23</span>' in french
    assert 'title="elara-parry' not in french + english, "no internal identifier in a tooltip"
    assert 'data-tip="elara-parry' not in french + english
    assert "{{" not in french and "{{" not in english


@pytest.mark.build
def test_a_drifted_example_fails_the_build_with_its_location(site_copy: Callable[..., Path]) -> None:
    site = site_copy(pages=DRIFT_PAGES)
    line = drift(site)
    result = mkdocs_build(site)
    assert result.returncode != 0
    assert DRIFTED.format(line=line) in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.build
def test_the_plugin_can_be_disabled_from_the_environment(site_copy: Callable[..., Path]) -> None:
    site = site_copy(pages=DRIFT_PAGES)
    drift(site)
    result = mkdocs_build(site, env={"RULECHECK_ENABLED": "false"})
    assert result.returncode == 0, result.stderr
    assert 'class="rc-unchecked"' in (site / "site/reactions.html").read_text("utf-8")


def test_pytest_collects_one_item_per_example_and_fails_the_drifted_one(
    pytester: pytest.Pytester, site_copy: Callable[..., Path]
) -> None:
    site = site_copy(pages=DRIFT_PAGES)
    line = drift(site)
    copy_tree(site, pytester.path)
    quiet = ("-q", "-p", "no:cacheprovider", "-W", "ignore::pytest.PytestAssertRewriteWarning")
    result = pytester.runpytest("docs/fr/reactions.md", *quiet)
    examples = (site / "docs/fr/reactions.md").read_text("utf-8").count("```rulecheck")
    result.assert_outcomes(failed=1, passed=examples - 1)
    result.stdout.fnmatch_lines([DRIFTED.format(line=line), "FAILED docs/fr/reactions.md::elara-parry*"])
    assert "Traceback" not in result.stdout.str()
    collected = pytester.runpytest("docs", "--collect-only", *quiet)
    collected.stdout.fnmatch_lines(["docs/en/reactions.md::elara-parry", "docs/fr/reactions.md::kael-knight"])


def test_cli_check_exit_codes_and_formats(site_copy: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    monkeypatch.chdir(ROOT)
    ok = runner.invoke(main, ["check"])
    assert ok.exit_code == 0, ok.output
    assert "0 problem(s)" in ok.output

    site = site_copy(pages=DRIFT_PAGES)
    line = drift(site)
    monkeypatch.chdir(site)
    text = runner.invoke(main, ["check", "docs"])
    assert text.exit_code == 1
    assert DRIFTED.format(line=line) in text.output
    as_json = runner.invoke(main, ["check", "docs", "--format", "json"])
    problem = next(p for p in json.loads(as_json.output) if p["kind"] == "drift")
    assert (problem["path"], problem["line"], problem["id"], problem["expected"], problem["actual"]) == (
        "docs/fr/reactions.md", line, "elara-parry", 24, 23)
    github = runner.invoke(main, ["check", "docs", "--format", "github"])
    assert f"::error file=docs/fr/reactions.md,line={line},title=rulecheck::{DRIFTED.format(line=line)}" \
        in github.output

    assert runner.invoke(main, ["check", "no/such/folder"]).exit_code == 2
    assert runner.invoke(main, ["check", "--format", "xml"]).exit_code == 2


def test_cli_schema_and_run(tmp_path: Path) -> None:
    runner = CliRunner()
    schema = json.loads(runner.invoke(main, ["schema"]).output)
    assert schema["title"] == "rulecheck example"
    example = tmp_path / "elara.yml"
    example.write_text("id: elara\nrule: attack\ngiven:\n  defender: {level: 2, str: 4}\n  attack: {total: 15}\n"
                       "  reaction: parry\ndice:\n  reaction: [17]\n", "utf-8")
    result = runner.invoke(main, ["run", str(example)])
    assert result.exit_code == 0
    assert json.loads(result.output)["result"]["reaction_total"] == 23
    french = runner.invoke(main, ["run", str(example), "--lang", "fr"])
    assert "17 (d20) + 2 (niveau) + 4 (FOR) = 23 ≥ 15 (attaque) → parade réussie" in french.output


@pytest.mark.parametrize("language", ["fr", "en"])
def test_cli_run_names_people_as_the_card_does(tmp_path: Path, language: str) -> None:
    """`rulecheck run --lang` prints a trace in the card's words: a map's creatures by name, each
    healer by theirs (never a map letter or an unnamed « Test de Soin » twice)."""
    from rulecheck.examples.check import check_paths
    from rulecheck.examples.render import trace
    from rulecheck.examples.result_words import trace_names

    runner = CliRunner()
    examples = {
        "move.yml": "id: move\nrule: opportunity\ngiven:\n  grid:\n    map: |\n      o A . .\n"
                    "    creatures:\n      o: {name: Orc}\n  path: [[2, 0], [3, 0]]\n",
        "healers.yml": "id: healers\nrule: dying\ngiven:\n  hit_dice: 2d4\n  turns: 1\n  stabilise:\n"
                       "    - {turn: 1, name: Lysa, dc: 12}\n    - {turn: 1, name: Elara, wis: 3, dc: 12}\n"
                       "dice:\n  stabilise: [5, 10]\n",
    }
    output = {}
    for name, text in examples.items():
        (tmp_path / name).write_text(text, "utf-8")
        printed = runner.invoke(main, ["run", str(tmp_path / name), "--lang", language])
        output[name] = printed.output
        assert printed.exit_code == 0, printed.output
        page = tmp_path / language / f"{name}.md"  # the same example on a page, as a card shows it
        page.parent.mkdir(exist_ok=True)
        page.write_text(f"# P\n\n```rulecheck\n{text}```\n", "utf-8")
        (outcome,) = next(iter(check_paths([page]).pages.values())).outcomes
        shown = trace(outcome.result.trace, language, trace_names(outcome.parsed.example.given, language))
        assert printed.output.splitlines()[:len(shown)] == shown
    assert "Orc" in output["move.yml"] and "(o)" not in output["move.yml"]
    assert [line.count("Lysa") + 2 * line.count("Elara") for line in output["healers.yml"].splitlines()
            if "Soin" in line or "Healing" in line] == [1, 2]


@pytest.mark.build
def test_a_link_to_a_card_is_checked_like_a_link_to_a_heading(site_copy: Callable[..., Path]) -> None:
    """« See Elara's parry » may link to its card (``#ex-elara-parry``, written by the plugin, not
    in the Markdown MkDocs reads for anchors); a link to a card no page has fails the strict build,
    named, in either language; so does one to a card of another page."""
    site = site_copy(pages=("reactions", "attack"))
    config = site / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("    anchors: info\n", "    anchors: warn\n"), "utf-8")
    pages = {language: site / "docs" / language / "reactions.md" for language in ("fr", "en")}
    written = {language: page.read_text("utf-8") for language, page in pages.items()}
    for language, page in pages.items():  # a card of this page, and one of another page
        page.write_text(written[language] + "\n[Elara](#ex-elara-parry), [Brann](attack.md#ex-brann-sword-hit)\n",
                        "utf-8")
    assert "id: brann-sword-hit" in (site / "docs" / "en" / "attack.md").read_text("utf-8")
    good = mkdocs_build(site, quiet=False)
    assert good.returncode == 0 and "WARNING" not in good.stderr, good.stderr
    for wrong, language in (("#ex-elara-parry-typo", "fr"), ("attack.md#ex-no-such-card", "en")):
        pages[language].write_text(written[language] + f"\n[Elara]({wrong})\n", "utf-8")
        bad = mkdocs_build(site, quiet=False)
        assert bad.returncode != 0, f"{wrong} was accepted"
        assert wrong.rpartition("#")[2] in bad.stderr and f"{language}/reactions.md" in bad.stderr, bad.stderr
        assert "Traceback" not in bad.stderr
        pages[language].write_text(written[language], "utf-8")


@pytest.mark.build
def test_in_process_build_renders_glossary_tooltips_on_every_page(
    site_copy: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = site_copy(pages=("attack",))
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    build(load_config(str(site / "mkdocs.yml"), site_dir=str(site / "site")))
    french = (site / "site/attack.html").read_text("utf-8")
    english = (site / "site/en/attack.html").read_text("utf-8")
    # the tooltip spaced as French text is: its colon never alone at a line's start; the term kept on one line
    tooltip = "Défense physique\u00a0: le seuil d'une attaque au contact ou à distance"
    assert f'<abbr title="{tooltip}">Def\u00a0PHY</abbr>' in french.replace("&#x27;", "'")
    assert '<abbr title="Strength">STR</abbr>' in english
    assert 'title="Force"' not in english, "English pages use the English glossary only"
    assert (site / "site/assets/rulecheck.css").is_file()
    assert 'href="../assets/rulecheck.css"' in english


@pytest.mark.parametrize("nested", ["extra/attack.md", "a/b/attack.md", "Extra/attack.md"])
def test_two_pages_of_the_print_edition_sharing_a_file_name_fail_the_build_naming_both(
        tmp_path: Path, nested: str, caplog: pytest.LogCaptureFixture) -> None:
    """A chapter is named after its page's file: `attack.md` and `extra/attack.md` both printed as
    `chapter-attack`, and the contents' link led to the wrong one."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    docs = tmp_path / "docs"
    for page in ("print.md", "attack.md", nested):
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        text = "# Print\n\n<!-- rulecheck-print -->\n" if page == "print.md" else f"# {page}\n\nText.\n"
        (docs / page).write_text(text, "utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: S\nsite_url: https://example.org/\ntheme: {name: mkdocs}\nplugins:\n  - rulecheck-print\n", "utf-8")
    with pytest.raises(Abort):
        build(load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site")))
    assert f"print edition: attack.md and {nested} would both be the chapter `attack`" in caplog.text
    (docs / nested).unlink()
    build(load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site")))  # one of them: built
    assert (tmp_path / "site" / "print" / "index.html").read_text("utf-8").count('id="chapter-attack"') == 1


@pytest.mark.parametrize(("plugin", "said"), [
    ("rulecheck-i18n-search: {authors_pages: [author.md]}", "`authors_pages` names no page of the site: `author.md`"),
    ("rulecheck-i18n-search: {authors_pages: [authors.md, notes/fields.md]}", "`notes/fields.md`"),
    ("rulecheck-i18n-search: {companion_pages: [index.md, cat.md]}", "`companion_pages` names no page of the site"),
    ("rulecheck-print: {exclude: [author.md]}", "`author.md` names no page of the site"),
    ("rulecheck-print: {page: ''}", "`` names no page of the site"),
    ("rulecheck-print: {page: impression.md}", "`impression.md` names no page"),
    ("rulecheck-web-app: {short_names: {de: Kampf}}", "`short_names` gives a name to `de`"),
])
def test_a_plugin_option_naming_nothing_fails_the_build_saying_so(
        tmp_path: Path, plugin: str, said: str, caplog: pytest.LogCaptureFixture) -> None:
    """`authors_pages: [author.md]` left the authors' page indexed in full for players, `exclude`
    with a typo printed the page, `page: ""` made the edition vanish: each built without a word."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, PluginError

    docs = tmp_path / "docs"
    docs.mkdir()
    for page in ("index.md", "authors.md", "print.md"):
        (docs / page).write_text(f"# {page}\n\n<!-- rulecheck-print -->\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: S\nsite_url: https://example.org/\ntheme: {{name: mkdocs}}\nplugins:\n  - {plugin}\n", "utf-8")
    with pytest.raises((Abort, PluginError)) as failed:
        build(load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site")))
    assert said in caplog.text + str(failed.value)


@pytest.mark.parametrize("value", ["[5, null]", "[{a: 1}]", "authors.md"])
def test_an_option_of_the_wrong_type_is_refused_when_the_configuration_is_read(tmp_path: Path, value: str) -> None:
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError

    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: S\nplugins:\n  - rulecheck-i18n-search: {{authors_pages: {value}}}\n", "utf-8")
    with pytest.raises((Abort, ConfigurationError)):
        load_config(str(tmp_path / "mkdocs.yml"))


@pytest.mark.parametrize("extensions", [
    "",  # no superfences at all
    "markdown_extensions:\n  - pymdownx.superfences\n",
    "markdown_extensions:\n  - pymdownx.superfences:\n      custom_fences: []\n",
    "markdown_extensions:\n  - pymdownx.superfences:\n      custom_fences:\n        - name: rulecheck\n"
    "          class: rulecheck\n          format: !!python/name:pymdownx.superfences.fence_code_format\n",
    "markdown_extensions:\n  - pymdownx.superfences:\n      custom_fences:\n        - name: rule-check\n"
    "          class: rulecheck\n          format: !!python/name:rulecheck.hosts.cards.format_fence\n",
])
def test_a_site_without_the_card_fence_is_told_the_setting_it_needs(
        tmp_path: Path, extensions: str, caplog: pytest.LogCaptureFixture) -> None:
    """Without the custom fence, Markdown read every example as plain code and the build blamed
    each one's indentation: the configuration is what is wrong, and the build says so once."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, PluginError

    from rulecheck.hosts.mkdocs_plugin import CARD_FENCE_SETTING
    from tests.hosts.run_hosts import fenced, parry_example

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(f"# P\n\n{fenced(parry_example())}", "utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: S\ntheme: {{name: mkdocs}}\nplugins:\n  - rulecheck\n{extensions}", "utf-8")
    with pytest.raises((Abort, PluginError)) as failed:
        build(load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site")))
    said = caplog.text + str(failed.value)
    assert CARD_FENCE_SETTING in said and "indented" not in said
    (tmp_path / "mkdocs.yml").write_text(  # the checks off: the examples are plain code, as asked
        f"site_name: S\ntheme: {{name: mkdocs}}\nplugins:\n  - rulecheck: {{enabled: false}}\n{extensions}", "utf-8")
    build(load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site")))


@pytest.mark.build
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_card_s_step_link_landing_on_no_element_fails_the_build_located(
        site_copy: Callable[..., Path], language: str) -> None:
    """The check reads the pages' headings as Markdown reads them, nearly: where they differ (a raw
    <div> run on from a list, a nineteenth hostile round), a card's step linked to an id no built
    page held, silently. The build now lands every step link on the pages MkDocs rendered."""
    site = site_copy(pages=("reactions", "attack"))
    page = site / "docs" / language / "attack.md"
    text = page.read_text("utf-8")
    heading = next(line for line in text.splitlines() if line.endswith("{ #attack-test }"))
    page.write_text(text.replace(heading, f"- a\n- b\n<div>\n{heading}\n</div>\n", 1), "utf-8")
    bad = mkdocs_build(site, quiet=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr, bad.stderr
    line = text.splitlines().index(heading) + 1 + 3  # where the heading now stands, under the list and <div>
    said = [row for row in bad.stderr.splitlines() if "id `attack-test`: no element" in row]
    assert len(said) == 1 and said[0].startswith(f"docs/{language}/attack.md:{line}: "), bad.stderr
    assert f"the first: docs/{language}/" in said[0] and "link(s) of cards lead to it" in said[0]
    other = "en" if language == "fr" else "fr"
    assert f"docs/{other}/" not in said[0]  # the other language's links land
    page.write_text(text, "utf-8")
    assert mkdocs_build(site).returncode == 0


@pytest.mark.build
@pytest.mark.parametrize(("taker", "anchor", "at"), [
    ("Term\n:   ## Aside { #dup }\n\nOther\n:   ## Again { #dup }", "dup", None),  # headings the check does not read
    # one page's two headings of one id: the check refuses them at the later one, since a 30th round
    ("## Twice { #twice }\n\n## Again { #twice }", "twice", 4),
    # raw HTML and a heading's made id, quoted any way (the check refuses these since the twenty-ninth
    # hostile round, and the build fails with its problem): at the raw HTML, which the heading does not name
    ('<span id="twice">a</span>\n\n## Twice', "twice", 2),
    ("## Setup\n\n<p id='setup'>Raw</p>", "setup", 4), ("## Setup\n\n<p class=x ID=setup>Raw</p>", "setup", 4),
])
def test_an_id_two_elements_of_a_built_page_hold_fails_the_build_located(
        site_copy: Callable[..., Path], taker: str, anchor: str, at: int | None) -> None:
    """Two elements of one built page holding an id sent links, and a battle map's pattern or label,
    to the first (a twenty-first hostile round: a heading took a map's wall pattern, and the map
    drew no wall). The build finds every id held twice in what Markdown made, whoever wrote it."""
    site = site_copy(pages=("reactions", "attack"))
    with added_to(site, "en/reactions.md", "\n" + taker + "\n") as (text, stderr):
        said = [row for row in stderr.splitlines()
                if f"elements of id `{anchor}`" in row or f"`{anchor}` is the id of an element written here" in row
                or f"heading id `{anchor}` is also written by the heading at line" in row]
        line = len(text.splitlines()) + at if at is not None else 1
        assert said and said[0].startswith(f"docs/en/reactions.md:{line}: "), stderr


@pytest.mark.build
@pytest.mark.parametrize(("heading", "anchor"), [
    ("## Chapter attack", "chapter-attack"), ("## Intro { #attack--attack-test }", "attack--attack-test"),
    ("## Contents { #print-contents }", "print-contents"), ("## Chapter reactions", "chapter-reactions"),
])
def test_a_preface_heading_taking_an_id_of_the_edition_fails_the_build_located(
        site_copy: Callable[..., Path], heading: str, anchor: str) -> None:
    """The print edition names its chapters ``chapter-<page>``, their headings ``<page>--<id>`` and
    its contents ``print-contents``: a heading of its preface taking one (a twenty-first hostile
    round) sent the contents entry and some thirty links, in the PDF too, to the preface."""
    site = site_copy(pages=("reactions", "attack"))
    with added_to(site, "en/print.md", "\n" + heading + "\n\nText.\n") as (text, stderr):
        line = len(text.splitlines()) + 2
        assert f"docs/en/print.md:{line}: the edition holds two elements of id `{anchor}`" in stderr, stderr


@contextmanager
def added_to(site: Path, page_name: str, addition: str) -> Iterator[tuple[str, str]]:
    """The page's text and the failed build's log, ``addition`` written at the page's end; the
    page as it was builds again after."""
    page = site / "docs" / page_name
    text = page.read_text("utf-8")
    page.write_text(text + addition, "utf-8")
    bad = mkdocs_build(site, quiet=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr, bad.stderr
    yield text, bad.stderr
    page.write_text(text, "utf-8")
    assert mkdocs_build(site).returncode == 0


@pytest.mark.build
@pytest.mark.parametrize("broken", [("fr", "en"), ("en",), ("fr",)])
def test_a_failing_build_says_every_language_s_problems_at_once(
        site_copy: Callable[..., Path], broken: tuple[str, ...]) -> None:
    """mkdocs-static-i18n builds the other languages from the end of the first one's build: a
    problem of the French build stopped it before the English one said its own (a twenty-first
    hostile round). Each language's build problems are said together, after the last language."""
    site = site_copy(pages=("reactions", "attack"))
    for language in broken:
        page = site / "docs" / language / "attack.md"
        text = page.read_text("utf-8")
        # a build's own problem, which the check does not see: two headings of one id in definitions
        page.write_text(text + "\nTerm\n:   ## Aside { #twice }\n\nOther\n:   ## Again { #twice }\n", "utf-8")
    bad = mkdocs_build(site, quiet=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr, bad.stderr
    said = sorted({row.split("/")[1] for row in bad.stderr.splitlines()
                   if row.startswith("docs/") and "elements of id `twice`" in row})
    assert said == sorted(broken), bad.stderr
    assert bad.stderr.count("ERROR   -  rulecheck:") == 1  # one failure, after the last language


@pytest.mark.build
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_card_s_step_link_to_an_id_two_built_pages_hold_fails_the_build_located(
        site_copy: Callable[..., Path], language: str) -> None:
    """A heading the check does not read as one (in a definition list, a nineteenth hostile round)
    may take an id cards link to on another page: both built pages held it, and a reader's link
    landed on one of them. The build now finds such an id in what Markdown made."""
    site = site_copy(pages=("reactions", "attack"))
    page = site / "docs" / language / "reactions.md"
    text = page.read_text("utf-8")
    page.write_text(text + "\nTerm\n:   ## Aside { #attack-test }\n", "utf-8")
    bad = mkdocs_build(site, quiet=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr, bad.stderr
    said = [row for row in bad.stderr.splitlines() if "holds that id too" in row]
    assert said and all(row.startswith(f"docs/{language}/") for row in said), bad.stderr
    assert f"`attack-test` on docs/{language}/attack.md, and docs/{language}/reactions.md holds" in said[0]
    page.write_text(text, "utf-8")
    assert mkdocs_build(site).returncode == 0


@pytest.mark.build
@pytest.mark.parametrize("hiding", ["none", "code span", "indented code"])
def test_an_id_only_quoted_in_code_lands_no_step_link(site_copy: Callable[..., Path], hiding: str) -> None:
    """MkDocs' own list of a page's ids counts an id an author quotes in code (`<span id="…">` in a
    code span or an indented block): step links to it passed the landing check, landing on nothing
    (a twentieth hostile round). The ids are now read in the HTML Markdown rendered."""
    site = site_copy(pages=("reactions", "attack"))
    page = site / "docs" / "en" / "attack.md"
    text = page.read_text("utf-8")
    heading = "## The attack roll { #attack-test }"
    # A raw block run on from a list, which the check reads apart, keeps the heading from Markdown.
    quoted = "- a\n- b\n<div>\n" + heading + "\n</div>\n\n" + {
        "none": "Text.", "code span": "Authors write `<span id=\"attack-test\">` to mark it.",
        "indented code": "    <span id=\"attack-test\"></span>\n"}[hiding]
    page.write_text(text.replace(heading, quoted, 1), "utf-8")
    bad = mkdocs_build(site, quiet=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr, bad.stderr
    assert "id `attack-test`: no element of the page built here holds it" in bad.stderr, bad.stderr


@pytest.mark.build
@pytest.mark.parametrize("taker", ["## [Ex brann sword hit](#attack-test)", "## Ex&#45;brann-sword-hit",
                                   '<div ID="ex-brann-sword-hit"></div>', "## Ex\u00a0brann sword hit"])
def test_an_element_taking_a_card_s_id_in_the_built_page_fails_the_build(
        site_copy: Callable[..., Path], taker: str) -> None:
    """A heading whose rendered text makes a card's id (a link in it, an entity), or a raw element
    whose ID is written in capitals, gave the page two elements of the card's id: the links to the
    card went to the first (a twentieth hostile round). The check reads the source; the build counts
    the ids of the page it made."""
    site = site_copy(pages=("reactions", "attack"))
    page = site / "docs" / "en" / "attack.md"
    page.write_text(page.read_text("utf-8") + f"\n{taker}\n\nText.\n", "utf-8")
    bad = mkdocs_build(site, quiet=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr, bad.stderr
    assert "ex-brann-sword-hit" in bad.stderr and "docs/en/attack.md:" in bad.stderr, bad.stderr


@pytest.mark.build
def test_a_page_outside_the_language_folders_fails_the_build_and_leaves_the_cards_their_links(
        site_copy: Callable[..., Path]) -> None:
    """A page in no language's folder is rendered by the French build too, which made the English
    anchors' index of its own pages: every English card lost its links, silently (a twentieth
    hostile round). Such a page is refused since (a twenty-second round: built in both languages
    with the cards of one, checked against no twin), located at the page."""
    site = site_copy(pages=("reactions", "attack"))
    (site / "docs" / "other.md").write_text("# Other\n\nPlain.\n", "utf-8")
    bad = mkdocs_build(site, quiet=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr, bad.stderr
    assert "docs/other.md:1: this page lies outside the language folders (fr/, en/)" in bad.stderr, bad.stderr
    (site / "docs" / "other.md").unlink()
    assert mkdocs_build(site).returncode == 0
    for built in ("en/attack.html", "attack.html", "en/reactions.html"):
        assert 'class="rc-rule" href=' in (site / "site" / built).read_text("utf-8"), built
        assert 'class="rc-cast__member" href=' in (site / "site" / built).read_text("utf-8"), built
