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
from typing import Any

from rulecheck.engine.rules import RULES
from rulecheck.engine.trace import Step
from rulecheck.errors import Problem
from rulecheck.examples import render
from rulecheck.examples.cast import anchor as cast_anchor
from rulecheck.examples.check import Outcome


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
            f'<details class="rc-source"><summary>{render.word("show_yaml", language)}</summary>'
            f"<pre><code>{source}</code></pre></details></div>"
        )
    example = outcome.parsed.example if outcome.parsed else None
    title = html.escape(getattr(example, "title", None) or outcome.id or "")
    result: Any = outcome.result
    if result is None:  # no problem and no result: the example shows a refusal of the rules
        return refusal_card(outcome, title, language)
    steps = "".join(_step(step, language, link(step.anchor)) for step in result.trace)
    rule = RULES.get(getattr(example, "rule", ""))
    summary = _summary(outcome.result, rule.headline if rule else (), language) + _odds(outcome, language)
    header = result_header(rule.name if rule else "", outcome.result, language)
    return (
        f'<div class="rc-card" id="ex-{example_id}" data-example="{example_id}">'
        f'<p class="rc-card__title">{title}'
        f'<span class="rc-badge rc-badge--ok" title="{example_id}">✓ {render.word("checked", language)}</span></p>'
        f"{_cast_line(outcome, language, link)}{header}"
        f'<ol class="rc-trace">{steps}</ol>'
        f'<p class="rc-outcome">{summary}</p>'
        f'<details class="rc-source"><summary>{render.word("show_yaml", language)}</summary>'
        f'<pre><code class="language-yaml">{source}</code></pre></details></div>'
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
        f'<p class="rc-card__title">{title}'
        f'<span class="rc-badge rc-badge--ok" title="{example_id}">✓ {render.word("checked", language)}</span></p>'
        f'<p class="rc-outcome rc-refusal"><strong>{html.escape(render.word("card.refused", language))}</strong>'
        f"{colon} {html.escape(reason)}</p>"
        f'<details class="rc-source"><summary>{render.word("show_yaml", language)}</summary>'
        f'<pre><code class="language-yaml">{html.escape(outcome.block.source.rstrip())}</code></pre></details></div>'
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
    return f'<li>{text} <a class="rc-rule" href="{html.escape(href)}" title="{html.escape(step.anchor)}">§</a></li>'


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
        return f'<p class="rc-actions">{action_badges(used, result.left, language)}</p>'
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
    return f'<p class="rc-capability">{"".join(chips)}</p>'


def _odds(outcome: Outcome, language: str) -> str:
    """`` · Probabilité : 65 %``: the exact chance, over the example's dice, of its headline value."""
    found = outcome.headline_odds
    if found is None:
        return ""
    name, value, exact = found
    colon = "\u00a0:" if language == "fr" else ":"
    title = f"P({render.word('field.' + name, language)} = {render.value(value, language, name)}) = {exact}"
    return (f' · <span class="rc-odds" title="{html.escape(title)}">'
            f'<strong>{html.escape(render.word("odds", language))}</strong>'
            f"{colon} {html.escape(render.probability(exact, language))}</span>")
