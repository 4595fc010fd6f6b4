"""Gaia Project faction abilities, each in a position built from a description
(``scenario``): what the ability allows, what it refuses (with the faction's rule), and
that the legal actions list it."""

from __future__ import annotations

from typing import Any

from gaia_lab.core.flow import Task
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project import GAME


def duel(first: dict[str, Any], **spec: Any) -> Session:
    """A round-2 position: the described faction to act, the Xenos far away."""
    players = [first, {"faction": "xenos", "structures": {"5A10": "m"}}]
    return Session(GAME, scenario={"round": 2, "players": players, **spec})


def listed(s: Session) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def refused(s: Session, line: str) -> tuple[str, str]:
    v = s.explain(line)
    assert not v.legal and v.rule is not None, line
    return v.code, v.rule.id


# -- Bal T'aks: a gaiaformer into the Gaia area for 1 Q.I.C. -------------------------


def test_baltaks_trade_a_gaiaformer_for_qic_until_the_gaia_phase() -> None:
    s = duel({"faction": "baltaks", "structures": {"10A2": "m"}, "qic": 0,
              "research": {"gaia": 3}})
    assert "baltaks spend 1gf for 1q" in listed(s)
    assert "baltaks spend 2gf for 2q" in listed(s)  # level 3: two gaiaformers
    s.play("baltaks spend 2gf for 2q")
    p = s.state.seats[0]
    assert (p.qic, p.formers_in_gaia) == (2, 2)
    assert refused(s, "baltaks spend 1gf for 1q") == ("spend.gaiaformer",
                                                      "gp.faction.baltaks")
    assert refused(s, "baltaks build gf 1A11")[0] == "gaia.no_gaiaformer"
    # the next Gaia phase gives them back
    back = duel({"faction": "baltaks", "structures": {"10A2": "m"},
                 "research": {"gaia": 3}}, phase="income")
    assert back.state.seats[0].formers_in_gaia == 0


def test_only_the_baltaks_trade_gaiaformers() -> None:
    s = duel({"faction": "terrans", "structures": {"10A2": "m"}})
    assert "terrans spend 1gf for 1q" not in listed(s)
    assert refused(s, "terrans spend 1gf for 1q")[0] == "spend.unknown"


# -- Firaks: downgrade a research lab, advance one level for free ----------------------


def test_firaks_downgrade_a_lab_and_research_for_free() -> None:
    s = duel({"faction": "firaks", "structures": {"10A2": "lab", "3A10": "PI"},
              "knowledge": 0})
    line = "firaks special down-lab. build ts 10A2. up terra"
    assert line in listed(s)
    s.play(line)
    p = s.state.seats[0]
    assert p.building_at("10A2") == "ts" and p.level("terraforming") == 1
    assert p.knowledge == 0 and "faction" in p.used
    assert s.actor == 1  # the special action was the turn's main action


def test_firaks_downgrade_needs_the_institute_and_a_lab() -> None:
    no_pi = duel({"faction": "firaks", "structures": {"10A2": "lab"}})
    assert refused(no_pi, "firaks special down-lab. build ts 10A2. up terra")[0] == \
        "special.unknown"
    s = duel({"faction": "firaks", "structures": {"10A2": "ts", "3A10": "PI"}})
    assert refused(s, "firaks special down-lab. build ts 10A2. up terra") == \
        ("special.no_lab", "gp.faction.firaks.pi")
    lab = duel({"faction": "firaks", "structures": {"10A2": "lab", "3A10": "PI"}})
    assert refused(lab, "firaks special down-lab. build ts 3A10. up terra") == \
        ("special.downgrade", "gp.faction.firaks.pi")
    assert refused(lab, "firaks special down-lab. up terra")[1] == "gp.faction.firaks.pi"


# -- Ambas: swap the institute with a mine --------------------------------------------


def test_ambas_swap_their_institute_with_a_mine_without_charges() -> None:
    s = duel({"faction": "ambas", "structures": {"10A2": "PI", "3A10": "m"}})
    line = "ambas special swap-PI. swap-PI 3A10"
    assert line in listed(s)
    s.play(line)
    p = s.state.seats[0]
    assert (p.building_at("10A2"), p.building_at("3A10")) == ("m", "PI")
    assert s.state.pending == ()
    assert refused(duel({"faction": "ambas", "structures": {"10A2": "PI", "3A10": "m"},
                         "used": ["faction"]}), line) == ("special.used",
                                                          "gp.action.once_per_round")
    wrong = duel({"faction": "ambas", "structures": {"10A2": "PI", "3A10": "ts"}})
    assert refused(wrong, "ambas special swap-PI. swap-PI 3A10") == ("special.no_mine",
                                                                     "gp.faction.ambas.pi")


