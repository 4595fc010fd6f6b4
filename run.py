#!/usr/bin/env python3
"""Bootstrap gaia_lab on a fresh machine, using only the Python standard library.

    python run.py lab   [jupyter lab args...]   open the notebooks in JupyterLab
    python run.py test  [pytest args...]        run the test suite
    python run.py voila [voila args...]         open the notebooks as apps in Voila
    python run.py table [voila args...]         open the game table app in Voila
    python run.py notebooks [filter...]         rebuild the notebooks from their .py sources
    python run.py docs  [sphinx args...]        build the docs site into docs/_build/html
    python run.py lite  [OUTPUT]                build the JupyterLite site into _lite/

Each command creates ``.venv`` in the repository when it is missing and installs
gaia_lab into it in editable mode. The install is repeated only when
pyproject.toml changes or when a command needs extras that are not installed yet.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / "gaia_lab-install.json"
# the tests build the rules pages with Sphinx (tests/test_docs.py) and the JupyterLite site
# (tests/browser/test_lite.py): test installs docs and lite too
EXTRAS = {"lab": ["lab"], "test": ["lab", "test", "docs", "lite"], "voila": ["lab"],
          "table": ["lab"],
          "notebooks": ["lab", "test"], "docs": ["docs"], "lite": ["lite"]}
USAGE = "usage: python run.py {lab|test|voila|table|notebooks|docs|lite} [extra args...]"


def say(message: str) -> None:
    print(f"[gaia_lab] {message}", flush=True)


def pyproject_hash() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def read_stamp() -> dict[str, object]:
    try:
        data = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def ensure_venv() -> None:
    if PYTHON.exists():
        return
    say(f"creating a virtual environment in {VENV.relative_to(ROOT)}/ ...")
    clear = ["--clear"] if VENV.exists() else []
    if subprocess.call([sys.executable, "-m", "venv", *clear, str(VENV)]) != 0:
        sys.exit(
            "could not create the virtual environment (on Debian: apt-get install python3-venv)"
        )


def ensure_installed(extras: list[str]) -> None:
    stamp = read_stamp()
    digest = pyproject_hash()
    have = stamp.get("extras")
    installed = set(have) if isinstance(have, list) else set()
    if stamp.get("pyproject") == digest and set(extras) <= installed:
        return
    wanted = sorted(set(extras) | installed)  # keep extras installed by an earlier command
    spec = f".[{','.join(wanted)}]"
    say(f"installing gaia_lab{spec[1:]} (a first install takes a minute or two) ...")
    started = time.monotonic()
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "--quiet"]
    if subprocess.call([*pip, "--editable", spec], cwd=ROOT) != 0:
        say("installation failed; see the pip messages above")
        sys.exit(1)
    quiet_jupyterlab()
    STAMP.write_text(json.dumps({"pyproject": digest, "extras": wanted}), encoding="utf-8")
    say(f"installed in {time.monotonic() - started:.0f} s")


def quiet_jupyterlab() -> None:
    """Turn off JupyterLab's news and update prompts in the environment (as on Binder)."""
    settings = VENV / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(
        (ROOT / "binder" / "overrides.json").read_text(encoding="utf-8"), encoding="utf-8"
    )


def run(program: str, args: list[str]) -> NoReturn:
    """Replace this process with a program from the virtual environment."""
    executable = BIN / (program + (".exe" if os.name == "nt" else ""))
    argv = [str(executable), *args]
    os.chdir(ROOT)
    if os.name == "nt":  # os.exec* does not keep the console attached on Windows
        sys.exit(subprocess.call(argv))
    os.execv(argv[0], argv)


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def culling() -> dict[str, str]:
    """Every page load starts a kernel (about 90 MB); one whose page was closed is shut
    down after being idle this long, checked this often. One home for the values:
    binder/culling.json, which Binder's server reads too (binder/postBuild)."""
    data = json.loads((ROOT / "binder" / "culling.json").read_text(encoding="utf-8"))
    return {f"{section}.{name}": str(value) for section, names in data.items()
            for name, value in names.items()}


CULLING = culling()


def voila_args(extra: list[str]) -> list[str]:
    """Voila's arguments: the notebooks folder unless a path is given, idle kernels culled
    unless the culling settings are given.

    >>> voila_args([])[:2]
    ['notebooks', '--MappingKernelManager.cull_idle_timeout=300']
    >>> voila_args(["play.ipynb", "--MappingKernelManager.cull_idle_timeout=60"])[:3]
    ['play.ipynb', '--MappingKernelManager.cull_idle_timeout=60', \
'--MappingKernelManager.cull_interval=60']
    """
    target = [] if any(not a.startswith("-") for a in extra) else ["notebooks"]
    given = {a[2:].split("=", 1)[0] for a in extra if a.startswith("--")}
    culling = [f"--{name}={value}" for name, value in CULLING.items() if name not in given]
    return [*target, *extra, *culling]


TABLE = "notebooks/table.ipynb"


def table_args(extra: list[str]) -> list[str]:
    """Voila's arguments for the game table app: its notebook, idle kernels culled.

    >>> table_args(["--port=8870"])[:2]
    ['notebooks/table.ipynb', '--port=8870']
    """
    return voila_args([TABLE, *extra])


def main(argv: list[str]) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - run.py may be started by an older Python
        sys.exit("gaia_lab needs Python 3.11 or newer")
    if not argv or argv[0] not in EXTRAS:
        sys.exit(USAGE)
    command, extra = argv[0], argv[1:]
    ensure_venv()
    ensure_installed(EXTRAS[command])
    if command == "test":
        say("running the tests ...")
        run("python", ["-m", "pytest", *extra])
    if command == "notebooks":
        say("building the notebooks from notebooks/**/*.py and executing them ...")
        run("python", [str(ROOT / "docs" / "build_notebooks.py"), *extra])
    if command == "docs":
        # the repository is the source folder (docs/ and notebooks/ are read), docs/ holds conf.py
        say("building the docs site into docs/_build/html (offline; notebooks not executed) ...")
        run("python", ["-m", "sphinx", "-b", "html", "-c", "docs", ".", "docs/_build/html",
                       *extra])
    if command == "lite":
        # downloads at build time only (PyPI wheels, the npm package pyodide; needs npm)
        say("building the JupyterLite site (the tour in the browser, no server) ...")
        run("python", [str(ROOT / "lite" / "build.py"), *extra])
    if command == "lab":
        index = "notebooks/index.ipynb"
        chosen = any(not a.startswith("-") for a in extra)
        target = [] if chosen or not (ROOT / index).exists() else [index]
        root = ["--allow-root"] if is_root() and "--allow-root" not in extra else []
        say("starting JupyterLab (stop it with Ctrl+C) ...")
        run("jupyter", ["lab", *target, *root, *extra])
    if command == "table":
        say("starting the game table in Voila (stop it with Ctrl+C) ...")
        run("voila", table_args(extra))
    say("starting Voila (stop it with Ctrl+C) ...")
    run("voila", voila_args(extra))


if __name__ == "__main__":
    main(sys.argv[1:])
