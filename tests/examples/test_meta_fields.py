"""The front matter values the theme and MkDocs read are refused, located at their key, when they
could not use them or would copy them at a size without bound (rulecheck/examples/meta_fields.py):
`hide: 5`, `icon: 5` and `search: 5` stopped the build with a traceback, and a `status`,
`description` or `tags` of a few MB was copied into every page, or every section's search entry.
The plugin's side (values dropped before the theme sees them, icons and templates the theme
lacks): tests/hosts/test_page_meta.py."""

from __future__ import annotations

import pytest

from rulecheck.examples.check import check_page
from rulecheck.examples.front_matter import check_front_matter, meta_data
from rulecheck.examples.meta_fields import HIDDEN_PARTS, MAX_BOOST, MAX_META_CHARS, refused_meta

BIG = MAX_META_CHARS + 1

#: (key, its YAML value, what the message says): each a way the theme could not use the value.
REFUSED = [
    # the theme writes these as they are into the head and the header: markup there ran scripts
    ("title", "'T <img src=x onerror=alert(1)>'", "holds `<`"), ("description", "'\"><script>x</script>'",
                                                                 "holds `\"`"),
    ("author", "'\"><svg onload=alert(3)>'", "holds `\"`"), ("subtitle", "'a > b'", "holds `>`"),
    ("description", '"a\\x1bb"', "holds `\x1b`"),
    ("hide", "5", "is a number"), ("hide", "navigation", "is text"), ("hide", "{toc: 1}", "is a mapping"),
    ("hide", "[toc, 5]", "a list of the parts"), ("hide", "[sidebar]", "lists `sidebar`"),
    ("hide", "[" + "x" * 10_000 + "]", "lists `xxx"),
    ("icon", "5", "is a number"), ("icon", "[material/book]", "is a list"), ("icon", "book", "not an icon's name"),
    ("icon", "../../../etc/passwd", "not an icon's name"), ("icon", "material/Book.svg", "not an icon's name"),
    ("icon", "'material/book\u202e'", "not an icon's name"), ("icon", "a/" + "b" * BIG, "at most 300"),
    ("template", "nosuch", "not a template's name"), ("template", "../main.html", "not a template's name"),
    ("template", "/etc/x.html", "not a template's name"), ("template", "true", "is true or false"),
    ("status", "'\"><script>x</script>'", "not a status name"), ("status", "{a: 1}", "is a mapping"),
    ("status", "new deprecated", "not a status name"), ("status", "n" * BIG, "at most 300"),
    ("description", "[1, 2]", "is a list"), ("description", "2024-01-01", "is a date"),
    ("description", "d" * 1_000_000, "1,000,000 characters"), ("description", "é" * BIG, "at most 300"),
    ("author", "null", "is empty"), ("author", "a" * BIG, "at most 300"),
    ("title", "[a, b]", "is a list"), ("title", "5", "is a number"), ("subtitle", "{a: 1}", "is a mapping"),
    ("tags", "a tag", "is text"), ("tags", "[a, [b]]", "a list of words"), ("tags", "[1, 2]", "a list of words"),
    ("tags", "[" + ", ".join(["t"] * 100_000) + "]", "100,000 characters"),
    ("tags", "[" + "t" * BIG + "]", "at most 300 together"),
    ("search", "5", "is a number"), ("search", "[exclude]", "is a list"), ("search", "{exclude: 1}", "`exclude`"),
    ("search", "{exclude: 'yes'}", "`exclude`"), ("search", "{boost: x}", "`boost`"),
    ("search", "{boost: .nan}", "`boost`"), ("search", "{boost: .inf}", "`boost`"),
    ("search", "{boost: -1}", "`boost`"),
    ("search", f"{{boost: {MAX_BOOST + 1}}}", "`boost`"), ("search", "{boost: true}", "`boost`"),
    ("search", "{bost: 2}", "holds `bost`"),
]

