"""The federations a listing finds, taken as their lines' checks, against checking them.

A listing of a turn finds every federation the player may form
(``federation.federation_options``) and hands each to the judged turn as its line's
check (``rules.accept_listed_federations``, ``federation.listed_check``), so the walk
over the candidate lines does not search them again; the listing itself decides
whether an option holds a smaller federation from the optimal satellite sets of its
table where they all agree (``federation._has_smaller``) rather than a search of each
part.  Both must give what the full searches give: the same line checks as
``rules._federation_line`` on a fresh position, the same options as a listing asking
``federation._smaller_federation`` of each, in recorded positions and random games.
"""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gaia_lab
from gaia_lab.games.gaia_project import federation, rules
from gaia_lab.games.gaia_project import game as engine
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.flow import head_task
from gaia_lab.testing import random_states
from tests.test_gaia_project_federation_table import _recorded

GAME = gaia_lab.GAMES["gaia_project"]


def _forget() -> None:
    for cached in (engine._federation_options, rules._check_federation,
                   rules._federation_position, federation._shared_setting):
        cached.cache_clear()


def _compare(state: Any, seat: int) -> int:
    """The listing of ``seat``'s federations (as the turn's candidates hold them) with
    its lines accepted, against the same listing asking for every smaller federation in
    full, and each accepted line against its full check; the number of lines compared."""
    if hooks(state.seats[seat].faction).one_federation:
        return 0
    _forget()
    listed = engine._federations(state, seat)
    accepted = dict(rules._federation_position(rules._Same(state), seat).lines)
    _forget()

    def in_full(s: Any, chosen: Any, threshold: int, count: int) -> bool:
        return federation._smaller_federation(s, chosen, threshold, count) is not None

    with mock.patch.object(federation, "_has_smaller", in_full):
        assert engine._federations(state, seat) == listed
    _forget()
    position = rules._federation_position(rules._Same(state), seat)
    for names, line in accepted.items():
        assert rules._federation_line(state, seat, position, list(names)) == line, names
    assert len(accepted) == len({text.split()[1] for text in listed})
    return len(accepted)


@pytest.mark.parametrize(("name", "lines"), [("voyager-6", 302), ("voyager-6", 309),
                                             ("deep-mind-2", 298), ("deep-mind-2", 387)])
def test_listed_federations_check_as_in_full_in_recorded_positions(name: str,
                                                                    lines: int) -> None:
    state = _recorded(name, lines)
    assert sum(_compare(state, seat) for seat in range(len(state.seats))) > 0


def _agree_in_random_game(seed: int, pick: random.Random, positions: int) -> None:
    """Compare at some of the game's turns where the player to move has built much."""
    compared = 0
    for state in random_states(GAME, 4, seed):
        task = head_task(state)
        if (compared < positions and task is not None and task.kind == "turn"
                and len(state.seats[task.seat].buildings) >= 6 and pick.random() < 0.1):
            compared += 1
            _compare(state, task.seat)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 60), pick=st.randoms(use_true_random=False))
def test_listed_federations_check_as_in_full_in_random_games(seed: int,
                                                             pick: random.Random) -> None:
    _agree_in_random_game(seed, pick, 5)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.randoms(use_true_random=False))
def test_listed_federations_check_as_in_full_in_many_random_games(seed: int,
                                                                  pick: random.Random) -> None:
    _agree_in_random_game(seed, pick, 12)
