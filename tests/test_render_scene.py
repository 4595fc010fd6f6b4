"""Scene: byte-stable SVG, hit-testing, composition and the Pillow renderer."""

from __future__ import annotations

import doctest
import io
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from gaia_lab.core.hexgrid import Hex, corners, to_pixel
from gaia_lab.render import shapes as scene_module
from gaia_lab.render.shapes import (
    Circle,
    Item,
    Line,
    Polygon,
    Rect,
    Scene,
    Text,
    escape,
    fmt,
)

SVG_NS = "{http://www.w3.org/2000/svg}"

# Builds the same scene in this process and in fresh interpreters. Sets and
# dicts are involved on purpose: the output must not depend on hashing.
SAMPLE = """
from gaia_lab.core.hexgrid import Hex, corners
from gaia_lab.render.shapes import Circle, Line, Polygon, Rect, Scene, Text

owners = {"fox": "#d9534f", "owl": "#5b7fd9", "elk": "#6aa84f"}
stones = {("fox", 2), ("owl", 1), ("elk", 3), ("fox", 1)}
items = []
for h in sorted(set(Hex(0, 0).spiral(2))):
    items.append(Polygon(corners(h, 18.3, "pointy", (120.25, 110.125)), fill="#f3efe0",
                         stroke="#8a7f5a", id=f"hex:{h}", title=f"hex {h}"))
for i, (animal, n) in enumerate(sorted(stones)):
    items.append(Circle(20 + 30 * i, 230, 9.999, fill=owners[animal],
                        id=f"stone:{animal}:{n}", opacity=0.9))
items.append(Line(0, 250, 240, 250, stroke="#333", width=1.5, dash=(4, 2)))
items.append(Text(120, 20, 'Fox & "Owl" <round 2>', size=13.5, anchor="middle",
                  weight="bold", id="title", title="it's round 2"))
items.append(Rect(5, 5, 40, 20, fill="none", stroke="black", radius=3.333,
                  classes=("panel", "p0")))
scene = Scene(240, 260, tuple(items), background="#ffffff", title="Sample & board")
"""


def sample_scene() -> Scene:
    namespace: dict[str, object] = {}
    exec(SAMPLE, namespace)
    result = namespace["scene"]
    assert isinstance(result, Scene)
    return result


def svg_in_subprocess(hashseed: str) -> str:
    root = Path(scene_module.__file__).parents[2]
    env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(root))
    code = SAMPLE + "\nimport sys\nsys.stdout.write(scene.to_svg())\n"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_doctests() -> None:
    result = doctest.testmod(scene_module)
    assert result.attempted > 20
    assert result.failed == 0


# ---------------------------------------------------------------- SVG


def test_svg_is_byte_stable_across_processes_and_hash_seeds() -> None:
    here = sample_scene().to_svg()
    assert svg_in_subprocess("0") == here
    assert svg_in_subprocess("12345") == here


def test_svg_exact_output() -> None:
    scene = Scene(
        100.5,
        50,
        (
            Rect(
                1,
                2,
                30,
                20,
                fill="#eee",
                stroke="#333",
                stroke_width=2,
                radius=3,
                id="card:fox",
                title="Fox",
                classes=("card",),
            ),
            Circle(60.123, 25.456, 7.8, fill="red", opacity=0.5),
            Text(50, 45, "A&B", size=10, anchor="end", baseline="middle"),
        ),
        background="white",
        title="Board",
    )
    assert scene.to_svg() == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100.5" height="50" '
        'viewBox="0 0 100.5 50" font-family="DejaVu Sans, Arial, sans-serif">\n'
        "<title>Board</title>\n"
        '<rect x="0" y="0" width="100.5" height="50" fill="white"/>\n'
        '<rect x="1" y="2" width="30" height="20" rx="3" ry="3" fill="#eee" stroke="#333" '
        'stroke-width="2" class="card" data-id="card:fox"><title>Fox</title></rect>\n'
        '<circle cx="60.12" cy="25.46" r="7.8" fill="red" opacity="0.5"/>\n'
        '<text x="50" y="48.5" font-size="10" text-anchor="end" fill="#000000">A&amp;B</text>\n'
        "</svg>"
    )
    assert scene._repr_svg_() == scene.to_svg()


