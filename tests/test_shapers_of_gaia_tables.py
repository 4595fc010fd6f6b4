"""Shapers of Gaia's listing tables (the placed tiles read once, ability levels of a board
at once, the memo of recent listings, the occupied places shared by a turn's listings)
agree with what they stand for, read afresh from the state."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

import gaia_lab
from gaia_lab.games.shapers_of_gaia import board, rules
from gaia_lab.games.shapers_of_gaia.actions import Action
from gaia_lab.games.shapers_of_gaia.components import BIOME_RESOURCE
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.games.shapers_of_gaia.state import SGState
from gaia_lab.testing import random_states

GAME = gaia_lab.GAMES["shapers_of_gaia"]
assert isinstance(GAME, ShapersOfGaia)
RULES = GAME.rules


@cache
def _states(players: int, seed: int) -> tuple[SGState, ...]:
    """The states of a seeded random game at which a player decides."""
    return tuple(s for s in random_states(GAME, players, seed)
                 if isinstance(GAME.actor(s), int))


_POSITIONS = st.tuples(st.sampled_from((2, 3)), st.integers(0, 40), st.floats(0, 1))


def _position(players: int, seed: int, where: float) -> SGState:
    states = _states(players, seed)
    return states[min(len(states) - 1, int(where * len(states)))]


@settings(max_examples=40, deadline=None)
@given(_POSITIONS)
def test_the_layout_reads_the_tiles_as_they_are(position: tuple[int, int, float]) -> None:
    state = _position(*position)
    layout = RULES.layout(state)
    biome = RULES.biome_labels(state)
    assert layout.placed == board.label_bits(biome)
    assert [spot[0] for spot in layout.spots] == [lab for lab, _ in state.tiles]
    assert [spot[2] for spot in layout.spots] == list(biome.values())
    assert list(layout.land()) == [lab for lab, b in biome.items() if b not in ("water", "vault")]
    assert list(layout.water()) == [(lab, t) for lab, t in state.tiles if biome[lab] == "water"]
    for lab, bit, kind, _, walk, teleport in layout.spots:
        assert bit == board.BITS[lab]
        if kind == "vault":
            assert (walk, teleport) == (((), "vault"), ((), "vault tp"))
        else:
            pays = {"water": "water", "temple": "any"}.get(kind) or BIOME_RESOURCE[kind]
            assert (walk, teleport) == (((lab,), pays), ((lab, "tp"), pays))


@settings(max_examples=40, deadline=None)
@given(_POSITIONS)
def test_ability_levels_count_the_unlocking_spaces_left(
        position: tuple[int, int, float]) -> None:
    state = _position(*position)
    for p in state.seats:
        shaper = GAME.components.shaper(p.shaper)
        kinds = {a.kind for a in shaper.abilities}
        levels = RULES.levels(p)
        assert set(levels) == kinds
        for kind in kinds:
            spaces = [s for a in shaper.abilities if a.kind == kind for s in a.unlocked_by]
            assert levels[kind] == RULES.level(p, kind) == sum(s not in p.board for s in spaces)
        assert RULES.level(p, "no_such_kind") == 0


@settings(max_examples=40, deadline=None)
@given(_POSITIONS)
def test_the_listings_given_the_occupied_places_are_those_found_alone(
        position: tuple[int, int, float]) -> None:
    state = _position(*position)
    busy = {a.where for a in state.animals}
    for seat in range(state.players):
        assert RULES.intro_actions(state, seat, busy) == RULES.intro_actions(state, seat)
        assert RULES.ability_moves(state, seat, busy) == RULES.ability_moves(state, seat)
        for kind in ("scavenger", "herbivore", "predator"):
            free = [v.id for v in GAME.components.vault_spaces(state.players)
                    if v.animal == kind and v.id not in busy]
            assert RULES.free_vault(state, kind, busy) == RULES.free_vault(state, kind) == free
    empty = [lab for lab, b in RULES.biome_labels(state).items()
             if b not in ("water", "vault") and lab not in busy]
    assert RULES.empty_land(state, busy) == RULES.empty_land(state) == empty


def test_the_memo_of_listings_answers_as_a_fresh_listing_and_stays_small() -> None:
    states = _states(3, 5)
    for state in states[:60]:
        listed = GAME.legal_actions(state)
        rules._LISTINGS.cache_clear()
        assert GAME.legal_actions(state) == listed == list(
            RULES._listed(state, state.tasks[0]))
        assert all(RULES.is_legal(state, a) for a in listed)
        assert not RULES.is_legal(state, Action("intro", ("S1", "Z9")))
        assert len(rules._LISTINGS.entries) <= rules.LISTINGS_KEPT
    for state in states[:3 * rules.LISTINGS_KEPT + 3]:
        GAME.legal_actions(state)
        *_, latest = rules._LISTINGS.entries.values()
        assert latest[1] is state and len(rules._LISTINGS.entries) <= rules.LISTINGS_KEPT
