"""Every docstring example in the package runs, and the package is mypy --strict clean."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import gaia_lab

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(
    m.name for m in pkgutil.walk_packages(gaia_lab.__path__, prefix="gaia_lab.")
)


@pytest.mark.parametrize("name", ["gaia_lab", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_mypy_strict() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "gaia_lab"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
