"""Shapers of Gaia's faster paths agree with the slower ones they stand for."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gaia_lab
from gaia_lab.core.game import CHANCE, Game
from gaia_lab.games.shapers_of_gaia import board
from gaia_lab.games.shapers_of_gaia.actions import BASIC, WILD
from gaia_lab.games.shapers_of_gaia.components import Amounts
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.games.shapers_of_gaia.rules import can_pay, ways_to_pay
from gaia_lab.games.shapers_of_gaia.state import PlayerState, SGState
from tests.seeded import seeded_steps

GAME = gaia_lab.GAMES["shapers_of_gaia"]


def _chance_states(players: int, seed: int, options: dict[str, str]) -> list[SGState]:
    """The states of a game's setup at which chance acts."""
    out = []
    state = GAME.new_initial_state(players, seed, options)
    while state.task is not None and state.task.kind != "turn":
        if GAME.actor(state) == CHANCE:
            out.append(state)
            action = GAME.sample_chance(state, GAME.chance_rng(state))
        else:
            action = GAME.legal_actions(state)[0]
        state = GAME.apply(state, action).state
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_sample_chance_draws_what_the_generic_draw_does(players: int) -> None:
    assert isinstance(GAME, ShapersOfGaia)
    rng = random.Random(players)
    for seed in range(4):
        for state in _chance_states(players, seed, {"behaviors": "random"}):
            for _ in range(25):
                draw = rng.getrandbits(64)
                ours = GAME.sample_chance(state, random.Random(draw))
                assert ours == Game.sample_chance(GAME, state, random.Random(draw))


def test_restore_labels_agree_with_the_spaces_on_hexes() -> None:
    """The label functions (bit sets) find what the hex functions (neighbour counts) do."""
    rng = random.Random(7)
    labels = list(board.LABELS)
    for _ in range(300):
        placed = rng.sample(labels, rng.randrange(1, len(labels)))
        hexes = [board.parse_space(lab) for lab in placed]
        far = [board.label(h) for h in board.teleport_restore_spaces(hexes)]
        assert board.teleport_restore_labels(placed) == far
        assert board.any_teleport_restore_label(placed) == bool(far)
        for caretaker in rng.sample(placed, min(3, len(placed))):
            near = board.restore_spaces(hexes, board.parse_space(caretaker))
            assert board.restore_labels(placed, caretaker) == [board.label(h) for h in near]


def _fingerprint(players: int, seed: int, options: dict[str, Any]) -> str:
    """A digest of a seeded random game: every legal list in order, every action drawn,
    every event's log line and the final state."""
    digest = hashlib.sha256()
    state = GAME.new_initial_state(players, seed, options)
    for played in seeded_steps(GAME, players, seed, options):
        if played.legal is not None:
            digest.update("|".join(map(str, played.legal)).encode())
        digest.update(f"<{played.actor}:{played.action}>".encode())
        digest.update("|".join(e.line for e in played.step.events).encode())
        state = played.step.state
    digest.update(state.to_json().encode())
    return digest.hexdigest()[:16]


_O, _X, _R, _M = "oraplexis_terraria", "xanarin_preserve", "rastar_nursery", "maldera_rivers"
PLAYED_BEFORE: dict[tuple[int, int, str], str] = {
    # Biomolecular Synthesis (wild=), Harvester (both), Redeploy, Recycler
    (3, 3, f"shapers={_O},{_X},{_R}"): "1691075b79b8be62",
    (2, 1, f"shapers={_R},{_O}"): "abf601428b3c03fa",
    (3, 2, f"shapers={_X},{_M},{_O}"): "91d2e79885a2dadd",
    (2, 4, f"shapers={_X},{_R}"): "85cf1a31369fe680",
    # Stasis Chambers, Accelerated Accretion, Avian Call, Power Surge, Clone Experiment
    (2, 11, ""): "0a7175956feed351",
    (2, 23, ""): "4e23a5ed877741dc",
    (3, 5, ""): "fdd3ee46ba0d949d",
    (3, 42, ""): "b035f34e75574e4a",
    (3, 77, ""): "be5164cb3c259ada",
    (3, 8, "behaviors=random"): "43e42ccce8a37af3",
    (2, 19, "behaviors=random"): "703881912c219282",
}
"""Seeded random games as the engine played them before its speed pass (the same legal
lists, draws, log lines and final state)."""


@pytest.mark.parametrize(("players", "seed", "options"), list(PLAYED_BEFORE))
def test_seeded_games_play_as_before(players: int, seed: int, options: str) -> None:
    read: dict[str, Any] = {}
    if options:
        key, value = options.split("=")
        read[key] = value.split(",") if key == "shapers" else value
    assert _fingerprint(players, seed, read) == PLAYED_BEFORE[players, seed, options]


def _ways_by_search(player: PlayerState, amounts: Amounts, wild: bool) -> list[tuple[str, ...]]:
    """Every way to pay, found by trying each split of the missing basic resources into
    Nutrients and Energy (Nutrients first) against can_pay's verdict."""
    if not can_pay(player, amounts, wild):
        return []
    short = sum(max(0, n - player.resource(k)) for k, n in amounts if k in BASIC)
    if not short:
        return [()]
    nutrients, energy = player.resource("nutrient"), player.resource("energy")
    return [(WILD + "n" * k + "e" * (short - k),) for k in range(short, -1, -1)
            if k <= nutrients and short - k <= energy]


@settings(max_examples=200)
@given(st.tuples(*[st.integers(0, 5)] * 5), st.integers(0, 4), st.integers(0, 3),
       st.lists(st.tuples(st.sampled_from(("shard", "spore", "seed", "nutrient", "energy",
                                           "prestige", "dna")), st.integers(1, 4)),
                max_size=3),
       st.booleans())
def test_ways_to_pay_agree_with_a_search(resources: tuple[int, ...], prestige: int,
                                         dna: int, amounts: list[tuple[str, int]],
                                         wild: bool) -> None:
    player = PlayerState("x", resources=resources, prestige=prestige,
                         dna=("red",) * dna)
    pay = tuple(amounts)
    assert ways_to_pay(player, pay, wild) == _ways_by_search(player, pay, wild)
