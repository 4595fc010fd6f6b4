"""Black Rose Wars: Gaea Reborn rules: each rule of Gaea, her Servant and the modelled core,
and a check that every rule of this part of the rulebook is exercised by a test, an
example, or the events and verdicts of random games."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

from gaia_lab import Session
from gaia_lab.core.errors import NotationError
from gaia_lab.games.black_rose_wars import priority
from gaia_lab.games.black_rose_wars.actions import Action, parse
from gaia_lab.games.black_rose_wars.examples import EXAMPLES, ROOMS
from gaia_lab.games.black_rose_wars.game import BlackRoseWars
from gaia_lab.games.black_rose_wars.lodge import lodge
from gaia_lab.games.black_rose_wars.rulebook import RULES, is_reconstructed
from gaia_lab.games.black_rose_wars.rules import explain_choice
from gaia_lab.games.black_rose_wars.state import BRWState, RootToken

G = BlackRoseWars()
R = G.rules

OTHER_PARTS = ("brw.paths.", "brw.legendary.", "brw.large.", "brw.hunt.", "brw.school.",
               "brw.models.talia", "brw.forgotten.gaea_legend", "brw.components.legendary",
               "brw.ruling.legend_from_her", "brw.ruling.legend_which",
               "brw.core.personal_spells")
"""Rules of the Paths, Talia and Geomancy, the Legendary Scenario and the Large Models,
built in their own modules."""

COVERED: set[str] = set()
"""Rules a test below asserts directly (rules that describe components or text)."""


def covers(*rule_ids: str) -> None:
    for rule_id in rule_ids:
        assert rule_id in RULES
        COVERED.add(rule_id)


def small(**spec: object) -> BRWState:
    return G.scenario({"players": 1, "rooms": list(ROOMS), **spec})


def play(state: BRWState, *texts: str) -> tuple[BRWState, list[str]]:
    """Play actions, then settle every rules and chance step; the events' rule ids."""
    cited: list[str] = []
    for text in texts:
        verdict = G.explain(state, parse(text))
        assert verdict.legal, verdict
        step = G.apply(state, parse(text))
        state = step.state
        cited += [e.rule.id for e in step.events if e.rule]
    state, more = settle(state)
    return state, cited + more


def settle(state: BRWState) -> tuple[BRWState, list[str]]:
    cited: list[str] = []
    while state.task is not None and state.task.seat is None:
        step = G.apply(state, G.legal_actions(state)[0])
        state = step.state
        cited += [e.rule.id for e in step.events if e.rule]
    return state, cited


@cache
def cited_in_play() -> frozenset[str]:
    """Rule ids cited by events, pending steps and verdicts of random games."""
    cited: set[str] = set()
    for players in range(1, 6):
        for seed in range(3):
            rng = random.Random(seed)
            s = Session(G, players=players, seed=seed, auto=False)
            while not s.is_over():
                pending = s.pending
                assert pending is not None
                cited.add(pending.rule.id)
                actions = s.legal_actions()
                action = rng.choice(actions)
                verdict = s.explain(action)
                if verdict.rule:
                    cited.add(verdict.rule.id)
                for e in (s.step() if s.actor in ("chance", "rules") else s.play(action)):
                    if e.rule:
                        cited.add(e.rule.id)
                if s.state.choice is not None:
                    cited.update(x.rule for x in s.state.choice.steps)
    for ex in EXAMPLES:
        session = ex.run()
        cited.update(e.rule.id for e in session.events if e.rule)
        cited.update(step.rule.id for step in ex.steps if step.rule)
    return frozenset(cited)


# -- the rulebook -------------------------------------------------------------------------
def test_rule_ids_and_sections() -> None:
    assert all(r.startswith("brw.") for r in RULES)
    core = [r for r in RULES.values() if r.id.startswith("brw.core.")]
    assert core and all(is_reconstructed(r) for r in core)
    # besides the modelled core, only the Hunt drill's modelled Battlefield is reconstructed
    assert {r.id for r in RULES.values() if is_reconstructed(r)
            and not r.id.startswith("brw.core.")} == {"brw.hunt.battlefield", "brw.hunt.drill"}
    assert RULES["brw.avatar.card"].section == "Avatar Card Anatomy"
    assert "Root Tokens" in RULES.sections()


