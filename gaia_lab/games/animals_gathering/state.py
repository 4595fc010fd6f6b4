"""The Animals Gathering game state: immutable values, exact JSON round trip.

A state is the table (every seat's mage, summoning area and companion area, the
deck and the supply), the dice of the current roll, the queue of pending
:class:`~gaia_lab.core.flow.Task` s (who must act next and on what) and the seeded RNG.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated

from gaia_lab.core import codec
from gaia_lab.core.codec import Count, OneOf, Range, Size
from gaia_lab.core.flow import Task
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve, slot_init

STONE_ORDER = "ROYGBPW"
"""Stone codes in their canonical order (red, orange, yellow, green, blue, purple, white)."""
DIE_COLOURS = "gob"
"""Die colour codes in their canonical order (green, orange, blue)."""
DICE_PER_COLOUR = 2
MAX_DICE = 6

MAX_PLAYERS = 5

SeatNumber = Annotated[int, Range(0, MAX_PLAYERS - 1)]
Name = Annotated[str, Size(1, 60)]

@lru_cache(maxsize=4096)
def sort_stones(stones: str) -> str:
    """Stones in canonical order.

    >>> sort_stones("YRBR")
    'RRYB'
    """
    return "".join(sorted(stones, key=STONE_ORDER.index))


@slot_init
@dataclass(frozen=True, slots=True)
class Summoned:
    """An uncompleted Animal Index Card in a summoning area, with the stones on it."""

    animal: str
    stones: str = ""
    """Stones placed so far, in canonical order."""


@slot_init
@dataclass(frozen=True, slots=True)
class Seat:
    """One player's side of the table."""

    name: Name
    mage: Annotated[int, Range(0, 5)] = 0
    """The Mage Card kept (1-5), 0 before the mages are dealt."""
    dealt: tuple[str, ...] = ()
    """The three cards dealt at setup, before one is kept."""
    summoning: tuple[Summoned, ...] = ()
    companions: tuple[str, ...] = ()
    """Revived animals, in the order they were revived."""
    spell_offer: tuple[str, ...] = ()
    """The two spells dealt at setup (spell variant), before one is kept."""
    spells: tuple[str, ...] = ()
    """Spells held and not used yet."""
    used_spells: tuple[str, ...] = ()
    awakened: str = ""
    """The summoning card marked by Holy Awakening, if any."""
    blessed: str = ""
    """The companion whose scoring power Blessed by Glory boosts, if any."""

    def card(self, animal: str) -> Summoned | None:
        for c in self.summoning:
            if c.animal == animal:
                return c
        return None


@slot_init
@dataclass(frozen=True, slots=True)
class Die:
    """A Magic Die of the current roll."""

    colour: Annotated[str, OneOf(tuple(DIE_COLOURS))]
    face: Annotated[str, OneOf(("", *STONE_ORDER))] = ""
    """The stone code it shows ("" before it is rolled)."""
    use: Annotated[str, OneOf(("", "placed", "exchanged", "blocked"))] = ""
    """What the active player did with it: "", "placed", "exchanged" or "blocked"."""

    @property
    def label(self) -> str:
        """Colour and face, e.g. ``"gY"`` (a green die showing a yellow stone)."""
        return self.colour + self.face


@slot_init
@dataclass(frozen=True, slots=True)
class Roll:
    """The dice of the turn's roll and what has been done with them."""

    roller: SeatNumber
    dice: Annotated[tuple[Die, ...], Size(0, MAX_DICE)]
    rerolled: bool = False
    """Mage 5's reroll was used."""
    bonus_used: bool = False
    """Mage 1's extra stone was taken."""
    burst_by: Annotated[int, Range(-1, MAX_PLAYERS - 1)] = -1
    """Seat who cast Bubble-Burster on this roll (spell variant), or -1."""
    rock_rolled: Annotated[tuple[SeatNumber, ...], Size(0, MAX_PLAYERS)] = ()
    """Seats whose Rock 'n' Roll reroll was used on this roll."""

    def unused(self) -> tuple[int, ...]:
        """Indices of the dice the active player has not used."""
        return tuple([i for i, d in enumerate(self.dice) if d.face and not d.use])

    def faces(self) -> str:
        return "".join(d.face for d in self.dice)


@dataclass(frozen=True, slots=True)
class AGState:
    """A position of Animals Gathering."""

    players: Annotated[int, Range(2, MAX_PLAYERS)]
    seats: Annotated[tuple[Seat, ...], Size(2, MAX_PLAYERS)]
    deck: tuple[str, ...] = ()
    """Face-down deck, top card first."""
    supply: tuple[str, ...] = ()
    """The face-up communal supply."""
    active: SeatNumber = 0
    turn: Count = 0
    roll: Roll | None = None
    tasks: tuple[Task, ...] = ()
    passes: Count = 0
    """Consecutive turns passed (a full round of passes ends the game)."""
    spells_variant: bool = False
    rng: Rng = Rng(0)
    over: bool = False
    ended_by: Annotated[str, OneOf(("", "five", "elephant", "stalemate"))] = ""
    """Why the game ended: "five", "elephant" or "stalemate"."""

    @property
    def task(self) -> Task | None:
        """The pending step, or None when the game is over."""
        return self.tasks[0] if self.tasks else None

    def seat(self, i: int) -> Seat:
        return self.seats[i]

    def with_seat(self, i: int, seat: Seat) -> AGState:
        return evolve(self, seats=(*self.seats[:i], seat, *self.seats[i + 1:]))

    def owner_of(self, animal: str) -> int | None:
        """The seat whose summoning area holds this card."""
        for i, s in enumerate(self.seats):
            if s.card(animal) is not None:
                return i
        return None

    # -- JSON ----------------------------------------------------------------------------
    def to_json(self) -> str:
        """Canonical JSON text of the state (:func:`gaia_lab.core.codec.to_json`)."""
        return codec.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> AGState:
        """Read a state's types and field bounds (the game's ``state_from_json`` also
        checks its invariants); InvalidStateError lists what is wrong."""
        state: AGState = codec.from_json(cls, text, "state")
        return state

    def __repr__(self) -> str:
        task = self.task
        pending = "over" if task is None else f"{task.kind} ({task.actor})"
        names = ", ".join(s.name for s in self.seats)
        return f"<AGState {self.players} players [{names}] turn {self.turn}, pending {pending}>"

    def _repr_svg_(self) -> str:
        """The board, for notebooks (drawn by the layout registered for the game)."""
        from gaia_lab.core.registry import layout_of

        return str(layout_of(self)(self).to_svg())
