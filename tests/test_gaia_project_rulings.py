"""Gaia Project rulings players asked about, each on a position built with
``GAME.scenario``: the line tried and the verdict, charges or resources expected."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_lab.core.errors import IllegalActionError
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project import GAME


def two(first: dict[str, Any], **spec: Any) -> Session:
    """A round-2 position: the described player (Terrans by default) to act, the Xenos
    far away."""
    players = [{"faction": "terrans", **first},
               {"faction": "xenos", "structures": {"5A10": "m"}}]
    return Session(GAME, scenario={"round": 2, "players": players, **spec})


def refused(s: Session, line: str) -> tuple[str, str, str]:
    v = s.explain(line)
    assert not v.legal and v.rule is not None, line
    return v.code, v.rule.id, v.message


def listed(s: Session) -> set[str]:
    return {str(a) for a in s.legal_actions()}


# -- 1. a player has 25 satellites ----------------------------------------------------


def test_a_federation_needing_more_satellites_than_remain_is_refused() -> None:
    # PI 10B2 and trading stations 10A2, 10B5 link with 2 satellites; 24 are placed
    line = "terrans federation 10A2,10B0,10B1,10B2,10B5 fed1"
    s = two({"structures": {"10B2": "PI", "10A2": "ts", "10B5": "ts"},
             "bowls": [2, 3, 1], "satellites": 24})
    code, rule, message = refused(s, line)
    assert (code, rule) == ("federation.satellite_supply", "gp.federation.satellites")
    assert "2 satellites" in message and "1 of their 25" in message
    assert not any(" federation " in a for a in listed(s))
    # with 23 placed the last two suffice
    s = two({"structures": {"10B2": "PI", "10A2": "ts", "10B5": "ts"},
             "bowls": [2, 3, 1], "satellites": 23})
    s.play(line)
    assert s.state.seats[0].satellites == 25


# -- 2. a power action whose whole reward is lost at the cap --------------------------


def test_a_power_action_lost_entirely_at_the_cap_is_refused() -> None:
    # power3 gives 2 ore; the ore track stops at 15
    s = two({"structures": {"10A2": "m"}, "ore": 15, "bowls": [0, 0, 4]})
    code, rule, message = refused(s, "terrans action power3")
    assert (code, rule) == ("action.capped", "gp.income.caps")
    assert "15 ore" in message
    assert "terrans action power3" not in listed(s)
    # power4's 7 credits at 30 credits and power5's 2 knowledge at 15 alike
    s = two({"structures": {"10A2": "m"}, "credits": 30, "knowledge": 15,
             "bowls": [0, 0, 4]})
    assert refused(s, "terrans action power4")[:2] == ("action.capped", "gp.income.caps")
    assert refused(s, "terrans action power5")[:2] == ("action.capped", "gp.income.caps")
    # a part of the reward still counts: 14 ore take one of the two
    s = two({"structures": {"10A2": "m"}, "ore": 14, "bowls": [0, 0, 4]})
    s.play("terrans action power3")
    assert s.state.seats[0].ore == 15


# -- 3. free terraforming steps go to a mine that uses them ---------------------------


def test_free_terraforming_steps_need_a_mine_that_takes_a_step() -> None:
    # 10B5 is a Gaia planet (no step), 10A1 oxide is one step from the Terrans' blue
    s = two({"structures": {"10A2": "m"}, "qic": 2, "bowls": [0, 0, 6],
             "booster": "booster4"})
    for line in ("terrans action power6. build m 10B5", "terrans action power2. build m 10B5",
                 "terrans special step. build m 10B5"):
        code, rule, message = refused(s, line)
        assert (code, rule) == ("build.steps_unused", "gp.terraform.cost"), line
        assert "10B5" in message and "gaia" in message
    assert "terrans action power6. build m 10B5" not in listed(s)
    s.play("terrans action power6. build m 10A1")
    assert s.state.seats[0].ore == 4 - 1  # the mine's ore only: the step was free
    # the Hadsch Hallas' home planet is oxide: 10A1 takes no step
    hh = Session(GAME, scenario={"round": 2, "players": [
        {"faction": "hadsch-hallas", "structures": {"10A2": "m"}, "bowls": [0, 0, 6]},
        {"faction": "xenos", "structures": {"5A10": "m"}}]})
    code, rule, message = refused(hh, "hadsch-hallas action power6. build m 10A1")
    assert (code, rule) == ("build.steps_unused", "gp.terraform.cost")
    # a Lantids' mine on a planet another player holds takes no step either
    lantids = Session(GAME, scenario={"round": 2, "players": [
        {"faction": "lantids", "structures": {"3A7": "m"}, "bowls": [0, 0, 6]},
        {"faction": "xenos", "structures": {"10A1": "ts", "5A10": "m"}}]})
    code, rule, message = refused(lantids, "lantids action power6. build m 10A1")
    assert (code, rule) == ("build.steps_unused", "gp.terraform.cost")
    assert "occupied by another player" in message


# -- 4. the Taklons' institute token with nothing chargeable --------------------------


def test_taklons_with_everything_in_bowl_three_take_the_token_then_charge() -> None:
    from gaia_lab.games.gaia_project import rules

    # the Taklons' institute on 10A2, every token (the brainstone too) in bowl III
    s = Session(GAME, scenario={"round": 2, "players": [
        {"faction": "taklons", "structures": {"10A2": "PI"}, "bowls": [0, 0, 5],
         "brainstone": 2},
        {"faction": "xenos", "structures": {"5A10": "m"}}]})
    # a Xenos structure on 3A7, next to the institute (value 3): the token first makes
    # room for 2 power
    state = rules._offer_charges(s.state, 1, "3A7")
    assert [(t.kind, t.actor, t.data) for t in state.pending] == [("charge", 0, (2,))]
    offered = {str(m) for m in GAME.legal_actions(state)}
    # the public engine also offers charging nothing before the token (0pw,1t)
    assert offered == {"taklons charge 1t,2pw", "taklons charge 1t,2pw. brainstone area3",
                       "taklons charge 0pw,1t", "taklons charge 0pw,1t. brainstone area3",
                       "taklons decline 2pw"}
    v = GAME.explain(state, GAME.parse_action(state, "taklons charge 2pw,1t"))
    assert not v.legal and v.rule is not None
    assert (v.code, v.rule.id) == ("charge.token_first", "gp.faction.taklons.pi")
    assert "'charge 0pw,1t' only the token" in v.message
    p = GAME.apply(state, GAME.parse_action(state, "taklons charge 1t,2pw")).state.seats[0]
    assert (p.bowls, p.brainstone, p.vp) == ((0, 0, 6, 0), 2, s.state.seats[0].vp - 1)
    # nothing charged, the token in bowl I, and no VP paid (not a VP gained either)
    p = GAME.apply(state, GAME.parse_action(state, "taklons charge 0pw,1t")).state.seats[0]
    assert (p.bowls, p.brainstone, p.vp) == ((1, 0, 5, 0), 2, s.state.seats[0].vp)


# -- 5. the Lost Planet placed in the Gaia phase --------------------------------------


def test_itars_lost_planet_in_the_gaia_phase_offers_power_at_once() -> None:
    # the start of round 3: the Itars' institute on 3A7 and 8 tokens in the Gaia area,
    # Navigation 4 and a green token; a Xenos mine on 10A2, next to the empty 3A6
    players = [{"faction": "itars", "structures": {"3A7": "PI"}, "bowls": [2, 2, 0, 8],
                "research": {"nav": 4}, "fed_tokens": ["fed2"]},
               {"faction": "xenos", "structures": {"10A2": "m", "5A10": "m"}}]
    s = Session(GAME, scenario={"round": 3, "phase": "income", "players": players})
    while s.state.pending and s.state.pending[0].kind == "income":
        s.play(s.legal_actions()[0])
    assert s.state.pending[0].kind == "tokens_for_tech"
    s.play("itars spend 4tg for tech. tech nav. up nav. lostPlanet 3A6")
    # the Xenos charge before the Itars are asked again (4 tokens are left)
    assert [(t.kind, t.actor, t.data) for t in s.state.pending[:2]] == [
        ("charge", 1, (1,)), ("tokens_for_tech", 0, ())]
    s.play("xenos charge 1pw")
    assert s.state.pending[0].kind == "tokens_for_tech"


# -- 6. every structure of a line offers its own charges ------------------------------


def test_a_lab_and_the_lost_planet_of_one_line_both_offer_charges() -> None:
    # the Terrans' trading station 10A2 becomes a lab whose tile reaches Navigation 5;
    # the Lost Planet goes on 10A4.  Xenos (3A7) neighbour the lab only, the Gleens'
    # mine 10B2 neighbours both
    s = Session(GAME, scenario={"round": 2, "players": [
        {"faction": "terrans", "structures": {"10A2": "ts"}, "research": {"nav": 4},
         "fed_tokens": ["fed2"], "ore": 9, "credits": 20},
        {"faction": "xenos", "structures": {"3A7": "m", "5A10": "m"}},
        {"faction": "gleens", "structures": {"10B2": "m"}}]})
    s.play("terrans build lab 10A2. tech nav. up nav. lostPlanet 10A4")
    # the lab's offers round the table from the builder, then the Lost Planet's
    assert [(t.kind, t.actor, t.data) for t in s.state.pending] == [
        ("charge", 1, (1,)), ("charge", 2, (1,)), ("charge", 2, (1,))]


# -- 7. the Nevlas' institute: 2 power per bowl-III token -----------------------------


def _nevlas(bowl3: int) -> Session:
    return two({"faction": "nevlas", "structures": {"10A2": "PI"}, "ore": 3,
                "credits": 10, "bowls": [2, 2, bowl3]})


def test_nevlas_split_a_tokens_two_power_across_conversions() -> None:
    # two bowl-III tokens are 4 power: 3 for 1 ore and 1 for 1 credit
    for line in ("nevlas spend 4pw for 1o,1c", "nevlas spend 3pw for 1o. spend 1pw for 1c"):
        s = _nevlas(2)
        s.play(line)
        p = s.state.seats[0]
        assert (p.bowls, p.ore, p.credits) == ((4, 2, 0, 0), 4, 11), line
    # the spare power of a token serves the rest of the line only: 3 + 3 power are 3
    s = _nevlas(3)
    s.play("nevlas spend 3pw for 1o. spend 3pw for 1o")
    assert (s.state.seats[0].bowls, s.state.seats[0].ore) == ((5, 2, 0, 0), 5)
    # one token is 2 power, not 4
    code, rule, message = refused(_nevlas(1), "nevlas spend 4pw for 1o,1c")
    assert (code, rule) == ("power.not_enough", "gp.faction.nevlas.pi")
    assert "bowl III holds 1 token" in message and "2 power" in message
    # without the institute a token is 1 power
    plain = two({"faction": "nevlas", "structures": {"10A2": "ts"}, "bowls": [2, 2, 2]})
    assert refused(plain, "nevlas spend 4pw for 1o,1c")[0] == "spend.unknown"


# -- 8. a special action's rewards named in another order -----------------------------


def _advtech3(**me: Any) -> Session:
    """The Terrans with advtech3 (1 Q.I.C. and 5 credits) on a recorded setup's map."""
    from gaia_lab.games.gaia_project.recorded import setups_and_scores

    setup = next(g["seeded_setup"] for g in setups_and_scores()["complete_games"]
                 if g["seeded_setup"]["techTiles"].get("adv-sci") == "advtech3")
    return Session(GAME, scenario={"setup": setup, "round": 2, "players": [
        {"faction": "terrans", "techs": ["terra", ["adv-sci", "terra"]], **me},
        {"faction": "xenos"}]})


