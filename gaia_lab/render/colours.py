"""The CSS colours a Scene may paint with, read in pure Python (no Pillow needed).

The live board (:mod:`gaia_lab.render.canvas`) checks every colour before it sends a
scene to the browser, so a typo fails in Python with its name rather than drawing
black. The forms are those the boards use: ``#rgb``, ``#rrggbb``, ``#rrggbbaa``,
``rgb(r, g, b)``, ``rgba(r, g, b, a)`` and a short list of named colours
(:data:`NAMED`), plus ``transparent`` and ``currentColor``:

>>> css_rgba("#fc0"), css_rgba("rgba(255, 0, 0, 0.5)"), css_rgba("Tomato")
((255, 204, 0, 1.0), (255, 0, 0, 0.5), (255, 99, 71, 1.0))
>>> css_rgba("blurple")
Traceback (most recent call last):
...
gaia_lab.core.errors.GaiaLabError: cannot draw the colour 'blurple': not a CSS colour
"""

from __future__ import annotations

import re
from functools import lru_cache
from types import MappingProxyType

from gaia_lab.core.errors import GaiaLabError

__all__ = ["NAMED", "RGBA", "css_colour", "css_rgba"]

RGBA = tuple[int, int, int, float]
"""Red, green, blue (0-255) and alpha (0-1)."""

NAMED = MappingProxyType({
    # the sixteen basic CSS keywords
    "black": "#000000", "silver": "#c0c0c0", "gray": "#808080", "white": "#ffffff",
    "maroon": "#800000", "red": "#ff0000", "purple": "#800080", "fuchsia": "#ff00ff",
    "green": "#008000", "lime": "#00ff00", "olive": "#808000", "yellow": "#ffff00",
    "navy": "#000080", "blue": "#0000ff", "teal": "#008080", "aqua": "#00ffff",
    # the other names the games and their boards use
    "grey": "#808080", "orange": "#ffa500", "brown": "#a52a2a", "gold": "#ffd700",
    "salmon": "#fa8072", "tomato": "#ff6347",
})
"""The colour names understood (lower case), as ``#rrggbb``."""

_KEYWORDS = {"transparent": (0, 0, 0, 0.0), "currentcolor": (0, 0, 0, 1.0)}
_HEX = re.compile(r"#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})")
_NUMBER = r"\s*(\d+(?:\.\d*)?|\.\d+)\s*"
_FUNCTION = re.compile(rf"(rgba?)\({_NUMBER},{_NUMBER},{_NUMBER}(?:,{_NUMBER})?\)")


def _refuse(value: str, why: str) -> GaiaLabError:
    return GaiaLabError(f"cannot draw the colour {value!r}: {why}")


@lru_cache(maxsize=4096)
def css_rgba(value: str) -> RGBA:
    """The red, green, blue and alpha of the CSS colour ``value``; GaiaLabError if it is none.

    >>> css_rgba("#33669980"), css_rgba("rgb(0, 128, 255)"), css_rgba(" white ")
    ((51, 102, 153, 0.502), (0, 128, 255, 1.0), (255, 255, 255, 1.0))
    >>> css_rgba("rgb(300,0,0)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: cannot draw the colour 'rgb(300,0,0)': channel 300 ...
    """
    text = value.strip().lower()
    if text in _KEYWORDS:
        return _KEYWORDS[text]
    text = NAMED.get(text, text)
    found = _HEX.fullmatch(text)
    if found:
        digits = found.group(1)
        if len(digits) == 3:
            digits = "".join(d + d for d in digits)
        red, green, blue = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
        alpha = round(int(digits[6:8], 16) / 255, 3) if len(digits) == 8 else 1.0
        return red, green, blue, alpha
    found = _FUNCTION.fullmatch(text)
    if found is None:
        raise _refuse(value, "not a CSS colour")
    function, *numbers = found.group(1, 2, 3, 4, 5)
    if (numbers[3] is None) != (function == "rgb"):
        raise _refuse(value, f"{function}() takes {3 if function == 'rgb' else 4} numbers")
    channels = []
    for number in numbers[:3]:
        if "." in number or not 0 <= int(number) <= 255:
            raise _refuse(value, f"channel {number} is not in 0..255")
        channels.append(int(number))
    alpha = 1.0 if numbers[3] is None else float(numbers[3])
    if alpha > 1:
        raise _refuse(value, f"alpha {numbers[3]} is not in 0..1")
    return channels[0], channels[1], channels[2], alpha


def css_colour(value: str) -> str:
    """``value`` without surrounding spaces if it is a colour :func:`css_rgba` reads.

    >>> css_colour(" #C0392B "), css_colour("currentColor")
    ('#C0392B', 'currentColor')
    """
    css_rgba(value)
    return value.strip()
