"""Strict data: plain scalars as YAML 1.2 reads them (or a located refusal where YAML 1.1 reads
them otherwise), no lone surrogate, one rule for aliases, the same report from any working
directory, and a page that is not UTF-8 served as an error instead of stalling `mkdocs serve`.
"""

from __future__ import annotations

import math
import os
import shutil
from pathlib import Path

import pytest

from rulecheck.examples.yamlsrc import YamlError, core_value, load
from rulecheck.hosts.cli import UPDATE_ADVICE
from tests.conftest import CORPUS
from tests.hosts.run_hosts import capture_logs, cli, copy_case, mkdocs_build

EXAMPLE = """\
id: strict
rule: attack
given:
  attack: {{total: {total}}}
  defender: {{name: Elara, def_phy: 10}}
expect:
  outcome: hit
"""


@pytest.mark.parametrize("char", ["\u202e", "\u2067", "\u200b", "\u200d", "\u00ad", "\u034f", "\ufe0f",
                                  "\U000e0041", "\u061c", "\u2060", "\u180e"])
@pytest.mark.parametrize("where", ["title: {v}", "given:\n  attacker: {{name: {v}}}", "given:\n  notes: [a, {v}]",
                                   "given:\n  {v}: 1"])
def test_an_invisible_character_anywhere_in_the_data_is_a_located_refusal(char: str, where: str) -> None:
    """A right-to-left override in a name showed a checked 23 as 32; two zero-width spaces made
    a second « Elara »: no value, key or title may hold a character no reader sees."""
    escaped = char.encode("unicode_escape").decode().replace("\\x", "\\u00")
    text = "id: x\n" + where.format(v=f'"E{escaped}lara"') + "\n"
    with pytest.raises(YamlError) as refused:
        load(text)
    line = 2 if where.startswith("title") else 3
    said = str(refused.value)
    assert refused.value.line == line and f"U+{ord(char):04X}" in said and "invisible" in said
    written = text.replace(f'"E{escaped}lara"', f"E{char}lara")  # written as itself, not escaped
    with pytest.raises(YamlError, match="invisible"):
        load(written)


@pytest.mark.parametrize(("escape", "code"), [
    ("\\0", 0), ("\\a", 7), ("\\e", 0x1B), ("\\x01", 1), ("\\x7f", 0x7F), ("\\x9b", 0x9B), ("\\L", 0x2028),
    ("\\P", 0x2029), ("\\N", 0x85), ("\\r", 0x0D), ("\\v", 0x0B), ("\\u001b", 0x1B), ("\\U0000007f", 0x7F),
])
@pytest.mark.parametrize("where", ["title: {v}", "given:\n  attacker: {{name: {v}}}", "given:\n  notes: [a, {v}]",
                                   "given:\n  {v}: 1"])
def test_a_control_character_written_as_an_escape_is_a_located_refusal(escape: str, code: int, where: str) -> None:
    """YAML refuses a raw ESC or NUL and decodes one from an escape: a title of "\\e[31m" and a
    name of "Al\\x01ce" made an SVG no XML reader opens and wrote NUL and ESC into the pages."""
    text = "id: x\n" + where.format(v=f'"Al{escape}ce"') + "\n"
    with pytest.raises(YamlError) as refused:
        load(text)
    said = str(refused.value)
    assert refused.value.line == (2 if where.startswith("title") else 3)
    assert f"U+{code:04X}" in said and "control character" in said


@pytest.mark.parametrize("value", ['"Al\\tce"', '"Al\\nce"', '"tab\\there"', "|\n  two\n  lines\n"])
def test_a_tab_or_a_line_break_is_no_control_character_refused(value: str) -> None:
    assert load(f"title: {value}\n").data["title"] in {"Al\tce", "Al\nce", "tab\there", "two\nlines\n"}


@pytest.mark.parametrize("text", ["Ysolde\u202fa", "Frère Aldric", "« Brann »", "l'orc", "Ω", "🗡️"[0], "日本"])
def test_visible_text_of_any_script_is_data(text: str) -> None:
    assert load(f"title: {text}\n").data == {"title": text}


