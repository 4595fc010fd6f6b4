"""Replaying the recorded game deep-mind-2 line by line, to the final VP by source."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gaia_lab.games.gaia_project.game import GaiaProject, ReplayError, replay, replay_prefix
from gaia_lab.games.gaia_project.notation import parse_move
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState, Setup

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


def test_game_over_with_recorded_vp(game: dict[str, Any],
                                   replayed: tuple[Any, int, ReplayError | None]) -> None:
    session, _, error = replayed
    assert error is None
    assert session.is_over()
    state: GPState = session.state
    assert [p.faction for p in state.seats] == [f["faction"] for f in game["final"]]
    assert [p.vp for p in state.seats] == [f["vp"] for f in game["final"]] == \
        [165, 164, 182, 108]


def test_vp_by_source(game: dict[str, Any],
                      replayed: tuple[Any, int, ReplayError | None]) -> None:
    state: GPState = replayed[0].state
    for p, f in zip(state.seats, game["final"], strict=True):
        ours = {k: v for k, v in p.vp_sources if v}
        assert ours == f["vp_by_source_after_start_10"], p.faction


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


def test_every_state_round_trips_through_json(game: dict[str, Any]) -> None:
    from gaia_lab.core.session import Session

    s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
    for i, line in enumerate(game["moves"][1:], start=1):
        s.play(line)
        if i % 25 == 0:
            text = s.state.to_json()
            assert GPState.from_json(text) == s.state
            assert s.game.invariants(s.state) == []


def _decisions(line: str) -> list[str]:
    """A recorded line as single decisions: each free action before the main action on
    its own, then the main action with everything after it."""
    actor, _, rest = line.rstrip(".").partition(" ")
    parts = rest.split(". ")
    out = []
    while parts and parts[0].split()[0] in ("spend", "burn") and len(parts) > 1:
        out.append(f"{actor} {parts.pop(0)}")
    out.append(f"{actor} {'. '.join(parts)}")
    return out


def test_recorded_decisions_are_listed(game: dict[str, Any]) -> None:
    """Every recorded decision is among the legal actions (a sample of the lines): free
    actions one by one, main actions with their follow-ups, the choices of a pending
    task.  Main actions followed by free actions on the same line, and federations
    (listed with one smallest satellite set), are played without the check."""
    from gaia_lab.core.session import Session

    s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
    checked = 0
    for i, line in enumerate(game["moves"][1:], start=1):
        if s.state.pending and s.state.pending[0][0] != "charge":
            actor, _, rest = line.rstrip(".").partition(" ")
            parts = [f"{actor} {part}" for part in rest.split(". ")]
        elif s.state.phase == "actions" and not s.state.pending:
            parts = _decisions(line)
        else:
            parts = [line]
        for part in parts:
            main = parse_move(part)
            tail = [c.verb for c in main.commands[1:]]
            if i % 5 == 0 and "federation" not in part and "spend" not in tail \
                    and "burn" not in tail:
                legal = {str(m) for m in s.legal_actions()}
                assert str(main) in legal, (i, part)
                checked += 1
            s.play(part)
    assert checked > 80
    assert [p.vp for p in s.state.seats] == [165, 164, 182, 108]


def test_session_record_round_trip(game: dict[str, Any]) -> None:
    from gaia_lab.core.session import Session

    s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
    s.play_many(game["moves"][1:120])
    again = Session.from_record(s.record(), game=GaiaProject())
    assert again.state == s.state
    s.undo()
    assert s.state == again.history[-2].state
