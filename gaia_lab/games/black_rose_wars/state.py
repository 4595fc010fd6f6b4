"""The Black Rose Wars: Gaea Reborn game state: immutable values with an exact JSON round trip.

A state is the Lodge (its :class:`Room` s with their Instability slots and Root Tokens,
and one :class:`Cell` per Mage), the :class:`Mage` s (players), Gaea's
:class:`AvatarBoard` (her model, Power Points, Command deck, the Servant slot and Filius's
model, the Root Token and Arbor Vitae pools), the :class:`PowerBoard` (the Moon phase and
its cubes, the Black Rose's Power Points), the Crown, the round's phase, the queue of
pending :class:`~gaia_lab.core.flow.Task` s and the seeded RNG.  The last choice Gaea or
Filius made is kept with its decision trace (:class:`Choice`).

Instability is written by its owner: ``mage1``..``mage5`` (seat 0..4), ``gaea`` or
``black_rose``.  Areas are Room ids (``black_rose_room``) and Cell ids (``cell1`` for
seat 0); ``""`` means out of the Lodge.

>>> room = Room("crypt", 1, 0, size=6, slots=("mage1", "gaea"), root=RootToken(("gaea",)))
>>> room.instability, room.free_slots, room.root.free
(3, 5, 1)
>>> s = BRWState(players=1, mages=(Mage("Rikkart", Model("cell1", 2, 2, 11)),), rooms=(room,))
>>> BRWState.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from gaia_lab.core import codec
from gaia_lab.core.codec import Count, Range, Size
from gaia_lab.core.flow import Task
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve
from gaia_lab.games.black_rose_wars.modules import Modules

__all__ = [
    "AVATAR", "BLACK_ROSE", "FILIUS", "MAX_EVOCATIONS", "MAX_MAGES", "PHASES", "AvatarBoard",
    "BRWState", "Cell", "Choice", "Evocation", "Mage", "Model", "Phase", "PowerBoard", "Room",
    "RootToken", "Task", "TraceStep", "cell_id", "mage_id", "seat_of",
]

MAX_MAGES: typing.Final = 5
"""The rulebook draws Lodge layouts for one to five players."""
MAX_EVOCATIONS: typing.Final = 3
"""A Mage has at most three Evocations in the Lodge (brw.core.summon)."""
ROOT_SLOTS: typing.Final = 2
"""A Root Token adds two Instability slots (brw.root.placement)."""
ROOT_TOKENS: typing.Final = 12
ARBOR_VITAE: typing.Final = 3
AVATAR: typing.Final = "gaea"
"""The Avatar's owner word and model id."""
FILIUS: typing.Final = "filius"
"""The Servant's model id."""
BLACK_ROSE: typing.Final = "black_rose"
"""The Black Rose's owner word."""
Seat = Annotated[int, Range(0, MAX_MAGES - 1)]
Phase = Literal["setup", "black_rose", "study", "planning", "action", "evocation",
                "cleanup", "over"]
PHASES: typing.Final[tuple[Phase, ...]] = typing.get_args(Phase)


def mage_id(seat: int) -> str:
    """The owner word and model id of a seat's Mage.

    >>> mage_id(0), seat_of("mage3"), seat_of("gaea")
    ('mage1', 2, None)
    """
    return f"mage{seat + 1}"


def seat_of(word: str) -> int | None:
    """The seat a ``mageN`` word names, None for any other word."""
    if word.startswith("mage") and word[4:].isdigit():
        return int(word[4:]) - 1
    return None


def cell_id(seat: int) -> str:
    """The id of a seat's Cell.

    >>> cell_id(1)
    'cell2'
    """
    return f"cell{seat + 1}"


@dataclass(frozen=True, slots=True)
class Model:
    """A figure in the Lodge: where it stands, its card's Speed, Strength and Health, and
    the Damage on it.  ``where`` is ``""`` when it is out of the Lodge."""

    where: str
    speed: Annotated[int, Range(0, 9)]
    strength: Annotated[int, Range(0, 9)]
    health: Annotated[int, Range(1, 30)]
    damage: Count = 0
    dealt: tuple[str, ...] = ()
    """Who dealt each Damage on it (an owner word, ``mageN``, ``gaea`` or ``black_rose``),
    oldest first: one word per Damage (brw.core.damage_owner)."""

    @property
    def in_lodge(self) -> bool:
        return self.where != ""

    def at(self, where: str) -> Model:
        return evolve(self, where=where)

    def hurt(self, amount: int, owner: str) -> Model:
        """The Model with ``amount`` more Damage dealt by ``owner``.

        >>> m = Model("crypt", 2, 2, 11).hurt(2, "gaea").hurt(1, "mage2")
        >>> m.damage, m.dealt, m.healed(2).dealt
        (3, ('gaea', 'gaea', 'mage2'), ('gaea',))
        """
        return evolve(self, damage=self.damage + amount, dealt=(*self.dealt, *(owner,) * amount))

    def healed(self, amount: int) -> Model:
        """The Model with up to ``amount`` Damage taken off, the latest dealt first."""
        keep = max(0, self.damage - amount)
        return evolve(self, damage=keep, dealt=self.dealt[:keep])

    def unhurt(self) -> Model:
        """The Model with no Damage."""
        return evolve(self, damage=0, dealt=())

    def owned_damage(self, owner: str) -> int:
        """The Damage on it that ``owner`` dealt."""
        return self.dealt.count(owner)


