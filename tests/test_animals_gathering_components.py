"""The Animals Gathering component files and their validating loader."""

from __future__ import annotations

import doctest
import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.animals_gathering import components as module
from gaia_lab.games.animals_gathering.components import (
    ANIMAL_TYPES,
    COMPONENT_FILES,
    DATA_DIR,
    POWER_KINDS,
    SPELL_IDS,
    STONE_CODES,
    Components,
    Power,
    load_components,
)


@pytest.fixture(scope="module")
def c() -> Components:
    return load_components()


def packaged_lines(name: str) -> list[str]:
    return (DATA_DIR / f"{name}.json").read_text(encoding="utf-8").splitlines()


def write(folder: Path, name: str, lines: list[str]) -> Path:
    path = folder / f"{name}.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def line_of(lines: list[str], text: str) -> int:
    """The 1-based number of the only line containing ``text``."""
    found = [i + 1 for i, line in enumerate(lines) if text in line]
    assert len(found) == 1, (text, found)
    return found[0]


# -- the packaged set ---------------------------------------------------------


def test_default_set_loads_and_is_cached(c: Components) -> None:
    assert load_components() is c
    assert load_components(DATA_DIR) == c


def test_counts(c: Components) -> None:
    assert len(c.stones) == 7
    assert "".join(s.code for s in c.stones) == STONE_CODES
    assert sum(s.box_count for s in c.stones) == 205
    assert len(c.dice) == 3
    assert [d.code for d in c.dice] == ["g", "o", "b"]
    assert all(len(d.faces) == 6 and d.count == 2 for d in c.dice)
    assert len({tuple(sorted(d.faces)) for d in c.dice}) == 3  # different distributions
    assert len(c.animals) == 35
    assert len({a.id for a in c.animals}) == 35
    assert [m.number for m in c.mages] == [1, 2, 3, 4, 5]
    assert [m.ability for m in c.mages] == [
        "bonus_stone", "block_die", "orange_exchange", "extra_dice", "reroll"]
    assert tuple(s.id for s in c.spells) == SPELL_IDS


def test_named_animals_have_the_rulebook_powers(c: Components) -> None:
    fox = c.animal("fox")
    assert (fox.name, fox.power) == ("Fox", Power("activation", "steal"))
    assert 3 <= fox.size <= 4
    starfish = c.animal("starfish")
    assert starfish.type == "aquatic"
    assert starfish.power == Power("permanent", "exchange", stone="P")
    assert 3 <= starfish.size <= 4
    butterfly = c.animal("butterfly")
    assert butterfly.type == "aerial"
    assert butterfly.power == Power("scoring", "per_type", animal_type="aquatic", points=2)
    elephant = c.animal("elephant")
    assert elephant.type == "land"
    assert elephant.power == Power("permanent", "early_end", companions=4)
    assert [a.id for a in c.animals if a.power.kind == "early_end"] == ["elephant"]
    for a in (fox, starfish, butterfly, elephant):
        assert "name" in a.rulebook_fields and a.source


def test_worked_example_is_possible(c: Components) -> None:
    # Milo rolls two green, one orange and one blue die, places 3 stones and so
    # completes the Starfish (one stone of it may have been placed earlier).
    green, orange, blue = c.die("g"), c.die("o"), c.die("b")
    outline = Counter(c.animal("starfish").outline)
    fits = False
    for g1, g2, o in itertools.product(green.faces, green.faces, orange.faces):
        rest = outline - Counter((g1, g2, o))
        if sum(rest.values()) == len(c.animal("starfish").outline) - 3:
            fits = True
    assert fits
    # Coco completes the Butterfly with the unused stone of the blue die.
    assert any(c.animal("butterfly").shows_stone(face) for face in blue.faces)


def test_every_power_kind_appears_on_several_cards(c: Components) -> None:
    kinds = Counter(a.power.kind for a in c.animals)
    assert set(kinds) == set(POWER_KINDS)
    for kind, n in kinds.items():
        assert n >= (1 if kind == "early_end" else 3), kind
    for a in c.animals:
        assert a.power.type == POWER_KINDS[a.power.kind][0]
        assert a.power.describe().startswith(a.power.type.capitalize())


def test_types_outlines_and_points(c: Components) -> None:
    assert c.type_distribution() == {"land": 12, "aquatic": 12, "aerial": 11}
    assert set(c.type_distribution()) == set(ANIMAL_TYPES)
    for a in c.animals:
        assert 3 <= a.size <= 8
        assert 1 <= a.points <= 7
        assert set(a.outline) <= set(STONE_CODES)
        assert sum(a.need_counts) == a.size
    assert {a.points for a in c.animals} == set(range(1, 8))


def test_every_stone_is_on_a_die(c: Components) -> None:
    faces = {face for d in c.dice for face in d.faces}
    assert faces == set(STONE_CODES)
    shares = Counter(face for d in c.dice for face in d.faces)
    assert shares["W"] < shares["P"] < min(shares[s] for s in "ROYGB")
    assert max(d.faces.count("O") for d in c.dice) >= 2  # mage no. 3 has orange leaves
    assert c.face_distribution()["o"] == {"R": 1, "O": 2, "Y": 1, "G": 1, "P": 1}


