"""The Shapers of Gaia board: 37 hex spaces around the Vault, and moving across them.

The board holds the Vault at its centre, the 6 starting tiles around it and room for the
30 Biome tiles: 1 + 6 + 12 + 18 = 37 spaces, every space within 3 steps of the centre.
Spaces are :class:`~gaia_lab.core.hexgrid.Hex` values in axial coordinates and have short
labels: ``V`` for the Vault, then ring letter and index, ``A0``..``A5`` (ring 1),
``B0``..``B11`` (ring 2) and ``C0``..``C17`` (ring 3, the outer ring), in the ring order
of :mod:`gaia_lab.core.hexgrid`.

>>> len(SPACES), len(OUTER_RING)
(37, 18)
>>> label(Hex(0, 0)), label(Hex(1, 0)), label(Hex(3, 0)), parse_space("C9")
('V', 'A0', 'C0', Hex(q=-3, r=0))
>>> [label(h) for h in START_WATER], label(CARETAKER_START)
(['A0', 'A2', 'A4'], 'A0')
>>> ring_of(parse_space("B5")), is_outer(parse_space("C17"))
(2, True)

A Shaper walks over placed tiles, Water included, up to 3 tiles, and must end on a land
tile without an animal (:func:`shaper_destinations`); a new tile goes next to the
Caretaker and one more tile (:func:`restore_spaces`).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Final

from gaia_lab.core.hexgrid import Hex, hex_graph, to_pixel

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "BITS",
    "CARETAKER_START",
    "CENTRE",
    "LABELS",
    "ORDER",
    "OUTER_RING",
    "RADIUS",
    "SHAPER_MOVE",
    "SPACES",
    "START_LAND",
    "START_WATER",
    "any_teleport_restore_label",
    "board_graph",
    "hex_sorted",
    "in_hex_order",
    "is_outer",
    "label",
    "label_bits",
    "neighbour_labels",
    "neighbours",
    "parse_space",
    "pixel",
    "restorable",
    "restore_choices",
    "restore_labels",
    "restore_spaces",
    "ring_of",
    "shaper_destinations",
    "shaper_path",
    "teleport_restore_labels",
    "teleport_restore_spaces",
    "walk_ends",
    "walk_rings",
    "water_neighbours",
]

CENTRE: Final = Hex(0, 0)
"""The Vault's space."""

RADIUS: Final = 3
"""Every space lies within 3 steps of the Vault."""

SPACES: Final[tuple[Hex, ...]] = CENTRE.spiral(RADIUS)
"""The 37 spaces: the Vault, then rings 1, 2 and 3 in ring order."""

OUTER_RING: Final[tuple[Hex, ...]] = CENTRE.ring(RADIUS)
"""The 18 spaces of the outer ring (a Behavior card scores animals there)."""

START_WATER: Final[tuple[Hex, ...]] = CENTRE.ring(1)[0::2]
"""The 3 spaces next to the Vault for the starting Water tiles, one space apart."""

START_LAND: Final[tuple[Hex, ...]] = CENTRE.ring(1)[1::2]
"""The 3 spaces between the Water tiles for the starting Forest, Crystal and Mushroom."""

CARETAKER_START: Final = START_WATER[0]
"""Where the starting Water tile with the Caretaker icon goes (the engine's choice)."""

SHAPER_MOVE: Final = 3
"""A Shaper moves up to 3 tiles."""

_RING_LETTERS: Final = "VABC"
_ON_BOARD: Final = frozenset(SPACES)
_LABEL: Final[dict[Hex, str]] = {
    h: "V" if n == 0 else f"{_RING_LETTERS[n]}{i}"
    for n in range(RADIUS + 1) for i, h in enumerate(CENTRE.ring(n))
}
_NEIGHBOURS: Final[dict[Hex, tuple[Hex, ...]]] = {
    h: tuple(n for n in h.neighbors() if n in _ON_BOARD) for h in SPACES
}


