"""Paths: a Mage's row of Path cards, the marker that advances along its tracks, and the
Points and Penalty boxes at the end of the game.

A row starts with a Path Start card (index 0) and grows to the right; the marker sits on a
:class:`Spot` (a card of the row and one of its Passages).  Tracks run inside a card and
across the touching edges of two cards: an *exit* of a card on a lane continues into the
*entry* of the next card on the same lane.  Two cards match when the exits of the left one
are the entries of the right one.  The cards themselves are data (``data/paths.json``,
authored, ``reconstructed``).

>>> cards = load_paths()
>>> row = start_row("start_1")
>>> row, deck = place(cards, row, ("path_01", "path_05", "path_09"), "path_01",
...                   bottom=("path_09", "path_05"), deck=())
>>> row.cards, deck
(('start_1', 'path_01'), ('path_09', 'path_05'))
>>> next_spots(cards, row)
(Spot(card=1, passage='m1'),)
>>> moved = advance(cards, row, Spot(1, "m1"))
>>> moved.draws_card, moved.effect, moved.row.marker
(True, None, Spot(card=1, passage='m1'))
>>> score(cards, moved.row).points   # not complete: the Penalty box of path_01
-2
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal

from gaia_lab.core.datafiles import DataEntry, read_document, read_text_document
from gaia_lab.core.errors import IllegalActionError, InvalidStateError
from gaia_lab.core.provenance import Origin, origin_of
from gaia_lab.core.schema import (
    Context,
    Field,
    FileSchema,
    Integer,
    ListOf,
    MapOf,
    Record,
    Table,
    Text,
    optional,
    read_file,
)
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.black_rose_wars.parts_rules import rule as _rule

__all__ = [
    "CONDITION_KINDS",
    "EFFECT_KINDS",
    "LANES",
    "Advance",
    "Condition",
    "Happening",
    "PathCard",
    "PathCards",
    "PathEffect",
    "PathRow",
    "PathScore",
    "PathsState",
    "Spot",
    "StartCard",
    "advance",
    "explain_advance",
    "explain_place",
    "keep",
    "load_paths",
    "matches",
    "next_spots",
    "paths_problems",
    "place",
    "score",
    "shuffle_under",
    "start_row",
]

DATA: Final = Path(__file__).resolve().with_name("data") / "paths.json"

LANES: Final = ("top", "middle", "bottom")
"""The lanes a track crosses a card's edge on."""

PassageKind = Literal["start", "empty", "effect", "end"]

CONDITION_KINDS: Final = (
    "gain_power", "defeat_model", "rebuild_room", "activate_room", "cast_spell",
    "suffer_damage", "attack_model", "place_instability", "enter_room",
)
"""What a Mage can do that an Advance Condition asks for (the Lodge reports each as a
:class:`Happening`)."""

EFFECT_KINDS: Final = ("gain_power", "heal", "damage", "place_instability")
"""What a Path card's Effect does, resolved as a triggered Trap of the Mage."""

COLOURS: Final = ("black", "grey", "red", "yellow", "green", "blue", "purple")

START: Final = "start"
"""The Passage id of a Path Start card's Path Start."""


Placing = Literal["setup", "advance", "quest"]
"""Why a Path card is placed: the setup's first card, an advance, a Quest draw."""

_PLACING: Final[Mapping[str, str]] = MappingProxyType({
    "setup": "brw.paths.first_card", "advance": "brw.paths.gain_advance",
    "quest": "brw.paths.gain_quest"})


