"""The Gaea Hunt Mission's Large Models on a square Battlefield (Nova Aetas Renaissance).

A :class:`Battlefield` is a grid of squares with Scenic Elements (Trees) and Models.  A
Large Model covers a block of ``size`` x ``size`` squares; while it moves it is a normal
Model on one square, counted from any square it covered, and when it stops it is placed
so that its block holds the square where it stopped.  Models in the way are pushed to
the nearest free squares; Scenic Elements are never covered.  An Area attack hits a Large
Model once however many of its squares are in the Area, and a Large Model sees and is
seen by every Model.

The Nova Aetas core rules the expansion relies on (how squares touch, how far a Model
moves, what blocks a normal Model's sight) are not among the sources: the engine moves
Models a king's step at a time (the 8 squares around), through squares free of Models
and Scenic Elements, and blocks a normal Model's sight by any Model or Scenic Element on
the line between two squares (``brw.hunt.battlefield`` of the drill's rules,
reconstructed).

>>> field = Battlefield(5, 4, scenic=((3, 0), (3, 1)),
...                     models=(Model("gaea", (0, 0), size=2, speed=2),
...                             Model("hero", (2, 1)), Model("imp", (2, 2))))
>>> print(field.picture())
GG.T.
GGhT.
..i..
.....
>>> placements(field, "gaea", (2, 0))   # the block right of c1 would cover a Tree
(((1, 0),), 'push')
>>> move = LargeMove("gaea", to=(2, 0), anchor=(1, 0), pushes=(("hero", (1, 2)),))
>>> print(explain_move(field, move))
legal: gaea stops on c1 and covers b1, c1, b2, c2; hero is pushed to b3. \
[Large Models]
>>> print(apply_move(field, move).picture())
.GGT.
.GGT.
.hi..
.....
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Final

from gaia_lab.core.codec import Range
from gaia_lab.core.errors import IllegalActionError
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.black_rose_wars.parts_rules import rule

__all__ = [
    "AreaResult",
    "Battlefield",
    "LargeMove",
    "Model",
    "Square",
    "apply_move",
    "area_attack",
    "explain_move",
    "label",
    "legal_moves",
    "line_of_sight",
    "placements",
    "push_squares",
    "reachable",
]

Coordinate = Annotated[int, Range(0, 25)]
Square = tuple[Coordinate, Coordinate]
"""(column, row) from the top-left square (0, 0); a Battlefield has at most 26 x 26."""

_STEPS: Final = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


def label(square: Square) -> str:
    """A square as a column letter and a row number.

    >>> label((0, 0)), label((2, 5))
    ('a1', 'c6')
    """
    return f"{chr(ord('a') + square[0])}{square[1] + 1}"


def _labels(squares: Iterable[Square]) -> str:
    return ", ".join(label(s) for s in sorted(squares, key=lambda s: (s[1], s[0]))) or "none"


def distance(a: Square, b: Square) -> int:
    """King's-step distance between two squares.

    >>> distance((0, 0), (3, 1))
    3
    """
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@dataclass(frozen=True, slots=True)
class Model:
    """A Model: its top-left square, its block size (1 for a normal Model), Speed, Health
    and the Damage on it."""

    id: str
    anchor: Square
    size: Annotated[int, Range(1, 3)] = 1
    speed: Annotated[int, Range(0, 9)] = 3
    health: Annotated[int, Range(1, 30)] = 5
    damage: Annotated[int, Range(0, 30)] = 0

    @property
    def large(self) -> bool:
        """Whether it covers more than one square."""
        return self.size > 1

    def squares(self, anchor: Square | None = None) -> frozenset[Square]:
        """The squares it covers (with its block at ``anchor`` when given).

        >>> sorted(Model("gaea", (1, 1), size=2).squares())
        [(1, 1), (1, 2), (2, 1), (2, 2)]
        """
        x, y = self.anchor if anchor is None else anchor
        return frozenset((x + dx, y + dy) for dx in range(self.size) for dy in range(self.size))


@dataclass(frozen=True, slots=True)
class Battlefield:
    """The squares, the Scenic Elements and the Models of a Hunt Mission's Battlefield."""

    width: Annotated[int, Range(1, 26)]
    height: Annotated[int, Range(1, 26)]
    scenic: tuple[Square, ...] = ()
    """The squares holding a Scenic Element."""
    models: tuple[Model, ...] = ()

    def model(self, model_id: str) -> Model:
        """The Model with this id (KeyError naming the known ones)."""
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(f"no Model {model_id!r}; known: {', '.join(m.id for m in self.models)}")

    def inside(self, square: Square) -> bool:
        """Whether ``square`` is on the Battlefield."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def occupied(self, but: str = "") -> dict[Square, str]:
        """Each square covered by a Model (other than ``but``), with its Model."""
        return {s: m.id for m in self.models if m.id != but for s in m.squares()}

    def free(self, square: Square, but: str = "") -> bool:
        """On the Battlefield, with no Scenic Element and no Model (other than ``but``)."""
        return (self.inside(square) and square not in self.scenic
                and square not in self.occupied(but))

    def picture(self) -> str:
        """The Battlefield as text: ``T`` a Scenic Element, a Model's first letter (capital
        for a Large Model), ``.`` a free square."""
        cover = {s: (m.id[0].upper() if m.large else m.id[0].lower())
                 for m in self.models for s in m.squares()}
        return "\n".join("".join("T" if (x, y) in self.scenic else cover.get((x, y), ".")
                                 for x in range(self.width)) for y in range(self.height))


# -- moving a Large Model ---------------------------------------------------------------


def reachable(bf: Battlefield, model_id: str) -> dict[Square, int]:
    """The squares the Model may stop on, with the fewest steps to each: up to its Speed
    king's steps from any square it covers, through free squares (its own squares count
    as free for it).

    >>> f = Battlefield(4, 1, models=(Model("gaea", (0, 0), speed=2),))
    >>> reachable(f, "gaea")
    {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    """
    model = bf.model(model_id)
    steps = {s: 0 for s in sorted(model.squares())}
    queue = deque(steps)
    while queue:
        at = queue.popleft()
        if steps[at] == model.speed:
            continue
        for dx, dy in _STEPS:
            nxt = (at[0] + dx, at[1] + dy)
            if nxt not in steps and bf.free(nxt, but=model_id):
                steps[nxt] = steps[at] + 1
                queue.append(nxt)
    return steps


def placements(bf: Battlefield, model_id: str, to: Square) -> tuple[tuple[Square, ...], str]:
    """Where the Model's block may go once it stopped on ``to``: the anchors whose block
    holds ``to``, lies on the Battlefield and covers no Scenic Element, all of them free
    if any is (``"free"``), else those covering other Models (``"push"``); ``()`` and
    ``"scenic"`` when none is possible.

    >>> f = Battlefield(3, 3, scenic=((2, 2),),
    ...                 models=(Model("gaea", (0, 0), size=2), Model("hero", (1, 2))))
    >>> placements(f, "gaea", (1, 1))
    (((0, 0), (1, 0)), 'free')
    >>> placements(f, "gaea", (1, 2))
    (((0, 1),), 'push')
    """
    model = bf.model(model_id)
    options = []
    for dy in range(model.size):
        for dx in range(model.size):
            anchor = (to[0] - dx, to[1] - dy)
            block = model.squares(anchor)
            if all(bf.inside(s) and s not in bf.scenic for s in block):
                options.append(anchor)
    options.sort(key=lambda a: (a[1], a[0]))
    taken = bf.occupied(but=model_id)
    free = tuple(a for a in options if not model.squares(a) & taken.keys())
    if free:
        return free, "free"
    return (tuple(options), "push") if options else ((), "scenic")


def push_squares(bf: Battlefield, block: frozenset[Square], pushed: Square,
                 taken: frozenset[Square]) -> tuple[Square, ...]:
    """Where a Model on ``pushed`` may be pushed: the available squares (on the
    Battlefield, no Scenic Element, not in ``block``, not in ``taken``) nearest to it.

    >>> f = Battlefield(3, 2)
    >>> push_squares(f, frozenset({(0, 0), (1, 0), (0, 1), (1, 1)}), (1, 1), frozenset())
    ((2, 0), (2, 1))
    """
    available = [(x, y) for y in range(bf.height) for x in range(bf.width)
                 if (x, y) not in bf.scenic and (x, y) not in block and (x, y) not in taken]
    if not available:
        return ()
    best = min(distance(pushed, s) for s in available)
    return tuple(s for s in available if distance(pushed, s) == best)


@dataclass(frozen=True, slots=True)
class LargeMove:
    """A Large Model's move: the square it stops on, the anchor of its block there, and
    where each pushed Model goes (in the order they are pushed)."""

    model: str
    to: Square
    anchor: Square
    pushes: tuple[tuple[str, Square], ...] = ()

    def __str__(self) -> str:
        pushed = "".join(f" push {m} {label(s)}" for m, s in self.pushes)
        return f"move {self.model} {label(self.to)} at {label(self.anchor)}{pushed}"


def explain_move(bf: Battlefield, move: LargeMove) -> Verdict:
    """Whether ``move`` is legal, with the reason and the rule.

    >>> f = Battlefield(4, 4, scenic=((2, 0), (2, 1), (3, 2)),
    ...                 models=(Model("gaea", (0, 0), size=2, speed=3),))
    >>> print(explain_move(f, LargeMove("gaea", (3, 1), (2, 0))))
    not legal now: A block holding d2 would cover a Scenic Element or leave the \
Battlefield; gaea ends its move on a square that lets it be placed. \
[Large Models]
    >>> print(explain_move(f, LargeMove("gaea", (0, 3), (0, 2))))
    legal: gaea stops on a4 and covers a3, b3, a4, b4. [Large Models]
    """
    try:
        model = bf.model(move.model)
    except KeyError as exc:
        return Verdict.illegal("large.no_model", str(exc.args[0]), rule("brw.large.move"))
    if not model.large:
        return Verdict.illegal("large.not_large", f"{model.id} covers one square; it is no "
                               "Large Model.", rule("brw.large.squares"))
    steps = reachable(bf, model.id)
    if move.to not in steps:
        return Verdict.illegal(
            "large.unreachable", f"{label(move.to)} is not within {model.id}'s Speed "
            f"{model.speed} of a square it covers ({_labels(model.squares())}) through free "
            "squares.", rule("brw.large.move"))
    anchors, how = placements(bf, model.id, move.to)
    if how == "scenic":
        return Verdict.illegal(
            "large.scenic", f"A block holding {label(move.to)} would cover a Scenic Element "
            f"or leave the Battlefield; {model.id} ends its move on a square that lets it be "
            "placed.", rule("brw.large.scenic"))
    if move.anchor not in anchors:
        why = ("a block of free squares" if how == "free"
               else "a block of squares free of Scenic Elements")
        return Verdict.illegal(
            "large.placement", f"{model.id} stopping on {label(move.to)} is placed on {why}: "
            f"its top-left square is one of {_labels(anchors)}, not {label(move.anchor)}.",
            rule("brw.large.place" if how == "free" else "brw.large.scenic"))
    block = model.squares(move.anchor)
    covered = {s: m for s, m in bf.occupied(but=model.id).items() if s in block}
    must = sorted(set(covered.values()))
    given = [m for m, _ in move.pushes]
    if sorted(given) != must or len(set(given)) != len(given):
        return Verdict.illegal(
            "large.pushes", f"The Models under the block are {', '.join(must) or 'none'}; each "
            f"is pushed once, not {', '.join(given) or 'none'}.", rule("brw.large.push"))
    pushed: set[str] = set()
    for model_id, square in move.pushes:
        taken = frozenset(s for m in bf.models if m.id not in pushed | {model.id, model_id}
                          for s in m.squares()) | {s for m, s in move.pushes if m in pushed}
        other = bf.model(model_id)
        origin = min(other.squares() & block)
        allowed = push_squares(bf, block, origin, taken)
        if other.large or square not in allowed:
            return Verdict.illegal(
                "large.push_square", f"{model_id} on {label(origin)} is pushed to the nearest "
                f"available square: one of {_labels(allowed)}, not {label(square)}.",
                rule("brw.large.push"))
        pushed.add(model_id)
    text = f"{model.id} stops on {label(move.to)} and covers {_labels(block)}"
    if move.pushes:
        text += "; " + ", ".join(f"{m} is pushed to {label(s)}" for m, s in move.pushes)
    return Verdict.ok(rule("brw.large.push" if move.pushes else "brw.large.place"), text + ".")


def legal_moves(bf: Battlefield, model_id: str) -> list[LargeMove]:
    """Every legal move of a Large Model (pushes chosen among the nearest squares).

    >>> f = Battlefield(3, 2, models=(Model("gaea", (0, 0), size=2, speed=1),))
    >>> [str(m) for m in legal_moves(f, "gaea")]  # doctest: +NORMALIZE_WHITESPACE
    ['move gaea a1 at a1', 'move gaea b1 at a1', 'move gaea b1 at b1', 'move gaea c1 at b1',
     'move gaea a2 at a1', 'move gaea b2 at a1', 'move gaea b2 at b1', 'move gaea c2 at b1']
    """
    model = bf.model(model_id)
    out: list[LargeMove] = []
    for to in sorted(reachable(bf, model_id), key=lambda s: (s[1], s[0])):
        anchors, _ = placements(bf, model_id, to)
        for anchor in anchors:
            block = model.squares(anchor)
            under = sorted({m for s, m in bf.occupied(but=model_id).items() if s in block})
            for pushes in _push_choices(bf, block, under, (), model_id):
                move = LargeMove(model_id, to, anchor, pushes)
                if explain_move(bf, move):
                    out.append(move)
    return out


def _push_choices(bf: Battlefield, block: frozenset[Square], under: list[str],
                  done: tuple[tuple[str, Square], ...], mover: str
                  ) -> Iterable[tuple[tuple[str, Square], ...]]:
    if not under:
        yield done
        return
    first, rest = under[0], under[1:]
    gone = {m for m, _ in done} | {first, mover}
    taken = frozenset(s for m in bf.models if m.id not in gone for s in m.squares()) | {
        s for _, s in done}
    origin = min(bf.model(first).squares() & block)
    for square in push_squares(bf, block, origin, taken):
        yield from _push_choices(bf, block, rest, done + ((first, square),), mover)


def apply_move(bf: Battlefield, move: LargeMove) -> Battlefield:
    """The Battlefield after ``move`` (IllegalActionError when it is not legal)."""
    verdict = explain_move(bf, move)
    if not verdict:
        raise IllegalActionError(verdict, str(move))
    to: Mapping[str, Square] = dict(move.pushes)
    models = tuple(evolve(m, anchor=move.anchor) if m.id == move.model
                   else evolve(m, anchor=to[m.id]) if m.id in to else m for m in bf.models)
    return evolve(bf, models=models)


# -- Area attacks and Line of Sight ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AreaResult:
    """Who an Area attack reaches: its target once, and each other Model it touches once."""

    target: str
    extra: tuple[str, ...] = ()
    """The Models other than the target with a square in the Area (the additional Effect,
    once each)."""
    squares: Mapping[str, int] = field(default_factory=dict)
    """How many of each reached Model's squares lie in the Area."""


def area_attack(bf: Battlefield, area: Iterable[Square], target: str) -> AreaResult:
    """The Models an Area attack on ``target`` reaches (IllegalActionError when the target
    has no square in the Area).

    >>> f = Battlefield(4, 4, models=(Model("gaea", (0, 0), size=2), Model("hero", (2, 0))))
    >>> r = area_attack(f, {(1, 0), (1, 1), (2, 0)}, "hero")
    >>> r.target, r.extra, r.squares["gaea"]
    ('hero', ('gaea',), 2)
    >>> area_attack(f, {(3, 3)}, "gaea")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.IllegalActionError: gaea covers a1, b1, a2, b2, none of them in the \
Area (d4). [Large Models and Area Effects: ... (brw.large.area_target)]
    """
    zone = frozenset(area)
    counts = {m.id: len(m.squares() & zone) for m in bf.models if m.squares() & zone}
    aimed = bf.model(target)
    if target not in counts:
        raise IllegalActionError(Verdict.illegal(
            "large.area_target", f"{target} covers {_labels(aimed.squares())}, none of them in "
            f"the Area ({_labels(zone)}).", rule("brw.large.area_target")))
    extra = tuple(m.id for m in bf.models if m.id in counts and m.id != target)
    return AreaResult(target, extra, MappingProxyType(counts))


def line_of_sight(bf: Battlefield, a: str, b: str) -> bool:
    """Whether Model ``a`` sees Model ``b``: always when either is a Large Model; between
    normal Models, when no Scenic Element or other Model stands on a square the straight
    line between their centres passes through.

    >>> f = Battlefield(5, 1, scenic=((2, 0),),
    ...                 models=(Model("hero", (0, 0)), Model("imp", (4, 0)),
    ...                         Model("gaea", (3, 0), size=1)))
    >>> line_of_sight(f, "hero", "imp")
    False
    >>> g = Battlefield(5, 2, scenic=((2, 0),),
    ...                 models=(Model("hero", (0, 0)), Model("gaea", (3, 0), size=2)))
    >>> line_of_sight(g, "hero", "gaea"), line_of_sight(g, "gaea", "hero")
    (True, True)
    """
    ma, mb = bf.model(a), bf.model(b)
    if ma.large or mb.large:
        return True
    blockers = frozenset(bf.scenic) | (bf.occupied().keys() - ma.squares() - mb.squares())
    return not (_crossed(ma.anchor, mb.anchor) & blockers)


def _crossed(a: Square, b: Square) -> frozenset[Square]:
    """The squares strictly between ``a`` and ``b`` that the segment joining their
    centres passes through (sampled finely; corners touched count)."""
    n = 8 * max(1, distance(a, b))
    out = set()
    for i in range(1, n):
        t = i / n
        x, y = a[0] + (b[0] - a[0]) * t + 0.5, a[1] + (b[1] - a[1]) * t + 0.5
        out.add((int(x), int(y)))
    return frozenset(out - {a, b})
