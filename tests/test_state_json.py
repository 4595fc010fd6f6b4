"""State JSON of every game: exact round trips, and hostile text refused with every problem.

States come from seeded random playouts (the harness's policy); hostile texts are random
JSON values and random mutations of valid states' JSON (anywhere, or in the task queue).
Whatever the text, loading gives a state that passes the game's invariants or an
InvalidStateError: never another exception; and the rules run on a state that loads
(legal actions, a verdict, an effect, the score, the description) without any exception
but a GaiaLabError.  A small sample by default, a large one under ``--run-slow``.
"""

from __future__ import annotations

import contextlib
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gaia_lab
from gaia_lab.core.errors import GaiaLabError, InvalidStateError
from gaia_lab.core.game import Game
from gaia_lab.testing import random_playout, random_states

NAMES = ["animals_gathering", "black_rose_wars", "gaia_project", "shapers_of_gaia"]
"""The package's games (the test games registered by other test modules are left out)."""


def playout_states(game: Game[Any, Any], players: int, seed: int, every: int) -> list[Any]:
    """The first state, every ``every``-th state and the last of a seeded random playout
    (the harness's policy)."""
    states = list(random_states(game, players, seed))
    return [states[0], *states[1::every], states[-1]]


@cache
def sample_states(name: str, seeds: int = 1) -> tuple[Any, ...]:
    game = gaia_lab.GAMES[name]
    states: list[Any] = []
    for players in range(game.meta.min_players, game.meta.max_players + 1):
        for seed in range(seeds):
            states += playout_states(game, players, seed, every=7)
    return tuple(states)


def load(game: Game[Any, Any], text: Any) -> Any:
    """Load ``text``; only InvalidStateError may be raised, and a loaded state is sound."""
    try:
        state = game.state_from_json(text)
    except InvalidStateError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        assert exc.source == "state"
        return None
    assert game.invariants(state) == []
    return state


def exercise(game: Game[Any, Any], state: Any) -> None:
    """Run the rules on a loaded state: its legal actions, the verdict on the first and
    its effect, the score and the description.  Each may answer with a GaiaLabError;
    any other exception is an engine bug (or an unsound state that loaded)."""
    try:
        actions = game.legal_actions(state)
    except GaiaLabError:
        actions = []
    if actions:
        with contextlib.suppress(GaiaLabError):
            game.explain(state, actions[0])
        with contextlib.suppress(GaiaLabError):
            game.apply(state, actions[0])
    with contextlib.suppress(GaiaLabError):
        game.score_breakdown(state)
    with contextlib.suppress(GaiaLabError):
        game.describe(state)


# -- round trips --------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_round_trip_is_exact(name: str) -> None:
    game = gaia_lab.GAMES[name]
    for state in sample_states(name):
        text = game.state_to_json(state)
        back = game.state_from_json(text)
        assert back == state
        assert game.state_to_json(back) == text
        assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_round_trip_many_playouts(name: str) -> None:
    game = gaia_lab.GAMES[name]
    for players in range(game.meta.min_players, game.meta.max_players + 1):
        for seed in range(10, 20):
            for state in playout_states(game, players, seed, every=3):
                assert game.state_from_json(game.state_to_json(state)) == state
            final = random_playout(game, players, seed)
            assert game.state_from_json(game.state_to_json(final)) == final


# -- hostile text ---------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)

replacements = st.sampled_from(
    [None, True, False, 0, -1, 1, 2, 7, -100_000, 10**100, 1.5, "", "x", "turn", [], {},
     [0], ["a", 1], {"kind": "zzz"}])


def mutate(data: Any, rng: random.Random, value: Any) -> Any:
    """``data`` with one randomly chosen node replaced by ``value``, deleted, or given an
    unknown key."""
    if isinstance(data, dict) and data:
        key = rng.choice(sorted(data))
        roll = rng.random()
        if roll < 0.1:
            return {k: v for k, v in data.items() if k != key}
        if roll < 0.15:
            return {**data, "zz_unknown": value}
        if roll < 0.4:
            return {**data, key: value}
        return {**data, key: mutate(data[key], rng, value)}
    if isinstance(data, list) and data:
        i = rng.randrange(len(data))
        if rng.random() < 0.35:
            return [*data[:i], value, *data[i + 1:]]
        return [*data[:i], mutate(data[i], rng, value), *data[i + 1:]]
    return value


