"""Animals Gathering (2023, 2-5 players): revive extinct animals with magic dice.

============  ==========================================================
players       2-5
chance        dice (three colours) and card shuffles
rule source   the full rulebook, with the Spell Card variant and the FAQ
components    reconstructed: the 35 animal cards, die faces and stone
              outlines are not printed in the rulebook (see ``data/``)
============  ==========================================================

Setup, the two actions (select a card, roll the dice), placing stones, reviving,
the five mages, every animal power, the end of the game and scoring with
tie-breakers are all rules steps of :data:`GAME`.

:mod:`gaia_lab.games` registers the game as ``"animals_gathering"`` by reference (the
engine, the board layout :mod:`gaia_lab.render.animals_gathering`, the worked examples):
this package is imported on first use, by ``GAMES["animals_gathering"]``, a Session of the
game or its examples.
"""

from gaia_lab.games.animals_gathering.actions import Action
from gaia_lab.games.animals_gathering.game import AnimalsGathering
from gaia_lab.games.animals_gathering.rulebook import RULES
from gaia_lab.games.animals_gathering.state import AGState

GAME = AnimalsGathering()
"""The engine with the packaged (reconstructed) components."""

__all__ = ["GAME", "RULES", "Action", "AGState", "AnimalsGathering"]
