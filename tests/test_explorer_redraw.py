"""What the Explorer keeps between redraws: the decision at a state is worked out once
however often it is redrawn, a board drawn for it is kept by highlight and width, a board
shown again is not encoded again, and none of it changes what is shown (an Explorer that
walked to a state shows what a fresh one shows there)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import gaia_lab
from gaia_lab import render
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.render.canvas import BoardCanvas
from gaia_lab.render.shapes import Circle, Rect, Scene
from gaia_lab.widgets import Explorer
from tests.test_explorer_step import _expanded


def _shown(explorer: Explorer) -> tuple[Any, ...]:
    """Everything the decision on show sends, but the versions that count the redraws."""
    sent = json.loads(explorer.board.canvas.scene)
    offer = _expanded(explorer.actions.offer_json, explorer.actions)
    assert offer == explorer.actions.offer
    del sent["v"], offer["v"]
    return (sent, explorer.board.canvas.description, offer, explorer.status.value,
            explorer.score_html.value, explorer.log_html.value)


def _counting(monkeypatch: pytest.MonkeyPatch, session: Session) -> dict[str, int]:
    calls = {"targets": 0, "scene": 0}
    game = type(session.game)
    targets, scene = game.action_targets, render.scene

    def counted_targets(self: Any, state: Any, action: Any) -> tuple[str, ...]:
        calls["targets"] += 1
        return targets(self, state, action)

    def counted_scene(state: Any, **kw: Any) -> Scene:
        calls["scene"] += 1
        return scene(state, **kw)

    monkeypatch.setattr(game, "action_targets", counted_targets)
    monkeypatch.setattr(render, "scene", counted_scene)
    return calls


def test_a_state_redrawn_is_worked_out_and_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    session = gaia_lab.Session("gaia_project", players=2, seed=1)
    explorer = Explorer(session)
    shared: list[str] = []
    while not shared:  # to a position with a board target several actions concern
        explorer.press(explorer.offered[-1])
        concern = Counter(t for a in explorer.legal
                          for t in session.game.action_targets(session.state, a))
        shared = [id for id, _ in explorer.board.targets if concern[id] > 1]
    calls = _counting(monkeypatch, session)
    shown, board, offer = _shown(explorer), explorer.board.version, explorer.actions.version
    explorer.refresh()
    assert calls == {"targets": 0, "scene": 0}
    assert _shown(explorer) == shown
    assert (explorer.board.version, explorer.actions.version) == (board + 1, offer + 1)
    # a selection draws its own board once; showing all again draws none
    explorer.click(shared[0])
    assert explorer.selection is not None
    drawn = calls["scene"]
    explorer.clear_selection()
    assert calls == {"targets": 0, "scene": drawn}
    assert _shown(explorer)[:3] == shown[:3]


@pytest.mark.parametrize("name", ["animals_gathering", "shapers_of_gaia", "gaia_project",
                                  "gaia_tiki", "black_rose_wars"])
def test_an_explorer_that_walked_to_a_state_shows_what_a_fresh_one_shows(name: str) -> None:
    session = gaia_lab.Session(name, players=2, seed=4)
    explorer = Explorer(session)
    rng = random.Random(2)
    for step in range(12):
        if session.is_over():
            break
        if step == 6:
            explorer.undo()
            explorer.redo()
        explorer.press(explorer.offered[rng.randrange(len(explorer.offered))])
    fresh = Explorer(session)
    assert _shown(explorer)[:4] == _shown(fresh)[:4]


def test_the_keyboard_walk_names_the_targets_of_the_board_it_walks() -> None:
    data = recorded_game("voyager-6")
    session = replay_prefix({**data, "moves": data["moves"][:120]})[0]
    explorer = Explorer(session)  # the first board: none shown before it
    scene = explorer.board.scene
    assert scene is not None and explorer.board.targets
    for id, label in explorer.board.targets:
        item = scene.find(id)
        assert item is not None and item.title
        assert label.startswith(item.title.split("\n")[0] + ": ")


def test_a_board_shown_again_is_sent_again_whole() -> None:
    scene = Scene(40, 20, (Rect(0, 0, 5, 5, fill="red", id="a"), Circle(9, 9, 3, fill="blue")))
    board = BoardCanvas(scene, fit=True)
    first = json.loads(board.canvas.scene)
    board.show(scene, targets=["a"])
    again = json.loads(board.canvas.scene)
    assert again["v"] == first["v"] + 1 == board.version
    assert again["items"] == first["items"] == board.sent["items"]
    assert again["targets"] == [["a", 0, 0, 5, 5, "a"]]
    sent, version = board.canvas.scene, board.version
    with pytest.raises(GaiaLabError, match="non-finite"):
        board.show(Scene(10, 10, (Circle(float("inf"), 0, 5, fill="red"),)))
    assert (board.canvas.scene, board.version, board.scene) == (sent, version, scene)


def test_the_parts_a_board_keeps_are_the_parts_it_would_draw() -> None:
    from gaia_lab.render.gaia_project import scene
    from gaia_lab.render.layout import Parts

    data = recorded_game("voyager-6")
    session = replay_prefix({**data, "moves": data["moves"][:200]})[0]
    game = session.game

    def shared_items(parts: Parts | None) -> int:
        """Items each board takes from the one drawn before it (both alive)."""
        shared, before = 0, None
        for k, ply in enumerate(session.history[::3]):
            state, width = ply.state, (900, 900, 1200)[k % 3]
            lit = [t for a in game.legal_actions(state)[:40]
                   for t in game.action_targets(state, a)]
            if parts is None:
                drawn = scene(state, highlight=lit, width=width)
            else:
                with parts.drawing():
                    drawn = scene(state, highlight=lit, width=width)
                assert drawn == scene(state, highlight=lit, width=width)
            if before is not None:
                shared += len({id(i) for i in before.items} & {id(i) for i in drawn.items})
            before = drawn
        return shared

    assert shared_items(Parts()) > shared_items(None) + 1000
