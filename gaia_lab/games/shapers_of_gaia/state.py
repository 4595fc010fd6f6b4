"""The Shapers of Gaia game state: immutable values with an exact JSON round trip.

A state is the table (the tiles on the 37 spaces, the Shaper figures, the Caretaker,
the DNA tokens still on the board, the animals on tiles and on Vault spaces, the tile
stack, the three Species decks and displays, the Behavior sides), every player's side
(Shaper board, resources, tokens, Ecosystem rows, hand), the queue of pending
:class:`Task` s (the head task names who acts and what is pending) and the seeded RNG.

Spaces are written with the board labels of :mod:`.board` (``V``, ``A0``..``C17``), so
the whole state is plain strings and numbers.

>>> s = SGState(players=2, seats=(PlayerState("telrin_aviary"), PlayerState("synthara_lab")))
>>> SGState.from_json(s.to_json()) == s
True
>>> s.seat(0).resource("seed")
1
"""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import dataclass
from typing import Any

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve

__all__ = ["ROWS", "Animal", "PlayerState", "RowCard", "SGState", "Task"]

ROWS: typing.Final = ("shard", "spore", "seed")
"""The three Ecosystem rows, named by the basic resource that fills them."""
_RES: typing.Final = ("shard", "spore", "seed", "nutrient", "energy")


@dataclass(frozen=True, slots=True)
class RowCard:
    """A Species card in an Ecosystem row and the side that is faceup (0 = A, 1 = B)."""

    card: str
    side: int = 0


@dataclass(frozen=True, slots=True)
class Animal:
    """An introduced animal: where it stands (a board label or a Vault space id), whose
    it is, its type and the Shaper-board space it came from."""

    where: str
    seat: int
    kind: str
    space: str


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's side of the table."""

    shaper: str
    resources: tuple[int, ...] = (1, 1, 1, 1, 1)
    """Shard, Spore, Seed, Nutrient, Energy (each marker starts on 1)."""
    toxicity: int = 0
    prestige: int = 0
    dna: tuple[str, ...] = ()
    """DNA tokens collected (colours, sorted)."""
    board: tuple[str, ...] = ("S1", "S2", "S3", "S4", "H1", "H2", "H3", "H4", "P1", "P2")
    """Shaper-board spaces still holding an animal."""
    rows: tuple[tuple[RowCard, ...], ...] = ((), (), ())
    """The Shard, Spore and Seed Ecosystem rows."""
    hand: tuple[str, ...] = ()
    """Biome tiles in hand."""
    specials: tuple[str, ...] = ()
    """Special Species cards not yet added to a row."""

    def resource(self, rid: str) -> int:
        """The level of one resource."""
        return self.resources[_RES.index(rid)]

    def with_resource(self, rid: str, value: int) -> PlayerState:
        res = list(self.resources)
        res[_RES.index(rid)] = value
        return evolve(self, resources=tuple(res))

    def row(self, name: str) -> tuple[RowCard, ...]:
        return self.rows[ROWS.index(name)]

    def with_row(self, name: str, cards: tuple[RowCard, ...]) -> PlayerState:
        rows = list(self.rows)
        rows[ROWS.index(name)] = cards
        return evolve(self, rows=tuple(rows))

    @property
    def introduced(self) -> int:
        """How many animals have left the Shaper board."""
        return 10 - len(self.board)


@dataclass(frozen=True, slots=True)
class Task:
    """A pending step: its kind, the seat who acts (-1 chance, -2 rules) and its data."""

    kind: str
    seat: int
    data: tuple[str, ...] = ()


CHANCE_SEAT: typing.Final = -1
RULES_SEAT: typing.Final = -2


