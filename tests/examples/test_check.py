"""Checking pages: drift, parity between twins, duplicate ids, prose references."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.check import check_paths

PARRY = """# Page

Total: {{{{ elara.reaction_total }}}}.

```rulecheck
id: elara
title: {title}
rule: attack
given:
  defender: {{name: {name}, level: 2, str: 4}}
  attack: {{total: 15}}
  reaction: parry
dice:
  reaction: [{face}]
expect:
  reaction_total: {total}
  outcome: parried
```
"""


def write_site(root: Path, fr: dict[str, str], en: dict[str, str]) -> Path:
    for language, pages in (("fr", fr), ("en", en)):
        for name, text in pages.items():
            path = root / "docs" / language / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
    return root


def page(face: int = 17, total: int = 23, name: str = "Elara", title: str = "Parade") -> str:
    return PARRY.format(face=face, total=total, name=name, title=title)


def located(root: Path) -> list[str]:
    return [p.located() for p in check_paths([root / "docs"], root=root).all_problems]


def test_matching_twins_with_translated_names_pass(tmp_path: Path) -> None:
    write_site(tmp_path, {"a.md": page()}, {"a.md": page(name="Elara the bold", title="Parry")})
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert report.ok and report.examples == 2


def test_drift_names_file_line_id_field_expected_and_actual(tmp_path: Path) -> None:
    write_site(tmp_path, {"a.md": page(total=24)}, {"a.md": page(total=24)})
    assert located(tmp_path) == [
        "docs/en/a.md:16: elara: expect.reaction_total: expected 24, got 23",
        "docs/fr/a.md:16: elara: expect.reaction_total: expected 24, got 23",
    ]


def test_dice_differing_from_the_twin_is_a_parity_failure_naming_both_files(tmp_path: Path) -> None:
    write_site(tmp_path, {"a.md": page()}, {"a.md": page(face=18, total=24)})
    assert located(tmp_path) == [
        "docs/en/a.md:14: elara: dice.reaction[0]: differs from its twin docs/fr/a.md:14: 18 here, 17 there",
        "docs/en/a.md:16: elara: expect.reaction_total: differs from its twin docs/fr/a.md:16: 24 here, 23 there",
    ]


def test_parity_is_checked_when_one_page_alone_is_checked(tmp_path: Path) -> None:
    write_site(tmp_path, {"a.md": page()}, {"a.md": page(face=18, total=24)})
    problems = [p.located() for p in check_paths([tmp_path / "docs/fr/a.md"], root=tmp_path).all_problems]
    assert "docs/fr/a.md:14: elara: dice.reaction[0]: differs from its twin docs/en/a.md:14: 17 here, 18 there" \
        in problems


def test_missing_twin_page_and_missing_twin_example(tmp_path: Path) -> None:
    write_site(tmp_path, {"a.md": page(), "b.md": "# B\n"}, {"a.md": "# A\n"})
    problems = located(tmp_path)
    assert "docs/fr/a.md:5: elara: example missing from its twin page docs/en/a.md" in problems
    assert "docs/fr/b.md:1: no English twin: docs/en/b.md does not exist" in problems


@pytest.mark.parametrize("outside", ["extra.md", "de/seite.md", "notes/extra.md", "docs-fr/a.md", "frx/a.md"])
def test_a_page_outside_the_language_folders_of_a_bilingual_site_is_refused(tmp_path: Path, outside: str) -> None:
    """`docs/extra.md` was built in both languages, each copy with the cards of one, and checked once
    against no twin; `docs/de/` was checked and never built (a twenty-second hostile round)."""
    write_site(tmp_path, {"a.md": page()}, {"a.md": page(name="Elara the bold", title="Parry")})
    stray = tmp_path / "docs" / outside
    stray.parent.mkdir(parents=True, exist_ok=True)
    stray.write_text(page(), "utf-8")
    said = located(tmp_path)
    assert [line for line in said if "outside the language folders" in line] == [
        f"docs/{outside}:1: this page lies outside the language folders (fr/, en/): the site would build it in every "
        "language with the cards of one, or not at all, and it has no twin to be compared with. Hint: move it into "
        "each language's folder, one twin in each"]


@pytest.mark.parametrize("inner", ["g/en", "g/fr", "fr", "en", "a/b/en"])
def test_a_folder_named_like_a_language_inside_a_language_folder_is_refused(tmp_path: Path, inner: str) -> None:
    """`docs/fr/g/en/x.md` was checked as English, against `docs/fr/g/fr/x.md`, with the cast of
    `docs/fr/g/`, while the site built it in French beside a different English page (a twenty-third
    hostile round): mkdocs-static-i18n reads a page's language from its first folder."""
    write_site(tmp_path, {"a.md": page(), f"{inner}/x.md": page()},
               {"a.md": page(name="Elara the bold", title="Parry"), f"{inner}/x.md": page(title="Parry")})
    said = [line for line in located(tmp_path) if "named like a language" in line]
    assert said == [f"docs/{language}/{inner}:1: a folder named like a language inside the language folder "
                    f"`{language}/`: the site builds its pages in {language}, and the check would look for their "
                    f"language, twins and cast from `{inner.rsplit('/', 1)[-1]}/` instead. Hint: rename the folder"
                    for language in ("en", "fr")]


