from __future__ import annotations

import html

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.examples.as_text import markdown_text
from rulecheck.hosts.typography import NARROW_NBSP, NBSP, french_spacing, unit_spacing
from tests.conftest import examples


def test_french_spacing_in_text_and_in_what_a_reader_sees_of_attributes() -> None:
    html = '<p>Elara pare : réussi ! « Oui » <a href="x" title="a : b">lien ?</a></p><pre><code>a : b</code></pre>'
    assert french_spacing(html) == (
        f"<p>Elara pare{NBSP}: réussi{NARROW_NBSP}! «{NBSP}Oui{NBSP}» "
        f'<a href="x" title="a{NBSP}: b">lien{NARROW_NBSP}?</a></p>'
        "<pre><code>a : b</code></pre>"
    )


@pytest.mark.parametrize(("tag", "spaced"), [
    ('<abbr title="Défense physique : le seuil">', f'<abbr title="Défense physique{NBSP}: le seuil">'),
    ("<abbr TITLE='Vraiment ? Oui ; 20 %'>",
     f"<abbr TITLE='Vraiment{NARROW_NBSP}? Oui{NARROW_NBSP}; 20{NARROW_NBSP}%'>"),
    ('<span aria-label="Dégâts : 0 : 50 %">', f'<span aria-label="Dégâts{NBSP}: 0{NBSP}: 50{NARROW_NBSP}%">'),
    ('<img alt="« Plan » : brume" src="a : b.png">', f'<img alt="«{NBSP}Plan{NBSP}»{NBSP}: brume" src="a : b.png">'),
    ('<span data-tip="Règle : abri">', f'<span data-tip="Règle{NBSP}: abri">'),
    ('<a href="x : y" class="a : b" data-example="a : b">', '<a href="x : y" class="a : b" data-example="a : b">'),
    ('<a href="?q=1" xtitle="a : b">', '<a href="?q=1" xtitle="a : b">'),
])
def test_the_words_a_tooltip_or_a_screen_reader_gives_are_spaced_and_no_other_attribute(tag: str, spaced: str) -> None:
    """A glossary definition « Défense physique : … » reached its tooltip with its colon free to
    start a line; an address, a class or an example's id is not words and keeps its characters."""
    assert french_spacing(f"<p>{tag}x</p>") == f"<p>{spaced}x</p>"
    assert french_spacing(f"<pre><code>{tag}x</code></pre>") == f"<pre><code>{tag}x</code></pre>"


def test_urls_and_already_joined_text_are_untouched() -> None:
    assert french_spacing("<p>https://exemple.org a:b</p>") == "<p>https://exemple.org a:b</p>"


def test_source_line_breaks_and_percentages_are_joined_too() -> None:
    html = '<p>Elara pare\n: réussi\n! Une chance de 20 % et 5\n%, ou <span class="rc-ref">50</span> %.</p>'
    assert french_spacing(html) == (
        f"<p>Elara pare{NBSP}: réussi{NARROW_NBSP}! Une chance de 20{NARROW_NBSP}% et 5{NARROW_NBSP}%, "
        f'ou <span class="rc-ref">50</span>{NARROW_NBSP}%.</p>')


def test_long_runs_of_blanks_are_read_once() -> None:
    """A hostile page of blanks with no punctuation after them is spaced in linear time."""
    text = "<p>" + " " * 200_000 + "x</p>"
    assert french_spacing(text) == text


_MARKS = ":;!?%«»"


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from(["<p>", "</p>", "<code>", "</code>", "<span>", "</span>", " ", "\n", "5", "a",
                                 *_MARKS, "é"]), max_size=30))
def test_a_mark_written_as_a_character_reference_is_spaced_like_the_mark(pieces: list[str]) -> None:
    """Example data reaches a page with its punctuation as numeric references (``as_text``): the
    reader sees the same characters, so the same spacing, however the marks are written."""
    plain = "".join(pieces)
    forms = [lambda char: f"&#{ord(char)};", lambda char: f"&#x{ord(char):X};", lambda char: f"&#x0{ord(char):x};"]
    for form in forms:
        written = "".join(form(piece) if piece in _MARKS else piece for piece in pieces)
        assert html.unescape(french_spacing(written)) == html.unescape(french_spacing(plain))


