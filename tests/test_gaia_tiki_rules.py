"""GAIA (Tiki Editions) rules, one rule at a time: effects, and refusals with their texts.

Every rule of the rulebook is cited by one of these tests or by a worked example (see
``test_every_rule_is_exercised``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_tiki import examples
from gaia_lab.games.gaia_tiki.game import GaiaTiki
from gaia_lab.games.gaia_tiki.rulebook import RULES
from gaia_lab.games.gaia_tiki.state import GTState

G = GaiaTiki()


def start(**spec: Any) -> GTState:
    return G.scenario(spec)


def play(state: GTState, *moves: str) -> GTState:
    for text in moves:
        action = G.parse_action(state, text)
        verdict = G.explain(state, action)
        assert verdict.legal, f"{text}: {verdict}"
        assert action in G.legal_actions(state) or state.task.actor == "chance"  # type: ignore[union-attr]
        state = G.apply(state, action).state
        assert G.invariants(state) == []
        while G.actor(state) == "rules":
            state = G.apply(state, G.legal_actions(state)[0]).state
    return state


def refusal(state: GTState, text: str) -> tuple[str, str, str]:
    """The code, rule id and message of a refused action (never listed)."""
    action = G.parse_action(state, text)
    verdict = G.explain(state, action)
    assert not verdict.legal and verdict.rule is not None
    assert action not in G.legal_actions(state)
    return verdict.code, verdict.rule.id, verdict.message


BOREA = {"F6": "plain", "F5": "forest", "G6": "desert"}
"""Borea (plain, forest, fish, mountain) on F6 meets forest (F5) only."""


# -- setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_counts(players: int) -> None:
    """gt.setup.market gt.setup.hands gt.setup.objectives gt.setup.meeples
    gt.components.meeples gt.setup.first_player gt.turn.actions"""
    s = G.scenario({"players": players})
    assert [len(m) for m in s.markets] == [3, 2, 0]
    assert all(len(p.hand) == 3 for p in s.seats)
    assert len(s.objectives) == players + 2
    assert "power" not in [o.card for o in s.objectives]
    assert all(p.meeples == (6 if players == 2 else 5) for p in s.seats)
    assert s.active == 0 and [t.kind for t in s.tasks] == ["act", "act", "next"]


def test_setup_advanced_with_powers() -> None:
    """gt.setup.decks gt.power.draw gt.cards.decks gt.power.optional"""
    s = G.scenario({"advanced": True})
    assert [len(m) for m in s.markets] == [3, 2, 2]
    assert all(sum(1 for c in p.hand if G.components.card_kind(c) == "power") == 1
               for p in s.seats)
    assert any(str(a) == "draw power 1" for a in G.legal_actions(s))
    no_powers = G.scenario({"advanced": True, "powers": False})
    assert no_powers.decks[2] == () and no_powers.markets[2] == ()
    assert refusal(no_powers, "draw power deck")[:2] == ("draw.no_powers", "gt.power.optional")
    assert refusal(start(), "power rain F6")[:2] == ("power.no_powers", "gt.power.optional")


def test_powers_need_the_advanced_rules() -> None:
    """gt.advanced.option"""
    with pytest.raises(InvalidStateError, match="advanced"):
        G.new_initial_state(2, 0, {"powers": True})


def test_first_tile_and_shuffle() -> None:
    """gt.setup.first_tile gt.components.grid gt.components.tiles gt.components.chips
    gt.components.animals"""
    s = G.new_initial_state(2, 5)
    assert G.chance_outcomes(s) == [(G.parse_action(s, "shuffle"), Fraction(1))]
    while G.actor(s) in ("chance", "rules"):
        s = G.apply(s, G.legal_actions(s)[0]).state
    (tile,) = s.tiles
    assert tile.at == "F6" and tile.terrain == s.discard[0].split("-")[0]
    c = G.components
    assert sum(s.tile_supply) == 48 - 1 and s.chip_supply == c.chips_total()
    assert s.bank == 20


# -- the turn ---------------------------------------------------------------------------

def test_draws_refill_and_pass() -> None:
    """gt.turn.draw gt.turn.refill gt.turn.twice gt.turn.pass gt.turn.next"""
    s = start()
    second, top = s.markets[0][1], s.decks[0][0]
    s2 = play(s, "draw nature 2")
    assert s2.markets[0][1] == top and second in s2.seat(0).hand
    s3 = play(s2, "draw nature 2")
    assert s3.active == 1 and len(s3.seat(0).hand) == 5
    s4 = play(s, "pass")
    assert s4.active == 1 and s4.turn == 1
    assert refusal(s, "draw life 3") == (
        "draw.no_card", "gt.turn.draw", "The life market shows 2 cards, not a card 3.")


def test_market_refill_of_the_last_card_ends_the_game() -> None:
    """gt.end.last_card"""
    s = start(players=3, active=1, deck_sizes={"life": 1})
    s = play(s, "draw life 1")
    assert s.end == "deck" and s.ender == 1 and s.tasks == ()
    assert refusal(s, "pass")[:2] == ("game.over", "gt.end.last_card")


def test_not_in_hand_and_not_now() -> None:
    """gt.turn.play gt.life.kinds"""
    s = start(seats=[{"hand": ["borea", "herd"]}])
    assert refusal(s, "city alba F6") == (
        "play.not_in_hand", "gt.turn.play", "P1 holds no City 'alba' (hand: borea, herd).")
    assert refusal(s, "city herd F6")[:2] == ("city.unknown", "gt.life.kinds")
    assert refusal(s, "animals borea F6")[:2] == ("animals.city", "gt.life.kinds")
    code, rule, message = refusal(s, "discard borea")
    assert code == "phase.not_now" and rule == "gt.turn.actions"
    assert "expected: animals, city, draw, pass, power, tile" in message


def test_hand_limit_discard_any_card() -> None:
    """gt.hand.limit"""
    s = start(seats=[{"hand": ["plain", "forest", "sea", "borea", "herd", "alba"]}])
    s = play(s, "draw life deck")
    assert s.task is not None and (s.task.kind, s.task.data) == ("discard", ("hand",))
    assert {str(a) for a in G.legal_actions(s)} >= {"discard plain", "discard borea"}
    assert refusal(s, "discard zefiro")[:2] == ("discard.not_in_hand", "gt.hand.limit")
    s = play(s, "discard alba")
    assert len(s.seat(0).hand) == 6 and "alba" in s.discard


def test_base_game_has_no_power_limit() -> None:
    """gt.hand.power_limit"""
    s = start(advanced=True, seats=[{"hand": ["rain", "sun"]}])
    s = play(s, "draw power deck")
    assert s.task is not None and s.task.data == ("power",)
    assert refusal(s, "discard plain" if any(c.startswith("plain") for c in s.seat(0).hand)
                   else "discard zzz")[0] in ("discard.not_power", "discard.not_in_hand")


# -- Nature cards -----------------------------------------------------------------------

def test_nature_tile_and_chip() -> None:
    """gt.nature.place gt.nature.discard gt.goal.panel"""
    s = start(seats=[{"hand": ["desert"]}])
    s = play(s, "tile desert F7")
    assert s.tile_at("F7").terrain == "desert"  # type: ignore[union-attr]
    assert s.seat(0).chip("desert") == 1 and s.chip_supply[4] == 4
    assert s.discard[-1].startswith("desert-") and s.seat(0).played[-1].startswith("desert")


def test_nature_refusals() -> None:
    """gt.nature.adjacent gt.nature.no_chip gt.nature.terrains gt.components.tiles"""
    s = start(seats=[{"hand": ["desert", "mountain"]}])
    assert refusal(s, "tile desert F8") == (
        "tile.not_adjacent", "gt.nature.adjacent", "F8 is not orthogonally next to a tile.")
    assert refusal(s, "tile desert F6")[:2] == ("tile.occupied", "gt.nature.adjacent")
    assert refusal(s, "tile lava F7")[:2] == ("tile.terrain", "gt.nature.terrains")
    no_chip = evolve(s, chip_supply=(6, 6, 5, 4, 0, 4))
    assert refusal(no_chip, "tile desert F7") == (
        "tile.no_chip", "gt.nature.no_chip",
        "No desert chip is left under the Objectives (0 of 5).")
    no_tile = evolve(s, tile_supply=(*s.tile_supply[:5], 0))
    assert refusal(no_tile, "tile mountain F7")[:2] == ("tile.no_tile", "gt.components.tiles")


# -- Cities -----------------------------------------------------------------------------

def test_city_needs_message() -> None:
    """gt.city.needs gt.city.orthogonal gt.satisfaction.count"""
    s = start(tiles={**BOREA, "G5": "mountain"}, seats=[{"hand": ["borea"]}])
    # G5 is diagonal to F6: its mountain does not count; G6's plain does
    assert refusal(s, "city borea F6")[2] == (
        "Borea needs 2 of plain, forest, fish, mountain; only forest is next to F6 (on F5).")
    assert refusal(s, "city borea G6")[:2] == ("city.terrain", "gt.city.terrain")
    s = start(tiles={**BOREA, "E6": "plain"}, seats=[{"hand": ["borea"]}])
    report = G.rules.needs_met(s, "borea", "F6")
    assert [(n.need, n.by) for n in report] == [
        ("plain", ("E6",)), ("forest", ("F5",)), ("fish", ()), ("mountain", ())]
    s = play(s, "city borea F6")
    assert s.city_at("F6").met == 2  # type: ignore[union-attr]


def test_city_terrain_star_and_free_tile() -> None:
    """gt.city.terrain gt.city.star gt.city.free_tile"""
    tiles = {"F6": "sea", "F5": "plain", "F7": "forest", "E6": "plain", "G6": "sea",
             "E5": "forest"}
    s = start(tiles=tiles, animals={"E6": ["goat", 2]},
              seats=[{"hand": ["borea", "sole", "alba"]}])
    assert refusal(s, "city borea F6") == (
        "city.terrain", "gt.city.terrain", "Borea stands on plain; F6 is sea.")
    assert refusal(s, "city sole F6") == (
        "city.star_sea", "gt.city.star", "Sole has a star: any terrain but sea; F6 is sea.")
    assert refusal(s, "city alba E6") == (
        "city.animals", "gt.city.free_tile",
        "E6 holds 2 goat token(s); a City needs a tile without Animals.")
    assert refusal(s, "city alba F4")[:2] == ("city.no_tile", "gt.city.terrain")
    s = play(s, "city sole F5")  # a star on a plain: sea (F6) and forest (E5)
    assert s.city_at("F5").met == 2  # type: ignore[union-attr]


def test_animals_do_not_cover_their_tile() -> None:
    """gt.animal.not_cover"""
    s = start(tiles={"F6": "plain", "F5": "forest", "E6": "plain", "G6": "forest"},
              animals={"E6": ["goat", 1]}, seats=[{"hand": ["alba", "sole"]}])
    # the goats' tile E6 still counts as a plain: forest, plain and goat for Elce
    assert G.rules.satisfaction(s, "elce", "F6") == 3
    s = play(s, "city alba F6")
    assert refusal(s, "city sole F6") == (
        "city.occupied", "gt.city.free_tile", "F6 already holds the City Alba.")


def test_covering_lowers_a_neighbour() -> None:
    """gt.city.covers gt.city.meeple gt.city.share gt.satisfaction.lower"""
    s = examples.EMPTIED.run()
    assert s.state.city_at("F6") is None


def test_advanced_city_at_four_falls_to_one() -> None:
    """gt.advanced.full_low"""
    s = start(advanced=True, tiles={"F6": "plain", "F5": "forest", "G6": "plain",
                                    "F7": "mountain", "E6": "sea", "E5": "plain"},
              animals={"E6": ["fish", 1]}, cities={"F6": ["borea", [1, 1]]},
              seats=[{"hand": ["volcano", "lightning"]}])
    assert s.city_at("F6").met == 4  # type: ignore[union-attr]
    # a flood cannot reach; instead destroy the neighbours by a swap-free path: use
    # satisfy on a table with F5, G6, F7 gone
    table = evolve(s, tiles=tuple(t for t in s.tiles if t.at in ("F6", "E6", "E5")))
    events: list[Any] = []
    after = G.rules.satisfy(table, 0, events)
    assert after.city_at("F6").met == 1 and after.city_at("F6").meeples == ()  # type: ignore[union-attr]
    assert after.seat(1).meeples == 6 and events[0].rule.id == "gt.satisfaction.empty"


# -- Animals and feeding ----------------------------------------------------------------

def test_animals_refusals_and_effect() -> None:
    """gt.animal.place gt.animal.discard gt.animal.need"""
    s = start(tiles={"F6": "plain", "F5": "forest", "G6": "mountain", "F7": "sea"},
              cities={"F6": ["alba", [0]]}, seats=[{"hand": ["herd", "deer"]}])
    assert refusal(s, "animals herd F5") == (
        "animals.terrain", "gt.animal.place", "Herd goes on plain; F5 is forest.")
    assert refusal(s, "animals herd F6")[:2] == ("animals.occupied", "gt.animal.place")
    assert s.city_at("F6").met == 3  # type: ignore[union-attr]
    s = play(s, "animals deer F5")
    assert s.tile_at("F5").animals == 3 and s.bank == 17  # type: ignore[union-attr]
    assert s.city_at("F6").met == 4 and s.discard[-1].startswith("deer")  # type: ignore[union-attr]
    empty = evolve(start(seats=[{"hand": ["herd"]}]), bank=0)
    empty = evolve(empty, tiles=(evolve(empty.tiles[0], animals=20, kind="goat", terrain="sea"),))
    assert refusal(empty, "animals herd F6")[:2] == ("animals.bank", "gt.animal.place")


def test_animals_next_to_animals_raise_nothing() -> None:
    """gt.satisfaction.animals_once"""
    s = start(tiles={"F6": "plain", "F5": "forest", "G6": "forest", "E6": "sea"},
              animals={"F5": ["goat", 1]}, cities={"F6": ["alba", [0]]},
              active=1, seats=[{}, {"hand": ["deer"]}])
    before = s.city_at("F6")
    s = play(s, "animals deer G6")
    assert s.city_at("F6") == before  # goat already met: no raise, no meeple for P2


def test_feeding_only_own_cities_and_refusals() -> None:
    """gt.feed.own gt.feed.when gt.animal.eaten"""
    spec: dict[str, Any] = {
        "tiles": {"F6": "plain", "F5": "forest", "G6": "mountain", "E6": "sea"},
        "animals": {"F5": ["goat", 2], "G6": ["goat", 1]},
        "cities": {"F6": ["alba", [1]]}}
    s = start(**spec)
    assert s.task is not None and s.task.kind == "act"  # P1 feeds nothing of P2's
    s = start(**spec, active=1)
    assert s.task is not None and s.task.kind == "feed"
    assert refusal(s, "feed F6 from E6") == (
        "feed.no_animal", "gt.feed.one",
        "E6 cannot feed the City on F6 (tiles with an Animal it needs: F5, G6).")
    assert refusal(s, "feed F5 from F6")[:2] == ("feed.other_city", "gt.feed.own")
    s = play(s, "feed F6 from F5")
    assert s.tile_at("F5").animals == 1 and s.tile_at("F5").eaten == 1  # type: ignore[union-attr]
    assert GTState.from_json(s.to_json()) == s


def test_the_eaten_count_is_kept_and_bounded() -> None:
    """gt.animal.eaten"""  # one tile to eat from: the City is fed from it at once
    s = start(tiles={"F6": "plain", "F5": "forest", "E6": "sea"},
              animals={"F5": ["goat", 1]}, cities={"F6": ["alba", [1]]}, active=1)
    tile = s.tile_at("F5")
    assert tile is not None and (tile.animals, tile.kind, tile.eaten) == (0, "", 1)
    assert G.invariants(s) == []
    flooded = evolve(s, tiles=tuple(evolve(t, eaten=999) for t in s.tiles))
    assert any("Animals eaten by turn" in p for p in G.invariants(flooded))
    with pytest.raises(InvalidStateError, match=r"eaten: must be from 0 to 999, got 1000"):
        GTState.from_json(s.to_json().replace('"eaten":1', '"eaten":1000'))


# -- satisfaction -----------------------------------------------------------------------

def test_no_meeple_left_places_none() -> None:
    """gt.satisfaction.no_meeple gt.satisfaction.recompute"""
    s = start(tiles={**BOREA, "E6": "plain", "F7": "mountain"},
              cities={"F6": ["borea", [0]]})
    empty = s.with_seat(1, evolve(s.seat(1), meeples=0))
    lowered = evolve(empty, cities=(evolve(empty.cities[0], met=2),))
    after = G.rules.satisfy(lowered, 1, [])
    assert after.city_at("F6").met == 3 and after.city_at("F6").meeples == (0,)  # type: ignore[union-attr]


# -- Objectives -------------------------------------------------------------------------

def test_objectives_exclusive_never_replaced_in_order() -> None:
    """gt.objective.exclusive gt.objective.never_replaced gt.objective.order"""
    s = start(objectives=["fields", "woods", "coast", "marsh"], claimed={"fields": 1},
              seats=[{"hand": ["plain"], "chips": {"plain": 2, "forest": 2}}])
    s = play(s, "tile plain F7")
    # Fields is P2's: P1's 3 plain chips claim Woods (2 forest, 1 plain) only
    assert [o.claimed for o in s.objectives] == [1, 0, -1, -1]
    assert s.seat(0).chips[:2] == (2, 0) and len(s.objectives) == 4
    both = start(objectives=["fields", "woods", "coast", "marsh"],
                 seats=[{"hand": ["plain"], "chips": {"plain": 3, "forest": 2}}])
    both = play(both, "tile plain F7")
    assert [o.claimed for o in both.objectives] == [0, 0, -1, -1]
    assert both.seat(0).chips[:2] == (0, 0)


def test_last_meeple_wins() -> None:
    """gt.goal gt.end.last_meeple"""
    s = examples.LAST_MEEPLE.run()
    assert s.state.end == "meeples" and s.winners() == (0,)


def test_tie_break_goes_clockwise_after_the_ender() -> None:
    """gt.end.tie"""
    s = start(players=4, active=3, deck_sizes={"nature": 1},
              objectives=["fields", "woods", "coast", "marsh", "dunes", "peaks"],
              claimed={"woods": 1, "coast": 2, "marsh": 3})
    s = play(s, "draw nature deck")
    assert G.winners(s) == (1,)  # P2, P3, P4 tied; after P4 comes P1 (none), then P2


# -- Powers -----------------------------------------------------------------------------

def powers(hand: list[str], **spec: Any) -> GTState:
    return start(advanced=True, seats=[{"hand": hand}], **spec)


def test_power_kept_in_front_and_transform() -> None:
    """gt.power.play gt.power.kept gt.power.transform"""
    s = powers(["rain"], tiles={"F6": "desert", "F7": "sea"})
    assert refusal(s, "power rain F7") == (
        "power.terrain", "gt.power.transform", "Rain changes desert or swamp; F7 is sea.")
    assert refusal(s, "power rain F8")[:2] == ("power.no_tile", "gt.power.transform")
    assert refusal(s, "power rain F6 F7")[:2] == ("power.targets", "gt.power.transform")
    s = play(s, "power rain F6")
    assert s.tile_at("F6").terrain == "plain" and s.seat(0).powers[0].startswith("rain")  # type: ignore[union-attr]
    assert s.tile_supply[4] == 10 and s.tile_supply[0] == 9


def test_power_swap() -> None:
    """gt.power.swap"""
    s = powers(["earthquake"], tiles={"F6": "desert", "F7": "sea", "G7": "plain"},
               animals={"F7": ["fish", 2]})
    assert refusal(s, "power earthquake F6 G7")[:2] == ("power.not_neighbours",
                                                        "gt.power.swap")
    s = play(s, "power earthquake F7 F6")
    assert (s.tile_at("F6").terrain, s.tile_at("F6").animals) == ("sea", 2)  # type: ignore[union-attr]
    assert s.tile_at("F7").terrain == "desert"  # type: ignore[union-attr]


def test_power_on_own_city_and_disaster_flags() -> None:
    """gt.power.own_cities gt.power.destroy gt.power.disaster"""
    s = powers(["volcano"], tiles={**BOREA, "F7": "mountain"}, cities={"F6": ["borea", [0]]})
    s = play(s, "power volcano F6")
    assert s.city_at("F6") is None and s.seat(0).meeples == 6
    assert {p.id for p in G.components.powers if p.disaster} == {
        "flood", "earthquake", "volcano", "lightning", "plague"}


def test_power_remove_meeple_and_animals() -> None:
    """gt.power.remove_meeple gt.power.remove_animals gt.power.add_animals"""
    table = {**BOREA, "F7": "mountain", "E6": "sea"}
    s = powers(["lightning", "plague"], tiles=table, animals={"E6": ["fish", 2]},
               cities={"F6": ["borea", [1]]})
    assert refusal(s, "power lightning F6 P1") == (
        "power.no_meeple", "gt.power.remove_meeple", "P1 has no meeple on Borea.")
    s = play(s, "power lightning F6 P2")
    assert s.city_at("F6").meeples == () and s.seat(1).meeples == 6  # type: ignore[union-attr]
    s = play(s, "power plague E6")
    assert s.tile_at("E6").animals == 0 and s.bank == 20  # type: ignore[union-attr]
    assert s.city_at("F6").met == 2  # type: ignore[union-attr]
    f = powers(["fertility"], tiles=table, animals={"E6": ["fish", 2]})
    assert refusal(f, "power fertility F6")[:2] == ("power.no_animals", "gt.power.add_animals")
    f = play(f, "power fertility E6")
    assert f.tile_at("E6").animals == 4 and f.bank == 16  # type: ignore[union-attr]


def test_power_thief_takes_a_card_at_random() -> None:
    """gt.power.steal_card"""
    s = start(advanced=True, seats=[{"hand": ["thief"]}, {"hand": ["plain", "plain", "borea"]}])
    assert refusal(s, "power thief P1")[:2] == ("power.self", "gt.power.steal_card")
    s = play(s, "power thief P2")
    assert G.actor(s) == "chance"
    assert [(str(a), p) for a, p in G.chance_outcomes(s)] == [
        ("steal borea", Fraction(1, 3)), ("steal plain", Fraction(2, 3))]
    assert refusal(s, "steal sole")[:2] == ("steal.not_in_hand", "gt.power.steal_card")
    s = play(s, "steal borea")
    assert "borea" in s.seat(0).hand and len(s.seat(1).hand) == 2


def test_power_objective_and_satisfaction() -> None:
    """gt.power.objective gt.power.satisfaction gt.power.hand_limit"""
    s = examples.POWER_OBJECTIVE.run()
    assert s.state.objectives[0].claimed == 0


# -- components -------------------------------------------------------------------------

def test_city_needs_must_differ() -> None:
    """gt.city.distinct"""
    assert all(len(set(c.needs)) == 4 for c in G.components.cities)


def test_advanced_rules_examples() -> None:
    """gt.city.replace gt.advanced.steal gt.advanced.steal_return gt.advanced.full
    gt.advanced.full_drop"""
    s = examples.FULL.run()
    assert s.state.city_at("F6").meeples == (1,)


# -- the guard --------------------------------------------------------------------------

def test_every_rule_is_exercised() -> None:
    """Every RuleRef is cited by a test of the game or by a worked example's step."""
    text = "".join(p.read_text(encoding="utf-8")
                   for p in Path(__file__).parent.glob("test_gaia_tiki_*.py"))
    cited = set(re.findall(r"gt\.[a-z_]+(?:\.[a-z_]+)?", text))
    cited |= {step.rule.id for ex in examples.EXAMPLES for step in ex.steps if step.rule}
    missing = [rule for rule in RULES if rule not in cited]
    assert missing == []
