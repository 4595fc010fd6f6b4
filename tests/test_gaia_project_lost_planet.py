"""The Lost Planet's hexes judged from one table (:func:`.rules.lost_planet_spots`, as
:func:`.rules.turn_lines_legal` does for the lines it ends) agree with playing each line
in full (:func:`.rules.play`), over random positions and recorded ones."""

from __future__ import annotations

from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project import game as engine
from gaia_lab.games.gaia_project import rules
from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS
from gaia_lab.games.gaia_project.flow import head_task
from gaia_lab.games.gaia_project.notation import parse_listed
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.testing import random_states

NAVIGATION = RESEARCH_TRACKS.index("navigation")


def _at_level_four(state: Any) -> Any:
    """The state with the player whose turn it is at Navigation level 4, holding the
    knowledge and a green federation token for the step to level 5."""
    task = head_task(state)
    assert task is not None and task.kind == "turn"
    seat = engine._seat(task)
    p = state.seats[seat]
    research = tuple(4 if i == NAVIGATION else v for i, v in enumerate(p.research))
    p = evolve(p, research=research, knowledge=max(p.knowledge, 4),
               fed_tokens=(*p.fed_tokens, ("fed2", False)))
    return state.with_seat(seat, p)


def _played(state: Any, line: Any) -> bool:
    try:
        rules.play(state, line)
    except rules.Refusal:
        return False
    return True


def _check(state: Any) -> int:
    """Compare every hex of the map as the Lost Planet's, straight after the step and
    after spending a Q.I.C. first; the number of legal lines."""
    task = head_task(state)
    assert task is not None and task.kind == "turn"
    p = state.seats[engine._seat(task)]
    firsts = ["up nav"] + (["spend 1q for 1o. up nav"] if p.qic else [])
    lines = [parse_listed(f"{p.faction} {first}. lostPlanet {name}")
             for first in firsts for name in state.space_map.names()]
    played = [_played(state, line) for line in lines]
    assert rules.turn_lines_legal(state, lines) == played
    assert rules.turn_lines_legal(state, lines, complete=False) == played
    return sum(played)


def _turns(players: int, seed: int) -> list[Any]:
    game = gaia_lab.GAMES["gaia_project"]
    return [s for s in random_states(game, players, seed)
            if (t := head_task(s)) is not None and t.kind == "turn"]


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (2, 7)])
def test_lost_planet_table_agrees_with_play_in_random_games(players: int, seed: int) -> None:
    turns = _turns(players, seed)
    assert sum(_check(_at_level_four(s)) for s in turns[::15]) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20, 26))
def test_lost_planet_table_agrees_with_play_in_more_games(seed: int) -> None:
    for players in (2, 3, 4):
        for s in _turns(players, seed)[::5]:
            _check(_at_level_four(s))


@pytest.mark.parametrize(("name", "lines"), [("deep-mind-2", 351), ("deep-mind-2", 150),
                                             ("voyager-6", 302)])
def test_lost_planet_table_agrees_with_play_in_recorded_positions(name: str,
                                                                  lines: int) -> None:
    data = recorded_game(name)
    session, _, _ = engine.replay_prefix({**data, "moves": data["moves"][:lines]})
    state = session.state
    task = head_task(state)
    if task is None or task.kind != "turn":
        pytest.skip(f"{name} line {lines} waits for {task}")
    legal = _check(_at_level_four(state))
    # the listing's own Lost Planet lines, judged by the table, as played in full
    listed = [m for m in engine.candidates(state) if "lostPlanet" in str(m)]
    assert rules.turn_lines_legal(state, listed) == [_played(state, m) for m in listed]
    if (name, lines) == ("deep-mind-2", 351):  # at Navigation level 4 in the game
        assert legal > 0 and len(listed) > 400
