"""Example cards: the HTML that replaces a ``rulecheck`` fence on a page.

The MkDocs plugin checks every example before pages render and registers each block's card
here by its source; the superfences formatter only looks the card up. A formatter must not
raise (superfences swallows the exception and the build passes), so failing the build is the
plugin's job, never this module's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rulecheck.engine.dice import DiceExpr
from rulecheck.engine.odds import Odds
from rulecheck.engine.rules import RULES
from rulecheck.engine.trace import Step
from rulecheck.errors import Problem
from rulecheck.examples import chances, render
from rulecheck.examples.as_text import html_text
from rulecheck.examples.cast import anchor as cast_anchor
from rulecheck.examples.outcome import Outcome
from rulecheck.examples.people import people
from rulecheck.examples.result_words import result_value, trace_names
from rulecheck.examples.shown_cards import card_marks, card_markup_elements
from rulecheck.hosts.battle_map import battle_map_html
from rulecheck.hosts.battle_map import names as battle_map_names
from rulecheck.hosts.hidden_cards import div_openings, hidden_cards

#: The attribute of a card's hover hints (the cast line, a map's marks). Not ``title``: Material
#: mounts a tooltip, with its observers, on every titled element of a page at load, which on a page
#: of cards was most of its script time on a phone; the reader's script
#: (overrides/assets/javascripts/reader.js) makes the hint a title when a pointer or the focus
#: first reaches it. The hints a card repeats by the hundred are not written twice: a step's §
#: link is hinted by its label, a chart's bar by its item of the chart's label. The few cost badges
#: and type chips keep their title: it is the words of their letters.
TIP = "data-tip"
#: What parts a damage chart's label into its bars' items, in the bars' order: the reader's script
#: reads a bar's hint there. The figure's caption names the chart: the label is the items alone.
BAR_ITEMS = ", "


@dataclass
class _Page:
    """The page being rendered: its checked cards by block key, and the blocks formatted without one."""

    cards: dict[str, str] | None = None  # None: the checks are off, blocks render as plain code
    language: str = "en"
    unchecked: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)  # the cards the formatter wrote, error cards too


_PAGE = _Page()


def register(cards: dict[str, str] | None, language: str = "en") -> None:
    """Make these cards (keyed by block source) the ones the formatter uses for the next page;
    ``None`` when the checks are disabled. Forgets the blocks formatted for the previous page."""
    _PAGE.cards, _PAGE.language, _PAGE.unchecked = (dict(cards) if cards is not None else None), language, []
    _PAGE.written = []


def registered() -> list[str]:
    """The cards registered for the page being rendered (none when the checks are off)."""
    return list((_PAGE.cards or {}).values())


def take_unchecked() -> list[str]:
    """The sources of the blocks the formatter showed since :func:`register` without a checked card."""
    found, _PAGE.unchecked = _PAGE.unchecked, []
    return found


def unshown(html: str) -> list[str]:
    """The keys of this page's checked cards that its rendered ``html`` does not hold: blocks the
    check ran that Markdown shows as something else (an indented code block, a definition's text).
    The formatter is no witness: superfences formats a fence inside indented code, then puts the
    code back."""
    found = div_openings(html)
    return [key for opening, key in _openings().items() if opening not in found]


def hidden(html: str) -> dict[str, str]:
    """The keys of this page's checked cards that its rendered ``html`` holds where a browser shows
    nothing (a template, an element marked ``hidden``…), each with what hides it."""
    return hidden_cards(html, _openings())


def _openings() -> dict[str, str]:
    """Each of this page's checked cards by its opening tag, as its HTML writes it."""
    return {card[:card.find(">") + 1]: key for key, card in (_PAGE.cards or {}).items()}


def key(source: str) -> str:
    """A block's identity, blind to whitespace: Markdown expands tabs and drops CRs before superfences."""
    return "".join(source.split())


def format_fence(source: str, language: str, css_class: str, options: Any, md: Any, **kwargs: Any) -> str:
    """superfences custom-fence formatter for ``rulecheck`` blocks.

    Every block it formats either has a card of the check, or is recorded as unchecked (the
    plugin fails the build with it) and shown as an error card: never as a silent plain block.
    """
    if _PAGE.cards is None:
        return f'<pre class="rc-unchecked"><code>{html_text(source)}</code></pre>'
    card = _PAGE.cards.get(key(source))
    if card is None:
        _PAGE.unchecked.append(source)
        card = unchecked_card(source, _PAGE.language)
    _PAGE.written.append(card)
    return card


def forged(html: str) -> int:
    """How many elements of this page's rendered ``html`` carry the cards' markup (a class
    ``rc-card`` or ``rc-badge``, a ``data-example``) beyond those of the cards the formatter wrote:
    markup an author wrote, which Markdown let through where the check's reading of the page saw
    code or text (an escaped backtick, a code span inside a raw block, a tag in a value). The
    markers are counted first: a page that holds no more of them than its cards is read no further."""
    if _PAGE.cards is None or card_marks(html) <= sum(card_marks(card) for card in _PAGE.written):
        return 0
    return card_markup_elements(html) - sum(card_markup_elements(card) for card in _PAGE.written)


def unchecked_card(source: str, language: str) -> str:
    """The error card of a block shown as an example that the check never saw."""
    return (
        f'<div class="rc-card rc-card--error" role="alert">'
        f'<p class="rc-card__title"><span class="rc-badge rc-badge--error">✗ '
        f'{render.word("error", language)}</span></p>'
        f'<ul class="rc-problems"><li>{html_text(render.word("unchecked", language))}</li></ul>'
        f'<details class="rc-source"><summary>{render.word("show_yaml", language)}</summary>'
        f"<pre><code>{html_text(source.rstrip())}</code></pre></details></div>"
    )


def card(outcome: Outcome, language: str, link: Callable[[str], str | None] = lambda anchor: None) -> str:
    """A checked example's card: title, localised trace, outcome line, checked mark, raw YAML.

    ``link`` gives the URL of the section explaining a step's rule anchor, if there is one.
    """
    source = html_text(outcome.block.source.rstrip())
    example_id = html_text(outcome.id or "")
    if outcome.problems or outcome.echoes or (outcome.result is None and outcome.refusal is None):
        items = "".join(f"<li>{html_text(p.located())}</li>" for p in [*outcome.problems, *outcome.echoes])
        return (
            f'<div class="rc-card rc-card--error" id="ex-{example_id}" role="alert">'
            f'<p class="rc-card__title"><span class="rc-badge rc-badge--error">✗ '
            f'{render.word("error", language)}</span> <code>{example_id}</code></p>'
            f'<ul class="rc-problems">{items}</ul>'
            f"{source_block(source, language)}</div>"
        )
    example = outcome.parsed.example if outcome.parsed else None
    title = html_text(getattr(example, "title", None) or outcome.id or "")
    result: Any = outcome.result
    if result is None:  # no problem and no result: the example shows a refusal of the rules
        return refusal_card(outcome, title, language, link)
    names = trace_names(getattr(example, "given", None), language)
    steps = "".join(_step(step, language, link(step.anchor), names) for step in result.trace)
    rule = RULES.get(getattr(example, "rule", ""))
    expected: set[str] = getattr(getattr(example, "expect", None), "model_fields_set", set())
    shown = (*rule.headline, *(name for name in rule.told_when_expected if name in expected)) if rule else ()
    summary = _summary(getattr(example, "given", None), outcome.result, shown, language)
    header = result_header(rule.name if rule else "", outcome.result, language)
    # A result the rules turn down (a coup de grâce not allowed) is marked as a refused plan is:
    # on paper, in black and white, by its dashed bar.
    marked = " rc-card--refused" if getattr(result, "allowed", True) is False else ""
    cast = _cast(outcome)
    return (
        f'<div class="rc-card{marked}" id="ex-{example_id}" data-example="{example_id}">'
        f'<p class="rc-card__title">{_titled(title)} '
        f'<span class="rc-badge rc-badge--ok" {TIP}="{html_text(render.word("checked.tip", language))}" '
        f'data-search-exclude>✓ {render.word("checked", language)}</span></p>'
        f"{_cast_line(outcome, cast, language, link)}{header}{battle_map_html(outcome, language, link)}"
        f'<ol class="rc-trace">{steps}</ol>\n'
        f'<p class="rc-outcome">{summary}</p>\n'
        f"{_chances(outcome, language, cast.defender)}"
        f"{source_block(source, language)}</div>"
    )


def _titled(title: str) -> str:
    """A card's title as one piece of the title's line: search's highlights, marks inside it, laid
    the title out in three lines on a phone (« The orc's » / « opportunity attack » / « , with… »)
    when each run of text was an item of the line's own."""
    return f'<span class="rc-card__name">{title}</span>'


def refusal_card(outcome: Outcome, title: str, language: str,
                 link: Callable[[str], str | None] = lambda anchor: None) -> str:
    """The card of an example that shows a refusal of the rules, worded in the page's language."""
    error = outcome.refusal
    assert error is not None and error.code is not None
    example_id = html_text(outcome.id or "")
    colon = render.colon(language)
    reason = render.refusal(error.code, error.params, language)
    # The rules refuse it, as the example expects: no tick, which two readers took for « allowed ».
    badge = render.word("checked_refusal", language)
    hint = html_text(render.word("checked_refusal.tip", language))
    return (
        f'<div class="rc-card rc-card--refused" id="ex-{example_id}" data-example="{example_id}">'
        f'<p class="rc-card__title">{_titled(title)} '
        f'<span class="rc-badge rc-badge--ok rc-badge--refused" {TIP}="{hint}" '
        f'data-search-exclude>⊘ {badge}</span></p>'
        f"{_cast_line(outcome, _cast(outcome), language, link)}{_refused_plan(outcome, error, language)}"
        f'<p class="rc-outcome rc-refusal"><strong>{html_text(render.word("card.refused", language))}</strong>'
        f"{colon} {html_text(reason)}</p>\n"
        f"{source_block(html_text(outcome.block.source.rstrip()), language)}</div>"
    )


def _refused_plan(outcome: Outcome, error: Any, language: str) -> str:
    """A refused turn's plan, step by step, the step the rules refuse marked in words: a refusal
    that says « step 2 » shows which step that is."""
    example = outcome.parsed.example if outcome.parsed else None
    plan = getattr(getattr(example, "given", None), "plan", ())
    if not plan:
        return ""
    where = tuple(error.field or ())
    refused = where[2] if len(where) >= 3 and where[:2] == ("given", "plan") and isinstance(where[2], int) else None
    items = []
    for index, step in enumerate(plan):
        text = html_text(render.plan_step(step, language))
        if index == refused:
            mark = html_text(render.word("plan.refused", language))
            items.append(f'<li class="rc-plan__refused"><strong>{text}</strong> — ✗ {mark}</li>')
        else:
            items.append(f"<li>{text}</li>")
    title = html_text(render.word("plan.title", language))
    return f'<ol class="rc-plan" aria-label="{title}">{"".join(items)}</ol>\n'


@dataclass(frozen=True)
class _Cast:
    """Who a card's example is about, as its cast line says it: every name it gives, the sides of
    an attack or a move (from the example, else from its map), and each other creature's part on the map."""

    names: tuple[str, ...] = ()
    attacker: str | None = None
    defender: str | None = None
    mover: str | None = None
    #: on a map, an attack's sides even unnamed (« An attacker attacks the wolf »)
    attack: bool = False
    roles: dict[str, str] = field(default_factory=dict)


def _cast(outcome: Outcome) -> _Cast:
    example = outcome.parsed.example if outcome.parsed else None
    if example is None:
        return _Cast()
    named = people(example.given)
    sides, roles = _grid_roles(outcome)
    return _Cast(named.names, named.attacker or sides.get("attacker"), named.defender or sides.get("defender"),
                 sides.get("mover"), "attacker" in sides, roles)


def _cast_line(outcome: Outcome, cast: _Cast, language: str, link: Callable[[str], str | None]) -> str:
    """Everyone the example names, recurring or not, in the page's language: for an attack, who
    attacks whom (« The orc attacks Elara »), then the others; each cast member linked to the cast page."""
    if not cast.names:
        return ""
    members = {name: member_id for member_id, name in (outcome.parsed.cast if outcome.parsed else ())}

    def shown(name: str, first: bool) -> str:
        href = link(cast_anchor(members[name])) if name in members else None
        text = html_text(render.capitalized(name) if first else name)
        return (f'<a class="rc-cast__member" href="{html_text(href)}">{text}</a>' if href
                else f'<span class="rc-cast__member">{text}</span>')

    attacker_name, defender_name, roles = cast.attacker, cast.defender, cast.roles
    parts, others = [], list(cast.names)
    if attacker_name or defender_name or cast.attack:
        attacker = (shown(attacker_name, first=True) if attacker_name
                    else html_text(render.word("cast.an_attacker", language)))
        defender = (shown(defender_name, first=False) if defender_name
                    else html_text(render.word("cast.a_defender", language)))
        parts.append(render.word("cast.attacks", language).format(attacker=attacker, defender=defender))
        others = [name for name in others if name not in {attacker_name, defender_name}]
    elif mover := cast.mover:
        parts.append(render.word("cast.moves", language).format(mover=shown(mover, first=True)))
        others = [name for name in others if name != mover]
    # each part of the line begins with its name; on a grid, the others say what they are there
    parts += [shown(name, first=True) + (f" ({html_text(render.word(f'cast.role.{roles[name]}', language))})"
                                         if name in roles else "") for name in others]
    return f'<p class="rc-cast" {TIP}="{html_text(render.word("cast.title", language))}">{" · ".join(parts)}</p>'


def _grid_roles(outcome: Outcome) -> tuple[dict[str, str], dict[str, str]]:
    """On a card with a battle map: the sides it shows (``attacker``, ``defender`` or ``mover`` →
    its name, empty when it has none), and each named creature's role there by name (``ally``,
    ``other``, ``enemy``, ``ally_of_mover``), which the line says in its own words (``cast.role.*``)."""
    drawn = getattr(outcome.result, "battle_map", None)
    if drawn is None or outcome.parsed is None:
        return {}, {}
    given_names = battle_map_names(outcome.parsed.example)
    sides: dict[str, str] = {}
    roles: dict[str, str] = {}
    for figure in drawn.figures:
        role = "ally_of_mover" if figure.role == "ally" and drawn.kind == "move" else figure.role
        name = given_names.get(f"letter:{figure.letter}") or given_names.get(figure.role) or ""
        if role in ("attacker", "defender", "mover"):
            sides.setdefault(role, name)
        elif name:
            roles.setdefault(name, role)
    return sides, roles


def source_block(escaped_source: str, language: str) -> str:
    """The raw example, folded: a collapsible block of preformatted text.

    Not Material's ``pre > code``, which it sets up at load (a copy button, a resize observer) for
    every block, folded or not: on a phone that was the costliest part of a card. The reader's
    script gives the block its copy button when a reader first opens it
    (``overrides/assets/javascripts/reader.js``)."""
    copy, copied = (html_text(render.word(key, language)) for key in ("copy_yaml", "copied_yaml"))
    return (
        f'<details class="rc-source" data-search-exclude><summary>{render.word("show_yaml", language)}</summary>'
        f'<pre class="rc-yaml" tabindex="0" data-copy="{copy}" data-copied="{copied}">{escaped_source}</pre></details>'
    )


def reference(shown: str) -> str:
    """A number the prose quotes from an example: the engine's value, as plain prose text."""
    return reference_html(html_text(shown))


def reference_html(safe_text: str) -> str:
    """A quoted value already made safe text (escaped, or made inert Markdown), in its plain span."""
    return f'<span class="rc-ref">{safe_text}</span>'


def broken_reference(written: str, error: str) -> str:
    """A reference that points at nothing (shown while serving; the build fails on it)."""
    return f'<span class="rc-ref rc-ref--error" title="{html_text(error)}">⚠ {html_text(written)}</span>'


def banner(problems: list[Problem], language: str) -> str:
    """The error card at the top of a page for problems no example card shows."""
    items = "".join(f"<li>{html_text(p.located())}</li>" for p in problems)
    return (
        f'<div class="rc-card rc-card--error rc-page-problems" role="alert">'
        f'<p class="rc-card__title"><span class="rc-badge rc-badge--error">✗ '
        f'{render.word("error", language)}</span></p><ul class="rc-problems">{items}</ul></div>'
    )


def _step(step: Step, language: str, href: str | None, names: dict[str, str]) -> str:
    text = html_text(render.step(step, language, names))
    if href is None:
        return f"<li>{text}</li>"
    see = html_text(render.word("see_rule", language))
    # The § is drawn by the stylesheet: no text for the search index, one element less a step. A
    # no-break space keeps it with the step's last word (it wrapped alone onto a line of its own).
    return f'<li>{text}\u00a0<a class="rc-rule" href="{html_text(href)}" aria-label="{see}"></a></li>'


def _summary(given: Any, result: Any, fields: tuple[str, ...], language: str) -> str:
    colon = render.colon(language)
    shown = ((name, result_value(given, result, name, language)) for name in fields)
    return " · ".join(
        f"<strong>{html_text(render.word(_field_word(result, name), language))}</strong>{colon} {html_text(text)}"
        for name, text in shown if text is not None
    )


def _field_word(result: Any, name: str) -> str:
    """A result field's label; a capability's extra damage is what it adds to the weapon's."""
    return "field.damage.extra" if name == "damage" and _adds_to_weapon(result) else f"field.{name}"


def _adds_to_weapon(result: Any) -> bool:
    """Whether a result's damage is a capability's extra damage, added to its weapon's."""
    return getattr(result, "extra_damage", False) is True


def result_header(rule: str, result: Any, language: str) -> str:
    """What some rules show between the title and the trace: a capability's card, a turn's actions."""
    if rule == "capability":
        return capability_header(result, language)
    if rule in {"turn", "movement"}:
        used = result.used if rule == "turn" else result.uses
        return f'<p class="rc-actions" data-search-exclude>{action_badges(used, result.left, language)}</p>'
    return ""


def cost_badge(cost: str, language: str, state: str = "") -> str:
    """A cost badge, ``M``, ``A``, ``MA`` or ``G``; ``state`` is ``used``, ``left`` or ``lost``."""
    classes = f"rc-cost rc-cost--{cost}" + (f" rc-cost--{state}" if state else "")
    title = render.word(f"cost.{cost}", language) + (f", {render.word('badge.' + state, language)}" if state else "")
    return f'<span class="{html_text(classes)}" title="{html_text(title)}">{html_text(cost)}</span>'


def action_badges(used: tuple[str, ...], left: tuple[str, ...], language: str) -> str:
    """The three actions of a turn, each marked used, left, or lost (a surprised creature's)."""
    return "".join(
        cost_badge(letter, language, "used" if letter in used else "left" if letter in left else "lost")
        for letter in ("M", "A", "G")
    )


def capability_header(result: Any, language: str) -> str:
    """A capability card's meta-information: name, type, cost badge, attack or support, range."""
    chips = [
        f'<span class="rc-capability__name">{html_text(render.capability_name(result.name, language))}</span>',
        # « type C », not a bare « C » whose meaning only a tooltip, which phones do not show, gave
        f'<span class="rc-chip rc-chip--type" title="{html_text(render.word("card.type", language))}">'
        f"{html_text(render.word('card.type.short', language))} {html_text(result.type)}</span>",
        cost_badge(result.cost, language),
    ]
    if result.attack is not None:
        attack = f"{render.word(result.attack, language)} ({render.word('ability.' + result.ability, language)})"
        chips.append(f'<span class="rc-chip rc-chip--attack">{html_text(attack)}</span>')
    if result.support:
        chips.append(f'<span class="rc-chip rc-chip--support">{html_text(render.word("card.support", language))}'
                     "</span>")
    if result.range is not None:
        shown = f"{render.word('card.range', language)} {render.number(result.range, language)}\u00a0m"
        chips.append(f'<span class="rc-chip rc-chip--range">{html_text(shown)}</span>')
    return f'<p class="rc-capability" data-search-exclude>{"".join(chips)}</p>'


def _chances(outcome: Outcome, language: str, taken_by: str | None = None) -> str:
    """What the dice give, for a player: the chance of the event the card is about where dice
    decide it, named, with what a deciding roll needs for that same event, and how the damage
    spreads; all from the exact odds the check computed."""
    odds, result = outcome.odds, outcome.result
    if odds is None:
        return ""
    line = ""
    found = chances.stated(outcome, language)
    if found is not None:
        colon = render.colon(language)
        named, said = found
        line = (f'<p class="rc-odds" data-search-exclude><strong>{html_text(named)}</strong>{colon} '
                f"{html_text(said)}</p>\n")
    spread = chances.damage_spread(odds)
    chart = "" if spread is None else damage_chart(spread, getattr(result, "damage", None), odds.mean("damage"),
                                                   language, chances.critical_spread(odds),
                                                   added=_adds_to_weapon(result), over=rolled_dice(odds),
                                                   harmless_hits=chances.harmless_hits(odds),
                                                   damage_dice=_damage_dice(outcome, language, spread),
                                                   taken_by=taken_by)
    return line + chart


def _damage_dice(outcome: Outcome, language: str, spread: Mapping[int, Fraction] | None) -> str | None:
    """The damage dice an example gives (an attack's weapon and its extra dice, a poison's), in
    the page's notation: what its chart is drawn from; and, when the chart goes past what they
    can roll (a critical's damage bonus: a 1d8's chart « from 0 to 29 »), that bonus named too."""
    given = getattr(outcome.parsed.example, "given", None) if outcome.parsed else None
    attack = getattr(given, "attack", None)
    found = [getattr(attack, "damage", None) or getattr(given, "damage", None), *getattr(attack, "extra_damage", ())]
    capability = getattr(outcome.result, "damage_dice", None)  # a capability's, from its card or the rules
    if isinstance(capability, str):
        found.append(DiceExpr.parse(capability))
    shown = [expression for expression in found if isinstance(expression, DiceExpr)]
    if not shown:
        return None
    dice = render.dice_notation(shown, language)
    roller = getattr(given, "attacker", None)
    abilities = roller.abilities if roller is not None else None
    highest = sum(expression.maximum(abilities) for expression in shown)
    if not spread or max(spread) <= highest:
        return dice
    return dice + "".join(render.word(f"spread.{cause}", language)
                          for cause in beyond_the_dice(outcome, highest))


def beyond_the_dice(outcome: Outcome, highest: int) -> tuple[str, ...]:
    """Why a damage chart runs past ``highest``, what its dice can roll: a capability's damage
    doubled against its target, the Progressive Damage Bonus (every hit's margin over the
    defence), or a critical's damage bonus, only where the odds hold a critical hit past the dice
    (a card whose attack total is given rolls no critical)."""
    given = getattr(outcome.parsed.example, "given", None) if outcome.parsed else None
    causes: list[str] = []
    if getattr(outcome.result, "doubled", False):
        causes.append("doubled")
    options = getattr(given, "options", None)
    if getattr(options, "progressive_damage", False):
        causes.append("progressive_bonus")
    elif outcome.odds is not None and max(chances.critical_spread(outcome.odds) or (0,)) > highest:
        causes.append("critical_bonus")
    return tuple(causes)


#: The dice a damage chart may be drawn over, in the order a card names them.
CHART_DICE = ("attack", "reaction", "miss_chance", "damage", "poison_damage")


def rolled_dice(odds: Odds) -> tuple[str, ...]:
    """The dice the odds roll rather than keep at the example's faces, in :data:`CHART_DICE`'s order."""
    rolled = {roll.label for roll in odds.rolls if roll.label not in odds.fixed}
    return tuple(label for label in CHART_DICE if label in rolled)


def damage_chart(spread: dict[int, Fraction], shown: int | None, mean: Fraction, language: str,
                 critical: dict[int, Fraction] | None = None, *, added: bool = False,
                 over: tuple[str, ...] = (), harmless_hits: Fraction = Fraction(0),
                 damage_dice: str | None = None, taken_by: str | None = None) -> str:
    """A small bar chart of P(damage = n), drawn in HTML and CSS at build time (no script).

    The tallest bar fills the chart; the bar of this example's own damage is marked, and the
    share of each bar that critical hits deal (``critical``: P(damage = n and a critical hit)) is
    striped, with a legend. Under the bars, their damage (every value, or the ends, this
    example's and every fifth on a wide chart); a line says what the height is, with the
    tallest bar's chance. Screen readers get every value and its percent in the chart's label, after
    its caption; a bar's hover hint is its item of that label (:data:`BAR_ITEMS`).
    ``added``: the damage is a capability's extra damage, added to the weapon's, and titled so.
    ``over``: the dice it is drawn over (:data:`CHART_DICE`), which the summary names: the average
    of a sword's damage over the attack's d20 counts the misses, and says so; with
    ``harmless_hits`` (their chance), the bar at 0 holds blows that land without wounding too: it
    says so, and how much of the bar they are (« 0 : 50 % », « dont 45 % … » where the card's chance
    line gives 45 % for such a blow).
    ``damage_dice``: the damage dice the chart is drawn from, named in its title (a parried blow's card
    shows no damage step, and its chart « from 0 to 8 » came from dice the card never named).
    ``taken_by``: who takes the damage, named in the title (under « Chance of a counter-attack »,
    « Possible damage (1d8) » read as the counter-attack's).
    """
    tallest = max(spread.values())
    critical = critical or {}
    colon = render.colon(language) + " "
    said = {}
    for n, p in spread.items():
        if not p:
            continue
        said[n] = render.number(n, language) + colon + render.probability(p, language)
        if critical.get(n):
            share = "spread.critical_all" if critical[n] == p else "spread.critical_part"
            said[n] += " (" + render.word(share, language).format(
                share=render.probability(critical[n], language)) + ")"
        if n == 0 and 0 < harmless_hits < p:
            said[n] += " (" + render.word("spread.harmless_part", language).format(
                share=render.probability(harmless_hits, language)) + ")"
    if any(BAR_ITEMS in words for words in said.values()):
        raise ValueError(f"a damage chart's item holds its separator {BAR_ITEMS!r}: {list(said.values())}")
    described = BAR_ITEMS.join(said.values())
    labelled = {min(spread), max(spread), shown}
    if len(spread) > 13:  # too narrow for every value: every fifth too, where it has room
        labelled |= {n for n in spread if n % 5 == 0 and not {n - 1, n + 1} & labelled}
    # One element a bar (pages hold thousands), in a grid of one column a value: a column where
    # the damage cannot happen has no element unless it carries a label (its ``data-x``, drawn by
    # the stylesheet), and the next element names its column when the grid's own placement would
    # not reach it.
    columns = []
    placed = 0  # the grid column of the last element written, counted from 1
    for column, (n, p) in enumerate(spread.items(), start=1):
        label = render.number(n, language) if n in labelled or len(spread) <= 13 else ""
        if not p and not label:
            continue
        x = f' data-x="{html_text(label)}"' if label else ""
        at = f"grid-column:{column}" if column != placed + 1 else ""
        placed = column
        if not p:
            placing = f' style="{at}"' if at else ""
            columns.append(f"<span{placing}{x}></span>")
            continue
        this = " rc-spread__bar--this" if n == shown else ""
        # p / tallest as a float, correctly rounded as float(Fraction) would, without a Fraction.
        height = p.numerator * tallest.denominator / (p.denominator * tallest.numerator) * 100
        striped = ""
        if critical.get(n):
            part = critical[n].numerator * p.denominator / (critical[n].denominator * p.numerator) * 100
            this += " rc-spread__bar--critical"
            striped = f";--critical:{part:.1f}%"
        placing = f"{at};" if at else ""
        columns.append(f'<span class="rc-spread__bar{this}" style="{placing}height:{height:.1f}%{striped}"{x}></span>')
    # « from 0 to 4 » would promise a 2 that a coup de grâce's all-or-nothing blow never deals.
    possible = [n for n, p in spread.items() if p]
    summary = render.word("spread.summary.either" if len(possible) == 2 else "spread.summary", language).format(
        low=render.number(min(possible), language), high=render.number(max(possible), language),
        mean=render.decimal(mean, language))
    if over:
        dice = [render.word(f"spread.over.{label}", language) for label in over]
        listed = dice[-1] if len(dice) == 1 else (
            ", ".join(dice[:-1]) + render.word("spread.over.and", language) + dice[-1])
        summary += " " + render.word("spread.over", language).format(dice=listed)
        if 0 in spread and set(over) & {"attack", "reaction", "miss_chance"}:
            summary += render.word("spread.over.miss_or_harmless" if harmless_hits else "spread.over.miss", language)
    legend = ""
    if shown is not None:
        legend = (f'<span class="rc-spread__legend rc-spread__legend--this">'
                  f'{html_text(render.word("spread.this", language))}</span>')
    if critical:  # the two keys apart in words too: read aloud or as text, not "this outcome critical hit"
        legend += (f'{" · " if legend else ""}<span class="rc-spread__legend rc-spread__legend--critical">'
                   f'{html_text(render.word("spread.critical", language))}</span>')
    if legend:  # named, not run into the sentence before it: « … (0 when the blow misses) this outcome »
        legend = f'. <span class="rc-spread__key">{html_text(render.word("spread.key", language))}</span>{legend}'

    axis = render.word("spread.axis", language).format(top=render.probability(tallest, language))
    named = f" ({damage_dice})" if damage_dice else ""
    whole = render.word("spread.to", language).format(to=render.to(taken_by, language)) if taken_by and not added \
        else render.word("spread.extra" if added else "spread", language)
    title = html_text(whole + named)
    return (
        f'<figure class="rc-spread" data-search-exclude><figcaption><strong>{title}</strong>'
        f"{html_text(colon.rstrip())} {html_text(summary)}{legend}</figcaption>"
        f'<div class="rc-spread__bars" role="img" aria-label="{html_text(described)}" '
        f'style="--columns:{len(spread)}">'
        f'{"".join(columns)}</div><p class="rc-spread__axis">{html_text(axis)}</p></figure>\n'
    )
