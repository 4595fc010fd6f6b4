"""Shapers of Gaia listing helpers agree with the general functions they stand for."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.games.shapers_of_gaia import board
from gaia_lab.games.shapers_of_gaia.actions import BASIC, Action, action_table
from gaia_lab.games.shapers_of_gaia.rules import basic_ways, ways_to_pay
from gaia_lab.games.shapers_of_gaia.state import PlayerState


@settings(max_examples=200)
@given(st.tuples(*[st.integers(0, 6)] * 5), st.integers(1, 6), st.booleans())
def test_basic_ways_are_the_ways_to_pay_each_basic(resources: tuple[int, ...], cost: int,
                                                   wild: bool) -> None:
    player = PlayerState("x", resources=resources)
    expected = tuple((r, tuple(w)) for r in BASIC
                     if (w := ways_to_pay(player, ((r, cost),), wild)))
    assert basic_ways(player, cost, wild) == expected


def test_walk_ends_on_labels_agree_with_the_walk_on_hexes() -> None:
    """The bit-set walk (:func:`board.walk_rings`) finds the ends and distances of the
    breadth-first walk over hexes."""
    rng = random.Random(11)
    labels = list(board.LABELS)
    biomes = ("water", "crystal", "forest", "mushroom", "temple", "vault")
    for _ in range(300):
        placed = rng.sample(labels, rng.randrange(1, len(labels)))
        tiles = {lab: rng.choice(biomes) for lab in placed}
        busy = set(rng.sample(placed, rng.randrange(0, len(placed) // 2 + 1)))
        start = rng.choice(labels)
        steps = rng.randrange(1, 6)
        water = rng.random() < 0.3
        by_hex = board.shaper_destinations(
            board.parse_space(start), {board.parse_space(k): v for k, v in tiles.items()},
            {board.parse_space(b) for b in busy}, steps=steps, end_on_water=water)
        ends = board.walk_ends(start, tiles, busy, steps=steps, end_on_water=water)
        assert list(ends.items()) == [(board.label(h), n) for h, n in by_hex.items()]


def test_an_action_table_makes_the_action_it_is_asked_for() -> None:
    table = action_table("intro", ("S2",))
    assert table["B3", "tp", "seed"] == Action("intro", ("S2", "B3", "tp", "seed"))
    assert table["B3", "tp", "seed"] is table["B3", "tp", "seed"]
    assert action_table("intro", ("S2",)) is table
