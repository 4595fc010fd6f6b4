"""Seeded random play: the policy of the conformance harness and of the benchmarks.

The policy draws uniformly among the legal actions with a :class:`random.Random` of its
own, once per player decision.  Chance steps use the state's own RNG
(:meth:`~gaia_lab.core.game.Game.sample_chance` with
:meth:`~gaia_lab.core.game.Game.chance_rng`) and rules steps have one action, so they
draw nothing from the policy: a playout is a function of the game, the player count,
the seed and the options alone.

>>> import gaia_lab
>>> game = gaia_lab.GAMES["animals_gathering"]
>>> final = random_playout(game, 2, seed=5)
>>> game.is_over(final)
True
>>> final == random_playout(game, 2, seed=5)
True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any

from gaia_lab.core.game import CHANCE, RULES, Game
from gaia_lab.core.rng import below
from gaia_lab.core.session import Session


def choose(rng: random.Random, legal: list[Any]) -> Any:
    """The policy: one of ``legal``, uniformly (one draw from ``rng`` per decision, the
    one ``rng.randrange(len(legal))`` makes: :func:`~gaia_lab.core.rng.below`)."""
    return legal[below(rng, len(legal))]


def random_states(
    game: Game[Any, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> Iterator[Any]:
    """Every state of a seeded random game, the first to the last, advancing by each
    action directly (:meth:`Game.advance <gaia_lab.core.game.Game.advance>`: no checks,
    no events).  The policy's generator is ``random.Random(seed)``; the game
    itself is created with the same ``seed``.

    >>> import gaia_lab
    >>> states = list(random_states(gaia_lab.GAMES["shapers_of_gaia"], 2, seed=1))
    >>> gaia_lab.GAMES["shapers_of_gaia"].is_over(states[-1]), len(states) > 100
    (True, True)

    :raises RuntimeError: if the game does not end within ``game.meta.max_steps`` steps.
    """
    policy = random.Random(seed)
    state = game.new_initial_state(players, seed, options)
    for _ in range(game.meta.max_steps):
        yield state
        actor = game.actor(state)
        if actor is None:
            return
        if actor == CHANCE:
            action = game.sample_chance(state, game.chance_rng(state))
        elif actor == RULES:
            action = game.legal_actions(state)[0]
        else:
            action = choose(policy, game.legal_actions(state))
        state = game.advance(state, action)
    raise RuntimeError(
        f"{game.meta.name}: {players} players, seed {seed}: the game did not end within "
        f"{game.meta.max_steps} steps"
    )


def random_playout(
    game: Game[Any, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> Any:
    """Play a whole game with the random policy (:func:`random_states`); the final state.

    :raises RuntimeError: if the game does not end within ``game.meta.max_steps`` steps.
    """
    last = deque(random_states(game, players, seed, options), maxlen=1)
    return last[0]


def play_random(session: Session, rng: random.Random, max_decisions: int) -> int:
    """Play random decisions on ``session`` until the game ends or ``max_decisions``.

    With ``auto=False`` the pending chance and rules steps are resolved with
    :meth:`Session.step <gaia_lab.core.session.Session.step>` (they do not count as
    decisions).  Returns the number of decisions played.

    >>> import random, gaia_lab
    >>> s = gaia_lab.Session("animals_gathering", players=2, seed=1)
    >>> play_random(s, random.Random(1), 3)
    3
    >>> s.decisions
    3
    """
    played = automatic = 0
    while played < max_decisions:
        actor = session.actor
        if actor is None:
            break
        if actor in (CHANCE, RULES):
            automatic += 1
            if automatic > session.game.meta.max_steps:
                raise RuntimeError("automatic steps did not reach a decision")
            session.step()
            continue
        automatic = 0
        session.play(choose(rng, session.legal_actions()))
        played += 1
    return played
