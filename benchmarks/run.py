"""Print speed figures for every registered game, each beside its goal.

    python benchmarks/run.py                      # all games, default sizes
    python benchmarks/run.py --games 5            # a quick run (under a minute)
    python benchmarks/run.py --only gaia_project
    python benchmarks/run.py --bgs                # only the boardgamers.space logs, ours
                                                  # against the public engine
    python benchmarks/run.py --compare --json     # compare with benchmarks/last.json, then
                                                  # write this run there

Figures (seeded, single core): random full games per second and decisions per second (the
fastest of three rounds of the same games),
Scene + SVG time for a mid-game state, one Explorer step (play + redraw, Python side;
wall and CPU time), the
replay of each recorded Gaia Project game, every boardgamers.space log replayed from the
log alone beside the public engine's strict replay (node, when a build is at
``$GAIA_PROJECT_ENGINE`` or /tmp/gp/engine), how ``legal_actions`` grows along a game, the
import time of gaia_lab; and gaia_lab.simulate's games per second on its default process
pool (all cores).  Each figure with a goal (the speed targets, on a 2-core machine) is
printed with "met" or "not met".  Nothing here is a test: machines are noisy, so figures
are printed, never asserted.

``--json PATH`` writes a record of the run (date, Python version, cpu count, load average,
every figure with its unit and goal); ``--compare PATH`` reads an earlier record and prints
each figure's change in percent beside it.  Both default to benchmarks/last.json, which is
not committed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gaia_lab
from gaia_lab.core.codec import read_json
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.game import CHANCE, RULES, Game
from gaia_lab.core.registry import registration
from gaia_lab.testing import random_playout, random_states

DEFAULT_RECORD = Path(__file__).resolve().parent / "last.json"
RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class Goal:
    """A speed target: the figure must be ``op`` ``target`` (``op`` one of >=, >, <=, <)."""

    op: str
    target: float

    def met(self, value: float) -> bool:
        if self.op == ">=":
            return value >= self.target
        if self.op == "<=":
            return value <= self.target
        if self.op == ">":
            return value > self.target
        return value < self.target

    def __str__(self) -> str:
        return f"{self.op} {self.target:g}"


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured figure: a stable ``name`` (the key compared between runs), the printed
    ``label``, its ``value`` and ``unit``, an optional goal and an optional ``note``."""

    name: str
    label: str
    value: float
    unit: str
    goal: Goal | None = None
    note: str = ""

    def record(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "value": self.value,
                "unit": self.unit,
                "goal": None if self.goal is None
                else {"op": self.goal.op, "target": self.goal.target},
                "met": None if self.goal is None else self.goal.met(self.value),
                "note": self.note}


GOALS: dict[str, Goal] = {
    "animals_gathering.random_games": Goal(">=", 200),
    "shapers_of_gaia.random_games": Goal(">=", 200),
    "gaia_project.random_games": Goal(">=", 10),
    "gaia_tiki.random_games": Goal(">=", 30),
    "gaia_tiki.random_games_advanced": Goal(">=", 30),
    "black_rose_wars.random_games": Goal(">=", 10),
    "black_rose_wars.ai_choice": Goal("<", 5),
    "explorer_step": Goal("<", 20),
    "recorded_replay": Goal("<=", 250),
    "bgs_speedup": Goal(">=", 5),
    "bgs_process_speedup": Goal(">", 1),
    "import_time": Goal("<", 0.3),
    "heaviest_listing": Goal("<", 10),
}

HEAVY_GAIA_PROJECT = (("deep-mind-2", 351), ("voyager-6", 302))
"""Recorded positions (game, log lines played) with the most legal actions (1479) and
the slowest listing before the speed pass (830 actions, about 0.4 s)."""
HEAVY_SHAPERS = (2, 135, 90)
"""A random Shapers of Gaia position with many legal actions (1018): players, seed and
the player decisions made before it (the largest of seeds 0-149, 2 and 3 players)."""


def _players(game: Game[Any, Any]) -> int:
    return min(4, game.meta.max_players)


