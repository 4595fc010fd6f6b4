"""GAIA (Tiki Editions, 2014, 2-5 players): lay the world's tiles and raise Cities.

============  ==========================================================
players       2-5
chance        the decks' shuffles, the thief Power's random card
rule source   an Italian rules summary (base game, advanced rules with
              disasters, Powers)
components    counts from public facts; every card list reconstructed
              (see ``data/`` and :mod:`.components`)
============  ==========================================================

Setup, the turn (feeding, two actions, the hand limits), Nature tiles and their chips,
Cities and their four needs, Animals, the satisfaction of every City recomputed after
every change, Objectives, both ends with the tie-break, and the advanced rules (stealing
a City, fully satisfied Cities, the Powers with their disasters) are all steps of
:data:`GAME`; the worked examples are in :mod:`.examples`.

>>> GAME.meta.name, GAME.meta.max_players
('gaia_tiki', 5)
"""

from gaia_lab.games.gaia_tiki.actions import Action
from gaia_lab.games.gaia_tiki.game import GaiaTiki
from gaia_lab.games.gaia_tiki.rulebook import RULES
from gaia_lab.games.gaia_tiki.state import GTState

GAME = GaiaTiki()
"""The engine with the packaged (reconstructed) components."""

__all__ = ["GAME", "RULES", "Action", "GTState", "GaiaTiki"]
