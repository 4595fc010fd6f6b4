"""gaia_lab.simulate (module gaia_lab.simulation): the same table on every executor, the
policies, the table's statistics, interruption and bad input."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import gaia_lab
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.game import Game
from gaia_lab.core.registry import UnknownGameError
from gaia_lab.simulation import (
    MAX_GAMES,
    Estimate,
    GameResult,
    SimulationTable,
    game_seed,
    play_game,
    random_policy,
    wilson_interval,
)
from gaia_lab.testing import random_playout

SMALL = {"animals_gathering": 4, "shapers_of_gaia": 4, "gaia_project": 2, "gaia_tiki": 4}


def second_half(game: Game[Any, Any], state: Any, legal: list[Any],
                rng: random.Random) -> Any:
    """A custom policy: any of the second half of the legal actions (module-level:
    picklable)."""
    return rng.choice(legal[len(legal) // 2:])


class InterruptAfter:
    """A policy that plays at random and raises KeyboardInterrupt when game ``k + 1``
    starts (each game brings its own generator)."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.games: list[random.Random] = []

    def __call__(self, game: Game[Any, Any], state: Any, legal: list[Any],
                 rng: random.Random) -> Any:
        if not any(r is rng for r in self.games):
            self.games.append(rng)
            if len(self.games) > self.k:
                raise KeyboardInterrupt
        return random_policy(game, state, legal, rng)


# -- the same table whatever runs it ------------------------------------------------------


@pytest.mark.parametrize("name", list(SMALL))
def test_serial_process_pool_and_thread_pool_give_the_same_table(name: str) -> None:
    n = SMALL[name]
    serial = gaia_lab.simulate(name, n, players=2, seed=3, executor="serial")
    with ProcessPoolExecutor(max_workers=2) as pool:
        processes = gaia_lab.simulate(name, n, players=2, seed=3, executor=pool)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threads = gaia_lab.simulate(name, n, players=2, seed=3, executor=pool)
    assert serial == processes == threads
    assert serial.to_records() == processes.to_records() == threads.to_records()
    assert [r.index for r in serial.rows] == list(range(n))
    assert [r.seed for r in serial.rows] == [game_seed(3, i) for i in range(n)]
    assert serial.complete and len(serial) == n
    for row in serial.rows:
        assert row.decisions > 0 and row.winners
        assert row.scores == tuple(sum(p[s] for _, p in row.categories) for s in range(2))


def test_the_default_executor_gives_the_serial_table() -> None:
    serial = gaia_lab.simulate("shapers_of_gaia", 5, players=3, seed=8, executor="serial")
    assert gaia_lab.simulate("shapers_of_gaia", 5, players=3, seed=8) == serial


def test_a_game_is_the_random_playout_of_its_seed() -> None:
    game = gaia_lab.GAMES["animals_gathering"]
    table = gaia_lab.simulate(game, 3, players=3, seed=11, executor="serial")
    for row in table.rows:
        final = random_playout(game, 3, row.seed)
        assert row.scores == game.score_breakdown(final).totals
        assert row.winners == game.winners(final)
        assert row.end_reason == final.ended_by != ""


def test_determinism_and_seeds() -> None:
    one = gaia_lab.simulate("animals_gathering", 6, players=4, seed=1, executor="serial")
    again = gaia_lab.simulate("animals_gathering", 6, players=4, seed=1, executor="serial")
    other = gaia_lab.simulate("animals_gathering", 6, players=4, seed=2, executor="serial")
    assert one == again and one.to_records() == again.to_records()
    assert [r.seed for r in one.rows] != [r.seed for r in other.rows]
    assert one.rows != other.rows
    assert game_seed(2**63 - 1, 10) < 2**63
    assert gaia_lab.simulate("animals_gathering", 0, executor="serial").rows == ()
    random.seed(99)  # the global generator plays no part
    assert gaia_lab.simulate("animals_gathering", 6, players=4, seed=1,
                             executor="serial") == one


# -- policies -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["animals_gathering", "shapers_of_gaia"])
@pytest.mark.parametrize("policy", ["random", "greedy", "lookahead"])
def test_the_named_policies_play_whole_games(name: str, policy: str) -> None:
    table = gaia_lab.simulate(name, 2, policy=policy, players=2, seed=5, executor="serial")
    assert table.policy == policy and len(table) == 2 and table.complete
    assert all(r.decisions > 0 for r in table.rows)
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert gaia_lab.simulate(name, 2, policy=policy, players=2, seed=5,
                                 executor=pool) == table


def test_greedy_scores_more_than_random_in_shapers_of_gaia() -> None:
    random_mean = gaia_lab.simulate("shapers_of_gaia", 4, players=2, executor="serial")
    greedy = gaia_lab.simulate("shapers_of_gaia", 4, policy="greedy", players=2,
                               executor="serial")
    assert greedy.mean("score_0") + greedy.mean("score_1") > (
        random_mean.mean("score_0") + random_mean.mean("score_1"))


