"""Charts of games, played, replayed or simulated, as :class:`~gaia_lab.render.shapes.Scene` s.

:func:`win_rate_chart` draws how often each seat won a
:class:`~gaia_lab.simulation.SimulationTable`, each bar with its 95% confidence
interval and a dashed line at the fair share (one in the number of seats), so a
class sees at a glance whether a seat's edge is more than chance; :func:`interval_chart`
draws any figures measured on simulated games (a mean game length, a Shaper's win rate) as
bars with their intervals.

The games' own data make the other charts: :func:`score_chart` draws the points of a
played or replayed game after each decision (:func:`score_history`, per player or one
player's points per source), :func:`score_bars` a score breakdown as a bar per player in
segments per category, and :func:`odds_chart` the probability of each result of a roll
(or of any choice whose odds an engine computes).  All are plain SVG: the same in a
notebook, in the docs and under nbval.

>>> from gaia_lab.simulation import simulate
>>> table = simulate("animals_gathering", 6, players=3, seed=2, executor="serial")
>>> chart = win_rate_chart(table, title="Who wins?")
>>> chart.width, "bar:0" in chart.ids(), "bar:2" in chart.ids()
(520, True, True)
>>> chart.to_svg().startswith("<svg")
True
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gaia_lab.core.checks import given, whole_number
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.render.layout import INK, MUTED, text_width
from gaia_lab.render.shapes import Circle, Item, Line, Rect, Scene, Text

if TYPE_CHECKING:
    from gaia_lab.core.session import Session
    from gaia_lab.simulation import Estimate, SimulationTable

__all__ = ["CATEGORY_GROUPS", "PALETTE", "ScoreHistory", "categories_of", "interval_chart",
           "odds_chart", "score_bars", "score_chart", "score_history", "win_rate_chart"]

BAR = "#4f7cac"
FAIR = "#c0504d"


def win_rate_chart(table: SimulationTable, *, title: str = "", names: Sequence[str] = (),
                   width: int = 520, height: int = 260) -> Scene:
    """Each seat's share of wins, with its Wilson 95% interval as a whisker.

    >>> win_rate_chart(None)
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: win_rate_chart: expected a SimulationTable \
(gaia_lab.simulate's result), not None (NoneType)
    """
    from gaia_lab.simulation import SimulationTable

    if not isinstance(table, SimulationTable):
        raise GaiaLabError(f"win_rate_chart: expected a SimulationTable (gaia_lab.simulate's "
                           f"result), not {given(table)}")
    if isinstance(names, str) or not all(isinstance(n, str) for n in names):
        raise GaiaLabError(f"win_rate_chart: names must be texts, one per seat, "
                           f"not {given(names)}")
    width = whole_number(width, "win_rate_chart width", 200, 4000)
    height = whole_number(height, "win_rate_chart height", 120, 4000)
    seats = max((len(r.players) for r in table.rows), default=0)
    left, right, top, bottom = 48.0, 12.0, 34.0 if title else 14.0, 40.0
    plot_w, plot_h = width - left - right, height - top - bottom
    items: list[Item] = []
    if title:
        items.append(Text(left, 20, title, size=13, fill=INK, weight="bold"))

    def y_of(rate: float) -> float:
        return top + plot_h * (1 - rate)

    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = y_of(tick)
        items.append(Line(left, y, left + plot_w, y, stroke="#e3e3e3"))
        items.append(Text(left - 6, y, f"{tick:.0%}", size=10, fill=MUTED, anchor="end",
                          baseline="middle"))
    if seats:
        slot = plot_w / seats
        for seat in range(seats):
            rate = table.win_rate(seat)
            x = left + slot * seat + slot * 0.2
            w = slot * 0.6
            label = names[seat] if seat < len(names) else f"seat {seat + 1}"
            items.append(Rect(x, y_of(rate.rate), w, plot_h * rate.rate, fill=BAR,
                              id=f"bar:{seat}",
                              title=f"{label}: {rate.wins} of {rate.games} games "
                                    f"({rate.rate:.0%}; 95% interval {rate.low:.0%} to "
                                    f"{rate.high:.0%})"))
            mid = x + w / 2
            items += [Line(mid, y_of(rate.high), mid, y_of(rate.low), stroke=INK, width=1.5),
                      Line(mid - 6, y_of(rate.high), mid + 6, y_of(rate.high), stroke=INK),
                      Line(mid - 6, y_of(rate.low), mid + 6, y_of(rate.low), stroke=INK),
                      Text(mid, top + plot_h + 16, label, size=11, fill=INK, anchor="middle"),
                      Text(mid, top + plot_h + 30, f"{rate.rate:.0%}", size=10, fill=MUTED,
                           anchor="middle")]
        fair = y_of(1 / seats)
        items.append(Line(left, fair, left + plot_w, fair, stroke=FAIR, width=1.5,
                          dash=(5, 3), title=f"a fair share: 1 in {seats}"))
    items.append(Line(left, top, left, top + plot_h, stroke=MUTED))
    return Scene(width, height, tuple(items), background="#ffffff")


def interval_chart(estimates: Sequence[Estimate], *, title: str = "", unit: str = "",
                   reference: float | None = None, reference_label: str = "",
                   width: int = 520, height: int = 260) -> Scene:
    """A bar per :class:`~gaia_lab.simulation.Estimate` with its 95% interval as a
    whisker, labelled below; ``unit`` ``"%"`` reads values as shares (0 to 1, the axis in
    percent); ``reference`` draws a dashed line (a fair share, a rule's number).

    >>> from gaia_lab.simulation import Estimate
    >>> chart = interval_chart([Estimate.of_mean("2 players", [40, 44, 42]),
    ...                         Estimate.of_mean("3 players", [60, 58, 65])], unit="decisions")
    >>> chart.ids()
    ['bar:0', 'bar:1']
    >>> interval_chart([])
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: interval_chart: expected a list of Estimates \
(gaia_lab.simulation.Estimate), not [] (list)
    """
    from gaia_lab.simulation import Estimate

    if (isinstance(estimates, str) or not isinstance(estimates, Sequence) or not estimates
            or not all(isinstance(e, Estimate) and all(map(math.isfinite, (e.low, e.high)))
                       for e in estimates)):
        raise GaiaLabError(f"interval_chart: expected a list of Estimates "
                           f"(gaia_lab.simulation.Estimate), not {given(estimates)}")
    width, height = _size(width, height, "interval_chart")
    share = unit == "%"
    left, right, top, bottom = 48.0, 12.0, 34.0 if title else 14.0, 40.0
    plot_w, plot_h = width - left - right, height - top - bottom
    marks = [v for e in estimates for v in (e.low, e.high, e.value)]
    if reference is not None:
        marks.append(reference)
    step = 0.25 if share else _nice_step(max(max(marks) - min(0.0, min(marks)), 1e-9))
    low = 0.0 if share else step * math.floor(min(0.0, min(marks)) / step)
    high = 1.0 if share else step * math.ceil(max(marks) / step)

    def y_of(value: float) -> float:
        return top + plot_h * (high - value) / ((high - low) or 1)

    def shown(value: float) -> str:
        return f"{value:.0%}" if share else f"{value:.3g}"

    items: list[Item] = []
    if title:
        items.append(Text(left, 20, title, size=13, fill=INK, weight="bold"))
    for k in range(round((high - low) / step) + 1):
        tick = low + k * step
        y = y_of(tick)
        items.append(Line(left, y, left + plot_w, y, stroke="#e3e3e3"))
        items.append(Text(left - 6, y, shown(tick), size=10, fill=MUTED, anchor="end",
                          baseline="middle"))
    slot = plot_w / len(estimates)
    base = y_of(max(low, 0.0))
    for k, e in enumerate(estimates):
        x, w = left + slot * k + slot * 0.2, slot * 0.6
        y = y_of(e.value)
        items.append(Rect(x, min(y, base), w, abs(base - y), fill=BAR, id=f"bar:{k}",
                          title=f"{e.label}: {shown(e.value)} {'' if share else unit}".rstrip()
                                + f" over {e.games} games (95% interval {shown(e.low)} "
                                  f"to {shown(e.high)})"))
        mid = x + w / 2
        items += [Line(mid, y_of(e.high), mid, y_of(e.low), stroke=INK, width=1.5),
                  Line(mid - 6, y_of(e.high), mid + 6, y_of(e.high), stroke=INK),
                  Line(mid - 6, y_of(e.low), mid + 6, y_of(e.low), stroke=INK),
                  Text(mid, top + plot_h + 16, e.label, size=11, fill=INK, anchor="middle"),
                  Text(mid, top + plot_h + 30, shown(e.value), size=10, fill=MUTED,
                       anchor="middle")]
    if reference is not None:
        y = y_of(reference)
        items.append(Line(left, y, left + plot_w, y, stroke=FAIR, width=1.5, dash=(5, 3),
                          title=reference_label or shown(reference)))
    if unit and not share:
        items.append(Text(left, top - 6, unit, size=10, fill=MUTED))
    items.append(Line(left, top, left, top + plot_h, stroke=MUTED))
    return Scene(width, height, tuple(items), background="#ffffff")


# --- the game's own data as charts: scores over time, score breakdowns, roll odds -----------

PALETTE: tuple[str, ...] = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00",
                            "#8c6d00", "#6b6b6b", "#000000")
"""Series colours (Okabe and Ito's, told apart with any colour vision), in order of use."""


@dataclass(frozen=True, slots=True)
class ScoreHistory:
    """Each player's points by category after each decision of a game.

    ``points[k][c][p]`` is what player ``p`` has from category ``categories[c]`` after
    ``decisions[k]`` decisions (the first entry is the state before any decision), as the
    game's own :meth:`~gaia_lab.core.game.Game.score_breakdown` counts it.
    """

    players: tuple[str, ...]
    categories: tuple[str, ...]
    decisions: tuple[int, ...]
    points: tuple[tuple[tuple[int, ...], ...], ...]

    def total(self, player: int) -> tuple[int, ...]:
        """``player``'s total after each decision."""
        return tuple(sum(step[c][player] for c in range(len(self.categories)))
                     for step in self.points)

    def of(self, player: int, category: str) -> tuple[int, ...]:
        """``player``'s points from ``category`` after each decision."""
        c = self.categories.index(category)
        return tuple(step[c][player] for step in self.points)


def score_history(session: Session, by: Callable[[ScoreBreakdown], Mapping[str, Sequence[int]]]
                  | None = None, *,
                  breakdown: Callable[[Any], ScoreBreakdown] | None = None) -> ScoreHistory:
    """The scores of ``session``'s game so far, after each of its decisions.

    ``by`` groups a breakdown's points into the chart's categories, each player's points
    per category (:meth:`ScoreBreakdown.by_category <gaia_lab.core.scoring.ScoreBreakdown.\
by_category>` when None; Gaia Project's fine sources read better grouped by
    :func:`gaia_lab.render.gaia_project.vp_by_category`, :func:`categories_of` names a
    game's grouping).  ``breakdown(state)`` is the score breakdown of one state (the
    game's :meth:`~gaia_lab.core.game.Game.score_breakdown` when None): a view that redraws
    the chart after every move passes one that remembers the states it has seen.

    >>> import gaia_lab
    >>> s = gaia_lab.examples("animals_gathering")[0].start()
    >>> s.play_many(["roll 2g1o1b"])[-1].kind
    'dice.roll'
    >>> h = score_history(s)
    >>> h.players, h.decisions[-1], h.total(0)[-1] == s.score_breakdown().totals[0]
    (('Milo', 'Howard', 'Sandra', 'Coco'), 1, True)
    """
    from gaia_lab.core.session import Session

    if not isinstance(session, Session):
        raise GaiaLabError(f"score_history: expected a Session, not {given(session)}")
    states = [session.root] + [ply.state for ply in session.history if ply.is_decision]
    if session.history and not session.history[-1].is_decision:
        states.append(session.history[-1].state)
    breakdowns = [(breakdown or session.game.score_breakdown)(state) for state in states]
    tables = [(by or ScoreBreakdown.by_category)(breakdown) for breakdown in breakdowns]
    categories: dict[str, None] = {}
    for table in tables:
        categories.update(dict.fromkeys(table))
    players = breakdowns[-1].players
    none = (0,) * len(players)
    points = [tuple(tuple(table.get(c, none)) for c in categories) for table in tables]
    decisions = tuple(range(len(states)))
    if len(states) > 1 + session.decisions:  # the rules' steps after the last decision
        decisions = (*decisions[:-1], session.decisions)
    return ScoreHistory(players, tuple(categories), decisions, tuple(points))


CATEGORY_GROUPS: Mapping[str, str] = {
    "gaia_project": "gaia_lab.render.gaia_project:vp_by_category",
}
"""Games whose score sources read better grouped on a chart: the grouping function, by
a ``"module:attribute"`` reference (loaded on first use, as the registry loads games)."""


def categories_of(game: str) -> Callable[[ScoreBreakdown], Mapping[str, Sequence[int]]] | None:
    """How game ``game``'s score sources are grouped on a chart (the ``by`` of
    :func:`score_history` and :func:`score_bars`); None: by its own categories.

    >>> categories_of("gaia_project").__name__, categories_of("animals_gathering")
    ('vp_by_category', None)
    """
    ref = CATEGORY_GROUPS.get(game)
    if ref is None:
        return None
    module, _, name = ref.partition(":")
    grouping: Callable[[ScoreBreakdown], Mapping[str, Sequence[int]]] = getattr(
        importlib.import_module(module), name)
    return grouping


def _nice_step(high: float) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving at most five steps to ``high``.

    >>> [_nice_step(h) for h in (1, 7, 38, 140)]
    [0.2, 2.0, 10.0, 50.0]
    """
    raw = max(high, 1e-9) / 5
    magnitude = 10.0 ** math.floor(math.log10(raw))
    k = next(k for k in (1, 2, 5, 10) if raw <= k * magnitude * (1 + 1e-12))
    return round(k * magnitude, 10)


def _size(width: int, height: int, what: str) -> tuple[int, int]:
    return (whole_number(width, f"{what} width", 200, 4000),
            whole_number(height, f"{what} height", 120, 4000))


def _legend(items: list[Item], labels: Sequence[str], x: float, y: float,
            across: float = 0) -> float:
    """Swatches with their labels from (x, y): down a column, or in rows ``across`` wide.

    Returns the height the legend takes."""
    col, row = 0.0, 0
    for k, label in enumerate(labels):
        w = text_width(label, 11) + 30
        if across and col and col + w > across:
            col, row = 0.0, row + 1
        top = y + 18 * (row if across else k)
        items += [Rect(x + col, top - 5, 10, 10, fill=PALETTE[k % len(PALETTE)]),
                  Text(x + col + 15, top, label, size=11, fill=INK, baseline="middle")]
        if across:
            col += w
    return 18.0 * ((row + 1) if across else len(labels))


def score_chart(history: ScoreHistory, *, player: int | None = None, title: str = "",
                width: int = 560, height: int = 280) -> Scene:
    """Points over a game: each player's total, or one ``player``'s points by category.

    The horizontal axis counts the decisions; each line is drawn from the game's own
    score breakdown after each of them.

    >>> h = ScoreHistory(("Ada", "Ben"), ("cards", "stones"), (0, 1, 2),
    ...                  (((0, 0), (0, 0)), ((3, 0), (1, 0)), ((3, 5), (1, 2))))
    >>> totals = score_chart(h, title="Points")
    >>> [i for i in totals.ids() if i.startswith("series:")]
    ['series:Ada', 'series:Ben']
    >>> "series:stones" in score_chart(h, player=1).ids()
    True
    >>> score_chart(h, player=2)
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: score_chart player: expected a whole number from 0 to 1, \
not 2 (int)
    """
    if not isinstance(history, ScoreHistory):
        raise GaiaLabError(f"score_chart: expected a ScoreHistory (score_history's result), "
                           f"not {given(history)}")
    width, height = _size(width, height, "score_chart")
    if player is None:
        labels, series = list(history.players), [history.total(p)
                                                 for p in range(len(history.players))]
    else:
        player = whole_number(player, "score_chart player", 0, len(history.players) - 1)
        labels = list(history.categories)
        series = [history.of(player, c) for c in history.categories]
    legend_w = min(160.0, max((text_width(s, 11) for s in labels), default=0) + 24)
    left, right, top, bottom = 44.0, legend_w + 8, 34.0 if title else 14.0, 34.0
    plot_w, plot_h = width - left - right, height - top - bottom
    low = float(min([0, *(min(s) for s in series)]))
    high = float(max([1, *(max(s) for s in series)]))
    step = _nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    last = max(history.decisions[-1], 1)
    items: list[Item] = []
    if title:
        items.append(Text(left, 20, title, size=13, fill=INK, weight="bold"))

    def y_of(value: float) -> float:
        return top + plot_h * (high - value) / (high - low)

    def x_of(decision: int) -> float:
        return left + plot_w * decision / last

    tick = low
    while tick <= high + 1e-9:
        items += [Line(left, y_of(tick), left + plot_w, y_of(tick),
                       stroke=MUTED if tick == 0 else "#e3e3e3"),
                  Text(left - 6, y_of(tick), f"{tick:g}", size=10, fill=MUTED, anchor="end",
                       baseline="middle")]
        tick += step
    x_step = max(1, int(_nice_step(last)))
    for d in range(0, last + 1, x_step):
        items.append(Text(x_of(d), top + plot_h + 14, str(d), size=10, fill=MUTED,
                          anchor="middle"))
    items.append(Text(left + plot_w / 2, top + plot_h + 28, "decisions", size=10, fill=MUTED,
                      anchor="middle"))
    for k, (label, values) in enumerate(zip(labels, series)):
        colour = PALETTE[k % len(PALETTE)]
        last_k = len(values) - 1
        points = [(x_of(history.decisions[k]), y_of(v)) for k, v in enumerate(values)
                  if k in (0, last_k) or v != values[k - 1] or v != values[k + 1]]
        for (x1, y1), (x2, y2) in zip(points, points[1:]):
            items.append(Line(x1, y1, x2, y2, stroke=colour, width=2))
        items.append(Circle(*points[-1], 3, fill=colour, id=f"series:{label}",
                            title=f"{label}: {values[-1]} after {history.decisions[-1]} "
                                  f"decisions"))
    items.append(Line(left, top, left, top + plot_h, stroke=MUTED))
    _legend(items, labels, width - legend_w, top + 6)
    return Scene(width, height, tuple(items), background="#ffffff")


def score_bars(breakdown: ScoreBreakdown, *, title: str = "", width: int = 560,
               by: Callable[[ScoreBreakdown], Mapping[str, Sequence[int]]] | None = None
               ) -> Scene:
    """Each player's score as one bar, in a segment per scoring category.

    Points lost (a negative category) are drawn left of zero; the total ends each row.
    ``by`` groups the points into categories as for :func:`score_history`.

    >>> from gaia_lab.core.scoring import ScoreLine
    >>> b = ScoreBreakdown(("Ada", "Ben"), (ScoreLine(0, "cards", 7, None, ""),
    ...                    ScoreLine(1, "cards", 5, None, ""),
    ...                    ScoreLine(1, "penalty", -2, None, "")))
    >>> bars = score_bars(b, title="Final scores")
    >>> [i for i in bars.ids() if i.startswith("bar:")]
    ['bar:0:cards', 'bar:1:cards', 'bar:1:penalty']
    """
    if not isinstance(breakdown, ScoreBreakdown):
        raise GaiaLabError(f"score_bars: expected a ScoreBreakdown (score_breakdown's result), "
                           f"not {given(breakdown)}")
    table = (by or ScoreBreakdown.by_category)(breakdown)
    categories = list(table)
    row_h, gap = 22.0, 10.0
    top = 34.0 if title else 14.0
    width = whole_number(width, "score_bars width", 200, 4000)
    probe: list[Item] = []
    legend_h = _legend(probe, categories, 10, 0, across=width - 20)
    height = int(top + len(breakdown.players) * (row_h + gap) + 14 + legend_h)
    names_w = max((text_width(p, 11) for p in breakdown.players), default=0) + 12
    left, right = 10 + names_w, 44.0
    plot_w = width - left - right
    lows = [sum(min(0, table[c][p]) for c in categories) for p in range(len(breakdown.players))]
    highs = [sum(max(0, table[c][p]) for c in categories) for p in range(len(breakdown.players))]
    low, high = float(min([0, *lows])), float(max([1, *highs]))
    items: list[Item] = []
    if title:
        items.append(Text(10, 20, title, size=13, fill=INK, weight="bold"))

    def x_of(value: float) -> float:
        return left + plot_w * (value - low) / (high - low)

    bottom = top + len(breakdown.players) * (row_h + gap)
    items.append(Line(x_of(0), top - 4, x_of(0), bottom - gap + 4, stroke=MUTED))
    for p, name in enumerate(breakdown.players):
        y = top + p * (row_h + gap)
        items.append(Text(left - 8, y + row_h / 2, name, size=11, fill=INK, anchor="end",
                          baseline="middle"))
        ahead, behind = 0, 0
        for k, category in enumerate(categories):
            value = table[category][p]
            if not value:
                continue
            start = ahead if value > 0 else behind + value
            if value > 0:
                ahead += value
            else:
                behind += value
            items.append(Rect(x_of(start), y, x_of(start + abs(value)) - x_of(start), row_h,
                              fill=PALETTE[k % len(PALETTE)], stroke="#ffffff",
                              id=f"bar:{p}:{category}", title=f"{name}: {value} from {category}"))
        items.append(Text(x_of(ahead) + 6, y + row_h / 2, str(breakdown.totals[p]), size=11,
                          fill=INK, weight="bold", baseline="middle"))
    _legend(items, categories, 10, bottom + 10, across=width - 20)
    return Scene(width, height, tuple(items), background="#ffffff")


def odds_chart(outcomes: Iterable[tuple[object, Fraction | float]], *, title: str = "",
               top: int | None = None, likely_first: bool = True, width: int = 560) -> Scene:
    """The probability of each result (a roll's outcomes, a choice's odds) as a bar each.

    ``outcomes`` pairs a result (drawn as its text) with its probability, as the engines'
    ``chance_outcomes`` and odds functions give them.  The most likely come first (in the
    given order if ``likely_first`` is False, as for counts); ``top`` keeps that many and
    says how likely the rest are together.

    >>> from fractions import Fraction
    >>> chart = odds_chart([("two", Fraction(1, 4)), ("one", Fraction(1, 2)),
    ...                     ("none", Fraction(1, 4))], title="Heads in two tosses", top=2)
    >>> [i for i in chart.ids() if i.startswith("bar:")]
    ['bar:one', 'bar:two']
    >>> chart.to_svg().count("25.0%")
    2
    """
    pairs = [(str(result), p) for result, p in outcomes]
    if not all(isinstance(p, Fraction | float | int) and not isinstance(p, bool) and 0 <= p <= 1
               for _, p in pairs):
        raise GaiaLabError("odds_chart: each outcome is a (result, probability) pair with a "
                           "probability from 0 to 1")
    if likely_first:
        pairs.sort(key=lambda rp: -rp[1])
    rest = Fraction(0)
    if top is not None:
        top = whole_number(top, "odds_chart top", 1, 1000)
        rest = sum((Fraction(p) for _, p in pairs[top:]), Fraction(0))
        pairs = pairs[:top]
    row_h = 16.0
    head = 34.0 if title else 14.0
    height = int(head + row_h * (len(pairs) + (1 if rest else 0)) + 10)
    width, height = _size(width, max(height, 120), "odds_chart")
    labels_w = min(width / 2, max((text_width(r, 10) for r, _ in pairs), default=0) + 12)
    left, right = 10 + labels_w, 48.0
    plot_w = width - left - right
    high = max((float(p) for _, p in pairs), default=1.0) or 1.0
    items: list[Item] = []
    if title:
        items.append(Text(10, 20, title, size=13, fill=INK, weight="bold"))
    for k, (result, p) in enumerate(pairs):
        y = head + k * row_h
        w = plot_w * float(p) / high
        items += [Text(left - 6, y + row_h / 2, result, size=10, fill=INK, anchor="end",
                       baseline="middle"),
                  Rect(left, y + 2, w, row_h - 4, fill=BAR, id=f"bar:{result}",
                       title=f"{result}: {p} = {float(p):.2%}"),
                  Text(left + w + 5, y + row_h / 2, f"{float(p):.1%}", size=10, fill=MUTED,
                       baseline="middle")]
    if rest:
        y = head + len(pairs) * row_h + row_h / 2
        items.append(Text(left - 6, y, "all others", size=10, fill=MUTED, anchor="end",
                          baseline="middle"))
        items.append(Text(left, y, f"{float(rest):.1%} together", size=10, fill=MUTED,
                          baseline="middle"))
    items.append(Line(left, head, left, head + len(pairs) * row_h, stroke=MUTED))
    return Scene(width, height, tuple(items), background="#ffffff")
