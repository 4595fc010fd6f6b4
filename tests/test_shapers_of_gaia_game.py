"""Shapers of Gaia as a Game: the conformance harness, sessions, setup and chance."""

from __future__ import annotations

import pytest

from gaia_lab import Session
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.shapers_of_gaia.actions import Action
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.testing import check_game
from gaia_lab.testing.random_play import random_playout

G = ShapersOfGaia()


@pytest.mark.parametrize("players", [2, 3])
def test_check_game(players: int) -> None:
    report = check_game(G, seeds=range(4), players=[players])
    assert report.games == 4


@pytest.mark.slow
def test_check_game_many_seeds() -> None:
    report = check_game(G, seeds=range(30), players=[2, 3])
    assert report.games == 60


@pytest.mark.slow
def test_check_game_random_behaviors() -> None:
    report = check_game(G, seeds=range(100, 110), players=[2, 3],
                        options=[{"behaviors": "random"}])
    assert report.games == 20


def test_random_games_end_with_scores_and_winners() -> None:
    for seed in range(3):
        for players in (2, 3):
            final = random_playout(G, players, seed, {})
            assert final.over and G.actor(final) is None
            assert G.invariants(final) == []
            assert G.winners(final)
            assert len(G.score_breakdown(final).players) == players


def test_options() -> None:
    s = Session(G, players=3, seed=5, options={"shapers": ["rastar_nursery",
                                                           "synthara_lab", "xanarin_preserve"],
                                               "behaviors": ["1B", "2B", "3A"]})
    assert [p.shaper for p in s.state.seats] == ["rastar_nursery", "synthara_lab",
                                                 "xanarin_preserve"]
    assert s.state.seat(0).specials == ("sp_rastar_1", "sp_rastar_2", "sp_rastar_3")
    assert s.state.behaviors == ("1B", "2B", "3A")
    with pytest.raises(InvalidStateError):
        G.new_initial_state(2, options={"shapers": ["telrin_aviary"]})
    with pytest.raises(InvalidStateError):
        G.new_initial_state(4)


def test_setup_steps_in_order() -> None:
    s = Session(G, players=2, seed=3, auto=True)
    kinds = [str(p.action).split()[0] for p in s.history]
    assert kinds == ["shapers", "land", "stack", "deal", "dna", "decks", "display", "first"]


def test_chance_explain_accepts_any_shuffle() -> None:
    s = G.new_initial_state(2, options={"shapers": ["telrin_aviary", "synthara_lab"]})
    s = G.apply(s, G.chance_outcomes(s)[0][0]).state
    (drawn, p), = G.chance_outcomes(s)
    assert p == 1
    backwards = Action("stack", drawn.args[:10][::-1] + drawn.args[10:])
    assert G.explain(s, backwards).legal
    bad = Action("stack", drawn.args[10:] + drawn.args[:10])
    verdict = G.explain(s, bad)
    assert not verdict.legal and verdict.rule is not None
    assert verdict.rule.id == "sog.setup.stack"


def test_forced_first_player() -> None:
    s = Session(G, players=3, seed=0, auto=False)
    while s.state.task is not None and s.state.task.kind != "first":
        s.step()
    s.step("first 3")
    assert s.actor == 2


def test_record_replays() -> None:
    s = Session(G, players=2, seed=7)
    for _ in range(6):
        s.play(s.legal_actions()[0])
    again = Session.from_record(s.record(), game=G)
    assert again.state == s.state


def test_worked_examples() -> None:
    from gaia_lab.games.shapers_of_gaia.examples import COVERS, EXAMPLES
    from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE

    assert set(COVERS) == {e.id for e in EXAMPLES_IN_SOURCE}
    for example in EXAMPLES:
        assert G.invariants(example.start().state) == [], example.id
        session = example.run()
        assert G.invariants(session.state) == [], example.id


def test_every_stated_number_is_a_checkpoint() -> None:
    from gaia_lab.games.shapers_of_gaia.examples import COVERS, EXAMPLES, stated_checks
    from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE

    for source in EXAMPLES_IN_SOURCE:
        checks = stated_checks(COVERS[source.id], source.id)
        assert checks, f"{source.id} has no checkpoint"
        by_number = {c.number: c.expected for c in checks if c.number}
        assert by_number == dict(source.numbers), source.id
    # and they hold: each example runs through its checkpoints
    for example in EXAMPLES:
        for result in example.results():
            assert result.ok, result.summary()


def test_scenario_problems() -> None:
    with pytest.raises(InvalidStateError) as err:
        G.scenario({"tiles": {"B1": "i_water_1"}, "colour": 1})
    assert len(err.value.problems) == 2


def test_random_behavior_sides() -> None:
    s = G.new_initial_state(2, options={"behaviors": "random",
                                        "shapers": ["telrin_aviary", "synthara_lab"]})
    kinds = [t.kind for t in s.tasks]
    assert kinds.index("behaviors") == kinds.index("dna") + 1
    while s.task is not None and s.task.kind != "behaviors":
        s = G.apply(s, G.legal_actions(s)[0]).state
    outcomes = G.chance_outcomes(s)
    assert len(outcomes) == 8 and sum(p for _, p in outcomes) == 1
    t = G.apply(s, G.parse_action(s, "behaviors b a b")).state
    assert t.behaviors == ("1B", "2A", "3B")
    report = check_game(G, seeds=[1], players=[3], options=[{"behaviors": "random"}])
    assert report.games == 1
    with pytest.raises(InvalidStateError):
        G.new_initial_state(2, options={"behaviors": ["1A", "1B", "3A"]})


def test_action_targets() -> None:
    s = G.scenario({})
    targets = {str(a): G.action_targets(s, a) for a in G.legal_actions(s)}
    assert targets["intro S1 A3"] == ("animal:S1", "space:A3")
    assert targets["intro S1 vs1 seed"] == ("animal:S1", "vault:vs1")
    assert all(t for t in targets.values())
