"""Federations: legality with a reason, the fewest satellites, the federations one can form.

Everything here works on plain values, so the rules can call it with whatever their state
holds: the space map, the player's structures by hex (``{Hex: "m"}``, kinds as in the move
notation: ``m ts lab PI ac1 ac2 gf sp``), the hexes of the player's earlier federations and
the hexes no satellite may use.

A federation is a set of the player's structures joined into one connected group by
satellites on empty space hexes.  :func:`check_federation` tests, in this order:

* every hex is on the map, every listed structure is the player's own and has a power
  value, every satellite is on an empty space hex that is neither blocked nor one of the
  player's structures (``gp.action.federation``, ``gp.federation.satellites``);
* no hex already belongs to one of the player's federations (``gp.federation.exclusive``)
  nor touches one (``gp.federation.separate``);
* structures and satellites form one connected group (``gp.action.federation``), and every
  structure of the player that touches the group is part of it;
* the power value reaches the threshold, 7 by default (``gp.federation.power``);
* enough power tokens are left for the satellites, when the caller says how many;
* the satellites are as few as possible, and no smaller part of the structures would reach
  the threshold with fewer satellites (``gp.federation.minimal``).

The fewest satellites is a node-weighted Steiner tree on the hex graph (structures cost
nothing, empty space hexes one satellite each), computed exactly by
:func:`minimal_satellites` with the Dreyfus-Wagner recurrence over the groups of
structures to join.  A listing asks it of many sets of the same groups, so it keeps
one table over all the player's groups, each smaller set's row found once for every set
holding it.  The searches hold sets of hexes as bit masks of the map (one int a set,
its neighbours a few shifts away), and a position's listing and checks share what they
found.

A small map: mines (value 1) on the planets of sector 1 of the recorded four-player map.

>>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
>>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
>>> mine = {m.hex(n): "m" for n in ("1A11", "1B5")} | {m.hex("6A5"): "PI", m.hex("6B3"): "ts"}
>>> check = check_federation(m, mine, satellites=frozenset(), chosen=frozenset(mine))
>>> check.legal, check.power, check.minimum
(True, 7, 0)
>>> lesser = dict(mine) | {m.hex("6A5"): "m"}
>>> print(check_federation(m, lesser, frozenset(), frozenset(lesser)).verdict)
not legal now: The structures have a power value of 5 (1A11 m 1, 1B5 m 1, 6A5 m 1,
6B3 ts 2), below the 7 a federation needs.
[Read the refresher: often forgotten]

Rulings taken from the reference implementation (they are not spelled out in the
refresher): a satellite may only go on an empty space hex (never on a planet, with or
without a building); the player's structures touching the federation join it; the
player's structures outside the federation may carry its connection at no cost; a
Gaiaformer has no power value and cannot be part of a federation.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import operator
import re
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project.map import SpaceMap
from gaia_lab.games.gaia_project.rulebook import RULES

__all__ = [
    "POWER_VALUES",
    "FederationCheck",
    "FederationOption",
    "check_federation",
    "check_ivits_federation",
    "federation_options",
    "all_minimal_satellites",
    "federation_threshold",
    "hexes_of_move",
    "listed_check",
    "minimal_satellites",
    "power_values",
]

POWER_VALUES: Final[Mapping[str, int]] = MappingProxyType({
    "m": 1, "ts": 2, "lab": 2, "PI": 3, "ac1": 3, "ac2": 3, "gf": 0, "sp": 1,
})
"""The power value of each structure kind in a federation: mine 1, trading station and
research lab 2, planetary institute and academies 3, Gaiaformer 0, Ivits space station 1."""


def power_values(*, big_buildings: int = 3) -> Mapping[str, int]:
    """The power values with the planetary institute and academies worth ``big_buildings``
    (4 with the standard tech tile that raises them).

    >>> power_values(big_buildings=4)["ac2"], power_values()["PI"]
    (4, 3)
    """
    values = dict(POWER_VALUES)
    for kind in ("PI", "ac1", "ac2"):
        values[kind] = big_buildings
    return MappingProxyType(values)


def federation_threshold(faction: str, *, has_pi: bool = False,
                         federations_formed: int = 0) -> int:
    """The power value a new federation needs: 7; 6 for the Xenos with their planetary
    institute; for the Ivits 7 times the number of federations they will then have formed.

    >>> federation_threshold("terrans"), federation_threshold("xenos", has_pi=True)
    (7, 6)
    >>> federation_threshold("ivits", federations_formed=2)
    21
    """
    if faction == "xenos" and has_pi:
        return 6
    if faction == "ivits":
        return 7 * (federations_formed + 1)
    return 7


# ---------------------------------------------------------------------------
# The fewest satellites

_INF: Final = 1 << 30
"""More satellites than any federation takes: no way found."""


def minimal_satellites(space_map: SpaceMap, terminals: Iterable[Hex],
                       usable_hexes: Iterable[Hex], free_hexes: Iterable[Hex] = (),
                       most: int | None = None) -> tuple[int, frozenset[Hex]] | None:
    """The fewest satellites that join ``terminals`` into one connected group, and one
    optimal set of satellite hexes; None when no set of usable hexes joins them (with
    ``most``, none of at most that many: the search goes no further).

    ``usable_hexes`` may take a satellite (cost 1 each); ``terminals`` and ``free_hexes``
    (other structures of the player the connection may pass through) cost nothing.  The
    answer is exact: terminals linked through free hexes are merged into groups, then the
    Dreyfus-Wagner recurrence runs over the groups (``3^k`` subset pairs times the ~190
    hexes, fast for the handful of groups a federation joins).

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> space = [h for h in m if m.planet(h) is None]
    >>> a, b = Hex(0, 0), Hex(3, 0)
    >>> count, sats = minimal_satellites(m, [a, b], space)
    >>> count, sorted(sats)
    (2, [Hex(q=1, r=0), Hex(q=2, r=0)])
    >>> minimal_satellites(m, [a, b], space, free_hexes=[Hex(1, 0), Hex(2, 0)])
    (0, frozenset())
    >>> minimal_satellites(m, [a, b], [])
    >>> minimal_satellites(m, [a, b], space, most=1)
    """
    return _fewest(_problem(space_map, terminals, usable_hexes, free_hexes), most)


def all_minimal_satellites(space_map: SpaceMap, terminals: Iterable[Hex],
                           usable_hexes: Iterable[Hex], free_hexes: Iterable[Hex] = (),
                           most: int | None = None
                           ) -> tuple[int, tuple[frozenset[Hex], ...]] | None:
    """Like :func:`minimal_satellites`, with every optimal set of satellite hexes (each
    joins the terminals with the fewest satellites), in a stable order.

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> space = [h for h in m if m.planet(h) is None]
    >>> count, sets = all_minimal_satellites(m, [Hex(0, 0), Hex(2, -1)], space)
    >>> count, [sorted(x) for x in sets]
    (1, [[Hex(q=1, r=-1)], [Hex(q=1, r=0)]])
    """
    return _every_fewest(_problem(space_map, terminals, usable_hexes, free_hexes), most)


def _problem(space_map: SpaceMap, terminals: Iterable[Hex], usable_hexes: Iterable[Hex],
             free_hexes: Iterable[Hex]) -> _SteinerProblem | tuple[int, frozenset[Hex]] | None:
    """:meth:`_SteinerProblem.build` on sets of hexes: None when a terminal is off the
    map (the hexes off it join nothing)."""
    g = _grid(space_map)
    terms = frozenset(terminals)
    if not terms:
        return (0, frozenset())
    if not all(t in g.bits for t in terms):
        return None
    return _SteinerProblem.build(g, g.mask(terms), g.mask(h for h in usable_hexes if h in g.bits),
                                 g.mask(h for h in free_hexes if h in g.bits))


def _fewest(problem: _SteinerProblem | tuple[int, frozenset[Hex]] | None,
            most: int | None) -> tuple[int, frozenset[Hex]] | None:
    """The answer of :func:`minimal_satellites` to a problem."""
    if isinstance(problem, tuple) or problem is None:
        return problem
    found = _dreyfus_wagner(problem, problem.most if most is None else min(most, problem.most))
    if found is None:
        return None
    sats = problem.satellites(found)
    return (len(sats), sats)


def _every_fewest(problem: _SteinerProblem | tuple[int, frozenset[Hex]] | None,
                  most: int | None) -> tuple[int, tuple[frozenset[Hex], ...]] | None:
    """The answer of :func:`all_minimal_satellites` to a problem."""
    if problem is None:
        return None
    if isinstance(problem, tuple):
        return (0, (frozenset(),))
    most = problem.most if most is None else min(most, problem.most)
    cost = _dw_costs(problem, most)
    full = (1 << len(problem.groups)) - 1
    root = problem.groups[0]
    if cost[full][root] >= min(most + 1, _UNKNOWN):
        return None
    nodes = tuple(1 << v if w else 0 for v, w in enumerate(problem.weight))
    sets = _in_hex_order(_all_trees(cost, full, root, problem, nodes))
    return (sets[0].bit_count(), tuple(problem.satellites(_bits(t)) for t in sets))


def _in_hex_order(trees: Iterable[int]) -> list[int]:
    """Sets of satellites of the same size (the optimal trees of :func:`_all_trees`, as
    masks of nodes or of the map: the usable nodes are numbered in the order of their
    hexes) in the order of their hexes: the lists of their bits, lowest first, in list
    order.  Of two sets of one size, the first holds the lowest bit they do not share, so
    the key is each set's bytes, lowest first, with each byte's bits reversed and
    inverted (a set holding that bit gets the smaller byte).

    >>> [list(_bits(t)) for t in _in_hex_order([0b1010, 0b0110, 0b1001, 0b0011])]
    [[0, 1], [0, 3], [1, 2], [1, 3]]
    >>> [list(_bits(t)) for t in _in_hex_order([1 << 9 | 1 << 20, 1 << 9 | 1 << 17])]
    [[9, 17], [9, 20]]
    """
    out = list(trees)
    size = (max(out, default=0).bit_length() + 7) // 8
    out.sort(key=lambda t: t.to_bytes(size, "little").translate(_LOW_FIRST))
    return out


_LOW_FIRST: Final = bytes(255 - int(f"{b:08b}"[::-1], 2) for b in range(256))
"""Each byte with its bits reversed and inverted (:func:`_in_hex_order`)."""


@dataclass(frozen=True, slots=True)
class _SteinerProblem:
    """The hex graph with the zero-cost hexes merged: node ``i < len(components)`` is a
    group of free hexes (weight 0), the others are usable hexes (weight 1)."""

    nodes: tuple[int | Hex, ...]
    weight: tuple[int, ...]
    adjacency: tuple[tuple[int, ...], ...]
    groups: tuple[int, ...]
    """The nodes holding the terminals."""
    most: int = _INF
    """No answer costs more (a bound known beforehand): the search stops there."""
    spots: tuple[int, ...] = ()
    """Each node's hexes as a mask of the map (:class:`_Grid`)."""
    free_near: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    paid_near: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Each node's neighbours of weight 0, and of weight 1."""
    packed_weight: int = field(init=False, repr=False, compare=False)
    packed_high: int = field(init=False, repr=False, compare=False)
    packed_unknown: int = field(init=False, repr=False, compare=False)
    """The weights as a packed row (:func:`_packed`), each field's top bit, and the
    unknown cost in every field."""
    marks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Each usable node's hex as a mask of the map, 0 for the free nodes (the marks of
    :func:`_all_trees` for satellites as masks of the map)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "marks", tuple(
            spot if w else 0 for spot, w in zip(self.spots, self.weight)))
        object.__setattr__(self, "packed_weight", _packed(self.weight))
        object.__setattr__(self, "packed_high", _top_bits(len(self.weight)))
        object.__setattr__(self, "packed_unknown", _packed([_UNKNOWN] * len(self.weight)))
        first = len(self.weight) - sum(self.weight)  # the nodes of weight 0 come first
        cuts = [bisect.bisect_left(near, first) for near in self.adjacency]
        object.__setattr__(self, "free_near", tuple(
            near[:cut] for near, cut in zip(self.adjacency, cuts, strict=True)))
        object.__setattr__(self, "paid_near", tuple(
            near[cut:] for near, cut in zip(self.adjacency, cuts, strict=True)))

    @staticmethod
    def build(grid: _Grid, terminals: int, usable: int, free: int, most: int = _INF
              ) -> _SteinerProblem | tuple[int, frozenset[Hex]]:
        """The problem on the map hexes of these masks (terminals are free), or the answer
        when there is nothing to join (``(0, {})``)."""
        free |= terminals
        parts = grid.parts(free)
        groups = [part for part in parts if part & terminals]
        if len(groups) <= 1:
            return (0, frozenset())
        return _SteinerProblem.joining(grid, parts, groups, usable, most)

    @staticmethod
    def joining(grid: _Grid, parts: Sequence[int], groups: Sequence[int], usable: int,
                most: int = _INF) -> _SteinerProblem:
        """The problem of joining ``groups`` (each inside one of ``parts``, the groups of
        the free hexes) through ``usable`` hexes; its terminals are the nodes of the
        parts holding the groups, in the order of ``groups``."""
        free = functools.reduce(operator.or_, parts, 0)
        usable &= ~free
        node_of: dict[int, int] = {}
        for i, part in enumerate(parts):
            for b in _bits(part):
                node_of[b] = i
        count = len(parts)
        nodes: list[int | Hex] = [*range(count)]
        for b in _bits(usable):
            node_of[b] = len(nodes)
            nodes.append(grid.hexes[b])
        every = usable | free
        adjacency = [tuple(sorted({node_of[b] for b in _bits(grid.around(part) & every & ~part)}))
                     for part in parts]
        adjacency += [tuple(sorted({node_of[n] for n in grid.neighbours[b] if n in node_of}))
                      for b in _bits(usable)]
        return _SteinerProblem(tuple(nodes), (0,) * count + (1,) * (len(nodes) - count),
                               tuple(adjacency),
                               tuple(node_of[(g & -g).bit_length() - 1] for g in groups), most,
                               (*parts, *(1 << b for b in _bits(usable))))

    def satellites(self, found: Iterable[int]) -> frozenset[Hex]:
        """The usable hexes among the nodes ``found``."""
        nodes = self.nodes
        return frozenset(n for n in map(nodes.__getitem__, found) if isinstance(n, Hex))


