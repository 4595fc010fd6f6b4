"""Shaper abilities and upgrades: the unlock mechanism and the ability effects.

Every ability is unlocked by one or two animal spaces of its Shaper board
(``Ability.unlocked_by``); its level is how many of those spaces are empty (their
animals introduced).  An instant ability resolves when one of its animals is introduced
(at its new level); a persistent ability works from then on at its current level.

>>> from gaia_lab.games.shapers_of_gaia.components import load_components
>>> from gaia_lab.games.shapers_of_gaia.state import PlayerState
>>> c = load_components()
>>> p = PlayerState("telrin_aviary", board=("S2", "S4", "H1", "H2", "H3", "H4", "P1", "P2"))
>>> level(c, p, "telrin_move"), persistent_level(c, p, "movement"), hand_size(c, p)
(1, 1, 3)
>>> [a.id for a in triggered(c, "telrin_aviary", "S1")]
['telrin_energy']

Every ability kind has its effect in :mod:`.rules`: the instant ones are resolved when
the animal is placed (gains, Purify Water, the special card, Avian Call, Rapid
Lifecycle, Swarm, Clone Experiment), the persistent ones change what is legal (hand
size, movement, Create Island, Biomolecular Synthesis, Metamorphosis, Harvester) or are
extra moves at any of the owner's steps of the turn (Redeploy, Stasis Chambers, Recycler,
Accelerated Accretion); Power Surge triggers on taking a DNA token.

>>> sorted(IMPLEMENTED) == sorted(ABILITY_KINDS)
True
"""

from __future__ import annotations

from typing import Final

from gaia_lab.games.shapers_of_gaia.components import ABILITY_KINDS, Ability, Components
from gaia_lab.games.shapers_of_gaia.state import PlayerState

__all__ = ["IMPLEMENTED", "hand_size", "level", "movement", "persistent_level", "triggered"]

IMPLEMENTED: Final = frozenset(ABILITY_KINDS)
"""The ability kinds whose effect the engine applies."""

HAND_SIZE: Final = 3
"""The standard hand size of Biome tiles."""


def level(components: Components, player: PlayerState, ability_id: str) -> int:
    """How many of the ability's unlocking spaces are empty (0 = locked)."""
    return _level(components.shaper(player.shaper).ability(ability_id), player)


def _level(ability: Ability, player: PlayerState) -> int:
    board = player.board
    return sum(1 for s in ability.unlocked_by if s not in board)


def persistent_level(components: Components, player: PlayerState, kind: str) -> int:
    """The summed level of the player's abilities of one kind."""
    return sum(_level(a, player) for a in components.shaper(player.shaper).abilities_of(kind))


def _upgrades(components: Components, player: PlayerState, kind: str) -> int:
    """The extra a player's upgrades of one kind give: ``per_level`` (1 unless the
    ability says) for each level unlocked."""
    return sum(int(a.params.get("per_level", 1)) * _level(a, player)
               for a in components.shaper(player.shaper).abilities_of(kind))


def hand_size(components: Components, player: PlayerState) -> int:
    """The player's hand size: 3 plus the Hand Size upgrades unlocked."""
    return HAND_SIZE + _upgrades(components, player, "hand_size")


def movement(components: Components, player: PlayerState) -> int:
    """How far the player's Shaper walks: 3 plus the Movement upgrades unlocked."""
    return 3 + _upgrades(components, player, "movement")


def triggered(components: Components, shaper_id: str, space: str) -> list[Ability]:
    """The instant abilities that introducing the animal of ``space`` resolves."""
    shaper = components.shaper(shaper_id)
    return [a for a in shaper.abilities if a.timing == "instant" and space in a.unlocked_by]
