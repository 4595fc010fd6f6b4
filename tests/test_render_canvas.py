"""The live canvas: one message per drawing, replay for new views, clicks to ids."""

from __future__ import annotations

import dataclasses
import doctest
import random
from collections.abc import Iterator
from typing import Any

import pytest
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import COMMANDS

import gaia_lab
from gaia_lab import render
from gaia_lab.core.hexgrid import Hex, corners, to_pixel
from gaia_lab.render import canvas as canvas_module
from gaia_lab.render.canvas import BoardCanvas, canvas_commands, draw_scene
from gaia_lab.render.shapes import Circle, Item, Line, Polygon, Rect, Scene, Text

Sent = list[tuple[Any, list[Any]]]


def fifty_items() -> Scene:
    items: list[Item] = []
    for i, h in enumerate(Hex(0, 0).spiral(2)):  # 19 hexes
        items.append(
            Polygon(corners(h, 20, "pointy", (100, 100)), fill="#eee", stroke="#555", id=f"hex:{h}")
        )
        if i % 2 == 0:  # 10 stones
            x, y = to_pixel(h, 20, "pointy", (100, 100))
            items.append(Circle(x, y, 6, fill="tomato", id=f"stone:fox:{i}"))
    for i in range(9):
        items.append(
            Rect(220, 10 + 20 * i, 60, 18, fill="white", stroke="black", radius=4, id=f"card:{i}")
        )
        items.append(
            Text(
                250,
                19 + 20 * i,
                f"card {i}",
                size=10,
                anchor="middle",
                baseline="middle",
                id=f"card:{i}",
            )
        )
    items.append(Line(0, 195, 300, 195, stroke="grey", dash=(3, 3)))
    items.append(Rect(0, 0, 300, 200, fill=None, stroke="black", opacity=0.5))
    items.append(Text(5, 195, "round 1", size=9))
    assert len(items) == 50
    return Scene(300, 200, tuple(items), background="#fafafa")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    """Every custom message the shared canvas manager sends to the browser."""
    manager = Canvas()._canvas_manager
    messages: Sent = []

    def record(command: Any, buffers: list[Any] | None = None) -> None:
        messages.append((command, list(buffers or [])))

    monkeypatch.setattr(manager, "_send_custom", record)
    yield messages
    assert manager._caching is False
    assert manager._commands_cache == []


def command_ids(message: Any) -> list[int]:
    return [command[0] for command in message]


def test_doctests() -> None:
    result = doctest.testmod(canvas_module)
    assert result.attempted > 0
    assert result.failed == 0


def test_draw_scene_sends_exactly_one_message(sent: Sent) -> None:
    canvas = Canvas(width=300, height=200)
    draw_scene(canvas, fifty_items())
    assert len(sent) == 1
    command, buffers = sent[0]
    ids = command_ids(command)
    assert ids[0] == COMMANDS["switchCanvas"]  # a fresh canvas becomes the target first
    assert ids[1] == COMMANDS["clear"]
    assert ids.count(COMMANDS["fillPolygon"]) == 19
    assert ids.count(COMMANDS["fillText"]) == 10
    assert ids.count(COMMANDS["fillCircle"]) == 10
    assert buffers  # polygon points travel as binary buffers in the same message
    draw_scene(canvas, fifty_items())
    assert len(sent) == 2
    assert command_ids(sent[1][0])[0] == COMMANDS["clear"]  # same target: no switch


def test_board_canvas_pins_size_and_draws_once(sent: Sent) -> None:
    board = BoardCanvas(fifty_items())
    assert len(sent) == 1
    assert (board.canvas.width, board.canvas.height) == (300, 200)
    assert (board.canvas.layout.width, board.canvas.layout.height) == ("300px", "200px")
    assert board.scene == fifty_items()
    assert repr(board) == "BoardCanvas(width=300, height=200)"
    assert "application/vnd.jupyter.widget-view+json" in board._repr_mimebundle_()


