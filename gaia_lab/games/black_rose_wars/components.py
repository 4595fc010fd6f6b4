"""The components of Black Rose Wars: Gaea Reborn and of the modelled core game.

The expansion's rulebook gives Gaea's Avatar card (Health 12, Strength 1, Speed 2), her
two Priority lines, the Filius card (Speed 2, Strength 2, Health 3) and the counts of the
box (30 Command cards, 12 Root Tokens, 3 Arbor Vitae); it prints no Command card and no
Lodge layout.  The core game's Rooms are known from a fan implementation (published,
unverified); its Mages' values and spells are not public.  So every entry carries its
``provenance``: ``rulebook`` (with the section as ``source``), ``published`` (with where)
or ``reconstructed`` (authored, the ``note`` says why).  A folder with the same file names
replaces any file: :func:`load_components`.

>>> c = load_components()
>>> c
<Components: 23 rooms, 5 layouts, 6 mages, 2 avatar cards, 30 commands, 9 spells, \
39 events, 5 evocations>
>>> c.avatar_card("gaea").health, c.avatar_card("filius").strength
(12, 2)
>>> c.command("c01").effects, c.layout(3).rooms
(('root', 'move', 'avatar'), 10)
>>> c.provenance["commands"]
{'reconstructed': 30}

Every problem of a data file is reported at once, each naming the file, line and field:

>>> from gaia_lab.core.errors import InvalidStateError
>>> try:
...     Components.from_dicts(avatar={"component": "avatar", "entries": [
...         {"id": "gaea", "kind": "avatar", "name": "Gaea", "health": 10, "strength": 1,
...          "speed": 2, "priorities": [], "root_tokens": 12, "arbor_vitae": 3,
...          "provenance": "rulebook", "source": "Avatar Card Anatomy"}]})
... except InvalidStateError as exc:
...     for problem in exc.problems:
...         print(problem.split(": ", 2)[-1])
field 'health': the Avatar card shows Health 12, Strength 1, Speed 2 (brw.avatar.card)
field 'priorities': Gaea has 2 Priority lines (brw.priority.lines)
the Avatar card of Gaea and the Filius card are both needed
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Final

from gaia_lab.core.datafiles import (
    ComponentSet,
    DataDocument,
    DataEntry,
    lookup,
)
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.provenance import Origin, origin_of
from gaia_lab.core.schema import (
    Context,
    Field,
    FileSchema,
    Flag,
    Integer,
    ListOf,
    Record,
    Row,
    Table,
    Text,
    optional,
    read_file,
)

__all__ = [
    "COMMAND_EFFECTS", "COMPONENT_FILES", "DATA_DIR", "EVENT_EFFECTS", "ROOM_EFFECTS",
    "STANDING_EFFECTS",
    "AvatarCard", "Command", "Components",
    "EvocationCard", "EventCard", "Layout", "MageCard", "RoomCard", "Spell", "load_components",
]

DATA_DIR: Final = Path(__file__).resolve().with_name("data")
COMPONENT_FILES: Final = ("rooms", "layouts", "mages", "avatar", "commands", "spells",
                          "events", "evocations")
COLOURS: Final = ("black", "grey", "red", "yellow", "green", "blue", "purple")
COMMAND_EFFECTS: Final[Mapping[str, str]] = MappingProxyType({
    "move": "Gaea moves up to her Speed toward the target",
    "attack": "Gaea attacks in the target Room",
    "avatar": "the Avatar Effect",
    "root": "the Tool: a Root Token in the target Room",
    "instability": "Gaea places 1 Instability in the target Room",
    "servant": "Filius activates",
    "power": "Gaea gains 1 Power Point",
})
"""The effect words a Command card is made of (its effects are authored from these)."""
EVENT_EFFECTS: Final[Mapping[str, str]] = MappingProxyType({
    "instability": "instability:<colours joined by +, black_rose_room or mage_rooms>:<n>: "
                   "the Black Rose places n Instability in each such Room",
    "damage": "damage:<mages|evocations>:<n>: the Black Rose deals n Damage to each",
    "power": "power:<mages|crown>:<n>: each Mage (or the Crown's holder) gains n",
    "lose": "lose:<n>: each Mage loses n Power Points",
    "to_cells": "every Mage returns to their Cell",
    "near_cells": "every Mage goes to the Room their Cell opens onto",
    "heal_evocations": "every Evocation loses its Damage",
    "woe": "woe:<n>:<m>: up to n Damage on each Mage becomes the Black Rose's; a Mage with "
           "none converted takes m",
    "mercy": "mercy:<n>: Mages lose every Damage not the Black Rose's; a Mage with none of "
             "the Black Rose's then takes n",
    "revolt": "each Mage takes the Strength of their Evocations in Damage, or loses 1 Power "
              "Point with none",
    "summon": "each Mage in a Room summons there",
    "remembrance": "the top Event of the First and of the Second Moon's deck is revealed "
                   "and played",
    "dislocation": "each Mage may place their Model in a Room",
    "renovation": "each Mage with a Trophy may give one up to place 2 Instability in their "
                  "Room",
    "quest": "each Mage would draw a Quest",
    "discard": "each Mage discards the last spell in hand, or loses 1 Power Point",
    "none": "no effect in the modelled core (the note says why)",
    "standing": "standing:<name>[:<colour>]: in force until the next Event is revealed",
})
"""The effect words an Event card's effect is made of (authored, :mod:`.events_core`)."""
ROOM_EFFECTS: Final[Mapping[str, str]] = MappingProxyType({
    "summon": "the Mage summons in the Room",
    "damage": "damage:<n>:<range>: n Damage to a Model or Root Token within range (target)",
    "strike": "strike:<times>: attacks of the Mage's Strength on one Model in the Room "
              "(target)",
    "place": "place:<range>:<n>: n of the Mage's Instability in a Room within range (target)",
    "black_rose_instability": "black_rose_instability:<range>: the Black Rose places 1 "
                              "Instability in a Room within range (target)",
    "heal": "heal:<n>: the Mage loses up to n Damage",
    "power": "power:<n>: the Mage gains n Power Points",
    "black_rose_power": "black_rose_power:<n>: the Black Rose gains n Power Points",
    "drain": "drain:<n>: every other Mage loses n Power Points",
    "retrieve": "the Mage takes back, prepared, a spell cast this round",
    "cells": "every Mage returns to their Cell",
    "quest": "the Mage would draw a Quest",
    "crown_cost": "the Mage loses 1 Power Point and takes the Crown",
    "crown": "the Mage takes the Crown",
})
"""The effect words of a Room's two sides (authored, brw.core.room_effects)."""
TARGETED: Final = ("damage", "strike", "place", "black_rose_instability")
"""The Room effects that take the activation's target."""
_ROOM_ARITY: Final = {"damage": 2, "strike": 1, "place": 2, "black_rose_instability": 1,
                      "heal": 1, "power": 1, "black_rose_power": 1, "drain": 1}
