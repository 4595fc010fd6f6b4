"""A long menu in Voila: sent with its first label, filled when the learner reaches for it.

The Explorer of the fixture notebook shows the heaviest recorded Gaia Project position
(1479 legal actions, 1344 of them lab builds in one menu). The page first holds every
option of that menu, all but the first without its label; the arrow keys walk the options
at once; pointing at the menu fills in the labels; a label chosen in the filled menu and
its Play button play that action.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from helpers import KERNEL_TIMEOUT, STEP_TIMEOUT
from playwright.sync_api import Page, expect

from gaia_lab.games.gaia_project.game import replay_prefix
from gaia_lab.games.gaia_project.recorded import recorded_game

NOTEBOOK = Path(__file__).resolve().parent / "fixtures" / "long_menu.ipynb"


def test_a_long_menu_fills_when_reached_for_and_plays(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    data = recorded_game("deep-mind-2")
    session = replay_prefix({**data, "moves": data["moves"][:351]})[0]
    labs = [str(a) for a in session.legal_actions() if " build lab " in str(a)]
    assert len(labs) == 1344

    page.goto(voila_server(NOTEBOOK))
    row = page.locator(".gaia-actions-row", has_text="build lab (1344)")
    row.wait_for(state="visible", timeout=KERNEL_TIMEOUT)
    select = row.locator("select")
    options = select.locator("option")
    expect(options).to_have_count(1344)
    expect(options.nth(0)).to_have_text(labs[0])
    assert select.get_attribute("data-filled") is None, "filled before it was reached for"

    # the keyboard walks the options at once, labels or not
    page.wait_for_timeout(500)  # past the guard against the tail of a burst
    select.focus()
    page.keyboard.press("ArrowDown")
    assert select.evaluate("s => s.selectedIndex") == 1

    # pointing at the menu fills in every label
    row.hover()
    expect(select).to_have_attribute("data-filled", "true", timeout=STEP_TIMEOUT)
    assert select.evaluate("s => Array.from(s.options, o => o.textContent)") == labs

    choice = labs[-1]
    select.select_option(label=choice)
    row.get_by_role("button", name="Play", exact=True).click()
    message = page.locator(".widget-html", has_text=re.compile(r"^Played "))
    expect(message).to_have_text(re.compile(rf"^Played {re.escape(choice)}\b"),
                                 timeout=STEP_TIMEOUT)
