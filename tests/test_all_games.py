"""Every registered game passes the conformance harness, ships examples and a rulebook.

The default run plays 2 seeds for each supported player count; ``--run-slow`` plays
30 seeds.  The Pig test game runs through the same harness so the harness itself is
exercised with every test run.
"""

from __future__ import annotations

from typing import Any

import pytest
from dicegame import PIG

import gaia_lab
from gaia_lab.core.example import Example
from gaia_lab.core.game import Game
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.testing import check_game

NAMES = sorted(gaia_lab.GAMES)


def game_options(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The option sets to check: the defaults only (variants have their own tests)."""
    return [{}]


@pytest.mark.parametrize("name", NAMES)
def test_game_conforms(name: str) -> None:
    game = gaia_lab.GAMES[name]
    report = check_game(game, seeds=range(2), options=game_options(game))
    expected = 2 * (game.meta.max_players - game.meta.min_players + 1)
    assert report.games == expected
    assert report.decisions > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_game_conforms_many_seeds(name: str) -> None:
    game = gaia_lab.GAMES[name]
    report = check_game(game, seeds=range(100, 130), options=game_options(game), report=True)
    assert report.games == 30 * (game.meta.max_players - game.meta.min_players + 1)


@pytest.mark.parametrize("name", NAMES)
def test_game_is_registered_consistently(name: str) -> None:
    game = gaia_lab.GAMES[name]
    assert game.meta.name == name
    assert 1 <= game.meta.min_players <= game.meta.max_players
    assert game.meta.components in ("published", "reconstructed")
    assert len(game.rulebook) >= 1
    for rule_id, rule in game.rulebook.items():
        assert isinstance(rule, RuleRef) and rule.id == rule_id
        assert rule.section.strip() and rule.summary.strip()


@pytest.mark.parametrize("name", NAMES)
def test_game_has_examples_that_run(name: str) -> None:
    examples = gaia_lab.examples(name)
    assert examples, f"{name} has no worked examples"
    ids = [ex.id for ex in examples]
    assert len(set(ids)) == len(ids), f"duplicate example ids in {name}"
    rulebook = gaia_lab.GAMES[name].rulebook
    for ex in examples:
        assert isinstance(ex, Example) and ex.game == name
        for step in ex.steps:
            if step.rule is not None:
                assert rulebook.get(step.rule.id) == step.rule, f"{ex.id} cites {step.rule.id}"
        ex.run()


def test_dice_game_conforms() -> None:
    report = check_game(PIG, seeds=range(3), options=[{}, {"target": 12}])
    assert report.games == 3 * 3 * 2


@pytest.mark.slow
def test_dice_game_conforms_many_seeds() -> None:
    report = check_game(PIG, seeds=range(30), report=True)
    assert report.games == 30 * 3
