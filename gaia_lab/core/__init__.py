"""The rule-engine protocol shared by every game, and the registry of games.

Nothing in :mod:`gaia_lab.core` imports a game: the games register themselves
(:mod:`gaia_lab.core.registry`).
"""

from gaia_lab.core.errors import (
    ExampleError,
    GaiaLabError,
    GameDefinitionError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
)
from gaia_lab.core.events import Event
from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.game import CHANCE, RULES, Actor, Game, GameMeta, Step
from gaia_lab.core.record import Record, RecordStep
from gaia_lab.core.registry import (
    NoLayoutError,
    Registration,
    RegistryError,
    UnknownGameError,
    register_game,
    unregister_game,
)
from gaia_lab.core.rng import Rng
from gaia_lab.core.rulebook import Rulebook, RuleRef
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.session import Ply, Session
from gaia_lab.core.verdict import Verdict

__all__ = [
    "CHANCE", "RULES", "Actor", "Checkpoint", "Event", "Example", "ExampleError",
    "ExampleStep", "GaiaLabError", "Game", "GameMeta", "IllegalActionError",
    "GameDefinitionError", "InvalidStateError", "NoLayoutError", "NotationError", "Ply",
    "Record", "RecordStep",
    "Registration", "RegistryError", "Rng", "RuleRef", "Rulebook", "ScoreBreakdown",
    "ScoreLine", "Session", "Step", "UnknownGameError", "Verdict", "register_game",
    "unregister_game",
]
