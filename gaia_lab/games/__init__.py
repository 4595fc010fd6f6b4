"""The games, by package name.

``GAMES`` maps each name to its :class:`~gaia_lab.core.game.Game`; ``examples(name)``
lists the worked examples of its rule source.
"""

from __future__ import annotations

import importlib
from typing import Any

from gaia_lab.core.example import Example
from gaia_lab.core.game import Game
from gaia_lab.games.animals_gathering import GAME as _ANIMALS_GATHERING
from gaia_lab.games.gaia_project import GAME as _GAIA_PROJECT
from gaia_lab.games.shapers_of_gaia import GAME as _SHAPERS_OF_GAIA

GAMES: dict[str, Game[Any, Any]] = {
    _ANIMALS_GATHERING.meta.name: _ANIMALS_GATHERING,
    _SHAPERS_OF_GAIA.meta.name: _SHAPERS_OF_GAIA,
    _GAIA_PROJECT.meta.name: _GAIA_PROJECT,
}
"""Every playable game, by package name."""

PLANNED: dict[str, str] = {
    "gaia_tiki": "GAIA (Tiki Editions)",
    "black_rose_gaea": "Black Rose Wars: Rebirth - Gaea Reborn",
}
"""Games of the collection whose engines are not in this release yet."""


def examples(name: str) -> list[Example]:
    """The worked examples of a game's rule source, in rulebook order."""
    if name not in GAMES:
        raise KeyError(f"no game named {name!r}; known games: {', '.join(sorted(GAMES))}")
    module = importlib.import_module(f"gaia_lab.games.{name}.examples")
    return list(module.EXAMPLES)
