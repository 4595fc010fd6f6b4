"""The boards' colours: read in pure Python (the CSS forms the boards use), and the palettes
for colour-blind players: every two colours that tell things apart stay apart when seen with
protanopia, deuteranopia or tritanopia.

The simulation is Machado, Oliveira and Fernandes (2009) at full severity, applied to
linear RGB; two colours are apart when their CIE76 distance in CIELAB is at least
``APART`` (about where people tell two flat patches apart at a glance).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

import pytest

import gaia_lab
from gaia_lab import render
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.games.animals_gathering.components import load_components as ag_components
from gaia_lab.render.canvas import scene_wire
from gaia_lab.render.colours import NAMED, css_colour, css_rgba
from gaia_lab.render.gaia_project import PLANET_STYLE
from gaia_lab.render.layout import INK
from gaia_lab.render.shapers_of_gaia import (
    ANIMAL_STYLE,
    BIOME_STYLE,
    DNA_STYLE,
    PLAYER_COLOURS,
)

APART = 15.0
Matrix = tuple[tuple[float, float, float], ...]
SIMULATIONS: dict[str, Matrix | None] = {
    "normal vision": None,
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
PALETTES: dict[str, Mapping[str, str]] = {
    "Gaia Project planet types (and player colours)": {
        k: v[0] for k, v in PLANET_STYLE.items()},
    "Shapers of Gaia biomes": {k: v[0] for k, v in BIOME_STYLE.items()},
    "Shapers of Gaia animal types": {k: v[1] for k, v in ANIMAL_STYLE.items()},
    "Shapers of Gaia seats": {f"seat {i + 1}": c for i, c in enumerate(PLAYER_COLOURS)},
    "Shapers of Gaia DNA": DNA_STYLE,
}


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def rgb(colour: str) -> tuple[int, int, int]:
    r, g, b, alpha = css_rgba(colour)
    assert alpha == 1.0, colour
    return r, g, b


def lab(colour: str, simulation: Matrix | None) -> tuple[float, float, float]:
    """``colour`` in CIELAB (D65) as seen with ``simulation``."""
    r, g, b = (linear(c) for c in rgb(colour))
    if simulation is not None:
        r, g, b = (min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b))
                   for row in simulation)
    x = 0.4124 * r + 0.3576 * g + 0.1805 * b
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = 0.0193 * r + 0.1192 * g + 0.9505 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours."""
    def lum(colour: str) -> float:
        r, g, b = (linear(c) for c in rgb(colour))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# -- reading colours -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("#fc0", (255, 204, 0, 1.0)),
    ("#FFCC00", (255, 204, 0, 1.0)),
    ("#ffcc0080", (255, 204, 0, 0.502)),
    ("#00000000", (0, 0, 0, 0.0)),
    ("rgb(1,2,3)", (1, 2, 3, 1.0)),
    (" rgb( 255 , 0 , 0 ) ", (255, 0, 0, 1.0)),
    ("rgba(0, 128, 255, 0.25)", (0, 128, 255, 0.25)),
    ("rgba(0, 128, 255, .5)", (0, 128, 255, 0.5)),
    ("rgba(0, 128, 255, 1)", (0, 128, 255, 1.0)),
    ("Tomato", (255, 99, 71, 1.0)),
    ("grey", (128, 128, 128, 1.0)),
    ("transparent", (0, 0, 0, 0.0)),
    ("currentColor", (0, 0, 0, 1.0)),
])
def test_the_css_forms_the_boards_use_are_read(text: str, expected: tuple[int, ...]) -> None:
    assert css_rgba(text) == expected
    assert css_colour(text) == text.strip()


@pytest.mark.parametrize(("text", "why"), [
    ("blurple", "not a CSS colour"),
    ("", "not a CSS colour"),
    ("#ff", "not a CSS colour"),
    ("#12345", "not a CSS colour"),
    ("#gg0000", "not a CSS colour"),
    ("ff0000", "not a CSS colour"),
    ("hsl(0, 100%, 50%)", "not a CSS colour"),
    ("rgb(10%, 0, 0)", "not a CSS colour"),
    ("rgb(-1, 0, 0)", "not a CSS colour"),
    ("rgb(1, 2)", "not a CSS colour"),
    ("rgb(256, 0, 0)", "channel 256 is not in 0..255"),
    ("rgb(1.5, 0, 0)", "channel 1.5 is not in 0..255"),
    ("rgba(0, 0, 0, 2)", "alpha 2 is not in 0..1"),
    ("rgb(0, 0, 0, 0.5)", "rgb() takes 3 numbers"),
    ("rgba(0, 0, 0)", "rgba() takes 4 numbers"),
    ("none", "not a CSS colour"),  # "no paint" is the Scene's business, not a colour
])
def test_anything_else_is_refused_with_the_colour_named(text: str, why: str) -> None:
    with pytest.raises(GaiaLabError) as caught:
        css_rgba(text)
    assert str(caught.value) == f"cannot draw the colour {text!r}: {why}"


def test_the_names_agree_with_css() -> None:
    # a few values as every browser's table has them
    assert NAMED["teal"] == "#008080" and NAMED["gold"] == "#ffd700"
    assert NAMED["grey"] == NAMED["gray"] == "#808080"
    assert all(css_rgba(value)[3] == 1.0 for value in NAMED.values())
    assert all(name == name.lower() for name in NAMED)


@pytest.mark.parametrize("game", sorted(gaia_lab.GAMES))
def test_every_colour_a_board_paints_is_read(game: str) -> None:
    session = gaia_lab.Session(game, seed=3)  # the fewest players the game allows
    assert scene_wire(render.scene(session.state))  # raises on a colour css_rgba refuses


# -- palettes ------------------------------------------------------------------------------


def test_the_simulation_confuses_what_it_should() -> None:
    # red and green, told apart with normal vision, merge for a deuteranope
    red, green = "#d62728", "#2ca02c"
    assert math.dist(lab(red, None), lab(green, None)) > 3 * APART
    assert math.dist(lab(red, SIMULATIONS["deuteranopia"]),
                     lab(green, SIMULATIONS["deuteranopia"])) < APART


@pytest.mark.parametrize("vision", list(SIMULATIONS))
@pytest.mark.parametrize("palette", list(PALETTES))
def test_palette_colours_stay_apart(palette: str, vision: str) -> None:
    colours = PALETTES[palette]
    simulation = SIMULATIONS[vision]
    close = [(a, b, round(math.dist(lab(colours[a], simulation), lab(colours[b], simulation)), 1))
             for a, b in itertools.combinations(colours, 2)
             if math.dist(lab(colours[a], simulation), lab(colours[b], simulation)) < APART]
    assert close == [], f"{palette} with {vision}: too close {close}"


def test_animals_gathering_stones_differ_in_shape_too() -> None:
    # their colours are the printed ones (red and green merge for some readers): each
    # stone is drawn in its own shape, so the shape tells the kind without the colour
    stones = ag_components().stones
    assert len({s.shape for s in stones}) == len(stones)


def test_dark_text_reads_on_every_biome_tile() -> None:
    for biome, (fill, _) in BIOME_STYLE.items():
        if biome != "vault":  # the Vault's text is white
            assert contrast(fill, INK) >= 4.5, biome
