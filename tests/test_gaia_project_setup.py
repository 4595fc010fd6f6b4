"""The seeded setup: chance steps that draw the map and the tiles."""

from __future__ import annotations

import json

import pytest

from gaia_lab.core.game import CHANCE
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.components import (
    ADVANCED_POSITIONS,
    TECH_POSITIONS,
    load_components,
)
from gaia_lab.games.gaia_project.game import GaiaProject
from gaia_lab.games.gaia_project.map import default_layout
from gaia_lab.games.gaia_project.notation import DRAW_PARTS, parse_move
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState, Setup

GAME = GaiaProject()


def drawn(players: int, seed: int) -> Session:
    return Session(GAME, players=players, seed=seed)


def test_a_new_game_starts_with_the_setup_draws_in_order() -> None:
    state = GAME.new_initial_state(4, 7)
    assert GAME.actor(state) == CHANCE
    parts = []
    while GAME.actor(state) == CHANCE:
        outcomes = GAME.chance_outcomes(state)
        assert len(outcomes) == 1 and sum(p for _, p in outcomes) == 1
        move = GAME.sample_chance(state, GAME.chance_rng(state))
        text = GAME.format_action(state, move)
        assert GAME.parse_action(state, text) == move
        verdict = GAME.explain(state, move)
        assert verdict.legal and verdict.rule is not None
        step = GAME.apply(state, move)
        (event,) = step.events
        assert event.rule is not None and event.rule.id.startswith("gp.setup.")
        assert event.kind == f"setup.{text.split()[1]}"
        parts.append(text.split()[1])
        state = step.state
        assert GPState.from_json(state.to_json()) == state
    assert tuple(parts) == DRAW_PARTS
    assert state.phase == "faction" and GAME.actor(state) == 0


def test_same_seed_same_setup_other_seeds_differ() -> None:
    for players in (2, 3, 4):
        setups = [drawn(players, seed).state.setup for seed in range(6)]
        assert drawn(players, 3).state.setup == setups[3]
        assert len(set(setups)) == len(setups)
        assert len({s.sectors for s in setups}) > 1
        assert len({s.techs for s in setups}) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_drawn_setup_is_complete(players: int) -> None:
    c = load_components()
    for seed in range(8):
        state = drawn(players, seed).state
        setup = state.setup
        sectors = sorted(s for s, *_ in setup.sectors)
        if players == 2:
            assert sectors == sorted(["1", "2", "3", "4", "5B", "6B", "7B"])
        else:
            assert sectors == sorted(["1", "2", "3", "4", "5A", "6A", "7A", "8", "9", "10"])
        slots = [p.centre for p in default_layout(players)]
        assert [(q, r) for *_, q, r in setup.sectors] == [(h.q, h.r) for h in slots]
        assert all(0 <= k <= 5 for _, k, _, _ in setup.sectors)
        assert not state.space_map.same_type_neighbours()
        positions = [p for p, _ in setup.techs]
        assert positions == [*TECH_POSITIONS, *ADVANCED_POSITIONS]
        tiles = [t for _, t in setup.techs]
        assert sorted(tiles[:9]) == sorted(t.id for t in c.techs if not t.advanced)
        assert len(set(tiles[9:])) == 6
        assert all(c.tech(t).advanced for t in tiles[9:])
        assert setup.terraforming_federation != "gleens"
        assert setup.terraforming_federation in {t.id for t in c.federation_tokens}
        supply = dict(state.fed_supply)
        assert "gleens" not in supply
        assert supply[setup.terraforming_federation] == 2
        assert len(set(setup.round_scoring)) == 6
        assert len(set(setup.final_scoring)) == 2
        assert len(set(setup.boosters)) == players + 3
        assert state.boosters == setup.boosters


def test_two_players_use_the_outlined_sides() -> None:
    c = load_components()
    for seed in range(5):
        state = drawn(2, seed).state
        sides = {s: c.sector(s).side for s, *_ in state.setup.sectors}
        assert {s for s in sides if s[0] in "567"} == {"5B", "6B", "7B"}
        assert all("outlined" in sides[s] for s in ("5B", "6B", "7B"))
        assert len(state.space_map) == 7 * 19


