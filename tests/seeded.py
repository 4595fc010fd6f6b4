"""Walking a seeded random game step by step, for the tests that pin such games by a
digest: the policy draws uniformly with ``random.Random(seed)`` once per player decision,
chance steps use the state's own generator and rules steps take their only action."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gaia_lab.core.game import CHANCE, RULES, Game, Step


@dataclass(frozen=True)
class Played:
    """One step of a seeded game: who acted, the legal list offered (None at a chance
    step), the action taken and what applying it gave."""

    actor: Any
    legal: list[Any] | None
    action: Any
    step: Step[Any]


def seeded_steps(game: Game[Any, Any], players: int, seed: int,
                 options: Mapping[str, Any] | None = None) -> Iterator[Played]:
    """Every step of the seeded random game, in order."""
    policy = random.Random(seed)
    state = game.new_initial_state(players, seed, options)
    while (actor := game.actor(state)) is not None:
        legal = None
        if actor == CHANCE:
            action = game.sample_chance(state, game.chance_rng(state))
        else:
            legal = game.legal_actions(state)
            action = legal[0] if actor == RULES else legal[policy.randrange(len(legal))]
        step = game.apply(state, action)
        yield Played(actor, legal, action, step)
        state = step.state
