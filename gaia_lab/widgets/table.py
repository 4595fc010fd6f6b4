"""Table: the classroom app, every game and every worked example behind one set of controls.

Choose a game, the number of players, their names (for the games that take names) and a
seed, then play hot-seat in an :class:`~gaia_lab.widgets.Explorer`; or choose a worked
example of that game and step through it in a :class:`~gaia_lab.widgets.Walkthrough`.
*Save* offers what is on the table as a :class:`~gaia_lab.core.record.Record` file to
download; *Load* replays an uploaded record. A file that cannot be read or replayed is
answered by the error, which names its place (the line, the field, the step), and the
table stays as it was::

    from gaia_lab.widgets.table import Table
    table = Table()          # last expression of a cell: shows the app
    table.new_game()         # the same as pressing "New game"

The table knows no game: it reads the registry (:data:`gaia_lab.GAMES`,
:func:`gaia_lab.examples`) and calls the Session and the Record.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from gaia_lab.core.checks import MAX_SEED, short, whole_number
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.record import Record
from gaia_lab.core.registry import GAMES, examples
from gaia_lab.core.session import Session
from gaia_lab.widgets import _common
from gaia_lab.widgets._common import GREY, MessageLine, error_html, info_html
from gaia_lab.widgets.explorer import Explorer
from gaia_lab.widgets.walkthrough import Walkthrough

__all__ = ["Table"]

PLAY = "Play a game"
EXAMPLE = "Step through an example"
MAX_UPLOAD = 5_000_000
"""The largest record file the table reads, in bytes (a long game is a few hundred KB)."""


def seed_of(text: str) -> int:
    """The seed typed in the seed box; GaiaLabError says what it must be.

    >>> seed_of(" 42 ")
    42
    >>> seed_of("abc")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: seed: expected a whole number from 0 to \
9223372036854775807, not 'abc' (str)
    """
    text = text.strip()
    value: object = int(text) if text.isdigit() and len(text) <= 20 else text
    return whole_number(value, "seed", 0, MAX_SEED - 1)


def names_of(text: str) -> list[str]:
    """The players' names typed in the names box, separated by commas.

    >>> names_of("Ann, Bo ,Cy"), names_of("  ")
    (['Ann', 'Bo', 'Cy'], [])
    """
    return [name.strip() for name in text.split(",")] if text.strip() else []


def download_html(text: str, filename: str, label: str) -> str:
    """A link that downloads ``text`` as the JSON file ``filename`` (a data: URL, so it
    works in Voila, JupyterLab and a static page alike)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="gaia-download" download="{escape(filename)}" '
            f'href="data:application/json;base64,{data}">{escape(label)}</a>')


