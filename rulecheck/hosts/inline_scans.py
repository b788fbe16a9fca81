"""A page whose text would take Python-Markdown time the square of its size: a located problem.

Python-Markdown looks for the end of a link's text, a link's address, an HTML tag and a code span
by reading on from each ``[``, ``(``, ``<`` and run of backticks to what closes it (for a code
span, the next run of as many backticks), and when nothing closes it, to the end of the paragraph:
a paragraph of 20,000 ``[`` took 40 s to build, 4,000 unclosed ``<a `` 1 s, runs of 1 to 2,400
backticks 233 s, and a page may hold 10 MB. :func:`scanned` counts, for each paragraph (lines between blank
lines, after snippets are included and fenced code is set aside), the characters those reads go
over: from each opener to its closer (brackets and parentheses matched as nested pairs, ``<`` to
the next ``>``), or to the paragraph's end. A page over :data:`MAX_SCANNED` is not given to
Markdown: :class:`InlineScanGuardExtension` gives it what its ``too_costly`` callback returns (the
plugin's banner), and the build fails once every page is rendered. The site's pages count at most
39,501 (their code spans' backticks included).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

#: Characters a page's paragraphs may make Markdown read, in all: some 1,700 times the site's
#: costliest page, and some two seconds of Markdown's time at worst (bench/README.md).
MAX_SCANNED = 10_000_000
#: Inline items times their paragraph's length, in all, a page may give Markdown: its inline stage
#: rebuilds the rest of a paragraph for each item it replaces (an escape, an entity, a tag, an
#: emphasis or a code span's backticks), so a paragraph costs its items times its length: 40,000
#: ``\.`` took 4.5 s, 80,000 44 s. Some 4,000 times the site's costliest page (450,000), and some
#: second of Markdown's time at worst (bench/README.md).
MAX_INLINE_WORK = 2_000_000_000
#: What Markdown's inline stage replaces one at a time.
_INLINE_ITEMS = re.compile(r"\\[!-/:-@\[-`{-~]|&#?\w+;|<[A-Za-z/!?][^<>]*>|\*+|_+|`+")
#: What opens or closes a read: an HTML tag opens only where a letter, ``/``, ``!`` or ``?`` follows
#: its ``<`` (``HP < 5`` is text to Markdown's reading of HTML).
_MARKS = re.compile(r"[\[\]()>]|<(?=[A-Za-z/!?])|`+")


def scanned(paragraph: str) -> int:
    """The characters Markdown reads on from the openers of one paragraph to their closers (or to
    the paragraph's end, for an opener nothing closes)."""
    total = 0
    open_at: dict[str, list[int]] = {"[": [], "(": []}
    tags: list[int] = []  # each ``<`` not yet followed by a ``>``
    ticks: dict[int, int] = {}  # where each run of backticks of a length opened a code span not yet closed
    for mark in _MARKS.finditer(paragraph):
        char, at = mark.group(), mark.start()
        if char[0] == "`":  # a code span's run reads on to the next run of its very length
            if (opened := ticks.pop(len(char), None)) is not None:
                total += at - opened
            else:
                ticks[len(char)] = at
        elif char in open_at:
            open_at[char].append(at)
        elif char == "<":
            tags.append(at)
        elif char == ">":
            total += sum(at - start for start in tags)
            tags.clear()
        else:
            opener = "[" if char == "]" else "("
            if open_at[opener]:
                total += at - open_at[opener].pop()
    end = len(paragraph)
    return total + sum(end - start for starts in (*open_at.values(), tags, ticks.values()) for start in starts)


def inline_work(paragraph: str) -> int:
    """The inline items of one paragraph times its length: what Markdown's inline stage costs it."""
    return len(_INLINE_ITEMS.findall(paragraph)) * len(paragraph)


def costliest(lines: list[str], measure: Callable[[str], int] = scanned) -> tuple[int, int]:
    """What ``measure`` (:func:`scanned`, or :func:`inline_work`) counts for the whole page of
    ``lines``, and the 0-based index of the first line of its costliest paragraph."""
    total, worst, worst_at, start = 0, -1, 0, 0
    for index in range(len(lines) + 1):
        if index == len(lines) or not lines[index].strip():
            if index > start:
                cost = measure("\n".join(lines[start:index]))
                total += cost
                if cost > worst:
                    worst, worst_at = cost, start
            start = index + 1
    return total, worst_at


#: Headings a page may hold: Material's search looks each one's section up among all of them
#: (40,000 headings took 98 s to build); the site's longest page holds about a hundred.
MAX_HEADINGS = 2_000
#: A heading at any depth (inside a tab, a list or a quote), a setext underline, an HTML heading: an
#: upper bound, since a rule or a code line may read as one.
_HEADING = re.compile(r"^[ \t>]*#{1,6}(?:[ \t]|$)|^[ \t>]*(?:=+|-+)[ \t]*$|<h[1-6][\s>]",
                      re.MULTILINE | re.IGNORECASE)
#: What MkDocs' reading of a page's HTML reads on from to its closer: a comment, a processing
#: instruction, a declaration (each reads to the end of the page when nothing closes it: 80,000
#: unclosed ``<!--`` took 94 s).
_MARKUP_OPENERS = re.compile(r"<!--|<\?|<!")


def markup_scanned(text: str) -> int:
    """The characters MkDocs' HTML reading goes over from each comment, instruction or declaration
    opener to what closes it (``-->``, else ``>``), or to the end of the page."""
    ends = {closer: [m.end() for m in re.finditer(closer, text)] for closer in ("-->", ">")}
    total = 0
    for opener in _MARKUP_OPENERS.finditer(text):
        comment = opener.group() == "<!--"
        closers = ends["-->" if comment else ">"]
        index = bisect_left(closers, opener.end() + (2 if comment else 0))
        total += (closers[index] if index < len(closers) else len(text)) - opener.start()
    return total


#: Elements HTML never closes: no reader of the built page waits for their end tag.
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                   "source", "track", "wbr"})
#: A start or end tag of an element, its name; a start tag ending ``/>`` closes itself.
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^<>]*?(/?)>")


