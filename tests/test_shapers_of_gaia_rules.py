"""Shapers of Gaia rules, one rule at a time."""

from __future__ import annotations

import pytest

from gaia_lab.core.errors import InvalidStateError, NotationError
from gaia_lab.core.values import evolve
from gaia_lab.games.shapers_of_gaia import abilities
from gaia_lab.games.shapers_of_gaia.actions import Action, parse
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.games.shapers_of_gaia.scoring import cover, place_dna
from gaia_lab.games.shapers_of_gaia.state import Animal, RowCard, SGState, Task

G = ShapersOfGaia()
TWO = ["telrin_aviary", "maldera_rivers"]
THREE = ["telrin_aviary", "maldera_rivers", "xanarin_preserve"]


def start(players: int = 2, **seat0: object) -> SGState:
    """Setup done with seed 0: A1 Forest, A3 Crystal, A5 Mushroom, Caretaker on A0."""
    shapers = TWO if players == 2 else THREE
    return G.scenario({"players": players, "shapers": shapers, "seats": [seat0]})


def play(state: SGState, *moves: str) -> SGState:
    for text in moves:
        action = G.parse_action(state, text)
        verdict = G.explain(state, action)
        assert verdict.legal, f"{text}: {verdict}"
        state = G.apply(state, action).state
    return state


def refused(state: SGState, text: str) -> tuple[str, str]:
    verdict = G.explain(state, G.parse_action(state, text))
    assert not verdict.legal and verdict.rule is not None
    assert G.parse_action(state, text) not in G.legal_actions(state)
    return verdict.code, verdict.rule.id


def with_hand(state: SGState, seat: int, *tiles: str) -> SGState:
    """Give a seat these tiles (swapped with the stack so tiles are conserved)."""
    p = state.seat(seat)
    pool = [*p.hand, *state.stack]
    assert all(t in pool for t in tiles), tiles
    stack = tuple(t for t in pool if t not in tiles)
    return evolve(state.with_seat(seat, evolve(p, hand=tuple(tiles))), stack=stack)


# -- state and notation ---------------------------------------------------------------


def test_state_json_round_trip() -> None:
    s = play(start(), "intro S1 A3")
    assert SGState.from_json(s.to_json()) == s
    with pytest.raises(InvalidStateError):
        SGState.from_json("[1, 2]")


@pytest.mark.parametrize("text", ["", "fly", "intro", "intro X1 A1", "intro S1 Z9",
                                  "card s01", "card s01 C", "resolve 3", "restore t",
                                  "take seed shard", "activate s01 gold", "stop now"])
def test_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)


def test_notation_round_trip() -> None:
    for text in ["intro S1 A3", "intro H2 vh1 tp seed", "card top B replace s01",
                 "restore i_forest_1 B1 tp", "resolve 0 spore", "take", "pass", "decline p01"]:
        assert str(parse(text)) == text


# -- setup ----------------------------------------------------------------------------


def test_setup() -> None:
    s = start()
    assert len(s.tiles) == 7 and s.caretaker == "A0"
    assert [len(p.hand) for p in s.seats] == [3, 3] and len(s.stack) == 24
    assert len(s.dna_board) == 18 and all(len(d) == 2 for d in s.displays)
    assert s.shapers == ("V", "V") and s.behaviors == ("1A", "2A", "3B")
    assert all(p.resources == (1, 1, 1, 1, 1) for p in s.seats)
    assert G.invariants(s) == []
    assert [p.specials for p in s.seats] == [("sp_telrin",), ("sp_maldera",)]


def test_setup_chance_steps_are_exact() -> None:
    s = G.new_initial_state(3, seed=2)
    outcomes = G.chance_outcomes(s)
    assert len(outcomes) == 120 and sum(p for _, p in outcomes) == 1


# -- introduce an animal --------------------------------------------------------------


def test_introduce_pays_the_biome_resource() -> None:
    s = play(start(), "intro S1 A3")
    p = s.seat(0)
    assert p.resource("shard") == 0 and "S1" not in p.board
    assert s.animal_at("A3") == Animal("A3", 0, "scavenger", "S1")
    assert s.shapers[0] == "A3"


