"""The space map: sectors placed by centre and rotation, hex names and the hex graph.

A layout lists each sector with its centre hex and a rotation ``k`` (``k`` turns of 60
degrees): an unrotated offset ``(q, r)`` of the tile is turned ``k`` times by
``(q, r) -> (-r, q + r)`` and added to the centre.  Move logs name a hex by the sector's
tile number and the hex's place around the *placed* centre: ``C`` for the centre, ``B0``..
``B5`` for the inner ring and ``A0``..``A11`` for the outer ring, in ring order.

>>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
>>> len(m), m.planet(m.hex("1B5")), m.name(Hex(0, 0))
(190, 'terra', '5C')
>>> m.sector_of(m.hex("3A10")), m.hex("3A10")
('3', Hex(q=-4, r=8))
>>> m.distance(m.hex("1B5"), m.hex("1A2"))
3
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.hexgrid import Hex, hex_graph
from gaia_lab.games.gaia_project.components import (
    HOME_TYPES,
    POSITION_NAMES,
    Components,
    load_components,
)

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "DEEP_MIND_2_OPTIONS",
    "MIRRORED",
    "SectorPlacement",
    "SpaceMap",
    "default_layout",
    "mirror_offset",
    "mirrored",
    "rotate",
]

_NAME = re.compile(r"^(\d+)(C|B[0-5]|A(?:1[01]|[0-9]))$")

MIRRORED: Final = "'"
"""Written after a sector id (``5A'``): the mirror image of that side, as the public
engine builds the sectors of a map whose ``mirror`` option is set and of the legacy seeds
it keeps for old games.  Mirroring keeps ``C``, ``A0`` and ``B0`` and swaps ``Ai`` with
``A(12-i)`` and ``Bi`` with ``B(6-i)``; the hexes keep their names (the sector number)."""


_SECTOR_OFFSETS: Final = tuple(zip(Hex(0, 0).spiral(2), POSITION_NAMES, strict=True))
"""Each hex of a sector as an offset from its centre, with its position name."""


def _mirror_offsets() -> dict[Hex, Hex]:
    by_name = {name: offset for offset, name in _SECTOR_OFFSETS}
    out: dict[Hex, Hex] = {}
    for name, offset in by_name.items():
        if name == "C":
            out[offset] = offset
            continue
        ring, i = name[0], int(name[1:])
        size = 12 if ring == "A" else 6
        out[offset] = by_name[f"{ring}{(size - i) % size}"]
    return out


_MIRROR: Final = _mirror_offsets()


def mirror_offset(offset: Hex) -> Hex:
    """Where a hex of a sector side lies on its mirror image (offsets from the centre).

    >>> mirror_offset(Hex(0, 0)) == Hex(0, 0)
    True
    """
    return _MIRROR[offset]


def mirrored(sector_id: str) -> tuple[str, bool]:
    """The sector side an id names and whether it is mirrored.

    >>> mirrored("5A'"), mirrored("10")
    (('5A', True), ('10', False))
    """
    if sector_id.endswith(MIRRORED):
        return sector_id[:-len(MIRRORED)], True
    return sector_id, False


def rotate(offset: Hex, k: int) -> Hex:
    """Turn an offset ``k`` times by 60 degrees, in ring order.

    >>> rotate(Hex(1, 0), 1), rotate(Hex(2, -1), 6)
    (Hex(q=0, r=1), Hex(q=2, r=-1))
    """
    q, r = offset.q, offset.r
    for _ in range(k % 6):
        q, r = -r, q + r
    return Hex(q, r)


@dataclass(frozen=True, slots=True)
class SectorPlacement:
    """One sector of a layout: the side used, its rotation and its centre hex.

    >>> SectorPlacement.from_dict({"sector": "5A", "rotation": 2,
    ...                            "center": {"q": 0, "r": 0, "s": 0}})
    SectorPlacement(sector='5A', rotation=2, centre=Hex(q=0, r=0))
    """

    sector: str
    rotation: int
    centre: Hex

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> SectorPlacement:
        """Read ``{"sector", "rotation", "center"}``; the centre is ``{q, r, s}`` or ``[q, r]``."""
        centre = raw.get("center", raw.get("centre"))
        if isinstance(centre, Mapping):
            q, r = centre["q"], centre["r"]
            if "s" in centre and centre["s"] != -q - r:
                raise InvalidStateError(f"centre {dict(centre)} has q + r + s != 0")
        elif isinstance(centre, Sequence) and len(centre) == 2:
            q, r = centre[0], centre[1]
        else:
            raise InvalidStateError(f"a sector needs a centre, not {centre!r}")
        return cls(str(raw["sector"]), int(raw.get("rotation", 0)), Hex(int(q), int(r)))


@dataclass(frozen=True, slots=True)
class SpaceMap:
    """The hexes of a placed layout: planet type (or None for space) and sector of each."""

    placements: tuple[SectorPlacement, ...]
    planets: Mapping[Hex, str | None] = field(compare=False)
    """Every hex of the map: its planet type, or None for empty space."""
    sectors: Mapping[Hex, str] = field(compare=False)
    """Every hex of the map: the tile number of its sector."""
    _names: Mapping[Hex, str] = field(compare=False, repr=False)
    _hexes: Mapping[str, Hex] = field(compare=False, repr=False)
    _graph: list[nx.Graph[Hex]] = field(compare=False, repr=False, default_factory=list)
    _order: list[tuple[Hex, ...]] = field(compare=False, repr=False, default_factory=list)
    _name_order: list[tuple[str, ...]] = field(compare=False, repr=False,
                                               default_factory=list)
    _adjacent: list[Mapping[Hex, tuple[Hex, ...]]] = field(compare=False, repr=False,
                                                            default_factory=list)
    """The lazily built tables above are published whole, by one ``append`` of a
    complete value (a map is shared by every thread: a reader sees the table or
    nothing, never a half-filled one; two threads may both build it, equal)."""

    @classmethod
    def build(cls, layout: Iterable[SectorPlacement],
              components: Components | None = None) -> SpaceMap:
        """Place the sectors of ``layout``.

        Raises :class:`~gaia_lab.core.errors.InvalidStateError` for an unknown sector,
        a tile used twice, or sectors that overlap.
        """
        c = components or load_components()
        placements = tuple(layout)
        planets: dict[Hex, str | None] = {}
        sectors: dict[Hex, str] = {}
        names: dict[Hex, str] = {}
        problems: list[str] = []
        known = {s.id for s in c.sectors}
        tiles = Counter(c.sector(mirrored(p.sector)[0]).tile for p in placements
                        if mirrored(p.sector)[0] in known)
        for tile, n in tiles.items():
            if n > 1:
                problems.append(f"sector tile {tile} is placed {n} times")
        for p in placements:
            side, mirror = mirrored(p.sector)
            try:
                sector = c.sector(side)
            except KeyError as exc:
                problems.append(str(exc.args[0]))
                continue
            for offset, position in _SECTOR_OFFSETS:
                h = p.centre + offset
                if h in planets:
                    problems.append(f"sector {p.sector} at {p.centre} overlaps sector "
                                    f"{sectors[h]} at hex {h}")
                    continue
                names[h] = sector.tile + position
                sectors[h] = sector.tile
                planets[h] = None
            for planet in sector.planets:
                offset = mirror_offset(planet.offset) if mirror else planet.offset
                h = p.centre + rotate(offset, p.rotation)
                if sectors.get(h) == sector.tile:
                    planets[h] = planet.type
        if problems:
            raise InvalidStateError(problems, source="SpaceMap.build")
        return cls(
            placements,
            MappingProxyType(planets),
            MappingProxyType(sectors),
            MappingProxyType(names),
            MappingProxyType({n: h for h, n in names.items()}),
        )

    @classmethod
    def from_options(cls, options: Mapping[str, Any],
                     components: Components | None = None) -> SpaceMap:
        """Build from a recorded game's options: ``{"map": {"sectors": [...]}}``, the map
        itself, or a setup with a ``sectors`` list."""
        raw = options.get("map", options)
        sectors = raw["sectors"] if isinstance(raw, Mapping) else raw
        mirror = bool(raw.get("mirror")) if isinstance(raw, Mapping) else False
        placements = (SectorPlacement.from_dict(s) for s in sectors)
        return cls.build((SectorPlacement(p.sector + MIRRORED, p.rotation, p.centre)
                          if mirror and not mirrored(p.sector)[1] else p
                          for p in placements), components)

    # -- lookups --------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.planets)

    def __iter__(self) -> Iterator[Hex]:
        if not self._order:
            self._order.append(tuple(sorted(self.planets)))
        return iter(self._order[0])

    def __contains__(self, h: object) -> bool:
        return h in self.planets

    def planet(self, h: Hex) -> str | None:
        """The planet type on ``h``, or None for empty space."""
        try:
            return self.planets[h]
        except KeyError:
            raise KeyError(f"hex {h} is not on the map") from None

    def sector_of(self, h: Hex) -> str:
        """The tile number of the sector that holds ``h``."""
        try:
            return self.sectors[h]
        except KeyError:
            raise KeyError(f"hex {h} is not on the map") from None

    def name(self, h: Hex) -> str:
        """The log name of ``h``, e.g. ``10A3``."""
        try:
            return self._names[h]
        except KeyError:
            raise KeyError(f"hex {h} is not on the map") from None

    def sorted_names(self, hexes: Iterable[Hex]) -> tuple[str, ...]:
        """The log names of ``hexes``, sorted as text (the order a log lists them in).

        >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
        >>> m.sorted_names([m.hex("5A10"), m.hex("5A7"), m.hex("10A0")])
        ('10A0', '5A10', '5A7')
        """
        try:
            return tuple(sorted(map(self._names.__getitem__, hexes)))
        except KeyError as exc:
            raise KeyError(f"hex {exc.args[0]} is not on the map") from None

    def names(self) -> tuple[str, ...]:
        """The log name of every hex, in map order (a table built once).

        >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
        >>> m.names() == tuple(m.name(h) for h in m)
        True
        """
        if not self._name_order:
            self._name_order.append(tuple(self._names[h] for h in self))
        return self._name_order[0]

    def hex(self, name: str) -> Hex:
        """The hex a log name (``10A3``, ``3C``) or a raw ``QxR`` coordinate denotes.

        >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
        >>> m.hex("5C"), m.hex("-4x5") == Hex(-4, 5)
        (Hex(q=0, r=0), True)
        >>> m.hex("11A0")
        Traceback (most recent call last):
        ...
        KeyError: 'no hex 11A0 on this map'
        """
        try:
            return self._hexes[name]  # a log name: find's first case, a hot path
        except KeyError:
            found = self.find(name)
        if found is None:
            raise KeyError(f"no hex {name} on this map")
        return found

    def find(self, name: str) -> Hex | None:
        """The hex a log name or a ``QxR`` coordinate denotes, or None when the map has
        no such hex.

        >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
        >>> m.find("5C"), m.find("11A0"), m.find("99x99")
        (Hex(q=0, r=0), None, None)
        """
        if name in self._hexes:
            return self._hexes[name]
        if not _NAME.match(name):
            try:
                h = Hex.parse(name)
            except ValueError:
                return None
            if h in self.planets:
                return h
        return None

    def planets_of_type(self, planet_type: str) -> list[Hex]:
        """The hexes holding a planet of this type, sorted."""
        return sorted(h for h, t in self.planets.items() if t == planet_type)

    def distance(self, a: Hex, b: Hex) -> int:
        """Plain hex distance, which is what range and navigation count.

        Space has no obstacles: the distance counts hexes on and off the map alike.
        """
        return a.distance(b)

    def within(self, h: Hex, distance: int) -> list[Hex]:
        """The map hexes at most ``distance`` from ``h`` (``h`` included), sorted."""
        return sorted(x for x in h.spiral(distance) if x in self.planets)

    @property
    def graph(self) -> nx.Graph[Hex]:
        """The adjacency graph of the map's hexes (built once)."""
        if not self._graph:
            self._graph.append(hex_graph(self.planets))
        return self._graph[0]

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The map hexes next to ``h`` (a table built once; empty for a hex off the map).

        >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
        >>> len(m.neighbours(m.hex("5C"))), m.neighbours(Hex(99, 99))
        (6, ())
        """
        return self.adjacency().get(h, ())

    def adjacency(self) -> Mapping[Hex, tuple[Hex, ...]]:
        """The table of :meth:`neighbours`: each map hex with the map hexes next to it
        (built once), for searches that read it at every step.

        >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
        >>> m.adjacency()[m.hex("5C")] == m.neighbours(m.hex("5C"))
        True
        """
        if not self._adjacent:
            # the map's own hex values, not new equal ones: set and dict look-ups of them
            # then find the same object and need no comparison
            own = {h: h for h in self.planets}
            self._adjacent.append(MappingProxyType(
                {x: tuple(own[n] for n in x.neighbors() if n in own) for x in self.planets}))
        return self._adjacent[0]

    def same_type_neighbours(self) -> list[tuple[Hex, Hex]]:
        """Adjacent planets of the same home type (a random layout is redrawn until none)."""
        out = []
        planets = self.planets
        # in hex order, each pair once (compared as (q, r), the order of hexes)
        for h, t in sorted(planets.items(), key=lambda item: (item[0].q, item[0].r)):
            if t not in HOME_TYPES:
                continue
            for n in h.neighbors():
                if (h.q, h.r) < (n.q, n.r) and planets.get(n) == t:
                    out.append((h, n))
        return out


def default_layout(players: int, components: Components | None = None
                   ) -> tuple[SectorPlacement, ...]:
    """The sector set for a player count, placed in the slot order of the data, unrotated.

    Two players use sectors 1 to 7 with 5, 6 and 7 outlined side up; three or four
    players use all ten, 5, 6 and 7 solid side up.  The data gives the centre slots in
    the order a random layout fills them; this is that order with every rotation 0.

    >>> [p.sector for p in default_layout(2)]
    ['1', '2', '3', '4', '5B', '6B', '7B']
    >>> len(SpaceMap.build(default_layout(4))), len(SpaceMap.build(default_layout(2)))
    (190, 133)
    """
    c = components or load_components()
    if players not in (1, 2, 3, 4):
        raise ValueError(f"Gaia Project is for 1 to 4 players, not {players}")
    config = c.map_configuration("two_players" if players <= 2 else "three_or_four_players")
    return tuple(SectorPlacement(s, 0, h) for s, h in zip(config.sectors, config.centres,
                                                           strict=True))


DEEP_MIND_2_OPTIONS: Final[Mapping[str, Any]] = MappingProxyType({
    "map": {
        "sectors": [
            {"sector": "5A", "rotation": 2, "center": {"q": 0, "r": 0, "s": 0}},
            {"sector": "4", "rotation": 4, "center": {"q": 5, "r": -2, "s": -3}},
            {"sector": "6A", "rotation": 2, "center": {"q": 2, "r": 3, "s": -5}},
            {"sector": "1", "rotation": 4, "center": {"q": -3, "r": 5, "s": -2}},
            {"sector": "2", "rotation": 5, "center": {"q": -5, "r": 2, "s": 3}},
            {"sector": "9", "rotation": 5, "center": {"q": -2, "r": -3, "s": 5}},
            {"sector": "8", "rotation": 0, "center": {"q": 3, "r": -5, "s": 2}},
            {"sector": "7A", "rotation": 1, "center": {"q": -1, "r": 8, "s": -7}},
            {"sector": "3", "rotation": 2, "center": {"q": -6, "r": 10, "s": -4}},
            {"sector": "10", "rotation": 3, "center": {"q": -8, "r": 7, "s": 1}},
        ],
        "mirror": False,
    }
})
"""The map of the recorded four-player game ``deep-mind-2`` (used by examples and tests)."""
