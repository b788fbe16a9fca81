"""Prose references: anything written like one that is not one is a located error (with the
reference it may mean), a reference where Markdown cannot show it (a link's address or title) is
refused, and one in an abbreviation's definition reaches the tooltip as its value, as text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.examples.references import check_references, find_lookalikes, find_references, in_link_target
from rulecheck.hosts.mkdocs_plugin import text_only
from tests.hosts.run_hosts import MKDOCS_YML, cli, mkdocs_build


@pytest.mark.parametrize(("written", "meant"), [
    ("{{ Elara-parry.damage }}", "{{ elara-parry.damage }}"),
    ("{{ elara_parry.damage }}", "{{ elara-parry.damage }}"),
    ("{{ a . b }}", "{{ a.b }}"),
    ("{{a.b|round}}", "{{ a.b }}"),
    ("{{ A.B | int }}", "{{ a.b }}"),
    ("{{ elara-parry }}", None),
    ("{{ .damage }}", None),
    ("{{}}", None),
    ("{{ elara-parry..damage }}", None),
    ("{{ élara.dégâts }}", None),
    ("{{ -x.y }}", None),
    ("{{ x.y z }}", None),
    ("{{ elara-parry.damage", "{{ elara-parry.damage }}"),
    ("{{ elara-parry.damage }", "{{ elara-parry.damage }}"),
    ("{{ x.y {{ a.b }}", "{{ x.y }}"),
    ("{{ x.y.", None),
])
@pytest.mark.parametrize("around", ["Prose {} here.", "# Heading {}", "> quoted {}", "- item {}", "| cell | {} |"])
def test_a_lookalike_is_a_located_error_with_the_reference_it_may_mean(
        written: str, meant: str | None, around: str) -> None:
    text = f"# Page\n\nSome text.\n{around.format(written)}\n"
    column = around.index("{}") + 1
    found = find_lookalikes(text)
    assert [(f.line, f.col, f.meant) for f in found][:1] == [(4, column, meant)]
    assert found[0].written.startswith(written.split(" {{")[0].rstrip("}").rstrip())
    problems = check_references("docs/page.md", text, [])
    assert problems[0].line == 4 and problems[0].col == column
    assert "looks like a prose reference but is not one" in problems[0].message
    assert (f"did you mean `{meant}`?" in problems[0].message) if meant else "a reference is" in problems[0].message


@pytest.mark.parametrize("text", [
    "{{ a.b }}", "{{a.b}}", "{{ a-1.b_c.d }}", "{{{ a.b }}}", "`{{ not one }}`", "``{{ x | y }}``",
    "```\n{{ a | b }}\n```", "~~~yaml\n{{ }}\n~~~", "one { brace } and }} alone", "{ {a.b} }",
])
def test_references_braces_and_code_are_no_lookalikes(text: str) -> None:
    assert find_lookalikes(f"# Page\n\n{text}\n") == []


def test_every_lookalike_of_a_page_is_reported_at_once() -> None:
    text = "A {{ A.b }} and {{ c_d.e }}.\n\nB {{ ok.fine }} {{ x }}\n"
    assert [(f.line, f.col) for f in find_lookalikes(text)] == [(1, 3), (1, 17), (3, 17)]
    assert len(check_references("p.md", text, [])) == 4  # and `ok.fine`, which names no example


@pytest.mark.parametrize("line", [
    "[a link]({{ a.b }})",
    "[a link](https://example.org/{{ a.b }})",
    '[a link](https://example.org/ "Total {{ a.b }}")',
    "![an image]({{ a.b }}.png)",
    "see [this](<{{ a.b }}>) now",
    "[x](u) then [y](v?n={{ a.b }})",
    "[label]: https://example.org/{{ a.b }}",
    '   [label]: https://example.org/ "{{ a.b }}"',
])
def test_a_reference_in_a_links_address_or_title_is_refused(line: str) -> None:
    text = f"# Page\n\n{line}\n"
    ref = find_references(text)[0]
    assert in_link_target(text, ref.start)
    problem = check_references("docs/page.md", text, [])[0]
    assert (problem.line, problem.col) == (3, line.index("{{") + 1)
    assert "link's address or title" in problem.message


@pytest.mark.parametrize(("line", "attribute"), [
    ('<a href="{{ a.b }}">x</a>', "href"),                       # a name of "javascript:alert(1)" ran
    ("<a href='{{ a.b }}'>x</a>", "href"),
    ("<a href={{ a.b }}>x</a>", "href"),
    ('<img src=x onerror="{{ a.b }}">', "onerror"),
    ('<IMG SRC="{{ a.b }}.png">', "src"),
    ('<span style="width: {{ a.b }}px">x</span>', "style"),
    ('<div data-x="{{ a.b }}" title="fine">x</div>', "data-x"),
    ('<a\n  class="c"\n  href="{{ a.b }}">x</a>', "href"),        # a tag over several lines
    ('<form action = "{{ a.b }}">', "action"),
    ("<a {{ a.b }}>x</a>", ""),                                   # in the tag, outside any value
    # a quoted angle bracket before the attribute ended the tag there for the scan, not for a browser
    ('<a title=">" href="{{ a.b }}">x</a>', "href"),
    ('<a title="<" href="{{ a.b }}">x</a>', "href"),
    ("<a title='a > b' onclick='{{ a.b }}'>x</a>", "onclick"),
    # an attribute list gives the paragraph, heading or link the attribute, whatever the tag
    ('A paragraph.\n{: onclick="{{ a.b }}" }', "onclick"),
    ('[x](#y){: href="{{ a.b }}" }', "href"),
    ("## Title { #t data-x='{{ a.b }}' }", "data-x"),
    ('Text {: .cls style={{ a.b }} }', "style"),
])
def test_a_reference_in_a_raw_html_attribute_that_is_not_text_is_refused(line: str, attribute: str) -> None:
    text = f"# Page\n\n{line}\n"
    problems = [p for p in check_references("docs/page.md", text, []) if "raw HTML tag" in p.message]
    assert len(problems) == 1, problems
    at = text.index("{{")
    assert (problems[0].line, problems[0].col) == (text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
    assert (f"the `{attribute}` attribute" if attribute else "the tag itself") in problems[0].message


@pytest.mark.parametrize("line", [
    '<abbr title="{{ a.b }} points">HP</abbr>', "<img alt='{{ a.b }}' src=x.png>", '<b aria-label="{{ a.b }}">x</b>',
    '<b>{{ a.b }}</b>', 'a < b and {{ a.b }} > c', '`<a href="{{ a.b }}">`',
    '<a href="x">x</a> {{ a.b }}',
    'Text {: title="{{ a.b }}" }', "{ {{ a.b }} }", "A set {x, y} and {{ a.b }}.",
])
def test_a_reference_shown_as_text_in_or_beside_raw_html_is_not_refused_for_it(line: str) -> None:
    assert not [p for p in check_references("docs/page.md", f"# Page\n\n{line}\n", []) if "raw HTML" in p.message]


@pytest.mark.parametrize("line", [
    "[{{ a.b }}](https://example.org/)", "[x](u) {{ a.b }}", "![alt {{ a.b }}](i.png)", "[^1]: note {{ a.b }}",
    "a (paren) ]( {{ a.b }}", "[x](u) and ({{ a.b }})",
])
def test_a_reference_beside_or_in_a_links_text_is_bound_as_usual(line: str) -> None:
    text = f"# Page\n\n{line}\n"
    ref = find_references(text)[0]
    assert not in_link_target(text, ref.start) or "]( {{" in line


@pytest.mark.parametrize("line", ["*[PV]: points de vie, {{ a.b }}", "*[Def PHY]: {{ a.b }}"])
def test_a_reference_in_an_abbreviations_definition_is_given_as_text(line: str) -> None:
    text = f"# Page\n\nPV\n\n{line}\n"
    assert text_only(text, find_references(text)[0].start)


@pytest.mark.parametrize(("text", "inside"), [
    ('<img src="x.png"\n     alt="Elara reaches {{ a.b }}">', True),
    ('<a href="#x"\n   title="{{ a.b }}">link</a>', True),
    ('<img\n  src="x.png"\n  alt="{{ a.b }}"\n>', True),
    ('Some <abbr\ntitle="x {{ a.b }}">PV</abbr>', True),
    ('<img src="x.png" alt="x">\nThen {{ a.b }}.', False),
    ('<img src="x.png"\n\nThen {{ a.b }}.', False),  # a blank line: no tag goes on past it
    ('<b>bold</b>\n{{ a.b }}', False),
    ('<img src="x.png"\n alt="y"> and {{ a.b }}', False),
])
def test_a_reference_inside_a_tag_begun_on_a_line_above_is_given_as_text(text: str, inside: bool) -> None:
    # Bound as an element there, its quotes ended the attribute and Markdown showed the tag as text.
    page = f"# Page\n\n{text}\n"
    assert text_only(page, find_references(page)[0].start) is inside


PAGE = """\
# Parade