# -- Bescods: advance the lowest research area ----------------------------------------


def test_bescods_advance_a_lowest_area_for_free() -> None:
    s = duel({"faction": "bescods", "structures": {"10A2": "m"}, "knowledge": 0,
              "research": {"terra": 1, "nav": 1, "int": 1, "gaia": 1, "eco": 1}})
    assert "bescods special up-lowest. up sci" in listed(s)
    assert refused(s, "bescods special up-lowest. up nav") == \
        ("special.not_lowest", "gp.faction.bescods.special")
    s.play("bescods special up-lowest. up sci")
    assert s.state.seats[0].level("science") == 1 and s.state.seats[0].knowledge == 0


def test_bescods_institute_adds_power_value_on_titanium() -> None:
    from gaia_lab.games.gaia_project import rules

    # 3A7 is titanium; institute 3 + 1, trading station 2, mine 1: 7 only with the bonus
    line = "federation 10A1,10A2,3A7 fed1"
    s = duel({"faction": "bescods", "structures": {"3A7": "PI", "10A2": "ts", "10A1": "m"}})
    assert f"bescods {line}" in listed(s)
    s.play(f"bescods {line}")
    assert s.state.seats[0].federations == (("10A1", "10A2", "3A7"),)
    other = duel({"faction": "firaks", "structures": {"3A7": "PI", "10A2": "ts",
                                                       "10A1": "m"}})
    assert not other.explain(f"firaks {line}").legal
    # the power offered to the Bescods counts the bonus too
    s = duel({"faction": "bescods", "structures": {"3A7": "ts", "10A2": "PI"}})
    state = s.state
    offered = rules._offer_charges(state, 1, "3B4").pending
    assert offered == (Task("charge", 0, (3,)),)
    lab = duel({"faction": "bescods", "structures": {"3A7": "lab", "10A2": "PI"}}).state
    assert rules._offer_charges(lab, 1, "3B4").pending == (Task("charge", 0, (3,)),)


def test_bescods_swapped_buildings_and_incomes() -> None:
    from gaia_lab.games.gaia_project.components import Resources
    from gaia_lab.games.gaia_project.rules import income_items

    s = duel({"faction": "bescods", "structures": {"10A2": "ts", "3A10": "lab"},
              "credits": 20, "ore": 10})
    names = listed(s)
    assert "bescods build PI 3A10" in names and "bescods build PI 10A2" not in names
    assert any(n.startswith("bescods build ac1 10A2. tech") for n in names)
    assert refused(s, "bescods build PI 10A2") == ("upgrade.from", "gp.faction.bescods")
    s.play("bescods build PI 3A10")
    assert s.state.seats[0].building_at("3A10") == "PI"
    p = s.state.seats[0].with_building("1B5", "lab").with_building("5A4", "ts")
    items = income_items(s.state, p)
    assert [r for k, r in items if k == "ts"] == [Resources(knowledge=1)] * 2
    assert [r for k, r in items if k == "lab"] == [Resources(credits=3)]


# -- Lantids: mines on planets of other players ---------------------------------------


def _lantids(**me: Any) -> Session:
    """The Lantids (a mine on 3A7) next to a Xenos trading station on 10A1."""
    players = [{"faction": "lantids", "structures": {"3A7": "m"}, **me},
               {"faction": "xenos", "structures": {"10A1": "ts", "5A10": "m"}}]
    return Session(GAME, scenario={"round": 2, "players": players})


def test_lantids_build_on_an_occupied_planet_without_terraforming() -> None:
    s = _lantids(ore=1, credits=2)
    assert "lantids build m 10A1" in listed(s)
    s.play("lantids build m 10A1")
    me, xenos = s.state.seats
    assert me.building_at("10A1") == "m" and xenos.building_at("10A1") == "ts"
    assert (me.ore, me.credits) == (0, 0)
    assert s.state.owner("10A1") == (1, "ts")
    # the Xenos are offered power by the new mine, as for any mine
    assert s.state.pending and (s.state.pending[0].kind, s.state.pending[0].actor) == ("charge", 1)
    from gaia_lab.games.gaia_project.rules import planet_types
    assert planet_types(s.state, me) == 1  # the shared mine adds no planet type
    assert GAME.invariants(s.state) == []


