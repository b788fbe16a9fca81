"""Exact odds of any registered resolution, computed by running that very resolution.

There is no second implementation of the rules here. :func:`compute_odds` runs the rule's
``resolve`` function once per combination of dice outcomes and weighs each result by the exact
probability of its dice; ``icepool`` supplies the distributions of the dice.

How the dice are discovered
    The resolution is run on a replaying :class:`~rulecheck.engine.sources.DiceSource`. It answers
    the rolls it has answers for; at the first roll it has none for, it records the request
    (label, sides, count) and stops the run. The enumeration then branches on every outcome of
    that request and runs the resolution again for each, one answer longer. A run that asks for
    nothing more is a leaf: its result is counted with the product of its answers' probabilities.
    This explores exactly the tree of rolls the rules make: a missed attack asks for no damage, so
    no damage is enumerated on that branch, and a request that depends on earlier faces (a
    different die, another count) is enumerated as asked. The probabilities add up to 1 because
    each node splits its own probability among all the outcomes of one request.

    Soundness needs what the engine promises anyway: a resolution is a deterministic function of
    its input and of the faces it is given, in order. The stop is a ``BaseException``, so no
    ``except Exception`` in a rule can swallow it.

Why sums are enough for some labels
    A rule may declare, in :attr:`Rule.summed_dice <rulecheck.engine.rules.Rule.summed_dice>`, the
    roll labels whose faces it only ever adds up, one roll request at a time (``damage`` for the
    attack: each ``NdM`` term of a damage expression is one request, and both its value and its
    trace term are the sum of its faces). For those labels, a request of ``N`` dice of ``M`` sides
    is enumerated as the distribution of the sum (``N(M - 1) + 1`` outcomes instead of ``M**N``, 7
    instead of 16 for ``2d4``), each sum weighted by how many face tuples give it (counted exactly,
    as ``N @ icepool.d(M)`` would; a test compares the two). The resolution still receives faces,
    since that is the :class:`DiceSource` contract: one representative tuple with that sum (the
    highest faces first, ``7`` on ``2d4`` → ``(4, 3)``). Given the declaration, every tuple with
    that sum gives the same result, so the representative stands for all of them exactly. The
    declaration is a claim about the rule; property tests check it (redistributing the faces of each
    request at a constant sum leaves the whole result, trace included, unchanged). Labels not
    declared, and single dice, are enumerated face by face, in order: always exact, only slower.

Why classes of faces are enough for some rolls
    A rule may also declare, in :attr:`Rule.face_classes <rulecheck.engine.rules.Rule.face_classes>`,
    rolls whose faces its result keeps only through a class: for each roll of a label, in the
    order the resolution makes them, the faces that give the same result (the trace apart). A
    Healing test of the dying rule is one: the result keeps whether it passed, never the face.
    Such a roll is enumerated as one face per class (its lowest), weighted by the size of the
    class: two branches instead of twenty. As for sums, the declaration is a claim about the
    rule; property tests check it (the odds with and without the classes are equal, and any face
    of a class gives the whole result of its representative, trace apart).

    Some results keep a classed roll's face in a few fields of their own (the natural and the
    total of a poison's tests, the d100 of a miss chance), declared in
    :attr:`Rule.face_fields <rulecheck.engine.rules.Rule.face_fields>`. Odds asked for other
    fields only (``fields``: a card reads its headline, the deciding naturals and the damage)
    enumerate that roll by class; odds that want one of those fields enumerate it face by face.

Cost
    The resolution runs once per leaf, plus a partial run per inner node. An attack with a rolled
    d20, a d20 reaction and ``2d4`` + ``2d4`` damage has at most 20 × 20 × 7 × 7 leaves, and only
    the branches that hit roll damage; ``bench/engine.py`` measures it. ``fixed`` keeps some dice
    at given faces (a scripted attack roll, say), which removes their branching altogether.
    ``max_runs`` bounds the work, counted before it is done: when a run asks for a roll, the
    number of its outcomes is known from its dice alone (``N(M - 1) + 1`` sums, or ``M**N`` face
    tuples), and each is one more run; a roll whose outcomes do not fit in what is left of the
    budget is refused at once with :class:`OddsError` (located at its dice label, with the fix),
    before its distribution is computed or its branches stored. So a computation never makes
    more than ``max_runs`` runs, and the branches waiting to run never number more than that
    (bounded memory): ``20d1000`` of damage (19,981 sums) fits a budget of 20,000 runs,
    ``100d1000`` or two ``20d1000`` terms are refused in a few milliseconds.
    ``icepool.map`` over a fixed list of dice would not do: which dice a resolution rolls is only
    known by running it, and it rolls no damage at all on the branches that miss.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from rulecheck.engine.rules import RULES, FaceClasses, Rule
from rulecheck.errors import DiceError, RulecheckError, did_you_mean

#: Default bound on how many times one odds computation may run the resolution.
MAX_RUNS = 200_000
#: Default bound on the work of one odds computation: one step per run, one per roll it makes.
MAX_WORK = 2_000_000

Faces = tuple[int, ...]
#: The classes of faces a branch drew, in the order rolled: ``(label, the class's faces)`` each.
Drawn = tuple[tuple[str, tuple[int, ...]], ...]


class OddsError(RulecheckError, ValueError):
    """The exact odds would need too many runs of the resolution."""


@dataclass(frozen=True)
class Roll:
    """One request for dice that a resolution made: ``count`` dice of ``sides`` faces."""

    label: str
    sides: int
    count: int


@dataclass(frozen=True)
class Odds:
    """The exact distribution of a resolution's results over its dice.

    ``outcomes`` maps each distinct tuple of result values (the fields named in ``fields``: every
    result field but the trace, or those asked for) to its exact probability; the probabilities
    add up to 1.
    ``rolls`` lists the distinct dice requests met on any branch (fixed ones included), and
    ``runs`` how many times the resolution ran.
    """

    rule: str
    fields: tuple[str, ...]
    outcomes: Mapping[tuple[Any, ...], Fraction]
    rolls: tuple[Roll, ...]
    runs: int
    fixed: Mapping[str, Faces]
    #: Steps of work: one per run, one per roll a run made (what ``max_work`` bounds).
    work: int = 0
    #: For a rule that rolls some dice by class of faces (:attr:`~rulecheck.engine.rules.Rule.face_classes`):
    #: each outcome's probability split by the classes its branches drew, as ``(label, the class's
    #: faces)`` in the order rolled. What a card reads to say which faces of such a roll make its
    #: event happen, though no result field keeps the face. Never compared: odds enumerated face
    #: by face are the same odds.
    drawn: Mapping[tuple[Any, ...], Mapping[Drawn, Fraction]] = field(default_factory=dict, compare=False)
    #: Distributions (and which fields are numbers) already worked out: twins and cards ask for
    #: the same ones. Never compared.
    _memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def distribution(self, name: str, where: Mapping[str, Any] | None = None) -> dict[Any, Fraction]:
        """P(field ``name`` = value) for each value it can take, optionally conditioned on ``where``.

        ``where`` holds field values that must all match, e.g. ``{"critical": True}``. Raises
        ``ValueError`` when the condition has probability zero.
        """
        memo_key = (name, tuple(sorted((where or {}).items(), key=repr)))
        try:
            return dict(self._memo[memo_key])
        except (KeyError, TypeError):  # not computed yet, or a condition on an unhashable value
            pass
        index = self._index(name)
        tests = [(self._index(field), value) for field, value in (where or {}).items()]
        parts: dict[Any, dict[int, int]] = {}
        for values, probability in self.outcomes.items():
            if all(values[i] == value for i, value in tests):
                by_denominator = parts.setdefault(values[index], {})
                by_denominator[probability.denominator] = (
                    by_denominator.get(probability.denominator, 0) + probability.numerator)
        found = {value: _exact_sum(weights) for value, weights in parts.items()}
        total = sum(found.values(), Fraction(0))
        if total == 0:
            raise ValueError(f"the condition {dict(where or {})} never happens")
        if total != 1:
            found = {value: p / total for value, p in found.items()}
        ordered = dict(sorted(found.items(), key=lambda item: _order(item[0])))
        with contextlib.suppress(TypeError):  # an unhashable condition: not kept
            self._memo[memo_key] = ordered
        return dict(ordered)

    def probability(self, name: str, value: Any, where: Mapping[str, Any] | None = None) -> Fraction:
        """P(field ``name`` = ``value``), optionally given ``where``."""
        return self.distribution(name, where).get(value, Fraction(0))

    def numeric(self, name: str) -> bool:
        """True when every value of the field is a number (not a flag, not absent)."""
        memo_key = ("numeric", name)
        if memo_key not in self._memo:
            index = self._index(name)
            self._memo[memo_key] = all(isinstance(v[index], int) and not isinstance(v[index], bool)
                                       for v in self.outcomes)
        return bool(self._memo[memo_key])

    def mean(self, name: str, where: Mapping[str, Any] | None = None) -> Fraction:
        """The exact expected value of a numeric field (``damage``), optionally given ``where``."""
        if not self.numeric(name):
            raise TypeError(f"`{name}` is not a number on every branch; it has no mean")
        distribution = self.distribution(name, where)
        common = _lcm(p.denominator for p in distribution.values())  # in integers until one last fraction
        return Fraction(sum(value * p.numerator * (common // p.denominator) for value, p in distribution.items()),
                        common)

    def die(self, name: str) -> Any:
        """The distribution of a numeric field as an ``icepool.Die``, for further dice algebra."""
        if not self.numeric(name):
            raise TypeError(f"`{name}` is not a number on every branch")
        distribution = self.distribution(name)
        denominator = _lcm(p.denominator for p in distribution.values())
        import icepool  # imported when used: it costs some 40 ms to import

        return icepool.Die({value: int(p * denominator) for value, p in distribution.items()})

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready view: every field's distribution (and mean when numeric), exact and float."""
        fields: dict[str, Any] = {}
        for name in self.fields:
            entry: dict[str, Any] = {"distribution": [
                {"value": value, **_both(p)} for value, p in self.distribution(name).items()
            ]}
            if self.numeric(name):
                entry["mean"] = _both(self.mean(name))
            fields[name] = entry
        return {
            "rule": self.rule,
            "rolls": [{"label": r.label, "sides": r.sides, "count": r.count} for r in self.rolls],
            "fixed": {label: list(faces) for label, faces in self.fixed.items()},
            "runs": self.runs,
            "fields": fields,
        }

    def _index(self, name: str) -> int:
        try:
            return self.fields.index(name)
        except ValueError:
            raise KeyError(f"these odds of `{self.rule}` hold no field `{name}`; they hold "
                           + ", ".join(f"`{held}`" for held in self.fields)) from None


