"""Drawing a chance outcome: the equally-likely shortcut of Game.sample_chance picks the
outcome the running total of probabilities picks, for every draw."""

from __future__ import annotations

import random
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.game import Game


class _Fixed(random.Random):
    """A generator whose next draw is given."""

    def __init__(self, draw: float) -> None:
        super().__init__(0)
        self.draw = draw

    def random(self) -> float:
        return self.draw


def _by_running_total(outcomes: list[tuple[Any, Fraction]], draw: float) -> Any:
    point, total = Fraction(draw), Fraction(0)
    for action, p in outcomes:
        total += p
        if point < total:
            return action
    return outcomes[-1][0]


def _game(outcomes: list[tuple[Any, Fraction]]) -> Any:
    """Just what Game.sample_chance reads of its game."""
    return SimpleNamespace(chance_outcomes=lambda state: outcomes)


@pytest.mark.parametrize("n", [2, 3, 5, 6, 7, 36, 120, 1125])
def test_equally_likely_outcomes_by_index_match_the_running_total(n: int) -> None:
    outcomes = [(i, Fraction(1, n)) for i in range(n)]
    game = _game(outcomes)
    rng = random.Random(n)
    edges = [0.0, 1 - 2 ** -53, 0.5, 1 / 3, 2 / 3]
    # draws right at and just below each boundary i/n
    for i in range(1, min(n, 50)):
        k = (i << 53) // n
        edges += [k / 2 ** 53, (k + 1) / 2 ** 53, (k - 1) / 2 ** 53]
    for draw in edges + [rng.random() for _ in range(300)]:
        got = Game.sample_chance(game, None, _Fixed(draw))
        assert got == _by_running_total(outcomes, draw), (n, draw)


def test_unequal_outcomes_still_follow_the_running_total() -> None:
    outcomes = [("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3))]
    game = _game(outcomes)
    for draw in (0.0, 1 / 6 - 2 ** -53, 1 / 6, 0.5, 2 / 3 - 2 ** -53, 2 / 3, 1 - 2 ** -53):
        assert Game.sample_chance(game, None, _Fixed(draw)) == _by_running_total(outcomes, draw)


def test_a_seeded_shapers_setup_draws_as_before() -> None:
    game = gaia_lab.GAMES["shapers_of_gaia"]
    state = game.new_initial_state(3, 4)
    while game.actor(state) == "chance":
        outcomes = game.chance_outcomes(state)
        assert game.sample_chance(state, game.chance_rng(state)) == _by_running_total(
            outcomes, game.chance_rng(state).random())
        state = game.apply(state, game.sample_chance(state, game.chance_rng(state))).state
