"""Live boards: a :class:`~gaia_lab.render.shapes.Scene` drawn in the browser, clicks to ids.

:class:`BoardCanvas` sends the scene it shows to its browser view as one message
(:func:`scene_wire`, a compact list of drawing instructions) and turns the
view's clicks and key presses into the id of the item picked::

    board = BoardCanvas(scene)
    board.on_click(lambda id, x, y: print(id))
    board            # last expression of a cell: shows the board
    board.show(new_scene, targets=[("card:fox", "Fox")])

The view (``board.js``, an anywidget module) fills the width it is given (and
reports it: :attr:`BoardCanvas.width` is the width to draw the next board at,
:meth:`BoardCanvas.on_resize` hears when it changes), draws
at the screen's pixel ratio (crisp on HiDPI screens), describes the board to
screen readers, and lets the keyboard walk the ``targets`` (arrow keys, Enter
picks, Tab and Escape leave). Every scene shown gets a new version; a click
made on an older picture (a double-click, a burst of clicks racing the
redraws) is ignored, so a click acts only on the board it was made on.

This is the only module of :mod:`gaia_lab.render` that needs a widget library.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from itertools import chain
from json.encoder import encode_basestring_ascii as _ascii_json
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.render.colours import css_colour
from gaia_lab.render.shapes import FONT_FAMILY, Circle, Item, Line, Polygon, Rect, Scene, Text

__all__ = ["DEFAULT_WIDTH", "MAX_WIDTH", "MIN_WIDTH", "BoardCanvas", "BoardView",
           "ClickCallback", "ResizeCallback", "scene_wire"]

ClickCallback = Callable[[str | None, float, float], None]
"""Called with the picked id (None off any clickable item) and the scene point."""

ResizeCallback = Callable[[int], None]
"""Called with the new drawing width (:attr:`BoardCanvas.width`) when the view's changes."""

DEFAULT_WIDTH = 900
"""The width to draw a fitted board at before its view has said how wide it is: a board
beside its controls on a 1366 px laptop screen."""
MIN_WIDTH = 480
MAX_WIDTH = 1920
"""The widths a fitted board is drawn at, whatever its view reports (a narrower view shows
the board scaled down, a wider one scaled up)."""

_HERE = Path(__file__).resolve().parent
_TEXT_ALIGN = {"start": "left", "middle": "center", "end": "right"}


@lru_cache(maxsize=1024)
def _colour(value: str) -> str:
    """``value`` if a browser understands it as a colour, else GaiaLabError (each colour
    is read once: a board paints a few dozen colours on a thousand items)."""
    return css_colour(value)


def _paint(value: str | None) -> str | None:
    return None if value is None or value == "none" else _colour(value)


def _n(value: float) -> float:
    """A coordinate rounded to 1/100 px (the precision of the SVG output)."""
    number = round(float(value), 2)
    if not math.isfinite(number):
        raise GaiaLabError(f"cannot draw a non-finite coordinate: {value!r}")
    return number


def scene_wire(scene: Scene) -> list[list[Any]]:
    """The drawing instructions ``board.js`` follows for ``scene``, one list per item.

    Unpainted items are left out; colours are checked here (a bad one raises
    GaiaLabError before anything is sent).

    >>> scene_wire(Scene(20, 10, (Rect(0, 0, 5, 5, fill="red"), Line(0, 0, 9, 9, stroke="none"),
    ...                            Text(1, 8, "A", size=9))))
    [['r', 0, 0, 5, 5, 0, 'red', None, 1.0, 1.0], ['t', 1, 8, 'A', \
'normal 9px DejaVu Sans, Arial, sans-serif', 'left', '#000000', 1.0]]
    >>> scene_wire(Scene(9, 9, (Circle(4, 4, 2, fill="blurple"),)))
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: cannot draw the colour 'blurple': not a CSS colour
    """
    return _wire(scene.items)