def ring_of(space: Hex) -> int:
    """Steps from the Vault: 0 for the Vault, 3 for the outer ring.

    >>> ring_of(Hex(0, 0)), ring_of(Hex(-2, 2))
    (0, 2)
    """
    return space.distance(CENTRE)


def is_outer(space: Hex) -> bool:
    """Whether the space is on the outer ring.

    >>> is_outer(Hex(3, -3)), is_outer(Hex(2, 0))
    (True, False)
    """
    return ring_of(space) == RADIUS


def label(space: Hex) -> str:
    """The short label of a board space.

    >>> [label(h) for h in SPACES[:8]]
    ['V', 'A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'B0']
    >>> label(Hex(9, 9))
    Traceback (most recent call last):
    ...
    ValueError: 9x9 is not a space of the board
    """
    try:
        return _LABEL[space]
    except KeyError:
        raise ValueError(f"{space} is not a space of the board") from None


_BY_LABEL: Final[dict[str, Hex]] = {text: h for h, text in _LABEL.items()}
LABELS: Final[tuple[str, ...]] = tuple(_LABEL[h] for h in SPACES)
"""The labels of the 37 spaces, in board order (as :data:`SPACES`)."""
ORDER: Final[dict[str, int]] = {lab: i for i, lab in enumerate(LABELS)}
"""The position of each label in board order (to keep placed tiles sorted)."""
_LABEL_NEIGHBOURS: Final[dict[str, tuple[str, ...]]] = {
    _LABEL[h]: tuple(_LABEL[n] for n in ns) for h, ns in _NEIGHBOURS.items()
}
_HEX_ORDER: Final[dict[str, int]] = {_LABEL[h]: i for i, h in enumerate(sorted(SPACES))}


def parse_space(text: str) -> Hex:
    """The space with this label, or written as ``QxR``.

    >>> parse_space("a3"), parse_space("0x-3")
    (Hex(q=-1, r=0), Hex(q=0, r=-3))
    >>> parse_space("D1")
    Traceback (most recent call last):
    ...
    ValueError: no board space 'D1' (spaces are V, A0-A5, B0-B11, C0-C17 or QxR)
    """
    found = _BY_LABEL.get(text)
    if found is not None:
        return found
    key = text.strip().upper()
    if key in _BY_LABEL:
        return _BY_LABEL[key]
    try:
        space = Hex.parse(text.strip().lower())
    except ValueError:
        space = None
    if space is None or space not in _ON_BOARD:
        raise ValueError(
            f"no board space {text!r} (spaces are V, A0-A5, B0-B11, C0-C17 or QxR)"
        )
    return space


def neighbours(space: Hex) -> tuple[Hex, ...]:
    """The board spaces next to ``space``, in direction order.

    >>> len(neighbours(CENTRE)), [label(h) for h in neighbours(parse_space("C0"))]
    (6, ['C1', 'B0', 'C17'])
    """
    found = _NEIGHBOURS.get(space)
    if found is not None:
        return found
    return tuple(n for n in space.neighbors() if n in _ON_BOARD)


def neighbour_labels(label: str) -> tuple[str, ...]:
    """The labels of the board spaces next to a labelled one (none for another word).

    >>> neighbour_labels("C0"), neighbour_labels("vh1")
    (('C1', 'B0', 'C17'), ())
    """
    return _LABEL_NEIGHBOURS.get(label, ())


@functools.cache
def board_graph() -> nx.Graph[Hex]:
    """The adjacency graph of all 37 spaces (cached; do not modify it).

    >>> g = board_graph()
    >>> g.number_of_nodes(), g.number_of_edges()
    (37, 90)
    """
    return hex_graph(SPACES)


def pixel(space: Hex, size: float = 40.0) -> tuple[float, float]:
    """The centre of a space in pixels, pointy-top, the Vault at the origin.

    >>> pixel(parse_space("A0"), 10)
    (17.32, 0.0)
    """
    return to_pixel(space, size, "pointy")


