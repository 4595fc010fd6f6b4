"""The Legendary Scenario Stop the Threat: its setup changes and its three rules.

Setup: the Emerald Rose Room takes the Black Rose Room's place and the Thorny Clearing,
Life Fountain and Indoor Forest replace the Forge, Garden and Treasure Room
(:func:`swap_rooms`, by the ``replaces`` field of the Room data); the Second Moon, Third
Moon and Black Rose cubes go on slots 5, 21 and 28 (:func:`with_moon_cubes`); Gaea's
setup and the Path deck follow; the scenario card of each Moon phase is that phase's first
Event (:func:`stack_events`, :func:`resolve_card`).  Rules: False Idols (no Avatar
Trophy for defeating Gaea), Toll (an Avatar Trophy for removing a Root Token) and the
Honorable Mention (3 Power Points to the one Mage with the most Trophies).

The scenario is played exactly when the Emerald Rose Room is in the Lodge
(:func:`is_legendary`); the Room the Black Rose's rules name is then the Emerald Rose
Room (:func:`rose_room`).

>>> swaps = {"black_rose_room": "emerald_rose_room", "forge": "thorny_clearing"}
>>> swap_rooms(("black_rose_room", "throne_room"), ("crypt", "forge"), swaps)
(('emerald_rose_room', 'throne_room'), ('crypt', 'thorny_clearing'))
>>> [c.id for c in load_scenario_cards()]
['stop_the_threat_1', 'stop_the_threat_2', 'stop_the_threat_3']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol

from gaia_lab.core.datafiles import DataEntry, read_document, read_text_document
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.events import Event
from gaia_lab.core.provenance import Origin, origin_of
from gaia_lab.core.schema import (
    Context,
    Field,
    FileSchema,
    Integer,
    ListOf,
    Record,
    Table,
    Text,
    optional,
    read_file,
)
from gaia_lab.core.values import evolve
from gaia_lab.games.black_rose_wars.parts_rules import rule
from gaia_lab.games.black_rose_wars.state import AVATAR, BRWState, mage_id

__all__ = [
    "EMERALD_ROSE_ROOM",
    "HONORABLE_MENTION",
    "MOON_CUBES",
    "ScenarioCard",
    "avatar_trophy_for_defeat",
    "honorable_mention",
    "is_legendary",
    "load_scenario_cards",
    "resolve_card",
    "root_rooms",
    "rose_room",
    "stack_events",
    "swap_rooms",
    "toll",
    "with_honorable_mention",
    "with_moon_cubes",
]

DATA: Final = Path(__file__).resolve().with_name("data") / "legendary.json"
EMERALD_ROSE_ROOM: Final = "emerald_rose_room"
BLACK_ROSE_ROOM: Final = "black_rose_room"
MOON_CUBES: Final = (5, 21, 28)
"""The slots of the Second Moon, Third Moon and Black Rose cubes (brw.legendary.moon_cubes)."""
HONORABLE_MENTION: Final = 3
"""Power Points of the Honorable Mention (brw.legendary.honorable_mention)."""
CARD_EFFECTS: Final = ("root_tokens", "avatar_power_per_arbor", "avatar_heal", "avatar_to_rose")
"""What a scenario card does: Gaea places up to ``amount`` Root Tokens; Gaea gains
``amount`` Power Points per Arbor Vitae; Gaea loses up to ``amount`` Damage; Gaea goes to
the Emerald Rose Room."""


class _Replacing(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def replaces(self) -> str: ...


def replacements(rooms: Iterable[_Replacing]) -> dict[str, str]:
    """The Room each scenario Room replaces, as replaced id -> scenario id.

    >>> from types import SimpleNamespace as Card
    >>> replacements([Card(id="life_fountain", replaces="garden"), Card(id="crypt", replaces="")])
    {'garden': 'life_fountain'}
    """
    return {r.replaces: r.id for r in rooms if r.replaces}


def swap_rooms(fixed: Sequence[str], pool: Sequence[str], swaps: Mapping[str, str]
               ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fixed Rooms and the pool drawn from, each replaced Room swapped for its
    scenario Room (brw.legendary.rooms)."""
    return (tuple(swaps.get(r, r) for r in fixed), tuple(swaps.get(r, r) for r in pool))


def is_legendary(state: BRWState) -> bool:
    """Whether the state plays Stop the Threat (the Emerald Rose Room is in the Lodge)."""
    return state.has_room(EMERALD_ROSE_ROOM)


def rose_room(state: BRWState) -> str:
    """The Room the Black Rose's rules name: the Emerald Rose Room in the scenario."""
    return EMERALD_ROSE_ROOM if is_legendary(state) else BLACK_ROSE_ROOM


def with_moon_cubes(state: BRWState) -> BRWState:
    """The Power board with the scenario's cubes on slots 5, 21 and 28.

    >>> from gaia_lab.games.black_rose_wars.state import Mage, Model
    >>> s = BRWState(players=1, mages=(Mage("Talia", Model("cell1", 2, 2, 11)),))
    >>> b = with_moon_cubes(s).power_board
    >>> b.second_moon, b.third_moon, b.black_rose_cube
    (5, 21, 28)
    """
    second, third, rose = MOON_CUBES
    return evolve(state, power_board=evolve(state.power_board, second_moon=second,
                                            third_moon=third, black_rose_cube=rose))


