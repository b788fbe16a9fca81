"""A glossary's abbreviation lines (``*[PV]: Points de vie``), and the bound on a term's length.

Each language's ``glossary.md`` gives the pages their tooltips (:mod:`rulecheck.hosts.glossary`):
the build finds, in one pass over a page's runs, where each term stands, walking from each place a
term could begin as far as the text follows it. That walk is as long as the term, so a term of many
words (an outside tester's ``*[a a a … a b]``, 1,000 words, against a page repeating ``a``) cost
the term's words times the page's words: a build of over a minute. A term holds at most
:data:`MAX_TERM_WORDS` words (the site's longest has 2), so the walk is bounded and the search
linear in the page; a longer one is a located error at its definition, and the build gives it no
tooltip.

A definition is bounded too: the ``abbr`` extension writes it out as the ``title`` of every place a
page uses its term, and the build gives each page of the language the definitions it uses, so a
definition of 100 kB used ten times on each of 21 pages added 21 MB to the site (its size, the
definition's times its uses times the pages). A definition holds at most
:data:`MAX_DEFINITION_CHARS` characters (the site's longest some 80); a longer one is a located
error at its definition, and gives no tooltip either.
"""

from __future__ import annotations

import re

from rulecheck.errors import Problem, shortened
from rulecheck.examples.capped import Capped
from rulecheck.examples.line_index import LineIndex

#: A definition line as the ``abbr`` extension reads one: ``*[term]: title``, at the margin.
ABBREVIATION = re.compile(r"^\*\[[^\]\n]+\]:[^\n]*$", re.MULTILINE)
#: The page of each language folder whose definitions every page of that language is given.
GLOSSARY = "glossary.md"
#: The most runs of word characters (``\w+``: ``Def PHY`` has 2, ``d20`` 1) a glossary term may hold.
MAX_TERM_WORDS = 12
#: The most characters a definition (the tooltip, what follows ``]:``) may hold: as many as a title
#: (:data:`~rulecheck.examples.titles.MAX_TITLE_CHARS`), some four lines of a tooltip.
MAX_DEFINITION_CHARS = 300
_WORDS = re.compile(r"\w+")


def abbreviations(text: str) -> list[str]:
    """The abbreviation definition lines of a glossary page: those the ``abbr`` extension reads as a
    definition on their own (a term without a backslash, and a title)."""
    return [line for line in ABBREVIATION.findall(text) if defines(line)]


def defines(line: str) -> bool:
    """Whether a line matching :data:`ABBREVIATION` defines a term (the ``abbr`` extension's test)."""
    term, title = line[2:line.index("]:")], line[line.index("]:") + 2:]
    return bool(term.strip()) and "\\" not in term and bool(title.strip())


def term_of(line: str) -> str:
    """The term of a definition line as the ``abbr`` extension keys it: without its edge spaces."""
    return line[2:line.index("]:")].strip()


def term_words(term: str) -> int:
    """How many runs of word characters ``term`` holds (what :data:`MAX_TERM_WORDS` bounds)."""
    return sum(1 for _ in _WORDS.finditer(term))


def definition_of(line: str) -> str:
    """The definition of a definition line, as the ``abbr`` extension writes it into a ``title``."""
    return line[line.index("]:") + 2:].strip()


def within_bound(line: str) -> bool:
    """Whether a definition line's term holds at most :data:`MAX_TERM_WORDS` words and its
    definition at most :data:`MAX_DEFINITION_CHARS` characters."""
    return term_words(term_of(line)) <= MAX_TERM_WORDS and len(definition_of(line)) <= MAX_DEFINITION_CHARS


def check_glossary(path: str, text: str) -> list[Problem]:
    """A located problem for each definition of a glossary page whose term is too long to look for,
    and each whose definition is too long to copy into every place a page uses its term."""
    problems = Capped()  # a definition a problem: a few of each kind listed, the rest summed up
    lines: LineIndex | None = None
    for match in ABBREVIATION.finditer(text):
        line = match.group()
        if not defines(line):
            continue
        if "{{" in definition_of(line):
            lines = lines or LineIndex(text)
            col = line.index("{{") + 1
            problems.add(Problem(path=path, line=lines.line(match.start()), col=col, kind="reference", message=(
                f"a prose reference in the definition of the glossary term `{shortened(term_of(line), 60)}`: the "
                "definition is copied into every page that uses the term, where no example of the glossary is, "
                "so it would show as written. Hint: write the value itself")), "reference")
        if within_bound(line):
            continue
        lines = lines or LineIndex(text)
        term = term_of(line)
        shown = shortened(term, 60)
        if (words := term_words(term)) > MAX_TERM_WORDS:
            problems.add(Problem(path=path, line=lines.line(match.start()), col=3, message=(
                f"the glossary term `{shown}` holds {words:,} words, and a term holds at most "
                f"{MAX_TERM_WORDS}: the pages would have to be searched for it at a cost that grows with its "
                "length, so it gives no tooltip. Hint: define an abbreviation or a short phrase")), "term")
        if (length := len(definition_of(line))) > MAX_DEFINITION_CHARS:
            col = len(line) - len(line[line.index("]:") + 2:].lstrip()) + 1  # where the definition starts
            problems.add(Problem(path=path, line=lines.line(match.start()), col=col, message=(
                f"the definition of the glossary term `{shown}` holds {length:,} characters, and a definition "
                f"holds at most {MAX_DEFINITION_CHARS}: it is copied into every place a page uses the term, so it "
                "gives no tooltip. Hint: shorten it, and say the rest in the glossary's text")), "definition")
    return problems.problems
