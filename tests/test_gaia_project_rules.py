"""Gaia Project rules: positions of the recorded game deep-mind-2, and what the rules
allow or refuse there, each refusal with its ``gp.`` rule."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from gaia_lab.core.flow import Task
from gaia_lab.core.session import Session
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project import power as pw
from gaia_lab.games.gaia_project.components import Resources
from gaia_lab.games.gaia_project.game import GaiaProject
from gaia_lab.games.gaia_project.notation import parse_move
from gaia_lab.games.gaia_project.rules import Refusal, actor, play, settle
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState, PlayerState

CONFORMANCE = Path(__file__).resolve().parent / "fixtures" / "gaia_project"
GAME = GaiaProject()


@lru_cache(maxsize=1)
def _moves() -> tuple[str, ...]:
    path = CONFORMANCE / "deep-mind-2.json"
    if not path.exists():
        pytest.skip("the shared conformance folder is not here")
    return tuple(json.loads(path.read_text(encoding="utf-8"))["moves"])


def before(line: int) -> GPState:
    """The state just before recorded line ``line`` (0-based, ``init`` is line 0)."""
    s = Session(GAME, players=4, options={"setup": DEEP_MIND_2_SETUP})
    for text in _moves()[1:line]:
        s.play(text)
    state: GPState = s.state
    return state


def refusal(state: GPState, text: str) -> Refusal:
    with pytest.raises(Refusal) as info:
        play(state, parse_move(text))
    return info.value


def run(state: GPState, text: str) -> GPState:
    after, _ = play(state, parse_move(text))
    return settle(after)[0]


def test_factions_and_setup_mines() -> None:
    s = before(2)
    r = refusal(s, "p2 faction lantids")
    assert (r.code, r.rule.id) == ("faction.same_planet", "gp.faction.pairs")
    s = before(5)
    assert s.phase == "setup_mines" and s.order == (0, 1, 2, 3, 3, 2, 1, 0, 2)
    r = refusal(s, "terrans build m 5A4")
    assert (r.code, r.rule.id) == ("setup.home_planet", "gp.setup.mines_first")
    r = refusal(s, "nevlas build m 5A4")
    assert r.code == "turn.not_yours"
    s = before(14)
    assert s.phase == "setup_boosters" and actor(s) == 3
    r = refusal(s, "hadsch-hallas booster booster4")
    assert r.code == "booster.unavailable"


def test_round_one_income_and_order() -> None:
    s = before(18)
    assert (s.phase, s.round, s.current) == ("actions", 1, 0)
    t = s.seats[0]
    # 15c 4o 3k 1q, income 1o 1k base + 2 mines (1o each), booster9 charges 4
    assert (t.credits, t.ore, t.knowledge) == (15, 7, 4)
    assert t.bowls == (0, 8, 0, 0)


def test_trading_station_cost_depends_on_neighbours() -> None:
    s = before(18)
    near = run(s, "terrans build ts 3A11")
    assert s.seats[0].credits - near.seats[0].credits == 3
    m = s.space_map
    lonely = s
    for seat in (1, 2, 3):
        for h, _ in s.seats[seat].buildings:
            if m.distance(m.hex(h), m.hex("1B5")) <= 2:
                lonely = lonely.with_seat(seat, lonely.seats[seat].with_building(h, None))
    assert lonely != s
    alone = run(lonely, "terrans build ts 1B5")
    assert s.seats[0].credits - alone.seats[0].credits == 6
    assert run(s, "terrans build ts 1B5").seats[0].credits == s.seats[0].credits - 3


def test_charge_offers_and_vp_cost() -> None:
    s = run(before(18), "terrans build ts 3A11")
    assert s.pending == tuple(Task("charge", seat, (1,)) for seat in (1, 2, 3))
    assert actor(s) == 1
    r = refusal(s, "nevlas charge 2pw")
    assert (r.code, r.rule.id) == ("charge.amount", "gp.charge.highest")
    r = refusal(s, "nevlas build m 5A5")
    assert r.code == "charge.expected"
    s = before(24)
    assert s.pending[0] == Task("charge", 0, (2,))
    after = run(s, "terrans charge 2pw")
    assert after.seats[0].vp == s.seats[0].vp - 1
    assert after.seats[0].bowls == pw.charge(s.seats[0].bowls, 2)[0]


def test_passed_players_still_charge() -> None:
    s = before(69)
    assert s.seats[2].passed
    assert [t.actor for t in s.pending] == [1]
    s = before(112)
    assert s.seats[2].passed and s.pending[0].actor == 2


def test_research_costs_knowledge_and_level_three_charges() -> None:
    s = before(18)
    poor = s.with_seat(0, evolve(s.seats[0], knowledge=3))
    r = refusal(poor, "terrans up terra")
    assert (r.code, r.rule.id) == ("cost.unaffordable", "gp.action.research")
    s = before(124)
    x = s.seats[2]
    assert x.level("terraforming") == 2
    after = run(s, "xenos up terra").seats[2]
    assert after.level("terraforming") == 3
    assert after.bowls == pw.charge(x.bowls, 3)[0]
    assert after.knowledge == x.knowledge - 4


def test_level_five_needs_a_green_token() -> None:
    s = before(18)
    top = s.with_seat(0, evolve(s.seats[0], research=(4, 0, 0, 1, 0, 0), knowledge=8))
    r = refusal(top, "terrans up terra")
    assert (r.code, r.rule.id) == ("research.level5_token", "gp.research.level5_token")


def test_board_actions_once_per_round() -> None:
    s = before(67)
    assert "power4" in s.board_used
    r = refusal(s, "hadsch-hallas action power4")
    assert (r.code, r.rule.id) == ("action.used", "gp.action.once_per_round")


def test_range_needs_qic() -> None:
    s = before(18)
    r = refusal(s, "terrans build m 4A8")
    assert (r.code, r.rule.id) == ("build.out_of_range", "gp.range.qic")


def test_follow_ups_are_required() -> None:
    s = before(32)
    r = refusal(s, "nevlas build lab 3B4")
    assert (r.code, r.rule.id) == ("turn.incomplete", "gp.action.upgrade_tech")
    r = refusal(s, "nevlas build lab 3B4. tech terra. up nav")
    assert (r.code, r.rule.id) == ("tech.wrong_area", "gp.tech.under_area")
    r = refusal(s, "nevlas up sci. up sci")
    assert r.code == "turn.one_action"


def test_gaia_project_needs_a_transdim_planet() -> None:
    s = before(63)
    r = refusal(s, "terrans build gf 1B5")
    assert (r.code, r.rule.id) == ("gaia.not_transdim", "gp.action.gaia_project")
    after = run(s, "terrans spend 6pw for 2o. spend 2pw for 2c. build gf 1A11")
    assert after.seats[0].gaiaformers == ("1A11",)
    assert after.seats[0].bowls[3] == 6


def test_income_order_is_asked_when_charges_and_tokens_meet() -> None:
    s = before(76)
    assert s.phase == "income_order" and s.round == 2
    task = s.pending[0]
    assert (task.kind, task.actor) == ("income", 2)
    r = refusal(s, "xenos income 5pw")
    assert (r.code, r.rule.id) == ("income.unknown", "gp.income.order")
    legal = {str(m) for m in GAME.legal_actions(s)}
    assert legal == {"xenos income 1pw", "xenos income 2pw", "xenos income 2t"}


def test_terrans_convert_gaia_tokens_with_their_institute() -> None:
    s = before(78)
    assert s.phase == "gaia_tokens" and s.pending[0] == Task("gaia_tokens", 0, (6,))
    after = run(s, "terrans spend 3tg for 1o. spend 3tg for 3c").seats[0]
    assert after.bowls[3] == 0 and after.bowls[1] == s.seats[0].bowls[1] + 6


def test_pass_takes_a_booster_from_the_supply() -> None:
    s = before(66)
    r = refusal(s, "xenos pass booster9")
    assert (r.code, r.rule.id) == ("pass.booster_unavailable", "gp.pass.booster")
    after = run(s, "xenos pass booster2")
    assert after.seats[2].passed and "booster3" in after.boosters


def test_explain_and_legal_actions_agree() -> None:
    s = before(31)
    legal = GAME.legal_actions(s)
    assert legal and all(GAME.explain(s, m).legal for m in legal)
    assert "terrans action power3" in {str(m) for m in legal}
    v = GAME.explain(s, parse_move("terrans build ts 9C"))
    assert not v.legal


def test_round_and_tile_vp() -> None:
    s = before(64)
    after = run(s, "nevlas action power6. build m 3A7")
    assert dict(after.seats[1].vp_sources).get("round1") == 2


def test_random_playouts_pass_the_harness() -> None:
    from gaia_lab.testing.harness import check_game

    report = check_game(GAME, seeds=[3], players=[3], undo_sample=1, legal_sample=2)
    assert report.games == 1 and report.decisions > 30


# -- faction hooks beyond the recorded game ------------------------------------------


def _as(faction: str, **changes: Any) -> GPState:
    """The position before line 18 with seat 0 (whose turn it is) playing ``faction``."""
    s = before(18)
    return s.with_seat(0, evolve(s.seats[0], faction=faction, **changes))


def _gaia_target(s: GPState) -> tuple[str, str]:
    """A free Gaia planet and a hex next to it."""
    m = s.space_map
    g = next(h for h in m.planets_of_type("gaia") if s.owner(m.name(h)) is None)
    n = next(x for x in g.neighbors() if x in m and s.owner(m.name(x)) is None)
    return m.name(g), m.name(n)


def test_gleens_gaia_planets_cost_ore_and_qic_becomes_ore() -> None:
    from gaia_lab.games.gaia_project.rules import gain

    g = PlayerState.new("gleens")
    assert gain(g, Resources(qic=1), "x").ore == g.ore + 1
    assert gain(g.with_building("5A4", "ac2"), Resources(qic=1), "x").qic == g.qic + 1
    s = _as("gleens")
    gaia, near = _gaia_target(s)
    s = s.with_seat(0, s.seats[0].with_building(near, "m"))
    p = s.seats[0]
    after = run(s, f"gleens build m {gaia}").seats[0]
    assert (p.credits - after.credits, p.ore - after.ore, p.qic - after.qic) == (2, 2, 0)


def test_gleens_institute_gives_their_token() -> None:
    s = _as("gleens")
    s = s.with_seat(0, s.seats[0].with_building("1B5", "ts"))
    after = run(s, "gleens build PI 1B5").seats[0]
    assert after.fed_tokens == (("gleens", False),)


def test_itars_burn_into_the_gaia_area_and_academy_income() -> None:
    from gaia_lab.games.gaia_project.rules import income_items

    s = _as("itars")
    after = run(s, "itars burn 2. up terra").seats[0]
    assert after.bowls == (0, 4, 2, 2)
    p = s.seats[0].with_building("3A11", "ac1")
    assert ("ac1", Resources(knowledge=3)) in income_items(s, p)


def test_baltaks_navigation_needs_the_institute() -> None:
    s = _as("baltaks")
    r = refusal(s, "baltaks up nav")
    assert (r.code, r.rule.id) == ("research.navigation_locked", "gp.faction.baltaks.pi")
    with_pi = s.with_seat(0, s.seats[0].with_building("1B5", "PI"))
    assert run(with_pi, "baltaks up nav").seats[0].level("navigation") == 1
    ac2 = s.with_seat(0, s.seats[0].with_building("3A11", "ac2"))
    assert run(ac2, "baltaks special 4c").seats[0].credits == s.seats[0].credits + 4


def test_geodens_institute_knowledge_for_a_new_planet_type() -> None:
    s = _as("geodens")
    gaia, near = _gaia_target(s)
    s = s.with_seat(0, s.seats[0].with_building(near, "m").with_building("1B5", "PI"))
    p = s.seats[0]
    after = run(s, f"geodens build m {gaia}").seats[0]
    assert after.knowledge == p.knowledge + 3


def test_institute_incomes() -> None:
    from gaia_lab.games.gaia_project.rules import income_items

    s = before(18)
    for faction, income in [("lantids", Resources(charge_power=4)),
                            ("ambas", Resources(power_tokens=2, charge_power=4)),
                            ("xenos", Resources(qic=1, charge_power=4))]:
        p = evolve(s.seats[0], faction=faction).with_building("1B5", "PI")
        assert ("PI", income) in income_items(s, p)


def test_ivits_place_their_institute_last() -> None:
    s = Session(GAME, players=3, options={"setup": DEEP_MIND_2_SETUP})
    s.play_many(["p1 faction ivits", "p2 faction terrans", "p3 faction xenos"])
    assert s.state.order == (1, 2, 2, 1, 2, 0)
    s.play_many(["terrans build m 1B5", "xenos build m 2A1", "xenos build m 3A10",
                 "terrans build m 3A11", "xenos build m 6A8"])
    assert {str(m).split()[1] for m in s.legal_actions()} == {"build"}
    v = s.explain("ivits build m 1A2")
    assert (v.code, v.rule.id if v.rule else None) == ("setup.building", "gp.setup.ivits")
    s.play("ivits build PI 1A2")
    assert s.state.seats[0].buildings == (("1A2", "PI"),)
    assert s.state.phase == "setup_boosters"


def test_mine_costs_match_what_the_build_charges() -> None:
    from gaia_lab.games.gaia_project.game import replay_prefix
    from gaia_lab.games.gaia_project.recorded import recorded_game
    from gaia_lab.games.gaia_project.rules import mine_costs

    data = recorded_game("deep-mind-2")
    session, played, error = replay_prefix({**data, "moves": data["moves"][:18]})
    assert error is None and played == 18
    seat = session.actor
    faction = session.state.seats[seat].faction
    costs = mine_costs(session.state, seat)
    legal = {name: cost for name, cost in costs.items()
             if session.explain(f"{faction} build m {name}").legal}
    assert {name: str(cost) for name, cost in legal.items()} == {
        "3A7": "2c 7o 1q", "1A1": "2c 7o 1q", "7A8": "2c 7o 1q", "7B1": "2c 4o 1q",
        "6B3": "2c 1o 1q"}
    before = session.state.seats[seat]
    session.play(f"{faction} build m 6B3")
    after = session.state.seats[seat]
    assert (before.ore - after.ore, before.credits - after.credits, before.qic - after.qic) \
        == (1, 2, 1)


# -- which bowls pay: 'using area1: a, area2: b, area3: c' ----------------------------


def _position(first: dict[str, Any]) -> Session:
    players = [first, {"faction": "xenos", "structures": {"3A7": "m"}}]
    return Session(GAME, scenario={"round": 2, "players": players})


def test_a_gaia_project_takes_its_tokens_from_the_bowls_named() -> None:
    me = {"faction": "terrans", "structures": {"1B5": "m"}, "bowls": [2, 4, 2]}
    s = _position(me)
    listed = {str(a) for a in s.legal_actions()}
    assert "terrans build gf 1A11" in listed  # bowl I first, then II
    assert not any("using" in a for a in listed)  # other choices are not listed ...
    chosen = "terrans build gf 1A11 using area2: 4, area3: 2"
    assert s.explain(chosen).legal  # ... but legal
    s.play(chosen)
    assert s.state.seats[0].bowls == (2, 0, 0, 6)
    default = _position(me)
    default.play("terrans build gf 1A11")
    assert default.state.seats[0].bowls == (0, 0, 2, 6)
    for line, message in (("terrans build gf 1A11 using area1: 3, area2: 3",
                           "Bowl I holds 2 tokens, not 3."),
                          ("terrans build gf 1A11 using area1: 1",
                           "A Gaia project takes 6 power tokens; 'using' names 1.")):
        v = _position(me).explain(line)
        assert not v.legal and v.code == "gaia.using" and v.message == message
        assert v.rule is not None and v.rule.id == "gp.action.gaia_project"


def test_satellites_take_their_tokens_from_the_bowls_named() -> None:
    far = {"5A7": "PI", "5A11": "ac1", "5A10": "m"}
    me = {"faction": "hadsch-hallas", "structures": far, "bowls": [1, 3, 2]}
    line = "hadsch-hallas federation 5A10,5A11,5A7,5A8,5A9 fed1"
    s = _position(me)
    assert line in {str(a) for a in s.legal_actions()}
    s.play(line)
    assert s.state.seats[0].bowls[:3] == (0, 2, 2)
    other = _position(me)
    other.play(f"{line} using area3: 2")
    assert other.state.seats[0].bowls[:3] == (1, 3, 0)
    v = _position(me).explain(f"{line} using area1: 2")
    assert (v.code, v.message) == ("federation.using", "Bowl I holds 1 token, not 2.")
