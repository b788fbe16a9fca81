"""A page's folded examples in a file of their own (:mod:`rulecheck.hosts.example_sources`): each
card's text gets there as written, whatever it holds, and nothing else on the page moves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mkdocs.exceptions import Abort

from rulecheck.examples.as_text import html_text
from rulecheck.examples.check import check_paths
from rulecheck.hosts import cards, example_sources
from rulecheck.hosts.example_sources import lifted, script, sources_file, stylesheet
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, fenced, mkdocs_build, parry_example

ROOT = Path(__file__).resolve().parents[2]


def read_script(text: str) -> dict[str, str]:
    """The examples a file gives, read as a browser runs it: one call of the callback."""
    match = re.fullmatch(re.escape(example_sources.CALLBACK) + r"\((.*)\);\n", text, re.S)
    assert match is not None, text[:80]
    found: dict[str, str] = json.loads(match.group(1))
    return found


def folded_card(example_id: str, source: str) -> str:
    """A card as ``cards`` writes one, around its folded example."""
    return (f'<div class="rc-card" id="ex-{html_text(example_id)}" data-example="{html_text(example_id)}">'
            f'<p class="rc-card__title">T</p>{cards.source_block(html_text(source), "en")}</div>')


def test_every_documented_card_gives_its_example_as_written() -> None:
    report = check_paths([ROOT / "docs"], root=ROOT, odds=False)
    lifted_in_all = 0
    for path, page in report.pages.items():
        if not page.outcomes:
            continue
        language = path.split("/")[1]
        shown = [cards.card(outcome, language) for outcome in page.outcomes]
        html = "<h1>Page</h1>\n" + "\n<p>Between.</p>\n".join(shown)
        light, sources = lifted(html, shown, "en/page.html")
        assert sources == {o.id: o.block.source.rstrip() for o in page.outcomes}, path
        assert read_script(script(sources)) == sources
        # Only the folded text went: the page is the same once each block is given its text back.
        refilled = re.sub(r'<pre class="rc-yaml"([^<>]*) data-src="page\.examples\.js"></pre>',
                          lambda m: f'<pre class="rc-yaml"{m.group(1)}>\0</pre>', light)
        parts = refilled.split("\0")
        assert "".join(part + html_text(text) for part, text in zip(parts, sources.values(), strict=False)) \
            + parts[-1] == html, path
        assert len(light) < len(html)
        lifted_in_all += len(sources)
    assert lifted_in_all > 400


@given(example_id=st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True),
       source=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200))
def test_any_text_reaches_the_file_as_written_and_ends_nothing(example_id: str, source: str) -> None:
    """Markup, quotes, « </script> », line and paragraph separators, emoji: the file gives them back
    as they are, and holds no ``<`` (no end tag, wherever a page or a browser reads it)."""
    card = folded_card(example_id, source)
    page = f"<p>{html_text(source)}</p>{card}<p>after</p>"
    light, sources = lifted(page, [card], "rules/page.html")
    assert sources == {example_id: source}
    assert light.startswith(f"<p>{html_text(source)}</p>") and light.endswith("<p>after</p>")
    text = script(sources)
    assert "<" not in text and read_script(text) == sources


def test_only_the_cards_of_the_page_are_lifted_and_error_cards_keep_theirs() -> None:
    shown = folded_card("shown", "id: shown\n")
    elsewhere = folded_card("elsewhere", "id: elsewhere\n")
    error = ('<div class="rc-card rc-card--error" id="ex-bad" role="alert"><p class="rc-card__title">✗</p>'
             f'{cards.source_block(html_text("id: bad"), "en")}</div>')
    page = shown + error + "<p>end</p>"
    light, sources = lifted(page, [shown, elsewhere, error], "page.html")
    assert sources == {"shown": "id: shown\n"}
    assert error in light and "id: bad" in light and "id: shown" not in light
    written_twice = shown + "<p>again</p>" + shown  # one example shown twice: both blocks point at it
    light, sources = lifted(written_twice, [shown], "page.html")
    assert sources == {"shown": "id: shown\n"} and light.count('data-src="page.examples.js"></pre>') == 2


@pytest.mark.parametrize(("page", "file", "src"), [
    ("reactions.html", "reactions.examples.js", "reactions.examples.js"),
    ("en/reactions.html", "en/reactions.examples.js", "reactions.examples.js"),
    ("rules/index.html", "rules/index.examples.js", "index.examples.js"),
    ("règles de base.html", "règles de base.examples.js", "r%C3%A8gles%20de%20base.examples.js"),
    ('a"b.html', 'a"b.examples.js', "a%22b.examples.js"),
])
def test_the_file_sits_next_to_its_page_and_the_blocks_point_at_it(page: str, file: str, src: str) -> None:
    assert sources_file(page) == file
    card = folded_card("x", "id: x\n")
    light, _ = lifted(card, [card], page)
    assert f' data-src="{src}"></pre>' in light


def test_an_empty_block_says_why_in_each_language() -> None:
    css = stylesheet(["fr", "en"])
    assert ':lang(fr)::before { content: "Les données n\'ont pas pu se charger\u00a0: il y faut JavaScript' in css
    assert ':lang(en)::before { content: "The data could not load: it needs JavaScript' in css
    assert css.count(":not(.rc-yaml--loading)") == 2


def test_a_build_writes_each_page_s_file_and_leaves_the_blocks_empty(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "rules").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n\n" + fenced(parry_example("home-parry") + "  outcome: parried\n"), "utf-8")
    (docs / "rules" / "parry.md").write_text(
        "# Parry\n\n" + fenced(parry_example(title='A "tie" & <b>') + "  outcome: parried\n"), "utf-8")
    (docs / "rules" / "plain.md").write_text("# Plain\n\nNo example.\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML.replace("  - rulecheck\n", "  - rulecheck:\n"
                                                            "      sources_in_files: true\n"), "utf-8")
    mkdocs_build(tmp_path)
    site = tmp_path / "site"
    page = (site / "rules" / "parry" / "index.html").read_text("utf-8")
    assert 'data-src="index.examples.js"></pre>' in page and "reaction: parry" not in page
    given = read_script((site / "rules" / "parry" / "index.examples.js").read_text("utf-8"))
    assert given == {"elara-parry": (parry_example(title='A "tie" & <b>') + "  outcome: parried").rstrip()}
    assert set(read_script((site / "index.examples.js").read_text("utf-8"))) == {"home-parry"}
    assert not (site / "rules" / "plain" / "index.examples.js").exists()
    assert ":lang(en)::before" in (site / "assets" / "rulecheck.css").read_text("utf-8")


def test_without_the_option_the_blocks_keep_their_text(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n" + fenced(parry_example() + "  outcome: parried\n"), "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    mkdocs_build(tmp_path)
    assert "reaction: parry" in (tmp_path / "site" / "index.html").read_text("utf-8")
    assert list((tmp_path / "site").rglob("*.examples.js")) == []


def test_a_file_of_the_docs_the_examples_would_overwrite_fails_the_build(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n" + fenced(parry_example() + "  outcome: parried\n"), "utf-8")
    (docs / "index.examples.js").write_text("alert(1)\n", "utf-8")
    (docs / "other.examples.js").write_text("alert(2)\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML.replace("  - rulecheck\n", "  - rulecheck:\n"
                                                            "      sources_in_files: true\n"), "utf-8")
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(tmp_path)
    for name in ("index.examples.js", "other.examples.js"):
        assert f"docs/{name}:1: the site writes a page's examples to files named *.examples.js" in logs.text