def test_a_special_action_names_its_rewards_in_any_order() -> None:
    s = _advtech3()
    assert "terrans special 5c,q" in listed(s)  # the recorded order
    assert s.explain("terrans special q,5c").legal
    before = s.state.seats[0]
    s.play("terrans special q,5c")
    p = s.state.seats[0]
    assert (p.credits, p.qic, p.used) == (before.credits + 5, before.qic + 1, ("adv-sci",))
    same = _advtech3()
    same.play("terrans special 5c,q")
    assert same.state == s.state
    # the same set, so the same action, used once a round in either order
    again = _advtech3(used=["adv-sci"])
    for line in ("terrans special q,5c", "terrans special 5c,q"):
        assert refused(again, line)[:2] == ("special.used", "gp.action.once_per_round")
    # a different set is no action of the tile
    assert refused(_advtech3(), "terrans special q,4c")[:2] == \
        ("special.unknown", "gp.action.special")


# -- 9. the Ivits' federation grown to the next multiple of 7 -------------------------


def _ivits_grown() -> Session:
    # institute 3, academy 3, lab 2 and three trading stations 2: 14, the second
    # federation's threshold, already joined into their one federation
    grown = ["10A0", "10A1", "10A2", "10A3", "10B2", "1A5", "3A7", "3B4"]
    players = [{"faction": "ivits", "qic": 0, "federations": [grown], "fed_tokens": ["fed2"],
                "structures": {"10A1": "PI", "10A2": "ts", "3A7": "ac1", "10B2": "lab",
                               "1A5": "ts", "3B4": "ts"}},
               {"faction": "xenos", "structures": {"5A10": "m"}, "passed": True}]
    return Session(GAME, scenario={"round": 2, "players": players})


