"""Build the notebooks from their paired sources and execute them in place.

    python3 run.py notebooks                  # every notebook
    python3 run.py notebooks index gaia_pro   # those whose path contains "index" or "gaia_pro"

Each ``notebooks/<dir>/<name>.py`` (jupytext percent format, the cell tags in the cell
headers) is the source of ``notebooks/<dir>/<name>.ipynb``: the build reads the source,
executes it with a fresh kernel in the notebook's folder and writes the notebook with its
outputs. Cells tagged ``nbval-check-output`` keep their outputs as the reference that nbval
compares (printed tables, verdicts, SVG boards); the other cells must only run without error
(``raises-exception``: must raise).

Cell ids stay stable: a cell keeps the id it had in the notebook before the build (cells are
matched by their type and source, then by position among changed cells); a new cell's id is
derived from the notebook's path and the cell's number. Volatile metadata (execution times,
widget state, jupytext's own) is dropped, consecutive pieces of one output stream are joined
and a widget's view names a model id derived from its cell, so a rebuilt notebook differs
only where its content does.
"""

from __future__ import annotations

import difflib
import hashlib
import sys
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# the display name ipykernel gives its kernel: JupyterLab rewrites any other on opening,
# which marks every notebook modified
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def sources(filters: list[str]) -> list[Path]:
    """The notebook sources under notebooks/ whose notebook path contains one of ``filters``
    (all of them when ``filters`` is empty)."""
    found = sorted(NOTEBOOKS.rglob("*.py"))
    found = [p for p in found if ".ipynb_checkpoints" not in p.parts]
    return [p for p in found if not filters or any(f in notebook_name(p) for f in filters)]


def notebook_name(source: Path) -> str:
    """The notebook's path relative to notebooks/, e.g. ``gaia_project/01_setup.ipynb``."""
    return source.with_suffix(".ipynb").relative_to(NOTEBOOKS).as_posix()


def new_id(name: str, number: int, taken: set[str]) -> str:
    """A fresh cell id from the notebook's name and the cell's number, not one in ``taken``."""
    seed, k = f"{name}:{number}", 0
    while (cell_id := hashlib.sha1(seed.encode()).hexdigest()[:8]) in taken:
        k += 1
        seed = f"{name}:{number}:{k}"
    return cell_id


def keep_ids(name: str, cells: list[nbformat.NotebookNode], old: list[nbformat.NotebookNode]
             ) -> None:
    """Give ``cells`` the ids of the matching cells of the notebook before the build."""
    def key(cell: nbformat.NotebookNode) -> tuple[str, str]:
        return cell.cell_type, cell.source

    ids: dict[int, str] = {}
    matcher = difflib.SequenceMatcher(None, [key(c) for c in old], [key(c) for c in cells],
                                      autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("equal", "replace"):  # a changed cell keeps the id of the one it replaces
            for i, j in zip(range(i1, i2), range(j1, j2)):
                ids[j] = old[i].get("id", "")
    taken = {v for v in ids.values() if v}
    for number, cell in enumerate(cells):
        cell_id = ids.get(number) or new_id(name, number, taken)
        taken.add(cell_id)
        cell["id"] = cell_id


def settle_outputs(name: str, cell: nbformat.NotebookNode) -> None:
    """Join consecutive pieces of one stream (the kernel splits them by timing) and give
    widget views a model id derived from the cell (the widget state is not saved)."""
    outputs: list[nbformat.NotebookNode] = []
    for out in cell.get("outputs", []):
        last = outputs[-1] if outputs else None
        if (out.output_type == "stream" and last is not None
                and last.output_type == "stream" and last.name == out.name):
            last.text += out.text
        else:
            outputs.append(out)
    for k, out in enumerate(outputs):
        view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
        if view is not None:
            view["model_id"] = hashlib.sha1(f"{name}:{cell.id}:{k}".encode()).hexdigest()[:32]
    if cell.cell_type == "code":
        cell.outputs = outputs


def build(source: Path) -> Path:
    """Write and execute the notebook of one source; returns the notebook's path."""
    target = source.with_suffix(".ipynb")
    name = notebook_name(source)
    nb = jupytext.read(source, fmt="py:percent")
    nb.metadata = nbformat.NotebookNode(kernelspec=dict(KERNELSPEC),
                                        language_info={"name": "python"})
    for cell in nb.cells:
        tags = cell.metadata.get("tags")
        cell.metadata = nbformat.NotebookNode({"tags": tags} if tags else {})
    old = nbformat.read(target, as_version=4).cells if target.exists() else []
    keep_ids(name, nb.cells, old)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(target.parent)}})
    client.execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        settle_outputs(name, cell)
    nbformat.validate(nb)
    nbformat.write(nb, target)
    return target


def main(argv: list[str]) -> int:
    chosen = sources(argv)
    if not chosen:
        print(f"no notebook source under notebooks/ matches {' '.join(argv)!r}", file=sys.stderr)
        return 1
    for source in chosen:
        target = build(source)
        print(f"wrote {target.relative_to(ROOT)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
