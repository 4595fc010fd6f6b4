"""Final scoring tiles: what each tile counts, the ranking, and the points with an explanation.

Two of the six final scoring tiles are in play.  For each, the players are ranked by the
count the tile names; first place gains 18 VP, second 12, third 6, fourth nothing
(``gp.score.final_tiles``).  Tied players add the points of the places they take together
and share them evenly, rounded down (``gp.score.final_ties``).  A player whose count is 0
gains nothing.  With two players a neutral player with a fixed count per tile takes part
in the ranking and can take places, but gains nothing itself (``gp.score.neutral``).

>>> result = score_final_tile("satellite", {"terrans": 12, "nevlas": 6, "xenos": 13,
...                                         "hadsch-hallas": 10})
>>> dict(result.points)
{'terrans': 12, 'nevlas': 0, 'xenos': 18, 'hadsch-hallas': 6}
>>> print(result)
satellite: xenos 13 -> 1st, 18 VP; terrans 12 -> 2nd, 12 VP; hadsch-hallas 10 -> 3rd, 6 VP;
nevlas 6 -> 4th, 0 VP

Ties share the summed points of the places they span:

>>> print(score_final_tile("gaia", {"a": 3, "b": 3, "c": 3, "d": 1}))
gaia: a 3, b 3, c 3 -> tied 1st-3rd, (18 + 12 + 6) / 3 = 12 VP each; d 1 -> 4th, 0 VP

The counts come from plain values (:func:`counts_from_board`), so the rules can compute
them from any state.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, TypeVar

from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.games.gaia_project.components import load_components
from gaia_lab.games.gaia_project.map import SpaceMap
from gaia_lab.games.gaia_project.rulebook import RULES

__all__ = [
    "AWARDS",
    "FINAL_TILES",
    "NEUTRAL",
    "FinalCounts",
    "FinalScoring",
    "FinalTileScore",
    "counts_from_board",
    "neutral_count",
    "rank_points",
    "score_final",
    "score_final_tile",
]

K = TypeVar("K", bound=Hashable)

AWARDS: Final = (18, 12, 6)
"""The points of the first, second and third places; later places gain nothing."""

FINAL_TILES: Final = ("structure", "structureFed", "planetType", "gaia", "sector", "satellite")
"""The six final scoring tiles, by the ids the data and the recorded games use."""

NEUTRAL: Final = "neutral"
"""The name the explanations give the neutral player of a two-player game."""

_ORDINALS: Final = ("1st", "2nd", "3rd")


def _ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if n <= 3 else f"{n}th"


def neutral_count(tile: str) -> int:
    """The neutral player's count on a tile in a two-player game.

    >>> [neutral_count(t) for t in FINAL_TILES]
    [11, 10, 5, 4, 6, 8]
    """
    return load_components().final_tile(tile).neutral_count


@dataclass(frozen=True, slots=True)
class FinalCounts:
    """What the six final scoring tiles count for one player.

    >>> FinalCounts(structure=14, satellite=12).count("satellite")
    12
    """

    structure: int = 0
    """Structures on planets: mines, trading stations, labs, institute, academies."""
    structureFed: int = 0
    """Those of the structures that belong to one of the player's federations."""
    planetType: int = 0
    """Different planet types the player has a structure on."""
    gaia: int = 0
    """Gaia planets the player has a structure on."""
    sector: int = 0
    """Sectors in which the player has at least one structure."""
    satellite: int = 0
    """Satellites placed, plus space stations."""

    def count(self, tile: str) -> int:
        """The count for the tile ``tile`` (one of :data:`FINAL_TILES`)."""
        if tile not in FINAL_TILES:
            raise KeyError(f"unknown final scoring tile {tile!r} (known: "
                           f"{', '.join(FINAL_TILES)})")
        value: int = getattr(self, tile)
        return value