# -- components ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Condition:
    """An Advance Condition: a kind of happening, and the Room colour it needs if any.

    >>> Condition("activate_room", "green").describe()
    'activate a green Room'
    """

    kind: str
    colour: str = ""

    def describe(self) -> str:
        """The condition in words."""
        words = {
            "gain_power": "gain a Power Point", "defeat_model": "defeat a Model",
            "rebuild_room": "rebuild a Room", "activate_room": "activate a {}Room",
            "cast_spell": "cast a Spell", "suffer_damage": "suffer Damage",
            "attack_model": "attack a Model", "place_instability": "place Instability",
            "enter_room": "enter a {}Room",
        }[self.kind]
        return words.format(f"{self.colour} " if self.colour else "")

    def met_by(self, happening: Happening) -> bool:
        """Whether ``happening`` meets the condition.

        >>> Condition("enter_room", "grey").met_by(Happening("enter_room", "red"))
        False
        >>> Condition("enter_room").met_by(Happening("enter_room", "red"))
        True
        """
        return happening.kind == self.kind and (not self.colour or happening.colour == self.colour)


@dataclass(frozen=True, slots=True)
class Happening:
    """Something a Mage did in the Lodge, as an Advance Condition reads it."""

    kind: str
    colour: str = ""


@dataclass(frozen=True, slots=True)
class PathEffect:
    """A Path card's Effect: a kind and an amount.

    >>> PathEffect("damage", 1).describe()
    'deal 1 Damage to a Model in your Room'
    """

    kind: str
    amount: int

    def describe(self) -> str:
        """The effect in words."""
        return {
            "gain_power": "gain {} Power Points", "heal": "remove {} Damage from yourself",
            "damage": "deal {} Damage to a Model in your Room",
            "place_instability": "place {} Instability in your Room",
        }[self.kind].format(self.amount).replace("1 Power Points", "1 Power Point")


@dataclass(frozen=True, slots=True)
class StartCard:
    """A Path Start card: its Path Start's exits and its Advance Condition."""

    id: str
    name: str
    exits: tuple[tuple[str, str], ...]
    """(lane, passage) for each track leaving the right edge (the passage is the start)."""
    condition: Condition
    origin: Origin

    @property
    def passages(self) -> Mapping[str, PassageKind]:
        return MappingProxyType({START: "start"})

    @property
    def entries(self) -> tuple[tuple[str, str], ...]:
        return ()

    @property
    def tracks(self) -> tuple[tuple[str, str], ...]:
        return ()


@dataclass(frozen=True, slots=True)
class PathCard:
    """A Path card: its Passages, tracks, Advance Condition, Effect, End Point, boxes."""

    id: str
    name: str
    passages: Mapping[str, PassageKind]
    entries: tuple[tuple[str, str], ...]
    """(lane, passage) for each track entering from the left edge."""
    exits: tuple[tuple[str, str], ...]
    """(lane, passage) for each track leaving by the right edge."""
    tracks: tuple[tuple[str, str], ...]
    """Tracks inside the card, from a Passage to the next."""
    condition: Condition
    effect: PathEffect
    end_power: int
    """Power Points the Avatar gains when a marker reaches this card's End Point."""
    points: int
    """The Points box (scored by a Complete Path)."""
    penalty: int
    """The Penalty box (lost by an Incomplete Path)."""
    origin: Origin


AnyCard = StartCard | PathCard


@dataclass(frozen=True, slots=True)
class PathCards:
    """The Path Start cards and the Path cards, by id."""

    starts: Mapping[str, StartCard]
    cards: Mapping[str, PathCard]

    def card(self, card_id: str) -> AnyCard:
        """A start card or a Path card by id (KeyError naming the known ids)."""
        found = self.starts.get(card_id) or self.cards.get(card_id)
        if found is None:
            raise KeyError(f"no Path card {card_id!r}")
        return found

    def __repr__(self) -> str:
        return f"<PathCards: {len(self.starts)} start cards, {len(self.cards)} Path cards>"


# -- a Mage's row ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a Path marker stands: a card of the row (0 = the start card) and a Passage."""

    card: int
    passage: str


@dataclass(frozen=True, slots=True)
class PathRow:
    """One Mage's Path: the start card, the Path cards to its right, the marker."""

    start: str
    cards: tuple[str, ...] = ()
    """The start card first, then the Path cards from left to right."""
    marker: Spot = Spot(0, START)
    complete: bool = False
    """The marker reached an End Point: a Complete Path."""

    @property
    def last(self) -> str:
        """The rightmost card."""
        return self.cards[-1]


