"""Gaia Project (Feuerland / Z-Man, 2017; 1-4 players): the foundation of its engine.

============  ==========================================================
players       2-4 (the solo Automa is not covered)
rule source   the rules refresher and "A turn, played out"
components    published: the tiles, sectors, boards and factions of an
              open-source implementation (see ``data/``)
============  ==========================================================

This package holds the rule registry (:mod:`.rulebook`), the validated component
data (:mod:`.components`), the space map (:mod:`.map`) and the move-log notation
(:mod:`.notation`).  The playable engine is not part of this release yet.
"""