def water_neighbours(space: Hex, tiles: Mapping[Hex, str]) -> int:
    """How many Water tiles are next to ``space``; ``tiles`` maps spaces to biomes.

    >>> tiles = {CENTRE: "vault", **{h: "water" for h in START_WATER}, parse_space("B1"): "water"}
    >>> water_neighbours(parse_space("A1"), tiles)
    3
    """
    return sum(1 for n in neighbours(space) if tiles.get(n) == "water")


def _land(biome: str) -> bool:
    return biome != "water"


def _walk_graph(tiles: Mapping[Hex, str]) -> nx.Graph[Hex]:
    return board_graph().subgraph([h for h in tiles if h in _ON_BOARD])


def shaper_destinations(
    start: Hex,
    tiles: Mapping[Hex, str],
    occupied: Collection[Hex] = (),
    *,
    steps: int = SHAPER_MOVE,
    end_on_water: bool = False,
) -> dict[Hex, int]:
    """Where a Shaper on ``start`` may end its move, with the fewest steps to each.

    ``tiles`` maps each placed tile's space to its biome (``"water"``, ``"crystal"``,
    ``"forest"``, ``"mushroom"``, ``"temple"`` or ``"vault"``); a Shaper moves only over
    placed tiles, may pass Water and tiles with animals, and ends on a land tile not in
    ``occupied`` (the spaces holding an animal).  Staying put counts as 0 steps.  With
    ``end_on_water`` (Create Island) an empty Water tile is also an end.

    >>> tiles = {CENTRE: "vault", **{h: "water" for h in START_WATER}}
    >>> tiles |= {parse_space("A1"): "crystal", parse_space("A3"): "forest",
    ...           parse_space("A5"): "mushroom", parse_space("B0"): "water",
    ...           parse_space("C0"): "temple"}
    >>> ends = shaper_destinations(CENTRE, tiles, occupied={parse_space("A1")})
    >>> sorted((label(h), n) for h, n in ends.items())
    [('A3', 1), ('A5', 1), ('C0', 3), ('V', 0)]
    >>> sorted(label(h) for h in shaper_destinations(CENTRE, tiles, steps=2))
    ['A1', 'A3', 'A5', 'V']
    >>> sorted(label(h) for h in shaper_destinations(CENTRE, tiles, end_on_water=True))
    ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'B0', 'C0', 'V']
    """
    if start not in tiles or start not in _ON_BOARD:
        return {}
    reach = {start: 0}
    frontier = [start]
    for step in range(1, steps + 1):
        nxt: list[Hex] = []
        for here in frontier:
            for n in _NEIGHBOURS[here]:
                if n not in reach and n in tiles:
                    reach[n] = step
                    nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    blocked = occupied if isinstance(occupied, (set, frozenset, dict)) else set(occupied)
    out: dict[Hex, int] = {}
    for space in sorted(reach):
        if space in blocked:
            continue
        if end_on_water or _land(tiles[space]):
            out[space] = reach[space]
    return out


def shaper_path(start: Hex, end: Hex, tiles: Mapping[Hex, str]) -> list[Hex] | None:
    """A shortest walk over placed tiles from ``start`` to ``end`` (both included).

    Among equally short walks the one through the smallest hexes is chosen, so the
    answer is deterministic; None when no walk exists.

    >>> tiles = {CENTRE: "vault", parse_space("A0"): "water", parse_space("B0"): "crystal"}
    >>> [label(h) for h in shaper_path(CENTRE, parse_space("B0"), tiles) or []]
    ['V', 'A0', 'B0']
    >>> shaper_path(CENTRE, parse_space("C5"), tiles) is None
    True
    """
    import networkx as nx

    graph = _walk_graph(tiles)
    if start not in graph or end not in graph:
        return None
    try:
        paths: list[list[Hex]] = list(nx.all_shortest_paths(graph, start, end))
    except nx.NetworkXNoPath:
        return None
    return min(paths)


