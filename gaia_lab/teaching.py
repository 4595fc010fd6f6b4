"""What a notebook calls to show a game: boards and charts as pictures, events with their rules.

A notebook cell whose last line is :func:`board` shows the table of a state as an SVG
picture (the same drawing as :func:`gaia_lab.render.scene`), :func:`picture` shows any
:class:`~gaia_lab.render.Scene` (a chart, a panel), and :func:`show_events` prints what a
move caused, each line with the id of the rule that made it happen.

>>> import gaia_lab
>>> s = gaia_lab.Session("shapers_of_gaia", players=3, seed=2022)
>>> board(s.state).data.startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from IPython.display import SVG

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.events import Event
from gaia_lab.render import Scene, scene

__all__ = ["board", "picture", "show_events"]


def picture(drawing: Scene) -> SVG:
    """A :class:`~gaia_lab.render.Scene` as an SVG picture that a notebook displays.

    >>> from gaia_lab.render import Rect
    >>> picture(Scene(20, 10, (Rect(0, 0, 20, 10, fill="#fff"),))).data[:4]
    '<svg'
    >>> picture("<svg/>")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: picture: a Scene is drawn, not a str
    """
    if not isinstance(drawing, Scene):
        raise GaiaLabError(f"picture: a Scene is drawn, not a {type(drawing).__name__}")
    return SVG(drawing.to_svg())  # type: ignore[no-untyped-call]  # IPython does not type it


def board(state: object, **kw: Any) -> SVG:
    """The table of ``state`` (of any registered game) as an SVG picture.

    Keyword arguments go to the game's board layout, as for :func:`gaia_lab.render.scene`
    (``highlight``: ids to outline; Gaia Project also takes ``annotate``: hex names to
    labels).

    >>> from gaia_lab.games.gaia_project import GAME
    >>> "hex:10C" in board(GAME.new_initial_state(4, 0), highlight=["hex:10C"]).data
    True
    """
    return picture(scene(state, **kw))


def show_events(events: Iterable[Event]) -> None:
    """Print each event on its own indented line, followed by its rule's section when it
    has one (:attr:`Event.line <gaia_lab.core.events.Event.line>`).

    >>> from gaia_lab.games.gaia_project.rulebook import RULES
    >>> show_events([Event("booster", "terrans take booster3", RULES["gp.setup.boosters"]),
    ...              Event("round", "round 1 begins")])
        terrans take booster3  [Read the refresher: setup]
        round 1 begins
    """
    for event in events:
        print(f"    {event.line}")