@pytest.mark.parametrize(("text", "value"), [
    ("0x10", 16), ("15", 15), ("+15", 15), ("-0", 0), ("00", 0), ("1.5", 1.5), ("true", True), ("null", None),
    ("~", None), ("Elara", "Elara"), ('"010"', "010"), ("'1:00'", "1:00"),
])
def test_forms_both_yaml_versions_read_alike_are_accepted(text: str, value: object) -> None:
    assert load(f"total: {text}\n").data == {"total": value}


@pytest.mark.parametrize(("text", "hint"), [("010", "write 10 for the number"), ("017", "write 17 for the number"),
                                           ("-010", "write -10 for the number"), ("0o17", "write 15 for the number")])
def test_a_number_both_versions_read_differently_is_offered_as_yaml_12_reads_it(text: str, hint: str) -> None:
    """« 010 » is 8 to YAML 1.1 and 10 to YAML 1.2, which examples follow: a reader meant 10."""
    with pytest.raises(YamlError) as caught:
        load(f"id: x\ntotal: {text}\n")
    assert caught.value.hint is not None and caught.value.hint.startswith(hint)


@pytest.mark.parametrize(("text", "eleven", "twelve"), [
    ("010", "8", "10"), ("1:00", "60", '"1:00"'), ("0b1111", "15", '"0b1111"'), ("1_5", "15", '"1_5"'),
    ("0o17", '"0o17"', "15"), ("08", '"08"', "8"), ("1e3", '"1e3"', "1000.0"), ("yes", "true", '"yes"'),
    ("Off", "false", '"Off"'), ("2001-12-14", "2001-12-14", '"2001-12-14"'), ("1_000.5", "1000.5", '"1_000.5"'),
])
def test_forms_the_yaml_versions_read_otherwise_are_refused_where_they_stand(
        text: str, eleven: str, twelve: str) -> None:
    with pytest.raises(YamlError) as caught:
        load(f"id: x\ntotal: {text}\n")
    error = caught.value
    assert (error.line, error.col) == (2, 8)
    assert error.message.startswith(f"`{text}` is ") and "in YAML 1.1 but" in error.message
    assert eleven in error.message and twelve in error.message and error.hint


@pytest.mark.parametrize("text", ["1e309", "-1e309", "1.5e400", "+2E999", "1_0.0e+400", "9" * 5000, "-" + "1" * 4400,
                                  "0x" + "f" * 5000])
def test_a_number_too_large_to_read_is_refused_as_such_where_it_stands(text: str) -> None:
    """Past every float (YAML 1.2 reads it as infinity) or of thousands of digits: too large, said
    in our words, never « write inf » nor Python's conversion limit."""
    with pytest.raises(YamlError) as caught:
        load(f"id: x\ntotal: {text}\n")
    error = caught.value
    assert (error.line, error.col) == (2, 8)
    assert "too large" in error.message and "inf" not in error.message.replace(text, "")
    assert "sys.set_int_max_str_digits" not in error.message and error.hint
    assert len(error.message) < 200  # a long number is shortened, not printed whole


@pytest.mark.parametrize(("tag", "value"), [
    ("!!int", '"010"'), ("!!int", "'1:00'"), ("!!bool", '"yes"'), ("!!null", '"abc"'), ("!!str", "15"),
    ("!!float", "1"), ("!", "15"), ("!", "yes"), ("!!str", '"Elara"'), ("!!timestamp", "2001-12-14"),
    ("!<tag:yaml.org,2002:int>", '"8"'), ("!!binary", "aGk="), ("!local", "x"), ("!!set", "{a: null}"),
    ("!!map", "{a: 1}"), ("!!seq", "[1]"), ("!!omap", "[{a: 1}]"), ("!!python/none", "''"),
])
@pytest.mark.parametrize("where", ["value", "item", "key"])
def test_every_tag_is_refused_where_it_stands(tag: str, value: str, where: str) -> None:
    text = {"value": f"id: x\ntotal: {tag} {value}\n", "item": f"id: x\nfaces: [1, {tag} {value}]\n",
            "key": f"id: x\n? {tag} {value}\n: 1\n"}[where]
    with pytest.raises(YamlError) as caught:
        load(text)
    error = caught.value
    shown = tag.replace("tag:yaml.org,2002:", "!!").removeprefix("!<").removesuffix(">")
    assert error.message == f"YAML tag `{shown}` is not allowed in examples"
    assert (error.line, error.col) == {"value": (2, 8), "item": (2, 12), "key": (2, 3)}[where]