def _hostile_values(name: str, data: Any) -> None:
    load(gaia_lab.GAMES[name], json.dumps(data))


def _hostile_mutations(name: str, pick: int, seed: int, value: Any, times: int,
                       tasks: bool = False) -> None:
    """Mutate a sampled state (only its task queue when ``tasks``); a mutated state is
    refused, or it loads sound and the rules run on it."""
    game = gaia_lab.GAMES[name]
    states = sample_states(name)
    data = json.loads(game.state_to_json(states[pick % len(states)]))
    queue = "pending" if "pending" in data else "tasks"
    rng = random.Random(seed)
    for _ in range(times):
        if tasks and data.get(queue):
            data = {**data, queue: mutate(data[queue], rng, value)}
        else:
            data = mutate(data, rng, value)
    state = load(game, json.dumps(data))
    if state is not None:
        exercise(game, state)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow])
@given(data=json_values)
def test_random_json_values(name: str, data: Any) -> None:
    _hostile_values(name, data)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**6), seed=st.integers(0, 10**6), value=replacements,
       times=st.integers(1, 3))
def test_mutated_states(name: str, pick: int, seed: int, value: Any, times: int) -> None:
    _hostile_mutations(name, pick, seed, value, times)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**6), seed=st.integers(0, 10**6), value=replacements,
       times=st.integers(1, 3))
def test_mutated_task_queues(name: str, pick: int, seed: int, value: Any, times: int) -> None:
    _hostile_mutations(name, pick, seed, value, times, tasks=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=1000, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**6), seed=st.integers(0, 10**6), value=replacements,
       times=st.integers(1, 4))
def test_mutated_states_many(name: str, pick: int, seed: int, value: Any, times: int) -> None:
    _hostile_mutations(name, pick, seed, value, times)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=1000, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**6), seed=st.integers(0, 10**6), value=replacements,
       times=st.integers(1, 4))
def test_mutated_task_queues_many(name: str, pick: int, seed: int, value: Any,
                                  times: int) -> None:
    _hostile_mutations(name, pick, seed, value, times, tasks=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=1000, suppress_health_check=[HealthCheck.too_slow])
@given(data=json_values)
def test_random_json_values_many(name: str, data: Any) -> None:
    _hostile_values(name, data)


# -- the cases found by hand ------------------------------------------------------------------

def problems_of(name: str, data: Any) -> tuple[str, ...]:
    game = gaia_lab.GAMES[name]
    with pytest.raises(InvalidStateError) as info:
        game.state_from_json(json.dumps(data))
    assert info.value.source == "state"
    return info.value.problems


def state_data(name: str, index: int = -1) -> Any:
    game = gaia_lab.GAMES[name]
    return json.loads(game.state_to_json(sample_states(name)[index]))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", ["1", "[]", "null", '"state"', "{}", b"\xff", None, 12])
def test_not_a_state(name: str, text: Any) -> None:
    with pytest.raises(InvalidStateError):
        gaia_lab.GAMES[name].state_from_json(text)


@pytest.mark.parametrize("name", NAMES)
def test_deep_nesting_and_long_numbers(name: str) -> None:
    game = gaia_lab.GAMES[name]
    with pytest.raises(InvalidStateError, match="nested deeper"):
        game.state_from_json("[" * 10_000 + "]" * 10_000)
    with pytest.raises(InvalidStateError, match="digits"):
        game.state_from_json('{"players": ' + "7" * 5000 + "}")
    data = state_data(name)
    data["turn" if "turn" in data else "round"] = 10**100
    assert problems_of(name, data)


