"""The Animals Gathering game state: immutable values, exact JSON round trip.

A state is the table (every seat's mage, summoning area and companion area, the
deck and the supply), the dice of the current roll, the queue of pending
:class:`Task` s (who must act next and on what) and the seeded RNG.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve

STONE_ORDER = "ROYGBPW"
"""Stone codes in their canonical order (red, orange, yellow, green, blue, purple, white)."""
DIE_COLOURS = "gob"
"""Die colour codes in their canonical order (green, orange, blue)."""
DICE_PER_COLOUR = 2
MAX_DICE = 6

CHANCE_SEAT = -1
RULES_SEAT = -2


def sort_stones(stones: str) -> str:
    """Stones in canonical order.

    >>> sort_stones("YRBR")
    'RRYB'
    """
    return "".join(sorted(stones, key=STONE_ORDER.index))


@dataclass(frozen=True, slots=True)
class Summoned:
    """An uncompleted Animal Index Card in a summoning area, with the stones on it."""

    animal: str
    stones: str = ""
    """Stones placed so far, in canonical order."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's side of the table."""

    name: str
    mage: int = 0
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


@dataclass(frozen=True, slots=True)
class Die:
    """A Magic Die of the current roll."""

    colour: str
    face: str = ""
    """The stone code it shows ("" before it is rolled)."""
    use: str = ""
    """What the active player did with it: "", "placed", "exchanged" or "blocked"."""

    @property
    def label(self) -> str:
        """Colour and face, e.g. ``"gY"`` (a green die showing a yellow stone)."""
        return self.colour + self.face


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice of the turn's roll and what has been done with them."""

    roller: int
    dice: tuple[Die, ...]
    rerolled: bool = False
    """Mage 5's reroll was used."""
    bonus_used: bool = False
    """Mage 1's extra stone was taken."""
    burst_by: int = -1
    """Seat who cast Bubble-Burster on this roll (spell variant), or -1."""
    rock_rolled: tuple[int, ...] = ()
    """Seats whose Rock 'n' Roll reroll was used on this roll."""

    def unused(self) -> tuple[int, ...]:
        """Indices of the dice the active player has not used."""
        return tuple(i for i, d in enumerate(self.dice) if d.face and not d.use)

    def faces(self) -> str:
        return "".join(d.face for d in self.dice)


@dataclass(frozen=True, slots=True)
class Task:
    """A pending step: its kind, the seat who acts (or CHANCE/RULES) and its data."""

    kind: str
    seat: int
    data: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AGState:
    """A position of Animals Gathering."""

    players: int
    seats: tuple[Seat, ...]
    deck: tuple[str, ...] = ()
    """Face-down deck, top card first."""
    supply: tuple[str, ...] = ()
    """The face-up communal supply."""
    active: int = 0
    turn: int = 0
    roll: Roll | None = None
    tasks: tuple[Task, ...] = ()
    passes: int = 0
    """Consecutive turns passed (a full round of passes ends the game)."""
    spells_variant: bool = False
    rng: Rng = Rng(0)
    over: bool = False
    ended_by: str = ""
    """Why the game ended: "five", "elephant" or "stalemate"."""

    @property
    def task(self) -> Task | None:
        """The pending step, or None when the game is over."""
        return self.tasks[0] if self.tasks else None

    def seat(self, i: int) -> Seat:
        return self.seats[i]

    def with_seat(self, i: int, seat: Seat) -> AGState:
        seats = list(self.seats)
        seats[i] = seat
        return evolve(self, seats=tuple(seats))

    def owner_of(self, animal: str) -> int | None:
        """The seat whose summoning area holds this card."""
        for i, s in enumerate(self.seats):
            if s.card(animal) is not None:
                return i
        return None

    # -- JSON ----------------------------------------------------------------------------
    def to_json(self) -> str:
        """Canonical JSON text of the state."""
        return json.dumps(_to_data(self), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> AGState:
        """Rebuild a state; InvalidStateError lists what is wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(
                f"line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})", "state"
            ) from None
        problems: list[str] = []
        state = _build(cls, data, "state", problems)
        if problems or not isinstance(state, AGState):
            raise InvalidStateError(problems or ["not an Animals Gathering state"], "state")
        if len(state.seats) != state.players:
            raise InvalidStateError(
                f"state: {state.players} players but {len(state.seats)} seats", "state")
        return state

    def __repr__(self) -> str:
        task = self.task
        pending = "over" if task is None else f"{task.kind} ({task.seat})"
        names = ", ".join(s.name for s in self.seats)
        return f"<AGState {self.players} players [{names}] turn {self.turn}, pending {pending}>"

    def _repr_svg_(self) -> str:
        """The board, for notebooks (drawn by the layout registered for the game)."""
        from gaia_lab.core.registry import layout_of

        return str(layout_of(self)(self).to_svg())


_NESTED: dict[str, Any] = {
    "seats": Seat,
    "summoning": Summoned,
    "dice": Die,
    "tasks": Task,
}


def _to_data(obj: Any) -> Any:
    if isinstance(obj, Rng):
        return obj.to_list()
    if hasattr(obj, "__dataclass_fields__"):
        return {f.name: _to_data(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, tuple):
        return [_to_data(x) for x in obj]
    return obj


def _build(cls: Any, data: Any, where: str, problems: list[str]) -> Any:
    if not isinstance(data, dict):
        problems.append(f"{where}: expected an object")
        return None
    kwargs: dict[str, Any] = {}
    names = {f.name: f for f in fields(cls)}
    for key in data:
        if key not in names:
            problems.append(f"{where}: unknown field {key!r}")
    for name, f in names.items():
        if name not in data:
            continue
        value = data[name]
        here = f"{where}.{name}"
        if name == "rng":
            if (isinstance(value, list) and len(value) == 2
                    and all(isinstance(v, int) for v in value)):
                kwargs[name] = Rng(value[0], value[1])
            else:
                problems.append(f"{here}: expected [seed, draws]")
        elif name == "roll":
            kwargs[name] = None if value is None else _build(Roll, value, here, problems)
        elif name in _NESTED:
            if not isinstance(value, list):
                problems.append(f"{here}: expected a list")
                continue
            kwargs[name] = tuple(
                _build(_NESTED[name], v, f"{here}[{i}]", problems) for i, v in enumerate(value)
            )
        elif isinstance(value, list):
            if not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
                problems.append(f"{here}: expected a list of texts or numbers")
            kwargs[name] = tuple(value)
        else:
            expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
            ok = {
                "str": isinstance(value, str),
                "int": isinstance(value, int) and not isinstance(value, bool),
                "bool": isinstance(value, bool),
            }.get(str(expected), True)
            if not ok:
                problems.append(f"{here}: expected {expected}, got {value!r}")
            kwargs[name] = value
    try:
        return cls(**kwargs)
    except TypeError as exc:
        problems.append(f"{where}: {exc}")
        return None
