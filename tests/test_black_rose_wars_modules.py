"""The Paths module and the Legendary Scenario in the game's flow."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_lab import Session
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.flow import Task
from gaia_lab.core.values import evolve
from gaia_lab.games.black_rose_wars import GAME, modules_flow
from gaia_lab.games.black_rose_wars.modules_flow import spells_of, talia_personal
from gaia_lab.games.black_rose_wars.paths import PathRow, Spot
from gaia_lab.testing import check_game

ROOMS = ["crypt", "forge", "garden", "arena", "armory"]


def row(*cards: str, at: tuple[int, str] = (0, "start")) -> dict[str, Any]:
    return {"start": cards[0], "cards": list(cards),
            "marker": {"card": at[0], "passage": at[1]}}


@pytest.mark.parametrize("options", [{"paths": True}, {"legendary": True}, {"geomancy": True}])
def test_the_modules_pass_the_conformance_harness(options: dict[str, bool]) -> None:

    report = check_game(GAME, seeds=range(1), options=[options], players=[1, 3, 5])
    assert report.games == 3 and report.decisions > 0


def test_setup_deals_a_start_card_and_a_first_card_from_the_crown_on() -> None:
    s = Session("black_rose_wars", players=3, seed=2, options={"paths": True})
    while s.pending is not None and s.pending.kind in ("path_keep",):
        s.play(str(s.legal_actions()[0]))
    paths = s.state.modules.paths
    assert paths is not None and len(paths.rows) == 3
    assert all(len(r.cards) in (1, 2) for r in paths.rows)
    assert len(paths.deck) + sum(len(r.cards) - 1 for r in paths.rows) == 24
    assert not paths.offer


def test_a_draw_without_a_match_offers_keep_none_only() -> None:
    s = Session("black_rose_wars", scenario={"players": 1, "rooms": ROOMS,
                                             "paths": [row("start_2")]})
    state = s.state
    paths = state.modules.paths
    assert paths is not None
    # start_2 leads out on the top and bottom lanes; these three enter on the middle one
    fake = evolve(state, modules=evolve(state.modules, paths=evolve(
        paths, offer=("path_01", "path_02", "path_05"),
        deck=tuple(c for c in paths.deck if c not in ("path_01", "path_02", "path_05")))),
        tasks=(Task("path_keep", 0, ("quest",)), *state.tasks))
    assert [str(a) for a in s.game.legal_actions(fake)] == ["keep none"]
    assert s.game.explain(fake, s.parse("keep path_01")).code == "paths.no_match"


def test_refusals_at_the_path_steps_cite_their_rules() -> None:
    s = Session("black_rose_wars", scenario={
        "players": 1, "rooms": ROOMS, "seats": [{"where": "throne_room"}],
        "lodge": {"throne_room": {"rebuilt": True, "root": None}},
        "paths": [row("start_1", "path_01")]})
    s.play("activate")
    verdict = s.explain("advance 1:m2")
    assert verdict.code == "paths.not_next" and verdict.rule is not None
    assert verdict.rule.id == "brw.paths.advance"
    assert s.explain("move forge").code == "phase.path_advance"
    s.play("advance stay")
    assert s.pending is not None and s.pending.kind == "turn"


def test_the_end_of_the_game_counts_the_boxes_and_never_goes_below_zero() -> None:
    s = Session("black_rose_wars", scenario={
        "players": 2, "rooms": ROOMS, "seats": [{"power": 4}, {"power": 9}],
        "paths": [row("start_1", "path_01", "path_02", "path_03", at=(2, "b2")),
                  {**row("start_2", "path_04", at=(1, "m2")), "complete": True}]})
    events: list[Any] = []

    end = modules_flow.end_of_game(GAME.rules, s.state, events)
    assert [m.power for m in end.mages] == [0, 9 + 1]
    assert [e.rule.id for e in events] == ["brw.paths.incomplete_penalty",
                                          "brw.paths.complete_score"]


def test_a_scenario_with_a_broken_path_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="no Passage 1:zz"):
        Session("black_rose_wars", scenario={"players": 1, "rooms": ROOMS,
                                             "paths": [row("start_1", "path_01", at=(1, "zz"))]})
    with pytest.raises(InvalidStateError, match="do not match"):
        Session("black_rose_wars", scenario={"players": 1, "rooms": ROOMS,
                                             "paths": [row("start_1", "path_03")]})


def test_the_legendary_lodge_swaps_its_rooms() -> None:
    s = Session("black_rose_wars", players=2, seed=5, options={"legendary": True})
    ids = {r.id for r in s.state.rooms} | set(s.state.room_pool)
    assert "emerald_rose_room" in ids and not ids & {"black_rose_room", "forge", "garden",
                                                     "treasure_room"}
    assert {"thorny_clearing", "life_fountain", "indoor_forest"} <= ids
    assert s.state.modules.legendary and s.state.modules.paths is not None
    board = s.state.power_board
    assert (board.second_moon, board.third_moon, board.black_rose_cube) == (5, 21, 28)
    # each Moon's card lies on its Event deck, the first Event its Black Rose phase reveals
    assert [d[0] for d in s.state.event_decks] == [
        "stop_the_threat_1", "stop_the_threat_2", "stop_the_threat_3"]


def test_a_path_row_is_one_of_the_state_types() -> None:
    assert PathRow("start_1", ("start_1",), Spot(0, "start")).last == "start_1"


def test_talia_holds_her_first_personal_spell_and_geomancy_deals_three_to_each() -> None:
    s = Session("black_rose_wars", players=3, seed=1,
                options={"geomancy": True, "mages": ["angela", "talia", "rikkart"]})
    held = s.state.modules.spells
    assert s.state.modules.personal == ((), ("talia_earthen_ward",), ())
    assert all(len(h) == 3 and all(x.startswith("geo_") for x in h) for h in held)
    assert spells_of(GAME.components, s.state, 1) == (*held[1], "talia_earthen_ward")
    assert s.state.mages[1].name == "Talia" and s.state.mages[1].model.health == 11
    with pytest.raises(Exception, match="talia"):
        Session("black_rose_wars", players=1, options={"mages": ["owl"]})


def test_a_state_whose_spells_are_not_the_boxs_is_refused() -> None:

    s = Session("black_rose_wars", players=1, seed=1, options={"geomancy": True})
    bad = evolve(s.state, modules=evolve(s.state.modules, spells=(("geo_01", "owl", "x"),)))
    assert any("modules.spells" in p for p in GAME.invariants(bad))


def test_talia_gains_her_next_personal_spell_at_each_moon_change() -> None:
    state = GAME.scenario({"players": 2, "mages": ["talia", "rikkart"],
                           "seats": [{"power": 5}]})
    assert state.modules.personal == (("talia_earthen_ward",), ())
    assert "talia_earthen_ward" in (*state.mages[0].hand, *state.mages[0].prepared)
    events: list = []
    moon2 = GAME.rules.gain_power(state, "mage1", 1, events, "brw.core.cast")
    assert moon2.power_board.moon == 2
    assert moon2.modules.personal[0] == ("talia_earthen_ward", "talia_verdant_spike")
    assert "talia_verdant_spike" in moon2.mages[0].hand
    assert [e.rule.id for e in events if e.kind == "spell.personal"] == [
        "brw.core.personal_spells"]
    assert GAME.invariants(moon2) == []
    moon3 = GAME.rules.gain_power(moon2, "mage2", 20, [], "brw.core.cast")
    assert moon3.modules.personal[0] == tuple(talia_personal())
    assert GAME.rules.gain_power(moon3, "mage1", 20, [], "brw.core.cast").modules == (
        moon3.modules)  # nothing more to gain
    # a position in Moon 3 has Talia holding all three; Rikkart has none in this box
    late = GAME.scenario({"players": 2, "mages": ["talia", "rikkart"],
                          "seats": [{"power": 19}]})
    assert late.modules.personal == (tuple(talia_personal()), ())
    assert set(talia_personal()) <= {*late.mages[0].hand, *late.mages[0].prepared}
    bad = evolve(late, modules=evolve(late.modules, personal=(("talia_living_ground",), ())))
    assert any("modules.personal" in p for p in GAME.invariants(bad))
