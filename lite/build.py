"""Build the JupyterLite site of gaia_lab: the tour in the browser, with no server.

    python lite/build.py [OUTPUT]      (``python3 run.py lite`` runs it; OUTPUT: _lite/)

The site holds the gaia_lab wheel built from this checkout and the pure-Python wheels
of its dependencies (installed in the browser by piplite), the Pyodide core from the
npm package ``pyodide`` (no CDN at run time), and the tour of lite/tour.py as a
notebook, and lite/explorer.py, the Explorer on one game. The widgets run offline too: the
ipywidgets and anywidget front ends come with the site (jupyter lite build copies the
labextensions installed beside it), their Python packages and anywidget's pure
requirements (WIDGET_EXTRAS) are bundled for piplite, and the live board checks its
colours in pure Python. Only the PNG export needs Pillow, which is not bundled and cannot
be: Pyodide's build of it (like its numpy) is published only in Pyodide's full
distribution, not in the npm package (which holds the core alone) nor on PyPI, so a
browser with internet loads it at run time from Pyodide's CDN. Downloads (PyPI, npm)
happen here, at build time, and are cached in .cache/lite/.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "lite"
OUTPUT = ROOT / "_lite"
# compiled (Pyodide ships them); the rest of the dependencies are pure Python
NOT_PURE = {"pillow", "numpy"}
# the kernel's own Python packages, which Pyodide's full distribution (not its npm core)
# holds; their pure-Python wheels come from PyPI at the versions of pyodide-lock.json
KERNEL_PACKAGES = ("micropip", "packaging", "ipython", "jedi")
# pure packages the kernel installs that Pyodide does not ship (piplite serves them)
KERNEL_EXTRAS = ("comm",)
# anywidget's own requirements (the live board): psygnal is not in Pyodide, and
# typing-extensions only in its full distribution
WIDGET_EXTRAS = ("psygnal", "typing-extensions")


def pyodide_version() -> str:
    """The Pyodide core the installed kernel expects."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def pure_dependencies() -> list[str]:
    """gaia_lab's dependencies from pyproject.toml, without the compiled ones."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = []
    for spec in project["dependencies"]:
        name = spec.split(">")[0].split("<")[0].split("=")[0].split("[")[0].strip()
        if name.lower() not in NOT_PURE:
            wanted.append(spec)
    return wanted


def check(argv: list[str], cwd: Path | None = None) -> None:
    print("[lite]", " ".join(argv), flush=True)
    subprocess.run(argv, check=True, cwd=cwd)


def wheels(python: str) -> list[Path]:
    """The gaia_lab wheel (rebuilt every time) and the pure dependencies' wheels, pure
    wheels for Python ``python`` even where PyPI also has compiled ones (psygnal)."""
    folder = CACHE / "wheels"
    for old in folder.glob("gaia_lab-*.whl"):
        old.unlink()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    check([*pip, "wheel", "--no-deps", "-w", str(folder), str(ROOT)])
    check([*pip, "download", "--no-deps", "--only-binary=:all:", "--implementation", "py",
           "--abi", "none", "--platform", "any", "--python-version", python, "-d", str(folder),
           *pure_dependencies(), *KERNEL_EXTRAS, *WIDGET_EXTRAS])
    return sorted(folder.glob("*.whl"))


def pyodide_core() -> Path:
    """The npm package ``pyodide`` at the kernel's version, installed into the cache."""
    version = pyodide_version()
    npm = CACHE / "npm" / version
    core = npm / "node_modules" / "pyodide"
    if not (core / "pyodide.mjs").exists():
        npm.mkdir(parents=True, exist_ok=True)
        check(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(npm),
               f"pyodide@{version}"])
    return core


def kernel_packages(pyodide: Path, bundled: list[Path]) -> None:
    """Put the kernel's packages (KERNEL_PACKAGES and what they depend on) into the copied
    core folder pyodide/, from PyPI, and record their hashes in its pyodide-lock.json.

    A ``bundled`` wheel (gaia_lab's pure dependencies) whose package the lock also lists
    (networkx) is served from pyodide/ too: else installing it would fetch Pyodide's copy,
    and the packages the lock adds to it (numpy, matplotlib), from the CDN."""
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = lock["packages"]
    wanted: dict[str, dict[str, object]] = {}
    todo = list(KERNEL_PACKAGES)
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in wanted:
            continue
        wanted[name] = packages[name]
        todo.extend(str(d) for d in packages[name].get("depends", []))
    folder = CACHE / "pyodide-wheels" / pyodide_version()
    folder.mkdir(parents=True, exist_ok=True)
    pins = [f"{entry['name']}=={entry['version']}" for entry in wanted.values()
            if not (folder / str(entry["file_name"])).exists()]
    if pins:
        check([sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet",
               "download", "--no-deps", "--only-binary=:all:", "--python-version",
               str(lock["info"]["python"]), "-d", str(folder), *pins])
    for entry in wanted.values():
        wheel = folder / str(entry["file_name"])
        shutil.copy2(wheel, pyodide / wheel.name)
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    for wheel in bundled:
        project, version = wheel.name.split("-")[:2]
        name = re.sub(r"[-_.]+", "-", project).lower()
        if name not in packages or name in wanted:
            continue
        shutil.copy2(wheel, pyodide / wheel.name)
        # the package alone, as pip installs it: its own requirements, not Pyodide's extras
        packages[name].update(file_name=wheel.name, version=version, depends=[],
                              sha256=hashlib.sha256(wheel.read_bytes()).hexdigest())
        wanted[name] = packages[name]
    # every other package of the distribution (numpy, Pillow, ...) from Pyodide's CDN
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{pyodide_version()}/full/"
    for name, entry in packages.items():
        if name not in wanted:
            entry["file_name"] = cdn + str(entry["file_name"])
    lock_path.write_text(json.dumps(lock), encoding="utf-8")


NOTEBOOKS = ("tour", "explorer")
"""The site's notebooks: lite/NAME.py (jupytext percent) for each NAME."""


def notebooks(folder: Path) -> None:
    """Each of NOTEBOOKS as folder/NAME.ipynb, not executed."""
    import jupytext

    folder.mkdir(parents=True, exist_ok=True)
    for name in NOTEBOOKS:
        jupytext.write(jupytext.read(ROOT / "lite" / f"{name}.py"), folder / f"{name}.ipynb")


def build(output: Path = OUTPUT) -> Path:
    """Build the site into output (replaced) and return it."""
    stage = CACHE / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(pyodide_core(), stage / "static" / "pyodide",
                    ignore=shutil.ignore_patterns("*.map", "*.d.ts", "console*.html"))
    lock = json.loads((stage / "static" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    found = wheels(str(lock["info"]["python"]))
    kernel_packages(stage / "static" / "pyodide", [w for w in found if "gaia_lab" not in w.name])
    notebooks(stage / "files")
    shutil.rmtree(output, ignore_errors=True)
    argv = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(stage),
            "--contents", str(stage / "files"), "--output-dir", str(output)]
    for wheel in found:
        argv += ["--piplite-wheels", str(wheel)]
    # in the stage, made anew each time: jupyter lite keeps its task database in the working
    # folder, and an old one skips steps (the local Pyodide) when the output folder is reused
    check(argv, cwd=stage)
    return output


if __name__ == "__main__":
    site = build(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else OUTPUT)
    print(f"[lite] the site is in {site}; serve it with "
          f"`python -m http.server -d {site}` and open lab/index.html?path=tour.ipynb")
