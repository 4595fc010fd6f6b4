"""Axial hex grid: neighbours, distances, ring order, pixels and graphs."""

from __future__ import annotations

import doctest
import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gaia_lab.core import hexgrid
from gaia_lab.core.hexgrid import (
    DIRECTIONS,
    Hex,
    Orientation,
    corners,
    from_pixel,
    hex_graph,
    ring_distance,
    to_pixel,
)

coords = st.integers(min_value=-50, max_value=50)
hexes = st.builds(Hex, coords, coords)
ORIENTATIONS: tuple[Orientation, ...] = ("pointy", "flat")
orientations = st.sampled_from(ORIENTATIONS)


def test_doctests() -> None:
    result = doctest.testmod(hexgrid)
    assert result.attempted > 20
    assert result.failed == 0


def test_basics() -> None:
    h = Hex(2, -3)
    assert (h.q, h.r, h.s) == (2, -3, 1)
    assert h + Hex(1, 1) == Hex(3, -2)
    assert h - Hex(2, -3) == Hex(0, 0)
    assert str(h) == "2x-3" and Hex.parse(str(h)) == h
    assert {Hex(1, 2), Hex(1, 2)} == {Hex(1, 2)}
    assert sorted([Hex(0, 1), Hex(-1, 5), Hex(0, 0)]) == [Hex(-1, 5), Hex(0, 0), Hex(0, 1)]
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]
    for bad in ("", "x", "1x", "1,2", "axb", "1x2x3"):
        with pytest.raises(ValueError, match="not a hex coordinate"):
            Hex.parse(bad)


def test_directions_are_the_six_unit_steps() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(d.distance(Hex(0, 0)) == 1 for d in DIRECTIONS)
    assert all(DIRECTIONS[i] + DIRECTIONS[(i + 3) % 6] == Hex(0, 0) for i in range(6))
    assert Hex(0, 0).neighbors() == DIRECTIONS
    assert Hex(4, 4).neighbor(8) == Hex(4, 4).neighbor(2)


