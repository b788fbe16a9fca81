"""What every built page spends its bytes on: a phone fetches each page whole before it paints
it, and a page within a server's first 14,600 bytes arrives in one round trip (bench/README.md,
"Lighthouse on phones"). The reader's script is one cached file, not a copy in every page, and
no page carries its templates' indentation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.hosts.test_indentation import KEPT
from tests.site.site_tools import html_files

READER = "assets/javascripts/reader.js"
#: Text between tags, outside the elements that keep their blanks, that starts a line indented.
_TAG = re.compile(r"<[^<>]*>")


def indented_lines(page: str) -> list[str]:
    kept = "|".join(sorted(KEPT))
    text = re.sub(rf"<({kept})\b[^<>]*>.*?</\1\s*>", "\x00", page, flags=re.S | re.I)  # kept: a mark
    return [line for piece in _TAG.split(text) for line in piece.split("\n")[1:] if line[:1] in (" ", "\t")]


def test_the_check_sees_an_indented_line_and_not_code() -> None:
    assert indented_lines("<p>\n    Esquive</p>") == ["    Esquive"]
    assert indented_lines("<pre>\n    code</pre><script>\n  x</script><a\n   href='y'>z</a>") == []


@pytest.mark.build
def test_every_page_loads_the_reader_s_script_once_and_is_unindented(offline_site: Path) -> None:
    pages = html_files(offline_site)
    assert {"404.html", "en/404.html", "reactions.html", "en/reactions.html"} <= {
        p.relative_to(offline_site).as_posix() for p in pages}
    script = (offline_site / READER).read_text("utf-8")
    assert "rc-copy" in script and "keepPlace" in script
    for page in pages:
        markup = page.read_text("utf-8")
        shown = page.relative_to(offline_site).as_posix()
        depth = shown.count("/")
        assert markup.count(f'src="{"../" * depth}{READER}"') == 1, shown
        assert "keepPlace" not in markup and "rc-copy" not in markup.split("<body", 1)[1].split("<article")[0], shown
        assert indented_lines(markup) == [], shown
