"""Gaia Project on the flow kernel: every decision is a declared task.

The head of ``state.tasks`` says who acts and under which rule, for the setup draws,
the setup choices, the turns and every decision the rules put in front of them.
"""

from __future__ import annotations

import pytest

from gaia_lab.core.flow import Task
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.flow import FLOW, income_task, phase_task, power_items
from gaia_lab.games.gaia_project.game import GaiaProject
from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES, recorded_game
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState

GAME = GaiaProject()


def test_every_kind_is_declared_once_with_a_rule_and_handled() -> None:
    assert FLOW.unhandled() == []
    for kind in FLOW.kinds.values():
        assert kind.rule in RULES, kind.name
        assert kind.what and kind.phase, kind.name


@pytest.fixture(scope="module", params=RECORDED_GAMES)
def replayed(request: pytest.FixtureRequest) -> Session:
    data = recorded_game(request.param)
    s = Session(GAME, players=len(data["final"]), options={"setup": data["seeded_setup"]})
    for line in data["moves"][1:]:
        s.play(line)
    return s


def test_the_head_task_says_who_acts(replayed: Session) -> None:
    kinds = set()
    for ply in replayed.history:
        state: GPState = ply.state
        tasks = state.tasks
        assert tasks[:len(state.pending)] == state.pending
        assert GAME.actor(state) == (tasks[0].actor if tasks else None)
        for task in tasks:
            assert FLOW.problems(task, state.players) == []
            FLOW.describe(task, GAME.player_names(state))
        if tasks:
            kinds.add(tasks[0].kind)
    assert {"faction", "setup_mine", "setup_booster", "turn", "charge"} <= kinds
    assert replayed.is_over() and replayed.state.tasks == ()


def test_the_setup_draws_are_chance_tasks() -> None:
    s = GAME.new_initial_state(2, 5)
    assert s.tasks == (Task("draw_map_2", "chance"),)
    assert FLOW.kind_of(s.tasks[0]).rule == "gp.setup.sectors_2"
    four = GAME.new_initial_state(4, 5)
    seen = []
    while four.phase == "setup_draw":
        seen.append(four.tasks[0].kind)
        four = GAME.apply(four, GAME.chance_outcomes(four)[0][0]).state
    assert seen == ["draw_map", "draw_techs", "draw_advanced", "draw_federation",
                    "draw_round", "draw_final", "draw_boosters"]
    assert four.tasks == (Task("faction", 0),)


def test_a_line_for_another_kind_of_task_gets_a_verdict() -> None:
    s = GPState.new(2, DEEP_MIND_2_SETUP)
    assert phase_task(s) == Task("faction", 0)
    verdict = GAME.explain(s, GAME.parse_action(s, "p1 booster booster3"))
    assert (verdict.code, verdict.rule is not None) == ("turn.expected", True)


def test_income_tasks_keep_their_items_in_order() -> None:
    task = income_task(2, [("pw", 4), ("t", 1), ("pw", 2)])
    assert task.data == ("pw", 4, "t", 1, "pw", 2)
    assert power_items(task) == [("pw", 4), ("t", 1), ("pw", 2)]
    assert FLOW.describe(task, ("a", "b", "c")) == "c orders the power income"


def test_a_loaded_state_with_an_unknown_task_breaks_an_invariant() -> None:
    from gaia_lab.core.values import evolve

    s = Session(GAME, players=2, seed=1)
    while s.state.phase != "actions":
        s.play(s.legal_actions()[0])
    state = evolve(s.state, pending=(Task("fly", 0), Task("charge", 5, (1,))))
    again = GPState.from_json(state.to_json())
    assert again == state
    problems = GAME.invariants(again)
    assert any("unknown task kind 'fly'" in p for p in problems)
    assert any("seat 0-1, not 5" in p for p in problems)
