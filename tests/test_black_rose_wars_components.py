"""Black Rose Wars: Gaea Reborn components: the packaged files, provenance, a user's folder
replacing a file, and every problem of a bad file named with its file, line and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.black_rose_wars.components import (
    COMPONENT_FILES,
    DATA_DIR,
    Components,
    load_components,
)
from gaia_lab.games.black_rose_wars.game import BlackRoseWars

C = load_components()


def test_counts_and_provenance() -> None:
    assert len(C.core_rooms()) == 19 and len(C.random_rooms()) == 17
    assert C.provenance["avatar"] == {"rulebook": 2}
    assert C.provenance["commands"] == {"reconstructed": 30}
    assert all(r.origin.source for r in C.rooms if r.origin.provenance == "published")
    assert all(c.origin.note for c in C.commands)
    assert {r.id for r in C.rooms if r.box == "gaea_reborn"} == {
        "emerald_rose_room", "thorny_clearing", "life_fountain", "indoor_forest"}
    assert C.room("emerald_rose_room").replaces == "black_rose_room"
    assert C.forgotten_deck()[-1] == "natures_fury"


def test_files_round_trip(tmp_path: Path) -> None:
    C.save(tmp_path)
    assert load_components(tmp_path) == C
    for name in COMPONENT_FILES:
        assert json.loads(C.to_json(name)) == json.loads((DATA_DIR / f"{name}.json").read_text())


def test_a_folder_replaces_one_file(tmp_path: Path) -> None:
    data = json.loads((DATA_DIR / "mages.json").read_text())
    data["entries"][0]["health"] = 9
    (tmp_path / "mages.json").write_text(json.dumps(data))
    mine = load_components(tmp_path)
    assert mine.mage("rikkart").health == 9 and mine.commands == C.commands
    state = BlackRoseWars(mine).new_initial_state(1)
    assert state.mages[0].model.health == 9


def test_problems_name_file_and_field() -> None:
    commands = json.loads((DATA_DIR / "commands.json").read_text())
    commands["entries"] = commands["entries"][:29]
    commands["entries"][0]["effects"] = ["dance"]
    with pytest.raises(InvalidStateError) as err:
        Components.from_dicts(commands=commands)
    problems = err.value.problems
    assert any("commands entry 1 (id 'c01'): field 'effects[0]': unknown value 'dance'" in p
               for p in problems)
    layouts = json.loads((DATA_DIR / "layouts.json").read_text())
    layouts["entries"][0]["cells"][0]["room"] = 30
    with pytest.raises(InvalidStateError, match="place 30 is not among the 7 places"):
        Components.from_dicts(layouts=layouts)
    rooms = json.loads((DATA_DIR / "rooms.json").read_text())
    rooms["entries"][0]["rewards"] = [1, 3, 6]
    with pytest.raises(InvalidStateError, match="a lower rank never gains more"):
        Components.from_dicts(rooms=rooms)