# -- Gaea's setup and components -----------------------------------------------------------
def test_setup_steps_in_order() -> None:
    covers("brw.setup.step", "brw.models.gaea", "brw.components.avatar",
           "brw.forgotten.decks", "brw.forgotten.natures_fury")
    s = G.new_initial_state(2, seed=1)
    kinds = [t.kind for t in s.tasks]
    assert kinds == ["lodge", "gaea_model", "filius_token", "filius_card", "root_tokens",
                     "natures_fury", "shuffle", "events", "mages"]
    assert "natures_fury" in s.forgotten_spells
    state, cited = settle(s)
    assert cited[1:6] == ["brw.setup.gaea_model", "brw.setup.filius_token",
                          "brw.setup.filius_card"] + ["brw.setup.root_tokens"] * 2
    assert state.avatar.model.where == "black_rose_room"
    assert state.avatar.root_pool == 12 - 7
    assert "natures_fury" not in state.forgotten_spells
    assert len(state.avatar.commands) == 30
    assert [len(d) for d in state.event_decks] == [12, 13, 13]  # round 1 revealed one
    assert state.events and state.events[0] in G.components.event_deck(1)


def test_avatar_and_filius_cards() -> None:
    covers("brw.avatar.card", "brw.filius.card", "brw.components.list", "brw.avatar.skills",
           "brw.priority.lines", "brw.avatar.tool", "brw.lodge.layouts")
    gaea, filius = G.components.avatar_card("gaea"), G.components.avatar_card("filius")
    assert (gaea.health, gaea.strength, gaea.speed) == (12, 1, 2)
    assert (filius.speed, filius.strength, filius.health) == (2, 2, 3)
    assert len(gaea.priorities) == 2 and len(G.components.commands) == 30
    assert (gaea.root_tokens, gaea.arbor_vitae) == (12, 3)
    assert {c.priority for c in G.components.commands} == {1, 2}
    assert any("root" in c.effects for c in G.components.commands)
    assert [lay.players for lay in G.components.layouts] == [1, 2, 3, 4, 5]


# -- Root Tokens ----------------------------------------------------------------------------
def test_root_token_placement_adds_two_slots() -> None:
    covers("brw.root.one_per_room", "brw.root.placement", "brw.root.rebuilt_room")
    s = small(lodge={"crypt": {"root": None, "slots": ["mage1"] * 2},
                     "forge": {"rebuilt": True, "root": None}})
    assert s.room("crypt").free_slots == 4
    events: list = []
    s2 = R.place_root(s, "crypt", events, "brw.avatar.tool")
    assert s2.room("crypt").root == RootToken() and s2.room("crypt").free_slots == 6
    assert s2.avatar.root_pool == s.avatar.root_pool - 1
    again = R.place_root(s2, "crypt", events, "brw.avatar.tool")
    assert again == s2 and events[-1].rule.id == "brw.root.no_place"
    rebuilt = R.place_root(s2, "forge", events, "brw.avatar.tool")
    assert rebuilt.room("forge").root == RootToken() and rebuilt.room("forge").rebuilt


def test_root_token_empty_pool() -> None:
    s = G.scenario({"players": 5})
    assert s.avatar.root_pool == 0
    events: list = []
    assert R.place_root(s, "observatory", events, "brw.avatar.tool") == s
    assert "pool is empty" in events[-1].text


def test_instability_fills_root_first_and_counts_in_room() -> None:
    covers("brw.root.in_room")
    s = small()
    events: list = []
    s = R.place_instability(s, "forge", "mage1", 3, events, "brw.core.cast")
    assert s.room("forge").root.slots == ("mage1", "mage1")
    assert s.room("forge").slots == ("mage1",) and s.room("forge").instability == 3
    assert priority.gaea_target(s, 1).chosen == "forge"


