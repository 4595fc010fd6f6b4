"""Explorer: play any game in a notebook, with the rules explained at every step.

The Explorer shows a session's board (legal targets highlighted; a click on the
board picks the action), the legal actions of the current decision grouped by
verb, a "Why not?" box that explains any typed move, the score table, the event
log with rule citations, and undo/redo with a position slider::

    import gaia_lab
    from gaia_lab.widgets import Explorer
    ex = Explorer(gaia_lab.Session("animals_gathering", players=3, seed=1))
    ex                      # last expression of a cell: shows the controls
    ex.play("keep fox")     # the same as clicking the button

Everything on screen is redrawn in one place, :meth:`Explorer.refresh`, after
each change. A failed action changes nothing and is reported in the message
line. The widget only calls the :class:`~gaia_lab.core.session.Session`; it
knows no game.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets

from gaia_lab.core.errors import GaiaLabError, IllegalActionError
from gaia_lab.core.session import Session
from gaia_lab.render.canvas import BoardCanvas
from gaia_lab.widgets import _common
from gaia_lab.widgets._common import (
    GREY,
    WidgetPool,
    error_html,
    events_html,
    info_html,
    verdict_html,
)

__all__ = ["Explorer"]


class _Picker:
    """A verb with too many actions for buttons: a dropdown and a Play button."""

    def __init__(self, explorer: Explorer) -> None:
        self.label = widgets.HTML()
        self.dropdown = widgets.Dropdown(layout=widgets.Layout(width="auto", max_width="360px"))
        self.button = widgets.Button(description="Play", layout=widgets.Layout(width="auto"))
        self.button.on_click(lambda _button: explorer._play_index(self.dropdown.value))
        self.box = widgets.HBox([self.label, self.dropdown, self.button])

    def close(self) -> None:
        for w in (self.label, self.dropdown, self.button, self.box):
            w.close()


class Explorer:
    """Interactive controls over a :class:`~gaia_lab.core.session.Session`.

    ``seed`` seeds the random moves of the auto-play button; ``group_limit`` is
    the number of actions of one verb above which they are listed in a dropdown
    instead of as buttons; ``log_limit`` caps the lines of the event log.
    Display the Explorer (or its :attr:`widget`) to see it.
    """

    def __init__(
        self,
        session: Session,
        *,
        seed: int = 0,
        group_limit: int = 12,
        log_limit: int = 200,
    ) -> None:
        self.session = session
        self.group_limit = group_limit
        self.log_limit = log_limit
        self._rng = random.Random(seed)
        self._legal: list[Any] = []
        self._targets: list[tuple[str, ...]] = []
        self._narrow: tuple[str, list[int]] | None = None
        self._seen: tuple[int, int, int] | None = None
        self._syncing = False
        self._button_action: dict[int, int] = {}

        self._status = widgets.HTML()
        self._message = widgets.HTML()
        self._board = BoardCanvas(fit=True)
        self._board.on_click(lambda id, _x, _y: self.click(id))

        self._actions_box = widgets.VBox()
        self._buttons: WidgetPool[Any] = WidgetPool(self._new_action_button)
        self._rows: WidgetPool[Any] = WidgetPool(
            lambda: widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        )
        self._labels: WidgetPool[Any] = WidgetPool(widgets.HTML)
        self._pickers: WidgetPool[_Picker] = WidgetPool(lambda: _Picker(self))
        self._clear_button = widgets.Button(
            description="clear", tooltip="Show every legal action again",
            layout=widgets.Layout(width="auto"),
        )
        self._clear_button.on_click(lambda _b: self.clear_selection())

        self._why_text = widgets.Text(
            placeholder="type a move", layout=widgets.Layout(width="170px")
        )
        self._why_button = widgets.Button(
            description="Why not?", tooltip="Explain whether this move is legal now",
            layout=widgets.Layout(width="auto"),
        )
        self._why_button.on_click(lambda _b: self.why(self._why_text.value))
        self._play_text_button = widgets.Button(
            description="Play", tooltip="Play the typed move", layout=widgets.Layout(width="auto")
        )
        self._play_text_button.on_click(lambda _b: self.play(self._why_text.value))
        self._why_result = widgets.HTML()

        self._auto_count = widgets.BoundedIntText(
            value=10, min=1, max=100_000, layout=widgets.Layout(width="90px")
        )
        self._auto_button = widgets.Button(
            description="Auto-play random moves",
            tooltip="Play this many random legal moves (seeded)",
            layout=widgets.Layout(width="auto"),
        )
        self._auto_button.on_click(lambda _b: self.auto_play(int(self._auto_count.value)))

        self._undo_button = widgets.Button(
            description="Undo", icon="undo", layout=widgets.Layout(width="auto")
        )
        self._undo_button.on_click(lambda _b: self.undo())
        self._redo_button = widgets.Button(
            description="Redo", icon="redo", layout=widgets.Layout(width="auto")
        )
        self._redo_button.on_click(lambda _b: self.redo())
        self._slider = widgets.IntSlider(
            min=0, max=0, value=0, description="decision", continuous_update=False
        )
        self._slider.observe(self._on_slider, names="value")
        self._position = widgets.HTML()

        self._score_html = widgets.HTML()
        self._summary_html = widgets.HTML()
        self._log_html = widgets.HTML(
            layout=widgets.Layout(max_height="320px", overflow="auto")
        )

        right = widgets.VBox(
            [
                widgets.HTML("<b>Legal actions</b>"),
                self._actions_box,
                widgets.HTML("<b>Why not?</b> Type any move to check it."),
                widgets.HBox([self._why_text, self._why_button, self._play_text_button]),
                self._why_result,
                widgets.HBox([self._auto_count, self._auto_button]),
            ],
            layout=widgets.Layout(min_width="320px", flex="0 1 360px", padding="0 0 0 12px"),
        )
        board = widgets.Box([self._board.canvas],
                            layout=widgets.Layout(flex="1 1 520px", min_width="0"))
        self.widget = widgets.VBox(
            [
                self._status,
                self._message,
                widgets.HBox([board, right], layout=widgets.Layout(flex_flow="row wrap",
                                                                   align_items="flex-start")),
                widgets.HBox(
                    [self._undo_button, self._redo_button, self._slider, self._position]
                ),
                widgets.HBox(
                    [
                        widgets.VBox(
                            [widgets.HTML("<b>Score</b>"), self._score_html, self._summary_html],
                            layout=widgets.Layout(flex="1 1 300px"),
                        ),
                        widgets.VBox(
                            [widgets.HTML("<b>Log</b> (latest first)"), self._log_html],
                            layout=widgets.Layout(flex="2 1 400px"),
                        ),
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
            ]
        )
        """The whole Explorer as one ipywidgets box."""
        self.refresh()

    # -- the widgets, for tests and notebooks -----------------------------------------
    @property
    def board(self) -> BoardCanvas:
        """The live board (its ipycanvas ``Canvas`` is ``board.canvas``)."""
        return self._board

    @property
    def status(self) -> Any:
        """HTML: whose decision it is, or the winners."""
        return self._status

    @property
    def message(self) -> Any:
        """HTML: the outcome of the last command (errors in red)."""
        return self._message

    @property
    def actions_box(self) -> Any:
        """VBox of the legal actions, one row per verb."""
        return self._actions_box

    @property
    def action_buttons(self) -> list[Any]:
        """The action buttons on show, in order (dropdown groups not included)."""
        return [
            b
            for row in self._actions_box.children
            for b in getattr(row, "children", ())
            if isinstance(b, widgets.Button) and id(b) in self._button_action
        ]

    @property
    def log_html(self) -> Any:
        """HTML: the event log, latest first, each line with its rule citation."""
        return self._log_html

    @property
    def score_html(self) -> Any:
        """HTML: the score table."""
        return self._score_html

    @property
    def why_text(self) -> Any:
        """Text input of the "Why not?" box."""
        return self._why_text

    @property
    def why_button(self) -> Any:
        """Button that explains the typed move."""
        return self._why_button

    @property
    def play_text_button(self) -> Any:
        """Button that plays the typed move."""
        return self._play_text_button

    @property
    def why_result(self) -> Any:
        """HTML: the verdict on the typed move."""
        return self._why_result

    @property
    def undo_button(self) -> Any:
        """Button: take back one decision."""
        return self._undo_button

    @property
    def redo_button(self) -> Any:
        """Button: play again one decision taken back."""
        return self._redo_button

    @property
    def slider(self) -> Any:
        """IntSlider over the decisions played (moving it jumps there)."""
        return self._slider

    @property
    def auto_count(self) -> Any:
        """How many random moves the auto-play button plays."""
        return self._auto_count

    @property
    def auto_button(self) -> Any:
        """Button: play random legal moves."""
        return self._auto_button

    @property
    def legal(self) -> list[Any]:
        """The legal actions on show (all of them, not only a narrowed selection)."""
        return list(self._legal)

    @property
    def selection(self) -> tuple[str, list[Any]] | None:
        """The clicked board id and its actions while the list is narrowed, else None."""
        if self._narrow is None:
            return None
        id, indices = self._narrow
        return id, [self._legal[i] for i in indices]

    # -- commands ---------------------------------------------------------------------
    def play(self, action: Any) -> None:
        """Play an action or its notation; on failure, change nothing and say why."""
        self._sync()
        if isinstance(action, str):
            action = action.strip()
            if not action:
                self._message.value = error_html("Type a move first.")
                return
        mark = len(self.session.history)
        try:
            events = self.session.play(action)
        except IllegalActionError as error:
            self._message.value = (
                error_html("Not played. ") + verdict_html(error.verdict, str(action))
            )
            return
        except GaiaLabError as error:
            self._message.value = error_html(f"Not played: {error}")
            return
        except Exception as error:  # an engine bug must not break the controls
            self._message.value = error_html(
                f"Not played: {type(error).__name__}: {error}"
            )
            return
        self._narrow = None
        self.refresh()
        played = self.session.history[mark].notation
        count = f"{len(events)} event{'' if len(events) == 1 else 's'}"
        self._message.value = info_html(f"Played {played} ({count}).")

    def click(self, element_id: str | None) -> None:
        """A click on the board element ``element_id`` (None: off every element).

        One legal action concerns it: play it. Several: narrow the action list to
        them (:meth:`clear_selection` shows all again); a further click narrows that
        list again. None: say so.
        """
        self._sync()
        if self.session.is_over():
            self._message.value = info_html("The game is over.")
            return
        if element_id is None:
            self._message.value = info_html("Nothing to pick there.")
            return
        matches = [i for i, targets in enumerate(self._targets) if element_id in targets]
        if self._narrow is not None:
            # a second click narrows the actions the first one picked (e.g. an animal,
            # then the space to put it on); one that concerns none of them starts afresh
            within = [i for i in self._narrow[1] if element_id in self._targets[i]]
            if within:
                matches = within
                element_id = f"{self._narrow[0]} + {element_id}"
        if not matches:
            self._message.value = info_html(f"No legal action concerns {element_id}.")
        elif len(matches) == 1:
            self._play_index(matches[0])
        else:
            self._narrow = (element_id, matches)
            self.refresh()
            self._message.value = info_html(
                f"{len(matches)} legal actions concern {element_id}: pick one."
            )

    def clear_selection(self) -> None:
        """Show every legal action again after a board click narrowed them."""
        self._narrow = None
        self.refresh()
        self._message.value = ""

    def why(self, text: str) -> None:
        """Show the verdict on ``text`` (any move) in the "Why not?" box; never raises.

        The session is not changed.
        """
        text = text.strip()
        if not text:
            self._why_result.value = error_html("Type a move first.")
            return
        try:
            verdict = self.session.explain(text)
        except Exception as error:  # explain is meant never to raise; stay safe anyway
            self._why_result.value = error_html(f"{type(error).__name__}: {error}")
            return
        self._why_result.value = verdict_html(verdict, text)

    def undo(self) -> None:
        """Take back the last decision."""
        self._travel(lambda: self.session.undo(), "Took back one decision.")

    def redo(self) -> None:
        """Play again the last decision taken back."""
        self._travel(lambda: self.session.redo(), "Played one decision again.")

    def goto(self, position: int) -> None:
        """Jump to the position after ``position`` decisions."""
        self._travel(lambda: self.session.goto(position), f"Jumped to decision {position}.")

    def auto_play(self, n: int) -> None:
        """Play up to ``n`` random legal moves (seeded), stopping at the end of the game."""
        self._sync()
        played = 0
        try:
            for _ in range(max(0, n)):
                if self.session.is_over():
                    break
                legal = self.session.legal_actions()
                if not legal:
                    break
                self.session.play(self._rng.choice(legal))
                played += 1
        except Exception as error:
            self._narrow = None
            self.refresh()
            self._message.value = error_html(
                f"Stopped after {played} random move(s): {type(error).__name__}: {error}"
            )
            return
        self._narrow = None
        self.refresh()
        self._message.value = info_html(f"Played {played} random move(s).")

    # -- drawing ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the session: board, actions, scores, log, controls."""
        session = self.session
        game = session.game
        state = session.state
        over = session.is_over()
        self._legal = [] if over else session.legal_actions()
        self._targets = [tuple(game.action_targets(state, a)) for a in self._legal]
        if self._narrow is not None and any(i >= len(self._legal) for i in self._narrow[1]):
            self._narrow = None
        shown = self._narrow[1] if self._narrow is not None else range(len(self._legal))
        highlight: dict[str, None] = {}
        for i in shown:
            for target in self._targets[i]:
                highlight.setdefault(target)

        self._board.show(_common.board_scene(session, tuple(highlight)))
        self._status.value = self._status_html(over)
        self._draw_actions(over)
        self._score_html.value = session.score_breakdown()._repr_html_()
        self._summary_html.value = (
            f"<details><summary>State summary</summary><pre>"
            f"{escape(game.describe(state))}</pre></details>"
        )
        events = session.events
        self._log_html.value = events_html(
            events, new_from=self._new_events_from(), latest_first=True, limit=self.log_limit
        )
        self._undo_button.disabled = not session.can_undo
        self._redo_button.disabled = not session.can_redo
        self._syncing = True
        try:
            self._slider.max = max(session.length, 1)
            self._slider.value = session.position
            self._slider.disabled = session.length == 0
        finally:
            self._syncing = False
        self._position.value = f"of {session.length}"
        self._seen = self._fingerprint()

    def _status_html(self, over: bool) -> str:
        session = self.session
        if over:
            names = session.names
            winners = ", ".join(names[w] for w in session.winners()) or "none"
            return f"<b>Game over</b> — winners: {escape(winners)}"
        actor = session.actor
        if isinstance(actor, int):
            who = f"<b>{escape(session.names[actor])}</b> to act"
        else:
            who = f"<b>{escape(str(actor))}</b> step pending"
        pending = session.pending
        if pending is not None:
            rule = pending.rule
            who += (f" — {escape(pending.text)} <span style=\"color:{GREY}\" "
                    f"title=\"{escape(str(rule))}\">[{escape(rule.id)}]</span>")
        verbs = list(dict.fromkeys(self._group(a) for a in self._legal))
        choices = f"{len(self._legal)} legal action(s)"
        if verbs:
            choices += ": " + ", ".join(escape(v) for v in verbs)
        return f"{who} — {choices} <span style=\"color:{GREY}\">(decision " \
               f"{session.decisions + 1})</span>"

    def _draw_actions(self, over: bool) -> None:
        self._buttons.reset()
        self._rows.reset()
        self._labels.reset()
        self._pickers.reset()
        self._button_action.clear()
        children: list[Any] = []
        if not self._legal:
            label = self._labels.take()
            label.value = f'<span style="color:{GREY}">' + (
                "The game is over." if over else "No legal action.") + "</span>"
            children.append(label)
        elif self._narrow is not None:
            id, indices = self._narrow
            label = self._labels.take()
            label.value = f"Actions concerning <code>{escape(id)}</code>:"
            row = self._rows.take()
            row.children = tuple(self._button(i) for i in indices) + (self._clear_button,)
            children.extend([label, row])
        else:
            groups: dict[str, list[int]] = {}
            for i, action in enumerate(self._legal):
                groups.setdefault(self._group(action), []).append(i)
            for verb, indices in groups.items():
                if len(indices) > self.group_limit:
                    picker = self._pickers.take()
                    picker.label.value = f"<b>{escape(verb)}</b> ({len(indices)})&nbsp;"
                    picker.dropdown.options = [(str(self._legal[i]), i) for i in indices]
                    picker.dropdown.value = indices[0]
                    children.append(picker.box)
                else:
                    label = self._labels.take()
                    label.value = f"<b>{escape(verb)}</b>&nbsp;"
                    row = self._rows.take()
                    row.children = (label, *(self._button(i) for i in indices))
                    children.append(row)
        self._actions_box.children = tuple(children)

    def _button(self, index: int) -> Any:
        button = self._buttons.take()
        button.description = str(self._legal[index])
        targets = self._targets[index]
        button.tooltip = "on the board: " + ", ".join(targets) if targets else ""
        self._button_action[id(button)] = index
        return button

    def _new_action_button(self) -> Any:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.on_click(self._on_action_button)
        return button

    def _on_action_button(self, button: Any) -> None:
        index = self._button_action.get(id(button))
        if index is not None:
            self._play_index(index)

    def _play_index(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self._legal):
            self._message.value = error_html("That action is no longer on offer.")
            return
        if self._fingerprint() != self._seen:
            self.refresh()
            self._message.value = error_html("The game changed; pick the action again.")
            return
        self.play(self._legal[index])

    # -- bookkeeping ------------------------------------------------------------------
    def _travel(self, move: Any, done: str) -> None:
        try:
            move()
        except GaiaLabError as error:
            self._message.value = error_html(str(error))
            self.refresh()
            return
        self._narrow = None
        self.refresh()
        self._message.value = info_html(done)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        position = int(change["new"])
        if position != self.session.position:
            self.goto(position)

    def _last_decision(self) -> int | None:
        history = self.session.history
        for k in range(len(history) - 1, -1, -1):
            if history[k].is_decision:
                return k
        return None

    def _new_events_from(self) -> int:
        """Index of the first event caused by the last decision (shown in bold)."""
        history = self.session.history
        last = self._last_decision()
        if last is None:
            return sum(len(p.events) for p in history)
        return sum(len(p.events) for p in history[:last])

    def _fingerprint(self) -> tuple[int, int, int]:
        history = self.session.history
        return (len(history), id(history[-1]) if history else 0, len(self.session._redo))

    def _sync(self) -> None:
        """Redraw first if the session was changed behind the Explorer's back."""
        if self._fingerprint() != self._seen:
            self._narrow = None
            self.refresh()

    # -- display ----------------------------------------------------------------------
    def _group(self, action: Any) -> str:
        """The heading ``action`` is listed under (its verb)."""
        return str(self.session.game.action_group(self.session.state, action))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _common.mimebundle(self.widget, repr(self), **kwargs)

    def __repr__(self) -> str:
        s = self.session
        return f"Explorer({s.game.meta.name}, players={s.players}, seed={s.seed})"



