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
from gaia_lab.games.gaia_project.notation import parse_move
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


def _listed(part: str, legal: set[str], state: GPState) -> bool:
    """Whether a recorded decision is among the listed ones.  A federation line may name
    only its satellites, and the Ivits' may name their federation so far: a listed
    federation with the same token and new satellites, plus the player's structures, is
    the same federation."""
    if part in legal:
        return True
    actor, _, rest = part.partition(" ")
    words = rest.split()
    if words[0] != "federation" or len(words) != 3:
        return False
    player = next(p for p in state.seats if p.faction == actor)
    named = set(words[1].split(",")) - {h for fed in player.federations for h in fed}
    own = {h for h, _ in player.buildings}
    for other in legal:
        a, _, r = other.partition(" ")
        w = r.split()
        if a == actor and w[0] == "federation" and w[-1] == words[2]:
            hexes = set(w[1].split(","))
            if named <= hexes and hexes - named <= own and named - own == hexes - own:
                return True
    return False


@pytest.mark.parametrize("name", RECORDED_GAMES)
def test_recorded_decisions_are_listed(name: str) -> None:
    """A sample of the recorded decisions (every third line, federations included) is
    among the legal actions: free actions one by one, main actions with their
    follow-ups, the choices of a pending task.  Main actions followed by free actions on
    the same line are played without the check (the turn ends with its line)."""
    data = recorded_game(name)
    s = Session(GaiaProject(), players=4, options={"setup": data["seeded_setup"]})
    checked = federations = 0
    for i, line in enumerate(data["moves"][1:], start=1):
        if s.state.pending and s.state.pending[0].kind == "tokens_for_tech":
            actor, _, rest = line.rstrip(".").partition(" ")
            chunks = rest.replace(". spend ", "|spend ").split("|")
            parts = [f"{actor} {chunk}" for chunk in chunks]
        elif s.state.pending and s.state.pending[0].kind != "charge":
            actor, _, rest = line.rstrip(".").partition(" ")
            parts = [f"{actor} {part}" for part in rest.split(". ")]
        elif s.state.phase == "actions" and not s.state.pending:
            parts = _decisions(line)
        else:
            parts = [line]
        for part in parts:
            main = parse_move(part)
            tail = [c.verb for c in main.commands[1:]]
            is_fed = main.commands[0].verb == "federation"
            if (i % 3 == 0 or is_fed) and "spend" not in tail and "burn" not in tail:
                legal = {str(m) for m in s.legal_actions()}
                assert _listed(str(main), legal, s.state), (i, part)
                checked += 1
                federations += is_fed
            s.play(part)
    assert checked > 80 and federations >= 5
    assert [p.vp for p in s.state.seats] == [f["vp"] for f in data["final"]]