@dataclass(frozen=True, slots=True)
class SGState:
    """A position of Shapers of Gaia."""

    players: int
    seats: tuple[PlayerState, ...]
    tiles: tuple[tuple[str, str], ...] = ()
    """``(space label, tile id)`` of every placed tile, in board order."""
    shapers: tuple[str, ...] = ()
    """The space of each seat's Shaper figure."""
    caretaker: str = "A0"
    dna_board: tuple[tuple[str, str], ...] = ()
    """``(space label, colour)`` of the DNA tokens still on the board."""
    animals: tuple[Animal, ...] = ()
    stack: tuple[str, ...] = ()
    """The facedown Biome tiles, top first."""
    decks: tuple[tuple[str, ...], ...] = ((), (), ())
    """Scavenger, Herbivore and Predator decks, top first."""
    displays: tuple[tuple[str, ...], ...] = ((), (), ())
    behaviors: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    """Cards out of the game."""
    dna_removed: tuple[str, ...] = ()
    """DNA tokens out of the game (spent with Recycler)."""
    used: tuple[str, ...] = ()
    """Once-a-turn abilities the active player has used this turn."""
    borrowed: tuple[RowCard, ...] = ()
    """Cards taken for this turn only (Clone Experiment), back under their deck at its end."""
    first: int = 0
    active: int = 0
    turn: int = 0
    tasks: tuple[Task, ...] = ()
    final_turns: int = -1
    """Turns left once the end is triggered (-1 before)."""
    rng: Rng = Rng(0)
    over: bool = False

    @property
    def task(self) -> Task | None:
        """The pending step, or None when the game is over."""
        return self.tasks[0] if self.tasks else None

    def seat(self, i: int) -> PlayerState:
        return self.seats[i]

    def with_seat(self, i: int, seat: PlayerState) -> SGState:
        seats = list(self.seats)
        seats[i] = seat
        return evolve(self, seats=tuple(seats))

    def tile_at(self, space: str) -> str | None:
        """The tile on a space, if any."""
        for label, tile in self.tiles:
            if label == space:
                return tile
        return None

    def animal_at(self, where: str) -> Animal | None:
        """The animal on a board space or Vault space, if any."""
        for a in self.animals:
            if a.where == where:
                return a
        return None

    # -- JSON ----------------------------------------------------------------------
    def __repr__(self) -> str:
        task = self.task
        pending = "over" if task is None else f"{task.kind} ({task.seat})"
        return f"<SGState {self.players} players, turn {self.turn}, pending {pending}>"

    def _repr_svg_(self) -> str:
        """The board, for notebooks (drawn by the layout registered for the game)."""
        from gaia_lab.core.registry import layout_of

        return str(layout_of(self)(self).to_svg())

    def to_json(self) -> str:
        """Canonical JSON text of the state."""
        return json.dumps(_to_data(self), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> SGState:
        """Rebuild a state; InvalidStateError lists what is wrong.

        >>> SGState.from_json('{"players": 2}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: state: 21 problems:
          - state.seats: missing
        ...
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(f"not valid JSON ({exc.msg})", "state") from None
        problems: list[str] = []
        state = _build(SGState, data, "state", problems)
        if problems or not isinstance(state, SGState):
            raise InvalidStateError(problems or ["not a Shapers of Gaia state"], "state")
        if len(state.seats) != state.players:
            raise InvalidStateError(
                f"{state.players} players but {len(state.seats)} seats", "state")
        return state


def _to_data(value: Any) -> Any:
    if isinstance(value, Rng):
        return value.to_list()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_to_data(v) for v in value]
    return value


@typing.no_type_check
def _build(tp: Any, data: Any, where: str, problems: list[str]) -> Any:
    if tp is Rng:
        if (isinstance(data, list) and len(data) == 2
                and all(type(v) is int for v in data)):
            return Rng(data[0], data[1])
        problems.append(f"{where}: expected [seed, draws]")
        return None
    if tp in (int, str, bool):
        if type(data) is not tp:
            problems.append(f"{where}: expected {tp.__name__}, got {data!r}")
            return None
        return data
    if dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            problems.append(f"{where}: expected an object")
            return None
        hints = typing.get_type_hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name not in data:
                problems.append(f"{where}.{f.name}: missing")
                continue
            kwargs[f.name] = _build(hints[f.name], data[f.name], f"{where}.{f.name}",
                                    problems)
        extra = sorted(set(data) - {f.name for f in dataclasses.fields(tp)})
        if extra:
            problems.append(f"{where}: unknown fields {extra}")
        if problems:
            return None
        return tp(**kwargs)
    origin = typing.get_origin(tp)
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            problems.append(f"{where}: expected a list")
            return None
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v, f"{where}[{i}]", problems)
                         for i, v in enumerate(data))
        if len(args) != len(data):
            problems.append(f"{where}: expected {len(args)} items")
            return None
        return tuple(_build(a, v, f"{where}[{i}]", problems)
                     for i, (a, v) in enumerate(zip(args, data, strict=True)))
    problems.append(f"{where}: cannot read {tp!r}")  # pragma: no cover
    return None