def test_rebuilt_room_takes_only_black_rose_on_root() -> None:
    s = small(lodge={"crypt": {"rebuilt": True}})
    events: list = []
    same = R.place_instability(s, "crypt", "gaea", 1, events, "brw.avatar.effect")
    assert same.room("crypt").root.slots == () and events[-1].kind == "instability.none"
    rose = R.place_instability(s, "crypt", "black_rose", 1, events, "brw.core.black_rose_phase")
    assert rose.room("crypt").root.slots == ("black_rose",)


def test_root_token_ignores_less_than_two_damage() -> None:
    covers("brw.root.model", "brw.ruling.root_pool")
    s = small(lodge={"crypt": {"root": ["gaea"]}})
    events: list = []
    assert R.damage(s, "root:crypt", 1, "mage1", events, "brw.core.attack") == s
    assert events[-1].rule.id == "brw.root.destruction"
    gone = R.damage(s, "root:crypt", 2, "mage1", events, "brw.core.attack")
    assert gone.room("crypt").root is None and gone.avatar.root_pool == s.avatar.root_pool + 1
    targets = R.targets_near(small(seats=[{"where": "crypt"}]), 0, 0)
    assert "root:crypt" in targets


def test_rebuild_ranks_owners() -> None:
    s = small(lodge={"crypt": {"slots": ["mage1", "gaea", "gaea", "black_rose"],
                               "root": ["mage1", "black_rose"]}})
    shares = R.rebuild_shares(s, "crypt")
    # crypt pays 4, 2, 1: three owners with 2 each share the first rank, 4 - 1 each
    assert sorted(shares) == [("black_rose", 2, 3), ("gaea", 2, 3), ("mage1", 2, 3)]
    alone = small(lodge={"crypt": {"slots": ["gaea"] * 5}})
    assert R.rebuild_shares(alone, "crypt") == [("gaea", 5, 5)]


# -- the Avatar Effect, Arbor Vitae, Burst, Dominion ---------------------------------------------
def test_avatar_effect_moves_one_instability_per_room() -> None:
    covers("brw.arbor_vitae", "brw.ruling.roots_which", "brw.ruling.effect_from_target")
    s = small(lodge={"crypt": {"slots": ["mage1", "gaea"]},
                     "forge": {"slots": ["black_rose"], "root": ["mage1"]}})
    events: list = []
    after = R.avatar_effect(s, "garden", events)
    assert after.room("garden").root.slots == ("gaea",)
    assert after.room("crypt").root.slots == ("gaea",) and after.room("crypt").slots == (
        "mage1",)
    assert after.room("forge").root.slots == ("mage1", "black_rose")
    assert after.arbor_vitae == ()


def test_no_arbor_vitae_when_the_pool_is_empty() -> None:
    s = small(arbor_vitae=["crypt", "forge", "garden"], lodge={
        "arena": {"root": ["gaea", "gaea"]}, "armory": {"root": ["gaea", "gaea"]},
        "throne_room": {"root": ["gaea", "gaea"]}})
    assert R.arbor_vitae(s, 3, []) == s


def test_blossoming_burst_counts_and_wins() -> None:
    s = small(at="burst", arbor_vitae=["crypt"], lodge={"forge": {"root": ["gaea", "mage1"]}})
    assert s.task is not None and s.task.kind == "burst"
    after, cited = play_rules(s, 1)
    assert after.avatar.power == 2 and "brw.skill.blossoming_burst" in cited
    assert after.task is not None and after.task.kind == "cleanup"
    won, cited = play_rules(small(at="burst", arbor_vitae=["crypt", "forge", "garden"]), 1)
    assert won.tasks == () and won.victory == "blossoming" and G.winners(won) == ()
    assert cited[-1] == "brw.skill.blossoming_win"


