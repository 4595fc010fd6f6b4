"""Scenes: boards and panels as plain data, drawn as SVG, PNG or on a live canvas.

A :class:`Scene` is a width, a height and a tuple of drawing primitives
(:class:`Rect`, :class:`Circle`, :class:`Polygon`, :class:`Line`, :class:`Text`).
Every primitive is a small frozen dataclass. A primitive with an ``id`` is
clickable: :meth:`Scene.hit` maps a point back to the id of the topmost such
primitive, so a click on a board becomes ``"card:fox"`` or ``"hex:3x-1"``.

>>> scene = Scene(120, 60, (
...     Rect(10, 10, 40, 40, fill="#eeeeee", stroke="#333333", id="card:fox",
...          title="Fox"),
...     Text(30, 30, "Fox", size=10, anchor="middle", baseline="middle",
...          id="card:fox"),
...     Circle(90, 30, 15, fill="tomato", id="stone:fox:2"),
... ))
>>> scene.hit(20, 20)
'card:fox'
>>> scene.hit(90, 40)
'stone:fox:2'
>>> scene.hit(70, 5) is None
True
>>> scene.ids()
['card:fox', 'stone:fox:2']

The SVG text is byte-stable: coordinates keep at most two decimals, attributes
come in a fixed order, and nothing depends on hashing.

>>> svg = Scene(10, 10, (Circle(5, 5, 2.5, fill="red", id="a"),)).to_svg()
>>> svg.splitlines()[1:]
['<circle cx="5" cy="5" r="2.5" fill="red" data-id="a"/>', '</svg>']
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar

from gaia_lab.core.values import evolve as replace

if TYPE_CHECKING:  # pragma: no cover
    from PIL import ImageDraw, ImageFont

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

FONT_FAMILY = "DejaVu Sans, Arial, sans-serif"
"""The font stack every renderer asks for."""

Point: TypeAlias = tuple[float, float]
Anchor: TypeAlias = Literal["start", "middle", "end"]
Baseline: TypeAlias = Literal["alphabetic", "middle"]
Bounds: TypeAlias = tuple[float, float, float, float]

#: Share of the font size by which a ``baseline="middle"`` text is moved down
#: so that its capitals sit centred on ``y`` (the same in every renderer).
MIDDLE_SHIFT = 0.35
#: Approximate advance of one character, as a share of the font size.
CHAR_WIDTH = 0.6
#: Scenes at least this wide are drawn as wide as the page gives them (see Scene.to_svg).
FILL_WIDTH = 640.0
#: Half-width of the band around a thin line that still counts as a hit.
LINE_HIT_TOLERANCE = 2.0


# --------------------------------------------------------------------------
# Formatting helpers


def fmt(value: float) -> str:
    """Format a number for SVG: at most two decimals, no trailing zeros.

    >>> [fmt(v) for v in (3, 2.5, 1 / 3, -0.001, 120.0, 1e-9, 2.675)]
    ['3', '2.5', '0.33', '0', '120', '0', '2.67']
    """
    if not math.isfinite(value):
        raise ValueError(f"cannot draw a non-finite coordinate: {value!r}")
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text: str) -> str:
    """Escape text for XML content or a double-quoted attribute.

    >>> escape('Fish & "Chips" <3')
    'Fish &amp; &quot;Chips&quot; &lt;3'
    """
    text = _XML_INVALID.sub("\ufffd", text)
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _paint(colour: str | None) -> str:
    return "none" if colour is None else escape(colour)


def _stroke_attrs(stroke: str | None, width: float) -> str:
    if stroke is None:
        return ""
    return f' stroke="{escape(stroke)}" stroke-width="{fmt(width)}"'


def _common_attrs(opacity: float, classes: tuple[str, ...], id: str | None) -> str:
    out = ""
    if opacity != 1.0:
        out += f' opacity="{fmt(opacity)}"'
    if classes:
        out += f' class="{escape(" ".join(classes))}"'
    if id is not None:
        out += f' data-id="{escape(id)}"'
    return out


def _element(tag: str, attrs: str, title: str | None, content: str = "") -> str:
    inner = (f"<title>{escape(title)}</title>" if title is not None else "") + content
    if not inner:
        return f"<{tag} {attrs}/>"
    return f"<{tag} {attrs}>{inner}</{tag}>"


# --------------------------------------------------------------------------
# Primitives


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle with its top-left corner at (``x``, ``y``).

    ``radius`` rounds the corners (hit-testing ignores the rounding).

    >>> r = Rect(10, 20, 30, 40, fill="#fff", radius=4, id="card:fox")
    >>> r.to_svg()
    '<rect x="10" y="20" width="30" height="40" rx="4" ry="4" fill="#fff" data-id="card:fox"/>'
    >>> r.contains(10, 60), r.contains(41, 30)
    (True, False)
    >>> r.translated(5, -20).bounds()
    (15, 0, 45, 40)
    """

    x: float
    y: float
    w: float
    h: float
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 1.0
    radius: float = 0.0
    id: str | None = None
    title: str | None = None
    opacity: float = 1.0
    classes: tuple[str, ...] = ()

    def translated(self, dx: float, dy: float) -> Rect:
        """This rectangle moved by (``dx``, ``dy``)."""
        return _moved(self, dx, dy)

    def bounds(self) -> Bounds:
        """(left, top, right, bottom)."""
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies inside or on the edge."""
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def to_svg(self) -> str:
        """The SVG element."""
        attrs = f'x="{fmt(self.x)}" y="{fmt(self.y)}" width="{fmt(self.w)}" height="{fmt(self.h)}"'
        if self.radius:
            attrs += f' rx="{fmt(self.radius)}" ry="{fmt(self.radius)}"'
        attrs += f' fill="{_paint(self.fill)}"'
        attrs += _stroke_attrs(self.stroke, self.stroke_width)
        attrs += _common_attrs(self.opacity, self.classes, self.id)
        return _element("rect", attrs, self.title)


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle of radius ``r`` centred on (``cx``, ``cy``).

    >>> c = Circle(50, 50, 10, fill="gold", title="1 VP")
    >>> c.to_svg()
    '<circle cx="50" cy="50" r="10" fill="gold"><title>1 VP</title></circle>'
    >>> c.contains(57, 57), c.contains(58, 58)
    (True, False)
    """

    cx: float
    cy: float
    r: float
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 1.0
    id: str | None = None
    title: str | None = None
    opacity: float = 1.0
    classes: tuple[str, ...] = ()

    def translated(self, dx: float, dy: float) -> Circle:
        """This circle moved by (``dx``, ``dy``)."""
        return _moved(self, dx, dy)

    def bounds(self) -> Bounds:
        """(left, top, right, bottom)."""
        return (self.cx - self.r, self.cy - self.r, self.cx + self.r, self.cy + self.r)

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies inside or on the circle."""
        return (x - self.cx) ** 2 + (y - self.cy) ** 2 <= self.r**2

    def to_svg(self) -> str:
        """The SVG element."""
        attrs = f'cx="{fmt(self.cx)}" cy="{fmt(self.cy)}" r="{fmt(self.r)}"'
        attrs += f' fill="{_paint(self.fill)}"'
        attrs += _stroke_attrs(self.stroke, self.stroke_width)
        attrs += _common_attrs(self.opacity, self.classes, self.id)
        return _element("circle", attrs, self.title)


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon through ``points`` (a hex tile, a triangle marker...).

    >>> p = Polygon(((0, 0), (10, 0), (0, 10)), fill="teal", id="hex:0x0")
    >>> p.to_svg()
    '<polygon points="0,0 10,0 0,10" fill="teal" data-id="hex:0x0"/>'
    >>> p.contains(2, 2), p.contains(8, 8)
    (True, False)
    """

    points: tuple[Point, ...]
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 1.0
    id: str | None = None
    title: str | None = None
    opacity: float = 1.0
    classes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        pts = tuple((float(x), float(y)) for x, y in self.points)
        if len(pts) < 2:
            raise ValueError("a polygon needs at least two points")
        object.__setattr__(self, "points", pts)

    def translated(self, dx: float, dy: float) -> Polygon:
        """This polygon moved by (``dx``, ``dy``)."""
        return replace(self, points=tuple([(x + dx, y + dy) for x, y in self.points]))

    def bounds(self) -> Bounds:
        """(left, top, right, bottom)."""
        xs = [x for x, _ in self.points]
        ys = [y for _, y in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies inside (even-odd rule)."""
        inside = False
        pts = self.points
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside

    def to_svg(self) -> str:
        """The SVG element."""
        pts = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in self.points)
        attrs = f'points="{pts}" fill="{_paint(self.fill)}"'
        attrs += _stroke_attrs(self.stroke, self.stroke_width)
        attrs += _common_attrs(self.opacity, self.classes, self.id)
        return _element("polygon", attrs, self.title)


@dataclass(frozen=True, slots=True)
class Line:
    """A straight segment; ``dash`` is a dash pattern such as ``(4, 2)``.

    >>> ln = Line(0, 0, 100, 0, stroke="grey", width=2, dash=(4, 2))
    >>> ln.to_svg()
    '<line x1="0" y1="0" x2="100" y2="0" stroke="grey" stroke-width="2" stroke-dasharray="4 2"/>'
    >>> ln.contains(50, 1.5), ln.contains(50, 3)
    (True, False)
    """

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 1.0
    dash: tuple[float, ...] | None = None
    id: str | None = None
    title: str | None = None
    opacity: float = 1.0
    classes: tuple[str, ...] = ()

    def translated(self, dx: float, dy: float) -> Line:
        """This segment moved by (``dx``, ``dy``)."""
        return _moved(self, dx, dy)

    def bounds(self) -> Bounds:
        """(left, top, right, bottom)."""
        return (
            min(self.x1, self.x2),
            min(self.y1, self.y2),
            max(self.x1, self.x2),
            max(self.y1, self.y2),
        )

    def contains(self, x: float, y: float) -> bool:
        """Whether the point is within half the width (at least 2 px) of the segment."""
        dx, dy = self.x2 - self.x1, self.y2 - self.y1
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else ((x - self.x1) * dx + (y - self.y1) * dy) / length2
        t = min(1.0, max(0.0, t))
        px, py = self.x1 + t * dx, self.y1 + t * dy
        reach = max(self.width / 2, LINE_HIT_TOLERANCE)
        return (x - px) ** 2 + (y - py) ** 2 <= reach**2

    def to_svg(self) -> str:
        """The SVG element."""
        attrs = f'x1="{fmt(self.x1)}" y1="{fmt(self.y1)}" x2="{fmt(self.x2)}" y2="{fmt(self.y2)}"'
        attrs += _stroke_attrs(self.stroke, self.width)
        if self.dash:
            attrs += f' stroke-dasharray="{" ".join(fmt(d) for d in self.dash)}"'
        attrs += _common_attrs(self.opacity, self.classes, self.id)
        return _element("line", attrs, self.title)


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text.

    ``anchor`` places ``x`` at the start, middle or end of the text.
    ``baseline="alphabetic"`` puts the baseline on ``y``; ``"middle"`` centres
    capitals on ``y`` (handy for a label in a cell). Hit-testing uses an
    approximate box (each character about 0.6 of the font size wide).

    >>> t = Text(50, 20, "Fox & Owl", size=10, anchor="middle")
    >>> t.to_svg()
    '<text x="50" y="20" font-size="10" text-anchor="middle" fill="#000000">Fox &amp; Owl</text>'
    >>> t.bounds()
    (23.0, 12.0, 77.0, 22.0)
    >>> Text(0, 10, "A", size=10, baseline="middle").baseline_y()
    13.5
    """

    x: float
    y: float
    text: str
    size: float = 12.0
    fill: str = "#000000"
    anchor: Anchor = "start"
    weight: str = "normal"
    id: str | None = None
    title: str | None = None
    opacity: float = 1.0
    classes: tuple[str, ...] = ()
    baseline: Baseline = "alphabetic"

    def translated(self, dx: float, dy: float) -> Text:
        """This text moved by (``dx``, ``dy``)."""
        return _moved(self, dx, dy)

    def baseline_y(self) -> float:
        """The y of the alphabetic baseline every renderer draws on."""
        if self.baseline == "middle":
            return self.y + MIDDLE_SHIFT * self.size
        return self.y

    def bounds(self) -> Bounds:
        """Approximate (left, top, right, bottom) of the drawn text."""
        width = CHAR_WIDTH * self.size * len(self.text)
        left = {"start": self.x, "middle": self.x - width / 2, "end": self.x - width}[self.anchor]
        base = self.baseline_y()
        return (left, base - 0.8 * self.size, left + width, base + 0.2 * self.size)

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies in the approximate text box."""
        left, top, right, bottom = self.bounds()
        return left <= x <= right and top <= y <= bottom

    @property
    def bold(self) -> bool:
        """Whether ``weight`` asks for a bold face."""
        w = self.weight.strip().lower()
        return w in ("bold", "bolder") or (w.isdigit() and int(w) >= 600)

    def to_svg(self) -> str:
        """The SVG element."""
        attrs = f'x="{fmt(self.x)}" y="{fmt(self.baseline_y())}" font-size="{fmt(self.size)}"'
        if self.weight != "normal":
            attrs += f' font-weight="{escape(self.weight)}"'
        if self.anchor != "start":
            attrs += f' text-anchor="{self.anchor}"'
        attrs += f' fill="{escape(self.fill)}"'
        attrs += _common_attrs(self.opacity, self.classes, self.id)
        return _element("text", attrs, self.title, escape(self.text))


Item: TypeAlias = Rect | Circle | Polygon | Line | Text
"""Any drawing primitive."""

_ITEM_TYPES = (Rect, Circle, Polygon, Line, Text)
_I = TypeVar("_I", Rect, Circle, Line, Text)


_SHIFTS: dict[type, dict[str, str]] = {
    Rect: {"x": " + dx", "y": " + dy"},
    Circle: {"cx": " + dx", "cy": " + dy"},
    Line: {"x1": " + dx", "y1": " + dy", "x2": " + dx", "y2": " + dy"},
    Text: {"x": " + dx", "y": " + dy"},
}
_MOVERS: dict[type, Callable[[Any, float, float], Any]] = {}


def _moved(item: _I, dx: float, dy: float) -> _I:
    """A copy of ``item`` (a Rect, Circle, Line or Text) moved by (``dx``, ``dy``)."""
    mover = _MOVERS.get(type(item))
    if mover is None:
        mover = _MOVERS[type(item)] = _mover(type(item))
    moved: _I = mover(item, dx, dy)
    return moved


def _mover(cls: type) -> Callable[[Any, float, float], Any]:
    """A function ``(item, dx, dy)`` copying a ``cls`` item with its position shifted.

    Written out field by field, as dataclasses write their own methods: a redraw
    moves every item of a board, and this is several times faster than a generic
    copy.
    """
    shifts = next(v for base, v in _SHIFTS.items() if issubclass(cls, base))
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def move(o, dx, dy):", "    n = _new(_cls)"]
    for field in fields(cls):
        name = field.name
        env[f"_set_{name}"] = getattr(cls, name).__set__
        lines.append(f"    _set_{name}(n, o.{name}{shifts.get(name, '')})")
    lines.append("    return n")
    exec("\n".join(lines), env)  # code built from the class's own field names
    mover: Callable[[Any, float, float], Any] = env["move"]
    return mover


# --------------------------------------------------------------------------
# Scene


@dataclass(frozen=True, slots=True)
class Scene:
    """A picture as data: items are drawn in order, later ones on top.

    >>> board = Scene(100, 50, (Rect(0, 0, 50, 50, fill="green", id="cell:a"),))
    >>> panel = Scene(60, 50, (Text(4, 20, "Score 12"),), background="#f4f4f4")
    >>> both = Scene.stack(board, panel, gap=10, direction="horizontal")
    >>> both.width, both.height
    (170, 50)
    >>> both.hit(25, 25), both.hit(115, 10)
    ('cell:a', None)
    >>> both.find("cell:a") == board.items[0]
    True
    """

    width: float
    height: float
    items: tuple[Item, ...] = ()
    background: str | None = None
    title: str | None = None

    def __post_init__(self) -> None:
        items = tuple(self.items)
        for item in items:
            if not isinstance(item, _ITEM_TYPES):
                raise TypeError(f"not a scene item: {item!r}")
        object.__setattr__(self, "items", items)

    # ---- queries

    def ids(self) -> list[str]:
        """The distinct ids, in drawing order of their first item."""
        seen: dict[str, None] = {}
        for item in self.items:
            if item.id is not None:
                seen.setdefault(item.id)
        return list(seen)

    def find(self, id: str) -> Item | None:
        """The first (bottom-most) item with this id, or None."""
        for item in self.items:
            if item.id == id:
                return item
        return None

    def first_items(self) -> dict[str, Item]:
        """The first (bottom-most) item of each id, from one pass over the items: what
        :meth:`find` answers, for looking up many ids.

        >>> s = Scene(9, 9, (Rect(0, 0, 2, 2, id="a"), Rect(5, 5, 2, 2, id="a")))
        >>> s.first_items()["a"] is s.find("a") is s.items[0]
        True
        """
        return {item.id: item for item in reversed(self.items) if item.id is not None}

    def find_all(self, id: str) -> tuple[Item, ...]:
        """Every item with this id, in drawing order."""
        return tuple(item for item in self.items if item.id == id)

    def item_at(self, x: float, y: float) -> Item | None:
        """The topmost item with an id that contains the point, or None."""
        for item in reversed(self.items):
            if item.id is not None and item.contains(x, y):
                return item
        return None

    def hit(self, x: float, y: float) -> str | None:
        """The id of the topmost item with an id containing the point, or None.

        Items without an id (decoration, labels) never block a hit.

        >>> s = Scene(20, 20, (Rect(0, 0, 20, 20, id="under"),
        ...                    Circle(10, 10, 5, id="over"),
        ...                    Rect(0, 0, 20, 20, fill=None)))
        >>> s.hit(10, 10), s.hit(1, 1), s.hit(30, 30)
        ('over', 'under', None)
        """
        item = self.item_at(x, y)
        return None if item is None else item.id

    # ---- building

    def with_items(self, *items: Item) -> Scene:
        """This scene with ``items`` drawn on top (e.g. highlights)."""
        return replace(self, items=self.items + items)

    def translated(self, dx: float, dy: float) -> Scene:
        """Every item moved by (``dx``, ``dy``); the size stays the same."""
        return replace(self, items=tuple(i.translated(dx, dy) for i in self.items))

    def placed_items(self, dx: float, dy: float) -> tuple[Item, ...]:
        """The items as they appear when this scene is placed at (dx, dy).

        The background becomes a rectangle without an id underneath.
        """
        items = self.items if dx == 0 and dy == 0 else tuple(
            i.translated(dx, dy) for i in self.items)
        if self.background is not None:
            items = (Rect(dx, dy, self.width, self.height, fill=self.background),) + items
        return items

    @classmethod
    def _of_checked(cls, width: float, height: float, items: tuple[Item, ...],
                    background: str | None, title: str | None) -> Scene:
        """A scene of items that already belong to scenes (so were checked once)."""
        new = object.__new__(cls)
        for name, value in (("width", width), ("height", height), ("items", items),
                            ("background", background), ("title", title)):
            object.__setattr__(new, name, value)
        return new

    @classmethod
    def compose(
        cls,
        parts: Iterable[tuple[Scene, float, float]],
        width: float | None = None,
        height: float | None = None,
        background: str | None = None,
        title: str | None = None,
    ) -> Scene:
        """One scene made of ``(scene, dx, dy)`` parts, each moved by its offset.

        The size defaults to the smallest one that holds every part. Ids are
        kept as they are, so give parts distinct ids (``"p0:card:fox"``...).

        >>> a = Scene(10, 10, (Rect(0, 0, 10, 10, id="a"),))
        >>> s = Scene.compose([(a, 0, 0), (a.translated(0, 0), 20, 5)])
        >>> s.width, s.height, [i.bounds() for i in s.items]
        (30, 15, [(0, 0, 10, 10), (20, 5, 30, 15)])
        """
        parts = list(parts)
        items: list[Item] = []
        for scene, dx, dy in parts:
            items.extend(scene.placed_items(dx, dy))
        if width is None:
            width = max((s.width + dx for s, dx, _ in parts), default=0)
        if height is None:
            height = max((s.height + dy for s, _, dy in parts), default=0)
        return cls._of_checked(width, height, tuple(items), background, title)

    @classmethod
    def stack(
        cls,
        *scenes: Scene,
        gap: float = 0,
        direction: Literal["vertical", "horizontal"] = "vertical",
        align: Literal["start", "middle", "end"] = "start",
        background: str | None = None,
        title: str | None = None,
    ) -> Scene:
        """Scenes placed one after another, top to bottom or left to right.

        ``align`` places narrower (or shorter) scenes across the stack.

        >>> a, b = Scene(40, 10), Scene(20, 30)
        >>> s = Scene.stack(a, b, gap=5, align="middle")
        >>> s.width, s.height
        (40, 45)
        """
        across = max(
            (s.width if direction == "vertical" else s.height for s in scenes),
            default=0,
        )
        parts: list[tuple[Scene, float, float]] = []
        along: float = 0
        for i, scene in enumerate(scenes):
            if i:
                along += gap
            size = scene.width if direction == "vertical" else scene.height
            offset = {"start": 0.0, "middle": (across - size) / 2, "end": across - size}[align]
            if direction == "vertical":
                parts.append((scene, offset, along))
                along += scene.height
            else:
                parts.append((scene, along, offset))
                along += scene.width
        if direction == "vertical":
            return cls.compose(parts, across, along, background, title)
        return cls.compose(parts, along, across, background, title)

    # ---- SVG

    def to_svg(self) -> str:
        """The scene as an SVG document (byte-stable: same scene, same bytes).

        A scene at least :data:`FILL_WIDTH` wide (a board) takes the width it is
        given, keeping its shape (``width="100%"`` and its viewBox): in a notebook
        it fits the output cell, however wide. A smaller one keeps its size.

        >>> Scene(800, 400).to_svg().split()[2:4]
        ['width="100%"', 'viewBox="0']
        >>> Scene(80, 40).to_svg().split()[2:4]
        ['width="80"', 'height="40"']
        """
        if self.width >= FILL_WIDTH:  # a board: as wide as the page or cell gives it
            size = 'width="100%" '
        else:
            size = f'width="{fmt(self.width)}" height="{fmt(self.height)}" '
        lines = [
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f"{size}"
            f'viewBox="0 0 {fmt(self.width)} {fmt(self.height)}" '
            f'font-family="{FONT_FAMILY}">'
        ]
        if self.title is not None:
            lines.append(f"<title>{escape(self.title)}</title>")
        if self.background is not None:
            lines.append(
                f'<rect x="0" y="0" width="{fmt(self.width)}" height="{fmt(self.height)}"'
                f' fill="{escape(self.background)}"/>'
            )
        lines.extend(item.to_svg() for item in self.items)
        lines.append("</svg>")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    # ---- PNG

    def to_png(self, scale: float = 1.0) -> bytes:
        """The scene as PNG bytes drawn with Pillow (an approximation of the SVG).

        The image is ``round(width * scale)`` by ``round(height * scale)`` pixels.

        >>> png = Scene(40, 20, (Circle(10, 10, 8, fill="red"),)).to_png(scale=2)
        >>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
        True
        """
        return _to_png(self, scale)


# --------------------------------------------------------------------------
# Pillow renderer

_SUPERSAMPLE = 2
_RGBA: TypeAlias = tuple[int, int, int, int]


def _rgba(colour: str | None, opacity: float) -> _RGBA | None:
    from PIL import ImageColor

    if colour is None or colour.strip().lower() in ("none", "transparent"):
        return None
    try:
        rgb = ImageColor.getrgb(colour.strip())
    except ValueError:
        rgb = (0, 0, 0)
    alpha = rgb[3] if len(rgb) == 4 else 255
    return (rgb[0], rgb[1], rgb[2], round(alpha * max(0.0, min(1.0, opacity))))


@lru_cache(maxsize=64)
def _font(px: int, bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from PIL import ImageFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(name, px)
    except OSError:
        pass
    try:
        return ImageFont.truetype("DejaVuSans.ttf", px)
    except OSError:
        return ImageFont.load_default(px)


def _dashes(
    x1: float, y1: float, x2: float, y2: float, pattern: Sequence[float]
) -> list[tuple[float, float, float, float]]:
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0 or not pattern or sum(pattern) <= 0:
        return [(x1, y1, x2, y2)]
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    out: list[tuple[float, float, float, float]] = []
    pos, i = 0.0, 0
    while pos < length:
        step = max(pattern[i % len(pattern)], 0.0)
        end = min(pos + step, length)
        if i % 2 == 0 and end > pos:
            out.append((x1 + ux * pos, y1 + uy * pos, x1 + ux * end, y1 + uy * end))
        pos, i = end, i + 1
    return out


def _draw_item(draw: ImageDraw.ImageDraw, item: Item, k: float) -> None:
    from PIL import ImageFont

    def pt(x: float, y: float) -> tuple[float, float]:
        return (x * k, y * k)

    def width(w: float) -> int:
        return max(1, round(w * k))

    if isinstance(item, Rect):
        fill = _rgba(item.fill, item.opacity)
        outline = _rgba(item.stroke, item.opacity)
        box = (*pt(item.x, item.y), *pt(item.x + item.w, item.y + item.h))
        radius = min(item.radius, item.w / 2, item.h / 2) * k
        draw.rounded_rectangle(
            box, radius=radius, fill=fill, outline=outline, width=width(item.stroke_width)
        )
    elif isinstance(item, Circle):
        fill = _rgba(item.fill, item.opacity)
        outline = _rgba(item.stroke, item.opacity)
        box = (*pt(item.cx - item.r, item.cy - item.r), *pt(item.cx + item.r, item.cy + item.r))
        draw.ellipse(box, fill=fill, outline=outline, width=width(item.stroke_width))
    elif isinstance(item, Polygon):
        fill = _rgba(item.fill, item.opacity)
        outline = _rgba(item.stroke, item.opacity)
        pts = [pt(x, y) for x, y in item.points]
        if fill is not None:
            draw.polygon(pts, fill=fill)
        if outline is not None:
            draw.line(pts + pts[:1], fill=outline, width=width(item.stroke_width), joint="curve")
    elif isinstance(item, Line):
        colour = _rgba(item.stroke, item.opacity)
        if colour is not None:
            for x1, y1, x2, y2 in _dashes(item.x1, item.y1, item.x2, item.y2, item.dash or ()):
                draw.line((*pt(x1, y1), *pt(x2, y2)), fill=colour, width=width(item.width))
    else:
        colour = _rgba(item.fill, item.opacity)
        if colour is None or not item.text:
            return
        font = _font(max(1, round(item.size * k)), item.bold)
        x, y = pt(item.x, item.baseline_y())
        if isinstance(font, ImageFont.FreeTypeFont):
            anchor = {"start": "ls", "middle": "ms", "end": "rs"}[item.anchor]
            draw.text((x, y), item.text, fill=colour, font=font, anchor=anchor)
        else:  # bitmap fallback font: no anchors, place its top-left corner
            w = draw.textlength(item.text, font=font)
            x -= {"start": 0.0, "middle": w / 2, "end": w}[item.anchor]
            draw.text((x, y - item.size * k * 0.8), item.text, fill=colour, font=font)


def _translucent(item: Item) -> bool:
    if item.opacity < 1.0:
        return True
    paints: tuple[str | None, ...]
    if isinstance(item, Line):
        paints = (item.stroke,)
    elif isinstance(item, Text):
        paints = (item.fill,)
    else:
        paints = (item.fill, item.stroke)
    for paint in paints:
        rgba = _rgba(paint, 1.0)
        if rgba is not None and rgba[3] < 255:
            return True
    return False


def _to_png(scene: Scene, scale: float) -> bytes:
    from PIL import Image, ImageDraw

    if scale <= 0:
        raise ValueError("scale must be positive")
    size = (max(1, round(scene.width * scale)), max(1, round(scene.height * scale)))
    big = (size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE)
    k = scale * _SUPERSAMPLE
    background = _rgba(scene.background, 1.0) or (255, 255, 255, 0)
    image = Image.new("RGBA", big, background)
    draw = ImageDraw.Draw(image)
    for item in scene.items:
        if _translucent(item):
            layer = Image.new("RGBA", big, (0, 0, 0, 0))
            _draw_item(ImageDraw.Draw(layer), item, k)
            image.alpha_composite(layer)
        else:
            _draw_item(draw, item, k)
    out = io.BytesIO()
    image.resize(size, Image.Resampling.LANCZOS).save(out, format="PNG")
    return out.getvalue()
