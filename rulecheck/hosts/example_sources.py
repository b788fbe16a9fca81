"""A page's folded examples in a file of their own, loaded when a reader first opens one.

Every card ends with its example's raw YAML, folded (``cards.source_block``): on a rules page
that is some 1 to 1.4 KB of the page's gzipped bytes that a player rarely opens, and what pushed
the reactions, turn and opportunity pages past the 14.6 KB a phone's connection brings in its first
round trip, a round trip more before their first paint than the same pages without cards
(``bench/README.md``, "The page within a phone's first round trip"). With ``sources_in_files``,
the plugin writes each checked card's folded block empty, pointing at its page's examples file,
``<page>.examples.js`` next to the page, which the reader's script loads the first time a reader
opens one (``overrides/assets/javascripts/reader.js``) and which the service worker keeps offline
with every other file. A script rather than JSON: ``file://`` pages may load a script, not fetch
a file. The file calls ``rulecheckExamples`` with the examples' text by id, as written.

Only the project's own markup is lifted: the folded block of a card the check rendered for this
page, found as the exact string the card holds; a block written any other way stays as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import PurePosixPath
from urllib.parse import quote

from rulecheck.examples import render
from rulecheck.examples.as_text import html_text, plain_text

#: A card's folded example as ``cards.source_block`` writes it: its opening tag (group 1) and its
#: escaped text (group 2), which holds no ``<``.
FOLDED = re.compile(r'(<pre class="rc-yaml"[^<>]*)>([^<]*)</pre>')
#: A checked card's example id, in its opening tag.
EXAMPLE_ID = re.compile(r'<div class="rc-card[^"<>]*" id="[^"<>]*" data-example="([^"<>]*)">')
#: What the examples file calls, defined by the reader's script.
CALLBACK = "rulecheckExamples"
SUFFIX = ".examples.js"


def sources_file(page_dest: str) -> str:
    """The examples file of the page written at ``page_dest`` (a path in the site): next to it."""
    path = PurePosixPath(page_dest)
    return str(path.with_name(path.stem + SUFFIX))


def lifted(html: str, cards: Iterable[str], page_dest: str) -> tuple[str, dict[str, str]]:
    """``html`` with the folded example of each of ``cards`` it holds written empty, pointing at the
    page's examples file, and those examples' text by id (a card the page does not hold, or an
    error card, which has no example id, is left alone)."""
    src = html_text(quote(PurePosixPath(sources_file(page_dest)).name))
    wanted: dict[str, tuple[str, str]] = {}  # a card's folded block as written → its example's id and text
    for card in cards:
        example = EXAMPLE_ID.match(card)
        folded = FOLDED.search(card)
        if example is not None and folded is not None:
            wanted.setdefault(folded.group(0), (plain_text(example.group(1)), plain_text(folded.group(2))))
    sources: dict[str, str] = {}

    def emptied(block: re.Match[str]) -> str:
        if block.group(0) not in wanted:
            return block.group(0)
        example_id, text = wanted[block.group(0)]
        sources[example_id] = text
        return f'{block.group(1)} data-src="{src}"></pre>'

    # One pass over the page: a search and a replace of the whole page per card took time in cards × page.
    return FOLDED.sub(emptied, html), sources


def script(sources: dict[str, str]) -> str:
    """The examples file's text: one call, the same bytes for the same examples (builds are
    reproducible). JSON is a JavaScript expression; ``<`` escaped all the same, should a page
    ever inline the file."""
    data = json.dumps(sources, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("<", "\\u003c")
    return f"{CALLBACK}({data});\n"


def stylesheet(languages: Iterable[str]) -> str:
    """What an opened block says, in the page's language, while it is empty and not loading: no
    script ran, or its file did not load (``reader.js`` marks a block that is loading). How it
    says it is the packaged stylesheet's."""
    rules = []
    for language in languages:
        words = render.word("source_unloaded", language).replace("\\", "\\\\").replace('"', '\\"')
        rules.append(f'.md-typeset .rc-source pre.rc-yaml[data-src]:empty:not(.rc-yaml--loading):lang({language})'
                     f'::before {{ content: "{words}"; }}')
    return "/* a card's folded example not loaded (rulecheck.hosts.example_sources) */\n" + "\n".join(rules) + "\n"
