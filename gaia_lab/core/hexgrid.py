"""Axial hex coordinates: neighbours, distances, rings, pixels and graphs.

A hex is ``Hex(q, r)`` with the implied third cube coordinate ``s = -q - r``.
Directions, rings and spirals come in one fixed order: a ring of radius ``n``
starts at ``centre + n * (1, 0)`` and walks round through ``(-1, +1)``,
``(-1, 0)``, ``(0, -1)``, ``(+1, -1)``, ``(+1, 0)`` and ``(0, +1)``. This is the
order of the Gaia Project sector positions: ``spiral(2)`` of a sector centre
lists ``C``, ``B0``..``B5``, ``A0``..``A11``.

>>> centre = Hex(0, 0)
>>> [str(h) for h in centre.neighbors()]
['1x0', '0x1', '-1x1', '-1x0', '0x-1', '1x-1']
>>> Hex(2, -1).distance(Hex(-1, 1))
3
>>> len(centre.spiral(2)), centre.spiral(2)[7]
(19, Hex(q=2, r=0))

Pixel positions put hex ``(0, 0)`` at the origin; ``size`` is the distance
from a hex's centre to any corner.

>>> to_pixel(Hex(1, 0), 10, "flat")
(15.0, 8.66)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, TypeAlias

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "DIRECTIONS",
    "Hex",
    "Orientation",
    "corners",
    "distances",
    "from_pixel",
    "hex_graph",
    "ring_distance",
    "to_pixel",
]

Orientation: TypeAlias = Literal["pointy", "flat"]
"""``"pointy"``: a corner points up (rows of hexes); ``"flat"``: an edge on top."""

_SQRT3 = math.sqrt(3.0)


class _Hashed:
    """The slot holding a hex's hash, worked out once when the hex is made, as the bound
    ``__int__`` of that number.  :class:`Hex` takes the slot itself as its ``__hash__``
    (see below), so hashing a hex, a dictionary and set key in every search over a map,
    runs no Python code: the slot hands over the bound method and hash() calls it."""

    __slots__ = ("_hash",)
    _hash: Callable[[], int]


@dataclass(frozen=True, order=True, slots=True)
class Hex(_Hashed):
    """A hex in axial coordinates; hexes sort by ``q`` then ``r``.

    >>> h = Hex(1, -2)
    >>> h.s
    1
    >>> h + Hex(0, 1), str(h)
    (Hex(q=1, r=-1), '1x-2')
    >>> Hex.parse("1x-2") == h
    True
    >>> sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)])
    [Hex(q=0, r=-1), Hex(q=0, r=5), Hex(q=1, r=0)]
    """

    q: int
    r: int

    def __init__(self, q: int, r: int) -> None:
        _SET_Q(self, q)
        _SET_R(self, r)
        # the value the generated hash gave, so sets of hexes keep their order
        _SET_HASH(self, hash((q, r)).__int__)

    def __hash__(self) -> int:  # replaced by the slot itself below: the same number
        return self._hash()

    def __reduce__(self) -> tuple[type[Hex], tuple[int, int]]:
        return Hex, (self.q, self.r)

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        """This hex's vector multiplied by ``k``.

        >>> Hex(1, -1).scaled(3)
        Hex(q=3, r=-3)
        """
        return Hex(self.q * k, self.r * k)

    def __str__(self) -> str:
        return f"{self.q}x{self.r}"

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Read the ``QxR`` form written by ``str``.

        >>> Hex.parse(" -4x5 ")
        Hex(q=-4, r=5)
        >>> Hex.parse("4,5")
        Traceback (most recent call last):
        ...
        ValueError: not a hex coordinate (expected QxR such as 3x-1): '4,5'
        """
        q, sep, r = text.strip().partition("x")
        try:
            if not sep:
                raise ValueError
            return cls(int(q), int(r))
        except ValueError:
            raise ValueError(
                f"not a hex coordinate (expected QxR such as 3x-1): {text!r}"
            ) from None

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in direction ``0..5`` (see :data:`DIRECTIONS`).

        >>> Hex(0, 0).neighbor(2)
        Hex(q=-1, r=1)
        """
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order."""
        return tuple(self + d for d in DIRECTIONS)

    def is_adjacent(self, other: Hex) -> bool:
        """Whether ``other`` shares an edge with this hex."""
        return self.distance(other) == 1

    def distance(self, other: Hex) -> int:
        """The number of steps between two hexes on an unbounded grid.

        >>> Hex(0, 0).distance(Hex(3, -1))
        3
        """
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def ring(self, radius: int) -> tuple[Hex, ...]:
        """The hexes exactly ``radius`` steps away, in ring order.

        >>> [str(h) for h in Hex(0, 0).ring(1)]
        ['1x0', '0x1', '-1x1', '-1x0', '0x-1', '1x-1']
        >>> len(Hex(5, 5).ring(3)), Hex(5, 5).ring(0)
        (18, (Hex(q=5, r=5),))
        """
        if radius < 0:
            raise ValueError(f"radius must be at least 0, not {radius}")
        if radius == 0:
            return (self,)
        out: list[Hex] = []
        h = self + DIRECTIONS[0].scaled(radius)
        for side in range(6):
            step = DIRECTIONS[(side + 2) % 6]
            for _ in range(radius):
                out.append(h)
                h = h + step
        return tuple(out)

    def spiral(self, radius: int) -> tuple[Hex, ...]:
        """This hex, then rings 1 to ``radius``: every hex within ``radius``.

        >>> [len(Hex(0, 0).spiral(n)) for n in range(4)]
        [1, 7, 19, 37]
        """
        out: list[Hex] = []
        for n in range(radius + 1):
            out.extend(self.ring(n))
        return tuple(out)


