"""The size limits of an example's inputs, in one place: every list, map and dice expression an
example can write has one, checked when the input is validated (a located error naming the field),
before any rule runs, and stated in the JSON Schema (``maxItems``, ``maxProperties``, a pattern).

The bounds are far above what a rules page shows (an attack has one or two extra damage dice, a
situation three or four conditions) and low enough that no input can make a run of the rules, its
trace or its check long. The dice of one expression (``MAX_TERMS``, ``MAX_NOTATION``) and the
exact odds' budget (``rulecheck.engine.odds``) bound the rest.
"""

from __future__ import annotations

#: Terms (dice, numbers, abilities) of one dice expression, and its characters.
MAX_TERMS = 20
MAX_NOTATION = 200
#: Extra damage dice of one attack (capabilities adding to a weapon's damage).
MAX_EXTRA_DAMAGE = 10
#: Conditions listed on one side of a situation, and other modifiers of one attack.
MAX_CONDITIONS = 20
MAX_MODIFIERS = 20
#: Creatures described beside a map: one letter each.
MAX_CREATURES = 52
#: Roll labels an example scripts dice for.
MAX_DICE_LABELS = 20
#: Entries of an expected list (an `expect` value) and characters of an expected text.
MAX_EXPECTED_ENTRIES = 200
MAX_EXPECTED_TEXT = 2000

__all__ = ["MAX_CONDITIONS", "MAX_CREATURES", "MAX_DICE_LABELS", "MAX_EXPECTED_ENTRIES", "MAX_EXPECTED_TEXT",
           "MAX_EXTRA_DAMAGE", "MAX_MODIFIERS", "MAX_NOTATION", "MAX_TERMS"]
