"""Notebooks in JupyterLab at 1366x768: they open unmodified, and their board pictures fit
the output area.

JupyterLab rewrites a notebook's kernel name when it differs from the kernel's own, which
marks the notebook modified as soon as it opens; and it shows an SVG at the size the SVG
states, so a board must state the width of its cell.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from conftest import NOTEBOOKS
from playwright.sync_api import Page

KERNEL_IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
SIZES = """() => Array.from(document.querySelectorAll('.jp-RenderedSVG img'), img => [
    img.getBoundingClientRect().width,
    img.closest('.jp-OutputArea-output').getBoundingClientRect().width])"""


@pytest.mark.parametrize("notebook", ["animals_gathering/02_turn.ipynb",
                                      "gaia_project/01_setup.ipynb"])
def test_a_notebook_opens_unmodified_and_its_boards_fit(
    page: Page, lab_server: tuple[str, dict[str, str]], notebook: str
) -> None:
    url, env = lab_server
    path = NOTEBOOKS / notebook
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(path)], env=env,
                   check=True, capture_output=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{url}lab/workspaces/t{time.monotonic_ns()}/tree/notebooks/{notebook}?reset")
    page.wait_for_selector(KERNEL_IDLE, timeout=90_000)
    page.wait_for_selector(".jp-RenderedSVG img", timeout=30_000)
    page.wait_for_timeout(2000)  # the kernel's info and the metadata it may rewrite
    assert page.locator(".jp-mod-dirty").count() == 0, "the notebook opened modified"
    sizes = page.evaluate(SIZES)
    assert sizes, "no board picture on show"
    for width, room in sizes:
        assert 0 < width <= room + 1, f"a picture {width:.0f} px wide in {room:.0f} px"
