"""The GAIA (Tiki Editions) component files and their validating loader."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.gaia_tiki.board import ANIMALS, TERRAINS
from gaia_lab.games.gaia_tiki.components import (
    COMPONENT_FILES,
    DATA_DIR,
    EFFECTS,
    Components,
    load_components,
)
from gaia_lab.games.gaia_tiki.game import GaiaTiki


@pytest.fixture(scope="module")
def c() -> Components:
    return load_components()


def test_public_counts(c: Components) -> None:
    assert sum(t.tiles for t in c.terrains) == 48
    assert {t.id: t.tiles for t in c.terrains} == {
        "plain": 10, "forest": 8, "sea": 7, "swamp": 7, "desert": 10, "mountain": 6}
    assert len(c.deck("nature")) == 40
    assert {t.id: t.nature_cards for t in c.terrains} == {
        "plain": 8, "forest": 8, "sea": 7, "swamp": 5, "desert": 6, "mountain": 6}
    assert len(c.cities) == 19 and len(c.deck("life")) == 31
    assert len(c.objectives) == 9 and sum(1 for o in c.objectives if o.powers == 4) == 1


def test_every_card_is_reconstructed_with_a_reason(c: Components) -> None:
    for name in COMPONENT_FILES:
        text = c.to_json(name)
        for entry in json.loads(text)["entries"]:
            assert entry["provenance"] == "reconstructed" and entry.get("note")
        assert json.loads(text)["provenance_note"]
    assert c.provenance_summary().startswith("reconstructed: terrains 6/6, cities 19/19")


def test_cities_and_needs_are_balanced(c: Components) -> None:
    needs = Counter(n for city in c.cities for n in city.needs)
    assert set(needs) == set(TERRAINS) | set(ANIMALS)
    assert min(needs.values()) >= 4
    assert all(city.terrain != "sea" for city in c.cities)
    assert sum(1 for city in c.cities if city.terrain == "star") == 3


def test_power_effects_are_data(c: Components) -> None:
    assert {p.effect for p in c.powers} == set(EFFECTS)
    assert len(c.deck("power")) == 14
    rain = c.power("rain-2")
    assert (rain.terrains, rain.to) == (("desert", "swamp"), "plain")
    assert rain.describe() == "turn a desert or swamp tile without a City into plain"


def test_save_and_load_round_trip(c: Components, tmp_path: Path) -> None:
    c.save(tmp_path)
    back = load_components(tmp_path)
    assert back.cities == c.cities and back.powers == c.powers


def test_an_owner_can_load_printed_values(tmp_path: Path) -> None:
    """A folder with one file replaces it; the engine plays the new values."""
    data = json.loads((DATA_DIR / "powers.json").read_text(encoding="utf-8"))
    for entry in data["entries"]:
        if entry["id"] == "rain":
            entry["params"] = {"terrains": ["sea"], "to": "swamp"}
    (tmp_path / "powers.json").write_text(json.dumps(data), encoding="utf-8")
    c = load_components(tmp_path)
    assert c.power("rain").terrains == ("sea",)
    g = GaiaTiki(c)
    s = g.scenario({"advanced": True, "tiles": {"F6": "sea"}, "seats": [{"hand": ["rain"]}]})
    assert "power rain F6" in [str(a) for a in g.legal_actions(s)]


def test_problems_name_file_entry_and_field(tmp_path: Path) -> None:
    data = json.loads((DATA_DIR / "animals.json").read_text(encoding="utf-8"))
    data["entries"][0]["tokens"] = 0
    data["entries"][1]["animal"] = "cow"
    (tmp_path / "animals.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(InvalidStateError) as err:
        load_components(tmp_path)
    problems = err.value.problems
    assert any("animals.json" in p and "tokens" in p and "0 is out of range" in p
               for p in problems)
    assert any("unknown value 'cow'" in p for p in problems)


def test_cross_file_checks() -> None:
    with pytest.raises(InvalidStateError, match="used twice"):
        Components.from_dicts(cities={"component": "cities", "entries": [
            {"id": "herd", "name": "Herd", "terrain": "plain",
             "needs": ["plain", "forest", "sea", "goat"], "provenance": "reconstructed"}]})
    with pytest.raises(InvalidStateError, match="six terrains"):
        Components.from_dicts(terrains={"component": "terrains", "entries": [
            {"id": "plain", "name": "Plain", "tiles": 1, "nature_cards": 1, "chips": 1,
             "provenance": "reconstructed"}]})
    with pytest.raises(InvalidStateError, match="chips or"):
        Components.from_dicts(objectives={"component": "objectives", "entries": [
            {"id": "x", "name": "X", "provenance": "reconstructed"}]})
    with pytest.raises(TypeError):
        Components.from_dicts(tiles={})


def test_lookups_name_what_is_known(c: Components) -> None:
    with pytest.raises(KeyError, match="no City 'rome'; known: alba"):
        c.city("rome")
    with pytest.raises(KeyError, match="no deck"):
        c.deck("sand")
    assert c.card_kind("fields") == "objective" and not c.is_card("rome")