def _dreyfus_wagner(problem: _SteinerProblem, most: int = _INF) -> set[int] | None:
    """The nodes of a minimum node-weighted tree spanning the problem's groups (None if
    none costs at most ``most``).

    ``cost[mask][v]`` is the cheapest tree holding the groups of ``mask`` and node
    ``v`` (weights of all its nodes counted once): a merge of two trees at ``v`` for every
    split of ``mask``, then a 0-1 breadth-first relaxation along the edges.  Weights are 0
    or 1 and no two weight-0 nodes are adjacent.
    """
    cost = _dw_costs(problem, most)
    full = (1 << len(problem.groups)) - 1
    root = problem.groups[0]
    if cost[full][root] >= min(most + 1, _UNKNOWN):
        return None
    return _tree(cost, full, root, problem)


def _dw_costs(problem: _SteinerProblem, most: int = _INF) -> list[list[int]]:
    """The Dreyfus-Wagner table ``cost[mask][v]`` (see :func:`_dreyfus_wagner`), exact
    where it is at most ``most``: a cheaper tree is made of cheaper parts only, so the
    search leaves the dearer ones out (they may stay unknown, or too high)."""
    full = (1 << len(problem.groups)) - 1
    cost: list[list[int]] = [[]] * (full + 1)
    beside = [0] * (full + 1)
    for mask in range(1, full + 1):
        cost[mask], beside[mask], _ = _dw_row(problem, beside, mask, most)
    return cost


def _dw_row(problem: _SteinerProblem, beside: Sequence[int] | Mapping[int, int], mask: int,
            most: int) -> tuple[list[int], int, list[int] | None]:
    """The row ``cost[mask]`` of the Dreyfus-Wagner table, the same less each node's
    own weight (what a tree costs besides its node ``v``; :func:`_packed`), from those of
    the smaller sets of groups in ``beside``: two trees merged at ``v`` cost what each
    costs besides ``v``, plus ``v``; and the row of those merges alone, before the
    relaxation along the edges (None for one group: nothing to merge).  Where a node's
    merge costs more than its cost, no optimal tree splits there."""
    terminals, weight = problem.groups, problem.weight
    n = len(weight)
    merges = None
    if mask & (mask - 1) == 0:
        row = [_UNKNOWN] * n
        row[terminals[mask.bit_length() - 1]] = 0
    else:
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        high = problem.packed_high
        best = -1
        while True:  # every split {A, B} once: A holds the lowest terminal
            a = sub | low
            if a != mask:
                merged = beside[a] + beside[mask ^ a]
                best = merged if best < 0 else _packed_min(best, merged, high)
            if sub == 0:
                break
            sub = (sub - 1) & rest
        # at most unknown: a row stays within its fields when added to another
        merges = _unpacked(_packed_min(best + problem.packed_weight, problem.packed_unknown,
                                       high), n)
        row = merges.copy()
    _relax(row, problem.free_near, problem.paid_near, min(most, n))
    # every node costs at least its own weight: the fields subtract without a borrow
    return row, _packed(row) - problem.packed_weight, merges


_FIELD: Final = 16
"""The bits of a node's cost in a packed row (:func:`_packed`)."""
_UNKNOWN: Final = (1 << (_FIELD - 2)) - 1
"""A packed row's cost for the unknown: more than any tree (two of them and a node's
weight add up below the top bit)."""


def _packed(costs: Sequence[int]) -> int:
    """A row of costs as one int, node ``i``'s cost (at most :data:`_UNKNOWN`) in bits
    ``16 i`` to ``16 i + 15``: two rows add up node by node with one addition, and their
    smaller costs take a few operations (:func:`_packed_min`).

    >>> _unpacked(_packed([0, 3, _UNKNOWN]) + _packed([2, 2, 5]), 3) == [2, 5, _UNKNOWN + 5]
    True
    """
    return int.from_bytes(_row_format(len(costs)).pack(*costs), "little")


def _unpacked(packed: int, n: int) -> list[int]:
    """The costs of the ``n`` nodes of a packed row (:func:`_packed`)."""
    return list(_row_format(n).unpack(packed.to_bytes(2 * n, "little")))


