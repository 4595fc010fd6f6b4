"""Write the notebooks from their sources below and execute them in place.

    .venv/bin/python docs/build_notebooks.py          # all notebooks
    .venv/bin/python docs/build_notebooks.py index    # those whose path contains "index"

Cells marked ``check`` keep their outputs as the reference that nbval compares
(printed tables, verdicts, SVG boards); the other cells must only run without error.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NB = ROOT / "notebooks"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from notebook_sources import NOTEBOOKS  # noqa: E402


def build(path: str, cells: list[tuple[str, str, str]], title: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for kind, source, flags in cells:
        source = source.strip("\n")
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(source))
        else:
            cell = nbformat.v4.new_code_cell(source)
            tags = []
            if "check" in flags:
                tags.append("nbval-check-output")
            if "raises" in flags:
                tags.append("raises-exception")
            if tags:
                cell.metadata["tags"] = tags
            nb.cells.append(cell)
    target = NB / path
    target.parent.mkdir(parents=True, exist_ok=True)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(target.parent)}})
    client.execute()
    nb.metadata.pop("widgets", None)
    for number, cell in enumerate(nb.cells):
        cell.metadata.pop("execution", None)
        # stable ids: a rebuilt notebook differs only where its content does
        cell["id"] = hashlib.sha1(f"{path}:{number}".encode()).hexdigest()[:8]
    nbformat.write(nb, target)
    print(f"wrote {target.relative_to(ROOT)} ({title})")


def main() -> None:
    wanted = sys.argv[1:]
    for path, title, cells in NOTEBOOKS:
        if wanted and not any(w in path for w in wanted):
            continue
        build(path, cells, title)


if __name__ == "__main__":
    main()