@pytest.mark.parametrize("name", NAMES)
def test_negative_turn_and_unknown_field(name: str) -> None:
    data = state_data(name)
    key = "turn" if "turn" in data else "round"
    data[key] = -1
    data["colour"] = "red"
    problems = problems_of(name, data)
    assert f"{key}: must be" in " ".join(problems)
    assert "unknown field 'colour'" in problems


def test_every_problem_is_listed_with_its_path() -> None:
    data = state_data("gaia_project")
    data["seats"][1]["credits"] = "x"
    data["seats"][0]["ore"] = -3
    data["phase"] = "lunch"
    del data["round"]
    problems = problems_of("gaia_project", data)
    assert 'seats[1].credits: expected a whole number, got "x"' in problems
    assert "seats[0].ore: must be from 0 to 10000, got -3" in problems
    assert any(p.startswith("phase: must be one of") for p in problems)
    assert "round: missing" in problems


def test_gaia_project_negative_resources_and_formers() -> None:
    data = state_data("gaia_project")
    data["seats"][0]["bowls"][2] = -1
    data["seats"][1]["formers_in_gaia"] = -100_000
    problems = problems_of("gaia_project", data)
    assert "seats[0].bowls[2]: must be from 0 to 10000, got -1" in problems
    assert "seats[1].formers_in_gaia: must be from 0 to 3, got -100000" in problems


def test_gaia_project_formers_beyond_the_track() -> None:
    data = state_data("gaia_project")
    seat = data["seats"][0]
    seat["research"][3] = 0  # the Gaia Project track
    seat["gaiaformers"] = []
    seat["formers_in_gaia"] = 2
    assert any("in the Gaia area" in p for p in problems_of("gaia_project", data))


def test_gaia_project_unknown_and_malformed_tasks() -> None:
    data = state_data("gaia_project")
    data["pending"] = [["charge", 0, 3]]
    assert problems_of("gaia_project", data) == (
        'pending[0]: expected an object, got ["charge", 0, 3]',)
    data["pending"] = [{"kind": "zzz", "actor": 0, "data": []},
                       {"kind": "charge", "actor": 0, "data": [-4]},
                       {"kind": "income", "actor": 9, "data": ["pw", 2]},
                       {"kind": "income", "actor": 1, "data": ["pw", "t"]},
                       {"kind": "turn", "actor": 1, "data": []}]
    problems = problems_of("gaia_project", data)
    assert problems[0].startswith("pending[0]: unknown task kind 'zzz' (known: draw_map, ")
    assert "pending[1].data[0]: task 'charge': must be from 1 to 30, got -4" in problems
    assert "pending[2]: task 'income' is decided by a seat 0-3, not 9" in problems
    assert "pending[3].data: task 'income': expected pairs of 'pw' or 't' and an amount" \
        in problems
    assert "pending[4]: 'turn' is the decision of a phase, never pending" in problems


def test_gaia_project_tech_spaces_in_order() -> None:
    from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, TECH_SPACES, Setup

    assert tuple(p for p, _ in DEEP_MIND_2_SETUP.techs) == TECH_SPACES
    raw = json.load(open("tests/fixtures/gaia_project/deep-mind-2.json"))["seeded_setup"]
    shuffled = {**raw, "techTiles": dict(sorted(raw["techTiles"].items()))}
    assert Setup.from_seeded(shuffled) == Setup.from_seeded(raw) == DEEP_MIND_2_SETUP
    data = state_data("gaia_project")
    data["setup"]["techs"] = sorted(data["setup"]["techs"])
    assert any(p.startswith("setup.techs:") for p in problems_of("gaia_project", data))


def test_shapers_of_gaia_negative_resources() -> None:
    data = state_data("shapers_of_gaia")
    data["seats"][0]["resources"][1] = -2
    data["seats"][1]["prestige"] = -1
    problems = problems_of("shapers_of_gaia", data)
    assert "seats[0].resources[1]: must be at least 0, got -2" in problems
    assert "seats[1].prestige: must be at least 0, got -1" in problems