def _play_random(game: Game[Any, Any], seed: int, options: dict[str, Any],
                 players: int | None = None) -> Iterator[tuple[Any, int]]:
    """The states of one seeded random game (:func:`gaia_lab.testing.random_states`),
    each with the player decisions made before it."""
    decisions = 0
    count = _players(game) if players is None else players
    for state in random_states(game, count, seed, options):
        yield state, decisions
        if isinstance(game.actor(state), int):
            decisions += 1


PLAYOUT_ROUNDS = 3
"""Rounds of the same seeded games timed for a games-per-second figure; the fastest round is
the figure (as timeit does: other work on the machine only ever adds time)."""


def bench_playouts(name: str, game: Game[Any, Any], games: int,
                   options: dict[str, Any], rounds: int = PLAYOUT_ROUNDS) -> list[Figure]:
    """Seeded random games (seeds 0 to ``games`` - 1) played ``rounds`` times over: games and
    decisions per second in the fastest round."""
    players = _players(game)
    best = float("inf")
    decisions = 0
    for _ in range(rounds):
        decisions = 0
        start = time.perf_counter()
        for seed in range(games):
            *_, (_, made) = _play_random(game, seed, options)
            decisions += made
        best = min(best, time.perf_counter() - start)
    suffix = "".join(f"_{k}" for k in options)
    label = f"random games ({players}p" + "".join(f" {k}" for k in options) + ")"
    key = f"{name}.random_games{suffix}"
    return [
        Figure(key, label, games / best, "games/s", GOALS.get(key),
               f"{decisions / games:.1f} decisions/game over {games} games, fastest of "
               f"{rounds} rounds"),
        Figure(f"{key}.decisions", f"{label}, decisions", decisions / best, "decisions/s"),
    ]