@dataclass(frozen=True, slots=True)
class Evocation:
    """An Evocation a Mage summoned: its card (also its model id), its owner's seat and
    its model (brw.core.summon)."""

    card: str
    owner: Seat
    model: Model


@dataclass(frozen=True, slots=True)
class RootToken:
    """A Root Token: the owners of the Instability on its two slots, left to right."""

    slots: Annotated[tuple[str, ...], Size(0, ROOT_SLOTS)] = ()

    @property
    def free(self) -> int:
        return ROOT_SLOTS - len(self.slots)

    @property
    def full(self) -> bool:
        """Both slots are occupied (Blossoming Burst and the Avatar Effect count these)."""
        return len(self.slots) == ROOT_SLOTS


@dataclass(frozen=True, slots=True)
class Room:
    """A Room tile: its place (axial hex ``q``, ``r``), its printed Instability slots
    (``size``), which side is up, the owners of the Instability on its slots (left to
    right), its Root Token and the seats that activated its rebuilt side this round."""

    id: str
    q: int
    r: int
    size: Annotated[int, Range(1, 20)]
    rebuilt: bool = False
    slots: tuple[str, ...] = ()
    root: RootToken | None = None
    used: tuple[Seat, ...] = ()

    @property
    def instability(self) -> int:
        """All Instability in the Room, the Root Token's included (brw.root.in_room)."""
        return len(self.slots) + (len(self.root.slots) if self.root else 0)

    @property
    def free_slots(self) -> int:
        """Free printed slots plus free Root Token slots."""
        return self.size - len(self.slots) + (self.root.free if self.root else 0)

    def owners(self) -> tuple[str, ...]:
        """The owner of every Instability in the Room, Root Token first."""
        return (*(self.root.slots if self.root else ()), *self.slots)


@dataclass(frozen=True, slots=True)
class Cell:
    """A Mage's Cell: its seat, the Room it opens onto and its place for drawing."""

    seat: Seat
    room: str
    q: int
    r: int

    @property
    def id(self) -> str:
        return cell_id(self.seat)


@dataclass(frozen=True, slots=True)
class Mage:
    """A player's Mage: name, model, Power Points, Trophy tokens (by kind: ``mage``,
    ``avatar``, ``evocation``), spells in hand and prepared, and this round's turns."""

    name: str
    model: Model
    power: Count = 0
    trophies: tuple[Literal["mage", "avatar", "evocation"], ...] = ()
    hand: tuple[str, ...] = ()
    prepared: tuple[str, ...] = ()
    """Prepared spells not yet cast this round."""
    turns: Annotated[int, Range(0, 9)] = 0
    """Turns left this Action phase."""
    passed: bool = False

    @property
    def where(self) -> str:
        return self.model.where

    @property
    def damage(self) -> int:
        return self.model.damage


@dataclass(frozen=True, slots=True)
class AvatarBoard:
    """Gaea's Avatar board and card: her model, Power Points, the Command deck (top
    first), its discards and the card being resolved, the Servant slot and the Servant's
    model, and the pools of Root Tokens and Arbor Vitae tokens."""

    model: Model
    power: Count = 0
    commands: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    card: str = ""
    """The Command card being resolved, ``""`` between activations."""
    servant: str = ""
    """The Evocation card in the Servant slot (``filius`` once Gaea is set up)."""
    filius: Model = Model("", 2, 2, 3)
    root_pool: Annotated[int, Range(0, ROOT_TOKENS)] = ROOT_TOKENS
    arbor_pool: Annotated[int, Range(0, ARBOR_VITAE)] = ARBOR_VITAE