@functools.lru_cache(maxsize=64)
def _row_format(n: int) -> struct.Struct:
    """The bytes of a packed row of ``n`` nodes: 16 bits a node, lowest first."""
    return struct.Struct(f"<{n}H")


def _packed_min(x: int, y: int, high: int) -> int:
    """The smaller cost of each node of packed rows ``x`` and ``y`` (each cost below the
    field's top bit, ``high`` those bits): the top bit of ``x`` less ``y`` with it set
    says which is smaller.

    >>> _unpacked(_packed_min(_packed([4, 0, 9]), _packed([5, 0, 2]), _top_bits(3)), 3)
    [4, 0, 2]
    """
    pick = ((((x | high) - y) & high) >> (_FIELD - 1)) * 0xFFFF  # where y is no dearer
    return x ^ ((x ^ y) & pick)


def _top_bits(n: int) -> int:
    """The top bit of each of ``n`` nodes' fields in a packed row (:func:`_packed`)."""
    return _packed([1 << (_FIELD - 1)] * n)


def _relax(row: list[int], free: Sequence[Sequence[int]], paid: Sequence[Sequence[int]],
           most: int) -> None:
    """Shortest extensions from every node, in place, those costing at most ``most``
    (a breadth-first search by cost: one list of nodes per cost).  ``free`` and ``paid``
    are each node's neighbours of weight 0 and 1."""
    reached: list[list[int]] = [[] for _ in range(most + 1)]
    for v, c in enumerate(row):
        if c <= most:
            reached[c].append(v)
    for c, nodes in enumerate(reached):
        dearer = c + 1
        later = reached[dearer] if dearer <= most else None
        for v in nodes:  # grows while read: nodes reached at no extra cost
            if row[v] != c:
                continue  # improved since it was listed
            for u in free[v]:
                if c < row[u]:
                    row[u] = c
                    nodes.append(u)
            if later is not None:
                for u in paid[v]:
                    if dearer < row[u]:
                        row[u] = dearer
                        later.append(u)


def _tree(cost: Sequence[Sequence[int]] | Mapping[int, Sequence[int]], full: int, root: int,
          problem: _SteinerProblem) -> set[int]:
    """Walk back from ``cost[full][root]`` to the nodes of one optimal tree."""
    terminals, weight, adjacency = problem.groups, problem.weight, problem.adjacency
    out: set[int] = set()
    stack = [(full, root)]
    while stack:
        mask, v = stack.pop()
        out.add(v)
        c = cost[mask][v]
        if mask & (mask - 1) == 0 and terminals[mask.bit_length() - 1] == v:
            continue
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        split = None
        while True:
            a = sub | low
            if a != mask and cost[a][v] + cost[mask ^ a][v] - weight[v] == c:
                split = a
                break
            if sub == 0:
                break
            sub = (sub - 1) & rest
        if split is not None:
            stack.append((split, v))
            stack.append((mask ^ split, v))
            continue
        step = next(u for u in adjacency[v] if cost[mask][u] + weight[v] == c)
        stack.append((mask, step))
    return out


def _all_trees(cost: Sequence[Sequence[int]] | Mapping[int, Sequence[int]], full: int,
               root: int, problem: _SteinerProblem, marks: Sequence[int],
               memo: dict[tuple[int, int], set[int]] | None = None,
               merges: Mapping[int, list[int] | None] | None = None) -> set[int]:
    """The usable nodes (the satellites) of every optimal tree at ``cost[full][root]``, as
    masks: the union of the ``marks`` of their nodes (0 for a free node, so trees
    differing only in free nodes count once): each way back through the table (a split of
    the terminals at a node, or a step to a neighbour), remembered per ``(mask, node)`` in
    ``memo`` (the searches of one table may share it).  Two optimal halves never share a
    node besides the one they meet at, so their union is optimal too.  With the rows of
    merges of :func:`_dw_row`, the splits are tried only at nodes whose merge is optimal."""
    terminals, weight, adjacency = problem.groups, problem.weight, problem.adjacency
    if memo is None:
        memo = {}
    splits: dict[int, list[tuple[Sequence[int], Sequence[int], int, int]]] = {}

    def split(mask: int) -> list[tuple[Sequence[int], Sequence[int], int, int]]:
        """Each split {A, B} of ``mask`` once (A holds the lowest terminal): their rows
        and sets."""
        if mask not in splits:
            low = mask & -mask
            rest = mask ^ low
            pairs = []
            sub = rest
            while sub:
                sub = (sub - 1) & rest
                a = sub | low
                pairs.append((cost[a], cost[mask ^ a], a, mask ^ a))
            splits[mask] = pairs
        return splits[mask]

    def trees(mask: int, v: int) -> set[int]:
        key = (mask, v)
        if key in memo:
            return memo[key]
        row = cost[mask]
        c = row[v]  # below the unknown: on the way back from an optimal tree
        out: set[int] = set()
        node, w = marks[v], weight[v]
        if mask & (mask - 1) == 0 and terminals[mask.bit_length() - 1] == v:
            out.add(node)
        else:
            whole = c + w
            merged = None if merges is None else merges[mask]
            if merged is None or merged[v] == c:
                for a_row, b_row, a, b in split(mask):
                    if a_row[v] + b_row[v] == whole:
                        halves = trees(b, v)
                        for x in trees(a, v):
                            out.update(map(x.__or__, halves))
            before = c - w
            for u in adjacency[v]:
                if row[u] == before:
                    if node:
                        out.update(map(node.__or__, trees(mask, u)))
                    else:
                        out.update(trees(mask, u))
        memo[key] = out
        return out

    return trees(full, root)


# ---------------------------------------------------------------------------
# Checking one federation


@dataclass(frozen=True, slots=True)
class FederationCheck:
    """The verdict on a proposed federation and the numbers behind it."""

    verdict: Verdict
    power: int = 0
    """The power value of the structures (of the whole federation for the Ivits)."""
    threshold: int = 7
    satellites: int = 0
    """The number of satellites proposed (new ones only for the Ivits)."""
    minimum: int | None = None
    """The fewest satellites these structures need, once computed."""
    optimal: frozenset[Hex] | None = None
    """One set of satellites achieving :attr:`minimum` (the proposed ones when they do)."""

    @property
    def legal(self) -> bool:
        """Whether the federation may be formed."""
        return self.verdict.legal

    @property
    def code(self) -> str:
        """The verdict's reason code (``"ok"`` when legal)."""
        return self.verdict.code

    def __bool__(self) -> bool:
        return self.verdict.legal


def _names(space_map: SpaceMap, hexes: Iterable[Hex]) -> str:
    out = []
    for h in sorted(hexes):
        out.append(space_map.name(h) if h in space_map else str(h))
    return ", ".join(sorted(out, key=_name_key))


def _name_key(name: str) -> tuple[int, str, int, str]:
    """Sort log names by tile, ring letter and position: ``5A4`` before ``5A10``."""
    found = _NAME_PARTS.match(name)
    if not found:
        return (0, "", 0, name)
    return (int(found[1]), found[2], int(found[3] or 0), name)


_NAME_PARTS: Final = re.compile(r"^(\d+)([ABC])(\d*)$")


def _fail(code: str, message: str, rule: str, **details: object) -> FederationCheck:
    return FederationCheck(Verdict.illegal(code, message, RULES[rule], **details))


def _building_groups(g: _Grid, buildings: frozenset[Hex]) -> list[frozenset[Hex]]:
    """The groups of map hexes ``buildings`` that touch one another (connected
    components), in the order of their first hexes."""
    return [g.hex_set(part) for part in g.parts(g.mask(buildings))]