def counts_from_board(space_map: SpaceMap, structures: Mapping[Hex, str],
                      federations: Iterable[frozenset[Hex]] = (), satellites: int = 0, *,
                      planets: Mapping[Hex, str] | None = None,
                      shared_mines: frozenset[Hex] = frozenset()) -> FinalCounts:
    """The six counts of one player from plain values.

    ``structures`` maps the player's hexes to the structure kind (``m ts lab PI ac1 ac2``;
    Gaiaformers ``gf`` and space stations ``sp`` are not structures on planets);
    ``federations`` are the hex sets of the player's federations; ``satellites`` the
    number of satellites placed (space stations are added to it).  ``planets`` overrides
    the planet type of a hex (a Transdim planet turned Gaia, the Lost Planet); without
    it a structure on a Transdim planet counts as on a Gaia planet and one on empty space
    as on the Lost Planet (type ``"lost"``).  ``shared_mines`` (Lantids' mines on planets
    of other players) count as structures but not for planet types nor Gaia planets.

    >>> from gaia_lab.games.gaia_project.map import DEEP_MIND_2_OPTIONS, SpaceMap
    >>> m = SpaceMap.from_options(DEEP_MIND_2_OPTIONS)
    >>> own = {m.hex("5A7"): "PI", m.hex("5A11"): "ac1", m.hex("5A10"): "m",
    ...        m.hex("5B1"): "m", m.hex("6A9"): "gf"}
    >>> fed = frozenset(m.hex(n) for n in ("5A7", "5A8", "5A9", "5A10", "5A11"))
    >>> counts_from_board(m, own, [fed], satellites=2)
    FinalCounts(structure=4, structureFed=3, planetType=4, gaia=1, sector=1, satellite=2)
    """
    overlay = planets or {}
    in_feds: set[Hex] = set()
    for fed in federations:
        in_feds |= fed
    built = [h for h, kind in structures.items() if kind not in ("gf", "sp")]
    types: set[str] = set()
    gaia = 0
    for h in built:
        if h in shared_mines:
            continue
        kind = overlay.get(h) or space_map.planet(h)
        if kind is None:
            kind = "lost"
        elif kind == "transdim":
            kind = "gaia"
        types.add(kind)
        gaia += kind == "gaia"
    stations = sum(1 for kind in structures.values() if kind == "sp")
    return FinalCounts(
        structure=len(built),
        structureFed=sum(1 for h in built if h in in_feds),
        planetType=len(types),
        gaia=gaia,
        sector=len({space_map.sector_of(h) for h in built}),
        satellite=satellites + stations,
    )


def rank_points(counts: Mapping[K, int], neutral: int | None = None,
                awards: Sequence[int] = AWARDS) -> dict[K, int]:
    """The points of each player on one tile: places by count, ties sharing the summed
    points of their places (rounded down), nothing for a count of 0; ``neutral`` is the
    count of a neutral competitor that takes a place but gains nothing.

    >>> rank_points({"a": 5, "b": 5, "c": 2})
    {'a': 15, 'b': 15, 'c': 6}
    >>> rank_points({1: 4, 2: 9}, neutral=8)
    {1: 6, 2: 18}
    >>> rank_points({1: 8, 2: 3}, neutral=8)
    {1: 15, 2: 6}
    >>> rank_points({"a": 0, "b": 0})
    {'a': 0, 'b': 0}
    """
    return _ranking(counts, neutral, awards)[1]


def _ranking(counts: Mapping[K, int], neutral: int | None, awards: Sequence[int]
             ) -> tuple[list[tuple[int, int, list[K | None]]], dict[K, int]]:
    """Tie groups (first place, count, members; None is the neutral player) and points."""
    entries: list[tuple[K | None, int]] = [(p, c) for p, c in counts.items()]
    if neutral is not None:
        entries.append((None, neutral))
    values = sorted({c for _, c in entries}, reverse=True)
    groups: list[tuple[int, int, list[K | None]]] = []
    points: dict[K, int] = {p: 0 for p in counts}
    place = 1
    for value in values:
        members = [p for p, c in entries if c == value]
        groups.append((place, value, members))
        pool = sum(awards[place - 1 + i] for i in range(len(members))
                   if place - 1 + i < len(awards))
        share = pool // len(members)
        if value > 0:
            for p in members:
                if p is not None:
                    points[p] = share
        place += len(members)
    return groups, points


@dataclass(frozen=True, slots=True)
class FinalTileScore:
    """One final scoring tile: the counts, the places and the points, explained."""

    tile: str
    counts: Mapping[str, int]
    points: Mapping[str, int]
    neutral: int | None
    explanation: str
    rule: RuleRef

    def __str__(self) -> str:
        return self.explanation