_SET_Q = Hex.__dict__["q"].__set__
_SET_R = Hex.__dict__["r"].__set__
_SET_HASH = _Hashed.__dict__["_hash"].__set__
Hex.__hash__ = _Hashed.__dict__["_hash"]  # type: ignore[method-assign]

DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
    Hex(0, -1),
    Hex(1, -1),
)
"""The six unit steps, in neighbour and ring order."""


def to_pixel(
    hex: Hex,
    size: float,
    orientation: Orientation = "pointy",
    origin: tuple[float, float] = (0.0, 0.0),
) -> tuple[float, float]:
    """The centre of ``hex`` in pixels (y grows downwards), rounded to 1/100.

    >>> to_pixel(Hex(1, 0), 10)
    (17.32, 0.0)
    >>> to_pixel(Hex(0, 1), 10, "pointy", origin=(100, 100))
    (108.66, 115.0)
    """
    x, y = _lattice_point(hex, (0, 0), size, orientation, origin)
    return (_round(x), _round(y))


def _round(value: float) -> float:
    return round(value, 2) + 0.0  # + 0.0 turns -0.0 into 0.0


# Centres and corners lie on a lattice: in half-size units (pointy-top) a point is
# (sqrt(3) * m, n) for integers m and n. Computing every point from its lattice
# integers gives a corner shared by neighbouring hexes the very same float.
_POINTY_CORNERS = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))
_FLAT_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def _lattice_point(
    hex: Hex,
    corner: tuple[int, int],
    size: float,
    orientation: Orientation,
    origin: tuple[float, float],
) -> tuple[float, float]:
    half = size / 2
    if orientation == "pointy":
        m, n = 2 * hex.q + hex.r + corner[0], 3 * hex.r + corner[1]
        return (origin[0] + half * _SQRT3 * m, origin[1] + half * n)
    m, n = 3 * hex.q + corner[0], hex.q + 2 * hex.r + corner[1]
    return (origin[0] + half * m, origin[1] + half * _SQRT3 * n)


@lru_cache(maxsize=16384)
def corners(
    hex: Hex,
    size: float,
    orientation: Orientation = "pointy",
    origin: tuple[float, float] = (0.0, 0.0),
) -> tuple[tuple[float, float], ...]:
    """The six corners of ``hex`` clockwise on screen, ready for a Polygon.

    Pointy-top hexes start at the upper-right corner, flat-top hexes at the
    right-hand corner.

    >>> corners(Hex(0, 0), 10)
    ((8.66, -5.0), (8.66, 5.0), (0.0, 10.0), (-8.66, 5.0), (-8.66, -5.0), (0.0, -10.0))
    >>> corners(Hex(0, 0), 10, "flat")[:2]
    ((10.0, 0.0), (5.0, 8.66))
    """
    offsets = _POINTY_CORNERS if orientation == "pointy" else _FLAT_CORNERS
    out = []
    for offset in offsets:
        x, y = _lattice_point(hex, offset, size, orientation, origin)
        out.append((_round(x), _round(y)))
    return tuple(out)


