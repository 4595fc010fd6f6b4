"""Real Gaia Project games recorded on another engine, shipped as data.

Each is a JSON document with the game's options, its fixed setup, the move log in
the recording engine's notation, and the final VP by player and by source.

>>> RECORDED_GAMES
('deep-mind-2', 'JaeggaFun04', 'voyager-6')
>>> recorded_game("deep-mind-2")["game"]
'deep-mind-2'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gaia_lab.core.checks import short
from gaia_lab.core.codec import read_json
from gaia_lab.core.errors import GaiaLabError

FOLDER = Path(__file__).resolve().parent / "data" / "recorded"
RECORDED_GAMES: tuple[str, ...] = ("deep-mind-2", "JaeggaFun04", "voyager-6")
"""Complete recorded games (move log and final scores), four players each: together
they play nine of the fourteen factions."""


def recorded_game(name: str) -> dict[str, Any]:
    """The recorded game ``name`` as a JSON document.

    >>> recorded_game("chess")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: no recorded game 'chess'; recorded: deep-mind-2, \
JaeggaFun04, voyager-6
    """
    if not isinstance(name, str) or name not in RECORDED_GAMES:
        raise GaiaLabError(f"no recorded game {short(name)}; recorded: "
                           f"{', '.join(RECORDED_GAMES)}")
    return _read(f"{name}.json")


def setups_and_scores() -> dict[str, Any]:
    """Setups and final scores of further recorded games (no move logs)."""
    return _read("setups_and_scores.json")


def _read(file: str) -> dict[str, Any]:
    path = FOLDER / file
    data: dict[str, Any] = read_json(path.read_text(encoding="utf-8"), str(path))
    return data
