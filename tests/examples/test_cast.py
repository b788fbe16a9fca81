"""The cast: recurring characters defined once in ``cast.yml``, named by examples with ``cast:``."""

from __future__ import annotations

import html
import json
import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.examples.cast import BASE_FIELDS, cast_file_for, cast_markdown, load_cast, parse_cast
from rulecheck.examples.check import check_paths
from rulecheck.examples.pages import MAX_PAGE_BYTES
from rulecheck.examples.render import capitalized
from rulecheck.examples.schema import json_schema
from rulecheck.examples.update import plan_updates
from tests.hosts.run_hosts import cli

CAST = """\
# the cast
elara:
  name: Elara
  role: {fr: guerrière agile, en: nimble warrior}
  level: 2
  str: 4
  def_phy: 16
  hp_max: 20
aldric:
  name: {fr: Frère Aldric, en: Brother Aldric}
  hit_dice: 2d4
"""

EXAMPLE = """# Page

Niveau {{{{ parry.given.defender.level }}}}, total {{{{ parry.reaction_total }}}}.

```rulecheck
id: parry
rule: attack
given:
  attacker: {{name: {attacker}}}
  defender: {{{defender}}}
  attack: {{kind: melee, total: 15}}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 23
```
"""


def site(root: Path, fr: str, en: str | None = None, cast: str | None = CAST) -> Path:
    for language, text in (("fr", fr), ("en", fr if en is None else en)):
        (root / "docs" / language).mkdir(parents=True, exist_ok=True)
        (root / "docs" / language / "page.md").write_text(text, "utf-8")
    if cast is not None:
        (root / "docs" / "cast.yml").write_text(cast, "utf-8")
    return root


def page(defender: str = "cast: elara", attacker: str = "Orque") -> str:
    return EXAMPLE.format(defender=defender, attacker=attacker)


def problems(root: Path) -> list[str]:
    return [p.located() for p in check_paths([root / "docs"], root=root).all_problems]


# --- The cast file --------------------------------------------------------------------------------

def test_a_cast_file_gives_each_member_its_names_role_and_base_statistics() -> None:
    cast = parse_cast(CAST, "docs/cast.yml")
    assert not cast.problems
    elara, aldric = cast.members["elara"], cast.members["aldric"]
    assert elara.stats == {"level": 2, "str": 4, "def_phy": 16, "hp_max": 20}
    assert (elara.name("fr"), elara.role("fr"), elara.role("en")) == ("Elara", "guerrière agile", "nimble warrior")
    assert (aldric.name("fr"), aldric.name("en")) == ("Frère Aldric", "Brother Aldric")
    assert aldric.stats == {"hit_dice": "2d4"}
    assert cast.where(elara, "def_phy") == "docs/cast.yml:7"


def test_every_mistake_of_a_cast_file_is_located_and_sound_members_are_kept() -> None:
    text = (CAST + "bad:\n  name: Bob\n  levl: 3\n  def_phy: 99\n  hit_dice: 2d\n"
            "Bad Id:\n  name: X\nnameless:\n  level: 1\ntwin:\n  name: elara\n")
    cast = parse_cast(text, "docs/cast.yml")
    assert [p.located() for p in cast.problems] == [
        "docs/cast.yml:14:3: cast member `bad`: unknown key `levl`; did you mean `level`?",
        "docs/cast.yml:15:3: cast member `bad`: `def_phy`: Input should be less than or equal to 60 (got 99)",
        "docs/cast.yml:16:3: cast member `bad`: `hit_dice`: " + cast.problems[2].message.split("`hit_dice`: ")[1],
        "docs/cast.yml:17:1: cast member `Bad Id`: an id is a lowercase letter then up to 39 lowercase letters, "
        "digits and dashes",
        "docs/cast.yml:19:1: cast member `nameless`: missing `name`",
        "docs/cast.yml:21: cast member `twin`: the name `elara` is already `elara`'s",
    ]
    assert "2d" in cast.problems[2].message
    assert set(cast.members) == {"elara", "aldric", "twin"} and cast.broken == {"bad", "Bad Id", "nameless"}


@pytest.mark.parametrize("entry", [
    'name: "\u3000"', "name: '   '", 'name: {fr: Zed, en: "\u2800"}', "name: Zed\n  role: ' '",
    "name: Zed\n  role: {fr: '  ', en: x}",
])
def test_a_cast_text_of_blank_characters_is_refused(entry: str) -> None:
    """A cast member named with one ideographic space read "　 attacks the dummy" on its cards: the
    cast refuses the blank texts an example refuses."""
    cast = parse_cast(CAST + f"blank:\n  {entry}\n", "docs/cast.yml")
    assert [p.message for p in cast.problems if "blank" in p.message] == [
        next(f"cast member `blank`: `{key}` holds only blank characters, which a page shows as nothing. Hint: write "
             "the text, or leave the key out" for key in ("role", "name") if f"{key}: " in entry.split("\n")[-1])]
    assert "blank" in cast.broken


def test_a_cast_file_that_is_not_yaml_is_one_located_problem(tmp_path: Path) -> None:
    (tmp_path / "cast.yml").write_text("elara:\n  name: [Elara\n", "utf-8")
    cast = load_cast(tmp_path / "cast.yml", "cast.yml")
    assert not cast.loaded and len(cast.problems) == 1
    assert cast.problems[0].located().startswith("cast.yml:3:1: cast file: invalid YAML")


