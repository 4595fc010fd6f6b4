"""The federation listing's shared Dreyfus-Wagner table against the search it replaces.

A listing finds the fewest satellites and every optimal satellite set of each set of
structure groups it tries in one table over all the player's groups
(``federation._GroupTable``); checks and the region searches find them one set at a
time (``federation._all_minimum``, ``federation._minimum``).  Both must agree on every
set, in recorded positions and in random games; and a federation line judged without
being played (``rules.turn_lines_legal``) must agree with playing it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gaia_lab
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project import federation, rules
from gaia_lab.games.gaia_project import game as engine
from gaia_lab.games.gaia_project.components import load_components
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.flow import head_task
from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.testing import random_states

GAME = gaia_lab.GAMES["gaia_project"]


def _recorded(name: str, lines: int) -> Any:
    data = recorded_game(name)
    return replay_prefix({**data, "moves": data["moves"][:lines]})[0].state


def _compare(state: Any, seat: int) -> int:
    """Check the table against the region searches for every set of groups a listing of
    ``seat`` tries; the number of sets compared."""
    p = state.seats[seat]
    f = rules.federation_setting(state, seat)
    one = hooks(p.faction).one_federation
    base = frozenset(h for fed in f.others for h in fed) if one else frozenset()
    federation._shared_setting.cache_clear()
    s = federation._setting(state.space_map, f.structures, () if one else f.others, f.blocked,
                            f.values, dict(f.bonus) or None, base)
    groups = federation._building_groups(s.grid, s.eligible - base)
    values = [sum(s.values[h] for h in g) for g in groups]
    base_value = sum(s.values.get(h, 0) for h in base)
    combos = [c for c in federation._minimal_covers(values, f.threshold - base_value)
              if federation._lower_bound(s, [groups[i] for i in c] + ([base] if base else []))
              < federation._INF]
    table = s.table(groups, combos)
    for combo in combos:
        buildings = frozenset().union(*(groups[i] for i in combo))
        mask = table.terminals(groups[i] for i in combo)
        assert mask is not None, combo
        listed = table.every_fewest(mask)
        alone = federation._all_minimum(s, buildings)
        if alone is None:
            assert listed is None, combo
            continue
        assert listed is not None, combo
        assert (listed[0], tuple(s.grid.hex_set(m) for m in listed[1])) == alone, combo
        assert table.fewest(mask) == alone[0]
        one_tree = federation._minimum(s, buildings)
        assert one_tree is not None and one_tree[0] == alone[0]
        assert one_tree[1] in alone[1]
        if mask & (mask - 1):  # the tree a check names, from the table
            assert s.grid.hex_set(table.named(mask)) == one_tree[1], combo
    return len(combos)


@pytest.mark.parametrize(("name", "lines"), [("voyager-6", 302), ("voyager-6", 309),
                                             ("deep-mind-2", 298), ("deep-mind-2", 387)])
def test_the_table_agrees_with_each_search_before_recorded_federations(name: str,
                                                                       lines: int) -> None:
    # the positions where the recorded games form a federation next
    state = _recorded(name, lines)
    assert sum(_compare(state, seat) for seat in range(len(state.seats))) > 0


def _agree_in_random_game(seed: int, pick: random.Random, positions: int) -> None:
    """Compare the table and the searches at some of the game's turns (every seat)."""
    turns = [s for s in random_states(GAME, 4, seed)
             if (t := head_task(s)) is not None and t.kind == "turn"
             and len(s.seats[t.seat].buildings) >= 6]
    for state in pick.sample(turns, min(positions, len(turns))):
        for seat in range(len(state.seats)):
            _compare(state, seat)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 60), pick=st.randoms(use_true_random=False))
def test_the_table_agrees_with_each_search_in_random_games(seed: int,
                                                           pick: random.Random) -> None:
    _agree_in_random_game(seed, pick, 6)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.randoms(use_true_random=False))
def test_the_table_agrees_with_each_search_in_many_random_games(seed: int,
                                                                pick: random.Random) -> None:
    _agree_in_random_game(seed, pick, 12)


def test_a_listing_then_a_check_of_its_smaller_federations_as_without_it() -> None:
    # a check after a listing reads the listing's table: the same verdict as before one
    state = _recorded("voyager-6", 302)
    seat = state.current
    f = rules.federation_setting(state, seat)
    names = engine._federations(state, seat)
    assert len(names) == 600

    def checks() -> list[federation.FederationCheck]:
        out = []
        for text in names[::7]:
            hexes = frozenset(state.space_map.hex(h) for h in text.split()[1].split(","))
            chosen = frozenset(h for h in hexes if h in f.structures)
            for drop in sorted(chosen)[:2]:  # a structure left out, or one too many
                out.append(federation.check_federation(
                    state.space_map, f.structures, hexes - chosen, chosen - {drop}, f.others,
                    f.blocked, f.values, f.threshold))
            out.append(federation.check_federation(
                state.space_map, f.structures, hexes - chosen, chosen, f.others, f.blocked,
                f.values, f.threshold))
        return out

    engine._federation_options.cache_clear()
    federation._shared_setting.cache_clear()
    engine._federations(state, seat)
    after_listing = checks()
    federation._shared_setting.cache_clear()
    assert checks() == after_listing
    assert any(c.legal for c in after_listing) and not all(c.legal for c in after_listing)


@pytest.mark.parametrize(("name", "lines"), [("voyager-6", 302), ("deep-mind-2", 298)])
def test_judged_federation_lines_agree_with_playing_them(name: str, lines: int) -> None:
    state = _recorded(name, lines)
    p = state.seats[state.current]
    feds = [m for m in engine.candidates(state) if str(m).split()[1] == "federation"]
    assert feds
    # a line with too few tokens for its satellites, or a token none are left of
    supply = dict(state.fed_supply)
    gone = [t for t in load_components().federation_tokens if not supply.get(t.id)]
    extra = [engine.parse_listed(f"{p.faction} federation {str(feds[0]).split()[2]} {t.id}")
             for t in gone[:1]]
    lines_ = feds + extra
    played = [not isinstance(engine._outcome(state, m), Verdict) for m in lines_]
    assert rules.turn_lines_legal(state, lines_) == played
    assert any(played) and (not extra or not played[-1])