def walk_ends(
    start: str,
    tiles: Mapping[str, str],
    occupied: Collection[str] = (),
    *,
    steps: int = SHAPER_MOVE,
    end_on_water: bool = False,
) -> dict[str, int]:
    """:func:`shaper_destinations` on labels: ``tiles`` maps labels to biomes, and the
    ends come in the same order (by hex).

    >>> tiles = {"V": "vault", "A0": "water", "A1": "crystal", "B0": "forest"}
    >>> walk_ends("V", tiles, occupied={"A1"})
    {'V': 0, 'B0': 2}
    """
    rings = walk_rings(start, label_bits(lab for lab in tiles if lab in _BIT), steps)
    ends = label_bits(lab for lab, biome in tiles.items() if lab in _BIT
                      and lab not in occupied and (end_on_water or biome != "water"))
    return {lab: next(k for k, ring in enumerate(rings) if ring & _BIT[lab])
            for lab in in_hex_order(ends & sum(rings))}


BITS: Final[dict[str, int]] = {lab: 1 << i for i, lab in enumerate(LABELS)}
"""One bit per label, in board order: a set of spaces is an ``int`` (:func:`label_bits`)."""
_BIT: Final = BITS
_SPOTS: Final[tuple[tuple[str, int, int], ...]] = tuple(
    (lab, _BIT[lab], sum(_BIT[n] for n in _LABEL_NEIGHBOURS[lab])) for lab in LABELS)
"""Each label in board order with its bit and the bits of its neighbours."""


_NEAR: Final[dict[int, int]] = {bit: near for _, bit, near in _SPOTS}
"""The bits of each space's neighbours, by the space's bit."""
_HEX_RANK: Final[dict[int, int]] = {_BIT[lab]: i for lab, i in _HEX_ORDER.items()}
"""Each label's bit and its place in hex order."""
_BY_HEX: Final[tuple[tuple[int, str], ...]] = tuple(
    (_BIT[lab], lab) for lab in sorted(LABELS, key=_HEX_ORDER.__getitem__))
"""Each label's bit, in hex order (the order :func:`walk_ends` gives its ends in)."""


def label_bits(labels: Iterable[str]) -> int:
    """A set of board labels as an ``int``, one bit per label in board order.

    >>> label_bits(["V"]), label_bits(["A0", "V"]), label_bits([])
    (1, 3, 0)
    """
    return functools.reduce(operator.or_, map(_BIT.__getitem__, labels), 0)


def hex_sorted(spaces: int) -> list[int]:
    """The bits of a set of spaces (:func:`label_bits`), one by one in hex order.

    >>> [in_hex_order(bit) for bit in hex_sorted(label_bits(["V", "A0", "A3"]))]
    [['A3'], ['V'], ['A0']]
    """
    bits = []
    while spaces:
        low = spaces & -spaces
        bits.append(low)
        spaces ^= low
    bits.sort(key=_HEX_RANK.__getitem__)
    return bits


def in_hex_order(spaces: int) -> list[str]:
    """The labels of a set of bits (:func:`label_bits`), in hex order.

    >>> in_hex_order(label_bits(["V", "A0", "A3"]))
    ['A3', 'V', 'A0']
    """
    return [lab for bit, lab in _BY_HEX if spaces & bit]


def walk_rings(start: str, placed: int, steps: int = SHAPER_MOVE) -> list[int]:
    """Where a Shaper on ``start`` walks over the placed tiles (``placed``, bits of
    :func:`label_bits`) in up to ``steps`` steps: ring ``k`` holds, as bits, the spaces
    first reached in ``k`` steps (ring 0 is ``start``); empty when ``start`` holds no tile.

    >>> [in_hex_order(r) for r in walk_rings("V", label_bits(["V", "A0", "B0", "C5"]))]
    [['V'], ['A0'], ['B0']]
    """
    frontier = _BIT.get(start, 0)
    if not placed & frontier:
        return []
    rings = [frontier]
    reach = frontier
    for _ in range(steps):
        nxt = 0
        while frontier:
            low = frontier & -frontier
            nxt |= _NEAR[low]
            frontier ^= low
        nxt &= placed & ~reach
        if not nxt:
            break
        rings.append(nxt)
        reach |= nxt
        frontier = nxt
    return rings