# -- the scenario cards -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScenarioCard:
    """A Legendary Scenario card: its Moon phase and its effects in order."""

    id: str
    moon: int
    name: str
    effects: tuple[tuple[str, int], ...]
    origin: Origin


def stack_events(decks: Sequence[Sequence[str]], cards: Sequence[ScenarioCard]
                 ) -> tuple[tuple[str, ...], ...]:
    """The three Event decks (top first) with each Moon's scenario card on top
    (brw.legendary.event_cards).

    >>> stack_events((("a", "b"), ("c",), ()), load_scenario_cards())[0]
    ('stop_the_threat_1', 'a', 'b')
    """
    if len(decks) != 3:
        raise InvalidStateError(f"{len(decks)} Event decks; there is one per Moon phase (3)",
                                "legendary")
    top = {c.moon: c.id for c in cards}
    return tuple(((top[m],) if m in top else ()) + tuple(deck)
                 for m, deck in enumerate(decks, start=1))


def card_of_moon(moon: int, cards: Sequence[ScenarioCard] | None = None) -> ScenarioCard:
    """The scenario card of Moon phase ``moon``."""
    for card in load_scenario_cards() if cards is None else cards:
        if card.moon == moon:
            return card
    raise KeyError(f"no Stop the Threat card for Moon phase {moon}")


def root_rooms(state: BRWState, amount: int) -> tuple[str, ...]:
    """The Rooms a scenario card's Root Tokens go to: Rooms without one, the most
    Instability first and then in layout order, at most ``amount`` and no more than the
    pool holds (brw.root.no_place).

    >>> from gaia_lab.games.black_rose_wars.state import Mage, Model, Room, RootToken
    >>> s = BRWState(players=1, mages=(Mage("Talia", Model("cell1", 2, 2, 11)),),
    ...              rooms=(Room("emerald_rose_room", 0, 0, 10), Room("crypt", 1, 0, 6,
    ...                     slots=("mage1",)), Room("forge", 0, 1, 4, root=RootToken())))
    >>> root_rooms(s, 3)
    ('crypt', 'emerald_rose_room')
    """
    order = {r.id: i for i, r in enumerate(state.rooms)}
    free = sorted((r for r in state.rooms if r.root is None),
                  key=lambda r: (-r.instability, order[r.id]))
    return tuple(r.id for r in free[: min(amount, state.avatar.root_pool)])


def resolve_card(state: BRWState, card: ScenarioCard,
                 place_root: Callable[[BRWState, str], BRWState]
                 ) -> tuple[BRWState, tuple[Event, ...]]:
    """Resolve a scenario card as its Moon phase's first Event; ``place_root`` places a
    Root Token in a Room by the game's rules (brw.root.*).

    >>> from gaia_lab.games.black_rose_wars.state import Mage, Model, Room
    >>> s = BRWState(players=1, mages=(Mage("Talia", Model("cell1", 2, 2, 11)),),
    ...              rooms=(Room("emerald_rose_room", 0, 0, 10),), arbor_vitae=("crypt",))
    >>> s, events = resolve_card(s, card_of_moon(2), lambda s, r: s)
    >>> s.avatar.power, str(events[0])
    (2, 'Stop the Threat: The Titan Feeds: Gaea gains 2 Power Points (2 per Arbor Vitae).')
    """
    events: list[Event] = []
    cite = rule("brw.legendary.event_cards")
    for kind, amount in card.effects:
        if kind == "root_tokens":
            chosen = root_rooms(state, amount)
            for rid in chosen:
                state = place_root(state, rid)
            where = ", ".join(chosen) or "no Room (none free or the pool empty)"
            events.append(Event("legendary.roots", f"{card.name}: Gaea places a Root Token in "
                                f"{where}.", rule("brw.root.no_place"), "rules"))
        elif kind == "avatar_power_per_arbor":
            gain = amount * len(state.arbor_vitae)
            state = state.with_avatar(power=state.avatar.power + gain)
            events.append(Event("legendary.power", f"{card.name}: Gaea gains {gain} Power "
                                f"Points ({amount} per Arbor Vitae).", cite, "rules",
                                ((f"{AVATAR}.power", gain),)))
        elif kind == "avatar_heal":
            model = state.avatar.model
            healed = min(amount, model.damage)
            state = state.with_avatar(model=model.healed(healed))
            events.append(Event("legendary.heal", f"{card.name}: Gaea loses {healed} Damage.",
                                cite, "rules"))
        else:
            rose = rose_room(state)
            state = state.with_avatar(model=state.avatar.model.at(rose))
            events.append(Event("legendary.rose", f"{card.name}: Gaea goes to {rose}.", cite,
                                "rules"))
    return state, tuple(events)


# -- the scenario rules ---------------------------------------------------------------------


def avatar_trophy_for_defeat(state: BRWState) -> bool:
    """Whether a Mage who defeats Gaea gains an Avatar Trophy token: not in the scenario
    (False Idols, brw.legendary.false_idols)."""
    return not is_legendary(state)