def _row(*children: Any) -> Any:
    """A row of controls that wraps on a narrow screen (each row its own layout: a row
    hidden must hide no other)."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap",
                                                              align_items="center"))


def _close(widget: Any) -> None:
    """Close ``widget`` and every widget inside it (their views leave the page)."""
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()


class Table:
    """The game table app: new games, worked examples, records saved and loaded.

    ``game``, ``players``, ``seed`` and ``names`` fill the setup controls; a first
    game with them is on the table from the start.
    """

    def __init__(self, game: str | None = None, *, players: int | None = None,
                 seed: int = 1, names: tuple[str, ...] | list[str] = ()) -> None:
        games = list(GAMES)
        first = games[0] if game is None else game
        if not isinstance(first, str) or first not in GAMES:
            raise GaiaLabError(f"game: no game named {short(first)}; known games: "
                               f"{', '.join(games)}")
        meta = GAMES[first].meta
        if players is not None:
            whole_number(players, "players", meta.min_players, meta.max_players)
        whole_number(seed, "seed", 0, MAX_SEED - 1)
        if isinstance(names, str) or not isinstance(names, (list, tuple)) or not all(
                isinstance(n, str) and "," not in n for n in names):
            raise GaiaLabError(f"names: expected a list of names (texts without commas), "
                               f"not {short(names)}")
        self.explorer: Explorer | None = None
        """The Explorer of the game on the table (None while an example is shown)."""
        self.walkthrough: Walkthrough | None = None
        """The Walkthrough of the example on the table (None while a game is played)."""

        self._mode = widgets.ToggleButtons(options=[PLAY, EXAMPLE], value=PLAY,
                                           style={"button_width": "auto"})
        self._mode.observe(lambda _c: self._show_mode(), names="value")
        self._game = widgets.Dropdown(
            options=[(GAMES[n].meta.title, n) for n in games], value=first,
            description="Game", layout=widgets.Layout(width="420px", max_width="100%"))
        self._game.observe(lambda _c: self._game_changed(), names="value")
        self._players = widgets.Dropdown(description="Players",
                                         layout=widgets.Layout(width="150px"))
        self._names = widgets.Text(description="Names", placeholder="Ann, Bo, Cy",
                                   layout=widgets.Layout(width="320px"))
        self._seed = widgets.Text(value=str(seed), description="Seed",
                                  layout=widgets.Layout(width="200px"))
        self._new_button = widgets.Button(description="New game", button_style="primary",
                                          tooltip="Set up a new game with these settings")
        self._new_button.on_click(lambda _b: self.new_game())
        self._names_note = widgets.HTML()
        self._example = widgets.Dropdown(description="Example",
                                         layout=widgets.Layout(width="560px", max_width="100%"))
        self._open_button = widgets.Button(description="Open example",
                                           tooltip="Step through this worked example")
        self._open_button.on_click(lambda _b: self.open_example(int(self._example.value)))

        self._save_button = widgets.Button(description="Save", icon="download",
                                           tooltip="Save what is on the table as a record file")
        self._save_button.on_click(lambda _b: self.save())
        self._download = widgets.HTML()
        self._upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                          description="Load")
        self._upload.observe(self._on_upload, names="value")
        self._message_line = MessageLine()
        self._stage = widgets.Box(layout=widgets.Layout(width="100%"))

        self._play_row = widgets.VBox([
            _row(self._players, self._names, self._seed, self._new_button),
            self._names_note,
        ])
        self._example_row = _row(self._example, self._open_button)
        self.widget = widgets.VBox([
            _row(self._mode, self._game),
            self._play_row,
            self._example_row,
            _row(self._save_button, self._download, self._upload),
            self._message_line.widget,
            self._stage,
        ], layout=widgets.Layout(width="100%"))
        self.widget.add_class("gaia-game-table")
        """The whole app as one ipywidgets box."""

        self._game_changed()
        if players is not None:
            self._players.value = players
        self._names.value = ", ".join(names)
        self._show_mode()
        self._play(self._new_session())  # settings the game refuses raise GaiaLabError
        self._say_new_game()

    # -- the controls, for tests and notebooks ----------------------------------------
    @property
    def mode(self) -> Any:
        """ToggleButtons: play a game, or step through an example."""
        return self._mode

    @property
    def game(self) -> Any:
        """Dropdown of the registered games (values: their names)."""
        return self._game

    @property
    def players(self) -> Any:
        """Dropdown of the player counts the chosen game allows."""
        return self._players

    @property
    def names(self) -> Any:
        """Text: the players' names, separated by commas (games with a names option)."""
        return self._names

    @property
    def seed(self) -> Any:
        """Text: the seed of the next new game."""
        return self._seed

    @property
    def example(self) -> Any:
        """Dropdown of the chosen game's worked examples (values: their index)."""
        return self._example

    @property
    def upload(self) -> Any:
        """FileUpload: a record file to load."""
        return self._upload

    @property
    def download(self) -> Any:
        """HTML: the link that downloads the last saved record."""
        return self._download

    @property
    def message(self) -> Any:
        """HTML: what the last command did (errors in red)."""
        return self._message_line.widget

    @property
    def session(self) -> Session:
        """The session on the table: the game played, or the example at its step on show."""
        if self.walkthrough is not None:
            return self.walkthrough.session(self.walkthrough.index)
        assert self.explorer is not None
        return self.explorer.session

    # -- commands ---------------------------------------------------------------------
    def new_game(self) -> None:
        """Set up a game with the settings of the controls and play it in an Explorer;
        settings the game refuses leave the table as it was and say why."""
        try:
            session = self._new_session()
        except GaiaLabError as error:
            self._message_line.say(error_html(f"No new game: {error}"))
            return
        self._play(session)
        self._say_new_game()

    def open_example(self, index: int) -> None:
        """Show the chosen game's worked example ``index`` in a Walkthrough."""
        found = examples(str(self._game.value))
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(found)):
            raise GaiaLabError(f"example: expected an index from 0 to {len(found) - 1}, "
                               f"not {short(index)}")
        try:
            walkthrough = Walkthrough(found[index])
        except Exception as error:  # a broken example must not break the table
            self._message_line.say(error_html(
                f"The example does not open: {type(error).__name__}: {error}"))
            return
        self._put(walkthrough.widget)
        self.explorer, self.walkthrough = None, walkthrough
        self._set_mode(EXAMPLE)
        self._message_line.say(info_html(
            f"Example: {found[index].title} ({len(walkthrough)} steps). Next and Previous "
            "step through it; Save keeps the step on show as a record."))

    def record(self) -> Record:
        """What is on the table as a Record (for an example: up to the step on show)."""
        if self.walkthrough is not None:
            comment = f"{self.walkthrough.example.title}, step {self.walkthrough.index}"
            return self.session.record(comment)
        return self.session.record()

    def save(self) -> str:
        """Offer the record of what is on the table as a file to download; returns the
        record's JSON text."""
        record = self.record()
        text = record.to_json()
        filename = f"{record.game}-seed{record.seed}-{len(record.steps)}-steps.json"
        self._download.value = download_html(text, filename, f"Download {filename}")
        self._message_line.say(info_html(
            f"Saved {len(record.steps)} steps: the link beside Save downloads the record."))
        return text

    def load(self, content: bytes | str, filename: str = "record.json") -> bool:
        """Replay the record file ``content`` and play on from its end; True if it loaded.

        A file that is not UTF-8 JSON, not a record, or whose steps do not replay is
        refused with the error (naming the line, the field or the step) and the table
        is not changed.
        """
        source = filename if isinstance(filename, str) and filename else "record.json"
        try:
            session = self._read(content, source)
        except GaiaLabError as error:
            said = str(error)
            where = "" if said.startswith(source) else f"{source}: "
            # one problem a line, as the error lists them
            self._message_line.say('<div style="white-space:pre-wrap">'
                                   + error_html(f"Not loaded: {where}{said}") + "</div>")
            return False
        except Exception as error:  # an engine bug must not break the table
            self._message_line.say(error_html(
                f"Not loaded: {source}: {type(error).__name__}: {error}"))
            return False
        self._game.value = session.game.meta.name  # fits the players, names, examples
        self._players.value = session.players
        self._seed.value = str(session.seed)
        named = "names" in session.game.meta.options
        self._names.value = ", ".join(session.names) if named else ""
        self._play(session)
        self._message_line.say(info_html(
            f"Loaded {source}: {session.game.meta.title}, {len(session.history)} steps "
            f"replayed and checked; play on from here."))
        return True

    # -- inside -----------------------------------------------------------------------
    def _new_session(self) -> Session:
        """A session with the settings of the controls (GaiaLabError if refused)."""
        name = str(self._game.value)
        options: dict[str, Any] = {}
        names = names_of(self._names.value)
        if names and "names" in GAMES[name].meta.options:
            options["names"] = names
        seed = seed_of(self._seed.value)
        return Session(name, players=self._players.value, seed=seed, options=options)

    def _say_new_game(self) -> None:
        session = self.session
        self._message_line.say(info_html(
            f"New game of {session.game.meta.title}: {', '.join(session.names)} "
            f"(seed {session.seed}). Take turns at this screen."))

    @staticmethod
    def _read(content: bytes | str, source: str) -> Session:
        if isinstance(content, (bytes, bytearray, memoryview)):
            raw = bytes(content)
            if len(raw) > MAX_UPLOAD:
                raise GaiaLabError(f"{source}: the file has {len(raw):,} bytes, more than "
                                   f"a record's {MAX_UPLOAD:,}")
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise GaiaLabError(f"{source}: not UTF-8 text (byte {error.start + 1} is "
                                   f"0x{raw[error.start]:02x}); a record is JSON text") from None
        elif isinstance(content, str):
            text = content
        else:
            raise GaiaLabError(f"load: expected the file's bytes or text, not "
                               f"{short(content)}")
        return Session.from_record(Record.from_json(text, source))

    def _on_upload(self, change: Mapping[str, Any]) -> None:
        files = change["new"]
        if not files:  # the value cleared below
            return
        upload = files[0]
        try:
            self.load(upload["content"], str(upload.get("name") or "record.json"))
        finally:
            self._upload.value = ()

    def _play(self, session: Session) -> None:
        explorer = Explorer(session)
        self._put(explorer.widget)
        self.explorer, self.walkthrough = explorer, None
        self._download.value = ""
        self._set_mode(PLAY)

    def _put(self, widget: Any) -> None:
        """Put ``widget`` on the stage, closing what was there."""
        old = list(self._stage.children)
        self._stage.children = (widget,)
        for child in old:
            _close(child)

    def _set_mode(self, mode: str) -> None:
        self._mode.value = mode
        self._show_mode()

    def _show_mode(self) -> None:
        playing = self._mode.value == PLAY
        self._play_row.layout.display = None if playing else "none"
        self._example_row.layout.display = "none" if playing else None

    def _game_changed(self) -> None:
        """Fit the players, names and examples to the chosen game."""
        meta = GAMES[str(self._game.value)].meta
        counts = list(range(meta.min_players, meta.max_players + 1))
        keep = self._players.value
        self._players.options = [(str(n), n) for n in counts]
        self._players.value = keep if keep in counts else counts[0]
        takes_names = "names" in meta.options
        self._names.disabled = not takes_names
        self._names_note.value = "" if takes_names else (
            f'<small style="color:{GREY}">{escape(meta.title)} names its seats itself '
            "(P1, P2 ... or the chosen characters).</small>")
        found = examples(meta.name)
        self._example.options = [(e.title, i) for i, e in enumerate(found)]
        self._example.value = 0 if found else None
        self._open_button.disabled = not found

    # -- display ----------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _common.mimebundle(self.widget, repr(self), **kwargs)

    def __repr__(self) -> str:
        on = (f"example {self.walkthrough.example.id}" if self.walkthrough is not None
              else f"{self.session.game.meta.name}, {self.session.decisions} decisions")
        return f"Table({on})"
