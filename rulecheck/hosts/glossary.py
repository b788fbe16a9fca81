"""One glossary per language: its abbreviation lines become tooltips on the pages that use them.

A language's ``glossary.md`` holds Markdown abbreviation definitions (``*[PV]: Points de vie``),
read by the ``abbr`` extension. Each page of that language is given the definitions of the terms
it uses, so every page has the same tooltips from a single source.

Only the terms a page uses, each definition a block of its own: Python-Markdown reads a block of
n definition lines in time n² (each block processor searches the rest of the block again for each
line), so an outside tester's glossary of 3,000 abbreviations that no page used made every page
of its language take ten seconds or more to render (a build of 436 s). A page's terms are found in
one pass over its text (:func:`_terms_in`), where the ``abbr`` extension would match them; a term
the page does not use would change nothing on it (bench/README.md, "A glossary of many
abbreviations"). The glossary page's own block of definitions is split likewise
(:func:`separate_definitions`).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck.examples.abbreviations import ABBREVIATION as ABBREVIATION  # re-exported: the hosts' name
from rulecheck.examples.abbreviations import GLOSSARY as GLOSSARY
from rulecheck.examples.abbreviations import MAX_TERM_WORDS, term_of, term_words, within_bound
from rulecheck.examples.abbreviations import abbreviations as abbreviations
from rulecheck.examples.abbreviations import defines as _defines
from rulecheck.examples.pages import read_page
from rulecheck.examples.references import mask_code  # fences and code spans blanked, offsets kept

#: What the ``abbr`` extension's ``\b(?:term)\b`` tells apart: runs of word characters and runs of
#: other characters. The extension matches a term exactly where its runs are whole runs of the text,
#: in a row: a term that starts or ends with a word character starts or ends at a word's edge, and
#: one that starts or ends with another character needs a word character beside it.
_RUNS = re.compile(r"\w+|\W+")
#: A term of several words as a broken line may hold it: words, other marks, the spaces between words.
_PIECES = re.compile(r"\w+|[^\w\s]+|\s+")
#: What may stand between two words of a term the source broke: spaces, tabs, one line end at most.
_BREAK = re.compile(r"[ \t]*\n?[ \t]*")
_WORD = re.compile(r"\w")
#: Underscores that Markdown may read as emphasis (``__Def PHY__``): those at either end of a word.
#: Markdown drops them from the text the ``abbr`` extension reads, where they no longer join the
#: term to the underscores around it.
_EDGE_UNDERSCORES = re.compile(r"\b_+|_+\b")
#: The words Markdown writes itself into a page's text: the title an admonition or a details block
#: is given when it has none of its own (``!!! note`` → "Note").
_TITLED_BLOCK = re.compile(r"^[ \t>]*(?:!!!|\?\?\?\+?)[ \t]*([\w-]+)", re.MULTILINE)
#: A trie node's key for what ends there (no run, no piece is empty).
_END = ""

#: Runs (or pieces) to the next node; at :data:`_END`, what ends there.
Trie = dict[str, Any]


@dataclass(frozen=True)
class Glossary:
    """A glossary's definition lines and their terms, indexed to be found in one pass over a page."""

    definitions: tuple[tuple[str, str], ...] = ()  # (term, line), in the glossary's order
    terms: Trie = field(default_factory=dict)  # every term, by its runs
    broken: Trie = field(default_factory=dict)  # the terms of several words, by their pieces (_broken_index)

    def join_broken(self, markdown: str) -> str:
        """:func:`join_broken_abbreviations` with this glossary's terms."""
        return _join(markdown, self.broken)

    def with_used(self, markdown: str, pulled_in: Iterable[str] = ()) -> str:
        """``markdown`` with the definitions of the terms it uses put before it, those it does not
        hold already, each a block of its own; ``pulled_in``: texts that Markdown reads into the
        page (the files its snippets include), whose terms count too. Before the page's text, not
        after it: after a raw HTML block left open (``<div>`` and no ``</div>``), Markdown read them
        as that block's HTML and showed them as text, the tooltips lost."""
        used: set[str] = set()
        for text in [markdown, *pulled_in]:
            used |= terms_used(text, self.terms)
        present = set(markdown.split("\n"))
        lines = [line for term, line in self.definitions if term in used and line not in present]
        return "\n\n".join(lines) + "\n\n" + markdown if lines else markdown


def read_glossary(path: Path) -> Glossary:
    """The glossary at ``path``, read as any page is (a regular file, bounded, UTF-8): one that
    cannot be read gives no tooltips, and the check reports it at its own place, as a page."""
    try:
        return parse_glossary(read_page(path))
    except (OSError, UnicodeDecodeError):
        return Glossary()


@functools.lru_cache(maxsize=4)  # one glossary per language, parsed once a build, not once a page
def parse_glossary(text: str) -> Glossary:
    """A glossary page's definitions (:func:`abbreviations`) and its terms indexed by runs and pieces;
    a term of more than :data:`~rulecheck.examples.abbreviations.MAX_TERM_WORDS` words is left out
    (the check reports it at its line): each search of a page walks at most that many words from
    each place a term could begin, so finding the terms and joining the broken ones costs time
    linear in the page."""
    found = [line for line in abbreviations(text) if within_bound(line)]
    terms: Trie = {}
    for line in found:
        _insert(terms, _RUNS.findall(term_of(line)), term_of(line))
    return Glossary(tuple((term_of(line), line) for line in found), terms,
                    _broken_index([line[2:line.index("]:")] for line in found]))


