"""The Animals Gathering play notebook in Voila: buttons and board clicks drive the game.

The notebook is served by Voila and opened in Chromium. The test plays one move with an
action button and one by clicking a highlighted card on the board canvas; after each, the
status line, the message line, the log and the canvas pixels must all change. Where to
click is computed in Python from the same session, so the test follows the board layout.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

import gaia_lab
from gaia_lab.render import scene

NOTEBOOK = Path("animals_gathering") / "play.ipynb"
NAMES = ["Milo", "Howard", "Sandra", "Coco"]
SCREENSHOT = Path("/tmp/explorer_voila.png")
KERNEL_TIMEOUT = 60_000  # ms: Voila starts a kernel and runs the notebook first
STEP_TIMEOUT = 15_000  # ms: one round trip browser -> kernel -> browser

# FNV-1a hash of every RGBA byte of the canvas, computed in the page.
_HASH = """const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5;
    for (let i = 0; i < data.length; i++) { h ^= data[i]; h = Math.imul(h, 0x01000193); }
    h = h >>> 0;"""
PIXEL_HASH = "c => { " + _HASH + " return h; }"
PIXELS_CHANGED = "([c, before]) => { " + _HASH + " return h !== before; }"
# Some pixels are not transparent: the board was drawn (by the on_client_ready replay).
DRAWN = """() => {
    const c = document.querySelector('canvas');
    if (!c || c.width === 0 || c.height === 0) return false;
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < data.length; i += 4 * 97) if (data[i] !== 0) return true;
    return false;
}"""
# Scroll the canvas' scrolling ancestor (Voila scrolls an inner panel, not the window)
# so that the canvas row ``y`` (in CSS px from the canvas top) sits mid-viewport.
SCROLL_TO_ROW = """(c, y) => {
    let e = c.parentElement;
    while (e && !(e.scrollHeight > e.clientHeight
                  && /(auto|scroll)/.test(getComputedStyle(e).overflowY))) e = e.parentElement;
    const target = e || document.scrollingElement;
    target.scrollTop += c.getBoundingClientRect().top + y - window.innerHeight / 2;
    return new Promise(resolve => requestAnimationFrame(() => resolve(null)));
}"""


def new_session() -> gaia_lab.Session:
    """The session the notebook builds."""
    return gaia_lab.Session("animals_gathering", players=4, seed=1, options={"names": NAMES})


def card_centre(session: gaia_lab.Session) -> tuple[str, str, float, float]:
    """(action, card id, x, y): the first legal action's card and its centre in canvas px."""
    game, state = session.game, session.state
    legal = session.legal_actions()
    targets = [tuple(game.action_targets(state, a)) for a in legal]
    highlight = tuple(dict.fromkeys(t for ts in targets for t in ts))
    board = scene(state, highlight=highlight)
    for action, ids in zip(legal, targets, strict=True):
        for id in ids:
            if not id.startswith("card:"):
                continue
            item = board.find(id)
            assert item is not None, f"{id} is a target but not drawn"
            left, top, right, bottom = item.bounds()
            x, y = (left + right) / 2, (top + bottom) / 2
            assert board.hit(x, y) == id, f"the centre of {id} is covered by another item"
            return str(action), id, x, y
    raise AssertionError(f"no card among the targets {targets}")


def pixel_hash(canvas: Locator) -> int:
    value: int = canvas.evaluate(PIXEL_HASH)
    return value


def wait_pixels_changed(page: Page, canvas: Locator, before: int) -> None:
    page.wait_for_function(
        PIXELS_CHANGED, arg=[canvas.element_handle(), before], timeout=STEP_TIMEOUT
    )


def test_button_and_board_click_advance_the_game(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    page.goto(voila_server(NOTEBOOK))
    canvas = page.locator("canvas").first
    canvas.wait_for(state="visible", timeout=KERNEL_TIMEOUT)
    page.wait_for_function(DRAWN, timeout=KERNEL_TIMEOUT)

    session = new_session()
    board = scene(session.state)
    width, height = canvas.evaluate("c => [c.width, c.height]")
    assert (width, height) == (math.ceil(board.width), math.ceil(board.height))

    status = page.locator(".widget-html").filter(has_text=re.compile(r" to act — |Game over"))
    message = page.locator(".widget-html").filter(has_text=re.compile(r"^Played "))
    log = page.locator(".widget-html").filter(has_text="[ag.setup.deal]")
    expect(status).to_have_count(1, timeout=STEP_TIMEOUT)
    expect(status).to_contain_text("Milo to act")
    expect(status).to_contain_text("keep")
    expect(log).to_have_count(1)
    expect(log).not_to_contain_text("keeps")

    # 1. A legal-action button, found by its visible text.
    first = str(session.legal_actions()[0])
    assert first.startswith("keep ")
    status_before, pixels_before = status.inner_text(), pixel_hash(canvas)
    page.get_by_role("button", name=first, exact=True).click()
    expect(message).to_have_text(re.compile(rf"^Played {re.escape(first)}\b"), timeout=STEP_TIMEOUT)
    expect(status).to_contain_text("Howard to act")
    expect(log).to_contain_text("Milo keeps")
    assert status.inner_text() != status_before
    wait_pixels_changed(page, canvas, pixels_before)
    session.play(first)

    # 2. A click on the board, at the centre of a highlighted card of the new decision.
    action, card, x, y = card_centre(session)
    assert action.startswith("keep ")
    canvas.scroll_into_view_if_needed()
    bbox = canvas.bounding_box()
    assert bbox is not None
    scale = bbox["width"] / width  # CSS px per canvas px (1 while the CSS size is pinned)
    assert abs(bbox["height"] / height - scale) < 0.01, "canvas stretched unevenly"
    canvas.evaluate(SCROLL_TO_ROW, y * scale)
    bbox = canvas.bounding_box()
    assert bbox is not None
    page_x, page_y = bbox["x"] + x * scale, bbox["y"] + y * scale
    viewport = page.viewport_size
    assert viewport is not None
    assert 0 <= page_x < viewport["width"] and 0 <= page_y < viewport["height"], (
        f"{card} at ({page_x:.0f}, {page_y:.0f}) is outside the viewport {viewport}"
    )
    status_before, pixels_before = status.inner_text(), pixel_hash(canvas)
    page.mouse.click(page_x, page_y)
    expect(message).to_have_text(
        re.compile(rf"^Played {re.escape(action)}\b"), timeout=STEP_TIMEOUT
    )
    expect(status).to_contain_text("Sandra to act")
    expect(log).to_contain_text("Howard keeps")
    assert status.inner_text() != status_before
    wait_pixels_changed(page, canvas, pixels_before)

    # 3. A screenshot of the whole Explorer, for a human look.
    page.evaluate("() => { document.querySelectorAll('*').forEach(e => { e.scrollTop = 0; }); }")
    full_height = page.evaluate(
        "() => Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": viewport["width"], "height": int(full_height) + 40})
    page.screenshot(path=str(SCREENSHOT))