@pytest.mark.parametrize(("text", "said"), [
    ("elara: &e\n  name: Elara\nkael: *e\n", "YAML anchors and aliases are not allowed in this file"),
    ("elara:\n  <<: {name: Elara}\n", "YAML merge keys (`<<`) are not allowed in this file"),
    ("elara: !member\n  name: Elara\n", "YAML tag `!member` is not allowed in this file"),
    ("elara: !" + "x" * 5_000 + "\n  name: Elara\n", "YAML tag `!" + "x" * 38 + "…` is not allowed in this file"),
    ("elara:\n  name: Elara\ufeff\n", "byte-order mark inside this file"),
    ("elara:\n  name: Elara\u2028\n", "Unicode line separator (U+2028) inside this file"),
    ("elara:\n\tname: Elara\n", "a tab character, where YAML allows only spaces"),
])
def test_a_cast_file_s_yaml_refusals_speak_of_the_file_not_of_examples(text: str, said: str) -> None:
    messages = [p.message for p in parse_cast(text, "docs/cast.yml").problems]
    assert messages and messages[0].startswith(f"cast file: {said}"), messages
    assert not any("example" in message for message in messages), messages


# A cast file is read as a page is: bounded, a regular file, UTF-8 (an outside tester's 5 GB cast.yml
# stopped the check with a MemoryError; a folder or a device was said not to exist)

def unreadable_cast(tmp_path: Path, make: Callable[[Path], object]) -> list[str]:
    """What a check of a page naming `elara` says when ``make`` put something at docs/cast.yml."""
    site(tmp_path, page(), cast=None)
    make(tmp_path / "docs" / "cast.yml")
    return problems(tmp_path)


def sparse_file_past_the_limit(file: Path) -> None:
    file.touch()
    os.truncate(file, MAX_PAGE_BYTES + 1)  # a hole: no disk written, no byte read past the limit


def link_to_a_fifo(file: Path) -> None:
    os.mkfifo(file.with_name("pipe"))
    file.symlink_to("pipe")


@pytest.mark.parametrize(("make", "reason"), [
    (Path.mkdir, "it is a folder, not a regular file"),
    (os.mkfifo, "it is a FIFO, not a regular file"),
    (lambda file: file.symlink_to("/dev/zero"), "it is a device, not a regular file"),
    (lambda file: file.symlink_to("/dev/null"), "it is a device, not a regular file"),
    (link_to_a_fifo, "it is a FIFO, not a regular file"),
    (lambda file: file.symlink_to("gone.yml"), "it is a link to gone.yml, which does not exist"),
    (sparse_file_past_the_limit, f"more than {MAX_PAGE_BYTES:,} bytes, the most rulecheck reads from one file"),
])
def test_a_cast_file_that_cannot_be_read_says_what_it_is_and_every_use_fails(
    tmp_path: Path, make: Callable[[Path], object], reason: str,
) -> None:
    found = unreadable_cast(tmp_path, make)
    pipe = [line for line in found if line.startswith("docs/pipe:1: MkDocs copies every file")]
    assert len(pipe) == (make is link_to_a_fifo)  # the FIFO the link leads to: MkDocs would copy it too
    found = [line for line in found if line not in pipe]
    assert found[0] == f"docs/cast.yml:1: cannot read the cast file: {reason}"
    uses = ("given.defender.cast: cast member `elara` cannot be used: docs/cast.yml has errors (see them there)")
    assert [line.split(": ", 2)[-1] for line in found[1:]] == [uses, uses]  # both languages, in the same run


@pytest.mark.parametrize(("raw", "where"), [
    (b"elara:\n  name: Elara\n  role: gu\xe9rri\xe8re\n", "3:11"),  # Latin-1, line 3
    (b"elara:\r\n  name: Elara\r\n  role: gu\xe9rri\xe8re\r\n", "3:11"),  # the same with CRLF
    (b"\xef\xbb\xbfelara:\n  name: Elara\n  role: gu\xe9rri\xe8re\n", "3:11"),  # a BOM is no column
    (b"elara:\r  name: \xc3\x89lara\r  role: \xc3\xa9\xff\n", "3:10"),  # CR alone, a letter of two bytes
    (b"\xff", "1:1"),
])
def test_a_cast_file_that_is_not_utf8_is_located_at_its_line_and_column(
    tmp_path: Path, raw: bytes, where: str,
) -> None:
    found = unreadable_cast(tmp_path, lambda file: file.write_bytes(raw))
    byte = "0xe9" if b"\xe9" in raw else "0xff"
    assert found[0] == f"docs/cast.yml:{where}: the cast file is not valid UTF-8 (byte {byte})"
    assert len(found) == 3


@pytest.mark.parametrize("raw", [CAST.encode(), b"\xef\xbb\xbf" + CAST.encode(),
                                 CAST.replace("\n", "\r\n").encode(), CAST.replace("\n", "\r").encode()])
def test_a_cast_file_with_a_bom_or_crlf_is_read_with_its_lines(tmp_path: Path, raw: bytes) -> None:
    (tmp_path / "cast.yml").write_bytes(raw + b"oops:\n  name: X\n  levle: 1\n".replace(b"\n", raw[-1:]))
    cast = load_cast(tmp_path / "cast.yml", "cast.yml")
    assert set(cast.members) == {"elara", "aldric"} and cast.members["elara"].stat_lines["def_phy"] == 7
    assert [p.located() for p in cast.problems] == [
        "cast.yml:14:3: cast member `oops`: unknown key `levle`; did you mean `level`?"]


def test_a_missing_cast_file_is_an_empty_cast_not_a_problem(tmp_path: Path) -> None:
    cast = load_cast(tmp_path / "cast.yml", "cast.yml")
    assert (cast.exists, cast.problems) == (False, [])


def test_the_command_line_reports_an_unreadable_cast_file_without_a_traceback(tmp_path: Path) -> None:
    site(tmp_path, page(), cast=None)
    os.mkfifo(tmp_path / "docs" / "cast.yml")
    result = cli(tmp_path, "check", "docs")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit | None)
    assert "docs/cast.yml:1: cannot read the cast file: it is a FIFO, not a regular file" in result.output
    assert "Traceback" not in result.output