def test_shapers_of_gaia_resource_over_its_track() -> None:
    data = state_data("shapers_of_gaia")
    data["seats"][0]["resources"][0] = 99
    assert any("shard at 99" in p for p in problems_of("shapers_of_gaia", data))


@pytest.mark.parametrize("name", ["animals_gathering", "shapers_of_gaia"])
def test_unknown_task_kind(name: str) -> None:
    data = state_data(name, 3)
    data["tasks"][0]["kind"] = "lunch"
    found = [p for p in problems_of(name, data)
             if p.startswith("tasks[0]: unknown task kind 'lunch' (known: ")]
    assert found and "turn" in found[0]  # the declared kinds are named


BAD_TASK_DATA = [
    ("animals_gathering", "window", [],
     "tasks[0].data: task 'window': expected a list of 1 items, got []"),
    ("animals_gathering", "window", ["final", "final"],
     'tasks[0].data: task \'window\': expected a list of 1 items, got ["final", "final"]'),
    ("animals_gathering", "window", [3], "tasks[0].data[0]: task 'window': expected a text, "
                                         "got 3"),
    ("animals_gathering", "window", ["lunch"],
     'tasks[0].data[0]: task \'window\': must be one of "turn_start", "after_roll", '
     '"before_revive", "before_offer", "final", got "lunch"'),
    ("animals_gathering", "rearrange", ["x"],
     'tasks[0].data[0]: task \'rearrange\': must be one of "0", "1", "2", ... "999" '
     '(1000 values), got "x"'),
    ("animals_gathering", "turn", ["x"],
     'tasks[0].data: task \'turn\': expected a list of 0 items, got ["x"]'),
    ("shapers_of_gaia", "more", [], "tasks[0].data: task 'more': expected a list of 1 items, "
                                    "got []"),
    ("shapers_of_gaia", "more", ["1", "2"],
     'tasks[0].data: task \'more\': expected a list of 1 items, got ["1", "2"]'),
    ("shapers_of_gaia", "more", [1], "tasks[0].data[0]: task 'more': expected a text, got 1"),
    ("shapers_of_gaia", "other", ["i_forest_1"],
     'tasks[0].data: task \'other\': expected a list of 2 items, got ["i_forest_1"]'),
    ("shapers_of_gaia", "activate", [],
     "tasks[0].data: task 'activate': expected a list of at least 1 items, got []"),
    ("shapers_of_gaia", "activate", ["shard", 7],
     "tasks[0].data[1]: task 'activate': expected a text, got 7"),
    ("gaia_project", "charge", [], "pending[0].data: task 'charge': expected a list of 1 "
                                   "items, got []"),
    ("gaia_project", "charge", [2, 3],
     "pending[0].data: task 'charge': expected a list of 1 items, got [2, 3]"),
    ("gaia_project", "charge", ["2"],
     'pending[0].data[0]: task \'charge\': expected a whole number, got "2"'),
    ("gaia_project", "tokens_for_tech", [1],
     "pending[0].data: task 'tokens_for_tech': expected a list of 0 items, got [1]"),
]


@pytest.mark.parametrize(("name", "kind", "data", "problem"), BAD_TASK_DATA)
def test_task_data_is_refused_with_its_path(name: str, kind: str, data: list[Any],
                                            problem: str) -> None:
    state = state_data(name, 3)
    queue = "pending" if name == "gaia_project" else "tasks"
    state[queue] = [{"kind": kind, "actor": 0, "data": data}, *state[queue]]
    assert problem in problems_of(name, state)


