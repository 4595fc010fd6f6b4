"""The setup a boardgamers.space log's seed draws: map, tiles, boosters, random factions.

A log recorded on boardgamers.space names only a seed (``init 4 deep-mind-2``); that
site's public engine draws everything else from it with one
:class:`~.seeded_random.ArcFourRandom` stream, in this order:

1. the map: the layout's sectors shuffled into its centre slots, then a turn of 0 to 5
   for each slot; drawn again while the map breaks the adjacency rule (no two planets of
   one home type side by side; seven old seeds keep the older rule: no two equal planets
   of any kind side by side across a sector border);
2. one shuffle each, seeded by the next number of the stream, for the boosters (players
   + 3 taken), the nine standard tech tiles (in tech-space order), six of the fifteen
   advanced tiles, the federation token on Terraforming 5, six round scoring tiles and
   two final scoring tiles;
3. with ``randomFactions``, one faction for each seat in turn among those whose home
   type is still free.

A map given in the options replaces the drawn one (the stream has drawn it all the
same), and a list of legacy seeds builds the mirrored sector sides.

>>> s = derive_setup(4, "deep-mind-2")
>>> s["sectors"][0], s["boosters"][:3], s["terraformingFederation"]
({'sector': '5A', 'rotation': 2, 'center': [0, 0]}, ['booster6', 'booster5', 'booster8'], 'fed6')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from gaia_lab.core.hexgrid import DIRECTIONS, Hex
from gaia_lab.games.gaia_project.components import (
    ADVANCED_POSITIONS,
    HOME_TYPES,
    TECH_POSITIONS,
    load_components,
)
from gaia_lab.games.gaia_project.map import SectorPlacement, mirror_offset, rotate
from gaia_lab.games.gaia_project.seeded_random import ArcFourRandom, shuffle_seed

__all__ = [
    "ENGLISH_RULE_SEEDS",
    "FACTION_ORDER",
    "MIRRORED_SEEDS",
    "SeededDraw",
    "derive_setup",
    "draw",
    "map_configuration",
]

ENGLISH_RULE_SEEDS: Final = frozenset({
    "Gianluigi-Buffon", "randomSeed", "12", "9876", "yellow-paint-8951",
    "green-jeans-8458", "Fastgame01"})
"""Seeds whose map is redrawn under the older adjacency rule (engine/src/map.ts)."""

MIRRORED_SEEDS: Final = frozenset({
    "Gianluigi-Buffon", "randomSeed", "12", "9876", "yellow-paint-8951",
    "green-jeans-8458", "Fastgame01", "zadbd", "bosco-marcuzzo3", "Alex-Del-Pieroooooo",
    "SGAMBATA", "djfjjv4k", "randomSeed2", "randomseed", "polite-food-8474",
    "waiting-fabs-1", "curious-stay-2150", "Three", "GaiaRocks", "SalmurOnTheBoard"})
"""Legacy seeds whose sectors the engine builds from the mirrored sides whatever the
``mirror`` option says (engine/src/map.ts); their logs name hexes ``QxR``."""

FACTION_ORDER: Final = (
    "terrans", "lantids", "hadsch-hallas", "ivits", "geodens", "baltaks", "xenos",
    "gleens", "taklons", "ambas", "firaks", "bescods", "nevlas", "itars")
"""The engine's faction list, the order ``randomFactions`` draws from."""

_BOOSTERS: Final = tuple(f"booster{i}" for i in range(1, 11))
_TECHS: Final = tuple(f"tech{i}" for i in range(1, 10))
_ADVANCED: Final = tuple(f"advtech{i}" for i in range(1, 16))
_FEDERATIONS: Final = tuple(f"fed{i}" for i in range(1, 7))
_ROUND: Final = tuple(f"score{i}" for i in range(1, 11))
_STEPS: Final = tuple((d.q, d.r) for d in DIRECTIONS)
_FINAL: Final = ("structure", "structureFed", "planetType", "gaia", "sector", "satellite")


@dataclass(frozen=True, slots=True)
class SeededDraw:
    """What a seed draws: the ``seeded_setup`` document (the conformance files' form)
    and, with ``randomFactions``, the faction of each seat."""

    setup: Mapping[str, Any]
    random_factions: tuple[str, ...] = ()


