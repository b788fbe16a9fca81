"""Example cards: the HTML that replaces a ``rulecheck`` fence on a page.

The MkDocs plugin checks every example before pages render and registers each block's card
here by its source; the superfences formatter only looks the card up. A formatter must not
raise (superfences swallows the exception and the build passes), so failing the build is the
plugin's job, never this module's.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rulecheck.engine.rules import RULES
from rulecheck.engine.trace import Step
from rulecheck.errors import Problem
from rulecheck.examples import chances, render
from rulecheck.examples.cast import anchor as cast_anchor
from rulecheck.examples.check import Outcome
from rulecheck.hosts.battle_map import battle_map_html


@dataclass
class _Page:
    """The page being rendered: its checked cards by block key, and the blocks formatted without one."""

    cards: dict[str, str] | None = None  # None: the checks are off, blocks render as plain code
    language: str = "en"
    unchecked: list[str] = field(default_factory=list)


_PAGE = _Page()


def register(cards: dict[str, str] | None, language: str = "en") -> None:
    """Make these cards (keyed by block source) the ones the formatter uses for the next page;
    ``None`` when the checks are disabled. Forgets the blocks formatted for the previous page."""
    _PAGE.cards, _PAGE.language, _PAGE.unchecked = (dict(cards) if cards is not None else None), language, []


def take_unchecked() -> list[str]:
    """The sources of the blocks the formatter showed since :func:`register` without a checked card."""
    found, _PAGE.unchecked = _PAGE.unchecked, []
    return found


def key(source: str) -> str:
    """A block's identity, blind to whitespace: Markdown expands tabs and drops CRs before superfences."""
    return "".join(source.split())


def format_fence(source: str, language: str, css_class: str, options: Any, md: Any, **kwargs: Any) -> str:
    """superfences custom-fence formatter for ``rulecheck`` blocks.

    Every block it formats either has a card of the check, or is recorded as unchecked (the
    plugin fails the build with it) and shown as an error card: never as a silent plain block.
    """
    if _PAGE.cards is None:
        return f'<pre class="rc-unchecked"><code>{html.escape(source)}</code></pre>'
    card = _PAGE.cards.get(key(source))
    if card is not None:
        return card
    _PAGE.unchecked.append(source)
    return unchecked_card(source, _PAGE.language)


def unchecked_card(source: str, language: str) -> str:
    """The error card of a block shown as an example that the check never saw."""
    return (
        f'<div class="rc-card rc-card--error" role="alert">'
        f'<p class="rc-card__title"><span class="rc-badge rc-badge--error">✗ '
        f'{render.word("error", language)}</span></p>'
        f'<ul class="rc-problems"><li>{html.escape(render.word("unchecked", language))}</li></ul>'
        f'<details class="rc-source"><summary>{render.word("show_yaml", language)}</summary>'
        f"<pre><code>{html.escape(source.rstrip())}</code></pre></details></div>"
    )


def card(outcome: Outcome, language: str, link: Callable[[str], str | None] = lambda anchor: None) -> str:
    """A checked example's card: title, localised trace, outcome line, checked mark, raw YAML.

    ``link`` gives the URL of the section explaining a step's rule anchor, if there is one.
    """
    source = html.escape(outcome.block.source.rstrip())
    example_id = html.escape(outcome.id or "")
    if outcome.problems or outcome.echoes or (outcome.result is None and outcome.refusal is None):
        items = "".join(f"<li>{html.escape(p.located())}</li>" for p in [*outcome.problems, *outcome.echoes])
        return (
            f'<div class="rc-card rc-card--error" id="ex-{example_id}" role="alert">'
            f'<p class="rc-card__title"><span class="rc-badge rc-badge--error">✗ '
            f'{render.word("error", language)}</span> <code>{example_id}</code></p>'
            f'<ul class="rc-problems">{items}</ul>'
            f"{source_block(source, language)}</div>"
        )
    example = outcome.parsed.example if outcome.parsed else None
    title = html.escape(getattr(example, "title", None) or outcome.id or "")
    result: Any = outcome.result
    if result is None:  # no problem and no result: the example shows a refusal of the rules
        return refusal_card(outcome, title, language)
    steps = "".join(_step(step, language, link(step.anchor)) for step in result.trace)
    rule = RULES.get(getattr(example, "rule", ""))
    summary = _summary(outcome.result, rule.headline if rule else (), language)
    header = result_header(rule.name if rule else "", outcome.result, language)
    return (
        f'<div class="rc-card" id="ex-{example_id}" data-example="{example_id}">'
        f'<p class="rc-card__title">{title} '
        f'<span class="rc-badge rc-badge--ok" data-search-exclude>✓ {render.word("checked", language)}</span></p>'
        f"{_cast_line(outcome, language, link)}{header}{battle_map_html(outcome, language)}"
        f'<ol class="rc-trace">{steps}</ol>\n'
        f'<p class="rc-outcome">{summary}</p>\n'
        f"{_chances(outcome, language)}"
        f"{source_block(source, language)}</div>"
    )


