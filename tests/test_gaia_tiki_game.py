"""GAIA (Tiki Editions) as a whole: the conformance harness for 2-5 players, base and
advanced; random playouts; the worked examples; notation; state JSON; options; scenarios.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gaia_lab
from gaia_lab.core.errors import InvalidStateError, NotationError
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_tiki import GAME
from gaia_lab.games.gaia_tiki.examples import EXAMPLES
from gaia_lab.games.gaia_tiki.state import GTState
from gaia_lab.testing import check_game, random_playout, random_states

OPTIONS: list[dict[str, Any]] = [{}, {"advanced": True}, {"advanced": True, "powers": False}]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_game(players: int) -> None:
    report = check_game(GAME, seeds=[players], players=[players], options=OPTIONS)
    assert report.games == len(OPTIONS) and report.decisions > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_game_many_seeds(players: int) -> None:
    report = check_game(GAME, seeds=range(10), players=[players], options=OPTIONS)
    assert report.games == 10 * len(OPTIONS)


def _playout_is_sound(players: int, seed: int, options: dict[str, Any]) -> None:
    final = None
    for state in random_states(GAME, players, seed, options):
        assert GAME.invariants(state) == []
        final = state
    assert isinstance(final, GTState) and final.end in ("meeples", "deck")
    (winner,) = GAME.winners(final)
    if final.end == "meeples":
        assert winner == final.ender and final.seat(winner).meeples == 0
    placed = GAME.score_breakdown(final).totals
    assert placed[winner] == max(placed)


@settings(max_examples=6)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), options=st.sampled_from(OPTIONS))
def test_random_playouts(players: int, seed: int, options: dict[str, Any]) -> None:
    _playout_is_sound(players, seed, options)


@pytest.mark.slow
@settings(max_examples=150)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), options=st.sampled_from(OPTIONS))
def test_random_playouts_many(players: int, seed: int, options: dict[str, Any]) -> None:
    _playout_is_sound(players, seed, options)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_examples_checkpoints(example: Any) -> None:
    for result in example.results():
        assert result.ok, result.summary()
        assert result.checks, f"{example.id}: a step without checkpoints"
    assert example.game == "gaia_tiki"


def test_registered() -> None:
    assert gaia_lab.GAMES["gaia_tiki"] is GAME
    assert [e.id for e in gaia_lab.examples("gaia_tiki")] == [e.id for e in EXAMPLES]


# -- notation ---------------------------------------------------------------------------

def test_every_listed_action_reads_back() -> None:
    for options in OPTIONS:
        for state in list(random_states(GAME, 3, 7, options))[::5]:
            for action in GAME.legal_actions(state):
                text = GAME.format_action(state, action)
                assert GAME.parse_action(state, text) == action


@pytest.mark.parametrize("text, message", [
    ("", "empty action"),
    ("fly F6", "unknown verb 'fly'"),
    ("draw sand 1", "draw takes a deck"),
    ("tile plain", "tile takes a terrain and a square"),
    ("city borea L12", "'L12' is not a square"),
    ("power", "power takes a Power"),
    ("pass now", "pass takes no words"),
    ("next 1", "the rules step 'next' takes no words"),
    ("discard", "discard takes a card"),
    ("city Bo/rea F6", "is not a card name"),
])
def test_notation_errors(text: str, message: str) -> None:
    s = GAME.scenario({})
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(s, text)


# -- state JSON -------------------------------------------------------------------------

def test_state_json_round_trip() -> None:
    for options in OPTIONS:
        for state in list(random_states(GAME, 4, 3, options))[::9]:
            text = GAME.state_to_json(state)
            assert GAME.state_from_json(text) == state


def _data(**changes: Any) -> str:
    state = GAME.scenario({"tiles": {"F6": "plain", "F5": "forest", "G6": "plain"},
                           "cities": {"F6": ["borea", [0]]}})
    data = json.loads(GAME.state_to_json(state))
    for path, value in changes.items():
        where: Any = data
        *head, last = path.split("__")
        for key in head:
            where = where[int(key)] if isinstance(where, list) else where[key]
        where[int(last) if isinstance(where, list) else last] = value
    return json.dumps(data)


@pytest.mark.parametrize("changes, problem", [
    ({"bank": 19}, "Animal tokens: 19, not 20"),
    ({"bank": 25}, "bank: must be from 0 to 20, got 25"),
    ({"cities__0__met": 3}, "cities F6: met is 3, but 2 needs are met"),
    ({"cities__0__at": "Z1"}, "cities[0].at: must be one of"),
    ({"cities__0__card": "rome"}, "cities F6: 'rome' is not a City"),
    ({"seats__0__meeples": 6}, "P1: 1 meeples placed and 6 in the supply, not 6"),
    ({"tiles__0__terrain": "lava"}, "tiles[0].terrain: must be one of"),
    ({"tile_supply__0": 10}, "plain tiles: 2 on the table and 10 in the supply, not 10"),
    ({"seats__0__chips__0": 2}, "plain chips: 2 held, 0 spent on Objectives and 6 in the"),
    ({"active": 3}, "active: seat 3 is not a seat of this game"),
    ({"tasks": []}, "nothing is pending but the game has not ended"),
    ({"tasks__0__kind": "dance"}, "unknown task kind 'dance'"),
    ({"tasks__0__data": ["3"]}, "tasks[0].data[0]: task 'act': expected one of"),
    ({"unused": []}, "objectives and unused hold"),
    ({"powers": True}, "powers: the Power deck goes with the advanced rules"),
])
def test_malformed_states_are_refused(changes: dict[str, Any], problem: str) -> None:
    with pytest.raises(InvalidStateError) as err:
        GAME.state_from_json(_data(**changes))
    assert any(problem in p for p in err.value.problems), err.value.problems


def test_a_card_twice_is_refused() -> None:
    state = GAME.scenario({})
    data = json.loads(GAME.state_to_json(state))
    data["discard"].append(data["seats"][0]["hand"][0])
    with pytest.raises(InvalidStateError, match="twice or unexpected"):
        GAME.state_from_json(json.dumps(data))


# -- options, scenarios, sessions -----------------------------------------------------

def test_options_are_read_by_their_declarations() -> None:
    with pytest.raises(InvalidStateError, match="expected true or false"):
        Session("gaia_tiki", players=2, options={"advanced": "yes"})
    with pytest.raises(InvalidStateError, match="unknown option 'disasters'"):
        Session("gaia_tiki", players=2, options={"disasters": True})
    with pytest.raises(InvalidStateError, match="2-5 players, not 6"):
        GAME.new_initial_state(6)


def test_scenario_problems_are_all_named() -> None:
    with pytest.raises(InvalidStateError) as err:
        GAME.scenario({"players": 2, "active": 3, "tiles": {"F6": "plain"},
                       "cities": {"F6": ["rome", [0]]}, "objectives": ["nope"],
                       "deck_sizes": {"sand": 1}, "seats": [{"chips": {"lava": 1}}]})
    assert list(err.value.problems) == [
        "cities: F6: unknown City 'rome'",
        "active: seat 3 is not a seat of this game",
        "seats[0].chips: unknown terrain 'lava'",
        "deck_sizes: unknown deck 'sand' (nature, life, power)",
        "objectives: unknown Objective 'nope'",
    ]
    with pytest.raises(InvalidStateError, match="holds no meeple"):
        GAME.scenario({"tiles": {"F6": "plain", "F5": "forest"},
                       "cities": {"F6": ["borea", [0]]}})


def test_session_pending_cites_the_rule() -> None:
    s = Session(GAME, scenario={"tiles": {"F6": "plain", "F5": "forest", "G6": "mountain",
                                          "E6": "sea"},
                                "animals": {"F5": ["goat", 1], "G6": ["goat", 1]},
                                "cities": {"F6": ["alba", [0]]}})
    assert str(s.pending) == (
        "P1 feeds the City on F6: choose the tile [Start of a new turn: hunting and feeding]")
    assert GAME.action_targets(s.state, GAME.parse_action(s.state, "feed F6 from F5")) == (
        "cell:F6", "cell:F5")
    s.play("feed F6 from F5")
    assert str(s.pending) == "P1: action 1 of 2, draw or play a card [Turn]"
    assert "Meeples on Cities" in GAME.score_breakdown(s.state).table()


def test_random_playout_ends() -> None:
    final = random_playout(GAME, 2, 11, {"advanced": True})
    assert final.tasks == () and GAME.describe(final).startswith("GAIA, turn")
