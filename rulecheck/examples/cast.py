"""The cast: recurring characters defined once, in ``cast.yml``, for the pages of both languages.

An example names a member (``defender: {cast: elara, posture: [A]}``) instead of copying its
statistics; before validation, :func:`resolve_cast` writes the member's display name (in the
page's language) and base statistics into the example's data, so the engine only ever sees
ordinary combatants. An example may add situational fields (a posture, current HP, a turn's
plan…) but not change a base statistic, and a character the cast holds cannot be written out
under its name without ``cast``.

Where the cast lives: ``cast.yml`` in the folder that holds the language folders (``docs/cast.yml``
for ``docs/fr/attack.md``); a page outside a language folder uses the one beside it.
"""

from __future__ import annotations

import json
import os
import re
import typing
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from rulecheck.engine.battlefield import Battlefield
from rulecheck.engine.dying import DyingInput, Stabilisation
from rulecheck.engine.models import Combatant
from rulecheck.engine.poison import PoisonTarget, PoisonWielder
from rulecheck.engine.rests import Resting
from rulecheck.engine.turn import Enemy, MovementInput, TurnInput
from rulecheck.errors import FieldPath, Problem, did_you_mean, format_field, shortened
from rulecheck.examples import render
from rulecheck.examples.as_text import html_text, markdown_text
from rulecheck.examples.capped import Capped
from rulecheck.examples.locales import LANGUAGES, Language
from rulecheck.examples.pages import read_page, undecodable
from rulecheck.examples.regular_files import NotARegularFile
from rulecheck.examples.yamlsrc import Located, YamlError, load

CAST_FILE = "cast.yml"
REFERENCE_KEY = "cast"
#: The marker a page writes where the cast's list is generated, in the page's language.
MARKER = "<!-- rulecheck-cast -->"
MEMBER_ID = r"^[a-z][a-z0-9-]{0,39}$"
#: :data:`MEMBER_ID` matched whole: `re.match` with its `$` took "zed\n" (a `$` matches before a
#: last line end), and the cast page wrote `{ #cast-zed\n}` as text.
_WHOLE_MEMBER_ID = re.compile(MEMBER_ID.removeprefix("^").removesuffix("$"))

#: The input models that describe a character: where ``cast:`` may stand.
CHARACTER_MODELS: tuple[type[BaseModel], ...] = (
    Combatant, Resting, DyingInput, Stabilisation, TurnInput, Enemy, MovementInput, PoisonTarget,
    PoisonWielder,
)

#: A member's base statistics, by data key, and the engine field that gives each its type and
#: bounds. They describe the character, not the moment: an example may not change them.
#: Everything else a character model holds (posture, current HP and MP, points below zero, a
#: turn's plan, a healer's DC…) is situational and written by the example.
BASE_FIELDS: dict[str, tuple[type[BaseModel], str]] = {
    "level": (Combatant, "level"),
    "str": (Combatant, "strength"),
    "dex": (Combatant, "dexterity"),
    "con": (Combatant, "constitution"),
    "int": (Combatant, "intelligence"),
    "wis": (Combatant, "wisdom"),
    "cha": (Combatant, "charisma"),
    "def_phy": (Combatant, "def_phy"),
    "def_mag": (Combatant, "def_mag"),
    "hp_max": (Resting, "hp_max"),
    "mp_max": (Resting, "mp_max"),
    "hit_dice": (DyingInput, "hit_dice"),
    "rank": (PoisonTarget, "rank"),
}
_TEXT_KEYS = ("name", "role")
_MAX_MEMBERS = 200


def _adapter(model: type[BaseModel], name: str) -> TypeAdapter[Any]:
    info = model.model_fields[name]
    if not info.metadata:
        return TypeAdapter(typing.cast(Any, info.annotation))
    return TypeAdapter(Annotated[info.annotation, *info.metadata])  # type: ignore[arg-type]


_STAT_ADAPTERS = {key: _adapter(model, name) for key, (model, name) in BASE_FIELDS.items()}


@dataclass(frozen=True)
class Member:
    """One recurring character: id, display name and role per language, base statistics."""

    id: str
    names: dict[Language, str]
    roles: dict[Language, str]
    #: Base statistics as written in the cast file (JSON values), in file order.
    stats: dict[str, Any]
    line: int
    stat_lines: dict[str, int] = field(default_factory=dict)

    def name(self, language: Language) -> str:
        return self.names.get(language) or next(iter(self.names.values()))

    def role(self, language: Language) -> str:
        return self.roles.get(language) or next(iter(self.roles.values()), "")