def test_the_cast_of_a_page_is_beside_its_language_folder_or_beside_it() -> None:
    assert cast_file_for(Path("/site/docs/fr/a/b.md")) == Path("/site/docs/cast.yml")
    assert cast_file_for(Path("/site/docs/en/b.md")) == Path("/site/docs/cast.yml")
    assert cast_file_for(Path("/case/docs/page.md")) == Path("/case/docs/cast.yml")


# --- Examples that name a member ------------------------------------------------------------------

def test_a_member_is_written_into_the_example_with_its_name_in_the_pages_language(tmp_path: Path) -> None:
    site(tmp_path, page(), page(attacker="Orc"))
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert report.ok, [p.located() for p in report.all_problems]
    for language in ("fr", "en"):
        parsed = report.pages[f"docs/{language}/page.md"].by_id()["parry"].parsed
        assert parsed is not None
        defender = parsed.example.given.defender
        assert (defender.name, defender.level, defender.strength, defender.def_phy) == ("Elara", 2, 4, 16)
        assert parsed.cast == (("elara", "Elara"),)
        assert parsed.data["given"]["defender"] == {"cast": "elara"}  # twins compare what is written
        assert parsed.line_of(("given", "defender", "level")) == 10  # the line of `cast:`


def test_situational_fields_stay_the_examples_own(tmp_path: Path) -> None:
    site(tmp_path, page("cast: elara, posture: [A]"))
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert report.ok
    defender = report.pages["docs/fr/page.md"].by_id()["parry"].parsed.example.given.defender  # type: ignore[union-attr]
    assert (defender.posture, defender.def_phy) == (("A",), 16)


def test_a_resting_or_dying_character_takes_its_maximum_hp_or_hit_dice_from_the_cast(tmp_path: Path) -> None:
    rest = ("```rulecheck\nid: rest\nrule: rest\ngiven:\n  character: {cast: elara, hp: 7}\n  kind: long\n"
            "  regain: {hp: 20}\nexpect:\n  hp: 20\n```\n\n"
            "```rulecheck\nid: dying\nrule: dying\ngiven:\n  cast: aldric\n"
            "  below_zero: 5\ndice:\n  hit_dice: [3, 4]\nexpect:\n  below_zero: 12\n```\n")
    site(tmp_path, rest)
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    assert report.ok, [p.located() for p in report.all_problems]
    dying = report.pages["docs/en/page.md"].by_id()["dying"].parsed
    assert dying is not None and dying.example.given.name == "Brother Aldric"


def test_a_prose_reference_quotes_a_statistic_that_comes_from_the_cast(tmp_path: Path) -> None:
    from rulecheck.examples.references import resolve_reference

    site(tmp_path, page())
    report = check_paths([tmp_path / "docs"], root=tmp_path)
    outcomes = report.pages["docs/fr/page.md"].by_id()
    assert resolve_reference(outcomes, "parry", "given.defender.level") == 2
    # by the key an example writes (`str`) as well as the engine's own name (`strength`)
    assert resolve_reference(outcomes, "parry", "given.defender.str") == 4
    assert resolve_reference(outcomes, "parry", "given.defender.strength") == 4


def test_overriding_a_base_statistic_is_a_located_error_with_a_hint(tmp_path: Path) -> None:
    site(tmp_path, page("cast: elara, def_phy: 13, con: 1"))
    assert problems(tmp_path)[:2] == [
        "docs/en/page.md:10:27: parry: given.defender.def_phy: `def_phy` is a base statistic of cast member "
        "`elara` (`def_phy: 16` in docs/cast.yml:7); an example may not change it. Hint: remove `def_phy` "
        "here; or, if Elara really differs, change `def_phy` in docs/cast.yml, for every page",
        "docs/en/page.md:10:40: parry: given.defender.con: `con` is a base statistic of cast member `elara` "
        "(the rules' default: docs/cast.yml:2 does not set it); an example may not change it. Hint: remove "
        "`con` here; or, if Elara really differs, change `con` in docs/cast.yml, for every page",
    ]


def test_a_name_beside_cast_is_refused(tmp_path: Path) -> None:
    site(tmp_path, page("cast: elara, name: Elara la brave"))
    assert problems(tmp_path)[0] == (
        "docs/en/page.md:10:27: parry: given.defender.name: the name of cast member `elara` comes from the "
        "cast (Elara). Hint: remove `name` here")


def test_an_unknown_member_is_a_located_error_with_did_you_mean(tmp_path: Path) -> None:
    site(tmp_path, page("cast: elra"))
    assert problems(tmp_path) == [
        f"docs/{language}/page.md:10:14: parry: given.defender.cast: unknown cast member `elra`; "
        "did you mean `elara`?" for language in ("en", "fr")
    ]


def test_an_unknown_member_far_from_any_id_lists_the_cast(tmp_path: Path) -> None:
    site(tmp_path, page("cast: zorglub"))
    assert problems(tmp_path)[0].endswith(
        "unknown cast member `zorglub`; the cast of docs/cast.yml is aldric, elara")


@pytest.mark.parametrize("cast", ["", "# no one yet\n", "{}\n"])
def test_an_unknown_member_of_an_empty_cast_says_the_cast_names_no_one(tmp_path: Path, cast: str) -> None:
    """It said "the cast of docs/cast.yml is " and stopped (a twenty-second hostile round)."""
    site(tmp_path, page("cast: zorglub"), cast=cast)
    assert [line for line in problems(tmp_path) if "zorglub" in line] == [
        f"docs/{language}/page.md:10:14: parry: given.defender.cast: unknown cast member `zorglub`; "
        "docs/cast.yml names no cast member" for language in ("en", "fr")]


@pytest.mark.parametrize("count", [21, 150])
def test_an_unknown_member_of_a_big_cast_lists_its_first_members_and_counts_the_rest(tmp_path: Path,
                                                                                    count: int) -> None:
    cast = "".join(f"m{n:05}: {{name: M{n}}}\n" for n in range(count))
    site(tmp_path, page("cast: zorglub"), cast=cast)
    said = next(line for line in problems(tmp_path) if "zorglub" in line)
    listed = ", ".join(f"m{n:05}" for n in range(20))
    assert said.endswith(f"the cast of docs/cast.yml is {listed} and {count - 20:,} more")


