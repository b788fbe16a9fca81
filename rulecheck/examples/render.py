"""Traces and values in the reader's language. The only place French and English live in code.

Hosts format these strings as HTML or terminal text; the engine only gives keys and numbers.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from rulecheck.engine.cards import CARD_ABILITY
from rulecheck.engine.dice import AbilityTerm, DiceExpr, DiceTerm, FlatTerm
from rulecheck.engine.modifiers import DEX_AT_ZERO
from rulecheck.engine.trace import EXTRA_DAMAGE, Step, Term
from rulecheck.examples.choices import literal_choices
from rulecheck.examples.locales import Language, load_locales

LABELS, EVENTS, VALUES = load_locales()

_OPS = {">=": "≥", ">": ">", "<=": "≤", "<": "<"}
MINUS = "−"


def word(key: str, language: Language) -> str:
    return VALUES.get(language, VALUES["en"]).get(key, key)


def colon(language: Language) -> str:
    """The colon after a label: French sets it off with a no-break space (« Abri\u00a0: »)."""
    return "\u00a0:" if language == "fr" else ":"


def of(name: str, language: Language) -> str:
    """A name after "of": in French « de », contracted and elided as the name asks (« du gobelin »,
    « des gardes », « de l'orc », « d'Elara », « de Brann »)."""
    if language != "fr":
        return f"of {name}"
    article, rest = _article(name)
    if article in ("le", "les"):
        return ("du " if article == "le" else "des ") + rest
    if name[:1].lower() in "aeiouyéèêàâîôûh":
        return "d'" + name
    return "de " + name


def to(name: str, language: Language) -> str:
    """A name after "to": in French « à », contracted as the name asks (« au gobelin », « aux
    gardes », « à l'orc », « à la sentinelle », « à Brann »)."""
    if language != "fr":
        return f"to {name}"
    article, rest = _article(name)
    if article in ("le", "les"):
        return ("au " if article == "le" else "aux ") + rest
    return "à " + name


def _article(name: str) -> tuple[str, str]:
    """A French name's definite article that contracts with « de » and « à » (« le », « les »,
    in any case, as a title may write « Le Chevalier noir »), and the rest of the name."""
    head, _, rest = name.partition(" ")
    return (head.lower(), rest) if rest and head.lower() in ("le", "les") else ("", name)


def capitalized(text: str) -> str:
    """``text`` at the start of a sentence, a heading or a list: its first letter in upper case
    (« le gobelin attaque Brann » → « Le gobelin attaque Brann »); the rest as written."""
    first = text[:1]
    if not first.islower():
        return text
    # Title case, one letter for one (« ǆ » → « ǅ », not « Ǆ »); a letter whose capital is two
    # (« ß » → « SS », « ŉ » → « ʼN ») stays as the author wrote it: a name is not respelled.
    titled = first.title()
    return titled + text[1:] if len(titled) == 1 else text


def label(key: str, language: Language) -> str:
    if key.startswith(EXTRA_DAMAGE):
        return f"{label(key[len(EXTRA_DAMAGE):], language)}, {label('extra_damage', language)}"
    if key.startswith("max:"):
        return f"{key[4:]} max"
    return LABELS.get(language, LABELS["en"]).get(key, key)


def number(value: int | float, language: Language) -> str:
    text = f"{value:g}" if isinstance(value, float) else str(value)
    if language == "fr":
        text = text.replace(".", ",")
    return text.replace("-", MINUS)


def dice_notation(expressions: Iterable[DiceExpr], language: Language) -> str:
    """Dice expressions added together, as a reader of ``language`` writes them: ``1d4 + FOR``,
    ``2d4 + 2d4``, ``1d8 − 1`` (abilities by the page's codes, a true minus sign)."""
    said: list[str] = []
    for expression in expressions:
        for term in expression.terms:
            match term:
                case DiceTerm(count=count, sides=sides, sign=sign):
                    shown, negative = f"{count}d{sides}", sign < 0
                case FlatTerm(value=value):
                    shown, negative = str(abs(value)), value < 0
                case AbilityTerm(ability=ability, sign=sign):
                    shown, negative = word(f"ability.{ability}", language), sign < 0
            said.append((f"{MINUS} " if said else MINUS) + shown if negative else (f"+ {shown}" if said else shown))
    return " ".join(said)


def _half_up(exact: Fraction, scale: int) -> int:
    """floor(exact × scale + 1/2), in integers (cards print thousands of these): every number a
    card rounds, rounds a half up (1.25 → 1.3, 12.5 → 13), where Python's ``round`` would round
    it to even on some (1.25 → 1.2) and not on others (0.65 → 0.7, being a float above 0.65)."""
    return (2 * exact.numerator * scale + exact.denominator) // (2 * exact.denominator)


def decimal(exact: Fraction | int, language: Language, digits: int = 1) -> str:
    """``Fraction(5, 4)`` → ``1,3`` or ``1.3``: a number to at most ``digits`` decimals, a half
    rounded up as the percents are, no trailing zero (``2``, not ``2.0``)."""
    return number(float(Fraction(_half_up(Fraction(exact), 10**digits), 10**digits)), language)


def percent(probability: float | Fraction, language: Language, digits: int = 0) -> str:
    """``0.65`` → ``65 %`` (French, narrow no-break space before %) or ``65%``; halves round up."""
    exact = probability if isinstance(probability, Fraction) else Fraction(repr(float(probability)))
    rounded = _half_up(exact, 10 ** (digits + 2))
    sign = "-" if rounded < 0 else ""
    whole, part = divmod(abs(rounded), 10 ** digits)
    text = f"{sign}{whole}" + (f".{part:0{digits}d}" if digits else "")
    return f"{text.replace('.', ',')}\u202f%" if language == "fr" else f"{text}%"


@functools.lru_cache(maxsize=4096)
def probability(exact: Fraction, language: Language) -> str:
    """A probability as a card shows it: whole percents, more digits only when rounding would
    say 0 % or 100 % of something that may or may not happen, and ``< 0.01%`` below that."""
    if 0 < exact < 1:
        numerator, denominator = exact.numerator, exact.denominator
        for digits in (0, 1, 2):
            # 1 / (2 × 10^(digits+2)) ≤ exact < 1 − that bound, in integers: halves round up, so
            # exactly half a unit below 1 would read 100 %
            scale = 2 * 10 ** (digits + 2)
            if numerator * scale >= denominator and (denominator - numerator) * scale > denominator:
                return percent(exact, language, digits)
        low = exact < Fraction(1, 2)
        bound = Fraction(1, 10**4) if low else 1 - Fraction(1, 10**4)
        return ("< " if low else "> ") + percent(bound, language, 2)
    return percent(exact, language)


def value(raw: Any, language: Language, field: str | None = None) -> str:
    """A result value as prose shows it: numbers localised, keys translated.

    With ``field``, a word keyed ``field.value`` (``cover.none``) wins over the bare value's word.
    """
    if isinstance(raw, bool):
        return word("true" if raw else "false", language)
    if isinstance(raw, int | float):
        return number(raw, language)
    if raw is None:
        return "—"
    if isinstance(raw, tuple | list):
        return ", ".join(value(item, language) for item in raw) or word("none", language)
    qualified = f"{field}.{raw}"
    if field and qualified in VALUES.get(language, VALUES["en"]):
        return word(qualified, language)
    text = str(raw)
    # Only the rules' own words are translated: a name or a dice term is shown as written, even
    # one that happens to spell a word of the cards (« error », « none »).
    return word(text, language) if text in rules_words() else text


@functools.cache
def rules_words() -> frozenset[str]:
    """Every word the rules may give as a value: the ``Literal`` choices of their inputs and results."""
    from rulecheck.engine.rules import RULES  # the rules' registry imports this module's callers

    return frozenset(word for rule in RULES.values() for model in (rule.given, rule.result)
                     for word in literal_choices(model))


#: Term labels that are a bonus to something else: alone in a step, they keep their sign
#: (« Posture défensive simple, bonus aux deux défenses : +1 (posture) », not a count of 1).
SIGNED_ALONE = frozenset({"posture"})
#: Steps whose one term is a modifier, which keeps its sign as every modifier does (« +2 (pavise) »).
SIGNED_STEPS = frozenset({"modifiers.ignored.bonus", "modifiers.ignored.penalty"})


def _terms(terms: tuple[Term, ...], language: Language, names: Mapping[str, str], signed: bool = False) -> str:
    if len(terms) == 1 and (signed or terms[0].label in SIGNED_ALONE) and terms[0].value > 0:
        only = terms[0]
        return f"+{only.value} ({names.get(only.label) or label(only.label, language)})"
    text = ""
    for index, term in enumerate(terms):
        said = names.get(term.label) or label(term.label, language)
        if term.label == "dex.zero":  # « 6 (DEX +1 lowered to −5) »: the 6 is what the lowering takes away
            dex = DEX_AT_ZERO - term.value
            said = said.format(dex=("+" if dex >= 0 else MINUS) + str(abs(dex)))
        elif term.label == "dex.loses_bonus":  # « 3 (DEX bonus +3 lost) »: whose DEX, the card said not
            if any(earlier.label == "dex.entangled" for earlier in terms[:index]):  # +3 − 2: « +1 » read wrong
                said = label("dex.loses_remaining_bonus", language)
            said = said.format(dex=abs(term.value))
        shown = f"{abs(term.value)} ({said})"
        if index == 0:
            text = (MINUS if term.value < 0 else "") + shown
        else:
            text += f" {MINUS if term.value < 0 else '+'} {shown}"
    return text


def step(step: Step, language: Language, names: Mapping[str, str] | None = None) -> str:
    """``Test de parade : 17 (d20) + 2 (niveau) + 4 (FOR) = 23 ≥ 15 (attaque) → parade réussie``.

    A step whose verdict has words of its own for this event (``damage.total.miss``) says it in its
    head instead of after an arrow, and a bare zero with a ``.zero`` head (``damage.total.miss.zero``,
    « L'attaque rate : aucun dégât ») is said in words: a player says "no damage", not "0 → miss".
    ``names`` gives the words of some term labels instead of the locales' (a map's creatures by name),
    and the name of the step's ``actor``, which its head then says (« Test de Soin d'Elara »).
    A comparison that did not decide (a natural 20 or 1 did) reads « 26 contre 30 », never ``26 / 30``.
    """
    events = EVENTS.get(language, EVENTS["en"])
    qualified = f"{step.event}.{step.verdict}" if step.verdict else None
    if qualified and step.value == 0 and not step.terms and f"{qualified}.zero" in events:
        return events[f"{qualified}.zero"]
    verdict_said = bool(qualified and qualified in events)
    head_key = qualified if verdict_said and qualified else step.event
    head = events.get(head_key, head_key)
    actor = (names or {}).get(step.actor or "")
    if actor and f"{head_key}.by" in events:
        head = events[f"{head_key}.by"].format(actor=actor, of_actor=of(actor, language))
    body = ""
    if step.terms:
        body = _terms(step.terms, language, names or {}, signed=step.event in SIGNED_STEPS)
        if step.value is not None and (len(step.terms) > 1 or step.terms[0].value != step.value):
            body += f" = {number(step.value, language)}"
    elif step.value is not None:
        body = number(step.value, language)
    if step.against is not None:
        op = _OPS[step.op] if step.op else word("against", language)
        said = (names or {}).get(step.against_label or "") or label(step.against_label or "", language)
        against = f"{number(step.against, language)} ({said})"
        body += f" {op} {against}"
    if step.verdict and not verdict_said:
        verdict = word(step.verdict, language)
        body = f"{body} → {verdict}" if body else verdict
    return f"{head}{colon(language)} {body}" if body else head


def trace(steps: tuple[Step, ...], language: Language, names: Mapping[str, str] | None = None) -> list[str]:
    return [step(s, language, names) for s in steps]


def has_refusal_wording(code: str | None, language: Language) -> bool:
    """Whether the locales word the refusal ``code`` in ``language``."""
    return code is not None and f"refusal.{code}" in VALUES.get(language, {})


def refusal(code: str, params: dict[str, int | str] | Any, language: Language) -> str:
    """A refusal of the rules in the reader's language: ``refusal.<code>`` filled with its params
    (``refusal.<code>.<need>`` when the params say what made the step need it)."""
    params = dict(params)
    need = params.get("need")
    template = word(f"refusal.{code}.{need}" if need else f"refusal.{code}", language)
    if code == "capability_attack":  # the cards' notation, « MAG(SAG) », as the card's chips say it
        params |= {key: card_attack(str(params[key]), language) for key in ("rules", "card") if key in params}
    return template.format_map({name: value(raw, language, name) for name, raw in params.items()})


#: The cards' ability codes (« SAG ») back to the abilities they name (``wis``).
_ABILITY_OF_CODE = {code: ability for ability, code in CARD_ABILITY.items()}


def card_attack(notation: str, language: Language) -> str:
    """A capability's attack in the cards' notation (« MAG(SAG) », « Soutien ») as the card's chips
    say it in ``language``: « MAG (WIS) », « Support »; anything else as written."""
    if notation == "Soutien":
        return word("card.support", language)
    kind, _, rest = notation.partition("(")
    ability = _ABILITY_OF_CODE.get(rest.removesuffix(")"))
    if kind.lower() not in ("phy", "mag") or ability is None or not rest.endswith(")"):
        return notation
    return f"{word(kind.lower(), language)} ({word('ability.' + ability, language)})"


def capability_name(name: str, language: Language) -> str:
    """A capability's name as written, with its gloss where the locales give one (the English pages
    gloss the rulebook's French names): never a word of the rules, even for a name that spells one."""
    return VALUES.get(language, {}).get(f"capability.{name}", name)


def plan_step(step: Any, language: Language) -> str:
    """One step of a turn's plan as a player says it: « Se déplacer de 15 m », « Attack »."""
    kind = step.do
    if kind == "move":
        return word("plan.move.leaves_contact" if step.leaves_contact else "plan.move", language).format(
            metres=number(step.metres, language))
    if kind == "capability":
        card = step.capability
        name = step.name or (card.name if card is not None else "")
        if name:
            return word("plan.capability", language).format(name=capability_name(name, language))
        return word("plan.capability.cost", language).format(cost=step.cost)
    if kind == "free":
        return word(f"plan.free.{step.what}", language)
    if kind == "posture":
        return word("plan.posture", language).format(
            actions=word("plan.and", language).join(word(f"action.{letter}", language) for letter in step.gives_up))
    return word(f"plan.{kind}", language)


def chance(exact: Fraction, language: Language, faces: int | None = None, *, results: bool = False) -> str:
    """``62,5 % (10 sur 16)``: the percent, exact when one decimal says it, and the odds as a
    count a player can picture: out of the ``faces``, the equally likely results of the roll that
    decides it (``12 sur 20``, not ``3 sur 5``; 2d4's 16 pairs; a d100's percent says it), else
    exact out of at most 100, else ``about 1 in N`` for a rare event. ``results``: the faces are
    several dice's results, which the count names (« 10 résultats sur 16 »: « 10 sur 16 » did not
    say of what). Odds no roll's faces count are « 9 chances sur 20 »: a bare « 9 sur 20 » read as a
    d20's faces."""
    tenths = exact * 1000
    shown = percent(exact, language, 1) if tenths.denominator == 1 and (exact * 100).denominator != 1 \
        else probability(exact, language)
    out_of, counted = None, "chance.of"
    if faces is not None and faces < 100 and (exact * faces).denominator == 1:  # a d100's count is its percent
        out_of = (int(exact * faces), faces)
        counted = "chance.of.results" if results else "chance.of"
    elif exact.denominator < 100:  # out of 100, the percent already says it
        out_of = (exact.numerator, exact.denominator)
        counted = "chance.of.odds.one" if exact.numerator == 1 else "chance.of.odds"
    if out_of is not None:
        of = word(counted, language).format(count=number(out_of[0], language), total=number(out_of[1], language))
        shown += f" ({of})"
    elif exact <= Fraction(1, 10):
        shown += f" ({word('chance.about', language).format(total=decimal(1 / exact, language, 0))})"
    return shown


def event(key: str, params: tuple[tuple[str, int], ...], language: Language) -> str:
    """An event's name on a card's chance line: « Chance de mourir ce tour-ci »."""
    return word(key, language).format(**{name: number(value, language) for name, value in params})


def needs(count: int, sides: int, low: int, high: int, language: Language) -> str:
    """« 12 ou moins au d20 », « un 20 naturel », « 5 ou plus aux 2d4 »: the values one roll
    needs for the card's event, from ``low`` to ``high``, one end of what the roll can show."""
    roll = word("roll.one" if count == 1 else "roll.many", language).format(count=count, sides=sides)
    if low == high:
        key = "roll.natural" if count == 1 else "roll.exactly"
        return word(key, language).format(face=number(low, language), roll=roll)
    if high == count * sides:
        return word("roll.at_least", language).format(face=number(low, language), roll=roll)
    return word("roll.at_most", language).format(face=number(high, language), roll=roll)