STANDING_EFFECTS: Final = ("cell_power", "overload", "puppeteer", "colour_power", "assault",
                           "only_war", "only_peace", "immortals", "dominion")
GAEA_PRIORITIES: Final = (("-root", "+instability", "+models"),
                          ("-root", "+instability", "-models"))
FILIUS_PRIORITY: Final = ("+power", "+damage", "-area", "+trophies")
SPELL_EFFECTS: Final = ("damage", "instability", "teleport", "none")
FIXED_ROOMS: Final = ("black_rose_room", "throne_room")
COMMAND_CARDS: Final = 30
ROOT_TOKENS: Final = 12
ARBOR_VITAE: Final = 3
MAX_PLAYERS: Final = 5
LEGEND: Final = "gaea_legend"
"""The Forgotten Evocation Gaea (Legend)'s card id."""


@dataclass(frozen=True, slots=True)
class RoomCard:
    """A Room tile: colour, printed Instability slots, rebuilding rewards (1st, 2nd, 3rd),
    whether its place is fixed, its box, its effects in words (the fan text), the Room it
    replaces in the Legendary Scenario, and the effect words each side plays
    (:data:`ROOM_EFFECTS`)."""

    id: str
    name: str
    colour: str
    slots: int
    rewards: tuple[int, ...]
    fixed: bool
    box: str
    ruined: str
    rebuilt: str
    replaces: str
    ruined_effects: tuple[str, ...]
    rebuilt_effects: tuple[str, ...]
    origin: Origin

    def effects(self, rebuilt: bool) -> tuple[str, ...]:
        """The effect words of one side.

        >>> load_components().room("crypt").effects(rebuilt=True)
        ('summon', 'summon')
        """
        return self.rebuilt_effects if rebuilt else self.ruined_effects

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "colour": self.colour,
                               "slots": self.slots, "rewards": list(self.rewards),
                               "fixed": self.fixed, "box": self.box, "ruined": self.ruined,
                               "rebuilt": self.rebuilt}
        if self.replaces:
            out["replaces"] = self.replaces
        out |= {"ruined_effects": list(self.ruined_effects),
                "rebuilt_effects": list(self.rebuilt_effects)}
        return {**out, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Layout:
    """A Lodge layout: Room places (axial hexes; place 0 the Black Rose Room, place 1 the
    Throne Room) and each Cell as (seat from 1, place of its Room, q, r)."""

    players: int
    places: tuple[tuple[int, int], ...]
    cells: tuple[tuple[int, int, int, int], ...]
    origin: Origin

    @property
    def rooms(self) -> int:
        return len(self.places)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "places": [list(p) for p in self.places],
                "cells": [{"seat": s, "room": r, "q": q, "r": rr}
                          for s, r, q, rr in self.cells], **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class MageCard:
    """A Mage of the modelled core: name, Health, Strength, Speed."""

    id: str
    name: str
    health: int
    strength: int
    speed: int
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "health": self.health,
                "strength": self.strength, "speed": self.speed, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class AvatarCard:
    """Gaea's Avatar card or her Servant's Evocation card."""

    id: str
    kind: str
    name: str
    health: int
    strength: int
    speed: int
    priorities: tuple[tuple[str, ...], ...]
    root_tokens: int
    arbor_vitae: int
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "name": self.name, "health": self.health,
                "strength": self.strength, "speed": self.speed,
                "priorities": [list(p) for p in self.priorities],
                "root_tokens": self.root_tokens, "arbor_vitae": self.arbor_vitae,
                **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Command:
    """A Command card: its Priority line (1 or 2) and its effects in order."""

    id: str
    name: str
    priority: int
    effects: tuple[str, ...]
    origin: Origin

    def describe(self) -> str:
        """The card in words.

        >>> print(load_components().command("c02").describe())
        c02 Verdant Stride (Priority 1): move, attack, avatar
        """
        return f"{self.id} {self.name} (Priority {self.priority}): {', '.join(self.effects)}"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "priority": self.priority,
                "effects": list(self.effects), **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Spell:
    """A spell: its deck (``core`` or ``forgotten``), effect, amount and range."""

    id: str
    name: str
    deck: str
    effect: str
    amount: int
    range: int
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "deck": self.deck, "effect": self.effect,
                "amount": self.amount, "range": self.range, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class EventCard:
    """An Event card of a Moon phase: the Black Rose's Power Points when it is revealed
    and when it leaves the Event board, its effect in words (the fan paraphrase) and as the
    engine's effect words (:data:`EVENT_EFFECTS`)."""

    id: str
    name: str
    moon: int
    reveal_power: int
    discard_power: int
    summary: str
    effects: tuple[str, ...]
    origin: Origin

    def standing(self) -> tuple[tuple[str, ...], ...]:
        """Its standing effects as words (``("colour_power", "grey")``).

        >>> load_components().event("abandonment").standing()
        (('colour_power', 'grey'),)
        """
        return tuple(tuple(w.split(":")[1:]) for w in self.effects
                     if w.startswith("standing:"))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "moon": self.moon,
                "reveal_power": self.reveal_power, "discard_power": self.discard_power,
                "summary": self.summary, "effects": list(self.effects),
                **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class EvocationCard:
    """An Evocation card of the Evocation deck: its deck (``core`` or ``forgotten``), its
    Model's Health, Strength and Speed, its copies in the deck and its ability (text; the
    Legend's is played, :mod:`.geomancy`)."""

    id: str
    name: str
    deck: str
    health: int
    strength: int
    speed: int
    copies: int
    ability: str
    origin: Origin

    def card_ids(self) -> tuple[str, ...]:
        """The ids of its copies in the deck (``cadaver_1`` ...; a single card keeps its id).

        >>> load_components().evocation("nigredo").card_ids()
        ('nigredo_1', 'nigredo_2', 'nigredo_3')
        """
        if self.copies == 1:
            return (self.id,)
        return tuple(f"{self.id}_{i}" for i in range(1, self.copies + 1))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "deck": self.deck, "health": self.health,
                "strength": self.strength, "speed": self.speed, "copies": self.copies,
                "ability": self.ability, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class _Index:
    rooms: dict[str, RoomCard]
    layouts: dict[int, Layout]
    mages: dict[str, MageCard]
    avatar: dict[str, AvatarCard]
    commands: dict[str, Command]
    spells: dict[str, Spell]
    events: dict[str, EventCard]
    evocations: dict[str, EvocationCard]
    cards: dict[str, EvocationCard]


@dataclass(frozen=True, slots=True)
class Components(ComponentSet):
    """Every component, validated."""

    FILES: ClassVar[tuple[str, ...]] = COMPONENT_FILES
    DATA_DIR: ClassVar[Path] = DATA_DIR

    rooms: tuple[RoomCard, ...]
    layouts: tuple[Layout, ...]
    mages: tuple[MageCard, ...]
    avatar: tuple[AvatarCard, ...]
    commands: tuple[Command, ...]
    spells: tuple[Spell, ...]
    events: tuple[EventCard, ...] = ()
    evocations: tuple[EvocationCard, ...] = ()
    provenance_notes: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    _index: _Index = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", _Index(
            {r.id: r for r in self.rooms}, {lay.players: lay for lay in self.layouts},
            {m.id: m for m in self.mages}, {a.id: a for a in self.avatar},
            {c.id: c for c in self.commands}, {s.id: s for s in self.spells},
            {e.id: e for e in self.events}, {e.id: e for e in self.evocations},
            {card: e for e in self.evocations for card in e.card_ids()}))

    def __repr__(self) -> str:
        return (f"<Components: {len(self.rooms)} rooms, {len(self.layouts)} layouts, "
                f"{len(self.mages)} mages, {len(self.avatar)} avatar cards, "
                f"{len(self.commands)} commands, {len(self.spells)} spells, "
                f"{len(self.events)} events, {len(self.evocations)} evocations>")

    def room(self, rid: str) -> RoomCard:
        return lookup(self._index.rooms, rid, "Room")

    def layout(self, players: int) -> Layout:
        return lookup(self._index.layouts, players, "layout for players")

    def mage(self, mid: str) -> MageCard:
        return lookup(self._index.mages, mid, "Mage")

    def avatar_card(self, aid: str) -> AvatarCard:
        return lookup(self._index.avatar, aid, "Avatar card")

    def command(self, cid: str) -> Command:
        return lookup(self._index.commands, cid, "Command card")

    def spell(self, sid: str) -> Spell:
        if sid not in self._index.spells:  # a spell of the School of Geomancy or of Talia
            from gaia_lab.games.black_rose_wars.geomancy import geomancy_spell

            found = geomancy_spell(sid)
            if found is not None:
                return found
        return lookup(self._index.spells, sid, "spell")

    def event(self, eid: str) -> EventCard:
        return lookup(self._index.events, eid, "Event card")

    def evocation(self, eid: str) -> EvocationCard:
        """An Evocation by its id or the id of one of its cards (``cadaver_3``)."""
        if eid in self._index.cards:
            return self._index.cards[eid]
        return lookup(self._index.evocations, eid, "Evocation")

    def evocation_deck(self) -> tuple[str, ...]:
        """Every card of the Evocation deck, the Forgotten Evocation included
        (brw.forgotten.decks).

        >>> deck = load_components().evocation_deck()
        >>> len(deck), deck[-1]
        (18, 'gaea_legend')
        """
        return tuple(card for e in self.evocations for card in e.card_ids())

    def event_deck(self, moon: int) -> tuple[str, ...]:
        """The Event cards of one Moon phase, in file order."""
        return tuple(e.id for e in self.events if e.moon == moon)

    def core_rooms(self) -> tuple[RoomCard, ...]:
        """The Rooms of the core box."""
        return tuple(r for r in self.rooms if r.box == "core")

    def random_rooms(self) -> tuple[str, ...]:
        """The core Rooms drawn for the layout's free places (all but the fixed ones)."""
        return tuple(r.id for r in self.core_rooms() if not r.fixed)

    def core_spells(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spells if s.deck == "core")

    def forgotten_deck(self) -> tuple[str, ...]:
        """The Forgotten Spell deck with the expansion's card."""
        return tuple(s.id for s in self.spells if s.deck == "forgotten")

    def groups(self) -> dict[str, Sequence[Any]]:
        """The entries of each component file, by file."""
        return {"rooms": self.rooms, "layouts": self.layouts, "mages": self.mages,
                "avatar": self.avatar, "commands": self.commands, "spells": self.spells,
                "events": self.events, "evocations": self.evocations}

    @classmethod
    def from_documents(cls, documents: Sequence[DataDocument], problems: list[str],
                       where: str) -> Components:
        return _build(documents, problems, where)


