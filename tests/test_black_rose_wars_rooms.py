"""Each Room's own activation effect (brw.core.room_effects): every side of all 23 Rooms
is activated on a built position, and what each of its effect words does is checked."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.black_rose_wars import GAME as G
from gaia_lab.games.black_rose_wars.actions import Action, parse
from gaia_lab.games.black_rose_wars.components import DATA_DIR, Components
from gaia_lab.games.black_rose_wars.state import BRWState

OTHERS = ("crypt", "forge", "garden", "arena", "armory", "observatory")
SCENARIO_ROOMS = ("crypt", "thorny_clearing", "life_fountain", "indoor_forest", "arena")
SIDES = [(r.id, rebuilt) for r in G.components.rooms for rebuilt in (False, True)]


def position(rid: str, rebuilt: bool) -> BRWState:
    """Rikkart and Angela in ``rid`` (Angela holds the Crown, and has passed, in the Throne
    Room); Rikkart has cast Destabilize, has 3 Damage of Gaea's and 3 Power Points."""
    card = G.components.room(rid)
    legendary = card.replaces != "" or rid in ("emerald_rose_room",)
    free = SCENARIO_ROOMS if legendary else tuple(
        dict.fromkeys((*((rid,) if not card.fixed else ()), *OTHERS)))[:5]
    where = rid
    spec: dict[str, Any] = {
        "players": 2, "rooms": list(free), "legendary": legendary,
        "crown": 1 if rid == "throne_room" else 0,
        "seats": [{"where": where, "power": 3, "dealt": ["gaea"] * 3,
                   "prepared": ["arcane_bolt"]},
                  {"where": where, "power": 2, "passed": rid == "throne_room"}],
        "lodge": {rid: {"rebuilt": rebuilt, "root": None}}}
    s = G.scenario(spec)
    rikkart = s.mages[0]
    return s.with_mage(0, dataclasses.replace(rikkart, hand=("blink",)))


def settle(state: BRWState) -> BRWState:
    while state.task is not None and state.task.seat is None:
        state = G.apply(state, G.legal_actions(state)[0]).state
    return state


def activation(state: BRWState) -> Action:
    """The first activation with a target, else ``activate``."""
    found = [a for a in G.legal_actions(state) if a.verb == "activate"]
    assert found, G.explain(state, parse("activate"))
    return found[0]


@pytest.mark.parametrize(("rid", "rebuilt"), SIDES)
def test_each_side_of_each_room_plays_its_own_effect(rid: str, rebuilt: bool) -> None:
    before = position(rid, rebuilt)
    assert G.invariants(before) == []
    action = activation(before)
    step = G.apply(before, action)
    after = settle(step.state)
    kinds = [e.kind for e in step.events]
    target = action.args[0] if action.args else ""
    words = G.components.room(rid).effects(rebuilt)
    me, angela = before.mages[0], before.mages[1]
    for word in words:
        kind, *args = word.split(":")
        if kind == "summon":
            assert len(after.evocations) == words.count("summon")
            assert all(e.owner == 0 and e.model.where == rid for e in after.evocations)
        elif kind in ("damage", "strike"):
            amount = int(args[0]) if kind == "damage" else int(args[0]) * me.model.strength
            hurt = after.model(target) if not target.startswith("root:") else None
            if hurt is not None:
                assert hurt.damage == before.model(target).damage + amount or (
                    "defeat.mage" in kinds)
            else:
                assert after.room(target[5:]).root is None
        elif kind == "place":
            room = after.room(target)
            got = room.owners().count("mage1") - before.room(target).owners().count("mage1")
            assert got == int(args[1]) + (target == rid and not rebuilt) or room.rebuilt
        elif kind == "black_rose_instability":
            got = (after.room(target).owners().count("black_rose")
                   - before.room(target).owners().count("black_rose"))
            assert got == 1 or after.room(target).rebuilt
        elif kind == "heal":
            assert after.mages[0].damage == max(0, 3 - int(args[0]))
        elif kind == "power":
            assert after.mages[0].power >= me.power + int(args[0])
        elif kind == "black_rose_power":
            assert after.power_board.black_rose == before.power_board.black_rose + int(args[0])
        elif kind == "drain":
            assert after.mages[1].power == angela.power - int(args[0])
        elif kind == "retrieve":
            assert "destabilize" in after.mages[0].prepared
        elif kind == "cells":
            assert [m.where for m in after.mages] == ["cell1", "cell2"]
        elif kind == "quest":
            assert "room.quest" in kinds
        elif kind == "crown_cost":
            assert after.crown == 0 and after.mages[0].power == me.power - 1
        else:
            assert kind == "crown" and after.crown == 0
    if not rebuilt and "crown_cost" not in words:
        assert after.room(rid).owners().count("mage1") >= 1 or after.room(rid).rebuilt
    assert G.invariants(after) == []


def test_every_room_has_two_sides_of_its_own() -> None:
    sides = {(r.ruined_effects, r.rebuilt_effects) for r in G.components.rooms}
    assert len(G.components.rooms) == 23 and len(sides) >= 18
    assert all(r.origin.note for r in G.components.rooms)


def test_a_targeted_effect_may_be_left_without_a_target() -> None:
    s = position("arena", False)
    assert [str(a) for a in G.legal_actions(s) if a.verb == "activate"] == [
        "activate mage2", "activate"]
    step = G.apply(s, parse("activate"))
    assert "room.no_target" in [e.kind for e in step.events]
    assert step.state.mages[1].damage == 0
    verdict = G.explain(s, parse("activate forge"))
    assert verdict.code == "activate.target" and "activate mage2" in verdict.message


def test_a_bad_room_effect_is_refused_with_its_place() -> None:
    data = json.loads((DATA_DIR / "rooms.json").read_text(encoding="utf-8"))
    data["entries"][1]["ruined_effects"] = ["fly"]
    data["entries"][2]["rebuilt_effects"] = ["damage:1:1", "place:1:1"]
    with pytest.raises(InvalidStateError) as info:
        Components.from_dicts(rooms=data)
    text = "\n".join(info.value.problems)
    assert "unknown effect 'fly'" in text and "one targeted effect" in text


def test_the_forges_second_attack_stops_when_the_first_defeats_its_target() -> None:
    s = G.scenario({"players": 2, "rooms": ["crypt", "forge", "garden", "arena", "armory"],
                    "seats": [{"where": "forge"}, {"where": "crypt"}],
                    "lodge": {"forge": {"rebuilt": True, "root": None}},
                    "evocations": [{"card": "cadaver_1", "owner": 1, "where": "forge"}]})
    after = G.apply(s, parse("activate cadaver_1")).state
    assert after.evocation("cadaver_1") is None and after.evocation_discard == ("cadaver_1",)
    assert G.invariants(after) == []
