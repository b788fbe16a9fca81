from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.hosts import typography
from rulecheck.hosts.typography import NARROW_NBSP, NBSP, french_spacing
from tests.conftest import examples


def test_french_spacing_in_text_only() -> None:
    html = '<p>Elara pare : réussi ! « Oui » <a href="x" title="a : b">lien ?</a></p><pre><code>a : b</code></pre>'
    assert french_spacing(html) == (
        f"<p>Elara pare{NBSP}: réussi{NARROW_NBSP}! «{NBSP}Oui{NBSP}» "
        f'<a href="x" title="a : b">lien{NARROW_NBSP}?</a></p>'
        "<pre><code>a : b</code></pre>"
    )


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


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from(["<p>", "</p>", "<code>", "</code>", "<span>", "</span>", " ", "\n", "5", "a",
                                 ":", ";", "!", "?", "%", "«", "»", "é"]), max_size=30))
def test_text_without_a_mark_is_left_alone_and_the_rest_spaced_as_always(pieces: list[str]) -> None:
    """The marks ``: ; ! ? « » %`` are what every rule needs: a page's spacing is that of applying
    each rule to every piece of text, marks or not."""
    html = "".join(pieces)
    expected, depth, after_digit = [], 0, False
    for index, piece in enumerate(typography._TAG.split(html)):
        if index % 2:
            raw = typography._RAW.match(piece)
            depth = (max(0, depth - 1) if raw.group(1) else depth + 1) if raw else depth
        elif depth == 0 and piece:
            spaced = typography._BEFORE.sub(lambda m: (NBSP if m[1] in ":»" else NARROW_NBSP) + m[1], piece)
            spaced = typography._PERCENT.sub(lambda m: m[1] + NARROW_NBSP + "%", spaced)
            spaced = typography._LEADING_PERCENT.sub(NARROW_NBSP + "%", spaced) if after_digit else spaced
            expected.append(typography._AFTER.sub("«" + NBSP, spaced))
            after_digit = piece[-1].isdigit()
            continue
        expected.append(piece)
        if piece and not index % 2:
            after_digit = False
    assert french_spacing(html) == "".join(expected)
