"""A turn's federation lines, listed once for every token left, judged and targeted once
for all their tokens: :func:`.rules.turn_lines_legal` judges the lines ending in the same
federation but for its token once, each token against :func:`.rules.federation_tokens_left`,
and :func:`.targets.line_targets` names a federation's hexes once.  Both must give what
each line gives on its own: playing it in full (:func:`.rules.play`) and the targets of
its hexes read one by one, in recorded positions (every token, some out of the supply, a
brainstone choice after the federation), through whole recorded games."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project import from_bgs, rules, targets
from gaia_lab.games.gaia_project import game as engine
from gaia_lab.games.gaia_project.components import load_components
from gaia_lab.games.gaia_project.flow import head_task
from gaia_lab.games.gaia_project.notation import Brainstone, Federation, Move
from gaia_lab.games.gaia_project.recorded import recorded_game
from tests.test_gaia_project_federation_table import _recorded
from tests.test_gaia_project_lost_planet import _played


def _federation_lines(state: Any) -> list[Move]:
    """The listed federation lines of the player to move, each hex set again with every
    token there is (those none are left of too) and with a brainstone choice after it."""
    listed = [m for m in engine.candidates(state) if isinstance(m.commands[0], Federation)]
    hexes = list(dict.fromkeys(m.commands[0].hexes for m in listed))  # type: ignore[union-attr]
    tokens = [t.id for t in load_components().federation_tokens]
    faction = listed[0].actor if listed else None
    more = [Move(faction, (Federation(h, t),)) for h in hexes[::5] for t in tokens]
    more += [Move(faction, (Federation(h, tokens[0]), Brainstone(where)))
             for h in hexes[::9] for where in ("discard", "area1")]
    return listed + more


def _compare(state: Any, lines: list[Move] | None = None) -> int:
    """Judge and target the federation lines as each line on its own; the number of
    legal ones."""
    lines = _federation_lines(state) if lines is None else lines
    played = [_played(state, m) for m in lines]
    assert rules.turn_lines_legal(state, lines) == played
    assert rules.turn_lines_legal(state, lines, complete=False) == played
    space = state.space_map
    for m in lines:
        hexes = m.commands[0].hexes  # type: ignore[union-attr]
        assert targets.line_targets(state, m) == tuple(dict.fromkeys(
            targets.hex_id(space, h) for h in hexes)), m
    return sum(played)


@pytest.mark.parametrize(("name", "lines"), [("voyager-6", 302), ("deep-mind-2", 298),
                                             ("deep-mind-2", 387)])
def test_federation_lines_judged_as_played_in_recorded_positions(name: str,
                                                                 lines: int) -> None:
    state = _recorded(name, lines)
    assert _compare(state) > 0
    # with one token gone from the supply, its lines are refused and no others
    gone, _ = next((t, n) for t, n in state.fed_supply if n > 0)
    emptied = evolve(state, fed_supply=tuple((t, 0 if t == gone else n)
                                             for t, n in state.fed_supply))
    lines_ = _federation_lines(emptied)
    judged = rules.turn_lines_legal(emptied, lines_)
    assert judged == [_played(emptied, m) for m in lines_]
    assert not any(ok for m, ok in zip(lines_, judged, strict=True)
                   if m.commands[0].token == gone)  # type: ignore[union-attr]
    assert any(judged)


@pytest.mark.parametrize("name", ["voyager-6", "deep-mind-2", "JaeggaFun04"])
def test_federation_lines_judged_as_played_through_recorded_games(name: str) -> None:
    # every turn of the game at which its player may form a federation
    session = from_bgs(recorded_game(name))
    legal, positions = 0, 0
    for i in range(session.length):
        session.goto(i)
        state = session.state
        task = head_task(state)
        if task is not None and task.kind == "turn":
            lines = _federation_lines(state)
            if lines:
                positions += 1
                legal += _compare(state, lines)
    assert positions and legal
