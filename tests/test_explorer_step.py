"""What makes an Explorer step cheap must not change what it shows: a menu's actions sent
as two lists are the offer's entries, an item equal to one shown before is sent as a fresh
board would send it, and an Explorer that steps into the heaviest recorded Gaia Project
position shows what a fresh one shows there."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.render.canvas import BoardCanvas
from gaia_lab.render.shapes import Circle, Polygon, Rect, Scene, Text
from gaia_lab.widgets import Explorer
from gaia_lab.widgets._common import ActionPanel, Menu


def _asked(panel: ActionPanel, group: int) -> list[str]:
    """The labels ``panel`` answers when the page asks for those of its menu ``group``."""
    answers: list[dict[str, Any]] = []
    send = panel.send
    panel.send = answers.append
    try:
        assert panel.receive({"event": "labels", "group": group, "version": panel.version})
    finally:
        panel.send = send
    (answer,) = answers
    assert (answer["event"], answer["group"], answer["version"]) == (
        "labels", group, panel.version)
    labels: list[str] = answer["labels"]
    return labels


def _expanded(offer_json: str, panel: ActionPanel | None = None) -> dict[str, Any]:
    """The offer the browser draws from ``offer_json``, as actions.js reads it (a long
    menu's labels asked of ``panel``, as the page asks when the learner reaches for it)."""
    offer: dict[str, Any] = json.loads(offer_json)
    for k, group in enumerate(offer["groups"]):
        if "indices" in group:
            labels = group.pop("labels")
            if group.pop("fill", False):
                assert panel is not None and len(labels) == 1
                labels = _asked(panel, k)
                assert labels[0] == panel.labels(k)[0]
            group["actions"] = [[i, label, ""] for i, label in
                                zip(group.pop("indices"), labels, strict=True)]
    return offer


def test_a_menu_is_sent_as_its_indices_and_labels_and_offered_as_entries() -> None:
    panel = ActionPanel()
    played: list[int] = []
    panel.on_play(played.append)
    panel.show([("keep", [(0, "keep fox", "on the board: fox")], False),
                ("build", Menu([3, 1, 2], ["build a", "build b", "build c"]), True),
                ("pass", [(4, "pass", ""), (5, "pass 2", "")], True)])
    sent = json.loads(panel.offer_json)
    assert [sorted(g) for g in sent["groups"]] == [
        ["actions", "menu", "verb"], ["indices", "labels", "menu", "verb"],
        ["indices", "labels", "menu", "verb"]]
    assert _expanded(panel.offer_json) == panel.offer
    assert panel.offer["groups"][1]["actions"] == [[3, "build a", ""], [1, "build b", ""],
                                                   [2, "build c", ""]]
    assert panel.offered() == [(0, "keep fox"), (3, "build a"), (1, "build b"),
                               (2, "build c"), (4, "pass"), (5, "pass 2")]
    assert panel.receive({"event": "play", "index": 1, "version": panel.version})
    assert not panel.receive({"event": "play", "index": 9, "version": panel.version})
    assert played == [1]


def _board() -> Scene:
    return Scene(60, 40, (
        Rect(0, 0, 60, 40, fill="#eeeeee"),
        Polygon(((1.1, 2.2), (30.333333333, 4.0), (9.0, 30.5)), fill="red", id="hex:a"),
        Text(5, 30, "a ],[\"b", size=9, id="hex:a"),
        Circle(40, 20, 6.125, fill="none", stroke="none"),  # nothing to draw
        Rect(2, 2, 4, 4, fill="blue", classes=("x",)),
    ))


def test_an_item_equal_to_one_shown_before_is_sent_as_a_fresh_board_sends_it() -> None:
    board = BoardCanvas(_board())
    board.show(Scene(10, 10, (Rect(0, 0, 1, 1, fill="green"),)))
    again = _board()  # equal items, none of them the objects shown first
    assert all(a is not b for a, b in zip(again.items, _board().items, strict=True))
    board.show(again, targets=["hex:a"])
    fresh = BoardCanvas()
    fresh.show(again, targets=["hex:a"])
    assert json.loads(board.canvas.scene)["items"] == json.loads(fresh.canvas.scene)["items"]
    assert board.sent["items"] == fresh.sent["items"] == json.loads(fresh.canvas.scene)["items"]
    assert len(board.sent["items"]) == 4


def test_an_item_that_cannot_be_a_key_is_encoded_each_time() -> None:
    odd = Rect(1, 1, 3, 3, fill="red", classes=["a list"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hash(odd)
    board = BoardCanvas(Scene(10, 10, (odd,)))
    board.show(Scene(10, 10, (Rect(1, 1, 3, 3, fill="red", classes=["a list"]),  # type: ignore[arg-type]
                              Circle(5, 5, 2, fill="blue"))))
    assert [w[0] for w in json.loads(board.canvas.scene)["items"]] == ["r", "c"]


def _shown(explorer: Explorer) -> tuple[Any, ...]:
    sent = json.loads(explorer.board.canvas.scene)
    del sent["v"]
    offer = _expanded(explorer.actions.offer_json, explorer.actions)
    del offer["v"]
    return (sent, explorer.board.canvas.description, offer, explorer.status.value,
            explorer.score_html.value, explorer.log_html.value)


def test_a_step_into_the_heaviest_position_shows_what_a_fresh_explorer_shows() -> None:
    data = recorded_game("deep-mind-2")
    moves = data["moves"]
    before = replay_prefix({**data, "moves": moves[:350]})[0]
    explorer = Explorer(before)
    explorer.play(moves[350])
    assert len(explorer.legal) == 1479
    fresh = Explorer(before.copy())
    assert _shown(explorer) == _shown(fresh)
    menus = [g for g in explorer.actions.offer["groups"] if g["menu"]]
    assert sum(len(g["actions"]) for g in menus) > 1400
    # and back: the board shown before is drawn again as it was
    shown = _shown(explorer)
    explorer.undo()
    explorer.redo()
    assert _shown(explorer)[:4] == shown[:4]