def _wire(items: Iterable[Item]) -> list[list[Any]]:
    """:func:`scene_wire` of these items."""
    return [wire for wire in map(_item_wire, items) if wire is not None]


def _item_wire(item: Item) -> list[Any] | None:
    """The drawing instruction of one item (None for an unpainted one)."""
    kind = type(item)
    if kind is Text or isinstance(item, Text):
        assert isinstance(item, Text)
        if item.fill == "none" or not item.text:
            return None
        return ["t", item.x, item.baseline_y(), item.text, _font(item.size, item.bold),
                _TEXT_ALIGN[item.anchor], _colour(item.fill), item.opacity]
    if isinstance(item, Line):
        if item.stroke == "none":
            return None
        return ["l", item.x1, item.y1, item.x2, item.y2, _colour(item.stroke), item.width,
                list(item.dash) if item.dash else None, item.opacity]
    if not isinstance(item, (Polygon, Rect, Circle)):
        return None
    fill, stroke = _paint(item.fill), _paint(item.stroke)
    if fill is None and stroke is None:
        return None
    if kind is Polygon or isinstance(item, Polygon):
        assert isinstance(item, Polygon)
        return ["p", list(chain.from_iterable(item.points)), fill, stroke, item.stroke_width,
                item.opacity]
    if kind is Rect or isinstance(item, Rect):
        assert isinstance(item, Rect)
        radius = max(0.0, min(item.radius, item.w / 2, item.h / 2)) if item.radius else 0
        return ["r", item.x, item.y, item.w, item.h, radius, fill, stroke, item.stroke_width,
                item.opacity]
    return ["c", item.cx, item.cy, item.r, fill, stroke, item.stroke_width, item.opacity]


_Run = tuple[tuple[Item, ...], list[list[Any]], str]
"""Items shown together, their drawing instructions and the JSON of those (no brackets)."""
_RUN = 64
"""The most items encoded as one run."""
_Coded = tuple[list[Any] | None, str]
"""An item's drawing instruction (None: nothing to draw) and its JSON (empty if none)."""
_CODED = 8192
"""The most items a board remembers the encoding of by value (forgotten all at once)."""