def test_svg_is_well_formed_and_escapes_everything() -> None:
    nasty = 'a<b>&"c"\x01'
    scene = Scene(
        50,
        50,
        (
            Rect(0, 0, 10, 10, fill="red", id=nasty, title=nasty, classes=(nasty,)),
            Text(0, 20, nasty, fill="blue", id="t", title="tip & <trick>"),
        ),
        title=nasty,
    )
    svg = scene.to_svg()
    assert "\x01" not in svg
    root = ET.fromstring(svg)
    rect, text = root.find(f"{SVG_NS}rect"), root.find(f"{SVG_NS}text")
    assert rect is not None and text is not None
    assert rect.get("data-id") == 'a<b>&"c"\ufffd'
    assert rect.get("class") == 'a<b>&"c"\ufffd'
    assert rect.findtext(f"{SVG_NS}title") == 'a<b>&"c"\ufffd'
    assert text.findtext(f"{SVG_NS}title") == "tip & <trick>"
    assert "".join(text.itertext()).endswith('a<b>&"c"\ufffd')
    assert root.findtext(f"{SVG_NS}title") == 'a<b>&"c"\ufffd'
    ET.fromstring(sample_scene().to_svg())


def test_number_formatting() -> None:
    assert [fmt(v) for v in (0, -0.0, 1.0, 1.5, 1.25, 1.255, 1e6, -3.14159, 0.004)] == [
        "0",
        "0",
        "1",
        "1.5",
        "1.25",
        "1.25",
        "1000000",
        "-3.14",
        "0",
    ]
    with pytest.raises(ValueError, match="non-finite"):
        fmt(float("nan"))
    with pytest.raises(ValueError):
        Scene(10, 10, (Circle(float("inf"), 0, 1),)).to_svg()


def test_escape() -> None:
    assert escape("<&>\"'") == "&lt;&amp;&gt;&quot;'"


def test_optional_attributes_are_left_out() -> None:
    svg = Rect(0, 0, 1, 1).to_svg()
    for attr in ("stroke", "rx", "opacity", "class", "data-id", "<title>"):
        assert attr not in svg
    assert Rect(0, 0, 1, 1, fill=None).to_svg().count('fill="none"') == 1
    assert "stroke-dasharray" not in Line(0, 0, 1, 1).to_svg()
    bold = Text(0, 0, "x", weight="bold").to_svg()
    assert 'font-weight="bold"' in bold and "text-anchor" not in bold


# ---------------------------------------------------------------- hit-testing


def test_hit_rect_including_rounded() -> None:
    scene = Scene(100, 100, (Rect(10, 10, 20, 10, radius=5, id="r"),))
    assert scene.hit(10, 10) == "r"  # the corner counts: rounding is ignored
    assert scene.hit(30, 20) == "r"
    assert scene.hit(31, 15) is None
    assert scene.hit(20, 9) is None


def test_hit_circle() -> None:
    scene = Scene(100, 100, (Circle(50, 50, 10, id="c"),))
    assert scene.hit(50, 40) == "c"
    assert scene.hit(57, 57) == "c"
    assert scene.hit(58, 58) is None


def test_hit_polygon_hexagon_and_concave() -> None:
    hexagon = Polygon(corners(Hex(0, 0), 20, "pointy", (50, 50)), id="hex:0x0")
    scene = Scene(100, 100, (hexagon,))
    assert scene.hit(50, 50) == "hex:0x0"
    assert scene.hit(50, 31) == "hex:0x0"  # just under the top corner
    assert scene.hit(66, 33) is None  # outside the upper-right edge, inside the box
    # A "U" shape: the notch is inside the bounding box but not the polygon.
    u = Polygon(
        ((0, 0), (30, 0), (30, 30), (20, 30), (20, 10), (10, 10), (10, 30), (0, 30)), id="u"
    )
    scene = Scene(100, 100, (u,))
    assert scene.hit(5, 20) == "u"
    assert scene.hit(15, 20) is None
    assert scene.hit(15, 5) == "u"


def test_hit_line() -> None:
    scene = Scene(100, 100, (Line(10, 10, 90, 10, width=6, id="edge"),))
    assert scene.hit(50, 12.9) == "edge"
    assert scene.hit(50, 13.1) is None
    assert scene.hit(92, 10) == "edge"  # round end, within half the width
    assert scene.hit(97, 10) is None
    thin = Scene(100, 100, (Line(0, 0, 0, 50, width=0.5, id="thin"),))
    assert thin.hit(1.9, 25) == "thin"  # thin lines keep a 2 px band


def test_hit_text() -> None:
    text = Text(50, 20, "Hello", size=10, anchor="middle", id="label")
    scene = Scene(100, 100, (text,))
    left, top, right, bottom = text.bounds()
    assert (left, right) == (35, 65)
    assert scene.hit(50, 16) == "label"
    assert scene.hit(36, 21) == "label"
    assert scene.hit(34, 16) is None
    assert scene.hit(50, 23) is None
    assert Text(0, 10, "ab", size=10, anchor="end").bounds()[0] == -12
    assert Text(0, 10, "ab", size=10, baseline="middle").bounds()[1] == pytest.approx(5.5)