Total {{{{ parry.reaction_total }}}}, PV et Def PHY.

*[PV]: {abbreviation}
*[Def PHY]: défense {{{{ parry.given.defender.name }}}}

```rulecheck
id: parry
rule: attack
given:
  defender: {{name: '{name}', level: 2, str: 4}}
  attack: {{total: 15}}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 23
```
"""


def test_an_abbreviation_shows_the_value_it_quotes_in_its_tooltip(tmp_path: Path) -> None:
    from tests.examples.test_data_is_text import CONFIG, Elements

    name = '<b onclick="alert(1)">[x](javascript:alert(2))</b> & *y*{: onclick=3 }'
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(
        PAGE.format(abbreviation="points de vie, total {{ parry.reaction_total }}", name=name), encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(CONFIG.replace("  - admonition\n", "  - admonition\n  - abbr\n"),
                                         encoding="utf-8")
    mkdocs_build(tmp_path)
    elements = Elements()
    elements.feed((tmp_path / "site" / "page" / "index.html").read_text(encoding="utf-8"))
    titles = {attrs.get("title") for tag, attrs in elements.tags if tag == "abbr"}
    assert titles == {"points de vie, total 23", f"défense {name}"}
    assert not [attrs for tag, attrs in elements.tags if any(key.startswith("on") for key in attrs)]


def test_the_command_line_reports_lookalikes_and_misplaced_references(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    text = PAGE.format(abbreviation="points", name="Elara") + (
        "\nDégâts {{ parry.Reaction_total }} et [lien](https://example.org/{{ parry.reaction_total }}).\n")
    (tmp_path / "docs" / "page.md").write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    result = cli(tmp_path, "check", "docs")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    # A field written in capitals is a reference (a grid's creatures have capital letters) to no field.
    assert lines[0] == ("docs/page.md:21:8: parry: Reaction_total: prose reference: example `parry` has no field "
                        "`Reaction_total`. Hint: did you mean `{{ parry.reaction_total }}`?")
    assert lines[1].startswith("docs/page.md:21:65: parry: reaction_total: prose reference in a link's address")


def test_references_on_one_line_are_each_judged_where_they_stand() -> None:
    text = "# P\n\n[x]({{ a.b }}) {{ a.b }} [y](u {{ a.b }} {{ a.b }}) [{{ a.b }}](v)\n[l]: {{ a.b }}\n{{ a.b }}\n"
    problems = check_references("p.md", text, [])
    misplaced = [(p.line, p.col) for p in problems if "link's address" in p.message]
    assert misplaced == [(3, 5), (3, 32), (3, 42), (4, 6)]


GROUPS_PAGE = """\
# Page

