"""Testing tools for engines: the conformance harness and seeded random play.

>>> from gaia_lab.testing import check_game, random_playout
>>> import gaia_lab
>>> check_game(gaia_lab.GAMES["animals_gathering"], seeds=[1], players=[3]).games
1
"""

from __future__ import annotations

from gaia_lab.testing.harness import CheckReport, check_game
from gaia_lab.testing.random_play import choose, play_random, random_playout, random_states

__all__ = ["CheckReport", "check_game", "choose", "play_random", "random_playout",
           "random_states"]
