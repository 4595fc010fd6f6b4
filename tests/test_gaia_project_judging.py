"""A Gaia Project turn's candidate lines are judged without playing them out: the last
command of a line stops once nothing left of it can refuse the line, and the candidates
leave out lines that cannot be legal.  Both must agree with playing each line in full
(:func:`.rules.play`), over many random positions."""

from __future__ import annotations

from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project import game as engine
from gaia_lab.games.gaia_project import rules
from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS, TRACK_CODES, load_components
from gaia_lab.games.gaia_project.flow import head_task
from gaia_lab.games.gaia_project.notation import parse_listed
from gaia_lab.testing import random_states

GAMES = [(4, 11), (3, 4), (2, 5)]
MORE_GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(20, 32)]


def _turns(players: int, seed: int) -> list[Any]:
    game = gaia_lab.GAMES["gaia_project"]
    return [s for s in random_states(game, players, seed)
            if (t := head_task(s)) is not None and t.kind == "turn"]


def _played(state: Any, line: Any) -> Verdict | None:
    """The refusal of playing the whole line, or None when it is legal."""
    try:
        rules.play(state, line)
    except rules.Refusal as refusal:
        return refusal.verdict
    return None


def _check_position(state: Any) -> None:
    lines = engine.candidates(state)
    verdicts = [_played(state, line) for line in lines]
    assert rules.turn_lines_legal(state, lines) == [v is None for v in verdicts]
    # judged as first parts: refused only as incomplete counts as accepted
    assert rules.turn_lines_legal(state, lines, complete=False) == [
        v is None or v.code == "turn.incomplete" for v in verdicts]
    # the lines left out of the candidates cannot be legal
    p = state.seats[rules.actor(state)]
    listed = {str(line) for line in lines}
    planets = [name for name, _ in engine._planets(state)]
    left_out = [f"{p.faction} {t}" for t in
                [f"up {TRACK_CODES[t]}" for t in RESEARCH_TRACKS]
                + [f"action {a.id}" for a in load_components().board_actions]
                + [f"{first}build {kind} {h}" for h in planets
                   for first in ("", "action power2. ", "action power6. ", "special step. ",
                                 "special range+3. ")
                   for kind in ("m", "gf")]
                + [f"build {kind} {h}" for h, _ in p.buildings for kind in ("ts", "PI")]]
    for text in left_out:
        if text not in listed:
            assert _played(state, parse_listed(text)) is not None, text
    # a first part no candidate starts with cannot lead to a legal line: a board action
    # (those with a mine to build are checked above), an upgrade to a lab or an academy
    # (their tiles are listed on one building) when there is a tile to take
    starts = {" ".join(str(line).split(". ")[0].split(" ")[1:3]) for line in lines}
    tiles = bool(engine._tech_tails(state, p))
    first_parts = [(f"action {a.id}", f"action {a.id}")
                   for a in load_components().board_actions
                   if a.id not in ("power2", "power6") and (tiles or a.id != "qic1")]
    first_parts += [(f"build {new}", f"build {new} {h}") for h, _ in p.buildings
                    for new in ("lab", "ac1", "ac2") if tiles]
    for start, text in first_parts:
        if start not in starts:
            line = parse_listed(f"{p.faction} {text}")
            assert rules.turn_lines_legal(state, [line], complete=False) == [False], text
    # the distances range counts from
    m = state.space_map
    for seat in state.seats:
        own = [m.hex(h) for h, _ in seat.buildings]
        table = rules.structure_distances(state, seat)
        assert table == {m.name(h): min((m.distance(h, o) for o in own), default=99)
                         for h in m}


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_judged_lines_agree_with_playing_them(players: int, seed: int) -> None:
    turns = _turns(players, seed)
    assert len(turns) > 50
    for state in turns:
        _check_position(state)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), MORE_GAMES)
def test_judged_lines_agree_with_playing_them_many_games(players: int, seed: int) -> None:
    for state in _turns(players, seed):
        _check_position(state)
