"""What the game renderers share: the palette of ink and highlights, and small text and
layout helpers for :class:`~gaia_lab.render.shapes.Scene` drawings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from gaia_lab.render.shapes import CHAR_WIDTH, Circle, Item, Point, Polygon, Rect, Scene

__all__ = [
    "ACTIVE_FILL",
    "ACTIVE_STROKE",
    "GOLD",
    "INK",
    "MARGIN",
    "MUTED",
    "centre",
    "fit",
    "highlight_items",
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
            out.append(Polygon(item.points, fill=None, stroke=GOLD, stroke_width=width,
                               classes=("highlight",)))
        elif isinstance(item, Circle) and Circle in follow:
            out.append(Circle(item.cx, item.cy, item.r + pad, fill=None, stroke=GOLD,
                              stroke_width=width, classes=("highlight",)))
        else:
            left, top, right, bottom = item.bounds()
            out.append(Rect(left - pad, top - pad, right - left + 2 * pad,
                            bottom - top + 2 * pad, fill=None, stroke=GOLD,
                            stroke_width=width, radius=radius, classes=("highlight",)))
    return tuple(out)
