"""A recorded game stopped in round 6 (Bal T'aks, Bescods, Ambas, three players): every
line replays, and each player's resources, bowls, research, structures, tiles and tokens
equal the recording's state where the log stops."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS, TRACK_CODES
from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.state import GPState

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "gaia_project" / "Piling-song-3477.json"


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def state(game: dict[str, Any]) -> GPState:
    session, count, error = replay_prefix(game)
    assert error is None, error
    assert count == len(game["moves"]) == 210
    result: GPState = session.state
    return result


def test_the_table_where_the_log_stops(game: dict[str, Any], state: GPState) -> None:
    assert (state.round, state.phase) == (game["round"], "actions")
    for p, rec in zip(state.seats, game["players"], strict=True):
        assert p.faction == rec["faction"]
        assert (p.vp, p.credits, p.ore, p.knowledge, p.qic) == \
            (rec["vp"], rec["credits"], rec["ore"], rec["knowledge"], rec["qic"]), p.faction
        assert list(p.bowls) == rec["power"], p.faction
        levels = {TRACK_CODES[t]: p.level(t) for t in RESEARCH_TRACKS}
        assert levels == rec["research"], p.faction


def test_structures_tiles_and_tokens(game: dict[str, Any], state: GPState) -> None:
    for p, rec in zip(state.seats, game["players"], strict=True):
        for kind in ("m", "ts", "lab", "PI", "ac1", "ac2"):
            assert p.count(kind) == rec["buildings"][kind], (p.faction, kind)
        assert len(p.gaiaformers) == rec["buildings"]["gf"], p.faction
        assert p.satellites == rec["satellites"], p.faction
        assert p.booster == rec["booster"], p.faction
        assert sorted(tile for _, tile, _ in p.techs) == sorted(rec["techs"]), p.faction
        assert sorted(t for t, _ in p.fed_tokens) == sorted(rec["federations"]), p.faction