def test_topmost_wins_and_decoration_does_not_block() -> None:
    scene = Scene(
        100,
        100,
        (
            Rect(0, 0, 100, 100, id="board"),
            Circle(50, 50, 20, id="low"),
            Circle(50, 50, 10, id="high"),
            Rect(0, 0, 100, 100, fill="rgba(0,0,0,0.1)"),  # an overlay without id
        ),
    )
    assert scene.hit(50, 50) == "high"
    assert scene.hit(50, 35) == "low"
    assert scene.hit(5, 5) == "board"
    assert scene.hit(150, 5) is None
    item = scene.item_at(50, 50)
    assert isinstance(item, Circle) and item.r == 10


def test_ids_find_and_with_items() -> None:
    scene = Scene(
        100,
        100,
        (
            Rect(0, 0, 10, 10, id="card:fox"),
            Text(5, 5, "Fox", id="card:fox"),
            Circle(50, 50, 5, id="stone:fox:2"),
            Line(0, 0, 1, 1),
        ),
    )
    assert scene.ids() == ["card:fox", "stone:fox:2"]
    assert scene.find("card:fox") == Rect(0, 0, 10, 10, id="card:fox")
    assert len(scene.find_all("card:fox")) == 2
    assert scene.find("nope") is None and scene.find_all("nope") == ()
    more = scene.with_items(Circle(5, 5, 3, id="hl"))
    assert more.hit(5, 5) == "hl" and scene.hit(5, 5) == "card:fox"
    assert more.ids()[-1] == "hl"


def test_scene_is_immutable_hashable_data() -> None:
    items: list[Item] = [Rect(0, 0, 1, 1), Polygon([(0, 0), (1, 0), (0, 1)])]  # type: ignore[arg-type]
    scene = Scene(10, 10, items)  # type: ignore[arg-type]
    assert isinstance(scene.items, tuple)
    assert isinstance(scene.items[1], Polygon) and isinstance(scene.items[1].points, tuple)
    assert hash(scene) == hash(Scene(10, 10, tuple(items)))
    with pytest.raises(AttributeError):
        scene.width = 5  # type: ignore[misc]
    with pytest.raises(TypeError, match="not a scene item"):
        Scene(10, 10, ("rect",))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two points"):
        Polygon(((0, 0),))


# ---------------------------------------------------------------- composition


def test_translated_primitives() -> None:
    assert Rect(1, 2, 3, 4).translated(10, 20) == Rect(11, 22, 3, 4)
    assert Circle(1, 2, 3).translated(10, 20) == Circle(11, 22, 3)
    assert Polygon(((0, 0), (1, 1))).translated(1, 2).points == ((1, 2), (2, 3))
    assert Line(0, 0, 1, 1, dash=(1, 1)).translated(5, 5) == Line(5, 5, 6, 6, dash=(1, 1))
    assert Text(0, 0, "x", id="t").translated(3, 4) == Text(3, 4, "x", id="t")
    shifted = Scene(10, 10, (Circle(5, 5, 5, id="c"),)).translated(100, 0)
    assert shifted.width == 10 and shifted.hit(105, 5) == "c"


def test_compose_places_parts_and_keeps_ids() -> None:
    board = Scene(100, 80, (Circle(50, 40, 30, id="hex:0x0"),), background="#eef")
    panel = Scene(60, 40, (Rect(0, 0, 60, 40, fill="white", id="p0:card:fox"),))
    both = Scene.compose([(board, 0, 0), (panel, 110, 20)], title="Game")
    assert (both.width, both.height) == (170, 80)
    assert both.title == "Game" and both.background is None
    assert both.items[0] == Rect(0, 0, 100, 80, fill="#eef")  # board background, no id
    assert both.hit(50, 40) == "hex:0x0"
    assert both.hit(120, 30) == "p0:card:fox"
    assert both.hit(105, 30) is None
    sized = Scene.compose([(panel, 5, 5)], width=300, height=200, background="grey")
    assert (sized.width, sized.height, sized.background) == (300, 200, "grey")
    assert Scene.compose([]).width == 0


def test_stack_directions_and_alignment() -> None:
    a = Scene(40, 10, (Rect(0, 0, 40, 10, id="a"),))
    b = Scene(20, 30, (Rect(0, 0, 20, 30, id="b"),))
    v = Scene.stack(a, b, gap=5)
    assert (v.width, v.height) == (40, 45)
    assert v.find("b") == Rect(0, 15, 20, 30, id="b")
    mid = Scene.stack(a, b, gap=5, align="middle")
    assert mid.find("b") == Rect(10, 15, 20, 30, id="b")
    h = Scene.stack(a, b, direction="horizontal", align="end", background="white")
    assert (h.width, h.height, h.background) == (60, 30, "white")
    assert h.find("a") == Rect(0, 20, 40, 10, id="a")
    assert h.find("b") == Rect(40, 0, 20, 30, id="b")


