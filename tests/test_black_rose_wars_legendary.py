"""The Legendary Scenario Stop the Threat: setup changes, scenario cards, False Idols,
Toll and the Honorable Mention."""

from __future__ import annotations

import json

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.values import evolve
from gaia_lab.games.black_rose_wars import legendary
from gaia_lab.games.black_rose_wars.components import load_components
from gaia_lab.games.black_rose_wars.legendary import (
    card_of_moon,
    honorable_mention,
    is_legendary,
    load_scenario_cards,
    resolve_card,
    rose_room,
    stack_events,
    swap_rooms,
    toll,
    with_honorable_mention,
    with_moon_cubes,
)
from gaia_lab.games.black_rose_wars.rules import Rules
from gaia_lab.games.black_rose_wars.state import BRWState, Mage, Model, Room, RootToken

RULES = Rules(load_components())


def place_root(state: BRWState, rid: str) -> BRWState:
    return RULES.place_root(state, rid, [], "brw.root.placement")


SWAPS = {"black_rose_room": "emerald_rose_room", "forge": "thorny_clearing",
         "garden": "life_fountain", "treasure_room": "indoor_forest"}


def lodge(rose: str = "emerald_rose_room", **mages: tuple[str, ...]) -> BRWState:
    people = tuple(Mage(name, Model("cell1", 2, 2, 11), trophies=t)  # type: ignore[arg-type]
                   for name, t in (mages or {"Talia": ()}).items())
    rooms = (Room(rose, 0, 0, 10), Room("throne_room", 1, 0, 10),
             Room("crypt", 2, 0, 6, slots=("mage1", "mage1")), Room("thorny_clearing", 0, 1, 4),
             Room("arena", 1, 1, 6, root=RootToken(("gaea",))))
    return BRWState(players=len(people), mages=people, rooms=rooms)


def test_the_four_rooms_are_swapped_before_the_draw() -> None:
    fixed, pool = swap_rooms(("black_rose_room", "throne_room"),
                             ("crypt", "forge", "garden", "treasure_room", "arena"), SWAPS)
    assert fixed == ("emerald_rose_room", "throne_room")
    assert pool == ("crypt", "thorny_clearing", "life_fountain", "indoor_forest", "arena")


def test_the_scenario_is_known_from_the_lodge_and_names_its_rose_room() -> None:
    assert is_legendary(lodge()) and rose_room(lodge()) == "emerald_rose_room"
    plain = lodge("black_rose_room")
    assert not is_legendary(plain) and rose_room(plain) == "black_rose_room"


def test_the_moon_cubes_go_on_slots_5_21_28() -> None:
    board = with_moon_cubes(lodge()).power_board
    assert (board.second_moon, board.third_moon, board.black_rose_cube) == (5, 21, 28)
    assert board.moon == 1 and board.black_rose == 0


def test_each_moon_deck_gets_its_scenario_card_on_top() -> None:
    decks = stack_events((("e1", "e2"), ("e3",), ("e4", "e5")), load_scenario_cards())
    assert [d[0] for d in decks] == ["stop_the_threat_1", "stop_the_threat_2",
                                     "stop_the_threat_3"]
    assert decks[2][1:] == ("e4", "e5")
    with pytest.raises(InvalidStateError, match="one per Moon phase"):
        stack_events((("e1",),), load_scenario_cards())


def test_the_cards_are_authored_and_each_moon_has_one() -> None:
    cards = load_scenario_cards()
    assert sorted(c.moon for c in cards) == [1, 2, 3]
    assert all(c.origin.provenance == "reconstructed" and c.origin.note for c in cards)


def test_root_tokens_follow_the_pool_and_one_per_room() -> None:
    state = lodge().with_avatar(root_pool=2)
    after, events = resolve_card(state, card_of_moon(1), place_root)
    # the crypt holds the most Instability; the arena already has a token
    assert [r.id for r in after.rooms if r.root == RootToken()] == ["emerald_rose_room", "crypt"]
    assert after.avatar.root_pool == 0
    assert after.room("arena").root == RootToken(("gaea",))
    assert "crypt" in events[0].text
    again, more = resolve_card(after, card_of_moon(1), place_root)
    assert again == after and "no Room" in more[0].text


def test_moon_two_and_three_cards() -> None:
    state = evolve(lodge(), arbor_vitae=("crypt", "arena"))
    fed, _ = resolve_card(state, card_of_moon(2), place_root)
    assert fed.avatar.power == 4
    hurt = state.with_avatar(model=Model("crypt", 2, 1, 12).hurt(7, "mage1"))
    risen, events = resolve_card(hurt, card_of_moon(3), place_root)
    assert risen.avatar.model.where == "emerald_rose_room" and risen.avatar.model.damage == 0
    assert risen.avatar.model.dealt == ()
    assert "loses 7 Damage" in events[0].text


def test_false_idols_and_toll() -> None:
    assert not legendary.avatar_trophy_for_defeat(lodge())
    assert legendary.avatar_trophy_for_defeat(lodge("black_rose_room"))
    paid, events = toll(lodge(), 0)
    assert paid.mage(0).trophies == ("avatar",) and events[0].rule is not None
    assert events[0].rule.id == "brw.legendary.toll"
    assert toll(lodge("black_rose_room"), 0) == (lodge("black_rose_room"), ())


def test_honorable_mention_goes_to_the_one_mage_with_most_trophies() -> None:
    state = lodge(Ada=("mage", "avatar"), Bo=("mage",))
    assert honorable_mention(state) == 0
    after, events = with_honorable_mention(state)
    assert after.mage(0).power == 3 and after.mage(1).power == 0
    tied = lodge(Ada=("mage",), Bo=("avatar",))
    assert with_honorable_mention(tied)[0] == tied
    assert honorable_mention(lodge(Ada=(), Bo=())) is None
    plain = lodge("black_rose_room", Ada=("mage",), Bo=())
    assert with_honorable_mention(plain) == (plain, ())


def test_a_bad_card_file_is_refused() -> None:
    data = json.loads(legendary.DATA.read_text(encoding="utf-8"))
    data["cards"][2]["moon"] = 2
    with pytest.raises(InvalidStateError, match=r"Moon phases are \[1, 2, 2\]"):
        legendary.scenario_cards_from_text(json.dumps(data))
