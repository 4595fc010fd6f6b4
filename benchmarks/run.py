"""Print speed figures for every registered game.

    python benchmarks/run.py            # all games, default sizes
    python benchmarks/run.py --games 200

Figures (seeded, single core): random full games per second and decisions per
second, Scene + SVG time for a mid-game state, and one Explorer step (play +
redraw, Python side); and gaia_lab.simulate's games per second on its default
process pool (all cores).  Nothing here is a test: machines are noisy, so figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import gaia_lab
from gaia_lab.core.game import CHANCE, RULES, Game
from gaia_lab.testing import random_playout


def _players(game: Game[Any, Any]) -> int:
    return min(4, game.meta.max_players)


def bench_playouts(game: Game[Any, Any], games: int, options: dict[str, Any]) -> str:
    players = _players(game)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state(players, seed, options)
        policy = random.Random(seed)
        while (actor := game.actor(state)) is not None:
            if actor == CHANCE:
                action = game.sample_chance(state, game.chance_rng(state))
            elif actor == RULES:
                action = game.legal_actions(state)[0]
            else:
                legal = game.legal_actions(state)
                action = legal[policy.randrange(len(legal))]
                decisions += 1
            state = game.apply(state, action).state
    elapsed = time.perf_counter() - start
    label = f"{players}p" + ("".join(f" {k}" for k in options) if options else "")
    return (f"  random games ({label}): {games / elapsed:8.1f} games/s, "
            f"{decisions / elapsed:9.0f} decisions/s, {decisions / games:6.1f} decisions/game")


def _mid_game(game: Game[Any, Any]) -> gaia_lab.Session:
    session = gaia_lab.Session(game, players=_players(game), seed=11)
    rng = random.Random(11)
    for _ in range(60):
        if session.is_over():
            break
        legal = session.legal_actions()
        session.play(legal[rng.randrange(len(legal))])
    return session


def bench_render(game: Game[Any, Any], repeat: int) -> str:
    from gaia_lab.render import scene

    state = _mid_game(game).state
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        scene(state).to_svg()
        times.append(time.perf_counter() - t)
    return f"  Scene + SVG (mid-game):  {statistics.median(times) * 1000:8.2f} ms median"


def bench_explorer(game: Game[Any, Any], steps: int) -> str:
    from gaia_lab.widgets import Explorer

    session = _mid_game(game)
    explorer = Explorer(session)
    rng = random.Random(3)
    times = []
    for _ in range(steps):
        if session.is_over():
            break
        legal = session.legal_actions()
        action = str(legal[rng.randrange(len(legal))])
        t = time.perf_counter()
        explorer.play(action)
        times.append(time.perf_counter() - t)
    return (f"  Explorer step (play + redraw): {statistics.median(times) * 1000:6.2f} ms median, "
            f"{max(times) * 1000:6.2f} ms max over {len(times)} steps")


def bench_recorded(name: str) -> str | None:
    """Replay time of a real recorded game, for games that ship recorded games."""
    if name != "gaia_project":
        return None
    from gaia_lab.games.gaia_project import from_bgs
    from gaia_lab.games.gaia_project import game as engine
    from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES, recorded_game

    lines = []
    for game_name in RECORDED_GAMES:
        data = recorded_game(game_name)
        cold, warm = [], []
        for _ in range(5):
            engine._outcome.cache_clear()  # a first replay: no line met before
            engine._legal.cache_clear()
            t = time.perf_counter()
            from_bgs(data)
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            from_bgs(data)  # the same lines again: the engine's caches answer
            warm.append(time.perf_counter() - t)
        lines.append(f"  replay of {game_name} ({len(data['moves'])} log lines): "
                     f"{statistics.median(cold) * 1000:8.1f} ms median "
                     f"({statistics.median(warm) * 1000:.1f} ms replayed again)")
    return "\n".join(lines)


def bench_simulate(name: str) -> str:
    """Games per second of gaia_lab.simulate on its default process pool (random policy;
    Gaia Project with 10 games, the others with 100)."""
    import os

    games = 10 if name == "gaia_project" else 100
    t = time.perf_counter()
    gaia_lab.simulate(name, games, seed=0)
    elapsed = time.perf_counter() - t
    return (f"  simulate({games} random games, process pool of {os.cpu_count()}): "
            f"{games / elapsed:8.1f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games per game")
    parser.add_argument("--only", help="one game name")
    args = parser.parse_args()
    for name in [args.only] if args.only else list(gaia_lab.GAMES):
        game = gaia_lab.GAMES[name]  # loads that engine only; names the known games if unknown
        print(f"{game.meta.title} ({name})")
        random_playout(game, _players(game), 0)  # warm caches
        print(bench_playouts(game, args.games, {}))
        for option in ("spells",):
            if option in game.meta.options:
                print(bench_playouts(game, max(10, args.games // 4), {option: True}))
        recorded = bench_recorded(name)
        if recorded:
            print(recorded)
        print(bench_simulate(name))
        print(bench_render(game, 20))
        print(bench_explorer(game, 40))


if __name__ == "__main__":
    main()