def test_lantids_shared_mine_cannot_be_upgraded_and_pi_gives_knowledge() -> None:
    s = _lantids(structures={"3A7": "PI", "10A1": "m"}, credits=10, ore=5)
    assert refused(s, "lantids build ts 10A1") == ("upgrade.shared", "gp.faction.lantids")
    assert "lantids build ts 10A1" not in listed(s)
    pi = _lantids(structures={"3A7": "PI"}, knowledge=0)
    pi.play("lantids build m 10A1")
    assert pi.state.seats[0].knowledge == 2


def test_only_the_lantids_share_planets() -> None:
    s = Session(GAME, scenario={"round": 2, "players": [
        {"faction": "terrans", "structures": {"3A7": "m"}},
        {"faction": "xenos", "structures": {"10A1": "ts"}}]})
    assert refused(s, "terrans build m 10A1") == ("build.occupied", "gp.action.mine")
    assert "terrans build m 10A1" not in listed(s)


# -- Itars: Gaia-area tokens for tech tiles -------------------------------------------


def _itars(gaia: int, **me: Any) -> Session:
    """The start of round 3, the Itars (institute built) with tokens in the Gaia area."""
    players = [{"faction": "itars", "structures": {"3A7": "PI"}, "bowls": [2, 2, 0, gaia],
                **me},
               {"faction": "xenos", "structures": {"5A10": "m"}}]
    s = Session(GAME, scenario={"round": 3, "phase": "income", "players": players})
    while s.state.pending and s.state.pending[0].kind == "income":
        s.play(s.legal_actions()[0])  # the order of the power income does not matter here
    return s


def test_itars_discard_four_gaia_tokens_per_tech_tile() -> None:
    s = _itars(9)
    before = s.state.seats[0]
    assert s.actor == 0 and s.state.pending[0].kind == "tokens_for_tech"
    names = listed(s)
    assert "itars decline" in names and "itars spend 4tg for tech. tech int. up int" in names
    s.play("itars spend 4tg for tech. tech int. up int")
    assert s.state.seats[0].bowls[3] == 5 and s.actor == 0  # 4 more are left: asked again
    s.play("itars spend 4tg for tech. tech eco. up eco")
    p = s.state.seats[0]
    assert [pos for pos, _, _ in p.techs] == ["int", "eco"]
    assert p.bowls[3] == 0 and sum(p.bowls) == sum(before.bowls) - 8
    assert s.state.phase == "actions"


def test_itars_may_decline_and_need_the_institute() -> None:
    s = _itars(8)
    assert refused(s, "itars spend 3tg for tech. tech int. up int") == \
        ("gaia.tokens_for_tech", "gp.faction.itars.pi")
    assert refused(s, "itars spend 4tg for tech") == ("turn.incomplete",
                                                      "gp.action.upgrade_tech")
    s.play("itars spend 4tg for tech. tech int. up int. decline")
    assert s.state.seats[0].bowls[3] == 0 and not s.state.pending
    no_pi = _itars(8, structures={"3A7": "ts"})
    assert not no_pi.state.pending and no_pi.state.seats[0].bowls[3] == 0


# -- Gleens and Geodens ---------------------------------------------------------------


def test_gleens_pay_ore_for_gaia_planets_score_2_vp_and_gain_ore_for_qic() -> None:
    # 10B5 is a Gaia planet 2 hexes from the desert planet 10B2 (range 2 at level 2)
    s = duel({"faction": "gleens", "structures": {"10B2": "m"}, "ore": 2, "qic": 0,
              "credits": 2, "research": {"nav": 2}})
    assert "gleens build m 10B5" in listed(s)
    s.play("gleens build m 10B5")
    p = s.state.seats[0]
    assert (p.ore, p.credits, p.qic) == (0, 0, 0)
    assert dict(p.vp_sources).get("gleens") == 2
    # before the right academy, Q.I.C. comes as ore
    q = duel({"faction": "gleens", "structures": {"10B2": "m"}, "ore": 0, "qic": 0,
              "bowls": [0, 0, 4]})
    q.play("gleens spend 4pw for 1q")
    assert (q.state.seats[0].qic, q.state.seats[0].ore) == (0, 1)


