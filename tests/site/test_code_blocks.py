"""No text of a page turns into code by its indentation.

Inside a note or a tab, a line indented four spaces more than its neighbours becomes an indented
code block: the reader sees a grey box of monospace prose (and axe-core a scrollable region no
keyboard reaches). The site writes code only in fences and in the cards' folded examples, so every
``<pre>`` of the built site is one of those.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.site_tools import html_files

FENCE = '<div class="highlight">'  # pymdownx.highlight's fenced block, right before its <pre>
#: A card's folded YAML (rulecheck/hosts/cards.py, source_block).
#: Empty, pointing at its page's examples file, where the site keeps them there (example_sources).
CARD_EXAMPLE = re.compile(r'<pre class="rc-yaml" tabindex="0" data-copy="[^"<>]*" data-copied="[^"<>]*"'
                          r'( data-src="[^"<>]*")?>')
ANY_PRE = re.compile(r"<pre[ >]")


def stray_code_blocks(site: Path) -> list[str]:
    found = []
    for page in html_files(site):
        text = page.read_text("utf-8")
        allowed = {m.start() + len(FENCE) for m in re.finditer(re.escape(FENCE) + "<pre", text)}
        allowed |= {m.start() for m in CARD_EXAMPLE.finditer(text)}
        for match in ANY_PRE.finditer(text):
            if match.start() not in allowed:
                words = re.sub(r"<[^>]+>", "", text[match.start():match.start() + 200]).split()
                found.append(f"{page.relative_to(site)}: {' '.join(words[:10])}")
    return found


def test_the_check_finds_prose_indented_into_a_code_block(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('<div class="highlight"><pre><span></span><code>x</code></pre></div>'
                    '<pre class="rc-yaml" tabindex="0" data-copy="Copy" data-copied="Copied">id: a</pre>'
                    '<pre class="rc-yaml" tabindex="0" data-copy="C" data-copied="D" data-src="p.examples.js"></pre>'
                    '<div class="admonition"><pre id="__code_0"><code>Les règles disent</code></pre></div>', "utf-8")
    assert stray_code_blocks(tmp_path) == ["page.html: Les règles disent"]


@pytest.mark.build
def test_every_code_block_of_the_site_is_a_fence_or_a_card_s_example(offline_site: Path) -> None:
    assert stray_code_blocks(offline_site) == []