def test_show_resizes_and_repins(sent: Sent) -> None:
    board = BoardCanvas()
    assert board.scene is None and len(sent) == 0
    board.show(Scene(120.2, 80, (Rect(0, 0, 10, 10),)))
    assert (board.canvas.width, board.canvas.height) == (121, 80)
    assert (board.canvas.layout.width, board.canvas.layout.height) == ("121px", "80px")
    board.show(Scene(121, 80))
    assert (board.canvas.layout.width, board.canvas.layout.height) == ("121px", "80px")
    assert len(sent) == 2


def test_client_ready_replays_the_scene_with_a_switch(sent: Sent) -> None:
    board = BoardCanvas(fifty_items())
    sent.clear()
    board.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 1
    ids = command_ids(sent[0][0])
    assert ids[0] == COMMANDS["switchCanvas"]  # sent again although the target is unchanged
    assert ids.count(COMMANDS["fillPolygon"]) == 19
    empty = BoardCanvas()
    sent.clear()
    empty.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert sent == []


def test_clicks_map_to_ids() -> None:
    board = BoardCanvas(fifty_items())
    clicks: list[tuple[str | None, float, float]] = []

    def on_click(id: str | None, x: float, y: float) -> None:
        clicks.append((id, x, y))

    def press(x: float, y: float) -> None:
        board.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])

    board.on_click(on_click)
    board.on_click(on_click)  # registering twice calls it once
    hx, hy = to_pixel(Hex(1, 0), 20, "pointy", (100, 100))  # a hex without a stone
    sx, sy = to_pixel(Hex(0, 0), 20, "pointy", (100, 100))  # stone 0 sits on the centre
    press(hx, hy)
    press(sx + 3, sy)  # the stone on top of its hex
    press(sx + 8, sy)  # beside the stone: the hex underneath
    press(250, 19 + 20 * 3)  # a card's label
    press(224, 10 + 20 * 3 + 1)  # the same card's body, away from the label
    press(295, 5)  # nothing clickable (the frame has no id)
    assert clicks == [
        ("hex:1x0", hx, hy),
        ("stone:fox:0", sx + 3, sy),
        ("hex:0x0", sx + 8, sy),
        ("card:3", 250, 79),
        ("card:3", 224, 71),
        (None, 295, 5),
    ]
    board.show(Scene(50, 50, (Circle(25, 25, 20, id="token"),)))
    press(25, 25)
    assert clicks[-1] == ("token", 25, 25)
    board.on_click(on_click, remove=True)
    press(25, 25)
    assert len(clicks) == 7


def test_a_press_counts_where_the_pointer_last_moved() -> None:
    """Focusing the canvas may scroll the page before the browser measures a press: the
    pointer's last move is where the press was; without one the press is measured."""
    board = BoardCanvas(fifty_items())
    clicks: list[tuple[str | None, float, float]] = []
    board.on_click(lambda id, x, y: clicks.append((id, x, y)))
    hx, hy = to_pixel(Hex(1, 0), 20, "pointy", (100, 100))

    def event(name: str, x: float, y: float) -> None:
        board.canvas._handle_frontend_event(None, {"event": name, "x": x, "y": y}, [])

    event("mouse_move", hx, hy)
    event("mouse_down", hx, hy + 185)  # measured after a 185 px scroll
    event("mouse_out", 0, 0)
    event("mouse_down", 295, 5)  # no move since the pointer left: as measured
    assert clicks == [("hex:1x0", hx, hy), (None, 295, 5)]


def test_click_before_any_scene_reports_none() -> None:
    board = BoardCanvas()
    clicks: list[str | None] = []
    board.on_click(lambda id, x, y: clicks.append(id))
    board.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": 1, "y": 1}, [])
    assert clicks == [None]


def test_bad_colour_raises_before_sending_and_leaves_canvas_usable(sent: Sent) -> None:
    canvas = Canvas(width=10, height=10)
    with pytest.raises(ValueError, match="stroke_style='k'"):
        draw_scene(canvas, Scene(10, 10, (Rect(0, 0, 5, 5, stroke="k"),)))
    assert sent == []
    draw_scene(canvas, Scene(10, 10, (Rect(0, 0, 5, 5, stroke="black"),)))
    assert len(sent) == 1


class TracingCanvas(Canvas):  # type: ignore[misc]
    """A Canvas subclass: drawn through the public canvas methods."""