@dataclass
class Cast:
    """The members of one cast file (those without errors) and the file's own problems."""

    path: str
    exists: bool = True
    loaded: bool = True
    members: dict[str, Member] = field(default_factory=dict)
    #: Ids written in the file whose definition has an error (reported on the file).
    broken: set[str] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)

    def by_name(self) -> dict[str, Member]:
        """Every display name of every member, case-folded, in any language."""
        return {name.casefold(): member for member in self.members.values() for name in member.names.values()}

    def near_name(self, name: str) -> tuple[Member, str] | None:
        """The member (and its name) that a plain ``name`` could be mistaken for, other than by
        being that very name: the same letters but for case, accents, spaces or dashes ("Frere
        aldric"), or one slip away (a letter missing, added, changed or two swapped: "Bran" for
        "Brann"; two slips in a long name)."""
        key = name_key(name)
        if not key:
            return None
        for member in self.members.values():
            for own in dict.fromkeys(member.names.values()):
                other = name_key(own)
                if key == other or _slips(key, other) <= _slips_allowed(min(len(key), len(other))):
                    return member, own
        return None

    def where(self, member: Member, stat: str | None = None) -> str:
        return f"{self.path}:{member.stat_lines.get(stat, member.line) if stat else member.line}"


#: Cyrillic and Greek letters that a reader takes for Latin ones (after case folding): « Еlаrа »
#: written with Cyrillic Е and а reads « Elara » (Unicode TR 39's confusables, for these scripts).
_LOOK_ALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w",
    "һ": "h", "ӏ": "l", "ɡ": "g", "ո": "n", "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "η": "n", "μ": "u", "ω": "w",
})


#: A Latin letter Unicode names as another form of a plain one: a small capital (« ᴇʟᴀʀᴀ »), an IPA
#: or script letter (« ɑ », « ɡ »), a letter with a stroke or hook (« ø », « ɗ »): read as that letter.
_LATIN_FORM = re.compile(r"LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL |SCRIPT |DOTLESS |REVERSED |"
                         r"CLOSED |OPEN |TURNED )?([A-Z]|ALPHA|IOTA|UPSILON)(?: WITH.*)?")
#: The Latin letters Unicode names after Greek ones, read as the Latin letter they look like.
_GREEK_NAMED = {"ALPHA": "a", "IOTA": "i", "UPSILON": "u"}


@lru_cache(maxsize=4096)
def _plain_letter(char: str) -> str:
    """``char`` as the plain Latin letter it reads as, or itself (a twenty-second hostile round:
    « Elɑrɑ », with the Latin alpha of IPA, and « ᴇʟᴀʀᴀ », in small capitals, passed for new names)."""
    found = _LATIN_FORM.fullmatch(unicodedata.name(char, ""))
    return _GREEK_NAMED.get(found.group(1), found.group(1).lower()) if found else char


def name_key(name: str) -> str:
    """A name as a reader tells it apart: without case, accents, spaces, dashes or apostrophes,
    with the letters of other scripts that look Latin read as the Latin ones, and the Latin
    letters' other forms (small capitals, IPA and script letters) as the plain ones."""
    letters = unicodedata.normalize("NFKD", name.casefold()).translate(_LOOK_ALIKES)
    return "".join(c if c.isascii() else _plain_letter(c) for c in letters
                   if not unicodedata.combining(c) and c not in " \t-'’_." and not _apart(c))


def _apart(char: str) -> bool:
    """Whether ``char`` keeps letters apart rather than being one: any punctuation, dash, space,
    invisible format character or modifier letter (« E‐l‐ara » with U+2010 hyphens, « Ka·e·l », « Eʻlʻara »
    passed for new names beside Elara and Kael: a twenty-fourth hostile round)."""
    category = unicodedata.category(char)
    return category[0] in "PZ" or category in ("Cf", "Lm")


def _slips_allowed(length: int) -> int:
    """How many slips still make a name of ``length`` letters look like another: none for a
    short name (Rat and Bat are two creatures), one from four letters, two from nine."""
    return 0 if length < 4 else 1 if length < 9 else 2