def _json(value: Any) -> str:
    """``value`` as compact JSON (ValueError for a number that is not finite)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


_WRITTEN = 16384
"""The most numbers and strings a board remembers the JSON of (forgotten all at once)."""


class _Numbers(dict[float, str]):
    """The JSON of each number written so far (a number equal to one written before is
    written as it was then: 5 and 5.0 are one number to the page)."""

    def __missing__(self, value: float) -> str:
        if type(value) is bool:  # True == 1: never the text of a number
            return _json(value)
        if not math.isfinite(value):
            raise ValueError(f"cannot write the non-finite number {value} as JSON")
        if len(self) > _WRITTEN:
            self.clear()
        text = self[value] = _json(value)
        return text


class _Strings(dict[str | None, str]):
    """The JSON of each string written so far (and of None), as :func:`json.dumps` writes
    it (its ASCII escapes, without the call's own cost: a board sends a few hundred new
    labels at a move)."""

    def __missing__(self, value: str | None) -> str:
        if len(self) > _WRITTEN:
            self.clear()
        text = self[value] = "null" if value is None else _ascii_json(value)
        return text


class _Writer:
    """Compact JSON of drawing instructions, with the text of each number and string
    worked out once per board: the shortest repr of a float is the costliest part of
    the JSON (thousands of instructions each), and a board redrawn after a move shows
    mostly the coordinates, colours and fonts of the last. Each kind of instruction is
    written from one template, its numbers and strings looked up in one pass.

    >>> writer = _Writer()
    >>> wires = [["p", [0.1, 2.0, 1e-07, 4.5], "red", None, 1.5, 1.0],
    ...          ["t", 1.0, 2.25, 'a "é"', "bold 9px x", "left", "#000000", 0.5],
    ...          ["l", 0.0, 0.5, 9.0, 9.0, "grey", 3.0, [4.0, 2.0], 0.5],
    ...          ["l", 0.0, 0.5, 9.0, 9.0, "grey", 3.0, None, 0.5],
    ...          ["r", 1.0, 2.0, 3.0, 4.0, 1.5, "red", "blue", 2.0, 1.0],
    ...          ["c", 5.0, 5.0, 2.0, None, "#123", 1.0, 1.0], ["x", True, [1, None]]]
    >>> [json.loads(writer.wire(w)) for w in wires] == wires
    True
    >>> writer.wire(wires[0]) == _json(wires[0]), writer.json(1), writer.json(True)
    (True, '1.0', 'true')
    >>> json.loads(writer.json([["hex:a", 1.25, 'say "b"']]))
    [['hex:a', 1.25, 'say "b"']]
    >>> writer.wire(["c", float("inf"), 0.0, 1.0, None, "red", 1.0, 1.0])
    Traceback (most recent call last):
    ...
    ValueError: cannot write the non-finite number inf as JSON
    >>> writer.rounded(2 / 3), writer.rounded(5), writer.json(writer.rounded(2 / 3))
    (0.67, 5.0, '0.67')
    """

    __slots__ = ("_numbers", "_rounded", "_strings")

    def __init__(self) -> None:
        self._numbers = _Numbers()
        self._strings = _Strings()
        self._rounded: dict[float, float] = {}

    def wire(self, wire: list[Any]) -> str:
        """The JSON of one drawing instruction of :func:`_item_wire` (ValueError for a
        number that is not finite)."""
        n, s = self._numbers, self._strings
        kind = wire[0]
        if kind == "t":
            _, x, y, text, font, align, fill, alpha = wire
            return f'["t",{n[x]},{n[y]},{s[text]},{s[font]},{s[align]},{s[fill]},{n[alpha]}]'
        if kind == "p":
            _, points, fill, stroke, width, alpha = wire
            return (f'["p",[{",".join(map(n.__getitem__, points))}],{s[fill]},{s[stroke]},'
                    f'{n[width]},{n[alpha]}]')
        if kind == "r":
            _, x, y, w, h, radius, fill, stroke, width, alpha = wire
            return (f'["r",{n[x]},{n[y]},{n[w]},{n[h]},{n[radius]},{s[fill]},{s[stroke]},'
                    f'{n[width]},{n[alpha]}]')
        if kind == "c":
            _, x, y, r, fill, stroke, width, alpha = wire
            return (f'["c",{n[x]},{n[y]},{n[r]},{s[fill]},{s[stroke]},{n[width]},'
                    f'{n[alpha]}]')
        if kind == "l":
            _, x1, y1, x2, y2, stroke, width, dash, alpha = wire
            dashes = "null" if dash is None else f"[{','.join(map(n.__getitem__, dash))}]"
            return (f'["l",{n[x1]},{n[y1]},{n[x2]},{n[y2]},{s[stroke]},{n[width]},{dashes},'
                    f'{n[alpha]}]')
        return self.json(wire)

    def json(self, value: Any) -> str:
        """``value`` (numbers, strings, None, lists of them) as compact JSON (ValueError
        for a number that is not finite)."""
        kind = type(value)
        if kind is float or kind is int:
            return self._numbers[value]
        if kind is str or value is None:
            return self._strings[value]
        if kind is list:
            return f"[{','.join(map(self.json, value))}]"
        return _json(value)

    def rounded(self, value: float) -> float:
        """``value`` rounded to 1/100 px (the precision of the SVG output), a float
        (GaiaLabError if it is not finite)."""
        number = self._rounded.get(value)
        if number is None:
            number = _n(value)
            if len(self._rounded) > _WRITTEN:
                self._rounded.clear()
            self._rounded[value] = number
        return number


@lru_cache(maxsize=256)
def _font(size: float, bold: bool) -> str:
    return f"{'bold' if bold else 'normal'} {round(size, 2):g}px {FONT_FAMILY}"


class BoardView(anywidget.AnyWidget):
    """The browser view of a :class:`BoardCanvas` (its ``canvas``)."""

    _esm = (_HERE / "board.js").read_text(encoding="utf-8")
    _css = (_HERE / "board.css").read_text(encoding="utf-8")
    scene = traitlets.Unicode("{}").tag(sync=True)
    """JSON of ``{"v": version, "w", "h", "bg", "items": scene_wire(...), "targets": [...]}``
    (one string: the widget protocol would otherwise walk every nested list)."""
    fit = traitlets.Bool(False).tag(sync=True)
    """Fill the width of the container (True) or keep the scene's size."""
    max_scale = traitlets.Float(0.0).tag(sync=True)
    """With ``fit``, draw at most this many times the scene's size (0: no limit)."""
    description = traitlets.Unicode("").tag(sync=True)
    """The board in words, for screen readers (the canvas' accessible name)."""
    room = traitlets.Int(0).tag(sync=True)
    """The width in CSS px the view is given, reported by the view when ``fit`` is on
    (0 until it does)."""


