"""gaia_lab: learn board-game rules in Jupyter, over exact and explainable rule engines.

>>> import gaia_lab
>>> list(gaia_lab.GAMES)[:3]
['animals_gathering', 'shapers_of_gaia', 'gaia_project']
>>> s = gaia_lab.Session("animals_gathering", players=4, seed=7)
>>> s.players
4

``GAMES`` lists the registered games without loading their engines; ``GAMES[name]``,
a :class:`Session` of that name or ``examples(name)`` loads one.  A game defined
elsewhere joins with :func:`register_game` (:mod:`gaia_lab.core.registry`).
"""

__version__ = "0.1.0"

from gaia_lab.core import (  # noqa: E402
    CHANCE,
    RULES,
    Event,
    ExampleError,
    GaiaLabError,
    GameDefinitionError,
    IllegalActionError,
    InvalidStateError,
    NoLayoutError,
    NotationError,
    Record,
    RegistryError,
    RuleRef,
    ScoreBreakdown,
    Session,
    UnknownGameError,
    Verdict,
    register_game,
)
from gaia_lab.games import GAMES, examples  # noqa: E402  (registers the built-in games)
from gaia_lab.simulation import simulate  # noqa: E402  (executors load on first use)

__all__ = [
    "CHANCE", "GAMES", "RULES", "Event", "ExampleError", "GaiaLabError",
    "GameDefinitionError", "IllegalActionError", "InvalidStateError", "NoLayoutError",
    "NotationError", "Record",
    "RegistryError", "RuleRef", "ScoreBreakdown", "Session", "UnknownGameError", "Verdict",
    "__version__", "examples", "register_game", "simulate",
]