def load_components(directory: str | Path | None = None) -> Components:
    """Load and validate the component files (the packaged ones, cached, by default; a
    folder's files replace them one by one).

    >>> load_components().provenance_summary()  # doctest: +NORMALIZE_WHITESPACE
    'reconstructed: rooms 4/23, layouts 5/5, mages 4/6, avatar 0/2, commands 30/30,
     spells 8/9, events 39/39, evocations 0/5'
    >>> load_components() is load_components()
    True
    """
    return _load_default() if directory is None else Components.load(directory)


@functools.lru_cache(maxsize=1)
def _load_default() -> Components:
    return Components.load(DATA_DIR)


_TEXT = Field(Text())
_ID = Field(Text())
_STAT = Field(Integer(1, 30))

TABLES: Final[Mapping[str, Table]] = MappingProxyType({
    "rooms": Table(Record({
        "id": _ID, "name": _TEXT, "colour": Field(Text(choices=COLOURS)),
        "slots": Field(Integer(1, 20)), "rewards": Field(ListOf(Integer(0, 20), 3, 3)),
        "fixed": Field(Flag()), "box": Field(Text(choices=("core", "gaea_reborn"))),
        "ruined": Field(Text(empty=True)), "rebuilt": Field(Text(empty=True)),
        "replaces": optional(Text(), ""),
        "ruined_effects": Field(ListOf(Text(), 1, 3)),
        "rebuilt_effects": Field(ListOf(Text(), 1, 3))}, origin=True)),
    "layouts": Table(Record({
        "players": Field(Integer(1, MAX_PLAYERS)),
        "places": Field(ListOf(ListOf(Integer(-9, 9), 2, 2), 2)),
        "cells": Field(ListOf(Record({
            "seat": Field(Integer(1, MAX_PLAYERS)), "room": Field(Integer(0, 40)),
            "q": Field(Integer(-9, 9)), "r": Field(Integer(-9, 9))})))}, origin=True),
        key="players"),
    "mages": Table(Record({"id": _ID, "name": _TEXT, "health": _STAT, "strength": _STAT,
                           "speed": _STAT}, origin=True)),
    "avatar": Table(Record({
        "id": _ID, "kind": Field(Text(choices=("avatar", "servant"))), "name": _TEXT,
        "health": _STAT, "strength": _STAT, "speed": _STAT,
        "priorities": Field(ListOf(ListOf(Text()))),
        "root_tokens": Field(Integer(0, 99)), "arbor_vitae": Field(Integer(0, 99))},
        origin=True)),
    "commands": Table(Record({
        "id": _ID, "name": _TEXT, "priority": Field(Integer(1, 2)),
        "effects": Field(ListOf(Text(choices=tuple(COMMAND_EFFECTS)), 1, 6))}, origin=True)),
    "spells": Table(Record({
        "id": _ID, "name": _TEXT, "deck": Field(Text(choices=("core", "forgotten"))),
        "effect": Field(Text(choices=SPELL_EFFECTS)), "amount": Field(Integer(0, 9)),
        "range": Field(Integer(0, 9))}, origin=True)),
    "events": Table(Record({
        "id": _ID, "name": _TEXT, "moon": Field(Integer(1, 3)),
        "reveal_power": Field(Integer(0, 9)), "discard_power": Field(Integer(0, 9)),
        "summary": Field(Text(empty=True)),
        "effects": Field(ListOf(Text(), 1, 4))}, origin=True)),
    "evocations": Table(Record({
        "id": _ID, "name": _TEXT, "deck": Field(Text(choices=("core", "forgotten"))),
        "health": _STAT, "strength": Field(Integer(0, 9)), "speed": Field(Integer(0, 9)),
        "copies": Field(Integer(1, 20)), "ability": Field(Text(empty=True))}, origin=True)),
})
"""The schema of each component file's entries."""