# ---------------------------------------------------------------- PNG


def png_image(scene: Scene, scale: float = 1.0) -> Image.Image:
    data = scene.to_png(scale=scale)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGBA")


def test_png_signature_size_and_pixels() -> None:
    scene = Scene(
        120,
        80,
        (
            Rect(0, 0, 60, 80, fill="#0000ff"),
            Circle(90, 40, 20, fill="red", stroke="black", stroke_width=2),
            Rect(0, 0, 30, 30, fill="white", opacity=0.5),
            Line(0, 79, 120, 79, stroke="green", width=2, dash=(5, 5)),
            Text(60, 10, "Fox", size=10, anchor="middle", baseline="middle"),
        ),
        background="#ffff00",
    )
    image = png_image(scene)
    assert image.size == (120, 80)
    assert image.getpixel((45, 50)) == (0, 0, 255, 255)
    assert image.getpixel((90, 40)) == (255, 0, 0, 255)
    assert image.getpixel((110, 5)) == (255, 255, 0, 255)
    pixel = image.getpixel((10, 20))  # half-transparent white over blue
    assert isinstance(pixel, tuple)
    r, g, b, a = pixel
    assert 120 <= r <= 135 and 120 <= g <= 135 and b == 255 and a == 255
    assert png_image(scene, scale=2.5).size == (300, 200)
    assert png_image(scene, scale=0.5).size == (60, 40)


def test_png_draws_text_and_transparent_background() -> None:
    blank = png_image(Scene(60, 20))
    corner = blank.getpixel((30, 10))
    assert isinstance(corner, tuple) and corner[3] == 0
    text = png_image(
        Scene(
            60,
            20,
            (Text(30, 10, "WWW", size=14, anchor="middle", baseline="middle", weight="bold"),),
        )
    )
    box = text.getchannel("A").point(lambda v: 255 if v > 200 else 0).getbbox()
    assert box is not None
    left, top, right, bottom = box
    assert abs((left + right) / 2 - 30) <= 2  # centred on x=30
    assert abs((top + bottom) / 2 - 10) <= 2  # capitals centred on y=10
    assert right - left > 20


def test_png_tolerates_unusual_colours() -> None:
    scene = Scene(
        10,
        10,
        (
            Rect(0, 0, 10, 10, fill="transparent", stroke="not-a-colour"),
            Circle(5, 5, 2, fill="#ff000080"),
        ),
    )
    assert png_image(scene).size == (10, 10)
    with pytest.raises(ValueError):
        scene.to_png(scale=0)


def test_sample_scene_renders_everywhere() -> None:
    scene = sample_scene()
    assert len(scene.ids()) == 19 + 4 + 1
    assert scene.hit(*to_pixel(Hex(1, -1), 18.3, "pointy", (120.25, 110.125))) == "hex:1x-1"
    assert png_image(scene).size == (240, 260)


def test_win_rate_chart_bars_and_intervals() -> None:
    from gaia_lab.render.charts import win_rate_chart
    from gaia_lab.simulation import simulate

    table = simulate("shapers_of_gaia", 8, players=3, seed=5, executor="serial")
    chart = win_rate_chart(table, names=("Ann", "Bo", "Cy"))
    bars = [chart.find(f"bar:{seat}") for seat in range(3)]
    for seat, bar in enumerate(bars):
        rate = table.win_rate(seat)
        assert bar is not None and bar.title is not None
        assert f"{rate.wins} of {rate.games} games" in bar.title
    assert "Ann" in chart.to_svg() and "a fair share: 1 in 3" in chart.to_svg()
    empty = win_rate_chart(simulate("shapers_of_gaia", 0, players=3, executor="serial"))
    assert not empty.ids()


def test_win_rate_chart_refuses_what_is_not_a_table() -> None:
    from gaia_lab.core.errors import GaiaLabError
    from gaia_lab.render.charts import win_rate_chart
    from gaia_lab.simulation import simulate

    table = simulate("animals_gathering", 1, players=2, executor="serial")
    for bad in ({"table": None}, {"table": table, "width": -5},
                {"table": table, "height": 10**9}, {"table": table, "names": "Ann"},
                {"table": table, "names": [1, 2]}):
        with pytest.raises(GaiaLabError):
            win_rate_chart(**bad)  # type: ignore[arg-type]