HINT = "Hint: write a creature's name in Latin letters (with their accents, and æ, œ, ø, ß, ð, þ, ł, đ)"


@pytest.mark.parametrize(("name", "script"), [
    ("\u13ac\u13de\u13aa\u13a1\u13aa", "Cherokee"), ("\ua4f0\ua4e1\ua4ee\ua4e3\ua4ee", "Lisu"),
    ("El\u0561ra", "Armenian"), ("\u2c80lara", "Coptic"), ("Ela\u1d26a", "Greek"),
    # letters of Greek and Cyrillic no table of look-alikes held (a twenty-fifth hostile round)
    ("A\u0142i\u03f2e", "Greek"), ("El\u0430\u0433a", "Cyrillic"), ("\u0391lice", "Greek"),
])
def test_a_name_in_letters_of_another_script_is_refused(tmp_path: Path, name: str, script: str) -> None:
    """« ᎬᏞᎪᎡᎪ » (Cherokee) and « ꓰꓡꓮꓣꓮ » (Lisu) read « ELARA » and passed for new creatures (a
    twenty-third hostile round), and « Elaгa », with a Cyrillic ghe, « Elara » (a twenty-fifth): no
    table holds every script's look-alikes, so a name is written in Latin letters."""
    site(tmp_path, page(f'name: "{name}", def_phy: 16'))
    said = [line for line in problems(tmp_path) if "script" in line]
    assert said == [f"docs/{language}/page.md:10:14: parry: given.defender.name: `{name}` holds letters of the "
                    f"{script} script, some of which look like Latin letters: a reader may take it for another name. "
                    f"{HINT}" for language in ("en", "fr")]


@pytest.mark.parametrize(("name", "letter"), [
    ("A\u01c0i\u03f2e", "\u01c0"), ("To\u0185i\u014b", "\u0185"), ("Bra\u014bn", "\u014b"),
    ("\u1d07\u029fara", "\u1d07"), ("Ysol\u0256e", "\u0256"), ("E\u0131ara", "\u0131"),
    ("Kae\u0269", "\u0269"), ("\u0251lice", "\u0251"),
])
def test_a_latin_letter_names_do_not_write_is_refused(tmp_path: Path, name: str, letter: str) -> None:
    """« Aǀiϲe », with a Latin click letter, « Toƅiŋ », « Braŋn » passed for new creatures beside Alice,
    Tobin and Brann (a twenty-fifth hostile round): the Latin script holds look-alikes of its own."""
    site(tmp_path, page(f'name: "{name}", def_phy: 16'))
    said = [line for line in problems(tmp_path) if "names do not write" in line]
    assert said == [f"docs/{language}/page.md:10:14: parry: given.defender.name: `{name}` holds « {letter} » "
                    f"({unicodedata.name(letter).lower()}), a letter names do not write, which may look like another: "
                    f"a reader may take it for another name. {HINT}" for language in ("en", "fr")]


@pytest.mark.parametrize("name", ["Ælfric", "Ødegaard", "l\u02bcorc", "Frère Aldric", "Brann", "the \uff47\uff4f\uff4c",
                                  "\U0001d400\U0001d41b\U0001d41c", "Łukasz", "Þórr", "Œdipe", "Straße", "Đorđe",
                                  "Ðan", "ZOË", "Çelik"])
def test_a_name_in_latin_letters_and_their_marks_passes(tmp_path: Path, name: str) -> None:
    site(tmp_path, page(f'name: "{name}", def_phy: 16'))
    assert not [line for line in problems(tmp_path) if "script" in line]


def test_a_members_display_name_suggests_its_id(tmp_path: Path) -> None:
    site(tmp_path, page("cast: Frère Aldric"))
    assert problems(tmp_path)[0].endswith("unknown cast member `Frère Aldric`; did you mean `aldric`?")


def test_a_member_written_out_under_its_name_points_to_the_cast(tmp_path: Path) -> None:
    site(tmp_path, page("name: elara, level: 2, str: 4"), page("name: Brother Aldric"))
    assert problems(tmp_path) == [
        "docs/en/page.md:10:14: parry: given.defender.name: Brother Aldric is in the cast (docs/cast.yml:9): "
        "write `cast: aldric` instead of `name: Brother Aldric`. Hint: a cast member has the same statistics "
        "on every page; give another creature another name",
        "docs/fr/page.md:10:14: parry: given.defender.name: Elara is in the cast (docs/cast.yml:2): write "
        "`cast: elara` instead of `name: elara`. Hint: a cast member has the same statistics on every page; "
        "give another creature another name",
    ]


def test_cast_where_no_character_stands_is_refused(tmp_path: Path) -> None:
    site(tmp_path, page().replace("attack: {kind: melee, total: 15}", "attack: {kind: melee, total: 15, cast: elara}"))
    assert problems(tmp_path)[0] == (
        "docs/en/page.md:11:36: parry: given.attack.cast: `cast` names a character of the cast, and "
        "`given.attack` describes no character")


def test_a_member_without_a_cast_file_is_an_error(tmp_path: Path) -> None:
    site(tmp_path, page(), cast=None)
    assert problems(tmp_path)[0] == (
        "docs/en/page.md:10:14: parry: given.defender.cast: unknown cast member `elara`: there is no cast "
        "file (docs/cast.yml does not exist)")


def test_a_member_of_a_broken_cast_file_is_reported_once_on_the_file(tmp_path: Path) -> None:
    site(tmp_path, page(), cast="elara:\n  name: Elara\n  level: -3\n")
    found = problems(tmp_path)
    assert found[0] == ("docs/cast.yml:3:3: cast member `elara`: `level`: Input should be greater than or equal "
                        "to 0 (got -3)")
    assert found[1].endswith("given.defender.cast: cast member `elara` cannot be used: docs/cast.yml has errors "
                             "(see them there)")
    assert len(found) == 3


