"""deep-mind-2 in detail: the fixture is the packaged game, a refused line, the score table,
records.  (Every recorded game replaying to its VP by source: test_gaia_project_recorded.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gaia_lab.games.gaia_project.game import GaiaProject, ReplayError, replay, replay_prefix
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, Setup

CONFORMANCE = Path(__file__).resolve().parent / "fixtures" / "gaia_project"

REPLAYED_LINES = 410
"""How many lines of deep-mind-2 replay legally (``init`` included); only ever goes up."""


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    path = CONFORMANCE / "deep-mind-2.json"
    if not path.exists():
        pytest.skip("the shared conformance folder is not here")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def replayed(game: dict[str, Any]) -> tuple[Any, int, ReplayError | None]:
    return replay_prefix(game)


def test_seeded_setup_is_the_packaged_one(game: dict[str, Any]) -> None:
    assert Setup.from_seeded(game["seeded_setup"]) == DEEP_MIND_2_SETUP


def test_lines_replayed(replayed: tuple[Any, int, ReplayError | None]) -> None:
    _, count, error = replayed
    assert count >= REPLAYED_LINES, error
    assert count == REPLAYED_LINES, "more lines replay now: raise REPLAYED_LINES"


def test_score_breakdown_totals(replayed: tuple[Any, int, ReplayError | None]) -> None:
    session = replayed[0]
    b = session.score_breakdown()
    assert b.totals == tuple(p.vp for p in session.state.seats)
    assert b.by_category()["charge"] == [-22, -24, -25, -16]
    assert session.winners() == (2,)


def test_replay_raises_at_a_refused_line(game: dict[str, Any]) -> None:
    bad = dict(game)
    bad["moves"] = list(game["moves"][:18]) + ["terrans build ts 3A11.", "nevlas charge 3pw"]
    with pytest.raises(ReplayError) as info:
        replay(bad)
    assert info.value.index == 19
    assert "gp.charge.highest" in info.value.reason


def test_session_record_round_trip(game: dict[str, Any]) -> None:
    from gaia_lab.core.session import Session

    s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
    s.play_many(game["moves"][1:120])
    again = Session.from_record(s.record(), game=GaiaProject())
    assert again.state == s.state
    s.undo()
    assert s.state == again.history[-2].state