```rulecheck
id: parry
rule: attack
given:
  attacker: {name: Orc}
  defender: {name: the guard, level: 2, str: 4, def_phy: 16}
  attack: {kind: melee, total: 15, damage: 1d8+2, extra_damage: [1d4, 1d6]}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 23
```

```rulecheck
id: retreat
rule: opportunity
given:
  grid:
    map: |
      o A . .
    creatures:
      A: {name: Elara}
      o: {name: the orc}
  path: [[2, 0], [3, 0]]
expect:
  provokes: true
```
"""


@pytest.mark.parametrize(("reference", "group"), [
    ("parry.given", "a group of fields"),
    ("parry.given.defender", "a group of fields"),
    ("parry.given.attack", "a group of fields"),
    ("parry.trace", "a list of groups of fields"),
    ("retreat.given.grid", "a group of fields"),
    ("retreat.given.grid.creatures", "a group of values"),
    ("retreat.given.path", "a list of lists"),
    ("retreat.trace", "a list of groups of fields"),
])
def test_a_reference_to_a_group_of_fields_is_refused_not_shown_as_python(reference: str, group: str) -> None:
    # Such a value reached the page as its Python form (`name='Orc' level=0 def_phy=10…`): English
    # keys on a French page, and numbers no reader can place.
    from rulecheck.examples.check import check_page

    text = GROUPS_PAGE + f"\nQuoted: {{{{ {reference} }}}}.\n"
    ran = check_page("docs/page.md", text).outcomes
    assert all(o.result is not None for o in ran)
    problems = check_references("docs/page.md", text, ran)
    assert [(p.line, p.col, p.example_id, p.field) for p in problems] == [
        (text.count("\n"), 9, reference.split(".")[0], reference.split(".", 1)[1])]
    assert f"is {group}, not one value that prose can quote" in problems[0].message
    assert "Hint: " in problems[0].message


@pytest.mark.parametrize(("reference", "shown"), [
    ("parry.given.defender.str", "4"), ("parry.given.defender.name", "the guard"), ("parry.reaction_total", "23"),
    ("parry.given.attack.damage", "1d8+2"), ("parry.given.attack.extra_damage", "1d4, 1d6"),
    ("parry.given.attack.natural", "—"), ("retreat.provokes", "oui"), ("retreat.opportunity_from", "o"),
])
def test_a_reference_to_one_value_or_a_flat_list_is_quoted(reference: str, shown: str) -> None:
    from rulecheck.examples import render
    from rulecheck.examples.check import check_page
    from rulecheck.examples.references import resolve_reference

    text = GROUPS_PAGE + f"\nQuoted: {{{{ {reference} }}}}.\n"
    ran = check_page("docs/page.md", text).outcomes
    assert check_references("docs/page.md", text, ran) == []
    value = resolve_reference({o.id: o for o in ran if o.id}, *reference.split(".", 1))
    assert render.value(value, "fr") == shown


TWIN_EXAMPLE = """\
# Page

