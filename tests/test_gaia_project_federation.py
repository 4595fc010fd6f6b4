"""Federation legality, the fewest satellites and the federation options.

The recorded game deep-mind-2 forms 14 federations.  Without the full rules the game
cannot be replayed, but the structures of each player at each federation move follow from
the log alone (build, upgrade and Lost Planet commands), and the satellites are the hexes
a federation move lists that hold none of the player's structures.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gaia_lab.core.hexgrid import Hex
from gaia_lab.games.gaia_project import federation
from gaia_lab.games.gaia_project.federation import (
    POWER_VALUES,
    FederationCheck,
    FederationOption,
    all_minimal_satellites,
    check_federation,
    check_ivits_federation,
    federation_options,
    federation_threshold,
    hexes_of_move,
    minimal_satellites,
    power_values,
)
from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
from gaia_lab.games.gaia_project.notation import (
    Build,
    Federation,
    LostPlanet,
    Tech,
    parse_move,
)

CONFORMANCE = Path(__file__).resolve().parent / "fixtures" / "gaia_project"
MAP = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
SPACE = frozenset(h for h in MAP if MAP.planet(h) is None)


def hx(*names: str) -> frozenset[Hex]:
    return frozenset(MAP.hex(n) for n in names)


@dataclass(frozen=True)
class RecordedFederation:
    line: int
    faction: str
    structures: dict[Hex, str]
    chosen: frozenset[Hex]
    satellites: frozenset[Hex]
    earlier: list[frozenset[Hex]]
    blocked: frozenset[Hex]
    values: dict[str, int]
    threshold: int


def recorded_federations() -> list[RecordedFederation]:
    path = CONFORMANCE / "deep-mind-2.json"
    if not path.exists():
        pytest.skip("the shared conformance folder is not here")
    game = json.loads(path.read_text(encoding="utf-8"))
    space_map = SpaceMap.from_options(game["options"])
    structures: dict[str, dict[Hex, str]] = {}
    occupied: set[Hex] = set()
    big_four: set[str] = set()  # the standard tile making institute and academies 4
    free1 = game["seeded_setup"]["techTiles"]["free1"]
    assert free1 == "tech3"
    federations: dict[str, list[frozenset[Hex]]] = {}
    out = []
    for line, text in enumerate(game["moves"]):
        move = parse_move(text)
        actor = move.actor or ""
        for c in move.commands:
            if isinstance(c, Build):
                structures.setdefault(actor, {})[space_map.hex(c.hex)] = c.building
                occupied.add(space_map.hex(c.hex))
            elif isinstance(c, LostPlanet):
                structures.setdefault(actor, {})[space_map.hex(c.hex)] = "m"
                occupied.add(space_map.hex(c.hex))
            elif isinstance(c, Tech) and c.position == "free1":
                big_four.add(actor)
            elif isinstance(c, Federation):
                own = dict(structures[actor])
                chosen, sats = hexes_of_move(space_map, own, c.hexes)
                threshold = federation_threshold(actor, has_pi="PI" in own.values())
                values = dict(power_values(big_buildings=4 if actor in big_four else 3))
                earlier = list(federations.get(actor, []))
                out.append(RecordedFederation(line, actor, own, chosen, sats, earlier,
                                              frozenset(occupied), values, threshold))
                federations.setdefault(actor, []).append(chosen | sats)
    return out


RECORDED = recorded_federations() if (CONFORMANCE / "deep-mind-2.json").exists() else []


def check_recorded(r: RecordedFederation) -> FederationCheck:
    return check_federation(MAP, r.structures, r.satellites, r.chosen, r.earlier, r.blocked,
                            r.values, r.threshold)


def test_deep_mind_2_has_14_federations() -> None:
    if not RECORDED:
        pytest.skip("the shared conformance folder is not here")
    assert len(RECORDED) == 14
    assert [r.line for r in RECORDED] == [144, 160, 191, 248, 263, 267, 272, 286, 298, 299,
                                          316, 387, 394, 397]
    by_faction = {f: sum(len(r.satellites) for r in RECORDED if r.faction == f)
                  for f in ("terrans", "nevlas", "xenos", "hadsch-hallas")}
    assert by_faction == {"terrans": 12, "nevlas": 6, "xenos": 13, "hadsch-hallas": 10}


@pytest.mark.parametrize("index", range(14))
def test_recorded_federation_is_legal_and_minimal(index: int) -> None:
    if not RECORDED:
        pytest.skip("the shared conformance folder is not here")
    r = RECORDED[index]
    check = check_recorded(r)
    assert check.legal, f"line {r.line}: {check.verdict}"
    assert check.minimum == len(r.satellites)
    assert check.power >= r.threshold
    assert check.optimal is not None and len(check.optimal) == len(r.satellites)


@pytest.mark.parametrize("index", range(14))
def test_recorded_federation_is_among_the_options(index: int) -> None:
    if not RECORDED:
        pytest.skip("the shared conformance folder is not here")
    r = RECORDED[index]
    options = federation_options(MAP, r.structures, r.earlier, r.blocked, r.values,
                                 r.threshold)
    assert any(o.structures == r.chosen and len(o.satellites) == len(r.satellites)
               for o in options)
    for o in options:
        assert check_federation(MAP, r.structures, o.satellites, o.structures, r.earlier,
                                r.blocked, r.values, r.threshold).legal


@pytest.mark.parametrize("index", range(14))
def test_a_listed_federation_checks_as_when_not_listed(index: int) -> None:
    # a listing remembers the fewest satellites of its options for the checks that follow
    if not RECORDED:
        pytest.skip("the shared conformance folder is not here")
    r = RECORDED[index]

    def checks(options: list[FederationOption]) -> list[FederationCheck]:
        return [check_federation(MAP, r.structures, o.satellites, o.structures, r.earlier,
                                 r.blocked, r.values, r.threshold) for o in options]

    federation._shared_setting.cache_clear()
    options = federation_options(MAP, r.structures, r.earlier, r.blocked, r.values,
                                 r.threshold)
    assert options
    listed = checks(options)
    federation._shared_setting.cache_clear()
    assert checks(options) == listed
    assert all(c.legal and c.optimal == o.satellites for c, o in zip(listed, options))


@pytest.mark.parametrize("index", range(14))
def test_every_smallest_satellite_set_is_found_near_the_groups(index: int) -> None:
    # the listing searches every optimal set on the hexes near all the groups it joins
    if not RECORDED:
        pytest.skip("the shared conformance folder is not here")
    r = RECORDED[index]
    s = federation._setting(MAP, r.structures, r.earlier, r.blocked, r.values, None)
    groups = federation._building_groups(s.grid, s.eligible)
    combos = [c for size in (2, 3) for c in itertools.combinations(groups, size)][:12]
    for combo in combos:
        buildings = frozenset().union(*combo)
        assert federation._all_minimum(s, buildings) == all_minimal_satellites(
            MAP, buildings, s.usable, s.eligible)


def test_recorded_facts_need_the_faction_rules() -> None:
    if not RECORDED:
        pytest.skip("the shared conformance folder is not here")
    # Xenos at line 248: academy 4 (tech tile) + trading station 2 = 6, their institute rule.
    r = RECORDED[3]
    assert (r.faction, r.threshold, check_recorded(r).power) == ("xenos", 6, 6)
    plain = check_federation(MAP, r.structures, r.satellites, r.chosen, r.earlier, r.blocked,
                             POWER_VALUES, 6)
    assert plain.code == "power_too_low"
    assert dict(plain.verdict.details) == {"power": 5, "threshold": 6, "satellites": 2}
    # The recorded satellites of another player's federation may share hexes with it.
    terrans, hadsch = RECORDED[5], RECORDED[7]
    assert terrans.satellites & hadsch.satellites == hx("7C")


# ---------------------------------------------------------------------------
# Hand-made positions around sector 5

FAR = {MAP.hex("5A7"): "PI", MAP.hex("5A11"): "ac1", MAP.hex("5A10"): "m"}
PAIR = hx("5A8", "5A9")


def test_legal_federation() -> None:
    check = check_federation(MAP, FAR, PAIR, frozenset(FAR))
    assert check.legal and check.code == "ok"
    assert (check.power, check.threshold, check.satellites, check.minimum) == (7, 7, 2, 2)
    assert check.verdict.rule is not None and check.verdict.rule.id == "gp.action.federation"


def test_flexible_federations_may_go_round_another_structure() -> None:
    # boardgamers.space's flexibleFederations: the fewest satellites joining the chosen
    # structures go through the mine on 2B0 (4 satellites, and the mine joins); going
    # round it takes 8, which only the flexible rule allows
    chosen = {MAP.hex("5A4"): "PI", MAP.hex("2A10"): "ac1", MAP.hex("1B3"): "lab"}
    own = chosen | {MAP.hex("2B0"): "m"}
    round_it = hx("1A7", "1A8", "5A5", "5A8", "5B3", "5B4", "9A1", "9A2")
    strict = check_federation(MAP, own, round_it, frozenset(chosen))
    assert strict.code == "too_many_satellites" and strict.minimum == 4
    assert "These 8 satellites could be 4: 1A7, 1A8, 2A0, 2B5." in strict.verdict.message
    flexible = check_federation(MAP, own, round_it, frozenset(chosen), flexible=True)
    assert flexible.legal and (flexible.power, flexible.satellites) == (8, 8)
    assert "without taking in another structure" in flexible.verdict.message
    # still refused: more satellites than the fewest that keep clear of the mine
    detour = round_it | hx("5B2")
    assert MAP.planet(MAP.hex("5B2")) is None
    worse = check_federation(MAP, own, detour, frozenset(chosen), flexible=True)
    assert not worse.legal
    # a federation outclassed by part of it (fewer structures, fewer satellites) is
    # refused under both rules
    via_mine = hx("1A7", "1A8", "2A0", "2B5")
    for flex in (False, True):
        check = check_federation(MAP, own, via_mine, frozenset(own), flexible=flex)
        assert check.code == "needless_structures"


def test_any_minimal_satellite_set_is_legal() -> None:
    found = minimal_satellites(MAP, frozenset(FAR), SPACE)
    assert found is not None
    count, sats = found
    assert count == 2
    assert check_federation(MAP, FAR, sats, frozenset(FAR)).legal


def test_not_connected() -> None:
    check = check_federation(MAP, FAR, hx("5A8"), frozenset(FAR))
    assert check.code == "not_connected"
    assert "2 separate groups" in check.verdict.message


def test_power_too_low_gives_the_numbers() -> None:
    weak = dict(FAR) | {MAP.hex("5A7"): "ts"}
    check = check_federation(MAP, weak, PAIR, frozenset(weak))
    assert check.code == "power_too_low"
    assert check.verdict.rule is not None and check.verdict.rule.id == "gp.federation.power"
    assert "power value of 6" in check.verdict.message and "below the 7" in check.verdict.message
    assert check_federation(MAP, weak, PAIR, frozenset(weak), threshold=6).legal
    assert check_federation(MAP, weak, PAIR, frozenset(weak),
                            value_bonus={MAP.hex("5A10"): 1}).legal


def test_tech_tile_values() -> None:
    # institute 4 + mine 1 + mine 1 = 6 < 7; with the academy 4 + 4 + 1 = 9
    small = {MAP.hex("5A7"): "PI", MAP.hex("5A11"): "m", MAP.hex("5A10"): "m"}
    assert check_federation(MAP, small, PAIR, frozenset(small),
                            power_values=power_values(big_buildings=4)).code == "power_too_low"
    assert check_federation(MAP, FAR, PAIR, frozenset(FAR),
                            power_values=power_values(big_buildings=4)).power == 9


def test_too_many_satellites_names_a_better_set() -> None:
    detour = hx("5B3", "5C", "5B0")
    check = check_federation(MAP, FAR, detour, frozenset(FAR))
    assert check.code == "too_many_satellites"
    assert check.verdict.message == "These 3 satellites could be 2: 5A8, 5A9."
    assert check.minimum == 2 and check.optimal == PAIR
    assert check.verdict.rule is not None and check.verdict.rule.id == "gp.federation.minimal"


def test_adjacent_to_own_federation() -> None:
    check = check_federation(MAP, FAR, PAIR, frozenset(FAR), [hx("5A6")])
    assert check.code == "adjacent_federation"
    assert check.verdict.rule is not None and check.verdict.rule.id == "gp.federation.separate"


def test_structure_already_federated() -> None:
    check = check_federation(MAP, FAR, PAIR, frozenset(FAR), [hx("5A10")])
    assert check.code == "already_federated"
    assert check.verdict.rule is not None and check.verdict.rule.id == "gp.federation.exclusive"


def test_satellites_only_on_free_empty_space() -> None:
    assert check_federation(MAP, FAR, PAIR | hx("5B1"), frozenset(FAR)).code == \
        "satellite_on_planet"
    assert check_federation(MAP, FAR, PAIR, frozenset(FAR),
                            blocked=hx("5A8")).code == "satellite_blocked"
    assert check_federation(MAP, FAR, PAIR | hx("5A7"), frozenset(FAR)).code == \
        "satellite_on_structure"


def test_structures_must_be_own_with_power() -> None:
    assert check_federation(MAP, FAR, PAIR, frozenset(FAR) | hx("5A4")).code == \
        "not_own_structure"
    with_gf = dict(FAR) | {MAP.hex("5A6"): "gf"}
    assert check_federation(MAP, with_gf, PAIR, frozenset(with_gf)).code == "no_power_value"
    # a Gaiaformer next to the federation neither joins it nor carries it
    assert check_federation(MAP, with_gf, PAIR, frozenset(FAR)).legal


def test_touching_structure_must_join() -> None:
    more = dict(FAR) | {MAP.hex("5B4"): "m"}  # 5B4 is empty space: a stand-in structure
    assert MAP.hex("5B4") in {n for h in FAR for n in h.neighbors()}
    check = check_federation(MAP, more, PAIR, frozenset(FAR))
    assert check.code == "structure_left_out"


def test_needless_structures() -> None:
    # 5A4 (trading station) hangs on with two more satellites though 5A7, 5A10 and 5A11
    # already reach 7 with two.
    more = dict(FAR) | {MAP.hex("5A4"): "ts"}
    found = minimal_satellites(MAP, frozenset(more), SPACE)
    assert found is not None
    check = check_federation(MAP, more, found[1], frozenset(more))
    assert check.code == "needless_structures", check.verdict
    assert check.minimum == len(found[1]) > 2


def test_not_enough_tokens() -> None:
    check = check_federation(MAP, FAR, PAIR, frozenset(FAR), max_satellites=1)
    assert check.code == "not_enough_tokens"


def test_other_structures_carry_the_connection_for_free() -> None:
    a, b = Hex(0, 0), Hex(3, 0)
    assert minimal_satellites(MAP, [a, b], SPACE) == (2, frozenset({Hex(1, 0), Hex(2, 0)}))
    assert minimal_satellites(MAP, [a, b], SPACE, [Hex(1, 0)]) == (1, frozenset({Hex(2, 0)}))
    assert minimal_satellites(MAP, [a, b], []) is None
    assert minimal_satellites(MAP, [a], []) == (0, frozenset())


def test_thresholds() -> None:
    assert federation_threshold("xenos") == 7
    assert federation_threshold("xenos", has_pi=True) == 6
    assert federation_threshold("ivits", federations_formed=0) == 7
    assert federation_threshold("ivits", federations_formed=3) == 28


def test_ivits_extend_their_federation() -> None:
    first = check_ivits_federation(MAP, FAR, PAIR, frozenset(FAR))
    assert first.legal
    grown = dict(FAR) | {MAP.hex("5A4"): "ac2", MAP.hex("2A10"): "PI", MAP.hex("5A5"): "sp"}
    existing = frozenset(FAR) | PAIR
    found = minimal_satellites(MAP, existing | hx("5A4", "2A10", "5A5"), SPACE - existing,
                               existing)
    assert found is not None
    new = frozenset(grown) - frozenset(FAR)
    check = check_ivits_federation(MAP, grown, found[1], new, existing, federations_formed=1)
    assert check.legal, check.verdict
    assert check.power == 7 + 3 + 3 + 1 and check.threshold == 14
    assert check_ivits_federation(MAP, grown, found[1], new, frozenset(),
                                  federations_formed=1).code == "ivits_extend"


def test_options_of_a_small_position() -> None:
    options = federation_options(MAP, FAR)
    # three equally small satellite pairs join the same structures: each is listed
    assert [(o.structures, len(o.satellites), o.power) for o in options] == \
        [(frozenset(FAR), 2, 7)] * 3
    assert len({o.satellites for o in options}) == 3
    assert federation_options(MAP, FAR, max_satellites=1) == []
    assert federation_options(MAP, FAR, [hx("5A6")]) == []


# ---------------------------------------------------------------------------
# minimal_satellites against a brute-force search over satellite sets


REGION = sorted(h for h in MAP.hex("5C").spiral(2) if h in MAP)


def brute_force(terminals: frozenset[Hex], usable: frozenset[Hex]) -> int | None:
    free = [h for h in usable if h not in terminals]
    for k in range(len(free) + 1):
        for extra in itertools.combinations(free, k):
            nodes = terminals | frozenset(extra)
            if nx.is_connected(MAP.graph.subgraph(nodes)):
                return k
        if k >= 4:
            return None
    return None


@given(st.lists(st.sampled_from(REGION), min_size=2, max_size=4, unique=True),
       st.sets(st.sampled_from(REGION), max_size=10))
def test_minimal_satellites_matches_brute_force(terminals: list[Hex],
                                                 holes: set[Hex]) -> None:
    terms = frozenset(terminals)
    usable = frozenset(REGION) - terms - holes
    found = minimal_satellites(MAP, terms, usable)
    expected = brute_force(terms, usable)
    if expected is None:
        assert found is None or found[0] > 4
        return
    assert found is not None and found[0] == expected
    assert nx.is_connected(MAP.graph.subgraph(terms | found[1]))
    assert found[1] <= usable
    every = all_minimal_satellites(MAP, terms, usable)
    assert every is not None and every[0] == expected
    # a search told the most worth finding gives the same answers, or none below them
    assert minimal_satellites(MAP, terms, usable, most=expected) == found
    assert all_minimal_satellites(MAP, terms, usable, most=expected + 1) == every
    if expected:
        assert minimal_satellites(MAP, terms, usable, most=expected - 1) is None
        assert all_minimal_satellites(MAP, terms, usable, most=expected - 1) is None
    free = sorted(usable)
    assert set(every[1]) == {
        frozenset(extra) for extra in itertools.combinations(free, expected)
        if nx.is_connected(MAP.graph.subgraph(terms | frozenset(extra)))}
