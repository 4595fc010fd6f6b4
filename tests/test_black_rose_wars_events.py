"""The core Events' effects (brw.core.event_effects): each of the 39 Event cards is revealed
by the Black Rose phase on a built position, and what its effect does is checked; standing
effects are checked where the rules consult them."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.black_rose_wars import GAME as G
from gaia_lab.games.black_rose_wars.actions import parse
from gaia_lab.games.black_rose_wars.components import DATA_DIR, Components
from gaia_lab.games.black_rose_wars.examples import ROOMS
from gaia_lab.games.black_rose_wars.state import BRWState

R = G.rules
MOON_POWER = {1: 0, 2: 6, 3: 18}


def position(moon: int = 1, **spec: Any) -> BRWState:
    base: dict[str, Any] = {
        "players": 2, "rooms": list(ROOMS), "at": "black_rose", "gaea_power": MOON_POWER[moon],
        "seats": [{"where": "crypt", "power": 3, "dealt": ["gaea", "mage2"]},
                  {"where": "forge", "power": 2, "trophies": ["mage"]}],
        "evocations": [{"card": "cadaver_1", "owner": 0, "where": "crypt"},
                       {"card": "colossus_1", "owner": 1, "where": "forge", "damage": 1}]}
    return G.scenario({**base, **spec})


def reveal(eid: str, state: BRWState | None = None) -> tuple[BRWState, list[str], BRWState]:
    """The state after the Black Rose phase reveals ``eid``, the event kinds, the state
    before."""
    card = G.components.event(eid)
    s = state or position(card.moon)
    moon = s.power_board.moon
    assert moon == card.moon
    deck = s.event_decks[moon - 1]
    decks = tuple((eid, *(c for c in d if c != eid)) if i == moon - 1 else d
                  for i, d in enumerate(s.event_decks))
    assert eid in deck
    s = dataclasses.replace(s, event_decks=decks)
    assert s.task is not None and s.task.kind == "black_rose"
    step = G.apply(s, parse("black_rose"))
    assert G.invariants(step.state) == []
    return step.state, [e.kind for e in step.events], s


def added(before: BRWState, after: BRWState, owner: str = "black_rose") -> dict[str, int]:
    """Instability of ``owner`` gained per Room (the phase's own 1 in the Black Rose Room
    included)."""
    out = {}
    for room in after.rooms:
        if before.has_room(room.id):
            n = room.owners().count(owner) - before.room(room.id).owners().count(owner)
            if n:
                out[room.id] = n
    return out


PHASE = {"black_rose_room": 1}
"""The Black Rose phase's own Instability."""


def test_every_event_has_effect_words_marked_reconstructed() -> None:
    assert len(G.components.events) == 39
    for card in G.components.events:
        assert card.effects and card.origin.provenance == "reconstructed" and card.origin.note


@pytest.mark.parametrize(("eid", "rooms"), [
    ("rebirth_at_sunset", {"crypt": 1, "forge": 1, "garden": 1}),
    ("rebirth_at_noon", {"throne_room": 1, "armory": 1}),
    ("rebirth_at_dawn", {"arena": 1}),
    ("awakening", {"black_rose_room": 5}),
    ("midnight_rebirth", {"black_rose_room": 2}),
])
def test_rebirths_and_awakenings_place_black_rose_instability(eid: str,
                                                              rooms: dict[str, int]) -> None:
    after, _, before = reveal(eid)
    want = dict(rooms)
    want["black_rose_room"] = want.get("black_rose_room", 0) + 1
    assert added(before, after) == want


def test_black_thorns_damages_every_evocation_and_filius() -> None:
    after, kinds, _ = reveal("black_thorns")
    assert after.evocation("cadaver_1") is None  # Health 2: defeated
    assert after.evocation("colossus_1") is not None
    assert after.evocation("colossus_1").model.dealt == ("black_rose",) * 3  # type: ignore[union-attr]
    assert after.avatar.filius.damage == 2 and "defeat.evocation" in kinds


def test_pledge_deals_3_to_each_mage() -> None:
    after, _, before = reveal("pledge")
    assert [m.damage - b.damage for m, b in zip(after.mages, before.mages, strict=True)] == [3, 3]


def test_illness_instability_where_mages_stand_then_cells() -> None:
    after, _, before = reveal("illness")
    assert added(before, after) == {"crypt": 2, "forge": 2, "black_rose_room": 1}
    assert [m.where for m in after.mages] == ["cell1", "cell2"]


def test_a_hard_lesson_costs_1_and_sends_each_mage_beside_their_cell() -> None:
    after, _, _ = reveal("a_hard_lesson")
    assert [m.power for m in after.mages] == [2, 1]
    assert [m.where for m in after.mages] == [c.room for c in after.cells]