```rulecheck
id: p
rule: attack
given:
  defender: {name: the guard, level: 2, str: 4}
  attack: {total: 15, damage: 1d8}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 23
```

"""


def twin_quotes(tmp_path: Path, prose: dict[str, str]) -> None:
    for language, text in prose.items():
        page = tmp_path / "docs" / language / "page.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(TWIN_EXAMPLE + text + "\n", encoding="utf-8")


@pytest.mark.parametrize(("prose", "said"), [
    ({"fr": "Total {{ p.reaction_total }}.", "en": "Total 23."},
     ["docs/en/page.md:1: `{{ p.reaction_total }}` is quoted on its twin docs/fr/page.md:16, not on this page"]),
    ({"fr": "Total 24.", "en": "Total {{ p.reaction_total }}."},
     ["docs/fr/page.md:1: `{{ p.reaction_total }}` is quoted on its twin docs/en/page.md:16, not on this page"]),
    ({"fr": "Total {{ p.reaction_total }}, soit\n{{ p.reaction_total }}.", "en": "Total {{ p.reaction_total }}, 23."},
     ["docs/en/page.md:1: `{{ p.reaction_total }}` is quoted 2 times on its twin docs/fr/page.md:16, 1 time(s) on "
      "this page"]),
    ({"fr": "Niveau {{ p.given.defender.level }}, total {{ p.reaction_total }}.",
      "en": "Total {{ p.reaction_total }} at level {{ p.given.defender.level }}."}, []),
])
def test_twins_quote_the_same_values(tmp_path: Path, prose: dict[str, str], said: list[str]) -> None:
    # A value quoted on the French page and written by hand on the English one passed: the English
    # number was never checked, and would stay when the example changed.
    from rulecheck.examples.check import check_paths

    twin_quotes(tmp_path, prose)
    for checked in ([tmp_path / "docs"], [tmp_path / "docs" / "fr"], [tmp_path / "docs" / "en"]):
        problems = check_paths(checked, root=tmp_path).all_problems
        assert sorted(p.located().split(": a value written")[0] for p in problems) == said, checked
        assert all(p.kind == "parity" and p.message.endswith("where this page gives that value") for p in problems)


def test_a_reference_written_wrong_is_its_own_problem_not_a_parity_one(tmp_path: Path) -> None:
    from rulecheck.examples.check import check_paths

    twin_quotes(tmp_path, {"fr": "Total {{ p.reaction_total }}.", "en": "Total {{ p.reaction_totl }}."})
    problems = check_paths([tmp_path / "docs"], root=tmp_path).all_problems
    assert [(p.path, p.kind, p.field) for p in problems] == [("docs/en/page.md", "reference", "reaction_totl")]


BIG_MAP = """\
```rulecheck
id: big-map
title: A wide map
rule: positions
given:
  attack: ranged
  grid:
    map: |
      A . . . . . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . . . . . . D
    creatures:
      A: {name: the archer}
      D: {name: the wolf}
expect:
  distance: 19
```
"""


@pytest.mark.parametrize("around", [
    "Prose {} here.", "# Heading {}", "## {} and {}", "- item {}", "| cell | {} |\n|---|---|", "> {}",
    "*[ZQ]: {}\n\nZQ", "Many: " + "{} " * 30,
])
@pytest.mark.parametrize("field", ["given.grid.map", "given.grid.creatures.a.name"])
def test_a_reference_quotes_a_short_value_never_a_long_one(around: str, field: str) -> None:
    """A map quoted ten times in a heading made a title of 18,000 characters in every page's
    navigation, and thirty in a paragraph eight seconds of build: prose quotes a number, a name,
    dice, never more than 80 characters."""
    from rulecheck.examples.check import check_page

    text = f"# Page\n\n{around.format(*['{{ big-map.' + field + ' }}'] * around.count('{}'))}\n\n{BIG_MAP}"
    problems = check_references("docs/en/page.md", text, check_page("docs/en/page.md", text).outcomes)
    long = [p for p in problems if "prose quotes at most 80" in p.message]
    if field.endswith(".map"):
        assert long and all(p.line == 3 for p in long), problems
        assert all(p.example_id == "big-map" and p.field == field for p in long)
    else:
        assert long == [], problems


@pytest.mark.parametrize("definition", [
    "points de vie {{ a.b }}", "{{a.b}}", "x {{ a.b }} y {{ c.d }}", "{{ a.b", "{{ big-map.distance }}",
])
def test_a_glossary_definition_holds_no_reference(definition: str) -> None:
    """A glossary's definitions are copied into every page that uses their terms, where the
    glossary's examples are not: a reference there showed as written on every other page."""
    from rulecheck.examples.abbreviations import check_glossary

    text = f"# Glossary\n\n| Term | Meaning |\n|---|---|\n| ZQ | x |\n\n*[ZQ]: {definition}\n"
    problems = check_glossary("docs/en/glossary.md", text)
    assert [(p.line, p.col) for p in problems] == [(7, 8 + definition.index("{{"))]
    assert "copied into every page that uses the term" in problems[0].message
    assert check_glossary("docs/en/glossary.md", text.replace("{{", "{")) == []


