"""Fixtures of the examples layer's tests: a two-language site of one page with drifted examples."""

from __future__ import annotations

from pathlib import Path

import pytest

FR = """\
# Parade

Le total de la parade : {{ elara-parry.reaction_total }}.

```rulecheck
id: elara-parry
title: Elara pare la hache   # titre affiché
rule: attack
given:
  defender: {name: Elara, level: 2, str: 4, def_phy: 16}
  attack: {kind: melee, total: 15, damage: 1d8+2}
  reaction: parry
dice:
  reaction: [17]
expect:
  reaction_total: 24     # vérifié à la main
  outcome: hit
  damage: 0
```

!!! note "Égalité"

    ```rulecheck
    id: dodge-tie
    title: Lysa esquive
    rule: attack
    given:
      defender: {name: Lysa, level: 3, dex: 3}
      attack: {kind: ranged, total: 16, damage: 1d10}
      reaction: dodge
    dice:
      reaction: [10]
    expect: {reaction_total: 15, outcome: dodged,   damage: 0}   # tie
    ```
"""

EN = (FR.replace("# Parade", "# Parry").replace("Le total de la parade", "The parry's total")
      .replace("Elara pare la hache   # titre affiché", "Elara parries the axe   # shown title")
      .replace("vérifié à la main", "checked by hand").replace('"Égalité"', '"A tie"')
      .replace("Lysa esquive", "Lysa dodges"))


def fixed(text: str) -> str:
    """The page as --update must leave it: the three drifted values, nothing else."""
    return (text.replace("reaction_total: 24     #", "reaction_total: 23     #")
            .replace("  outcome: hit\n", "  outcome: parried\n")
            .replace("{reaction_total: 15, outcome", "{reaction_total: 16, outcome"))


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for language, text in (("fr", FR), ("en", EN)):
        page = tmp_path / "docs" / language / "parry.md"
        page.parent.mkdir(parents=True)
        page.write_text(text, encoding="utf-8")
    return tmp_path
