"""What the browser tests share: page scripts, the Explorer's widgets in the page, board clicks.

Where to click is computed in Python from a session built exactly like the notebook's:
:func:`lit_scene` draws the board the Explorer shows, :func:`centre` finds a clickable
item's centre on it, and :func:`click_canvas_point` clicks that canvas point in the page,
whatever the canvas' CSS scale and the scroll position of the page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

import gaia_lab
from gaia_lab.render import scene
from gaia_lab.render.shapes import Scene

KERNEL_TIMEOUT = 60_000  # ms: Voila starts a kernel and runs the notebook first
STEP_TIMEOUT = 15_000  # ms: one round trip browser -> kernel -> browser
GUARD_MS = 450  # ms: new controls and a new board take no click sooner (the tail of a burst)

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
# The board is drawn at the width it is shown at (within 8 px: the view's report step),
# kept between the widths a board is drawn at (gaia_lab.render.canvas.MIN/MAX_WIDTH).
FITTED = """() => {
    const c = document.querySelector('canvas');
    if (!c || !c.dataset.scene) return false;
    const room = Math.max(480, Math.min(1920, Math.round(c.parentElement.clientWidth)));
    return Math.abs(Number(c.dataset.scene.split('x')[0]) - room) < 8;
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


def pixel_hash(canvas: Locator) -> int:
    value: int = canvas.evaluate(PIXEL_HASH)
    return value


def wait_pixels_changed(page: Page, canvas: Locator, before: int) -> None:
    page.wait_for_function(
        PIXELS_CHANGED, arg=[canvas.element_handle(), before], timeout=STEP_TIMEOUT
    )


def canvas_size(canvas: Locator) -> tuple[int, int]:
    """The size of the scene the board draws (its pixel buffer follows the screen)."""
    width, height = canvas.evaluate("c => (c.dataset.scene || '0x0').split('x').map(Number)")
    return math.ceil(width), math.ceil(height)


def scene_size(board: Scene) -> tuple[int, int]:
    """The scene size a live board reports for ``board``."""
    return math.ceil(board.width), math.ceil(board.height)


def lit_scene(session: gaia_lab.Session,
              width: int) -> tuple[list[Any], list[tuple[str, ...]], Scene]:
    """The legal actions, the board ids each concerns, and the board the Explorer shows
    (drawn ``width`` px wide: :attr:`ExplorerPage.width`)."""
    game, state = session.game, session.state
    legal = session.legal_actions()
    targets = [tuple(game.action_targets(state, a)) for a in legal]
    highlight = tuple(dict.fromkeys(t for ts in targets for t in ts))
    return legal, targets, scene(state, highlight=highlight, width=width)


def centre(board: Scene, id: str) -> tuple[float, float]:
    """The centre of the item ``id`` in canvas px; a click there must hit ``id``."""
    item = board.find(id)
    assert item is not None, f"{id} is a target but not drawn"
    left, top, right, bottom = item.bounds()
    x, y = (left + right) / 2, (top + bottom) / 2
    assert board.hit(x, y) == id, f"the centre of {id} is covered by {board.hit(x, y)}"
    return x, y


def click_canvas_point(page: Page, canvas: Locator, x: float, y: float, what: str) -> None:
    """Scroll the canvas point (``x``, ``y``) (canvas px) into view and click it."""
    width, height = canvas_size(canvas)
    canvas.scroll_into_view_if_needed()
    bbox = canvas.bounding_box()
    assert bbox is not None
    scale = bbox["width"] / width  # CSS px per scene px
    assert abs(bbox["height"] / height - scale) < 0.01, "canvas stretched unevenly"
    canvas.evaluate(SCROLL_TO_ROW, y * scale)
    bbox = canvas.bounding_box()
    assert bbox is not None
    page_x, page_y = bbox["x"] + x * scale, bbox["y"] + y * scale
    viewport = page.viewport_size
    assert viewport is not None
    assert 0 <= page_x < viewport["width"] and 0 <= page_y < viewport["height"], (
        f"{what} at ({page_x:.0f}, {page_y:.0f}) is outside the viewport {viewport}"
    )
    page.mouse.click(page_x, page_y)


@dataclass(frozen=True)
class ExplorerPage:
    """An Explorer served by Voila: its board canvas and its status, message and log lines."""

    page: Page
    canvas: Locator
    status: Locator
    message: Locator
    log: Locator
    width: int
    """The width the board is drawn at: the width the page gives it."""

    @classmethod
    def open(cls, page: Page, url: str, session: gaia_lab.Session, log_text: str) -> ExplorerPage:
        """Load ``url`` and wait for the board of ``session`` (built like the notebook's);
        ``log_text`` is in the log from the start."""
        page.goto(url)
        canvas = page.locator("canvas").first
        canvas.wait_for(state="visible", timeout=KERNEL_TIMEOUT)
        page.wait_for_function(DRAWN, timeout=KERNEL_TIMEOUT)
        page.wait_for_function(FITTED, timeout=STEP_TIMEOUT)
        html = page.locator(".widget-html")
        view = cls(
            page=page,
            canvas=canvas,
            status=html.filter(has_text=re.compile(r" to act — |Game over")),
            message=html.filter(has_text=re.compile(r"^Played ")),
            log=html.filter(has_text=log_text),
            width=canvas_size(canvas)[0],
        )
        expect(view.status).to_have_count(1, timeout=STEP_TIMEOUT)
        expect(view.log).to_have_count(1)
        view.check_size(scene(session.state, width=view.width))
        return view

    def check_size(self, board: Scene) -> None:
        """The canvas has the size of ``board``, the scene the page should show."""
        assert canvas_size(self.canvas) == scene_size(board), "the page shows another board"

    @contextmanager
    def plays(self, action: str) -> Iterator[None]:
        """The body plays ``action``: then the message names it, the status and pixels change."""
        status_before, pixels_before = self.status.inner_text(), pixel_hash(self.canvas)
        self.page.wait_for_timeout(GUARD_MS)  # as a reader would, before acting
        yield
        expect(self.message).to_have_text(
            re.compile(rf"^Played {re.escape(action)}\b"), timeout=STEP_TIMEOUT
        )
        expect(self.status).not_to_have_text(status_before)
        wait_pixels_changed(self.page, self.canvas, pixels_before)

    def click_board(self, board: Scene, id: str) -> None:
        """Click the centre of the item ``id`` of ``board``, the scene the page shows."""
        self.check_size(board)
        x, y = centre(board, id)
        click_canvas_point(self.page, self.canvas, x, y, id)

    def screenshot(self, path: Path) -> None:
        """Save the whole Explorer (the viewport grows to the page's full height)."""
        page = self.page
        viewport = page.viewport_size
        assert viewport is not None
        page.evaluate(
            "() => { document.querySelectorAll('*').forEach(e => { e.scrollTop = 0; }); }"
        )
        full_height = page.evaluate(
            "() => Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))"
        )
        page.set_viewport_size({"width": viewport["width"], "height": int(full_height) + 40})
        page.screenshot(path=str(path))


# Every control of the side column (buttons, boxes, menus, sliders, text lines): the pairs
# whose boxes overlap, and those cut by the column or by a clipping box inside it (the
# column itself scrolls, so only its width clips).
_SIDE_LAYOUT = """side => {
    const box = e => e.getBoundingClientRect();
    const name = e => (e.tagName + ' ' + (e.innerText || e.value || e.placeholder || '')
                       .trim().slice(0, 30));
    const controls = Array.from(side.querySelectorAll(
        'button, input, select, textarea, .widget-slider, .widget-html'))
        .filter(e => box(e).width > 0 && box(e).height > 0);
    const leaves = controls.filter(e => !controls.some(o => o !== e && e.contains(o)));
    const overlaps = [], clipped = [];
    for (let i = 0; i < leaves.length; i++) {
        const a = box(leaves[i]);
        for (let j = i + 1; j < leaves.length; j++) {
            const b = box(leaves[j]);
            if (a.left < b.right - 0.5 && b.left < a.right - 0.5
                && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
                overlaps.push([name(leaves[i]), name(leaves[j])]);
        }
        for (let e = leaves[i].parentElement; e; e = e.parentElement) {
            const style = getComputedStyle(e), c = box(e);
            const cutX = style.overflowX !== 'visible'
                && (a.left < c.left - 0.5 || a.right > c.right + 0.5);
            const cutY = e !== side && style.overflowY !== 'visible'
                && (a.top < c.top - 0.5 || a.bottom > c.bottom + 0.5);
            if (cutX || cutY) { clipped.push([name(leaves[i]), e.className]); break; }
            if (e === side) break;
        }
        const t = leaves[i];
        if (t.tagName === 'BUTTON' && t.scrollWidth > t.clientWidth + 1)
            clipped.push([name(t), 'its text']);
    }
    return {count: leaves.length, overlaps, clipped};
}"""


def check_side_column(page: Page) -> int:
    """No two controls of the Explorer's side column overlap and none is cut off; returns
    how many controls were checked."""
    side = page.locator(".gaia-table-side").first
    found: dict[str, Any] = side.evaluate(_SIDE_LAYOUT)
    assert not found["overlaps"], f"side column controls overlap: {found['overlaps']}"
    assert not found["clipped"], f"side column controls cut off: {found['clipped']}"
    count: int = found["count"]
    return count