def terms_used(text: str, terms: Trie) -> set[str]:
    """The terms of a glossary (:func:`parse_glossary`) that the ``abbr`` extension could match in
    the page ``text``: in its prose as written, and as Markdown gives it to the extension, without
    the underscores of an emphasis and with the titles it writes itself. A term matched nowhere
    changes nothing on the page. (Markdown's own placeholders for escapes and raw HTML, ``klzzwxh:3``,
    are not looked into: a term that matched inside one broke the page's HTML.)"""
    if not terms:
        return set()
    titles = " ".join(title.capitalize() for title in _TITLED_BLOCK.findall(text))
    found = _terms_in(text, terms) | _terms_in(titles, terms)
    if (unemphasized := _EDGE_UNDERSCORES.sub(" ", text)) != text:
        found |= _terms_in(unemphasized, terms)
    return found


def _terms_in(text: str, terms: Trie) -> set[str]:
    """The terms whose runs stand in a row among the runs of ``text``: from each run that begins a
    term, a walk down the terms' runs as far as the text's runs follow them. A term that begins or
    ends with a mark needs a word character before or after it: none is found at the very start
    or end of ``text``.

    Its cost: one pass over the runs to find where a term begins, then each walk as long as the
    text follows a term: at most the runs of the longest term, whose words are bounded
    (:data:`~rulecheck.examples.abbreviations.MAX_TERM_WORDS`, 2 × 12 + 1 runs), so linear in the
    text's runs whatever the page repeats."""
    runs = _RUNS.findall(text)
    found: set[str] = set()
    for start in [index for index, run in enumerate(runs) if run in terms]:
        if start == 0 and not _WORD.match(runs[0]):
            continue
        node = terms
        for at in range(start, len(runs)):
            if (step := node.get(runs[at])) is None:
                break
            node = step
            if _END in node and (at + 1 < len(runs) or _WORD.match(runs[at])):
                found.add(node[_END])
    return found


def separate_definitions(markdown: str) -> str:
    """``markdown`` with each line of a block of abbreviation definitions (a glossary's) made a block
    of its own, a blank line between two of them: the same definitions, which Python-Markdown reads
    in time linear in their number, where it takes time n² for one block of n (a glossary page of
    3,000 definitions took 22 s to render). Only a block that starts at a blank line, outside code:
    no list item or quote goes on into it."""
    if "*[" not in markdown:
        return markdown
    lines, prose = markdown.split("\n"), mask_code(markdown).split("\n")
    separated: list[str] = []
    in_block = False  # whether the line before is a definition of such a block
    for line, masked, before in zip(lines, prose, ["", *lines], strict=False):
        defines = (masked.startswith("*[") and ABBREVIATION.fullmatch(line) is not None and _defines(line)
                   and (in_block or not before.strip()))
        if defines and in_block:
            separated.append("")
        separated.append(line)
        in_block = defines
    return "\n".join(separated)


def join_broken_abbreviations(markdown: str, terms: Iterable[str]) -> str:
    """``Def\\n  PHY`` → ``Def PHY`` in prose (never in code) for each term of several words: the
    ``abbr`` extension matches a term's exact text, so a term broken by a line end had no tooltip.

    Where two terms could be joined at one place, the first in ``terms`` is; a join never
    overlaps another. A term that starts or ends with a mark rather than a letter (``(Def PHY``) is
    never joined: the ``abbr`` extension needs a word character beside such a term, which the
    joining would not allow, so joined it would have no tooltip either."""
    return _join(markdown, _broken_index(terms))


def _broken_index(terms: Iterable[str]) -> Trie:
    """The terms of several words by their pieces (:data:`_PIECES`, one space between two words),
    each with its rank in ``terms`` (the first of equal terms kept); none of more than
    :data:`~rulecheck.examples.abbreviations.MAX_TERM_WORDS` words, so a walk is bounded."""
    index: Trie = {}
    for rank, term in enumerate(terms):
        words = term.split()
        joined = " ".join(words)
        bounded = term_words(joined) <= MAX_TERM_WORDS
        if len(words) > 1 and bounded and _WORD.match(joined[0]) and _WORD.match(joined[-1]):
            _insert(index, _PIECES.findall(joined), rank)
    return index


def _join(markdown: str, broken: Trie) -> str:
    """``markdown`` with each place a term of ``broken`` stands broken (:data:`_BREAK` between two
    words, in prose, with neither a word character nor a hyphen on either side) joined with single
    spaces. The places are found as :func:`_terms_in` finds terms, over the pieces of the prose,
    then taken from the left, the first term in rank where several begin at one place, as one
    regular expression of every term would match them."""
    if not broken:
        return markdown
    prose = mask_code(markdown)  # code is blank: the same offsets, no piece of it a word
    pieces = _PIECES.findall(prose)
    ends = list(itertools.accumulate(map(len, pieces)))

    def key(index: int) -> str:  # a break as the source may hold one (blanked code in it is none)
        piece: str = pieces[index]
        if not piece.isspace():
            return piece
        return " " if _BREAK.fullmatch(markdown, ends[index] - len(piece), ends[index]) else "\n\n"

    places: list[tuple[int, int, int]] = []  # (start, rank, end)
    for first in [index for index, piece in enumerate(pieces) if piece in broken]:
        start = ends[first] - len(pieces[first])
        node = broken
        for at in range(first, len(pieces)):
            if (step := node.get(key(at))) is None:
                break
            node, end = step, ends[at]
            if _END in node and prose[start - 1:start] != "-" and prose[end:end + 1] != "-":
                places.append((start, node[_END], end))
    joined, last = [], 0
    for start, _, end in sorted(places):
        if start >= last:
            joined += [markdown[last:start], " ".join(prose[start:end].split())]
            last = end
    joined.append(markdown[last:])
    return "".join(joined)


def _insert(trie: Trie, keys: list[str], value: Any) -> None:
    node = trie
    for key in keys:
        node = node.setdefault(key, {})
    node.setdefault(_END, value)
