"""Charts of simulated games as :class:`~gaia_lab.render.shapes.Scene` s (SVG in a notebook).

:func:`win_rate_chart` draws how often each seat won a
:class:`~gaia_lab.simulation.SimulationTable`, each bar with its 95% confidence
interval and a dashed line at the fair share (one in the number of seats), so a
class sees at a glance whether a seat's edge is more than chance.

>>> from gaia_lab.simulation import simulate
>>> table = simulate("animals_gathering", 6, players=3, seed=2, executor="serial")
>>> chart = win_rate_chart(table, title="Who wins?")
>>> chart.width, "bar:0" in chart.ids(), "bar:2" in chart.ids()
(520, True, True)
>>> chart.to_svg().startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gaia_lab.core.checks import given, whole_number
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.render.layout import INK, MUTED
from gaia_lab.render.shapes import Item, Line, Rect, Scene, Text

if TYPE_CHECKING:
    from gaia_lab.simulation import SimulationTable

__all__ = ["win_rate_chart"]

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