@pytest.mark.parametrize(("name", "kind", "data", "problem"), [
    ("animals_gathering", "activate", ["zebra"],
     "tasks[0].data: task 'activate': 'zebra' is not a companion of "),
    ("shapers_of_gaia", "resolve", ["zz"], "tasks[0].data[0]: task 'resolve': unknown tile "
                                           "'zz'"),
    ("shapers_of_gaia", "activate", ["seed", "zz"],
     "tasks[0].data[1]: task 'activate': 'zz' is not a card of the seed row or borrowed"),
    ("shapers_of_gaia", "end", ["intro", "remove=zz"],
     "tasks[0].data[1]: task 'end': expected remove=<card>, got 'remove=zz'"),
])
def test_task_data_naming_what_is_not_on_the_table_is_refused(
        name: str, kind: str, data: list[Any], problem: str) -> None:
    state = state_data(name, 3)
    actor = "rules" if kind == "end" else 0
    state["tasks"] = [{"kind": kind, "actor": actor, "data": data}, *state["tasks"]]
    assert any(p.startswith(problem) for p in problems_of(name, state)), problems_of(name, state)


def test_animals_gathering_a_die_without_a_face_waits_for_its_throw() -> None:
    game = gaia_lab.GAMES["animals_gathering"]
    state = next(s for s in sample_states("animals_gathering")
                 if s.roll is not None and s.roll.dice and all(d.face for d in s.roll.dice)
                 and all(t.kind != "dice" for t in s.tasks))
    data = json.loads(game.state_to_json(state))
    data["roll"]["dice"][0]["face"] = ""
    assert "roll.dice[0]: shows no face, and no throw of it is pending" in problems_of(
        "animals_gathering", data)


def test_animals_gathering_mage_and_seats() -> None:
    data = state_data("animals_gathering")
    data["seats"][0]["mage"] = 77
    assert "seats[0].mage: must be from 0 to 5, got 77" in problems_of("animals_gathering", data)
    data = state_data("animals_gathering", 3)
    data["players"] = 4
    assert problems_of("animals_gathering", data) == ("4 players but 2 seats",)
    data = state_data("animals_gathering", 3)
    data["tasks"][0] = {"kind": "revival_check", "actor": 0, "data": []}
    assert any("resolved before anyone acts" in p for p in problems_of("animals_gathering", data))


# -- scenarios under hostile input -----------------------------------------------------------

GOOD_SCENARIOS: dict[str, dict[str, Any]] = {
    "animals_gathering": {"players": [{"name": "Ann", "mage": 1, "summoning": {"fox": ""}},
                                      {"name": "Bo", "mage": 2, "companions": ["owl"]}],
                          "supply": ["parrot", "kangaroo"], "active": 1},
    "shapers_of_gaia": {"shapers": ["telrin_aviary", "maldera_rivers"], "first": 1,
                        "seats": [{"resources": {"seed": 7}, "prestige": 2,
                                   "rows": [["s01"], [], []]}],
                        "tiles": {"B2": "i_forest_1"}},
    "gaia_project": {"round": 2, "players": [
        {"faction": "terrans", "structures": {"1B5": "m"}, "ore": 5, "techs": ["terra"]},
        {"faction": "xenos", "structures": {"5A4": "ts"}, "research": {"nav": 2}}],
        "boosters": ["booster1", "booster2", "booster3"]},
    "black_rose_wars": {"players": 2, "rooms": ["crypt", "forge", "garden", "arena", "armory"],
                        "seats": [{"where": "crypt", "power": 3}],
                        "lodge": {"crypt": {"slots": ["mage1"], "root": ["gaea"]}},
                        "at": "avatar", "commands": ["c01"]},
}


def try_scenario(name: str, spec: Any) -> None:
    """A scenario is built (and sound) or refused with an InvalidStateError."""
    game = gaia_lab.GAMES[name]
    try:
        state = game.scenario(spec)
    except InvalidStateError as exc:
        assert exc.problems and exc.source == "scenario"
        return
    assert game.state_from_json(game.state_to_json(state)) == state


@pytest.mark.parametrize("name", NAMES)
def test_good_scenarios_load(name: str) -> None:
    game = gaia_lab.GAMES[name]
    state = game.scenario(GOOD_SCENARIOS[name])
    assert game.state_from_json(game.state_to_json(state)) == state


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("spec", [None, [], 1, "x", {"players": None}, {"players": "ab"},
                                  {"players": [1, 2]}, {"players": 10**100},
                                  {"seed": -5}, {"zz": 1}, {"players": [[[[[]]]]]}])
