"""The Shapers of Gaia component files, their validating loader and the rulebook registry."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.shapers_of_gaia.components import (
    COMPONENT_FILES,
    DATA_DIR,
    NAMED_ABILITIES,
    PRINTED_NUMBERS,
    Components,
    load_components,
)
from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE, RULES


@pytest.fixture(scope="module")
def c() -> Components:
    return load_components()


def lines_of(name: str) -> list[str]:
    return (DATA_DIR / f"{name}.json").read_text(encoding="utf-8").splitlines()


def write(folder: Path, name: str, lines: list[str]) -> None:
    (folder / f"{name}.json").write_text("\n".join(lines) + "\n", encoding="utf-8")


def line_of(lines: list[str], text: str) -> int:
    found = [i + 1 for i, line in enumerate(lines) if text in line]
    assert len(found) == 1, (text, found)
    return found[0]


# -- the rulebook registry -------------------------------------------------------


def test_every_rulebook_topic_has_rules() -> None:
    for rule_id in ("sog.setup.water", "sog.setup.behaviors", "sog.introduce.row_limit",
                    "sog.biome.vault_two_players", "sog.restore.teleport",
                    "sog.turn.skip", "sog.end.final_round", "sog.score.tiebreak",
                    "sog.toxicity.missing_advanced", "sog.resource.limit"):
        assert rule_id in RULES
    named = {r.id.rsplit(".", 1)[1] for r in RULES.values() if r.id.startswith("sog.shaper.")}
    assert set(NAMED_ABILITIES) <= named


def test_worked_examples_cite_known_rules() -> None:
    ids = [e.id for e in EXAMPLES_IN_SOURCE]
    assert len(ids) == len(set(ids)) >= 25
    assert all(e.rule in RULES for e in EXAMPLES_IN_SOURCE)
    parts = [e for e in EXAMPLES_IN_SOURCE if e.section == "Scoring Example"
             and e.id != "sog.ex.scoring_total"]
    assert sum(e.numbers["vp"] for e in parts) == 57


# -- the packaged set ------------------------------------------------------------------


def test_default_set_loads_and_is_cached(c: Components) -> None:
    assert load_components() is c
    assert load_components(DATA_DIR) == c


def test_counts_the_rulebook_gives(c: Components) -> None:
    assert len(c.stage("S")) == 7
    assert [len(c.stage(s)) for s in ("I", "II", "III")] == [10, 10, 10]
    assert Counter(t.biome for t in c.stage("S")) == Counter(
        {"water": 3, "vault": 1, "forest": 1, "crystal": 1, "mushroom": 1})
    assert [len(c.deck(a)) for a in ("scavenger", "herbivore", "predator")] == [15, 15, 15]
    assert {s.id: len(c.specials(s.id)) for s in c.shapers} == {
        "telrin_aviary": 1, "synthara_lab": 2, "oraplexis_terraria": 1,
        "maldera_rivers": 1, "rastar_nursery": 3, "xanarin_preserve": 1}
    assert sum(t.count for t in c.tokens if t.kind == "dna") == 18
    assert (c.token("prestige_1").count, c.token("prestige_5").count) == (27, 18)
    assert c.token("toxicity").count == 30
    assert sorted(b.id for b in c.behaviors) == ["1A", "1B", "2A", "2B", "3A", "3B"]
    assert len(c.shapers) == 6
    for s in c.shapers:
        assert Counter(sp.animal for sp in s.spaces) == Counter(
            {"scavenger": 4, "herbivore": 4, "predator": 2})


def test_every_biome_tile_has_two_actions(c: Components) -> None:
    for t in c.tiles:
        assert len(t.actions) == (0 if t.stage == "S" else 2), t.id
    assert sum(t.caretaker_icon for t in c.tiles) == 1


def test_named_abilities_and_their_printed_numbers(c: Components) -> None:
    for kind, owner in NAMED_ABILITIES.items():
        found = [a for s in c.shapers for a in s.abilities if a.kind == kind]
        assert len(found) == 1
        assert c.shaper(owner).ability(found[0].id) is not None
        if kind in PRINTED_NUMBERS:
            ability = found[0]
            assert ability.printed == PRINTED_NUMBERS[kind]
            vps = tuple(c.shaper(owner).space(s).vp for s in ability.unlocked_by)
            assert vps[: len(ability.printed)] == ability.printed
    for s in c.shapers:
        unlocked = Counter(sp for a in s.abilities for sp in a.unlocked_by)
        assert all(unlocked[sp.id] == 1 for sp in s.spaces)


def test_rulebook_example_values(c: Components) -> None:
    # 2. Spend Resources: a Scavenger costing 1 exists on every board
    assert all(any(sp.animal == "scavenger" and sp.cost == 1 for sp in s.spaces)
               for s in c.shapers)
    # Scoring, covering example: Scavenger spaces 1, 1, 2, 2 from the bottom
    assert [sp.vp for sp in c.shaper("telrin_aviary").spaces[:4]] == [1, 1, 2, 2]
    # Scoring Example B: a 5 VP Predator, two 4 VP and two 3 VP Herbivores -> 19 VP
    board = c.shaper("telrin_aviary")
    herbivores = sorted(sp.vp for sp in board.spaces if sp.animal == "herbivore")
    predator = next(sp.vp for sp in board.spaces if sp.animal == "predator")
    assert herbivores == [3, 3, 4, 4] and predator + sum(herbivores) == 19
    # Scoring Example C: a Herbivore Vault space worth 2 VP
    assert any(v.animal == "herbivore" and v.vp == 2 for v in c.vault_spaces(2))
    # Scoring Example D: 4 VP for Seeds, 2 for Nutrients, 1 for Energy are reachable
    assert 4 in c.resource("seed").vp
    assert 2 in c.resource("nutrient").vp and 1 in c.resource("energy").vp
    assert all(r.start == 1 for r in c.resources)
    # Maldera's Purify Water, the Activate Species Cards examples, the tile examples
    assert c.shaper("maldera_rivers").ability("purify_water").params["per_water"] == {
        "nutrient": 1}
    assert c.species_card("s01").sides[0].effect.describe() == "gain 1 Shard"
    assert c.species_card("h01").sides[0].effect.describe() == "gain 1 Toxicity discarded"
    assert c.species_card("p01").sides[0].effect.describe() == (
        "pay 1 Nutrient: gain 1 Shard and 2 Prestige")
    assert c.tile("i_mushroom_1").describe().endswith("gain 1 Shard | gain 1 Seed")
    assert c.tile("i_crystal_2").actions[0].describe() == (
        "pay 1 Nutrient: gain 1 Spore and 1 Prestige")
    assert c.tile("ii_crystal_1").extra_cost == (("nutrient", 1),)


def test_behavior_sides_of_the_scoring_example(c: Components) -> None:
    assert (c.behavior("1A").rule, c.behavior("1A").points) == ("outer_ring", 1)
    assert (c.behavior("2A").target, c.behavior("2A").counts, c.behavior("2A").points) == (
        "scavenger", "any", 1)
    assert (c.behavior("3B").target, c.behavior("3B").points) == ("herbivore", 2)


def test_dna_spaces_and_tokens_agree(c: Components) -> None:
    colours = Counter(d.colour for d in c.dna_spaces)
    assert colours == Counter({"yellow": 6, "blue": 6, "red": 6})
    assert len({d.space for d in c.dna_spaces}) == 18


def test_every_entry_has_provenance(c: Components) -> None:
    for name, counts in c.provenance.items():
        assert sum(counts.values()) > 0, name
    for s in c.shapers:
        for a in s.abilities:
            if a.kind in NAMED_ABILITIES:
                assert a.origin.provenance == "rulebook" and a.origin.source


def test_files_round_trip(c: Components, tmp_path: Path) -> None:
    c.save(tmp_path)
    assert load_components(tmp_path) == c
    for name in COMPONENT_FILES:
        assert (tmp_path / f"{name}.json").read_text(encoding="utf-8") == c.to_json(name)


# -- problems are reported with file, line and field --------------------------------------


def test_one_file_replaced_the_rest_from_the_package(c: Components, tmp_path: Path) -> None:
    lines = lines_of("vault")
    n = line_of(lines, '"id": "vh1"')
    lines[n - 1] = lines[n - 1].replace('"vp": 2', '"vp": 3')
    write(tmp_path, "vault", lines)
    other = load_components(tmp_path)
    assert other.vault_space("vh1").vp == 3
    assert other.shapers == c.shapers


def test_malformed_json(tmp_path: Path) -> None:
    write(tmp_path, "tiles", ["{", '  "component": "tiles",', "  oops"])
    with pytest.raises(InvalidStateError, match=r"tiles.json: line 3, column 3: not valid JSON"):
        load_components(tmp_path)


def test_bad_fields_name_file_line_and_field(tmp_path: Path) -> None:
    lines = lines_of("tiles")
    n = line_of(lines, '"id": "ii_forest_1"')
    lines[n - 1] = lines[n - 1].replace('"seed": 2', '"seeds": 2', 1)
    m = line_of(lines, '"id": "iii_water_1"')
    lines[m - 1] = lines[m - 1].replace('"biome": "water"', '"biome": "lava"')
    write(tmp_path, "tiles", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    problems = info.value.problems
    assert any(p.startswith(f"tiles.json:{n}: tiles entry") and "'ii_forest_1'" in p
               and "actions[0].gain" in p and "unknown key 'seeds'" in p for p in problems)
    assert any(p.startswith(f"tiles.json:{m}:") and "field 'biome'" in p
               and "'lava'" in p for p in problems)


def test_duplicate_ids_and_counts(tmp_path: Path) -> None:
    lines = lines_of("species")
    n = line_of(lines, '"id": "s02"')
    lines[n - 1] = lines[n - 1].replace('"id": "s02"', '"id": "s01"')
    write(tmp_path, "species", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    first = line_of(lines_of("species"), '"id": "s01"')
    assert any(f"duplicate id 's01' (first at line {first})" in p
               for p in info.value.problems)


def test_shaper_checks(tmp_path: Path) -> None:
    lines = lines_of("shapers")
    n = line_of(lines, '"id": "maldera_rivers"')
    lines[n - 1] = lines[n - 1].replace('"printed": [3, 2]', '"printed": [3]')
    lines[n - 1] = lines[n - 1].replace('"special_cards": 1', '"special_cards": 2')
    write(tmp_path, "shapers", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    text = "\n".join(info.value.problems)
    assert f"shapers.json:{n}:" in text
    assert "the rulebook prints [3, 2]" in text
    assert "Maldera Rivers has 1" in text


def test_whole_file_rules(tmp_path: Path) -> None:
    lines = lines_of("dna_spaces")
    n = line_of(lines, '"space": "C1"')
    lines[n - 1] = lines[n - 1].replace('"yellow"', '"red"')
    write(tmp_path, "dna_spaces", lines)
    with pytest.raises(InvalidStateError, match="6 spaces of each colour"):
        load_components(tmp_path)


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(InvalidStateError, match="no such directory"):
        load_components(tmp_path / "nowhere")


# -- bad folders ---------------------------------------------------------------------


def test_tiles_without_entries_are_refused_at_load(tmp_path: Path) -> None:
    lines = lines_of("tiles")
    start = line_of(lines, '"entries": [')
    write(tmp_path, "tiles", lines[:start - 1] + ['  "entries": []', "}"])
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    assert info.value.problems == (
        f"tiles.json:{start}: field 'entries': 0 entries; at least 1 required",)


def test_tiles_of_one_back_only_are_refused(tmp_path: Path) -> None:
    lines = lines_of("tiles")
    kept = [line for line in lines if '"stage": "I"' not in line and '"stage": "II"' not in
            line and '"stage": "III"' not in line]
    kept[-3] = kept[-3].rstrip(",")
    write(tmp_path, "tiles", kept)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    assert info.value.problems == tuple(
        f"tiles.json: 0 tiles with back {s}; each back has 10" for s in ("I", "II", "III"))


def test_special_cards_name_a_shaper_of_shapers_json(tmp_path: Path) -> None:
    lines = lines_of("shapers")
    n = line_of(lines, '"id": "xanarin_preserve"')
    del lines[n - 1]
    lines[n - 2] = lines[n - 2].rstrip(",")
    write(tmp_path, "shapers", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    text = "\n".join(info.value.problems)
    assert "field 'special_for': no shapers entry has the id 'xanarin_preserve'" in text
    assert "shapers.json: the six Shapers are" in text


def test_a_null_file_and_list_ids_are_refused(tmp_path: Path) -> None:
    write(tmp_path, "vault", ["null"])
    lines = lines_of("tokens")
    n = line_of(lines, '"id": "toxicity"')
    lines[n - 1] = lines[n - 1].replace('"id": "toxicity"', '"id": ["toxicity"]')
    write(tmp_path, "tokens", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    assert info.value.problems[1] == (
        'vault.json: must hold a JSON object ({"component": ..., "entries": [...]}), not null')
    assert info.value.problems[0] == (
        f'tokens.json:{n}: tokens entry {n - 4}: field \'id\': must be a string, '
        'not ["toxicity"]')


def test_documents_of_any_shape_are_refused_by_name() -> None:
    with pytest.raises(InvalidStateError) as info:
        Components.from_dicts(tokens=[1, 2], vault=None)  # type: ignore[arg-type]
    assert info.value.problems == (
        'tokens.json: must hold a JSON object ({"component": ..., "entries": [...]}), '
        "not a list",
        'vault.json: must hold a JSON object ({"component": ..., "entries": [...]}), not null',
    )
