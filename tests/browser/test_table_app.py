"""The game table app (notebooks/table.ipynb, ``python3 run.py table``) in Voila and Chromium.

One page, as a class would use it: choose a game, its players and a seed, play two moves by
clicking, save the game as a record file (a download), load it back (an upload), load a file
whose step does not replay (answered with the step and its line, the table unchanged), and
step through a worked example.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from helpers import (
    FITTED,
    KERNEL_TIMEOUT,
    STEP_TIMEOUT,
    ExplorerPage,
    canvas_size,
    check_side_column,
)
from playwright.sync_api import Locator, Page, expect

import gaia_lab
from gaia_lab.render import scene

NOTEBOOK = Path("table.ipynb")
LAPTOP = {"width": 1366, "height": 768}
GAME, TITLE, PLAYERS, SEED = "gaia_tiki", "GAIA (Tiki Editions)", 3, 5


def explorer(page: Page, log_text: str) -> ExplorerPage:
    """The Explorer on the table now (its log holds ``log_text``)."""
    html = page.locator(".widget-html")
    canvas = page.locator(".gaia-table canvas").first
    canvas.wait_for(state="visible", timeout=STEP_TIMEOUT)
    page.wait_for_function(FITTED, timeout=STEP_TIMEOUT)  # drawn at the width it is shown
    view = ExplorerPage(
        page=page, canvas=canvas,
        status=html.filter(has_text=re.compile(r" to act — |Game over")),
        message=html.filter(has_text=re.compile(r"^Played ")),
        log=html.filter(has_text=log_text), width=canvas_size(canvas)[0])
    expect(view.log).to_have_count(1, timeout=STEP_TIMEOUT)
    expect(view.status).to_have_count(1, timeout=STEP_TIMEOUT)
    return view


def dropdown(page: Page, label: str) -> Locator:
    name = page.locator(".widget-label", has_text=re.compile(f"^{label}$"))
    return page.locator(".widget-dropdown").filter(has=name).locator("select")


def table_message(page: Page) -> Locator:
    return page.locator(".gaia-game-table > .widget-html").last


def upload(page: Page, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator(".widget-upload").click()
    chooser.value.set_files(str(path))


def test_play_save_load_and_step_an_example(
    page: Page, voila_server: Callable[[Path], str], tmp_path: Path
) -> None:
    page.set_viewport_size(LAPTOP)
    first = gaia_lab.Session("animals_gathering", players=3, seed=1,
                             options={"names": ["Ada", "Ben", "Cleo"]})
    ExplorerPage.open(page, voila_server(NOTEBOOK), first, log_text="Ada is dealt")

    # choose a game, the players and a seed; the names box is off for a game without names
    dropdown(page, "Game").select_option(label=TITLE)
    expect(page.locator(".gaia-game-table input[placeholder='Ann, Bo, Cy']")).to_be_disabled()
    dropdown(page, "Players").select_option(label=str(PLAYERS))
    seed = page.locator(".widget-text").filter(
        has=page.locator(".widget-label", has_text=re.compile("^Seed$"))).locator("input")
    seed.fill(str(SEED))
    seed.press("Enter")
    page.get_by_role("button", name="New game").click()
    session = gaia_lab.Session(GAME, players=PLAYERS, seed=SEED)
    expect(table_message(page)).to_contain_text(f"New game of {TITLE}", timeout=STEP_TIMEOUT)
    view = explorer(page, session.log()[1])
    view.check_size(scene(session.state, width=view.width))

    # two moves by clicking their buttons
    for _ in range(2):
        move = str(session.legal_actions()[0])
        with view.plays(move):
            page.locator(".gaia-actions").get_by_role("button", name=move, exact=True).click()
        session.play(move)
    expect(view.status).to_contain_text("(decision 3)")
    check_side_column(page)  # beside the table's own controls, nothing overlaps or is cut

    # save: the link downloads the record of the game on the table
    page.get_by_role("button", name="Save").click()
    link = page.locator("a.gaia-download")
    expect(link).to_contain_text(f"{GAME}-seed{SEED}-", timeout=STEP_TIMEOUT)
    with page.expect_download() as download:
        link.click()
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    record = gaia_lab.Record.from_json(saved.read_text(encoding="utf-8"))
    assert record == session.record()

    # a new game of another kind, then load the saved file: the table plays on from it
    dropdown(page, "Game").select_option(label="Animals Gathering")
    page.get_by_role("button", name="New game").click()
    expect(table_message(page)).to_contain_text("New game of Animals Gathering",
                                                timeout=STEP_TIMEOUT)
    upload(page, saved)
    expect(table_message(page)).to_contain_text("Loaded saved.json", timeout=STEP_TIMEOUT)
    view = explorer(page, session.log()[1])
    expect(view.status).to_contain_text("(decision 3)")
    view.check_size(scene(session.state, width=view.width))
    expect(dropdown(page, "Game")).to_have_value(TITLE)  # the setup follows the record

    # a file whose second decision was edited: the step and its line, the table unchanged
    lines = saved.read_text(encoding="utf-8").splitlines()
    decisions = [i for i, line in enumerate(lines) if re.search(r'"actor": \d', line)]
    edited = decisions[1]
    step = json.loads(lines[edited].rstrip(","))
    lines[edited] = lines[edited].replace(step["action"], "draw nature 99")
    bad = tmp_path / "edited.json"
    bad.write_text("\n".join(lines), encoding="utf-8")
    status = view.status.inner_text()
    upload(page, bad)
    message = table_message(page)
    expect(message).to_contain_text("Not loaded: edited.json", timeout=STEP_TIMEOUT)
    expect(message).to_contain_text(f"(line {edited + 1})")
    expect(message).to_contain_text("draw nature 99")
    assert view.status.inner_text() == status
    expect(view.log).to_have_count(1)

    # step through a worked example of the chosen game
    page.get_by_role("button", name="Step through an example").click()
    example = gaia_lab.examples(GAME)[1]
    dropdown(page, "Example").select_option(label=example.title)
    page.get_by_role("button", name="Open example").click()
    side = page.locator(".gaia-table-side")
    expect(side).to_contain_text(example.title, timeout=STEP_TIMEOUT)
    board = page.locator(".gaia-table .gaia-board canvas").first
    board.wait_for(timeout=KERNEL_TIMEOUT)
    before = board.get_attribute("data-version")
    side.get_by_role("button", name="Next").click()
    expect(side).to_contain_text(f"Step 1 of {len(example.steps)}", timeout=STEP_TIMEOUT)
    expect(board).not_to_have_attribute("data-version", before or "", timeout=STEP_TIMEOUT)
    expect(view.status).to_have_count(0)  # the Explorer has left the table
    page.screenshot(path="/tmp/table_app_example.png")