def test_introduce_refusals() -> None:
    s = start()
    assert refused(s, "intro P1 A3") == ("introduce.cannot_afford",
                                         "sog.introduce.biome_resource")
    assert refused(s, "intro S1 A0") == ("introduce.water", "sog.biome.water")
    assert refused(s, "intro S1 C5") == ("introduce.no_tile", "sog.introduce.move")
    assert refused(s, "intro S1 V")[1] == "sog.biome.vault"
    assert refused(s, "intro S1 A3 seed")[1] == "sog.biome.crystal"
    s2 = play(s, "intro S1 A3", "card top A", )
    s2 = finish_turn(s2)
    assert G.actor(s2) == 1
    assert refused(s2, "intro S1 A3") == ("introduce.occupied", "sog.introduce.move")


def finish_turn(state: SGState) -> SGState:
    """Play the first legal action until the next player's turn begins."""
    seat = G.actor(state)
    while G.actor(state) == seat or G.actor(state) in ("rules", "chance"):
        task = state.task
        assert task is not None
        if task.kind == "turn" and state.turn > 0 and task.seat != seat:
            break
        state = G.apply(state, G.legal_actions(state)[0]).state
    return state


def test_move_up_to_three_tiles_else_teleport() -> None:
    s = start(resources={"seed": 3})
    tiles = (*s.tiles, ("B1", "i_forest_1"), ("C1", "ii_forest_1"))
    stack = tuple(t for t in s.stack if t not in ("i_forest_1", "ii_forest_1"))
    s = evolve(s, tiles=tiles, stack=stack)
    assert G.explain(s, parse("intro S1 C1")).legal  # V, A0, B1, C1: 3 tiles
    far = evolve(s, shapers=("A3", "V"))
    assert refused(far, "intro S1 C1") == ("introduce.too_far", "sog.introduce.move")
    why = G.explain(far, parse("intro S1 C1"))
    assert why.message.startswith("C1 is 4 tiles away") and "at most 3" in why.message
    assert (why.details["distance"], why.details["limit"]) == (4, 3)
    t = play(far, "intro S2 C1 tp")
    assert t.seat(0).resource("energy") == 0
    u = play(evolve(far, seats=(far.seat(0).with_resource("energy", 0), far.seat(1))),
             "intro S2 C1 tp")
    assert u.seat(0).toxicity == 1


def test_temple_and_extra_cost_with_toxicity() -> None:
    s = start()
    assert "ii_temple_2" in s.stack
    s = evolve(s, tiles=(*s.tiles, ("B0", "ii_temple_2")),
               stack=tuple(t for t in s.stack if t != "ii_temple_2"))
    s = s.with_seat(0, s.seat(0).with_resource("nutrient", 0))
    assert refused(s, "intro S1 B0")[1] == "sog.biome.temple"
    t = play(s, "intro S1 B0 seed")
    assert t.seat(0).resource("seed") == 0 and t.seat(0).toxicity == 1
    assert t.task is not None and t.task.data[1] == "seed"


def test_vault_spaces_by_type_and_player_count() -> None:
    s = start()
    assert refused(s, "intro S1 vs3 seed") == ("vault.two_players",
                                               "sog.biome.vault_two_players")
    assert refused(s, "intro S1 vh1 seed") == ("vault.wrong_type", "sog.biome.vault")
    assert refused(s, "intro S1 V seed") == ("vault.name_space", "sog.biome.vault")
    assert "vs1 or vs2" in G.explain(s, parse("intro S1 V seed")).message
    t = play(s, "intro S1 vs1 seed")
    assert t.animal_at("vs1") == Animal("vs1", 0, "scavenger", "S1") and t.shapers[0] == "V"
    assert Action("refresh") in G.legal_actions(t)
    three = start(3)
    assert Action("intro", ("S1", "vs3", "seed")) in G.legal_actions(three)


