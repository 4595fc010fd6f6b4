"""GAIA (Tiki Editions, 2014, 2-5 players): lay the world's tiles and raise Cities.

============  ==========================================================
players       2-5
chance        the decks' shuffles, the thief Power's random card
rule source   an Italian rules summary (base game, advanced rules with
              disasters, Powers)
components    counts from public facts; every card list reconstructed
              (see ``data/`` and :mod:`.components`)
============  ==========================================================
"""
