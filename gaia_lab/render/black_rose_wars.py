"""The Black Rose Wars: Gaea Reborn table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a position: a header (round, phase, Moon, what is pending), the Lodge
(each Room a hex in its colour, its Instability slots filled by owner, its Root Token to
the left of the slots with its two slots, the models standing there, its Arbor Vitae; the
Cells beside the Rooms they open onto), the Power board (every Power marker and the three
cubes), the Event board (the Event in force and whether it stands until the next one, the
Events left in each Moon's deck) with the Evocation deck and where the Legend is, Gaea's
Avatar board with the Servant slot, one panel per Mage and the last choice Gaea or Filius
made with its decision trace.  The drawing is a pure function of the state.

A model's marker carries its letters: a circle for a Mage (``M1``..), Gaea (``G``) and
Filius (``F``), a square in its owner's colour for a summoned Evocation (its first two
letters, ``Ni`` for Nigredo) and a gold-edged diamond for the Forgotten Evocation Gaea
(Legend, ``L``).  Every Damage is drawn in the colour of who dealt it: a box per point of
Health, oldest first, in the panels of the Mages, of Gaea and Filius and of each
Evocation (under its owner, with Talia's personal spells gained); the tooltips say who
dealt it and who a defeat would pay.

The Lodge fills the width a column of panels leaves (its Rooms grow with it, see
:func:`hex_size`); once that column is longer than the Lodge the next panel goes in the
shorter of it and the space under the Lodge.  Every text is at least :data:`TEXT` px at
the width asked for, and is wrapped, never cut (a list of spells only between two spells).
A Room shows its name and its slots; its Instability count and side are in its title
(tooltip).  Its models and Arbor Vitae stand in rows under the slots, inside the hexagon:
as a Room fills, the markers shrink (to :data:`MARKER_MIN`, their letters still
:data:`TEXT` px) and the name and slots move up; past that the Room shows its first models
(the Mages first) and a ``+N`` marker whose tooltip names the rest, and each of those
keeps its id on its panel (an Evocation's marker, a Mage's dot, the Damage of Gaea or
Filius; see :func:`unseen`).

Clickable ids follow :meth:`BlackRoseWars.action_targets`: ``room:<id>``, ``cell:<id>``,
``root:<room>`` and ``model:<id>`` (``mage1``.., ``gaea``, ``filius``).

>>> from gaia_lab.games.black_rose_wars import GAME
>>> state = GAME.scenario({"players": 2})
>>> board = scene(state)
>>> board.width, "room:throne_room" in board.ids(), "root:crypt" in board.ids()
(1000, True, False)
>>> board.hit(*centre(board, "model:gaea"))
'model:gaea'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final, TypeAlias

from gaia_lab.core.hexgrid import Hex, corners, to_pixel
from gaia_lab.games.black_rose_wars.components import LEGEND
from gaia_lab.games.black_rose_wars.events_core import current_event
from gaia_lab.games.black_rose_wars.legendary import load_scenario_cards
from gaia_lab.games.black_rose_wars.modules_flow import talia_personal
from gaia_lab.games.black_rose_wars.rules import Rules
from gaia_lab.games.black_rose_wars.state import (
    AVATAR,
    BLACK_ROSE,
    FILIUS,
    MAX_EVOCATIONS,
    BRWState,
    Evocation,
    Model,
    Room,
    mage_id,
    seat_of,
)
from gaia_lab.render.layout import (
    ACTIVE_FILL,
    ACTIVE_STROKE,
    INK,
    MARGIN,
    MUTED,
    centre,
    highlight_items,
    text_width,
    wrap,
)
from gaia_lab.render.shapes import Circle, Item, Line, Polygon, Rect, Scene, Text

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.games.black_rose_wars.game import BlackRoseWars

__all__ = ["OWNER_COLOURS", "ROOM_COLOURS", "centre", "damage_words", "event_name", "event_scene",
           "hex_size", "legend_words", "lodge_scene", "model_name", "owner_name", "place_name",
           "scene", "unseen"]

HEX_MIN: Final = 56.0
"""The smallest circumradius of a Room: below it the Lodge goes above the panels."""
HEX_MAX: Final = 96.0
"""The largest circumradius of a Room."""
PANEL_W: Final = 330.0
"""The narrowest column of panels beside the Lodge."""
TEXT: Final = 10.0
"""The smallest text on the table."""
LINE: Final = 14.0
"""The line height of panel text."""
MARKER_MIN: Final = 7.5
"""The smallest half-side of a model's marker in a Room: its letters (:data:`TEXT` px)
still fit in it."""
GAP: Final = 1.0
"""The space between two markers of a Room, and between their rows."""
EDGE: Final = 1.5
"""The least space between a Room's marker and the edge of its hexagon."""
ARBOR: Final = 1.2
"""The width of an Arbor Vitae in a Room over its markers' half-side (it is as tall as
they are)."""
ROOM_COLOURS: Final[dict[str, str]] = {
    "black": "#aab0b5", "grey": "#d5d8dc", "red": "#f2c4bd", "yellow": "#f9e79f",
    "green": "#b9e4c9", "blue": "#bcdcf3", "purple": "#dcc6e6",
}
"""A Room's colour (ruined side); its rebuilt side is drawn with a dark outline."""
MAGE_COLOURS: Final = ("#c0392b", "#2471a3", "#d68910", "#7d3c98", "#138d75")
OWNER_COLOURS: Final[dict[str, str]] = {
    **{mage_id(i): c for i, c in enumerate(MAGE_COLOURS)},
    AVATAR: "#1e8449", BLACK_ROSE: "#17202a",
}
"""The colour of each owner's Instability and Power marker."""
ROOT_FILL: Final = "#8d6e63"
_SQRT3: Final = math.sqrt(3)


def _owner(word: str) -> str:
    return OWNER_COLOURS.get(word, "#999999")