def test_failure_inside_the_hold_does_not_leave_the_manager_holding(
    sent: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    canvas = TracingCanvas(width=10, height=10)

    def broken(*args: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(canvas, "fill_circle", broken)
    with pytest.raises(RuntimeError, match="boom"):
        draw_scene(canvas, Scene(10, 10, (Rect(0, 0, 1, 1), Circle(5, 5, 2))))
    assert sent == []
    canvas.fill_rect(0, 0, 1, 1)  # later drawing is sent straight away again
    assert len(sent) == 2  # unheld: the switch and the command go one by one
    assert sent[0][0][0] == COMMANDS["switchCanvas"]
    assert sent[1][0][0] == COMMANDS["fillRect"]


def test_a_failed_send_drops_the_queued_drawing(
    sent: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    canvas = Canvas(width=10, height=10)
    manager = canvas._canvas_manager
    record = manager._send_custom

    def broken(command: Any, buffers: list[Any] | None = None) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(manager, "_send_custom", broken)
    with pytest.raises(RuntimeError, match="boom"):
        draw_scene(canvas, Scene(10, 10, (Rect(0, 0, 1, 1), Polygon(((0, 0), (4, 0), (0, 4))))))
    assert manager._caching is False
    assert manager._commands_cache == [] and manager._buffers_cache == []
    monkeypatch.setattr(manager, "_send_custom", record)
    canvas.fill_rect(0, 0, 1, 1)  # later drawing is sent straight away again
    assert len(sent) == 2
    assert sent[0][0][0] == COMMANDS["switchCanvas"]
    assert sent[1][0][0] == COMMANDS["fillRect"]


def test_canvas_commands_style_changes_only() -> None:
    scene = Scene(
        100,
        100,
        (
            Rect(0, 0, 10, 10, fill="red", stroke="black", stroke_width=2, radius=3),
            Circle(5, 5, 2, fill="red", stroke="black", stroke_width=2),
            Line(0, 0, 9, 9, stroke="black", width=2, dash=(2, 1)),
            Polygon(((0, 0), (4, 0), (0, 4)), fill=None, stroke="black", stroke_width=2),
            Text(50, 50, "Hi", size=11.5, anchor="end", weight="700", opacity=0.4),
        ),
    )
    cmds = canvas_commands(scene)
    names = [name for name, _ in cmds]
    assert names[:2] == ["clear", "set"]
    assert names.count("arc_to") == 4 and "fill" in names and "stroke" in names
    sets = [args for name, args in cmds if name == "set"]
    assert sets.count(("fill_style", "red")) == 1
    assert sets.count(("stroke_style", "black")) == 1
    assert sets.count(("line_width", 2.0)) == 1
    assert ("font", "bold 11.5px DejaVu Sans, Arial, sans-serif") in sets
    assert ("text_align", "right") in sets
    assert ("global_alpha", 0.4) in sets
    dashes = [args[0] for name, args in cmds if name == "set_line_dash"]
    assert dashes == [[2, 1], []]  # dashed line, then solid again for the polygon
    assert "fill_polygon" not in names and "stroke_polygon" in names
    text_call = [args for name, args in cmds if name == "fill_text"]
    assert text_call == [("Hi", 50, 50)]


def test_unpainted_items_send_nothing() -> None:
    scene = Scene(
        10,
        10,
        (
            Rect(0, 0, 5, 5, fill="none"),
            Circle(5, 5, 2, fill=None),
            Line(0, 0, 5, 5, stroke="none"),
            Text(0, 5, "x", fill="none"),
            Text(0, 5, ""),
        ),
    )
    names = [name for name, _ in canvas_commands(scene)]
    assert names == ["clear", "set"]
    draw_scene(Canvas(width=10, height=10), scene)


# --------------------------------------------------------------------------
# draw_scene sends what the public canvas methods send


def reference_draw(canvas: Canvas, scene: Scene) -> None:
    """``canvas_commands(scene)`` drawn through ipycanvas's public methods."""
    with hold_canvas():
        for name, args in canvas_commands(scene):
            if name == "set":
                setattr(canvas, args[0], args[1])
            else:
                getattr(canvas, name)(*args)


Wire = list[tuple[Any, bytes, list[bytes]]]
"""Each message as sent: the metadata, the JSON command buffer, the other buffers."""


@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> Iterator[Wire]:
    """Every message the shared canvas manager hands to the widget comm."""
    manager = Canvas()._canvas_manager
    messages: Wire = []
    structures: list[Any] = []
    send_custom = manager._send_custom

    def record_custom(command: Any, buffers: list[Any] | None = None) -> None:
        structures.append((command, list(buffers or [])))
        send_custom(command, buffers or [])

    def record_send(content: Any, buffers: list[Any] | None = None) -> None:
        buffers = list(buffers or [])
        assert all(isinstance(b, memoryview) and b.contiguous for b in buffers)
        messages.append((content, bytes(buffers[0]), [bytes(b) for b in buffers[1:]]))

    monkeypatch.setattr(manager, "_send_custom", record_custom)
    monkeypatch.setattr(manager, "send", record_send)
    yield messages
    assert manager._caching is False
    assert manager._commands_cache == []


def animals_boards() -> list[tuple[str, Scene]]:
    """Real Animals Gathering boards: openings, mid-roll states, finished games."""
    boards: list[tuple[str, Scene]] = []
    for players, seed in ((2, 1), (2, 8), (5, 3), (5, 12)):
        session = gaia_lab.Session("animals_gathering", players=players, seed=seed)
        rng = random.Random(seed)
        boards.append((f"{players}p seed {seed} start", render.scene(session.state)))
        rolls = 0
        for step in range(2000):
            if session.is_over():
                break
            actions = session.legal_actions()
            session.play(actions[rng.randrange(len(actions))])
            state = session.state
            roll = getattr(state, "roll", None)
            if rolls < 2 and roll is not None and any(d.face for d in roll.dice):
                rolls += 1
                targets = {t for a in actions for t in session.game.action_targets(state, a)}
                boards.append(
                    (f"{players}p seed {seed} roll at {step}",
                     render.scene(state, highlight=sorted(targets))),
                )
            elif step == 40:
                boards.append((f"{players}p seed {seed} step 40", render.scene(state)))
        assert session.is_over()
        boards.append((f"{players}p seed {seed} over", render.scene(session.state)))
    return boards


STYLE_TRAITS = [*Canvas.ATTRS, "_line_dash"]


def test_draw_scene_sends_what_the_canvas_methods_send(wire: Wire) -> None:
    boards = animals_boards()
    kinds = {type(item) for _, scene in boards for item in scene.items}
    assert kinds == {Rect, Circle, Polygon, Line, Text}
    assert sum("roll" in label for label, _ in boards) >= 6
    assert sum("over" in label for label, _ in boards) == 4
    for label, scene in boards:
        expected_canvas = Canvas(width=10, height=10)
        actual_canvas = Canvas(width=10, height=10)
        wire.clear()
        reference_draw(expected_canvas, scene)
        reference_draw(expected_canvas, scene)  # the target is current: no switch
        draw_scene(actual_canvas, scene)
        draw_scene(actual_canvas, scene)
        assert len(wire) == 4, label
        expected, actual = wire[:2], wire[2:]
        # Only the switch to the target canvas names it.
        switch = f'[{COMMANDS["switchCanvas"]}, ["IPY_MODEL_'
        assert expected[0][1].startswith(f"[{switch}{expected_canvas.model_id}\"]]".encode())
        assert actual[0][1].startswith(f"[{switch}{actual_canvas.model_id}\"]]".encode())
        renamed = actual[0][1].replace(
            actual_canvas.model_id.encode(), expected_canvas.model_id.encode()
        )
        assert (actual[0][0], renamed, actual[0][2]) == expected[0], label
        assert actual[1] == expected[1], label
        assert not expected[1][1].startswith(f"[{switch}".encode())
        assert len(expected[0][2]) == sum(
            (i.fill not in (None, "none")) + (i.stroke not in (None, "none"))
            for i in scene.items
            if isinstance(i, Polygon)
        )
        for name in STYLE_TRAITS:
            assert getattr(actual_canvas, name) == getattr(expected_canvas, name), (label, name)


def test_draw_scene_queues_the_structures_ipycanvas_queues(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Same Python structures at the manager (tuples stay tuples, floats floats)."""
    manager = Canvas()._canvas_manager
    queued: list[tuple[Any, list[bytes], list[Any]]] = []

    def record(command: Any, buffers: list[Any] | None = None) -> None:
        buffers = list(buffers or [])
        views = [(b.format, b.shape, b.nbytes, b.readonly) for b in buffers]
        queued.append((command, [bytes(b) for b in buffers], views))

    monkeypatch.setattr(manager, "_send_custom", record)
    scene = Scene(
        50,
        40,
        (
            Rect(0, 0, 10, 10, fill="red", stroke="black", stroke_width=2, radius=3),
            Rect(1, 2, 3, 4.5, fill="none", stroke="blue"),
            Circle(5, 5.5, 2, fill="red", stroke="black", opacity=0.5),
            Line(0, 0, 9, 9, stroke="black", width=2, dash=(4, 2)),
            Polygon(((0, 0), (4, -0.0), (0, 4.25)), fill="#abc", stroke="black", stroke_width=2),
            Polygon(((1, 1), (2, 2)), fill=None, stroke="black"),
            Text(30, 30, "Hi", size=11.5, anchor="end", weight="700", opacity=0.4),
            Text(30, 30, "Mid", size=10, anchor="middle", baseline="middle"),
            fifty_items().items[0],
            Line(0, 0, 9, 9, stroke="black", width=2, dash=(2, 1, 3)),
            Line(0, 0, 9, 9.5, stroke="black", width=2, dash=(2, 1, 3)),
        ),
        background="#fafafa",
    )
    canvas = Canvas(width=50, height=40)
    reference = Canvas(width=50, height=40)
    reference_draw(reference, scene)
    draw_scene(canvas, scene)
    (expected, expected_buffers, expected_views), (actual, actual_buffers, views) = queued
    assert actual[1:] == expected[1:]
    assert [type(a) for a in _flat(actual[1:])] == [type(e) for e in _flat(expected[1:])]
    assert actual_buffers == expected_buffers and len(actual_buffers) == 5
    assert [v[:3] for v in views] == [v[:3] for v in expected_views]  # "d", (n, 2), size
    assert canvas.get_line_dash() == reference.get_line_dash() == [2, 1, 3, 2, 1, 3]
    for name in STYLE_TRAITS:
        assert getattr(canvas, name) == getattr(reference, name), name


def _flat(value: Any) -> Iterator[Any]:
    if isinstance(value, (list, tuple)):
        yield type(value)
        for v in value:
            yield from _flat(v)
    elif isinstance(value, dict):
        yield dict
        for k, v in value.items():
            yield k
            yield from _flat(v)
    else:
        yield value


def test_observed_styles_and_subclasses_hear_every_change(sent: Sent) -> None:
    scene = fifty_items()
    plain = Canvas(width=300, height=200)
    draw_scene(plain, scene)
    for canvas in (Canvas(width=300, height=200), TracingCanvas(width=300, height=200)):
        fills: list[str] = []
        canvas.observe(lambda change, fills=fills: fills.append(change["new"]), names="fill_style")
        draw_scene(canvas, scene)
        assert fills[0] == "#fafafa" and len(fills) > 3
        assert canvas.fill_style == fills[-1] == plain.fill_style
        assert sent[-1][0][1:] == sent[0][0][1:]  # all but the switch to the canvas
        assert [bytes(b) for b in sent[-1][1]] == [bytes(b) for b in sent[0][1]]


def test_the_scene_item_types_are_covered_in_order() -> None:
    """Subclassed items draw like their base; unknown objects only set the opacity."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Marker(Circle):
        pass

    scene = Scene(10, 10, (Marker(1, 1, 1, fill="red"), Circle(1, 1, 1, fill="red")))
    batch = canvas_module._scene_batch(scene)
    assert batch is not None
    fills = [c for c in batch.commands if c[0] == COMMANDS["fillCircle"]]
    assert fills == [[COMMANDS["fillCircle"], [1, 1, 1], 0]] * 2