def test_twins_must_name_the_same_member(tmp_path: Path) -> None:
    site(tmp_path, page(), page("cast: aldric"))
    assert problems(tmp_path)[0].startswith(
        "docs/en/page.md:10: parry: given.defender.cast: differs from its twin docs/fr/page.md:10: aldric here, "
        "elara there")


def test_the_update_command_rewrites_expect_values_of_examples_naming_members(tmp_path: Path) -> None:
    site(tmp_path, page().replace("reaction_total: 23", "reaction_total: 24"))
    edits, skipped = plan_updates(check_paths([tmp_path / "docs"], root=tmp_path), tmp_path)
    assert not skipped and sorted((e.path, e.old, e.new) for e in edits) == [
        ("docs/en/page.md", "24", "23"), ("docs/fr/page.md", "24", "23")]


# --- What authors and tools see ----------------------------------------------------------------------

def test_the_json_schema_documents_cast_on_every_character_and_names_the_base_statistics() -> None:
    definitions = json_schema()["$defs"]
    combatant = definitions["Combatant"]["properties"]["cast"]
    assert combatant["type"] == "string" and "level" in combatant["description"]
    assert "posture" not in combatant["description"]
    assert definitions["Resting"]["anyOf"] == [{"required": ["hp", "hp_max"]}, {"required": ["cast", "hp"]}]
    assert "cast" in definitions["DyingInput"]["properties"] and "cast" in definitions["Enemy"]["properties"]
    assert "cast" not in definitions["Attack"]["properties"]


def test_the_cast_list_shows_each_member_in_the_pages_language_with_its_appearances() -> None:
    cast = parse_cast(CAST, "docs/cast.yml")
    french = cast_markdown(cast, "fr", {"elara": [("Elara pare [la hache] & <co>", "reactions.html#ex-parry")]})
    assert "## Elara { #cast-elara }\n\n*guerrière agile*\n\n| Niveau | FOR | Def PHY | PV max |" in french
    assert "| 2 | +4 | 16 | 20 |" in french
    title = "Elara pare &#91;la hache&#93; &#38; &#60;co&#62;"  # every punctuation character, inert
    assert f'Apparaît dans\u00a0: <a href="reactions.html#ex-parry">{title}</a>' in french
    english = cast_markdown(cast, "en", {})
    assert "## Brother Aldric { #cast-aldric }" in english and "| Hit dice |" in english
    assert "Appears in: no example yet" in english


HOSTILE = (
    "[click me](javascript:alert(document.domain))",
    "*x*{: onmouseover=alert(2) }",
    '<a href="javascript:alert(3)">x</a>',
    "<img src=x onerror=alert(4)>",
    "[five](&#106;avascript:alert(5))",
    "&lt;b onclick=alert(6)&gt; &amp;",
    "__y__{ onfocus=alert(7) } `code` \\[esc\\]",
    "<javascript:alert(8)> ![i](javascript:alert(9))",
)


@pytest.mark.parametrize("text", HOSTILE)
def test_the_cast_page_shows_titles_names_and_roles_as_their_own_characters(text: str) -> None:
    import markdown

    from tests.examples.test_data_is_text import Elements

    member = json.dumps(text[:70])
    cast = parse_cast(f"m:\n  name: {member}\n  role: {member}\n  level: 2\n", "docs/cast.yml")
    assert not cast.problems
    written = cast_markdown(cast, "en", {"m": [(text, "attack.html#ex-x"), (text + "!", "turn.html#ex-y")]})
    rendered = markdown.markdown(written, extensions=["abbr", "attr_list", "md_in_html", "tables", "toc"])
    elements = Elements()
    elements.feed(rendered)
    live = [(tag, attrs) for tag, attrs in elements.tags
            if any(name.startswith("on") or "javascript" in (value or "").lower() for name, value in attrs.items())]
    assert live == []
    assert [attrs for tag, attrs in elements.tags if tag in ("a", "img")] == [
        {"href": "attack.html#ex-x"}, {"href": "turn.html#ex-y"}]
    assert [tag for tag, _ in elements.tags if tag in ("em", "strong", "code", "b")] == ["em"]  # the role's
    shown = html.unescape(re.sub(r"<[^>]*>", "", rendered))
    assert shown.count(text[:70]) >= 2 and text in shown and text + "!" in shown


def test_every_base_statistic_is_a_field_of_some_character_model() -> None:
    for key, (model, name) in BASE_FIELDS.items():
        assert (model.model_fields[name].alias or name) == key


def test_the_command_line_runs_a_standalone_example_naming_a_member(tmp_path: Path) -> None:
    site(tmp_path, page())
    (tmp_path / "docs" / "example.yml").write_text(
        "id: x\nrule: attack\ngiven:\n  defender: {cast: elara}\n  attack: {total: 15}\n  reaction: parry\n"
        "dice:\n  reaction: [17]\n", "utf-8")
    result = cli(tmp_path, "run", "docs/example.yml")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["result"]["reaction_total"] == 23


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_sites_cast_is_sound_and_lists_the_seeds_numbers(language: str) -> None:
    root = Path(__file__).resolve().parents[2]
    cast = load_cast(root / "docs" / "cast.yml", "docs/cast.yml")
    assert cast.exists and not cast.problems
    # The rulebook's own numbers (seed 000/001): Elara level 2 and STR 4, Alice Def PHY 18, the knight 24.
    assert cast.members["elara"].stats["level"] == 2 and cast.members["elara"].stats["str"] == 4
    assert cast.members["alice"].stats["def_phy"] == 18 and cast.members["knight"].stats["def_phy"] == 24
    assert cast.members["brother-aldric"].stats["hit_dice"] == "2d4"
    assert "<!-- rulecheck-cast -->" in (root / "docs" / language / "cast.md").read_text("utf-8")


