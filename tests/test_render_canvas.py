"""The live canvas: one message per drawing, replay for new views, clicks to ids."""

from __future__ import annotations

import doctest
from collections.abc import Iterator
from typing import Any

import pytest
from ipycanvas import Canvas
from ipycanvas.canvas import COMMANDS

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


def test_failure_inside_the_hold_does_not_leave_the_manager_holding(
    sent: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    canvas = Canvas(width=10, height=10)

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
