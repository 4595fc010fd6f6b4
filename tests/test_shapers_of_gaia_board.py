"""The Shapers of Gaia board: spaces, rings, adjacency, Shaper moves and restore spaces."""

from __future__ import annotations

from gaia_lab.core.hexgrid import Hex
from gaia_lab.games.shapers_of_gaia import board
from gaia_lab.games.shapers_of_gaia.board import (
    CARETAKER_START,
    CENTRE,
    OUTER_RING,
    SPACES,
    START_LAND,
    START_WATER,
    parse_space,
    restore_spaces,
    shaper_destinations,
    shaper_path,
    teleport_restore_spaces,
    water_neighbours,
)
from gaia_lab.games.shapers_of_gaia.components import load_components

START = {CENTRE: "vault", **{h: "water" for h in START_WATER},
         START_LAND[0]: "forest", START_LAND[1]: "crystal", START_LAND[2]: "mushroom"}


def test_room_for_all_37_tiles() -> None:
    c = load_components()
    assert len(SPACES) == len(c.tiles) == 37
    assert len(set(SPACES)) == 37
    assert [sum(1 for h in SPACES if board.ring_of(h) == r) for r in range(4)] == [1, 6, 12, 18]
    assert set(OUTER_RING) == {h for h in SPACES if board.is_outer(h)}


def test_labels_round_trip() -> None:
    for h in SPACES:
        assert parse_space(board.label(h)) == h
        assert parse_space(str(h)) == h


def test_starting_layout() -> None:
    # water tiles next to the Vault with a space between them; land tiles between
    assert all(h.is_adjacent(CENTRE) for h in START_WATER + START_LAND)
    assert not any(a.is_adjacent(b) for a in START_WATER for b in START_WATER if a != b)
    assert all(sum(n in START_WATER for n in h.neighbors()) == 2 for h in START_LAND)
    assert CARETAKER_START in START_WATER


def test_graph_matches_hex_adjacency() -> None:
    g = board.board_graph()
    for a in SPACES:
        assert set(g.neighbors(a)) == set(board.neighbours(a))


def test_shaper_moves_up_to_three_through_water() -> None:
    tiles = dict(START)
    b0, c0 = parse_space("B0"), parse_space("C0")
    tiles[b0] = "water"
    tiles[c0] = "crystal"
    ends = shaper_destinations(CENTRE, tiles)
    assert ends[c0] == 3                    # Vault -> A0 water -> B0 water -> C0
    assert b0 not in ends and START_WATER[0] not in ends
    assert c0 not in shaper_destinations(CENTRE, tiles, steps=2)
    assert c0 not in shaper_destinations(CENTRE, tiles, occupied={c0})
    path = shaper_path(CENTRE, c0, tiles)
    assert path is not None and [board.label(h) for h in path] == ["V", "A0", "B0", "C0"]


def test_rulebook_move_example_two_spaces() -> None:
    # Move Shaper: an empty Crystal tile 2 spaces away is a legal destination.
    tiles = dict(START)
    crystal = parse_space("B1")
    tiles[crystal] = "crystal"
    assert shaper_destinations(CENTRE, tiles)[crystal] == 2


def test_no_walking_over_empty_spaces() -> None:
    tiles = {CENTRE: "vault", parse_space("C0"): "forest"}
    assert shaper_destinations(CENTRE, tiles) == {CENTRE: 0}
    assert shaper_path(CENTRE, parse_space("C0"), tiles) is None


def test_create_island_may_end_on_water() -> None:
    ends = shaper_destinations(CENTRE, START, end_on_water=True)
    assert set(START_WATER) <= set(ends)


def test_restore_spaces_follow_the_caretaker() -> None:
    spaces = restore_spaces(START, CARETAKER_START)
    assert len(spaces) == 2           # the Mushroom example: either side of the Water tile
    for h in spaces:
        assert CARETAKER_START.is_adjacent(h)
        assert sum(n in START for n in h.neighbors()) >= 2
    assert set(spaces) <= set(teleport_restore_spaces(START))
    assert len(teleport_restore_spaces(START)) == 6


def test_water_neighbours_for_purify_water() -> None:
    assert water_neighbours(START_LAND[0], START) == 2
    assert water_neighbours(Hex(3, -3), START) == 0


def test_dna_spaces_are_empty_at_start() -> None:
    dna = load_components().dna_at()
    assert not set(dna) & set(START)
    assert all(board.ring_of(h) >= 2 for h in dna)