def test_geodens_institute_gives_3_knowledge_for_a_new_planet_type() -> None:
    s = duel({"faction": "geodens", "structures": {"10A1": "PI"}, "knowledge": 0,
              "ore": 15, "credits": 10})
    targets = [n for n in ("10A2", "3A7") if s.state.planet(n) not in (None, "oxide")]
    s.play(f"geodens build m {targets[0]}")
    assert s.state.seats[0].knowledge == 3


# -- Ivits: space stations and one growing federation ---------------------------------


def _ivits(structures: dict[str, str], **me: Any) -> Session:
    players = [{"faction": "ivits", "structures": structures, **me},
               {"faction": "xenos", "structures": {"5A10": "m"}, "passed": True}]
    return Session(GAME, scenario={"round": 2, "players": players})


def test_ivits_space_station_extends_range_and_counts_in_federations() -> None:
    s = _ivits({"10A1": "PI", "10A2": "ts", "3A7": "m"}, qic=0)
    line = "ivits special space-station. build sp 3A8"
    assert line in listed(s)
    assert refused(s, "ivits special space-station. build sp 10A2")[1] == \
        "gp.faction.ivits.pi"
    s.play(line)
    p = s.state.seats[0]
    assert p.building_at("3A8") == "sp" and not s.state.pending
    from gaia_lab.games.gaia_project.rules import planet_types
    assert planet_types(s.state, p) == 3  # the station is no planet
    # institute 3 + trading station 2 + mine 1 + station 1 = 7
    fed = "ivits federation 10A1,10A2,3A7,3A8 fed2"
    assert fed in listed(s)
    s.play(fed)
    assert s.state.seats[0].federations == (("10A1", "10A2", "3A7", "3A8"),)


def test_a_trading_station_next_to_an_ivits_space_station_alone_is_isolated() -> None:
    # a space station is a structure only in federations (bot-flex-5, line 37): the
    # Terrans' trading station costs 6 credits with only a station within 2, 3 with a mine
    def credits_paid(ivits: dict[str, str]) -> int:
        s = Session(GAME, scenario={"round": 2, "players": [
            {"faction": "terrans", "structures": {"3A7": "m"}, "credits": 10, "ore": 4},
            {"faction": "ivits", "structures": ivits}]})
        s.play("terrans build ts 3A7")
        return 10 - s.state.seats[0].credits

    assert credits_paid({"5A10": "PI", "3A8": "sp"}) == 6
    assert credits_paid({"5A10": "PI", "3B4": "m"}) == 3


def test_ivits_extend_their_one_federation_paying_satellites_in_qic() -> None:
    first = ["10A1", "10A2", "3A7"]
    s = _ivits({"10A1": "PI", "10A2": "ts", "3A7": "ac1", "10B2": "lab", "1A5": "ts",
                "3B4": "ts"}, qic=3, federations=[first], fed_tokens=["fed2"])
    options = sorted(a for a in listed(s) if " federation " in a)
    assert options, "the Ivits can extend their federation"
    line = options[0]
    assert line.endswith(" fed1")  # 12 VP, no resources
    names = line.split()[2].split(",")
    assert not set(first) & set(names)  # only the new hexes are named
    sats = [n for n in names if s.state.seats[0].building_at(n) is None]
    s.play(line)
    p = s.state.seats[0]
    assert len(p.federations) == 2 and p.qic == 3 - len(sats)
    assert p.satellites == len(sats)
    # a second federation needs 14 together: the first one alone (8) cannot grow by 2
    small = _ivits({"10A1": "PI", "10A2": "ts", "3A7": "ac1", "3B4": "ts"}, qic=3,
                   federations=[first], fed_tokens=["fed2"])
    code, rule = refused(small, "ivits federation 3B4 fed3")
    assert (code, rule) == ("federation.power_too_low", "gp.federation.power")


# -- Taklons: the brainstone ----------------------------------------------------------


def _taklons(**me: Any) -> Session:
    return duel({"faction": "taklons", "structures": {"10A2": "m"}, **me})


