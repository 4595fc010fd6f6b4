"""The JupyterLite site (``python3 run.py lite``): the tour runs in Pyodide in a real
Chromium with no network, the Pyodide core served with the site from the npm package.

The tour (lite/tour.py) asks every game the same questions: what it waits for, its legal
actions, a legal and a refused move explained, a move played and undone, and its board as
SVG; then it replays the first worked example of each game. The second notebook
(lite/explorer.py) opens the Explorer: its board is drawn and an action button plays."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route, expect

ROOT = Path(__file__).resolve().parents[2]
OUTPUTS = (
    "() => Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell'))"
    ".map(c => Array.from(c.querySelectorAll('.jp-OutputArea-output'))"
    ".map(o => o.querySelector('img[src^=\"data:image/svg+xml\"], svg') ? '<svg>'"
    " : o.textContent.trim()).join('\\n'))"
)
CELLS = 13  # the code cells of lite/tour.py
# the cell of each game after Animals Gathering's, and the reason its refused move gets
# each game's cell: the game and the refusal it shows (its reason, then the rule's section)
GAME_CELLS = {7: ("shapers_of_gaia", "is not in your hand. [Restore Biomes]"),
              8: ("gaia_project", "already play on terra planets. [Faction boards]"),
              9: ("gaia_tiki", "is not orthogonally next to a tile. [Nature cards (terrain)]"),
              10: ("black_rose_wars", "is not a spell in Rikkart's hand"),
              11: ("black_rose_wars_hunt", "each is pushed once, not none. [Large Models]")}


def _build_tools_missing() -> str | None:
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupytext"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (the lite extra: pip install -e '.[lite]')"
    if shutil.which("npm") is None:
        return "npm is not installed (apt-get install npm)"
    return None


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built into a temporary folder and served on localhost: its base URL."""
    missing = _build_tools_missing()
    if missing:  # as for Chromium (conftest.py): a CI machine may not pass by skipping
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            pytest.fail(missing, pytrace=False)
        pytest.skip(missing)
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    site = build.build(tmp_path_factory.mktemp("lite") / "site")
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def built_in_games() -> list[str]:
    """The games gaia_lab registers itself (other tests may register more in this process)."""
    done = subprocess.run([sys.executable, "-c", "import gaia_lab; print(*gaia_lab.GAMES)"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return done.stdout.split()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def run_offline(page: Page, lite_site: str, notebook: str, cells: int) -> list[str]:
    """Open ``notebook`` of the site with every request off localhost refused, and run all
    its ``cells`` code cells; the list the refused requests will be added to."""
    blocked: list[str] = []

    def localhost_only(route: Route) -> None:
        if urlsplit(route.request.url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.context.route("**/*", localhost_only)
    page.goto(f"{lite_site}lab/index.html?path={notebook}")
    page.locator(".jp-Notebook .jp-CodeCell").nth(cells - 1).wait_for(timeout=120_000)
    page.wait_for_timeout(5_000)  # the kernel is chosen after the notebook opens
    page.locator(".jp-Notebook .jp-CodeCell").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    return blocked


def test_tour_runs_in_pyodide_offline(page: Page, lite_site: str) -> None:
    blocked = run_offline(page, lite_site, "tour.ipynb", CELLS)
    page.wait_for_function(
        f"() => ({OUTPUTS})()[{CELLS - 1}].includes('black_rose_wars_hunt: ')",
        timeout=600_000, polling=1_000)
    outputs = page.evaluate(OUTPUTS)
    names = built_in_games()
    assert all(f"({name}):" in outputs[0] for name in names), outputs[0]
    assert "Ada" in outputs[1]
    assert "decides:" in outputs[2] and re.search(r"\n\d+ steps played$", outputs[2])
    assert "roll 2g2o2b    -> not legal now" in outputs[3] and "dance" in outputs[3]
    assert outputs[4] == ("undone: True\nredone, same position: True\n"
                          "the record replays to the same position: True")
    assert outputs[5] == "<svg>"
    assert outputs[6] == ""  # the helper's definition
    for cell, (name, reason) in GAME_CELLS.items():
        shown = outputs[cell]
        assert re.search(r"\n\d+ legal actions, such as ", shown), (name, shown)
        assert "-> legal: " in shown and "-> not legal now: " in shown, (name, shown)
        assert reason in shown, (name, shown)
        assert shown.endswith("the same position again: True\n<svg>"), (name, shown)
    assert {n for cell in GAME_CELLS.values() for n in cell[:1]} == set(names) - {
        "animals_gathering"}  # every game of the collection
    examples = outputs[CELLS - 1].splitlines()
    assert [line.split(":")[0] for line in examples] == names
    assert all(line.endswith("every checkpoint holds") for line in examples)
    assert blocked == []  # everything came from the site


def test_the_explorer_draws_and_plays_offline(page: Page, lite_site: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    blocked = run_offline(page, lite_site, "explorer.ipynb", 2)
    canvas = page.locator(".jp-Notebook .gaia-board canvas").first
    canvas.wait_for(state="visible", timeout=600_000)
    page.wait_for_function(
        "() => { const c = document.querySelector('.gaia-board canvas');"
        " return c && c.width > 0 && c.height > 0 && c.getBoundingClientRect().width > 0; }",
        timeout=60_000)
    status = page.locator(".jp-Notebook .widget-html").filter(has_text=" to act — ")
    expect(status).to_have_count(1, timeout=60_000)
    before = status.inner_text()
    assert before.startswith("Ada to act"), before
    button = page.locator(".jp-Notebook button.gaia-action").first
    played = button.inner_text()
    assert played.startswith("keep "), played
    button.click()
    expect(status).not_to_have_text(before, timeout=60_000)
    expect(status).to_contain_text("Ben to act")
    message = page.locator(".jp-Notebook .widget-html").filter(has_text="Played ")
    expect(message).to_contain_text(f"Played {played}")
    assert blocked == [], blocked  # the widgets' packages came from the site too
    assert errors == [], errors
