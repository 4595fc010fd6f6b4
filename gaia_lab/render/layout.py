"""What the game renderers share: the palette of ink and highlights, and small text and
layout helpers for :class:`~gaia_lab.render.shapes.Scene` drawings."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, Final, TypeVar

from gaia_lab.render.shapes import CHAR_WIDTH, Circle, Item, Point, Polygon, Rect, Scene

__all__ = [
    "ACTIVE_FILL",
    "ACTIVE_STROKE",
    "GOLD",
    "INK",
    "MARGIN",
    "MUTED",
    "Parts",
    "centre",
    "fit",
    "highlight_items",
    "kept",
    "light",
    "text_width",
    "wrap",
]

INK: Final = "#2b2b2b"
"""Text and outlines."""
MUTED: Final = "#6b6b6b"
"""Secondary text."""
GOLD: Final = "#f0b400"
"""Highlights: legal targets, the active player."""
ACTIVE_FILL: Final = "#fff6d6"
ACTIVE_STROKE: Final = "#d99a00"
"""The panel of the player to act."""
MARGIN: Final = 10.0
"""Space around a drawing, in pixels."""


def fit(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` at font ``size``.

    >>> fit("Hummingbird", 40, 10)
    'Hummi…'
    >>> fit("Owl", 40, 10)
    'Owl'
    """
    room = int(width / (CHAR_WIDTH * size))
    if len(text) <= room:
        return text
    return text[: max(0, room - 1)].rstrip() + "…"


def wrap(text: str, chars: int, lines: int) -> tuple[str, ...]:
    """``text`` broken into at most ``lines`` lines of ``chars`` characters.

    >>> wrap("take 1 card from the communal supply area", 16, 2)
    ('take 1 card from', 'the communal…')
    """
    words = text.split()
    out: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if len(trial) <= chars or not current:
            current = trial
            continue
        out.append(current)
        current = word
    if current:
        out.append(current)
    if len(out) > lines:
        last = out[lines - 1]
        out = out[: lines - 1] + [(last if len(last) < chars else last[: chars - 1]) + "…"]
    return tuple(out)


def text_width(text: str, size: float) -> float:
    """The approximate drawn width of ``text``.

    >>> text_width("abcd", 10)
    24.0
    """
    return CHAR_WIDTH * size * len(text)


def light(colour: str) -> bool:
    """Whether a ``#rrggbb`` colour is too light to draw a line with on white.

    >>> light("#f4f1e8"), light("#2b7bd6")
    (True, False)
    """
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 200


def centre(board: Scene, id: str) -> Point:
    """The centre of the first item with this id (raises KeyError if none).

    >>> centre(Scene(10, 10, (Rect(2, 2, 4, 6, id="a"),)), "a")
    (4.0, 5.0)
    """
    item = board.find(id)
    if item is None:
        raise KeyError(id)
    left, top, right, bottom = item.bounds()
    return ((left + right) / 2, (top + bottom) / 2)


@lru_cache(maxsize=4096)
def _gold_polygon(points: tuple[Point, ...], width: float) -> Polygon:
    """The gold outline of a polygon (drawn once per shape: a board highlights the same
    hexes move after move)."""
    return Polygon(points, fill=None, stroke=GOLD, stroke_width=width, classes=("highlight",))


def highlight_items(board: Scene, ids: Iterable[str], *, width: float = 4.0,
                    pad: float = 3.0, radius: float = 7.0,
                    follow: tuple[type[Item], ...] = (Polygon, Circle)) -> tuple[Item, ...]:
    """Thick gold outlines around the first item of each id (unknown ids are skipped):
    polygons and circles among ``follow`` are outlined in their own shape, anything else
    with a rounded box ``pad`` pixels larger.

    >>> board = Scene(50, 50, (Rect(10, 10, 20, 20, id="a"),
    ...                        Polygon(((0, 0), (10, 0), (0, 10)), id="b")))
    >>> [type(i).__name__ for i in highlight_items(board, ["a", "b", "a", "zzz"])]
    ['Rect', 'Polygon']
    >>> highlight_items(board, ["a"], pad=4)[0].bounds()
    (6, 6, 34, 34)
    """
    out: list[Item] = []
    ids = dict.fromkeys(ids)
    firsts = board.first_items() if ids else {}
    for id in ids:
        item = firsts.get(id)
        if item is None:
            continue
        if isinstance(item, Polygon) and Polygon in follow:
            out.append(_gold_polygon(item.points, width))
        elif isinstance(item, Circle) and Circle in follow:
            out.append(Circle(item.cx, item.cy, item.r + pad, fill=None, stroke=GOLD,
                              stroke_width=width, classes=("highlight",)))
        else:
            left, top, right, bottom = item.bounds()
            out.append(Rect(left - pad, top - pad, right - left + 2 * pad,
                            bottom - top + 2 * pad, fill=None, stroke=GOLD,
                            stroke_width=width, radius=radius, classes=("highlight",)))
    return tuple(out)


_T = TypeVar("_T")


class Parts:
    """Parts of a board kept by whoever redraws it after every move (a widget): while a
    board is drawn :meth:`drawing` them, a layout's :func:`kept` part whose key recurs
    from the board drawn last is taken as it was drawn then. Only the parts of the last
    board are kept, so nothing is kept beyond one board, and nothing at all when no
    widget draws.

    >>> parts, drawn = Parts(), []
    >>> def panel(n: int) -> str:
    ...     return kept(("panel", n), lambda: drawn.append(n) or f"panel {n}")
    >>> with parts.drawing():
    ...     panel(1), panel(2)
    ('panel 1', 'panel 2')
    >>> with parts.drawing():
    ...     panel(2), panel(3)
    ('panel 2', 'panel 3')
    >>> drawn
    [1, 2, 3]
    >>> panel(2), drawn  # outside a drawing: drawn again
    ('panel 2', [1, 2, 3, 2])
    """

    def __init__(self) -> None:
        self._last: dict[Hashable, Any] = {}
        self._now: dict[Hashable, Any] = {}

    @contextmanager
    def drawing(self) -> Iterator[None]:
        """Draw a board with these parts at hand (the parts it keeps replace them)."""
        token = _PARTS.set(self)
        try:
            yield
        finally:
            _PARTS.reset(token)
            self._last, self._now = self._now, {}

    def _get(self, key: Hashable, draw: Callable[[], _T]) -> _T:
        if key in self._now:
            value: _T = self._now[key]
        elif key in self._last:
            value = self._last[key]
        else:
            value = draw()
        self._now[key] = value
        return value


_PARTS: ContextVar[Parts | None] = ContextVar("gaia_lab_parts", default=None)
"""The parts of the board being drawn, if a widget keeps them."""


def kept(key: Hashable, draw: Callable[[], _T]) -> _T:
    """``draw()``, or what it gave for ``key`` on the board drawn last with the same
    :class:`Parts`. ``key`` must hold everything the part depends on (its place on the
    board included): a part is pure of its key."""
    parts = _PARTS.get()
    return draw() if parts is None else parts._get(key, draw)
