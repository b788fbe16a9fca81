"""A glossary term's length is bounded, so finding the terms a page uses and joining the broken
ones is linear in the page, whatever the term repeats and the page repeats. An outside tester's
term of 1,000 words against a page repeating its first word walked the whole term from every word
of the page (a build of 72 s); a term of more than MAX_TERM_WORDS words is now a located error at
its definition and gives no tooltip. The tests count the steps of the walks, not seconds
(`bench/bench_glossary_terms.py` times it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulecheck.examples.abbreviations import (
    MAX_DEFINITION_CHARS,
    MAX_TERM_WORDS,
    check_glossary,
    definition_of,
    term_words,
)
from rulecheck.examples.check import check_paths
from rulecheck.hosts import glossary as glossary_module
from rulecheck.hosts.glossary import parse_glossary, terms_used


class Steps(dict[str, Any]):
    """A trie node that counts the steps taken from it (every look-up, for all nodes)."""

    taken = 0

    def get(self, key: str, default: Any = None) -> Any:
        Steps.taken += 1
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        Steps.taken += 1
        return super().__contains__(key)


def counted(trie: dict[str, Any]) -> Steps:
    Steps.taken = 0
    return Steps({key: counted(value) if isinstance(value, dict) else value for key, value in trie.items()})


#: A term of ``n`` words made of one repeated word, and a page repeating that word (how each is written).
SHAPES = {
    "spaces": (lambda n: " ".join(["a"] * (n - 1) + ["b"]), "a "),
    "hyphens": (lambda n: "-".join(["a"] * (n - 1) + ["b"]), "a-"),
    "marks": (lambda n: ", ".join(["Def PHY"] * (n // 2 - 1) + ["Def MAG"]), "Def PHY, "),
    "broken lines": (lambda n: " ".join(["a"] * (n - 1) + ["b"]), "a\n"),
}


def glossary(term: str) -> str:
    return f"# Glossary\n\n*[HP]: Hit points\n*[{term}]: a trap\n"


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("words", [MAX_TERM_WORDS, MAX_TERM_WORDS + 2, 200, 1000])
def test_finding_and_joining_terms_takes_steps_linear_in_the_page(shape: str, words: int) -> None:
    make_term, repeated = SHAPES[shape]
    term = make_term(words)
    page = "# Page\n\nHP. " + repeated * 5000 + "\n"
    parsed = parse_glossary(glossary(term))
    within = term_words(term) <= MAX_TERM_WORDS
    assert (term in {t for t, _ in parsed.definitions}) == within  # a longer term gives no tooltip
    runs = len(glossary_module._RUNS.findall(page))
    trie = counted(parsed.terms)
    assert terms_used(page, trie) == {"HP"}
    assert Steps.taken <= (2 * MAX_TERM_WORDS + 3) * runs  # was the term's runs for each word of the page
    pieces = len(glossary_module._PIECES.findall(page))
    broken = counted(parsed.broken)
    assert glossary_module._join(page, broken) == page
    assert Steps.taken <= (2 * MAX_TERM_WORDS + 3) * pieces


@pytest.mark.parametrize(("term", "refused"), [
    ("Def PHY", False),
    (" ".join(["w"] * MAX_TERM_WORDS), False),
    (" ".join(["w"] * (MAX_TERM_WORDS + 1)), True),
    ("-".join(["w"] * (MAX_TERM_WORDS + 1)), True),  # one word to `split`, many to the matcher
    ("_".join(["w"] * 500), False),  # underscores join: one run of word characters
    (" ".join(["é"] * 1000), True),
])
def test_a_term_over_the_bound_is_a_located_error_at_its_definition(term: str, refused: bool) -> None:
    problems = check_glossary("docs/en/glossary.md", glossary(term))
    assert [(p.line, p.col) for p in problems] == ([(4, 3)] if refused else [])
    if refused:
        assert f"at most {MAX_TERM_WORDS}" in problems[0].message and len(problems[0].message) < 400


def test_the_site_s_longest_term_is_far_under_the_bound() -> None:
    root = Path(__file__).resolve().parents[2]
    for language in ("fr", "en"):
        text = (root / "docs" / language / "glossary.md").read_text("utf-8")
        terms = [term for term, _ in parse_glossary(text).definitions]
        assert terms and max(map(term_words, terms)) * 4 <= MAX_TERM_WORDS


def test_the_check_reports_a_long_term_on_a_language_s_glossary_only(tmp_path: Path) -> None:
    long_term = " ".join(["a"] * 1000 + ["b"])
    for language in ("en", "fr"):
        (tmp_path / "docs" / language).mkdir(parents=True)
        (tmp_path / "docs" / language / "glossary.md").write_text(glossary(long_term), "utf-8")
        (tmp_path / "docs" / language / "notes.md").write_text(glossary(long_term), "utf-8")  # not a glossary
    report = check_paths([tmp_path / "docs"], tmp_path)
    assert sorted(p.located()[:27] for p in report.all_problems) == [
        "docs/en/glossary.md:4:3: th", "docs/fr/glossary.md:4:3: th"]


#: Definitions as a hostile glossary may write them: plain, multibyte, one long word, spaced out.
DEFINITIONS = {
    "ascii": lambda n: "x" * n,
    "accents": lambda n: "é" * n,
    "astral": lambda n: "\U0001f5e1" * n,
    "words": lambda n: ("ab " * n)[:n - 1] + "c",
}


@pytest.mark.parametrize("shape", DEFINITIONS)
@pytest.mark.parametrize(("length", "refused"), [
    (MAX_DEFINITION_CHARS, False), (MAX_DEFINITION_CHARS + 1, True), (100_000, True)])
@pytest.mark.parametrize("spaces", ["", "   ", "\t"])
def test_a_definition_over_the_bound_is_a_located_error_and_gives_no_tooltip(
        shape: str, length: int, refused: bool, spaces: str) -> None:
    definition = DEFINITIONS[shape](length)
    assert len(definition) == length
    text = f"# Glossary\n\n*[HP]: Hit points\n*[PV]:{spaces}{definition}{spaces}\n"
    problems = check_glossary("docs/fr/glossary.md", text)
    assert [(p.line, p.col) for p in problems] == ([(4, 7 + len(spaces))] if refused else [])
    if refused:
        assert f"at most {MAX_DEFINITION_CHARS}" in problems[0].message and len(problems[0].message) < 400
        assert f"{length:,} characters" in problems[0].message
    terms = {term for term, _ in parse_glossary(text).definitions}
    assert terms == ({"HP"} if refused else {"HP", "PV"})


@pytest.mark.parametrize("uses", [1, 100, 10_000])
def test_what_the_tooltips_add_to_a_page_is_bounded_by_the_definitions_bound(uses: int) -> None:
    """The build gives a page only definitions within the bound, once each, whatever the page
    uses them and however long the glossary's definitions are: the page grows by at most the bound
    for each term it uses."""
    long = "y" * 100_000
    text = f"*[HP]: {'h' * MAX_DEFINITION_CHARS}\n*[PV]: {long}\n*[Def PHY]: {long}\n"
    page = "# Page\n\n" + "HP PV Def PHY. " * uses + "\n"
    given = parse_glossary(text).with_used(page)
    assert given.endswith(page)
    assert long not in given
    assert len(given) - len(page) <= MAX_DEFINITION_CHARS + 20


def test_the_check_reports_a_long_definition_on_each_language_s_glossary(tmp_path: Path) -> None:
    for language, term in (("en", "HP"), ("fr", "PV")):
        (tmp_path / "docs" / language).mkdir(parents=True)
        (tmp_path / "docs" / language / "glossary.md").write_text(
            f"# G\n\n*[{term}]: {'z' * 100_000}\n", "utf-8")
    report = check_paths([tmp_path / "docs"], tmp_path)
    assert sorted(p.located()[:25] for p in report.all_problems) == [
        "docs/en/glossary.md:3:8: ", "docs/fr/glossary.md:3:8: "]


def test_the_site_s_longest_definition_is_far_under_its_bound() -> None:
    root = Path(__file__).resolve().parents[2]
    for language in ("fr", "en"):
        text = (root / "docs" / language / "glossary.md").read_text("utf-8")
        lines = [line for _, line in parse_glossary(text).definitions]
        assert lines and max(len(definition_of(line)) for line in lines) * 2 <= MAX_DEFINITION_CHARS