@pytest.mark.parametrize("text", ["=", "<<"])
@pytest.mark.parametrize("where", ["total: {}", "faces: [1, {}]", "{}: 1", "- {}"])
def test_yaml_11s_special_scalars_are_refused_with_our_own_words(text: str, where: str) -> None:
    source = where.format(text)
    with pytest.raises(YamlError) as caught:
        load(source + "\n")
    error = caught.value
    assert "constructor" not in error.message and "tag:yaml.org" not in error.message
    assert error.message.startswith(f"`{text}` ") or error.message.startswith("YAML merge keys")
    assert (error.line, error.col) == (1, source.index(text) + 1)


@pytest.mark.parametrize("text", ['"="', "'<<'", "a=b", "<<a", "x <<"])
def test_quoted_or_longer_forms_of_those_are_text(text: str) -> None:
    assert load(f"total: {text}\n").data == {"total": text.strip("'\"")}


def test_the_core_schema_reads_its_own_forms() -> None:
    assert core_value("0o17") == 15 and core_value("0x1F") == 31 and core_value(".inf") == math.inf
    assert math.isnan(core_value(".NaN")) and core_value("TRUE") is True and core_value("yes") == "yes"


def test_run_refuses_a_yaml_11_number_located(tmp_path: Path) -> None:
    file = tmp_path / "example.yaml"
    file.write_text(EXAMPLE.format(total="010"), encoding="utf-8")
    result = cli(tmp_path, "run", str(file))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip().startswith(f"{file}:4:19: strict: `010` is 8 in YAML 1.1 but 10 in YAML 1.2")


def test_a_lone_surrogate_gets_a_short_message_through_run(tmp_path: Path) -> None:
    file = tmp_path / "example.yaml"
    file.write_text(EXAMPLE.format(total=15).replace("name: Elara", 'name: Elara, "\\ud800": 1'), encoding="utf-8")
    result = cli(tmp_path, "run", str(file))
    assert result.exit_code == 1
    assert result.output.strip() == (f"{file}:5:27: strict: a lone surrogate (U+D800) is not a character. Hint: "
                                      "write the character itself, or its pair of surrogates as one `\\U` escape")


@pytest.mark.parametrize("where", ["project", "parent", "elsewhere", "docs", "docs/en"])
@pytest.mark.parametrize("given", ["relative", "absolute"])
def test_check_of_a_folder_finds_the_same_problem_and_no_false_twin_from_any_directory(
        where: str, given: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(CORPUS / "parity-expect-differ" / "docs", project / "docs")
    (tmp_path / "elsewhere").mkdir()
    cwd = {"project": project, "parent": tmp_path, "elsewhere": tmp_path / "elsewhere",
           "docs": project / "docs", "docs/en": project / "docs" / "en"}[where]
    folder = os.path.relpath(project / "docs", cwd) if given == "relative" else str(project / "docs")
    result = cli(cwd, "check", folder)
    assert result.exit_code == 1
    assert "twin:" not in result.output  # "no English twin: … does not exist"
    (line, summary) = result.output.splitlines()
    where, rest = line.split(":16: ", 1)  # on the English page, whatever the working directory
    assert where.endswith("page.md") and "fr" not in Path(where).parts
    assert rest.startswith("elara-parry: expect.damage: differs from its twin ")
    assert rest.endswith("fr/page.md:19: absent here, 0 there")
    assert summary == "2 examples on 2 pages: 1 problem(s)"


def test_serving_a_page_that_is_not_utf8_shows_its_error_and_builds_the_rest(tmp_path: Path) -> None:
    project = copy_case(CORPUS / "invalid-utf8", tmp_path / "site")
    (project / "docs" / "other.md").write_text("# Autre page\n\nTexte.\n", encoding="utf-8")
    with capture_logs("rulecheck", "mkdocs") as logs:
        mkdocs_build(project, command="serve")  # no exception: the server keeps answering
    line = (CORPUS / "invalid-utf8" / "expected.txt").read_text(encoding="utf-8").strip()
    assert line in logs.text.splitlines()
    shown = (project / "site" / "page" / "index.html").read_text(encoding="utf-8")
    assert 'class="rc-card rc-card--error rc-page-problems"' in shown and "not valid UTF-8 (byte 0xff)" in shown
    assert (project / "site" / "other" / "index.html").is_file()


def test_a_language_name_above_the_checked_folder_makes_no_twin(tmp_path: Path) -> None:
    """A project kept under a folder named `en`: its pages have no language, hence no twin to miss."""
    project = tmp_path / "en" / "project"
    shutil.copytree(CORPUS / "drift-expect" / "docs", project / "docs")
    (tmp_path / "elsewhere").mkdir()
    result = cli(tmp_path / "elsewhere", "check", str(project / "docs"))
    assert result.output.splitlines() == [
        f"{project}/docs/page.md:17: elara-parry: expect.reaction_total: expected 24, got 23",
        "1 examples on 1 pages: 1 problem(s)",
        UPDATE_ADVICE,
    ]


def test_update_from_inside_a_language_folder_rewrites_both_twins(tmp_path: Path) -> None:
    from tests.examples.test_update import EN, FR, fixed

    for language, text in (("fr", FR), ("en", EN)):
        (tmp_path / "docs" / language).mkdir(parents=True)
        (tmp_path / "docs" / language / "parry.md").write_text(text, encoding="utf-8")
    result = cli(tmp_path / "docs" / "en", "check", "--update", "..")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "docs" / "fr" / "parry.md").read_text(encoding="utf-8") == fixed(FR)
    assert (tmp_path / "docs" / "en" / "parry.md").read_text(encoding="utf-8") == fixed(EN)