def play_rules(state: BRWState, n: int) -> tuple[BRWState, list[str]]:
    cited: list[str] = []
    for _ in range(n):
        step = G.apply(state, G.legal_actions(state)[0])
        state = step.state
        cited += [e.rule.id for e in step.events if e.rule]
    return state, cited


def test_dominion_in_a_cell() -> None:
    s = small(at="avatar", gaea={"where": "cell1"})
    after, cited = play_rules(s, 1)
    assert after.avatar.model.where == "black_rose_room"
    assert cited == ["brw.skill.dominion"] and after.avatar.card == ""


# -- priorities ----------------------------------------------------------------------------
def test_gaea_priority_steps_and_trace() -> None:
    covers("brw.priority.gaea1", "brw.priority.gaea2", "brw.ruling.models_in_room")
    s = small(seats=[{"where": "crypt"}],
              lodge={"crypt": {"root": None, "slots": ["mage1"]},
                     "forge": {"root": None, "slots": ["gaea"]}})
    one, two = priority.gaea_target(s, 1), priority.gaea_target(s, 2)
    assert (one.chosen, two.chosen) == ("crypt", "forge")
    assert [x.criterion for x in one.steps] == ["-Root Token", "+Instability", "+Models"]
    assert one.steps[0].kept == ("crypt", "forge")
    assert dict(one.steps[2].values) == {"crypt": 1, "forge": 0}
    assert "keeps crypt (the most Models, 1)" in one.text()
    assert priority.models_in_room(s, "black_rose_room") == 2  # Gaea and the Root Token


def test_gaea_priority_stops_when_one_is_left() -> None:
    s = small(lodge={"arena": {"root": None}})
    choice = priority.gaea_target(s, 2)
    assert choice.chosen == "arena" and len(choice.steps) == 1


def test_crown_choice_is_a_decision_of_the_holder() -> None:
    covers("brw.core.crown")
    s = G.scenario({"players": 2, "rooms": list(ROOMS), "crown": 1, "at": "avatar",
                    "commands": ["c02"], "lodge": {"crypt": {"root": None},
                                                   "forge": {"root": None}}})
    s, _ = settle(s)
    assert s.task.kind == "crown" and s.task.actor == 1
    assert [str(a) for a in G.legal_actions(s)] == ["crown crypt", "crown forge"]
    refused = G.explain(s, Action("crown", ("garden",)))
    assert refused.code == "crown.not_tied" and refused.rule.id == "brw.core.choice_of_the_crown"
    assert explain_choice(s).kept == ("crypt", "forge")
    s, _ = play(s, "crown forge")
    assert s.choice is not None


def test_filius_priority_and_move() -> None:
    covers("brw.filius.servant", "brw.filius.priority", "brw.filius.most_damage",
           "brw.filius.closest", "brw.filius.most_trophies", "brw.ruling.move_ties")
    def spec(*seats: dict[str, object]) -> BRWState:
        return G.scenario({"players": 2, "rooms": list(ROOMS), "seats": list(seats)})

    tied = spec({"where": "crypt", "damage": 2},
                {"where": "armory", "damage": 2, "trophies": ["mage"]})
    choice = priority.filius_target(tied)
    assert [x.criterion for x in choice.steps] == ["+Power Points", "+Damage", "-Area",
                                                  "+Trophies"]
    assert choice.steps[2].kept == ("mage1", "mage2") and choice.chosen == "mage2"
    near = priority.filius_target(spec({"where": "crypt"}, {"where": "garden"}))
    assert near.chosen == "mage1" and near.steps[-1].criterion == "-Area"
    hurt = priority.filius_target(spec({"where": "garden", "damage": 3}, {"where": "crypt"}))
    assert hurt.chosen == "mage1" and hurt.steps[-1].criterion == "+Damage"


def test_move_choice_stops_as_close_as_possible() -> None:
    s = small()
    choice = priority.move_choice(s, "filius", "cell1")
    assert choice.chosen == "armory" and choice.steps[0].rule == "brw.ruling.move_ties"
    tie = priority.move_choice(s, "gaea", "cell1")  # from the middle: the Armory at once
    assert tie.chosen == "armory"


