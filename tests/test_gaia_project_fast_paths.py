"""The shortcuts of the speed pass agree with the plain definitions they stand for:
resources added field by field, a hex hashed through its slot, a state's hash worked
out once, the distance tables built in one pass."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from gaia_lab.core.hexgrid import Hex, distances
from gaia_lab.games.gaia_project.components import RESOURCES, Resources
from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState


@pytest.mark.parametrize("name", RESOURCES)
def test_resources_add_and_truth_field_by_field(name: str) -> None:
    one, two = Resources(**{name: 1}), Resources(**{name: 2, "vp": 5})
    total = one + two
    assert {n: getattr(total, n) for n in RESOURCES} == {
        n: getattr(one, n) + getattr(two, n) for n in RESOURCES}
    assert bool(one) and not bool(Resources())


def test_a_hex_hashes_as_its_coordinates() -> None:
    for h in Hex(0, 0).spiral(3):
        assert hash(h) == hash((h.q, h.r))
        again = pickle.loads(pickle.dumps(h))
        assert again == h and hash(again) == hash(h)
    assert {Hex(1, -2): "x"}[Hex(1, -2)] == "x"


def test_a_states_hash_is_the_hash_of_its_fields() -> None:
    a = GPState.new(4, DEEP_MIND_2_SETUP)
    b = dataclasses.replace(a, round=1)
    for state in (a, b, a, a, b):  # the remembered hash answers only for its own state
        assert hash(state) == hash(tuple(getattr(state, f.name)
                                         for f in dataclasses.fields(state)))
    assert hash(a) != hash(b)


def test_distance_tables_in_one_pass() -> None:
    m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    origin = m.hex("5C")
    assert distances(origin, m) == tuple(origin.distance(h) for h in m)
    assert m.names() == tuple(m.name(h) for h in m)
