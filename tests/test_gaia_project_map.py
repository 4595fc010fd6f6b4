"""The Gaia Project space map against the recorded game deep-mind-2."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.hexgrid import Hex
from gaia_lab.games.gaia_project.components import load_components
from gaia_lab.games.gaia_project.map import (
    DEEP_MIND_2_OPTIONS,
    SectorPlacement,
    SpaceMap,
    default_layout,
    rotate,
)
from gaia_lab.games.gaia_project.notation import (
    Booster,
    Build,
    Federation,
    LostPlanet,
    parse_log,
)

CONFORMANCE = Path(__file__).resolve().parent / "fixtures" / "gaia_project"


@pytest.fixture(scope="module")
def game() -> dict[str, object]:
    path = CONFORMANCE / "deep-mind-2.json"
    if not path.exists():
        pytest.skip("the shared conformance folder is not here")
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def space() -> SpaceMap:
    return SpaceMap.from_options(DEEP_MIND_2_OPTIONS)


def test_recorded_options_are_the_packaged_ones(game: dict[str, object]) -> None:
    options = game["options"]
    assert isinstance(options, dict)
    assert dict(DEEP_MIND_2_OPTIONS)["map"] == options["map"]


def test_map_shape(space: SpaceMap) -> None:
    assert len(space) == 190
    assert len(set(space.sectors.values())) == 10
    assert sum(1 for t in space.planets.values() if t is not None) == 61
    names = {space.name(h) for h in space}
    assert len(names) == 190
    assert all(space.hex(space.name(h)) == h for h in space)
    g = space.graph
    assert g.number_of_nodes() == 190
    assert all(g.has_edge(a, b) == a.is_adjacent(b) for a in space for b in a.neighbors()
               if b in space)


def test_rotation_rule() -> None:
    assert [rotate(Hex(1, 0), k) for k in range(6)] == list(Hex(0, 0).ring(1))
    placed = SpaceMap.build([SectorPlacement("5A", 2, Hex(0, 0))])
    # tile 5A has an ice planet at A0 = (2, 0); two turns carry it to (-2, 2), named A4
    assert placed.planet(Hex(-2, 2)) == "ice" and placed.name(Hex(-2, 2)) == "5A4"


def test_setup_mines_sit_on_home_planets(game: dict[str, object], space: SpaceMap) -> None:
    # the setup mines are the builds before the first booster is taken
    c = load_components()
    setup = []
    for move in parse_log(game["moves"]):  # type: ignore[arg-type]
        if isinstance(move.commands[0], Booster):
            break
        if isinstance(move.commands[0], Build):
            setup.append(move)
    assert len(setup) == 9  # two mines each, and a third for the Xenos
    for move in setup:
        command = move.commands[0]
        assert isinstance(command, Build) and command.building == "m"
        home = c.faction(move.actor or "").home_planet
        assert space.planet(space.hex(command.hex)) == home, str(move)


def test_every_hex_of_the_log_fits_the_map(game: dict[str, object], space: SpaceMap) -> None:
    moves = parse_log(game["moves"])  # type: ignore[arg-type]
    gaiaformed: set[Hex] = set()
    builds = satellites = 0
    for move in moves:
        for command in move.commands:
            if isinstance(command, Build):
                h = space.hex(command.hex)
                planet = space.planet(h)
                builds += 1
                if command.building == "gf":
                    assert planet == "transdim", str(move)
                    gaiaformed.add(h)
                elif command.building == "m" and planet == "transdim":
                    assert h in gaiaformed, str(move)
                else:
                    assert planet is not None, str(move)
            elif isinstance(command, LostPlanet):
                assert space.planet(space.hex(command.hex)) is None
            elif isinstance(command, Federation):
                hexes = [space.hex(name) for name in command.hexes]
                satellites += sum(1 for h in hexes if space.planet(h) is None)
                # a federation is one connected group of hexes
                sub = space.graph.subgraph(hexes)
                assert nx.is_connected(sub), str(move)
    assert (builds, satellites) == (118, 42)


def test_distance_is_plain_hex_distance(space: SpaceMap) -> None:
    a, b = space.hex("1B5"), space.hex("3A11")
    assert space.distance(a, b) == a.distance(b)
    assert space.within(a, 1) == sorted(h for h in a.spiral(1) if h in space)


def test_default_layouts() -> None:
    four, two = SpaceMap.build(default_layout(4)), SpaceMap.build(default_layout(2))
    assert (len(four), len(two)) == (190, 133)
    assert four.same_type_neighbours() == [] and two.same_type_neighbours() == []
    with pytest.raises(ValueError):
        default_layout(5)


def test_bad_layouts() -> None:
    with pytest.raises(InvalidStateError, match="overlaps"):
        SpaceMap.build([SectorPlacement("1", 0, Hex(0, 0)), SectorPlacement("2", 0, Hex(1, 0))])
    with pytest.raises(InvalidStateError, match="placed 2 times"):
        SpaceMap.build([SectorPlacement("5A", 0, Hex(0, 0)),
                        SectorPlacement("5B", 0, Hex(5, -2))])
    with pytest.raises(InvalidStateError, match="no sector '11'"):
        SpaceMap.build([SectorPlacement("11", 0, Hex(0, 0))])