def test_species_card_goes_to_the_row_of_the_basic_cost() -> None:
    s = play(start(), "intro S1 A3")
    shown = s.displays[0][0]
    t = play(s, f"card {shown} B")
    assert t.seat(0).row("shard") == (RowCard(shown, 1),)
    assert len(t.displays[0]) == 2 and shown not in t.displays[0]


def test_row_limit_costs_two_toxicity() -> None:
    s = start()
    row = tuple(RowCard(c) for c in ("s02", "s07", "h01", "h02"))
    decks = tuple(tuple(c for c in d if c not in ("s02", "s07", "h01", "h02"))
                  for d in s.decks)
    displays = tuple(tuple(c for c in d if c not in ("s02", "s07", "h01", "h02"))
                     for d in s.displays)
    s = evolve(s.with_seat(0, s.seat(0).with_row("shard", row)), decks=decks,
               displays=displays)
    s = play(s, "intro S1 A3")
    assert refused(s, "card top A") == ("card.row_full", "sog.introduce.row_limit")
    t = play(s, "card top A replace s07")
    assert t.seat(0).toxicity == 2 and t.decks[0][-1] == "s07"
    assert [rc.card for rc in t.seat(0).row("shard")][:3] == ["s02", "h01", "h02"]


def test_activation_conversions_are_optional() -> None:
    s = start()
    s = s.with_seat(0, s.seat(0).with_row("shard", (RowCard("p01"),)))
    s = evolve(s, decks=tuple(tuple(c for c in d if c != "p01") for d in s.decks),
               displays=tuple(tuple(c for c in d if c != "p01") for d in s.displays))
    s = play(s, "intro S1 A3", "card top A")
    assert s.task is not None and s.task.kind == "activate"
    legal = {str(a) for a in G.legal_actions(s)}
    assert "decline p01" in legal
    t = play(s, "activate p01")
    # p01 side A: pay 1 Nutrient, gain 1 Shard and 2 Prestige
    assert t.seat(0).prestige >= 2


def test_paying_missing_nutrient_with_toxicity() -> None:
    s = start()
    s = s.with_seat(0, s.seat(0).with_row("shard", (RowCard("p01"),)).with_resource(
        "nutrient", 0))
    s = evolve(s, decks=tuple(tuple(c for c in d if c != "p01") for d in s.decks),
               displays=tuple(tuple(c for c in d if c != "p01") for d in s.displays))
    s = play(s, "intro S1 A3", "card top A", "activate p01")
    assert s.seat(0).toxicity >= 1


def test_special_card_ability() -> None:
    s = start(board=("S1", "S2", "S3", "S4", "H1", "H2", "H3", "H4", "P1", "P2"),
              resources={"seed": 3})
    s = play(s, "intro H2 A1")
    assert {str(a) for a in G.legal_actions(s)} == {"card sp_telrin A"}
    t = play(s, "card sp_telrin A")
    assert t.seat(0).specials == () and t.seat(0).row("seed")[0].card == "sp_telrin"


def test_end_trigger_one_type_left() -> None:
    s = start(board=("S1", "H1"))
    s = evolve(s, animals=tuple(Animal(f"v{i}", 0, "x", "x") for i in range(0)))
    s = evolve(s, animals=tuple(
        Animal(w, 0, k, sp) for w, k, sp in (
            ("C0", "scavenger", "S2"), ("C1", "scavenger", "S3"), ("C2", "scavenger", "S4"),
            ("C3", "herbivore", "H2"), ("C4", "herbivore", "H3"), ("C5", "herbivore", "H4"),
            ("C6", "predator", "P1"), ("C7", "predator", "P2"))))
    t = finish_turn(play(s, "intro S1 A3"))
    assert t.final_turns == 3  # P2 finishes the round, then one full round of 2 turns
    t = finish_turn(t)
    t = finish_turn(t)
    t = finish_turn(t)
    assert t.over and G.actor(t) is None


# -- restore biomes -------------------------------------------------------------------