def _file(component: str) -> FileSchema:
    return FileSchema((TABLES[component],), {
        "component": Field(Text(choices=(component,))),
        "provenance_note": optional(Text(empty=True), "")},
        what='{"component": ..., "entries": [...]}')


def room_effect_problem(word: str) -> str:
    """What is wrong with a Room's effect word ('' when it is sound).

    >>> room_effect_problem("damage:1:1"), room_effect_problem("place:1")
    ('', "'place' takes 2 number(s) after it")
    """
    kind, *args = word.split(":")
    if kind not in ROOM_EFFECTS:
        return f"unknown effect {kind!r}; known: {', '.join(ROOM_EFFECTS)}"
    want = _ROOM_ARITY.get(kind, 0)
    if len(args) != want or not all(a.isdigit() and 1 <= int(a) <= 9 for a in args[:1]) or (
            not all(a.isdigit() and 0 <= int(a) <= 9 for a in args)):
        return f"{kind!r} takes {want} number(s) after it"
    return ""


def _room(e: DataEntry, v: dict[str, Any]) -> RoomCard:
    rewards = tuple(v["rewards"])
    if any(b > a for a, b in zip(rewards, rewards[1:], strict=False)):
        e.problem("rewards", "a lower rank never gains more than a higher one")
    for side in ("ruined_effects", "rebuilt_effects"):
        for i, word in enumerate(v[side]):
            found = room_effect_problem(word)
            if found:
                e.problem(f"{side}[{i}]", found)
        if len({w.split(":")[0] for w in v[side]} & set(TARGETED)) > 1:
            e.problem(side, "one targeted effect a side at most (an activation has one "
                            "target)")
    return RoomCard(v["id"], v["name"], v["colour"], v["slots"], rewards, v["fixed"],
                    v["box"], v["ruined"], v["rebuilt"], v["replaces"],
                    tuple(v["ruined_effects"]), tuple(v["rebuilt_effects"]), origin_of(v))


