"""Helpers shared by the widgets: the board of a session, HTML snippets, widget pools.

Nothing here knows a particular game: the board comes from
:func:`gaia_lab.render.scene`, the text from events, verdicts and rule references.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any, Generic, TypeVar

from gaia_lab.core.events import Event
from gaia_lab.core.registry import NoLayoutError
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.session import Session
from gaia_lab.core.verdict import Verdict
from gaia_lab.render.shapes import Rect, Scene, Text

__all__ = [
    "WidgetPool",
    "board_scene",
    "citation_html",
    "error_html",
    "events_html",
    "info_html",
    "mimebundle",
    "placeholder_scene",
    "ply_targets",
    "verdict_html",
]

GREEN = "#1a7f37"
RED = "#cf222e"
GREY = "#6e7781"

W = TypeVar("W")


def placeholder_scene(text: str, width: float = 420, height: float = 60) -> Scene:
    """A small scene holding one line of text, shown when no board can be drawn."""
    return Scene(
        width,
        height,
        (
            Rect(0.5, 0.5, width - 1, height - 1, fill=None, stroke="#999999"),
            Text(10, height / 2, text, size=12, baseline="middle", fill="#555555"),
        ),
        background="#fafafa",
    )


def board_scene(session: Session, highlight: Iterable[str] = ()) -> Scene:
    """The board of ``session``'s current state with ``highlight`` ids marked.

    Drawn by :func:`gaia_lab.render.scene`, that is by the layout registered for the
    game (:mod:`gaia_lab.core.registry`).  When the game registered no layout, or
    drawing fails, a placeholder scene says so instead of breaking the widget.
    """
    from gaia_lab import render

    try:
        scene = render.scene(session.state, highlight=tuple(highlight))
    except NoLayoutError:
        return placeholder_scene(f"No board view for {session.game.meta.title} yet.")
    except Exception as error:  # a broken layout must not break the controls
        return placeholder_scene(f"No board view: {type(error).__name__}: {error}")
    if not isinstance(scene, Scene):
        return placeholder_scene(f"No board view: got {type(scene).__name__}, not a Scene")
    return scene


def ply_targets(session: Session, start: int, stop: int | None = None) -> list[str]:
    """Board ids concerned by the player decisions in ``session.history[start:stop]``."""
    history = session.history
    stop = len(history) if stop is None else stop
    ids: dict[str, None] = {}
    for k in range(start, stop):
        ply = history[k]
        if not ply.is_decision:
            continue
        before = history[k - 1].state if k > 0 else session.root
        for target in session.game.action_targets(before, ply.action):
            ids.setdefault(target)
    return list(ids)


def citation_html(rule: RuleRef | None) -> str:
    """A rule citation in small grey text (empty without a rule)."""
    if rule is None:
        return ""
    return (
        f' <small style="color:{GREY}" title="{escape(rule.summary)}">'
        f"{escape(rule.citation)}</small>"
    )


def events_html(
    events: Sequence[Event],
    *,
    new_from: int | None = None,
    latest_first: bool = False,
    limit: int | None = None,
    empty: str = "No events yet.",
) -> str:
    """Event lines as an HTML list, each with its rule citation.

    ``new_from`` marks events at that index and later in bold; ``limit`` keeps the
    latest ``limit`` lines and says how many earlier ones were left out.
    """
    if not events:
        return f'<div style="color:{GREY}">{escape(empty)}</div>'
    indexed = list(enumerate(events))
    hidden = 0
    if limit is not None and len(indexed) > limit:
        hidden = len(indexed) - limit
        indexed = indexed[hidden:]
    if latest_first:
        indexed.reverse()
    lines: list[str] = []
    for i, event in indexed:
        style = []
        if new_from is not None and i >= new_from:
            style.append("font-weight:bold")
        if event.automatic:
            style.append(f"color:{GREY}")
        attr = f' style="{";".join(style)}"' if style else ""
        lines.append(f"<li{attr}>{escape(event.text)}{citation_html(event.rule)}</li>")
    more = f'<li style="color:{GREY}">… {hidden} earlier event(s)</li>' if hidden else ""
    if latest_first:
        lines.append(more)
    else:
        lines.insert(0, more)
    return '<ul style="margin:0;padding-left:1.2em">' + "".join(lines) + "</ul>"


def verdict_html(verdict: Verdict, text: str = "") -> str:
    """A verdict as HTML: green "legal" or red "illegal" with code, message and rule."""
    what = f"<code>{escape(text)}</code>: " if text else ""
    rule = ""
    if verdict.rule is not None:
        rule = (
            f"<br><small>Rule: {escape(verdict.rule.citation)} — "
            f"{escape(verdict.rule.summary)}</small>"
        )
    if verdict.legal:
        return (
            f'{what}<b style="color:{GREEN}">legal</b> — {escape(verdict.message)}{rule}'
        )
    return (
        f'{what}<b style="color:{RED}">illegal</b> <code>{escape(verdict.code)}</code> — '
        f"{escape(verdict.message)}{rule}"
    )


def error_html(text: str) -> str:
    """An error message in red."""
    return f'<span style="color:{RED}">{escape(text)}</span>'


def info_html(text: str) -> str:
    """A neutral message."""
    return f"<span>{escape(text)}</span>"


class WidgetPool(Generic[W]):
    """Reusable widgets: creating an ipywidget is slow, changing its traits is not.

    ``take()`` hands out the widgets in order, making new ones only when the pool
    runs out; ``reset()`` starts handing them out from the first again.
    """

    def __init__(self, factory: Callable[[], W]) -> None:
        self._factory = factory
        self._items: list[W] = []
        self._used = 0

    def reset(self) -> None:
        """Hand out widgets from the first one again."""
        self._used = 0

    def take(self) -> W:
        """The next widget (a new one if all are in use)."""
        if self._used == len(self._items):
            self._items.append(self._factory())
        item = self._items[self._used]
        self._used += 1
        return item

    def close(self) -> None:
        """Close every widget of the pool."""
        for item in self._items:
            close = getattr(item, "close", None)
            if callable(close):
                close()
        self._items.clear()
        self._used = 0


def mimebundle(widget: Any, text: str, **kwargs: Any) -> Any:
    """``widget``'s display bundle with a stable ``text/plain`` of our own.

    Widget reprs list every trait and change between versions; a short stable
    text keeps notebook outputs comparable.
    """
    bundle = widget._repr_mimebundle_(**kwargs)
    if isinstance(bundle, tuple):
        data, meta = bundle
        data = dict(data)
        data["text/plain"] = text
        return data, meta
    if isinstance(bundle, dict):
        bundle = dict(bundle)
        bundle["text/plain"] = text
    return bundle