def test_restore_next_to_caretaker_and_another_tile() -> None:
    s = with_hand(start(), 0, "i_mushroom_1", "i_forest_1", "i_crystal_1")
    spaces = {a.args[1] for a in G.legal_actions(s) if a.verb == "restore"
              and len(a.args) == 2}
    assert spaces == {"B1", "B11"}
    assert refused(s, "restore i_mushroom_1 B3") == ("restore.adjacency",
                                                   "sog.restore.place_tile")
    assert refused(s, "restore i_water_1 B1") == ("restore.not_in_hand", "sog.restore.count")


def test_restore_takes_dna_and_resolves_then_opponents() -> None:
    s = with_hand(start(), 0, "i_mushroom_1", "i_forest_1", "i_crystal_1")
    s = play(s, "restore i_mushroom_1 B1")
    assert s.caretaker == "B1" and s.seat(0).dna == ("yellow",)
    assert ("B1", "yellow") not in s.dna_board
    s = play(s, "resolve 0")
    assert s.seat(0).resource("shard") == 2
    assert G.actor(s) == 1 and {str(a) for a in G.legal_actions(s)} == {"take", "pass"}
    s = play(s, "take")
    assert s.seat(1).resource("seed") == 2
    assert s.task is not None and s.task.kind == "more"
    assert refused(s, "restore i_water_2 B2")[1] == "sog.restore.count"


def test_restore_teleport_and_draw_back() -> None:
    s = with_hand(start(), 0, "i_mushroom_1", "i_forest_1", "i_crystal_1")
    s = s.with_seat(0, s.seat(0).with_resource("energy", 0))
    s = play(s, "restore i_forest_1 B5 tp", "resolve 1", "pass", "stop")
    assert s.seat(0).toxicity == 1 and s.seat(0).dna == ("red",)
    s = G.apply(s, Action("end")).state
    assert len(s.seat(0).hand) == 3 and G.actor(s) == 1


def test_prestige_required_for_a_tile_conversion() -> None:
    s = with_hand(start(), 0, "ii_mushroom_1", "i_forest_1", "i_crystal_1")
    s = play(s, "restore ii_mushroom_1 B1")
    assert refused(s, "resolve 1") == ("restore.cannot_pay", "sog.restore.prestige_required")
    assert "needs 1 Prestige; you hold 0 Prestige" in G.explain(s, parse("resolve 1")).message


def test_restore_at_most_three_tiles() -> None:
    s = with_hand(start(), 0, "i_mushroom_1", "i_forest_1", "i_crystal_1")
    s = play(s, "restore i_mushroom_1 B1", "resolve 0", "pass",
             "restore i_forest_1 B2", "resolve 0", "pass",
             "restore i_crystal_1 B3", "resolve 0", "pass")
    assert s.task is not None and s.task.kind == "end"


def test_forced_restore_and_skip() -> None:
    s = start(resources={"shard": 0, "spore": 0, "seed": 0})
    verbs = {a.verb for a in G.legal_actions(s)}
    assert verbs == {"restore"}
    empty = evolve(s.with_seat(0, evolve(s.seat(0), hand=())),
                   stack=(*s.stack, *s.seat(0).hand))
    assert G.legal_actions(empty) == [Action("skip")]
    assert refused(s, "skip") == ("turn.cannot_skip", "sog.turn.skip")


def test_stack_empty_triggers_the_end() -> None:
    s = with_hand(start(), 0, "i_mushroom_1", "i_forest_1", "i_crystal_1")
    keep = s.stack[:1]
    s = evolve(s, stack=keep, removed=s.removed)
    s = play(s, "restore i_mushroom_1 B1", "resolve 0", "pass", "stop")
    s = G.apply(s, Action("end")).state
    assert s.stack == () and s.final_turns == 3


# -- abilities and scoring ------------------------------------------------------------


def test_ability_levels() -> None:
    c = G.components
    s = play(start(resources={"shard": 3}), "intro S3 A3")
    assert abilities.level(c, s.seat(0), "telrin_move") == 1
    assert abilities.movement(c, s.seat(0)) == 4
    t = play(start(), "intro S1 A3")
    assert t.seat(0).resource("energy") == 2  # Telrin's S1 gives 1 Energy