def test_a_custom_policy() -> None:
    serial = gaia_lab.simulate("animals_gathering", 3, policy=second_half, players=2,
                               executor="serial")
    assert serial.policy == "second_half"
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert gaia_lab.simulate("animals_gathering", 3, policy=second_half, players=2,
                                 executor=pool) == serial
    game = gaia_lab.GAMES["animals_gathering"]
    assert serial.rows[1] == play_game(game, 2, serial.rows[1].seed, None, second_half, 1)


def test_a_policy_a_process_pool_cannot_pickle_is_refused() -> None:
    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(
            GaiaLabError, match="picklable"):
        gaia_lab.simulate("animals_gathering", 2, policy=lambda g, s, legal, r: legal[0],
                          executor=pool)


# -- interruption and progress ------------------------------------------------------------


def test_an_interrupt_returns_the_finished_games() -> None:
    table = gaia_lab.simulate("animals_gathering", 10, policy=InterruptAfter(3), players=2,
                              seed=4, executor="serial")
    assert not table.complete and table.requested == 10
    assert [r.index for r in table.rows] == [0, 1, 2]
    full = gaia_lab.simulate("animals_gathering", 10, players=2, seed=4, executor="serial")
    assert table.rows == full.rows[:3]
    assert "interrupted" in repr(table) and "interrupted: 3 of 10" in table._repr_html_()


def test_an_interrupt_on_an_executor_keeps_the_finished_chunks() -> None:
    # one worker: chunks of 3 games run in order; game 4 raises, so the first chunk is
    # kept and the games after it are not
    with ThreadPoolExecutor(max_workers=1) as pool:
        table = gaia_lab.simulate("animals_gathering", 10, policy=InterruptAfter(4),
                                  players=2, seed=4, executor=pool)
    assert not table.complete and table.requested == 10
    full = gaia_lab.simulate("animals_gathering", 10, players=2, seed=4, executor="serial")
    assert table.rows == full.rows[:3]


def test_the_number_of_workers_does_not_change_the_table() -> None:
    serial = gaia_lab.simulate("animals_gathering", 13, players=3, seed=2, executor="serial")
    for workers in (1, 3):
        with ThreadPoolExecutor(max_workers=workers) as pool:
            assert gaia_lab.simulate("animals_gathering", 13, players=3, seed=2,
                                     executor=pool) == serial


def test_progress_counter_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    gaia_lab.simulate("animals_gathering", 3, executor="serial", progress=True)
    assert capsys.readouterr().err.endswith("\rsimulate: 3/3 games\n")
    gaia_lab.simulate("animals_gathering", 30, executor="serial")
    assert capsys.readouterr().err == ""  # auto: off outside a notebook


# -- the table ----------------------------------------------------------------------------


def hand_made(winners: list[tuple[int, ...]]) -> SimulationTable:
    rows = tuple(
        GameResult(i, i, ("A", "B"), w, (10 + i, 2 * i), (("Cards", (10 + i, 2 * i)),), 5 + i)
        for i, w in enumerate(winners)
    )
    return SimulationTable("pig", "random", rows, len(rows))