def test_ivits_take_a_token_from_a_federation_grown_to_the_next_threshold() -> None:
    s = _ivits_grown()
    feds = sorted(a for a in listed(s) if " federation " in a)
    whole = "ivits federation 10A0,10A1,10A2,10A3,10B2,1A5,3A7,3B4 fed1"
    assert whole in feds  # the line names the federation itself: nothing new
    assert s.explain("ivits federation 10A1 fed1").legal  # any of its hexes will do
    s.play(whole)
    p = s.state.seats[0]
    assert (len(p.federations), p.qic, p.satellites) == (2, 0, 0)
    assert ("fed1", False) in p.fed_tokens
    # a third token needs 21: the same federation does not reach it
    code, rule, _ = refused(s, "ivits federation 10A1 fed3")
    assert (code, rule) == ("federation.power_too_low", "gp.federation.power")


# -- 10. refusals cite the rule that forbids ------------------------------------------


def test_a_special_action_is_not_combined_with_another_action() -> None:
    s = _advtech3(structures={}, bowls=[0, 0, 7], qic=3)
    for line in ("terrans special 5c,q. action power3", "terrans action power3. special 5c,q",
                 "terrans special 5c,q. action qic2"):
        code, rule, message = refused(s, line)
        assert (code, rule) == ("turn.special_alone", "gp.special.alone"), line
        assert "special" in message
    # two main actions without a special stay a matter of one action per turn
    assert refused(s, "terrans action power3. action power4")[:2] == \
        ("turn.one_action", "gp.action.turns")


