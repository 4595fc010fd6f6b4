"""The structures a federation takes in, found group by group, against growing the
federation hex by hex.

``federation._Setting.members`` answers from the groups of the player's eligible
structures (each comes whole, and two never touch), where the plain definition grows
the proposal through every eligible structure it touches until nothing more joins.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.games.gaia_project import federation
from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap

MAP = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
SPACE = [h for h in MAP if MAP.planet(h) is None]
PLANETS = [h for h in MAP if MAP.planet(h) is not None]
KINDS = ["m", "ts", "lab", "PI", "ac1", "gf"]


def _grown(s: federation._Setting, joined: int) -> int:
    """The eligible structures outside the base reached from ``joined`` and the base
    through eligible structures, hex by hex."""
    whole = s.grid.closure(joined | s.base_bits, s.eligible_bits)
    return whole & s.eligible_bits & ~s.base_bits


@st.composite
def _positions(draw: st.DrawFn) -> tuple[federation._Setting, list[int]]:
    built = draw(st.lists(st.sampled_from(PLANETS), min_size=1, max_size=16, unique=True))
    structures = {h: draw(st.sampled_from(KINDS)) for h in built}
    cut = draw(st.integers(0, len(built)))
    federated = frozenset(built[:cut // 3])
    ivits = draw(st.booleans())
    others = [] if ivits or not federated else [federated]
    base = federated if ivits else frozenset()
    federation._shared_setting.cache_clear()
    s = federation._setting(MAP, structures, others, frozenset(), federation.POWER_VALUES,
                            None, base)
    proposals = []
    for _ in range(draw(st.integers(1, 6))):
        hexes = draw(st.lists(st.sampled_from(SPACE + built), max_size=12, unique=True))
        proposals.append(s.grid.mask(hexes))
    return s, proposals


@settings(max_examples=60, deadline=None)
@given(_positions())
def test_members_by_group_are_the_structures_grown_hex_by_hex(
        position: tuple[federation._Setting, list[int]]) -> None:
    s, proposals = position
    for joined in proposals:
        assert s.members(joined) == _grown(s, joined)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(_positions())
def test_members_by_group_are_the_structures_grown_hex_by_hex_often(
        position: tuple[federation._Setting, list[int]]) -> None:
    s, proposals = position
    for joined in proposals:
        assert s.members(joined) == _grown(s, joined)


def test_a_group_is_taken_in_whole_through_a_hex_beside_one_of_its_structures() -> None:
    # two touching planets make one group; a hex beside the second alone takes in both
    a, b = next((a, b) for a in PLANETS for b in MAP.neighbours(a) if b in PLANETS)
    beside = next(h for h in MAP.neighbours(b) if h not in MAP.neighbours(a) and h != a)
    federation._shared_setting.cache_clear()
    s = federation._setting(MAP, {a: "m", b: "ts"}, [], frozenset(), federation.POWER_VALUES,
                            None)
    assert s.members(s.grid.mask([beside])) == s.grid.mask([a, b]) == _grown(
        s, s.grid.mask([beside]))
    assert s.members(0) == 0