def score_final_tile(tile: str, counts: Mapping[str, int], *, neutral: int | None = None,
                     two_players: bool | None = None) -> FinalTileScore:
    """Score one final tile for the players' ``counts``.

    With two players (``two_players``, by default when ``counts`` has two entries) the
    neutral player's count for the tile joins the ranking unless ``neutral`` gives one.

    >>> print(score_final_tile("structure", {"geodens": 11, "itars": 9}))
    structure: geodens 11, neutral 11 -> tied 1st-2nd, (18 + 12) / 2 = 15 VP each;
    itars 9 -> 3rd, 6 VP
    >>> print(score_final_tile("sector", {"a": 4, "b": 0, "c": 4}))
    sector: a 4, c 4 -> tied 1st-2nd, (18 + 12) / 2 = 15 VP each; b 0 -> 3rd, 0 VP (count 0)
    """
    if tile not in FINAL_TILES:
        raise KeyError(f"unknown final scoring tile {tile!r} (known: {', '.join(FINAL_TILES)})")
    if two_players is None:
        two_players = len(counts) == 2
    if neutral is None and two_players:
        neutral = neutral_count(tile)
    groups, points = _ranking(counts, neutral, AWARDS)
    parts = []
    for place, value, members in groups:
        who = ", ".join(f"{NEUTRAL if p is None else p} {value}" for p in members)
        last = place + len(members) - 1
        spanned = [AWARDS[i - 1] if i <= len(AWARDS) else 0 for i in range(place, last + 1)]
        if len(members) == 1:
            gain = 0 if value == 0 else spanned[0]
            text = f"{who} -> {_ordinal(place)}, {gain} VP"
        else:
            share = sum(spanned) // len(members) if value > 0 else 0
            text = (f"{who} -> tied {_ordinal(place)}-{_ordinal(last)}, "
                    f"({' + '.join(map(str, spanned))}) / {len(members)} = {share} VP each")
        if members == [None]:
            text = f"{who} -> {_ordinal(place)}, no VP (neutral)"
        if value == 0:
            text += " (count 0)"
        parts.append(text)
    if neutral is not None:
        rule = RULES["gp.score.neutral"]
    elif any(len(m) > 1 for _, _, m in groups):
        rule = RULES["gp.score.final_ties"]
    else:
        rule = RULES["gp.score.final_tiles"]
    return FinalTileScore(tile, MappingProxyType(dict(counts)), MappingProxyType(dict(points)),
                          neutral, f"{tile}: " + "; ".join(parts), rule)


@dataclass(frozen=True, slots=True)
class FinalScoring:
    """Both final tiles: each tile's result (``final1``, ``final2``) and each player's total."""

    tiles: tuple[FinalTileScore, ...]
    totals: Mapping[str, int]

    def by_source(self, player: str) -> dict[str, int]:
        """The player's points by source, keyed as the recorded games do (``final1``...)."""
        return {f"final{i + 1}": t.points[player] for i, t in enumerate(self.tiles)}

    def __str__(self) -> str:
        return "\n".join(f"final{i + 1} {t}" for i, t in enumerate(self.tiles))


def score_final(tiles: Sequence[str], counts: Mapping[str, FinalCounts]) -> FinalScoring:
    """Score the final tiles in play for every player.

    >>> counts = {"terrans": FinalCounts(structure=19, satellite=12),
    ...           "xenos": FinalCounts(structure=9, satellite=13)}
    >>> result = score_final(["satellite", "structure"], counts)
    >>> dict(result.totals), result.by_source("xenos")
    ({'terrans': 30, 'xenos': 24}, {'final1': 18, 'final2': 6})
    >>> print(result)
    final1 satellite: xenos 13 -> 1st, 18 VP; terrans 12 -> 2nd, 12 VP; neutral 8 -> 3rd,
    no VP (neutral)
    final2 structure: terrans 19 -> 1st, 18 VP; neutral 11 -> 2nd, no VP (neutral); xenos 9 ->
    3rd, 6 VP
    """
    results = tuple(score_final_tile(t, {p: c.count(t) for p, c in counts.items()})
                    for t in tiles)
    totals = {p: sum(r.points[p] for r in results) for p in counts}
    return FinalScoring(results, MappingProxyType(totals))
