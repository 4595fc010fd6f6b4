"""run.py's Voila command: idle kernels are culled unless the user set the culling."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_run() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gaia_lab_run_script", ROOT / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_voila_culls_idle_kernels_by_default() -> None:
    run = load_run()
    args = run.voila_args([])
    assert args[0] == "notebooks"
    assert "--MappingKernelManager.cull_idle_timeout=300" in args
    assert "--MappingKernelManager.cull_interval=60" in args
    assert "--MappingKernelManager.cull_connected=False" in args


def test_the_users_culling_settings_and_path_win() -> None:
    run = load_run()
    args = run.voila_args(["notebooks/gaia_project/play.ipynb",
                           "--MappingKernelManager.cull_idle_timeout=30"])
    assert args[0] == "notebooks/gaia_project/play.ipynb" and "notebooks" not in args
    assert [a for a in args if "cull_idle_timeout" in a] == [
        "--MappingKernelManager.cull_idle_timeout=30"]
    assert "--MappingKernelManager.cull_interval=60" in args


def test_table_opens_the_game_table_with_idle_kernels_culled() -> None:
    run = load_run()
    assert "table" in run.EXTRAS and "table" in run.USAGE
    args = run.table_args([])
    assert args[0] == "notebooks/table.ipynb" and "notebooks" not in args
    assert (ROOT / args[0]).is_file()
    assert "--MappingKernelManager.cull_idle_timeout=300" in args
    assert run.table_args(["--port=8870"])[:2] == ["notebooks/table.ipynb", "--port=8870"]


def test_binder_culls_idle_kernels_with_the_same_settings() -> None:
    run = load_run()
    assert run.CULLING == {"MappingKernelManager.cull_idle_timeout": "300",
                           "MappingKernelManager.cull_interval": "60",
                           "MappingKernelManager.cull_connected": "False"}
    post_build = (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    assert "cp binder/culling.json" in post_build and "jupyter_server_config.d" in post_build