@pytest.mark.parametrize(("inner", "walked"), [("g/en", "g"), ("a/b/en", "a"), ("a/b/en", "a/b"), ("g/fr", "g")])
def test_a_language_folder_is_seen_above_the_part_of_the_docs_checked(tmp_path: Path, inner: str, walked: str) -> None:
    """Run on `docs/fr/g` alone, the check read `docs/fr/g/en/x.md` as English and asked for a
    French twin at `docs/fr/g/fr/x.md` (a twenty-sixth hostile round): the language folder above
    the part checked counts as when the whole docs folder is checked."""
    write_site(tmp_path, {"a.md": page(), f"{inner}/x.md": page()},
               {"a.md": page(name="Elara the bold", title="Parry"), f"{inner}/x.md": page(title="Parry")})
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", "utf-8")  # the project the folders are read from
    for language in ("fr", "en"):
        # the part of a language, or the one page named alone
        for checked in (tmp_path / "docs" / language / walked, tmp_path / "docs" / language / inner / "x.md"):
            said = [p.located() for p in check_paths([checked], root=tmp_path).all_problems]
            assert said == [f"docs/{language}/{inner}:1: a folder named like a language inside the language folder "
                            f"`{language}/`: the site builds its pages in {language}, and the check would look for "
                            f"their language, twins and cast from `{inner.rsplit('/', 1)[-1]}/` instead. Hint: "
                            "rename the folder"], checked


def test_folders_above_a_project_named_like_a_language_are_no_language(tmp_path: Path) -> None:
    """Checked from above, a project lying in a folder named `en`, with no mkdocs.yml, had its
    language folders refused as folders inside the language folder `en/` (a twenty-seventh round)."""
    project = tmp_path / "en" / "proj"
    write_site(project, {"a.md": page()}, {"a.md": page(name="Elara the bold", title="Parry")})
    for checked in ("docs", "docs/fr", "docs/fr/a.md"):
        assert check_paths([project / checked], root=tmp_path).all_problems == [], checked


def test_a_page_named_through_a_link_is_read_at_the_path_it_is_built_at(tmp_path: Path) -> None:
    """`docs/fr/g` a link to `extra/`: the page `docs/fr/g/en/x.md`, named alone, was read at its
    real path and asked for a French twin under `docs/fr/g/fr/` (a twenty-seventh round)."""
    write_site(tmp_path, {"a.md": page()}, {"a.md": page(name="Elara the bold", title="Parry")})
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", "utf-8")
    (tmp_path / "extra" / "en").mkdir(parents=True)
    (tmp_path / "extra" / "en" / "x.md").write_text(page(), "utf-8")
    (tmp_path / "docs" / "fr" / "g").symlink_to(tmp_path / "extra", target_is_directory=True)
    said = [p.located() for p in check_paths([tmp_path / "docs/fr/g/en/x.md"], root=tmp_path).all_problems]
    assert said == ["docs/fr/g/en:1: a folder named like a language inside the language folder `fr/`: the site "
                    "builds its pages in fr, and the check would look for their language, twins and cast from `en/` "
                    "instead. Hint: rename the folder"]