class BoardCanvas:
    """A board showing one scene at a time, with clicks and key picks mapped to ids.

    ``fit=True`` fills the width of the container (scaling the board up or
    down, keeping its shape); otherwise the board keeps the scene's size. A fitted
    board's view reports how wide it is: draw the next scene at :attr:`width`
    (and again when :meth:`on_resize` says it changed) and it shows at its own size.
    """

    def __init__(self, scene: Scene | None = None, *, fit: bool = False,
                 max_scale: float = 0.0) -> None:
        self.fit = fit
        self.canvas = BoardView(fit=fit, max_scale=max_scale)
        """The widget to put in a layout."""
        self._scene: Scene | None = None
        self._sent: dict[str, Any] = {}
        self._wired: tuple[Scene, list[list[Any]], str, dict[int, _Run]] | None = None
        """The scene shown last, its drawing instructions, their JSON and its runs."""
        self._boxes: dict[int, tuple[Item, list[float]]] = {}
        """The items the keyboard walked last time and their boxes, by the item's id."""
        self._runs: dict[int, _Run] = {}
        """The runs of items the scene shown last was encoded in, by their first item's id
        (a run holds its items, so their ids are not reused while it is kept)."""
        self._coded: dict[Item, _Coded] = {}
        """The encoding of the items shown so far, by value (items are immutable)."""
        self._writer = _Writer()
        """The JSON of the numbers and strings sent so far."""
        self._version = 0
        self._callbacks: list[ClickCallback] = []
        self._resize_callbacks: list[ResizeCallback] = []
        self._width = self.width
        self.canvas.on_msg(lambda _widget, content, _buffers: self.receive(content))
        self.canvas.observe(self._resized, names="room")
        if scene is not None:
            self.show(scene)

    @property
    def scene(self) -> Scene | None:
        """The scene on show, or None before the first :meth:`show`."""
        return self._scene

    @property
    def version(self) -> int:
        """The number of scenes shown so far: the version of the one on show."""
        return self._version

    @property
    def sent(self) -> dict[str, Any]:
        """What the browser view was last sent (the scene's JSON, as data)."""
        return self._sent

    @property
    def targets(self) -> list[tuple[str, str]]:
        """The (id, spoken label) pairs the keyboard walks, in order."""
        return [(t[0], t[5]) for t in self._sent.get("targets", [])]

    def show(self, scene: Scene, *, targets: Iterable[str | tuple[str, str]] = (),
             description: str | None = None) -> None:
        """Show ``scene`` (one message); ``targets`` are the ids the keyboard walks,
        each with a label to announce (default: the item's title, else its id);
        ``description`` is the board in words (default: the scene's title)."""
        wired = self._wired
        if wired is None or wired[0] is not scene:  # a board shown again is not encoded again
            wired = (scene, *self._encoded(scene))
            self._wired, self._runs = wired, wired[3]
        walk: list[list[Any]] = []
        firsts: dict[str, Item] | None = None
        known, boxes = self._boxes, {}  # the boxes of the items walked last time, kept
        rounded = self._writer.rounded
        for target in targets:
            name, label = (target, None) if isinstance(target, str) else target
            if firsts is None:
                firsts = scene.first_items()
            item = firsts.get(name)
            if item is None:
                continue
            box = known.get(id(item))
            if box is None or box[0] is not item:
                box = (item, list(map(rounded, item.bounds())))
            boxes[id(item)] = box
            walk.append([name, *box[1], label or item.title or name])
        self._boxes = boxes
        self._version += 1
        self._scene = scene
        self.canvas.description = (
            description if description is not None else (scene.title or "Board")
        )
        width, height, background = _n(scene.width), _n(scene.height), _paint(scene.background)
        self._sent = {"v": self._version, "w": width, "h": height, "bg": background,
                      "items": wired[1], "targets": walk}
        write = self._writer.json
        self.canvas.scene = (  # json.dumps(self._sent), the items' part encoded once
            f'{{"v":{self._version},"w":{write(width)},"h":{write(height)},'
            f'"bg":{write(background)},"items":{wired[2]},"targets":{write(walk)}}}')

    def _encoded(self, scene: Scene) -> tuple[list[list[Any]], str, dict[int, _Run]]:
        """The drawing instructions of ``scene``'s items and their JSON, with the runs of
        items they were encoded in: a run of the same items shown last time (a layout may
        draw the same items for every position, e.g. the map under the pieces) is taken as
        it was encoded then."""
        items = scene.items
        known = self._runs
        runs: dict[int, _Run] = {}
        wires: list[list[Any]] = []
        parts: list[str] = []
        i, n = 0, len(items)
        while i < n:
            run = known.get(id(items[i]))
            if run is None or len(run[0]) > n - i or not all(
                    a is b for a, b in zip(run[0], items[i:i + len(run[0])])):
                j = i + 1  # new items: up to the next known run, a run at most _RUN long
                while j < n and j - i < _RUN and id(items[j]) not in known:
                    j += 1
                run = self._run(items[i:j], scene)
            runs[id(items[i])] = run
            wires += run[1]
            if run[2]:
                parts.append(run[2])
            i += len(run[0])
        return wires, f"[{','.join(parts)}]", runs

    def _run(self, items: tuple[Item, ...], scene: Scene) -> _Run:
        """A run of ``scene``'s items not shown together last time: an item equal to one
        shown before (a part drawn again as it was, e.g. a player's panel redrawn when the
        turn passes) is taken as it was encoded then, the others are encoded anew (and
        remembered only once the whole run is)."""
        coded, write = self._coded, self._writer.wire
        got: list[_Coded] = []
        fresh: list[tuple[Item, _Coded]] = []
        for item in items:
            try:
                seen = coded.get(item)
            except TypeError:  # an item holding a list cannot be a key
                seen = None
            if seen is None:
                wire = _item_wire(item)
                try:
                    seen = (wire, "" if wire is None else write(wire))
                except ValueError:
                    raise GaiaLabError(f"cannot draw {scene.title or 'the scene'}: an item "
                                       "has a non-finite coordinate or size") from None
                fresh.append((item, seen))
            got.append(seen)
        if len(coded) > _CODED:
            coded.clear()
        for item, seen in fresh:
            try:
                coded[item] = seen
            except TypeError:
                pass
        wires = [wire for wire, _ in got if wire is not None]
        return items, wires, ",".join([text for wire, text in got if wire is not None])

    def redraw(self) -> None:
        """Send the current scene again (as a new version)."""
        if self._scene is not None:
            self.show(self._scene, targets=[(t[0], t[1]) for t in self.targets],
                      description=self.canvas.description)

    @property
    def width(self) -> int:
        """The width to draw the board at: the width its view reports, kept between
        :data:`MIN_WIDTH` and :data:`MAX_WIDTH`; :data:`DEFAULT_WIDTH` before the view
        has reported one, or when the board is not fitted.

        >>> board = BoardCanvas(fit=True)
        >>> board.width
        900
        >>> board.on_resize(print)
        >>> board.canvas.room = 1212      # what the view reports
        1212
        >>> board.canvas.room = 300
        480
        >>> board.canvas.room = 310       # the same drawing width: no call
        >>> board.width
        480
        """
        room = self.canvas.room
        if not self.fit or room <= 0:
            return DEFAULT_WIDTH
        return max(MIN_WIDTH, min(MAX_WIDTH, room))

    def on_resize(self, callback: ResizeCallback, remove: bool = False) -> None:
        """Call ``callback(width)`` whenever :attr:`width` changes (the view was given
        another width); ``remove=True`` unregisters it."""
        if remove:
            self._resize_callbacks = [c for c in self._resize_callbacks if c != callback]
        elif callback not in self._resize_callbacks:
            self._resize_callbacks.append(callback)

    def _resized(self, _change: Mapping[str, Any]) -> None:
        width = self.width
        if width == self._width:
            return
        self._width = width
        for callback in list(self._resize_callbacks):
            callback(width)

    def on_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback(id, x, y)`` on every click or key pick on the board on show.

        ``id`` is :meth:`Scene.hit` of the point (for a key pick, the target
        picked, at its centre), or None. ``remove=True`` unregisters the callback.
        """
        if remove:
            self._callbacks = [c for c in self._callbacks if c != callback]
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def receive(self, content: Mapping[str, Any]) -> bool:
        """Handle one message of the browser view; True if it reached the callbacks.

        A click (``{"event": "click", "x", "y", "version"}``) or a key pick
        (``{"event": "pick", "id", "version"}``) counts only when ``version`` is
        the scene on show: one made on an older picture is dropped. The view is
        told when the message was handled, so that it takes clicks again.

        >>> board = BoardCanvas(Scene(50, 50, (Rect(0, 0, 20, 20, id="a"),)))
        >>> board.on_click(lambda id, x, y: print(id, x, y))
        >>> board.receive({"event": "click", "x": 5, "y": 5, "version": 1})
        a 5.0 5.0
        True
        >>> board.receive({"event": "pick", "id": "a", "version": 1})
        a 10.0 10.0
        True
        >>> board.show(Scene(50, 50))
        >>> board.receive({"event": "click", "x": 5, "y": 5, "version": 1})  # an old picture
        False
        """
        try:
            event = content.get("event")
            if event not in ("click", "pick") or self._scene is None:
                return False
            if content.get("version") != self._version:
                return False
            scene = self._scene
            if event == "pick":
                id = content.get("id")
                item = scene.find(id) if isinstance(id, str) else None
                if item is None:
                    return False
                left, top, right, bottom = item.bounds()
                x, y = (left + right) / 2, (top + bottom) / 2
                picked: str | None = id
            else:
                x, y = float(content.get("x", -1)), float(content.get("y", -1))
                picked = scene.hit(x, y)
            for callback in list(self._callbacks):
                callback(picked, x, y)
            return True
        finally:
            self.canvas.send({"event": "answered"})

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.canvas._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        if self._scene is None:
            return "BoardCanvas(empty)"
        return f"BoardCanvas(width={_pixel_size(self._scene)[0]}, " \
               f"height={_pixel_size(self._scene)[1]})"


def _pixel_size(scene: Scene) -> tuple[int, int]:
    return (max(1, math.ceil(scene.width)), max(1, math.ceil(scene.height)))
