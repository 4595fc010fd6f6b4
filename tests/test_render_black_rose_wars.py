"""The Black Rose Wars: Gaea Reborn table: every target of a legal action is on the board,
the drawing is byte-stable, and PNG and highlights work."""

from __future__ import annotations

import random

from gaia_lab import Session
from gaia_lab.games.black_rose_wars import GAME
from gaia_lab.games.black_rose_wars.examples import ROOMS
from gaia_lab.render import scene
from gaia_lab.render.black_rose_wars import centre


def test_every_action_target_is_clickable() -> None:
    for players in (1, 3, 5):
        s = Session(GAME, players=players, seed=players)
        rng = random.Random(players)
        for _ in range(25):
            if s.is_over():
                break
            board = scene(s.state)
            ids = set(board.ids())
            for action in s.legal_actions():
                for target in GAME.action_targets(s.state, action):
                    assert target in ids, (str(action), target)
                    assert board.hit(*centre(board, target)) is not None
            s.play(rng.choice(s.legal_actions()))


def test_the_drawing_is_stable_and_shows_the_lodge() -> None:
    state = GAME.scenario({"players": 2, "rooms": list(ROOMS), "arbor_vitae": ["crypt"],
                           "lodge": {"forge": {"slots": ["mage1", "gaea"],
                                               "root": ["black_rose"]}}})
    board = scene(state)
    assert board.to_svg() == scene(state).to_svg()
    ids = board.ids()
    assert {"room:forge", "root:forge", "cell:cell1", "cell:cell2", "model:gaea",
            "model:filius", "model:mage1"} <= set(ids)
    svg = board.to_svg()
    assert "Arbor Vitae" in svg and "Power board" in svg and "Servant slot: filius" in svg
    lit = scene(state, highlight=["room:forge"])
    assert len(lit.items) == len(board.items) + 1
    assert board.to_png()[:8] == b"\x89PNG\r\n\x1a\n"


def test_before_the_lodge_is_drawn() -> None:
    board = scene(GAME.new_initial_state(3, 1))
    assert "Lodge is not drawn yet" in board.to_svg()