def test_a_site_without_language_folders_keeps_its_pages_where_they_are(tmp_path: Path) -> None:
    (tmp_path / "docs" / "guide").mkdir(parents=True)
    (tmp_path / "docs" / "index.md").write_text(page(), "utf-8")
    (tmp_path / "docs" / "guide" / "more.md").write_text("# More\n", "utf-8")
    assert located(tmp_path) == []


@pytest.mark.parametrize("unreadable", ["fr", "en"])
@pytest.mark.parametrize("damage", [b"\xff\xfe", b"caf\xe9", b"\xc3"])
def test_a_page_that_cannot_be_read_still_says_its_twin_is_missing(
        tmp_path: Path, unreadable: str, damage: bytes) -> None:
    """One run says both: the page is unreadable, and its translation does not exist."""
    other = "en" if unreadable == "fr" else "fr"
    (tmp_path / "docs" / unreadable).mkdir(parents=True)
    (tmp_path / "docs" / unreadable / "a.md").write_bytes(b"# A\n\n" + damage + b"\n")
    (tmp_path / "docs" / other).mkdir()
    names = {"fr": "French", "en": "English"}
    problems = located(tmp_path)
    assert f"docs/{unreadable}/a.md:1: no {names[other]} twin: docs/{other}/a.md does not exist" in problems
    assert any(p.startswith(f"docs/{unreadable}/a.md:3:") and "not valid UTF-8" in p for p in problems), problems
    (tmp_path / "docs" / other / "a.md").write_text("# A\n", "utf-8")  # the twin written: only the bytes remain
    assert [p for p in located(tmp_path) if "twin" in p] == []


def test_duplicate_id_in_one_language(tmp_path: Path) -> None:
    write_site(tmp_path, {"a.md": page(), "b.md": page()}, {"a.md": page(), "b.md": page()})
    problems = located(tmp_path)
    assert "docs/fr/b.md:6: elara: id: duplicate id: already used at docs/fr/a.md:6" in problems


def test_prose_reference_to_a_missing_field_is_located(tmp_path: Path) -> None:
    text = page().replace("elara.reaction_total", "elara.reaction_totl")
    write_site(tmp_path, {"a.md": text}, {"a.md": page()})
    assert located(tmp_path) == [
        "docs/fr/a.md:3:8: elara: reaction_totl: prose reference: example `elara` has no field `reaction_totl`"
    ]


def test_references_inside_code_are_not_references(tmp_path: Path) -> None:
    text = page() + "\nWrite `{{ nothing.here }}` in prose.\n\n```\n{{ nor.here }}\n```\n"
    write_site(tmp_path, {"a.md": text}, {"a.md": text})
    assert located(tmp_path) == []


def test_unused_scripted_dice_fail(tmp_path: Path) -> None:
    text = page().replace("reaction: [17]", "reaction: [17]\n  damage: [3]")
    write_site(tmp_path, {"a.md": text}, {"a.md": text})
    assert ("docs/fr/a.md:15: elara: dice.damage: 1 scripted die was never rolled by the rules. Hint: in this "
            "situation the rules do not roll `damage` (or roll it fewer times): remove the extra faces, or change "
            "`given` so that they do") in located(tmp_path)


def test_every_problem_of_a_page_is_reported_at_once(tmp_path: Path) -> None:
    bad = page(total=99).replace("level: 2", "levl: 2").replace("```rulecheck\nid: elara", "```rulecheck\nid: Elara!")
    write_site(tmp_path, {"a.md": bad + page(total=98).replace("id: elara", "id: second")}, {})
    problems = located(tmp_path)
    assert any("unknown key `levl`; did you mean `level`?" in p for p in problems)
    assert any("second: expect.reaction_total: expected 98, got 23" in p for p in problems)
    assert any("no English twin" in p for p in problems)


