"""The Animals Gathering play notebook in Voila: buttons and board clicks drive the game.

The notebook is served by Voila and opened in Chromium. The test plays one move with an
action button and one by clicking a highlighted card on the board canvas; after each, the
status line, the message line, the log and the canvas pixels must all change. Where to
click is computed in Python from the same session, so the test follows the board layout.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from helpers import FITTED, STEP_TIMEOUT, ExplorerPage, canvas_size, lit_scene
from playwright.sync_api import Page, expect

import gaia_lab
from gaia_lab.render import scene
from gaia_lab.render.shapes import Scene

NOTEBOOK = Path("animals_gathering") / "play.ipynb"
NAMES = ["Milo", "Howard", "Sandra", "Coco"]
SCREENSHOT = Path("/tmp/explorer_voila.png")


def new_session() -> gaia_lab.Session:
    """The session the notebook builds."""
    return gaia_lab.Session("animals_gathering", players=4, seed=1, options={"names": NAMES})


def card_target(session: gaia_lab.Session, width: int) -> tuple[str, str, Scene]:
    """(action, card id, board): the first legal action's card on the board on show."""
    legal, targets, board = lit_scene(session, width)
    for action, ids in zip(legal, targets, strict=True):
        for id in ids:
            if id.startswith("card:"):
                return str(action), id, board
    raise AssertionError(f"no card among the targets {targets}")


def test_button_and_board_click_advance_the_game(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    session = new_session()
    view = ExplorerPage.open(page, voila_server(NOTEBOOK), session, log_text="Milo is dealt")
    expect(view.status).to_contain_text("Milo to act")
    expect(view.status).to_contain_text("keep")
    expect(view.log).not_to_contain_text("keeps")

    # 1. A legal-action button, found by its visible text.
    first = str(session.legal_actions()[0])
    assert first.startswith("keep ")
    with view.plays(first):
        page.get_by_role("button", name=first, exact=True).click()
    expect(view.status).to_contain_text("Howard to act")
    expect(view.log).to_contain_text("Milo keeps")
    session.play(first)

    # 2. A click on the board, at the centre of a highlighted card of the new decision.
    action, card, board = card_target(session, view.width)
    assert action.startswith("keep ")
    with view.plays(action):
        view.click_board(board, card)
    expect(view.status).to_contain_text("Sandra to act")
    expect(view.log).to_contain_text("Howard keeps")

    # 3. A screenshot of the whole Explorer, for a human look.
    view.screenshot(SCREENSHOT)


def test_the_board_is_drawn_at_the_width_it_is_shown_at(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    view = ExplorerPage.open(page, voila_server(NOTEBOOK), new_session(), log_text="Milo is dealt")
    shown = view.canvas.evaluate("c => c.getBoundingClientRect().width")
    assert abs(view.width - shown) < 8, (view.width, shown)  # text at its own size
    page.set_viewport_size({"width": 1920, "height": 1080})
    # the view reports its new width after a short throttle: wait for the wider drawing
    page.wait_for_function(
        "w => Number(document.querySelector('canvas').dataset.scene.split('x')[0]) > w",
        arg=view.width + 100, timeout=STEP_TIMEOUT)
    page.wait_for_function(FITTED, timeout=STEP_TIMEOUT)
    wider = canvas_size(view.canvas)[0]
    assert wider > view.width + 100, (view.width, wider)
    view.check_size(scene(new_session().state, width=wider))
