"""A long menu's labels are made only when the page asks for them, and are then the
notation of each action; a request made on an older offer is not answered."""

from __future__ import annotations

import json
from typing import Any

from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.widgets import Explorer
from gaia_lab.widgets._common import FILL_LIMIT, ActionPanel, Menu


def _answers(panel: ActionPanel, content: dict[str, Any]) -> list[dict[str, Any]]:
    answers: list[dict[str, Any]] = []
    send = panel.send
    panel.send = answers.append
    try:
        panel.receive(content)
    finally:
        panel.send = send
    return answers


def test_the_labels_of_a_long_menu_are_made_when_asked_for() -> None:
    data = recorded_game("deep-mind-2")
    before = replay_prefix({**data, "moves": data["moves"][:350]})[0]
    explorer = Explorer(before)
    explorer.play(data["moves"][350])
    listing = explorer._current()
    made = sum(label is not None for label in listing._labels)
    assert made < 400 < 1479 == len(explorer.legal)  # buttons, short menus, spoken targets
    sent = json.loads(explorer.actions.offer_json)
    long = [k for k, g in enumerate(sent["groups"]) if g.get("fill")]
    assert long and all(len(sent["groups"][k]["indices"]) > FILL_LIMIT for k in long)
    for k in long:
        group = sent["groups"][k]
        assert group["labels"] == [str(explorer.legal[group["indices"][0]])]
        (answer,) = _answers(explorer.actions, {"event": "labels", "group": k,
                                                "version": explorer.actions.version})
        assert answer == {"event": "labels", "group": k, "version": explorer.actions.version,
                          "labels": [str(explorer.legal[i]) for i in group["indices"]]}
    offered = dict(explorer.actions.offered())  # the Python side sees every label
    assert offered == {i: str(a) for i, a in enumerate(explorer.legal)}
    # the board's message decodes to what it says it sent
    assert json.loads(explorer.board.canvas.scene) == explorer.board.sent


def test_a_request_for_labels_of_an_older_offer_or_a_short_menu_is_not_answered() -> None:
    panel = ActionPanel(fill_limit=2)
    panel.show([("build", Menu([0, 1, 2], ["build a", "build b", "build c"]), True),
                ("keep", Menu([3, 4], ["keep x", "keep y"]), True)])
    assert json.loads(panel.offer_json)["groups"][0]["labels"] == ["build a"]
    assert json.loads(panel.offer_json)["groups"][1]["labels"] == ["keep x", "keep y"]
    old = panel.version
    panel.show([("build", Menu([0, 1, 2], ["build d", "build e", "build f"]), True)])
    assert _answers(panel, {"event": "labels", "group": 0, "version": old}) == []
    assert _answers(panel, {"event": "labels", "group": 1, "version": panel.version}) == []
    assert _answers(panel, {"event": "labels", "group": 0, "version": panel.version}) == [
        {"event": "labels", "group": 0, "version": panel.version,
         "labels": ["build d", "build e", "build f"]}]
    assert panel.offered() == [(0, "build d"), (1, "build e"), (2, "build f")]


def test_a_malformed_request_for_labels_is_not_answered_and_changes_nothing() -> None:
    panel = ActionPanel(fill_limit=1)
    panel.show([("build", Menu([0, 1], ["build a", "build b"]), True)])
    sent = panel.offer_json
    for group in ([0], {"k": 0}, "0", 0.0, True, None, -1, 10**100):
        assert _answers(panel, {"event": "labels", "group": group,
                                "version": panel.version}) == []
    assert _answers(panel, {"event": "labels", "version": [panel.version]}) == []
    assert panel.offer_json == sent
    assert panel.offered() == [(0, "build a"), (1, "build b")]