def refusal_card(outcome: Outcome, title: str, language: str) -> str:
    """The card of an example that shows a refusal of the rules, worded in the page's language."""
    error = outcome.refusal
    assert error is not None and error.code is not None
    example_id = html.escape(outcome.id or "")
    colon = "\u00a0:" if language == "fr" else ":"
    reason = render.refusal(error.code, error.params, language)
    return (
        f'<div class="rc-card rc-card--refused" id="ex-{example_id}" data-example="{example_id}">'
        f'<p class="rc-card__title">{title} '
        f'<span class="rc-badge rc-badge--ok" data-search-exclude>✓ {render.word("checked", language)}</span></p>'
        f'<p class="rc-outcome rc-refusal"><strong>{html.escape(render.word("card.refused", language))}</strong>'
        f"{colon} {html.escape(reason)}</p>\n"
        f"{source_block(html.escape(outcome.block.source.rstrip()), language)}</div>"
    )


def _cast_line(outcome: Outcome, language: str, link: Callable[[str], str | None]) -> str:
    """The cast members an example names, by their names in ``language``, each linked to the cast page."""
    members = dict(outcome.parsed.cast) if outcome.parsed else {}
    if not members:
        return ""
    shown = []
    for member_id, name in members.items():
        href = link(cast_anchor(member_id))
        text = html.escape(name)
        shown.append(f'<a class="rc-cast__member" href="{html.escape(href)}">{text}</a>' if href
                     else f'<span class="rc-cast__member">{text}</span>')
    return f'<p class="rc-cast" title="{html.escape(render.word("cast.title", language))}">{" · ".join(shown)}</p>'


def source_block(escaped_source: str, language: str) -> str:
    """The raw example, folded: a collapsible block whose code Material gives a copy button."""
    return (
        f'<details class="rc-source" data-search-exclude><summary>{render.word("show_yaml", language)}</summary>'
        f'<pre class="copy"><code class="language-yaml">{escaped_source}</code></pre></details>'
    )


def reference(shown: str) -> str:
    """A number the prose quotes from an example: the engine's value, as plain prose text."""
    return reference_html(html.escape(shown))


def reference_html(safe_text: str) -> str:
    """A quoted value already made safe text (escaped, or made inert Markdown), in its plain span."""
    return f'<span class="rc-ref">{safe_text}</span>'


def broken_reference(written: str, error: str) -> str:
    """A reference that points at nothing (shown while serving; the build fails on it)."""
    return f'<span class="rc-ref rc-ref--error" title="{html.escape(error)}">⚠ {html.escape(written)}</span>'


def banner(problems: list[Problem], language: str) -> str:
    """The error card at the top of a page for problems no example card shows."""
    items = "".join(f"<li>{html.escape(p.located())}</li>" for p in problems)
    return (
        f'<div class="rc-card rc-card--error rc-page-problems" role="alert">'
        f'<p class="rc-card__title"><span class="rc-badge rc-badge--error">✗ '
        f'{render.word("error", language)}</span></p><ul class="rc-problems">{items}</ul></div>'
    )


def _step(step: Step, language: str, href: str | None) -> str:
    text = html.escape(render.step(step, language))
    if href is None:
        return f"<li>{text}</li>"
    see = html.escape(render.word("see_rule", language))
    # The § is drawn by the stylesheet: no text for the search index, one element less a step.
    return f'<li>{text} <a class="rc-rule" href="{html.escape(href)}" title="{see}" aria-label="{see}"></a></li>'


def _summary(result: Any, fields: tuple[str, ...], language: str) -> str:
    colon = "\u00a0:" if language == "fr" else ":"
    return " · ".join(
        f"<strong>{html.escape(render.word('field.' + name, language))}</strong>{colon} "
        f"{html.escape(render.value(getattr(result, name), language, name))}"
        for name in fields
    )


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
    return f'<span class="{html.escape(classes)}" title="{html.escape(title)}">{html.escape(cost)}</span>'