def map_configuration(players: int, layout: str = "standard") -> str:
    """The name of the sector set and slots in ``sectors.json`` a game uses.

    >>> map_configuration(2), map_configuration(4), map_configuration(3, "xshape")
    ('two_players', 'three_or_four_players', 'xshape_variant')
    """
    if layout == "xshape":
        return "xshape_variant"
    return "two_players" if players <= 2 else "three_or_four_players"


def _breaks_adjacency(layout: Sequence[tuple[str, int, Hex]], mirror: bool,
                      older_rule: bool) -> bool:
    """Whether two neighbouring planets of a layout break the map rule the seed is drawn
    under (only the planets are placed: empty space never breaks it)."""
    c = load_components()
    planets: dict[tuple[int, int], tuple[str, str]] = {}
    for sector_id, k, centre in layout:
        sector = c.sector(sector_id)
        for planet in sector.planets:
            h = rotate(mirror_offset(planet.offset) if mirror else planet.offset, k)
            planets[(centre.q + h.q, centre.r + h.r)] = (planet.type, sector.tile)
    for (q, r), (kind, tile) in planets.items():
        for dq, dr in _STEPS:
            other = planets.get((q + dq, r + dr))
            if other is None or other[0] != kind:
                continue
            if older_rule:
                if other[1] != tile:
                    return True
            elif kind in HOME_TYPES:
                return True
    return False


def draw(players: int, seed: str, options: Mapping[str, Any] | None = None) -> SeededDraw:
    """Everything ``seed`` draws for ``players`` under the engine ``options``
    (``layout``, ``map`` with ``sectors`` and ``mirror``, ``randomFactions``).

    >>> d = draw(3, "TNG-6", {"randomFactions": True})
    >>> len(d.random_factions), len(d.setup["boosters"])
    (3, 6)
    """
    options = options or {}
    raw_map = options.get("map") or {}
    mirror = bool(raw_map.get("mirror")) or seed in MIRRORED_SEEDS
    config = load_components().map_configuration(
        map_configuration(players, str(options.get("layout") or "standard")))
    rng = ArcFourRandom(seed)
    older_rule = seed in ENGLISH_RULE_SEEDS
    while True:
        order = shuffle_seed(config.sectors, rng.random())
        layout = [(s, int(rng.random() * 6), c)
                  for s, c in zip(order, config.centres, strict=True)]
        if not _breaks_adjacency(layout, mirror, older_rule):
            break
    given = raw_map.get("sectors")
    if given:
        layout = [(p.sector, p.rotation, p.centre) for p in
                  (SectorPlacement.from_dict(s) for s in given)]

    def taken(pool: tuple[str, ...], count: int) -> list[str]:
        return shuffle_seed(pool, rng.random())[:count]

    boosters = taken(_BOOSTERS, players + 3)
    techs = taken(_TECHS, len(TECH_POSITIONS))
    advanced = taken(_ADVANCED, len(ADVANCED_POSITIONS))
    federation = taken(_FEDERATIONS, 1)[0]
    round_scoring = taken(_ROUND, 6)
    final_scoring = taken(_FINAL, 2)
    factions: list[str] = []
    if options.get("randomFactions"):
        c = load_components()
        home = {f: c.faction(f).home_planet for f in FACTION_ORDER}
        for _ in range(players):
            used = {home[f] for f in factions}
            free = [f for f in FACTION_ORDER if home[f] not in used]
            factions.append(free[int(len(free) * rng.random())])
    setup = {
        "sectors": [{"sector": s, "rotation": k, "center": [c.q, c.r]} for s, k, c in layout],
        "mirror": mirror,
        "boosters": boosters,
        "techTiles": dict(zip(TECH_POSITIONS + ADVANCED_POSITIONS, techs + advanced,
                              strict=True)),
        "roundScoring": round_scoring,
        "finalScoring": final_scoring,
        "terraformingFederation": federation,
    }
    return SeededDraw(setup, tuple(factions))


def derive_setup(players: int, seed: str,
                 options: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """The ``seeded_setup`` document ``seed`` draws (see :func:`draw`)."""
    return draw(players, seed, options).setup
