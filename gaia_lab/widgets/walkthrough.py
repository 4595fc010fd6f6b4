"""Walkthrough: step through a worked example of a rulebook, with the board after each step.

Position 0 is the example's starting position; positions 1..n are its steps.
Each step shows its commentary, the rule it cites, the actions played (in
notation), the checkpoints (✓ or ✗ with the expected and the measured value),
the events it caused and the board after it::

    import gaia_lab
    from gaia_lab.widgets import Walkthrough
    w = Walkthrough(gaia_lab.examples("animals_gathering")[0])
    w                       # last expression of a cell: shows the controls
    w.step_html(1)          # the same page as static HTML

The example is played once, when the Walkthrough is made.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from gaia_lab.core.example import Example, StepResult
from gaia_lab.core.session import Session
from gaia_lab.render.canvas import BoardCanvas
from gaia_lab.widgets import _common
from gaia_lab.widgets._common import GREEN, GREY, RED, citation_html, events_html

__all__ = ["Walkthrough"]


class Walkthrough:
    """Previous/Next controls and a slider over the steps of an :class:`Example`."""

    def __init__(self, example: Example) -> None:
        self.example = example
        self.start: Session = example.start()
        """The session at the starting position."""
        self.results: list[StepResult] = list(example.results())
        """Each step after it was played (played once, here)."""
        self._index = 0

        self._title = widgets.HTML(
            f"<h3 style=\"margin:0\">{escape(example.title)}</h3>"
            f'<small style="color:{GREY}" title="example {escape(example.id)}">'
            f"{escape(example.source)}</small>"
        )
        self._prev_button = widgets.Button(
            description="Previous", icon="arrow-left", layout=widgets.Layout(width="auto")
        )
        self._prev_button.on_click(lambda _b: self.previous())
        self._next_button = widgets.Button(
            description="Next", icon="arrow-right", layout=widgets.Layout(width="auto")
        )
        self._next_button.on_click(lambda _b: self.next())
        self._slider = widgets.IntSlider(
            min=0, max=len(self.results), value=0, description="step", continuous_update=False
        )
        self._slider.observe(self._on_slider, names="value")
        self._html = widgets.HTML()
        self._board = BoardCanvas(fit=True)
        # the board is drawn at the width it is shown at, so its text keeps its size
        self._board.on_resize(lambda _width: self.show(self._index))
        board = widgets.Box([self._board.canvas])
        board.add_class("gaia-table-board")
        side = widgets.VBox(
            [
                self._title,
                widgets.HBox([self._prev_button, self._next_button, self._slider],
                             layout=widgets.Layout(flex_flow="row wrap")),
                self._html,
            ]
        )
        side.add_class("gaia-table-side")
        # the step and its Previous/Next beside the board, kept in view while it scrolls
        self.widget = widgets.HBox(
            [side, board], layout=widgets.Layout(flex_flow="row wrap", width="100%")
        )
        self.widget.add_class("gaia-table")
        """The whole Walkthrough as one ipywidgets box."""
        self.show(0)

    # -- the widgets ------------------------------------------------------------------
    @property
    def board(self) -> BoardCanvas:
        """The board after the step on show."""
        return self._board

    @property
    def html(self) -> Any:
        """HTML of the step on show (the same as :meth:`step_html`)."""
        return self._html

    @property
    def prev_button(self) -> Any:
        """Button: the previous step."""
        return self._prev_button

    @property
    def next_button(self) -> Any:
        """Button: the next step."""
        return self._next_button

    @property
    def slider(self) -> Any:
        """IntSlider over the positions 0 (start) .. n (last step)."""
        return self._slider

    @property
    def index(self) -> int:
        """The position on show: 0 is the start, ``i`` is after step ``i``."""
        return self._index

    def __len__(self) -> int:
        """The number of steps (positions are 0..len)."""
        return len(self.results)

    @property
    def ok(self) -> bool:
        """True when every checkpoint of every step holds."""
        return all(r.ok for r in self.results)

    # -- moving -----------------------------------------------------------------------
    def next(self) -> None:
        """Show the next step (stays on the last)."""
        self.show(min(self._index + 1, len(self.results)))

    def previous(self) -> None:
        """Show the previous step (stays on the start)."""
        self.show(max(self._index - 1, 0))

    def show(self, i: int) -> None:
        """Show position ``i``: its text, and the board after it."""
        if not 0 <= i <= len(self.results):
            raise IndexError(f"step {i} is outside 0..{len(self.results)}")
        self._index = i
        self._html.value = self.step_html(i)
        session = self.session(i)
        self._board.show(
            _common.board_scene(session, self.highlight(i), self._board.width),
            description=f"{session.game.meta.title} board after step {i} of "
                        f"{len(self.results)} of {self.example.title}",
        )
        self._prev_button.disabled = i == 0
        self._next_button.disabled = i == len(self.results)
        if self._slider.value != i:
            self._slider.value = i

    def _on_slider(self, change: dict[str, Any]) -> None:
        i = int(change["new"])
        if i != self._index:
            self.show(i)

    # -- content ----------------------------------------------------------------------
    def session(self, i: int) -> Session:
        """The session at position ``i`` (0: the start)."""
        return self.start if i == 0 else self.results[i - 1].session

    def highlight(self, i: int) -> list[str]:
        """Board ids that step ``i``'s actions concern."""
        if i == 0:
            return []
        before = len(self.session(i - 1).history)
        return _common.ply_targets(self.session(i), before)

    def step_html(self, i: int) -> str:
        """Position ``i`` as static HTML (0: the example's summary)."""
        n = len(self.results)
        if not 0 <= i <= n:
            raise IndexError(f"step {i} is outside 0..{n}")
        if i == 0:
            notes = f"<p><i>{escape(self.example.notes)}</i></p>" if self.example.notes else ""
            return (
                f"<h4>Start ({n} steps follow)</h4>"
                f"<p>{escape(self.example.summary)}</p>{notes}"
                f"<p><b>Players:</b> {escape(', '.join(self.start.names))}</p>"
            )
        result = self.results[i - 1]
        step = result.step
        heading = f"Step {i} of {n}" + (f": {escape(step.title)}" if step.title else "")
        parts = [f"<h4>{heading}</h4>", f"<p>{escape(step.commentary)}</p>"]
        if step.rule is not None:
            parts.append(
                f"<p><b>Rule:</b> {escape(step.rule.summary)}"
                f"{citation_html(step.rule, self._game)}</p>"
            )
        if step.play:
            played = ", ".join(f"<code>{escape(a)}</code>" for a in step.play)
            parts.append(f"<p><b>Played:</b> {played}</p>")
        if step.chance:
            forced = ", ".join(f"<code>{escape(a)}</code>" for a in step.chance)
            parts.append(f"<p><b>Chance (forced):</b> {forced}</p>")
        if result.checks:
            rows = "".join(
                "<tr>"
                f'<td style="color:{GREEN if ok else RED}">{"✓" if ok else "✗"}</td>'
                f"<td>{escape(cp.label)}</td><td><code>{escape(repr(cp.expected))}</code></td>"
                f"<td><code>{escape(repr(actual))}</code></td></tr>"
                for cp, ok, actual in result.checks
            )
            parts.append(
                "<table><thead><tr><th></th><th>checkpoint</th><th>expected</th>"
                f"<th>actual</th></tr></thead><tbody>{rows}</tbody></table>"
            )
        before = len(self.session(i - 1).events)
        new = result.session.events[before:]
        parts.append("<p><b>Events:</b></p>")
        parts.append(events_html(new, empty="No events.", game=self._game))
        return "".join(parts)

    @property
    def _game(self) -> str:
        return self.start.game.meta.name

    # -- display ----------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _common.mimebundle(self.widget, repr(self), **kwargs)

    def __repr__(self) -> str:
        return f"Walkthrough({self.example.id}, {len(self.results)} steps)"