def test_never_the_gleens_token_on_terraforming() -> None:
    seen = {drawn(3, seed).state.setup.terraforming_federation for seed in range(40)}
    assert "gleens" not in seen
    assert len(seen) > 2


def test_a_forced_draw_is_explained_and_a_wrong_one_refused() -> None:
    state = GAME.new_initial_state(2, 1)
    wrong = parse_move("setup techs tech1 tech2 tech3 tech4 tech5 tech6 tech7 tech8 tech9")
    verdict = GAME.explain(state, wrong)
    assert not verdict.legal and verdict.rule is not None
    assert verdict.rule.id == "gp.setup.sectors_2"
    bad_map = parse_move("setup map 1/0@0x0 2/0@5x-2 3/0@2x3 4/0@-3x5 5A/0@-5x2 "
                         "6B/0@-2x-3 7B/0@3x-5")
    assert not GAME.explain(state, bad_map).legal
    state = GAME.apply(state, GAME.sample_chance(state, GAME.chance_rng(state))).state
    forced = parse_move("setup techs tech9 tech8 tech7 tech6 tech5 tech4 tech3 tech2 tech1")
    assert GAME.explain(state, forced).legal
    after = GAME.apply(state, forced).state
    assert after.setup.tech_at("terra") == "tech9"
    twice = parse_move("setup techs tech1 tech1 tech3 tech4 tech5 tech6 tech7 tech8 tech9")
    assert not GAME.explain(state, twice).legal
    gleens = parse_move("setup federation gleens")
    after = GAME.apply(after, GAME.sample_chance(after, GAME.chance_rng(after))).state
    assert after.draws[0] == "federation"
    assert not GAME.explain(after, gleens).legal


def test_a_drawn_game_is_played_on_its_own_map() -> None:
    s = drawn(4, 11)
    assert s.actor == 0
    s.play_many(["p1 faction terrans", "p2 faction xenos", "p3 faction nevlas",
                 "p4 faction hadsch-hallas"])
    legal = [str(m) for m in s.legal_actions()]
    assert legal and all(m.startswith("terrans build m ") for m in legal)
    for m in legal:
        name = m.split()[-1]
        assert s.state.planet(name) == "terra"


def test_the_fixed_setup_path_is_unchanged() -> None:
    state = GAME.new_initial_state(4, 0, {"setup": DEEP_MIND_2_SETUP})
    assert state.phase == "faction" and state.setup == DEEP_MIND_2_SETUP
    assert not state.draws
    state = GAME.new_initial_state(4, 0, {"setup": {
        "sectors": [{"sector": s, "rotation": k, "center": [q, r]}
                    for s, k, q, r in DEEP_MIND_2_SETUP.sectors],
        "boosters": list(DEEP_MIND_2_SETUP.boosters),
        "techTiles": dict(DEEP_MIND_2_SETUP.techs),
        "roundScoring": list(DEEP_MIND_2_SETUP.round_scoring),
        "finalScoring": list(DEEP_MIND_2_SETUP.final_scoring),
        "terraformingFederation": DEEP_MIND_2_SETUP.terraforming_federation,
    }})
    assert state.setup == DEEP_MIND_2_SETUP
    assert isinstance(state.setup, Setup)


def test_json_round_trip_in_the_middle_of_the_draws() -> None:
    state = GAME.new_initial_state(3, 5)
    state = GAME.apply(state, GAME.sample_chance(state, GAME.chance_rng(state))).state
    again = GAME.state_from_json(state.to_json())
    assert again == state and again.rng == state.rng
    assert json.loads(state.to_json())["rng"] == [5, 1]
    assert GAME.sample_chance(again, GAME.chance_rng(again)) == GAME.sample_chance(
        state, GAME.chance_rng(state))
