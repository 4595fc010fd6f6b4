"""How Gaea and Filius choose: their Priority lines, step by step, with the trace kept.

Each choice is a :class:`~.state.Choice`: the candidates, then one :class:`~.state.TraceStep`
per criterion applied (every candidate's value, the ones kept and why), stopping when one
candidate is left; candidates still tied after the last criterion go to the Choice of the
Crown (``chosen`` is then ``""``).

Gaea targets a Room (an Area) by the Priority line of her Command card
(brw.priority.gaea1, brw.priority.gaea2); Filius targets a Mage (brw.filius.target).
Where Gaea or Filius stops when moving is chosen the same way (brw.ruling.move_ties).

>>> from gaia_lab.games.black_rose_wars.state import Cell, Mage, Model, Room, RootToken
>>> from gaia_lab.games.black_rose_wars.state import AvatarBoard, BRWState
>>> rooms = (Room("black_rose_room", 0, 0, 10, root=RootToken()),
...          Room("throne_room", 1, 0, 10, slots=("mage1",)),
...          Room("crypt", 0, 1, 6, slots=("gaea", "mage1")))
>>> s = BRWState(players=1, mages=(Mage("Rikkart", Model("crypt", 2, 2, 11)),), rooms=rooms,
...              cells=(Cell(0, "crypt", 0, 2),),
...              avatar=AvatarBoard(Model("black_rose_room", 2, 1, 12)))
>>> print(gaea_target(s, 1).text())
Gaea chooses a target by Priority 1 among black_rose_room, throne_room, crypt:
  -Root Token: black_rose_room 1, throne_room 0, crypt 0 -> keeps throne_room, crypt (no Root Token)
  +Instability: throne_room 1, crypt 2 -> keeps crypt (the most Instability, 2)
  chosen: crypt
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from gaia_lab.games.black_rose_wars.lodge import lodge
from gaia_lab.games.black_rose_wars.state import (
    AVATAR,
    FILIUS,
    BRWState,
    Choice,
    TraceStep,
    mage_id,
    seat_of,
)

__all__ = ["Criterion", "filius_target", "gaea_target", "models_in_room", "move_choice",
           "narrow"]

_FAR: Final = 10**6


@dataclass(frozen=True, slots=True)
class Criterion:
    """One step of a priority: its name as the card prints it, its rule, whether the
    most (``+``) or the least (``-``) wins, what the value is, and the words of the
    reason (``{best}`` the winning value)."""

    name: str
    rule: str
    most: bool
    value: Callable[[str], int]
    reason: str


def narrow(candidates: Sequence[str], criteria: Sequence[Criterion]) -> tuple[TraceStep, ...]:
    """Apply the criteria in order to the candidates still tied, recording each step.

    >>> steps = narrow(("a", "b", "c"), [
    ...     Criterion("+x", "r.x", True, {"a": 2, "b": 2, "c": 1}.__getitem__, "most x ({best})"),
    ...     Criterion("-y", "r.y", False, {"a": 5, "b": 5}.__getitem__, "least y ({best})")])
    >>> [(s.criterion, s.kept) for s in steps]
    [('+x', ('a', 'b')), ('-y', ('a', 'b'))]
    """
    kept = tuple(candidates)
    steps: list[TraceStep] = []
    for c in criteria:
        if len(kept) <= 1:
            break
        values = tuple((k, c.value(k)) for k in kept)
        best = max(v for _, v in values) if c.most else min(v for _, v in values)
        kept = tuple(k for k, v in values if v == best)
        shown = "none" if best >= _FAR else str(best)
        steps.append(TraceStep(c.name, c.rule, values, kept, c.reason.format(best=shown)))
    return tuple(steps)


def _choice(chooser: str, purpose: str, line: str, candidates: tuple[str, ...],
            steps: tuple[TraceStep, ...]) -> Choice:
    kept = steps[-1].kept if steps else candidates
    return Choice(chooser, purpose, line, candidates, steps,
                  kept[0] if len(kept) == 1 else "")


def models_in_room(state: BRWState, room: str) -> int:
    """The Models of a Room: its Mages, the Avatar, Filius and its Root Token
    (brw.root.model, brw.ruling.models_in_room)."""
    found = len(state.models_in(room))
    return found + (1 if state.has_room(room) and state.room(room).root is not None else 0)


def gaea_target(state: BRWState, line: int) -> Choice:
    """The Room Gaea targets with Priority ``line`` (1 or 2)."""
    rooms = tuple(r.id for r in state.rooms)
    criteria = [
        Criterion("-Root Token", "brw.priority.no_root", False,
                  lambda r: 1 if state.room(r).root is not None else 0,
                  "no Root Token" if any(state.room(r).root is None for r in rooms)
                  else "every Room has a Root Token"),
        Criterion("+Instability", "brw.priority.most_instability", True,
                  lambda r: state.room(r).instability, "the most Instability, {best}"),
        Criterion("+Models", "brw.priority.most_models", True,
                  lambda r: models_in_room(state, r), "the most Models, {best}")
        if line == 1 else
        Criterion("-Models", "brw.priority.fewest_models", False,
                  lambda r: models_in_room(state, r), "the fewest Models, {best}"),
    ]
    return _choice(AVATAR, "target", f"Priority {line}", rooms, narrow(rooms, criteria))


def filius_target(state: BRWState) -> Choice:
    """The Mage Filius targets (brw.filius.target); no candidate when no Mage is in the
    Lodge (brw.filius.no_mage)."""
    here = state.avatar.filius.where
    the_lodge = lodge(state)
    mages = tuple(mage_id(i) for i, m in enumerate(state.mages) if m.where)

    def mage(word: str) -> int:
        seat = seat_of(word)
        assert seat is not None
        return seat

    def distance(word: str) -> int:
        d = the_lodge.distance(here, state.mages[mage(word)].where)
        return _FAR if d is None else d

    criteria = [
        Criterion("+Power Points", "brw.filius.most_power", True,
                  lambda w: state.mages[mage(w)].power, "the most Power Points, {best}"),
        Criterion("+Damage", "brw.filius.most_damage", True,
                  lambda w: state.mages[mage(w)].damage, "the most Damage, {best}"),
        Criterion("-Area", "brw.filius.closest", False, distance,
                  "the closest, {best} step(s) away"),
        Criterion("+Trophies", "brw.filius.most_trophies", True,
                  lambda w: len(state.mages[mage(w)].trophies), "the most Trophy tokens, {best}"),
    ]
    return _choice(FILIUS, "target", "Filius Priority", mages, narrow(mages, criteria))


def move_choice(state: BRWState, mover: str, goal: str) -> Choice:
    """Where ``mover`` (``gaea`` or ``filius``) stops moving up to its Speed toward area
    ``goal``: the Rooms in reach closest to it (brw.filius.closer, brw.ruling.move_ties)."""
    model = state.model(mover)
    the_lodge = lodge(state)
    reach = the_lodge.rooms_within(model.where, model.speed)
    stops = the_lodge.stops_toward(model.where, goal, model.speed)

    def gap(room: str) -> int:
        d = the_lodge.distance(room, goal)
        return _FAR if d is None else d

    step = TraceStep("closest to the target", "brw.ruling.move_ties",
                     tuple((r, gap(r)) for r in reach), stops,
                     f"{', '.join(stops) or 'nowhere'} {'is' if len(stops) == 1 else 'are'} "
                     f"the closest to {goal} within Speed {model.speed}")
    return _choice(mover, "move", f"its way toward {goal} (Speed {model.speed})", reach,
                   (step,))