def test_gold_reward_and_lost_past_change_power() -> None:
    gold, _, _ = reveal("gold_to_the_king")
    assert [m.power for m in gold.mages] == [5, 2]  # the Crown's holder
    slothful, _, _ = reveal("reward_the_slothful")
    assert [m.power for m in slothful.mages] == [4, 3]
    past, _, _ = reveal("manipulating_the_past")
    assert [m.power for m in past.mages] == [0, 0]


def test_undead_army_summons_for_each_mage_in_a_room() -> None:
    after, _, _ = reveal("undead_army")
    assert [t.kind for t in after.tasks[:2]] == ["summon", "summon"]
    assert [t.data[0] for t in after.tasks[:2]] == [0, 1]


def test_revolt_of_the_servants_hurts_by_the_evocations_strength() -> None:
    after, _, before = reveal("revolt_of_the_servants")
    assert [m.damage - b.damage for m, b in zip(after.mages, before.mages, strict=True)] == [2, 3]
    lone = position(2, evocations=[])
    after, _, _ = reveal("revolt_of_the_servants", lone)
    assert [m.power for m in after.mages] == [2, 1]


def test_wave_of_fatigue_discards_the_last_spell_or_costs_a_power_point() -> None:
    after, kinds, before = reveal("wave_of_fatigue")
    assert [len(m.hand) for m in after.mages] == [len(m.hand) - 1 for m in before.mages]
    assert "event.discard" in kinds


def test_woe_converts_up_to_4_damage_or_hurts() -> None:
    after, _, _ = reveal("woe")
    assert after.mages[0].model.dealt == ("black_rose", "black_rose")
    assert after.mages[1].model.dealt == ("black_rose", "black_rose")  # none converted: 2


def test_false_mercy_heals_all_but_the_black_roses_damage() -> None:
    state = position(3, seats=[{"where": "crypt", "dealt": ["gaea", "black_rose"]},
                               {"where": "forge", "dealt": ["mage1"]}])
    after, _, _ = reveal("false_mercy", state)
    assert after.mages[0].model.dealt == ("black_rose",)
    assert after.mages[1].model.dealt == ("black_rose", "black_rose")


def test_remembrance_plays_the_first_and_second_moons_top_events() -> None:
    state = position(3)
    decks = (("awakening", *(c for c in state.event_decks[0] if c != "awakening")),
             ("illness", *(c for c in state.event_decks[1] if c != "illness")),
             state.event_decks[2])
    after, _, before = reveal("remembrance", dataclasses.replace(state, event_decks=decks))
    assert after.events[-3:] == ("awakening", "illness", "remembrance")
    assert added(before, after)["black_rose_room"] == 6
    assert [m.where for m in after.mages] == ["cell1", "cell2"]


@pytest.mark.parametrize("eid", ["gift_to_fools", "tribute_of_the_command",
                                 "infinite_knowledge", "power_infusion"])
def test_events_on_parts_the_core_does_not_model_do_nothing(eid: str) -> None:
    after, kinds, before = reveal(eid)
    assert "event.none" in kinds
    assert added(before, after) == PHASE and after.mages == before.mages


def test_vision_offers_path_cards_instead_of_the_quest_with_paths() -> None:
    plain, kinds, _ = reveal("vision")
    assert "event.none" in kinds
    rows = [{"start": start, "cards": [start], "marker": {"card": 0, "passage": "start"}}
            for start in ("start_1", "start_2")]
    with_paths, _, _ = reveal("vision", position(2, paths=rows))
    assert [(t.kind, t.actor) for t in with_paths.tasks[:2]] == [("path_quest", 0),
                                                                ("path_quest", 1)]


def test_dislocation_lets_each_mage_place_their_model() -> None:
    after, _, _ = reveal("dislocation")
    assert after.task is not None and after.task.kind == "event_choice"
    assert parse("event skip") in G.legal_actions(after)
    moved = G.apply(after, parse("event armory")).state
    assert moved.mages[0].where == "armory"
    assert G.explain(moved, parse("event attic")).code == "event.not_offered"
    done = G.apply(moved, parse("event skip")).state
    assert done.mages[1].where == "forge"


def test_renovation_trades_a_trophy_for_2_instability_in_the_mages_room() -> None:
    after, _, before = reveal("renovation")
    assert [(t.kind, t.actor) for t in after.tasks[:1]] == [("event_choice", 1)]  # a Trophy
    assert G.legal_actions(after) == [parse("event forge"), parse("event skip")]
    done = G.apply(after, parse("event forge")).state
    assert done.mages[1].trophies == ()
    assert added(before, done, "mage2") == {"forge": 2}


def _in_force(eid: str, **spec: Any) -> BRWState:
    """A position in the Action phase with ``eid`` the Event in force."""
    card = G.components.event(eid)
    base: dict[str, Any] = {"players": 2, "rooms": list(ROOMS), "gaea_power": MOON_POWER[card.moon],
                            "seats": [{"where": "crypt"}, {"where": "forge"}]}
    s = G.scenario({**base, **spec})
    return dataclasses.replace(s, events=(*(e for e in s.events if e != eid), eid),
                               event_decks=tuple(tuple(c for c in d if c != eid)
                                                 for d in s.event_decks))


