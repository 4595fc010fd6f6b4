"""Talia, the School of Geomancy and the Forgotten Evocation Gaea (Legend)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from gaia_lab.core.errors import IllegalActionError, InvalidStateError
from gaia_lab.games.black_rose_wars import geomancy
from gaia_lab.games.black_rose_wars.geomancy import (
    CORE_SCHOOLS,
    apply_legend,
    explain_legend,
    explain_swap,
    legend_choices,
    library,
    load_geomancy,
    swap_school,
)
from gaia_lab.games.black_rose_wars.state import (
    BRWState,
    Evocation,
    Mage,
    Model,
    Room,
    RootToken,
)

G = load_geomancy()


def test_the_box_holds_talia_three_personal_spells_and_36_geomancy_spells() -> None:
    assert G.talia.name == "Talia" and len(G.personal) == 3 and len(G.spells) == 36
    assert set(Counter(s.name for s in G.spells).values()) == {3}
    assert all(s.origin.provenance == "reconstructed" and s.origin.note
               for s in (*G.spells, *G.personal))
    assert (G.legend.speed, G.legend.strength, G.legend.health) == (2, 1, 6)
    assert G.legend.origin.provenance == "rulebook"


def test_geomancy_replaces_one_school_at_step_9() -> None:
    schools = CORE_SCHOOLS[:4]
    assert swap_school(schools, "hex") == ("technomancy", "shamanic", "alchemy", "geomancy")
    assert explain_swap(swap_school(schools, "hex"), "alchemy").code == "geomancy.in_play"
    with pytest.raises(IllegalActionError) as info:
        swap_school(schools, "agony")
    assert info.value.verdict.rule is not None
    assert info.value.verdict.rule.id == "brw.school.geomancy"


def test_the_library_is_the_36_cards_shuffled_by_the_seed() -> None:
    a, b = library(G, random.Random(3)), library(G, random.Random(3))
    assert a == b and sorted(a) == sorted(s.id for s in G.spells)
    assert a != library(G, random.Random(4))


def state(*slots: str, root: tuple[str, ...] | None = None,
          legend: str = "crypt") -> BRWState:
    room = Room("crypt", 0, 0, 6, slots=slots,
                root=RootToken(root) if root is not None else None)
    hurt = Model("crypt", 2, 2, 11).hurt(1, "gaea").hurt(1, "mage1").hurt(3, "black_rose")
    return BRWState(players=2, mages=(Mage("Talia", Model("crypt", 2, 2, 11)),
                                      Mage("Rikkart", hurt)),
                    rooms=(room, Room("forge", 1, 0, 4)),
                    evocations=(Evocation("gaea_legend", 0, Model(legend, 2, 1, 6)),))


def test_the_legend_removes_two_of_its_owners_instability_for_two_power_points() -> None:
    s = state("mage1", "mage2", "mage1", root=("mage1",))
    after, events = apply_legend(s, 0, "remove_instability", "crypt")
    assert after.room("crypt").owners() == ("mage1", "mage2")
    assert after.mage(0).power == 2 and events[0].delta == (("mage1.power", 2),)
    assert explain_legend(state("mage1"), 0, "remove_instability", "crypt").code == (
        "legend.too_little")
    # the Instability removed may be in any Room, not only hers
    far = state("mage1", "mage1", legend="forge")
    assert explain_legend(far, 0, "remove_instability", "crypt").legal


def test_the_legend_converts_up_to_three_instability_in_her_room() -> None:
    after, _ = apply_legend(state("mage2", "gaea"), 0, "convert_instability", "crypt")
    assert after.room("crypt").owners() == ("mage1", "mage1")
    assert explain_legend(state("mage1"), 0, "convert_instability", "crypt").code == (
        "legend.nothing")
    verdict = explain_legend(state("mage2", legend="forge"), 0, "convert_instability", "crypt")
    assert verdict.code == "legend.not_near" and verdict.rule is not None
    assert verdict.rule.id == "brw.ruling.legend_from_her"


def test_the_legend_converts_the_oldest_three_damage_of_others_on_a_model_in_her_room() -> None:
    s = state()
    assert s.mages[1].model.dealt == ("gaea", "mage1", "black_rose", "black_rose",
                                      "black_rose")
    after, events = apply_legend(s, 0, "convert_damage", "mage2")
    assert after.mages[1].model.dealt == ("mage1", "mage1", "mage1", "mage1", "black_rose")
    assert after.mages[1].damage == 5 and events[0].kind == "legend.convert_damage"
    assert explain_legend(after, 0, "convert_damage", "mage1").code == "legend.no_damage"
    far = state(legend="forge")
    assert explain_legend(far, 0, "convert_damage", "mage2").code == "legend.not_near"
    assert ("convert_damage", "mage2") in legend_choices(s, 0)


def test_only_the_legends_owner_picks_her_effects_while_she_is_in_the_lodge() -> None:
    s = state("mage2", "mage1", "mage1")
    assert explain_legend(s, 1, "convert_instability", "crypt").code == "legend.not_in_play"
    gone = dataclasses.replace(s, evocations=())
    assert legend_choices(gone, 0) == ()
    assert explain_legend(s, 0, "convert_instability", "attic").code == "legend.no_room"
    assert explain_legend(s, 5, "convert_instability", "crypt").code == "legend.no_seat"
    with pytest.raises(IllegalActionError, match="not 'fly'"):
        apply_legend(s, 0, "fly", "crypt")


def test_a_bad_file_is_refused_with_each_problem() -> None:
    data = json.loads(geomancy.DATA.read_text(encoding="utf-8"))
    data["spells"][0]["amount"] = 0
    data["legend"][0]["health"] = 5
    with pytest.raises(InvalidStateError) as info:
        geomancy.geomancy_from_text(json.dumps(data))
    text = "\n".join(info.value.problems)
    assert "needs an amount of at least 1" in text and "Health 6" in text