def _layout(e: DataEntry, v: dict[str, Any]) -> Layout:
    places = tuple((p[0], p[1]) for p in v["places"])
    cells = tuple((c["seat"], c["room"], c["q"], c["r"]) for c in v["cells"])
    n = v["players"]
    if len(set(places)) != len(places):
        e.problem("places", "two Rooms share a place")
    if sorted(c[0] for c in cells) != list(range(1, n + 1)):
        e.problem("cells", f"a layout for {n} Mages has one Cell for each seat 1-{n}")
    for i, (_, room, q, r) in enumerate(cells):
        if room >= len(places):
            e.problem(f"cells[{i}].room", f"place {room} is not among the "
                                          f"{len(places)} places")
        if (q, r) in places:
            e.problem(f"cells[{i}]", f"the Cell is drawn on Room place {q}x{r}")
    return Layout(n, places, cells, origin_of(v))


def _mage(e: DataEntry, v: dict[str, Any]) -> MageCard:
    return MageCard(v["id"], v["name"], v["health"], v["strength"], v["speed"], origin_of(v))


_CARDS: Final = {"gaea": ((12, 1, 2), "the Avatar card shows Health 12, Strength 1, Speed 2 "
                                      "(brw.avatar.card)", GAEA_PRIORITIES),
                 "filius": ((3, 2, 2), "the Filius card shows Speed 2, Strength 2, Health 3 "
                                       "(brw.filius.card)", (FILIUS_PRIORITY,))}


