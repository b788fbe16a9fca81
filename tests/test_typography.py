from __future__ import annotations

from rulecheck.hosts.typography import NARROW_NBSP, NBSP, french_spacing


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