ACCEPTED = [
    "hide: [navigation, toc]", f"hide: [{', '.join(HIDDEN_PARTS)}]", "hide: []", "icon: material/book",
    "icon: fontawesome/solid/book-open", "template: main.html", "template: partials/x.y.html", "status: new",
    "status: in_progress-2", "description: 'Les règles du combat'", f"description: {'d' * MAX_META_CHARS}",
    "author: Élise", "description: 'Cover & concealment: +4, 20 %'", "title: L'attaque",
    "tags: [combat, règles]", f"tags: [{'t' * MAX_META_CHARS}]", "search: {exclude: true}",
    "search: {boost: 2.5}", "search: {exclude: false, boost: 0}", f"search: {{boost: {MAX_BOOST}}}",
    "title: '5'", "comments: [whatever, 5]", "extra_key: {a: 1}",
]


def page(header: str) -> str:
    return f"---\nlead: Page\n{header}\n---\n\n# Page\n\nText.\n"


@pytest.mark.parametrize(("key", "value", "said"), REFUSED)
def test_a_value_the_theme_cannot_use_is_refused_at_its_key(key: str, value: str, said: str) -> None:
    text = page(f"{key}: {value}")
    problems = [p for p in check_page("docs/en/page.md", text).problems if p.kind == "front-matter"]
    assert [(p.line, p.col) for p in problems] == [(3, 1)]
    assert problems[0].message.startswith(f"the front matter's `{key}` ")
    assert said in problems[0].message
    assert len(problems[0].message) < 500  # never the value itself


@pytest.mark.parametrize("header", ACCEPTED)
def test_a_value_the_theme_can_use_passes(header: str) -> None:
    assert check_front_matter("docs/en/page.md", page(header)) == []


@pytest.mark.parametrize(("key", "value", "said"), [
    ("hide", "toc", "is text"), ("search", "exclude", "is text"), ("tags", "a, b", "is text"),
    ("status", "a b", "not a status name"), ("icon", "../x", "not an icon's name"),
    ("description", "d" * BIG, "at most 300"),
])
def test_multimarkdown_meta_data_is_text_and_refused_likewise(key: str, value: str, said: str) -> None:
    # MultiMarkdown lines give every value as text, a key's lines joined: 2 lines of 200 hold 401.
    text = f"Title: Page\n{key.upper()}: {value}\n\n# Page\n"
    if len(value) > MAX_META_CHARS:
        text = f"Title: Page\n{key}: {value[:200]}\n    {value[200:]}\n\n# Page\n"
    problems = check_front_matter("docs/en/page.md", text)
    assert [(p.line, p.col, said in p.message) for p in problems] == [(2, 1, True)]


def test_every_refused_value_of_a_page_is_reported_at_once() -> None:
    header = "\n".join(f"{key}: {value}" for key, value in [
        ("hide", "5"), ("icon", "5"), ("search", "5"), ("status", "'a b'"), ("tags", "x")])
    problems = check_front_matter("docs/en/page.md", page(header))
    assert [(p.line, p.message.split("`")[1]) for p in problems] == [
        (3, "hide"), (4, "icon"), (5, "search"), (6, "status"), (7, "tags")]


def test_a_key_written_twice_is_located_at_the_value_that_counts() -> None:
    for header, line in [("hide: 5\nhide: [toc]", None), ("hide: [toc]\nhide: 5", 4), ("hide: 5\nhide: 6", 4)]:
        problems = check_front_matter("docs/en/page.md", page(header))
        assert [p.line for p in problems] == ([line] if line else [])


def test_the_meta_data_is_what_mkdocs_gives_the_templates() -> None:
    from mkdocs.utils.meta import get_data

    for text in [page("hide: [toc]\nsearch: {boost: 2}"), "Title: A\nHide: toc\n    navigation\n\n# A\n", "# none\n"]:
        assert meta_data(text) == get_data(text)[1]
        assert refused_meta(meta_data(text)) == refused_meta(get_data(text)[1])


def test_the_sites_pages_pass() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for path in sorted((root / "docs").rglob("*.md")):
        assert check_front_matter(str(path), path.read_text("utf-8")) == [], path
