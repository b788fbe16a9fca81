"""Numbers in an example's display text, read as each language writes them, in any digits."""

from __future__ import annotations

import pytest

from rulecheck.examples.display_numbers import display_numbers, numbers_in


@pytest.mark.parametrize(("text", "language", "read"), [
    ("recule de 8 m puis de 1,5 m", "fr", ("1.5", "8")),
    ("backs away 8 m then 1.5 m", "en", ("1.5", "8")),
    ("recule de 1 000 m", "fr", ("1000",)),
    ("recule de 1\u202f000 m", "fr", ("1000",)),
    ("recule de 1\u00a0000 m", "fr", ("1000",)),
    ("backs away 1,000 m", "en", ("1000",)),
    ("recule de ８ m", "fr", ("8",)),  # full width
    ("recule de ٨ m", "fr", ("8",)),  # Arabic-Indic
    ("backs away ۸ m", "en", ("8",)),  # Extended Arabic-Indic
    ("garde ²", "fr", ("2",)),  # superscript
    ("guard 2, 3 and 4", "en", ("2", "3", "4")),
    ("Garde 2, 3 et 4", "fr", ("2", "3", "4")),
    ("0,50 m", "fr", ("0.5",)),
    ("a 10-foot pole", "en", ("10",)),
    ("no number", "en", ()),
    ("1,5", "en", ("1", "5")),  # not English for one and a half: two numbers, as a reader would take them
])
def test_a_number_is_read_as_its_language_writes_it(text: str, language: str, read: tuple[str, ...]) -> None:
    assert numbers_in(text, language) == read


def test_each_display_text_is_read_where_it_is_written() -> None:
    data = {"title": "Les 2 gardes", "given": {"attacker": {"name": "Garde 3", "level": 5}},
            "plan": [{"name": "pas de 1,5 m"}]}
    assert display_numbers(data, "fr") == {("title",): ("2",), ("given", "attacker", "name"): ("3",),
                                           ("plan", 0, "name"): ("1.5",)}