def _slips(a: str, b: str) -> int:
    """Letters missing, added or changed, and neighbours swapped, from ``a`` to ``b``
    (optimal string alignment distance); stops counting at :data:`_SLIPS_COUNTED`.

    Only the cells within that many of the diagonal are worked out, and the count stops as soon
    as a row holds none below it: every plain name is compared with every cast member's, and the
    whole table made 200 members of 80 letters cost minutes a page."""
    limit = _SLIPS_COUNTED
    if abs(len(a) - len(b)) >= limit:
        return limit
    before: list[int] = []
    row = [min(j, limit) for j in range(len(b) + 1)]
    for i, letter in enumerate(a, 1):
        low, high = max(1, i - limit), min(len(b), i + limit)
        current = [limit] * (len(b) + 1)
        current[0] = min(i, limit)
        for j in range(low, high + 1):
            other = b[j - 1]
            slips = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (letter != other))
            if i > 1 and j > 1 and letter == b[j - 2] and a[i - 2] == other:
                slips = min(slips, before[j - 2] + 1)
            current[j] = min(slips, limit)
        if min(current[low - 1:high + 1]) >= limit:
            return limit
        before, row = row, current
    return row[-1]


#: Where :func:`_slips` stops counting: one more than the most slips a name may show (:func:`_slips_allowed`).
_SLIPS_COUNTED = 3


def cast_file_for(page: Path) -> Path:
    """The cast file of a page: beside its language folder, or beside the page outside one."""
    folder = _language_folder(page)
    return (folder.parent if folder else page.parent) / CAST_FILE


def _language_folder(page: Path) -> Path | None:
    return next((folder for folder in page.parents if folder.name in LANGUAGES), None)


