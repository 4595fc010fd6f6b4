"""Drawing: boards and panels as :class:`Scene` data, shown as SVG, PNG or a live canvas.

The live canvas (:class:`gaia_lab.render.canvas.BoardCanvas`) lives in
:mod:`gaia_lab.render.canvas`, the only module here that imports ipycanvas.
"""

from gaia_lab.render.scene import (
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
]