def _avatar(e: DataEntry, v: dict[str, Any]) -> AvatarCard:
    aid = v["id"]
    priorities = tuple(tuple(p) for p in v["priorities"])
    if aid in _CARDS:
        stats, message, lines = _CARDS[aid]
        if (v["health"], v["strength"], v["speed"]) != stats:
            e.problem("health", message)
        if priorities != lines:
            e.problem("priorities", "Gaea has 2 Priority lines (brw.priority.lines)"
                      if aid == "gaea" else "Filius has 1 Priority (brw.filius.target)")
    if aid == "gaea" and (v["root_tokens"], v["arbor_vitae"]) != (ROOT_TOKENS, ARBOR_VITAE):
        e.problem("root_tokens", "the box holds 12 Root Tokens and 3 Arbor Vitae "
                                 "(brw.components.list)")
    return AvatarCard(aid, v["kind"], v["name"], v["health"], v["strength"], v["speed"],
                      priorities, v["root_tokens"], v["arbor_vitae"], origin_of(v))


def _command(e: DataEntry, v: dict[str, Any]) -> Command:
    return Command(v["id"], v["name"], v["priority"], tuple(v["effects"]), origin_of(v))


def _spell(e: DataEntry, v: dict[str, Any]) -> Spell:
    return Spell(v["id"], v["name"], v["deck"], v["effect"], v["amount"], v["range"],
                 origin_of(v))