@dataclass(frozen=True, slots=True)
class PowerBoard:
    """The Power board: the Moon phase, the slots of its three cubes, and the Black
    Rose's Power Points (the Mages' and the Avatar's are on their own records)."""

    moon: Annotated[int, Range(1, 3)] = 1
    second_moon: Annotated[int, Range(1, 60)] = 6
    third_moon: Annotated[int, Range(1, 60)] = 18
    black_rose_cube: Annotated[int, Range(1, 60)] = 30
    black_rose: Count = 0


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of a priority: the criterion, its rule, each candidate's value, the
    candidates kept and why."""

    criterion: str
    rule: str
    values: tuple[tuple[str, int], ...]
    kept: tuple[str, ...]
    reason: str


_WORD = re.compile(r"[a-z][a-z0-9_]*(?::[a-z0-9_]+)?")
"""An id as it may appear inside a trace's sentence (``crypt``, ``root:armory``)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice Gaea or Filius made (or a move destination), with its decision trace.

    ``chosen`` is ``""`` while the Choice of the Crown is pending among ``steps[-1].kept``.
    """

    chooser: str
    purpose: str
    """What is chosen: ``target`` or ``move``."""
    line: str
    """The priority followed (``Priority 1``, ``Filius Priority``...)."""
    candidates: tuple[str, ...]
    steps: tuple[TraceStep, ...] = ()
    chosen: str = ""
    by_crown: bool = False

    @property
    def kept(self) -> tuple[str, ...]:
        """The candidates left after the last step."""
        return self.steps[-1].kept if self.steps else self.candidates

    def text(self, names: Mapping[str, str] | None = None) -> str:
        """The trace as readable lines; ``names`` gives the name a reader reads for an id
        (a Mage's, a Room's), shown in its place wherever the id appears.

        >>> c = Choice("filius", "target", "Filius Priority", ("mage1", "mage2"),
        ...            (TraceStep("+Power Points", "brw.filius.most_power",
        ...                       (("mage1", 3), ("mage2", 5)), ("mage2",),
        ...                       "the most Power Points, 5"),), "mage2")
        >>> print(c.text({"mage1": "Rikkart", "mage2": "Angela"}))
        Filius chooses a target by Filius Priority among Rikkart, Angela:
          +Power Points: Rikkart 3, Angela 5 -> keeps Angela (the most Power Points, 5)
          chosen: Angela
        >>> print(Choice("gaea", "move", "its way toward crypt (Speed 2)", ("crypt",),
        ...              chosen="crypt").text({"crypt": "Crypt"}))
        Gaea chooses where to stop on its way toward Crypt (Speed 2) among Crypt:
          chosen: Crypt
        """
        names = names or {}

        def named(words: Iterable[str]) -> str:
            return ", ".join(names.get(w, w) for w in words)

        def said(text: str) -> str:  # the ids inside a sentence, as their names
            return _WORD.sub(lambda m: names.get(m.group(0), m.group(0)), text)

        who = self.chooser[:1].upper() + self.chooser[1:]
        what = (f"where to stop on {said(self.line)}" if self.purpose == "move"
                else f"a {self.purpose} by {said(self.line)}")
        lines = [f"{who} chooses {what} among {named(self.candidates) or 'nothing'}:"]
        for step in self.steps:
            values = ", ".join(f"{names.get(c, c)} {v}" for c, v in step.values)
            lines.append(f"  {step.criterion}: {values} -> keeps {named(step.kept)} "
                         f"({said(step.reason)})")
        if self.chosen:
            lines.append(f"  chosen: {names.get(self.chosen, self.chosen)}"
                         + (" (Choice of the Crown)" if self.by_crown else ""))
        else:
            lines.append(f"  the Choice of the Crown decides among {named(self.kept)}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class BRWState:
    """A position of Black Rose Wars: Gaea Reborn."""

    players: Annotated[int, Range(1, MAX_MAGES)]
    mages: Annotated[tuple[Mage, ...], Size(1, MAX_MAGES)]
    rooms: tuple[Room, ...] = ()
    cells: tuple[Cell, ...] = ()
    avatar: AvatarBoard = AvatarBoard(Model("", 2, 1, 12))
    power_board: PowerBoard = PowerBoard()
    arbor_vitae: Annotated[tuple[str, ...], Size(0, ARBOR_VITAE)] = ()
    """The Rooms holding an Arbor Vitae token."""
    crown: Seat = 0
    phase: Phase = "setup"
    round: Count = 0
    circuit: Annotated[int, Range(0, 9)] = 0
    """The round of turns of the Action phase (1, 2), 0 outside it."""
    room_pool: tuple[str, ...] = ()
    """Rooms not (yet) placed in the Lodge."""
    forgotten_spells: tuple[str, ...] = ()
    """The Forgotten Spell deck."""
    evocation_deck: tuple[str, ...] = ()
    """The Evocation cards not drawn (in the data's order: a summon draws one at random)."""
    evocation_discard: tuple[str, ...] = ()
    """The Evocation cards whose Model was defeated."""
    evocations: tuple[Evocation, ...] = ()
    """The Evocations the Mages summoned, in the Lodge."""
    event_decks: Annotated[tuple[tuple[str, ...], ...], Size(3, 3)] = ((), (), ())
    """The Event deck of each Moon phase, top first."""
    events: tuple[str, ...] = ()
    """The Events revealed so far, oldest first."""
    removed: tuple[str, ...] = ()
    """Cards taken out of the game."""
    choice: Choice | None = None
    """The last choice Gaea or Filius made, with its decision trace."""
    victory: str = ""
    """How the game ended: ``""`` (not yet), ``blossoming`` or ``power``."""
    modules: Modules = Modules()
    """The optional modules played: Paths, the Legendary Scenario (:mod:`.modules`)."""
    tasks: tuple[Task, ...] = ()
    rng: Rng = Rng(0)

    @property
    def task(self) -> Task | None:
        """The pending step, or None when the game is over."""
        return self.tasks[0] if self.tasks else None

    def room(self, rid: str) -> Room:
        """The Room with this id (KeyError if it is not in the Lodge)."""
        for r in self.rooms:
            if r.id == rid:
                return r
        raise KeyError(f"no Room {rid!r} in the Lodge")

    def has_room(self, rid: str) -> bool:
        return any(r.id == rid for r in self.rooms)

    def with_room(self, room: Room) -> BRWState:
        return evolve(self, rooms=tuple(room if r.id == room.id else r for r in self.rooms))

    def mage(self, seat: int) -> Mage:
        return self.mages[seat]

    def with_mage(self, seat: int, mage: Mage) -> BRWState:
        mages = list(self.mages)
        mages[seat] = mage
        return evolve(self, mages=tuple(mages))

    def with_avatar(self, **changes: object) -> BRWState:
        return evolve(self, avatar=evolve(self.avatar, **changes))

    def model(self, mid: str) -> Model:
        """The model with this id: ``mageN``, ``gaea``, ``filius`` or a summoned
        Evocation's card."""
        if mid == AVATAR:
            return self.avatar.model
        if mid == FILIUS:
            return self.avatar.filius
        seat = seat_of(mid)
        if seat is None or not 0 <= seat < len(self.mages):
            evocation = self.evocation(mid)
            if evocation is None:
                raise KeyError(f"no model {mid!r}")
            return evocation.model
        return self.mages[seat].model

    def evocation(self, card: str) -> Evocation | None:
        """The summoned Evocation of this card, None when it is not in the Lodge."""
        for e in self.evocations:
            if e.card == card:
                return e
        return None

    def with_model(self, mid: str, model: Model) -> BRWState:
        if mid == AVATAR:
            return self.with_avatar(model=model)
        if mid == FILIUS:
            return self.with_avatar(filius=model)
        seat = seat_of(mid)
        if seat is None:
            return evolve(self, evocations=tuple(evolve(e, model=model) if e.card == mid else e
                                                 for e in self.evocations))
        return self.with_mage(seat, evolve(self.mages[seat], model=model))

    def model_ids(self) -> tuple[str, ...]:
        """Every model of the game, Mages first, in or out of the Lodge, then the summoned
        Evocations."""
        return (*(mage_id(i) for i in range(len(self.mages))), AVATAR, FILIUS,
                *(e.card for e in self.evocations))

    def models_in(self, area: str) -> tuple[str, ...]:
        """The models (not Root Tokens) standing in an area."""
        return tuple(m for m in self.model_ids() if self.model(m).where == area)

    def power_of(self, owner: str) -> int:
        """The Power Points of a Mage (``mageN``), ``gaea`` or ``black_rose``."""
        if owner == AVATAR:
            return self.avatar.power
        if owner == BLACK_ROSE:
            return self.power_board.black_rose
        seat = seat_of(owner)
        assert seat is not None
        return self.mages[seat].power

    @property
    def over(self) -> bool:
        return not self.tasks

    # -- JSON ----------------------------------------------------------------------
    def __repr__(self) -> str:
        task = self.task
        pending = "over" if task is None else f"{task.kind} ({task.actor})"
        return (f"<BRWState {self.players} Mages, round {self.round}, {self.phase} phase, "
                f"pending {pending}>")

    def _repr_svg_(self) -> str:
        """The Lodge, for notebooks (drawn by the layout registered for the game)."""
        from gaia_lab.core.registry import layout_of

        return str(layout_of(self)(self).to_svg())

    def to_json(self) -> str:
        """Canonical JSON text of the state (:func:`gaia_lab.core.codec.to_json`)."""
        return codec.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> BRWState:
        """Read a state's types and field bounds (the game's ``state_from_json`` also
        checks its invariants); InvalidStateError lists what is wrong."""
        state: BRWState = codec.from_json(cls, text, "state")
        return state