def cast_of_page(path: str) -> tuple[Cast, Language]:
    """The cast and language of the page at ``path``, for callers that do not bring their own
    (a check brings both); the file is read again only when it changed."""
    page = Path(path)
    file = cast_file_for(page.resolve())
    try:
        stat = file.stat()
        key: tuple[Any, ...] = (file, stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = (file, None, None)
    if _CACHED.get("key") != key:
        try:
            shown = file.relative_to(Path.cwd()).as_posix()
        except ValueError:
            shown = file.as_posix()
        _CACHED.update(key=key, cast=load_cast(file, shown))
    folder = _language_folder(page)
    return _CACHED["cast"], folder.name if folder else LANGUAGES[0]


_CACHED: dict[str, Any] = {}


def load_cast(file: Path, shown: str) -> Cast:
    """The cast in ``file`` (named ``shown`` in problems); a missing file is an empty cast.

    The file is read as a page is (:func:`~rulecheck.examples.pages.read_page`): a regular file of
    at most :data:`~rulecheck.examples.pages.MAX_PAGE_BYTES`, never waited on, UTF-8 with CRLF and a
    BOM read. Anything else is one problem located in it, and its members cannot be used."""
    try:
        text = read_page(file)
    except FileNotFoundError:
        if not os.path.lexists(file):
            return Cast(shown, exists=False)
        return _unreadable(shown, 1, None, f"cannot read the cast file: it is a link to {os.readlink(file)}, "
                                           "which does not exist")
    except UnicodeDecodeError as error:
        where = undecodable(shown, error)
        return _unreadable(shown, where.line, where.col, f"the cast file is {where.message}")
    except NotARegularFile as error:
        return _unreadable(shown, 1, None, f"cannot read the cast file: it is {error.kind}, not a regular file")
    except OSError as error:  # past the size limit (its message says the limit), unreadable…
        return _unreadable(shown, 1, None, f"cannot read the cast file: {error.strerror or error}")
    return parse_cast(text, shown)


def _unreadable(shown: str, line: int, col: int | None, message: str) -> Cast:
    """A cast file that exists and cannot be read: one problem on it, and no member usable."""
    return Cast(shown, loaded=False, problems=[Problem(path=shown, line=line, col=col, message=message, kind="cast")])


def parse_cast(text: str, shown: str) -> Cast:
    """Parse a cast file's text; every problem is located in it (past the first few of a kind,
    summed up: :class:`~rulecheck.examples.capped.Capped`), and sound members are kept."""
    cast = Cast(shown)
    found = Capped()
    _parse_cast(text, shown, cast, found)
    cast.problems = found.problems
    return cast


def _parse_cast(text: str, shown: str, cast: Cast, found: Capped) -> None:
    def problem(line: int, message: str, family: str, col: int | None = None) -> None:
        found.add(Problem(path=shown, line=line, col=col, message=message, kind="cast"), family)

    try:
        located = load(text, "this file")
    except YamlError as refused:
        cast.loaded = False
        for error in refused.every():
            problem(error.line, f"cast file: {error}", "yaml", error.col)
        return
    data = located.data
    if data is None:
        return
    if not isinstance(data, dict):
        cast.loaded = False
        problem(1, "the cast file is a mapping of member ids to members (`elara: {name: Elara, level: 2}`)", "shape")
        return
    if len(data) > _MAX_MEMBERS:
        problem(1, f"the cast has {len(data)} members; the limit is {_MAX_MEMBERS}", "size")
    for member_id, body in list(data.items())[:_MAX_MEMBERS]:
        line = located.position((member_id,))[0]
        errors = _member_problems(member_id, body, located)
        if errors:
            cast.broken.add(member_id)
            for (line_at, col_at), message in errors:
                problem(line_at, f"cast member `{member_id}`: {message}", "member", col_at)
            continue
        names, roles = (_localised(body.get(key, {})) or {} for key in _TEXT_KEYS)
        stats = {key: value for key, value in body.items() if key in BASE_FIELDS}
        stat_lines = {key: located.position((member_id, key))[0] for key in stats}
        cast.members[member_id] = Member(member_id, names, roles, stats, line, stat_lines)
    seen: dict[str, str] = {}
    keys: list[tuple[str, str, str]] = []  # (name as a reader tells it apart, the name, its member) so far
    for member in cast.members.values():
        for name in dict.fromkeys(member.names.values()):
            other = seen.setdefault(name.casefold(), member.id)
            if other != member.id:
                problem(member.line, f"cast member `{member.id}`: the name `{name}` is already `{other}`'s", "name")
                continue
            key = name_key(name)
            near = next(((own, owner) for other_key, own, owner in keys if owner != member.id and (
                key == other_key or _slips(key, other_key) <= _slips_allowed(min(len(key), len(other_key))))), None)
            if near is not None:  # as a plain name that close to a member's is refused
                problem(member.line, f"cast member `{member.id}`: the name `{name}` reads almost as `{near[1]}`'s "
                                     f"(`{near[0]}`): a reader takes them for one character", "name")
            keys.append((key, name, member.id))


def _member_problems(member_id: str, body: Any, located: Located) -> list[tuple[tuple[int, int], str]]:
    """Each problem of one member, at the line and column of the key it is about."""
    line = located.position((member_id,))
    if _WHOLE_MEMBER_ID.fullmatch(member_id) is None:
        return [(line, "an id is a lowercase letter then up to 39 lowercase letters, digits and dashes")]
    if not isinstance(body, dict):
        return [(line, "a member is a mapping with `name` and base statistics")]
    found = []
    for key, value in body.items():
        at = located.position((member_id, key))
        if key in _TEXT_KEYS:
            if (texts := _localised(value)) is None:
                found.append((at, f"`{key}` is a text of 1 to {_TEXT_CHARS} characters, or one such text per "
                                  f"language (`{{fr: …, en: …}}`){_length_said(value)}"))
            elif any(BLANK.fullmatch(text) for text in texts.values()):
                found.append((at, f"`{key}` holds only blank characters, which a page shows as nothing. Hint: write "
                                  "the text, or leave the key out"))
            continue
        if key not in BASE_FIELDS:
            hint = did_you_mean(key, [*_TEXT_KEYS, *BASE_FIELDS])
            found.append((at, f"unknown key `{key}`; " + (hint or "base statistics are " + ", ".join(BASE_FIELDS))))
            continue
        try:
            _STAT_ADAPTERS[key].validate_json(json.dumps(value), strict=True)
        except ValidationError as error:
            detail = error.errors()[0]
            found.append((at, f"`{key}`: {str(detail['msg']).removeprefix('Value error, ')} "
                              f"(got {json.dumps(value, ensure_ascii=False)})"))
    if "name" not in body:
        found.append((line, "missing `name`"))
    return found


#: What a page shows as nothing: spaces of any width, line ends, and the blank braille pattern.
BLANK = re.compile(r"[\s\u2800]+")


#: The most characters of a member's name or role: a name is a card's cast line and a map's legend.
_TEXT_CHARS = 80


def _length_said(value: Any) -> str:
    """What makes a text too long, said: `` (it holds 5,000)``, or nothing."""
    texts = value.values() if isinstance(value, dict) else [value]
    longest = max((len(text) for text in texts if isinstance(text, str)), default=0)
    return f" (it holds {longest:,})" if longest > _TEXT_CHARS else ""


def _localised(value: Any) -> dict[Language, str] | None:
    """``Elara`` or ``{fr: Gobelin, en: Goblin}`` as {language: text}; ``None`` if neither."""
    if isinstance(value, str) and 0 < len(value) <= _TEXT_CHARS:
        return dict.fromkeys(LANGUAGES, value)
    if (isinstance(value, dict) and set(value) == set(LANGUAGES)
            and all(isinstance(v, str) and 0 < len(v) <= _TEXT_CHARS for v in value.values())):
        return {language: value[language] for language in LANGUAGES}
    if value == {}:
        return {}
    return None


# --- Resolving an example's references -------------------------------------------------------------

@dataclass
class Resolution:
    """An example's data with its cast references replaced, and what the replacement found."""

    data: Any
    located: Located
    #: (id, display name) of each member the example names, in order of appearance.
    members: list[tuple[str, str]] = field(default_factory=list)
    #: (field path, message) of each problem, located by the caller.
    problems: list[tuple[FieldPath, str]] = field(default_factory=list)
    #: Paths of character mappings whose reference failed: validation problems below them repeat it.
    failed: list[FieldPath] = field(default_factory=list)


def resolve_cast(located: Located, given_model: type[BaseModel] | None, cast: Cast | None,
                 language: Language) -> Resolution:
    """Write each ``cast:`` member of ``given`` into the data; check names and overrides."""
    data = located.data
    resolution = Resolution(data, located)
    if not isinstance(data, dict) or given_model is None or "given" not in data:
        return resolution
    positions = dict(located.positions)
    resolved = dict(data)
    resolved["given"] = _walk(data["given"], given_model, ("given",), cast, language, resolution, positions)
    resolution.data = resolved
    resolution.located = Located(resolved, positions, located.spans)
    return resolution


def _walk(value: Any, model: type[BaseModel] | None, path: FieldPath, cast: Cast | None, language: Language,
          out: Resolution, positions: dict[FieldPath, tuple[int, int]]) -> Any:
    if isinstance(value, list):
        return [_walk(item, model, (*path, index), cast, language, out, positions)
                for index, item in enumerate(value)]
    if not isinstance(value, dict) or model is None:
        return value
    if model in CHARACTER_MODELS:
        value = _character(value, model, path, cast, language, out, positions)
    elif issubclass(model, Battlefield):  # a creature on a map has a name, never statistics
        creatures = value.get("creatures")
        for letter, creature in creatures.items() if isinstance(creatures, dict) else ():
            if isinstance(creature, dict):
                _near_name(creature.get("name"), (*path, "creatures", letter), cast, out)
    elif REFERENCE_KEY in value and REFERENCE_KEY not in _keys(model):
        out.problems.append(((*path, REFERENCE_KEY), f"`{REFERENCE_KEY}` names a character of the cast, "
                             f"and `{format_field(path)}` describes no character"))
        out.failed.append(path)
        value = {k: v for k, v in value.items() if k != REFERENCE_KEY}
    result = {}
    for key, item in value.items():
        result[key] = _walk(item, _child_model(model, key), (*path, key), cast, language, out, positions)
    return result


#: The Latin letters of European names that are no plain letter with an accent, each its own.
OTHER_LATIN = "æœøßðþłđ"


def foreign_letter(name: str) -> str | None:
    """What the first letter of ``name`` outside the Latin alphabet as names write it (a plain letter,
    with its accents, or one of :data:`OTHER_LATIN`) is, in words, or ``None``.

    No table of look-alikes holds them all: « ᎬᏞᎪᎡᎪ » (Cherokee) and « ꓰꓡꓮꓣꓮ » (Lisu) read « ELARA » (a
    twenty-third hostile round), and so did « Aǀiϲe » « Alice », with a Latin click letter and a Greek
    lunate sigma (a twenty-fifth), beside Greek and Cyrillic letters the table did not hold."""
    for char in unicodedata.normalize("NFKD", name):  # full width or mathematical letters are plain ones
        if unicodedata.category(char) in ("Lu", "Ll", "Lt", "Lo") and not char.isascii() \
                and char.lower() not in OTHER_LATIN:
            script = unicodedata.name(char, "UNKNOWN").split(" ")[0]
            if script != "LATIN":
                return f"letters of the {script.title()} script, some of which look like Latin letters"
            return (f"« {char} » ({unicodedata.name(char).lower()}), a letter names do not write, which may look "
                    "like another")
    return None


def _near_name(name: Any, path: FieldPath, cast: Cast | None, out: Resolution) -> None:
    """A plain name one slip away from a cast member's is refused: a reader takes one for the other;
    so is a name in letters of another script, which a reader may take for Latin ones."""
    if isinstance(name, str) and (letters := foreign_letter(name)) is not None:
        out.problems.append(((*path, "name"), (
            f"`{shortened(name)}` holds {letters}: a reader may take it for another name. Hint: write a "
            f"creature's name in Latin letters (with their accents, and {', '.join(OTHER_LATIN)})")))
        return
    if not isinstance(name, str) or cast is None or name.casefold() in cast.by_name():
        return  # a member's very name, in either language, is the member (a map may label them so)
    if (near := cast.near_name(name)) is None:
        return
    member, own = near
    out.problems.append(((*path, "name"), (
        f"`{shortened(name)}` is almost the name of cast member {own} ({cast.where(member)}): a reader takes "
        f"one for the other. Hint: write `cast: {member.id}` if it is {own}; otherwise give this "
        "creature a name that cannot be mistaken for a member's")))


def _character(value: dict[str, Any], model: type[BaseModel], path: FieldPath, cast: Cast | None,
               language: Language, out: Resolution, positions: dict[FieldPath, tuple[int, int]]) -> dict[str, Any]:
    reference = value.get(REFERENCE_KEY)
    if REFERENCE_KEY not in value:
        name = value.get("name")
        if isinstance(name, str) and cast is not None and (member := cast.by_name().get(name.casefold())):
            out.problems.append(((*path, "name"), (
                f"{member.name(language)} is in the cast ({cast.where(member)}): write `cast: {member.id}` "
                f"instead of `name: {name}`. Hint: a cast member has the same statistics on every page; "
                "give another creature another name")))
        else:
            _near_name(name, path, cast, out)
        return value
    rest = {k: v for k, v in value.items() if k != REFERENCE_KEY}
    member = _member(reference, path, cast, out)
    if member is None:
        out.failed.append(path)
        return rest
    out.members.append((member.id, member.name(language)))
    accepted = _keys(model)
    for key in rest:
        if key == "name":
            out.problems.append(((*path, key), (
                f"the name of cast member `{member.id}` comes from the cast ({member.name(language)}). "
                "Hint: remove `name` here")))
        elif key in BASE_FIELDS:
            assert cast is not None  # a member comes from a cast
            shown = (f"`{key}: {json.dumps(member.stats[key], ensure_ascii=False)}` in {cast.where(member, key)}"
                     if key in member.stats else f"the rules' default: {cast.where(member)} does not set it")
            out.problems.append(((*path, key), (
                f"`{key}` is a base statistic of cast member `{member.id}` ({shown}); an example may not "
                f"change it. Hint: remove `{key}` here; or, if {member.name(language)} really differs, "
                f"change `{key}` in {cast.path}, for every page")))
    cast_position = positions.get((*path, REFERENCE_KEY), positions.get(path, (1, 1)))
    injected = {"name": member.name(language)} if "name" in accepted else {}
    injected |= {key: stat for key, stat in member.stats.items() if key in accepted}
    for key in injected:
        positions[(*path, key)] = cast_position
    return injected | {k: v for k, v in rest.items() if k != "name" and k not in BASE_FIELDS}


def _member(reference: Any, path: FieldPath, cast: Cast | None, out: Resolution) -> Member | None:
    at = (*path, REFERENCE_KEY)
    if not isinstance(reference, str):
        out.problems.append((at, "`cast` is a cast member's id, such as `elara`"))
        return None
    if cast is None or not cast.exists:
        where = cast.path if cast is not None else CAST_FILE
        out.problems.append((at, f"unknown cast member `{reference}`: there is no cast file ({where} does not exist)"))
        return None
    if not cast.loaded or reference in cast.broken:
        out.problems.append((at, f"cast member `{reference}` cannot be used: {cast.path} has errors (see them there)"))
        return None
    member = cast.members.get(reference)
    if member is None:
        hint = did_you_mean(reference, cast.members)
        if hint is None and (by_name := cast.by_name().get(reference.casefold())):
            hint = f"did you mean `{by_name.id}`?"
        out.problems.append((at, f"unknown cast member `{reference}`; " + (hint or _listed(cast))))
    return member


#: The most cast members an unknown reference's problem lists: a cast may hold thousands.
LISTED_MEMBERS = 20


def _listed(cast: Cast) -> str:
    """The cast's members, as the problem of an unknown one names them: none, all, or the first ones."""
    if not cast.members:
        return f"{cast.path} names no cast member"
    names = sorted(cast.members)
    more = f" and {len(names) - LISTED_MEMBERS:,} more" if len(names) > LISTED_MEMBERS else ""
    return f"the cast of {cast.path} is " + ", ".join(names[:LISTED_MEMBERS]) + more


@lru_cache(maxsize=256)  # a model's fields never change: asked for on every key of every example
def _keys(model: type[BaseModel]) -> frozenset[str]:
    keys = {info.alias or name for name, info in model.model_fields.items()}
    return frozenset(keys | {REFERENCE_KEY} if model in CHARACTER_MODELS else keys)


@lru_cache(maxsize=1024)
def _child_model(model: type[BaseModel], key: str) -> type[BaseModel] | None:
    for name, info in model.model_fields.items():
        if key in (name, info.alias):
            return typing.cast("type[BaseModel] | None", model_in(info.annotation))
    return None


def model_in(annotation: Any) -> Any:
    """The first pydantic model inside a type annotation (``tuple[Enemy, ...]`` → ``Enemy``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = model_in(arg)
        if found is not None:
            return found
    return None


# --- The published contract and the cast page --------------------------------------------------------

def document_in_schema(schema: dict[str, Any]) -> None:
    """Add ``cast`` to each character model of a JSON Schema, and say which fields are base."""
    titles = {model.__name__ for model in CHARACTER_MODELS}
    for name, definition in schema.get("$defs", {}).items():
        if name not in titles:
            continue
        properties = definition.setdefault("properties", {})
        base = [key for key in properties if key in BASE_FIELDS]
        properties[REFERENCE_KEY] = {
            "type": "string", "pattern": MEMBER_ID, "title": "Cast",
            "description": (
                f"A member of the cast ({CAST_FILE} beside the language folders): its display name"
                + (f" and base statistics ({', '.join(base)})" if base else "")
                + " come from the cast and may not be written here; situational fields may."
            ),
        }
        required = definition.pop("required", None)
        if required:  # a base statistic the model requires may come from the cast instead
            situational = [key for key in required if key not in BASE_FIELDS]
            definition["anyOf"] = [{"required": required}, {"required": [REFERENCE_KEY, *situational]}]


def anchor(member_id: str) -> str:
    """The heading id of a member on the cast page."""
    return f"cast-{member_id}"


def cast_markdown(cast: Cast, language: Language, appearances: dict[str, list[tuple[str, str]]]) -> str:
    """The cast as Markdown in ``language``: per member a heading, its role, a table of its base
    statistics and the examples it appears in (``appearances``: member id → [(title, URL)])."""
    parts = []
    for member in cast.members.values():
        parts.append(f"## {markdown_text(render.capitalized(member.name(language)))} {{ #{anchor(member.id)} }}")
        if member.role(language):
            parts.append(f"*{markdown_text(member.role(language))}*")
        if member.stats:
            heads = [render.word(f"cast.{key}", language) for key in member.stats]
            cells = [_stat(key, value, language) for key, value in member.stats.items()]
            parts.append("\n".join([f"| {' | '.join(heads)} |", f"|{':-:|' * len(heads)}",
                                     f"| {' | '.join(cells)} |"]))
        links = appearances.get(member.id, [])
        # Raw links to the cards' ids: MkDocs cannot see those ids in the pages' Markdown. Markdown
        # still reads the text between the tags: the title is made inert Markdown, not HTML-escaped.
        shown = " · ".join(f'<a href="{html_text(url)}">{markdown_text(title)}</a>'
                           for title, url in links)
        shown = shown or render.word("cast.nowhere", language)
        colon = render.colon(language)
        parts.append(f"{render.word('cast.appears_in', language)}{colon} {shown}")
    return "\n\n".join(parts) + "\n"


def _stat(key: str, value: Any, language: Language) -> str:
    if key in {"str", "dex", "con", "int", "wis", "cha"} and isinstance(value, int):
        return ("+" if value >= 0 else "") + render.number(value, language)
    return render.value(value, language)

