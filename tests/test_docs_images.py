"""The README's board pictures: each is one of ``docs/images.py``'s named positions, drawn
at the current layout (its size is that board's), small, and the position its caption
says; the script draws a picture again."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PIL import Image, ImageColor

import gaia_lab
from gaia_lab.render import Text, scene
from gaia_lab.render.black_rose_wars import OWNER_COLOURS, centre

ROOT = Path(__file__).resolve().parent.parent
LARGEST = 300 * 1024
"""The most bytes a picture may take."""


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_images", ROOT / "docs" / "images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


IMAGES = load_script()
NAMES = [p.name for p in IMAGES.PICTURES]


def picture(name: str) -> Any:
    return next(p for p in IMAGES.PICTURES if p.name == name)


def header(state: object, width: int) -> str:
    board = scene(state, width=width)
    return next(i.text for i in board.items if isinstance(i, Text))


def test_the_readme_shows_every_picture_and_only_these() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = re.findall(r"docs/images/([a-z_]+)\.png", readme)
    assert sorted(set(linked)) == sorted(NAMES)
    assert "black_rose_wars" in NAMES
    words = " ".join(readme.split())
    for pic in IMAGES.PICTURES:
        assert pic.caption in words, pic.name


@pytest.mark.parametrize("name", NAMES)
def test_each_picture_is_its_position_at_the_current_layout(name: str) -> None:
    pic = picture(name)
    data = pic.path.read_bytes()
    assert len(data) <= LARGEST, f"{pic.path.name}: {len(data) // 1024} KB"
    image = Image.open(io.BytesIO(data))
    assert image.mode == "P"  # a palette: the optimised form
    board = scene(pic.position(), width=pic.width)
    assert image.size == (round(board.width), round(board.height))


def test_the_positions_are_the_captions() -> None:
    sog = picture("shapers_of_gaia").position()
    assert sog.players == 3 and "· round 4," in header(sog, 1000)
    tiki = picture("gaia_tiki").position()
    assert tiki.players == 3 and tiki.advanced
    assert header(tiki, 1000).startswith("GAIA (Tiki Editions) · 3 players · advanced rules")
    assert "· turn 55 ·" in header(tiki, 1000)
    gp = picture("gaia_project").position()
    assert gaia_lab.GAMES["gaia_project"].is_over(gp) and gp.players == 4
    ag = picture("animals_gathering").position()
    assert ag.players == 4 and ag.turn == 27 and ag.roll is not None
    brw = picture("black_rose_wars").position()
    assert brw.task is not None and brw.task.kind == "legend"
    assert brw.evocation("gaea_legend") is not None


def test_the_script_draws_a_picture_again() -> None:
    pic = picture("black_rose_wars")
    again = Image.open(io.BytesIO(IMAGES.png(pic)))
    stored = Image.open(pic.path)
    assert again.size == stored.size and again.mode == stored.mode == "P"
    # a painted colour is kept exactly: Angela's marker is her blue
    x, y = centre(scene(pic.position(), width=pic.width), "model:mage2")
    assert stored.convert("RGB").getpixel((round(x), round(y) + 8)) == ImageColor.getrgb(
        OWNER_COLOURS["mage2"])
    with pytest.raises(SystemExit, match="unknown pictures: chess"):
        IMAGES.main(["chess"])
