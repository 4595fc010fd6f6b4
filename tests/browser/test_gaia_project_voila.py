"""The Gaia Project play notebook in Voila: the Explorer's controls and hex clicks play moves.

The notebook is served by Voila and opened in Chromium. The test chooses the four factions
with the Explorer's controls (the first seat has more choices than the Explorer shows as
buttons, so a dropdown and its Play button; the others buttons), then places the first
starting mine by clicking its hex on the board canvas. After each move the message line
names it and the status line, the log and the canvas pixels change. A Python session built
like the notebook's plays the same moves, so the test knows what the page should show and
where each hex is drawn.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from helpers import ExplorerPage, lit_scene
from playwright.sync_api import Page, expect

import gaia_lab
from gaia_lab.render import scene
from gaia_lab.render.shapes import Scene
from gaia_lab.widgets import Explorer

NOTEBOOK = Path("gaia_project") / "play.ipynb"
# Factions with every ability, of four different home planets (so all four are open).
FACTIONS = ("nevlas", "terrans", "xenos", "hadsch-hallas")
SCREENSHOT = Path("/tmp/gp_voila.png")
GROUP_LIMIT: int = inspect.signature(Explorer).parameters["group_limit"].default


def new_session() -> gaia_lab.Session:
    """The session the notebook builds."""
    return gaia_lab.Session("gaia_project", players=4, seed=1)


def hex_target(session: gaia_lab.Session, width: int) -> tuple[str, str, Scene]:
    """(action, hex id, board): the first legal action whose only target is a hex that no
    other legal action concerns (a click there plays it), on the board on show."""
    legal, targets, board = lit_scene(session, width)
    shared = Counter(t for ts in targets for t in ts)
    for action, ids in zip(legal, targets, strict=True):
        if len(ids) == 1 and ids[0].startswith("hex:") and shared[ids[0]] == 1:
            return str(action), ids[0], board
    raise AssertionError(f"no hex picks a single action among the targets {targets}")


def expect_in_step(view: ExplorerPage, session: gaia_lab.Session, events: list[str]) -> None:
    """The page shows the decision ``session`` is at, and the log holds ``events``."""
    actor = session.actor
    assert isinstance(actor, int)
    expect(view.status).to_contain_text(f"{session.names[actor]} to act")
    expect(view.status).to_contain_text(f"(decision {session.decisions + 1})")
    for text in events:
        expect(view.log).to_contain_text(text)


def test_controls_and_hex_click_advance_the_game(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    session = new_session()
    url = voila_server(NOTEBOOK)
    view = ExplorerPage.open(page, url, session, log_text="Round boosters in play")
    expect_in_step(view, session, [e.text for e in session.events])
    expect(view.log).not_to_contain_text("plays the")

    # 1. The factions, with the Explorer's controls found by their visible text.
    controls = set()
    for seat, faction in enumerate(FACTIONS):
        action = f"p{seat + 1} faction {faction}"
        legal = [str(a) for a in session.legal_actions()]
        assert action in legal, f"{action} is not legal: {legal}"
        with view.plays(action):
            if len(legal) > GROUP_LIMIT:  # a dropdown of the verb's actions and a Play button
                assert action != legal[0], "choose an option other than the preselected one"
                picker = page.locator(".gaia-actions-row:has(> select)")
                expect(picker).to_have_count(1)
                expect(picker).to_contain_text(f"({len(legal)})")
                picker.locator("select").select_option(label=action)
                picker.get_by_role("button", name="Play", exact=True).click()
                controls.add("dropdown")
            else:
                page.get_by_role("button", name=action, exact=True).click()
                controls.add("button")
        events = session.play(action)
        expect_in_step(view, session, [e.text for e in events])
    assert controls == {"dropdown", "button"}, f"only {controls} tried"

    # 2. A starting mine, by a click on the centre of its hex.
    action, hex_id, board = hex_target(session, view.width)
    assert " build m " in action, action
    with view.plays(action):
        view.click_board(board, hex_id)
    events = session.play(action)
    expect_in_step(view, session, [e.text for e in events])
    view.check_size(scene(session.state, width=view.width))

    # 3. A screenshot of the whole Explorer, for a human look.
    view.screenshot(SCREENSHOT)