def test_filius_card_stays_when_defeated() -> None:
    covers("brw.filius.card_stays", "brw.filius.model")
    s = small(seats=[{"where": "throne_room"}])
    after = R.damage(s, "filius", 3, "mage1", [], "brw.core.attack")
    assert after.avatar.filius.where == "" and after.avatar.servant == "filius"


# -- the modelled core ------------------------------------------------------------------------
def test_turn_actions_and_refusals() -> None:
    covers("brw.core.cells", "brw.core.instability")
    s = small(seats=[{"where": "crypt", "prepared": ["arcane_bolt", "destabilize"]}])
    listed = {str(a) for a in G.legal_actions(s)}
    assert {"move throne_room", "move forge", "move armory", "attack root:crypt",
            "cast arcane_bolt root:forge", "cast destabilize crypt", "activate",
            "pass"} <= listed
    assert "move garden" in listed and "move cell1" not in listed  # 2 and 3 steps away
    codes = {text: G.explain(s, parse(text)).code for text in (
        "move cell1", "move nowhere", "attack gaea", "attack nobody", "cast blink arena",
        "cast arcane_bolt filius", "cast destabilize arena", "prepare blink arcane_bolt",
        "crown crypt")}
    assert codes == {
        "move cell1": "move.too_far",
        "move nowhere": "move.unknown_area", "attack gaea": "attack.out_of_range",
        "attack nobody": "attack.unknown_model", "cast blink arena": "cast.not_prepared",
        "cast arcane_bolt filius": "ok", "cast destabilize arena": "cast.out_of_range",
        "prepare blink arcane_bolt": "phase.turn", "crown crypt": "phase.turn"}


def test_notation_errors() -> None:
    for text in ("", "fly away", "move", "cast bolt", "attack a b", "move crypt!"):
        with pytest.raises(NotationError):
            parse(text)


def test_throne_room_and_rebuilt_activation() -> None:
    covers("brw.core.activate", "brw.core.mage")
    s = G.scenario({"players": 2, "rooms": list(ROOMS), "seats": [
        {}, {"where": "throne_room", "power": 2}]})
    assert G.explain(s, parse("activate")).code == "activate.not_in_room"
    after, cited = play(s, "pass", "activate")
    assert after.crown == 1 and after.mages[1].power == 1
    s = small(seats=[{"where": "crypt"}], lodge={"crypt": {"rebuilt": True}})
    after, cited = play(s, "activate")  # the rebuilt Crypt summons twice
    assert len(after.evocations) == 2 and after.room("crypt").used == (0,)
    assert after.room("crypt").slots == ()  # a rebuilt side takes no Instability
    assert G.explain(after, parse("activate")).code in ("activate.used", "phase.crown")


def test_defeat_by_gaea_gives_her_power() -> None:
    covers("brw.core.damage", "brw.core.defeat_evocation")
    s = small(seats=[{"where": "crypt", "damage": 10}])
    events: list = []
    after = R.damage(s, "mage1", 1, "gaea", events, "brw.ruling.gaea_attack")
    assert after.mages[0].where == "cell1" and after.avatar.power == 3


def test_round_phases() -> None:
    covers("brw.core.round", "brw.core.black_rose_phase", "brw.core.study",
           "brw.core.planning", "brw.core.action", "brw.core.avatar_turn",
           "brw.core.evocation_phase", "brw.core.cleanup", "brw.core.pass")
    s = G.scenario({"players": 2, "rooms": list(ROOMS), "at": "black_rose", "crown": 1})
    kinds = [t.kind for t in s.tasks]
    assert kinds == ["black_rose", "study", "planning", "planning", "turn", "turn", "avatar",
                     "turn", "turn", "avatar", "evocation", "burst", "cleanup"]
    assert [t.actor for t in s.tasks if t.kind == "planning"] == [1, 0]


