"""Game.advance, the step of seeded random play, gives the state apply gives, for every
registered game (Animals Gathering makes no event there, the other games go through
apply), and the events list nobody reads keeps nothing."""

from __future__ import annotations

from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.events import UNREAD, Event
from gaia_lab.testing import random_states
from tests.seeded import seeded_steps

CASES: list[tuple[str, int, dict[str, Any]]] = [
    (name, min(3, gaia_lab.GAMES[name].meta.max_players), {}) for name in gaia_lab.GAMES
] + [("animals_gathering", 4, {"spells": True}), ("animals_gathering", 5, {})]


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_advance_gives_the_state_apply_gives(name: str, players: int,
                                             options: dict[str, Any]) -> None:
    game = gaia_lab.GAMES[name]
    before = game.new_initial_state(players, 2, options)
    steps = 0
    for played in seeded_steps(game, players, 2, options):
        if steps % 5 == 0 or name == "animals_gathering":  # every step of the cheap game
            assert game.advance(before, played.action) == played.step.state
        before = played.step.state
        steps += 1
    assert steps > 5


def test_random_states_walk_the_seeded_steps() -> None:
    game = gaia_lab.GAMES["animals_gathering"]
    walked = list(random_states(game, 4, 7, {"spells": True}))
    applied = [played.step.state for played in seeded_steps(game, 4, 7, {"spells": True})]
    assert walked[1:] == applied


def test_the_unread_events_keep_nothing() -> None:
    event = Event("turn", "Turn 2 begins.")
    UNREAD.append(event)
    UNREAD.extend([event, event])
    UNREAD.insert(0, event)
    UNREAD[:] = [event]
    events = UNREAD
    events += [event]
    assert events is UNREAD and UNREAD == [] and len(UNREAD) == 0