def test_purify_water() -> None:
    s = G.scenario({"players": 2, "shapers": ["maldera_rivers", "telrin_aviary"]})
    t = play(s, "intro S1 A3")
    assert t.seat(0).resource("nutrient") == 3  # A3 touches the Water on A2 and A4


def test_dna_placement_and_covering() -> None:
    placed, left = place_dna(("red", "red", "red"), [{"red": 1}, {"red": 1}])
    assert left == 1 and sum(k * k for r in placed for k in r.values()) == 2
    vp = {"S1": 1, "S2": 1, "S3": 2, "S4": 2, "H1": 3}
    assert cover(["S1", "S3", "S4"], 3, vp) == (["S1", "S3", "S4"], 0)
    assert cover(["S1"], 3, vp) == (["S1"], 2)


def test_tie_breakers() -> None:
    s = start()
    assert G.winners(s) == (0, 1)
    # seat 1 introduced one animal whose 1 VP space a Toxicity token covers: same score
    board = s.seat(1).board[1:]
    s2 = evolve(s, seats=(s.seat(0), evolve(s.seat(1), board=board, toxicity=1)))
    totals = G.score_breakdown(s2).totals
    assert totals[0] == totals[1] and G.winners(s2) == (0,)
    s3 = evolve(s, seats=(evolve(s.seat(0), prestige=1, resources=(1, 1, 1, 1, 0)),
                          s.seat(1)))
    assert G.winners(s3) == (0,)


def test_game_over_refuses_everything() -> None:
    s = evolve(start(), tasks=(), over=True)
    assert refused(s, "stop") == ("game.over", "sog.end.final_round")
    assert G.actor(s) is None and Task("x", 0) != Task("y", 0)


# -- named Shaper abilities -----------------------------------------------------------

FULL = ("S1", "S2", "S3", "S4", "H1", "H2", "H3", "H4", "P1", "P2")


def shaper_start(shaper: str, without: tuple[str, ...] = (), **seat0: object) -> SGState:
    """``shaper`` in seat 0 (its ``without`` spaces already introduced), Telrin or Maldera
    in seat 1."""
    other = "maldera_rivers" if shaper == "telrin_aviary" else "telrin_aviary"
    board = tuple(s for s in FULL if s not in without)
    return G.scenario({"players": 2, "shapers": [shaper, other],
                       "seats": [{"board": board, **seat0}]})


def legal_texts(state: SGState) -> set[str]:
    return {str(a) for a in G.legal_actions(state)}


def test_create_island() -> None:
    s = shaper_start("oraplexis_terraria", ("P1",))
    assert "intro S1 A0 seed" in legal_texts(s)
    assert refused(s, "intro P2 A0 seed")[1] == "sog.shaper.oraplexis.create_island"
    assert refused(shaper_start("oraplexis_terraria"), "intro S1 A0 seed")[1] == \
        "sog.biome.water"


def test_biomolecular_synthesis() -> None:
    s = shaper_start("oraplexis_terraria", ("H3",), toxicity=3,
                     resources={"shard": 0})
    t = play(s, "intro S1 A3 wild=n")
    assert t.seat(0).resource("shard") == 0 and t.seat(0).resource("nutrient") == 0
    low = shaper_start("oraplexis_terraria", ("H3",), toxicity=2, resources={"shard": 0})
    assert refused(low, "intro S1 A3")[0] == "introduce.cannot_afford"