def _label(state: BRWState, word: str, game: BlackRoseWars | None = None) -> str:
    """The letters on a model's marker: ``M1``.., ``G``, ``F``, an Evocation's first two
    letters (``Ni`` for Nigredo) and ``L`` for the Legend.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 2, "evocations": [
    ...     {"card": "nigredo_1", "owner": 1, "where": "forge"}]})
    >>> [_label(st, w) for w in ("mage2", "gaea", "filius", "nigredo_1", LEGEND)]
    ['M2', 'G', 'F', 'Ni', 'L']
    """
    seat = seat_of(word)
    if seat is not None and seat < len(state.mages):
        return f"M{seat + 1}"
    if word == LEGEND:
        return "L"
    if word in (AVATAR, FILIUS):
        return {AVATAR: "G", FILIUS: "F"}[word]
    return _evocation_name(_game(game), word)[:2]


def owner_name(state: BRWState, word: str) -> str:
    """Who an owner word names: a Mage's name, ``Gaea``, ``Filius`` or ``Black Rose``.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 2})
    >>> owner_name(st, "mage2"), owner_name(st, "black_rose")
    ('Angela', 'Black Rose')
    """
    seat = seat_of(word)
    if seat is not None and seat < len(state.mages):
        return state.mages[seat].name
    return {AVATAR: "Gaea", FILIUS: "Filius", BLACK_ROSE: "Black Rose"}.get(word, word)


def _evocation_name(game: BlackRoseWars, card: str) -> str:
    try:
        return game.components.evocation(card).name
    except (KeyError, ValueError):
        return card


def model_name(state: BRWState, game: BlackRoseWars, mid: str) -> str:
    """A model in words; an Evocation with its owner.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 2, "evocations": [
    ...     {"card": "gaea_legend", "owner": 0, "where": "forge"}]})
    >>> model_name(st, GAME, "gaea_legend"), model_name(st, GAME, "gaea")
    ("Gaea (Legend), Rikkart's Evocation", 'Gaea')
    """
    evocation = state.evocation(mid) if seat_of(mid) is None else None
    if evocation is None:
        return owner_name(state, mid)
    return (f"{_evocation_name(game, evocation.card)}, "
            f"{owner_name(state, mage_id(evocation.owner))}'s Evocation")


def damage_words(state: BRWState, model: Model) -> str:
    """A model's Damage with who dealt it, and who its defeat would pay
    (brw.core.damage_owner, brw.core.defeat_power).

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 3, "seats": [
    ...     {}, {"dealt": ["mage3", "gaea", "gaea", "mage3", "mage1"]}]})
    >>> damage_words(st, st.mages[1].model)
    '5/11 Damage: Arianna 2, Gaea 2, Rikkart 1; a defeat would pay Arianna'
    >>> damage_words(st, st.mages[0].model)
    '0/11 Damage'
    """
    words = f"{model.damage}/{model.health} Damage"
    owners = _owners(model)
    if owners:
        words += ": " + ", ".join(f"{owner_name(state, o)} {n}" for o, n in owners)
    if any(seat_of(o) is not None for o in model.dealt):
        words += f"; a defeat would pay {owner_name(state, Rules.defeat_earner(model, ''))}"
    return words


def _owners(model: Model) -> list[tuple[str, int]]:
    """Each owner of Damage on the model with its count, in the order they first dealt."""
    return [(o, model.dealt.count(o)) for o in dict.fromkeys(model.dealt)]


def _room_card(game: BlackRoseWars, rid: str) -> tuple[str, str]:
    """A Room's name and colour (its id and grey when the components lack it)."""
    try:
        card = game.components.room(rid)
    except KeyError:
        return rid, "grey"
    return card.name, card.colour


def place_name(state: BRWState, game: BlackRoseWars, where: str) -> str:
    """An area in words: a Room's name, ``Cell 2``, or that the model is out of the Lodge.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 2})
    >>> place_name(st, GAME, "throne_room"), place_name(st, GAME, "")
    ('Throne Room', 'out of the Lodge')
    """
    if not where:
        return "out of the Lodge"
    for cell in state.cells:
        if cell.id == where:
            return f"Cell {cell.seat + 1}"
    if any(r.id == where for r in state.rooms):
        return _room_card(game, where)[0]
    return where


def _spell_name(game: BlackRoseWars, sid: str) -> str:
    try:
        return game.components.spell(sid).name
    except (KeyError, ValueError):
        return sid


def _lines(text: str, w: float, size: float = TEXT) -> tuple[str, ...]:
    """``text`` broken into lines that fit ``w`` at ``size`` (never cut)."""
    return wrap(text, max(8, int(w / (0.62 * size))), 99)


Phrase: TypeAlias = "str | tuple[str, ...]"
"""A phrase of a panel row: words, or a list (its entries, see :func:`_listing`)."""


def _listing(head: str, entries: Iterable[str], tail: str = "") -> tuple[str, ...]:
    """A list as a :data:`Phrase`: ``head`` and the entries, ``none`` when there are
    none, ``tail`` after the last.

    >>> _listing("in hand", ["Blink", "Earthen Ward"], " (2 of 3)")
    ('in hand: Blink,', 'Earthen Ward (2 of 3)')
    """
    out = list(entries) or ["none"]
    out[0] = f"{head}: {out[0]}"
    return (*(f"{e}," for e in out[:-1]), out[-1] + tail)


def _phrases(phrases: Iterable[Phrase], w: float) -> tuple[str, ...]:
    """Phrases joined by `` · `` into lines that fit ``w``, a list broken only between
    its entries and a phrase or an entry only when it alone is too long.

    >>> _phrases(["in Crypt", "2/11 Damage", "Power Points 0"], 160)
    ('in Crypt · 2/11 Damage', 'Power Points 0')
    >>> _phrases([_listing("in hand", ["Arcane Bolt", "Earthen Ward", "Blink"])], 160)
    ('in hand: Arcane Bolt,', 'Earthen Ward, Blink')
    """
    out: list[str] = []
    chars = max(8, int(w / (0.62 * TEXT)))
    for phrase in phrases:
        for k, part in enumerate((phrase,) if isinstance(phrase, str) else phrase):
            trial = f"{out[-1]}{' ' if k else ' · '}{part}" if out else part
            if out and len(trial) <= chars:
                out[-1] = trial
            else:
                out += _lines(part, w)
    return tuple(out)


