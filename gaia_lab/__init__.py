"""gaia_lab: learn board-game rules in Jupyter, over exact and explainable rule engines.

>>> import gaia_lab
>>> sorted(gaia_lab.GAMES)
['animals_gathering', 'gaia_project', 'shapers_of_gaia']
>>> s = gaia_lab.Session("animals_gathering", players=4, seed=7)
>>> s.players
4
"""

__version__ = "0.1.0"

from gaia_lab.core import (  # noqa: E402
    CHANCE,
    RULES,
    Event,
    ExampleError,
    GaiaLabError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    Record,
    RuleRef,
    ScoreBreakdown,
    Session,
    Verdict,
)
from gaia_lab.games import GAMES, examples  # noqa: E402

__all__ = [
    "CHANCE", "GAMES", "RULES", "Event", "ExampleError", "GaiaLabError",
    "IllegalActionError", "InvalidStateError", "NotationError", "Record", "RuleRef",
    "ScoreBreakdown", "Session", "Verdict", "__version__", "examples",
]
