"""Drawing: boards and panels as :class:`Scene` data, shown as SVG, PNG or a live canvas.

:func:`scene` draws the table of any game state that has a layout (Animals
Gathering in :mod:`gaia_lab.render.animals_gathering`, Shapers of Gaia in
:mod:`gaia_lab.render.shapers_of_gaia`); the shapes a Scene is made of live in
:mod:`gaia_lab.render.shapes`.

The live canvas (:class:`gaia_lab.render.canvas.BoardCanvas`) lives in
:mod:`gaia_lab.render.canvas`, the only module here that imports ipycanvas.
"""

from __future__ import annotations

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
    >>> scene("not a state")
    Traceback (most recent call last):
    ...
    TypeError: no board layout for str
    """
    from gaia_lab.games.animals_gathering.state import AGState

    if isinstance(state, AGState):
        from gaia_lab.render.animals_gathering import scene as animals_gathering_scene

        return animals_gathering_scene(state, **kw)
    from gaia_lab.games.shapers_of_gaia.state import SGState

    if isinstance(state, SGState):
        from gaia_lab.render.shapers_of_gaia import scene as shapers_of_gaia_scene

        return shapers_of_gaia_scene(state, **kw)
    raise TypeError(f"no board layout for {type(state).__name__}")
