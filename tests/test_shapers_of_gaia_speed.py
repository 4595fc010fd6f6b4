"""Shapers of Gaia's faster paths agree with the slower ones they stand for."""

from __future__ import annotations

import random

import pytest

import gaia_lab
from gaia_lab.core.game import CHANCE, Game
from gaia_lab.games.shapers_of_gaia import board
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


def test_restore_labels_agree_with_the_spaces_on_hexes() -> None:
    """The label functions (bit sets) find what the hex functions (neighbour counts) do."""
    rng = random.Random(7)
    labels = list(board.LABELS)
    for _ in range(300):
        placed = rng.sample(labels, rng.randrange(1, len(labels)))
        hexes = [board.parse_space(lab) for lab in placed]
        far = [board.label(h) for h in board.teleport_restore_spaces(hexes)]
        assert board.teleport_restore_labels(placed) == far
        assert board.any_teleport_restore_label(placed) == bool(far)
        for caretaker in rng.sample(placed, min(3, len(placed))):
            near = board.restore_spaces(hexes, board.parse_space(caretaker))
            assert board.restore_labels(placed, caretaker) == [board.label(h) for h in near]
