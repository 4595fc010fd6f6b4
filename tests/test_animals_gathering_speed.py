"""The faster paths of the Animals Gathering engine agree with the plain rules they stand
for: the tables of unfilled spaces and of filled cards with the outlines, the open cards
by stone and the immune seats with the plain reads, the quick offer check with the full
listing, the game's own actor with the flow's, the shared event values with fresh ones,
and a seeded game's whole log with the one the engine wrote before the speed pass."""

from __future__ import annotations

import hashlib
import random
from itertools import product

import pytest

from gaia_lab.core.events import Event
from gaia_lab.core.game import Game
from gaia_lab.games.animals_gathering import GAME
from gaia_lab.games.animals_gathering.state import (
    DIE_COLOURS,
    STONE_ORDER,
    AGState,
    Die,
    Summoned,
    sort_stones,
)
from gaia_lab.testing import random_states
from tests.seeded import seeded_steps


def _states(seeds: range, players: int = 4, spells: bool = False) -> list[AGState]:
    return [s for seed in seeds
            for s in random_states(GAME, players, seed, {"spells": spells})]


def test_the_table_of_unfilled_spaces_follows_the_outlines() -> None:
    rules = GAME.rules
    for animal in rules.animals.values():
        need = {s: animal.outline.count(s) for s in STONE_ORDER}
        fillings = product(*(range(need[s] + 1) for s in STONE_ORDER))
        for counts in fillings:
            card = Summoned(animal.id, "".join(s * n for s, n in zip(STONE_ORDER, counts)))
            expected = "".join(s for s in STONE_ORDER if rules.capacity(card, s) > 0)
            assert rules.open_stones(card) == expected, card
        assert len(rules.room[animal.id]) == len(list(
            product(*(range(need[s] + 1) for s in STONE_ORDER))))


def test_the_table_of_filled_cards_adds_one_stone_in_order() -> None:
    rules = GAME.rules
    for animal, fillings in rules.room.items():
        assert set(rules.filled[animal]) == set(fillings)
        for stones, space in fillings.items():
            assert set(rules.filled[animal][stones]) == set(space)
            for stone, card in rules.filled[animal][stones].items():
                assert card == Summoned(animal, sort_stones(stones + stone))
                assert rules.capacity(card, stone) >= 0


def test_the_open_cards_by_stone_and_the_immunity_table_agree_with_the_plain_reads() -> None:
    rules = GAME.rules
    seats = {seat for state in _states(range(8), players=5, spells=True)[::3]
             for seat in state.seats}
    assert any(rules.is_immune(seat) for seat in seats)
    for seat in seats:
        fits = rules.open_by_stone(seat)
        assert list(fits) == [s for s in STONE_ORDER if rules.open_cards(seat, s)]
        assert all(fits[s] == rules.open_cards(seat, s) for s in fits)
        assert rules.is_immune(seat) == bool(rules.powers(seat, "immunity"))


@pytest.mark.parametrize("spells", [False, True])
def test_the_quick_offer_check_agrees_with_the_listing(spells: bool) -> None:
    rules = GAME.rules
    checked = 0
    for state in _states(range(6), spells=spells):
        for task in state.tasks:
            if task.kind == "collect" and state.roll is not None:
                placed, exchanged = rules._collectable(state, task)
                assert rules._can_collect(state, task) == bool(placed or exchanged)
                checked += 1
    assert checked > 100


def test_the_game_reads_its_actor_as_the_flow_does() -> None:
    for state in _states(range(3), players=3, spells=True):
        assert GAME.actor(state) == Game.actor(GAME, state)


def test_dice_are_drawn_with_the_generator_given() -> None:
    state = next(s for s in random_states(GAME, 4, 5) if s.task is not None
                 and s.task.kind == "dice")
    own = GAME.sample_chance(state, GAME.chance_rng(state))
    assert own == GAME.sample_chance(state, state.rng.random())
    draws = {str(GAME.sample_chance(state, random.Random(seed))) for seed in range(40)}
    assert len(draws) > 1 and str(own) in {str(a) for a, _ in GAME.chance_outcomes(state)}


def _dealt_one_by_one(state: AGState, labels: tuple[str, ...]) -> tuple[Die, ...]:
    """The dice after a throw, the plain way: each thrown die of a colour takes that
    colour's next face, then the roll is put in die order."""
    assert state.roll is not None and state.task is not None
    dice = list(state.roll.dice)
    by_colour: dict[str, list[str]] = {}
    for label in labels:
        by_colour.setdefault(label[0], []).append(label[1])
    for i in map(int, state.task.data):
        dice[i] = Die(dice[i].colour, by_colour[dice[i].colour].pop(0))
    return tuple(sorted(dice, key=lambda d: (DIE_COLOURS.index(d.colour),
                                               STONE_ORDER.index(d.face))))


@pytest.mark.parametrize("spells", [False, True])
def test_a_throw_gives_the_dice_their_faces_as_the_plain_way_does(spells: bool) -> None:
    rerolls = 0
    for state in _states(range(12), players=5, spells=spells):
        task = state.task
        if task is None or task.kind != "dice":
            continue
        assert state.roll is not None
        rerolls += len(task.data) < len(state.roll.dice)
        for action, _ in GAME.chance_outcomes(state)[::7]:
            thrown = GAME.apply(state, action).state.roll
            assert thrown is not None
            assert thrown.dice == _dealt_one_by_one(state, action.args)
    assert rerolls > 0


def test_shared_events_equal_fresh_ones() -> None:
    for state in _states(range(2))[:400]:
        if GAME.actor(state) is None:
            continue
        action = GAME.legal_actions(state)[0]
        for event in GAME.apply(state, action).events:
            fresh = Event(event.kind, event.text, event.rule, event.actor, event.delta,
                          event.automatic)
            assert event == fresh and type(event) is Event


def _log_digest(players: int, seed: int, spells: bool) -> str:
    """Every legal list, action, event (all its fields) and state of a seeded game."""
    digest = hashlib.sha256()
    for played in seeded_steps(GAME, players, seed, {"spells": spells}):
        if played.legal is not None:
            digest.update("|".join(map(str, played.legal)).encode())
        for e in played.step.events:
            digest.update(repr((e.kind, e.line, e.actor, e.delta, e.automatic)).encode())
        digest.update(played.step.state.to_json().encode())
    return digest.hexdigest()[:16]


LOGS = {
    (4, 0, False): "8e11e96890c2c125",
    (2, 3, False): "59322eeee41325ee",
    (5, 1, False): "45716bbdf4188792",
    (4, 2, True): "d05e8cf87f63a098",
}
"""Seeded games as the engine logged them before the speed pass: the same legal lists,
events and states, step by step."""


@pytest.mark.parametrize(("players", "seed", "spells"), list(LOGS))
def test_seeded_games_log_what_they_logged_before(players: int, seed: int,
                                                  spells: bool) -> None:
    assert _log_digest(players, seed, spells) == LOGS[(players, seed, spells)]
