"""The games of the collection, registered by package name.

Each game registers its engine, its board layout (in :mod:`gaia_lab.render`) and its
worked examples with :func:`~gaia_lab.core.registry.register_game`, by
``"module:attribute"`` references: importing this package loads no engine, and
``GAMES[name]`` loads the one asked for.  ``examples(name)`` lists the worked examples
of a game's rule source.

>>> list(GAMES)[:3]  # the built-in games, registered first
['animals_gathering', 'shapers_of_gaia', 'gaia_project']
>>> examples("chess")
Traceback (most recent call last):
...
gaia_lab.core.registry.UnknownGameError: no game named 'chess'; known games: animals_gathering, ...
"""

from __future__ import annotations

from gaia_lab.core.registry import GAMES, examples, register_game

register_game(
    "gaia_lab.games.animals_gathering:GAME",
    name="animals_gathering",
    state="gaia_lab.games.animals_gathering.state:AGState",
    layout="gaia_lab.render.animals_gathering:scene",
    examples="gaia_lab.games.animals_gathering.examples:EXAMPLES",
)
register_game(
    "gaia_lab.games.shapers_of_gaia:GAME",
    name="shapers_of_gaia",
    state="gaia_lab.games.shapers_of_gaia.state:SGState",
    layout="gaia_lab.render.shapers_of_gaia:scene",
    examples="gaia_lab.games.shapers_of_gaia.examples:EXAMPLES",
)
register_game(
    "gaia_lab.games.gaia_project:GAME",
    name="gaia_project",
    state="gaia_lab.games.gaia_project.state:GPState",
    layout="gaia_lab.render.gaia_project:scene",
    examples="gaia_lab.games.gaia_project.examples:EXAMPLES",
)
register_game(
    "gaia_lab.games.gaia_tiki:GAME",
    name="gaia_tiki",
    state="gaia_lab.games.gaia_tiki.state:GTState",
    layout="gaia_lab.render.gaia_tiki:scene",
    examples="gaia_lab.games.gaia_tiki.examples:EXAMPLES",
)
register_game(
    "gaia_lab.games.black_rose_wars:GAME",
    name="black_rose_wars",
    state="gaia_lab.games.black_rose_wars.state:BRWState",
    layout="gaia_lab.render.black_rose_wars:scene",
    examples="gaia_lab.games.black_rose_wars.examples:EXAMPLES",
)
register_game(
    "gaia_lab.games.black_rose_wars.hunt:GAME",
    name="black_rose_wars_hunt",
    state="gaia_lab.games.black_rose_wars.hunt:HuntState",
    layout="gaia_lab.render.black_rose_wars_hunt:scene",
    examples="gaia_lab.games.black_rose_wars.examples_hunt:EXAMPLES",
)

PLANNED: dict[str, str] = {
}
"""Games of the collection whose engines are not in this release yet."""

__all__ = ["GAMES", "PLANNED", "examples"]