def toll(state: BRWState, seat: int) -> tuple[BRWState, tuple[Event, ...]]:
    """A Mage removed a Root Token: in the scenario they gain an Avatar Trophy token
    (Toll, brw.legendary.toll); otherwise nothing changes."""
    if not is_legendary(state):
        return state, ()
    mage = state.mage(seat)
    state = state.with_mage(seat, evolve(mage, trophies=(*mage.trophies, "avatar")))
    return state, (Event("legendary.toll", f"{mage.name} removed a Root Token and gains an "
                         "Avatar Trophy token (Toll).", rule("brw.legendary.toll"), seat,
                         ((f"{mage_id(seat)}.trophies", 1),)),)


def honorable_mention(state: BRWState) -> int | None:
    """The seat of the one Mage with the most Trophy tokens, None on a tie (or when no
    Mage has any: no Mage has more than the others).

    >>> from gaia_lab.games.black_rose_wars.state import Mage, Model
    >>> m = Model("cell1", 2, 2, 11)
    >>> honorable_mention(BRWState(players=2, mages=(Mage("A", m, trophies=("mage",)),
    ...                                              Mage("B", m))))
    0
    >>> honorable_mention(BRWState(players=2, mages=(Mage("A", m, trophies=("mage",)),
    ...                                              Mage("B", m, trophies=("avatar",)))))
    """
    counts = [len(m.trophies) for m in state.mages]
    best = max(counts)
    return counts.index(best) if best and counts.count(best) == 1 else None


def with_honorable_mention(state: BRWState) -> tuple[BRWState, tuple[Event, ...]]:
    """At the end of the game the Honorable Mention's Power Points, in the scenario."""
    cite = rule("brw.legendary.honorable_mention")
    if not is_legendary(state):
        return state, ()
    seat = honorable_mention(state)
    if seat is None:
        return state, (Event("legendary.mention", "Honorable Mention: the most Trophies are "
                             "tied (or none), so no Mage gains Power Points.", cite, "rules"),)
    mage = state.mage(seat)
    state = state.with_mage(seat, evolve(mage, power=mage.power + HONORABLE_MENTION))
    return state, (Event("legendary.mention", f"Honorable Mention: {mage.name} has the most "
                         f"Trophies ({len(mage.trophies)}) and gains {HONORABLE_MENTION} Power "
                         "Points.", cite, "rules", ((f"{mage_id(seat)}.power", 3),)),)


# -- the data file --------------------------------------------------------------------------

_SCHEMA: Final = FileSchema(
    (Table(Record({
        "id": Field(Text()), "moon": Field(Integer(1, 3)), "name": Field(Text()),
        "effects": Field(ListOf(Record({"kind": Field(Text(choices=CARD_EFFECTS)),
                                        "amount": Field(Integer(1, 12))}), 1))},
        origin=True), section="cards", min_entries=3),),
    {"component": Field(Text(choices=("legendary",))), "provenance_note": optional(Text(), "")},
    what='{"component": "legendary", "cards": [...]}')


def _card(e: DataEntry, v: dict[str, Any]) -> ScenarioCard:
    return ScenarioCard(v["id"], v["moon"], v["name"],
                        tuple((x["kind"], x["amount"]) for x in v["effects"]), origin_of(v))


def _build(doc: Any, problems: list[str]) -> tuple[ScenarioCard, ...]:
    got = read_file(doc, _SCHEMA, problems, Context())
    cards = tuple(_card(row.entry, row.values) for row in got.rows["cards"]
                  if row.values is not None)
    moons = sorted(c.moon for c in cards)
    if got.ok and moons != [1, 2, 3]:
        problems.append(f"legendary.json: the cards' Moon phases are {moons}; there is one "
                        "Stop the Threat card per Moon phase (brw.legendary.event_cards)")
    if problems:
        raise InvalidStateError(problems, source=doc.name)
    return cards


def scenario_cards_from_text(text: str) -> tuple[ScenarioCard, ...]:
    """The scenario cards of a ``legendary.json`` text; InvalidStateError lists every
    problem.

    >>> scenario_cards_from_text('{"component": "legendary", "cards": [{"id": "x", '
    ...     '"moon": 1, "name": "X", "effects": [{"kind": "fly", "amount": 1}], '
    ...     '"provenance": "reconstructed"}]}')
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: legendary.json: legendary.json:1: field 'cards': \
1 entries; at least 3 required
    """
    problems: list[str] = []
    return _build(read_text_document(text, "legendary", problems), problems)


def load_scenario_cards(path: str | Path | None = None) -> tuple[ScenarioCard, ...]:
    """The three Stop the Threat cards of ``data/legendary.json`` (cached), or of another
    file."""
    return _default() if path is None else _read(Path(path))


@functools.lru_cache(maxsize=1)
def _default() -> tuple[ScenarioCard, ...]:
    return _read(DATA)


def _read(path: Path) -> tuple[ScenarioCard, ...]:
    problems: list[str] = []
    return _build(read_document(path, "legendary", problems), problems)