def compute_odds(
    rule: Rule | str,
    given: BaseModel | Mapping[str, Any],
    *,
    fixed: Mapping[str, Sequence[int]] | None = None,
    summed: Iterable[str] | None = None,
    classes: Mapping[str, FaceClasses] | None = None,
    fields: Iterable[str] | None = None,
    max_runs: int = MAX_RUNS,
    max_work: int = MAX_WORK,
) -> Odds:
    """The exact odds of ``rule`` on ``given``, every die not in ``fixed`` enumerated.

    ``fixed`` gives faces by roll label, used in order like a scripted example's dice, on every
    branch alike; rolls past them are enumerated. Fix a label whose rolls are the same on every
    branch (the attack d20s, say), not one whose dice change with earlier rolls. ``summed``
    overrides the rule's :attr:`~Rule.summed_dice`, ``classes`` its :attr:`~Rule.face_classes`
    (``{}``: every face enumerated). ``fields`` names the result fields whose joint distribution
    is wanted (by default every one but the trace); a label the rule enumerates by class although
    a few fields keep its face (:attr:`~Rule.face_fields`) is enumerated by class only when
    ``fields`` leaves those out. Raises ``KeyError`` for a field the results do not have, the
    rule's own errors for an impossible input, :class:`~rulecheck.errors.DiceError` for a fixed face that is not on its
    die, and :class:`OddsError` past ``max_runs`` runs or ``max_work`` steps of work (a run of the
    rules is one step, and each roll it makes one more: a run that rolls forty dice terms costs
    forty-one, not one).
    """
    if isinstance(rule, str) and rule not in RULES:
        raise OddsError(f"unknown rule `{rule}`", field=("rule",),
                        hint=did_you_mean(rule, RULES) or "rules are " + ", ".join(sorted(RULES)))
    spec = RULES[rule] if isinstance(rule, str) else rule
    model = given if isinstance(given, spec.given) else spec.given.model_validate(given)
    summed_labels = frozenset(spec.summed_dice if summed is None else summed)
    every = tuple(name for name in spec.result.model_fields if name != "trace")
    asked = None if fields is None else frozenset(fields)
    wanted = every if asked is None else tuple(name for name in every if name in asked)
    if asked is not None and (unknown := sorted(asked - set(every))):
        raise KeyError(f"`{spec.name}` results have no field {', '.join(f'`{name}`' for name in unknown)}")
    partitions = {label: _shared_out(declared(model)) for label, declared in
                  (spec.face_classes if classes is None else classes).items()
                  if spec.face_fields.get(label, frozenset()).isdisjoint(wanted)}
    kept = {label: tuple(faces) for label, faces in (fixed or {}).items()}

    weights: dict[tuple[Any, ...], dict[int, int]] = {}
    drawn_weights: dict[tuple[Any, ...], dict[Drawn, dict[int, int]]] = {}
    rolls: dict[tuple[str, int, int], None] = {}
    runs = 0
    # Work done, and the least work the runs waiting on the stack will do: a run replays its
    # branch's answers, so it makes at least one roll per answer, plus one step for the run.
    work, committed = 0, 1
    # Depth-first over the tree of rolls: (answers so far, their weight, their denominator, the
    # classes of faces drawn so far).
    stack: list[tuple[tuple[Faces, ...], int, int, Drawn]] = [((), 1, 1, ())]
    while stack:
        answers, weight, denominator, drawn = stack.pop()
        committed -= len(answers) + 1
        runs += 1
        source = _Replay(answers, kept, rolls, allowance=max_work - work - committed - 1)
        try:
            try:
                result = spec.resolve(model, source)
            finally:
                work += 1 + source.calls
        except _OverWork as over:
            raise _too_much_work(spec.name, over.label, max_work, source.calls) from None
        except _Pending as pending:
            request = pending.roll
            summed_request = request.label in summed_labels
            classed = _classed(partitions, request, pending.index)
            # Count before enumerating: every branch pushed is at least one more run, so a request
            # whose outcomes would not fit in what is left of the budget is refused here, before
            # its distribution is computed or its branches stored (memory stays within max_runs).
            # Each of those runs also replays this one's rolls and the new one: the work budget
            # counts that, so that many cheap runs of a long expression are refused as early.
            branches = len(classed) if classed else outcome_count(request.sides, request.count, summed_request)
            if runs + len(stack) + branches > max_runs:
                raise _too_many(spec.name, request, branches, max_runs) from None
            each = len(answers) + 2
            if work + committed + branches * each > max_work:
                raise _too_much_work(spec.name, request.label, max_work, source.calls, branches) from None
            committed += branches * each
            total = request.sides ** request.count
            if classed:
                for faces, count, members in classed:
                    stack.append(((*answers, faces), weight * count, denominator * total,
                                  (*drawn, (request.label, members))))
            else:
                for faces, count in _outcomes(request.sides, request.count, summed_request):
                    stack.append(((*answers, faces), weight * count, denominator * total, drawn))
            continue
        key = tuple(map(result.__dict__.__getitem__, wanted))
        try:
            by_denominator = weights.setdefault(key, {})
        except TypeError:  # a list or dict among the values: freeze it to count it
            key = tuple(_frozen(v) for v in key)
            by_denominator = weights.setdefault(key, {})
        by_denominator[denominator] = by_denominator.get(denominator, 0) + weight
        if partitions:
            split = drawn_weights.setdefault(key, {}).setdefault(drawn, {})
            split[denominator] = split.get(denominator, 0) + weight

    outcomes = {key: _exact_sum(parts) for key, parts in weights.items()}
    by_class = {key: {classes: _exact_sum(parts) for classes, parts in split.items()}
                for key, split in drawn_weights.items()}
    return Odds(spec.name, wanted, outcomes, tuple(Roll(*request) for request in rolls), runs, kept, work, by_class)


