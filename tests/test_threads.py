"""Engines are pure: threads each playing their own Session of one shared game agree
with the same games played one after another."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from gaia_lab import Session
from gaia_lab.games import GAMES

GAMES_ON_THE_FLOW = [("animals_gathering", {}), ("animals_gathering", {"spells": True}),
                     ("shapers_of_gaia", {})]
THREADS = 4


@pytest.fixture(autouse=True)
def eager_switching() -> Iterator[None]:
    """Threads switch every microsecond, so that shared mutable state is caught soon."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def play(name: str, options: dict[str, Any], seed: int) -> tuple[Any, ...]:
    """A random game played to the end through a Session: its log, final state and
    winners (the session and the policy are seeded with ``seed``)."""
    game = GAMES[name]
    players = game.meta.min_players + seed % (game.meta.max_players - game.meta.min_players + 1)
    session = Session(name, players=players, seed=seed, options=options)
    policy = random.Random(seed)
    while not session.is_over():
        legal = session.legal_actions()
        action = legal[policy.randrange(len(legal))]
        assert session.explain(action).legal
        session.play(action)
    return tuple(session.log()), session.state, session.winners()


def in_threads(name: str, options: dict[str, Any], seeds: list[int]) -> None:
    alone = [play(name, options, seed) for seed in seeds]
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        together = list(pool.map(lambda seed: play(name, options, seed), seeds))
    for seed, one, other in zip(seeds, alone, together, strict=True):
        assert one == other, f"seed {seed}: a game played among threads differs"


@pytest.mark.parametrize(("name", "options"), GAMES_ON_THE_FLOW)
def test_threads_play_the_same_games(name: str, options: dict[str, Any]) -> None:
    in_threads(name, options, list(range(THREADS)))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAMES_ON_THE_FLOW)
def test_threads_play_the_same_games_many_times(name: str, options: dict[str, Any]) -> None:
    for start in range(0, 10 * THREADS, THREADS):
        in_threads(name, options, list(range(start, start + THREADS)))


def positions(name: str, options: dict[str, Any], seed: int) -> list[Any]:
    """Every decision position of one random game."""
    game = GAMES[name]
    session = Session(name, players=game.meta.max_players, seed=seed, options=options)
    policy = random.Random(seed)
    out = []
    while not session.is_over():
        legal = session.legal_actions()
        out.append(session.state)
        session.play(legal[policy.randrange(len(legal))])
    return out


def hammer(name: str, options: dict[str, Any], rounds: int) -> None:
    """Threads ask for the legal actions and verdicts of positions of different games at
    once, and get the answers they get alone."""
    game = GAMES[name]
    states = [s for seed in range(THREADS) for s in positions(name, options, seed)[::3]]
    asked = [(s, game.legal_actions(s), (game.legal_actions(s)[-1], game.legal_actions(t)[0]))
             for s, t in zip(states, states[1:] + states[:1], strict=True)]
    expected = [(legal, [a in legal for a in actions]) for _, legal, actions in asked]

    def ask(k: int) -> list[tuple[list[Any], list[bool]]]:
        mine = asked[k::THREADS]
        out = []
        for _ in range(rounds):
            out = [(game.legal_actions(s), [game.explain(s, a).legal for a in actions])
                   for s, _, actions in mine]
        return out

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        answers = list(pool.map(ask, range(THREADS)))
    for k, got in enumerate(answers):
        assert got == expected[k::THREADS]


@pytest.mark.parametrize(("name", "options"), GAMES_ON_THE_FLOW)
def test_threads_list_and_explain_as_alone(name: str, options: dict[str, Any]) -> None:
    hammer(name, options, rounds=2)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAMES_ON_THE_FLOW)
def test_threads_list_and_explain_as_alone_many_times(name: str,
                                                      options: dict[str, Any]) -> None:
    hammer(name, options, rounds=20)


def snapshot(obj: object) -> dict[str, str]:
    """Every attribute of an object, as text."""
    return {k: repr(v) for k, v in sorted(vars(obj).items())}


@pytest.mark.parametrize(("name", "options"), GAMES_ON_THE_FLOW)
def test_playing_changes_nothing_in_the_shared_game(name: str, options: dict[str, Any]) -> None:
    game = GAMES[name]
    rules = getattr(game, "rules")  # noqa: B009 - both games keep their Rules there
    before = snapshot(game), snapshot(rules)
    play(name, options, 1)
    state = game.new_initial_state(2, 3, options)
    policy = random.Random(3)
    while game.actor(state) is not None:
        if game.actor(state) == "chance":
            outcomes = game.chance_outcomes(state)
            action = outcomes[policy.randrange(len(outcomes))][0]
        else:
            legal = game.legal_actions(state)
            action = legal[policy.randrange(len(legal))]
        state = game.apply(state, action).state
    assert (snapshot(game), snapshot(rules)) == before