@given(hexes)
def test_neighbors_are_adjacent_and_symmetric(h: Hex) -> None:
    for n in h.neighbors():
        assert h.distance(n) == 1 and h.is_adjacent(n)
        assert h in n.neighbors()
    assert not h.is_adjacent(h)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)
    assert a.distance(b) == (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2


@given(hexes, st.integers(min_value=0, max_value=6))
def test_ring_and_spiral(centre: Hex, radius: int) -> None:
    ring = centre.ring(radius)
    assert len(ring) == max(1, 6 * radius) == len(set(ring))
    assert all(centre.distance(h) == radius for h in ring)
    if radius:  # consecutive ring hexes touch, and the ring closes
        assert all(a.is_adjacent(b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True))
        assert ring[0] == centre + DIRECTIONS[0].scaled(radius)
    spiral = centre.spiral(radius)
    assert len(spiral) == 3 * radius * (radius + 1) + 1 == len(set(spiral))
    assert spiral[: len(spiral) - len(ring)] == centre.spiral(radius - 1) if radius else True
    assert set(spiral) == {
        centre + Hex(q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if Hex(q, r).distance(Hex(0, 0)) <= radius
    }


def test_ring_rejects_negative_radius() -> None:
    with pytest.raises(ValueError, match="at least 0"):
        Hex(0, 0).ring(-1)
    assert Hex(0, 0).spiral(-1) == ()


def test_ring_order_matches_gaia_project_sector_positions() -> None:
    # Position names of a sector: C, then B0..B5 (ring 1), then A0..A11 (ring 2).
    names = ["C"] + [f"B{i}" for i in range(6)] + [f"A{i}" for i in range(12)]
    offsets = dict(zip(names, Hex(0, 0).spiral(2), strict=True))
    known = {  # offsets listed with the sector data
        "A0": (2, 0),
        "A3": (-1, 2),
        "A5": (-2, 1),
        "A6": (-2, 0),
        "A7": (-1, -1),
        "A9": (1, -2),
        "A11": (2, -1),
        "B1": (0, 1),
        "B4": (0, -1),
        "B5": (1, -1),
    }
    for name, (q, r) in known.items():
        assert offsets[name] == Hex(q, r), name


@given(hexes, orientations, st.floats(min_value=1, max_value=100))
def test_pixel_round_trip(h: Hex, orientation: Orientation, size: float) -> None:
    origin = (12.5, -7.25)
    x, y = to_pixel(h, size, orientation, origin)
    assert from_pixel(x, y, size, orientation, origin) == h
    # points well inside the hex map back to it too
    for cx, cy in corners(h, size, orientation, origin):
        px, py = x + 0.8 * (cx - x), y + 0.8 * (cy - y)
        assert from_pixel(px, py, size, orientation, origin) == h


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_geometry(orientation: Orientation) -> None:
    size = 10.0
    centre = to_pixel(Hex(0, 0), size, orientation)
    assert centre == (0.0, 0.0)
    for d in DIRECTIONS:  # neighbouring centres are sqrt(3) * size apart
        x, y = to_pixel(d, size, orientation)
        assert math.hypot(x, y) == pytest.approx(math.sqrt(3) * size, abs=0.02)
    pts = corners(Hex(0, 0), size, orientation)
    assert len(pts) == 6
    assert all(math.hypot(x, y) == pytest.approx(size, abs=0.01) for x, y in pts)
    # clockwise on screen (y down): positive shoelace area
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True))
    assert area > 0
    # neighbours share exactly two corners
    for d in DIRECTIONS:
        other = set(corners(d, size, orientation))
        assert len(set(pts) & other) == 2
    top = min(pts, key=lambda p: p[1])
    if orientation == "pointy":
        assert top == (0.0, -10.0)
    else:
        assert sorted(p for p in pts if p[1] == top[1]) == [(-5.0, -8.66), (5.0, -8.66)]


def test_hex_graph() -> None:
    board = Hex(0, 0).spiral(3)
    g = hex_graph(reversed(board))
    assert list(g.nodes) == sorted(board)
    pairs = {(a, b) for a, b in itertools.combinations(sorted(board), 2) if a.is_adjacent(b)}
    assert {tuple(sorted(e)) for e in g.edges} == pairs
    assert g.number_of_edges() == 90  # 9n^2 + 3n for a radius-n hexagon
    assert hex_graph([]).number_of_nodes() == 0
    assert hex_graph([Hex(0, 0), Hex(0, 0)]).number_of_nodes() == 1


def test_ring_distance() -> None:
    full = hex_graph(Hex(0, 0).spiral(3))
    for a, b in itertools.product(Hex(0, 0).spiral(3)[::5], repeat=2):
        assert ring_distance(full, a, b) == a.distance(b)
    islands = hex_graph([Hex(0, 0), Hex(1, 0), Hex(5, 5)])
    assert ring_distance(islands, Hex(0, 0), Hex(1, 0)) == 1
    assert ring_distance(islands, Hex(0, 0), Hex(5, 5)) is None
    assert ring_distance(islands, Hex(0, 0), Hex(2, 0)) is None
    assert ring_distance(islands, Hex(9, 9), Hex(0, 0)) is None


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize(("size", "origin"), [(7.77, (3.3, 9.1)), (18.3, (120.25, 110.125))])
def test_neighbours_share_identical_corner_coordinates(
    orientation: Orientation, size: float, origin: tuple[float, float]
) -> None:
    # Sizes such as 7.77 put many corners exactly halfway between two
    # hundredths; neighbours must still round a shared corner the same way.
    board = set(Hex(0, 0).spiral(4))
    for h in board:
        mine = set(corners(h, size, orientation, origin))
        for n in h.neighbors():
            if n in board:
                assert len(mine & set(corners(n, size, orientation, origin))) == 2