@pytest.mark.parametrize(("eid", "room"), [
    ("abandonment", "crypt"), ("battle", "arena"), ("knowledge", "observatory"),
    ("clairvoyance", "the_abyss"), ("growth", "forge"), ("instinct", "armory")])
def test_the_black_rose_gains_when_a_room_of_the_colour_is_activated(eid: str,
                                                                      room: str) -> None:
    rooms = ["crypt", "forge", "observatory", "the_abyss", "arena"]
    throne = room not in rooms  # the Armory's colour is the Throne Room's: Angela takes it
    spec = {"rooms": rooms, "seats": [{"where": "forge" if throne else room},
                                      {"where": "throne_room" if throne else "forge",
                                       "power": 1}]}
    s = _in_force(eid, **spec)
    if throne:
        s = G.apply(s, parse("pass")).state
    assert G.invariants(s) == [] and G.explain(s, parse("activate")).legal
    step = G.apply(s, parse("activate"))
    assert "event.colour_power" in [e.kind for e in step.events]
    assert step.state.power_board.black_rose == s.power_board.black_rose + 1
    other = _in_force("abandonment" if eid != "abandonment" else "battle", **spec)
    if throne:
        other = G.apply(other, parse("pass")).state
    assert "event.colour_power" not in [e.kind for e in G.apply(other, parse("activate")).events]


def test_hidden_resources_pays_a_mage_placed_in_their_cell() -> None:
    s = _in_force("hidden_resources", seats=[{"where": "black_rose_room"}, {"where": "forge"}])
    target = next(c.room for c in s.cells if c.seat == 0)
    s = G.scenario({"players": 2, "rooms": list(ROOMS), "seats": [{"where": target}]})
    s = dataclasses.replace(s, events=("hidden_resources",), event_decks=tuple(
        tuple(c for c in d if c != "hidden_resources") for d in s.event_decks))
    after = G.apply(s, parse("move cell1")).state
    assert after.mages[0].power == 1


def test_black_overload_follows_a_mages_instability() -> None:
    s = _in_force("black_overload")
    step = G.apply(s, parse("activate"))
    root = step.state.room("crypt").root
    assert root is not None and root.slots == ("mage1", "black_rose")
    assert "event.overload" in [e.kind for e in step.events]


def test_assault_only_peace_and_only_war_change_spells() -> None:
    s = _in_force("assault", seats=[{"where": "crypt"}, {"where": "crypt"}])
    after = G.apply(s, parse("cast arcane_bolt mage2")).state
    assert after.mages[1].damage == 3
    s = _in_force("only_peace", seats=[{"where": "crypt"}, {"where": "crypt"}])
    after = G.apply(s, parse("cast arcane_bolt mage2")).state
    assert after.mages[0].model.dealt == ("black_rose",)
    s = _in_force("only_war", seats=[{"where": "crypt", "prepared": ["blink", "arcane_bolt"]},
                                     {"where": "crypt"}])
    after = G.apply(s, parse("cast blink forge")).state
    assert after.mages[0].model.dealt == ("black_rose", "black_rose")


def test_immortals_puppeteer_and_dominion_at_defeats() -> None:
    s = _in_force("immortals", evocations=[{"card": "cadaver_1", "owner": 1, "where": "crypt"}])
    after = G.apply(s, parse("attack cadaver_1")).state
    assert after.evocation("cadaver_1") is not None
    s = _in_force("puppeteer", evocations=[{"card": "cadaver_1", "owner": 1, "where": "crypt"}])
    step = G.apply(s, parse("attack cadaver_1"))
    assert "event.puppeteer" in [e.kind for e in step.events]
    assert step.state.room("crypt").owners().count("black_rose") == 1
    s = _in_force("dominion", seats=[{"where": "crypt"}, {"where": "crypt", "damage": 10}])
    after = G.apply(s, parse("attack mage2")).state
    assert after.mages[0].trophies == () and after.mages[0].power == 3


def test_every_event_is_tested() -> None:
    names = {c.id for c in G.components.events}
    text = open(__file__, encoding="utf-8").read()
    assert sorted(n for n in names if f'"{n}"' not in text) == []


def test_a_bad_effect_word_is_refused_with_its_place() -> None:
    data = json.loads((DATA_DIR / "events.json").read_text(encoding="utf-8"))
    data["entries"][0]["effects"] = ["damage:owls:2"]
    data["entries"][1]["effects"] = ["standing:colour_power:pink"]
    with pytest.raises(InvalidStateError) as info:
        Components.from_dicts(events=data)
    text = "\n".join(info.value.problems)
    assert "effects[0]" in text and "not 'owls'" in text and "takes a colour" in text