def _exact_sum(parts: Mapping[int, int]) -> Fraction:
    """The sum of ``weight / denominator`` over ``parts``, in integers until one last fraction."""
    common = math.lcm(*parts)
    return Fraction(sum(weight * (common // denominator) for denominator, weight in parts.items()), common)


@dataclass(frozen=True)
class _Classes:
    """One declared roll's classes of faces, read once per computation."""

    declared: Sequence[Sequence[int]]
    #: One face per class (its lowest), weighted by the size of the class, and the class's faces.
    outcomes: tuple[tuple[Faces, int, tuple[int, ...]], ...]
    #: N when the classes share out faces 1 to N exactly once, else None.
    shared: int | None


def _shared_out(declared: Sequence[Sequence[Sequence[int]]]) -> tuple[_Classes, ...]:
    rolls = []
    for classes in declared:
        covered = sorted(face for faces in classes for face in faces)
        shared = len(covered) if covered == list(range(1, len(covered) + 1)) else None
        rolls.append(_Classes(classes, tuple(((min(faces),), len(faces), tuple(sorted(faces)))
                                             for faces in classes if faces), shared))
    return tuple(rolls)


def _classed(partitions: Mapping[str, tuple[_Classes, ...]], request: Roll,
             index: int) -> tuple[tuple[Faces, int, tuple[int, ...]], ...] | None:
    """The outcomes of a request whose label the rule declares in classes of faces, or ``None``
    when nothing is declared for this roll: then every face is enumerated."""
    declared = partitions.get(request.label)
    if declared is None or request.count != 1 or index >= len(declared):
        return None
    roll = declared[index]
    if roll.shared != request.sides:  # a broken declaration would weigh the odds wrongly
        raise ValueError(f"the classes of roll {index + 1} of `{request.label}` do not share out the faces of a "
                         f"d{request.sides} once each: {roll.declared}")
    return roll.outcomes


class _Pending(BaseException):
    """Stops a run at the first roll the replaying source has no answer for; ``index`` counts the
    earlier requests of the same label in this run (fixed ones included)."""

    def __init__(self, roll: Roll, index: int) -> None:
        super().__init__(roll)
        self.roll = roll
        self.index = index


class _OverWork(BaseException):
    """Stops a run whose rolls go past what is left of the work budget."""

    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label


class _Replay:
    """A dice source that answers from fixed faces, then from the answers of this branch.

    It records every request it is asked (label, sides, count) in ``seen``, fixed or not, and
    counts them in ``calls``: past ``allowance`` of them, it stops the run.
    """

    def __init__(self, answers: tuple[Faces, ...], fixed: Mapping[str, Faces],
                 seen: dict[tuple[str, int, int], None], allowance: int | None = None) -> None:
        self.calls = 0
        self._allowance = allowance
        self._answers = answers
        self._next = 0
        self._fixed = fixed
        self._used: dict[str, int] = {}
        self._asked: dict[str, int] = {}
        self._seen = seen

    def roll(self, label: str, sides: int, count: int = 1) -> Faces:
        if self._allowance is not None and self.calls >= self._allowance:
            raise _OverWork(label)  # refused before it is made: the work stays within the bound
        self.calls += 1
        self._seen.setdefault((label, sides, count), None)
        index = self._asked.get(label, 0)
        self._asked[label] = index + 1
        kept: Faces = ()
        if label in self._fixed:
            used = self._used.get(label, 0)
            kept = self._fixed[label][used:used + count]
            self._used[label] = used + len(kept)
            for offset, face in enumerate(kept):
                if not 1 <= face <= sides:
                    raise DiceError(
                        f"{face} is not a face of a d{sides}", field=("dice", label, used + offset),
                        hint=f"fixed faces answer the rolls of `{label}` in order on every branch, and on one "
                             f"of them this roll is a d{sides}: fix another label",
                    )
            if len(kept) == count:
                return kept
        if self._next == len(self._answers):
            raise _Pending(Roll(label, sides, count - len(kept)), index)
        answer = self._answers[self._next]
        self._next += 1
        return kept + answer


def outcome_count(sides: int, count: int, summed: bool) -> int:
    """How many branches one request of ``count`` d``sides`` opens: its distinct sums when its
    label is summed, else every tuple of faces. Computed without enumerating anything."""
    if summed and count > 1:
        return count * (sides - 1) + 1
    return int(sides ** count)


def _too_many(rule: str, request: Roll, branches: int, max_runs: int) -> OddsError:
    dice = f"{request.count}d{request.sides}"
    if branches > max_runs:
        shown = f"{branches:,}" if branches < 10 ** 12 else f"more than {10 ** 12:,}"
        why = f"the roll `{request.label}` of {dice} alone has {shown} outcomes"
    else:
        why = f"after the other rolls, the roll `{request.label}` of {dice} ({branches:,} outcomes) goes past it"
    return OddsError(
        f"exact odds of `{rule}` need more than {max_runs:,} runs of the rules: {why}",
        field=("dice", request.label),
        hint=f"keep `{request.label}` at its scripted faces (`odds: {{fixed: [{request.label}]}}`), "
             "or use fewer or smaller dice",
    )


def _too_much_work(rule: str, label: str, max_work: int, calls: int, branches: int | None = None) -> OddsError:
    where = (f"each of the {branches:,} outcomes of the roll `{label}` is a run that makes at least "
             f"{calls + 1} rolls" if branches is not None else f"a run makes {calls:,} rolls, up to `{label}`")
    return OddsError(
        f"exact odds of `{rule}` need more than {max_work:,} steps of work (a run of the rules, or a roll it "
        f"makes): after the other runs, {where}",
        field=("dice", label),
        hint=f"keep `{label}` at its scripted faces (`odds: {{fixed: [{label}]}}`), or use fewer dice terms",
    )


@lru_cache(maxsize=256)
def _outcomes(sides: int, count: int, summed: bool) -> tuple[tuple[Faces, int], ...]:
    """Each outcome of ``count`` d``sides`` with its weight (out of ``sides ** count``)."""
    if summed and count > 1:
        return tuple((_representative(total, sides, count), ways)
                     for total, ways in enumerate(_sum_counts(sides, count), start=count))
    return tuple((faces, 1) for faces in itertools.product(range(1, sides + 1), repeat=count))


def _sum_counts(sides: int, count: int) -> list[int]:
    """How many tuples of ``count`` d``sides`` faces add up to each total from ``count`` up.

    Dice added one at a time, each new count a sliding window over the previous ones: exact
    integers in ``count² × sides`` steps, without importing icepool (some 40 ms of a cold build).
    """
    ways = [1] * sides
    for _ in range(count - 1):
        grown, window = [], 0
        for total in range(len(ways) + sides - 1):
            if total < len(ways):
                window += ways[total]
            if total >= sides:
                window -= ways[total - sides]
            grown.append(window)
        ways = grown
    return ways


def _representative(total: int, sides: int, count: int) -> Faces:
    """One tuple of ``count`` faces of a d``sides`` adding up to ``total``, highest first."""
    faces, rest = [], total - count
    for _ in range(count):
        step = min(rest, sides - 1)
        faces.append(1 + step)
        rest -= step
    return tuple(faces)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def _order(value: Any) -> tuple[int, Any]:
    """Sort key for values of one field: absent first, then flags, numbers, text."""
    if value is None:
        return (0, 0)
    if isinstance(value, bool):
        return (1, value)
    if isinstance(value, int | float | Fraction):
        return (2, value)
    return (3, str(value))


def _both(probability: Fraction) -> dict[str, Any]:
    return {"exact": str(probability), "float": float(probability)}


def _lcm(numbers: Iterable[int]) -> int:
    return math.lcm(*numbers)


__all__ = ["MAX_RUNS", "Odds", "OddsError", "Roll", "compute_odds", "outcome_count"]
