"""Every game's play notebook in Voila: the Explorer's side column is laid out cleanly.

At a 1366x768 laptop window and at 1920x1080, no two controls of the column beside the
board (the decision, its move buttons, Why not?, Undo/Redo, the decision slider,
Auto-play, the score and the log) overlap, and none is cut off: the move buttons wrap
and the column scrolls as a whole.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import DRAWN, KERNEL_TIMEOUT, check_side_column
from playwright.sync_api import Page, expect

GAMES = ["animals_gathering", "shapers_of_gaia", "gaia_project", "gaia_tiki", "black_rose_wars"]
SIZES = {"1366x768": {"width": 1366, "height": 768}, "1920x1080": {"width": 1920, "height": 1080}}


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_no_side_column_control_overlaps_or_is_cut(
    page: Page, voila_server: Callable[[Path], str], game: str, size: dict[str, int]
) -> None:
    page.set_viewport_size(size)
    page.goto(voila_server(Path(game) / "play.ipynb"))
    side = page.locator(".gaia-table-side").first
    side.wait_for(timeout=KERNEL_TIMEOUT)
    page.wait_for_function(DRAWN, timeout=KERNEL_TIMEOUT)
    for name in ("Why not?", "Undo", "Redo", "Auto-play"):
        expect(side.get_by_role("button", name=name)).to_be_visible()
    expect(side.locator(".gaia-actions button").first).to_be_visible()
    assert check_side_column(page) >= 12  # the move buttons and every control were measured
    page.screenshot(path=f"/tmp/side_{game}_{size['width']}x{size['height']}.png")
