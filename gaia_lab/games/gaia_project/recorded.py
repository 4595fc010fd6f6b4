"""Real Gaia Project games recorded on another engine, shipped as data.

Each is a JSON document with the game's options, its fixed setup, the move log in
the recording engine's notation, and the final VP by player and by source.

>>> RECORDED_GAMES
('deep-mind-2', 'JaeggaFun04', 'voyager-6')
>>> recorded_game("deep-mind-2")["game"]
'deep-mind-2'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "data" / "recorded"
RECORDED_GAMES: tuple[str, ...] = ("deep-mind-2", "JaeggaFun04", "voyager-6")
"""Complete recorded games (move log and final scores), four players each: together
they play nine of the fourteen factions."""


def recorded_game(name: str) -> dict[str, Any]:
    """The recorded game ``name`` as a JSON document."""
    if name not in RECORDED_GAMES:
        raise KeyError(f"no recorded game {name!r}; recorded: {', '.join(RECORDED_GAMES)}")
    data: dict[str, Any] = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    return data


def setups_and_scores() -> dict[str, Any]:
    """Setups and final scores of further recorded games (no move logs)."""
    data: dict[str, Any] = json.loads(
        (FOLDER / "setups_and_scores.json").read_text(encoding="utf-8"))
    return data
