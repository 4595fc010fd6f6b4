"""The candidate lines the listing makes without reading text are the moves the parser
reads from their text."""

from __future__ import annotations

import pytest

import gaia_lab
from gaia_lab.games.gaia_project import game as engine
from gaia_lab.games.gaia_project.notation import parse_listed, parse_move
from gaia_lab.testing import random_states


@pytest.mark.parametrize("seed", [0, 1])
def test_listed_candidates_are_the_parsed_moves(seed: int) -> None:
    game = gaia_lab.GAMES["gaia_project"]
    checked = 0
    for state in random_states(game, 4, seed, {}):
        for move in engine.candidates(state):
            assert parse_move(str(move)) == move, str(move)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("line", [
    "p1 faction terrans",
    "terrans build gf 1A4 using area1: 1, area2: 2",
    "gleens federation 1A1,1A2,7C fed1 using area2: 2",
    "nevlas charge 1t,3pw. brainstone area2",
    "terrans decline up",
    "taklons decline 2pw",
    "taklons charge",
    "itars spend 4tg for tech. tech adv-gaia. cover eco. up nav",
    "terrans special range+3. build m 5A4",
    "ambas burn 12. pass booster3",
    "lantids pass",
    "setup boosters booster1 booster2",
])
def test_parse_listed_agrees_with_parse_move(line: str) -> None:
    assert parse_listed(line) == parse_move(line)