@functools.lru_cache(maxsize=256)
def _restorable(placed: int) -> tuple[str, ...]:
    """The empty spaces (not in ``placed``, a set of bits) touching at least two placed
    spaces, in board order (kept for the last few sets of placed tiles: every player's
    listing between two restorations asks for the same)."""
    return tuple(lab for lab, bit, near in _SPOTS
                 if not placed & bit and (placed & near).bit_count() >= 2)


def restorable(placed: int) -> tuple[str, ...]:
    """:func:`teleport_restore_labels` of the placed spaces as bits (:func:`label_bits`),
    as a tuple (the same one while the placed tiles are the same).

    >>> restorable(label_bits(["V", "A0", "A1"]))
    ('A2', 'A5', 'B1')
    """
    return _restorable(placed)


def restore_labels(placed: Iterable[str], caretaker: str) -> list[str]:
    """:func:`restore_spaces` on labels, in board order.

    >>> restore_labels(["V", "A0", "A1", "A2", "A3", "A4", "A5"], "A0")
    ['B1', 'B11']
    """
    return restore_choices(placed, caretaker)[0]


def restore_choices(placed: Iterable[str], caretaker: str) -> tuple[list[str], list[str]]:
    """:func:`restore_labels` and :func:`teleport_restore_labels` at once.

    >>> restore_choices(["V", "A0", "A1", "A2", "A3", "A4", "A5"], "A0")
    (['B1', 'B11'], ['B1', 'B3', 'B5', 'B7', 'B9', 'B11'])
    """
    near = neighbour_labels(caretaker)
    far = _restorable(label_bits(placed))
    return [lab for lab in far if lab in near], list(far)


def teleport_restore_labels(placed: Iterable[str]) -> list[str]:
    """:func:`teleport_restore_spaces` on labels, in board order.

    >>> teleport_restore_labels(["V", "A0", "A1", "A2", "A3", "A4", "A5"])
    ['B1', 'B3', 'B5', 'B7', 'B9', 'B11']
    """
    return list(_restorable(label_bits(placed)))


def any_teleport_restore_label(placed: Iterable[str]) -> bool:
    """Whether :func:`teleport_restore_labels` finds any space.

    >>> any_teleport_restore_label(["V", "A0", "A1"]), any_teleport_restore_label(["V"])
    (True, False)
    """
    return bool(_restorable(label_bits(placed)))


def _tile_neighbours(space: Hex, tiles: Collection[Hex]) -> int:
    count = 0
    for n in _NEIGHBOURS[space]:
        if n in tiles:
            count += 1
    return count


def restore_spaces(tiles: Iterable[Hex], caretaker: Hex) -> list[Hex]:
    """The empty spaces where a tile may be restored without teleporting.

    A space qualifies when it touches the Caretaker's tile and at least one other tile.
    With the starting tiles in place, the Caretaker's Water tile has one such space on
    each side (the rulebook's Mushroom example):

    >>> tiles = [CENTRE, *CENTRE.ring(1)]
    >>> [label(h) for h in restore_spaces(tiles, CARETAKER_START)]
    ['B1', 'B11']
    """
    placed = tiles if isinstance(tiles, (set, frozenset)) else set(tiles)
    near = set(caretaker.neighbors())
    return [
        h for h in SPACES
        if h in near and h not in placed and _tile_neighbours(h, placed) >= 2
    ]


def teleport_restore_spaces(tiles: Iterable[Hex]) -> list[Hex]:
    """The empty spaces a tile may go to when the Caretaker teleports (2+ tiles next to it).

    >>> tiles = [CENTRE, *CENTRE.ring(1)]
    >>> len(teleport_restore_spaces(tiles))
    6
    """
    placed = tiles if isinstance(tiles, (set, frozenset)) else set(tiles)
    return [h for h in SPACES if h not in placed and _tile_neighbours(h, placed) >= 2]
