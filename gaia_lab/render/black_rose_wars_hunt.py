"""The Gaea Hunt Mission's Battlefield as a Scene: squares (ids ``square:c2``), Scenic
Elements (Trees), and Models (ids ``model:gaea``), a Large Model over its whole block.

Squares are named as in the drill's notation (:func:`~gaia_lab.games.black_rose_wars.
large_models.label`): a column letter along the top and bottom edges, a row number along
the left and right edges, ``a1`` top left, and each free square carries its name in its
corner.  A key beside the Battlefield (under it when the width is short) lists every Model
with the squares it stands on, its Damage, Health and Speed.

>>> from gaia_lab.games.black_rose_wars.hunt import DRILL, GAME
>>> board = scene(GAME.scenario(DRILL), highlight=["model:gaea"])
>>> "square:a1" in board.ids() and "model:gaea" in board.ids()
True
>>> sorted({i.text for i in board.items if getattr(i, "text", "") in ("a", "f", "1", "4")})
['1', '4', 'a', 'f']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from gaia_lab.games.black_rose_wars.hunt import HuntState
from gaia_lab.games.black_rose_wars.large_models import Model, label
from gaia_lab.render.layout import INK, MUTED, wrap
from gaia_lab.render.shapes import Anchor, Circle, Item, Rect, Scene, Text

__all__ = ["model_name", "scene"]

_GOLD: Final = "#c9a227"
_EDGE: Final = 22.0
"""The band around the squares holding the coordinates."""
CELL_MAX: Final = 80.0
KEY_W: Final = 300.0
"""The narrowest key beside the Battlefield."""
TEXT: Final = 10.0
"""The smallest text on the board."""


def model_name(model: Model) -> str:
    """What a Model is, in words: ``Gaea``, a Hero (``h1``) or an imp (``i1``).

    >>> model_name(Model("gaea", (0, 0), size=2)), model_name(Model("h1", (0, 0)))
    ('Gaea (Large Model)', 'Hero')
    """
    if model.large:
        return f"{model.id[:1].upper()}{model.id[1:]} (Large Model)"
    return {"h": "Hero", "i": "imp"}.get(model.id[:1], "Model")


def _squares(model: Model) -> str:
    squares = sorted(model.squares(), key=lambda q: (q[1], q[0]))
    if len(squares) == 1:
        return f"on {label(squares[0])}"
    return f"over {label(squares[0])}-{label(squares[-1])}"


def _key(state: HuntState, width: float) -> Scene:
    """Each Model with its squares and values, the Trees and the actions left."""
    chars = int((width - 12) / (0.62 * 11))
    lines: list[tuple[str, float, str]] = [
        ("Squares: column letter, row number (a1 top left)", TEXT, MUTED)]
    for m in state.field.models:
        text = (f"{m.id}: {model_name(m)} {_squares(m)}, Damage {m.damage}/{m.health}, "
                f"Speed {m.speed}")
        lines += [(part, 11.0, INK) for part in wrap(text, chars, 9)]
    trees = ", ".join(label(q) for q in sorted(state.field.scenic, key=lambda q: (q[1], q[0])))
    if trees:
        lines += [(part, 11.0, INK) for part in wrap(f"Trees (Scenic Elements): {trees}", chars,
                                                     9)]
    items: list[Item] = [Text(0, 15, f"actions left: {state.actions}", size=13,
                              weight="bold", fill=INK)]
    y = 34.0
    for text, size, ink in lines:
        items.append(Text(0, y, text, size=size, fill=ink))
        y += size + 5
    return Scene(width, y, tuple(items))


def scene(state: HuntState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = 480) -> Scene:
    """The Battlefield with its coordinates and key: ``highlight`` ids get a gold outline."""
    field = state.field
    lit = set(highlight)
    room = width - 20 - 2 * _EDGE
    beside = (room - KEY_W - 16) / field.width >= 40
    cell = min(CELL_MAX, (room - (KEY_W + 16 if beside else 0)) / field.width)
    x0, y0 = 10 + _EDGE, 10 + _EDGE
    size = min(13.0, max(TEXT, cell / 5))
    items: list[Item] = []
    for x in range(field.width):  # column letters above and below
        cx = x0 + (x + 0.5) * cell
        for y in (y0 - 7, y0 + field.height * cell + 16):
            items.append(Text(cx, y, label((x, 0))[0], size=12, weight="bold",
                              anchor="middle", fill=MUTED))
    for y in range(field.height):  # row numbers left and right
        cy = y0 + (y + 0.5) * cell
        edges: tuple[tuple[float, Anchor], ...] = ((x0 - 6, "end"),
                                                   (x0 + field.width * cell + 6, "start"))
        for ex, anchor in edges:
            items.append(Text(ex, cy, str(y + 1), size=12, weight="bold", anchor=anchor,
                              baseline="middle", fill=MUTED))
    covered = {q for m in field.models for q in m.squares()}
    for y in range(field.height):
        for x in range(field.width):
            name = label((x, y))
            sid = f"square:{name}"
            tree = (x, y) in field.scenic
            left, top = x0 + x * cell, y0 + y * cell
            items.append(Rect(left, top, cell, cell,
                              fill="#6b8e23" if tree else "#efe8d8",
                              stroke=_GOLD if sid in lit else "#9a8f7a",
                              stroke_width=3 if sid in lit else 1, id=sid,
                              title=name + (" (Tree)" if tree else "")))
            if tree:
                items.append(Text(left + cell / 2, top + cell / 2 + 4, "Tree", size=size,
                                  anchor="middle", baseline="middle", fill="#ffffff"))
            if (x, y) not in covered and cell >= 36:
                items.append(Text(left + 3, top + 12, name, size=TEXT,
                                  fill="#ffffff" if tree else "#8a7f6a"))
    for m in field.models:
        mid = f"model:{m.id}"
        x, y = m.anchor
        title = (f"{m.id}: {model_name(m)} {_squares(m)}, Damage {m.damage}/{m.health}, "
                 f"Speed {m.speed}")
        stroke = _GOLD if mid in lit else "#333333"
        cx, cy = x0 + (x + m.size / 2) * cell, y0 + (y + m.size / 2) * cell
        if m.large:
            items.append(Rect(x0 + x * cell + 4, y0 + y * cell + 4, m.size * cell - 8,
                              m.size * cell - 8, fill="#2e7d32", stroke=stroke,
                              stroke_width=4 if mid in lit else 2, radius=10, id=mid,
                              title=title))
        else:
            items.append(Circle(cx, cy, cell * 0.35, fill="#8d6e63" if m.id.startswith("i")
                                else "#1565c0", stroke=stroke,
                                stroke_width=4 if mid in lit else 2, id=mid, title=title))
        items.append(Text(cx, cy - size * 0.55, m.id, size=size, anchor="middle",
                          baseline="middle", fill="#ffffff", weight="bold"))
        items.append(Text(cx, cy + size * 0.75, f"{m.damage}/{m.health}", size=size,
                          anchor="middle", baseline="middle", fill="#ffffff"))
    bottom = y0 + field.height * cell + _EDGE + 4
    if beside:
        key_x = x0 + field.width * cell + _EDGE + 16
        key = _key(state, width - 10 - key_x)
        parts = [(key, key_x, y0)]
        height = max(bottom, y0 + key.height) + 6
    else:
        key = _key(state, width - 20)
        parts = [(key, 10.0, bottom)]
        height = bottom + key.height + 6
    picture = (f"Hunt Battlefield, {field.width} by {field.height} squares, "
               f"{state.actions} actions left")
    return Scene.compose([(Scene(width, height, tuple(items)), 0, 0), *parts], width, height,
                         title=picture)
