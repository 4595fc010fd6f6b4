"""Gaia Project under threads: one shared game object, a Session per thread.

``gaia_lab.GAMES["gaia_project"]`` is shared by every Session; it holds no mutable
state, and the caches behind it are keyed on immutable states.  Four threads each play
their own Session (a recorded game replayed line by line, random playouts listing the
legal actions at every step) at the same time, and each must end exactly where the same
work ends on one thread.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project import game as gp_game
from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES, recorded_game
from gaia_lab.testing import random_playout

GAME = gaia_lab.GAMES["gaia_project"]


@pytest.fixture(autouse=True)
def _often_switching() -> Iterator[None]:
    """Threads switch every few microseconds, so that they interleave inside a call."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(before)


def _replay(name: str) -> tuple[Any, list[int]]:
    """A recorded game replayed line by line on the shared game; the final state and
    the number of legal actions listed at every 25th line."""
    data = recorded_game(name)
    session = Session(GAME, players=len(data["final"]), options={"setup": data["seeded_setup"]})
    counts = []
    for i, line in enumerate(data["moves"][1:]):
        if i % 25 == 0:
            counts.append(len(session.legal_actions()))
        session.play(line)
    return session.state, counts


def _playout(players: int, seed: int, decisions: int = 10_000) -> tuple[Any, list[str]]:
    """Random decisions in a Session (every action explained, then applied) until the
    game ends or ``decisions`` are played: the last state and every line played."""
    session = Session(GAME, players=players, seed=seed)
    rng = random.Random(seed)
    while not session.is_over() and session.decisions < decisions:
        legal = session.legal_actions()
        session.play(legal[rng.randrange(len(legal))])
    return session.state, session.log()


def _in_threads(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Run the jobs at once, one thread each; their results in order (an exception in a
    thread is raised here)."""
    results: list[Any] = [None] * len(jobs)
    errors: list[BaseException] = []
    start = threading.Barrier(len(jobs))

    def run(i: int) -> None:
        try:
            start.wait()
            results[i] = jobs[i]()
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def _clear_caches() -> None:
    gp_game._outcome.cache_clear()
    gp_game._legal.cache_clear()


def test_the_game_object_holds_no_state() -> None:
    assert not getattr(GAME, "__dict__", {})
    assert not [name for name in vars(type(GAME)) if name.startswith("_memo")]


def test_four_threads_replay_a_recorded_game() -> None:
    name = RECORDED_GAMES[0]
    expected = _replay(name)
    _clear_caches()
    assert _in_threads([lambda: _replay(name)] * 4) == [expected] * 4


def test_four_threads_play_their_own_random_games() -> None:
    seeds = [(2, 1), (2, 2), (3, 1), (4, 3)]
    expected = [_playout(p, s, 40) for p, s in seeds]
    _clear_caches()
    jobs = [lambda p=p, s=s: _playout(p, s, 40) for p, s in seeds]
    assert _in_threads(jobs) == expected


def test_threads_mix_replays_and_playouts_on_cold_caches() -> None:
    name = RECORDED_GAMES[1]
    expected = [_replay(name), _playout(2, 7, 30)]
    _clear_caches()
    got = _in_threads([lambda: _replay(name), lambda: _playout(2, 7, 30),
                       lambda: _replay(name), lambda: _playout(2, 7, 30)])
    assert got == expected + expected


@pytest.mark.slow
@pytest.mark.parametrize("name", RECORDED_GAMES)
def test_four_threads_replay_every_recorded_game(name: str) -> None:
    expected = _replay(name)
    _clear_caches()
    assert _in_threads([lambda: _replay(name)] * 4) == [expected] * 4


@pytest.mark.slow
def test_four_threads_play_whole_random_games() -> None:
    seeds = [(2, 1), (3, 2), (4, 3), (4, 4)]
    expected = [_playout(p, s) for p, s in seeds]
    _clear_caches()
    assert _in_threads([lambda p=p, s=s: _playout(p, s) for p, s in seeds]) == expected


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_threads_random_playouts_many_seeds(players: int) -> None:
    for first in range(10, 22, 4):
        seeds = range(first, first + 4)
        expected = [random_playout(GAME, players, s) for s in seeds]
        _clear_caches()
        jobs = [lambda s=s: random_playout(GAME, players, s) for s in seeds]
        assert _in_threads(jobs) == expected
