"""The orders of the federation listing against the lists of bits they stand for.

The listing puts its satellite sets and its options in the order of the lists of their
hexes' bits, lowest first (the hexes' order on the map); it sorts them with keys made in
one call each (``federation._in_hex_order`` for sets of one size,
``federation._listed_order`` for any) rather than those lists.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.games.gaia_project import federation

MASKS = st.lists(st.integers(1, (1 << 320) - 1), min_size=1, max_size=40, unique=True)


def _bit_lists(masks: list[int]) -> list[int]:
    return sorted(masks, key=lambda m: list(federation._bits(m)))


@settings(max_examples=200, deadline=None)
@given(MASKS, st.lists(st.integers(0, 319), max_size=12, unique=True))
def test_the_listed_order_is_the_order_of_the_lists_of_bits(masks: list[int],
                                                            low: list[int]) -> None:
    # masks sharing their lowest bits, and masks that are a prefix of others
    shared = sum(1 << b for b in low)
    masks = list({m | shared for m in masks} | {shared or 1})
    assert sorted(masks, key=federation._listed_order) == _bit_lists(masks)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12), st.lists(st.lists(st.integers(0, 319), min_size=12, max_size=12,
                                             unique=True), min_size=1, max_size=30))
def test_sets_of_one_size_in_hex_order(size: int, picks: list[list[int]]) -> None:
    masks = list({sum(1 << b for b in pick[:size]) for pick in picks})
    assert federation._in_hex_order(masks) == _bit_lists(masks)