def _charged(s: Session, line: str) -> Any:
    """The Taklons' state after answering a charge from a Xenos building next to 10A2."""
    from gaia_lab.games.gaia_project import rules
    from gaia_lab.games.gaia_project.notation import parse_move

    state = rules._offer_charges(s.state, 1, "3A7")
    assert (state.pending[0].kind, state.pending[0].actor) == ("charge", 0)
    return rules.play(state, parse_move(line))[0].seats[0]


def test_taklons_start_with_the_brainstone_in_bowl_one_and_charge_it_first() -> None:
    s = _taklons()
    p = s.state.seats[0]
    assert (p.bowls, p.brainstone) == ((3, 4, 0, 0), 0)
    after = _charged(s, "taklons charge 1pw")
    assert (after.bowls, after.brainstone) == ((2, 5, 0, 0), 1)
    kept = _charged(s, "taklons charge 1pw. brainstone area1")
    assert (kept.bowls, kept.brainstone) == ((2, 5, 0, 0), 0)
    from gaia_lab.games.gaia_project import rules
    from gaia_lab.games.gaia_project.notation import parse_move
    state = rules._offer_charges(s.state, 1, "3A7")
    try:
        rules.play(state, parse_move("taklons charge 1pw. brainstone area3"))
    except rules.Refusal as r:
        assert (r.code, r.rule.id) == ("brainstone.choice", "gp.faction.taklons")
    else:
        raise AssertionError("the brainstone cannot reach bowl III with 1 power")


def test_taklons_spend_the_brainstone_as_three_power() -> None:
    s = _taklons(bowls=[0, 0, 2], brainstone=2, ore=0, credits=0)
    names = listed(s)
    assert "taklons spend 3pw for 1o" in names
    assert "taklons spend 1pw for 1c. brainstone area3" in names
    s.play("taklons spend 3pw for 1o")
    p = s.state.seats[0]
    assert (p.bowls, p.brainstone, p.ore) == ((1, 0, 1, 0), 0, 1)
    keep = _taklons(bowls=[0, 0, 2], brainstone=2, credits=0)
    keep.play("taklons spend 1pw for 1c. brainstone area3")
    assert (keep.state.seats[0].bowls, keep.state.seats[0].brainstone) == ((1, 0, 1, 0), 2)
    assert refused(keep, "taklons spend 2pw for 2c. brainstone area3") == \
        ("power.not_enough", "gp.faction.taklons")
    four = _taklons(bowls=[0, 0, 2], brainstone=2, qic=0)
    four.play("taklons spend 4pw for 1q")
    assert (four.state.seats[0].bowls, four.state.seats[0].qic) == ((2, 0, 0, 0), 1)


def test_taklons_brainstone_in_a_power_action_with_a_mine() -> None:
    s = _taklons(bowls=[0, 0, 4], brainstone=2, ore=3, credits=4)
    names = listed(s)
    used = next(a for a in sorted(names)
                if a.startswith("taklons action power6. brainstone area1. build m "))
    kept = used.replace("area1", "area3")
    assert kept in names
    s.play(used)
    assert (s.state.seats[0].bowls[:3], s.state.seats[0].brainstone) == ((1, 0, 3), 0)
    k = _taklons(bowls=[0, 0, 4], brainstone=2, ore=3, credits=4)
    k.play(kept)
    assert (k.state.seats[0].bowls[:3], k.state.seats[0].brainstone) == ((3, 0, 1), 2)


def test_taklons_place_the_brainstone_when_an_action_charges() -> None:
    def taklons() -> Session:
        return _taklons(bowls=[2, 3, 0], brainstone=1, techs=["nav"],
                        research={"eco": 2}, knowledge=4)

    names = listed(taklons())
    for line in ("taklons special 4pw. brainstone area3", "taklons special 4pw. brainstone area2",
                 "taklons up eco. brainstone area3", "taklons up eco. brainstone area2"):
        assert line in names
    first = taklons()
    first.play("taklons special 4pw. brainstone area3")  # the brainstone moves first
    kept = taklons()
    kept.play("taklons special 4pw. brainstone area2")  # the other tokens move first
    assert (first.state.seats[0].bowls[:3], first.state.seats[0].brainstone) == ((0, 3, 2), 2)
    assert (kept.state.seats[0].bowls[:3], kept.state.seats[0].brainstone) == ((0, 3, 2), 1)
    assert refused(taklons(), "taklons up sci. brainstone area3") == \
        ("brainstone.unexpected", "gp.faction.taklons")  # level 1 charges nothing


