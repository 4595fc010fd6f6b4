"""The Explorer's live charts in Voila at a 1366x768 laptop window.

The charts panel opens beside the board without moving the decision and its controls:
after it is opened, the status line, the first move button and Undo are still inside the
window, the panel scrolls within its own height, and no control of the side column
overlaps another. A move played with a button redraws the open charts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import DRAWN, KERNEL_TIMEOUT, STEP_TIMEOUT, check_side_column
from playwright.sync_api import Locator, Page, expect

from gaia_lab.widgets.explorer import CHART_PANEL_HEIGHT

LAPTOP = {"width": 1366, "height": 768}


def in_window(page: Page, element: Locator, what: str) -> None:
    box = element.bounding_box()
    assert box is not None, f"{what} is not laid out"
    assert box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"], (
        f"{what} is off-screen at 1366x768: top {box['y']:.0f}, height {box['height']:.0f}")


def decisions_charted(page: Page) -> int:
    """The decision count the charts say their lines reach."""
    titles = page.locator(".gaia-charts svg circle title").all_text_contents()
    counts = {int(m.group(1)) for t in titles if (m := re.search(r"after (\d+) decisions", t))}
    assert len(counts) == 1, titles
    return counts.pop()


@pytest.mark.parametrize("game", ["animals_gathering", "gaia_project"])
def test_charts_open_beside_the_controls_and_follow_the_moves(
    page: Page, voila_server: Callable[[Path], str], game: str
) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(voila_server(Path(game) / "play.ipynb"))
    side = page.locator(".gaia-table-side").first
    side.wait_for(timeout=KERNEL_TIMEOUT)
    page.wait_for_function(DRAWN, timeout=KERNEL_TIMEOUT)
    expect(page.locator(".gaia-charts")).to_have_count(0)  # closed: nothing drawn

    side.get_by_text("Charts: points after each decision").click()
    charts = page.locator(".gaia-charts")
    expect(charts).to_have_count(1, timeout=STEP_TIMEOUT)
    expect(charts.locator("svg")).to_have_count(2)
    box = charts.bounding_box()
    assert box is not None and box["height"] <= CHART_PANEL_HEIGHT + 1
    status = side.locator(".widget-html").first
    in_window(page, status, "the status line")
    in_window(page, side.locator(".gaia-actions button").first, "the first move button")
    in_window(page, side.get_by_role("button", name="Undo"), "Undo")
    assert check_side_column(page) >= 12
    before = decisions_charted(page)

    first = side.locator(".gaia-actions button").first
    first.click()
    page.wait_for_function(
        """n => Array.from(document.querySelectorAll('.gaia-charts svg circle title'))
                 .some(t => t.textContent.includes('after ' + n + ' decisions'))""",
        arg=before + 1, timeout=STEP_TIMEOUT)
    assert decisions_charted(page) == before + 1
    in_window(page, side.get_by_role("button", name="Undo"), "Undo")
    page.screenshot(path=f"/tmp/charts_voila_{game}_1366x768.png")