def test_supply_from_dice_matches_demand_of_outlines(c: Components) -> None:
    demand = c.stone_demand()
    total = sum(demand.values())
    faces = Counter(face for d in c.dice for face in d.faces)
    for code in STONE_CODES:
        supply = Fraction(faces[code], 18)
        assert abs(supply - Fraction(demand[code], total)) <= Fraction(1, 50), code


def test_mage_one_triggers_sometimes(c: Components) -> None:
    def chance(colours: str) -> Fraction:
        rolls = list(itertools.product(*(c.die(k).faces for k in colours)))
        return Fraction(sum(len(set(r)) >= 4 for r in rolls), len(rolls))

    for colours in ("ggoobb", "ggoob", "goobb", "ggobb"):
        assert Fraction(1, 2) < chance(colours) < Fraction(9, 10), colours


def test_every_entry_has_provenance(c: Components) -> None:
    for group in (c.stones, c.dice, c.animals, c.mages, c.spells):
        for entry in group:
            assert entry.provenance in ("rulebook", "reconstructed")
            if entry.provenance == "rulebook":
                assert entry.source
    assert c.provenance == {
        "stones": {"reconstructed": 7},
        "dice": {"reconstructed": 3},
        "animals": {"reconstructed": 35},
        "mages": {"rulebook": 5},
        "spells": {"rulebook": 10},
    }
    assert c.reconstructed == 45
    for name in COMPONENT_FILES:
        data = json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
        assert data["component"] == name and data["provenance_note"]
        assert all("provenance" in e for e in data["entries"])


def test_files_are_one_entry_per_line_and_round_trip(c: Components, tmp_path: Path) -> None:
    for name in COMPONENT_FILES:
        text = (DATA_DIR / f"{name}.json").read_text(encoding="utf-8")
        assert c.to_json(name) == text
        data = json.loads(text)
        assert len(text.splitlines()) == len(data["entries"]) + 6
    c.save(tmp_path)
    assert load_components(tmp_path) == c


def test_lookups(c: Components) -> None:
    assert c.animals_by_id["shark"] is c.animal("shark")
    assert c.stone("W").shape == "star"
    assert c.mages_by_number[5].ability == "reroll"
    with pytest.raises(KeyError, match="no animal 'unicorn'"):
        c.animal("unicorn")


def test_doctests() -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


# -- user files -----------------------------------------------------------------


def test_only_animals_json_falls_back_for_the_others(c: Components, tmp_path: Path) -> None:
    lines = packaged_lines("animals")
    n = line_of(lines, '"id": "fox"')
    lines[n - 1] = lines[n - 1].replace('"points": 1,', '"points": 2,')
    write(tmp_path, "animals", lines)
    mine = load_components(tmp_path)
    assert mine.animal("fox").points == 2
    assert mine.dice == c.dice and mine.mages == c.mages and mine.spells == c.spells
    origins = dict(mine.origins)
    assert origins["animals"] == str(tmp_path / "animals.json")
    assert origins["dice"] == str(DATA_DIR / "dice.json")


def test_malformed_json_reports_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "dice", ["{", '  "component": "dice",', '  "entries": [,]', "}"])
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    assert info.value.source == str(path)
    assert info.value.problems == (
        "dice.json: line 3, column 15: not valid JSON (Expecting value)",)