def unclosed_scanned(text: str) -> tuple[int, int]:
    """The characters the readers of the built page go over past the elements of ``text``'s raw
    HTML that no end tag closes, and the offset of the first of them. Material's search keeps each
    unclosed element and looks every later tag and piece of text up among them, and the plugin's
    own readings of a built page (a ``<pre>``, an ``<h2>`` to its end tag) read on from one to the
    page's end: 20,000 paragraphs of ``x <b>`` (160 kB) took 3 minutes to build, the same of
    ``x <pre>`` with 1 MB of text 6 (a twenty-first hostile round). Each unclosed element counts
    the rest of the page; a tag in a code span counts too, an upper bound."""
    opened: dict[str, list[int]] = {}
    for tag in _TAG.finditer(text):
        closing, name, self_closed = tag.group(1), tag.group(2).lower(), tag.group(3)
        if name in _VOID or self_closed:
            continue
        if not closing:
            opened.setdefault(name, []).append(tag.start())
        elif opened.get(name):
            opened[name].pop()
    starts = [start for found in opened.values() for start in found]
    return sum(len(text) - start for start in starts), min(starts, default=0)


def heading_lines(lines: list[str]) -> int:
    """How many headings ``lines`` hold (ATX, setext underlines and HTML heading tags), about."""
    return len(_HEADING.findall("\n".join(lines)))


class _InlineScanGuard(Preprocessor):  # type: ignore[misc]
    def __init__(self, md: Markdown, too_costly: Callable[[str, int, str], str]) -> None:
        super().__init__(md)
        self.too_costly = too_costly

    def run(self, lines: list[str]) -> list[str]:
        total, at = costliest(lines)
        if total > MAX_SCANNED:
            return [self.md.htmlStash.store(self.too_costly("scanned", total, lines[at]))]
        total, at = costliest(lines, inline_work)
        if total > MAX_INLINE_WORK:
            return [self.md.htmlStash.store(self.too_costly("inline", total, lines[at]))]
        text = "\n".join(lines)
        if (total := markup_scanned(text)) > MAX_SCANNED:
            return [self.md.htmlStash.store(self.too_costly("markup", total, lines[0] if lines else ""))]
        if (found := unclosed_scanned(text))[0] > MAX_SCANNED:
            line = lines[text.count("\n", 0, found[1])]
            return [self.md.htmlStash.store(self.too_costly("unclosed", found[0], line))]
        if (total := heading_lines(lines)) > MAX_HEADINGS:
            past = next(m for n, m in enumerate(_HEADING.finditer(text)) if n == MAX_HEADINGS)  # located there
            line = lines[text.count("\n", 0, past.start())]
            return [self.md.htmlStash.store(self.too_costly("headings", total, line))]
        return lines


class InlineScanGuardExtension(Extension):  # type: ignore[misc]
    """Gives Markdown, in place of a page over :data:`MAX_SCANNED` or :data:`MAX_INLINE_WORK`,
    ``too_costly("scanned" or "inline", counted, first line of its costliest paragraph)``: after
    snippets are included and fenced code set aside (priorities 32 and 25), before Markdown reads
    HTML blocks (20), whose reading is one of those that go on to a paragraph's end."""

    def __init__(self, too_costly: Callable[[str, int, str], str]) -> None:
        super().__init__()
        self.too_costly = too_costly

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_InlineScanGuard(md, self.too_costly), "rulecheck_inline_scans", 24)
