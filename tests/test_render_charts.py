"""Charts drawn from the games' own data: scores over time, score bars, roll odds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import gaia_lab
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.games.animals_gathering.odds import completion_odds
from gaia_lab.render.charts import (
    ScoreHistory,
    odds_chart,
    score_bars,
    score_chart,
    score_history,
)
from gaia_lab.render.shapes import Rect, Text


def played(game: str, players: int, seed: int) -> gaia_lab.Session:
    s = gaia_lab.Session(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over():
        s.play(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize(("game", "players", "seed"),
                         [("animals_gathering", 3, 4), ("shapers_of_gaia", 2, 3)])
def test_the_history_is_the_games_own_score_after_each_decision(game: str, players: int,
                                                                seed: int) -> None:
    s = played(game, players, seed)
    h = score_history(s)
    assert h.decisions[0] == 0 and h.decisions[-1] == s.decisions
    assert list(h.decisions) == sorted(h.decisions)
    assert len(h.points) == len(h.decisions)
    final = s.score_breakdown()
    assert [h.total(p)[-1] for p in range(players)] == list(final.totals)
    for category, points in final.by_category().items():
        assert [h.of(p, category)[-1] for p in range(players)] == points
    # each step is the breakdown of the state after that many decisions
    states = [s.root] + [ply.state for ply in s.history if ply.is_decision]
    k = len(states) // 2
    mid = s.game.score_breakdown(states[k])
    assert [h.total(p)[k] for p in range(players)] == list(mid.totals)


def test_a_game_grouped_by_its_own_categories() -> None:
    from gaia_lab.render.gaia_project import vp_by_category

    s = gaia_lab.examples("gaia_project")[0].start()
    h = score_history(s, by=vp_by_category)
    assert set(h.categories) <= {"start", "rounds", "boosters", "techs", "federations", "qic",
                                 "research", "final", "resources", "charge", "other"}
    assert [h.total(p)[-1] for p in range(len(h.players))] == list(s.score_breakdown().totals)


def test_charts_are_stable_and_drawn_from_their_data() -> None:
    s = played("animals_gathering", 3, 4)
    h = score_history(s)
    svg = score_chart(h, title="Points").to_svg()
    assert score_chart(score_history(s), title="Points").to_svg() == svg  # same data, same SVG
    chart = score_chart(h)
    for p, name in enumerate(h.players):
        dot = chart.find(f"series:{name}")
        assert dot is not None and dot.title == (
            f"{name}: {h.total(p)[-1]} after {h.decisions[-1]} decisions")
    per_source = score_chart(h, player=1)
    assert {f"series:{c}" for c in h.categories} <= set(per_source.ids())
    bars = score_bars(s.score_breakdown())
    table = s.score_breakdown().by_category()
    for category, points in table.items():
        for p, value in enumerate(points):
            bar = bars.find(f"bar:{p}:{category}")
            assert (bar is None) == (value == 0)
    totals = [i.text for i in bars.items if isinstance(i, Text) and i.weight == "bold"]
    assert totals == [str(t) for t in s.score_breakdown().totals]


def test_negative_points_go_left_of_zero() -> None:
    b = ScoreBreakdown(("Ada", "Ben"), (ScoreLine(0, "cards", 6, None, ""),
                                        ScoreLine(1, "cards", 4, None, ""),
                                        ScoreLine(1, "toxicity", -2, None, "")))
    bars = score_bars(b)
    cards, toxic = bars.find("bar:1:cards"), bars.find("bar:1:toxicity")
    assert isinstance(cards, Rect) and isinstance(toxic, Rect)
    assert toxic.x + toxic.w == pytest.approx(cards.x)  # the loss ends where the gains start
    assert cards.w == pytest.approx(2 * toxic.w)


def test_odds_are_the_engines_exact_probabilities() -> None:
    s = gaia_lab.examples("animals_gathering")[0].start()
    odds = completion_odds(s.game, s.state, "Milo", "starfish")
    chart = odds_chart(odds.items())
    best = max(odds, key=lambda r: odds[r])
    bars = [i for i in chart.items if isinstance(i, Rect) and (i.id or "").startswith("bar:")]
    assert bars[0].id == f"bar:{best}"
    assert bars[0].title == f"{best}: {odds[best]} = {float(odds[best]):.2%}"
    widths = {b.id: b.w for b in bars}
    for roll, p in odds.items():
        assert widths[f"bar:{roll}"] == pytest.approx(bars[0].w * float(p / odds[best]))
    counts = odds_chart([("1", Fraction(1, 3)), ("2", Fraction(2, 3))], likely_first=False)
    assert [i.id for i in counts.items if isinstance(i, Rect)] == ["bar:1", "bar:2"]


def test_bad_input_is_refused_with_the_reason() -> None:
    with pytest.raises(GaiaLabError, match="score_history: expected a Session, not 3"):
        score_history(3)  # type: ignore[arg-type]
    with pytest.raises(GaiaLabError, match="score_chart: expected a ScoreHistory"):
        score_chart("points")  # type: ignore[arg-type]
    with pytest.raises(GaiaLabError, match="score_bars: expected a ScoreBreakdown"):
        score_bars(None)  # type: ignore[arg-type]
    with pytest.raises(GaiaLabError, match="probability from 0 to 1"):
        odds_chart([("x", Fraction(3, 2))])
    with pytest.raises(GaiaLabError, match="odds_chart top: expected a whole number"):
        odds_chart([("x", 0.5)], top=0)
    h = ScoreHistory(("a",), ("c",), (0, 1), (((0,),), ((2,),)))
    with pytest.raises(GaiaLabError, match="score_chart width: expected a whole number"):
        score_chart(h, width=10)


def test_a_games_grouping_and_a_remembered_breakdown() -> None:
    from gaia_lab.render.charts import CATEGORY_GROUPS, categories_of
    from gaia_lab.render.gaia_project import vp_by_category

    assert categories_of("gaia_project") is vp_by_category
    assert all(categories_of(g) is None for g in gaia_lab.GAMES if g not in CATEGORY_GROUPS)
    s = played("animals_gathering", 2, 5)
    seen: dict[int, ScoreBreakdown] = {}

    def remembered(state: object) -> ScoreBreakdown:
        if id(state) not in seen:
            seen[id(state)] = s.game.score_breakdown(state)
        return seen[id(state)]

    assert score_history(s, breakdown=remembered) == score_history(s)
    count = len(seen)
    assert count == s.decisions + 1 or count == s.decisions + 2  # + the final rules' state
    score_history(s, breakdown=remembered)
    assert len(seen) == count