def test_taklons_brainstone_into_the_gaia_area_and_institute_token() -> None:
    s = _taklons(bowls=[3, 4, 0], research={"gaia": 1}, structures={"10A2": "m",
                                                                     "3A7": "m"})
    target = next(a for a in sorted(listed(s)) if a.endswith(". brainstone gaia"))
    s.play(target)
    p = s.state.seats[0]
    assert p.brainstone == 3 and p.bowls[3] == 6
    # the institute: 1 token with each charge, before or after it
    pi = _taklons(structures={"10A2": "PI"}, bowls=[1, 4, 0])
    first = _charged(pi, "taklons charge 1t,3pw")
    then = _charged(pi, "taklons charge 3pw,1t")
    assert (first.bowls, first.brainstone) == ((0, 5, 1, 0), 2)
    assert (then.bowls, then.brainstone) == ((1, 3, 2, 0), 2)
    from gaia_lab.games.gaia_project import rules
    from gaia_lab.games.gaia_project.notation import parse_move
    state = rules._offer_charges(pi.state, 1, "3A7")
    listed_charges = {str(m) for m in GAME.legal_actions(state)}
    assert {"taklons charge 1t,3pw", "taklons charge 3pw,1t"} <= listed_charges
    try:
        rules.play(state, parse_move("taklons charge 3pw"))
    except rules.Refusal as r:
        assert (r.code, r.rule.id) == ("charge.token", "gp.faction.taklons.pi")
    else:
        raise AssertionError("with the institute the token order is named")


def _income_now(s: Session, first: Any = None) -> Any:
    """The state at the next round's income, the first seat replaced by ``first``."""
    from gaia_lab.core.values import evolve
    from gaia_lab.games.gaia_project import rules

    state = s.state if first is None else s.state.with_seat(0, first)
    return rules.settle(evolve(state, phase="income", round=3, order=(0, 1), current=None,
                               pending=()))[0]


def test_taklons_take_income_charges_in_the_order_their_sources_were_gained() -> None:
    from gaia_lab.games.gaia_project import rules

    # tech5 (1 ore, 1 power) already held, the institute (4 power, 1 token) built now
    # bowl I: the brainstone and 1 token
    s = _taklons(structures={"10A2": "ts", "3A10": "m"}, techs=["eco"], ore=9, credits=20,
                 bowls=[2, 0, 0])
    s.play("taklons build PI 10A2")
    p = s.state.seats[0]
    assert p.income_order == ("PI",)
    assert [k for k, r in rules.income_items(s.state, p) if r.charge_power] == ["tech5", "PI"]
    state = _income_now(s)
    assert state.pending == (Task("income", 0, ("pw", 1, "pw", 4, "t", 1)),)
    # the token first, then the tile's 1 power (the brainstone kept in bowl I), then the
    # institute's 4 (the brainstone to bowl III): the public engine's line
    line = "taklons income t. brainstone area1. brainstone area3"
    after = GAME.apply(state, GAME.parse_action(state, line)).state.seats[0]
    assert (after.bowls, after.brainstone) == ((0, 1, 2, 0), 2)
    # gained the other way round, the institute's charge comes first
    late = p.gained("tech5")
    assert late.income_order == ("PI", "tech5")
    assert _income_now(s, late).pending == (Task("income", 0, ("pw", 4, "t", 1, "pw", 1)),)


def test_taklons_institute_token_after_charging_nothing() -> None:
    # every token in bowl III: 'charge 0pw,1t' takes only the token, for no VP
    s = _taklons(structures={"10A2": "PI"}, bowls=[0, 0, 2], brainstone=2)
    p = _charged(s, "taklons charge 0pw,1t")
    assert (p.bowls, p.brainstone, p.vp) == ((1, 0, 2, 0), 2, s.state.seats[0].vp)


def test_the_brainstone_counts_three_power_at_the_end() -> None:
    from gaia_lab.games.gaia_project.scoring import resource_vp

    assert resource_vp(0, 0, 0, 0, (0, 0, 1, 0), extra_power=2)[0] == 1