@pytest.mark.build
def test_the_built_cast_pages_show_the_cast_files_numbers_and_cards_link_to_them(offline_site: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    cast = load_cast(root / "docs" / "cast.yml", "docs/cast.yml")
    for language, folder in (("fr", offline_site), ("en", offline_site / "en")):
        text = (folder / "cast.html").read_text("utf-8")
        for member in cast.members.values():
            heading = re.search(f'<h2 id="cast-{member.id}">(.*?)<a', text)  # a heading: « Le gobelin »
            assert heading and html.unescape(heading[1]) == capitalized(member.name(language))
        elara = text[text.index('id="cast-elara"'):text.index('id="cast-alice"')]
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", elara)
        assert "+4" in cells and "16" in cells  # seed 000: STR 4; her Def PHY
        assert 'href="reactions.html#ex-elara-parry"' in elara  # where she appears
        card = (folder / "reactions.html").read_text("utf-8")
        assert '<a class="rc-cast__member" href="cast.html#cast-elara">Elara</a>' in card
    assert not (offline_site / "cast.yml").exists()  # the data stays out of the published site


def test_a_page_listing_the_cast_without_a_cast_file_is_a_located_problem(tmp_path: Path) -> None:
    site(tmp_path, "# Les personnages\n\nTexte.\n\n<!-- rulecheck-cast -->\n", cast=None)
    assert problems(tmp_path) == [
        f"docs/{language}/page.md:5: the page lists the cast (<!-- rulecheck-cast -->), and there is no cast "
        "file: write docs/cast.yml beside the language folders" for language in ("en", "fr")
    ]


def test_parse_block_alone_finds_the_pages_cast_and_language(tmp_path: Path) -> None:
    from rulecheck.examples.finder import find_blocks
    from rulecheck.examples.schema import parse_block

    site(tmp_path, page())
    path = tmp_path / "docs" / "en" / "page.md"
    parsed = parse_block(find_blocks(path.read_text("utf-8"), str(path))[0])
    assert not isinstance(parsed, list) and parsed.example.given.defender.def_phy == 16


# --- A near-duplicate of a member's name ------------------------------------------------------------

@pytest.mark.parametrize(("name", "member", "own"), [
    ("Elra", "elara", "Elara"),                    # a letter missing
    ("Elarra", "elara", "Elara"),                  # a letter added
    ("Elera", "elara", "Elara"),                   # a letter changed
    ("Elaar", "elara", "Elara"),                   # two neighbours swapped
    ("ELARA ", "elara", "Elara"),                  # case and a trailing space
    ("Élara", "elara", "Elara"),                   # an accent
    ("Frere Aldric", "aldric", "Frère Aldric"),    # an accent dropped
    ("frère-aldric", "aldric", "Frère Aldric"),    # a dash for the space
    ("Brother Aldrik", "aldric", "Brother Aldric"),
    ("Brothr Aldrc", "aldric", "Brother Aldric"),  # two slips in a long name
    ("\u0415l\u0430r\u0430", "elara", "Elara"),     # Cyrillic Е and а, which read as Latin
    ("\u0395l\u03b1r\u03b1", "elara", "Elara"),     # Greek Ε and α
    ("Br\u043ether Aldr\u0456c", "aldric", "Brother Aldric"),  # Cyrillic о and і
    # Latin letters in other forms, which NFKD leaves as they are (a twenty-second hostile round)
    ("El\u0251r\u0251", "elara", "Elara"),         # the alpha of IPA, twice
    ("\u1d07\u029f\u1d00\u0280\u1d00", "elara", "Elara"),  # small capitals
    ("E\u029f\u1d00\u0280\u1d00", "elara", "Elara"),
    ("B\u0280\u1d0f\u1d1b\u029c\u1d07\u0280 A\u029f\u1d05\u0280\u026a\u1d04", "aldric", "Brother Aldric"),
    ("\ua730r\u00e8re Ald\u0280\u0269c", "aldric", "Frère Aldric"),  # small capital F, Latin iota
    # any punctuation, dash, space or modifier letter keeps letters apart (a twenty-fourth hostile round)
    ("E\u2010l\u2010ara", "elara", "Elara"), ("El\u2011a\u2011ra", "elara", "Elara"),
    ("E\u00b7l\u00b7a\u00b7r\u00b7a", "elara", "Elara"), ("E\u02bbl\u02bbara", "elara", "Elara"),
    ("E\u2013l\u2013a\u2013r\u2013a", "elara", "Elara"), ("E\u200bl\u2060ara", "elara", "Elara"),
    ("E\u3000lara", "elara", "Elara"), ("Brother\u2002Aldr\uab47c", "aldric", "Brother Aldric"),  # r without handle
])
def test_a_name_one_slip_from_a_members_is_taken_for_it(name: str, member: str, own: str) -> None:
    near = parse_cast(CAST, "cast.yml").near_name(name)
    assert near is not None and (near[0].id, near[1]) == (member, own)


@pytest.mark.parametrize("name", ["Elias", "Ela", "Alice", "Aldric", "Brother", "Guard", "Bandit", "", " - ",
                                  "\u00c6thelred", "\u00d8degaard", "\u0254lf", "Stra\u00dfe"])
def test_a_name_that_merely_shares_letters_is_another_creature(name: str) -> None:
    assert parse_cast(CAST, "cast.yml").near_name(name) is None


def test_a_short_name_must_be_the_very_name_to_be_taken_for_it() -> None:
    cast = parse_cast("rat:\n  name: Rat\nbrann:\n  name: Brann\n", "cast.yml")
    assert cast.near_name("Bat") is None and cast.near_name("Rats") is None
    assert cast.near_name("R-a-t") is not None and cast.near_name("Bran") is not None
    assert cast.near_name("Brnan") is not None and cast.near_name("Brenn") is not None
    assert cast.near_name("Brandon") is None


def test_the_sites_cast_takes_bran_for_brann_and_no_plain_name_of_the_site_for_a_member() -> None:
    cast = load_cast(Path("docs/cast.yml"), "docs/cast.yml")
    near = cast.near_name("Bran")
    assert near is not None and near[0].id == "brann"
    assert check_paths([Path("docs")]).all_problems == []


def test_a_plain_name_near_a_members_is_a_located_error_with_a_hint(tmp_path: Path) -> None:
    site(tmp_path, page("name: Elarra, level: 2, str: 4"), page(attacker="Frere Aldric"))
    assert problems(tmp_path) == [
        "docs/en/page.md:9:14: parry: given.attacker.name: `Frere Aldric` is almost the name of cast member "
        "Frère Aldric (docs/cast.yml:9): a reader takes one for the other. Hint: write `cast: aldric` if it is "
        "Frère Aldric; otherwise give this creature a name that cannot be mistaken for a member's",
        "docs/fr/page.md:10:14: parry: given.defender.name: `Elarra` is almost the name of cast member Elara "
        "(docs/cast.yml:2): a reader takes one for the other. Hint: write `cast: elara` if it is Elara; "
        "otherwise give this creature a name that cannot be mistaken for a member's",
    ]


# --- A cast attacker's given attack total ----------------------------------------------------------

TOTAL = """# Page

```rulecheck
id: strike
rule: attack
given:
  attacker: {{cast: elara}}
  defender: {{name: Golem, def_phy: 30}}
  attack: {{kind: melee, {attack}}}
expect:
  outcome: {outcome}
```
"""


@pytest.mark.parametrize(("attack", "outcome"), [
    ("total: 26, natural: 20", "hit"),   # 20 + level 2 + STR 4
    ("total: 22, natural: 20", "hit"),   # 20 + level 2 + an ability of 0
    ("total: 3, natural: 1", "miss"),    # 1 + level 2 + 0
    ("total: 26", "miss"),               # a d20 of 20 with STR, or none other
    ("total: 3", "miss"),                # a d20 of 1 with an ability of 0
])
def test_a_total_the_members_statistics_make_is_accepted(tmp_path: Path, attack: str, outcome: str) -> None:
    site(tmp_path, TOTAL.format(attack=attack, outcome=outcome))
    assert problems(tmp_path) == []


@pytest.mark.parametrize(("attack", "message"), [
    ("total: 23, natural: 20", "Elara's attack roll cannot make 23 on a d20 of 20: with level 2 and an ability "
     "from docs/cast.yml:2, it makes 26 (STR), 22 (DEX), 22 (CON), 22 (INT), 22 (WIS), 22 (CHA). Hint: roll it "
     "(`ability: dex` and `dice: {attack: [20]}`), or change the total"),
    ("total: 19, natural: 20", "Elara's attack roll cannot make 19 on a d20 of 20"),
    ("total: 27, natural: 20", "Elara's attack roll cannot make 27 on a d20 of 20"),
    ("total: 27", "Elara's attack roll cannot make 27: 1d20 + level + an ability gives 3 to 26 with the "
     "statistics of docs/cast.yml:2. Hint: change the total, or the cast"),
    ("total: 2", "Elara's attack roll cannot make 2: 1d20 + level + an ability gives 3 to 26"),
])
def test_a_total_the_members_statistics_cannot_make_is_a_located_error(
        tmp_path: Path, attack: str, message: str) -> None:
    site(tmp_path, TOTAL.format(attack=attack, outcome="hit"))
    found = problems(tmp_path)
    assert len(found) == 2 and all(":9:" in p and "strike: given.attack.total: " + message in p for p in found)


def test_a_total_of_an_attacker_outside_the_cast_is_the_examples_own(tmp_path: Path) -> None:
    site(tmp_path, TOTAL.format(attack="total: 23, natural: 20", outcome="hit").replace("cast: elara", "name: Orc"))
    assert problems(tmp_path) == []


MAP_EXAMPLE = """# Page

```rulecheck
id: steps
rule: opportunity
given:
  grid:
    map: |
      A . o
    creatures:
      A: {{name: {mover}}}
      o: {{name: {enemy}}}
  path: [[1, 0]]
expect:
  provokes: false
```
"""


@pytest.mark.parametrize(("mover", "enemy", "refused"), [
    ("Elarra", "Ogre", ["Elarra"]),             # a letter added, on the mover
    ("Rook", "Elra", ["Elra"]),                 # a letter missing, on another creature
    ("Élara", "ELARA ", ["Élara", "ELARA "]),   # an accent; case and a trailing space
])
def test_a_creature_on_a_map_named_near_a_member_is_a_located_error(
        tmp_path: Path, mover: str, enemy: str, refused: list[str]) -> None:
    site(tmp_path, MAP_EXAMPLE.format(mover=repr(mover), enemy=repr(enemy)))
    found = problems(tmp_path)
    assert len(found) == 2 * len(refused), found  # on each language's page
    for name in refused:
        assert sum(f"`{name}` is almost the name of cast member Elara" in line for line in found) == 2
    assert all(".name: `" in line and "Hint: write `cast: elara` if it is Elara" in line for line in found)


@pytest.mark.parametrize("name", ["Elara", "Ogre", "Rook", "Ela"])
def test_a_creature_on_a_map_may_bear_a_members_very_name_or_another(tmp_path: Path, name: str) -> None:
    # one name, one creature of the example (rulecheck/examples/map_names.py): the enemy is another
    site(tmp_path, MAP_EXAMPLE.format(mover=repr(name), enemy="Elara" if name == "Ogre" else "Ogre"))
    assert problems(tmp_path) == []


def test_every_member_of_the_site_s_cast_says_what_it_is_in_both_languages() -> None:
    """« Le lancier » stood on the cast page with nothing but « Apparaît dans » under it: a reader
    learns who a character is, in the page's language."""
    cast = load_cast(Path(__file__).resolve().parents[2] / "docs" / "cast.yml", "docs/cast.yml")
    assert not cast.problems and len(cast.members) >= 20
    unsaid = [(member.id, language) for member in cast.members.values() for language in ("fr", "en")
              if not member.roles.get(language, "").strip()]
    assert not unsaid, unsaid


def _slips_unbounded(a: str, b: str) -> int:
    """The optimal string alignment distance, the whole table worked out: what the bounded count must agree with."""
    table = [[i + j if not i * j else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
    return table[-1][-1]


@settings(max_examples=300, deadline=None)
@given(st.text("abcé", max_size=12), st.text("abcé", max_size=12))
def test_the_slips_counted_in_a_band_are_those_of_the_whole_table_up_to_three(a: str, b: str) -> None:
    from rulecheck.examples.cast import _slips

    assert _slips(a, b) == min(_slips_unbounded(a, b), 3)


def test_long_names_are_counted_in_their_band_as_in_the_whole_table() -> None:
    """Names of 80 letters, where the band is a sliver of the table (its cost: bench/README.md, "Cast names")."""
    from rulecheck.examples.cast import _slips

    long_name = "abcdefghij" * 8
    calls = [(long_name, long_name[:40] + "x" + long_name[41:]), (long_name, long_name[::-1]), (long_name, long_name)]
    assert [_slips(a, b) for a, b in calls] == [1, 3, 0]


@pytest.mark.parametrize(("first", "second", "refused"), [
    ("Bob", "Bób", True), ("Bob", "B-ob ", True), ("Frère Aldric", "Frere aldric", True),  # as a reader tells them
    ("Brann", "Bran", True), ("Elara", "Elaar", True), ("Brother Aldric", "Brothr Aldrc", True),  # slips
    ("Rat", "Bat", False), ("Kael", "Lysa", False), ("Tobin", "Robin", True),
])
def test_two_members_whose_names_read_alike_are_a_located_problem(first: str, second: str, refused: bool) -> None:
    """A plain name one slip from a member's was refused, and two members so named were not."""
    text = f"one:\n  name: {first}\ntwo:\n  name: {{fr: '{second}', en: '{second}'}}\n"
    problems = [p for p in parse_cast(text, "docs/cast.yml").problems if "reads almost as" in p.message]
    assert [(p.line, f"`{second}` reads almost as `one`'s (`{first}`)" in p.message) for p in problems] == (
        [(3, True)] if refused else [])


def test_one_member_s_names_in_two_languages_are_never_compared() -> None:
    assert parse_cast("orc:\n  name: {fr: \"l'orc\", en: the orc}\n", "docs/cast.yml").problems == []


@pytest.mark.parametrize("shown", [
    "Write `<!-- rulecheck-cast -->` on its own line.", "``<!-- rulecheck-cast -->``",
    "```markdown\n<!-- rulecheck-cast -->\n```", "~~~\n<!-- rulecheck-cast -->\n~~~",
    "    ```\n    <!-- rulecheck-cast -->\n    ```",
])
def test_a_cast_marker_shown_in_code_is_text_not_the_list(tmp_path: Path, shown: str) -> None:
    """A page showing the marker in a code span or a fence, as the authors' page does, got the whole
    cast list pasted into its code; without a cast file, it was told it lists the cast."""
    from tests.hosts.run_hosts import MKDOCS_YML, mkdocs_build

    site(tmp_path, f"# Page\n\n{shown}\n", cast=None)
    assert problems(tmp_path) == []
    site(tmp_path, f"# Page\n\n{shown}\n\n<!-- rulecheck-cast -->\n")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + "  - attr_list\n", "utf-8")  # the cast's heading ids
    mkdocs_build(tmp_path)
    built = (tmp_path / "site" / "fr" / "page" / "index.html").read_text("utf-8")
    assert built.count('id="cast-elara"') == 1, "the list once, where the marker stands alone"
    assert "&lt;!-- rulecheck-cast --&gt;" in built, "the marker shown in code stays as written"


@pytest.mark.parametrize("member_id", ["zed\\n", "zed\\r\\n", "zed ", " zed", "zed\\t", "zé", "z" * 41, "Zed", "1zed"])
def test_a_member_id_is_the_whole_key_not_its_first_line(member_id: str) -> None:
    """`"zed\\n"` was taken (a `$` matches before a last line end): the cast page then wrote its
    anchor `{ #cast-zed\\n}` as text, and every card linked to an anchor the page did not have."""
    cast = parse_cast(CAST + f'"{member_id}":\n  name: Zed\n', "docs/cast.yml")
    assert member_id.replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t") not in cast.members
    assert len(cast.problems) == 1 and "zed" not in cast.members  # one located refusal, no member


@pytest.mark.parametrize("member_id", ["z", "zed", "a-1", "z" * 40])
def test_a_member_id_of_letters_digits_and_dashes_is_taken(member_id: str) -> None:
    assert member_id in parse_cast(CAST + f"{member_id}:\n  name: Zed\n", "docs/cast.yml").members


@pytest.mark.parametrize("value", ["N" * 81, "é" * 5_000, "{fr: Gobelin, en: %s}" % ("G" * 200), "''"])
def test_a_member_s_name_too_long_or_empty_is_told_its_bounds(tmp_path: Path, value: str) -> None:
    (tmp_path / "cast.yml").write_text(f"elara:\n  name: {value}\n  level: 2\n", "utf-8")
    cast = load_cast(tmp_path / "cast.yml", "cast.yml")
    [problem] = [p for p in cast.problems if "`name`" in p.message]
    assert "1 to 80 characters" in problem.message and problem.line == 2
    longest = max(len(value) - 2 if value == "''" else 0, 200 if "{" in value else len(value))
    assert (f"(it holds {longest:,})" in problem.message) == (longest > 80)
