"""Drawing: boards and panels as :class:`Scene` data, shown as SVG, PNG or a live canvas.

:func:`scene` draws the table of any state whose game registered a board layout
(:mod:`gaia_lab.core.registry`; the built-in layouts are
:mod:`gaia_lab.render.animals_gathering`, :mod:`gaia_lab.render.shapers_of_gaia` and
:mod:`gaia_lab.render.gaia_project`); the shapes a Scene is made of live in
:mod:`gaia_lab.render.shapes`.

The live canvas (:class:`gaia_lab.render.canvas.BoardCanvas`) lives in
:mod:`gaia_lab.render.canvas`, the only module here that needs a widget library (anywidget).
"""

from __future__ import annotations

from typing import Any

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.registry import layout_of
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
    """The board of ``state`` as a :class:`Scene`, drawn by its game's registered layout.

    The game is the registered one whose state type ``state`` is
    (:func:`gaia_lab.core.registry.layout_of`); keyword arguments go to the layout
    (``highlight``, ``viewer``, ``width``...).

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
    gaia_lab.core.registry.NoLayoutError: no board layout for str: not the state of ...
    """
    board = layout_of(state)(state, **kw)
    if not isinstance(board, Scene):
        raise GaiaLabError(f"the board layout of {type(state).__name__} returned a "
                           f"{type(board).__name__}, not a Scene")
    return board
