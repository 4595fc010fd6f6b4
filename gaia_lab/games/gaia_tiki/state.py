"""The GAIA (Tiki Editions) game state: immutable values with an exact JSON round trip.

A state is the table (the tiles on the grid with their Animal tokens, the Cities with
their meeples and the number of needs they have met), the three decks and their face-up
markets, the discard pile, the revealed Objectives, the common supplies (tiles by
terrain, terrain chips, Animal tokens), every player's side (hand, meeples in supply,
chips, Power cards played), the queue of pending :class:`~gaia_lab.core.flow.Task` s
and the seeded RNG.

Squares are the labels of :mod:`.board` (``A1``..``K11``) and cards their ids in the
component files, so the whole state is plain strings and numbers.

>>> s = GTState(players=2, seats=(PlayerState(meeples=6), PlayerState(meeples=6)))
>>> GTState.from_json(s.to_json()) == s
True
>>> s.seat(1).chip("plain")
0
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Annotated

from gaia_lab.core import codec
from gaia_lab.core.codec import Count, OneOf, Range, Size
from gaia_lab.core.flow import Task
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_tiki.board import ANIMALS, CELLS, TERRAINS

__all__ = ["DECKS", "MAX_PLAYERS", "City", "GTState", "Objective", "PlayerState", "Task",
           "Tile"]

MAX_PLAYERS: typing.Final = 5
DECKS: typing.Final = ("nature", "life", "power")
"""The three decks (and their markets), in this order in the state."""
SeatNumber = Annotated[int, Range(0, MAX_PLAYERS - 1)]
Cell = Annotated[str, OneOf(CELLS)]
Terrain = Annotated[str, OneOf(TERRAINS)]
CardId = Annotated[str, Size(1, 40)]
"""A card id (the game's invariants check that it names a card of the components)."""
SixCounts = Annotated[tuple[Annotated[int, Range(0, 99)], ...], Size(6, 6)]
"""One count per terrain, in :data:`~.board.TERRAINS` order."""


@dataclass(frozen=True, slots=True)
class Tile:
    """A land tile on the table, with the Animal tokens on it (``kind`` is ``""`` when
    it has none) and how many Animals Cities have eaten from it so far (``eaten``, kept
    when the last token goes and when a disaster changes the terrain)."""

    at: Cell
    terrain: Terrain
    animals: Annotated[int, Range(0, 20)] = 0
    kind: Annotated[str, OneOf(("", *ANIMALS))] = ""
    eaten: Annotated[int, Range(0, 999)] = 0


@dataclass(frozen=True, slots=True)
class City:
    """A City card on a tile: its meeples (one seat number per meeple, sorted) and the
    number of its needs met when satisfaction was last recomputed."""

    card: CardId
    at: Cell
    meeples: Annotated[tuple[SeatNumber, ...], Size(0, 2 * MAX_PLAYERS)] = ()
    met: Annotated[int, Range(0, 4)] = 0


@dataclass(frozen=True, slots=True)
class Objective:
    """A revealed Objective and the seat whose meeple is on it (-1: still available)."""

    card: CardId
    claimed: Annotated[int, Range(-1, MAX_PLAYERS - 1)] = -1


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's side of the table."""

    meeples: Annotated[int, Range(0, 6)] = 5
    """Meeples still in the supply (not on a City or an Objective)."""
    hand: Annotated[tuple[CardId, ...], Size(0, 7)] = ()
    chips: SixCounts = (0, 0, 0, 0, 0, 0)
    """Terrain chips held, by terrain."""
    powers: Annotated[tuple[CardId, ...], Size(0, 40)] = ()
    """Power cards played, face up in front of the player (for the Power Objective)."""
    played: Annotated[tuple[CardId, ...], Size(0, 200)] = ()
    """Every card the player has played, in order (the panel shows their kinds)."""

    def chip(self, terrain: str) -> int:
        """How many chips of a terrain the player holds."""
        return self.chips[TERRAINS.index(terrain)]

    def with_chip(self, terrain: str, delta: int) -> PlayerState:
        chips = list(self.chips)
        chips[TERRAINS.index(terrain)] += delta
        return evolve(self, chips=tuple(chips))


@dataclass(frozen=True, slots=True)
class GTState:
    """A position of GAIA (Tiki Editions)."""

    players: Annotated[int, Range(2, MAX_PLAYERS)]
    seats: Annotated[tuple[PlayerState, ...], Size(2, MAX_PLAYERS)]
    advanced: bool = False
    """The advanced rules (stealing Cities, two meeples on a fully satisfied City)."""
    powers: bool = False
    """The Power deck (only with the advanced rules)."""
    tiles: Annotated[tuple[Tile, ...], Size(0, len(CELLS))] = ()
    """The tiles on the table, in grid order."""
    cities: Annotated[tuple[City, ...], Size(0, len(CELLS))] = ()
    """The Cities on the table, in grid order."""
    decks: Annotated[tuple[tuple[CardId, ...], ...], Size(3, 3)] = ((), (), ())
    """The Nature, Life and Power decks, face down, top first."""
    markets: Annotated[tuple[tuple[CardId, ...], ...], Size(3, 3)] = ((), (), ())
    """The face-up Nature, Life and Power cards."""
    discard: tuple[CardId, ...] = ()
    objectives: Annotated[tuple[Objective, ...], Size(0, 9)] = ()
    """The revealed Objectives, in the order they were revealed."""
    unused: tuple[CardId, ...] = ()
    """Objective cards not revealed, out of the game."""
    tile_supply: SixCounts = (0, 0, 0, 0, 0, 0)
    """Land tiles not yet on the table, by terrain."""
    chip_supply: SixCounts = (0, 0, 0, 0, 0, 0)
    """Terrain chips still under the Objectives, by terrain."""
    bank: Annotated[int, Range(0, 20)] = 0
    """Animal tokens in the bank."""
    active: SeatNumber = 0
    turn: Count = 0
    ender: Annotated[int, Range(-1, MAX_PLAYERS - 1)] = -1
    """The seat whose action ended the game (-1 before the end)."""
    end: Annotated[str, OneOf(("", "meeples", "deck"))] = ""
    """How the game ended: the last meeple placed, or a deck's last card drawn."""
    tasks: tuple[Task, ...] = ()
    rng: Rng = Rng(0)

    @property
    def task(self) -> Task | None:
        """The pending step, or None when the game is over."""
        return self.tasks[0] if self.tasks else None

    def seat(self, i: int) -> PlayerState:
        return self.seats[i]

    def with_seat(self, i: int, seat: PlayerState) -> GTState:
        seats = list(self.seats)
        seats[i] = seat
        return evolve(self, seats=tuple(seats))

    def tile_at(self, cell: str) -> Tile | None:
        """The tile on a square, if any."""
        for tile in self.tiles:
            if tile.at == cell:
                return tile
        return None

    def city_at(self, cell: str) -> City | None:
        """The City on a square, if any."""
        for city in self.cities:
            if city.at == cell:
                return city
        return None

    def deck(self, name: str) -> tuple[str, ...]:
        return self.decks[DECKS.index(name)]

    def market(self, name: str) -> tuple[str, ...]:
        return self.markets[DECKS.index(name)]

    # -- JSON ----------------------------------------------------------------------
    def __repr__(self) -> str:
        task = self.task
        pending = "over" if task is None else f"{task.kind} ({task.actor})"
        return f"<GTState {self.players} players, turn {self.turn}, pending {pending}>"

    def _repr_svg_(self) -> str:
        """The board, for notebooks (drawn by the layout registered for the game)."""
        from gaia_lab.core.registry import layout_of

        return str(layout_of(self)(self).to_svg())

    def to_json(self) -> str:
        """Canonical JSON text of the state (:func:`gaia_lab.core.codec.to_json`)."""
        return codec.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> GTState:
        """Read a state's types and field bounds (the game's ``state_from_json`` also
        checks its invariants); InvalidStateError lists what is wrong.

        >>> GTState.from_json('{"players": 2, "bank": 21}')
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: state: 2 problems:
          - seats: missing
          - bank: must be from 0 to 20, got 21
        """
        state: GTState = codec.from_json(cls, text, "state")
        return state