def action_badges(used: tuple[str, ...], left: tuple[str, ...], language: str) -> str:
    """The three actions of a turn, each marked used, left, or lost (a surprised creature's)."""
    return "".join(
        cost_badge(letter, language, "used" if letter in used else "left" if letter in left else "lost")
        for letter in ("M", "A", "G")
    )


def capability_header(result: Any, language: str) -> str:
    """A capability card's meta-information: name, type, cost badge, attack or support, range."""
    chips = [
        f'<span class="rc-capability__name">{html.escape(result.name)}</span>',
        f'<span class="rc-chip rc-chip--type" title="{html.escape(render.word("card.type", language))}">'
        f"{html.escape(result.type)}</span>",
        cost_badge(result.cost, language),
    ]
    if result.attack is not None:
        attack = f"{render.word(result.attack, language)} ({render.word('ability.' + result.ability, language)})"
        chips.append(f'<span class="rc-chip rc-chip--attack">{html.escape(attack)}</span>')
    if result.support:
        chips.append(f'<span class="rc-chip rc-chip--support">{html.escape(render.word("card.support", language))}'
                     "</span>")
    if result.range is not None:
        shown = f"{render.word('card.range', language)} {render.number(result.range, language)}\u00a0m"
        chips.append(f'<span class="rc-chip rc-chip--range">{html.escape(shown)}</span>')
    return f'<p class="rc-capability" data-search-exclude>{"".join(chips)}</p>'


def _chances(outcome: Outcome, language: str) -> str:
    """What the dice give, for a player: the chance of this outcome where dice decide it, what a
    deciding die needs, and how the damage spreads; all from the exact odds the check computed."""
    odds, result = outcome.odds, outcome.result
    if odds is None:
        return ""
    line = ""
    found = chances.chance(outcome)
    if found is not None:
        colon = "\u00a0:" if language == "fr" else ":"
        line = (f'<p class="rc-odds" data-search-exclude><strong>{html.escape(render.word("chance", language))}'
                f"</strong>{colon} {html.escape(render.chance(found.probability, language))}")
        needed = chances.needs(odds, result)
        if needed is not None:
            line += f" · {html.escape(render.needs(needed.test, needed.sides, needed.low, needed.high, language))}"
        line += "</p>\n"
    spread = chances.damage_spread(odds)
    chart = "" if spread is None else damage_chart(spread, getattr(result, "damage", None), odds.mean("damage"),
                                                   language)
    return line + chart


def damage_chart(spread: dict[int, Fraction], shown: int | None, mean: Fraction, language: str) -> str:
    """A small bar chart of P(damage = n), drawn in HTML and CSS at build time (no script).

    The tallest bar fills the chart; the bar of this example's own damage is marked. Screen
    readers get every value and its percent in the chart's label.
    """
    tallest = max(spread.values())
    colon = "\u00a0: " if language == "fr" else ": "
    said = {n: render.number(n, language) + colon + render.probability(p, language) for n, p in spread.items() if p}
    described = ", ".join(said.values())
    ends = {min(spread), max(spread), shown}
    # One element a column (pages hold thousands): a bar where the damage may happen, an empty
    # slot where it may not; the value under a column is its ``data-x``, drawn by the stylesheet.
    columns = []
    for n, p in spread.items():
        label = render.number(n, language) if n in ends or len(spread) <= 13 else ""
        x = f' data-x="{html.escape(label)}"' if label else ""
        if not p:
            columns.append(f"<span{x}></span>")
            continue
        this = " rc-spread__bar--this" if n == shown else ""
        # p / tallest as a float, correctly rounded as float(Fraction) would, without a Fraction.
        height = p.numerator * tallest.denominator / (p.denominator * tallest.numerator) * 100
        columns.append(f'<span class="rc-spread__bar{this}" style="height:{height:.1f}%" '
                       f'title="{html.escape(said[n])}"{x}></span>')
    summary = render.word("spread.summary", language).format(
        low=render.number(min(spread), language), high=render.number(max(spread), language),
        mean=render.number(round(float(mean), 1), language))
    legend = ""
    if shown is not None:
        legend = (f'<span class="rc-spread__legend"><span class="rc-spread__swatch"></span> '
                  f'{html.escape(render.word("spread.this", language))}</span>')
    title = html.escape(render.word("spread", language))
    return (
        f'<figure class="rc-spread" data-search-exclude><figcaption><strong>{title}</strong>'
        f"{html.escape(colon.rstrip())} {html.escape(summary)} {legend}</figcaption>"
        f'<div class="rc-spread__bars" role="img" aria-label="{title}{html.escape(colon)}{html.escape(described)}">'
        f'{"".join(columns)}</div></figure>\n'
    )
