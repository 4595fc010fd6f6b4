"""The source tree matches what pyproject.toml ships in a wheel."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gaia_lab"


def _dirs() -> list[Path]:
    return [p for p in [PACKAGE, *PACKAGE.rglob("*")] if p.is_dir() and p.name != "__pycache__"]


def test_every_module_folder_is_a_regular_package() -> None:
    # packages.find runs with namespaces = false: a folder without __init__.py is left out
    missing = [
        str(d.relative_to(PACKAGE.parent))
        for d in _dirs()
        if any(d.glob("*.py")) and not (d / "__init__.py").is_file()
    ]
    assert missing == [], f"add an __init__.py to: {missing}"


def test_game_data_sits_beside_a_package() -> None:
    # package-data ships "data/*.json" of every package, and "py.typed" of gaia_lab
    assert (PACKAGE / "py.typed").is_file()
    orphans = [
        str(d.relative_to(PACKAGE.parent))
        for d in _dirs()
        if d.name == "data" and any(d.rglob("*.json")) and not (d.parent / "__init__.py").is_file()
    ]
    assert orphans == [], f"these data folders would not be shipped: {orphans}"