def test_passing_keeps_no_booster_for_a_second_round() -> None:
    s = two({"structures": {"10A2": "m"}, "booster": "booster3"})
    code, rule, message = refused(s, "terrans pass booster3")
    assert (code, rule) == ("pass.same_booster", "gp.pass.no_repeat")
    assert "booster3" in message


def test_a_passed_player_charging_cites_that_rule() -> None:
    from gaia_lab.games.gaia_project import rules

    s = two({"structures": {"10A2": "m"}, "passed": True, "bowls": [2, 4, 0]})
    state = rules._offer_charges(s.state, 1, "10A1")
    assert [(t.kind, t.actor) for t in state.pending] == [("charge", 0)]
    step = GAME.apply(state, GAME.parse_action(state, "terrans charge 1pw"))
    assert [e.rule.id for e in step.events if e.kind == "charge"] == ["gp.charge.passed"]


def test_a_special_action_lost_entirely_at_the_cap_is_refused() -> None:
    s = _advtech3(credits=30, qic=4)
    assert s.explain("terrans special 5c,q").legal  # the Q.I.C. still count
    s = two({"structures": {"10A2": "m"}, "ore": 15, "techs": ["terra", ["adv-sci", "terra"]]})
    code, rule, message = refused(s, "terrans special 3o")
    assert (code, rule) == ("special.capped", "gp.income.caps")
    assert "15 ore" in message
    assert "terrans special 3o" not in listed(s)


# -- charging costs VP the player must hold -------------------------------------------


def test_a_charge_costing_more_vp_than_held_is_refused() -> None:
    # the lab and the Lost Planet each offer the Gleens (1 VP) 2 power for 1 VP
    players = [{"faction": "terrans", "structures": {"10A2": "ts"}, "research": {"nav": 4},
                "fed_tokens": ["fed2"], "ore": 9, "credits": 20},
               {"faction": "xenos", "structures": {"3A7": "m", "5A10": "m"}},
               {"faction": "gleens", "structures": {"10B2": "ts"}, "vp": 1}]
    s = Session(GAME, scenario={"round": 2, "players": players})
    s.play("terrans build lab 10A2. tech nav. up nav. lostPlanet 10A4")
    s.play("xenos decline 1pw")
    s.play("gleens charge 2pw")
    assert s.state.seats[2].vp == 0 and s.actor == 2
    code, rule, message = refused(s, "gleens charge 2pw")
    assert (code, rule) == ("charge.vp", "gp.charge.cost")
    assert message == ("Charging 2 power costs 1 VP; Gleens hold 0 VP, so they can only "
                       "decline.")
    assert listed(s) == {"gleens decline 2pw"}
    before = s.state
    with pytest.raises(IllegalActionError, match="Gleens hold 0 VP") as info:
        s.play("gleens charge 2pw")
    assert info.value.verdict.code == "charge.vp"
    assert s.state == before  # a failed play changes nothing
    s.play("gleens decline 2pw")
    assert s.state.seats[2].vp == 0 and s.actor == 1  # the Xenos take the next turn
