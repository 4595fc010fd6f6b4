"""Every rule of the Animals Gathering rulebook, exercised on a position.

Each test names the rule ids it covers in ``@covers``; ``test_every_rule_is_covered``
checks that no rule of the rulebook is left without a test.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import gaia_lab
from gaia_lab import IllegalActionError, NotationError, Session
from gaia_lab.games.animals_gathering import GAME, RULES

COVERED: set[str] = set()
SUPPLY = ["parrot", "kangaroo", "sea_otter", "manta_ray", "flamingo"]


def covers(*ids: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    for rule_id in ids:
        assert rule_id in RULES, rule_id
    COVERED.update(ids)
    return lambda f: f


def P(name: str, mage: int, summoning: dict[str, str] | None = None,
      companions: tuple[str, ...] = (), spells: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"name": name, "mage": mage, "summoning": summoning or {},
            "companions": list(companions), "spells": list(spells)}


def table(*players: dict[str, Any], active: int = 0, supply: list[str] | None = None,
          spells: bool = False, **extra: Any) -> Session:
    spec = {"players": list(players), "active": active,
            "supply": SUPPLY if supply is None else supply, "spells": spells, "seed": 1, **extra}
    return Session("animals_gathering", scenario=spec)


def seat(s: Session, name: str) -> Any:
    return s.state.seats[s.names.index(name)]


def legal(s: Session) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def code(s: Session, move: str) -> str:
    return s.explain(move).code


# --------------------------------------------------------------------------- setup
@covers("ag.setup.mages", "ag.setup.deal", "ag.setup.keep", "ag.setup.deck", "ag.setup.supply",
        "ag.setup.stones_dice", "ag.setup.reveal", "ag.setup.start_player", "ag.components")
def test_setup_steps() -> None:
    s = Session("animals_gathering", players=4, seed=3, auto=False)
    outcomes = GAME.chance_outcomes(s.state)
    assert len(outcomes) == 5 * 4 * 3 * 2 and sum(p for _, p in outcomes) == 1
    s.step()
    assert sorted(x.mage for x in s.state.seats) != [0, 0, 0, 0]
    assert len({x.mage for x in s.state.seats}) == 4
    s.step()
    dealt = [x.dealt for x in s.state.seats]
    assert all(len(d) == 3 for d in dealt) and len({a for d in dealt for a in d}) == 12
    first = dealt[0]
    assert legal(s) == [f"keep {a}" for a in first]
    assert code(s, f"keep {dealt[1][0]}") == "keep.not_dealt"
    for i in range(4):
        s.play(f"keep {dealt[i][0]}")
    s.step()
    assert len(s.state.deck) == 35 - 4
    s.step()
    assert len(s.state.supply) == 5 and len(s.state.deck) == 26
    events = s.step()
    assert events[0].rule == RULES["ag.setup.stones_dice"]
    s.step()
    assert [x.summoning[0].animal for x in s.state.seats] == [d[0] for d in dealt]
    lowest = min(range(4), key=lambda i: s.state.seats[i].mage)
    assert s.actor == lowest
    assert code(s, "take unicorn") == "card.unknown"
    assert s.explain("take unicorn").rule == RULES["ag.components"]
    assert GAME.invariants(s.state) == []


# ---------------------------------------------------------------------------- turn
@covers("ag.turn.choose", "ag.take.card", "ag.take.refill", "ag.turn.next")
def test_select_a_card_refills_the_supply() -> None:
    s = table(P("Ann", 1, {"fox": ""}), P("Bo", 2, {"owl": ""}))
    assert {a.split()[0] for a in legal(s)} == {"take", "roll"}
    top = s.state.deck[0]
    s.play("take parrot")
    assert seat(s, "Ann").card("parrot") is not None
    assert "parrot" not in s.state.supply and top in s.state.supply
    assert s.names[s.actor] == "Bo"
    assert code(s, "take parrot") == "take.not_in_supply"


def rest_of_box(*used: str) -> list[str]:
    return sorted({a.id for a in GAME.components.animals} - set(used) - set(SUPPLY))


@covers("ag.take.refill")
def test_supply_is_not_refilled_from_an_empty_deck() -> None:
    others = rest_of_box("fox")
    s = table(P("Ann", 1, {"fox": ""}), P("Bo", 2, {a: "" for a in others}), deck=[])
    s.play("take parrot")
    assert len(s.state.supply) == 4 and s.state.deck == ()


@covers("ag.take.not_revived")
def test_summoned_cards_have_no_power() -> None:
    # Bo's Tortoise (immunity) is only summoned: Ann's Fox may still steal from Bo.
    s = table(P("Ann", 1, {"starfish": "BGO", "owl": ""}, ("fox",)),
              P("Bo", 2, {"tortoise": "", "wolf": "R"}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    s.play_many(["place Y starfish", "place O owl", "place W owl", "done"])
    assert "use fox steal R wolf owl" in legal(s)


@covers("ag.roll.dice_count", "ag.faq.max_dice")
def test_number_of_dice() -> None:
    s = table(P("Ann", 1, {"fox": "", "owl": ""}), P("Bo", 2, {"lion": ""}))
    assert GAME.rules.dice_allowed(s.state, 0) == [4]
    assert code(s, "roll 2g2o1b") == "roll.too_many_dice"
    assert code(s, "roll 2g1o") == "roll.too_few_dice"
    assert s.explain("roll 2g1o1b").legal


@covers("ag.roll.colours")
def test_die_colours_and_exact_outcomes() -> None:
    with pytest.raises(NotationError):
        gaia_lab.Session("animals_gathering", players=2).parse("roll 3g")
    s = table(P("Ann", 1, {"fox": "", "owl": "", "lion": "", "bear": "", "bat": ""}),
              P("Bo", 2, {"crab": ""}))
    s_manual = Session("animals_gathering", scenario={
        "players": [P("Ann", 1, {"fox": "", "owl": "", "lion": "", "bear": "", "bat": ""}),
                    P("Bo", 2, {"crab": ""})], "supply": SUPPLY}, auto=False)
    s_manual.play("roll 1g")
    outcomes = dict((str(a), p) for a, p in GAME.chance_outcomes(s_manual.state))
    assert outcomes == {"dice gR": Fraction(1, 6), "dice gO": Fraction(1, 6),
                        "dice gY": Fraction(1, 6), "dice gG": Fraction(1, 3),
                        "dice gB": Fraction(1, 6)}
    assert s.explain("roll 1b").legal


@covers("ag.roll.place", "ag.roll.no_storing")
def test_every_fitting_stone_must_be_placed_where_the_player_chooses() -> None:
    s = table(P("Ann", 1, {"starfish": "B", "owl": "W"}), P("Bo", 2, {"lion": ""}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    assert {"place Y starfish", "place Y owl"} <= set(legal(s))
    assert code(s, "done") == "place.must_take"
    assert code(s, "place W owl") == "place.no_space"
    s.play_many(["place Y owl", "place G starfish", "place O starfish"])
    assert "done" in legal(s)            # the white star fits nothing: it is not taken
    assert not any(a.startswith("place") for a in legal(s))


@covers("ag.roll.no_moving")
def test_placed_stones_cannot_be_moved() -> None:
    s = table(P("Ann", 1, {"starfish": "B", "owl": "W"}), P("Bo", 2, {"lion": ""}))
    assert code(s, "move B starfish owl") == "phase.wrong"


@covers("ag.roll.mage_timing", "ag.mage.3")
def test_mage_3_exchanges_on_another_players_roll() -> None:
    s = table(P("Ann", 1, {"shark": "BBR"}), P("Bo", 3, {"lion": "YYOR"}))
    s.play("roll 2g2o1b", chance=["dice gB gB oO oO bB"])
    s.play("done")                               # nothing fits Ann's Shark
    assert s.names[s.actor] == "Bo"
    assert {"place O lion", "exchange OO>R lion"} <= set(legal(s))
    s.play("exchange OO>R lion")
    assert seat(s, "Bo").card("lion").stones == "RROYY"


@covers("ag.mage.3")
def test_mage_3_two_orange_leaves_for_any_stone() -> None:
    s = table(P("Ann", 1, {"fox": "", "crab": "RBB"}), P("Bo", 3, {"lion": "YYOR"}),
              active=1)
    s.play("roll 2g2o1b", chance=["dice gB gB oO oO bB"])
    assert "exchange OO>R lion" in legal(s)
    s.play("exchange OO>R lion")
    assert seat(s, "Bo").card("lion").stones == "RROYY"
    assert code(Session("animals_gathering", scenario={
        "players": [P("Ann", 1, {"fox": ""}), P("Bo", 2, {"lion": "YYOR"})], "active": 1,
        "supply": SUPPLY}), "exchange OO>R lion") == "phase.wrong"


@covers("ag.mage.3")
def test_mage_3_with_one_orange_leaf_is_told_the_count() -> None:
    s = table(P("Ann", 3, {"starfish": "B", "owl": "W"}), P("Bo", 1, {"lion": ""}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    why = s.explain("exchange OO>P owl")
    assert (why.code, why.rule.id) == ("exchange.not_rolled", "ag.mage.3")
    assert "has 1 unused orange-leaf stone" in why.message
    assert (why.details["needed"], why.details["unused"]) == (2, 1)


@covers("ag.roll.mage_timing")
def test_a_non_active_mage_1_is_told_why_not_now() -> None:
    s = table(P("Ann", 3, {"starfish": "B", "owl": "W"}),
              P("Bo", 1, {"lion": "", "butterfly": ""}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    s.play_many(["place Y starfish", "place G starfish", "place O starfish", "done"])
    why = s.explain("bonus P lion")
    assert (why.code, why.rule.id) == ("mage.not_active", "ag.roll.mage_timing")
    assert "Only the active player" in why.message and "Ann left unused" in why.message
    assert "mage 1's extra stone does not apply now" in why.message


@covers("ag.revive.complete", "ag.unused.others", "ag.unused.revive")
def test_revival_and_unused_stones_example() -> None:
    session = gaia_lab.examples("animals_gathering")[0].run()
    assert seat(session, "Coco").companions == ("crab", "butterfly")
    log = session.log()
    sandra = next(i for i, t in enumerate(log) if t.startswith("Sandra places"))
    coco_revives = next(i for i, t in enumerate(log) if t.startswith("Coco revives"))
    coco_places = next(i for i, t in enumerate(log) if t.startswith("Coco places"))
    assert sandra < coco_places < coco_revives


@covers("ag.revive.order", "ag.power.order")
def test_player_orders_revivals_and_powers() -> None:
    s = table(P("Ann", 1, {"hummingbird": "RG", "rabbit": "GG", "owl": ""}, ("fox",)),
              P("Bo", 2, {"lion": "YYOR"}))
    s.play("roll 1g2o", chance=["dice gB oO oO"])
    s.play_many(["place O hummingbird", "place O rabbit", "done"])
    assert legal(s) == ["revive hummingbird", "revive rabbit"]
    s.play("revive rabbit")
    # the Rabbit's revival triggers the Fox and nothing else yet
    assert legal(s) and all(a.startswith(("use fox", "skip fox")) for a in legal(s))
    s.play("skip fox")
    # the Hummingbird is revived next: now the Fox and the Hummingbird both trigger
    uses = {a.split()[1] for a in legal(s) if a.startswith(("use", "skip"))}
    assert uses == {"fox", "hummingbird"}        # Ann picks the order


@covers("ag.turn.pass", "ag.turn.stalemate")
def test_a_round_of_passes_ends_the_game() -> None:
    # every card is in play: four summoning areas of six, the rest revived (four at most)
    cards = sorted(a.id for a in GAME.components.animals if a.id != "elephant")
    areas = [cards[0:6], cards[6:12], cards[12:18], ["elephant", *cards[18:23]]]
    revived = [cards[23:27], cards[27:31], cards[31:34], []]
    players = [P(n, m, {a: "" for a in area}, tuple(rev))
               for n, m, area, rev in zip(["Ann", "Bo", "Cy", "Di"], [1, 2, 3, 5], areas, revived)]
    s = table(*players, supply=[], deck=[])
    assert legal(s) == ["pass"]
    for _ in range(3):
        s.play("pass")
    assert not s.is_over()
    s.play("pass")
    assert s.is_over() and s.state.ended_by == "stalemate"


@covers("ag.end.five")
def test_five_companions_end_the_game_after_the_turn() -> None:
    s = table(P("Ann", 1, {"hummingbird": "RG"}, ("fox", "wolf", "bear", "bat")),
              P("Bo", 2, {"lion": "YYOR"}))
    s.play("roll 2g2o1b", chance=["dice gB gB oO oR bB"])
    s.play_many(["place O hummingbird", "done"])
    # Ann's fifth revival: the Fox may still act, and Bo still gets the unused stones
    assert not s.is_over()
    while not s.is_over():
        s.play(s.legal_actions()[-1])
    assert s.state.ended_by == "five"
    assert len(seat(s, "Ann").companions) == 5


@covers("ag.end.elephant", "ag.power.early_end")
def test_the_elephant_ends_the_game_at_four() -> None:
    s = table(P("Ann", 1, {"hummingbird": "RG"}, ("elephant", "rabbit", "giraffe")),
              P("Bo", 2, {"crab": "RBB"}))
    s.play("roll 2g2o1b", chance=["dice gG gY oO oR bB"])
    s.play_many(["place O hummingbird", "done"])
    assert s.is_over() and s.state.ended_by == "elephant"
    s2 = table(P("Ann", 1, {"hummingbird": "RG"}, ("fox", "rabbit", "giraffe")),
               P("Bo", 2, {"crab": "RBB"}))
    s2.play("roll 2g2o1b", chance=["dice gG gY oO oR bB"])
    s2.play_many(["place O hummingbird", "done"])
    assert not s2.is_over()                      # four companions without the Elephant


# ------------------------------------------------------------------------- scoring
@covers("ag.score.points", "ag.score.powers", "ag.power.scoring", "ag.power.per_type",
        "ag.power.per_stone_icon", "ag.power.type_sets")
def test_score_breakdown() -> None:
    s = table(P("Ann", 1, {}, ("deer", "dolphin", "butterfly", "rabbit", "starfish")),
              P("Bo", 2, {"lion": ""}))
    breakdown = s.score_breakdown()
    ann = {ln.explanation.split(":")[0]: ln.points for ln in breakdown.for_player(0)
           if ln.category == "Scoring powers"}
    # one land+aquatic+aerial set x 6; 2 land animals x 2 (deer, rabbit);
    # 2 aquatic x 2 (dolphin, starfish); rabbit: cards showing a green square
    assert ann == {"Deer": 6, "Dolphin": 4, "Butterfly": 4, "Rabbit": 4}
    points = sum(GAME.rules.animals[a].points for a in seat(s, "Ann").companions)
    assert breakdown.totals[0] == points + 18


@covers("ag.score.tiebreak")
def test_ties() -> None:
    s = table(P("Ann", 1, {}, ("fox", "wolf", "starfish", "crab", "bat")),
              P("Bo", 2, {"owl": ""}, ("lion", "bear")), active=1)
    s.play("take parrot")
    assert s.is_over()
    tied = table(P("Ann", 1, {}, ("wolf", "crab")), P("Bo", 2, {"owl": ""}, ("starfish", "shark")))
    assert GAME.score_breakdown(tied.state).totals == (4, 4)
    assert GAME.winners(tied.state) == (0, 1)
    fewer = table(P("Ann", 1, {}, ("lion",)), P("Bo", 2, {"owl": ""}, ("fox", "wolf", "bat")))
    assert GAME.score_breakdown(fewer.state).totals == (4, 4)
    assert GAME.winners(fewer.state) == (0,)


# -------------------------------------------------------------------------- mages
@covers("ag.mage.1", "ag.faq.optional")
def test_mage_1_extra_stone() -> None:
    s = table(P("Ann", 1, {"starfish": "B", "owl": "W"}), P("Bo", 2, {"lion": ""}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    assert "bonus P owl" in legal(s)
    s.play_many(["place Y starfish", "place G starfish", "place O starfish"])
    assert "done" in legal(s)                   # the extra stone is optional
    s.play("bonus P owl")
    assert code(s, "bonus R owl") == "bonus.used"
    s2 = table(P("Ann", 1, {"starfish": "B", "owl": "W"}), P("Bo", 2, {"lion": ""}))
    s2.play("roll 2g1o1b", chance=["dice gG gG oO bB"])
    assert code(s2, "bonus P owl") == "bonus.too_few_kinds"


@covers("ag.mage.2")
def test_mage_2_blocks_a_die() -> None:
    s = table(P("Ann", 2, {"starfish": "B", "owl": "W"}), P("Bo", 1, {"butterfly": "YPO"}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    s.play_many(["place Y starfish", "place G starfish", "place O starfish", "done"])
    assert legal(s) == ["block bW", "no-block"]
    s.play("block bW")
    assert "butterfly" not in seat(s, "Bo").companions
    assert s.names[s.actor] == "Bo"             # Bo's turn: nothing was offered


@covers("ag.mage.4")
def test_mage_4_extra_dice() -> None:
    s = table(P("Ann", 4, {"fox": "", "owl": ""}), P("Bo", 2, {"lion": ""}))
    assert GAME.rules.dice_allowed(s.state, 0) == [4, 6]
    assert s.explain("roll 2g2o2b").legal and s.explain("roll 2g1o1b").legal
    assert code(s, "roll 2g2o1b") == "roll.too_many_dice"


@covers("ag.mage.5")
def test_mage_5_reroll() -> None:
    s = table(P("Ann", 5, {"starfish": "B", "owl": "W"}), P("Bo", 2, {"lion": ""}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    assert "no-reroll" in legal(s) and "reroll bW" in legal(s)
    s.play("reroll bW", chance=["dice bP"])
    assert sorted(d.label for d in s.state.roll.dice) == sorted(["gY", "gG", "oO", "bP"])
    assert s.state.roll.rerolled


# ---------------------------------------------------------------------- powers
@covers("ag.power.permanent", "ag.power.exchange")
def test_exchange_power_on_own_and_others_rolls() -> None:
    s = table(P("Ann", 1, {"fox": "", "crab": "RBB"}), P("Bo", 2, {"lion": "YYOR"}, ("starfish",)))
    s.play("roll 2g1o1b", chance=["dice gG gG oP bB"])
    s.play("done")                               # nothing fits Ann's cards
    # the purple arc Ann left unused: Bo's Starfish turns it into any stone
    assert "exchange P>R lion" in legal(s)
    s.play("exchange P>R lion")
    assert seat(s, "Bo").card("lion").stones == "RROYY"


@covers("ag.power.immunity")
def test_immune_players_cannot_be_attacked() -> None:
    s = table(P("Ann", 1, {"starfish": "BGO", "owl": ""}, ("fox",)),
              P("Bo", 2, {"wolf": "R"}, ("tortoise",)), P("Cy", 3, {"lion": "R"}))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    s.play_many(["place Y starfish", "place O owl", "place W owl", "done"])
    assert "use fox steal R lion owl" in legal(s)
    assert not any("wolf" in a for a in legal(s))
    assert code(s, "use fox steal R wolf owl") == "steal.immune"


@covers("ag.power.steal", "ag.power.activation")
def test_steal_only_a_placeable_stone() -> None:
    s = table(P("Ann", 1, {"starfish": "BGO", "owl": "W"}, ("fox",)),
              P("Bo", 2, {"wolf": "RG"}))
    s.play("roll 2g1o1b", chance=["dice gY gB oO bW"])
    s.play_many(["place Y starfish", "place O owl", "done"])
    assert "use fox steal R wolf owl" in legal(s)
    assert code(s, "use fox steal G wolf owl") == "place.no_space"
    s.play("use fox steal R wolf owl")
    assert seat(s, "Bo").card("wolf").stones == "G"


@covers("ag.power.raid")
def test_raid_makes_every_other_player_remove_a_stone() -> None:
    s = table(P("Ann", 1, {"starfish": "BGO", "owl": ""}, ("bat",)),
              P("Bo", 2, {"wolf": "RG"}), P("Cy", 3, {"lion": "YY"}), P("Di", 4, {"crab": ""}))
    s.play("roll 2g1o1b", chance=["dice gY gB oO bB"])
    s.play_many(["place Y starfish", "place O owl", "done"])
    s.play("use bat raid")
    assert s.names[s.actor] == "Bo" and legal(s) == ["remove R wolf", "remove G wolf"]
    s.play("remove G wolf")
    assert s.names[s.actor] == "Cy"
    s.play("remove Y lion")
    assert seat(s, "Cy").card("lion").stones == "Y"


@covers("ag.power.gift_stone", "ag.faq.retrigger")
def test_gift_stone_and_retrigger() -> None:
    s = table(P("Ann", 1, {"hummingbird": "RG", "rabbit": "GG", "owl": ""}, ("lion",)),
              P("Bo", 2, {"crab": "RBB"}))
    s.play("roll 1g2o", chance=["dice gB oO oR"])
    s.play_many(["place O hummingbird", "place R owl", "done"])
    assert code(s, "use lion gift G rabbit") == "gift.wrong_stone"
    assert "use hummingbird gift O rabbit" in legal(s)
    s.play("use hummingbird gift O rabbit")
    # the Rabbit's revival triggers every activation power again
    assert "use lion gift P hummingbird" not in legal(s)
    assert any(a.startswith("use lion") or a.startswith("skip lion") for a in legal(s))
    assert "rabbit" in seat(s, "Ann").companions


@covers("ag.power.recruit")
def test_recruit_selects_a_supply_card() -> None:
    s = table(P("Ann", 1, {"hummingbird": "RG"}, ("swan",)), P("Bo", 2, {"crab": "RBB"}))
    s.play("roll 2g2o1b", chance=["dice gB gB oO oR bB"])
    s.play_many(["place O hummingbird", "done"])
    s.play("use swan recruit parrot")
    assert seat(s, "Ann").card("parrot") is not None


# ------------------------------------------------------------------------- spells
def spell_table(*players: dict[str, Any], active: int = 0) -> Session:
    return table(*players, active=active, spells=True)


@covers("ag.spell.deal")
def test_spell_deal() -> None:
    s = Session("animals_gathering", players=3, seed=2, options={"spells": True})
    while s.state.task.kind == "keep":
        s.play(s.legal_actions()[0])
    assert s.state.task.kind == "keep_spell"
    offer = s.state.seats[0].spell_offer
    assert len(offer) == 2 and legal(s) == [f"keep-spell {x}" for x in offer]
    s.play(legal(s)[1])
    assert s.state.seats[0].spells == (offer[1],)


@covers("ag.spell.use", "ag.spell.all_in", "ag.faq.any_time")
def test_all_in_and_single_use() -> None:
    s = spell_table(P("Ann", 1, {"fox": "", "owl": "", "lion": ""}, spells=("all_in",)),
                    P("Bo", 2, {"crab": ""}))
    assert "cast all_in 2g2o2b" in legal(s)
    s.play("cast all_in 2g2o2b")
    assert len(s.state.roll.dice) == 6
    assert code(s, "cast all_in 2g2o2b") == "spell.not_held"


@covers("ag.spell.rock_n_roll", "ag.faq.any_time")
def test_rock_n_roll_on_another_players_roll() -> None:
    s = spell_table(P("Ann", 1, {"starfish": "B", "owl": "W"}),
                    P("Bo", 2, {"crab": ""}, spells=("rock_n_roll",)))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    assert s.names[s.actor] == "Bo" and "no-spell" in legal(s)
    s.play("cast rock_n_roll gY gG", chance=["dice gB gR"])
    assert sorted(d.label for d in s.state.roll.dice) == sorted(["gR", "gB", "oO", "bW"])


@covers("ag.spell.i_choose_u")
def test_i_choose_u() -> None:
    s = spell_table(P("Ann", 1, {"fox": "ROO"}, spells=("i_choose_u",)), P("Bo", 2, {"crab": ""}))
    assert code(s, "cast i_choose_u B fox") == "spell.no_effect"   # the Fox has no blue space
    s.play("cast i_choose_u Y fox")
    assert "fox" in seat(s, "Ann").companions        # completed and revived at once


@covers("ag.spell.bubble_burster")
def test_bubble_burster() -> None:
    s = spell_table(P("Ann", 1, {"starfish": "B", "owl": "W"}), P("Bo", 2, {"jellyfish": "B"}),
                    P("Cy", 3, {"butterfly": "YPO"}, spells=("bubble_burster",)))
    s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
    s.play_many(["place Y starfish", "place G starfish", "place O starfish", "done"])
    s.play("cast bubble_burster")
    assert s.names[s.actor] == "Cy"                 # Bo may not take the white star
    s.play("place W butterfly")
    assert seat(s, "Bo").card("jellyfish").stones == "B"


@covers("ag.spell.reshuffle_ritual", "ag.faq.partial_spell")
def test_reshuffle_ritual() -> None:
    s = spell_table(P("Ann", 1, {"fox": ""}, spells=("reshuffle_ritual",)),
                    P("Bo", 2, {"crab": ""}))
    old = s.state.supply
    nxt = s.state.deck[:5]
    s.play("cast reshuffle_ritual")
    assert s.state.supply == nxt and set(old) <= set(s.state.deck)
    s.play(f"take {nxt[0]}")
    assert seat(s, "Ann").card(nxt[0]) is not None
    s2 = spell_table(P("Ann", 1, {"fox": ""}, spells=("reshuffle_ritual",)),
                    P("Bo", 2, {"crab": ""}))
    s2.play("cast reshuffle_ritual parrot")                # only the selection
    assert seat(s2, "Ann").card("parrot") is not None


@covers("ag.spell.back_in_the_saddle")
def test_back_in_the_saddle_rearranges() -> None:
    s = spell_table(P("Ann", 1, {"fox": "R", "hummingbird": ""}, spells=("back_in_the_saddle",)),
                    P("Bo", 2, {"crab": ""}))
    s.play("cast back_in_the_saddle parrot")
    assert "move R fox hummingbird" in legal(s)
    s.play_many(["move R fox hummingbird", "done"])
    assert seat(s, "Ann").card("hummingbird").stones == "R"


@covers("ag.spell.copy_and_paste")
def test_copy_and_paste() -> None:
    s = spell_table(P("Ann", 1, {"fox": "ROO"}, spells=("i_choose_u",)),
                    P("Bo", 2, {"crab": "RBB"}, spells=("copy_and_paste",)))
    assert code(s, "cast copy_and_paste i_choose_u Y fox") == "spell.not_held"   # Ann acts
    s.play("cast i_choose_u Y fox")
    s.play("take parrot")
    assert "cast copy_and_paste i_choose_u O crab" in legal(s)
    s.play("cast copy_and_paste i_choose_u O crab")
    assert "crab" in seat(s, "Bo").companions


@covers("ag.spell.animal_resonance")
def test_animal_resonance() -> None:
    s = spell_table(P("Ann", 1, {"owl": ""}, ("lion",), spells=("animal_resonance",)),
                    P("Bo", 2, {"crab": ""}))
    s.play("cast animal_resonance")
    assert any(a.startswith("use lion gift") for a in legal(s))


@covers("ag.spell.holy_awakening")
def test_holy_awakening() -> None:
    s = spell_table(P("Ann", 1, {"tortoise": ""}, spells=("holy_awakening",)),
                    P("Bo", 2, {"crab": ""}))
    s.play("cast holy_awakening tortoise")
    assert GAME.rules.is_immune(seat(s, "Ann"))


@covers("ag.spell.blessed_by_glory")
def test_blessed_by_glory() -> None:
    s = spell_table(P("Ann", 1, {"hummingbird": "RG"}, ("giraffe", "octopus", "crab", "starfish"),
                      spells=("blessed_by_glory",)),
                    P("Bo", 2, {"salmon": "RRB"}, ("lion",)))
    assert code(s, "cast blessed_by_glory giraffe") == "spell.no_effect"
    s.play("roll 2g2o1b", chance=["dice gG gY oO oR bB"])
    s.play_many(["place O hummingbird", "done"])
    s.play("cast blessed_by_glory giraffe")
    lines = [ln for ln in s.score_breakdown().for_player(0) if ln.category == "Blessed by Glory"]
    assert [ln.points for ln in lines] == [3]


def test_illegal_play_changes_nothing() -> None:
    s = table(P("Ann", 1, {"fox": ""}), P("Bo", 2, {"crab": ""}))
    before = s.state
    with pytest.raises(IllegalActionError) as info:
        s.play("take unicorn")
    assert info.value.verdict.rule is not None
    assert s.state == before and s.decisions == 0


def test_every_rule_is_covered() -> None:
    missing = sorted(set(RULES) - COVERED)
    assert missing == [], f"rules without a test: {missing}"


def test_a_bad_scenario_lists_every_problem() -> None:
    with pytest.raises(gaia_lab.InvalidStateError) as info:
        Session("animals_gathering", scenario={
            "players": [P("Ann", 7, {"fox": "ROOY", "unicorn": ""}), P("Bo", 3, {"owl": "X"}),
                        P("Cy", 3, {"lion": ""})],
            "supply": SUPPLY})
    text = str(info.value)
    for part in ("mage: must be from 1 to 5, got 7", "unknown card 'unicorn'", "is complete",
                 "unknown stones", "two players hold the same mage"):
        assert part in text, part


def test_users_can_play_with_their_own_components(tmp_path: Any) -> None:
    import json

    from gaia_lab.games.animals_gathering import AnimalsGathering
    from gaia_lab.games.animals_gathering.components import load_components

    source = GAME.components
    data = json.loads(source.to_json("animals"))
    for entry in data["entries"]:
        if entry["id"] == "fox":
            entry["points"] = 5
    (tmp_path / "animals.json").write_text(json.dumps(data, indent=1))
    mine = AnimalsGathering(load_components(tmp_path))
    s = Session(mine, scenario={"players": [P("Ann", 1, {}, ("fox",)), P("Bo", 2, {"owl": ""})],
                                "supply": SUPPLY})
    assert s.score_breakdown().totals[0] == 5
    assert GAME.rules.animals["fox"].points == 1
