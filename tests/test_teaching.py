"""The notebooks' helpers: boards and charts as pictures, events with their rules, and a
recorded Gaia Project game replayed up to a line."""

from __future__ import annotations

import pytest
from IPython.display import SVG

import gaia_lab
from gaia_lab.core.events import Event
from gaia_lab.games.gaia_project.game import ReplayError
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.teaching import replay_upto
from gaia_lab.render import Rect, Scene, scene
from gaia_lab.teaching import board, picture, show_events

DEEP_MIND = recorded_game("deep-mind-2")


@pytest.mark.parametrize("name", sorted(gaia_lab.GAMES))
def test_board_is_the_registered_scene_as_an_svg_picture(name: str) -> None:
    state = gaia_lab.examples(name)[0].start().state
    shown = board(state)
    assert isinstance(shown, SVG)
    assert shown.data == SVG(scene(state).to_svg()).data


def test_board_passes_the_layout_options_on() -> None:
    state = gaia_lab.examples("shapers_of_gaia")[0].start().state
    lit = board(state, highlight=["space:V"]).data
    assert lit == SVG(scene(state, highlight=["space:V"]).to_svg()).data
    assert lit != board(state).data


def test_picture_draws_a_scene_and_refuses_anything_else() -> None:
    drawing = Scene(30, 20, (Rect(0, 0, 30, 20, fill="#abc"),))
    assert picture(drawing).data == SVG(drawing.to_svg()).data
    with pytest.raises(gaia_lab.GaiaLabError, match="a Scene is drawn, not a str"):
        picture("<svg/>")  # type: ignore[arg-type]


def test_show_events_prints_each_event_with_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    show_events([Event("booster", "terrans take booster3", RULES["gp.setup.boosters"]),
                 Event("round", "round 1 begins")])
    assert capsys.readouterr().out == ("    terrans take booster3  [Read the refresher: setup]\n"
                                       "    round 1 begins\n")


def test_replay_upto_plays_the_first_lines_of_the_record() -> None:
    moves = DEEP_MIND["moves"]
    s = replay_upto(DEEP_MIND, 18)
    assert [step.notation for step in s.history] == moves[1:18]
    assert s.state.round == 1
    assert replay_upto(DEEP_MIND, len(moves)).is_over()


@pytest.mark.parametrize("lines", [0, -3, 411, True, 2.0, "5"])
def test_replay_upto_refuses_a_count_outside_the_record(lines: object) -> None:
    refusal = r"lines: deep-mind-2 has 410 lines; .* is not in 1\.\.410"
    with pytest.raises(gaia_lab.GaiaLabError, match=refusal):
        replay_upto(DEEP_MIND, lines)  # type: ignore[arg-type]


def test_replay_upto_raises_the_refused_line() -> None:
    record = {**DEEP_MIND, "moves": [*DEEP_MIND["moves"][:5], "terrans build m 5A4"]}
    with pytest.raises(ReplayError) as refused:
        replay_upto(record, 6)
    assert refused.value.index == 5