def test_win_rate_with_a_wilson_interval() -> None:
    table = hand_made([(0,)] * 7 + [(1,)] * 2 + [(0, 1)])
    zero, one = table.win_rate(0), table.win_rate(1)
    assert (zero.wins, zero.games, zero.rate) == (8, 10, 0.8)
    assert (round(zero.low, 4), round(zero.high, 4)) == (0.4902, 0.9433)
    assert (one.wins, one.rate) == (3, 0.3)
    assert (round(one.low, 4), round(one.high, 4)) == (0.1078, 0.6032)
    assert str(zero) == "seat 0: 8/10 = 80.0% (95% CI 49.0%-94.3%)"
    assert [round(x, 4) for x in wilson_interval(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in wilson_interval(10, 10)] == [0.7225, 1.0]
    with pytest.raises(GaiaLabError, match="seat: expected a whole number from 0 to 1"):
        table.win_rate(2)


def test_mean_records_and_html() -> None:
    table = hand_made([(0,), (1,), (0,), (0,)])
    assert table.mean("decisions") == 6.5
    assert table.mean("score_0") == 11.5 and table.mean("score_1/Cards") == 3.0
    records = table.to_records()
    assert records[1] == {"game": 1, "seed": 1, "players": 2, "winners": (1,), "score_0": 11,
                          "score_1": 2, "score_0/Cards": 11, "score_1/Cards": 2,
                          "decisions": 6, "end_reason": ""}
    assert len(table) == 4 and table.rows[2].points("Cards", 1) == 4
    assert table.rows[2].points("Bonus", 1) == 0
    html = table._repr_html_()
    assert html.count("<tr>") == 5 and "score_1/Cards" in html and "4 games" in html
    with pytest.raises(GaiaLabError, match="mean: expected a numeric column"):
        table.mean("winners")
    empty = hand_made([])
    assert empty.win_rate(0).games == 0 and empty.to_records() == []


def test_estimates_of_a_mean_and_of_wins_with_their_chart() -> None:
    from gaia_lab.render.charts import interval_chart

    table = hand_made([(0,), (1,), (0,), (0,)])
    decisions = [r.decisions for r in table.rows]
    length = table.estimate("decisions", "length")
    assert length == Estimate.of_mean("length", decisions) and length.games == 4
    assert length.value == 6.5 and length.low < 6.5 < length.high
    sd = (sum((d - 6.5) ** 2 for d in decisions) / 3) ** 0.5
    assert length.high - 6.5 == pytest.approx(1.959963984540054 * sd / 2)
    assert table.estimate("score_0").label == "score_0"
    with pytest.raises(GaiaLabError, match="mean: expected a numeric column"):
        table.estimate("winners")
    wins = Estimate.of_wins("seat 1", 3, 4)
    assert (wins.value, (wins.low, wins.high)) == (0.75, wilson_interval(3, 4))
    assert str(wins) == "seat 1: 0.75 (95% CI 0.3006 to 0.9544, 4 games)"
    chart = interval_chart([wins, Estimate.of_wins("seat 2", 1, 4)], unit="%",
                           reference=0.5, title="Who wins?")
    assert chart.ids() == ["bar:0", "bar:1"] and "75%" in chart.to_svg()
    means = interval_chart([length, Estimate("low", -3.0, -5.0, -1.0, 9)], unit="decisions")
    assert ">-5<" in means.to_svg() and "decisions" in means.to_svg()
    for bad in ([], "ab", [wins, 3], [Estimate("x", 1.0, float("nan"), 2.0, 2)]):
        with pytest.raises(GaiaLabError, match="interval_chart: expected a list of Estimates"):
            interval_chart(bad)  # type: ignore[arg-type]


def test_a_category_missing_from_a_game_reads_zero() -> None:
    rows = (GameResult(0, 0, ("A", "B"), (0,), (3, 1), (("X", (3, 1)),), 1),
            GameResult(1, 1, ("A", "B"), (1,), (0, 2), (("Y", (0, 2)),), 1))
    table = SimulationTable("pig", "random", rows, 2)
    assert [r["score_1/X"] for r in table.to_records()] == [1, 0]
    assert table.mean("score_1/Y") == 1.0


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "chess"}, "chess"),
    ({"game": 42}, "game: expected a Game or a registered game's name"),
    ({"n_games": -1}, "n_games: expected a whole number from 0 to"),
    ({"n_games": 2.5}, "n_games: expected a whole number"),
    ({"n_games": "10"}, "n_games: expected a whole number"),
    ({"n_games": True}, "n_games: expected a whole number"),
    ({"n_games": MAX_GAMES + 1}, "n_games: expected a whole number"),
    ({"n_games": 10**100}, "101-digit number"),
    ({"policy": "psychic"}, "policy: expected one of 'random', 'greedy', 'lookahead'"),
    ({"policy": 3}, "policy: expected one of"),
    ({"players": 9}, "players: Animals Gathering is for 2-"),
    ({"players": "2"}, "players: expected a whole number"),
    ({"seed": -1}, "seed: expected a whole number"),
    ({"seed": 2**63}, "seed: expected a whole number"),
    ({"options": {"nope": 1}}, "nope"),
    ({"executor": "threads"}, "executor: expected None, 'serial' or a concurrent"),
    ({"progress": "yes"}, "progress: expected true, false or None"),
])
def test_bad_input_is_refused(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"game": "animals_gathering", "n_games": 2, "executor": "serial"}
    args.update(kwargs)
    with pytest.raises(GaiaLabError, match=message) as raised:
        gaia_lab.simulate(**args)
    if kwargs.get("game") == "chess":
        assert isinstance(raised.value, UnknownGameError)


# -- Dask ---------------------------------------------------------------------------------


def test_a_dask_cluster_gives_the_serial_table() -> None:
    distributed = pytest.importorskip("distributed")
    serial = gaia_lab.simulate("shapers_of_gaia", 4, players=2, seed=6, executor="serial")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        table = gaia_lab.simulate("shapers_of_gaia", 4, players=2, seed=6,
                                  executor=client.get_executor())
    assert table == serial


def always_roll(game: object, state: object, legal: list[object], rng: object) -> object:
    """A policy that never holds, so never banks: Pig never ends under it."""
    return next((a for a in legal if str(a) == "roll"), legal[0])


def test_a_policy_that_never_ends_the_game_is_named() -> None:
    import dataclasses

    from dicegame import PIG

    class ShortPig(type(PIG)):  # type: ignore[misc]
        meta = dataclasses.replace(PIG.meta, max_steps=40)

    with pytest.raises(GaiaLabError, match="did not end within 40 decisions"):
        gaia_lab.simulate(ShortPig(), 1, policy=always_roll, players=2, executor="serial")