def effect_problem(word: str) -> str:
    """What is wrong with an Event's effect word ('' when it is sound).

    >>> effect_problem("instability:green+grey:1"), effect_problem("damage:owls:2")
    ('', "'damage' applies to mages or evocations, not 'owls'")
    """
    kind, *args = word.split(":")
    if kind not in EVENT_EFFECTS:
        return f"unknown effect {kind!r}; known: {', '.join(EVENT_EFFECTS)}"
    numbers = {"instability": 1, "damage": 1, "power": 1, "lose": 0, "woe": 0, "mercy": 0}
    arity = {"instability": 2, "damage": 2, "power": 2, "lose": 1, "woe": 2, "mercy": 1}
    if kind == "standing":
        if not args or args[0] not in STANDING_EFFECTS:
            return f"a standing effect is one of {', '.join(STANDING_EFFECTS)}"
        want = 2 if args[0] == "colour_power" else 1
        if len(args) != want or (want == 2 and args[1] not in COLOURS):
            return f"standing:{args[0]} takes {'a colour' if want == 2 else 'no word'}"
        return ""
    if len(args) != arity.get(kind, 0):
        return f"{kind!r} takes {arity.get(kind, 0)} word(s) after it"
    if kind in numbers and not all(a.isdigit() and 1 <= int(a) <= 9
                                   for a in args[numbers[kind]:]):
        return f"{kind!r} needs amounts from 1 to 9"
    if kind == "damage" and args[0] not in ("mages", "evocations"):
        return f"'damage' applies to mages or evocations, not {args[0]!r}"
    if kind == "power" and args[0] not in ("mages", "crown"):
        return f"'power' goes to mages or crown, not {args[0]!r}"
    if kind == "instability" and args[0] not in ("black_rose_room", "mage_rooms") and not set(
            args[0].split("+")) <= set(COLOURS):
        return f"Rooms by colour ({', '.join(COLOURS)}), black_rose_room or mage_rooms"
    return ""


def _event(e: DataEntry, v: dict[str, Any]) -> EventCard:
    for i, word in enumerate(v["effects"]):
        found = effect_problem(word)
        if found:
            e.problem(f"effects[{i}]", found)
    return EventCard(v["id"], v["name"], v["moon"], v["reveal_power"], v["discard_power"],
                     v["summary"], tuple(v["effects"]), origin_of(v))


