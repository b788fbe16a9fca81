"""A language's search index as a player gets it: authors' pages by their name only, ranked last,
the companion pages below the rules pages, never a code listing as a result's text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulecheck.hosts.player_search import (
    AUTHORS_BOOST,
    COMPANION_BOOST,
    page_addresses,
    page_of,
    players_index,
    without_code,
)

INDEX = {
    "config": {"lang": ["fr"], "separator": "x"},
    "docs": [
        {"location": "reactions.html", "title": "Esquive et parade", "text": "<p>Parer un coup.</p>"},
        {"location": "reactions.html#parry", "title": "Parer",
         "text": "<p>On pare.</p><pre><code>id: elara-parry\nrule: attack</code></pre><p>Fin.</p>"},
        {"location": "authors.html", "title": "Pour les auteurs",
         "text": "<p>Un bloc <code>rulecheck</code> en YAML\u00a0: voyez <code>docs/cast.yml</code>.</p>"},
        {"location": "authors.html#errors", "title": "Erreurs", "text": "<p>the parry succeeds on</p>"},
        {"location": "fields.html#rule-poison-apply", "title": "<code>poison_apply</code>", "text": "<p>Enduire.</p>"},
        {"location": "fields.html", "title": "Référence des champs", "text": "<p>Les clés de <code>given</code>.</p>"},
    ],
}


def test_an_authors_page_keeps_one_entry_by_its_name_ranked_last_without_its_code() -> None:
    result = players_index(INDEX, {"authors.html", "fields.html"})
    assert result["config"] == INDEX["config"]
    by_location = {doc["location"]: doc for doc in result["docs"]}
    assert list(by_location) == ["reactions.html", "reactions.html#parry", "authors.html", "fields.html"]
    assert by_location["authors.html"] == {"location": "authors.html", "title": "Pour les auteurs",
                                           "text": "<p>Un bloc en YAML\u00a0: voyez.</p>", "boost": AUTHORS_BOOST}
    assert by_location["fields.html"]["text"] == "<p>Les clés de.</p>"
    assert "boost" not in by_location["reactions.html"]


def test_a_companion_page_keeps_its_sections_ranked_between_the_rules_and_the_authors_pages() -> None:
    index = {**INDEX, "docs": [*INDEX["docs"],
                               {"location": "cast.html", "title": "Les personnages", "text": "<p>Aldric, mourant.</p>"},
                               {"location": "cast.html#aldric", "title": "Aldric", "text": "<p>Mourant.</p>"}]}
    result = players_index(index, {"authors.html", "fields.html"}, frozenset({"cast.html"}))
    boosts = {doc["location"]: doc.get("boost", 1.0) for doc in result["docs"]}
    assert boosts["cast.html"] == boosts["cast.html#aldric"] == COMPANION_BOOST
    assert boosts["reactions.html"] > COMPANION_BOOST > boosts["authors.html"] == AUTHORS_BOOST
    assert next(doc for doc in result["docs"] if doc["location"] == "cast.html#aldric")["text"] == "<p>Mourant.</p>"


def test_a_code_listing_is_never_a_result_s_text_on_any_page() -> None:
    result = players_index(INDEX, set())
    parry = next(doc for doc in result["docs"] if doc["location"] == "reactions.html#parry")
    assert parry["text"] == "<p>On pare.</p><p>Fin.</p>"
    assert len(result["docs"]) == len(INDEX["docs"])  # no authors' page named: every section stays
    assert INDEX["docs"][1]["text"].count("<pre>") == 1  # the index given is left as it was


def test_authors_pages_are_named_by_their_sources_and_entries_by_their_page() -> None:
    assert page_addresses(["authors.md", "guide/fields.md"]) == {"authors.html", "guide/fields.html"}
    assert page_of("fields.html#rule-attack") == "fields.html" and page_of("index.html") == "index.html"


@given(st.lists(st.sampled_from(["mot", " ", ",", ".", "(", ")", "\u00a0:", "<code>k_1</code>", "<code>x</code>"])))
def test_text_without_code_holds_no_code_and_keeps_french_spacing(parts: list[str]) -> None:
    text = "".join(parts)
    stripped = without_code(text)
    assert "<code>" not in stripped and "k_1" not in stripped
    assert stripped.count("\u00a0:") == text.count("\u00a0:")
    assert "  " not in stripped and " ," not in stripped and " ." not in stripped
