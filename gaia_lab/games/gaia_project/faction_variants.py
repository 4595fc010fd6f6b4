"""Faction variants: the ``beta`` and ``more-balanced`` faction boards of boardgamers.space.

The public engine of boardgamers.space offers, besides the printed faction boards,
versioned variants (options ``factionVariant`` and ``factionVariantVersion``) that change
some factions' starting resources and research steps, base income, power bowls and a
building's income.  ``data/faction_variants.json`` restates them, one entry per faction
and version; a game plays, for each faction, the entry of its variant with the highest
version not above the game's (an entry for a seat count only at that count).

>>> board = faction_board("gleens", "beta/1", 4)
>>> board.start_tracks, str(board.start), board.provenance
((('navigation', 2),), '15c 4o 3k 10vp', 'published')
>>> faction_board("ambas", "beta/1", 4) == load_components().faction("ambas")
True
>>> variant_name("beta", None), variant_name("standard", 3)
('beta/2', '')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from gaia_lab.core.codec import read_json
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.games.gaia_project.components import (
    DATA_DIR,
    RESEARCH_TRACKS,
    Faction,
    Resources,
    load_components,
)

__all__ = ["VARIANTS", "FactionVariant", "faction_board", "faction_variants",
           "variant_entry", "variant_name"]

VARIANTS: Final = ("standard", "beta", "more-balanced")
"""The values of the ``factionVariant`` option."""

_FILE: Final = "faction_variants.json"
_BOWLS: Final = ("I", "II", "III", "gaia_area")
_KEYS: Final = frozenset({"variant", "version", "faction", "players", "start", "start_track",
                          "base_income", "power_bowls", "PI_income", "ac1_income",
                          "PI_placed", "source"})


@dataclass(frozen=True, slots=True)
class FactionVariant:
    """One entry of the variants file: what a variant changes for one faction."""

    variant: str
    version: int
    faction: str
    players: int | None
    start: Resources | None
    start_tracks: tuple[tuple[str, int], ...] | None
    base_income: Resources | None
    power_bowls: tuple[int, int, int, int] | None
    pi_income: Resources | None
    ac1_income: Resources | None
    pi_placed: str
    """How the setup order changes (the two-player more-balanced Ivits), or ""."""
    source: str
    provenance: str = "published"


@functools.lru_cache(maxsize=1)
def faction_variants() -> tuple[FactionVariant, ...]:
    """Every entry of ``data/faction_variants.json`` (read once, each checked; a problem
    raises InvalidStateError naming the file, the entry and the field)."""
    path = DATA_DIR / _FILE
    doc = read_json(path.read_text(encoding="utf-8"), _FILE)
    problems: list[str] = []
    out: list[FactionVariant] = []
    factions = {f.id for f in load_components().factions}
    for i, raw in enumerate(doc.get("variants", ())):
        where = f"{_FILE}: variants[{i}]"
        try:
            out.append(_entry(raw, factions))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problems.append(f"{where}: {exc}")
    if problems:
        raise InvalidStateError(problems, _FILE)
    return tuple(out)


def _entry(raw: Mapping[str, Any], factions: set[str]) -> FactionVariant:
    unknown = set(raw) - _KEYS
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)}")
    if raw["variant"] not in VARIANTS[1:]:
        raise ValueError(f"variant {raw['variant']!r} is not one of {VARIANTS[1:]}")
    if raw["faction"] not in factions:
        raise ValueError(f"no faction {raw['faction']!r}")
    start = Resources.from_dict(raw["start"]) if "start" in raw else None
    tracks = None
    if "start_track" in raw:
        bad = set(raw["start_track"]) - set(RESEARCH_TRACKS)
        if bad:
            raise ValueError(f"start_track: unknown tracks {sorted(bad)}")
        tracks = tuple((str(t), int(n)) for t, n in raw["start_track"].items())
    bowls = None
    if "power_bowls" in raw:
        base = list(load_components().faction(raw["faction"]).power_bowls)
        for bowl, n in raw["power_bowls"].items():
            base[_BOWLS.index(bowl)] = int(n)
        bowls = (base[0], base[1], base[2], base[3])
    return FactionVariant(
        str(raw["variant"]), int(raw["version"]), str(raw["faction"]),
        int(raw["players"]) if "players" in raw else None, start, tracks,
        Resources.from_dict(raw["base_income"]) if "base_income" in raw else None, bowls,
        Resources.from_dict(raw["PI_income"]) if "PI_income" in raw else None,
        Resources.from_dict(raw["ac1_income"]) if "ac1_income" in raw else None,
        str(raw.get("PI_placed", "")), str(raw["source"]))


def variant_name(variant: str | None, version: int | None) -> str:
    """The variant a game plays, written ``<variant>/<version>`` (``""`` for the printed
    boards); without a version, the latest one of the variant (as the engine takes it)."""
    if not variant or variant == "standard":
        return ""
    if variant not in VARIANTS:
        raise ValueError(f"factionVariant {variant!r} is not one of {', '.join(VARIANTS)}")
    if version is None:
        version = max((v.version for v in faction_variants() if v.variant == variant),
                      default=0)
    return f"{variant}/{int(version)}"


def variant_entry(faction: str, name: str, players: int) -> FactionVariant | None:
    """The entry a faction plays under the variant ``name`` (``beta/1``) at this seat
    count: one for that seat count first, else the highest version not above the game's."""
    if not name:
        return None
    variant, _, version = name.partition("/")
    fits = [v for v in faction_variants() if v.faction == faction and v.variant == variant
            and v.version <= int(version or 0)]
    for group in ([v for v in fits if v.players == players],
                  [v for v in fits if v.players is None]):
        if group:
            return max(group, key=lambda v: v.version)
    return None


def faction_board(faction: str, name: str, players: int) -> Faction:
    """The faction's board under the variant ``name`` (``""``: the printed board)."""
    base = load_components().faction(faction)
    entry = variant_entry(faction, name, players)
    if entry is None:
        return base
    return replace(
        base,
        start=base.start if entry.start is None else replace(entry.start, vp=base.start.vp),
        start_tracks=base.start_tracks if entry.start_tracks is None else entry.start_tracks,
        base_income=base.base_income if entry.base_income is None else entry.base_income,
        power_bowls=base.power_bowls if entry.power_bowls is None else entry.power_bowls,
        source=entry.source)
