"""The Gaea Hunt Mission's Battlefield as a Scene: squares (ids ``square:c2``), Scenic
Elements (Trees), and Models (ids ``model:gaea``), a Large Model over its whole block.

>>> from gaia_lab.games.black_rose_wars.hunt import DRILL, GAME
>>> board = scene(GAME.scenario(DRILL), highlight=["model:gaea"])
>>> "square:a1" in board.ids() and "model:gaea" in board.ids()
True
"""

from __future__ import annotations

from collections.abc import Iterable

from gaia_lab.games.black_rose_wars.hunt import HuntState
from gaia_lab.games.black_rose_wars.large_models import label
from gaia_lab.render.shapes import Circle, Item, Rect, Scene, Text

__all__ = ["scene"]

_GOLD = "#c9a227"


def scene(state: HuntState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = 480) -> Scene:
    """The Battlefield: ``highlight`` ids get a gold outline."""
    field = state.field
    lit = set(highlight)
    cell = min(60.0, (width - 20) / field.width)
    items: list[Item] = []
    for y in range(field.height):
        for x in range(field.width):
            sid = f"square:{label((x, y))}"
            tree = (x, y) in field.scenic
            items.append(Rect(10 + x * cell, 10 + y * cell, cell, cell,
                              fill="#6b8e23" if tree else "#efe8d8",
                              stroke=_GOLD if sid in lit else "#9a8f7a",
                              stroke_width=3 if sid in lit else 1, id=sid,
                              title=f"{label((x, y))}" + (" (Tree)" if tree else "")))
            if tree:
                items.append(Text(10 + (x + 0.5) * cell, 10 + (y + 0.5) * cell, "Tree",
                                  size=cell / 5, anchor="middle", baseline="middle",
                                  fill="#ffffff"))
    for m in field.models:
        mid = f"model:{m.id}"
        x, y = m.anchor
        title = f"{m.id}: Damage {m.damage}/{m.health}, Speed {m.speed}"
        stroke = _GOLD if mid in lit else "#333333"
        if m.large:
            items.append(Rect(10 + x * cell + 4, 10 + y * cell + 4, m.size * cell - 8,
                              m.size * cell - 8, fill="#2e7d32", stroke=stroke,
                              stroke_width=4 if mid in lit else 2, radius=10, id=mid,
                              title=title))
        else:
            items.append(Circle(10 + (x + 0.5) * cell, 10 + (y + 0.5) * cell, cell * 0.35,
                                fill="#8d6e63" if m.id.startswith("i") else "#1565c0",
                                stroke=stroke, stroke_width=4 if mid in lit else 2, id=mid,
                                title=title))
        items.append(Text(10 + (x + m.size / 2) * cell, 10 + (y + m.size / 2) * cell,
                          f"{m.id} {m.damage}/{m.health}", size=cell / 5, anchor="middle",
                          baseline="middle", fill="#ffffff", weight="bold"))
    height = 20 + field.height * cell + 24
    items.append(Text(10, height - 8, f"actions left: {state.actions}", size=13))
    return Scene(width, height, tuple(items))