def _bits(mask: int) -> Iterator[int]:
    """The positions of the bits set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, slots=True)
class _Grid:
    """The map's hexes as the bits of an int, so that a set of hexes is one number and
    its neighbours a few shifts: hex ``(q, r)`` is bit ``(q - q0) * width + (r - r0)``
    (bits in the hexes' sort order), each column of the map ending with a spare bit that
    a shift off the column's end lands on."""

    bits: Mapping[Hex, int]
    hexes: Mapping[int, Hex]
    width: int
    neighbours: Mapping[int, tuple[int, ...]]
    """The bits of the map hexes next to each map hex."""

    def mask(self, hexes: Iterable[Hex]) -> int:
        """The bits of (map) ``hexes``."""
        bits = self.bits
        out = 0
        for h in hexes:
            out |= 1 << bits[h]
        return out

    def hex_set(self, mask: int) -> frozenset[Hex]:
        """The hexes of the bits of ``mask``."""
        hexes = self.hexes
        out = []
        while mask:
            low = mask & -mask
            out.append(hexes[low.bit_length() - 1])
            mask ^= low
        return frozenset(out)

    def around(self, mask: int) -> int:
        """``mask`` and its neighbours (with spare bits: keep what a set of hexes holds)."""
        w = self.width
        return (mask | mask << 1 | mask >> 1 | mask << w | mask >> w | mask << (w - 1)
                | mask >> (w - 1))

    def parts(self, mask: int) -> list[int]:
        """The groups of ``mask`` that touch one another (connected components), in the
        order of their first hexes."""
        out = []
        while mask:
            part = self.closure(mask & -mask, mask)
            out.append(part)
            mask &= ~part
        return out

    def closure(self, mask: int, candidates: int) -> int:
        """``mask`` plus the ``candidates`` linked to it through candidates."""
        while True:
            grown = mask | (self.around(mask) & candidates)
            if grown == mask:
                return mask
            mask = grown

    def spread(self, start: int, usable: int, free: int, most: int = _INF) -> list[int]:
        """``within[d]``: the hexes reached from ``start`` with at most ``d`` satellites
        on ``usable`` hexes (``free`` hexes cost nothing), until nothing more is reached
        or ``d`` is ``most``."""
        within = [self.closure(start, free)]
        while len(within) <= most:
            last = within[-1]
            reached = self.closure(last | (self.around(last) & usable), free)
            if reached == last:
                break
            within.append(reached)
        return within


@functools.lru_cache(maxsize=16)
def _grid(space_map: SpaceMap) -> _Grid:
    hexes = sorted(space_map)
    q0 = min(h.q for h in hexes)
    r0 = min(h.r for h in hexes)
    width = max(h.r for h in hexes) - r0 + 2
    bits = {h: (h.q - q0) * width + h.r - r0 for h in hexes}
    # plain dicts (read-only by their type): the searches read them most
    return _Grid(bits, {b: h for h, b in bits.items()},
                 width, MappingProxyType({bits[h]: tuple(bits[n] for n in space_map.neighbours(h))
                                          for h in hexes}))


@functools.lru_cache(maxsize=16)
def _empty_space(space_map: SpaceMap) -> int:
    """The map's hexes with no planet, as a mask (:class:`_Grid`)."""
    g = _grid(space_map)
    return g.mask(h for h, planet in space_map.planets.items() if planet is None)


@dataclass(frozen=True, slots=True)
class _Setting:
    """What a check needs besides the proposal: derived once from the plain inputs."""

    space_map: SpaceMap
    structures: Mapping[Hex, str]
    values: Mapping[Hex, int]
    eligible: frozenset[Hex]
    """The player's structures with a power value that may join a new federation."""
    usable: frozenset[Hex]
    """The hexes a new satellite may go on."""
    base: frozenset[Hex] = frozenset()
    """Hexes already in the federation being extended (Ivits)."""
    grid: _Grid = field(init=False, compare=False, repr=False)
    eligible_bits: int = field(init=False, compare=False, repr=False)
    usable_bits: int = field(init=False, compare=False, repr=False)
    base_bits: int = field(init=False, compare=False, repr=False)
    """The sets above as masks of the map's :class:`_Grid`."""
    cache: dict[frozenset[Hex], tuple[int, frozenset[Hex]] | None] = field(
        default_factory=dict, compare=False, repr=False)
    """Fewest satellites found so far, by set of structures."""
    masks: dict[frozenset[Hex], int] = field(default_factory=dict, compare=False, repr=False)
    """The mask of each group of structures asked for (:meth:`mask`)."""
    reach: dict[frozenset[Hex], list[int]] = field(
        default_factory=dict, compare=False, repr=False)
    """The hexes within each number of satellites of a group of structures
    (:meth:`_Grid.spread`)."""
    smaller: dict[tuple[frozenset[Hex], int, int],
                  tuple[frozenset[Hex], frozenset[Hex], int] | None] = field(
        default_factory=dict, compare=False, repr=False)
    """Smaller federations found inside a set of structures, by (structures, threshold,
    satellites)."""
    any_smaller: dict[tuple[frozenset[Hex], int, int], bool] = field(
        default_factory=dict, compare=False, repr=False)
    """Whether there is a smaller federation (:func:`_has_smaller`), by the same keys."""
    least: dict[frozenset[Hex], int] = field(default_factory=dict, compare=False, repr=False)
    """The fewest satellites of the federations listed, by set of structures (a check of
    one of them need not search again)."""
    tables: list[_GroupTable] = field(default_factory=list, compare=False, repr=False)
    """The :class:`_GroupTable` of the last listing of the position, if any."""
    gaps: dict[tuple[frozenset[Hex], frozenset[Hex]], int] = field(
        default_factory=dict, compare=False, repr=False)
    """The fewest satellites joining two groups, by pair (:meth:`gap`)."""
    rims: tuple[tuple[int, int], ...] = field(init=False, compare=False, repr=False)
    """Each group of the eligible structures outside the base (they touch one another)
    as a mask, with its hexes and their neighbours (:meth:`members`)."""
    groups: tuple[frozenset[Hex], ...] = field(init=False, compare=False, repr=False)
    """The same groups as sets of hexes (:func:`_building_groups`)."""
    minimal_covers: dict[int, tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False)
    """The sets of :attr:`groups` reaching each power value (:meth:`covers`)."""

    def __post_init__(self) -> None:
        g = _grid(self.space_map)
        for name, value in (("grid", g), ("eligible_bits", g.mask(self.eligible)),
                            ("usable_bits", g.mask(self.usable)),
                            ("base_bits", g.mask(self.base))):
            object.__setattr__(self, name, value)
        parts = g.parts(self.eligible_bits & ~self.base_bits)
        object.__setattr__(self, "rims", tuple((part, g.around(part)) for part in parts))
        object.__setattr__(self, "groups", tuple(map(g.hex_set, parts)))

    def covers(self, value: int) -> tuple[tuple[int, ...], ...]:
        """The sets of :attr:`groups` (their indices) reaching a power of ``value`` while
        each group is needed, smallest first (:func:`_minimal_covers`; remembered)."""
        if value not in self.minimal_covers:
            values = [sum(self.values[h] for h in group) for group in self.groups]
            self.minimal_covers[value] = tuple(_minimal_covers(values, value))
        return self.minimal_covers[value]

    def members(self, joined: int) -> int:
        """The eligible structures outside the base that a new federation of the hexes of
        mask ``joined`` (with the base) takes in: every one touching it, or linked to it
        through the others.  Each group of them comes whole, and two groups never touch,
        so a group is taken in when it touches ``joined`` or the base (or lies in it)."""
        joined |= self.base_bits
        out = 0
        for part, rim in self.rims:
            if rim & joined:
                out |= part
        return out

    def mask(self, group: frozenset[Hex]) -> int:
        """The mask of the map hexes of a group of structures or an earlier federation
        (remembered: a listing and its checks ask again and again)."""
        if group not in self.masks:
            bits = self.grid.bits
            self.masks[group] = self.grid.mask(h for h in group if h in bits)
        return self.masks[group]

    def table(self, groups: Sequence[frozenset[Hex]], combos: Sequence[Sequence[int]]
              ) -> _GroupTable:
        """The :class:`_GroupTable` of the position covering ``combos`` of its ``groups``
        (the one made before, if it does)."""
        if self.tables:
            table = self.tables[0]
            wanted = {table.terminals(groups[i] for i in combo) for combo in combos}
            if None not in wanted:
                return table
        self.tables[:] = [_GroupTable.of(self, groups, combos)]
        return self.tables[0]

    def within(self, a: frozenset[Hex]) -> list[int]:
        """The hexes within each number of satellites of group ``a``."""
        if a not in self.reach:
            self.reach[a] = self.grid.spread(self.mask(a), self.usable_bits,
                                             self.eligible_bits | self.base_bits)
        return self.reach[a]

    def gap(self, a: frozenset[Hex], b: frozenset[Hex]) -> int:
        """The fewest satellites joining group ``a`` to group ``b`` (a lower bound for any
        federation holding both; remembered)."""
        key = (a, b)
        if key not in self.gaps:
            target = self.mask(b)
            self.gaps[key] = next((d for d, hexes in enumerate(self.within(a))
                                   if hexes & target), _INF)
        return self.gaps[key]


def _setting(space_map: SpaceMap, player_structures: Mapping[Hex, str],
             other_federations: Sequence[frozenset[Hex]], blocked: frozenset[Hex],
             power_values: Mapping[str, int], value_bonus: Mapping[Hex, int] | None,
             base: frozenset[Hex] = frozenset()) -> _Setting:
    """The setting of a position, shared by every check and listing of that position (so
    the searches it remembers are done once)."""
    return _shared_setting(space_map, frozenset(player_structures.items()),
                           tuple(frozenset(f) for f in other_federations), frozenset(blocked),
                           frozenset(power_values.items()),
                           frozenset((value_bonus or {}).items()), frozenset(base))


@functools.lru_cache(maxsize=64)
def _shared_setting(space_map: SpaceMap, structures: frozenset[tuple[Hex, str]],
                    other_federations: tuple[frozenset[Hex], ...], blocked: frozenset[Hex],
                    power_values_items: frozenset[tuple[str, int]],
                    bonus_items: frozenset[tuple[Hex, int]], base: frozenset[Hex]
                    ) -> _Setting:
    player_structures = dict(structures)
    power_values = dict(power_values_items)
    bonus = dict(bonus_items)
    values = {h: power_values.get(kind, 0) + (bonus.get(h, 0) if power_values.get(kind, 0)
                                              else 0)
              for h, kind in player_structures.items()}
    taken: set[Hex] = set()
    for fed in other_federations:
        taken |= fed
    near = set(taken)
    for h in taken:
        near.update(h.neighbors())
    eligible = frozenset(h for h, v in values.items() if v > 0 and h not in near)
    g = _grid(space_map)
    taken_bits = g.mask(h for hexes in (blocked, player_structures, near) for h in hexes
                        if h in g.bits)
    usable = g.hex_set(_empty_space(space_map) & ~taken_bits)
    return _Setting(space_map, MappingProxyType(dict(player_structures)),
                    MappingProxyType(values), eligible, usable - base, base)


def _minimum(s: _Setting, buildings: frozenset[Hex]) -> tuple[int, frozenset[Hex]] | None:
    """The fewest new satellites joining ``buildings`` (and the base) into one group."""
    if buildings not in s.cache:
        s.cache[buildings] = _fewest(_region(s, buildings), None)
    return s.cache[buildings]


def _flexible_minimum(s: _Setting, buildings: frozenset[Hex]
                      ) -> tuple[int, frozenset[Hex]] | None:
    """The fewest new satellites joining ``buildings`` (and the base) without taking in
    any other structure of the player: the satellites keep clear of the hexes that touch
    one (``flexibleFederations``)."""
    g = s.grid
    joined = g.mask(buildings) | s.base_bits
    others = s.eligible_bits & ~joined
    return _fewest(_SteinerProblem.build(g, joined, s.usable_bits & ~g.around(others), joined),
                   None)


def _region(s: _Setting, buildings: frozenset[Hex], every: bool = False
            ) -> _SteinerProblem | tuple[int, frozenset[Hex]] | None:
    """The problem of joining ``buildings`` (and the base) on the hexes an optimal tree
    can use (None when no satellites join them).  Joining the groups along a spanning
    tree of their gaps costs some ``U`` satellites, so the optimum is at most ``U``; each
    hex of an optimal tree is then at most ``U`` satellites away from a structure to join
    (along the tree), and hexes farther away can be left out of the search.  The search
    stops at ``U`` satellites too (:func:`_dw_costs`).

    In fact the tree leads from each of its hexes to every group, so a hex farther than
    ``U`` from any group is in no optimal tree either: the problem for ``every`` optimal
    tree keeps only the hexes near all of them.  (One optimal tree is searched on the
    hexes near any, so that the one found, named in verdicts, stays the same.)"""
    groups = _building_groups(s.grid, buildings) + ([s.base] if s.base else [])
    bound = _spanning_bound(s, groups)
    if bound >= _INF:
        return None
    g = s.grid
    joined = s.mask(buildings) | s.base_bits
    free = s.eligible_bits | s.base_bits
    if every:
        near = _near_all(s, groups, bound)
    else:
        near = g.spread(joined, s.usable_bits, free, bound)[-1]
    return _SteinerProblem.build(g, joined, s.usable_bits & near, free & near, bound)


def _spanning_bound(s: _Setting, groups: Sequence[frozenset[Hex]]) -> int:
    """The satellites joining ``groups`` along a spanning tree of their gaps (Prim's
    algorithm): no optimal tree needs more (``_INF`` when two groups cannot be joined)."""
    if not groups:
        return 0
    first, *rest = groups
    nearest = [s.gap(first, b) for b in rest]  # each group's gap to the tree so far
    bound = 0
    while rest:
        cost = min(nearest)
        if cost >= _INF:
            return _INF
        bound += cost
        i = nearest.index(cost)  # the first of the nearest, as the tree grows
        linked = rest.pop(i)
        del nearest[i]
        nearest = [min(d, s.gap(linked, b)) for d, b in zip(nearest, rest, strict=True)]
    return bound


@dataclass(frozen=True, slots=True)
class _GroupTable:
    """The fewest satellites joining sets of a position's groups of structures (and the
    base): one Dreyfus-Wagner table over all the groups, ``cost[S][v]`` for the sets
    ``S`` of them (bit ``i`` for group ``i``, the base last), each row found when a set
    asks for it, so the sets a listing tries share their smaller sets.

    The table is searched on the hexes near all the groups of any of the sets it
    ``covers``: every optimal tree of such a set lies on the hexes near all its groups
    (see :func:`_region`), so for these sets (and the smaller sets their trees are made
    of) it finds the fewest satellites and the optimal trees a search on their own
    region finds.  Each row is exact only as far as a part of an optimal tree of a covered
    set can cost (:func:`_row_bounds`): every way back from a covered set's optimal trees,
    all a listing reads, stays within that."""

    groups: tuple[frozenset[Hex], ...]
    """The player's groups of structures that may join a federation (the base aside)."""
    base: bool
    """Whether the base is a terminal (after the groups)."""
    problem: _SteinerProblem
    covers: Mapping[int, int]
    """The sets of terminals searched exactly, each with its bound (no optimal tree of
    it costs more, nor any part of one)."""
    index: Mapping[frozenset[Hex], int]
    """Each group's terminal."""
    exact: Mapping[int, int]
    """How far the row of each set of terminals held in a covered set must be exact
    (:func:`_row_bounds`)."""
    cost: dict[int, list[int]] = field(default_factory=dict)
    beside: dict[int, int] = field(default_factory=dict)
    """Each row less the nodes' own weights, packed (:func:`_dw_row`)."""
    merges: dict[int, list[int] | None] = field(default_factory=dict)
    """Each row's merges before its relaxation (:func:`_dw_row`)."""
    memo: dict[tuple[int, int], set[int]] = field(default_factory=dict)
    """The optimal trees found below each ``(set, node)`` (:func:`_all_trees`), their
    satellites as masks of the map."""
    found: dict[int, tuple[int, tuple[int, ...]] | None] = field(default_factory=dict)
    """What :meth:`every_fewest` found of each set asked."""

    @staticmethod
    def of(s: _Setting, groups: Sequence[frozenset[Hex]], combos: Iterable[Sequence[int]]
           ) -> _GroupTable:
        """The table of a setting's ``groups`` (:func:`_building_groups` of the eligible
        structures outside the base) covering the sets of groups ``combos`` (each with
        the base), those that some satellites can join."""
        index = MappingProxyType({t: i for i, t in enumerate(groups)})
        base = [s.base] if s.base else []
        covers: dict[int, int] = {}
        near = 0
        for combo in combos:
            terminals = [groups[i] for i in combo] + base
            bound = _spanning_bound(s, terminals)
            if not terminals or bound >= _INF:
                continue
            covers[sum(1 << i for i in combo) | (1 << len(groups) if base else 0)] = bound
            near |= _near_all(s, terminals, bound)
        g = s.grid  # the groups and the base are all the free hexes
        problem = _SteinerProblem.joining(g, g.parts(s.eligible_bits | s.base_bits),
                                          [s.mask(t) for t in [*groups, *base]],
                                          s.usable_bits & near)
        terminals = [*groups, *base]
        gaps = [[s.gap(a, b) for b in terminals] for a in terminals]
        return _GroupTable(tuple(groups), bool(base), problem, MappingProxyType(covers),
                           index, MappingProxyType(_row_bounds(covers, gaps)))

    def terminals(self, groups: Iterable[frozenset[Hex]]) -> int | None:
        """The set of these groups with the base, if the table covers it."""
        mask = 1 << len(self.groups) if self.base else 0
        for group in groups:
            i = self.index.get(group)
            if i is None:
                return None
            mask |= 1 << i
        return mask if mask in self.covers else None

    def row(self, mask: int) -> list[int]:
        """``cost[mask]``, with the rows of its smaller sets found first."""
        cost, beside = self.cost, self.beside
        if mask not in cost:
            missing = []
            sub = mask
            while sub:
                if sub not in cost:
                    missing.append(sub)
                sub = (sub - 1) & mask
            for sub in reversed(missing):  # smaller sets first
                row, less, merges = _dw_row(self.problem, beside, sub, self.exact[sub])
                # the row last: a search in another thread that finds it finds the rest
                self.merges[sub], beside[sub], cost[sub] = merges, less, row
        return cost[mask]

    def root(self, mask: int) -> int:
        """The node of the first terminal of ``mask``."""
        return self.problem.groups[(mask & -mask).bit_length() - 1]

    def fewest(self, mask: int) -> int:
        """The fewest satellites joining the terminals of a covered set ``mask``."""
        return self.row(mask)[self.root(mask)] if mask & (mask - 1) else 0

    def named(self, mask: int) -> int:
        """The satellites (a mask of the map) of the optimal tree of a covered set
        ``mask`` that :func:`_minimum` finds for its groups: the way back through the
        table that takes the first split, else the first step, in the same order.  Its
        search keeps the hexes near any of the groups, this table those near all the
        groups of a covered set; an optimal tree and every way back along one lie on the
        hexes near all of them (:func:`_region`), where both tables are exact, and the
        groups, splits and hexes come in the same order in both."""
        problem = self.problem
        marks = problem.marks
        return functools.reduce(operator.or_, (marks[v] for v in _tree(
            self.cost, mask, self.root(mask), problem)), 0)

    def every_fewest(self, mask: int) -> tuple[int, tuple[int, ...]] | None:
        """The fewest satellites joining the terminals of a covered set ``mask`` and
        every optimal set of them as masks of the map (the sets :func:`_all_minimum`
        finds, in its order), None if none do."""
        if mask & (mask - 1) == 0:
            return (0, (0,))
        if mask not in self.found:
            least = self.fewest(mask)
            problem = self.problem
            self.found[mask] = None if least >= _UNKNOWN else (least, tuple(_in_hex_order(
                _all_trees(self.cost, mask, self.root(mask), problem, problem.marks,
                           self.memo, self.merges))))
        return self.found[mask]


def _row_bounds(covers: Mapping[int, int], gaps: Sequence[Sequence[int]]) -> dict[int, int]:
    """How far the row of each set ``T`` of terminals held in a covered set must be
    exact: as far as a part of an optimal tree of a covered set ``C`` holding ``T`` that
    joins ``T``'s terminals at a node ``v`` can cost.  Such a tree costs at most ``C``'s
    bound ``B`` (the value in ``covers``), and it is that part and a tree joining the rest
    of ``C`` at ``v``, sharing ``v``; the rest costs at least its largest gap ``G`` (two of
    its terminals that far apart, ``gaps``) and ``v`` itself, so the part costs at most
    ``B - G + 1`` (``B`` when the rest is one terminal or none).  An optimal tree's parts
    and their own parts are then all exact, which is all a listing reads.

    >>> _row_bounds({0b111: 9}, [[0, 2, 5], [2, 0, 4], [5, 4, 0]])[0b001]
    6
    """
    spans: dict[int, int] = {0: 0}
    out: dict[int, int] = {}
    for cover, bound in covers.items():
        sub = cover
        while sub:
            rest = cover ^ sub
            if rest not in spans:  # the largest gap, from that of the rest but its lowest
                low = (rest & -rest).bit_length() - 1
                spans[rest] = max(spans[rest & (rest - 1)],
                                  max((gaps[low][b] for b in _bits(rest & (rest - 1))),
                                      default=0))
            most = bound + 1 - spans[rest] if rest & (rest - 1) else bound
            if most > out.get(sub, -1):
                out[sub] = most
            sub = (sub - 1) & cover
    return out


def _near_all(s: _Setting, groups: Sequence[frozenset[Hex]], bound: int) -> int:
    """The hexes at most ``bound`` satellites away from every one of ``groups``."""
    return functools.reduce(operator.and_, (s.within(a)[min(bound, len(s.within(a)) - 1)]
                                            for a in groups))


def _lower_bound(s: _Setting, groups: Sequence[frozenset[Hex]]) -> int:
    """The largest gap between two of ``groups``: no federation joins them with fewer."""
    return max((s.gap(a, b) for a, b in itertools.combinations(groups, 2)), default=0)


def _check(s: _Setting, satellites: frozenset[Hex], chosen: frozenset[Hex],
           other_federations: Sequence[frozenset[Hex]], threshold: int,
           max_satellites: int | None, optimal_known: bool = False,
           flexible: bool = False) -> FederationCheck:
    m = s.space_map
    off = sorted(h for h in chosen | satellites if h not in m)
    if off:
        return _fail("off_map", f"Hex {', '.join(map(str, off))} is not on the map.",
                     "gp.action.federation", hexes=tuple(off))
    both = chosen & satellites
    if both:
        return _fail("satellite_on_structure",
                     f"{_names(m, both)} is listed both as a structure and as a satellite.",
                     "gp.federation.satellites", hexes=tuple(sorted(both)))
    foreign = sorted(h for h in chosen if h not in s.structures)
    if foreign:
        return _fail("not_own_structure",
                     f"The player has no structure on {_names(m, foreign)}.",
                     "gp.action.federation", hexes=tuple(foreign))
    powerless = sorted(h for h in chosen if s.values[h] <= 0)
    if powerless:
        kinds = ", ".join(f"{m.name(h)} ({s.structures[h]})" for h in powerless)
        return _fail("no_power_value",
                     f"{kinds} has no power value and cannot be part of a federation.",
                     "gp.federation.power", hexes=tuple(powerless))
    for fed in (*other_federations, s.base):
        shared = (chosen | satellites) & fed
        if shared:
            return _fail("already_federated",
                         f"{_names(m, shared)} already belongs to one of the player's "
                         "federations.", "gp.federation.exclusive", hexes=tuple(sorted(shared)))
    adjacent = m.adjacency()
    g = s.grid
    proposal = g.mask(chosen | satellites)
    for fed in other_federations:
        if not proposal & g.around(s.mask(fed)):
            continue
        touching = sorted(h for h in chosen | satellites if not fed.isdisjoint(adjacent[h]))
        if touching:
            return _fail("adjacent_federation",
                         f"{_names(m, touching)} touches one of the player's federations "
                         f"({_names(m, fed)}).", "gp.federation.separate",
                         hexes=tuple(touching))
    bad = sorted(h for h in satellites if m.planet(h) is not None)
    if bad:
        return _fail("satellite_on_planet",
                     f"A satellite goes on empty space, not on the planet at {_names(m, bad)}.",
                     "gp.federation.satellites", hexes=tuple(bad))
    bad = sorted(h for h in satellites if h not in s.usable)
    if bad:
        return _fail("satellite_blocked", f"No satellite may go on {_names(m, bad)}.",
                     "gp.federation.satellites", hexes=tuple(bad))
    group = chosen | satellites | s.base
    if not chosen and not s.base:
        return _fail("no_structures", "A federation needs at least one structure.",
                     "gp.federation.power")
    group_bits = proposal | s.base_bits
    parts = g.parts(group_bits)
    if len(parts) > 1:
        pieces = "; ".join(_names(m, g.hex_set(p)) for p in parts)
        return _fail("not_connected",
                     f"The structures and satellites form {len(parts)} separate groups: "
                     f"{pieces}.", "gp.action.federation", groups=len(parts))
    left_out = g.hex_set(g.closure(group_bits, s.eligible_bits) & ~group_bits)
    if left_out:
        return _fail("structure_left_out",
                     f"{_names(m, left_out)} touches the federation, so it must be part of it.",
                     "gp.action.federation", hexes=tuple(sorted(left_out)))
    values = s.values
    members = [h for h in group if values.get(h, 0) > 0]
    power = sum(values[h] for h in members)
    count = len(satellites)
    numbers = dict(power=power, threshold=threshold, satellites=count)
    if power < threshold:
        terms = ", ".join(f"{m.name(h)} {s.structures[h]} {s.values[h]}"
                          for h in sorted(members, key=lambda h: _name_key(m.name(h))))
        return FederationCheck(Verdict.illegal(
            "power_too_low",
            f"The structures have a power value of {power} ({terms}), below the "
            f"{threshold} a federation needs.", RULES["gp.federation.power"], **numbers),
            power, threshold, count)
    if max_satellites is not None and count > max_satellites:
        return FederationCheck(Verdict.illegal(
            "not_enough_tokens",
            f"{count} satellites need {count} power tokens; only {max_satellites} can be "
            "discarded.", RULES["gp.federation.satellites"], **numbers),
            power, threshold, count)
    if (optimal_known or (not flexible and s.least.get(chosen) == count)
            or _lower_bound(s, _building_groups(s.grid, chosen) + ([s.base] if s.base else []))
            >= count):
        # the listing found this many the fewest, or two of the groups are this far
        # apart: the proposal is already one of the best
        least, optimal = count, satellites
    else:
        found = _flexible_minimum(s, chosen) if flexible else _minimum(s, chosen)
        assert found is not None  # the proposal itself connects them
        least, optimal = found
    if least < count:
        return FederationCheck(Verdict.illegal(
            "too_many_satellites",
            f"These {count} satellites could be {least}: {_names(m, optimal) or 'none'}.",
            RULES["gp.federation.minimal"], minimum=least, optimal=optimal, **numbers),
            power, threshold, count, least, optimal)
    if least == count:
        optimal = satellites  # the proposal's own are one of the best sets
    smaller = _smaller_federation(s, chosen, threshold, count)
    if smaller is not None:
        buildings, sats, value = smaller
        return FederationCheck(Verdict.illegal(
            "needless_structures",
            f"{_names(m, buildings)} alone reach a power value of {value} with "
            f"{len(sats)} satellites ({_names(m, sats) or 'none'}) instead of {count}.",
            RULES["gp.federation.minimal"], buildings=buildings, optimal=sats, **numbers),
            power, threshold, count, least, optimal)
    return _accepted(power, threshold, satellites, flexible)


def _accepted(power: int, threshold: int, satellites: frozenset[Hex], flexible: bool
              ) -> FederationCheck:
    """The check of a legal federation of this power value with these satellites, the
    fewest possible."""
    count = len(satellites)
    return FederationCheck(Verdict.ok(
        RULES["gp.action.federation"],
        f"A federation of power value {power} (at least {threshold}) with {count} "
        f"satellites, the fewest possible"
        f"{' without taking in another structure' if flexible else ''}.", power=power,
        threshold=threshold, satellites=count), power, threshold, count, count, satellites)


def listed_check(option: FederationOption, threshold: int, *, flexible: bool = False
                 ) -> FederationCheck:
    """What :func:`check_federation` finds of a federation :func:`federation_options`
    listed with this ``threshold``, with the same number of power tokens at most: it is
    legal (each option is built to pass every check), so a line naming it needs no
    search of its own.  With ``flexible`` it is as legal: its satellites touch no
    structure left out, and no fewer join its structures in any way.

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> far = {m.hex("5A7"): "PI", m.hex("5A11"): "ac1", m.hex("5A10"): "m"}
    >>> first = federation_options(m, far)[0]
    >>> listed_check(first, 7) == check_federation(m, far, first.satellites, first.structures)
    True
    """
    return _accepted(option.power, threshold, option.satellites, flexible)




def _smaller_federation(s: _Setting, chosen: frozenset[Hex], threshold: int, count: int
                        ) -> tuple[frozenset[Hex], frozenset[Hex], int] | None:
    """A federation made of part of ``chosen`` reaching the threshold with fewer
    satellites, if any (the structures it absorbs must all be among ``chosen``): the
    one a check names (each part's satellites those :func:`_minimum` finds)."""
    if count == 0:
        return None
    key = (chosen, threshold, count)
    if key not in s.smaller:
        s.smaller[key] = _search_smaller(s, chosen, threshold, count)
    return s.smaller[key]


def _has_smaller(s: _Setting, chosen: frozenset[Hex], threshold: int, count: int) -> bool:
    """Whether :func:`_smaller_federation` finds one, answered where it can from every
    optimal set of satellites of the listing's table (when all of them decide alike, the
    one a check would name does too) rather than a search of each part."""
    if count == 0:
        return False
    key = (chosen, threshold, count)
    if key in s.smaller:
        return s.smaller[key] is not None
    if key not in s.any_smaller:
        s.any_smaller[key] = _search_smaller(s, chosen, threshold, count, named=False) is not None
    return s.any_smaller[key]


def _table_sets(s: _Setting, groups: Sequence[frozenset[Hex]]
                ) -> tuple[int, tuple[int, ...], int] | None:
    """What the position's :class:`_GroupTable`, if a listing made one covering these
    groups, tells of :func:`_minimum`: the fewest satellites, with every optimal set of
    them as masks of the map, and the groups' set of terminals in the table (whose
    :meth:`_GroupTable.named` is the set :func:`_minimum` finds); None if it does not
    cover them."""
    table = s.tables[0] if s.tables else None
    mask = None if table is None else table.terminals(groups)
    if table is None or mask is None:
        return None
    least = table.fewest(mask)
    if least >= _UNKNOWN:
        return (least, (), mask)
    sets = table.every_fewest(mask)
    assert sets is not None
    return (least, sets[1], mask)


def _search_smaller(s: _Setting, chosen: frozenset[Hex], threshold: int, count: int,
                    named: bool = True) -> tuple[frozenset[Hex], frozenset[Hex], int] | None:
    """:func:`_smaller_federation`; with ``named`` False any such federation (not
    necessarily the one a check names), found without a search of its own where every
    optimal set of satellites of a part decides alike."""
    g = s.grid
    base_value = sum(s.values.get(h, 0) for h in s.base)
    chosen_bits = g.mask(chosen)
    outside = ~chosen_bits
    held = [i for i, (part, _) in enumerate(s.rims) if part & chosen_bits]
    whole = functools.reduce(operator.or_, (s.rims[i][0] for i in held), 0)
    if whole == chosen_bits & ~s.base_bits:
        # whole groups of the position (as a listing's federations are): their sets are
        # the position's sets of groups held in them, in the same order
        groups = [s.groups[i] for i in held]
        inside = set(held)
        combos: Iterable[Sequence[int]] = (
            [held.index(i) for i in combo] for combo in s.covers(threshold - base_value)
            if inside.issuperset(combo))
    else:
        groups = _building_groups(g, chosen - s.base)
        combos = _minimal_covers([sum(s.values[h] for h in part) for part in groups],
                                 threshold - base_value)
    for combo in combos:
        if len(combo) == len(groups):
            continue
        parts = [groups[i] for i in combo]
        if _lower_bound(s, parts) >= count:
            continue
        known = _table_sets(s, parts)
        if known is not None and known[0] >= count:
            continue
        joined = functools.reduce(operator.or_, map(s.mask, parts), 0)
        if known is None:
            found = _minimum(s, frozenset().union(*parts))
            if found is None or found[0] >= count:
                continue
            satellites = g.mask(found[1])
        else:
            least, sets, mask = known
            satellites = sets[0]
            if len(sets) > 1:
                inside_sets = [] if named else [
                    sats for sats in sets if not s.members(joined | sats) & outside]
                if not named and not inside_sets:
                    continue
                if named or len(inside_sets) < len(sets):
                    satellites = s.tables[0].named(mask)  # the one a check names
        absorbed = s.members(joined | satellites)
        if not absorbed & outside:
            members = g.hex_set(absorbed)
            return (members, g.hex_set(satellites),
                    base_value + sum(s.values[h] for h in members))
    return None


def check_federation(space_map: SpaceMap, player_structures: Mapping[Hex, str],
                     satellites: frozenset[Hex], chosen: frozenset[Hex],
                     other_federations: Sequence[frozenset[Hex]] = (),
                     blocked: frozenset[Hex] = frozenset(),
                     power_values: Mapping[str, int] = POWER_VALUES, threshold: int = 7,
                     *, value_bonus: Mapping[Hex, int] | None = None,
                     max_satellites: int | None = None,
                     flexible: bool = False) -> FederationCheck:
    """Whether the player may form a federation of the structures ``chosen`` joined by
    new ``satellites``.

    ``player_structures`` maps each of the player's structures to its kind;
    ``other_federations`` are the hex sets (structures and satellites) of the player's
    earlier federations; ``blocked`` are further hexes no satellite may use (a satellite
    only ever goes on empty space); ``power_values`` gives each kind's value (use
    :func:`power_values` for the tech tile that makes big buildings 4) and
    ``value_bonus`` adds to single structures (Bescods' institute: +1 on titanium);
    ``threshold`` comes from :func:`federation_threshold`; ``max_satellites`` is the
    number of power tokens the player could discard, when known.  With ``flexible``
    (boardgamers.space's ``flexibleFederations``) the satellites need only be the fewest
    that join ``chosen`` without taking in another structure of the player; a part of
    ``chosen`` reaching the threshold with fewer satellites is still refused.

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> own = {m.hex("1A5"): "ts", m.hex("1A7"): "m", m.hex("1B3"): "lab", m.hex("2A1"): "PI"}
    >>> sorted(own) == sorted(m.hex(n) for n in ("1A5", "1A7", "1B3", "2A1"))
    True
    >>> print(check_federation(m, own, frozenset(), frozenset(own)).verdict)
    legal: A federation of power value 8 (at least 7) with 0 satellites, the fewest possible.
    [Read the refresher: rounds and phases]
    >>> far = {m.hex("5A7"): "PI", m.hex("5A11"): "ac1", m.hex("5A10"): "m"}
    >>> [m.planet(h) for h in far]
    ['oxide', 'volcanic', 'desert']
    >>> detour = frozenset(m.hex(n) for n in ("5B3", "5C", "5B0"))
    >>> print(check_federation(m, far, detour, frozenset(far)).verdict)
    not legal now: These 3 satellites could be 2: 5A8, 5A9.
    [Read the refresher: often forgotten]
    >>> print(check_federation(m, far, frozenset({m.hex("5B4")}), frozenset(far)).verdict)
    not legal now: The structures and satellites form 2 separate groups: 5A7, 5B4;
    5A10, 5A11. [Read the refresher: rounds and phases]
    >>> pair = frozenset({m.hex("5A8"), m.hex("5A9")})
    >>> check_federation(m, far, pair, frozenset(far)).legal
    True
    >>> print(check_federation(m, far, pair, frozenset(far), [frozenset({m.hex("5A6")})]).verdict)
    not legal now: 5A7 touches one of the player's federations (5A6).
    [Read the refresher: often forgotten]
    """
    s = _setting(space_map, player_structures, other_federations, blocked, power_values,
                 value_bonus)
    return _check(s, frozenset(satellites), frozenset(chosen), other_federations,
                  threshold, max_satellites, flexible=flexible)


def check_ivits_federation(space_map: SpaceMap, player_structures: Mapping[Hex, str],
                           satellites: frozenset[Hex], chosen: frozenset[Hex],
                           federation: frozenset[Hex] = frozenset(),
                           blocked: frozenset[Hex] = frozenset(),
                           power_values: Mapping[str, int] = POWER_VALUES,
                           federations_formed: int = 0, *,
                           max_satellites: int | None = None) -> FederationCheck:
    """The Ivits' federation: one single federation that grows.

    ``federation`` holds the hexes of their federation so far (empty before the first);
    ``chosen`` the structures it takes in now and ``satellites`` the new satellites
    (paid with Q.I.C., so ``max_satellites`` is their Q.I.C.).  The whole federation,
    old and new, must be one connected group whose power value reaches
    ``7 x (federations_formed + 1)``; the new satellites must be as few as possible.
    Space stations (``sp``) count 1.

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> first = {m.hex("5A7"): "PI", m.hex("5A11"): "ac1", m.hex("5A10"): "m"}
    >>> pair = frozenset({m.hex("5A8"), m.hex("5A9")})
    >>> check_ivits_federation(m, first, pair, frozenset(first)).legal
    True
    >>> more = first | {m.hex("5A4"): "ts"}
    >>> count, sats = minimal_satellites(m, [m.hex("5A4"), m.hex("5A7")],
    ...                                  [h for h in m if m.planet(h) is None])
    >>> print(check_ivits_federation(m, more, sats, frozenset({m.hex("5A4")}),
    ...                              frozenset(first) | pair, federations_formed=1).verdict)
    not legal now: The structures have a power value of 9 (5A4 ts 2, 5A7 PI 3,
    5A10 m 1, 5A11 ac1 3), below the 14 a federation needs.
    [Read the refresher: often forgotten]
    """
    base = frozenset(federation)
    s = _setting(space_map, player_structures, (), blocked, power_values, None, base)
    threshold = federation_threshold("ivits", federations_formed=federations_formed)
    if federations_formed and not base:
        return _fail("ivits_extend", "The Ivits must extend their existing federation.",
                     "gp.faction.ivits")
    return _check(s, frozenset(satellites), frozenset(chosen) - base, (), threshold,
                  max_satellites)


# ---------------------------------------------------------------------------
# Reading a recorded federation and listing the possible ones


def hexes_of_move(space_map: SpaceMap, player_structures: Mapping[Hex, str],
                  names: Iterable[str]) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """Split the hexes a recorded federation move lists into (structures, satellites).

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> built, sats = hexes_of_move(m, {Hex(0, 0): "PI"}, ["5C", "5B0"])
    >>> sorted(built), sorted(sats)
    ([Hex(q=0, r=0)], [Hex(q=1, r=0)])
    """
    hexes = frozenset(space_map.hex(n) for n in names)
    built = frozenset(h for h in hexes if h in player_structures)
    return built, hexes - built


def linked_structures(space_map: SpaceMap, hexes: Iterable[Hex],
                      structures: Iterable[Hex]) -> frozenset[Hex]:
    """The ``structures`` linked to ``hexes`` through each other (a recorded line may
    name only a federation's satellites; the structures they join belong to it).

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> own = [m.hex(n) for n in ("5A7", "5A10", "5A11")]
    >>> sorted(m.name(h) for h in linked_structures(m, [m.hex("5A8"), m.hex("5A9")], own))
    ['5A10', '5A11', '5A7']
    """
    return structure_links(space_map, frozenset(structures))(hexes)


def structure_links(space_map: SpaceMap, structures: frozenset[Hex]
                    ) -> Callable[[Iterable[Hex]], frozenset[Hex]]:
    """:func:`linked_structures` of these ``structures`` for any ``hexes`` (the
    structures read once, for the many lines of one position).

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> links = structure_links(m, frozenset(m.hex(n) for n in ("5A7", "5A10", "5A11")))
    >>> sorted(m.name(h) for h in links([m.hex("5A9")]))
    ['5A10', '5A11']
    """
    g = _grid(space_map)
    own = g.mask(structures)

    def linked(hexes: Iterable[Hex]) -> frozenset[Hex]:
        return g.hex_set(g.closure(g.mask(h for h in hexes if h in g.bits), own) & own)

    return linked


@dataclass(frozen=True, slots=True)
class FederationOption:
    """A federation the player may form: its structures, satellites and power value."""

    structures: frozenset[Hex]
    satellites: frozenset[Hex]
    power: int
    hexes: frozenset[Hex] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hexes", self.structures | self.satellites)

    def names(self, space_map: SpaceMap) -> tuple[str, ...]:
        """The log names of all its hexes, in the recorded order (sorted as text)."""
        return space_map.sorted_names(self.hexes)


def federation_options(space_map: SpaceMap, player_structures: Mapping[Hex, str],
                       other_federations: Sequence[frozenset[Hex]] = (),
                       blocked: frozenset[Hex] = frozenset(),
                       power_values: Mapping[str, int] = POWER_VALUES, threshold: int = 7,
                       *, value_bonus: Mapping[Hex, int] | None = None,
                       max_satellites: int | None = None,
                       federation: frozenset[Hex] = frozenset()) -> list[FederationOption]:
    """Every federation the player can form: each set of structures with each of its
    smallest satellite sets.

    Candidates are the sets of the player's structure groups (structures touching each
    other) that reach ``threshold`` and need every group to do so; each is joined with
    every smallest set of satellites, takes in the structures it touches, and is kept if
    :func:`check_federation` accepts it.  ``federation`` is the Ivits' federation being
    extended (its hexes count towards the threshold; the options list the new hexes, or
    the federation itself when it has grown to the threshold with nothing new).

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> far = {m.hex("5A7"): "PI", m.hex("5A11"): "ac1", m.hex("5A10"): "m"}
    >>> for o in federation_options(m, far):
    ...     print(", ".join(o.names(m)), o.power)
    5A10, 5A11, 5A7, 5A8, 5A9 7
    5A10, 5A11, 5A7, 5A9, 5B4 7
    5A10, 5A11, 5A7, 5B4, 5B5 7
    >>> federation_options(m, far, max_satellites=1)
    []
    """
    base = frozenset(federation)
    s = _setting(space_map, player_structures, other_federations, blocked, power_values,
                 value_bonus, base)
    groups = s.groups
    base_value = sum(s.values.get(h, 0) for h in base)
    bounded = []
    for combo in s.covers(threshold - base_value):
        parts = [groups[i] for i in combo] + ([base] if base else [])
        bound = _lower_bound(s, parts)
        if bound < _INF and (max_satellites is None or bound <= max_satellites):
            bounded.append((bound, len(combo), combo))
    if not bounded:
        return []
    bounded.sort()
    table = s.table(groups, [combo for _, _, combo in bounded])
    out: dict[int, tuple[FederationOption, str]] = {}
    tried: set[int] = set()
    member_sets: dict[int, tuple[frozenset[Hex], int]] = {}
    g = s.grid
    base_bits = s.base_bits
    for _, _, combo in bounded:
        mask = table.terminals(groups[i] for i in combo)
        found = None if mask is None else table.every_fewest(mask)
        if found is None:
            continue
        count, sat_sets = found
        if max_satellites is not None and count > max_satellites:
            continue
        joined = functools.reduce(operator.or_, (s.mask(groups[i]) for i in combo), base_bits)
        for sats in sat_sets:
            # the structures: with every eligible one touching them (not the base's)
            member_bits = s.members(joined | sats)
            if member_bits | sats in tried:
                continue
            tried.add(member_bits | sats)
            # Built to pass the other checks of _check: structures and satellites come
            # from hexes away from the player's federations, joined into one group with
            # every touching structure taken in, and the satellites are optimal for part
            # of the members, hence for all of them.  Left: the power value and whether a
            # part of the members would do with fewer satellites.
            if member_bits not in member_sets:  # many satellite sets join the same
                members = g.hex_set(member_bits)
                member_sets[member_bits] = (members, sum(s.values[h] for h in members | base
                                                         if h in s.values))
            members, power = member_sets[member_bits]
            if power < threshold or _has_smaller(s, members, threshold, count):
                continue
            # no fewer satellites join the members, since none join ``buildings`` among
            # them: a check of this federation need not search again
            s.least[members] = count
            satellites = g.hex_set(sats)
            hexes = member_bits | sats
            if not hexes:
                # the Ivits' federation has grown to the threshold: the option names it
                built = frozenset(h for h in base if h in s.structures)
                members, satellites, hexes = built, base - built, base_bits
            out[member_bits | sats] = (FederationOption(members, satellites, power),
                                       _listed_order(hexes))
    # the bits of the hexes are in their order
    return [option for option, _ in sorted(out.values(),
                                           key=lambda o: (len(o[0].satellites), o[1]))]


def _listed_order(mask: int) -> str:
    """A key putting masks in the order of the lists of their bits, lowest first (in list
    order): the bits as text, lowest first, a set bit ``1`` and a clear one ``2``, so that
    the first bit two masks do not share decides, the mask holding it first, and a mask
    whose bits stop there (a list ending sooner) first of all.

    >>> masks = [0b1001, 0b11, 0b1, 0b110, 0b1000]
    >>> sorted(masks, key=_listed_order) == sorted(masks, key=lambda m: list(_bits(m)))
    True
    """
    return bin(mask)[:1:-1].translate(_LISTED)


_LISTED: Final = str.maketrans("0", "2")


def _all_minimum(s: _Setting, buildings: frozenset[Hex]
                 ) -> tuple[int, tuple[frozenset[Hex], ...]] | None:
    """Every smallest set of new satellites joining ``buildings`` (and the base), searched
    on the hexes near all their groups alone (what :meth:`_GroupTable.every_fewest` finds
    for a listing)."""
    return _every_fewest(_region(s, buildings, every=True), None)


def _minimal_covers(values: Sequence[int], threshold: int) -> Iterator[tuple[int, ...]]:
    """Index sets whose values reach ``threshold`` while each member is needed, smallest
    sets first.

    >>> list(_minimal_covers([3, 3, 1, 5], 6))
    [(0, 1), (0, 3), (1, 3), (2, 3)]
    """
    n = len(values)
    if threshold <= 0:
        yield ()
        return
    smallest = min((v for v in values if v > 0), default=1)
    value = values.__getitem__
    # a set where every member is needed holds at most threshold / smallest + 1 members
    for size in range(1, min(n, threshold // smallest + 1) + 1):
        for combo in itertools.combinations(range(n), size):
            held = list(map(value, combo))
            total = sum(held)
            # each member is needed when even the smallest is
            if total >= threshold and total - min(held) < threshold:
                yield combo
