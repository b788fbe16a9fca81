"""Example cards: the HTML that replaces a ``rulecheck`` fence on a page.

The MkDocs plugin checks every example before pages render and registers each block's card
here by its source; the superfences formatter only looks the card up. A formatter must not
raise (superfences swallows the exception and the build passes), so failing the build is the
plugin's job, never this module's.
"""

from __future__ import annotations

import html
from typing import Any

from rulecheck.engine.rules import RULES
from rulecheck.errors import Problem
from rulecheck.examples import render
from rulecheck.examples.check import Outcome

_CARDS: dict[str, str] = {}


def register(cards: dict[str, str]) -> None:
    """Make these cards (keyed by block source) the ones the formatter uses for the next page."""
    _CARDS.clear()
    _CARDS.update(cards)


def key(source: str) -> str:
    """A block's identity, blind to whitespace: Markdown expands tabs and drops CRs before superfences."""
    return "".join(source.split())


def format_fence(source: str, language: str, css_class: str, options: Any, md: Any, **kwargs: Any) -> str:
    """superfences custom-fence formatter for ``rulecheck`` blocks."""
    card = _CARDS.get(key(source))
    if card is not None:
        return card
    return f'<pre class="rc-unchecked"><code>{html.escape(source)}</code></pre>'


def card(outcome: Outcome, language: str) -> str:
    """A checked example's card: title, localised trace, outcome line, checked mark, raw YAML."""
    source = html.escape(outcome.block.source.rstrip())
    example_id = html.escape(outcome.id or "")
    if outcome.problems or outcome.echoes or outcome.result is None:
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
    steps = "".join(f"<li>{html.escape(line)}</li>" for line in render.trace(outcome.result.trace, language))  # type: ignore[attr-defined]
    rule = RULES.get(getattr(example, "rule", ""))
    summary = _summary(outcome.result, rule.headline if rule else (), language)
    return (
        f'<div class="rc-card" id="ex-{example_id}" data-example="{example_id}">'
        f'<p class="rc-card__title">{title}'
        f'<span class="rc-badge rc-badge--ok" title="{example_id}">✓ {render.word("checked", language)}</span></p>'
        f'<ol class="rc-trace">{steps}</ol>'
        f'<p class="rc-outcome">{summary}</p>'
        f'<details class="rc-source"><summary>{render.word("show_yaml", language)}</summary>'
        f'<pre><code class="language-yaml">{source}</code></pre></details></div>'
    )


def banner(problems: list[Problem], language: str) -> str:
    """The error card at the top of a page for problems no example card shows."""
    items = "".join(f"<li>{html.escape(p.located())}</li>" for p in problems)
    return (
        f'<div class="rc-card rc-card--error rc-page-problems" role="alert">'
        f'<p class="rc-card__title"><span class="rc-badge rc-badge--error">✗ '
        f'{render.word("error", language)}</span></p><ul class="rc-problems">{items}</ul></div>'
    )


def _summary(result: Any, fields: tuple[str, ...], language: str) -> str:
    colon = "\u00a0:" if language == "fr" else ":"
    return " · ".join(
        f"<strong>{html.escape(render.word('field.' + name, language))}</strong>{colon} "
        f"{html.escape(render.value(getattr(result, name), language))}"
        for name in fields
    )
