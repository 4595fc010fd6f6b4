"""Simulation at scale: many seeded games, played by a policy, as a tidy table.

:func:`simulate` plays ``n_games`` games of one game through the public
:class:`~gaia_lab.core.session.Session` protocol (chance and rules steps resolved by the
session), each from a seed derived from ``seed``, on any
:class:`concurrent.futures.Executor`, and returns a :class:`SimulationTable` with one
:class:`GameResult` per game, ordered by game index: the same table from the same seed
whatever the executor and its number of workers.

>>> table = simulate("animals_gathering", 3, players=2, seed=4, executor="serial")
>>> len(table), table.complete, [row.index for row in table.rows]
(3, True, [0, 1, 2])
>>> table == simulate("animals_gathering", 3, players=2, seed=4, executor="serial")
True
>>> rate = table.win_rate(0)
>>> 0 <= rate.low <= rate.rate <= rate.high <= 1
True
>>> simulate("animals_gathering", 3, policy="psychic")
Traceback (most recent call last):
...
gaia_lab.core.errors.GaiaLabError: policy: expected one of 'random', 'greedy', \
'lookahead' or a callable (game, state, legal_actions, rng) -> action, not 'psychic' (str)

A policy is any callable ``(game, state, legal_actions, rng) -> action``; to run on a
process pool it must be picklable (a module-level function).  ``rng`` is the game's own
``random.Random(game_seed)``, never the global generator.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gaia_lab.core.checks import MAX_SEED, given, short, whole_number
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.game import Game

if TYPE_CHECKING:  # the executors are imported where they are used
    from concurrent.futures import Executor, Future

__all__ = [
    "MAX_GAMES", "POLICIES", "Estimate", "GameResult", "Policy", "SimulationTable", "WinRate",
    "game_seed", "greedy_policy", "lookahead_policy", "random_policy", "simulate",
]

Policy = Callable[[Game[Any, Any], Any, list[Any], random.Random], Any]
"""``(game, state, legal_actions, rng) -> action``: one of ``legal_actions``."""

MAX_GAMES = 10_000_000
"""The most games one call plays."""
SEED_STRIDE = 1_000_003
"""Game ``i`` of a simulation seeded ``seed`` has the seed :func:`game_seed` ``(seed, i)``."""
Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""
LOOKAHEAD_CANDIDATES = 48
""":func:`lookahead_policy` scores at most this many of its own actions (evenly spread
over the list when there are more)."""
LOOKAHEAD_WIDTH = 6
"""... keeps the best this many of them by their immediate score ..."""
LOOKAHEAD_REPLIES = 24
"""... and tries at most this many replies of the next player against each."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed`` (``0 <= s < 2**63``).

    >>> game_seed(0, 5), game_seed(2, 0)
    (5, 2000006)
    """
    return (seed * SEED_STRIDE + index) % MAX_SEED


# -- policies --------------------------------------------------------------------------


def random_policy(game: Game[Any, Any], state: Any, legal: list[Any],
                  rng: random.Random) -> Any:
    """One of ``legal`` uniformly: one draw from ``rng`` per decision (the harness's)."""
    return legal[rng.randrange(len(legal))]


def _total(game: Game[Any, Any], state: Any, seat: int) -> int:
    return game.score_breakdown(state).totals[seat]


def _margin(game: Game[Any, Any], state: Any, seat: int) -> int:
    """``seat``'s total minus the best other total."""
    totals = game.score_breakdown(state).totals
    others = [t for i, t in enumerate(totals) if i != seat]
    return totals[seat] - max(others, default=0)


def _spread(items: list[Any], limit: int) -> list[Any]:
    """At most ``limit`` of ``items``, evenly spread over the list, in list order."""
    if len(items) <= limit:
        return items
    return [items[i * len(items) // limit] for i in range(limit)]


def _best(game: Game[Any, Any], state: Any, legal: Sequence[Any], seat: int) -> tuple[Any, Any]:
    """The action of ``legal`` whose result has ``seat``'s highest total (ties: first),
    and that result."""
    best: tuple[int, Any, Any] | None = None
    for action in legal:
        after = game.apply(state, action).state
        total = _total(game, after, seat)
        if best is None or total > best[0]:
            best = (total, action, after)
    assert best is not None
    return best[1], best[2]


def greedy_policy(game: Game[Any, Any], state: Any, legal: list[Any],
                  rng: random.Random) -> Any:
    """The action after which the acting seat's score total is highest (ties: the first
    in the list), each tried on the state with ``game.apply``.  Draws nothing from ``rng``.
    """
    seat = game.actor(state)
    assert isinstance(seat, int)
    return _best(game, state, legal, seat)[0]


def lookahead_policy(game: Game[Any, Any], state: Any, legal: list[Any],
                     rng: random.Random) -> Any:
    """One ply deeper than greedy: the action that leaves the acting seat the best score
    margin (its total minus the best other total) after the next player's greedy reply.

    Bounded so that a Gaia Project game stays feasible: at most
    :data:`LOOKAHEAD_CANDIDATES` own actions are scored (evenly spread over the list), the
    best :data:`LOOKAHEAD_WIDTH` of them by immediate total are looked into, and against
    each at most :data:`LOOKAHEAD_REPLIES` replies (evenly spread) are tried.  When the
    next step is not another seat's decision (the same seat again, chance, rules, or the
    end) the margin is read on the state as it is.  Ties go to the first in the list;
    draws nothing from ``rng``.
    """
    seat = game.actor(state)
    assert isinstance(seat, int)
    scored = []
    for position, action in enumerate(_spread(legal, LOOKAHEAD_CANDIDATES)):
        after = game.apply(state, action).state
        scored.append((-_total(game, after, seat), position, action, after))
    scored.sort(key=lambda item: (item[0], item[1]))
    best: tuple[int, int, Any] | None = None
    for _, position, action, after in scored[:LOOKAHEAD_WIDTH]:
        replier = game.actor(after)
        if isinstance(replier, int) and replier != seat:
            replies = _spread(game.legal_actions(after), LOOKAHEAD_REPLIES)
            after = _best(game, after, replies, replier)[1]
        key = (-_margin(game, after, seat), position)
        if best is None or key < best[:2]:
            best = (key[0], key[1], action)
    assert best is not None
    return best[2]


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "lookahead": lookahead_policy,
}
"""The policies known by name."""


# -- the table -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game: its index and seed, the players, the winners, each seat's
    total and its points by score category, the decisions played and why it ended (the
    game's ``ended_by`` if its state has one, else ``""``)."""

    index: int
    seed: int
    players: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    categories: tuple[tuple[str, tuple[int, ...]], ...]
    decisions: int
    end_reason: str = ""

    def points(self, category: str, seat: int) -> int:
        """``seat``'s points in ``category`` (0 if the category did not score)."""
        return dict(self.categories).get(category, (0,) * len(self.players))[seat]


@dataclass(frozen=True, slots=True)
class WinRate:
    """How often a seat won: ``wins`` of ``games``, with a Wilson 95% interval.

    A shared win counts as a win for each winner.
    """

    seat: int
    wins: int
    games: int
    rate: float
    low: float
    high: float

    def __str__(self) -> str:
        return (f"seat {self.seat}: {self.wins}/{self.games} = {self.rate:.1%} "
                f"(95% CI {self.low:.1%}-{self.high:.1%})")


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``games`` trials.

    >>> [round(x, 4) for x in wilson_interval(7, 10)]
    [0.3968, 0.8922]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure measured on simulated games, with its 95% confidence interval: a mean
    (:meth:`of_mean`) or a share of games (:meth:`of_wins`), labelled for a chart
    (:func:`gaia_lab.render.charts.interval_chart`).

    >>> Estimate.of_mean("length", [10, 12, 14, 12])
    Estimate(label='length', value=12.0, low=10.39..., high=13.60..., games=4)
    >>> Estimate.of_wins("seat 1", 7, 10).value
    0.7
    >>> Estimate.of_mean("length", [10])
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: Estimate.of_mean: an interval needs at least 2 \
games, not 1
    """

    label: str
    value: float
    low: float
    high: float
    games: int

    @classmethod
    def of_mean(cls, label: str, values: Sequence[float], z: float = Z95) -> Estimate:
        """The mean of ``values`` (one per game) with the normal interval
        ``mean +- z * s / sqrt(n)`` (``s`` the sample standard deviation): close to
        exact from about 30 games on."""
        n = len(values)
        if n < 2:
            raise GaiaLabError(f"Estimate.of_mean: an interval needs at least 2 games, "
                               f"not {n}")
        mean = sum(values) / n
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
        half = z * spread / math.sqrt(n)
        return cls(label, mean, mean - half, mean + half, n)

    @classmethod
    def of_wins(cls, label: str, wins: int, games: int) -> Estimate:
        """The share of ``games`` won, with the Wilson interval (:func:`wilson_interval`)."""
        low, high = wilson_interval(wins, games)
        return cls(label, wins / games if games else 0.0, low, high, games)

    def __str__(self) -> str:
        return (f"{self.label}: {self.value:.4g} (95% CI {self.low:.4g} to {self.high:.4g}, "
                f"{self.games} games)")


@dataclass(frozen=True, slots=True)
class SimulationTable:
    """The games of a simulation, ordered by game index.

    ``requested`` is how many games were asked for; ``complete`` is False when the run
    was interrupted (then ``rows`` are the games that finished).
    """

    game: str
    policy: str
    rows: tuple[GameResult, ...]
    requested: int
    complete: bool = True
    columns: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        seats = max((len(r.players) for r in self.rows), default=0)
        seen: dict[str, None] = {}
        for row in self.rows:
            for category, _ in row.categories:
                seen.setdefault(category, None)
        columns = ["game", "seed", "players", "winners"]
        columns += [f"score_{s}" for s in range(seats)]
        columns += [f"score_{s}/{c}" for c in seen for s in range(seats)]
        columns += ["decisions", "end_reason"]
        object.__setattr__(self, "columns", tuple(columns))

    def __len__(self) -> int:
        return len(self.rows)

    def to_records(self) -> list[dict[str, Any]]:
        """One flat dict per game, every game with the same keys (:attr:`columns`):
        ``score_0`` is seat 0's total, ``score_0/<category>`` its points in a category
        (0 where the category did not score); ``winners`` is a tuple of seats."""
        records = []
        for row in self.rows:
            record: dict[str, Any] = dict.fromkeys(self.columns, 0)
            record.update(game=row.index, seed=row.seed, players=len(row.players),
                          winners=row.winners, decisions=row.decisions,
                          end_reason=row.end_reason)
            for seat, total in enumerate(row.scores):
                record[f"score_{seat}"] = total
            for category, points in row.categories:
                for seat, value in enumerate(points):
                    record[f"score_{seat}/{category}"] = value
            records.append(record)
        return records

    def win_rate(self, seat: int) -> WinRate:
        """How often ``seat`` won, with a Wilson 95% confidence interval."""
        seats = max((len(r.players) for r in self.rows), default=1)
        whole_number(seat, "seat", 0, seats - 1)
        games = sum(1 for r in self.rows if seat < len(r.players))
        wins = sum(1 for r in self.rows if seat in r.winners)
        low, high = wilson_interval(wins, games)
        return WinRate(seat, wins, games, wins / games if games else 0.0, low, high)

    def mean(self, column: str) -> float:
        """The mean of a numeric column (``decisions``, ``score_1``,
        ``score_0/<category>``...) over the games; NaN for an empty table."""
        numeric = [c for c in self.columns if c not in ("winners", "end_reason")]
        if column not in numeric:
            raise GaiaLabError(f"mean: expected a numeric column ({', '.join(numeric)}), "
                               f"not {given(column)}")
        values = [r[column] for r in self.to_records()]
        return sum(values) / len(values) if values else math.nan

    def estimate(self, column: str, label: str = "") -> Estimate:
        """The mean of a numeric column with its 95% interval (:meth:`Estimate.of_mean`),
        labelled ``label`` (the column's name by default)."""
        self.mean(column)  # refuses a column that is not numeric
        return Estimate.of_mean(label or column, [r[column] for r in self.to_records()])

    def _repr_html_(self) -> str:
        from html import escape

        cell = 'style="text-align:right;padding:1px 8px"'
        head = "".join(f"<th {cell}>{escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td {cell}>{escape(_cell(r[c]))}</td>" for c in self.columns)
            + "</tr>" for r in self.to_records()
        )
        status = "" if self.complete else f" (interrupted: {len(self)} of {self.requested})"
        caption = escape(f"{self.game}, {self.policy} policy: {len(self)} games{status}")
        return (f'<table style="border-collapse:collapse"><caption>{caption}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        status = "" if self.complete else f", interrupted at {len(self)} of {self.requested}"
        return f"<SimulationTable {self.game}: {len(self)} games, {self.policy}{status}>"


def _cell(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return str(value)


# -- playing ---------------------------------------------------------------------------


def play_game(game: Game[Any, Any] | str, players: int, seed: int,
              options: Mapping[str, Any] | None, policy: Policy, index: int = 0) -> GameResult:
    """One game from ``seed`` with ``policy`` for every seat, as a :class:`GameResult`."""
    from gaia_lab.core.session import Session

    session = Session(game, players, seed, options)
    rng = random.Random(seed)
    bound = session.game.meta.max_steps
    decisions = 0
    while not session.is_over():
        if decisions >= bound:
            raise GaiaLabError(f"game {index} (seed {seed}) did not end within {bound} "
                               f"decisions: the policy may repeat moves that never end it")
        legal = session.legal_actions()
        session.play(policy(session.game, session.state, legal, rng))
        decisions += 1
    breakdown = session.score_breakdown()
    reason = getattr(session.state, "ended_by", "")
    return GameResult(
        index=index, seed=seed, players=tuple(session.names),
        winners=tuple(session.winners()), scores=tuple(breakdown.totals),
        categories=tuple((c, tuple(p)) for c, p in breakdown.by_category().items()),
        decisions=session.decisions, end_reason=reason if isinstance(reason, str) else "",
    )


def _play_chunk(game: Game[Any, Any] | str, players: int, options: Mapping[str, Any] | None,
                policy: Policy, jobs: Sequence[tuple[int, int]]) -> list[GameResult]:
    """The games ``jobs`` (index, seed) in order (run in a worker)."""
    return [play_game(game, players, seed, options, policy, index) for index, seed in jobs]


class _Progress:
    """A counter of finished games: an ipywidgets IntProgress under a kernel, else one
    line on stderr; or nothing."""

    def __init__(self, total: int, show: bool, notebook: bool) -> None:
        self.total, self.done, self.bar = total, 0, None
        self.show = show
        if show and notebook:
            import ipywidgets
            from IPython.display import display

            self.bar = ipywidgets.IntProgress(value=0, min=0, max=max(total, 1),
                                              description="games")
            display(self.bar)  # type: ignore[no-untyped-call]

    def advance(self, count: int) -> None:
        self.done += count
        if not self.show:
            return
        if self.bar is not None:
            self.bar.value = self.done
        else:
            sys.stderr.write(f"\rsimulate: {self.done}/{self.total} games")
            sys.stderr.flush()

    def close(self) -> None:
        if self.show and self.bar is None:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _in_notebook() -> bool:
    """True under a Jupyter kernel with ipywidgets importable (IPython is not imported
    here unless it already is)."""
    if "IPython" not in sys.modules:
        return False
    import importlib.util

    from IPython import get_ipython

    shell = get_ipython()
    return (shell is not None and getattr(shell, "kernel", None) is not None
            and importlib.util.find_spec("ipywidgets") is not None)


def _read_policy(policy: object) -> tuple[str, Policy]:
    if isinstance(policy, str) and policy in POLICIES:
        return policy, POLICIES[policy]
    if callable(policy) and not isinstance(policy, str | type):
        return getattr(policy, "__name__", type(policy).__name__), policy
    names = ", ".join(map(repr, POLICIES))
    raise GaiaLabError(f"policy: expected one of {names} or a callable (game, state, "
                       f"legal_actions, rng) -> action, not {given(policy)}")


def simulate(
    game: Game[Any, Any] | str,
    n_games: int,
    policy: str | Policy = "random",
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    executor: Executor | str | None = None,
    progress: bool | None = None,
) -> SimulationTable:
    """Play ``n_games`` seeded games of ``game`` with ``policy`` for every seat.

    ``game`` is a registered name or a Game; ``players`` a count in its range (its
    minimum by default); game ``i`` is seeded :func:`game_seed` ``(seed, i)``; ``options``
    are the game's declared options.  ``policy`` is ``"random"`` (:func:`random_policy`),
    ``"greedy"`` (:func:`greedy_policy`), ``"lookahead"`` (:func:`lookahead_policy`) or a
    callable ``(game, state, legal_actions, rng) -> action``.

    ``executor`` is None (a process pool with one worker per CPU, shut down afterwards),
    ``"serial"`` (in this process, one game after another) or any
    :class:`concurrent.futures.Executor` (a thread or process pool, Dask's
    ``client.get_executor()``...), given chunks of games.  The table is the same whatever
    the executor.  ``progress`` True shows a progress bar in a notebook (a counter on
    stderr elsewhere), False none; None shows one in a notebook from 20 games on.

    Ctrl-C (KeyboardInterrupt) cancels the games not started and returns the table of
    the finished ones, with ``complete`` False.

    Bad arguments are refused with a GaiaLabError before any game is played.
    """
    from gaia_lab.core.options import read_options
    from gaia_lab.core.registry import get_game

    if isinstance(game, str):
        engine = get_game(game)
        target: Game[Any, Any] | str = game
    elif isinstance(game, Game):
        engine = target = game
    else:
        raise GaiaLabError(f"game: expected a Game or a registered game's name, not "
                           f"{given(game)}")
    meta = engine.meta
    n = whole_number(n_games, "n_games", 0, MAX_GAMES)
    policy_name, play = _read_policy(policy)
    count = meta.min_players if players is None else players
    if isinstance(count, int) and not isinstance(count, bool) and not (
            meta.min_players <= count <= meta.max_players):
        raise GaiaLabError(f"players: {meta.title} is for {meta.min_players}-"
                           f"{meta.max_players} players, not {given(count)}")
    count = whole_number(count, "players", meta.min_players, meta.max_players)
    whole_number(seed, "seed", 0, MAX_SEED - 1)
    read_options(meta.options, options)
    if progress is not None and not isinstance(progress, bool):
        raise GaiaLabError(f"progress: expected true, false or None, not {short(progress)}")
    notebook = _in_notebook() if progress is not False else False
    show = progress if progress is not None else (notebook and n >= 20)
    jobs = [(i, game_seed(seed, i)) for i in range(n)]

    finished: list[GameResult] = []
    bar = _Progress(n, show, notebook)
    try:
        if executor == "serial":
            for job in jobs:
                finished.extend(_play_chunk(target, count, options, play, [job]))
                bar.advance(1)
        else:
            _run_on(executor, jobs, (target, count, options, play), finished, bar)
        complete = True
    except KeyboardInterrupt:
        complete = False
    finally:
        bar.close()
    finished.sort(key=lambda r: r.index)
    return SimulationTable(meta.name, policy_name, tuple(finished), n, complete)


def _run_on(executor: object, jobs: list[tuple[int, int]],
            args: tuple[Game[Any, Any] | str, int, Mapping[str, Any] | None, Policy],
            finished: list[GameResult], bar: _Progress) -> None:
    """Run ``jobs`` in chunks on ``executor`` (None: a process pool of our own),
    collecting the results into ``finished`` as they come."""
    import concurrent.futures as cf
    import os
    import pickle

    target, players, options, policy = args
    own = executor is None
    if own:
        workers = os.cpu_count() or 1
        pool: cf.Executor = cf.ProcessPoolExecutor(max_workers=workers)
    elif isinstance(executor, cf.Executor):
        pool = executor
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    else:
        raise GaiaLabError(f"executor: expected None, 'serial' or a "
                           f"concurrent.futures.Executor, not {given(executor)}")
    if isinstance(pool, cf.ProcessPoolExecutor):
        try:
            pickle.dumps(args)
        except Exception as error:  # noqa: BLE001 - any pickling failure
            if own:
                pool.shutdown(wait=False)
            raise GaiaLabError(f"policy: a process pool needs a picklable policy (a "
                               f"module-level function), not {short(policy)}: "
                               f"{error}") from None
    size = max(1, min(25, math.ceil(len(jobs) / (4 * workers))))
    pending: set[Future[list[GameResult]]] = set()
    try:
        for start in range(0, len(jobs), size):
            pending.add(pool.submit(_play_chunk, target, players, options, policy,
                                    jobs[start:start + size]))
        while pending:
            done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            # keep every chunk that finished before raising the first failure: several
            # chunks can finish together, one of them interrupted
            failure: BaseException | None = None
            for future in done:
                raised = future.exception()
                if raised is not None:
                    failure = failure or raised
                    continue
                rows = future.result()
                finished.extend(rows)
                bar.advance(len(rows))
            if failure is not None:
                raise failure
    except BaseException:
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(wait=False, cancel_futures=True)
        raise
    if own:
        pool.shutdown()
