"""Proves the browser recipe: Voila renders a live board and a click redraws it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

NOTEBOOK = Path(__file__).resolve().parent / "fixtures" / "canvas_smoke.ipynb"
PIXEL = "c => Array.from(c.getContext('2d').getImageData(10, 10, 1, 1).data)"
OPAQUE = (
    "() => { const c = document.querySelector('canvas');"
    " return c && c.getContext('2d').getImageData(10, 10, 1, 1).data[3] === 255; }"
)


def test_canvas_draws_and_button_redraws(page: Page, voila_server: Callable[[Path], str]) -> None:
    page.goto(voila_server(NOTEBOOK))
    canvas = page.locator("canvas").first
    canvas.wait_for(state="visible", timeout=60_000)
    label = page.locator(".widget-label")
    expect(label).to_have_text("colour: red")
    page.wait_for_function(OPAQUE)  # drawn by the on_client_ready replay
    assert canvas.evaluate(PIXEL) == [200, 30, 30, 255]

    bbox = canvas.bounding_box()
    assert bbox is not None and (bbox["width"], bbox["height"]) == (160, 80)  # pinned CSS size

    page.get_by_role("button", name="Redraw in blue").click()
    expect(label).to_have_text("colour: blue")
    page.wait_for_function(
        "() => document.querySelector('canvas').getContext('2d')"
        ".getImageData(10, 10, 1, 1).data[2] === 200"
    )
    assert canvas.evaluate(PIXEL) == [30, 30, 200, 255]
