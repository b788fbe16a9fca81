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