def start_row(start_id: str) -> PathRow:
    """A row of one start card, the marker on its Path Start.

    >>> start_row("start_2")
    PathRow(start='start_2', cards=('start_2',), marker=Spot(card=0, passage='start'), \
complete=False)
    """
    return PathRow(start_id, (start_id,))


def matches(cards: PathCards, left: str, right: str) -> bool:
    """Whether Path card ``right`` may be placed right of ``left``: the exits of the left
    card are the entries of the right one, lane for lane.

    >>> c = load_paths()
    >>> matches(c, "start_1", "path_01"), matches(c, "start_1", "path_03")
    (True, False)
    """
    placed = cards.cards.get(right)
    return placed is not None and {lane for lane, _ in cards.card(left).exits} == {
        lane for lane, _ in placed.entries}


def explain_place(cards: PathCards, row: PathRow, offer: Sequence[str], chosen: str,
                  *, how: Placing = "setup") -> Verdict:
    """Whether the Mage may keep ``chosen`` of the three drawn ``offer`` cards.

    >>> c = load_paths()
    >>> print(explain_place(c, start_row("start_1"), ("path_03", "path_01"), "path_03"))
    not legal now: The tracks of path_03 (entries bottom, top) do not match \
the exits of start_1 (middle). [Paths]
    """
    rule = _rule(_PLACING[how])
    if row.complete:
        return Verdict.illegal("paths.complete", "The Path is complete: the Mage gains no "
                               "more Path cards.", _rule("brw.paths.end_point_locked"))
    if chosen not in offer:
        return Verdict.illegal("paths.not_offered", f"{chosen} is not among the cards drawn "
                               f"({', '.join(offer) or 'none'}).", rule)
    if not matches(cards, row.last, chosen):
        entries = ", ".join(sorted(lane for lane, _ in cards.card(chosen).entries))
        exits = ", ".join(sorted(lane for lane, _ in cards.card(row.last).exits))
        return Verdict.illegal("paths.no_match", f"The tracks of {chosen} (entries {entries}) "
                               f"do not match the exits of {row.last} ({exits}).",
                               rule)
    return Verdict.ok(rule, f"{chosen} goes right of {row.last}.")


def keep(cards: PathCards, row: PathRow, offer: Sequence[str], chosen: str | None,
         *, how: Placing = "setup") -> tuple[PathRow, tuple[str, ...]]:
    """Keep ``chosen`` of the drawn ``offer`` at the right of the row; the cards not kept.
    ``chosen`` None keeps nothing, allowed only when no drawn card matches (engine
    ruling).  IllegalActionError otherwise.

    >>> c = load_paths()
    >>> keep(c, start_row("start_1"), ("path_03", "path_01"), "path_01")[1]
    ('path_03',)
    """
    if chosen is None:
        fitting = [card for card in offer if matches(cards, row.last, card)]
        if fitting and not row.complete:
            raise IllegalActionError(Verdict.illegal(
                "paths.must_keep", f"{', '.join(fitting)} matches {row.last}: the Mage keeps "
                "one of the drawn cards.", _rule("brw.paths.no_match")))
        return row, tuple(offer)
    verdict = explain_place(cards, row, offer, chosen, how=how)
    if not verdict:
        raise IllegalActionError(verdict)
    return (evolve(row, cards=row.cards + (chosen,)),
            tuple(card for card in offer if card != chosen))


def place(cards: PathCards, row: PathRow, offer: Sequence[str], chosen: str | None,
          *, bottom: Sequence[str], deck: Sequence[str], how: Placing = "setup"
          ) -> tuple[PathRow, tuple[str, ...]]:
    """:func:`keep`, then the cards not kept go under ``deck`` in the shuffled order
    ``bottom``.  IllegalActionError when either is not allowed.

    >>> c = load_paths()
    >>> place(c, start_row("start_1"), ("path_03",), None, bottom=("path_03",), deck=())[1]
    ('path_03',)
    """
    placed, rest = keep(cards, row, offer, chosen, how=how)
    if sorted(bottom) != sorted(rest):
        raise IllegalActionError(Verdict.illegal(
            "paths.bottom", f"The cards put under the deck must be {', '.join(sorted(rest))}, "
            f"not {', '.join(bottom) or 'none'}.", _rule(_PLACING[how])))
    return placed, tuple(deck) + tuple(bottom)


