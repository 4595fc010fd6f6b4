"""Black Rose Wars: Rebirth - Gaea Reborn: the expansion's rules on a modelled Lodge.

Players are the Mages; Gaea (the Avatar), her Servant Filius and the Black Rose act by
themselves as ``rules`` steps, and every choice they make comes with its decision trace
(:meth:`BlackRoseWars.explain_choice`).  The core game's rules the expansion needs are
modelled and marked reconstructed (ids ``brw.core.``).
"""

from gaia_lab.games.black_rose_wars.game import META, BlackRoseWars

GAME = BlackRoseWars()
"""The engine with the packaged components."""

__all__ = ["GAME", "META", "BlackRoseWars"]
