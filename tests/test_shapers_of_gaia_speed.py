"""Shapers of Gaia's faster paths agree with the slower ones they stand for."""

from __future__ import annotations

import random

import pytest

import gaia_lab
from gaia_lab.core.game import CHANCE, Game
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.games.shapers_of_gaia.state import SGState

GAME = gaia_lab.GAMES["shapers_of_gaia"]


def _chance_states(players: int, seed: int, options: dict[str, str]) -> list[SGState]:
    """The states of a game's setup at which chance acts."""
    out = []
    state = GAME.new_initial_state(players, seed, options)
    while state.task is not None and state.task.kind != "turn":
        if GAME.actor(state) == CHANCE:
            out.append(state)
            action = GAME.sample_chance(state, GAME.chance_rng(state))
        else:
            action = GAME.legal_actions(state)[0]
        state = GAME.apply(state, action).state
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_sample_chance_draws_what_the_generic_draw_does(players: int) -> None:
    assert isinstance(GAME, ShapersOfGaia)
    rng = random.Random(players)
    for seed in range(4):
        for state in _chance_states(players, seed, {"behaviors": "random"}):
            for _ in range(25):
                draw = rng.getrandbits(64)
                ours = GAME.sample_chance(state, random.Random(draw))
                assert ours == Game.sample_chance(GAME, state, random.Random(draw))
