"""Shapers of Gaia (2022, 2-3 players): restore biomes and introduce animals.

============  ==========================================================
players       2-3
chance        tile stacks, Species decks, Behavior-card sides, seating
rule source   the full rulebook (all six Shapers)
components    mostly reconstructed: the rulebook prints no Shaper board,
              Species card or Biome tile, only the values its examples
              fix (see ``data/`` and :mod:`.components`)
============  ==========================================================

The engine is being built: this package holds the rule registry
(:mod:`.rulebook`), the component data (:mod:`.components`) and the board
geometry (:mod:`.board`).  It is not yet registered in ``gaia_lab.GAMES``.
"""

from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE, RULES

__all__ = ["EXAMPLES_IN_SOURCE", "RULES"]
