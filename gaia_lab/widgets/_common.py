"""Helpers shared by the widgets: the board of a session, HTML snippets, the action panel.

Nothing here knows a particular game: the board comes from
:func:`gaia_lab.render.scene`, the text from events, verdicts and rule references.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gaia_lab.core.events import Event
from gaia_lab.core.registry import NoLayoutError
from gaia_lab.core.rulebook import RULES_URL, RuleRef, rule_url
from gaia_lab.core.session import Session
from gaia_lab.core.verdict import Verdict
from gaia_lab.render.shapes import Rect, Scene, Text

__all__ = [
    "RULES_URL",
    "ActionPanel",
    "Menu",
    "MessageLine",
    "board_scene",
    "citation_html",
    "error_html",
    "events_html",
    "info_html",
    "mimebundle",
    "placeholder_scene",
    "ply_targets",
    "rule_url",
    "verdict_html",
]

# Theme colours: JupyterLab's (and Voila's) own when the page defines them, so the
# dark theme keeps its contrast; the fallbacks read well on white.
GREEN = "var(--jp-success-color1, #1a7f37)"
RED = "var(--jp-error-color1, #cf222e)"
GREY = "var(--jp-ui-font-color2, #57606a)"

_HERE = Path(__file__).resolve().parent


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


def board_scene(session: Session, highlight: Iterable[str] = (),
                width: int | None = None) -> Scene:
    """The board of ``session``'s current state with ``highlight`` ids marked, drawn
    ``width`` px wide (the layout's own default width when None).

    Drawn by :func:`gaia_lab.render.scene`, that is by the layout registered for the
    game (:mod:`gaia_lab.core.registry`).  When the game registered no layout, or
    drawing fails, a placeholder scene says so instead of breaking the widget.
    """
    from gaia_lab import render

    sized = {} if width is None else {"width": width}
    try:
        scene = render.scene(session.state, highlight=tuple(highlight), **sized)
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


def citation_html(rule: RuleRef | None, game: str | None = None) -> str:
    """A rule citation in small grey text: the section, a link to the rules page when
    ``game`` is given, the rule's id only in the hover text (empty without a rule)."""
    if rule is None:
        return ""
    title = escape(f"{rule.summary} ({rule.id})")
    section = escape(rule.section)
    if game is not None:
        section = (f'<a href="{escape(rule_url(rule, game))}" target="_blank" '
                   f'rel="noopener" style="color:inherit">{section}</a>')
    return f' <small style="color:{GREY}" title="{title}">— {section}</small>'


def _event_text(event: Event, game: str | None) -> str:
    """One event's text and citation as HTML."""
    return f"{escape(event.text)}{citation_html(event.rule, game)}"


_event_remembered = lru_cache(maxsize=4096)(_event_text)
"""Events are immutable: a log redrawn after a move builds only its new lines."""


def _event_line(event: Event, game: str | None) -> str:
    try:
        return _event_remembered(event, game)
    except TypeError:  # an event holding a list (an outside game's) cannot be a key
        return _event_text(event, game)


def events_html(
    events: Sequence[Event],
    *,
    new_from: int | None = None,
    latest_first: bool = False,
    limit: int | None = None,
    empty: str = "No events yet.",
    game: str | None = None,
) -> str:
    """Event lines as an HTML list, each with its rule citation.

    ``new_from`` marks events at that index and later in bold; ``limit`` keeps the
    latest ``limit`` lines and says how many earlier ones were left out; with
    ``game`` the citations link to its rules page.
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
        lines.append(f"<li{attr}>{_event_line(event, game)}</li>")
    more = f'<li style="color:{GREY}">… {hidden} earlier event(s)</li>' if hidden else ""
    if latest_first:
        lines.append(more)
    else:
        lines.insert(0, more)
    return '<ul style="margin:0;padding-left:1.2em">' + "".join(lines) + "</ul>"


def verdict_html(verdict: Verdict, text: str = "", game: str | None = None) -> str:
    """A verdict as HTML: green "legal" or red "not legal now", the message and the rule
    (a link to its section with ``game``); the reason code only in a detail."""
    what = f"<code>{escape(text)}</code>: " if text else ""
    rule = ""
    if verdict.rule is not None:
        section = escape(verdict.rule.section)
        if game is not None:
            section = (f'<a href="{escape(rule_url(verdict.rule, game))}" target="_blank" '
                       f'rel="noopener">{section}</a>')
        rule = f"<br><small>Rule: {section} — {escape(verdict.rule.summary)}</small>"
    if verdict.legal:
        return (
            f'{what}<b style="color:{GREEN}">legal</b> — {escape(verdict.message)}{rule}'
        )
    code = escape(verdict.code)
    rule_id = f", rule {escape(verdict.rule.id)}" if verdict.rule is not None else ""
    return (
        f'{what}<b style="color:{RED}">not legal now</b> — {escape(verdict.message)}{rule}'
        f'<details style="color:{GREY}"><summary><small>details</small></summary>'
        f"<small>reason code {code}{rule_id}</small></details>"
    )


def error_html(text: str) -> str:
    """An error message in red."""
    return f'<span style="color:{RED}">{escape(text)}</span>'


def info_html(text: str) -> str:
    """A neutral message."""
    return f"<span>{escape(text)}</span>"


class MessageLine:
    """The line that says what the last command did; a message said twice in a row
    is marked "(again)" and flashes, so that it reads as new."""

    def __init__(self) -> None:
        import ipywidgets as widgets

        self.widget = widgets.HTML()
        self._last = ""
        self._count = 0

    @property
    def value(self) -> str:
        """The HTML on show."""
        return str(self.widget.value)

    @value.setter
    def value(self, html: str) -> None:
        self.say(html)

    def say(self, html: str) -> None:
        """Show ``html`` as the newest message (empty: clear the line)."""
        if not html:
            self._last = ""
            self.widget.value = ""
            return
        self._count += 1
        again = f' <small style="color:{GREY}">(again)</small>' if html == self._last else ""
        self._last = html
        self.widget.value = (f'<div class="gaia-new" role="status" data-n="{self._count}">'
                             f"{html}{again}</div>")


@dataclass(frozen=True, slots=True)
class Menu:
    """The actions of one verb offered in a dropdown: their indices and their labels, in
    the same order (an option shows no hover text, so none is made). ``labels`` may work
    each label out when it is read: a long menu's are read only when the browser asks."""

    indices: Sequence[int]
    labels: Sequence[str]


Buttons = Sequence[tuple[int, str, str]]
"""Actions offered as buttons: (index, label, hover text) each."""


def _listed(values: Sequence[Any]) -> list[Any]:
    """``values`` as a list (a list as it is: nothing here changes it)."""
    return values if isinstance(values, list) else list(values)


FILL_LIMIT = 50
"""A menu of more actions than this goes to the browser with its first label only; the
page asks for the others when the learner reaches for the menu (points at it, tabs to
it, presses a key on it), so a long listing is not written out at every move."""


class ActionPanel(anywidget.AnyWidget):
    """The legal actions of one decision as buttons (and menus for long lists).

    Each offer has a version; a press reaches :meth:`on_play`'s callback only
    when it was made on the offer on show, so a double-click or a burst of
    clicks plays one action and never one of a later decision. The browser
    disables every control from a press until the kernel has answered.

    A menu of more than ``fill_limit`` actions is sent with its first label, the
    others when the page asks for them (``{"event": "labels", "group": k,
    "version": v}``, answered with the same message and its ``"labels"``).
    """

    _esm = (_HERE / "actions.js").read_text(encoding="utf-8")
    _css = (_HERE / "actions.css").read_text(encoding="utf-8")
    offer_json = traitlets.Unicode("{}").tag(sync=True)
    """The offer as one JSON string (the widget protocol would otherwise walk every entry
    of a long list, looking for binary buffers): :attr:`offer`, but for a menu's actions,
    sent as its list of indices and its list of labels (``"indices"``, ``"labels"``); a
    long menu's list of labels holds the first only, and the menu says ``"fill": true``."""

    def __init__(self, fill_limit: int = FILL_LIMIT, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fill_limit = fill_limit
        self._sent: dict[str, Any] = {}
        self._menus: dict[int, Menu] = {}
        """The menus of the offer on show whose labels the browser has yet to ask for."""
        self._offer: dict[str, Any] | None = {}
        self._indices: frozenset[int] | None = frozenset()
        self._version = 0
        self._play: list[Callable[[int], None]] = []
        self._clear: list[Callable[[], None]] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    @property
    def version(self) -> int:
        """The version of the offer on show."""
        return self._version

    @property
    def offer(self) -> dict[str, Any]:
        """The offer on show: ``{"v": version, "note", "clear", "empty", "groups": [{"verb",
        "menu", "actions": [[index, label, tooltip]...]}...]}`` (empty before the first)."""
        if self._offer is None:  # a menu's entries are made when asked for, not per offer
            groups = [group if "actions" in group else
                      {"verb": group["verb"], "menu": True,
                       "actions": [[i, label, ""] for i, label in
                                   zip(group["indices"], self.labels(k), strict=True)]}
                      for k, group in enumerate(self._sent["groups"])]
            self._offer = {**self._sent, "groups": groups}
        return self._offer

    def labels(self, group: int) -> list[str]:
        """The labels of the menu ``group`` (its place in the offer on show), all of them.

        >>> panel = ActionPanel(fill_limit=1)
        >>> panel.show([("keep", Menu([0, 1], ["keep fox", "keep owl"]), True)])
        >>> panel._sent["groups"][0]["labels"], panel.labels(0)
        (['keep fox'], ['keep fox', 'keep owl'])
        """
        menu = self._menus.get(group)
        if menu is not None:
            return _listed(menu.labels)
        return list(self._sent["groups"][group]["labels"])

    def show(self, groups: Sequence[tuple[str, Buttons | Menu, bool]], *,
             note: str = "", clear: str = "", empty: str = "") -> None:
        """Offer ``groups`` of (verb, actions, as a menu): the actions as (index, label,
        tooltip) triples or a :class:`Menu`; ``note`` is HTML above them, ``clear`` the
        label of a "show all" button (none if empty), ``empty`` the text when there is
        nothing to offer."""
        self._version += 1
        sent: list[dict[str, Any]] = []
        self._menus = {}
        for verb, actions, menu in groups:
            if isinstance(actions, Menu):
                indices = _listed(actions.indices)
                if len(indices) > self.fill_limit:
                    self._menus[len(sent)] = actions
                    sent.append({"verb": verb, "menu": True, "indices": indices,
                                 "labels": [actions.labels[0]], "fill": True})
                else:
                    sent.append({"verb": verb, "menu": True, "indices": indices,
                                 "labels": _listed(actions.labels)})
            elif menu:
                sent.append({"verb": verb, "menu": True, "indices": [a[0] for a in actions],
                             "labels": [a[1] for a in actions]})
            else:
                sent.append({"verb": verb, "menu": False, "actions": [list(a) for a in actions]})
        self._sent = {"v": self._version, "note": note, "clear": clear, "empty": empty,
                      "groups": sent}
        self._offer = self._indices = None
        self.offer_json = json.dumps(self._sent, separators=(",", ":"))

    def on_play(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(index)`` when an offered action is pressed."""
        self._play.append(callback)

    def on_clear(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the "show all" button is pressed."""
        self._clear.append(callback)

    def press(self, index: int) -> None:
        """Press the action ``index`` of the offer on show (as the browser would)."""
        self.receive({"event": "play", "index": index, "version": self._version})

    def offered(self) -> list[tuple[int, str]]:
        """The (index, label) pairs on offer, in order."""
        pairs: list[tuple[int, str]] = []
        for k, group in enumerate(self._sent.get("groups", [])):
            if "actions" in group:
                pairs += ((a[0], a[1]) for a in group["actions"])
            else:
                pairs += zip(group["indices"], self.labels(k), strict=True)
        return pairs

    def _fill(self, content: Mapping[str, Any]) -> bool:
        """Answer the page's request for the labels of a long menu of the offer on show."""
        group = content.get("group")
        if content.get("version") != self._version or type(group) is not int \
                or group not in self._menus:  # an old offer, or not a long menu of this one
            return False
        self.send({"event": "labels", "version": self._version, "group": group,
                   "labels": self.labels(group)})
        return True

    def receive(self, content: Mapping[str, Any]) -> bool:
        """Handle one message of the browser; True if it reached a callback (or, for a
        request for a menu's labels, was answered).

        >>> panel = ActionPanel()
        >>> panel.on_play(lambda i: print("play", i))
        >>> panel.show([("keep", [(0, "keep fox", ""), (1, "keep owl", "")], False)])
        >>> panel.receive({"event": "play", "index": 1, "version": 1})
        play 1
        True
        >>> panel.show([("keep", [(0, "keep elk", "")], False)])
        >>> panel.receive({"event": "play", "index": 0, "version": 1})  # an old offer
        False
        """
        if content.get("event") == "labels":  # not a press: the controls stay as they are
            return self._fill(content)
        try:
            if content.get("version") != self._version:
                return False
            event = content.get("event")
            if event == "clear":
                for clear in list(self._clear):
                    clear()
                return True
            index = content.get("index")
            if self._indices is None:
                self._indices = frozenset(
                    i for group in self._sent.get("groups", [])
                    for i in (group["indices"] if "indices" in group
                              else (a[0] for a in group["actions"])))
            if event != "play" or not isinstance(index, int) or index not in self._indices:
                return False
            for play in list(self._play):
                play(index)
            return True
        finally:
            self.send({"event": "answered"})


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