def _evocation(e: DataEntry, v: dict[str, Any]) -> EvocationCard:
    if v["id"] == LEGEND and ((v["speed"], v["strength"], v["health"], v["copies"])
                              != (2, 1, 6, 1) or v["deck"] != "forgotten"):
        e.problem("health", "the Legend's card shows Speed 2, Strength 1, Health 6, one "
                            "Forgotten card (brw.forgotten.gaea_legend)")
    if "_" in v["id"] and v["id"] != LEGEND and v["id"].rsplit("_", 1)[1].isdigit():
        e.problem("id", "an Evocation's id does not end in _<number> (its cards' ids do)")
    return EvocationCard(v["id"], v["name"], v["deck"], v["health"], v["strength"],
                         v["speed"], v["copies"], v["ability"], origin_of(v))


_MAKE: Final[Mapping[str, Callable[[DataEntry, dict[str, Any]], Any]]] = MappingProxyType({
    "rooms": _room, "layouts": _layout, "mages": _mage, "avatar": _avatar,
    "commands": _command, "spells": _spell, "events": _event, "evocations": _evocation,
})


def _build(documents: Sequence[DataDocument], problems: list[str], where: str) -> Components:
    docs = {d.component: d for d in documents}
    context = Context()
    read = {name: read_file(docs[name], _file(name), problems, context)
            for name in COMPONENT_FILES}
    got: dict[str, list[Row]] = {name: read[name].rows["entries"] for name in COMPONENT_FILES}

    def make(name: str, row: Row) -> Any:
        if row.values is None:
            return None
        value = _MAKE[name](row.entry, row.values)
        return value if row.entry.ok else None

    values = {name: [v for v in (make(name, row) for row in got[name]) if v is not None]
              for name in COMPONENT_FILES}

    def whole(component: str, message: str) -> None:
        if read[component].ok:
            problems.append(f"{docs[component].name}: {message}")

    ids = {name: {row.ident for row in got[name]} for name in COMPONENT_FILES}
    if not set(FIXED_ROOMS) <= ids["rooms"]:
        whole("rooms", "the Black Rose Room and the Throne Room are needed (brw.core.layout)")
    rooms: list[RoomCard] = values["rooms"]
    places = max((lay.rooms for lay in values["layouts"]), default=0)
    free = sum(1 for r in rooms if r.box == "core" and not r.fixed)
    if rooms and free < places - len(FIXED_ROOMS):
        whole("rooms", f"{free} core Rooms to draw; the largest layout needs "
                       f"{places - len(FIXED_ROOMS)}")
    if ids["layouts"] != set(range(1, MAX_PLAYERS + 1)):
        whole("layouts", "the rulebook draws a layout for each of 1 to 5 players "
                         "(brw.lodge.layouts)")
    if not {"gaea", "filius"} <= ids["avatar"]:
        whole("avatar", "the Avatar card of Gaea and the Filius card are both needed")
    if len(got["commands"]) != COMMAND_CARDS:
        whole("commands", f"{len(got['commands'])} Command cards; the box holds "
                          f"{COMMAND_CARDS} (brw.components.list)")
    if "natures_fury" not in ids["spells"]:
        whole("spells", "the Forgotten Spell Nature's Fury is needed (brw.forgotten.decks)")
    if not ids["mages"] or len(got["mages"]) < MAX_PLAYERS:
        whole("mages", f"{len(got['mages'])} Mages; five players need {MAX_PLAYERS}")
    moons = {moon for row in got["events"]
             if isinstance(moon := row.entry.raw.get("moon"), int)}  # a bad one is named
    if not {1, 2, 3} <= moons:
        whole("events", "each Moon phase needs its Event deck (brw.core.black_rose_phase)")
    if LEGEND not in ids["evocations"]:
        whole("evocations", "the Forgotten Evocation Gaea (Legend) joins the Evocation deck "
                            "(brw.forgotten.decks)")
    if problems:
        raise InvalidStateError(problems, source=where)
    return Components(
        rooms=tuple(values["rooms"]), layouts=tuple(values["layouts"]),
        mages=tuple(values["mages"]), avatar=tuple(values["avatar"]),
        commands=tuple(values["commands"]), spells=tuple(values["spells"]),
        events=tuple(values["events"]), evocations=tuple(values["evocations"]),
        provenance_notes=tuple((n, str(read[n].values["provenance_note"]))
                               for n in COMPONENT_FILES))