def test_biomolecular_synthesis_payer_is_chosen() -> None:
    s = shaper_start("oraplexis_terraria", ("H3",), toxicity=3,
                     resources={"shard": 0, "nutrient": 2, "energy": 2})
    assert {a for a in legal_texts(s) if a.startswith("intro S3 A3")} == {
        "intro S3 A3 wild=nn", "intro S3 A3 wild=ne", "intro S3 A3 wild=ee",
        "intro S3 A3 tp wild=nn", "intro S3 A3 tp wild=ne", "intro S3 A3 tp wild=ee"}
    t = play(s, "intro S3 A3 wild=ee")  # the S3 Scavenger costs 2
    assert t.seat(0).resources == (0, 1, 1, 2, 0) and t.seat(0).toxicity == 3
    t = play(s, "intro S3 A3 wild=en")  # written in any order, read Nutrients first
    assert t.seat(0).resources == (0, 1, 1, 1, 1)
    assert refused(s, "intro S3 A3") == ("synthesis.choose",
                                         "sog.shaper.oraplexis.biomolecular_synthesis")
    assert refused(s, "intro S1 A1 wild=n")[0] == "synthesis.not_needed"
    assert refused(s, "intro S3 A3 wild=nnn")[0] == "synthesis.choose"
    # a tile action paying a basic resource (ii_water_2: 1 Shard for 2 Energy)
    r = with_hand(shaper_start("oraplexis_terraria", ("H3",), toxicity=3,
                               resources={"shard": 0, "nutrient": 1, "energy": 1}),
                  0, "ii_water_2")
    r = play(r, "restore ii_water_2 B1")
    assert {"resolve 0 wild=n", "resolve 0 wild=e", "resolve 1"} <= legal_texts(r)
    assert play(r, "resolve 0 wild=e").seat(0).resources == (0, 1, 1, 1, 2)
    assert play(r, "resolve 0 wild=n").seat(0).resources == (0, 1, 1, 0, 3)
    # without the ability the choice never appears
    plain = shaper_start("oraplexis_terraria", toxicity=3, resources={"shard": 0})
    assert not any("wild=" in a for a in legal_texts(plain))
    with pytest.raises(NotationError):
        parse("intro S3 A3 wild=nx")


def test_recycler() -> None:
    s = shaper_start("oraplexis_terraria", ("H4",), toxicity=3, dna=("red",))
    t = play(s, "recycle red")
    assert t.seat(0).toxicity == 1 and t.dna_removed == ("red",) and t.seat(0).dna == ()
    assert G.invariants(evolve(t, dna_board=t.dna_board[1:])) != []
    during = play(s, "intro S2 A3")  # also offered at the player's own steps of the turn
    assert during.task is not None and during.task.kind == "card"
    assert "recycle red" in legal_texts(during)
    assert G.actor(during) == 0 and G.apply(during, parse("recycle red")).state.task == \
        during.task


def test_redeploy_once_a_turn() -> None:
    s = shaper_start("rastar_nursery", ("H4", "S1"))
    s = evolve(s, animals=(Animal("A3", 0, "scavenger", "S1"),))
    t = play(s, "redeploy A3 A1")
    assert t.animal_at("A1") is not None and t.seat(0).resource("energy") == 0
    assert refused(t, "redeploy A1 A5") == ("ability.used", "sog.shaper.rastar.redeploy")
    assert refused(s, "redeploy A3 A0")[1] == "sog.shaper.rastar.redeploy"


def test_stasis_chambers() -> None:
    s = shaper_start("maldera_rivers", ("H2", "S1"))
    s = evolve(s, animals=(Animal("A3", 0, "scavenger", "S1"),))
    t = play(s, "stasis A3 vs1")
    assert t.animal_at("vs1") is not None and t.seat(0).toxicity == 1
    assert refused(t, "stasis vs1 A3")[1] == "sog.shaper.maldera.stasis_chambers"


def test_metamorphosis() -> None:
    s = play(shaper_start("rastar_nursery", ("P1",), resources={"shard": 3}), "intro S4 A3")
    herb = s.displays[1][0]
    assert f"card {herb} A meta" in legal_texts(s)
    step = G.apply(s, parse(f"card {herb} A meta"))
    assert step.state.seat(0).row("shard")[-1].card == herb
    paid = [e for e in step.events if e.kind == "ability.metamorphosis"]
    assert len(paid) == 1 and "1 Energy" in paid[0].text
    plain = play(shaper_start("rastar_nursery", resources={"shard": 3}), "intro S4 A3")
    assert refused(plain, f"card {herb} A meta")[0] == "card.no_metamorphosis"


