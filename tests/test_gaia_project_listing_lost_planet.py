"""A turn's listing adds the Lost Planet's hexes only to the lines whose step to
Navigation level 5 may be legal (:func:`.game._lines` in a turn); the legal lines are the
same, in the same order, as when every step gets every hex."""

from __future__ import annotations

from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project import game as engine
from gaia_lab.games.gaia_project import rules
from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS
from gaia_lab.games.gaia_project.flow import head_task
from gaia_lab.games.gaia_project.notation import LostPlanet
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.testing import random_states

NAVIGATION = RESEARCH_TRACKS.index("navigation")


def _at_level_four(state: Any, token: bool) -> Any:
    """The state with the player whose turn it is at Navigation level 4 (with a green
    federation token for the step to level 5 when ``token``)."""
    seat = engine._seat(head_task(state))
    p = state.seats[seat]
    research = tuple(4 if i == NAVIGATION else v for i, v in enumerate(p.research))
    tokens = (*p.fed_tokens, ("fed2", False)) if token else p.fed_tokens
    return state.with_seat(seat, evolve(p, research=research, knowledge=max(p.knowledge, 4),
                                        fed_tokens=tokens))


def _compare(state: Any) -> tuple[int, int]:
    """The lines with and without the hexes left out agree once judged; the number of
    Lost Planet lines in each."""
    seat = engine._seat(head_task(state))
    texts = engine._main_actions(state, seat)
    every = engine._lines(state, seat, texts)
    pruned = engine._lines(state, seat, texts, turn=True)
    judged_every = rules.turn_lines_legal(state, every)
    judged_pruned = rules.turn_lines_legal(state, pruned)
    assert ([m for m, ok in zip(every, judged_every, strict=True) if ok]
            == [m for m, ok in zip(pruned, judged_pruned, strict=True) if ok])
    # only Lost Planet lines are left out, never any other
    assert [m for m in every if not isinstance(m.commands[-1], LostPlanet)] == [
        m for m in pruned if not isinstance(m.commands[-1], LostPlanet)]
    lost = [sum(isinstance(m.commands[-1], LostPlanet) for m in lines)
            for lines in (every, pruned)]
    return lost[0], lost[1]


def _turns(players: int, seed: int) -> list[Any]:
    game = gaia_lab.GAMES["gaia_project"]
    return [s for s in random_states(game, players, seed)
            if (t := head_task(s)) is not None and t.kind == "turn"]


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (3, 8)])
def test_lost_planet_lines_left_out_only_when_refused(players: int, seed: int) -> None:
    counts = [_compare(_at_level_four(s, token)) for s in _turns(players, seed)[::20]
              for token in (True, False)]
    assert any(pruned < every for every, pruned in counts)  # some are left out
    assert any(pruned > 0 for _, pruned in counts)  # and some kept


@pytest.mark.parametrize(("name", "lines"), [("voyager-6", 302), ("deep-mind-2", 351)])
def test_lost_planet_lines_in_the_heavy_recorded_positions(name: str, lines: int) -> None:
    data = recorded_game(name)
    state = engine.replay_prefix({**data, "moves": data["moves"][:lines]})[0].state
    every, pruned = _compare(state)
    if name == "voyager-6":  # the step to level 5 is refused there: no hex is listed
        assert every > 400 and pruned == 0
    else:
        assert pruned == every > 400