def _mid_game(game: Game[Any, Any]) -> gaia_lab.Session:
    session = gaia_lab.Session(game, players=_players(game), seed=11)
    rng = random.Random(11)
    for _ in range(60):
        if session.is_over():
            break
        legal = session.legal_actions()
        session.play(legal[rng.randrange(len(legal))])
    if session.is_over():  # a short game: take its middle instead
        session.goto(session.position // 2)
    return session


def bench_render(name: str, game: Game[Any, Any], repeat: int) -> list[Figure]:
    from gaia_lab.render import scene

    state = _mid_game(game).state
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        scene(state).to_svg()
        times.append(time.perf_counter() - t)
    return [Figure(f"{name}.render", "Scene + SVG (mid-game), median",
                   statistics.median(times) * 1000, "ms")]


def bench_explorer(name: str, game: Game[Any, Any], steps: int) -> list[Figure]:
    from gaia_lab.widgets import Explorer

    session = _mid_game(game)
    explorer = Explorer(session)
    rng = random.Random(3)
    times, cpu = [], []
    for _ in range(steps):
        if session.is_over():
            break
        legal = session.legal_actions()
        action = str(legal[rng.randrange(len(legal))])
        t, c = time.perf_counter(), time.process_time()
        explorer.play(action)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return [Figure(f"{name}.explorer_step", "Explorer step (play + redraw), median",
                   statistics.median(times) * 1000, "ms", GOALS["explorer_step"],
                   f"{max(times) * 1000:.2f} ms max over {len(times)} steps"),
            Figure(f"{name}.explorer_step_cpu", "Explorer step, CPU time (less hurt by a "
                   "loaded machine), median", statistics.median(cpu) * 1000, "ms",
                   GOALS["explorer_step"], f"{max(cpu) * 1000:.2f} ms max")]


def _clear_gaia_project_caches() -> None:
    """Forget every listing cache keyed on a position (its state, structures or
    federations), as a position seen for the first time finds them; what depends on the
    map alone stays, as it does through a game."""
    from gaia_lab.games.gaia_project import federation, rules
    from gaia_lab.games.gaia_project import game as engine

    for cached in (engine._outcome, engine._legal, engine._federation_options,
                   rules._nearest_distances, rules._distance_row, rules._check_federation,
                   rules._federation_position, federation._shared_setting):
        cached.cache_clear()


def _clear_shapers_caches() -> None:
    """Forget the listing caches, the shared actions and action tables, the restore
    spaces and their words, the ability levels, the gains with a choice, the placed
    tiles read for the listings and the words after each kind of Introduce destination."""
    from gaia_lab.games.shapers_of_gaia import actions, board, rules

    for cached in (rules._LISTINGS, actions.shared, actions.action_table,
                   board._restorable, rules._restore_tails, rules._levels, rules._chooses,
                   rules._layout, rules._spot, rules._land, rules._water,
                   rules._pay_words, rules._land_words):
        cached.cache_clear()


def bench_recorded() -> list[Figure]:
    """Replay time of each recorded Gaia Project game: first replay (caches cleared) and the
    same lines again (the engine's caches answer)."""
    from gaia_lab.games.gaia_project import from_bgs
    from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES, recorded_game

    figures = []
    for game_name in RECORDED_GAMES:
        data = recorded_game(game_name)
        cold, warm = [], []
        for _ in range(5):
            _clear_gaia_project_caches()
            t = time.perf_counter()
            from_bgs(data)
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            from_bgs(data)
            warm.append(time.perf_counter() - t)
        lines = len(data["moves"])
        figures.append(Figure(f"gaia_project.replay.{game_name}",
                              f"replay of {game_name} ({lines} log lines), median",
                              statistics.median(cold) * 1000, "ms", GOALS["recorded_replay"]))
        figures.append(Figure(f"gaia_project.replay_again.{game_name}",
                              f"replay of {game_name} again (caches warm), median",
                              statistics.median(warm) * 1000, "ms"))
    return figures


ENGINE_ENV = "GAIA_PROJECT_ENGINE"
"""The environment variable naming a built copy of the public engine of boardgamers.space
(the folder holding ``dist/src/engine.js``); default ``/tmp/gp/engine``."""

_NODE_REPLAY = r"""
// Strict replay with the public engine: every line checked (Engine.move, replay off).
const Engine = require(process.argv[2] + "/dist/src/engine").default;
const fs = require("fs");
const repeat = +process.argv[3];
const out = {};
for (const file of process.argv.slice(4)) {
  const d = JSON.parse(fs.readFileSync(file, "utf8"));
  const run = () => {
    const e = new Engine([], JSON.parse(JSON.stringify(d.options || {})));
    for (const m of d.moves) e.move(m);
  };
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const t = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  out[file] = times;
}
console.log(JSON.stringify(out));
"""


def _bgs_logs() -> list[tuple[str, dict[str, Any]]]:
    """Every log of the conformance folders and of the packaged recorded games, as the
    public engine would be given it: the moves and the options without the stored map
    (so both programs draw the setup from the seed)."""
    from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES, recorded_game

    found: dict[str, dict[str, Any]] = {}
    here = Path(__file__).resolve().parent.parent
    folders = [here.parent / "shared" / "conformance" / "gaia_project",
               Path("/work/shared/conformance/gaia_project")]
    folder = next((f for f in folders if f.exists()), None)
    paths = sorted(folder.glob("*.json")) + sorted(folder.glob("more/*.json")) if folder else []
    datas = [read_json(p.read_text(encoding="utf-8"), str(p)) for p in paths]
    datas += [recorded_game(n) for n in RECORDED_GAMES]
    for data in datas:
        if "moves" not in data:
            continue
        options = {k: v for k, v in data.get("options", {}).items() if k != "map"}
        if (data.get("options", {}).get("map") or {}).get("mirror"):
            options["map"] = {"mirror": True}
        found.setdefault(str(data.get("game", data["moves"][0])),
                         {"moves": data["moves"], "options": options})
    return sorted(found.items())


def _node_times(engine: Path, files: list[Path], repeat: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "replay.js"
        script.write_text(_NODE_REPLAY, encoding="utf-8")
        out = subprocess.run(["node", str(script), str(engine), str(repeat),
                              *map(str, files)], capture_output=True, text=True, check=True)
    times: dict[str, list[float]] = json.loads(out.stdout.strip().splitlines()[-1])
    return times


def bench_against_engine(repeat: int = 3) -> Iterator[Figure | str]:
    """Both replays of every log, from the log alone: ours in this (warm) process with the
    engine's caches cleared before each run, and as a whole process (interpreter start
    and import included); the public engine's strict replay with node, warm (the best of
    ``repeat`` after one run) and as a whole process.  Skipped, with a message, when node
    or a build of that engine (``$GAIA_PROJECT_ENGINE``, else /tmp/gp/engine) is missing."""
    from gaia_lab.games.gaia_project import from_bgs

    logs = _bgs_logs()
    engine = Path(os.environ.get(ENGINE_ENV, "/tmp/gp/engine"))
    node = shutil.which("node")
    have_engine = node is not None and (engine / "dist" / "src" / "engine.js").exists()
    if not have_engine:
        yield (f"  (public engine not compared: {'node is missing' if node is None else ''}"
               f"{'' if node is None else f'no build at {engine} (set ${ENGINE_ENV})'})")
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name, log in logs:
            path = Path(tmp) / f"{name}.json"
            path.write_text(json.dumps(log), encoding="utf-8")
            files.append(path)
        for (name, log), path in zip(logs, files, strict=True):
            from_bgs(log)
            warm = []
            for _ in range(repeat):
                _clear_gaia_project_caches()
                t = time.perf_counter()
                from_bgs(log)
                warm.append(time.perf_counter() - t)
            code = ("import json, sys; from gaia_lab.games.gaia_project import from_bgs; "
                    "from_bgs(json.load(open(sys.argv[1])))")
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", code, str(path)], check=True,
                           env=os.environ.copy())
            whole = time.perf_counter() - t
            ours_ms = min(warm) * 1000
            lines = len(log["moves"])
            yield Figure(f"gaia_project.bgs.{name}.ours", f"{name} ({lines} lines): ours, "
                         "warm process", ours_ms, "ms")
            yield Figure(f"gaia_project.bgs.{name}.ours_process", f"{name}: ours, whole "
                         "process", whole, "s")
            if not have_engine:
                continue
            node_ms = min(_node_times(engine, [path], repeat + 1)[str(path)][1:])
            t = time.perf_counter()
            _node_times(engine, [path], 1)
            node_whole = time.perf_counter() - t
            yield Figure(f"gaia_project.bgs.{name}.engine", f"{name}: public engine, strict "
                         "replay, warm", node_ms, "ms")
            yield Figure(f"gaia_project.bgs.{name}.speedup", f"{name}: warm speed-up",
                         node_ms / ours_ms, "x", GOALS["bgs_speedup"])
            yield Figure(f"gaia_project.bgs.{name}.process_speedup",
                         f"{name}: whole-process speed-up", node_whole / whole, "x",
                         GOALS["bgs_process_speedup"], f"public engine {node_whole:.2f} s")


def _time_legal(game: Game[Any, Any], state: Any, clear: Callable[[], None],
                repeat: int = 3) -> tuple[int, float]:
    """The number of legal actions at ``state`` and the best time (ms) of listing them,
    the engine's caches cleared before each timing."""
    best = float("inf")
    count = 0
    for _ in range(repeat):
        clear()
        t = time.perf_counter()
        count = len(game.legal_actions(state))
        best = min(best, time.perf_counter() - t)
    return count, best * 1000


def bench_growth_gaia_project(every: int = 50, game_name: str = "voyager-6") -> list[Figure]:
    """``legal_actions`` timed at positions every ``every`` log lines of a recorded game."""
    from gaia_lab.games.gaia_project.game import replay_prefix
    from gaia_lab.games.gaia_project.recorded import recorded_game

    game = gaia_lab.GAMES["gaia_project"]
    data = recorded_game(game_name)
    moves = data["moves"]
    figures = []
    for lines in range(every, len(moves), every):
        session, accepted, _ = replay_prefix({**data, "moves": moves[:lines]})
        if game.actor(session.state) is None:
            break
        count, ms = _time_legal(game, session.state, _clear_gaia_project_caches)
        figures.append(Figure(f"gaia_project.legal_actions.line_{lines}",
                              f"legal_actions at {game_name} line {accepted:3d}: "
                              f"{count:4d} actions", ms, "ms", note=f"{count} actions"))
    return figures


def _time_apply(game: Game[Any, Any], state: Any, action: Any, clear: Callable[[], None],
                repeat: int = 3) -> float:
    """The best time (ms) of applying ``action`` at ``state``, caches cleared."""
    best = float("inf")
    for _ in range(repeat):
        clear()
        t = time.perf_counter()
        game.apply(state, action)
        best = min(best, time.perf_counter() - t)
    return best * 1000


def bench_heavy_gaia_project() -> list[Figure]:
    """The heaviest recorded positions: listing their legal actions and applying the
    line the record plays there (caches cleared: a position never seen), and the
    Explorer step that reaches them (play the line before, list the new position,
    redraw), from an Explorer that has shown the position before (caches cleared before
    it did)."""
    from gaia_lab.games.gaia_project.game import replay_prefix
    from gaia_lab.games.gaia_project.recorded import recorded_game
    from gaia_lab.widgets import Explorer

    game = gaia_lab.GAMES["gaia_project"]
    figures = []
    for game_name, lines in HEAVY_GAIA_PROJECT:
        data = recorded_game(game_name)
        moves = data["moves"]
        session, _, _ = replay_prefix({**data, "moves": moves[:lines]})
        state = session.state
        count, ms = _time_legal(game, state, _clear_gaia_project_caches)
        key = f"gaia_project.heaviest.{game_name}"
        figures.append(Figure(f"{key}.legal_actions",
                              f"legal_actions at {game_name} line {lines}: {count:4d} actions",
                              ms, "ms", GOALS["heaviest_listing"], note=f"{count} actions"))
        line = game.parse_action(state, moves[lines])
        figures.append(Figure(f"{key}.apply", f"apply {game_name} line {lines} "
                              "(caches cleared)",
                              _time_apply(game, state, line, _clear_gaia_project_caches),
                              "ms"))
        before, _, _ = replay_prefix({**data, "moves": moves[:lines - 1]})
        times, cpu = [], []
        for _ in range(3):
            _clear_gaia_project_caches()
            explorer = Explorer(before.copy())  # lists the position before, as shown
            t, c = time.perf_counter(), time.process_time()
            explorer.play(moves[lines - 1])
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        figures.append(Figure(f"{key}.explorer_step",
                              f"Explorer step into {game_name} line {lines}, best of 3",
                              min(times) * 1000, "ms", GOALS["explorer_step"]))
        figures.append(Figure(f"{key}.explorer_step_cpu",
                              f"Explorer step into {game_name} line {lines}, CPU time, best "
                              "of 3", min(cpu) * 1000, "ms", GOALS["explorer_step"]))
    return figures


def bench_heavy_shapers() -> list[Figure]:
    """A Shapers of Gaia position with many legal actions (:data:`HEAVY_SHAPERS`):
    listing them and applying the first (caches cleared)."""
    game = gaia_lab.GAMES["shapers_of_gaia"]
    players, seed, decisions = HEAVY_SHAPERS
    state = next(s for s, made in _play_random(game, seed, {}, players)
                 if made == decisions and isinstance(game.actor(s), int))
    count, ms = _time_legal(game, state, _clear_shapers_caches)
    action = game.legal_actions(state)[0]
    return [
        Figure("shapers_of_gaia.heaviest.legal_actions",
               f"legal_actions at seed {seed} ({players}p) decision {decisions}: "
               f"{count:4d} actions", ms, "ms", GOALS["heaviest_listing"],
               note=f"{count} actions"),
        Figure("shapers_of_gaia.heaviest.apply", "apply its first action (caches cleared)",
               _time_apply(game, state, action, _clear_shapers_caches), "ms"),
    ]


GROWTH_MARKS = (5, 10, 20, 40, 80, 160, 320)
"""Player decisions at which a growth window starts (a window ends at the next mark)."""


def _no_caches() -> None:
    """Engines without a listing cache: nothing to clear."""


def bench_growth_random(name: str, seed: int = 0,
                        clear: Callable[[], None] = _no_caches) -> list[Figure]:
    """How ``legal_actions`` grows along a seeded random game: in each window of player
    decisions between :data:`GROWTH_MARKS`, the position with the most legal actions,
    timed (caches cleared), with its cost per action; near-linear generation keeps that
    cost per action flat as the position fills up."""
    game = gaia_lab.GAMES[name]
    marks = list(GROWTH_MARKS)
    windows: list[tuple[int, Any, int]] = []  # (mark, heaviest state, its action count)
    for state, decisions in _play_random(game, seed, {}):
        if game.actor(state) in (None, CHANCE, RULES) or decisions < marks[0]:
            continue
        while len(marks) > 1 and decisions >= marks[1]:
            marks.pop(0)
        count = len(game.legal_actions(state))
        if not windows or windows[-1][0] != marks[0]:
            windows.append((marks[0], state, count))
        elif count > windows[-1][2]:
            windows[-1] = (marks[0], state, count)
    figures = []
    for mark, state, _ in windows:
        count, ms = _time_legal(game, state, clear)
        figures.append(Figure(f"{name}.legal_actions.turn_{mark}",
                              f"legal_actions, heaviest from decision {mark:3d}: "
                              f"{count:4d} actions", ms, "ms",
                              note=f"{ms * 1000 / max(count, 1):.1f} us per action"))
    return figures


def bench_ai_choices(seeds: int = 3) -> list[Figure]:
    """Black Rose Wars: the time of one step where Gaea or Filius picks a target by its
    Priority (the decision trace included), over the targeting steps of seeded random
    games with 4 Mages."""
    game = gaia_lab.GAMES["black_rose_wars"]
    times = []
    for seed in range(seeds):
        for state, _ in _play_random(game, seed, {}):
            task = getattr(state, "task", None)
            if task is None or task.kind not in ("gaea_target", "filius"):
                continue
            action = game.legal_actions(state)[0]
            t = time.perf_counter()
            game.apply(state, action)
            times.append(time.perf_counter() - t)
    return [Figure("black_rose_wars.ai_choice", "Gaea's or Filius's targeting step "
                   "(priorities and trace), median", statistics.median(times) * 1000, "ms",
                   GOALS["black_rose_wars.ai_choice"],
                   f"{max(times) * 1000:.2f} ms max over {len(times)} steps")]


def bench_simulate(name: str) -> list[Figure]:
    """Games per second of gaia_lab.simulate on its default process pool (random policy;
    Gaia Project with 10 games, the others with 100)."""
    games = 10 if name == "gaia_project" else 100
    t = time.perf_counter()
    gaia_lab.simulate(name, games, seed=0)
    elapsed = time.perf_counter() - t
    return [Figure(f"{name}.simulate",
                   f"simulate({games} random games, process pool of {os.cpu_count()})",
                   games / elapsed, "games/s")]


def bench_import(repeat: int = 3) -> list[Figure]:
    """``import gaia_lab`` in a fresh interpreter, best of ``repeat``."""
    code = ("import time; t = time.perf_counter(); import gaia_lab; "
            "print(time.perf_counter() - t)")
    times = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, env=os.environ.copy())
        times.append(float(out.stdout.strip()))
    return [Figure("import_time", f"import gaia_lab, best of {repeat}", min(times), "s",
                   GOALS["import_time"])]