def test_harvester() -> None:
    s = with_hand(shaper_start("xanarin_preserve", ("S3",)), 0, "i_forest_1")
    s = play(s, "restore i_forest_1 B1")
    assert "resolve 0 both" in legal_texts(s)
    t = play(s, "resolve 0 both")
    assert t.seat(0).resource("seed") == 2 and t.seat(0).resource("shard") == 2
    assert G.actor(t) == 1 and legal_texts(t) == {"take", "pass"}


def test_avian_call() -> None:
    s = shaper_start("telrin_aviary", ("P1",), resources={"shard": 4})
    s = play(s, "intro P2 A3")
    assert s.task is not None and s.task.kind == "avian"
    herb = s.displays[1][0]
    t = play(s, f"avian {herb} B seed")
    assert t.seat(0).row("seed") == (RowCard(herb, 1),)
    assert t.task is not None and t.task.kind == "card" and t.task.data[0] == "predator"


def test_rapid_lifecycle() -> None:
    s = play(G.scenario({"shapers": ["synthara_lab", "telrin_aviary"]}), "intro S1 A3")
    step = G.apply(s, parse("card top A"))
    cid = step.state.seat(0).row("shard")[-1].card
    task = step.state.task
    twice = [e for e in step.events if e.kind == "card.activate"]
    assert len(twice) == 2 or (task is not None and task.data.count(cid) == 2)
    t = finish_turn(step.state)
    assert cid in t.removed and all(rc.card != cid for rc in t.seat(0).row("shard"))
    assert G.invariants(t) == []


def test_swarm() -> None:
    s = G.scenario({"shapers": ["synthara_lab", "telrin_aviary"],
                    "seats": [{"resources": {"shard": 3, "seed": 3}}]})
    s = play(s, "intro S3 A3", "card top A")
    assert s.task is not None and s.task.kind == "swarm"
    assert "pass" in legal_texts(s) and "intro S1 A1" in legal_texts(s)
    t = play(s, "intro S1 A1", "card top A")
    assert t.task is not None and t.task.kind in ("activate", "end")
    assert sum(1 for task in t.tasks if task.kind == "end") == 1


def test_clone_experiment() -> None:
    s = play(shaper_start("maldera_rivers", resources={"shard": 2}), "intro S4 A3",
             "card top A")
    assert s.task is not None and s.task.kind == "clone"
    cid = s.displays[0][0]
    t = play(s, f"clone {cid} A")
    assert RowCard(cid) in t.borrowed or cid in [e for e in t.tasks[0].data]
    end = finish_turn(t)
    assert end.borrowed == () and end.decks[0][-1] == cid and G.invariants(end) == []


def test_accelerated_accretion() -> None:
    s = shaper_start("maldera_rivers", ("S3",))
    tile = s.seat(0).hand[0]
    t = play(s, f"accrete A2 {tile}")
    assert t.tile_at("A2") == tile and "s_water_2" in t.seat(0).hand
    assert t.seat(0).resource("energy") == 0
    assert refused(t, f"accrete A4 {t.seat(0).hand[0]}")[0] == "ability.used"
    assert [m for m in G.invariants(t) if "tiles" in m] == []


def test_power_surge() -> None:
    s = shaper_start("rastar_nursery", ("H3",), rows=[["s01"], [], []])
    s = evolve(s, decks=tuple(tuple(c for c in d if c != "s01") for d in s.decks),
               displays=tuple(tuple(c for c in d if c != "s01") for d in s.displays))
    s = with_hand(s, 0, "i_mushroom_1")
    t = play(s, "restore i_mushroom_1 B1")  # a yellow DNA token; s01 side A shows yellow
    assert t.task is not None and t.task.kind == "surge"
    assert legal_texts(t) == {"surge s01", "pass"}
    u = play(t, "surge s01")
    assert u.seat(0).resource("shard") == 2 and u.task is not None
    assert u.task.kind == "resolve"