def from_pixel(
    x: float,
    y: float,
    size: float,
    orientation: Orientation = "pointy",
    origin: tuple[float, float] = (0.0, 0.0),
) -> Hex:
    """The hex whose area contains the pixel (the inverse of :func:`to_pixel`).

    >>> from_pixel(108, 117, 10, origin=(100, 100))
    Hex(q=0, r=1)
    >>> all(from_pixel(*to_pixel(h, 7, "flat"), 7, "flat") == h for h in Hex(0, 0).spiral(3))
    True
    """
    px, py = x - origin[0], y - origin[1]
    if orientation == "pointy":
        fq = (_SQRT3 / 3 * px - py / 3) / size
        fr = (2 / 3 * py) / size
    else:
        fq = (2 / 3 * px) / size
        fr = (-px / 3 + _SQRT3 / 3 * py) / size
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_graph(hexes: Iterable[Hex]) -> nx.Graph[Hex]:
    """The adjacency graph of a set of hexes: an edge for every shared side.

    Nodes and edges are added in sorted order, so iteration is deterministic.

    >>> g = hex_graph(Hex(0, 0).spiral(1))
    >>> g.number_of_nodes(), g.number_of_edges()
    (7, 12)
    >>> sorted(g.neighbors(Hex(1, 0)))
    [Hex(q=0, r=0), Hex(q=0, r=1), Hex(q=1, r=-1)]
    """
    import networkx as nx

    nodes = sorted(set(hexes))
    present = set(nodes)
    graph: nx.Graph[Hex] = nx.Graph()
    graph.add_nodes_from(nodes)
    for h in nodes:
        for n in h.neighbors():
            if n in present and h < n:
                graph.add_edge(h, n)
    return graph


def distances(origin: Hex, hexes: Iterable[Hex]) -> tuple[int, ...]:
    """The :meth:`Hex.distance` from ``origin`` to each of ``hexes``, in their order,
    worked out in one pass (a table of a whole board at a time).

    >>> distances(Hex(0, 0), [Hex(3, -1), Hex(0, 0), Hex(-2, 2)])
    (3, 0, 2)
    >>> distances(Hex(2, -1), Hex(0, 0).spiral(3)) == tuple(
    ...     Hex(2, -1).distance(h) for h in Hex(0, 0).spiral(3))
    True
    """
    q, r = origin.q, origin.r
    # half the sum of the three coordinate differences (always even): the largest of them
    return tuple([(abs(dq := q - h.q) + abs(dr := r - h.r) + abs(dq + dr)) >> 1
                  for h in hexes])


def ring_distance(graph: nx.Graph[Hex], a: Hex, b: Hex) -> int | None:
    """Steps from ``a`` to ``b`` moving only through hexes of ``graph``.

    On a board without holes this equals ``a.distance(b)``; around gaps it is
    longer, and it is None when ``b`` cannot be reached (or either hex is off
    the board).

    >>> board = [h for h in Hex(0, 0).spiral(2) if h.distance(Hex(0, 0)) != 1]
    >>> g = hex_graph(board + [Hex(-1, 0)])
    >>> Hex(2, 0).distance(Hex(-2, 0)), ring_distance(g, Hex(2, 0), Hex(-2, 0))
    (4, 6)
    >>> ring_distance(g, Hex(2, 0), Hex(0, 0)), ring_distance(g, Hex(2, 0), Hex(9, 9))
    (7, None)
    """
    import networkx as nx

    if a not in graph or b not in graph:
        return None
    try:
        length = nx.shortest_path_length(graph, a, b)
    except nx.NetworkXNoPath:
        return None
    return int(length)
