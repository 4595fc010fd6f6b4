"""Final scoring tiles: ranks, ties, zero counts, the two-player neutral player, and the
final tiles of the recorded game deep-mind-2 (satellites and structures)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.record import Record
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project import GAME
from gaia_lab.games.gaia_project.final_scoring import (
    FINAL_TILES,
    FinalCounts,
    counts_from_board,
    neutral_count,
    rank_points,
    score_final,
    score_final_tile,
)
from gaia_lab.games.gaia_project.game import FINAL_RESOURCES_ONLY, read_setup, write_setup
from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
from gaia_lab.games.gaia_project.notation import Build, Federation, LostPlanet, parse_move
from gaia_lab.games.gaia_project.scoring import left_vp

CONFORMANCE = Path(__file__).resolve().parent / "fixtures" / "gaia_project"
MAP = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)


@pytest.fixture(scope="module")
def game() -> dict[str, object]:
    path = CONFORMANCE / "deep-mind-2.json"
    if not path.exists():
        pytest.skip("the shared conformance folder is not here")
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def board_at_end(game: dict[str, object]) -> dict[str, FinalCounts]:
    """Every player's counts at the end, from the log's build, Lost Planet and
    federation commands."""
    space_map = SpaceMap.from_options(game["options"])  # type: ignore[arg-type]
    structures: dict[str, dict[Hex, str]] = {}
    federations: dict[str, list[frozenset[Hex]]] = {}
    satellites: dict[str, int] = {}
    moves = game["moves"]
    assert isinstance(moves, list)
    for text in moves:
        move = parse_move(text)
        actor = move.actor or ""
        for c in move.commands:
            if isinstance(c, Build):
                structures.setdefault(actor, {})[space_map.hex(c.hex)] = c.building
            elif isinstance(c, LostPlanet):
                structures.setdefault(actor, {})[space_map.hex(c.hex)] = "m"
            elif isinstance(c, Federation):
                hexes = frozenset(space_map.hex(n) for n in c.hexes)
                own = structures[actor]
                federations.setdefault(actor, []).append(hexes)
                satellites[actor] = satellites.get(actor, 0) + sum(1 for h in hexes
                                                                   if h not in own)
    factions = ("terrans", "nevlas", "xenos", "hadsch-hallas")
    return {f: counts_from_board(space_map, structures[f], federations.get(f, []),
                                 satellites.get(f, 0)) for f in factions}


def test_deep_mind_2_counts(game: dict[str, object]) -> None:
    counts = board_at_end(game)
    # satellites: the hexes of each federation move holding none of the player's structures;
    # structures: every building on a planet at the end, the Lost Planet's mine included
    assert counts == {
        "terrans": FinalCounts(structure=16, structureFed=16, planetType=4, gaia=11,
                               sector=8, satellite=12),
        "nevlas": FinalCounts(structure=14, structureFed=12, planetType=4, gaia=2,
                              sector=7, satellite=6),
        "xenos": FinalCounts(structure=12, structureFed=11, planetType=4, gaia=1,
                             sector=8, satellite=13),
        "hadsch-hallas": FinalCounts(structure=11, structureFed=10, planetType=3, gaia=4,
                                     sector=6, satellite=10),
    }


def test_deep_mind_2_final_scoring(game: dict[str, object]) -> None:
    setup = game["seeded_setup"]
    assert isinstance(setup, dict)
    tiles = setup["finalScoring"]
    assert tiles == ["satellite", "structure"]
    result = score_final(tiles, board_at_end(game))
    final = game["final"]
    assert isinstance(final, list)
    for entry in final:
        recorded = entry["vp_by_source_after_start_10"]
        expected = {k: recorded.get(k, 0) for k in ("final1", "final2")}
        assert result.by_source(entry["faction"]) == expected, str(result)
    assert dict(result.totals) == {"terrans": 30, "nevlas": 12, "xenos": 24,
                                   "hadsch-hallas": 6}


def test_places_and_points() -> None:
    assert rank_points({"a": 9, "b": 7, "c": 5, "d": 3}) == {"a": 18, "b": 12, "c": 6, "d": 0}


@pytest.mark.parametrize(("counts", "points"), [
    ({"a": 5, "b": 5, "c": 3, "d": 1}, {"a": 15, "b": 15, "c": 6, "d": 0}),
    ({"a": 5, "b": 3, "c": 3, "d": 1}, {"a": 18, "b": 9, "c": 9, "d": 0}),
    ({"a": 5, "b": 3, "c": 1, "d": 1}, {"a": 18, "b": 12, "c": 3, "d": 3}),
    ({"a": 4, "b": 4, "c": 4, "d": 1}, {"a": 12, "b": 12, "c": 12, "d": 0}),
    ({"a": 6, "b": 2, "c": 2, "d": 2}, {"a": 18, "b": 6, "c": 6, "d": 6}),
    ({"a": 2, "b": 2, "c": 2, "d": 2}, {"a": 9, "b": 9, "c": 9, "d": 9}),
    ({"a": 3, "b": 3, "c": 3}, {"a": 12, "b": 12, "c": 12}),
])
def test_ties_share_the_places(counts: dict[str, int], points: dict[str, int]) -> None:
    assert rank_points(counts) == points


def test_ties_round_down() -> None:
    # With 18/12/6 and at most four entries every share divides evenly; other awards show
    # the rounding.
    assert rank_points({"a": 1, "b": 1}, awards=(5, 2)) == {"a": 3, "b": 3}
    assert rank_points({"a": 1, "b": 1, "c": 1}, awards=(10, 0, 0)) == {"a": 3, "b": 3, "c": 3}


def test_zero_counts_score_nothing() -> None:
    assert rank_points({"a": 4, "b": 0, "c": 0, "d": 0}) == {"a": 18, "b": 0, "c": 0, "d": 0}
    assert rank_points({"a": 0, "b": 0}) == {"a": 0, "b": 0}
    text = str(score_final_tile("gaia", {"a": 2, "b": 0, "c": 1, "d": 0}))
    assert "b 0, d 0 -> tied 3rd-4th, (6 + 0) / 2 = 0 VP each (count 0)" in text


def test_neutral_player_values() -> None:
    assert {t: neutral_count(t) for t in FINAL_TILES} == {
        "structure": 11, "structureFed": 10, "planetType": 5, "gaia": 4, "sector": 6,
        "satellite": 8,
    }


def test_neutral_player_takes_a_place() -> None:
    # two players: the neutral count joins automatically
    assert dict(score_final_tile("satellite", {"a": 9, "b": 7}).points) == {"a": 18, "b": 6}
    assert dict(score_final_tile("satellite", {"a": 7, "b": 5}).points) == {"a": 12, "b": 6}
    # tied with the neutral player: the shared places are split, the neutral share is lost
    tied = score_final_tile("structure", {"a": 11, "b": 3})
    assert dict(tied.points) == {"a": 15, "b": 6}
    assert tied.rule.id == "gp.score.neutral"
    assert "a 11, neutral 11 -> tied 1st-2nd" in tied.explanation
    both = score_final_tile("gaia", {"a": 4, "b": 4})
    assert dict(both.points) == {"a": 12, "b": 12}
    # three or four players: no neutral player unless asked
    assert score_final_tile("gaia", {"a": 1, "b": 2, "c": 3}).neutral is None
    assert dict(score_final_tile("gaia", {"a": 1, "b": 2}, two_players=False).points) == \
        {"a": 12, "b": 18}
    assert dict(score_final_tile("gaia", {"a": 1, "b": 2}, neutral=3).points) == \
        {"a": 6, "b": 12}


def test_rules_cited() -> None:
    assert score_final_tile("gaia", {"a": 1, "b": 2, "c": 3}).rule.id == "gp.score.final_tiles"
    assert score_final_tile("gaia", {"a": 1, "b": 1, "c": 3}).rule.id == "gp.score.final_ties"


def test_unknown_tile() -> None:
    with pytest.raises(KeyError, match="unknown final scoring tile"):
        score_final_tile("mines", {"a": 1})
    with pytest.raises(KeyError, match="unknown final scoring tile"):
        FinalCounts().count("mines")


def test_counts_from_board() -> None:
    own = {MAP.hex("5A7"): "PI", MAP.hex("5A11"): "ac1", MAP.hex("5A10"): "m",
           MAP.hex("5A6"): "m", MAP.hex("6A9"): "gf", MAP.hex("5B4"): "sp",
           MAP.hex("4A5"): "m"}
    fed = frozenset(MAP.hex(n) for n in ("5A7", "5A8", "5A9", "5A10", "5A11"))
    counts = counts_from_board(MAP, own, [fed], satellites=2)
    # 5A6 is Transdim with a mine: a Gaia planet; the Gaiaformer and space station are no
    # structures on planets, but the station counts as a satellite.
    assert counts == FinalCounts(structure=5, structureFed=3, planetType=5, gaia=1,
                                 sector=2, satellite=3)
    lantids = counts_from_board(MAP, own, [fed], 2, shared_mines=frozenset({MAP.hex("4A5")}))
    assert (lantids.structure, lantids.planetType) == (5, 4)
    lost = counts_from_board(MAP, {MAP.hex("5B4"): "m"})
    assert (lost.planetType, lost.gaia) == (1, 0)
    assert counts_from_board(MAP, {MAP.hex("5A6"): "m"},
                             planets={MAP.hex("5A6"): "oxide"}).gaia == 0


# -- the editions' two readings of the resources left -------------------------------------

_LEFT = [{"faction": "terrans", "structures": {"10A2": "ts", "3A10": "m"}, "credits": 7,
          "ore": 6, "knowledge": 2, "qic": 2, "bowls": [0, 4, 5], "vp": 40},
         {"faction": "xenos", "structures": {"5A10": "m"}}]


def _ended(**spec: object) -> Session:
    return Session(GAME, scenario={"round": 6, "phase": "over", "players": _LEFT, **spec})


def test_power_and_qic_left_are_converted_by_default() -> None:
    s = _ended()
    assert s.state.setup.final_conversion
    # 7c + 6o + 2k, 2 Q.I.C. as ore, 5 + 4 // 2 = 7 power as credits: 24, 8 VP
    assert dict(s.state.seats[0].vp_sources)["spend"] == 8
    assert left_vp(s.state, s.state.seats[0])[1] == \
        "7c + 6o + 2k + 2q as ore + 7 power as credits = 24"


def test_the_other_reading_counts_only_credits_ore_and_knowledge() -> None:
    s = _ended(final_resources_only=True)
    assert not s.state.setup.final_conversion
    assert dict(s.state.seats[0].vp_sources)["spend"] == 5  # 15 // 3
    assert s.state.seats[0].vp == _ended().state.seats[0].vp - 3
    # the game option: declared with its rule, kept in the record, carried by the setup
    option = GAME.meta.options[FINAL_RESOURCES_ONLY]
    assert "gp.score.resources" in option.description
    game = Session(GAME, players=2, options={FINAL_RESOURCES_ONLY: True})
    assert game.state.phase == "faction" and not game.state.setup.final_conversion
    data = write_setup(game.state.setup)
    assert data["finalConversion"] is False and read_setup(data) == game.state.setup
    assert "finalConversion" not in write_setup(Session(GAME, players=2).state.setup)
    back = Session.from_record(Record.from_json(game.record().to_json()))
    assert back.state == game.state and back.options == {FINAL_RESOURCES_ONLY: True}
    with pytest.raises(InvalidStateError, match="final_resources_only"):
        Session(GAME, players=2, options={FINAL_RESOURCES_ONLY: "yes"})