def test_ability_moves_at_every_own_step() -> None:
    # resolve: Recycler while resolving the restored tile
    s = with_hand(shaper_start("oraplexis_terraria", ("H4",), toxicity=3, dna=("red",)),
                  0, "i_forest_1")
    s = play(s, "restore i_forest_1 B1")
    assert s.task is not None and s.task.kind == "resolve"
    assert "recycle red" in legal_texts(s)
    t = play(s, "recycle red")
    assert t.task == s.task and t.seat(0).toxicity == 1
    # surge: Redeploy before choosing the Power Surge cards
    s = shaper_start("rastar_nursery", ("H3", "H4", "S1"), rows=[["s01"], [], []])
    s = evolve(s, decks=tuple(tuple(c for c in d if c != "s01") for d in s.decks),
               displays=tuple(tuple(c for c in d if c != "s01") for d in s.displays),
               animals=(Animal("A3", 0, "scavenger", "S1"),))
    s = play(with_hand(s, 0, "i_mushroom_1"), "restore i_mushroom_1 B1")
    assert s.task is not None and s.task.kind == "surge"
    assert "redeploy A3 A1" in legal_texts(s)
    assert play(s, "redeploy A3 A1").task == s.task
    # clone: Accelerated Accretion before choosing the card to clone
    s = play(shaper_start("maldera_rivers", ("S3",), resources={"shard": 2}), "intro S4 A3",
             "card top A")
    assert s.task is not None and s.task.kind == "clone"
    tile = s.seat(0).hand[0]
    assert f"accrete A2 {tile}" in legal_texts(s)
    assert play(s, f"accrete A2 {tile}").task == s.task
    # avian: the step offers them too (a Recycler player given an Avian Call step)
    s = shaper_start("oraplexis_terraria", ("H4",), toxicity=3, dna=("red",))
    s = evolve(s, tasks=(Task("avian", 0), *s.tasks))
    assert "recycle red" in legal_texts(s)
    # not on an opponent's step
    o = evolve(s, tasks=(Task("other", 0, ("i_forest_1", "1")), *s.tasks[1:]), active=1)
    assert "recycle red" not in legal_texts(o)


def test_accretion_leaves_the_tile_being_resolved() -> None:
    s = with_hand(shaper_start("maldera_rivers", ("S3",)), 0, "i_water_1", "i_forest_1")
    s = play(s, "restore i_water_1 B1")
    assert s.task is not None and s.task.kind == "resolve"
    texts = legal_texts(s)
    assert "accrete A0 i_forest_1" in texts and "accrete B1 i_forest_1" not in texts
    assert refused(s, "accrete B1 i_forest_1") == (
        "accrete.pending", "sog.shaper.maldera.accelerated_accretion")


def test_rapid_lifecycle_cannot_be_declined() -> None:
    s = play(G.scenario({"shapers": ["synthara_lab", "telrin_aviary"]}), "intro S1 A3")
    side = {c: i for c in s.displays[0]
            for i, sd in enumerate(G.components.species_card(c).sides) if sd.effect.is_conversion}
    cid, i = next(iter(side.items()))
    t = play(s, f"card {cid} {'AB'[i]}")
    assert t.task is not None and t.task.kind == "activate" and t.task.words.count(cid) == 2
    assert f"decline {cid}" not in legal_texts(t)
    code, rule = refused(t, f"decline {cid}")
    assert (code, rule) == ("activate.lifecycle", "sog.shaper.synthara.rapid_lifecycle")
    assert "2 activations left" in G.explain(t, parse(f"decline {cid}")).message


def test_stasis_chambers_any_number_of_times() -> None:
    s = shaper_start("maldera_rivers", ("H2", "S1"), resources={"energy": 4})
    s = evolve(s, animals=(Animal("A3", 0, "scavenger", "S1"), Animal("A1", 0, "scavenger", "S2")))
    t = play(s, "stasis A3 vs1", "stasis A1 vs2")
    assert t.animal_at("vs1") is not None and t.animal_at("vs2") is not None
    assert t.seat(0).toxicity == 0


def test_vault_refresh_puts_the_three_visible_cards_under_the_deck() -> None:
    t = play(start(), "intro S1 vs1 seed")
    shown, deck = t.displays[0], t.decks[0]
    u = play(t, "refresh")
    assert u.displays[0] == deck[1:3]
    assert u.decks[0] == (*deck[3:], *shown, deck[0])
