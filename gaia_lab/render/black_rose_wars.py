"""The Black Rose Wars: Gaea Reborn table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a position: a header (round, phase, Moon, what is pending), the Lodge
(each Room a hex in its colour, its Instability slots filled by owner, its Root Token to
the left of the slots with its two slots, the Models standing there, its Arbor Vitae; the
Cells beside the Rooms they open onto), the Power board (every Power marker and the three
cubes), Gaea's Avatar board with the Servant slot, one panel per Mage and the last choice
Gaea or Filius made with its decision trace.  The drawing is a pure function of the state.

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

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from gaia_lab.core.hexgrid import Hex, corners, to_pixel
from gaia_lab.games.black_rose_wars.state import (
    AVATAR,
    BLACK_ROSE,
    FILIUS,
    BRWState,
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
    fit,
    highlight_items,
)
from gaia_lab.render.shapes import Circle, Item, Line, Polygon, Rect, Scene, Text

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.games.black_rose_wars.game import BlackRoseWars

__all__ = ["OWNER_COLOURS", "ROOM_COLOURS", "centre", "lodge_scene", "scene"]

HEX: Final = 60.0
"""The circumradius of a Room."""
LODGE_W: Final = 600.0
SLOT: Final = 8.0
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


def _owner(word: str) -> str:
    return OWNER_COLOURS.get(word, "#999999")


def _label(state: BRWState, word: str) -> str:
    seat = seat_of(word)
    if seat is not None and seat < len(state.mages):
        return f"M{seat + 1}"
    return {AVATAR: "G", FILIUS: "F"}.get(word, "?")


def _room_items(state: BRWState, room: Room, cx: float, cy: float, name: str,
                colour: str) -> list[Item]:
    items: list[Item] = [Polygon(corners(Hex(0, 0), HEX - 2, "pointy", (cx, cy)),
                                 fill=ROOM_COLOURS.get(colour, "#dddddd"),
                                 stroke="#4a235a" if room.rebuilt else "#7f8c8d",
                                 stroke_width=3.5 if room.rebuilt else 1.0,
                                 id=f"room:{room.id}",
                                 title=f"{name}: {room.instability} Instability, "
                                       f"{'rebuilt' if room.rebuilt else 'ruined'}")]
    items.append(Text(cx, cy - 31, fit(name, 2 * HEX * 0.75, 9), size=9, anchor="middle",
                      baseline="middle", fill=INK, weight="bold"))
    side = "rebuilt" if room.rebuilt else f"{len(room.slots)}/{room.size}"
    items.append(Text(cx, cy - 21, side, size=8, anchor="middle", baseline="middle",
                      fill=MUTED))
    # the Root Token left of the slots, then the slots in rows of five
    left = cx - 34
    top = cy - 13
    if room.root is not None:
        items.append(Rect(left - 2, top - 2, SLOT + 4, 2 * SLOT + 5, fill=ROOT_FILL,
                          radius=3, id=f"root:{room.id}",
                          title=f"Root Token: {len(room.root.slots)}/2 Instability"))
        for i in range(2):
            owner = room.root.slots[i] if i < len(room.root.slots) else None
            items.append(Rect(left, top + i * (SLOT + 1), SLOT, SLOT,
                              fill=_owner(owner) if owner else "#efebe9", radius=1))
    gx = left + SLOT + 6
    if not room.rebuilt:
        for i in range(room.size):
            owner = room.slots[i] if i < len(room.slots) else None
            x = gx + (i % 5) * (SLOT + 2)
            y = top + (i // 5) * (SLOT + 2)
            items.append(Rect(x, y, SLOT, SLOT, fill=_owner(owner) if owner else "#ffffff",
                              stroke="#95a5a6", stroke_width=0.6, radius=1))
    # models, then Arbor Vitae
    models = state.models_in(room.id)
    for i, mid in enumerate(models):
        x = cx - (len(models) - 1) * 9 + i * 18
        items += _model(state, mid, x, cy + 21)
    for i in range(state.arbor_vitae.count(room.id)):
        x = cx - 6 + i * 14
        items.append(Polygon(((x, cy + 47), (x - 6, cy + 37), (x + 6, cy + 37)),
                             fill="#145a32", title="Arbor Vitae"))
        items.append(Polygon(((x, cy + 31), (x - 6, cy + 41), (x + 6, cy + 41)),
                             fill="#1e8449", title="Arbor Vitae"))
    return items


def _model(state: BRWState, mid: str, x: float, y: float) -> list[Item]:
    model = state.model(mid)
    fill = _owner(mid) if mid != FILIUS else "#a04000"
    title = f"{mid}: {model.damage}/{model.health} Damage"
    return [Circle(x, y, 8, fill=fill, stroke="#ffffff", stroke_width=1.5,
                   id=f"model:{mid}", title=title),
            Text(x, y, _label(state, mid), size=8, anchor="middle", baseline="middle",
                 fill="#ffffff", weight="bold")]


def lodge_scene(state: BRWState, game: BlackRoseWars) -> Scene:
    """The Lodge: Rooms, Cells, Root Tokens, Instability, Models and Arbor Vitae."""
    if not state.rooms:
        return Scene(LODGE_W, 80, (Text(LODGE_W / 2, 40, "The Lodge is not drawn yet",
                                        size=12, anchor="middle", fill=MUTED),))
    places = [(r, to_pixel(Hex(r.q, r.r), HEX, "pointy")) for r in state.rooms]
    cells = [(c, to_pixel(Hex(c.q, c.r), HEX, "pointy")) for c in state.cells]
    xs = [p[0] for _, p in places + cells]
    ys = [p[1] for _, p in places + cells]
    dx = LODGE_W / 2 - (min(xs) + max(xs)) / 2
    dy = HEX + 6 - min(ys)
    height = max(ys) - min(ys) + 2 * HEX + 12
    items: list[Item] = [Rect(0, 0, LODGE_W, height, fill="#f4f6f7", radius=12)]
    at = {r.id: (x + dx, y + dy) for r, (x, y) in places}
    for cell, (x, y) in cells:
        rx, ry = at.get(cell.room, (x + dx, y + dy))
        items.append(Line(x + dx, y + dy, rx, ry, stroke="#7f8c8d", width=3))
    c = game.components
    for room, _ in places:
        x, y = at[room.id]
        try:
            card = c.room(room.id)
            name, colour = card.name, card.colour
        except KeyError:
            name, colour = room.id, "grey"
        items += _room_items(state, room, x, y, name, colour)
    for cell, (x, y) in cells:
        x, y = x + dx, y + dy
        owner = mage_id(cell.seat)
        items.append(Rect(x - 30, y - 22, 60, 44, fill="#fdfefe", stroke=_owner(owner),
                          stroke_width=2, radius=8, id=f"cell:{cell.id}",
                          title=f"{state.mages[cell.seat].name}'s Cell"
                          if cell.seat < len(state.mages) else cell.id))
        items.append(Text(x, y - 13, f"Cell {cell.seat + 1}", size=8, anchor="middle",
                          baseline="middle", fill=MUTED))
        for i, mid in enumerate(state.models_in(cell.id)):
            items += _model(state, mid, x - 9 * (len(state.models_in(cell.id)) - 1) + 18 * i,
                            y + 7)
    return Scene(LODGE_W, height, tuple(items))


def power_scene(state: BRWState, width: float) -> Scene:
    """The Power board: each marker on the track, the Moon cubes and the Black Rose cube."""
    board = state.power_board
    top = max(board.black_rose_cube, *(m.power for m in state.mages), state.avatar.power,
              board.black_rose)
    left, right = 10.0, width - 10
    scale = (right - left) / max(top, 1)
    items: list[Item] = [Rect(0, 0, width, 118, fill="#fbfcfc", stroke="#d5d8dc", radius=8),
                         Text(10, 14, f"Power board: Moon phase {board.moon}", size=11,
                              weight="bold", fill=INK),
                         Line(left, 46, right, 46, stroke="#566573", width=2)]
    for slot, label in ((board.second_moon, "Moon 2"), (board.third_moon, "Moon 3"),
                        (board.black_rose_cube, "Black Rose")):
        x = left + slot * scale
        items.append(Rect(x - 5, 41, 10, 10, fill="#d4ac0d" if label != "Black Rose"
                          else "#17202a", title=f"{label} cube on slot {slot}"))
        items.append(Text(min(x, right - 30), 32, f"{label} {slot}", size=8, anchor="middle",
                          fill=MUTED))
    markers = [(mage_id(i), m.power, m.name) for i, m in enumerate(state.mages)]
    markers += [(AVATAR, state.avatar.power, "Gaea"),
                (BLACK_ROSE, board.black_rose, "Black Rose")]
    seen: dict[int, int] = {}
    for word, power, name in markers:
        k = seen.get(power, 0)
        seen[power] = k + 1
        x = left + power * scale
        items.append(Circle(x + 9 * (k // 4), 58 + 8 * (k % 4), 4, fill=_owner(word),
                            stroke="#ffffff", title=f"{name}: {power} Power Points"))
    mages = "  ".join(f"{name} {power}" for _, power, name in markers[:-2])
    rivals = "  ".join(f"{name} {power}" for _, power, name in markers[-2:])
    items.append(Text(10, 98, fit(mages, width - 20, 9), size=9, fill=INK))
    items.append(Text(10, 111, fit(rivals, width - 20, 9), size=9, fill=INK))
    return Scene(width, 118, tuple(items))


def avatar_scene(state: BRWState, width: float) -> Scene:
    """Gaea's Avatar board: her model, Power Points, Command cards, the Servant slot and
    the pools of Root Tokens and Arbor Vitae."""
    a = state.avatar
    f = a.filius
    lines = [
        f"Gaea: {a.model.damage}/{a.model.health} Damage, Strength {a.model.strength}, "
        f"Speed {a.model.speed}, in {a.model.where or 'no area'}",
        f"Power Points {a.power}; Command deck {len(a.commands)}, discards {len(a.discard)}"
        + (f", playing {a.card}" if a.card else ""),
        f"Servant slot: {a.servant or 'empty'}" + (
            f" (Filius {f.damage}/{f.health} Damage, in {f.where or 'no area: out of the Lodge'})"
            if a.servant else ""),
        f"Root Tokens in the pool: {a.root_pool} of 12",
        f"Arbor Vitae: {len(state.arbor_vitae)} in the Lodge, {a.arbor_pool} in the pool",
    ]
    items: list[Item] = [Rect(0, 0, width, 20 + 14 * len(lines), fill="#eafaf1",
                              stroke="#1e8449", radius=8),
                         Text(10, 14, "Gaea's Avatar board", size=11, weight="bold",
                              fill="#145a32")]
    items += [Text(10, 30 + 14 * i, fit(line, width - 20, 9), size=9, fill=INK)
              for i, line in enumerate(lines)]
    return Scene(width, 20 + 14 * len(lines) + 6, tuple(items))


def mage_scene(state: BRWState, seat: int, width: float) -> Scene:
    """One Mage's panel."""
    m = state.mages[seat]
    task = state.task
    acting = task is not None and task.actor == seat
    crown = " (Crown)" if state.crown == seat else ""
    trophies = ", ".join(m.trophies) or "none"
    lines = [f"in {m.where or 'no area: out of the Lodge'}; {m.damage}/{m.model.health} "
             f"Damage; Power Points {m.power}; Trophies: {trophies}",
             f"prepared: {', '.join(m.prepared) or 'none'}; in hand: "
             f"{', '.join(m.hand) or 'none'}" + ("; passed" if m.passed else "")]
    items: list[Item] = [Rect(0, 0, width, 50, fill=ACTIVE_FILL if acting else "#ffffff",
                              stroke=ACTIVE_STROKE if acting else "#d5d8dc",
                              stroke_width=2 if acting else 1, radius=8),
                         Circle(14, 13, 6, fill=_owner(mage_id(seat))),
                         Text(26, 14, f"{m.name}{crown}", size=11, weight="bold", fill=INK)]
    items += [Text(10, 30 + 13 * i, fit(line, width - 20, 9), size=9, fill=INK)
              for i, line in enumerate(lines)]
    return Scene(width, 52, tuple(items))