@pytest.mark.parametrize(("field", "quoted", "meant"), [
    ("given.grid.creatures.A.name", "the archer", None),
    ("given.grid.creatures.D.name", "the wolf", None),
    ("given.grid.creatures.d.name", None, "given.grid.creatures.D.name"),
    ("given.grid.creatures.a.name", None, "given.grid.creatures.A.name"),
    ("given.grid.creatures.Z.name", None, None),
    ("given.Grid.creatures.D.name", None, "given.grid.creatures.D.name"),
    ("given.grid.creatures.D.Name", None, "given.grid.creatures.D.name"),
    ("Distance", None, "distance"),
    ("distance", 19, None),
])
def test_a_grid_creature_is_quoted_by_its_letter_in_its_own_case(field: str, quoted: object, meant: str | None) -> None:
    """A grid's creatures are keyed by letters whose case says whose side they are on (``D`` the
    defender, ``d`` another creature): prose names them by that letter, and a letter or a field
    in the wrong case is told the one that exists."""
    from rulecheck.examples.check import check_page
    from rulecheck.examples.references import resolve_reference

    text = f"# Page\n\nSee {{{{ big-map.{field} }}}}.\n\n{BIG_MAP}"
    outcomes = check_page("docs/en/page.md", text).outcomes
    problems = check_references("docs/en/page.md", text, outcomes)
    if quoted is not None:
        assert problems == []
        assert resolve_reference({o.id: o for o in outcomes if o.id}, "big-map", field) == quoted
        return
    assert [(p.line, p.example_id, p.field) for p in problems] == [(3, "big-map", field)]
    hint = f"Hint: did you mean `{{{{ big-map.{meant} }}}}`?"
    assert (hint in problems[0].message) == (meant is not None), problems[0].message
    assert "looks like a prose reference" not in problems[0].message