@pytest.mark.parametrize("crlf", [False, True])
def test_crlf_pages_report_the_same_lines(tmp_path: Path, crlf: bool) -> None:
    text = page(total=24)
    for language in ("fr", "en"):
        path = tmp_path / "docs" / language / "a.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.replace("\n", "\r\n" if crlf else "\n").encode())
    assert located(tmp_path)[0] == "docs/en/a.md:16: elara: expect.reaction_total: expected 24, got 23"


ELEMENT_IDS = [  # a raw element's id, however the browser reads it, and once Markdown freed it
    '<span id="parry">x</span>', "<span id='parry'>x</span>", "<div/ID=parry>x</div>", '<b "q" id=parry>x</b>',
    '<a name="parry"></a>', '<i@ t="<span id=\'parry\'>"> x', "<i@ t='<em id=\"parry\">'> x"]


@pytest.mark.parametrize("written", ELEMENT_IDS)
@pytest.mark.parametrize("same_page", [False, True])
def test_an_element_taking_a_headings_id_is_refused_by_the_check(
        tmp_path: Path, written: str, same_page: bool) -> None:
    """`<span id="x">` on one page beside `## … { #x }` on another (or the same) left a card's step
    link two places to land: the build refused it, the check passed it (a twenty-sixth hostile
    round, with the tag in a quoted value Markdown frees: `<i@ t="<span id=x>">`)."""
    heading = "# Rules\n\n## Parry { #parry }\n\nText.\n"
    raw = f"\nSome text {written} here.\n"
    fr = {"a.md": heading + (raw if same_page else ""), "b.md": "# Other\n" + ("" if same_page else raw)}
    write_site(tmp_path, fr, fr)
    said = [line for line in located(tmp_path) if "`parry` is the id of an element" in line]
    where = "a.md" if same_page else "b.md"
    line = 7 if same_page else 3
    assert said == [f"docs/{language}/{where}:{line}: `parry` is the id of an element written here and of the heading "
                    f"at docs/{language}/a.md:3: a link to it (a card's step, a cross-reference) lands on one of "
                    "the two, in no order a reader sees; give the element another id" for language in ("en", "fr")]


# An id an attribute list gives (Python-Markdown's attr_list), with the line it stands on: the build
# refused each as an id held twice, the check passed them (found reading the hostile rounds' leftovers).
ATTRIBUTE_LISTS = [
    ("A paragraph's last line.\n{: #parry }\n", 2), ("A [link](x.md){#parry} here.\n", 1),
    ("A `code span`{: #parry } here.\n", 1), ("An *emphasis*{ #parry } here.\n", 1),
    ("| a | b |\n|---|---|\n| cell {: #parry } | x |\n", 3), ("A term {: #parry }\n:   its definition\n", 1),
    ("- an item\n  {: #parry }\n", 2), ("```{ .text #parry }\nplain\n```\n", 1),
    ("``` text { #parry }\nplain\n```\n", 1), ("A [link](x.md){: .cls id=\"parry\" } here.\n", 1),
    ("A [link](x.md){#other} and `code`{: #parry } on one line.\n", 1), ("A CRLF paragraph.\r\n{: #parry }\r\n", 2)]


@pytest.mark.parametrize(("written", "line"), ATTRIBUTE_LISTS)
def test_an_attribute_list_taking_a_headings_id_is_refused_by_the_check(
        tmp_path: Path, written: str, line: int) -> None:
    fr = {"a.md": "# Rules\n\n## Parry { #parry }\n\nText.\n", "b.md": "# Other\n\n" + written}
    write_site(tmp_path, fr, fr)
    said = [found for found in located(tmp_path) if "`parry` is the id of an element" in found]
    assert said == [f"docs/{language}/b.md:{2 + line}: `parry` is the id of an element written here and of the "
                    f"heading at docs/{language}/a.md:3: a link to it (a card's step, a cross-reference) lands on one "
                    "of the two, in no order a reader sees; give the element another id" for language in ("en", "fr")]