def choice_scene(state: BRWState, width: float) -> Scene:
    """The last choice of Gaea or Filius with its decision trace."""
    choice = state.choice
    if choice is None:
        return Scene(width, 0)
    lines = choice.text().split("\n")
    items: list[Item] = [Rect(0, 0, width, 10 + 12 * len(lines), fill="#fef9e7",
                              stroke="#d4ac0d", radius=8)]
    items += [Text(8, 14 + 12 * i, fit(line.strip(), width - 16, 8.5), size=8.5,
                   fill=INK if i else "#7d6608", weight="bold" if i == 0 else "normal")
              for i, line in enumerate(lines)]
    return Scene(width, 14 + 12 * len(lines), tuple(items))


def scene(state: BRWState, *, highlight: Iterable[str] = (), width: int = 1000,
          game: BlackRoseWars | None = None) -> Scene:
    """The whole table; ``highlight`` ids get a gold outline (the Explorer passes the
    targets of the legal actions).

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> st = GAME.scenario({"players": 1})
    >>> plain, lit = scene(st), scene(st, highlight=["room:throne_room", "room:nope"])
    >>> len(lit.items) - len(plain.items), plain.to_svg() == scene(st).to_svg()
    (1, True)
    """
    if game is None:
        from gaia_lab.games.black_rose_wars import GAME

        game = GAME
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    pending = game.pending(state)
    head = (f"Black Rose Wars: Gaea Reborn - round {state.round}, {state.phase} phase - "
            + (pending.text if pending is not None else
               f"the game is over ({state.victory or 'no result'})"))
    parts.append((Scene(inner, 22, (Text(0, 15, fit(head, inner, 13), size=13, weight="bold",
                                         fill=INK),)), MARGIN, MARGIN))
    y = MARGIN + 26
    lodge = lodge_scene(state, game)
    parts.append((lodge, MARGIN, y))
    right_x = MARGIN + LODGE_W + 12
    right_w = width - MARGIN - right_x
    ry = y
    for block in (power_scene(state, right_w), avatar_scene(state, right_w),
                  *(mage_scene(state, i, right_w) for i in range(len(state.mages)))):
        parts.append((block, right_x, ry))
        ry += block.height + 8
    y = max(y + lodge.height, ry) + 8
    trace = choice_scene(state, inner)
    if trace.height:
        parts.append((trace, MARGIN, y))
        y += trace.height + 8
    board = Scene.compose(parts, width, y + MARGIN, background="#ffffff",
                          title=f"Black Rose Wars: Gaea Reborn, round {state.round}")
    return board.with_items(*highlight_items(board, highlight))
