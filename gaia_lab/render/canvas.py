"""Live boards: draw a :class:`~gaia_lab.render.shapes.Scene` on an ipycanvas Canvas.

:func:`draw_scene` sends a whole scene to the browser as one message.
:class:`BoardCanvas` owns a canvas, keeps the scene it shows, draws it again
whenever a browser view connects (page reload, Voila), and turns mouse clicks
into the id of the item under the pointer::

    board = BoardCanvas(scene)
    board.on_click(lambda id, x, y: print(id))
    board            # last expression of a cell: shows the canvas
    board.show(new_scene)

This is the only module of :mod:`gaia_lab.render` that needs ipycanvas.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from itertools import chain
from typing import Any, NamedTuple

from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS
from ipywidgets import widget_serialization
from traitlets import All

from gaia_lab.render.shapes import (
    FONT_FAMILY,
    Circle,
    Item,
    Line,
    Polygon,
    Rect,
    Scene,
    Text,
)

__all__ = ["BoardCanvas", "ClickCallback", "canvas_commands", "draw_scene"]

ClickCallback = Callable[[str | None, float, float], None]
"""Called with the clicked id (None off any clickable item) and the canvas point."""

Command = tuple[str, tuple[Any, ...]]
"""``("set", (attribute, value))`` or ``(method name, arguments)``."""

_TEXT_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def canvas_commands(scene: Scene) -> list[Command]:
    """The canvas calls that draw ``scene``, without touching any canvas.

    Style attributes are set only when they change.

    >>> cmds = canvas_commands(Scene(20, 10, (Rect(0, 0, 5, 5, fill="red"),), background="#fff"))
    >>> for name, args in cmds:
    ...     print(name, args)
    clear ()
    set ('global_alpha', 1.0)
    set ('fill_style', '#fff')
    fill_rect (0, 0, 20, 10)
    set ('fill_style', 'red')
    fill_rect (0, 0, 5, 5)
    """
    out: list[Command] = [("clear", ())]
    state: dict[str, Any] = {}

    def setattr_(name: str, value: Any) -> None:
        if state.get(name, _UNSET) != value:
            state[name] = value
            out.append(("set", (name, value)))

    def dash(pattern: tuple[float, ...] | None) -> None:
        segments = list(pattern or ())
        if state.get("line_dash", []) != segments:
            state["line_dash"] = segments
            out.append(("set_line_dash", (segments,)))

    def paint(
        fill: str | None, stroke: str | None, width: float, fill_cmd: Command, stroke_cmd: Command
    ) -> None:
        if fill is not None and fill != "none":
            setattr_("fill_style", fill)
            out.append(fill_cmd)
        if stroke is not None and stroke != "none":
            setattr_("stroke_style", stroke)
            setattr_("line_width", float(width))
            dash(None)
            out.append(stroke_cmd)

    setattr_("global_alpha", 1.0)
    if scene.background is not None:
        setattr_("fill_style", scene.background)
        out.append(("fill_rect", (0, 0, scene.width, scene.height)))
    for item in scene.items:
        setattr_("global_alpha", float(item.opacity))
        _item_commands(item, out, setattr_, dash, paint)
    return out


_UNSET = object()


def _item_commands(
    item: Item,
    out: list[Command],
    setattr_: Callable[[str, Any], None],
    dash: Callable[[tuple[float, ...] | None], None],
    paint: Callable[[str | None, str | None, float, Command, Command], None],
) -> None:
    if isinstance(item, Rect):
        r = min(item.radius, item.w / 2, item.h / 2)
        if r <= 0:
            args = (item.x, item.y, item.w, item.h)
            paint(
                item.fill,
                item.stroke,
                item.stroke_width,
                ("fill_rect", args),
                ("stroke_rect", args),
            )
            return
        x, y, w, h = item.x, item.y, item.w, item.h
        out.extend(
            [
                ("begin_path", ()),
                ("move_to", (x + r, y)),
                ("arc_to", (x + w, y, x + w, y + h, r)),
                ("arc_to", (x + w, y + h, x, y + h, r)),
                ("arc_to", (x, y + h, x, y, r)),
                ("arc_to", (x, y, x + w, y, r)),
                ("close_path", ()),
            ]
        )
        paint(item.fill, item.stroke, item.stroke_width, ("fill", ()), ("stroke", ()))
    elif isinstance(item, Circle):
        circle = (item.cx, item.cy, item.r)
        paint(
            item.fill,
            item.stroke,
            item.stroke_width,
            ("fill_circle", circle),
            ("stroke_circle", circle),
        )
    elif isinstance(item, Polygon):
        points = ([list(p) for p in item.points],)
        paint(
            item.fill,
            item.stroke,
            item.stroke_width,
            ("fill_polygon", points),
            ("stroke_polygon", points),
        )
    elif isinstance(item, Line):
        if item.stroke == "none":
            return
        setattr_("stroke_style", item.stroke)
        setattr_("line_width", float(item.width))
        dash(item.dash)
        out.append(("stroke_line", (item.x1, item.y1, item.x2, item.y2)))
    elif isinstance(item, Text):
        if item.fill == "none" or not item.text:
            return
        weight = "bold" if item.bold else "normal"
        setattr_("font", f"{weight} {_css_number(item.size)}px {FONT_FAMILY}")
        setattr_("text_align", _TEXT_ALIGN[item.anchor])
        setattr_("text_baseline", "alphabetic")
        setattr_("fill_style", item.fill)
        out.append(("fill_text", (item.text, item.x, item.baseline_y())))


def _css_number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def draw_scene(canvas: Canvas, scene: Scene) -> None:
    """Clear ``canvas`` and draw ``scene`` on it, sent as one message.

    Colours must be ones the browser understands (CSS names, ``#rgb``,
    ``#rrggbb``, ``rgb()``, ``rgba()``, ``hsl()``...); anything else raises
    ValueError before a single command is sent.

    The message is exactly what drawing :func:`canvas_commands` through the
    canvas methods inside ``hold_canvas()`` would send, but a plain Canvas
    whose styles nobody observes gets it built directly, without one method
    call (and one NumPy array per polygon) per command.
    """
    manager = canvas._canvas_manager
    if type(canvas) is Canvas and manager is _CANVAS_MANAGER and not _styles_observed(canvas):
        batch = _scene_batch(scene)
        if batch is not None:
            _send_batch(canvas, manager, batch)
            return
    _draw_with_calls(canvas, scene)


def _draw_with_calls(canvas: Canvas, scene: Scene) -> None:
    """:func:`draw_scene` through the public canvas methods, one call per command."""
    commands = canvas_commands(scene)
    traits = _traits(canvas)
    checked = [
        _validated(canvas, traits, args[0], args[1]) if name == "set" else None
        for name, args in commands
    ]
    # A plain Canvas has no validators or observers of its own, so a style can be
    # stored and sent without validating it again; a subclass goes through setattr.
    fast = type(canvas) is Canvas
    manager = canvas._canvas_manager
    was_caching = manager._caching
    held = (len(manager._commands_cache), len(manager._buffers_cache))
    try:
        with hold_canvas():
            for (name, args), value in zip(commands, checked, strict=True):
                if name != "set":
                    getattr(canvas, name)(*args)
                elif fast and isinstance(args[1], _PLAIN):
                    _set_style(canvas, manager, traits[args[0]], args[0], args[1], value)
                else:
                    setattr(canvas, args[0], args[1])
    except BaseException:
        _drop_held(manager, was_caching, held)
        raise


def _drop_held(manager: Any, was_caching: bool, held: tuple[int, int]) -> None:
    # hold_canvas() does not clean up after an error: drop what this call
    # queued and stop holding, or every later drawing would stay unsent.
    del manager._commands_cache[held[0] :]
    del manager._buffers_cache[held[1] :]
    manager._caching = was_caching
    manager._current_canvas = None


_PLAIN = (str, int, float)
_TRAITS: dict[type, dict[str, Any]] = {}
_VALID: dict[tuple[type, str, type, Any], Any] = {}
"""(canvas class, attribute, value type, value) -> validated value: each style is checked once."""
_VALID_LIMIT = 10_000


def _traits(canvas: Canvas) -> dict[str, Any]:
    cls = type(canvas)
    traits = _TRAITS.get(cls)
    if traits is None:
        traits = _TRAITS[cls] = canvas.traits()
    return traits


def _validated(canvas: Canvas, traits: dict[str, Any], name: str, value: Any) -> Any:
    """``value`` as the canvas trait ``name`` stores it; ValueError if it is not valid."""
    key = (type(canvas), name, type(value), value)
    try:
        return _VALID[key]
    except KeyError:
        cacheable = True
    except TypeError:  # unhashable: validate every time
        cacheable = False
    try:
        result = traits[name].validate(canvas, value)
    except Exception as error:
        raise ValueError(f"cannot draw {name}={value!r} on a canvas: {error}") from None
    if cacheable:
        if len(_VALID) >= _VALID_LIMIT:
            _VALID.clear()
        _VALID[key] = result
    return result


def _set_style(
    canvas: Canvas, manager: Any, trait: Any, name: str, value: Any, validated: Any
) -> None:
    """What ``setattr(canvas, name, value)`` does, minus the second validation.

    The trait takes the validated value and observers hear of a change (as
    traitlets does), then the raw value is queued for the browser (as ipycanvas does).
    """
    values = canvas._trait_values
    old = values.get(name, trait.default_value)
    values[name] = validated
    try:
        silent = bool(old == validated)
    except Exception:
        silent = False
    if silent is not True and _observed(canvas, name):
        canvas._notify_trait(name, old, validated)
    code = Canvas.ATTRS.get(name)
    if code is not None:
        manager.send_command(canvas, [COMMANDS["set"], [code, value]])


def _observed(canvas: Canvas, name: str) -> bool:
    """Whether anything observes the style trait ``name`` of ``canvas``.

    Style traits are not synced with the browser, so a change nobody observes
    needs no notification; skipping it is most of the cost of a redraw.
    """
    notifiers = canvas._trait_notifiers
    return bool(notifiers.get(name) or notifiers.get(All))


_STYLE_TRAITS = (*Canvas.ATTRS, "_line_dash")
_SWITCH = COMMANDS["switchCanvas"]
_SET = COMMANDS["set"]
_CLEAR = COMMANDS["clear"]
_FILL_RECT = COMMANDS["fillRect"]
_STROKE_RECT = COMMANDS["strokeRect"]
_FILL_CIRCLE = COMMANDS["fillCircle"]
_STROKE_CIRCLE = COMMANDS["strokeCircle"]
_FILL_POLYGON = COMMANDS["fillPolygon"]
_STROKE_POLYGON = COMMANDS["strokePolygon"]
_STROKE_LINE = COMMANDS["strokeLine"]
_SET_LINE_DASH = COMMANDS["setLineDash"]
_FILL_TEXT = COMMANDS["fillText"]
_BEGIN_PATH = COMMANDS["beginPath"]
_MOVE_TO = COMMANDS["moveTo"]
_ARC_TO = COMMANDS["arcTo"]
_CLOSE_PATH = COMMANDS["closePath"]
_FILL = COMMANDS["fill"]
_STROKE = COMMANDS["stroke"]


def _styles_observed(canvas: Canvas) -> bool:
    """Whether anything observes a style trait (or every trait) of ``canvas``."""
    notifiers = canvas._trait_notifiers
    if not notifiers:
        return False
    return bool(notifiers.get(All)) or any(notifiers.get(name) for name in _STYLE_TRAITS)


class _Batch(NamedTuple):
    """One scene as the canvas manager queues it, plus the styles it leaves set."""

    commands: list[list[Any]]
    """Every command after the canvas switch, in the manager's format."""
    buffers: list[memoryview[Any]]
    """The binary buffers of the polygon commands, in order."""
    styles: dict[tuple[str, Any], None]
    """Every (style, value) set, in the order of first use."""
    state: dict[str, Any]
    """The last value set for each style."""
    line_dash: list[Any] | None
    """The last dash pattern sent (as ``set_line_dash`` stores it), None if none was."""


def _scene_batch(scene: Scene) -> _Batch | None:
    """What drawing ``canvas_commands(scene)`` through the canvas methods queues.

    The commands are built the way ipycanvas builds them (``send_draw_command``
    drops trailing None arguments; ``populate_args`` turns a polygon's float
    pairs into a float64 ``(n, 2)`` buffer, here packed without NumPy into the
    same bytes), with the style changes of :func:`canvas_commands`. None when a
    style value is not a plain string or number: those go through the canvas
    methods.
    """
    try:
        return _build_batch(scene)
    except TypeError:
        # An unhashable style value (or a broken item, which the canvas
        # methods path reports the same way).
        return None


def _build_batch(scene: Scene) -> _Batch | None:
    # The hot loop of every redraw: one pass over the items, each style kept in
    # a local, and a style change recorded as (name, value) for validation.
    out: list[list[Any]] = [[_CLEAR, [], 0]]
    append = out.append
    buffers: list[memoryview[Any]] = []
    styles: dict[tuple[str, Any], None] = {}
    alpha: Any = 1.0
    fill_style: Any = _UNSET
    stroke_style: Any = _UNSET
    line_width: Any = _UNSET
    font: Any = _UNSET
    text_align: Any = _UNSET
    text_baseline: Any = _UNSET
    dash_state: list[Any] = []
    dash_sent: list[Any] | None = None
    set_ = _SET
    styles[("global_alpha", alpha)] = None
    append([set_, [_CODE_ALPHA, alpha]])
    if scene.background is not None:
        fill_style = scene.background
        styles[("fill_style", fill_style)] = None
        append([set_, [_CODE_FILL, fill_style]])
        append([_FILL_RECT, _args([0, 0, scene.width, scene.height]), 0])
    for item in scene.items:
        value: Any = float(item.opacity)
        if alpha != value:
            alpha = value
            styles[("global_alpha", value)] = None
            append([set_, [_CODE_ALPHA, value]])
        kind = _KINDS.get(type(item))
        if kind is None:
            kind = _kind(item)
        if kind == _TEXT:
            assert isinstance(item, Text)
            if item.fill == "none" or not item.text:
                continue
            value = f"{'bold' if item.bold else 'normal'} {_css_number(item.size)}px {FONT_FAMILY}"
            if font != value:
                font = value
                styles[("font", value)] = None
                append([set_, [_CODE_FONT, value]])
            value = _TEXT_ALIGN[item.anchor]
            if text_align != value:
                text_align = value
                styles[("text_align", value)] = None
                append([set_, [_CODE_ALIGN, value]])
            if text_baseline != "alphabetic":
                text_baseline = "alphabetic"
                styles[("text_baseline", "alphabetic")] = None
                append([set_, [_CODE_BASELINE, "alphabetic"]])
            value = item.fill
            if fill_style != value:
                fill_style = value
                styles[("fill_style", value)] = None
                append([set_, [_CODE_FILL, value]])
            append([_FILL_TEXT, _args([item.text, item.x, item.baseline_y()]), 0])
            continue
        if kind == _LINE:
            assert isinstance(item, Line)
            value = item.stroke
            if value == "none":
                continue
            fill: Any = None
            fill_cmd: list[Any] = []
            stroke_cmd = [_STROKE_LINE, _args([item.x1, item.y1, item.x2, item.y2]), 0]
            edge: Any = value
            width: Any = item.width
            pattern = item.dash
            stroked = True  # a line is stroked unless its stroke is "none"
        elif kind == _POLYGON:
            assert isinstance(item, Polygon)
            points = item.points
            # Polygon points are float pairs: NumPy makes a float64 (n, 2) array of
            # them, whose bytes are the coordinates packed as native doubles.
            count = len(points)
            packed = _packer(2 * count)(*chain.from_iterable(points))
            buffer = memoryview(packed).cast("d", (count, 2))
            fill_cmd = [_FILL_POLYGON, [{"shape": (count, 2), "dtype": "float64", "idx": 0}], 1]
            stroke_cmd = [_STROKE_POLYGON, [{"shape": (count, 2), "dtype": "float64", "idx": 0}], 1]
            edge = item.stroke
            width = item.stroke_width
            pattern = None
            fill = item.fill
            stroked = edge is not None and edge != "none"
            # Each drawn polygon command carries its own copy of the points.
            if fill is not None and fill != "none":
                buffers.append(buffer)
            if stroked:
                buffers.append(buffer)
        elif kind == _CIRCLE:
            assert isinstance(item, Circle)
            fill_cmd = [_FILL_CIRCLE, _args([item.cx, item.cy, item.r]), 0]
            stroke_cmd = [_STROKE_CIRCLE, _args([item.cx, item.cy, item.r]), 0]
            fill = item.fill
            edge = item.stroke
            width = item.stroke_width
            pattern = None
            stroked = edge is not None and edge != "none"
        elif kind == _RECT:
            assert isinstance(item, Rect)
            r = min(item.radius, item.w / 2, item.h / 2)
            if r <= 0:
                args = _args([item.x, item.y, item.w, item.h])
                fill_cmd = [_FILL_RECT, args, 0]
                stroke_cmd = [_STROKE_RECT, args, 0]
            else:
                x, y, w, h = item.x, item.y, item.w, item.h
                out += (
                    [_BEGIN_PATH, [], 0],
                    [_MOVE_TO, [x + r, y], 0],
                    [_ARC_TO, [x + w, y, x + w, y + h, r], 0],
                    [_ARC_TO, [x + w, y + h, x, y + h, r], 0],
                    [_ARC_TO, [x, y + h, x, y, r], 0],
                    [_ARC_TO, [x, y, x + w, y, r], 0],
                    [_CLOSE_PATH, [], 0],
                )
                fill_cmd = [_FILL, ["nonzero"], 0]
                stroke_cmd = [_STROKE, [], 0]
            fill = item.fill
            edge = item.stroke
            width = item.stroke_width
            pattern = None
            stroked = edge is not None and edge != "none"
        else:
            continue
        if fill is not None and fill != "none":
            if fill_style != fill:
                fill_style = fill
                styles[("fill_style", fill)] = None
                append([set_, [_CODE_FILL, fill]])
            append(fill_cmd)
        if stroked:
            if stroke_style != edge:
                stroke_style = edge
                styles[("stroke_style", edge)] = None
                append([set_, [_CODE_STROKE, edge]])
            value = float(width)
            if line_width != value:
                line_width = value
                styles[("line_width", value)] = None
                append([set_, [_CODE_WIDTH, value]])
            segments = list(pattern or ())
            if dash_state != segments:
                dash_state = segments
                dash_sent = segments + segments if len(segments) % 2 else segments
                append([_SET_LINE_DASH, [dash_sent], 0])
            append(stroke_cmd)
    for _, value in styles:
        if not isinstance(value, _PLAIN):
            return None
    state = {
        name: value
        for name, value in (
            ("global_alpha", alpha),
            ("fill_style", fill_style),
            ("stroke_style", stroke_style),
            ("line_width", line_width),
            ("font", font),
            ("text_align", text_align),
            ("text_baseline", text_baseline),
        )
        if value is not _UNSET
    }
    return _Batch(out, buffers, styles, state, dash_sent)


_RECT, _CIRCLE, _POLYGON, _LINE, _TEXT = range(5)
_KINDS: dict[type, int] = {
    Rect: _RECT, Circle: _CIRCLE, Polygon: _POLYGON, Line: _LINE, Text: _TEXT
}
_CODE_FILL = Canvas.ATTRS["fill_style"]
_CODE_STROKE = Canvas.ATTRS["stroke_style"]
_CODE_ALPHA = Canvas.ATTRS["global_alpha"]
_CODE_WIDTH = Canvas.ATTRS["line_width"]
_CODE_FONT = Canvas.ATTRS["font"]
_CODE_ALIGN = Canvas.ATTRS["text_align"]
_CODE_BASELINE = Canvas.ATTRS["text_baseline"]


_PACKERS: dict[int, Callable[..., bytes]] = {}


def _packer(count: int) -> Callable[..., bytes]:
    """Packs ``count`` floats as native doubles (what a float64 array holds)."""
    pack = _PACKERS.get(count)
    if pack is None:
        if len(_PACKERS) >= 1024:
            _PACKERS.clear()
        pack = _PACKERS[count] = struct.Struct(f"{count}d").pack
    return pack


def _kind(item: Any) -> int:
    """The kind of an item of a subclass of a primitive (-1: not a primitive)."""
    for cls, kind in _KINDS.items():
        if isinstance(item, cls):
            return kind
    return -1


def _args(args: list[Any]) -> list[Any]:
    """``args`` without trailing Nones, as ``send_draw_command`` sends them."""
    while args and args[-1] is None:
        args.pop()
    return args


def _send_batch(canvas: Canvas, manager: Any, batch: _Batch) -> None:
    """Queue ``batch`` inside one ``hold_canvas()`` and leave the styles it sets.

    Every style is validated before anything is queued; the style traits end
    with the values the canvas methods would leave (nothing observes them, so
    there is nobody to notify).
    """
    traits = _traits(canvas)
    for name, value in batch.styles:
        _validated(canvas, traits, name, value)
    final = {name: _validated(canvas, traits, name, value) for name, value in batch.state.items()}
    was_caching = manager._caching
    held = (len(manager._commands_cache), len(manager._buffers_cache))
    try:
        with hold_canvas():
            if manager._current_canvas is not canvas:
                manager._commands_cache.append(
                    [_SWITCH, [widget_serialization["to_json"](canvas, None)]]
                )
                manager._current_canvas = canvas
            manager._commands_cache.extend(batch.commands)
            manager._buffers_cache.extend(batch.buffers)
            canvas._trait_values.update(final)
            if batch.line_dash is not None:
                canvas._line_dash = batch.line_dash
    except BaseException:
        _drop_held(manager, was_caching, held)
        raise


class BoardCanvas:
    """A canvas showing one scene at a time, with clicks mapped to item ids.

    The canvas is pinned to the scene's size in CSS pixels, so a click lands
    where the item is drawn. Every time a browser view connects, the current
    scene is drawn again (a new view starts blank).
    """

    def __init__(self, scene: Scene | None = None, *, width: int = 300, height: int = 150,
                 fit: bool = False) -> None:
        if scene is not None:
            width, height = _pixel_size(scene)
        self.fit = fit
        """Scale down to the width of the container (keeping the aspect) instead of
        showing the canvas at its pixel size; clicks are mapped back either way."""
        self.canvas = Canvas(width=width, height=height)
        self._pin()
        self._scene: Scene | None = None
        self._callbacks: list[ClickCallback] = []
        self._pointer: tuple[float, float] | None = None
        self.canvas.on_client_ready(self._replay)
        self.canvas.on_mouse_move(self._mouse_move)
        self.canvas.on_mouse_out(self._mouse_out)
        self.canvas.on_mouse_down(self._mouse_down)
        if scene is not None:
            self.show(scene)

    @property
    def scene(self) -> Scene | None:
        """The scene on show, or None before the first :meth:`show`."""
        return self._scene

    def show(self, scene: Scene) -> None:
        """Remember ``scene`` and draw it, resizing the canvas if needed."""
        width, height = _pixel_size(scene)
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width = width
            self.canvas.height = height
            self._pin()
        self._scene = scene
        draw_scene(self.canvas, scene)

    def redraw(self) -> None:
        """Draw the current scene again."""
        if self._scene is not None:
            draw_scene(self.canvas, self._scene)

    def on_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback(id, x, y)`` on every mouse press over the canvas.

        ``id`` is :meth:`Scene.hit` of the point: the topmost clickable item,
        or None. ``remove=True`` unregisters the callback.
        """
        if remove:
            self._callbacks = [c for c in self._callbacks if c != callback]
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def _pin(self) -> None:
        if self.fit:
            self.canvas.layout.width = "100%"
            self.canvas.layout.max_width = f"{self.canvas.width}px"
            self.canvas.layout.height = "auto"
        else:
            self.canvas.layout.width = f"{self.canvas.width}px"
            self.canvas.layout.height = f"{self.canvas.height}px"

    def _replay(self) -> None:
        # A new view is blank, but the shared canvas manager still believes this
        # canvas is its drawing target and would skip the switch command.
        self.canvas._canvas_manager._current_canvas = None
        self.redraw()

    def _mouse_move(self, x: float, y: float) -> None:
        self._pointer = (x, y)

    def _mouse_out(self, x: float, y: float) -> None:
        self._pointer = None

    def _mouse_down(self, x: float, y: float) -> None:
        # The browser side focuses the canvas before it measures a press; when the canvas
        # was partly out of view, focusing scrolls the page and the press is measured off
        # by the scroll.  The pointer's last move over the canvas (sent on every move, and
        # again by the browser after a scroll) is where the press really was.
        if self._pointer is not None:
            x, y = self._pointer
        id = self._scene.hit(x, y) if self._scene is not None else None
        for callback in list(self._callbacks):
            callback(id, x, y)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.canvas._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"BoardCanvas(width={self.canvas.width}, height={self.canvas.height})"


def _pixel_size(scene: Scene) -> tuple[int, int]:
    return (max(1, math.ceil(scene.width)), max(1, math.ceil(scene.height)))