# A heading with no id of its own whose text makes a rule's id another page writes (found reading the
# hostile rounds' leftovers): the build refused it, at a card that links to the rule; the check passed it.
MADE_RULE_IDS = ["## Dodge and parry", "## Dodge and Parry", "##Dodge and parry", "## Dodge   and parry ##",
                 "Dodge and parry\n---", "> ## Dodge and parry", "## dodge-and-parry", "## Dodge *and* parry",
                 # made of the heading's text as Markdown renders it (a twenty-ninth hostile round)
                 "## [Dodge and parry](x.md)", "## Dodge&nbsp;and parry", "## Dodge and parry<!-- draft -->",
                 "## Dodge `and` parry", "## ![icon](x.png) Dodge and parry", "## Dodge <b>and</b> parry",
                 "## Dodge _and_ parry"]


@pytest.mark.parametrize("heading", MADE_RULE_IDS)
def test_a_heading_whose_text_makes_a_rules_id_is_refused_where_cards_link_to_it(tmp_path: Path, heading: str) -> None:
    rules = page() + "\n## Dodging or parrying { #dodge-and-parry }\n\nText.\n"
    pages = {"a.md": rules, "b.md": f"# Other\n\nText.\n\n{heading}\n\nMore.\n"}
    write_site(tmp_path, pages, pages)
    said = [line for line in located(tmp_path) if "is the id MkDocs makes" in line]
    assert said == [f"docs/{language}/b.md:5: `dodge-and-parry` is the id MkDocs makes of this heading's text, and "
                    f"the heading at docs/{language}/a.md:20 writes it for the rule the cards' steps link to: their "
                    "links may land here instead. Hint: give this heading an id of its own (`{ #another-id }` at its "
                    "end)" for language in ("en", "fr")]


@pytest.mark.parametrize("element", ['<span id="hostile-section"></span>', '<a name="hostile-section"></a>',
                                     "```{ .text #hostile-section }\nx\n```"])
def test_an_element_taking_the_id_a_heading_of_its_page_makes_is_refused(tmp_path: Path, element: str) -> None:
    """MkDocs numbers a made id apart from the ids of the elements it knows, not from raw HTML's or a
    fence's: `## Hostile section` and `<span id="hostile-section">` gave the page two of one id."""
    body = f"# Page\n\n## Hostile section\n\nText.\n\n{element}\n"
    write_site(tmp_path, {"a.md": body}, {"a.md": body})
    said = [line for line in located(tmp_path) if "the id MkDocs makes of the text of the heading at" in line]
    assert said == [f"docs/{language}/a.md:7: `hostile-section` is the id of an element written here and the id "
                    "MkDocs makes of the text of the heading at line 3: the built page would hold two elements of that "
                    "id, or the heading's numbered apart (`hostile-section_1`), and a link meant for it lands on the "
                    "element. Hint: give the element another id, or the heading one of its own"
                    for language in ("en", "fr")]


@pytest.mark.parametrize("pages", [
    {"a.md": page() + "\n## Dodging or parrying { #dodge-and-parry }\n\n## Dodge and parry\n"},  # MkDocs numbers it
    {"a.md": "# Rules\n\n## Dodging or parrying { #dodge-and-parry }\n", "b.md": "# Other\n\n## Dodge and parry\n"},
    {"a.md": page() + "\n## Dodging or parrying { #dodge-and-parry }\n",
     "b.md": "# B\n\n## Dodge and parry { #other }\n"},
])
def test_a_heading_whose_text_makes_an_id_no_card_reaches_elsewhere_is_no_problem(
        tmp_path: Path, pages: dict[str, str]) -> None:
    write_site(tmp_path, pages, pages)
    assert not [line for line in located(tmp_path) if "is the id MkDocs makes" in line]


@pytest.mark.parametrize("shown", [
    "`<span id=\"parry\">x</span>`", "```html\n<span id=\"parry\">x</span>\n```",
    "<!-- <span id=\"parry\">x</span> -->", "&lt;span id=\"parry\"&gt;", '<span title="id=parry">x</span>',
    # what Markdown writes as escaped text or attribute values (the twenty-seventh and -eighth rounds)
    "A paragraph.\n\n    <span id=\"parry\">x</span>", "A paragraph.\n\n\t<b id='parry'>x</b>",
    "See [the rule](a.md \"<span id='parry'>\") here.", "See [the rule](a.md '<span id=\"parry\">') here.",
    "*[HP]: hit points <span id=\"parry\">", 'A2 [link](<span id="parry">) here.', 'A3 ![<b id="parry">](x.png)',
    "A4 [ref][r1]\n\n[r1]: https://example.com/x \"<span id='parry'>\"", "[r2]: <https://example.com/<b id=parry>>",
    # attribute lists attr_list leaves as text (not a block's last line, a paragraph's line end), or in code
    "A line\n{: #parry }\nnot the last.", "A paragraph's end {: #parry }", "Write `[x](y){#parry}` so.",
    "```\n[x](y){#parry}\n```", "<!-- [x](y){#parry} -->", "A [link](x.md){: .only-a-class } here."])
