"""docs/build_notebooks.py: a notebook built from its percent source keeps its cell ids, its
tags and nothing volatile, so that building it again changes nothing."""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "docs" / "build_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _builder()


def _cells(*sources: str) -> list[nbformat.NotebookNode]:
    return [nbformat.v4.new_code_cell(s) for s in sources]


def _formula(name: str, number: int) -> str:
    return hashlib.sha1(f"{name}:{number}".encode()).hexdigest()[:8]


def test_a_new_notebook_numbers_its_cells_from_its_path() -> None:
    cells = _cells("a = 1", "a")
    BUILD.keep_ids("x/n.ipynb", cells, [])
    assert [c.id for c in cells] == [_formula("x/n.ipynb", 0), _formula("x/n.ipynb", 1)]


def test_cells_keep_their_ids_when_a_cell_is_inserted_or_changed() -> None:
    old = _cells("a = 1", "b = 2", "c = 3")
    for cell, cell_id in zip(old, ["id-a", "id-b", "id-c"]):
        cell["id"] = cell_id
    new = _cells("a = 1", "inserted", "b = 2", "c = 33")
    BUILD.keep_ids("n.ipynb", new, old)
    assert [c.id for c in new] == ["id-a", _formula("n.ipynb", 1), "id-b", "id-c"]


def test_a_fresh_id_never_repeats_one_in_use() -> None:
    old = _cells("kept")
    old[0]["id"] = _formula("n.ipynb", 1)  # the id cell 1 would get
    new = _cells("new", "kept")
    new.insert(0, nbformat.v4.new_markdown_cell("title"))
    BUILD.keep_ids("n.ipynb", new, old)
    ids = [c.id for c in new]
    assert ids[2] == _formula("n.ipynb", 1) and len(set(ids)) == 3


def test_outputs_are_settled() -> None:
    cell = nbformat.v4.new_code_cell("print(1); print(2); w", id="c1")
    view = {"model_id": "0" * 32, "version_major": 2, "version_minor": 0}
    cell.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="1\n"),
        nbformat.v4.new_output("stream", name="stdout", text="2\n"),
        nbformat.v4.new_output("stream", name="stderr", text="!\n"),
        nbformat.v4.new_output("display_data",
                               data={"application/vnd.jupyter.widget-view+json": view}),
    ]
    BUILD.settle_outputs("n.ipynb", cell)
    assert [o.get("text") for o in cell.outputs] == ["1\n2\n", "!\n", None]
    model = cell.outputs[2]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
    assert model == hashlib.sha1(b"n.ipynb:c1:2").hexdigest()[:32]


SOURCE = '''# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # A title

# %% tags=["nbval-check-output"]
print("checked")
print("twice")

# %% tags=["raises-exception"]
1 / 0
'''


def test_build_writes_the_executed_notebook_and_again_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BUILD, "NOTEBOOKS", tmp_path)
    source = tmp_path / "game" / "01_intro.py"
    source.parent.mkdir()
    source.write_text(SOURCE, encoding="utf-8")
    assert BUILD.sources(["nothing"]) == [] and BUILD.sources(["intro"]) == [source]
    target = BUILD.build(source)
    first = target.read_bytes()
    nb = nbformat.read(target, as_version=4)
    assert [c.metadata.get("tags") for c in nb.cells] == [
        None, ["nbval-check-output"], ["raises-exception"]]
    assert nb.cells[1].outputs[0].text == "checked\ntwice\n"
    assert nb.cells[2].outputs[0].ename == "ZeroDivisionError"
    assert [c.id for c in nb.cells] == [_formula("game/01_intro.ipynb", n) for n in range(3)]
    assert set(nb.metadata) == {"kernelspec", "language_info"}
    BUILD.build(source)
    assert target.read_bytes() == first


def test_main_refuses_a_filter_that_matches_nothing(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert BUILD.main(["no such notebook"]) == 1
    assert "no notebook source under notebooks/ matches" in capsys.readouterr().err