def test_command_deck_reshuffles() -> None:
    covers("brw.core.command_deck")
    s = small(at="avatar")
    empty = dataclasses.replace(s, avatar=dataclasses.replace(
        s.avatar, commands=(), discard=s.avatar.commands))
    assert G.invariants(empty) == []
    after, cited = play_rules(empty, 1)
    assert [t.kind for t in after.tasks[:2]] == ["shuffle", "avatar"]
    assert G.chance_outcomes(after)[0][1] == 1


def test_power_board_and_end() -> None:
    covers("brw.core.power_board", "brw.core.end", "brw.core.moon")
    s = small(seats=[{"power": 40}])
    assert G.winners(s) == (0,)
    tie = G.scenario({"players": 2, "rooms": list(ROOMS), "crown": 1,
                      "seats": [{"power": 9}, {"power": 9}]})
    assert G.winners(tie) == (1,)
    assert G.winners(small(gaea_power=3)) == ()


def test_lodge_layouts() -> None:
    covers("brw.core.lodge", "brw.core.layout")
    for players in range(1, 6):
        s = G.scenario({"players": players})
        the_lodge = lodge(s)
        assert len(the_lodge.cells) == players
        assert all(the_lodge.distance(c.id, c.room) == 1 for c in s.cells)
        assert the_lodge.graph.number_of_nodes() == len(s.rooms) + players
        assert s.rooms[0].id == "black_rose_room" and s.rooms[1].id == "throne_room"


# -- Damage with owners, the Evocation deck, summoning and the Legend -------------------------
def test_damage_belongs_to_whoever_dealt_it() -> None:
    covers("brw.core.damage_owner")
    s = small(seats=[{"where": "crypt"}], gaea={"where": "crypt"}, at="avatar",
              evocations=[{"card": "cadaver_1", "owner": 0, "where": "crypt"}])
    assert R.damage_owner(s, "filius") == "gaea" and R.damage_owner(s, "cadaver_1") == "mage1"
    events: list = []
    hit = R.damage(s, "gaea", 2, "cadaver_1", events, "brw.core.evoke")
    hit = R.damage(hit, "gaea", 1, "filius", events, "brw.core.attack")
    assert hit.avatar.model.dealt == ("mage1", "mage1", "gaea")
    assert G.invariants(hit) == []
    broken = hit.with_avatar(model=dataclasses.replace(hit.avatar.model, dealt=()))
    assert "Damage but 0 owners" in " ".join(G.invariants(broken))


def test_a_defeats_power_goes_to_the_mage_with_the_most_damage_on_it() -> None:
    covers("brw.core.defeat_power")
    s = G.scenario({"players": 2, "rooms": list(ROOMS),
                    "seats": [{"where": "crypt"}, {"where": "crypt",
                                                    "dealt": ["mage1"] * 8 + ["gaea"]}],
                    "gaea": {"where": "crypt"}})
    events: list = []
    after = R.damage(s, "mage2", 2, "gaea", events, "brw.ruling.gaea_attack")
    assert after.mages[1].where == "cell2" and after.mages[1].damage == 0
    assert after.mages[0].power == 3 and after.avatar.power == 0
    assert after.mages[0].trophies == ()  # the Trophy is the defeating side's, not a Mage
    assert "defeat.damage" in [e.kind for e in events]
    # with no Mage's Damage on it, the side that defeated it gains them
    alone = G.scenario({"players": 1, "rooms": list(ROOMS), "seats": [{"where": "crypt",
                        "dealt": ["gaea"] * 10}], "gaea": {"where": "crypt"}})
    assert R.damage(alone, "mage1", 1, "filius", [], "brw.filius.priority").avatar.power == 3


def test_the_evocation_deck_holds_the_core_evocations_and_the_legend() -> None:
    covers("brw.core.evocation_deck")
    s = G.new_initial_state(2, 0)
    assert len(s.evocation_deck) == 18 and s.evocation_deck.count("gaea_legend") == 1
    assert G.components.evocation("cadaver_5").name == "Cadaver"
    assert G.components.evocation("gaea_legend").origin.provenance == "rulebook"


