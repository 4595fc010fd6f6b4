"""Board text is legible at laptop width: every Text of every registered board layout, drawn
at a board width of 900 px, is at least 10 px tall.

Each board is asked for a 900 px drawing (its layout's ``width``); a Scene is shown scaled
to the width it is given, so a text's size on screen is its font size times
``900 / scene.width`` (a layout that draws wider than asked shrinks its text).
Each game is drawn at several states: the start, a mid-game
position after random play, a late or finished game, and the end of its last worked example.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

import pytest

import gaia_lab
from gaia_lab.core import registry
from gaia_lab.render import Rect, Scene, Text, scene

BOARD_WIDTH = 900.0
"""A board's width on a 1366 px laptop screen beside its controls."""
SMALLEST = 10.0
"""The smallest legible text there, in pixels."""

GAMES = tuple(n for n in registry.names() if registry.registration(n).layout is not None)


def played(name: str, steps: int, seed: int = 1) -> object:
    """The state after up to ``steps`` random decisions (fewer if the game ends)."""
    session = gaia_lab.Session(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            break
        session.play(rng.choice(session.legal_actions()))
    return session.state


def example_end(name: str) -> object:
    return gaia_lab.examples(name)[-1].run().state


STATES: dict[str, Callable[[str], object]] = {
    "initial": lambda name: gaia_lab.Session(name, seed=1).state,
    "mid_game": lambda name: played(name, 40),
    "late": lambda name: played(name, 400),
    "example_end": example_end,
}


@lru_cache(maxsize=32)
def board(name: str, when: str) -> Scene:
    return scene(STATES[when](name), width=round(BOARD_WIDTH))


def small_texts(drawn: Scene) -> list[tuple[float, str]]:
    """(size on screen, text) of every text under :data:`SMALLEST` at :data:`BOARD_WIDTH`."""
    scale = BOARD_WIDTH / drawn.width
    return sorted((round(i.size * scale, 1), i.text) for i in drawn.items
                  if isinstance(i, Text) and i.size * scale < SMALLEST)


@pytest.mark.parametrize("when", sorted(STATES))
@pytest.mark.parametrize("name", GAMES)
def test_board_text_is_at_least_10_px_at_900_px(name: str, when: str) -> None:
    drawn = board(name, when)
    small = small_texts(drawn)
    texts = sum(1 for i in drawn.items if isinstance(i, Text))
    assert not small, (f"{len(small)} of {texts} texts under {SMALLEST} px, "
                       f"smallest {small[0]}")


def test_every_game_with_a_layout_is_measured() -> None:
    assert {"animals_gathering", "shapers_of_gaia", "gaia_project", "gaia_tiki",
            "black_rose_wars", "black_rose_wars_hunt"} <= set(GAMES)


@pytest.mark.parametrize("when", sorted(STATES))
@pytest.mark.parametrize("name", GAMES)
def test_a_board_drawn_900_px_wide_keeps_its_boxes_whole(name: str, when: str) -> None:
    drawn = board(name, when)
    assert drawn.width == BOARD_WIDTH
    assert not [i for i in drawn.items if isinstance(i, Rect) and (i.w < 0 or i.h < 0)]
    assert drawn.to_png()