def _name_lines(name: str, room: float, size: float) -> tuple[str, ...]:
    """A Room's name on one line when it fits ``room``, else on two."""
    if len(name) * 0.66 * size <= room or " " not in name:
        return (name,)
    words = name.split()
    best = min(range(1, len(words)), key=lambda k: max(len(" ".join(words[:k])),
                                                      len(" ".join(words[k:]))))
    return (" ".join(words[:best]), " ".join(words[best:]))


Point: TypeAlias = tuple[float, float]
"""A point, here from a Room's centre."""


@dataclass(frozen=True, slots=True)
class Crowd:
    """Where a Room's markers go, from its centre: ``size`` (a marker's half-side), the
    centre of each model shown (in :meth:`BRWState.models_in` order), the ``+N`` marker's
    centre and half-width when the others are not shown, and each Arbor Vitae's centre."""

    size: float
    shown: tuple[Point, ...]
    more: tuple[float, float, float] | None
    arbor: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class RoomPlan:
    """A Room's text and rows from its centre: its name's lines, their size and baselines,
    the top of its slots and where its markers go."""

    name: tuple[str, ...]
    name_size: float
    baselines: tuple[float, ...]
    slots: float
    crowd: Crowd


def _slot(r: float) -> float:
    """The side of an Instability slot in a Room of circumradius ``r``."""
    return max(9.0, 0.145 * r)


def _room_plan(state: BRWState, game: BlackRoseWars, room: Room, r: float) -> RoomPlan:
    """Where a Room's name, slots and markers go (see :func:`_plan`)."""
    rows = 1 if room.rebuilt else max(1, math.ceil(room.size / 5))
    slot = _slot(r)
    block = max(rows * (slot + 2), 2 * slot + 5 if room.root is not None else 0.0)
    return _plan(_room_card(game, room.id)[0], r, block, len(state.models_in(room.id)),
                 state.arbor_vitae.count(room.id))


@lru_cache(maxsize=1024)
def _plan(name: str, r: float, block: float, models: int, arbor: int) -> RoomPlan:
    """A Room's plan: its name and its slots (``block`` tall) where they stand in a roomy
    Room, moved up towards the top of the hexagon only as far as the markers of its
    ``models`` and ``arbor`` Arbor Vitae need to be shown whole and as large as they can.

    >>> roomy, crowded = _plan("Crypt", 70.0, 11.0, 2, 0), _plan("Crypt", 70.0, 11.0, 12, 1)
    >>> roomy.slots == -0.13 * 70 and roomy.crowd.size > crowded.crowd.size
    True
    >>> crowded.slots < roomy.slots, crowded.crowd.more is None, len(crowded.crowd.shown)
    (True, True, 12)
    """
    size = min(13.0, max(10.5, 0.17 * r))
    lines = _name_lines(name, _SQRT3 * r - 14, size)
    pitch = size + 2.5
    edge = r - 2 - EDGE  # the drawn hexagon, less the margin
    roomy = -0.29 * r if len(lines) == 1 else -0.46 * r
    # the highest first baseline at which every line of the name stays in the hexagon
    high = min(roomy, max(0.8 * size - k * pitch - (edge - 0.33 * size * len(line) / _SQRT3)
                          for k, line in enumerate(lines)))
    high_slots = min(-0.13 * r, high + (len(lines) - 1) * pitch + 0.2 * size + 6)

    def at(t: float) -> RoomPlan:
        first = roomy + t * (high - roomy)
        slots = -0.13 * r + t * (high_slots + 0.13 * r)
        return RoomPlan(lines, size, tuple(first + k * pitch for k in range(len(lines))),
                        slots, _crowd(models, arbor, r, slots + block + 3))
    tight = at(1.0)
    if tight.crowd.more is not None:
        return tight
    return next((plan for plan in map(at, (0.0, 0.25, 0.5, 0.75)) if plan.crowd.more is None
                 and plan.crowd.size >= tight.crowd.size), tight)


def _rows(r: float, top: float, size: float) -> list[tuple[float, float]]:
    """The rows of markers of half-side ``size`` from ``top`` down a Room of circumradius
    ``r``: each row's centre and the half-width it has inside the hexagon."""
    out: list[tuple[float, float]] = []
    edge = r - 2 - EDGE
    y = top + size
    while y + size <= edge:
        far = max(abs(y - size), abs(y + size))
        half = min(_SQRT3 / 2 * edge, _SQRT3 * (edge - far))
        if half < size:
            break
        out.append((y, half))
        y += 2 * size + GAP
    return out


def _fit(widths: list[float], rows: list[tuple[float, float]]) -> list[Point] | None:
    """The centres of items ``widths`` wide filling ``rows`` in order, each row centred;
    None when they do not all fit."""
    out: list[Point] = []
    i = 0
    if not widths:
        return out
    for y, half in rows:
        row: list[float] = []
        while i < len(widths) and sum(row) + len(row) * GAP + widths[i] <= 2 * half:
            row.append(widths[i])
            i += 1
        x = -(sum(row) + (len(row) - 1) * GAP) / 2
        for w in row:
            out.append((x + w / 2, y))
            x += w + GAP
        if i == len(widths):
            return out
    return None


@lru_cache(maxsize=1024)
def _crowd(models: int, arbor: int, r: float, top: float) -> Crowd:
    """Where ``models`` markers and ``arbor`` Arbor Vitae go in a Room of circumradius
    ``r`` under ``top``: the markers as large as fit (from ``max(10, 0.16 r)`` down to
    :data:`MARKER_MIN`), in rows inside the hexagon; past that, the first markers and a
    ``+N`` marker for the rest.

    >>> few, many = _crowd(3, 1, 60.0, 12.0), _crowd(22, 0, 60.0, 12.0)
    >>> few.size, len(few.shown), few.more, len(few.arbor)
    (10.0, 3, None, 1)
    >>> many.size == MARKER_MIN, len(many.shown) < 22, many.more is not None
    (True, True, True)
    """
    size = max(10.0, 0.16 * r)
    while True:
        fitted = _fit([2 * size] * models + [ARBOR * size] * arbor, _rows(r, top, size))
        if fitted is not None:
            return Crowd(size, tuple(fitted[:models]), None, tuple(fitted[models:]))
        if size <= MARKER_MIN:
            break
        size = max(MARKER_MIN, size - 0.5)
    rows = _rows(r, top, size)
    alone = [(rows[0][0] if rows else top + size, math.inf)]  # a row for the +N marker
    for shown in range(models - 1, -1, -1):
        half = max(size, text_width(f"+{models - shown}", TEXT) / 2 + 3)
        widths = [2 * size] * shown + [2 * half] + [ARBOR * size] * arbor
        fitted = _fit(widths, rows if shown else alone)
        if fitted is not None:
            return Crowd(size, tuple(fitted[:shown]), (*fitted[shown], half),
                         tuple(fitted[shown + 1:]))
    return Crowd(size, (), None, tuple(_fit([ARBOR * size] * arbor, alone) or ()))


