"""The widgets need no compiled package: the Explorer imports, draws and plays with Pillow
and numpy absent (as in a JupyterLite kernel that carries only pure-Python wheels).

Each check runs in a fresh interpreter whose import system refuses ``PIL`` and ``numpy``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import gaia_lab
from gaia_lab.core import registry

ROOT = Path(__file__).resolve().parent.parent

# refuse the compiled packages as an interpreter without them would
HIDE = """
import importlib.abc, sys
class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('PIL', 'numpy'):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Absent())
"""


def run_without_pillow(code: str) -> Any:
    """Run ``code`` with PIL and numpy hidden; it prints one JSON value."""
    done = subprocess.run([sys.executable, "-c", HIDE + code], cwd=ROOT, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_hiding_works() -> None:
    seen = run_without_pillow(
        "import json\n"
        "try:\n    import PIL.ImageColor\nexcept ModuleNotFoundError as e:\n    r = str(e)\n"
        "print(json.dumps(r))")
    assert seen == "No module named 'PIL'"


def built_in(name: str) -> bool:
    """A game gaia_lab registers itself (other tests may register more in this process)."""
    game = registry.registration(name).game
    return isinstance(game, str) and game.startswith("gaia_lab.games.")


@pytest.mark.parametrize("game", sorted(n for n in gaia_lab.GAMES if built_in(n)))
def test_the_explorer_draws_and_plays_without_pillow(game: str) -> None:
    seen = run_without_pillow(
        "import json, sys, gaia_lab\n"
        "from gaia_lab.widgets import Explorer\n"
        f"explorer = Explorer(gaia_lab.Session({game!r}, seed=2))\n"
        "drawn = explorer.board.version, len(explorer.board.sent['items'])\n"
        "before = explorer.status.value\n"
        "explorer.press(explorer.offered[0])\n"
        "print(json.dumps([drawn, explorer.session.decisions, before != explorer.status.value,"
        " explorer.board.version > drawn[0],"
        " sorted(m for m in sys.modules if m.split('.')[0] in ('PIL', 'numpy'))]))"
    )
    (version, items), decisions, changed, redrawn, loaded = seen
    assert version >= 1 and items > 0
    assert decisions == 1 and changed and redrawn
    assert loaded == []