@pytest.mark.parametrize("refused", [
    ["level: 010", "def_phy: yes", "total: 1e309"],
    ["<<: {a: 1}", "~: 3", "damage: 1:00", "x: Off"],
    ["a: 0b1", "b: [1, 0o7, yes]"],  # two in one list
    ["n: " + "9" * 5000, "m: 0x" + "f" * 40],
])
def test_every_value_a_block_refuses_is_reported_at_once_in_the_texts_order(refused: list[str]) -> None:
    text = "id: x\n" + "".join(f"k{index}:\n  {line}\n" for index, line in enumerate(refused))
    with pytest.raises(YamlError) as caught:
        load(text)
    lines = [error.line for error in caught.value.every()]
    assert lines == sorted(lines) and set(lines) == {3 + 2 * index for index in range(len(refused))}, [
        (e.line, e.message) for e in caught.value.every()]


def test_an_alias_stops_the_reading_alone_whatever_was_refused_before() -> None:
    with pytest.raises(YamlError) as caught:
        load("id: x\na: 010\nb: &anchor 1\nc: *anchor\n")
    assert [(e.line, e.message) for e in caught.value.every()] == [
        (3, "YAML anchors and aliases are not allowed in examples")]


@pytest.mark.parametrize(("text", "char"), [
    ("map: |\n  A . .\n  . .\u200b D\n  . . .\n", "\u200b"),             # a literal block's third row
    ("title: >\n  Elara parries\n  the \u202eaxe\n", "\u202e"),           # folded
    ("title: Elara parries\n  the axe\u00ad of the orc\n", "\u00ad"),     # a plain scalar over two lines
    ('title: "Elara parries\n  the \\u200baxe"\n', "\\u200b"),            # an escape, on the second line
    ('title: "a\\x01b"\n', "\\x01"),                                     # a control character's escape
    ('title: "long text \\e here"\n', "\\e"),
    ('title: "x\n\n  y \\uFFFF"\n', "\\uFFFF"),                          # a noncharacter's escape
    ("a: 1\nname: 'Ela\u2060ra'\n", "\u2060"),
])
def test_a_refused_character_is_located_where_it_is_written(text: str, char: str) -> None:
    """A zero-width space on a map's seventh row was reported at `map: |`, with the hint to retype a
    value nobody could see the fault in: every such refusal points at the character or its escape."""
    with pytest.raises(YamlError) as raised:
        load(text)
    at = text.index(char)
    assert (raised.value.line, raised.value.col) == (text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