@pytest.mark.parametrize(("line", "inside"), [
    ("Total 99<!-- {{ a.b }} -->.", "an HTML comment"),
    ("<!--\nnote {{ a.b }}\n-->", "an HTML comment"),
    ("Text <!-- never closed {{ a.b }}", "an HTML comment"),
    ("<textarea>{{ a.b }}</textarea>", "a <textarea> element"),
    ('<script>var x = "{{ a.b }}";</script>', "a <script> element"),
    ("<STYLE>p::after { content: '{{ a.b }}' }</STYLE>", "a <style> element"),
    ("<template><b>{{ a.b }}</b></template>", "a <template> element"),
    ("<title>{{ a.b }}</title>", "a <title> element"),
    ("<textarea rows=2>\n\n{{ a.b }}", "a <textarea> element"),  # unclosed: to the end of the page
])
def test_a_reference_where_the_page_shows_no_text_is_refused(line: str, inside: str) -> None:
    """A reference in a comment counted for parity while the page showed a hand-written number
    beside it; in a <textarea> its markup showed as written, in a <script> it broke the script."""
    text = f"# Page\n\n{line}\n"
    problems = [p for p in check_references("docs/page.md", text, []) if "whose content the page" in p.message]
    at = text.index("{{")
    assert [(p.line, p.col) for p in problems] == [(text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))]
    assert f"inside {inside}," in problems[0].message


@pytest.mark.parametrize("line", [
    "<!-- a note --> {{ a.b }}", "<b>{{ a.b }}</b> <!-- after -->", "<titles>{{ a.b }}</titles>",
    "<script src=x></script> {{ a.b }}", "`<!-- {{ a.b }} -->` and {{ a.b }}",
])
def test_a_reference_beside_a_comment_or_a_script_is_shown(line: str) -> None:
    assert not [p for p in check_references("docs/page.md", f"# Page\n\n{line}\n", [])
                if "whose content the page" in p.message]