def _room_items(state: BRWState, game: BlackRoseWars, room: Room, cx: float, cy: float,
                name: str, colour: str, r: float) -> list[Item]:
    """A Room: its hex, name, Root Token and Instability slots, Models, Arbor Vitae."""
    fill = _owner
    status = "rebuilt" if room.rebuilt else f"ruined, {len(room.slots)}/{room.size} Instability"
    root = (f"; Root Token {len(room.root.slots)}/2" if room.root is not None else "")
    items: list[Item] = [Polygon(corners(Hex(0, 0), r - 2, "pointy", (cx, cy)),
                                 fill=ROOM_COLOURS.get(colour, "#dddddd"),
                                 stroke="#4a235a" if room.rebuilt else "#7f8c8d",
                                 stroke_width=3.5 if room.rebuilt else 1.0,
                                 id=f"room:{room.id}",
                                 title=f"{name}: {status}{root}")]
    plan = _room_plan(state, game, room, r)
    items += [Text(cx, cy + y, line, size=plan.name_size, anchor="middle", fill=INK,
                   weight="bold") for line, y in zip(plan.name, plan.baselines, strict=True)]
    # the Root Token left of the slots, then the slots in rows of five
    slot = _slot(r)
    top = cy + plan.slots
    block = slot + 4 + 6 + (5 * (slot + 2) - 2 if not room.rebuilt else text_width("rebuilt",
                                                                                    TEXT))
    left = cx - block / 2
    if room.root is not None:
        items.append(Rect(left, top - 2, slot + 4, 2 * slot + 5, fill=ROOT_FILL,
                          radius=3, id=f"root:{room.id}",
                          title=f"Root Token: {len(room.root.slots)}/2 Instability"))
        for i in range(2):
            owner = room.root.slots[i] if i < len(room.root.slots) else None
            items.append(Rect(left + 2, top + i * (slot + 1), slot, slot,
                              fill=fill(owner) if owner else "#efebe9", radius=1,
                              title=f"Root Token slot: {owner or 'empty'}"))
    gx = left + slot + 10
    if room.rebuilt:
        items.append(Text(gx, top + slot, "rebuilt", size=TEXT, fill="#4a235a",
                          weight="bold"))
    else:
        for i in range(room.size):
            owner = room.slots[i] if i < len(room.slots) else None
            items.append(Rect(gx + (i % 5) * (slot + 2), top + (i // 5) * (slot + 2), slot,
                              slot, fill=fill(owner) if owner else "#ffffff",
                              stroke="#95a5a6", stroke_width=0.6, radius=1,
                              title=f"Instability: {owner or 'empty'}"))
    return items + _crowd_items(state, game, room.id, plan.crowd, cx, cy)


def _crowd_items(state: BRWState, game: BlackRoseWars, area: str, crowd: Crowd, cx: float,
                 cy: float) -> list[Item]:
    """A Room's markers where ``crowd`` puts them (the letters over every marker), the
    ``+N`` marker naming the models not shown, and the Arbor Vitae."""
    models = state.models_in(area)
    drawn = [_model(state, game, mid, cx + x, cy + y, crowd.size)
             for mid, (x, y) in zip(models, crowd.shown, strict=False)]
    markers, letters = [m for m, _ in drawn], [t for _, t in drawn]
    if crowd.more is not None:
        x, y, half = crowd.more
        rest = models[len(crowd.shown):]
        title = f"{len(rest)} more here: " + "; ".join(
            f"{model_name(state, game, mid)} ({state.model(mid).damage}/"
            f"{state.model(mid).health} Damage)" for mid in rest)
        markers.append(Rect(cx + x - half, cy + y - crowd.size, 2 * half, 2 * crowd.size,
                            fill=MUTED, stroke="#ffffff", stroke_width=1.5,
                            radius=crowd.size, title=title))
        letters.append(Text(cx + x, cy + y, f"+{len(rest)}", size=TEXT, anchor="middle",
                            baseline="middle", fill="#ffffff", weight="bold", title=title))
    items: list[Item] = [*markers, *letters]
    k = crowd.size / 10  # an Arbor Vitae ARBOR sizes wide, two sizes tall
    for x, y in crowd.arbor:
        x, y = cx + x, cy + y
        items.append(Polygon(((x, y + 10 * k), (x - 6 * k, y - 2.5 * k),
                              (x + 6 * k, y - 2.5 * k)), fill="#145a32", title="Arbor Vitae"))
        items.append(Polygon(((x, y - 10 * k), (x - 6 * k, y + 2.5 * k),
                              (x + 6 * k, y + 2.5 * k)), fill="#1e8449", title="Arbor Vitae"))
    return items


def unseen(state: BRWState, game: BlackRoseWars, r: float) -> frozenset[str]:
    """The models of Rooms too crowded to show them all at circumradius ``r`` (their
    Room's ``+N`` marker names them; their panels carry their ids)."""
    out: set[str] = set()
    for room in state.rooms:
        crowd = _room_plan(state, game, room, r).crowd
        if crowd.more is not None:
            out.update(state.models_in(room.id)[len(crowd.shown):])
    return frozenset(out)


def _target(mid: str, unseen: frozenset[str]) -> str | None:
    """A panel's id for a model ``unseen`` in its Room (None for one the Lodge shows)."""
    return f"model:{mid}" if mid in unseen else None


def _model(state: BRWState, game: BlackRoseWars, mid: str, x: float, y: float,
           size: float) -> tuple[Item, Item]:
    """A model's marker of half-side ``size``, its id ``model:<id>``: a circle for a Mage,
    Gaea and Filius, a square in its owner's colour for an Evocation, a diamond for the
    Legend."""
    model = state.model(mid)
    evocation = state.evocation(mid) if seat_of(mid) is None else None
    title = f"{model_name(state, game, mid)}: {damage_words(state, model)}"
    if evocation is None:
        fill = _owner(mid) if mid != FILIUS else "#a04000"
        marker: Item = Circle(x, y, size, fill=fill, stroke="#ffffff", stroke_width=1.5,
                              id=f"model:{mid}", title=title)
    else:
        title += f"; Strength {model.strength}, Speed {model.speed} (card {mid})"
        marker = _evocation_marker(evocation, x, y, size / 1.15 if mid == LEGEND else size,
                                   title)
    return marker, Text(x, y, _label(state, mid, game), size=TEXT, anchor="middle",
                        baseline="middle", fill="#ffffff", weight="bold")


def _evocation_marker(evocation: Evocation, x: float, y: float, size: float,
                      title: str, id_: bool = True) -> Item:
    """An Evocation's marker in its owner's colour (a diamond for the Legend)."""
    fill = _owner(mage_id(evocation.owner))
    ident = f"model:{evocation.card}" if id_ else None
    if evocation.card == LEGEND:
        k = 1.15 * size
        return Polygon(((x, y - k), (x + k, y), (x, y + k), (x - k, y)), fill=fill,
                       stroke="#d4ac0d", stroke_width=2.5, id=ident, title=title)
    return Rect(x - 0.9 * size, y - 0.9 * size, 1.8 * size, 1.8 * size, fill=fill,
                stroke="#ffffff", stroke_width=1.5, radius=3, id=ident, title=title)


def _extent(state: BRWState) -> tuple[float, float, float, float]:
    """The Lodge's (left, top, right, bottom) for Rooms of circumradius 1."""
    half = _SQRT3 / 2
    boxes = [(x - half, y - 1, x + half, y + 1)
             for x, y in (to_pixel(Hex(r.q, r.r), 1, "pointy") for r in state.rooms)]
    boxes += [(x - 0.55, y - 0.42, x + 0.55, y + 0.42)
              for x, y in (to_pixel(Hex(c.q, c.r), 1, "pointy") for c in state.cells)]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def hex_size(state: BRWState, width: float) -> float:
    """The circumradius at which the Lodge fills ``width`` (at most :data:`HEX_MAX`).

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 2})
    >>> round(hex_size(st, 450), 1), hex_size(st, 900)
    (75.5, 96.0)
    """
    if not state.rooms:
        return HEX_MAX
    left, _, right, _ = _extent(state)
    return min(HEX_MAX, (width - 16) / (right - left))


def lodge_scene(state: BRWState, game: BlackRoseWars, width: float = 560.0) -> Scene:
    """The Lodge at most ``width`` wide: Rooms, Cells, Root Tokens, Instability, Models
    and Arbor Vitae."""
    if not state.rooms:
        return Scene(width, 80, (Text(width / 2, 40, "The Lodge is not drawn yet",
                                      size=12, anchor="middle", fill=MUTED),))
    r = hex_size(state, width)
    left, top, right, bottom = _extent(state)
    w, height = (right - left) * r + 16, (bottom - top) * r + 16
    dx, dy = 8 - left * r, 8 - top * r
    items: list[Item] = [Rect(0, 0, w, height, fill="#f4f6f7", radius=12)]
    at = {room.id: (x * r + dx, y * r + dy)
          for room in state.rooms for x, y in (to_pixel(Hex(room.q, room.r), 1, "pointy"),)}
    cells = [(cell, to_pixel(Hex(cell.q, cell.r), 1, "pointy")) for cell in state.cells]
    for cell, (x, y) in cells:
        rx, ry = at.get(cell.room, (x * r + dx, y * r + dy))
        items.append(Line(x * r + dx, y * r + dy, rx, ry, stroke="#7f8c8d", width=3))
    for room in state.rooms:
        name, colour = _room_card(game, room.id)
        items += _room_items(state, game, room, *at[room.id], name, colour, r)
    cw, ch = 1.1 * r, 0.84 * r
    for cell, (x, y) in cells:
        x, y = x * r + dx, y * r + dy
        owner = mage_id(cell.seat)
        inside = state.models_in(cell.id)
        items.append(Rect(x - cw / 2, y - ch / 2, cw, ch, fill="#fdfefe", stroke=_owner(owner),
                          stroke_width=2, radius=8, id=f"cell:{cell.id}",
                          title=f"{state.mages[cell.seat].name}'s Cell"
                          if cell.seat < len(state.mages) else cell.id))
        items.append(Text(x, y - ch / 2 + 14, f"Cell {cell.seat + 1}", size=TEXT,
                          anchor="middle", fill=MUTED))
        step = min(22.0, (cw - 24) / max(len(inside) - 1, 1))
        for i, mid in enumerate(inside):
            items += _model(state, game, mid, x - step * (len(inside) - 1) / 2 + step * i,
                            y + 0.12 * r, max(10.0, 0.16 * r))
    return Scene(w, height, tuple(items))


def _flow(entries: Iterable[tuple[str, str, str]], x0: float, y: float, w: float,
          ) -> tuple[list[Item], float]:
    """Coloured dots each followed by its words, flowing over lines ``w`` wide; returns
    the items and the baseline of the last line.  Entries are (colour, words, title)."""
    items: list[Item] = []
    x = x0
    for colour, words, title in entries:
        need = 14 + text_width(words, TEXT)
        if x > x0 and x + need > x0 + w:
            x, y = x0, y + LINE
        items.append(Circle(x + 5, y - 3.5, 5, fill=colour, stroke="#ffffff", title=title))
        items.append(Text(x + 13, y, words, size=TEXT, fill=INK))
        x += need + 12
    return items, y


def power_scene(state: BRWState, width: float) -> Scene:
    """The Power board: each marker on the track, the Moon cubes and the Black Rose cube,
    and a key naming each marker's colour."""
    board = state.power_board
    top = max(board.black_rose_cube, *(m.power for m in state.mages), state.avatar.power,
              board.black_rose)
    left, right = 14.0, width - 14
    scale = (right - left) / max(top, 1)
    track = 56.0
    items: list[Item] = [Text(10, 17, f"Power board: Moon phase {board.moon}", size=12,
                              weight="bold", fill=INK),
                         Line(left, track, right, track, stroke="#566573", width=2)]
    cubes = sorted(((board.second_moon, "Moon 2"), (board.third_moon, "Moon 3"),
                    (board.black_rose_cube, "Black Rose")))
    ends = [-1e9, -1e9]
    for slot, label in cubes:  # each cube's slot number above it, on a second row if near
        x = left + slot * scale
        items.append(Rect(x - 5, track - 5, 10, 10, fill="#d4ac0d" if label != "Black Rose"
                          else "#17202a", title=f"{label} cube on slot {slot}"))
        words = str(slot)
        half = text_width(words, TEXT) / 2
        row = 0 if x - half > ends[0] + 3 else 1
        ends[row] = x + half
        items.append(Text(x, track - 10 - 12 * row, words, size=TEXT, anchor="middle",
                          fill=MUTED))
    markers = [(mage_id(i), m.power, m.name) for i, m in enumerate(state.mages)]
    markers += [(AVATAR, state.avatar.power, "Gaea"),
                (BLACK_ROSE, board.black_rose, "Black Rose")]
    seen: dict[int, int] = {}
    for word, power, name in markers:
        k = seen.get(power, 0)
        seen[power] = k + 1
        x = left + power * scale
        items.append(Circle(x + 9 * (k // 3), track + 11 + 9 * (k % 3), 4.5, fill=_owner(word),
                            stroke="#ffffff", title=f"{name}: {power} Power Points"))
    y = track + 50
    key = ", ".join(f"{label} on {slot}" for slot, label in cubes)
    for line in _lines(f"Cubes: {key}", width - 20):
        items.append(Text(10, y, line, size=TEXT, fill=MUTED))
        y += LINE
    flowed, y = _flow(((_owner(word), f"{name} {power}", f"{name}: {power} Power Points")
                       for word, power, name in markers), 10, y + 2, width - 20)
    items += flowed
    height = y + 10
    return Scene(width, height, (Rect(0, 0, width, height, fill="#fbfcfc", stroke="#d5d8dc",
                                      radius=8), *items))


Draw: TypeAlias = Callable[[float, float, float], tuple[list[Item], float]]
"""A panel row drawn at (left, baseline, width): its items and its last baseline."""
Group: TypeAlias = "Iterable[Phrase] | Draw"
"""A panel row: phrases (see :func:`_phrases`) or a drawing."""
BOX: Final = 9.0
"""The side of a Damage box in a panel."""


def _panel(title: str, groups: Iterable[Group], width: float, *, fill: str,
           stroke: str, ink: str = INK, dot: str | None = None, dot_id: str | None = None,
           stroke_width: float = 1.0, tip: str | None = None) -> Scene:
    """A titled panel: each group starts a new line; ``tip`` is its tooltip, ``dot_id``
    the id of its dot."""
    items: list[Item] = []
    x = 10.0
    if dot is not None:
        items.append(Circle(16, 13, 6, fill=dot, id=dot_id, title=tip if dot_id else None))
        x = 28.0
    items.append(Text(x, 18, title, size=12, weight="bold", fill=ink))
    y = 18 + LINE + 2
    for group in groups:
        if callable(group):
            drawn, last = group(10, y, width - 20)
            items += drawn
            y = last + LINE
            continue
        for part in _phrases(group, width - 20):
            items.append(Text(10, y, part, size=TEXT, fill=INK))
            y += LINE
    height = y - LINE + 10
    return Scene(width, height, (Rect(0, 0, width, height, fill=fill, stroke=stroke,
                                      stroke_width=stroke_width, radius=8, title=tip),
                                 *items))


def _bold(words: str) -> Draw:
    """A line of bold panel text (wrapped)."""
    def draw(x: float, y: float, w: float) -> tuple[list[Item], float]:
        lines = _lines(words, w)
        return ([Text(x, y + k * LINE, line, size=TEXT, fill=INK, weight="bold")
                 for k, line in enumerate(lines)], y + (len(lines) - 1) * LINE)
    return draw


def _damage_row(state: BRWState, model: Model, words: str = "", id_: str | None = None,
                ) -> Draw:
    """A model's Damage: ``words`` and the count (with the id ``id_``), a box per point of
    Health filled in the colour of who dealt it (oldest first), then who dealt how much."""
    def draw(x: float, y: float, w: float) -> tuple[list[Item], float]:
        label = f"{words}{model.damage}/{model.health} Damage"
        tip = damage_words(state, model)
        items: list[Item] = [Text(x, y, label, size=TEXT, fill=INK, id=id_,
                                  title=tip if id_ else None)]
        bx = x + text_width(label, TEXT) + 8
        if bx + min(model.health, 6) * (BOX + 2) > x + w:  # the boxes on a line of their own
            y, bx = y + LINE, x + 12
        per = max(1, int((x + w - bx + 2) // (BOX + 2)))
        for i in range(model.health):
            owner = model.dealt[i] if i < len(model.dealt) else None
            row, col = divmod(i, per)
            items.append(Rect(bx + col * (BOX + 2), y - 8.5 + row * LINE, BOX, BOX,
                              fill=_owner(owner) if owner else "#ffffff", stroke="#95a5a6",
                              stroke_width=0.6, radius=1, title=tip))
        y += (math.ceil(model.health / per) - 1) * LINE
        owners = _owners(model)
        if owners:
            y += LINE
            items.append(Text(x + 12, y, "by", size=TEXT, fill=MUTED))
            flowed, y = _flow(((_owner(o), f"{owner_name(state, o)} {n}",
                                f"{owner_name(state, o)} dealt {n} Damage") for o, n in owners),
                              x + 32, y, w - 32)
            items += flowed
        return items, y
    return draw


def _evocation_row(state: BRWState, game: BlackRoseWars, evocation: Evocation,
                   target: bool = False) -> Draw:
    """An Evocation of a Mage's panel: its marker (as in the Lodge; its id ``model:<card>``
    when ``target``), name, Room and Damage."""
    model = evocation.model

    def draw(x: float, y: float, w: float) -> tuple[list[Item], float]:
        title = f"{model_name(state, game, evocation.card)}: {damage_words(state, model)}"
        items: list[Item] = [
            _evocation_marker(evocation, x + 9, y - 4, 9.5, title, id_=target),
            Text(x + 9, y - 4, _label(state, evocation.card, game), size=TEXT,
                 anchor="middle", baseline="middle", fill="#ffffff", weight="bold")]
        lines = _phrases((f"{_evocation_name(game, evocation.card)} in "
                          f"{place_name(state, game, model.where)}",
                          f"Strength {model.strength}", f"Speed {model.speed}"), w - 26)
        items += [Text(x + 26, y + k * LINE, line, size=TEXT, fill=INK)
                  for k, line in enumerate(lines)]
        last = y + (len(lines) - 1) * LINE
        drawn, last = _damage_row(state, model)(x + 26, last + LINE, w - 26)
        return items + drawn, last
    return draw


def avatar_scene(state: BRWState, width: float, game: BlackRoseWars | None = None,
                 unseen: frozenset[str] = frozenset()) -> Scene:
    """Gaea's Avatar board: her model and its Damage, Power Points, Command cards, the
    Servant slot with Filius and the pools of Root Tokens and Arbor Vitae.  The Damage of
    Gaea or Filius carries the model's id when it is ``unseen`` in its crowded Room."""
    game = _game(game)
    a = state.avatar
    f = a.filius
    lines: list[Group] = [
        (f"Gaea in {place_name(state, game, a.model.where)}", f"Strength {a.model.strength}",
         f"Speed {a.model.speed}"),
        _damage_row(state, a.model, "Gaea: ", _target(AVATAR, unseen)),
        (f"Power Points {a.power}", f"Command deck {len(a.commands)}",
         f"discards {len(a.discard)}", *((f"playing {a.card}",) if a.card else ())),
        (f"Servant slot: {a.servant or 'empty'}",
         *((f"Filius in {place_name(state, game, f.where)}",) if a.servant else ())),
        *((_damage_row(state, f, "Filius: ", _target(FILIUS, unseen)),) if a.servant else ()),
        (f"Root Tokens in the pool: {a.root_pool} of 12",),
        (f"Arbor Vitae: {len(state.arbor_vitae)} in the Lodge",
         f"{a.arbor_pool} in the pool"),
    ]
    return _panel("Gaea's Avatar board", lines, width, fill="#eafaf1", stroke="#1e8449",
                  ink="#145a32")


def event_name(game: BlackRoseWars, eid: str) -> str:
    """An Event card's name: a core Event's or a Stop the Threat card's.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> event_name(GAME, "battle"), event_name(GAME, "stop_the_threat_1")
    ('Battle', 'Stop the Threat: The Roots Stir')
    """
    try:
        return game.components.event(eid).name
    except (KeyError, ValueError):
        return next((c.name for c in load_scenario_cards() if c.id == eid), eid)


def legend_words(state: BRWState, game: BlackRoseWars) -> str:
    """Where the Forgotten Evocation Gaea (Legend) is and whose she is.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> legend_words(GAME.scenario({"players": 2}), GAME)
    'The Legend: in the Evocation deck'
    >>> legend_words(GAME.scenario({"players": 2, "evocations": [
    ...     {"card": "gaea_legend", "owner": 1, "where": "forge"}]}), GAME)
    "The Legend: Angela's Evocation, in Forge"
    """
    legend = state.evocation(LEGEND)
    if legend is not None:
        return (f"The Legend: {owner_name(state, mage_id(legend.owner))}'s Evocation, in "
                f"{place_name(state, game, legend.model.where)}")
    if LEGEND in state.evocation_deck:
        return "The Legend: in the Evocation deck"
    if LEGEND in state.evocation_discard:
        return "The Legend: defeated (Evocation discards)"
    return "The Legend: out of the game"


def event_scene(state: BRWState, width: float, game: BlackRoseWars | None = None) -> Scene:
    """The Event board and the Evocation deck: the Event in force (its effect, and whether
    it stands until the next Event), the Events revealed and left in each Moon's deck, the
    Evocation deck and its discards, and where the Legend is."""
    game = _game(game)
    lines: list[Group] = []
    tip = "No Event revealed yet"
    if state.events:
        card = current_event(game.rules, state)
        if card is None:  # a Stop the Threat card
            name = event_name(game, state.events[-1])
            lines += [_bold(f"Revealed: {name}"),
                      ("a Legendary Scenario card, played when revealed",)]
            tip = name + ": " + ", ".join(
                f"{kind} {amount}" for c in load_scenario_cards() if c.id == state.events[-1]
                for kind, amount in c.effects)
        else:
            standing = bool(card.standing())
            lines += [_bold(f"{'In force' if standing else 'Revealed'}: {card.name} "
                            f"(Moon {card.moon})"), (card.summary,),
                      ("standing until the next Event is revealed" if standing
                       else "played when revealed",)]
            tip = f"{card.name}: {card.summary} ({', '.join(card.effects)})"
        tip += ". Revealed so far: " + ", ".join(event_name(game, e) for e in state.events)
    else:
        lines.append((tip,))
    decks = ", ".join(f"Moon {m} {len(d)}" for m, d in enumerate(state.event_decks, 1))
    lines += [(f"Events revealed {len(state.events)}", f"left: {decks}"),
              (f"Evocation deck {len(state.evocation_deck)}",
               f"defeated {len(state.evocation_discard)}"),
              (legend_words(state, game),)]
    return _panel("Event board and Evocations", lines, width, fill="#f5eef8",
                  stroke="#7d3c98", ink="#4a235a", tip=tip)


def mage_scene(state: BRWState, seat: int, width: float,
               game: BlackRoseWars | None = None, unseen: frozenset[str] = frozenset(),
               ) -> Scene:
    """One Mage's panel: place, Power Points, Trophies, Damage by owner, spells (with the
    personal spells gained) and the Evocations they summoned.  The Mage's dot and an
    Evocation's marker carry the model's id when it is ``unseen`` in its crowded Room."""
    game = _game(game)
    m = state.mages[seat]
    task = state.task
    acting = task is not None and task.actor == seat
    crown = " (Crown)" if state.crown == seat else ""

    def spells(head: str, ids: Iterable[str], tail: str = "") -> Phrase:
        return _listing(head, (_spell_name(game, s) for s in ids), tail)

    personal = state.modules.personal[seat] if seat < len(state.modules.personal) else ()
    evocations = [e for e in state.evocations if e.owner == seat]
    lines: list[Group] = [
        (f"in {place_name(state, game, m.where)}", f"Power Points {m.power}",
         _listing("Trophies", m.trophies), *(("passed",) if m.passed else ())),
        _damage_row(state, m.model),
        (spells("prepared", m.prepared), spells("in hand", m.hand)),
        *(((spells("personal spells gained", personal,
                   f" ({len(personal)} of {len(talia_personal())})"),),) if personal else ()),
        *(((f"Evocations: {len(evocations)} of {MAX_EVOCATIONS}",),) if evocations else ()),
        *(_evocation_row(state, game, e, e.card in unseen) for e in evocations)]
    return _panel(f"{m.name}{crown}", lines, width,
                  fill=ACTIVE_FILL if acting else "#ffffff",
                  stroke=ACTIVE_STROKE if acting else "#d5d8dc",
                  stroke_width=2 if acting else 1, dot=_owner(mage_id(seat)),
                  dot_id=_target(mage_id(seat), unseen),
                  tip=f"{m.name}: {damage_words(state, m.model)}")


def choice_scene(state: BRWState, width: float) -> Scene:
    """The last choice of Gaea or Filius with its decision trace, every line whole."""
    choice = state.choice
    if choice is None:
        return Scene(width, 0)
    items: list[Item] = []
    y = 18.0
    for i, line in enumerate(choice.text().split("\n")):
        indent = 10.0 if i == 0 else 22.0
        for k, part in enumerate(_lines(line.strip(), width - indent - 10)):
            items.append(Text(indent + (12 if k else 0), y, part, size=TEXT,
                              fill=INK if i else "#7d6608",
                              weight="bold" if i == 0 else "normal"))
            y += LINE
    height = y - LINE + 10
    return Scene(width, height, (Rect(0, 0, width, height, fill="#fef9e7", stroke="#d4ac0d",
                                      radius=8), *items))


def _game(game: BlackRoseWars | None) -> BlackRoseWars:
    if game is None:
        from gaia_lab.games.black_rose_wars import GAME

        return GAME
    return game


def scene(state: BRWState, *, highlight: Iterable[str] = (), width: int = 1000,
          game: BlackRoseWars | None = None) -> Scene:
    """The whole table; ``highlight`` ids get a gold outline (the Explorer passes the
    targets of the legal actions).

    The Lodge fills the width left by a column of panels at least :data:`PANEL_W` wide
    (panels past the Lodge's height go under it when that column is the shorter); when its
    Rooms would be smaller than :data:`HEX_MIN` it takes the whole width and the panels go
    under it, two by two.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 1})
    >>> plain, lit = scene(st), scene(st, highlight=["room:throne_room", "room:nope"])
    >>> len(lit.items) - len(plain.items), plain.to_svg() == scene(st).to_svg()
    (1, True)
    """
    game = _game(game)
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    pending = game.pending(state)
    head = (f"Black Rose Wars: Gaea Reborn - round {state.round}, {state.phase} phase - "
            + (pending.text if pending is not None else
               f"the game is over ({state.victory or 'no result'})"))
    heads = _lines(head, inner, 13)
    parts.append((Scene(inner, 18 * len(heads) + 4, tuple(
        Text(0, 15 + 18 * k, line, size=13, weight="bold", fill=INK)
        for k, line in enumerate(heads))), MARGIN, MARGIN))
    y = MARGIN + 18 * len(heads) + 8
    beside = hex_size(state, inner - PANEL_W - 12) >= HEX_MIN
    lodge = lodge_scene(state, game, inner - PANEL_W - 12 if beside else inner)
    hidden = unseen(state, game, hex_size(state, inner - PANEL_W - 12 if beside else inner))
    lodge_x = MARGIN if beside else MARGIN + (inner - lodge.width) / 2
    parts.append((lodge, lodge_x, y))

    builders: list[Callable[[float], Scene]] = [
        lambda w: power_scene(state, w), lambda w: event_scene(state, w, game),
        lambda w: avatar_scene(state, w, game, hidden),
        *((lambda w, i=i: mage_scene(state, i, w, game, hidden))
          for i in range(len(state.mages)))]
    if beside:  # the column beside the Lodge, then the shorter of it and under the Lodge
        right_x = MARGIN + lodge.width + 12
        right_w = width - MARGIN - right_x
        ry, ly = y, y + lodge.height + 8
        for build in builders:
            if ry <= ly:
                block = build(right_w)
                parts.append((block, right_x, ry))
                ry += block.height + 8
            else:
                block = build(lodge.width)
                parts.append((block, MARGIN, ly))
                ly += block.height + 8
        y = max(ly, ry)
    else:  # the panels under the Lodge, in two columns
        y += lodge.height + 8
        half = (inner - 12) / 2
        blocks = [build(half) for build in builders]
        for k in range(0, len(blocks), 2):
            pair = blocks[k:k + 2]
            for j, block in enumerate(pair):
                parts.append((block, MARGIN + j * (half + 12), y))
            y += max(b.height for b in pair) + 8
    trace = choice_scene(state, inner)
    if trace.height:
        parts.append((trace, MARGIN, y))
        y += trace.height + 8
    board = Scene.compose(parts, width, y - 8 + MARGIN, background="#ffffff",
                          title=f"Black Rose Wars: Gaea Reborn, round {state.round}")
    return board.with_items(*highlight_items(board, highlight))
