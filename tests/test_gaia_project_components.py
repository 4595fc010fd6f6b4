"""The Gaia Project component files, their validating loader and the rule registry."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.gaia_project.components import (
    COMPONENT_FILES,
    DATA_DIR,
    FACTION_IDS,
    HOME_TYPES,
    Components,
    Resources,
    load_components,
    terraforming_steps,
)
from gaia_lab.games.gaia_project.rulebook import RULES

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "gaia_project"


@pytest.fixture(scope="module")
def c() -> Components:
    return load_components()


def test_loads_and_is_cached(c: Components) -> None:
    assert load_components() is c
    assert load_components(DATA_DIR) == c


def test_every_entry_is_published_with_a_source() -> None:
    for name in COMPONENT_FILES:
        doc = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        assert doc["provenance"] == "published", name
        assert doc["source_paths"], name


def test_counts(c: Components) -> None:
    assert len(c.sectors) == 13
    assert sum(not t.advanced for t in c.techs) == 9
    assert sum(t.advanced for t in c.techs) == 15
    assert len(c.boosters) == 10 and len(c.round_scoring) == 10 and len(c.final_scoring) == 6
    assert [t.id for t in c.federation_tokens] == [f"fed{i}" for i in range(1, 7)] + ["gleens"]
    assert len([a for a in c.board_actions if a.kind == "power"]) == 7
    assert len([a for a in c.board_actions if a.kind == "qic"]) == 3
    assert len(c.free_actions) == 8
    assert [f.id for f in c.factions] == list(FACTION_IDS)
    assert len(c.research_tracks) == 6 and all(len(t.levels) == 6 for t in c.research_tracks)


def test_sectors(c: Components) -> None:
    for s in c.sectors:
        count = len(s.planets)
        if s.id in ("5B", "6B", "7B"):
            assert count == 5
        else:
            assert count == (7 if s.id == "2" else 6), s.id
    assert c.sector("4").count("transdim") == 0
    assert sum(c.sector(s).count("gaia") for s in ("3", "5A", "6A", "7A", "9", "10")) == 7


def test_generic_board(c: Components) -> None:
    b = c.board
    assert b.start == Resources(credits=15, ore=4, knowledge=3, qic=1, vp=10)
    assert b.power_bowls == (2, 4, 0, 0)
    assert (b.caps.ore, b.caps.knowledge, b.caps.credits) == (15, 15, 30)
    assert b.structure("mine").cost == Resources(credits=2, ore=1)
    assert [s.power_value for s in b.structures] == [1, 2, 2, 3, 3, 3]
    assert b.terraform_cost[:4] == (3, 3, 2, 1)
    assert b.range_by_level == (1, 1, 2, 2, 3, 4)
    assert b.gaia_project_cost[1:] == (6, 6, 4, 3, 3)
    assert c.research_cost == Resources(knowledge=4)


def test_factions(c: Components) -> None:
    assert {f.home_planet for f in c.factions} == set(HOME_TYPES)
    assert c.faction("xenos").home_planet == "desert"
    assert c.faction("gleens").start.qic == 0
    assert c.faction("baltaks").power_bowls == (2, 2, 0, 0)
    assert c.faction("bescods").base_income == Resources(ore=1)
    assert c.faction("xenos").note("PI_income") == "+4 power charge, +1 QIC"


def test_tiles(c: Components) -> None:
    assert c.booster("booster9").pass_vp_per == "planetary institute or academy"
    assert c.round_tile("score4").vp == 5
    assert c.final_tile("satellite").neutral_count == 8
    assert c.final_awards == (18, 12, 6)
    assert c.federation_token("fed1").green is False
    assert c.board_action("qic3").per_gain == Resources(vp=1)
    assert c.research("eco").levels[4].income == Resources(credits=4, ore=2, charge_power=4)
    assert c.research("gaia").levels[3].once == Resources(charge_power=3)


def test_terraforming_wheel() -> None:
    assert terraforming_steps("terra", "terra") == 0
    assert max(terraforming_steps("terra", t) for t in HOME_TYPES) == 3


def test_problems_name_file_and_entry(tmp_path: Path) -> None:
    for name in COMPONENT_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    doc = json.loads((tmp_path / "factions.json").read_text())
    doc["factions"][0]["home_planet"] = "mars"
    doc["factions"][3]["deltas"]["start_track"] = {"flying": 1}
    (tmp_path / "factions.json").write_text(json.dumps(doc))
    sectors = json.loads((tmp_path / "sectors.json").read_text())
    sectors["sectors"]["1"]["planets"][0]["position"] = "A4"
    (tmp_path / "sectors.json").write_text(json.dumps(sectors))
    with pytest.raises(InvalidStateError) as err:
        load_components(tmp_path)
    text = str(err.value)
    # the files were rewritten on one line, so every entry starts on line 1
    assert "factions.json:1: factions entry 1 (id 'terrans'): field 'home_planet'" in text
    assert "factions.json:1: factions entry 4 (id 'gleens'): field 'deltas.start_track'" in text
    assert "sectors.json:1: sectors entry 1 (id '1'): field 'planets[0].position'" in text


def _line_of(text: str, marker: str) -> int:
    return text[: text.index(marker)].count("\n") + 1


def test_problems_name_the_line_of_the_entry(tmp_path: Path) -> None:
    shutil.copytree(DATA_DIR, tmp_path, dirs_exist_ok=True)
    techs = (tmp_path / "tech_tiles.json").read_text(encoding="utf-8")
    broken = techs.replace('"id": "tech3",\n   "kind": "passive"',
                           '"id": "tech3",\n   "kind": "sometimes"')
    assert broken != techs
    (tmp_path / "tech_tiles.json").write_text(broken, encoding="utf-8")
    sectors = (tmp_path / "sectors.json").read_text(encoding="utf-8")
    (tmp_path / "sectors.json").write_text(
        sectors.replace('"5A": {\n   "tile": "5"', '"5A": {\n   "tile": "4"'), encoding="utf-8")
    with pytest.raises(InvalidStateError) as err:
        load_components(tmp_path)
    text = str(err.value)
    assert "2 problems" in text
    # the entry's line is the one of its opening brace (one line above its id)
    line = _line_of(techs, '"id": "tech3"') - 1
    assert f"tech_tiles.json:{line}: standard entry 3 (id 'tech3'): field 'kind': " \
           "unknown value 'sometimes'" in text
    # sectors are the members of an object: the line is the one of the member's name
    line = _line_of(sectors, '"5A": {')
    assert f"sectors.json:{line}: sectors entry 5 (id '5A'): field 'tile': '4' does not " \
           "match" in text


def test_broken_json_is_reported(tmp_path: Path) -> None:
    (tmp_path / "round_scoring.json").write_text("{oops")
    with pytest.raises(InvalidStateError,
                       match=r"round_scoring.json: line 1, column 2: not valid JSON"):
        load_components(tmp_path)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared research folder is not here")
def test_packaged_data_equals_shared_data_apart_from_provenance() -> None:
    def corrections(value: object) -> dict[object, set[str]]:
        """Entry id -> the fields our entry corrects (it says why; replays check it)."""
        out: dict[object, set[str]] = {}
        if isinstance(value, dict):
            if "correction" in value:
                out[value.get("id")] = {"correction", *value["correction"]["fields"]}
            value = list(value.values())
        if isinstance(value, list):
            for v in value:
                out.update(corrections(v))
        return out

    def strip(value: object, fixed: dict[object, set[str]]) -> object:
        if isinstance(value, dict):
            skip = {"provenance", *fixed.get(value.get("id"), ())} if "id" in value \
                else {"provenance"}
            return {k: strip(v, fixed) for k, v in value.items() if k not in skip}
        if isinstance(value, list):
            return [strip(v, fixed) for v in value]
        return value

    for name in COMPONENT_FILES:
        ours = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        theirs = json.loads((SHARED / name).read_text(encoding="utf-8"))
        fixed = corrections(ours)
        assert strip(ours, fixed) == strip(theirs, fixed), name


def test_rulebook() -> None:
    assert all(rule_id.startswith("gp.") for rule_id in RULES)
    for rule_id in ("gp.setup.mines_second", "gp.income.caps", "gp.gaia_phase.transform",
                    "gp.upgrade.trading_station", "gp.charge.cost", "gp.federation.minimal",
                    "gp.research.level3_charge", "gp.score.research", "gp.score.resources",
                    "gp.pass.last_round", "gp.tech.advanced", "gp.score.final_ties"):
        assert rule_id in RULES
    for faction in FACTION_IDS:
        key = "gp.faction." + faction.replace("-", "_")
        assert key in RULES and any(r.startswith(key + ".") for r in RULES), faction
    assert len(set(r.summary for r in RULES.values())) == len(RULES)


def test_whole_file_fields_name_their_line(tmp_path: Path) -> None:
    shutil.copytree(DATA_DIR, tmp_path, dirs_exist_ok=True)
    board = (tmp_path / "player_board_generic.json").read_text(encoding="utf-8")
    lines = board.splitlines()
    mine = next(i + 1 for i, line in enumerate(lines) if line.strip() == '"mine": {')
    broken = board.replace('"count": 8,', '"count": "eight",', 1)
    assert broken != board
    (tmp_path / "player_board_generic.json").write_text(broken, encoding="utf-8")
    research = json.loads((tmp_path / "research_tracks.json").read_text(encoding="utf-8"))
    research["tracks"]["economy"] = research["tracks"]["economy"][:5]
    (tmp_path / "research_tracks.json").write_text(json.dumps(research, indent=1))
    with pytest.raises(InvalidStateError) as err:
        load_components(tmp_path)
    text = (tmp_path / "research_tracks.json").read_text().splitlines()
    economy = next(i + 1 for i, line in enumerate(text) if line.startswith('  "economy"'))
    assert err.value.problems == (
        f"research_tracks.json:{economy}: field 'tracks.economy': 5 elements; must be "
        "exactly 6",
        f"player_board_generic.json:{mine}: field 'structures.mine.count': must be a whole "
        'number, not "eight"',
    )


def test_entries_and_ids_of_bad_shape_are_refused(tmp_path: Path) -> None:
    doc = json.loads((DATA_DIR / "factions.json").read_text())
    doc["factions"][2]["id"] = ["xenos"]
    doc["factions"][5] = None
    with pytest.raises(InvalidStateError) as err:
        Components.from_documents({"factions.json": doc, "round_scoring.json": None,
                                   "final_scoring.json": {"tiles": []}})
    assert err.value.problems == (
        "round_scoring.json: must hold a JSON object (the component file's sections), "
        "not null",
        "final_scoring.json: field 'awards': missing",
        "final_scoring.json: field 'tiles': 0 entries; at least 1 required",
        "factions.json: factions entry 3: field 'id': must be a string, not [\"xenos\"]",
        "factions.json: factions entry 6: an entry must be a JSON object, not null",
        "factions.json: missing factions xenos, ambas",
    )
