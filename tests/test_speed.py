"""The speed pass changes no result: the compiled copies of core.values.evolve equal
dataclasses.replace, a Gaia Project turn's lines judged as a tree agree with playing each
line, and the benchmarks' heavy positions are where they say."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.values import evolve, slot_init
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project import game as gp_engine
from gaia_lab.games.gaia_project import rules as gp_rules
from gaia_lab.games.gaia_project.flow import head_task
from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.testing import random_states
from tests.seeded import seeded_steps


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[int, ...] = ()
    c: str = "x"


@dataclass(frozen=True, slots=True)
class Child(Slotted):
    d: int = 4


@dataclass(frozen=True)
class Plain:
    a: int
    b: list[int] = dataclasses.field(default_factory=list)


@pytest.mark.parametrize("value", [Slotted(1, (2,)), Child(1, (2,), "y", 5), Plain(3, [1])])
def test_evolve_equals_replace(value: Any) -> None:
    names = [f.name for f in dataclasses.fields(value)]
    for changed in ([], names[:1], names[1:], names, names[::-1]):
        changes = {name: getattr(value, name) * 2 for name in changed}
        copy = evolve(value, **changes)
        assert copy == dataclasses.replace(value, **changes)
        assert type(copy) is type(value) and copy is not value
        for name in names:
            expected = changes[name] if name in changes else getattr(value, name)
            assert getattr(copy, name) is expected
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolve(value, a=7).a = 8  # type: ignore[misc]


def test_slot_init_builds_what_the_dataclass_builds() -> None:
    from gaia_lab.core.flow import Task
    from gaia_lab.games.animals_gathering.actions import Action as AGAction
    from gaia_lab.games.shapers_of_gaia.actions import Action as SGAction

    @slot_init
    @dataclass(frozen=True, slots=True)
    class Quick:
        a: int
        b: tuple[int, ...] = ()
        c: str = "x"

    for args, kwargs in (((1,), {}), ((1, (2,)), {}), ((1,), {"c": "y"}),
                         ((), {"a": 1, "b": (3,), "c": "z"})):
        made, plain = Quick(*args, **kwargs), Slotted(*args, **kwargs)
        assert [getattr(made, n) for n in "abc"] == [getattr(plain, n) for n in "abc"]
        assert made == Quick(*args, **kwargs) and hash(made) == hash(Quick(*args, **kwargs))
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick(1, (), "x", 4)  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick(1).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError, match="not a plain frozen slotted dataclass"):
        slot_init(Plain)

    @dataclass(frozen=True, slots=True)
    class After:
        a: int

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError, match="not a plain frozen slotted dataclass"):
        slot_init(After)
    assert Task("turn", 1) == Task(kind="turn", actor=1, data=()) and Task("t", 0).data == ()
    assert AGAction("pass").args == () and SGAction("intro", ("A1",)).args == ("A1",)


def _turn_positions() -> list[tuple[str, Any]]:
    """Action-phase positions: two heavy recorded ones and some of random games."""
    out = []
    for name, lines in (("deep-mind-2", 351), ("voyager-6", 280)):
        data = recorded_game(name)
        state = replay_prefix({**data, "moves": data["moves"][:lines]})[0].state
        out.append((f"{name} line {lines}", state))
    game = gaia_lab.GAMES["gaia_project"]
    pick = random.Random(5)
    for seed in (1, 2):
        turns = [s for s in random_states(game, 4, seed)
                 if (t := head_task(s)) is not None and t.kind == "turn"]
        out += [(f"seed {seed} turn {i}", turns[i])
                for i in sorted(pick.sample(range(len(turns)), 4))]
    return out


@pytest.mark.parametrize(("where", "state"), _turn_positions(), ids=lambda x: str(x)[:24])
def test_a_turn_judged_as_a_tree_agrees_with_playing_each_line(where: str, state: Any) -> None:
    lines = gp_engine.candidates(state)
    played = [not isinstance(gp_engine._outcome(state, line), Verdict) for line in lines]
    assert gp_rules.turn_lines_legal(state, lines) == played, where
    assert any(played)
    # the legal list is the candidates found legal, then the same upgrades elsewhere
    legal = gaia_lab.GAMES["gaia_project"].legal_actions(state)
    assert legal[:sum(played)] == [line for line, ok in zip(lines, played) if ok]
    for line in legal:
        assert not isinstance(gp_engine._outcome(state, line), Verdict)


def test_some_turn_candidates_are_refused_in_the_walk() -> None:
    """Lines that fail only at their end or in a later part are among the candidates the
    walk judges (in some of the positions: the candidates leave out much that can never
    be legal)."""
    refused = 0
    for _, state in _turn_positions():
        lines = gp_engine.candidates(state)
        refused += gp_rules.turn_lines_legal(state, lines).count(False)
    assert refused > 0


def _benchmarks() -> Any:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"
    spec = importlib.util.spec_from_file_location("benchmarks_run", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("benchmarks_run", module)
    spec.loader.exec_module(module)
    return module


def test_the_benchmarks_heavy_positions() -> None:
    bench = _benchmarks()
    game = gaia_lab.GAMES["gaia_project"]
    counts = []
    for name, lines in bench.HEAVY_GAIA_PROJECT:
        data = recorded_game(name)
        session, accepted, error = replay_prefix({**data, "moves": data["moves"][:lines]})
        assert error is None and accepted == lines
        counts.append(len(game.legal_actions(session.state)))
        # the line the record plays next is among the legal ones or explained legal
        line = game.parse_action(session.state, data["moves"][lines])
        assert game.explain(session.state, line).legal
    assert counts == [1479, 830]
    shapers = gaia_lab.GAMES["shapers_of_gaia"]
    players, seed, decisions = bench.HEAVY_SHAPERS
    state = next(s for s, made in bench._play_random(shapers, seed, {}, players)
                 if made == decisions and isinstance(shapers.actor(s), int))
    assert len(shapers.legal_actions(state)) == 1018


def _fingerprint(name: str, players: int, seed: int) -> str:
    """A digest of a seeded random game: every player decision's whole legal list (in
    order) and the action drawn, every chance and rules action, and the final totals."""
    import hashlib

    game = gaia_lab.GAMES[name]
    digest = hashlib.sha256()
    state = game.new_initial_state(players, seed)
    for played in seeded_steps(game, players, seed):
        if played.legal is not None:
            digest.update("|".join(map(str, played.legal)).encode())
        digest.update(f"<{played.actor}:{played.action}>".encode())
        state = played.step.state
    digest.update(repr(game.score_breakdown(state).totals).encode())
    return digest.hexdigest()[:16]


SEEDED_GAMES = {
    ("animals_gathering", 4, 0): "1f9c081b2822839c",
    ("animals_gathering", 4, 7): "879c3b9223a0c26d",
    ("animals_gathering", 2, 3): "9934db4816c63796",
    ("shapers_of_gaia", 3, 0): "159326f4763db886",
    ("shapers_of_gaia", 2, 7): "380d346d574b5cde",
    ("shapers_of_gaia", 3, 3): "3aaf0d8748872eef",
    ("gaia_project", 4, 0): "0db0e989993e8ade",
    ("gaia_project", 2, 7): "78de01a2d60ebff4",
    ("gaia_project", 3, 3): "5745d57d61ab237e",
}
"""Seeded random games as the engines played them before the speed pass: a faster
engine must list the same legal actions in the same order and so play the same game."""


@pytest.mark.parametrize(("name", "players", "seed"), list(SEEDED_GAMES))
def test_seeded_random_games_play_as_before(name: str, players: int, seed: int) -> None:
    assert _fingerprint(name, players, seed) == SEEDED_GAMES[name, players, seed]
