"""Gaia Project state values, the power cycle and the JSON round trip."""

from __future__ import annotations

import pytest

from gaia_lab.games.gaia_project import power as pw
from gaia_lab.games.gaia_project.game import GaiaProject
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState, PlayerState


def test_new_state() -> None:
    s = GPState.new(4, DEEP_MIND_2_SETUP, "deep-mind-2")
    assert s.phase == "faction" and s.round == 0 and s.order == (0, 1, 2, 3)
    assert s.boosters == DEEP_MIND_2_SETUP.boosters
    assert dict(s.fed_supply)["fed6"] == 2 and dict(s.fed_supply)["fed1"] == 3
    assert len(s.space_map) == 190
    assert GPState.from_json(s.to_json()) == s


def test_player_start_values() -> None:
    t = PlayerState.new("terrans")
    assert (t.credits, t.ore, t.knowledge, t.qic, t.vp) == (15, 4, 3, 1, 10)
    assert t.bowls == (4, 4, 0, 0) and t.level("gaia_project") == 1
    n = PlayerState.new("nevlas")
    assert n.knowledge == 2 and n.level("science") == 1


def test_player_helpers() -> None:
    p = PlayerState.new("xenos").with_building("2A1", "m").with_building("1A5", "ts")
    assert p.buildings == (("1A5", "ts"), ("2A1", "m"))
    assert p.building_at("2A1") == "m" and p.building_at("5C") is None
    assert p.count("m", "ts") == 2
    p = p.with_building("2A1", None)
    assert p.count("m") == 0
    q = p.add_vp(3, "round1").add_vp(-1, "charge").add_vp(2, "round1")
    assert q.vp == 14 and q.vp_sources == (("charge", -1), ("round1", 5))


def test_json_round_trip_keeps_types() -> None:
    p = PlayerState.new("hadsch-hallas").with_building("1A2", "m")
    s = GPState.new(4, DEEP_MIND_2_SETUP).with_seat(3, p)
    s2 = GPState.from_json(s.to_json())
    assert s2 == s and hash(s2) == hash(s)
    assert isinstance(s2.seats[3].buildings[0], tuple)


def test_state_from_json_reports_bad_text() -> None:
    from gaia_lab.core.errors import InvalidStateError

    with pytest.raises(InvalidStateError):
        GaiaProject().state_from_json('{"players": 4}')


def test_power_cycle() -> None:
    assert pw.charge((2, 4, 0, 0), 1) == ((1, 5, 0, 0), 1)
    assert pw.charge((2, 4, 0, 0), 20) == ((0, 0, 6, 0), 8)
    assert pw.charge((0, 0, 5, 0), 3) == ((0, 0, 5, 0), 0)
    assert pw.spend((0, 0, 5, 1), 5) == (5, 0, 0, 1)
    with pytest.raises(ValueError):
        pw.spend((3, 3, 2, 0), 3)
    assert pw.burn((0, 5, 0, 0), 2) == (0, 1, 2, 0)
    with pytest.raises(ValueError):
        pw.burn((0, 3, 0, 0), 2)
    assert pw.to_gaia((2, 4, 1, 0), 4) == (0, 2, 1, 4)
    assert pw.from_gaia((1, 0, 0, 4)) == (5, 0, 0, 0)
    assert pw.from_gaia((1, 0, 0, 4), into=1) == (1, 4, 0, 0)
    assert pw.remove_tokens((0, 1, 2, 0), 2) == (0, 0, 1, 0)
    assert pw.chargeable((0, 0, 7, 0)) == 0
