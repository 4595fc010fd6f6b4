"""The Lodge as a graph of areas: Rooms joined where their hexes share a side, and each
Cell joined to the Room it opens onto (brw.core.lodge).

The graph is built with networkx from the Rooms' places and the Cells of a state (or of
any rooms and cells), once per layout: :func:`lodge_of` is a bounded cache keyed on the
immutable layout.  Distances are steps between areas; models other than a Mage move
through Rooms only (brw.core.cells), so :meth:`Lodge.room_distance` ignores Cells.

>>> from gaia_lab.games.black_rose_wars.state import Cell, Room
>>> rooms = (Room("black_rose_room", 0, 0, 10), Room("throne_room", 1, 0, 10),
...          Room("crypt", 2, 0, 6), Room("forge", 0, 1, 4))
>>> lodge = lodge_of(rooms, (Cell(0, "crypt", 3, 0),))
>>> lodge.distance("cell1", "forge"), lodge.room_distance("crypt", "forge")
(3, 2)
>>> lodge.within("crypt", 1)
('throne_room', 'crypt', 'cell1')
>>> lodge.stops_toward("crypt", "forge", 1)
('throne_room',)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from gaia_lab.core.hexgrid import Hex

if TYPE_CHECKING:
    import networkx as nx

    from gaia_lab.games.black_rose_wars.state import Cell, Room

__all__ = ["Lodge", "LodgeKey", "layout_key", "lodge", "lodge_of"]

LodgeKey = tuple[tuple[tuple[str, int, int], ...], tuple[tuple[str, str], ...]]
"""A layout: each Room's id and hex, each Cell's id and Room."""


class _HasLayout(Protocol):
    @property
    def rooms(self) -> tuple[Room, ...]: ...

    @property
    def cells(self) -> tuple[Cell, ...]: ...


@dataclass(frozen=True, slots=True)
class Lodge:
    """The graph of one layout and its distances (read only)."""

    graph: nx.Graph[str]
    rooms: tuple[str, ...]
    """Room ids in layout order."""
    cells: tuple[str, ...]
    order: Mapping[str, int]
    """Each area's place in layout order (Rooms first), for stable listings."""
    _dist: Mapping[str, Mapping[str, int]]
    _room_dist: Mapping[str, Mapping[str, int]]

    def distance(self, a: str, b: str) -> int | None:
        """Steps from area ``a`` to area ``b`` through Rooms and Cells (None if apart)."""
        return self._dist.get(a, {}).get(b)

    def room_distance(self, a: str, b: str) -> int | None:
        """Steps between two Rooms through Rooms only (None if either is not a Room)."""
        return self._room_dist.get(a, {}).get(b)

    def is_room(self, area: str) -> bool:
        return area in self._room_dist

    def within(self, area: str, steps: int) -> tuple[str, ...]:
        """The areas at most ``steps`` from ``area`` (itself included), in layout order."""
        near = self._dist.get(area, {})
        return tuple(a for a in self.order if a in near and near[a] <= steps)

    def rooms_within(self, room: str, steps: int) -> tuple[str, ...]:
        """The Rooms at most ``steps`` from ``room`` through Rooms only."""
        near = self._room_dist.get(room, {})
        return tuple(r for r in self.rooms if r in near and near[r] <= steps)

    def stops_toward(self, start: str, goal: str, speed: int) -> tuple[str, ...]:
        """Where a model moving through Rooms from Room ``start`` up to ``speed`` steps
        ends closest to area ``goal`` (the goal itself when it is a Room in reach); a tie
        lists every Room as close (brw.filius.closer, brw.ruling.move_ties)."""
        reach = self.rooms_within(start, speed)
        if not reach:
            return ()

        def gap(room: str) -> int:
            d = self.distance(room, goal)
            return 10**6 if d is None else d

        best = min(gap(r) for r in reach)
        if gap(start) == best:
            return (start,)
        return tuple(r for r in reach if gap(r) == best)


def layout_key(rooms: Iterable[Room], cells: Iterable[Cell]) -> LodgeKey:
    """The immutable key of a layout."""
    return (tuple((r.id, r.q, r.r) for r in rooms), tuple((c.id, c.room) for c in cells))


@lru_cache(maxsize=64)
def _build(key: LodgeKey) -> Lodge:
    import networkx as nx

    room_rows, cell_rows = key
    at = {Hex(q, r): rid for rid, q, r in room_rows}
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(rid for rid, _, _ in room_rows)
    for h, rid in sorted(at.items()):
        for n in h.neighbors():
            other = at.get(n)
            if other is not None and h < n:
                graph.add_edge(rid, other)
    rooms_only = graph.copy()
    for cid, room in cell_rows:
        graph.add_node(cid)
        if room in at.values():
            graph.add_edge(cid, room)
    dist = {a: MappingProxyType(dict(d)) for a, d in nx.all_pairs_shortest_path_length(graph)}
    room_dist = {a: MappingProxyType(dict(d))
                 for a, d in nx.all_pairs_shortest_path_length(rooms_only)}
    rooms = tuple(rid for rid, _, _ in room_rows)
    cells = tuple(cid for cid, _ in cell_rows)
    order = MappingProxyType({a: i for i, a in enumerate((*rooms, *cells))})
    return Lodge(graph, rooms, cells, order, MappingProxyType(dist),
                 MappingProxyType(room_dist))


def lodge_of(rooms: Iterable[Room], cells: Iterable[Cell]) -> Lodge:
    """The Lodge of these Rooms and Cells."""
    return _build(layout_key(rooms, cells))


def lodge(state: _HasLayout) -> Lodge:
    """The Lodge of a state."""
    return lodge_of(state.rooms, state.cells)
