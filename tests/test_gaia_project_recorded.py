"""Every recorded game shipped with the package replays to the recorded score.

Three complete 4-player games recorded on another engine (nine of the fourteen
factions): each line must be legal, the game must end, and every player's final VP and
VP by source must equal the recording.
"""

from __future__ import annotations

from typing import Any

import pytest

from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.game import GaiaProject, replay_prefix
from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES, recorded_game
from gaia_lab.games.gaia_project.state import GPState


@pytest.fixture(scope="module", params=RECORDED_GAMES)
def recorded(request: pytest.FixtureRequest) -> tuple[dict[str, Any], Session]:
    data = recorded_game(request.param)
    session, count, error = replay_prefix(data)
    assert error is None, error
    assert count == len(data["moves"])
    return data, session


def test_factions_covered() -> None:
    factions = {f["faction"] for name in RECORDED_GAMES for f in recorded_game(name)["final"]}
    assert factions == {"terrans", "nevlas", "xenos", "hadsch-hallas", "gleens", "baltaks",
                        "bescods", "itars", "ivits"}


def test_replays_to_the_recorded_vp(recorded: tuple[dict[str, Any], Session]) -> None:
    data, session = recorded
    assert session.is_over()
    state: GPState = session.state
    assert [p.faction for p in state.seats] == [f["faction"] for f in data["final"]]
    assert [p.vp for p in state.seats] == [f["vp"] for f in data["final"]]
    assert session.score_breakdown().totals == tuple(p.vp for p in state.seats)


def test_vp_by_source(recorded: tuple[dict[str, Any], Session]) -> None:
    data, session = recorded
    for p, f in zip(session.state.seats, data["final"], strict=True):
        ours = {k: v for k, v in p.vp_sources if v}
        assert ours == f["vp_by_source_after_start_10"], p.faction


def test_states_round_trip_and_keep_invariants(
        recorded: tuple[dict[str, Any], Session]) -> None:
    _, session = recorded
    game = GaiaProject()
    for ply in session.history[::40]:
        assert GPState.from_json(ply.state.to_json()) == ply.state
        assert game.invariants(ply.state) == []
