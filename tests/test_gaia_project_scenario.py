"""Gaia Project scenarios, worked examples, pasted log lines and recorded games."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import gaia_lab.games
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.flow import Task
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project import GAME, from_bgs
from gaia_lab.games.gaia_project.examples import EXAMPLES

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "gaia_project" / "deep-mind-2.json"


def two(first: dict[str, Any], **spec: Any) -> Session:
    """A round-2 position: the Terrans (as described) to act, the Xenos far away."""
    players = [{"faction": "terrans", **first},
               {"faction": "xenos", "structures": {"5A10": "m"}}]
    return Session(GAME, scenario={"round": 2, "players": players, **spec})


# -- scenarios ------------------------------------------------------------------------


def test_scenario_sets_what_it_describes() -> None:
    s = two({"structures": {"10A2": "ts", "3A10": "m"}, "ore": 7, "bowls": [1, 2, 3],
             "research": {"nav": 3, "terraforming": 2}, "booster": "booster3",
             "techs": ["terra"], "fed_tokens": ["fed2-"]},
            board_used=["power1"], gaia_hexes=["1A11"])
    p = s.state.seats[0]
    assert (p.ore, p.bowls, p.level("navigation"), p.level("terraforming")) == \
        (7, (1, 2, 3, 0), 3, 2)
    assert p.buildings == (("10A2", "ts"), ("3A10", "m"))
    assert p.techs == (("terra", "tech1", False),) and p.fed_tokens == (("fed2", True),)
    assert s.state.board_used == ("power1",) and s.state.planet("1A11") == "gaia"
    assert s.actor == 0 and s.state.round == 2 and s.state.phase == "actions"
    assert "booster3" not in s.state.boosters
    assert GAME.invariants(s.state) == []


def test_scenario_reports_every_problem_at_once() -> None:
    spec = {"round": 9, "phase": "cleanup", "players": [
        {"faction": "terrans", "structures": {"10A2": "m", "5C": "m"}, "ore": 99,
         "research": {"navigation": 7}, "booster": "booster99"},
        {"faction": "xenos", "structures": {"10A2": "ts"}, "gaiaformers": ["10A1"]},
    ], "boosters": ["nope"]}
    with pytest.raises(InvalidStateError) as info:
        GAME.scenario(spec)
    text = "\n".join(info.value.problems)
    for part in ("5C is empty space", "players[0].ore: must be from 0 to 15, got 99",
                 "players[0].research.navigation: must be from 0 to 5, got 7",
                 "unknown booster 'booster99'", "10A2 is already built by terrans",
                 "10A1 is not a Transdim planet", "round: must be from 1 to 6, got 9",
                 'phase: must be one of "actions", "income", "gaia", "over", got "cleanup"',
                 "unknown booster 'nope'"):
        assert part in text, part
    assert len(info.value.problems) >= 9


def test_scenario_checks_federations_satellites_and_tokens_together() -> None:
    ok = two({"structures": {"10A2": "ts", "3A10": "m"}, "federations": [["10A2", "5C"]],
              "satellites": 1, "fed_tokens": ["fed2-"]})
    assert ok.state.seats[0].federations == (("10A2", "5C"),)
    spec = {"players": [
        {"faction": "terrans", "structures": {"10A2": "ts"}, "satellites": 0,
         "federations": [["10A2", "5C", "3A10"], ["5C"]],
         "fed_tokens": ["fed2", "fed2", "fed2", "fed2"]},
        {"faction": "xenos", "structures": {"5A10": "m"}}]}
    with pytest.raises(InvalidStateError) as info:
        GAME.scenario(spec)
    text = "\n".join(info.value.problems)
    for part in ("players[0] (terrans): federations[0]: 3A10 is a planet without a "
                 "structure of the player [gp.action.federation]",
                 "federations[1]: 5C is also in federations[0] [gp.federation.exclusive]",
                 "satellites: 0, but the federations hold 2 satellite hexes "
                 "[gp.federation.satellites]",
                 "fed_tokens: the players hold 4 fed2 tokens, the supply has"):
        assert part in text, part
    few = {"players": [{"faction": "terrans", "structures": {"10A2": "ts"},
                        "federations": [["10A2", "5C"]]},
                       {"faction": "xenos"}]}
    with pytest.raises(InvalidStateError, match="fed_tokens: 0 tokens for 1 federations"):
        GAME.scenario(few)


def test_scenario_on_any_recorded_map_from_its_init_line() -> None:
    from gaia_lab.games.gaia_project.recorded import read_log

    drawn = read_log("init 2 GaiaRocks").setup
    m = GAME.scenario({"init": "init 2 GaiaRocks", "players": [
        {"faction": "terrans"}, {"faction": "xenos"}]})
    assert m.setup == drawn and m.setup != GAME.scenario(
        {"players": [{"faction": "terrans"}, {"faction": "xenos"}]}).setup
    # the documented map queries: planets of a type, hexes within a distance
    space = m.space_map
    deserts = space.planets_of_type("desert")
    assert deserts and all(space.planet(h) == "desert" for h in deserts)
    near = space.within(deserts[0], 2)
    assert near and all(space.distance(deserts[0], h) <= 2 for h in near)
    flexible = GAME.scenario({"init": "init 2 s", "options": {"flexibleFederations": True},
                              "players": [{"faction": "terrans"}, {"faction": "xenos"}]})
    assert flexible.setup.flexible_federations
    with pytest.raises(InvalidStateError) as info:
        GAME.scenario({"init": "init 3 s", "options": {"layout": "ring"},
                       "players": [{"faction": "terrans"}, {"faction": "xenos"}]})
    assert any(p.startswith("init: ") and "layout 'ring'" in p for p in info.value.problems)
    with pytest.raises(InvalidStateError, match="init: 'init 3 s' seats 3 players, the "
                                                "scenario lists 2"):
        GAME.scenario({"init": "init 3 s",
                       "players": [{"faction": "terrans"}, {"faction": "xenos"}]})


def test_scenario_at_the_start_of_a_round_plays_income() -> None:
    s = two({"structures": {"10A2": "m", "3A10": "m"}, "ore": 1, "booster": "booster1"},
            phase="income")
    p = s.state.seats[0]
    assert s.state.phase == "actions" and s.actor == 0
    # 1 ore + 1 knowledge from the board, 1 ore for each of the 2 mines' spaces,
    # 1 ore + 1 knowledge from booster 1
    assert (p.ore, p.knowledge, p.credits) == (5, 5, 15)


def test_scenario_at_a_round_income_waits_for_the_power_order() -> None:
    # the institute's 4 power and 1 token: the player orders them (gp.income.order)
    s = two({"structures": {"10A2": "PI"}, "bowls": [1, 4, 2]}, phase="income")
    assert s.state.phase == "income_order" and s.actor == 0
    assert s.state.pending == (Task("income", 0, ("pw", 4, "t", 1)),)
    assert GAME.flow.kind_of(s.state.tasks[0]).rule == "gp.income.order"
    assert {str(a) for a in s.legal_actions()} == {"terrans income 1t", "terrans income 4pw"}
    s.play("terrans income 1t")
    assert s.state.seats[0].bowls[:3] == (0, 4, 4) and s.state.phase == "actions"
    # several items in one command (as the public engine writes it) are taken in order
    again = two({"structures": {"10A2": "PI"}, "bowls": [1, 4, 2]}, phase="income")
    again.play("terrans income 4pw,1t")
    assert again.state.seats[0].bowls[:3] == (1, 2, 5) and again.state.phase == "actions"
    verdict = two({"structures": {"10A2": "PI"}, "bowls": [1, 4, 2]},
                  phase="income").explain("terrans income 4pw,2t")
    assert (verdict.legal, verdict.code) == (False, "income.unknown")
    assert "No income item 2t is left; left: 1t." in verdict.message


def test_scenario_income_order_orders_the_power_income() -> None:
    def taklons(order: list[str]) -> Session:
        return Session(GAME, scenario={"round": 3, "phase": "income", "players": [
            {"faction": "taklons", "structures": {"10A2": "PI"}, "techs": ["eco"],
             "bowls": [2, 0, 0], "brainstone": 0, "income_order": order},
            {"faction": "xenos", "structures": {"5A10": "m"}}]})

    # the tech tile (tech5, 1 power) gained before the institute: its charge comes first
    assert taklons(["tech5", "PI"]).state.pending == (
        Task("income", 0, ("pw", 1, "pw", 4, "t", 1)),)
    assert taklons(["PI", "tech5"]).state.pending == (
        Task("income", 0, ("pw", 4, "t", 1, "pw", 1)),)
    with pytest.raises(InvalidStateError) as info:
        taklons(["tech6", "PI", "PI"])
    assert "players[0] (taklons): income_order: 'tech6' is no structure kind" in str(info.value)
    assert "income_order: 'PI' is named twice" in str(info.value)


def test_scenario_in_the_gaia_phase_stops_at_each_decision() -> None:
    itars = {"faction": "itars", "structures": {"3A7": "PI"}, "bowls": [2, 2, 0, 5],
             "research": {"nav": 4}, "fed_tokens": ["fed2"]}
    terrans = {"faction": "terrans", "structures": {"10A2": "PI", "5A10": "m"},
               "bowls": [2, 2, 0, 3], "gaiaformers": ["1A11"], "research": {"gaia": 1}}
    s = Session(GAME, scenario={"round": 3, "phase": "gaia", "players": [itars, terrans]})
    # the Gaiaformer made its Transdim planet a Gaia planet (gp.gaia_phase.transform)
    assert s.state.gaia_hexes == ("1A11",) and s.state.planet("1A11") == "gaia"
    assert s.state.pending == (Task("tokens_for_tech", 0), Task("gaia_tokens", 1, (3,)))
    assert s.actor == 0 and s.state.round == 3
    legal = {str(a) for a in s.legal_actions()}
    assert "itars decline" in legal and "itars spend 4tg for tech. tech terra. up terra" in legal
    assert s.explain("itars decline tech").legal  # as the public engine writes it
    s.play("itars decline")  # the 5 tokens return to bowl I
    assert s.state.seats[0].bowls == (7, 2, 0, 0) and s.actor == 1
    s.play("terrans spend 3tg for 1o")  # the Terrans' institute converts, then bowl II
    p = s.state.seats[1]
    assert p.bowls == (2, 5, 0, 0) and p.ore == 5
    assert s.state.phase == "actions" and s.actor == 0
    # nobody has passed in the Gaia phase, nobody acts by name
    with pytest.raises(InvalidStateError) as info:
        GAME.scenario({"phase": "gaia", "current": 0,
                       "players": [itars, {**terrans, "passed": True}]})
    text = "\n".join(info.value.problems)
    assert "current: 0, but in phase gaia nobody is to act" in text
    assert "in phase gaia nobody has passed yet" in text and "[gp.round.count]" in text


def test_action_targets_name_the_view_ids() -> None:
    s = two({"structures": {"10A2": "m"}})
    assert GAME.action_targets(s.state, s.parse("terrans up nav. spend 1o for 1c")) == \
        ("track:nav:1", "seat:0")
    assert GAME.action_targets(s.state, s.parse("terrans action power2. build m 10A1")) == \
        ("action:power2", "hex:10A1")
    assert GAME.action_targets(s.state, s.parse("terrans pass booster3")) == \
        ("booster:booster3",)


# -- worked examples -------------------------------------------------------------------


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    if "gaia_project" not in gaia_lab.games.GAMES:
        monkeypatch.setitem(gaia_lab.games.GAMES, "gaia_project", GAME)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("example", EXAMPLES, ids=[ex.id for ex in EXAMPLES])
def test_examples_run(example: Any) -> None:
    assert example.game == "gaia_project"
    for step in example.steps:
        if step.rule is not None:
            assert GAME.rulebook[step.rule.id] == step.rule
    example.run()


# -- pasted log lines: verdicts with gp. rules ----------------------------------------


def test_out_of_range() -> None:
    v = two({"structures": {"3A10": "m"}, "qic": 0}).explain("terrans build m 10A1")
    assert (v.legal, v.code, v.rule and v.rule.id) == \
        (False, "build.out_of_range", "gp.range.qic")
    assert "3 hexes away" in v.message


def test_cannot_afford_the_terraforming() -> None:
    v = two({"structures": {"10A2": "m"}, "ore": 2}).explain("terrans build m 10A1")
    assert (v.legal, v.code, v.rule and v.rule.id) == \
        (False, "build.terraform_unaffordable", "gp.terraform.cost")
    assert "4 ore needed, 2 held" in v.message
    assert two({"structures": {"10A2": "m"}, "ore": 4}).explain("terrans build m 10A1").legal


def test_second_use_of_a_power_action() -> None:
    s = two({"structures": {"10A2": "m"}, "bowls": [0, 0, 8]}, board_used=["power3"])
    v = s.explain("terrans action power3")
    assert (v.legal, v.code, v.rule and v.rule.id) == \
        (False, "action.used", "gp.action.once_per_round")
    assert s.explain("terrans action power1").legal


def test_advanced_tile_without_a_federation_token() -> None:
    line = "terrans build lab 10A2. tech adv-nav. cover terra. up int"
    me = {"structures": {"10A2": "ts"}, "research": {"navigation": 4}, "techs": ["terra"],
          "knowledge": 9, "credits": 20, "ore": 9}
    v = two(me).explain(line)
    assert (v.legal, v.code, v.rule and v.rule.id) == \
        (False, "tech.advanced_token", "gp.tech.advanced")
    assert two({**me, "fed_tokens": ["fed1"]}).explain(line).code == "tech.advanced_token"
    assert two({**me, "fed_tokens": ["fed2"]}).explain(line).legal


def test_unreadable_line() -> None:
    v = two({"structures": {"10A2": "m"}}).explain("terrans fly to the moon")
    assert not v.legal


# -- recorded games ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    if not FIXTURE.exists():
        pytest.skip("the recorded game is not here")
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def test_from_bgs_replays_to_the_recorded_vp(recorded: dict[str, Any]) -> None:
    s = from_bgs(recorded)
    assert s.is_over()
    assert [p.vp for p in s.state.seats] == [f["vp"] for f in recorded["final"]]
    assert s.decisions == len(recorded["moves"]) - 1


def test_every_score_breakdown_line_is_a_sentence_with_its_rule(
        recorded: dict[str, Any]) -> None:
    s = from_bgs(recorded)
    lines = s.score_breakdown().lines
    sources = {line.category for line in lines}
    assert {"start", "charge", "spend", "final1", "final2", "round1"} <= sources
    for line in lines:
        assert line.rule is not None and line.rule.id in GAME.rulebook, line
        text = line.explanation
        name = s.state.seats[line.player].faction.replace("-", " ").lower()
        assert text.lower().startswith(name) and text.endswith("."), text
        assert f" {abs(line.points)} VP" in text, text
        assert (" lost " in text) == (line.points < 0), text
    by = {(line.player, line.category): line for line in lines}
    final = by[(0, "final1")]
    tile = s.state.setup.final_scoring[0]
    assert final.rule is not None and final.rule.id == "gp.score.final_tiles"
    assert f"on the final scoring tile {tile}, counting " in final.explanation
    spend = by[(0, "spend")].explanation
    assert spend.startswith(f"{s.names[0].capitalize()} gained ") and " = " in spend
    # a scenario's VP are booked as the scenario's, not as a faction ability
    line = next(x for x in two({"vp": 25}).score_breakdown().lines
                if x.category == "scenario")
    assert line.rule is not None and line.rule.id == "gp.goal"
    assert line.explanation == "Terrans gained 15 VP before the position the scenario " \
        "describes."


def test_from_bgs_names_the_bad_line(recorded: dict[str, Any]) -> None:
    data = copy.deepcopy(recorded)
    data["moves"][120] = "terrans build m 99A1"
    with pytest.raises(InvalidStateError, match=r"line 121 'terrans build m 99A1'"):
        from_bgs(data)
    data = copy.deepcopy(recorded)
    index = next(i for i, m in enumerate(data["moves"]) if "action power3" in m)
    actor = data["moves"][index].split()[0]
    data["moves"][index] = f"{actor} spend 1o for 1c"
    data["moves"].insert(index, data["moves"][index])
    with pytest.raises(InvalidStateError):
        from_bgs(data)


def test_from_bgs_refuses_a_malformed_record(recorded: dict[str, Any]) -> None:
    with pytest.raises(InvalidStateError) as info:
        from_bgs({"moves": ["hello"], "options": {"frontiers": True,
                                                   "layout": "round"}})
    text = str(info.value)
    assert "init" in text and "frontiers" in text and "layout 'round'" in text
    data = dict(recorded, moves=["init 5 x"])
    with pytest.raises(InvalidStateError, match="5 players"):
        from_bgs(data)


# -- legal actions: free actions and federations ---------------------------------------


def test_free_actions_are_listed_on_their_own() -> None:
    s = two({"structures": {"10A2": "m"}, "ore": 3, "bowls": [0, 4, 4]})
    listed = {str(a) for a in s.legal_actions()}
    assert {"terrans spend 1o for 1c", "terrans burn 1", "terrans spend 4pw for 1q",
            "terrans spend 2o for 2c"} <= listed
    s.play("terrans spend 1o for 1c")
    assert s.actor == 0 and s.state.seats[0].ore == 2  # the turn stays open
    assert not s.explain("terrans spend 9o for 9c").legal


def test_every_smallest_satellite_set_is_legal() -> None:
    s = two({"structures": {"10B2": "PI", "10A2": "ts", "10B5": "ts"}, "bowls": [2, 3, 1]})
    listed = [str(a) for a in s.legal_actions() if " federation " in str(a)]
    assert "terrans federation 10A2,10A3,10B2,10B5,10C fed1" in listed
    for other in ("10A2,10B1,10B2,10B5,10C", "10A2,10B0,10B1,10B2,10B5"):
        assert s.explain(f"terrans federation {other} fed1").legal
    v = s.explain("terrans federation 10A2,10A3,10B0,10B1,10B2,10B5 fed1")
    assert not v.legal and v.rule is not None
    assert v.rule.id in ("gp.federation.minimal", "gp.action.federation")
    s.play("terrans federation 10A2,10B0,10B1,10B2,10B5 fed1")
    assert s.state.seats[0].satellites == 2 and s.state.seats[0].vp == 22


def test_a_legal_verdict_says_where_a_resource_cap_bites() -> None:
    s = two({"structures": {"10A2": "m"}, "ore": 14, "bowls": [0, 0, 4]})
    verdict = s.explain("terrans action power3")
    assert verdict.legal
    assert "Gains 1o" in verdict.message
    assert "Ore reaches its cap of 15: any more is lost (gp.income.caps)." in verdict.message
    below = two({"structures": {"10A2": "m"}, "ore": 5, "bowls": [0, 0, 4]})
    assert "cap" not in below.explain("terrans action power3").message


def test_space_stations_and_the_lost_planet_are_placeable() -> None:
    state = GAME.scenario({"round": 3, "players": [
        {"faction": "ivits", "structures": {"10A2": "PI", "5C": "sp"}},
        {"faction": "terrans", "structures": {"5A10": "m", "10B0": "lp"}}]})
    assert state.seats[0].building_at("5C") == "sp"
    assert state.seats[1].building_at("10B0") == "lp"
    assert state.owner("10B0") == (1, "lp") and state.owner("5C") == (0, "sp")
    assert GAME.invariants(state) == []
    with pytest.raises(InvalidStateError) as info:
        GAME.scenario({"players": [
            {"faction": "terrans", "structures": {"5C": "sp", "10B0": "lp", "3A10": "lp"}},
            {"faction": "xenos", "structures": {"10B1": "lp", "10B0": "m"}}]})
    text = "\n".join(info.value.problems)
    for part in ("players[0] (terrans): structures: 5C: only the Ivits place space "
                 "stations [gp.faction.ivits.pi]",
                 "3A10 is a planet; the Lost Planet goes on empty space",
                 "10B1: the Lost Planet is already on 10B0 (there is one)",
                 "players[1] (xenos): structures: 10B0 is empty space"):
        assert part in text, part


def test_a_scenario_may_end_the_game_now_to_see_final_scoring() -> None:
    players = [{"faction": "terrans", "structures": {"10A2": "ts", "3A10": "m"}, "ore": 6,
                "research": {"terraforming": 4}, "vp": 40},
               {"faction": "xenos", "structures": {"5A10": "m"}}]
    s = Session(GAME, scenario={"round": 6, "phase": "over", "players": players})
    assert s.is_over and s.state.phase == "over"
    lines = {(line.player, line.category): line for line in s.score_breakdown().lines}
    research = lines[(0, "terra")]
    assert research.points == 8 and research.rule is not None
    assert research.rule.id == "gp.score.research"
    assert lines[(0, "spend")].points >= 2
    assert s.state.seats[0].vp == 40 + sum(
        line.points for (seat, cat), line in lines.items()
        if seat == 0 and cat not in ("start", "scenario"))
    with pytest.raises(InvalidStateError, match="current: 0, but in phase over"):
        GAME.scenario({"phase": "over", "current": 0, "players": players})


def test_a_scenario_may_start_at_a_charge_offer() -> None:
    s = two({"structures": {"10A2": "m"}}, charges=[["xenos", 2]])
    assert s.actor == 1
    assert "xenos charge 2pw" in {str(a) for a in s.legal_actions()}
    s.play("xenos charge 2pw")
    assert s.actor == 0 and s.state.seats[1].vp == 9
    with pytest.raises(InvalidStateError) as info:
        GAME.scenario({"players": [{"faction": "terrans", "bowls": [0, 1, 7]},
                                   {"faction": "xenos"}],
                       "charges": [["terrans", 3], ["nobody", 1]]})
    text = "\n".join(info.value.problems)
    assert "charges[0]: terrans can take 1 power (bowls (0, 1, 7)), not 3" in text
    assert "charges[1]: 'nobody' is not a seat or a faction of this game" in text
    with pytest.raises(InvalidStateError, match="charges.0.: xenos hold 1 VP, so an offer "
                                                "is at most 2 power, not 3"):
        GAME.scenario({"players": [{"faction": "terrans"}, {"faction": "xenos", "vp": 1}],
                       "charges": [["xenos", 3]]})
