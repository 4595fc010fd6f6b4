"""Black Rose Wars: Gaea Reborn as a Game: the conformance harness for every Mage count,
random playouts, the state's JSON round trip, options, scenarios and the AI's traces."""

from __future__ import annotations

import pytest

from gaia_lab import Session
from gaia_lab.core.errors import IllegalActionError, InvalidStateError
from gaia_lab.games.black_rose_wars.examples import EXAMPLES, ROOMS
from gaia_lab.games.black_rose_wars.game import BlackRoseWars
from gaia_lab.games.black_rose_wars.state import BRWState
from gaia_lab.testing import check_game, random_playout, random_states

G = BlackRoseWars()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_check_game(players: int) -> None:
    report = check_game(G, seeds=range(2), players=[players])
    assert report.games == 2 and report.decisions > 0


@pytest.mark.slow
def test_check_game_many_seeds() -> None:
    report = check_game(G, seeds=range(20), report=True)
    assert report.games == 20 * 5


def test_random_games_end() -> None:
    for players in range(1, 6):
        for seed in range(2):
            final = random_playout(G, players, seed, {})
            assert final.tasks == () and final.victory in ("blossoming", "power")
            assert G.invariants(final) == []
            assert len(G.score_breakdown(final).players) == players


@pytest.mark.slow
def test_random_games_end_many() -> None:
    for players in range(1, 6):
        for seed in range(40):
            final = random_playout(G, players, seed, {})
            assert final.victory in ("blossoming", "power") and G.invariants(final) == []


def test_state_json_round_trip() -> None:
    for players in (1, 3, 5):
        for state in list(random_states(G, players, 7))[::5]:
            text = state.to_json()
            back = G.state_from_json(text)
            assert back == state and back.to_json() == text


def test_state_json_refuses_broken_states() -> None:
    state = G.scenario({"players": 2, "rooms": list(ROOMS)})
    text = state.to_json().replace('"root_pool":5', '"root_pool":4')
    with pytest.raises(InvalidStateError, match="Root Tokens in the Lodge"):
        G.state_from_json(text)
    with pytest.raises(InvalidStateError, match="players"):
        BRWState.from_json('{"players": 9, "mages": []}')


def test_options() -> None:
    s = Session(G, players=2, seed=1, options={"mages": ["sefu", "angela"],
                                                "rooms": list(ROOMS)})
    assert [m.name for m in s.state.mages] == ["Sefu", "Angela"]
    assert [r.id for r in s.state.rooms][2:] == list(ROOMS)
    with pytest.raises(InvalidStateError, match="rooms"):
        G.new_initial_state(1, options={"rooms": ["crypt"]})
    with pytest.raises(InvalidStateError, match="mages"):
        G.new_initial_state(2, options={"mages": ["rikkart", "rikkart"]})
    with pytest.raises(InvalidStateError):
        G.new_initial_state(6)


def test_pending_and_refusal_cite_rules() -> None:
    s = Session(G, scenario={"players": 1, "rooms": list(ROOMS), "seats": [{"where": "crypt"}]})
    assert s.pending is not None and s.pending.rule.id == "brw.core.action"
    with pytest.raises(IllegalActionError) as refused:
        s.play("move cell1")
    assert refused.value.verdict.code == "move.too_far"
    assert "3 steps away" in refused.value.verdict.message
    assert refused.value.verdict.rule is not None


def test_explain_choice_while_pending_and_after() -> None:
    s = Session(G, scenario={"players": 1, "rooms": list(ROOMS), "at": "turn", "turn": 2,
                             "commands": ["c02"], "seats": [{"where": "crypt"}],
                             "lodge": {"crypt": {"root": None}}}, auto=False)
    s.play("pass")
    s.step()  # Gaea draws her card: her target is pending
    assert s.pending is not None and s.pending.kind == "gaea_target"
    choice = G.explain_choice(s.state)
    assert choice is not None and choice.chosen == "crypt" and s.state.choice is None
    s.step()
    assert s.state.choice == choice
    assert "Gaea chooses a target by Priority 1" in s.log()[-1]


def test_action_targets() -> None:
    s = G.scenario({"players": 1, "rooms": list(ROOMS), "seats": [{"where": "crypt"}]})
    targets = {str(a): G.action_targets(s, a) for a in G.legal_actions(s)}
    assert targets["move forge"] == ("room:forge",)
    assert targets["attack root:crypt"] == ("root:crypt",)
    assert targets["activate"] == ("room:crypt",)


def test_examples_run() -> None:
    ids = [ex.id for ex in EXAMPLES]
    assert len(set(ids)) == len(ids)
    for ex in EXAMPLES:
        ex.run()


def test_scenario_problems_are_listed() -> None:
    with pytest.raises(InvalidStateError) as err:
        G.scenario({"players": 2, "crown": 3, "commands": ["c99"],
                    "lodge": {"crypt": {"slots": ["mage7"]}}, "arbor_vitae": ["moon"]})
    problems = err.value.problems
    assert any("crown" in p for p in problems) and any("c99" in p for p in problems)
