"""The live board: the scene sent to the browser, clicks and key picks mapped to ids.

The browser side (``board.js``) is driven in tests/browser; here its messages are
fed to :meth:`BoardCanvas.receive` as the widget's message hook would.
"""

from __future__ import annotations

import doctest
import json

import pytest

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.hexgrid import Hex, corners, to_pixel
from gaia_lab.render import canvas as canvas_module
from gaia_lab.render.canvas import BoardCanvas, scene_wire
from gaia_lab.render.shapes import Circle, Item, Line, Polygon, Rect, Scene, Text


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


def test_doctests() -> None:
    result = doctest.testmod(canvas_module)
    assert result.attempted > 0 and result.failed == 0


def test_one_message_holds_the_whole_scene() -> None:
    board = BoardCanvas(fifty_items(), fit=True)
    sent = board.sent
    assert sent["v"] == 1 and (sent["w"], sent["h"]) == (300, 200)
    assert len(sent["items"]) == len(fifty_items().items) == 50
    assert board.canvas.fit is True
    assert repr(board) == "BoardCanvas(width=300, height=200)"
    board.show(Scene(121, 80))
    assert board.sent["v"] == 2 and board.sent["items"] == []
    assert json.loads(board.canvas.scene) == board.sent


def test_every_item_kind_is_sent_in_order() -> None:
    scene = Scene(50, 50, (
        Rect(1, 2, 3, 4, fill="red", stroke="blue", stroke_width=2, radius=9),
        Circle(5, 5, 2, fill=None, stroke="#123"),
        Polygon(((0, 0), (4, 0), (0, 4)), fill="rgb(1,2,3)"),
        Line(0, 0, 9, 9, stroke="grey", width=3, dash=(4, 2), opacity=0.5),
        Text(7, 7, "Owl", size=12.5, anchor="end", weight="bold", baseline="middle"),
        Rect(0, 0, 1, 1, fill=None),  # unpainted: not sent
        Text(0, 0, ""),
    ))
    assert scene_wire(scene) == [
        ["r", 1, 2, 3, 4, 1.5, "red", "blue", 2, 1.0],
        ["c", 5, 5, 2, None, "#123", 1.0, 1.0],
        ["p", [0, 0, 4, 0, 0, 4], "rgb(1,2,3)", None, 1.0, 1.0],
        ["l", 0, 0, 9, 9, "grey", 3, [4, 2], 0.5],
        ["t", 7, 11.375, "Owl", "bold 12.5px DejaVu Sans, Arial, sans-serif", "right",
         "#000000", 1.0],
    ]


def test_a_bad_colour_or_coordinate_raises_before_anything_is_sent() -> None:
    board = BoardCanvas(fifty_items())
    sent = board.canvas.scene
    with pytest.raises(GaiaLabError, match="'k'"):
        board.show(Scene(10, 10, (Rect(0, 0, 5, 5, stroke="k"),)))
    with pytest.raises(GaiaLabError, match="non-finite"):
        board.show(Scene(10, 10, (Circle(float("nan"), 0, 5, fill="red"),)))
    assert board.canvas.scene == sent


def test_clicks_map_to_ids_on_the_picture_on_show_only() -> None:
    board = BoardCanvas(fifty_items())
    seen: list[str | None] = []
    board.on_click(lambda id, x, y: seen.append(id))
    assert board.receive({"event": "click", "x": 250, "y": 19, "version": 1})
    assert board.receive({"event": "click", "x": 5, "y": 195, "version": 1})
    assert seen == ["card:0", None]
    board.show(fifty_items())
    assert not board.receive({"event": "click", "x": 250, "y": 19, "version": 1})
    assert not board.receive({"event": "mouse_move", "x": 250, "y": 19, "version": 2})
    assert seen == ["card:0", None]
    callback = board._callbacks[0]
    board.on_click(callback, remove=True)
    assert board.receive({"event": "click", "x": 250, "y": 19, "version": 2})
    assert seen == ["card:0", None]


def test_key_picks_reach_the_targets_only() -> None:
    board = BoardCanvas()
    assert not board.receive({"event": "click", "x": 1, "y": 1, "version": 0})  # no scene
    board.show(fifty_items(), targets=["card:3", ("card:1", "the first card"), "zzz"],
               description="Fifty items")
    assert board.targets == [("card:3", "card:3"), ("card:1", "the first card")]
    assert board.canvas.description == "Fifty items"
    seen: list[tuple[str | None, float, float]] = []
    board.on_click(lambda id, x, y: seen.append((id, x, y)))
    assert board.receive({"event": "pick", "id": "card:1", "version": 1})
    assert not board.receive({"event": "pick", "id": "nowhere", "version": 1})
    assert seen == [("card:1", 250.0, 39.0)]
    board.redraw()
    assert board.version == 2 and board.targets[1] == ("card:1", "the first card")
