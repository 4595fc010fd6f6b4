"""Drawing: boards and panels as :class:`Scene` data, shown as SVG, PNG or a live canvas.

:func:`scene` draws the table of any game state that has a layout (Animals
Gathering in :mod:`gaia_lab.render.animals_gathering`, Shapers of Gaia in
:mod:`gaia_lab.render.shapers_of_gaia`); the shapes a Scene is made of live in
:mod:`gaia_lab.render.shapes`.

The live canvas (:class:`gaia_lab.render.canvas.BoardCanvas`) lives in
:mod:`gaia_lab.render.canvas`, the only module here that imports ipycanvas.
"""

from __future__ import annotations

import importlib
from typing import Any

from gaia_lab.render.shapes import (
    FONT_FAMILY,
    Anchor,
    Baseline,
    Circle,
    Item,
    Line,
    Point,
    Polygon,
    Rect,
    Scene,
    Text,
)

__all__ = [
    "FONT_FAMILY",
    "Anchor",
    "Baseline",
    "Circle",
    "Item",
    "Line",
    "Point",
    "Polygon",
    "Rect",
    "Scene",
    "Text",
    "scene",
]


def scene(state: object, **kw: Any) -> Scene:
    """The board of ``state`` as a :class:`Scene`, drawn by its game's layout.

    Keyword arguments go to the layout (``highlight``, ``viewer``, ``width``...).

    >>> from gaia_lab import examples
    >>> board = scene(examples("animals_gathering")[0].start().state, width=1000)
    >>> board.width, "card:fox" in board.ids()
    (1000, True)
    >>> "space:V" in scene(examples("shapers_of_gaia")[0].start().state).ids()
    True
    >>> from gaia_lab.games.gaia_project import GAME
    >>> "hex:10C" in scene(GAME.new_initial_state(4, 0)).ids()
    True
    >>> scene("not a state")
    Traceback (most recent call last):
    ...
    TypeError: no board layout for str
    """
    parts = type(state).__module__.split(".")
    if len(parts) >= 3 and parts[:2] == ["gaia_lab", "games"]:
        try:
            layout = importlib.import_module(f"gaia_lab.render.{parts[2]}")
        except ModuleNotFoundError:
            layout = None
        if layout is not None:
            board: Scene = layout.scene(state, **kw)
            return board
    raise TypeError(f"no board layout for {type(state).__name__}")
