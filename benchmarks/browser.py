"""Click to redrawn board, measured in a real Chromium against each game's play notebook.

    python benchmarks/browser.py                 # every game, 12 clicks each
    python benchmarks/browser.py --clicks 30 --only gaia_project

Each play notebook is served by Voila and opened in Chromium at 1366x768. The script
clicks a highlighted place on the board (a board click plays a move, or narrows the moves
to those of the place) and, as often, the first move button; each time it measures in the
page the time from the press to the end of drawing the new board (the board widget
stamps ``data-drawn`` when it has drawn a new version). The median and the slowest
figure of each game are printed beside the goal (under 100 ms). Machines are noisy:
figures are printed, never asserted. Chromium: ``CHROMIUM`` (default /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
GAMES = ("animals_gathering", "shapers_of_gaia", "gaia_project", "gaia_tiki", "black_rose_wars")
GOAL_MS = 100.0
GUARD_MS = 450  # the board and the buttons take no click this soon after a redraw

# Arm a listener that stamps the press, then wait for a newer version of the board.
ARM = """() => {
    const c = document.querySelector('.gaia-board canvas');
    window.__press = null;
    window.__from = c.dataset.version;
    document.addEventListener('pointerdown', () => { window.__press = performance.now(); },
                              { capture: true, once: true });
}"""
REDRAWN = """() => {
    const c = document.querySelector('.gaia-board canvas');
    return window.__press !== null && c.dataset.version !== window.__from
        ? Number(c.dataset.drawn) - window.__press : null;
}"""
TARGETS = """() => {
    const c = document.querySelector('.gaia-board canvas');
    const box = c.getBoundingClientRect();
    const [w] = c.dataset.scene.split('x').map(Number);
    const k = box.width / w;
    return (c.gaiaTargets || []).map(t => [box.left + (t[1] + t[3]) / 2 * k,
                                           box.top + (t[2] + t[4]) / 2 * k]);
}"""
SCROLL = """([x, y]) => {
    let e = document.querySelector('.gaia-board canvas').parentElement;
    while (e && !(e.scrollHeight > e.clientHeight
                  && /(auto|scroll)/.test(getComputedStyle(e).overflowY))) e = e.parentElement;
    (e || document.scrollingElement).scrollTop += y - window.innerHeight / 2;
}"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve(notebook: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", str(notebook)],
        cwd=NOTEBOOKS, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}voila/static/favicon.ico", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit(f"Voila did not start for {notebook}")


def measure(page: Any, click: Any) -> float | None:
    """Milliseconds from the press to the new board drawn; None if the click redrew
    nothing within 5 s (a click on a place covered by an item that no move concerns)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.wait_for_timeout(GUARD_MS)
    page.evaluate(ARM)
    click()
    try:
        handle = page.wait_for_function(REDRAWN, timeout=5_000, polling="raf")
    except PlaywrightTimeout:
        return None
    value: float = handle.json_value()
    return value


def bench_game(browser: Any, name: str, clicks: int, seed: int) -> dict[str, list[float]]:
    proc, url = serve(NOTEBOOKS / name / "play.ipynb")
    rng = random.Random(seed)
    times: dict[str, list[float | None]] = {"board": [], "button": []}
    try:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(url)
        page.wait_for_selector(".gaia-board canvas[data-version]", timeout=90_000)
        for k in range(clicks):
            if k % 2 == 0:
                spots = page.evaluate(TARGETS)
                if not spots:
                    continue
                x, y = rng.choice(spots)
                page.evaluate(SCROLL, [x, y])
                page.wait_for_timeout(50)
                spots = page.evaluate(TARGETS)
                x, y = spots[min(len(spots) - 1, rng.randrange(len(spots)))]
                times["board"].append(
                    measure(page, lambda x=x, y=y: page.mouse.click(x, y)))
            else:
                button = page.locator(".gaia-actions button.gaia-action").first
                if button.count() == 0:
                    continue
                times["button"].append(measure(page, button.click))
        page.close()
    finally:
        proc.terminate()
        proc.wait(10)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=12, help="clicks per game")
    parser.add_argument("--only", choices=GAMES, help="one game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium,
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        for name in [args.only] if args.only else list(GAMES):
            times = bench_game(browser, name, args.clicks, args.seed)
            for kind, measured in times.items():
                values = [v for v in measured if v is not None]
                missed = len(measured) - len(values)
                note = f", {missed} click(s) redrew nothing" if missed else ""
                if not values:
                    print(f"{name}.click_to_board ({kind}): no click measured{note}")
                    continue
                median = statistics.median(values)
                verdict = "met" if median < GOAL_MS else "not met"
                print(f"{name}.click_to_board ({kind} click): median {median:.0f} ms, "
                      f"slowest {max(values):.0f} ms over {len(values)} clicks{note} "
                      f"(goal < {GOAL_MS:.0f} ms: {verdict})", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