def test_unknown_stone_code_names_its_line(tmp_path: Path) -> None:
    lines = packaged_lines("animals")
    n = line_of(lines, '"id": "shark"')
    lines[n - 1] = lines[n - 1].replace('"outline": "BBRRG"', '"outline": "BBRXG"')
    path = write(tmp_path, "animals", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    assert info.value.source == str(path)
    (problem,) = info.value.problems
    assert problem.startswith(f"animals.json:{n}: animals entry {n - 4} (id 'shark'): ")
    assert "field 'outline'" in problem and "unknown stone code 'X'" in problem


def test_duplicate_id_names_both_lines(tmp_path: Path) -> None:
    lines = packaged_lines("spells")
    first = line_of(lines, '"id": "all_in"')
    n = line_of(lines, '"id": "rock_n_roll"')
    lines[n - 1] = lines[n - 1].replace('"id": "rock_n_roll"', '"id": "all_in"')
    write(tmp_path, "spells", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    problems = info.value.problems
    assert f"spells.json:{n}: spells entry 2 (id 'all_in'): field 'id': duplicate id " \
           f"'all_in' (first at line {first})" in problems
    assert any("missing rock_n_roll" in p for p in problems)


def test_several_problems_are_reported_at_once(tmp_path: Path) -> None:
    lines = packaged_lines("animals")
    del lines[line_of(lines, '"id": "salmon"') - 1]  # 34 animals
    fox = line_of(lines, '"id": "fox"')
    lines[fox - 1] = lines[fox - 1].replace('"points": 1,', '"points": 0,')
    owl = line_of(lines, '"id": "owl"')
    lines[owl - 1] = lines[owl - 1].replace('"type": "aerial"', '"type": "undersea"')
    bat = line_of(lines, '"id": "bat"')
    lines[bat - 1] = lines[bat - 1].replace('"kind": "raid"', '"kind": "bite"')
    swan = line_of(lines, '"id": "swan"')
    lines[swan - 1] = lines[swan - 1].replace('"outline": "RBYOGP"', '"outline": ""')
    crab = line_of(lines, '"id": "crab"')
    lines[crab - 1] = lines[crab - 1].replace('"kind": "immunity"}', '"kind": "exchange"}')
    write(tmp_path, "animals", lines)
    lines = packaged_lines("dice")
    g = line_of(lines, '"code": "g"')
    lines[g - 1] = lines[g - 1].replace('"faces": "GGYRBO"', '"faces": "GGYRB"')
    write(tmp_path, "dice", lines)
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    err = info.value
    assert err.source == str(tmp_path)  # problems in two files
    text = "\n".join(err.problems)
    assert f"animals.json:{fox}: animals entry 2 (id 'fox'): field 'points': 0 is out of " \
           "range 1..9" in text
    assert f"animals.json:{owl}:" in text and "unknown value 'undersea'" in text
    assert f"animals.json:{bat}:" in text and "field 'power.kind': unknown value 'bite'" in text
    assert f"animals.json:{swan}:" in text and "0 stones in ''; must be 1 to 12" in text
    assert f"animals.json:{crab}:" in text and "'power.params.stone': missing" in text
    assert "animals.json: 34 animals; the game has 35 Animal Index Cards" in text
    assert f"dice.json:{g}: dice entry 1 (code 'g'): field 'faces': 5 stones" in text
    assert len(err.problems) == 7
    assert str(err).startswith(f"{tmp_path}: 7 problems:")


def test_entry_and_top_level_problems(tmp_path: Path) -> None:
    stones = json.loads((DATA_DIR / "stones.json").read_text(encoding="utf-8"))
    stones["entries"][0]["colour"] = "red"
    stones["entries"][1]["shade"] = "dark"
    stones["entries"][2]["provenance"] = "guessed"
    stones["entries"][3]["provenance"] = "rulebook"
    stones["extra"] = 1
    with pytest.raises(InvalidStateError) as info:
        Components.from_dicts(stones=stones)
    text = "\n".join(info.value.problems)
    assert info.value.source == "Components.from_dicts"
    assert "stones.json: stones entry 1 (code 'R'): field 'colour': 'red' is not a CSS " \
           "hex colour" in text
    assert "field 'shade': unknown field" in text
    assert "unknown value 'guessed'" in text
    assert "stones entry 4 (code 'G'): field 'source': required when provenance is " \
           "'rulebook'" in text
    assert "stones.json: field 'extra': unknown field" in text


def test_counts_and_rulebook_assignments_are_enforced(tmp_path: Path) -> None:
    mages = json.loads((DATA_DIR / "mages.json").read_text(encoding="utf-8"))
    mages["entries"][0]["ability"] = "reroll"
    dice = json.loads((DATA_DIR / "dice.json").read_text(encoding="utf-8"))
    dice["entries"][1]["faces"] = dice["entries"][0]["faces"]
    dice["entries"][2]["count"] = 3
    stones = json.loads((DATA_DIR / "stones.json").read_text(encoding="utf-8"))
    stones["entries"][4]["box_count"] = 35
    with pytest.raises(InvalidStateError) as info:
        Components.from_dicts(mages=mages, dice=dice, stones=stones)
    text = "\n".join(info.value.problems)
    assert "mage 1's ability is 'bonus_stone', not 'reroll'" in text
    assert "die colours 'g' and 'o' have the same faces" in text
    assert "7 dice in all; the box holds 6 Magic Dice" in text
    assert "box counts add up to 206; the box holds 205 stones" in text


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(InvalidStateError, match="no such directory"):
        load_components(tmp_path / "nowhere")


def test_bad_shapes_are_refused_with_what_was_expected(tmp_path: Path) -> None:
    write(tmp_path, "spells", ["[1, 2]"])
    mages = json.loads((DATA_DIR / "mages.json").read_text(encoding="utf-8"))
    mages["entries"][0]["number"] = [1]
    mages["entries"][1]["number"] = "2"
    write(tmp_path, "mages", json.dumps(mages, indent=1).splitlines())
    with pytest.raises(InvalidStateError) as info:
        load_components(tmp_path)
    assert info.value.source == str(tmp_path)
    assert info.value.problems == (
        "mages.json:5: mages entry 1: field 'number': must be a whole number, not [1]",
        "mages.json:15: mages entry 2 (number '2'): field 'number': must be a whole number, "
        'not "2"',
        'spells.json: must hold a JSON object ({"component": ..., "entries": [...]}), '
        "not a list",
        "mages.json: 5 mages; the game has 5 Mage Cards, numbered 1 to 5",
    )
