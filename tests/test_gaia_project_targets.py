"""The board ids of Gaia Project lines (gaia_lab.games.gaia_project.targets): the same ids
whichever position was asked about before, and the same ids as before the look-ups were
made once per map and once per listing (pinned at the two heaviest recorded positions)."""

from __future__ import annotations

import hashlib

import pytest

import gaia_lab
from gaia_lab.games.gaia_project import targets
from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.notation import parse_move
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.games.gaia_project.rules import actor
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState

GAME = gaia_lab.GAMES["gaia_project"]


def _position(name: str, lines: int) -> GPState:
    data = recorded_game(name)
    state: GPState = replay_prefix({**data, "moves": data["moves"][:lines]})[0].state
    return state


@pytest.mark.parametrize(("name", "lines", "count", "digest"), [
    ("deep-mind-2", 351, 1479, "a847568d806009a9"),
    ("voyager-6", 302, 830, "dcad441d3a1ee6ae"),
])
def test_the_targets_of_the_heaviest_listings_are_pinned(name: str, lines: int, count: int,
                                                         digest: str) -> None:
    state = _position(name, lines)
    legal = GAME.legal_actions(state)
    text = "\n".join(" ".join(GAME.action_targets(state, a)) for a in legal)
    assert (len(legal), hashlib.sha256(text.encode()).hexdigest()[:16]) == (count, digest)


def test_a_position_asked_about_again_after_another_gives_its_own_targets() -> None:
    early, late = _position("voyager-6", 120), _position("voyager-6", 302)
    line = parse_move("terrans up nav. up nav. spend 1o for 1c")
    first = GAME.action_targets(early, line)
    assert GAME.action_targets(late, line) != first  # other levels, another seat
    assert GAME.action_targets(early, line) == first
    seat = actor(early)
    assert seat is not None and first[2] == f"seat:{seat}"
    level = early.seats[seat].level("navigation")
    assert first[:2] == (f"track:nav:{level + 1}", f"track:nav:{level + 2}")


def test_hexes_are_named_by_their_log_names_whatever_the_line_calls_them() -> None:
    state = GPState.new(2, DEEP_MIND_2_SETUP)
    space = state.space_map
    centre = space.hex("5C")
    line = parse_move(f"terrans build m {centre.q}x{centre.r}. lostPlanet 99A9")
    assert targets.line_targets(state, line) == ("hex:5C", "hex:99A9")
    assert len(targets.hex_ids(space)) == len(space) == 190
    assert all(targets.hex_id(space, space.name(h)) == f"hex:{space.name(h)}" for h in space)
