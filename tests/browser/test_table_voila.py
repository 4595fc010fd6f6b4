"""The learner's table in Voila: safe clicks, controls in view, keyboard-only play.

The Animals Gathering play notebook is served by Voila and opened in Chromium at a
1366x768 laptop size (and 1920x1080). A double-click or a burst of ten fast clicks on a
move button, and a double-click on the board, must play exactly one move; after a board
click the decision, its controls and the message stay in view beside the board; and a
whole turn can be played with the keyboard alone (Tab to the board, arrows, Enter; Tab,
Shift+Tab and Escape leave it; Enter in the Why not? box answers).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import STEP_TIMEOUT, ExplorerPage, check_side_column, lit_scene
from playwright.sync_api import Locator, Page, expect

import gaia_lab

NOTEBOOK = Path("animals_gathering") / "play.ipynb"
NAMES = ["Milo", "Howard", "Sandra", "Coco"]
LAPTOP = {"width": 1366, "height": 768}
SETTLE_MS = 1500  # long enough for every click of a burst to reach the kernel and back


def new_session() -> gaia_lab.Session:
    """The session the notebook builds."""
    return gaia_lab.Session("animals_gathering", players=4, seed=1, options={"names": NAMES})


def open_table(page: Page, url: str, size: dict[str, int] = LAPTOP) -> ExplorerPage:
    page.set_viewport_size(size)
    return ExplorerPage.open(page, url, new_session(), log_text="Milo is dealt")


def decisions_played(view: ExplorerPage) -> int:
    """The decision number the status shows, minus one."""
    text = view.status.inner_text()
    found = re.search(r"\(decision (\d+)\)", text)
    assert found, text
    return int(found.group(1)) - 1


def settle(view: ExplorerPage, decisions: int) -> None:
    """Wait for the page to show ``decisions`` played, then check that it stays there."""
    expect(view.status).to_contain_text(f"(decision {decisions + 1})", timeout=STEP_TIMEOUT)
    view.page.wait_for_timeout(SETTLE_MS)
    assert decisions_played(view) == decisions


def last_click(page: Page) -> tuple[float, float]:
    """Where the mouse last clicked (playwright keeps no record: the page does)."""
    x, y = page.evaluate("() => window.__lastClick")
    return float(x), float(y)


def record_clicks(page: Page) -> None:
    page.evaluate("() => document.addEventListener('pointerdown', e => "
                  "{ window.__lastClick = [e.clientX, e.clientY]; }, true)")


def in_view(page: Page, locator: Locator, what: str) -> None:
    """``locator`` is laid out wholly inside the viewport (its top at least on screen)."""
    box = locator.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None, what
    assert 0 <= box["x"] and box["x"] + box["width"] <= viewport["width"] + 1, (what, box)
    assert 0 <= box["y"] and box["y"] + min(box["height"], 40) <= viewport["height"], (what, box)


def test_a_double_click_or_a_burst_plays_one_move(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    view = open_table(page, voila_server(NOTEBOOK))
    record_clicks(page)
    session = new_session()
    first = str(session.legal_actions()[0])
    button = page.get_by_role("button", name=first, exact=True)
    button.dblclick()
    settle(view, 1)
    expect(view.log).to_contain_text("Milo keeps")
    expect(view.log).not_to_contain_text("Howard keeps")
    session.play(first)

    # ten fast clicks where the first button of the decision is: one move
    second = str(session.legal_actions()[0])
    box = page.get_by_role("button", name=second, exact=True).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(10):
        page.mouse.click(x, y)
    settle(view, 2)
    expect(view.log).to_contain_text("Howard keeps")
    expect(view.log).not_to_contain_text("Sandra keeps")
    session.play(second)

    # a double-click on a highlighted card of the board: one move
    legal, targets, board = lit_scene(session, view.width)
    action, card = next((a, t) for a, ts in zip(legal, targets, strict=True)
                        for t in ts if t.startswith("card:"))
    view.check_size(board)
    view.click_board(board, card)  # scrolls the card into view, then the first click
    page.mouse.click(*last_click(page))  # and the second, at once
    settle(view, 3)
    session.play(action)
    expect(view.log).to_contain_text("Sandra keeps")
    expect(view.log).not_to_contain_text("Coco keeps")


@pytest.mark.parametrize("size", [LAPTOP, {"width": 1920, "height": 1080}],
                         ids=["1366x768", "1920x1080"])
def test_the_decision_and_its_controls_stay_in_view_after_a_board_click(
    page: Page, voila_server: Callable[[Path], str], size: dict[str, int]
) -> None:
    view = open_table(page, voila_server(NOTEBOOK), size)
    session = new_session()
    _, targets, board = lit_scene(session, view.width)
    card = next(t for ts in targets for t in ts if t.startswith("card:"))
    with view.plays(next(str(a) for a, ts in zip(session.legal_actions(), targets,
                                                 strict=True) if card in ts)):
        view.click_board(board, card)
    for what, locator in [
        ("status", view.status),
        ("message", view.message),
        ("actions", page.locator(".gaia-actions")),
        ("Undo", page.get_by_role("button", name="Undo")),
        ("Why not?", page.get_by_role("button", name="Why not?")),
        ("Score", page.locator(".gaia-table-side").get_by_text("Score", exact=True)),
    ]:
        in_view(page, locator, what)
    check_side_column(page)  # no control lies on another or is cut off
    # the board fills its column: wider than half the window, never past it
    canvas = view.canvas.bounding_box()
    assert canvas is not None and size["width"] * 0.5 < canvas["width"] < size["width"]
    page.screenshot(path=f"/tmp/table_{size['width']}x{size['height']}.png")


def test_keyboard_only_play(page: Page, voila_server: Callable[[Path], str]) -> None:
    view = open_table(page, voila_server(NOTEBOOK))
    session = new_session()
    active = "() => document.activeElement && document.activeElement.tagName"
    for _ in range(60):  # Tab from the top of the page until the board has the focus
        page.keyboard.press("Tab")
        if page.evaluate(active) == "CANVAS":
            break
    assert page.evaluate(active) == "CANVAS", "Tab never reached the board"
    label = view.canvas.get_attribute("aria-label") or ""
    assert "Milo to act" in label and "arrow keys" in label

    # the arrows walk the highlighted cards, Enter plays the one under focus
    _, targets, _ = lit_scene(session, view.width)
    walk = list(dict.fromkeys(t for ts in targets for t in ts))
    page.keyboard.press("ArrowRight")
    expect(page.locator(".gaia-board-live")).to_contain_text("(2 of")
    with view.plays(str(session.legal_actions()[1])):
        page.keyboard.press("Enter")
    session.play(session.legal_actions()[1])
    assert walk

    # Tab and Shift+Tab leave the board and come back; Escape leaves it
    page.keyboard.press("Tab")
    assert page.evaluate(active) != "CANVAS"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(active) == "CANVAS"
    page.keyboard.press("Escape")
    assert page.evaluate(active) != "CANVAS"

    # Enter in the Why not? box answers; Play by keyboard plays the typed move
    box = page.get_by_placeholder("type a move, then Enter")
    box.focus()
    box.fill("keep zzz")
    page.keyboard.press("Enter")
    result = page.locator(".widget-html").filter(has_text="keep zzz")
    expect(result.first).to_contain_text("not legal now", timeout=STEP_TIMEOUT)
    move = str(session.legal_actions()[0])
    box.fill(move)
    page.keyboard.press("Tab")  # the Why not? button
    page.keyboard.press("Tab")  # the Play button
    with view.plays(move):
        page.keyboard.press("Enter")


def test_the_walkthroughs_next_stays_beside_its_board(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(voila_server(Path("animals_gathering") / "02_turn.ipynb"))
    table = page.locator(".gaia-table").first
    table.wait_for(timeout=90_000)
    board = table.locator(".gaia-board canvas")
    board.wait_for(timeout=STEP_TIMEOUT)
    side = table.locator(".gaia-table-side")
    step = side.locator(".widget-html").filter(has_text="Start").first
    expect(step).to_be_visible(timeout=STEP_TIMEOUT)
    side.scroll_into_view_if_needed()
    next_button = side.get_by_role("button", name="Next")
    before = board.get_attribute("data-version")
    next_button.click()
    expect(side).to_contain_text("Step 1 of", timeout=STEP_TIMEOUT)
    expect(board).not_to_have_attribute("data-version", before or "", timeout=STEP_TIMEOUT)
    # Next and the board it redraws are on screen together
    in_view(page, next_button, "Next")
    canvas = board.bounding_box()
    viewport = page.viewport_size
    assert canvas is not None and viewport is not None
    assert 0 <= canvas["y"] < viewport["height"] / 2, canvas
    assert canvas["x"] + canvas["width"] <= viewport["width"] + 1, canvas
    page.screenshot(path="/tmp/walkthrough_1366x768.png")
