"""Fixtures for tests that drive a real Chromium against notebooks served by Voila.

Chromium comes from the system (Debian: ``apt-get install chromium``), never from
``playwright install``. Outside CI a missing Chromium skips these tests; with ``CI``
set it is an error, so that a broken CI machine cannot pass by skipping.
"""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent.parent / "notebooks"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 90.0
START_ATTEMPTS = 3
"""Voila is started again on another free port when it exits before answering."""
NOT_UP = (OSError, http.client.HTTPException)
"""What a server that is not up yet answers: no connection, or, when another process took
the free port first, a reply that is no HTTP (BadStatusLine) or a dropped connection
(RemoteDisconnected): keep trying until the deadline."""

# Notebooks under fixtures/ are served to the browser, not checked by nbval.
collect_ignore_glob = ["fixtures/*"]


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch the system Chromium (overrides the pytest-playwright fixture)."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        message = (
            f"Chromium not found at {CHROMIUM}. Install it with `apt-get install chromium` "
            "or point the CHROMIUM environment variable at a Chromium binary."
        )
        if _in_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_until_up(proc: subprocess.Popen[bytes], url: str, log: Path) -> bool:
    """True once the server at ``url`` answers; False when it exited first (its port was
    taken: start it again on another); RuntimeError when it never answers."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:  # a static file: polling the page itself would start a kernel each time
            with urllib.request.urlopen(f"{url}voila/static/favicon.ico", timeout=2):
                return True
        except NOT_UP:
            time.sleep(0.3)
    proc.kill()
    proc.wait()
    raise RuntimeError(f"Voila did not start at {url}; its log:\n{log.read_text(errors='replace')}")


@pytest.fixture(scope="session")
def voila_server() -> Iterator[Callable[[str | os.PathLike[str]], str]]:
    """Factory: ``voila_server("game.ipynb")`` serves a notebook and returns its base URL.

    Relative paths are taken from the repository's notebooks/ folder, which is also the
    server's working directory. Each notebook gets one server for the whole session.
    """
    servers: dict[Path, tuple[subprocess.Popen[bytes], str]] = {}
    logs = Path(tempfile.mkdtemp(prefix="gaia_lab-voila-"))

    def start(notebook: str | os.PathLike[str]) -> str:
        path = (NOTEBOOKS / notebook).resolve()
        if path in servers:
            return servers[path][1]
        if not path.is_file():
            raise FileNotFoundError(path)
        for _attempt in range(START_ATTEMPTS):
            port = _free_port()
            url = f"http://127.0.0.1:{port}/"
            log = logs / f"{path.stem}-{port}.log"
            with log.open("wb") as out:
                proc = subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "voila",
                        "--no-browser",
                        f"--port={port}",
                        "--Voila.ip=127.0.0.1",
                        str(path),
                    ],
                    cwd=NOTEBOOKS,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            if _wait_until_up(proc, url, log):
                break
        else:
            raise RuntimeError(f"Voila exited {START_ATTEMPTS} times before answering; its "
                               f"last log:\n{log.read_text(errors='replace')}")
        servers[path] = (proc, url)
        return url

    yield start
    for proc, _ in servers.values():
        proc.terminate()
    for proc, _ in servers.values():
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A JupyterLab on the repository (no token), with its own Jupyter data, config and
    runtime folders: ``(base URL, environment)``; run ``jupyter trust`` in that environment
    to trust a notebook for this server only."""
    home = tmp_path_factory.mktemp("jupyter")
    env = {**os.environ, "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    log = home / "lab.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
             "--ServerApp.password=", f"--ServerApp.root_dir={NOTEBOOKS.parent}",
             "--allow-root"],
            cwd=NOTEBOOKS.parent, stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(f"{url}api/status", timeout=2):
                break
        except NOT_UP:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"JupyterLab did not start:\n{log.read_text()}") from None
            time.sleep(0.3)
    yield url, env
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