def test_the_cast_page_s_titles_are_spaced_through_their_references() -> None:
    title = markdown_text("Parade : réussie ! « Oui » à 20 %")
    assert html.unescape(french_spacing(f"<p>{title}</p>")) == (
        f"<p>Parade{NBSP}: réussie{NARROW_NBSP}! «{NBSP}Oui{NBSP}» à 20{NARROW_NBSP}%</p>")


def test_references_to_other_characters_are_left_alone() -> None:
    text = "<p>a &#38; b &#x3C; c &#1058; d &#58x; e</p>"
    assert french_spacing(text) == text


@pytest.mark.parametrize(("written", "joined"), [
    ("<p>jusqu'à 10 m par action</p>", f"<p>jusqu'à 10{NBSP}m par action</p>"),
    ("<p>à 15\nm, puis 2 km et 30 cm.</p>", f"<p>à 15{NBSP}m, puis 2{NBSP}km et 30{NBSP}cm.</p>"),
    ('<p>jusqu\'à <span class="rc-ref">10</span> m</p>', f'<p>jusqu\'à <span class="rc-ref">10</span>{NBSP}m</p>'),
    ("<p>10 mètres, 1 mouvement, 5 min, m 10</p>", "<p>10 mètres, 1 mouvement, 5 min, m 10</p>"),  # no unit there
    ("<pre><code>10 m</code></pre>", "<pre><code>10 m</code></pre>"),
])
def test_a_distance_keeps_its_unit_on_its_line_in_both_languages(written: str, joined: str) -> None:
    """« 10 m » broke at 1280 px: « 10 » ended a line and « m par action » began the next."""
    assert unit_spacing(written) == joined
    assert french_spacing(written) == joined


def test_the_other_languages_keep_french_marks_as_written() -> None:
    text = "<p>Oui : 20 % « non » ! 10 m</p>"
    assert unit_spacing(text) == f"<p>Oui : 20 % « non » ! 10{NBSP}m</p>"
    assert unit_spacing("<p>10 M, 2 MA</p>") == "<p>10 M, 2 MA</p>"  # actions, not units


@pytest.mark.parametrize("space", [" ", "\n", "  ", " \t"])
@pytest.mark.parametrize("defence", ["PHY", "MAG"])
def test_a_defence_s_name_never_breaks_in_either_language(space: str, defence: str) -> None:
    """« Def » ended a card's line at 375 px and « PHY 16 » began the next."""
    joined = f"Def{NBSP}{defence}"
    for respaced in (french_spacing, unit_spacing):
        assert respaced(f"<p>contre la Def{space}{defence} 16</p>") == f"<p>contre la {joined} 16</p>"
        assert respaced(f"<li>(Def{space}{defence}, DEX +2)</li>") == f"<li>({joined}, DEX +2)</li>"
        assert respaced(f"<p><abbr>Def{space}{defence}</abbr></p>") == f"<p><abbr>{joined}</abbr></p>"
        assert respaced(f"<td>Def{space}{defence}</td>") == f"<td>{joined}</td>"
        kept = [f"<pre><code>Def{space}{defence}</code></pre>", f"<p>Undef{space}{defence}</p>",
                f"<p>Def{space}{defence}S</p>", f"<p>Defs{space}{defence}</p>",
                # a table's header cell stacks the name: the cast's eight columns fit a phone so
                f"<th>Def{space}{defence}</th>", f'<TH class="x"><abbr>Def{space}{defence}</abbr></TH>',
                f"<th><th>x</th>Def{space}{defence}</th>"]
        for text in kept:
            assert respaced(text) == text
        assert respaced(f"<tr><th>a</th><td>Def{space}{defence}</td></tr>") == f"<tr><th>a</th><td>{joined}</td></tr>"
        assert respaced(f"<thead><td>Def{space}{defence}</td></thead>") == f"<thead><td>{joined}</td></thead>"