def test_an_id_shown_as_code_text_or_a_value_is_no_element(tmp_path: Path, shown: str) -> None:
    pages = {"a.md": "# Rules\n\n## Parry { #parry }\n", "b.md": f"# Other\n\n{shown}\n"}
    write_site(tmp_path, pages, pages)
    assert not [line for line in located(tmp_path) if "is the id of an element" in line]


@pytest.mark.parametrize(("first", "second"), [
    ('<span id="note">a</span>', '<span id="note">b</span>'), ("<div/ID=note>a</div>", "<b id='note'>b</b>"),
    ('<a name="note"></a>', '<span id="note">b</span>'), ('<span id="note">a</span>', '<i@ t="<em id=note>">')])
def test_an_id_two_elements_of_a_page_hold_is_refused_at_the_second(tmp_path: Path, first: str, second: str) -> None:
    """The build refused a page holding two elements of one id, the check passed it (a twenty-seventh
    hostile round)."""
    body = f"# Page\n\nText {first} here.\n\nMore text {second} there.\n"
    write_site(tmp_path, {"a.md": body}, {"a.md": body})
    said = [line for line in located(tmp_path) if "and of another at line" in line]
    assert said == [f"docs/{language}/a.md:5: `note` is the id of an element written here and of another at line 3 "
                    "of this page: the built page would hold two elements of one id, and a link to it lands on the "
                    "first. Hint: give one of them another id" for language in ("en", "fr")]


def test_an_id_shown_once_as_code_and_once_as_an_element_is_held_once(tmp_path: Path) -> None:
    body = '# Page\n\nWrite `<span id="note">` to mark it: <span id="note">here</span>.\n'
    write_site(tmp_path, {"a.md": body}, {"a.md": body})
    assert not [line for line in located(tmp_path) if "and of another at line" in line]


def test_a_page_of_ids_written_twice_says_fifty_and_how_many_more(tmp_path: Path) -> None:
    body = "# Page\n\n" + "".join(f'<span id="d{n}">a</span> <span id=\'d{n}\'>b</span>\n\n' for n in range(400))
    write_site(tmp_path, {"a.md": body}, {"a.md": body})
    for language in ("fr", "en"):
        said = [line for line in located(tmp_path) if line.startswith(f"docs/{language}/a.md:")]
        assert len(said) == 51 and said[0].startswith(f"docs/{language}/a.md:3: `d0` is the id of an element")
        assert said[-1].startswith(f"docs/{language}/a.md:103: 350 more problems of this kind"), said[-1]


@pytest.mark.parametrize("written", [
    '!!! note\n\n    See <span id="parry">this</span>.',  # an admonition's content is live HTML
    '- An item\n\n    continued <span id="parry">here</span>.',  # so is a list item's
    '<div>\n\n    <span id="parry">x</span>\n\n</div>',  # and a raw HTML block's indented line
    "<span title='](x \"' id=parry class='\")'>Parry.</span>",  # a link title's look in a value
])
def test_an_id_markdown_shows_as_an_element_is_read_as_one(tmp_path: Path, written: str) -> None:
    """The check's masks took these for code, a title or a definition, and the build refused what
    the check passed (a twenty-eighth hostile round)."""
    pages = {"a.md": "# Rules\n\n## Parry { #parry }\n", "b.md": f"# Other\n\n{written}\n"}
    write_site(tmp_path, pages, pages)
    assert len([line for line in located(tmp_path) if "`parry` is the id of an element" in line]) == 2