def test_a_grey_room_summons_an_evocation_drawn_at_random() -> None:
    covers("brw.core.summon")
    s = small(seats=[{"where": "crypt"}])
    step = G.apply(s, parse("activate"))
    assert step.state.task is not None and step.state.task.kind == "summon"
    drawn = G.legal_actions(step.state)[0]
    assert G.explain(step.state, drawn).legal
    assert G.explain(step.state, parse("summon attic")).code == "summon.not_in_deck"
    after = G.apply(step.state, drawn).state
    evocation = after.evocations[0]
    assert (evocation.card, evocation.owner, evocation.model.where) == (drawn.args[0], 0,
                                                                        "crypt")
    assert drawn.args[0] not in after.evocation_deck and G.invariants(after) == []
    full = small(seats=[{"where": "crypt"}], evocations=[
        {"card": f"cadaver_{i}", "owner": 0, "where": "forge"} for i in (1, 2, 3)])
    events = G.apply(full, parse("activate")).events
    assert "evocation.none" in [e.kind for e in events]
    with pytest.raises(Exception, match="has 3 Evocations already"):
        small(evocations=[{"card": f"cadaver_{i}", "owner": 0, "where": "forge"}
                          for i in (1, 2, 3, 4)])


def test_evocations_activate_in_the_evocation_phase_before_filius() -> None:
    covers("brw.core.evoke", "brw.core.evocation_phase", "brw.core.defeat_evocation")
    s = G.scenario({"players": 2, "rooms": list(ROOMS), "at": "evocation",
                    "seats": [{"where": "crypt"}, {"where": "forge"}],
                    "evocations": [{"card": "colossus_1", "owner": 0, "where": "crypt"},
                                   {"card": "cadaver_1", "owner": 1, "where": "forge",
                                    "damage": 1}]})
    s, _ = settle(s)
    assert [(t.kind, t.actor) for t in s.tasks[:3]] == [("evoke", 0), ("evoke", 1),
                                                       ("filius", "rules")]
    options = G.legal_actions(s)
    assert parse("evoke colossus_1 crypt none") in options
    assert parse("evoke colossus_1 crypt mage1") not in options  # never its owner's
    assert G.explain(s, parse("evoke colossus_1 forge mage1")).code == "evoke.target"
    after = G.apply(s, parse("evoke colossus_1 forge cadaver_1")).state
    assert after.evocation("cadaver_1") is None and after.evocation_discard == ("cadaver_1",)
    assert after.mages[0].trophies == ("evocation",) and after.mages[0].power == 1
    assert G.invariants(after) == []


def test_the_legend_picks_an_effect_after_she_moved_or_attacked() -> None:
    covers("brw.ruling.legend_action")
    spec = {"players": 2, "rooms": list(ROOMS), "at": "evocation",
            "seats": [{"where": "crypt"}, {"where": "crypt", "dealt": ["gaea"] * 4}],
            "evocations": [{"card": "gaea_legend", "owner": 0, "where": "crypt"}]}
    s, _ = settle(G.scenario(spec))
    after = G.apply(s, parse("evoke gaea_legend crypt mage2")).state
    assert after.task is not None and after.task.kind == "legend"
    assert G.legal_actions(after) == [parse("legend convert_damage mage2")]
    converted = G.apply(after, parse("legend convert_damage mage2")).state
    assert converted.mages[1].model.dealt == ("mage1",) * 3 + ("gaea", "mage1")
    # she stays and attacks no one: no Effect
    idle = G.apply(s, parse("evoke gaea_legend crypt none")).state
    assert idle.task is not None and idle.task.kind != "legend"


# -- every rule of this part is exercised ------------------------------------------------------
def test_every_rule_is_exercised() -> None:
    mine = {r for r in RULES if not r.startswith(OTHER_PARTS)}
    missing = sorted(mine - cited_in_play() - COVERED)
    assert missing == []
