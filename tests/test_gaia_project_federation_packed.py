"""The Dreyfus-Wagner rows merged packed into ints against merging them node by node.

``federation._dw_row`` holds each row less the nodes' weights as one int (16 bits a
node, ``federation._packed``), so that the merges of two smaller rows are one addition
each and their smallest costs a few operations (``federation._packed_min``).  The
table must be the one the merge node by node gives, on every cost it knows exactly.
"""

from __future__ import annotations

import operator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.core.hexgrid import Hex
from gaia_lab.games.gaia_project import federation
from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap

MAP = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
SPACE = [h for h in MAP if MAP.planet(h) is None]
PLANETS = [h for h in MAP if MAP.planet(h) is not None]


def _node_by_node(problem: federation._SteinerProblem, most: int) -> list[list[int]]:
    """The table with each merge worked out node by node (lists of costs)."""
    full = (1 << len(problem.groups)) - 1
    weight, n = problem.weight, len(problem.weight)
    cost: list[list[int]] = [[]] * (full + 1)
    beside: list[list[int]] = [[]] * (full + 1)
    for mask in range(1, full + 1):
        if mask & (mask - 1) == 0:
            row = [federation._INF] * n
            row[problem.groups[mask.bit_length() - 1]] = 0
        else:
            low = mask & -mask
            merges = [list(map(operator.add, beside[a], beside[mask ^ a]))
                      for a in range(1, mask) if a & mask == a and a & low]
            row = [min(m[v] for m in merges) + weight[v] for v in range(n)]
        federation._relax(row, problem.free_near, problem.paid_near, min(most, n))
        cost[mask], beside[mask] = row, [c - w for c, w in zip(row, weight, strict=True)]
    return cost


PROBLEMS = dict(terminals=st.lists(st.sampled_from(PLANETS), min_size=2, max_size=5, unique=True),
                free=st.lists(st.sampled_from(PLANETS), max_size=6, unique=True),
                most=st.integers(1, 12))


@settings(max_examples=25, deadline=None)
@given(**PROBLEMS)
def test_packed_merges_give_the_table_of_merges_node_by_node(terminals: list[Hex],
                                                             free: list[Hex],
                                                             most: int) -> None:
    _agree(terminals, free, most)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(**PROBLEMS)
def test_packed_merges_give_the_table_of_merges_node_by_node_often(terminals: list[Hex],
                                                                   free: list[Hex],
                                                                   most: int) -> None:
    _agree(terminals, free, most)


def _agree(terminals: list[Hex], free: list[Hex], most: int) -> None:
    problem = federation._problem(MAP, terminals, SPACE, free)
    if not isinstance(problem, federation._SteinerProblem):
        return
    packed = federation._dw_costs(problem, most)
    plain = _node_by_node(problem, most)
    for mask in range(1, 1 << len(problem.groups)):
        for v, (a, b) in enumerate(zip(packed[mask], plain[mask], strict=True)):
            # exact on both sides up to ``most``; both beyond it when either is
            assert a == b if min(a, b) <= most else (a > most and b > most), (mask, v)


@pytest.mark.parametrize("costs", [[0, 1, 2], [5, 0, 16383], [federation._UNKNOWN, 7, 0]])
def test_packed_rows_read_back(costs: list[int]) -> None:
    back = federation._unpacked(federation._packed(costs), len(costs))
    assert back == costs
    high = federation._top_bits(len(costs))
    other = federation._packed([3] * len(costs))
    assert federation._unpacked(federation._packed_min(federation._packed(costs), other, high),
                                len(costs)) == [min(c, 3) for c in costs]


def test_rows_stay_within_their_fields() -> None:
    # a merge of two rows holding the unknown is brought back to it: every cost of a row
    # is at most the unknown, so the next merge cannot spill into the next node's field
    problem = federation._problem(MAP, PLANETS[:4], SPACE[:40], [])
    assert isinstance(problem, federation._SteinerProblem)
    for row in federation._dw_costs(problem, 2)[1:]:
        assert max(row) <= federation._UNKNOWN
        assert federation._UNKNOWN in row  # the hexes beyond the bound stay unknown
