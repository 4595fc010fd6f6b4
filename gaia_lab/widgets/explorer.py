"""Explorer: play any game in a notebook, with the rules explained at every step.

The Explorer shows a session's board (legal targets highlighted; a click on the
board picks the action), the legal actions of the current decision grouped by
verb, a "Why not?" box that explains any typed move, the score table, a
collapsible panel of charts (each player's points after each decision and the
points by category, from the game's own score breakdowns), the event log with
rule citations, and undo/redo with a position slider::

    import gaia_lab
    from gaia_lab.widgets import Explorer
    ex = Explorer(gaia_lab.Session("animals_gathering", players=3, seed=1))
    ex                      # last expression of a cell: shows the controls
    ex.play("keep fox")     # the same as clicking the button

Everything on screen is redrawn in one place, :meth:`Explorer.refresh`, after
each change (a board click that only narrows the action list redraws the
decision alone; the charts are drawn only while their panel is open). A failed
action changes nothing and is reported in the message line. The widget only
calls the :class:`~gaia_lab.core.session.Session`; it knows no game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from html import escape
from typing import Any, Generic, TypeVar, overload

import ipywidgets as widgets

from gaia_lab.core.errors import GaiaLabError, IllegalActionError
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.session import Session
from gaia_lab.render import charts
from gaia_lab.render.canvas import BoardCanvas
from gaia_lab.render.layout import Parts
from gaia_lab.render.shapes import Scene
from gaia_lab.widgets import _common
from gaia_lab.widgets._common import (
    GREY,
    ActionPanel,
    Menu,
    MessageLine,
    citation_html,
    error_html,
    events_html,
    info_html,
    verdict_html,
)

__all__ = ["Explorer"]

CHART_WIDTH = 380
"""The width of the charts in the side column (they shrink to a narrower one)."""
CHART_PANEL_HEIGHT = 340
"""The charts panel scrolls within this height, so opening it moves no control."""


K = TypeVar("K")
V = TypeVar("V")


class _Remembered(Generic[K, V]):
    """A value computed once per object (an immutable state or breakdown), kept beside
    the object so that its id is never reused while remembered; forgotten all at once
    when more are kept than twice ``size()`` (states taken back or jumped away from)."""

    __slots__ = ("_seen", "_size")

    def __init__(self, size: Callable[[], int]) -> None:
        self._seen: dict[int, tuple[K, V]] = {}
        self._size = size

    def get(self, key: K, compute: Callable[[K], V]) -> V:
        seen = self._seen.get(id(key))
        if seen is None or seen[0] is not key:
            if len(self._seen) > 2 * self._size() + 64:
                self._seen.clear()
            seen = (key, compute(key))
            self._seen[id(key)] = seen
        return seen[1]


class _Listing:
    """The decision at one state, worked out once however often it is redrawn (a click
    that narrows the list, showing all again, a resize): the legal actions with their
    verbs and board targets, the actions that concern each target and those of each verb
    (both in order of first appearance), the labels read so far (each made when first
    read: a long menu's only when the browser asks for them) and the boards drawn for
    it."""

    __slots__ = ("_labels", "concern", "groups", "legal", "scenes", "state", "targets",
                 "verbs")

    def __init__(self, session: Session, over: bool) -> None:
        game = session.game
        self.state = state = session.state
        self.legal: list[Any] = [] if over else session.legal_actions()
        group, targets_of = game.action_group, game.action_targets
        self._labels: list[str | None] = [None] * len(self.legal)
        self.groups = [str(group(state, a)) for a in self.legal]
        self.targets = [tuple(targets_of(state, a)) for a in self.legal]
        self.concern: dict[str, list[int]] = {}
        self.verbs: dict[str, list[int]] = {}
        concern, verbs = self.concern.get, self.verbs.get
        for i, targets in enumerate(self.targets):
            for target in targets:
                indices = concern(target)  # get, not setdefault: no list made in vain
                if indices is None:
                    self.concern[target] = [i]
                else:
                    indices.append(i)
            indices = verbs(self.groups[i])
            if indices is None:
                self.verbs[self.groups[i]] = [i]
            else:
                indices.append(i)
        self.scenes: dict[tuple[tuple[str, ...], int], Scene] = {}
        """The boards drawn for this state, by highlight and width."""

    def label(self, index: int) -> str:
        """The notation of the legal action ``index`` (made once)."""
        label = self._labels[index]
        if label is None:
            label = self._labels[index] = str(self.legal[index])
        return label


class _Labels(Sequence[str]):
    """The labels of some actions of a listing, each made when it is read: a long menu
    sends only its first until the browser asks for the rest.

    >>> from gaia_lab.core.session import Session
    >>> listing = _Listing(Session("animals_gathering", players=3, seed=1), over=False)
    >>> labels = _Labels(listing, [2, 0])
    >>> len(labels), labels[1] == str(listing.legal[0]), listing._labels[2] is None
    (2, True, True)
    >>> list(labels) == [str(listing.legal[2]), str(listing.legal[0])]
    True
    """

    __slots__ = ("_indices", "_listing")

    def __init__(self, listing: _Listing, indices: Sequence[int]) -> None:
        self._listing = listing
        self._indices = indices

    def __len__(self) -> int:
        return len(self._indices)

    def __iter__(self) -> Iterator[str]:
        return map(self._listing.label, self._indices)

    @overload
    def __getitem__(self, k: int) -> str: ...
    @overload
    def __getitem__(self, k: slice) -> list[str]: ...
    def __getitem__(self, k: int | slice) -> str | list[str]:
        if isinstance(k, slice):
            return [self._listing.label(i) for i in self._indices[k]]
        return self._listing.label(self._indices[k])


def _spoken(name: str, labels: list[str], count: int) -> str:
    """What the keyboard walk announces on a target: its name and the labels of the first
    two of the ``count`` actions that concern it."""
    more = f" and {count - 2} more" if count > 2 else ""
    return f"{name}: {', '.join(labels)}{more}"


def _fitted(svg: str) -> str:
    """An SVG chart that shrinks to the width it is given, keeping its shape."""
    return svg.replace("<svg ", '<svg style="display:block;max-width:100%;height:auto" ', 1)


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
        self._listing: _Listing | None = None
        self._parts = Parts()
        self._legal: list[Any] = []
        self._targets: list[tuple[str, ...]] = []
        self._groups: list[str] = []
        self._titled: tuple[Any, dict[str, str]] | None = None
        self._narrow: tuple[str, list[int]] | None = None
        self._seen: tuple[int, int, int] | None = None
        self._syncing = False
        self._typed_played: str | None = None

        self._status = widgets.HTML()
        self._message_line = MessageLine()
        self._message = self._message_line.widget
        self._board = BoardCanvas(fit=True)
        self._board.on_click(lambda id, _x, _y: self.click(id))
        # the board is drawn at the width it is shown at, so its text keeps its size
        self._board.on_resize(lambda _width: self._draw_board(self.session.is_over()))

        self._actions = ActionPanel()
        self._actions.on_play(self._play_index)
        self._actions.on_clear(self.clear_selection)

        self._why_text = widgets.Text(
            placeholder="type a move, then Enter", layout=widgets.Layout(width="190px"),
            continuous_update=False,
        )
        # sent on Enter (or on leaving the box): a new text is answered at once
        self._why_text.observe(self._on_typed, names="value")
        self._why_button = widgets.Button(
            description="Why not?", tooltip="Explain whether this move is legal now",
            layout=widgets.Layout(width="auto"),
        )
        self._why_button.on_click(lambda _b: self.why(self._why_text.value))
        self._play_text_button = widgets.Button(
            description="Play", tooltip="Play the typed move", layout=widgets.Layout(width="auto")
        )
        self._play_text_button.on_click(lambda _b: self._play_typed())
        self._why_result = widgets.HTML()

        self._auto_count = widgets.BoundedIntText(
            value=10, min=1, max=100_000, layout=widgets.Layout(width="80px")
        )
        self._auto_button = widgets.Button(
            description="Auto-play",
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
            min=1, max=1, value=1, description="decision", continuous_update=False,
            layout=widgets.Layout(width="auto", flex="1 1 160px"),
        )
        self._slider.observe(self._on_slider, names="value")
        self._position = widgets.HTML()

        self._score_html = widgets.HTML()
        self._summary_html = widgets.HTML()
        self._breakdowns: _Remembered[Any, ScoreBreakdown] = _Remembered(self._history_size)
        self._groupings: _Remembered[ScoreBreakdown, Mapping[str, Sequence[int]]] = \
            _Remembered(self._history_size)
        self._charts_html = widgets.HTML()
        self._charts_drawn: tuple[int, int, int] | None = None
        self._charts = widgets.Accordion(
            children=[self._charts_html],
            titles=("Charts: points after each decision, points by category",),
            selected_index=None,
        )
        # drawn while open only: a closed panel costs a move nothing
        self._charts.observe(lambda _change: self._draw_charts(), names="selected_index")
        self._log_html = widgets.HTML(
            layout=widgets.Layout(max_height="260px", overflow="auto")
        )

        side = widgets.VBox(
            [
                self._status,
                self._message,
                self._actions,
                widgets.HTML("<b>Why not?</b> Type any move to check it (Enter)."),
                widgets.HBox([self._why_text, self._why_button, self._play_text_button],
                             layout=widgets.Layout(flex_flow="row wrap")),
                self._why_result,
                widgets.HBox([self._undo_button, self._redo_button],
                             layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self._slider, self._position]),
                widgets.HBox([self._auto_count, self._auto_button]),
                widgets.HTML("<b>Score</b>"),
                self._score_html,
                self._summary_html,
                self._charts,
                widgets.HTML("<b>Log</b> (latest first)"),
                self._log_html,
            ],
        )
        side.add_class("gaia-table-side")
        board = widgets.Box([self._board.canvas])
        board.add_class("gaia-table-board")
        self.widget = widgets.HBox(
            [board, side], layout=widgets.Layout(flex_flow="row wrap", width="100%")
        )
        self.widget.add_class("gaia-table")
        """The whole Explorer as one ipywidgets box."""
        self.refresh()

    # -- the widgets, for tests and notebooks -----------------------------------------
    @property
    def board(self) -> BoardCanvas:
        """The live board (its browser view is ``board.canvas``)."""
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
    def actions(self) -> ActionPanel:
        """The legal actions on show: buttons, and menus for long lists."""
        return self._actions

    @property
    def offered(self) -> list[str]:
        """The labels of the actions offered, in order (menus included)."""
        return [label for _, label in self._actions.offered()]

    def press(self, label: str) -> None:
        """Press the offered action labelled ``label``, as a click on it would."""
        for index, shown in self._actions.offered():
            if shown == label:
                self._actions.press(index)
                return
        raise KeyError(f"no action {label!r} on offer: {self.offered}")

    @property
    def log_html(self) -> Any:
        """HTML: the event log, latest first, each line with its rule citation."""
        return self._log_html

    @property
    def score_html(self) -> Any:
        """HTML: the score table."""
        return self._score_html

    @property
    def charts(self) -> Any:
        """The collapsible charts panel (an Accordion, closed at first; open it with
        ``charts.selected_index = 0``): drawn while open, after every move."""
        return self._charts

    @property
    def charts_html(self) -> Any:
        """HTML: the charts on show (SVG), empty until the panel is first opened."""
        return self._charts_html

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
                self._message_line.value = error_html("Type a move first.")
                return
        mark = len(self.session.history)
        try:
            events = self.session.play(action)
        except IllegalActionError as error:
            self._message_line.value = (
                error_html("Not played. ")
                + verdict_html(error.verdict, str(action), self.session.game.meta.name)
            )
            return
        except GaiaLabError as error:
            self._message_line.value = error_html(f"Not played: {error}")
            return
        except Exception as error:  # an engine bug must not break the controls
            self._message_line.value = error_html(
                f"Not played: {type(error).__name__}: {error}"
            )
            return
        self._narrow = None
        self.refresh()
        played = self.session.history[mark].notation
        count = f"{len(events)} event{'' if len(events) == 1 else 's'}"
        self._message_line.value = info_html(f"Played {played} ({count}).")

    def click(self, element_id: str | None) -> None:
        """A click on the board element ``element_id`` (None: off every element).

        One legal action concerns it: play it. Several: narrow the action list to
        them (:meth:`clear_selection` shows all again); a further click narrows that
        list again. None: say so.
        """
        self._sync()
        if self.session.is_over():
            self._message_line.value = info_html("The game is over.")
            return
        if element_id is None:
            self._message_line.value = info_html("Nothing to pick there.")
            return
        matches = [i for i, targets in enumerate(self._targets) if element_id in targets]
        name = self.target_label(element_id)
        if self._narrow is not None:
            # a second click narrows the actions the first one picked (e.g. an animal,
            # then the space to put it on); one that concerns none of them starts afresh
            within = [i for i in self._narrow[1] if element_id in self._targets[i]]
            if within:
                matches = within
                name = f"{self._narrow[0]} + {name}"
        if not matches:
            self._message_line.value = info_html(f"Nothing can be played on {name} now.")
        elif len(matches) == 1:
            self._play_index(matches[0])
        else:
            self._narrow = (name, matches)
            self._draw_decision(over=False)  # the same position: only the selection changed
            self._message_line.value = info_html(
                f"{len(matches)} moves concern {name}: pick one of them beside the board."
            )

    def target_label(self, element_id: str) -> str:
        """How the board element ``element_id`` is named to a learner: the title the
        board gives it, else its id in words (``"die:4"`` -> ``"die 4"``)."""
        title = self._titles().get(element_id)
        return title if title else element_id.replace(":", " ").replace("_", " ")

    def _titles(self, scene: Scene | None = None) -> dict[str, str]:
        """The first line of the title of each id's first item on the board on show (or
        on ``scene``), empty when it has none, from one pass over the scene's items."""
        scene = self._board.scene if scene is None else scene
        if scene is None:
            return {}
        if self._titled is None or self._titled[0] is not scene:
            titles: dict[str, str] = {}
            for item in scene.items:
                if item.id is not None and item.id not in titles:
                    titles[item.id] = item.title.split("\n")[0] if item.title else ""
            self._titled = (scene, titles)
        return self._titled[1]

    def clear_selection(self) -> None:
        """Show every legal action again after a board click narrowed them."""
        self._narrow = None
        self._draw_decision(self.session.is_over())
        self._message_line.value = ""

    def _on_typed(self, change: dict[str, Any]) -> None:
        self._typed_played = None
        if str(change["new"]).strip():
            self.why(str(change["new"]))

    def _play_typed(self) -> None:
        """The Play button of the typed move: a move is played once per edit, so a
        double-click does not play the same text again for the next player."""
        text = self._why_text.value.strip()
        if text and text == self._typed_played:
            self._message_line.value = info_html(
                f"{text} was just played; type the next move.")
            return
        before = len(self.session.history)
        self.play(text)
        if len(self.session.history) != before:
            self._typed_played = text

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
        self._why_result.value = verdict_html(verdict, text, self.session.game.meta.name)

    def undo(self) -> None:
        """Take back the last decision."""
        self._travel(lambda: self.session.undo(), "Took back one decision.")

    def redo(self) -> None:
        """Play again the last decision taken back."""
        self._travel(lambda: self.session.redo(), "Played one decision again.")

    def goto(self, position: int) -> None:
        """Jump to the position after ``position`` decisions."""
        self._travel(lambda: self.session.goto(position),
                     f"At decision {position + 1} now ({position} played before it).")

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
            self._message_line.value = error_html(
                f"Stopped after {played} random move(s): {type(error).__name__}: {error}"
            )
            return
        self._narrow = None
        self.refresh()
        self._message_line.value = info_html(f"Played {played} random move(s).")

    # -- drawing ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the session: board, actions, scores, log, controls."""
        session = self.session
        game = session.game
        state = session.state
        over = session.is_over()
        listing = self._listing
        if listing is None or listing.state is not state:
            listing = self._listing = _Listing(session, over)
        self._legal, self._targets, self._groups = listing.legal, listing.targets, listing.groups
        if self._narrow is not None and any(i >= len(self._legal) for i in self._narrow[1]):
            self._narrow = None
        self._draw_decision(over)
        self._score_html.value = self._breakdown(state)._repr_html_()
        self._summary_html.value = (
            f"<details><summary>State summary</summary><pre>"
            f"{escape(game.describe(state))}</pre></details>"
        )
        events = session.events
        self._log_html.value = events_html(
            events, new_from=self._new_events_from(), latest_first=True, limit=self.log_limit,
            game=game.meta.name,
        )
        position, length = session.position, session.length  # each a pass over the history
        self._undo_button.disabled = position == 0  # session.can_undo
        self._redo_button.disabled = not session.can_redo
        self._syncing = True
        try:
            self._slider.max = length + 1
            self._slider.value = position + 1
            self._slider.disabled = length == 0
        finally:
            self._syncing = False
        self._position.value = f"of {length + 1}"
        self._seen = self._fingerprint()
        self._draw_charts()

    def _breakdown(self, state: Any) -> ScoreBreakdown:
        """The score breakdown of ``state`` (one of the session's), counted once: states
        are immutable, so the charts redrawn after a move count only the new ones."""
        return self._breakdowns.get(state, self.session.game.score_breakdown)

    def _grouped(self, breakdown: ScoreBreakdown) -> Mapping[str, Sequence[int]]:
        """``breakdown``'s points in the charts' categories (the game's grouping), once."""
        by = charts.categories_of(self.session.game.meta.name) or ScoreBreakdown.by_category
        return self._groupings.get(breakdown, by)

    def _draw_charts(self) -> None:
        """The charts of the game so far, while their panel is open (points after each
        decision per player, points now per category), from the game's own breakdowns."""
        if self._charts.selected_index is None or self._charts_drawn == self._seen:
            return
        session = self.session
        try:
            history = charts.score_history(session, self._grouped, breakdown=self._breakdown)
            over_time = charts.score_chart(history, title="Points after each decision",
                                           width=CHART_WIDTH, height=230)
            now = charts.score_bars(self._breakdown(session.state), by=self._grouped,
                                    title="Points now, by category", width=CHART_WIDTH)
        except Exception as error:  # a chart must not break the controls
            self._charts_html.value = error_html(f"No charts: {type(error).__name__}: {error}")
            return
        self._charts_html.value = (
            f'<div class="gaia-charts" style="max-height:{CHART_PANEL_HEIGHT}px;'
            f'overflow-y:auto">{_fitted(over_time.to_svg())}{_fitted(now.to_svg())}</div>')
        self._charts_drawn = self._seen

    def _draw_decision(self, over: bool) -> None:
        """Redraw what the decision on show decides: the board with the targets of the
        actions shown, the status line and the action list (not the score or the log,
        which only a move changes)."""
        decisions = self.session.decisions
        self._draw_board(over, decisions)
        self._status.value = self._status_html(over, decisions)
        self._draw_actions(over)

    def _draw_board(self, over: bool, decisions: int | None = None) -> None:
        """Redraw the board, at the width it is shown at, with the targets of the actions
        on show (``decisions``: the session's, when known)."""
        listing = self._current()
        if self._narrow is None:
            highlight = listing.concern
        else:
            highlight = {}
            for i in self._narrow[1]:
                for target in listing.targets[i]:
                    highlight.setdefault(target, []).append(i)
        key = (tuple(highlight), self._board.width)
        scene = listing.scenes.get(key)
        if scene is None:
            if len(listing.scenes) >= 8:  # many selections at one state
                listing.scenes.clear()
            with self._parts.drawing():  # parts of the last board a move left as they were
                scene = listing.scenes[key] = _common.board_scene(self.session, *key)
        titles = self._titles(scene)
        label = listing.label
        self._board.show(scene, description=self._description(over, decisions), targets=[
            (id, _spoken(titles.get(id) or id, [label(i) for i in indices[:2]], len(indices)))
            for id, indices in highlight.items()])

    def _current(self) -> _Listing:
        """The listing of the state on show (worked out by :meth:`refresh`)."""
        listing = self._listing
        if listing is None or listing.state is not self.session.state:
            listing = self._listing = _Listing(self.session, self.session.is_over())
        return listing

    def _description(self, over: bool, decisions: int | None = None) -> str:
        session = self.session
        head = f"{session.game.meta.title} board"
        if over:
            return f"{head}, game over."
        actor = session.actor
        who = session.names[actor] if isinstance(actor, int) else "chance"
        if decisions is None:
            decisions = session.decisions
        return f"{head}, decision {decisions + 1}: {who} to act."

    def _status_html(self, over: bool, decisions: int) -> str:
        session = self.session
        if over:
            names = session.names
            winners = ", ".join(names[w] for w in session.winners()) or "none"
            return f"<b>Game over</b> — winners: {escape(winners)}"
        actor = session.actor
        if isinstance(actor, int):
            who = f"<b>{escape(session.names[actor])}</b> to act"
        else:
            who = "<b>Chance</b> to act"
        pending = session.pending
        if pending is not None:
            who += f" — {escape(pending.text)}{citation_html(pending.rule, session.game.meta.name)}"
        verbs = list(self._current().verbs)
        choices = f"{len(self._legal)} legal move{'' if len(self._legal) == 1 else 's'}"
        if verbs:
            choices += ": " + ", ".join(escape(v) for v in verbs)
        return f"{who} — {choices} <span style=\"color:{GREY}\">(decision " \
               f"{decisions + 1})</span>"

    def _draw_actions(self, over: bool) -> None:
        if not self._legal:
            self._actions.show([], empty="The game is over." if over else "No legal action.")
            return
        if self._narrow is not None:
            name, indices = self._narrow
            self._actions.show(
                [("", [self._entry(i) for i in indices], False)],
                note=f"Moves concerning <b>{escape(name)}</b>:", clear="show all moves",
            )
            return
        listing = self._current()
        self._actions.show([  # a menu's options show no hover text: none is made for them
            (verb, Menu(indices, _Labels(listing, indices)), True)
            if len(indices) > self.group_limit else (verb, [self._entry(i) for i in indices], False)
            for verb, indices in listing.verbs.items()])

    def _entry(self, index: int) -> tuple[int, str, str]:
        """An offered action: its index, its notation and the hover text naming the board
        elements it concerns."""
        targets = self._targets[index]
        label = self._current().label(index)
        if not targets:
            return (index, label, "")
        names = ", ".join(self.target_label(t) for t in targets)
        return (index, label, f"on the board: {names}")

    def _play_index(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self._legal):
            self._message_line.say(error_html("That action is no longer on offer."))
            return
        if self._fingerprint() != self._seen:
            self.refresh()
            self._message_line.value = error_html("The game changed; pick the action again.")
            return
        self.play(self._legal[index])

    # -- bookkeeping ------------------------------------------------------------------
    def _history_size(self) -> int:
        return len(self.session.history)

    def _travel(self, move: Any, done: str) -> None:
        try:
            move()
        except GaiaLabError as error:
            self._message_line.value = error_html(str(error))
            self.refresh()
            return
        self._narrow = None
        self.refresh()
        self._message_line.value = info_html(done)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        position = int(change["new"]) - 1
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
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _common.mimebundle(self.widget, repr(self), **kwargs)

    def __repr__(self) -> str:
        s = self.session
        return f"Explorer({s.game.meta.name}, players={s.players}, seed={s.seed})"