def test_scenario_shapes_are_refused(name: str, spec: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        gaia_lab.GAMES[name].scenario(spec)
    assert info.value.source == "scenario" and info.value.problems


def test_scenario_problems_name_their_paths() -> None:
    spec = {"players": [{"name": "Ann", "mage": 77, "summoning": {"fox": 3}},
                        {"name": "Bo", "mage": 2, "companions": "owl"}],
            "active": -1, "turn": 10**100, "colour": "red"}
    with pytest.raises(InvalidStateError) as info:
        gaia_lab.GAMES["animals_gathering"].scenario(spec)
    problems = info.value.problems
    assert "unknown field 'colour'" in problems
    assert "players[0].mage: must be from 1 to 5, got 77" in problems
    assert "players[0].summoning.fox: expected a text, got 3" in problems
    assert 'players[1].companions: expected a list, got "owl"' in problems
    assert "active: must be from 0 to 4, got -1" in problems
    assert any(p.startswith("turn: must be from 1 to 1000000, got 1000") for p in problems)
    spec = {"players": [{"faction": "terrans", "bowls": [1, -2, 3], "brainstone": 1},
                        {"faction": "xenos", "qic": 10**100, "techs": [5]}],
            "order": [0, 9], "current": None}
    with pytest.raises(InvalidStateError) as info:
        gaia_lab.GAMES["gaia_project"].scenario(spec)
    problems = info.value.problems
    assert "players[0].bowls[1]: must be from 0 to 99, got -2" in problems
    assert "players[1].techs[0]: expected a list or a text, got 5" in problems
    assert any(p.startswith("players[1].qic: must be from 0 to 99") for p in problems)
    assert "players[0] (terrans): brainstone: only the Taklons have it" in problems
    assert any(p.startswith("order: 9 is not a seat") for p in problems)


def mutations_of(name: str, seed: int, value: Any, times: int) -> Any:
    data = json.loads(json.dumps(GOOD_SCENARIOS[name]))
    rng = random.Random(seed)
    for _ in range(times):
        data = mutate(data, rng, value)
    return data


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), value=replacements, times=st.integers(1, 3))
def test_mutated_scenarios(name: str, seed: int, value: Any, times: int) -> None:
    try_scenario(name, mutations_of(name, seed, value, times))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(data=json_values)
def test_random_scenarios(name: str, data: Any) -> None:
    try_scenario(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=1000, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), value=replacements, times=st.integers(1, 4))
def test_mutated_scenarios_many(name: str, seed: int, value: Any, times: int) -> None:
    try_scenario(name, mutations_of(name, seed, value, times))


def _setup_scenario(seed: int, value: Any, times: int) -> None:
    with open("tests/fixtures/gaia_project/deep-mind-2.json") as f:
        raw = json.load(f)["seeded_setup"]
    data: Any = {"players": [{"faction": "terrans"}, {"faction": "xenos"}], "setup": raw}
    rng = random.Random(seed)
    for _ in range(times):
        data = mutate(data, rng, value)
    try_scenario("gaia_project", data)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), value=replacements, times=st.integers(1, 3))
def test_mutated_recorded_setups(seed: int, value: Any, times: int) -> None:
    _setup_scenario(seed, value, times)


@pytest.mark.slow
@settings(max_examples=1000, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), value=replacements, times=st.integers(1, 4))
def test_mutated_recorded_setups_many(seed: int, value: Any, times: int) -> None:
    _setup_scenario(seed, value, times)


@pytest.mark.parametrize("name", NAMES)
def test_deeply_nested_scenarios(name: str) -> None:
    deep: Any = []
    for _ in range(10_000):
        deep = [deep]
    for spec in ({"players": deep}, {"seats": deep}, {"setup": {"sectors": deep}}):
        with pytest.raises(InvalidStateError, match="nested deeper than 64"):
            gaia_lab.GAMES[name].scenario(spec)
