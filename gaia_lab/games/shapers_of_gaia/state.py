"""The Shapers of Gaia game state: immutable values with an exact JSON round trip.

A state is the table (the tiles on the 37 spaces, the Shaper figures, the Caretaker,
the DNA tokens still on the board, the animals on tiles and on Vault spaces, the tile
stack, the three Species decks and displays, the Behavior sides), every player's side
(Shaper board, resources, tokens, Ecosystem rows, hand), the queue of pending
:class:`~gaia_lab.core.flow.Task` s (the head task names who acts and what is pending)
and the seeded RNG.

Spaces are written with the board labels of :mod:`.board` (``V``, ``A0``..``C17``), so
the whole state is plain strings and numbers.

>>> s = SGState(players=2, seats=(PlayerState("telrin_aviary"), PlayerState("synthara_lab")))
>>> SGState.from_json(s.to_json()) == s
True
>>> s.seat(0).resource("seed")
1
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Annotated

from gaia_lab.core import codec
from gaia_lab.core.codec import Count, Range, Size
from gaia_lab.core.flow import Task
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve

__all__ = ["ROWS", "Animal", "PlayerState", "RowCard", "SGState", "Task"]

ROWS: typing.Final = ("shard", "spore", "seed")
"""The three Ecosystem rows, named by the basic resource that fills them."""
_RES: typing.Final = ("shard", "spore", "seed", "nutrient", "energy")
_AT: typing.Final = {r: i for i, r in enumerate(_RES)}
MAX_PLAYERS: typing.Final = 3
SeatNumber = Annotated[int, Range(0, MAX_PLAYERS - 1)]


@dataclass(frozen=True, slots=True)
class RowCard:
    """A Species card in an Ecosystem row and the side that is faceup (0 = A, 1 = B)."""

    card: str
    side: Annotated[int, Range(0, 1)] = 0


@dataclass(frozen=True, slots=True)
class Animal:
    """An introduced animal: where it stands (a board label or a Vault space id), whose
    it is, its type and the Shaper-board space it came from."""

    where: str
    seat: SeatNumber
    kind: str
    space: str


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's side of the table."""

    shaper: str
    resources: Annotated[tuple[Count, ...], Size(5, 5)] = (1, 1, 1, 1, 1)
    """Shard, Spore, Seed, Nutrient, Energy (each marker starts on 1)."""
    toxicity: Count = 0
    prestige: Count = 0
    dna: tuple[str, ...] = ()
    """DNA tokens collected (colours, sorted)."""
    board: tuple[str, ...] = ("S1", "S2", "S3", "S4", "H1", "H2", "H3", "H4", "P1", "P2")
    """Shaper-board spaces still holding an animal."""
    rows: Annotated[tuple[tuple[RowCard, ...], ...], Size(3, 3)] = ((), (), ())
    """The Shard, Spore and Seed Ecosystem rows."""
    hand: tuple[str, ...] = ()
    """Biome tiles in hand."""
    specials: tuple[str, ...] = ()
    """Special Species cards not yet added to a row."""

    def resource(self, rid: str) -> int:
        """The level of one resource."""
        return self.resources[_AT[rid]]

    def with_resource(self, rid: str, value: int) -> PlayerState:
        res = list(self.resources)
        res[_AT[rid]] = value
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
class SGState:
    """A position of Shapers of Gaia."""

    players: Annotated[int, Range(2, MAX_PLAYERS)]
    seats: Annotated[tuple[PlayerState, ...], Size(2, MAX_PLAYERS)]
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
    decks: Annotated[tuple[tuple[str, ...], ...], Size(3, 3)] = ((), (), ())
    """Scavenger, Herbivore and Predator decks, top first."""
    displays: Annotated[tuple[tuple[str, ...], ...], Size(3, 3)] = ((), (), ())
    behaviors: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    """Cards out of the game."""
    dna_removed: tuple[str, ...] = ()
    """DNA tokens out of the game (spent with Recycler)."""
    used: tuple[str, ...] = ()
    """Once-a-turn abilities the active player has used this turn."""
    borrowed: tuple[RowCard, ...] = ()
    """Cards taken for this turn only (Clone Experiment), back under their deck at its end."""
    first: SeatNumber = 0
    active: SeatNumber = 0
    turn: Count = 0
    tasks: tuple[Task, ...] = ()
    final_turns: Annotated[int, Range(-1, 2 * MAX_PLAYERS)] = -1
    """Turns left once the end is triggered (-1 before)."""
    rng: Rng = Rng(0)
    over: bool = False

    @property
    def task(self) -> Task | None:
        """The pending step, or None when the game is over."""
        return self.tasks[0] if self.tasks else None

    def seat(self, i: int) -> PlayerState:
        return self.seats[i]

    def seats_with(self, i: int, seat: PlayerState) -> tuple[PlayerState, ...]:
        """The seats with seat ``i`` replaced (for a copy that changes a player)."""
        seats = list(self.seats)
        seats[i] = seat
        return tuple(seats)

    def with_seat(self, i: int, seat: PlayerState, **changes: typing.Any) -> SGState:
        """A copy with seat ``i`` replaced and, in the same copy, the other fields of
        ``changes`` (one copy where a step changes a player and more)."""
        return evolve(self, seats=self.seats_with(i, seat), **changes)

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
        pending = "over" if task is None else f"{task.kind} ({task.actor})"
        return f"<SGState {self.players} players, turn {self.turn}, pending {pending}>"

    def _repr_svg_(self) -> str:
        """The board, for notebooks (drawn by the layout registered for the game)."""
        from gaia_lab.core.registry import layout_of

        return str(layout_of(self)(self).to_svg())

    def to_json(self) -> str:
        """Canonical JSON text of the state (:func:`gaia_lab.core.codec.to_json`)."""
        return codec.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> SGState:
        """Read a state's types and field bounds (the game's ``state_from_json`` also
        checks its invariants); InvalidStateError lists what is wrong.

        >>> SGState.from_json('{"players": 2, "turn": -1}')
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: state: 2 problems:
          - seats: missing
          - turn: must be at least 0, got -1
        """
        state: SGState = codec.from_json(cls, text, "state")
        return state
