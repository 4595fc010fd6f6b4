"""Each notebook is a pair: notebooks/<dir>/<name>.py (jupytext percent format) is its source,
notebooks/<dir>/<name>.ipynb its executed outputs; the two must agree cell by cell. And ruff
lints the package, the tests and the notebook sources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def _files(suffix: str) -> set[str]:
    return {
        p.relative_to(NOTEBOOKS).with_suffix("").as_posix()
        for p in NOTEBOOKS.rglob(f"*{suffix}")
        if ".ipynb_checkpoints" not in p.parts
    }


PAIRS = sorted(_files(".ipynb") | _files(".py"))


def _cells(nb: nbformat.NotebookNode) -> list[tuple[str, str, list[str]]]:
    return [(c.cell_type, c.source, list(c.metadata.get("tags", []))) for c in nb.cells]


def test_there_are_notebooks() -> None:
    assert "index" in PAIRS and len(PAIRS) >= 20


@pytest.mark.parametrize("name", PAIRS)
def test_source_and_notebook_agree(name: str) -> None:
    source, notebook = NOTEBOOKS / f"{name}.py", NOTEBOOKS / f"{name}.ipynb"
    assert source.is_file(), f"{notebook.relative_to(ROOT)} has no source {source.name}"
    assert notebook.is_file(), (f"{source.relative_to(ROOT)} is not built: "
                                f"python3 run.py notebooks {name}")
    text = jupytext.read(source, fmt="py:percent")
    built = nbformat.read(notebook, as_version=4)
    theirs, ours = _cells(text), _cells(built)
    for number, (a, b) in enumerate(zip(theirs, ours)):
        assert a == b, (f"{name}: cell {number} differs between the .py and the .ipynb "
                        f"(rebuild it: python3 run.py notebooks {name})\n.py:    {a!r}\n"
                        f".ipynb: {b!r}")
    assert len(theirs) == len(ours), (f"{name}: {len(theirs)} cells in the .py, "
                                      f"{len(ours)} in the .ipynb")


@pytest.mark.parametrize("name", PAIRS)
def test_notebook_keeps_no_volatile_metadata(name: str) -> None:
    built = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nbformat.validate(built)
    assert "widgets" not in built.metadata and "jupytext" not in built.metadata
    ids = [c.id for c in built.cells]
    assert len(set(ids)) == len(ids), f"{name}: two cells share an id"
    for number, cell in enumerate(built.cells):
        extra = set(cell.metadata) - {"tags"}
        assert not extra, f"{name}: cell {number} keeps metadata {sorted(extra)}"


def test_ruff_is_clean_on_the_package_tests_and_notebooks() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "gaia_lab",
                           "tests", "notebooks", "docs", "run.py"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_reads_the_notebook_sources() -> None:
    # the sources are linted as Python files: a notebook's .py is not excluded by the config
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                           "--show-files", "notebooks"],
                          cwd=ROOT, capture_output=True, text=True)
    listed = {Path(line.strip()).resolve() for line in done.stdout.splitlines() if line.strip()}
    expected = {(NOTEBOOKS / f"{name}.py").resolve() for name in PAIRS}
    assert expected <= listed, sorted(str(p) for p in expected - listed)
