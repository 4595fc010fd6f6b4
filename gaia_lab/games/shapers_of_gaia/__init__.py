"""Shapers of Gaia (2022, 2-3 players): restore biomes and introduce animals.

============  ==========================================================
players       2-3
chance        tile stacks, Species decks, Behavior-card sides, seating
rule source   the full rulebook (all six Shapers)
components    mostly reconstructed: the rulebook prints no Shaper board,
              Species card or Biome tile, only the values its examples
              fix (see ``data/`` and :mod:`.components`)
============  ==========================================================

Setup, the two actions (Introduce an Animal, Restore Biomes), paying with Toxicity,
Ecosystem rows and their activation, the Vault, every Shaper ability, the two end
triggers and scoring with tie-breakers are all steps of :data:`GAME`; the rulebook's
worked examples are in :mod:`.examples`.

:mod:`gaia_lab.games` registers the game as ``"shapers_of_gaia"`` by reference (the
engine, the board layout :mod:`gaia_lab.render.shapers_of_gaia`, the worked examples):
this package is imported on first use, by ``GAMES["shapers_of_gaia"]``, a Session of the
game or its examples.

>>> GAME.meta.name, GAME.meta.max_players
('shapers_of_gaia', 3)
"""

from gaia_lab.games.shapers_of_gaia.actions import Action
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE, RULES
from gaia_lab.games.shapers_of_gaia.state import SGState

GAME = ShapersOfGaia()
"""The engine with the packaged (reconstructed) components."""

__all__ = ["EXAMPLES_IN_SOURCE", "GAME", "RULES", "Action", "SGState", "ShapersOfGaia"]
