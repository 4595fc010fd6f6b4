"""Gaia Project (Feuerland / Z-Man, 2017; 1-4 players): an exact engine over its log notation.

============  ==========================================================
players       2-4 (the solo Automa is not covered)
rule source   the rules refresher and "A turn, played out"
components    published: the tiles, sectors, boards and factions of an
              open-source implementation (see ``data/``)
============  ==========================================================

The engine (:data:`GAME`) plays the recorded-log notation: one action is one log line
(``terrans build m 10A1``), so a line copied from a recorded game can be explained or
played as it is.  :func:`from_bgs` replays a recorded game, checking every line;
``GAME.scenario(spec)`` builds a position from a description (:mod:`.scenario`); a new
game without a fixed setup draws one from its seed in chance steps (:mod:`.setup_draw`);
:mod:`.examples` holds the refresher's worked examples.

:mod:`gaia_lab.games` registers the game as ``"gaia_project"`` by reference (the
engine, the board layout :mod:`gaia_lab.render.gaia_project`, the worked examples):
this package is imported on first use, by ``GAMES["gaia_project"]``, a Session of the
game or its examples.
"""

from gaia_lab.games.gaia_project.game import GaiaProject, from_bgs
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.state import GPState

GAME = GaiaProject()
"""The engine (without ``options["setup"]`` a game first draws its setup from the seed)."""

__all__ = ["GAME", "RULES", "GPState", "GaiaProject", "from_bgs"]