def read_record(path: Path) -> dict[str, float] | None:
    """The figures of an earlier record by name, or None (with a message naming the file
    and the problem on stderr) when it cannot be read."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"cannot compare: {source}: {exc.strerror or exc}", file=sys.stderr)
        return None
    try:
        data = read_json(text, source)
        if not isinstance(data, dict) or not isinstance(data.get("figures"), list):
            raise GaiaLabError(f"{source}: not a benchmark record (no list 'figures')")
        figures: dict[str, float] = {}
        for i, item in enumerate(data["figures"]):
            if (not isinstance(item, dict) or not isinstance(item.get("name"), str)
                    or isinstance(item.get("value"), bool)
                    or not isinstance(item.get("value"), (int, float))):
                raise GaiaLabError(
                    f"{source}: figures[{i}] is not an object with a name and a number value")
            figures[item["name"]] = float(item["value"])
    except GaiaLabError as exc:
        print(f"cannot compare: {exc}", file=sys.stderr)
        return None
    return figures


def change(value: float, earlier: float | None) -> str:
    """The change from ``earlier`` to ``value`` in percent, as printed."""
    if earlier is None:
        return "(new)"
    if earlier == 0:
        return "(was 0)"
    return f"{(value - earlier) / earlier * 100:+.1f}%"


def _number(value: float) -> str:
    """A figure as printed: three decimals below 1, two below 100, none above."""
    return f"{value:.3f}" if value < 1 else f"{value:.2f}" if value < 100 else f"{value:.0f}"


def show(figure: Figure, earlier: dict[str, float] | None) -> str:
    """One printed line: the figure, its goal and met / not met, the change if compared."""
    text = f"  {figure.label}: {_number(figure.value)} {figure.unit}"
    if figure.goal is not None:
        verdict = "met" if figure.goal.met(figure.value) else "not met"
        text += f"  [goal {figure.goal} {figure.unit}: {verdict}]"
    if earlier is not None:
        text += f"  {change(figure.value, earlier.get(figure.name))}"
    if figure.note and not re.fullmatch(r"\d+ actions", figure.note):  # counts: in labels
        text += f"  ({figure.note})"
    return text


def record(figures: list[Figure]) -> dict[str, Any]:
    """The JSON record of a run."""
    try:
        load: list[float] | None = list(os.getloadavg())
    except (AttributeError, OSError):
        load = None
    return {"version": RECORD_VERSION,
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "python": platform.python_version(),
            "cpu_count": os.cpu_count(),
            "load_average": load,
            "figures": [f.record() for f in figures]}


def run_game(name: str, games: int) -> Iterator[Figure | str]:
    """The figures of one game, after a heading line."""
    game = gaia_lab.GAMES[name]  # loads that engine only; names the known games if unknown
    yield f"{game.meta.title} ({name})"
    random_playout(game, _players(game), 0)  # warm caches
    yield from bench_playouts(name, game, games, {})
    for option in ("spells", "advanced"):
        if option in game.meta.options:
            yield from bench_playouts(name, game, max(2, games // 4), {option: True})
    if name == "gaia_project":
        yield from bench_recorded()
        yield "  logs of boardgamers.space from the log alone, against the public engine:"
        yield from bench_against_engine()
        yield "  legal_actions growth along a recorded game (caches cleared):"
        yield from bench_growth_gaia_project()
        yield "  the heaviest recorded positions:"
        yield from bench_heavy_gaia_project()
    if name == "shapers_of_gaia":
        yield "  legal_actions growth along a random game (caches cleared):"
        yield from bench_growth_random(name, clear=_clear_shapers_caches)
        yield "  a heavy position:"
        yield from bench_heavy_shapers()
    if name in ("gaia_tiki", "animals_gathering", "black_rose_wars"):
        yield "  legal_actions growth along a random game:"
        yield from bench_growth_random(name)
    if name == "black_rose_wars":
        yield from bench_ai_choices()
    yield from bench_simulate(name)
    if registration(name).layout is None:
        yield "  (no board layout registered yet: no render or Explorer figures)"
        return
    yield from bench_render(name, game, 20)
    yield from bench_explorer(name, game, 40)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games per game")
    parser.add_argument("--only", help="one game name")
    parser.add_argument("--json", nargs="?", const=DEFAULT_RECORD, type=Path, metavar="PATH",
                        help=f"write a record of this run (default {DEFAULT_RECORD.name})")
    parser.add_argument("--compare", nargs="?", const=DEFAULT_RECORD, type=Path,
                        metavar="PATH", help="print each figure's change from an earlier "
                        f"record (default {DEFAULT_RECORD.name})")
    parser.add_argument("--bgs", action="store_true", help="only the boardgamers.space "
                        "logs, ours against the public engine")
    args = parser.parse_args(argv)
    earlier = read_record(args.compare) if args.compare is not None else None
    if earlier is not None:
        print(f"compared with {args.compare}")
    figures: list[Figure] = []
    if args.bgs:
        for item in bench_against_engine():
            if isinstance(item, str):
                print(item, flush=True)
            else:
                figures.append(item)
                print(show(item, earlier), flush=True)
        return
    for name in [args.only] if args.only else list(gaia_lab.GAMES):
        for item in run_game(name, args.games):
            if isinstance(item, str):
                print(item, flush=True)
            else:
                figures.append(item)
                print(show(item, earlier), flush=True)
    print("gaia_lab")
    for figure in bench_import():
        figures.append(figure)
        print(show(figure, earlier))
    if args.json is not None:
        args.json.write_text(json.dumps(record(figures), indent=1) + "\n", encoding="utf-8")
        print(f"record written to {args.json}")


if __name__ == "__main__":
    main()
