"""Where dice results come from. The engine never draws a random number itself.

A resolution asks a :class:`DiceSource` for dice by label (``"attack"``, ``"reaction"``,
``"damage"``). :class:`ScriptedDice` answers from a worked example; :class:`SeededDice` answers
from its own seeded generator, for simulations.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from rulecheck.errors import DiceError


@runtime_checkable
class DiceSource(Protocol):
    """Anything that answers ``roll(label, sides, count)`` with ``count`` faces of 1 to ``sides``."""

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` faces for the roll named ``label``."""
        ...


class ScriptedDice:
    """Answers each label from a list of faces, in order; reports what was never used."""

    def __init__(self, script: Mapping[str, Sequence[int]]) -> None:
        self._queues = {label: list(faces) for label, faces in script.items()}
        self._used = {label: 0 for label in script}

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        """The next ``count`` scripted faces of ``label``; ``DiceError`` if missing or off the die."""
        queue = self._queues.get(label, [])
        used = self._used.get(label, 0)
        if len(queue) - used < count:
            given = len(queue)
            raise DiceError(
                f"the rules roll {used + count} {_dice(used + count)} for `{label}`, "
                f"the example gives {given}",
                field=("dice", label),
                hint=f"add the missing d{sides} {_dice(used + count - given, 'face', 'faces')} to `dice.{label}`",
            )
        faces = tuple(queue[used:used + count])
        for offset, face in enumerate(faces):
            if not 1 <= face <= sides:
                raise DiceError(
                    f"{face} is not a face of a d{sides}",
                    field=("dice", label, used + offset),
                    hint=f"a d{sides} shows 1 to {sides}",
                )
        self._used[label] = used + count
        return faces

    def unused(self) -> dict[str, int]:
        """Labels whose scripted faces were not all rolled, with how many are left."""
        return {
            label: len(queue) - self._used.get(label, 0)
            for label, queue in self._queues.items()
            if len(queue) > self._used.get(label, 0)
        }


class SeededDice:
    """Random dice from a private generator: the same seed gives the same rolls."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        """``count`` random faces of 1 to ``sides`` from this source's own generator."""
        return tuple(self._random.randint(1, sides) for _ in range(count))


def _dice(n: int, one: str = "die", many: str = "dice") -> str:
    return one if n == 1 else many