def shuffle_under(rest: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """The cards not chosen in the order a shuffle puts them under the deck."""
    out = list(rest)
    rng.shuffle(out)
    return tuple(out)


# -- advancing ------------------------------------------------------------------------------


def next_spots(cards: PathCards, row: PathRow) -> tuple[Spot, ...]:
    """The Passages joined to the marker's by a continuous track, in card order (none once
    the Path is complete).

    >>> c = load_paths()
    >>> row = PathRow("start_1", ("start_1", "path_01", "path_02"), Spot(1, "m1"))
    >>> next_spots(c, row)
    (Spot(card=1, passage='m2'), Spot(card=1, passage='t2'))
    """
    if row.complete:
        return ()
    at = row.marker
    card = cards.card(row.cards[at.card])
    out = [Spot(at.card, to) for start, to in card.tracks if start == at.passage]
    if at.card + 1 < len(row.cards):
        following = dict(cards.card(row.cards[at.card + 1]).entries)
        out += [Spot(at.card + 1, following[lane]) for lane, passage in card.exits
                if passage == at.passage and lane in following]
    return tuple(dict.fromkeys(out))


def kind_at(cards: PathCards, row: PathRow, spot: Spot) -> PassageKind:
    """The kind of the Passage at ``spot``."""
    return cards.card(row.cards[spot.card]).passages[spot.passage]


def condition(cards: PathCards, row: PathRow) -> Condition:
    """The Advance Condition of the card the marker is on."""
    return cards.card(row.cards[row.marker.card]).condition


@dataclass(frozen=True, slots=True)
class Advance:
    """What moving the marker did: the new row and what follows from it."""

    row: PathRow
    draws_card: bool
    """The marker entered another card, not on an End Point: draw three, keep one."""
    effect: PathEffect | None
    """The Effect the Mage may resolve (an Effect Passage), as a triggered Trap."""
    avatar_power: int
    """Power Points the Avatar gains (an End Point)."""


def explain_advance(cards: PathCards, row: PathRow, to: Spot,
                    happening: Happening | None = None) -> Verdict:
    """Whether the marker may move to ``to`` (after ``happening``, when given).

    >>> c = load_paths()
    >>> row = start_row("start_1")
    >>> print(explain_advance(c, row, Spot(0, "start"), Happening("gain_power")))
    not legal now: Passage 0:start is not joined to the marker (on 0:start) by a \
continuous track; the next Passages are none. [Using Paths]
    >>> print(explain_advance(c, row, Spot(1, "m1"), Happening("defeat_model")))
    not legal now: Defeating a Model does not meet the Advance Condition of \
start_1 (gain a Power Point). [Path Start Card Anatomy]
    """
    rule = _rule("brw.paths.advance")
    if row.complete:
        return Verdict.illegal("paths.complete", "The Path is complete: the marker no longer "
                               "advances.", _rule("brw.paths.end_point_locked"))
    here = row.cards[row.marker.card]
    wanted = cards.card(here).condition
    if happening is not None and not wanted.met_by(happening):
        did = Condition(happening.kind, happening.colour).describe()
        return Verdict.illegal("paths.condition", f"{_gerund(did)} does not meet the Advance "
                               f"Condition of {here} ({wanted.describe()}).",
                               _rule("brw.paths.start_condition") if here in cards.starts
                               else rule)
    nexts = next_spots(cards, row)
    if to not in nexts:
        return Verdict.illegal(
            "paths.not_next", f"Passage {to.card}:{to.passage} is not joined to the marker "
            f"(on {row.marker.card}:{row.marker.passage}) by a continuous track; the next "
            f"Passages are {', '.join(f'{s.card}:{s.passage}' for s in nexts) or 'none'}.", rule)
    return Verdict.ok(rule, f"The marker moves to {to.card}:{to.passage}.")


def _gerund(phrase: str) -> str:
    verb, _, rest = phrase.partition(" ")
    ing = {"gain": "Gaining", "defeat": "Defeating", "rebuild": "Rebuilding",
           "activate": "Activating", "cast": "Casting", "suffer": "Suffering",
           "attack": "Attacking", "place": "Placing", "enter": "Entering"}
    return f"{ing[verb]} {rest}"


def advance(cards: PathCards, row: PathRow, to: Spot,
            happening: Happening | None = None) -> Advance:
    """Move the marker to ``to`` (IllegalActionError when it may not).

    >>> c = load_paths()
    >>> row = PathRow("start_1", ("start_1", "path_01", "path_02"), Spot(2, "m1"))
    >>> done = advance(c, row, Spot(2, "m2"))
    >>> done.row.complete, done.avatar_power, done.draws_card
    (True, 2, False)
    """
    verdict = explain_advance(cards, row, to, happening)
    if not verdict:
        raise IllegalActionError(verdict)
    kind = kind_at(cards, row, to)
    moved = evolve(row, marker=to, complete=kind == "end")
    card = cards.card(row.cards[to.card])
    return Advance(
        moved, draws_card=to.card != row.marker.card and kind != "end",
        effect=card.effect if kind == "effect" and isinstance(card, PathCard) else None,
        avatar_power=card.end_power if kind == "end" and isinstance(card, PathCard) else 0)


def explain_quest_swap(row: PathRow, deck: Sequence[str]) -> Verdict:
    """Whether a Mage who would draw a Quest may draw three Path cards instead.

    >>> print(explain_quest_swap(start_row("start_1"), ()))
    not legal now: The Path deck is empty. [Gaining a Path Card]
    """
    rule = _rule("brw.paths.gain_quest")
    if row.complete:
        return Verdict.illegal("paths.complete", "The Path is complete: the Mage gains no "
                               "more Path cards.", _rule("brw.paths.end_point_locked"))
    if not deck:
        return Verdict.illegal("paths.deck_empty", "The Path deck is empty.", rule)
    return Verdict.ok(rule, "The Mage draws Path cards instead of a Quest.")


def draw(deck: Sequence[str], count: int = 3) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The top ``count`` cards (fewer when the deck runs out) and the deck left.

    >>> draw(("a", "b", "c", "d"))
    (('a', 'b', 'c'), ('d',))
    """
    return tuple(deck[:count]), tuple(deck[count:])


# -- end of the game ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PathScore:
    """The Power Points a Path adds at the end of the game, and the boxes summed."""

    complete: bool
    points: int
    boxes: tuple[tuple[str, int], ...]
    """(card, value) of each box counted (Points boxes, or Penalty boxes as negatives)."""

    def describe(self) -> str:
        """The score in words.

        >>> PathScore(True, 2, (("path_01", 1), ("path_02", 1))).describe()
        'Complete Path: +2 Power Points (path_01 1, path_02 1)'
        """
        what = "Complete Path" if self.complete else "Incomplete Path"
        parts = ", ".join(f"{card} {value}" for card, value in self.boxes)
        return f"{what}: {self.points:+d} Power Points ({parts})"


def score(cards: PathCards, row: PathRow) -> PathScore:
    """The end-of-game Power Points of a row: with a Complete Path, the Points boxes of
    the marker's card and every card left of it; otherwise minus the Penalty boxes of all
    the Path cards.

    >>> c = load_paths()
    >>> score(c, PathRow("start_1", ("start_1", "path_01", "path_02", "path_03"),
    ...                  Spot(2, "b2"))).describe()
    'Incomplete Path: -6 Power Points (path_01 -2, path_02 -2, path_03 -2)'
    """
    placed = [cards.cards[c] for c in row.cards[1:]]
    if row.complete:
        boxes = tuple((c.id, c.points) for c in placed[: row.marker.card])
    else:
        boxes = tuple((c.id, -c.penalty) for c in placed)
    return PathScore(row.complete, sum(v for _, v in boxes), boxes)


# -- the data file --------------------------------------------------------------------------

_LANE_MAP = MapOf(Text(), LANES)
_CONDITION = Record({"kind": Field(Text(choices=CONDITION_KINDS)),
                     "colour": optional(Text(choices=COLOURS), "")})
_COMMON = {"id": Field(Text()), "name": Field(Text()), "exits": Field(_LANE_MAP),
           "condition": Field(_CONDITION)}
_SCHEMA: Final = FileSchema(
    (Table(Record(_COMMON, origin=True), section="start_cards", min_entries=6),
     Table(Record({
         **_COMMON, "entries": Field(_LANE_MAP),
         "passages": Field(MapOf(Text(choices=("empty", "effect", "end")))),
         "tracks": Field(ListOf(ListOf(Text(), 2, 2))),
         "effect": Field(Record({"kind": Field(Text(choices=EFFECT_KINDS)),
                                 "amount": Field(Integer(1, 5))})),
         "end_power": Field(Integer(0, 9)), "points": Field(Integer(0, 9)),
         "penalty": Field(Integer(0, 9))}, origin=True), section="cards", min_entries=24)),
    {"component": Field(Text(choices=("paths",))), "provenance_note": optional(Text(), "")},
    what='{"component": "paths", "start_cards": [...], "cards": [...]}')


def _lanes(e: DataEntry, name: str, lanes: Mapping[str, str], passages: Mapping[str, str]
           ) -> tuple[tuple[str, str], ...]:
    for lane, passage in lanes.items():
        if passage not in passages:
            e.problem(name, f"lane {lane} leads to {passage!r}, which is no Passage of the card")
    return tuple(sorted(lanes.items(), key=lambda item: LANES.index(item[0])))


def _start(e: DataEntry, v: dict[str, Any]) -> StartCard:
    exits = _lanes(e, "exits", v["exits"], {START: "start"})
    if not exits:
        e.problem("exits", "a Path Start card has at least one track to the right")
    if Condition(**v["condition"]) != Condition("gain_power"):
        e.problem("condition", "a Path Start card's Advance Condition is its printed line, "
                               "gaining a Power Point (brw.paths.start_condition)")
    return StartCard(v["id"], v["name"], exits, Condition(**v["condition"]), origin_of(v))


def _card(e: DataEntry, v: dict[str, Any]) -> PathCard:
    passages: dict[str, PassageKind] = dict(v["passages"])
    tracks = tuple((a, b) for a, b in v["tracks"])
    for a, b in tracks:
        for end in (a, b):
            if end not in passages:
                e.problem("tracks", f"{end!r} is no Passage of the card")
    entries = _lanes(e, "entries", v["entries"], passages)
    exits = _lanes(e, "exits", v["exits"], passages)
    if not entries:
        e.problem("entries", "a Path card has at least one track from the left")
    ends = [p for p, kind in passages.items() if kind == "end"]
    if len(ends) != 1:
        e.problem("passages", f"{len(ends)} End Points; a Path card has one")
    for end in ends:
        if any(a == end for a, _ in tracks) or end in dict(exits).values():
            e.problem("passages", f"End Point {end!r} has a track leaving it")
    reached = {p for _, p in entries}
    while True:
        more = {b for a, b in tracks if a in reached} - reached
        if not more:
            break
        reached |= more
    if set(passages) - reached:
        e.problem("tracks", f"no track reaches {', '.join(sorted(set(passages) - reached))}")
    return PathCard(v["id"], v["name"], MappingProxyType(passages), entries, exits, tracks,
                    Condition(**v["condition"]), PathEffect(**v["effect"]), v["end_power"],
                    v["points"], v["penalty"], origin_of(v))


def paths_from_text(text: str) -> PathCards:
    """The Path cards of a ``paths.json`` text; InvalidStateError lists every problem.

    >>> paths_from_text('{"component": "paths", "start_cards": [], "cards": []}')
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: paths.json: 2 problems:
      - paths.json:1: field 'start_cards': 0 entries; at least 6 required
      - paths.json:1: field 'cards': 0 entries; at least 24 required
    """
    problems: list[str] = []
    return _build(read_text_document(text, "paths", problems), problems)


def _build(doc: Any, problems: list[str]) -> PathCards:
    got = read_file(doc, _SCHEMA, problems, Context())
    starts = {row.ident: _start(row.entry, row.values) for row in got.rows["start_cards"]
              if row.values is not None}
    cards = {row.ident: _card(row.entry, row.values) for row in got.rows["cards"]
             if row.values is not None}
    if set(starts) & set(cards):
        problems.append(f"paths.json: ids used by both a start card and a Path card: "
                        f"{', '.join(sorted(map(str, set(starts) & set(cards))))}")
    if problems:
        raise InvalidStateError(problems, source=doc.name)
    return PathCards(MappingProxyType({str(k): s for k, s in starts.items()}),
                     MappingProxyType({str(k): c for k, c in cards.items()}))


def load_paths(path: str | Path | None = None) -> PathCards:
    """The Path cards of ``data/paths.json`` (cached), or of another ``paths.json`` file.

    >>> load_paths()
    <PathCards: 6 start cards, 24 Path cards>
    """
    return _default() if path is None else _read(Path(path))


@functools.lru_cache(maxsize=1)
def _default() -> PathCards:
    return _read(DATA)


def _read(path: Path) -> PathCards:
    problems: list[str] = []
    return _build(read_document(path, "paths", problems), problems)


# -- the Paths of a game --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PathsState:
    """The Path deck (top first), each seat's row, and the cards drawn awaiting a choice."""

    deck: tuple[str, ...] = ()
    rows: tuple[PathRow, ...] = ()
    offer: tuple[str, ...] = ()


def paths_problems(cards: PathCards, paths: PathsState, players: int) -> list[str]:
    """What is wrong with the Paths of a game (empty when they are sound): one row per
    seat, each Path card once in the deck, the offer or a row, matching neighbours, the
    marker on a Passage of its row, complete exactly on an End Point.

    >>> paths_problems(load_paths(), PathsState(rows=(PathRow("start_1", ("start_1",)),)), 1)
    ['paths: 0 Path cards in the deck, the offer and the rows, not each of the 24 once']
    """
    out: list[str] = []
    if paths.rows and len(paths.rows) != players:
        out.append(f"paths.rows: {len(paths.rows)} rows for {players} Mages")
    placed = [c for row in paths.rows for c in row.cards[1:]]
    held = [*paths.deck, *paths.offer, *placed]
    if sorted(held) != sorted(cards.cards):
        out.append(f"paths: {len(held)} Path cards in the deck, the offer and the rows, not "
                   f"each of the {len(cards.cards)} once")
    starts = [row.start for row in paths.rows]
    if len(set(starts)) != len(starts) or not set(starts) <= set(cards.starts):
        out.append("paths.rows: each Mage's own Path Start card")
    for i, row in enumerate(paths.rows):
        at = f"paths.rows[{i}]"
        if not row.cards or row.cards[0] != row.start or not set(row.cards[1:]) <= set(
                cards.cards):
            out.append(f"{at}: the start card first, then Path cards")
            continue
        if any(not matches(cards, a, b) for a, b in zip(row.cards, row.cards[1:],
                                                        strict=False)):
            out.append(f"{at}: neighbouring cards whose tracks do not match")
        spot = row.marker
        if not 0 <= spot.card < len(row.cards) or spot.passage not in cards.card(
                row.cards[spot.card]).passages:
            out.append(f"{at}.marker: no Passage {spot.card}:{spot.passage} in the row")
        elif (kind_at(cards, row, spot) == "end") != row.complete:
            out.append(f"{at}.complete: a Path is complete exactly when its marker is on an "
                       "End Point")
    return out
