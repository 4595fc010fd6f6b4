"""The components of Gaia Project: sectors, tiles, boards, research tracks and factions.

The refresher states the rules but not the printed values of the tiles and boards, so
the packaged data files in ``data/`` restate the public facts of an open-source
implementation (each file names its ``source_paths``; every entry is marked
``"provenance": "published"``).  :func:`load_components` reads and validates them all.

>>> c = load_components()
>>> c
<Components: 13 sector sides, 9+15 tech tiles, 10 boosters, 10+6 scoring tiles, 14 factions>
>>> c.sector("5A").planet_at(Hex(2, 0)).type
'ice'
>>> c.tech("tech9").action
Resources(charge_power=4)
>>> str(c.booster("booster3").income)
'2c 1q'
>>> c.faction("terrans").power_bowls, c.faction("terrans").start_tracks
((4, 4, 0, 0), (('gaia_project', 1),))
>>> c.faction("hadsch-hallas").base_income
Resources(credits=3, ore=1, knowledge=1)
>>> c.research("navigation").levels[5].once_text[:21]
'place the Lost Planet'

Every problem of a bad file is reported at once, each naming the file and the entry:

>>> import json
>>> doc = json.loads((DATA_DIR / "round_boosters.json").read_text())
>>> doc["boosters"][2]["income"] = {"income": {"gold": 1}}
>>> del doc["boosters"][4]["provenance"]
>>> Components.from_documents({"round_boosters.json": doc})
... # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: Components.from_documents: 2 problems:
  - round_boosters.json: boosters entry 3 ('booster3'): field 'income.income':
    unknown resource 'gold' (known: credits, ore, knowledge, qic, vp, power_tokens, charge_power)
  - round_boosters.json: boosters entry 5 ('booster5'): field 'provenance': missing
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from gaia_lab.core.datafiles import (
    DataDocument,
    DataEntry,
    lookup,
    read_document,
    read_documents,
)
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.hexgrid import Hex

__all__ = [
    "ADVANCED_POSITIONS",
    "COMPONENT_FILES",
    "DATA_DIR",
    "FACTION_IDS",
    "HOME_TYPES",
    "PLANET_TYPES",
    "POSITION_NAMES",
    "PROVENANCES",
    "RESEARCH_TRACKS",
    "RESOURCES",
    "TECH_POSITIONS",
    "TRACK_CODES",
    "BoardAction",
    "Booster",
    "Components",
    "Conversion",
    "Faction",
    "FederationToken",
    "FinalScoringTile",
    "MapConfiguration",
    "PlayerBoard",
    "ResearchLevel",
    "ResearchTrack",
    "Resources",
    "RoundScoringTile",
    "Sector",
    "SectorPlanet",
    "Structure",
    "TechTile",
    "load_components",
    "terraforming_steps",
]

# ---------------------------------------------------------------------------
# Fixed vocabulary

DATA_DIR: Final = Path(__file__).resolve().with_name("data")
"""The folder of the packaged data files."""

COMPONENT_FILES: Final = (
    "sectors.json",
    "tech_tiles.json",
    "round_boosters.json",
    "round_scoring.json",
    "final_scoring.json",
    "federation_tokens.json",
    "board_and_free_actions.json",
    "research_tracks.json",
    "player_board_generic.json",
    "factions.json",
)
"""The data files, in the order they are read."""

PROVENANCES: Final = ("rulebook", "published", "reconstructed")
"""Where a value comes from: the rule source, a public source, or authored."""

PLANET_TYPES: Final = (
    "terra", "desert", "swamp", "oxide", "volcanic", "titanium", "ice", "gaia", "transdim",
)
"""The nine planet types: seven home types, Gaia planets and Transdim planets."""

HOME_TYPES: Final = ("terra", "oxide", "volcanic", "desert", "swamp", "titanium", "ice")
"""The seven home planet types in terraforming-wheel order."""

RESEARCH_TRACKS: Final = (
    "terraforming", "navigation", "intelligence", "gaia_project", "economy", "science",
)
"""The six research areas, left to right on the research board."""

TRACK_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "terraforming": "terra",
        "navigation": "nav",
        "intelligence": "int",
        "gaia_project": "gaia",
        "economy": "eco",
        "science": "sci",
    }
)
"""The short name of each research area, as move logs write it."""

TECH_POSITIONS: Final = (
    "terra", "nav", "int", "gaia", "eco", "sci", "free1", "free2", "free3",
)
"""The nine standard tech tile spaces: one under each area, then three free spaces."""

ADVANCED_POSITIONS: Final = ("adv-terra", "adv-nav", "adv-int", "adv-gaia", "adv-eco", "adv-sci")
"""The six advanced tech tile spaces, between level 4 and level 5 of each area."""

RESOURCES: Final = (
    "credits", "ore", "knowledge", "qic", "vp", "power_tokens", "charge_power",
)
"""Resource names of the data files (``power_tokens`` are new tokens for bowl I)."""

FACTION_IDS: Final = (
    "terrans", "lantids", "xenos", "gleens", "taklons", "ambas", "hadsch-hallas", "ivits",
    "geodens", "baltaks", "firaks", "bescods", "nevlas", "itars",
)
"""The fourteen factions, two per home planet type."""

POSITION_NAMES: Final = ("C", *(f"B{i}" for i in range(6)), *(f"A{i}" for i in range(12)))
"""The names of a sector's 19 hexes in spiral order (centre, inner ring, outer ring)."""

_SHORT = {
    "credits": "c", "ore": "o", "knowledge": "k", "qic": "q", "vp": "vp",
    "power_tokens": "t", "charge_power": "pw",
}


def terraforming_steps(a: str, b: str) -> int:
    """Terraforming steps between two home types: the shorter way round the wheel.

    >>> terraforming_steps("terra", "ice"), terraforming_steps("desert", "terra")
    (1, 3)
    """
    i, j = HOME_TYPES.index(a), HOME_TYPES.index(b)
    d = abs(i - j) % len(HOME_TYPES)
    return min(d, len(HOME_TYPES) - d)


# ---------------------------------------------------------------------------
# Values


@dataclass(frozen=True, slots=True)
class Resources:
    """An amount of each resource; zero fields are left out of ``repr`` and ``str``.

    >>> r = Resources(credits=2, ore=1)
    >>> r, str(r), r + Resources(ore=2)
    (Resources(credits=2, ore=1), '2c 1o', Resources(credits=2, ore=3))
    >>> Resources.from_dict({"knowledge": 3}).knowledge, bool(Resources())
    (3, False)
    """

    credits: int = 0
    ore: int = 0
    knowledge: int = 0
    qic: int = 0
    vp: int = 0
    power_tokens: int = 0
    """New power tokens (into bowl I)."""
    charge_power: int = 0
    """Power charged through the bowls."""

    @classmethod
    def from_dict(cls, amounts: Mapping[str, int]) -> Resources:
        """Build from a ``{resource: amount}`` mapping of :data:`RESOURCES` names."""
        return cls(**dict(amounts))

    def items(self) -> list[tuple[str, int]]:
        """The non-zero amounts, in :data:`RESOURCES` order."""
        return [(n, getattr(self, n)) for n in RESOURCES if getattr(self, n)]

    def __add__(self, other: Resources) -> Resources:
        return Resources(*(getattr(self, n) + getattr(other, n) for n in RESOURCES))

    def __bool__(self) -> bool:
        return any(getattr(self, n) for n in RESOURCES)

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v}" for n, v in self.items())
        return f"Resources({inner})"

    def __str__(self) -> str:
        return " ".join(f"{v}{_SHORT[n]}" for n, v in self.items()) or "nothing"


@dataclass(frozen=True, slots=True)
class SectorPlanet:
    """A planet printed on a sector tile, at an offset from the tile's centre."""

    position: str
    """The hex name in the unrotated tile (``A0``..``A11``, ``B0``..``B5``, ``C``)."""
    offset: Hex
    """Axial offset from the sector centre before rotation."""
    type: str
    """One of :data:`PLANET_TYPES`."""


@dataclass(frozen=True, slots=True)
class Sector:
    """One side of a sector tile: a radius-2 hexagon of 19 hexes.

    >>> s = load_components().sector("7B")
    >>> s.tile, s.side, len(s.planets), s.count("gaia")
    ('7', 'outlined (2 player)', 5, 2)
    """

    id: str
    """``1``..``10``, with ``A`` (solid) or ``B`` (outlined) for tiles 5, 6 and 7."""
    tile: str
    """The tile number printed on it; move logs name hexes by it."""
    side: str
    planets: tuple[SectorPlanet, ...]
    provenance: str
    source: str

    def planet_at(self, offset: Hex) -> SectorPlanet | None:
        """The planet at an unrotated offset from the centre, if any."""
        for planet in self.planets:
            if planet.offset == offset:
                return planet
        return None

    def count(self, planet_type: str) -> int:
        """Planets of one type on this side."""
        return sum(1 for p in self.planets if p.type == planet_type)


@dataclass(frozen=True, slots=True)
class MapConfiguration:
    """A set of sectors with the centre slot of each, in the order the slots are filled."""

    name: str
    sectors: tuple[str, ...]
    centres: tuple[Hex, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class TechTile:
    """A standard or advanced tech tile.

    >>> t = load_components().tech("advtech6")
    >>> t.kind, t.per, t.per_gain
    ('immediate', 'sector you occupy', Resources(ore=1))
    """

    id: str
    advanced: bool
    kind: str
    """``immediate``, ``income``, ``trigger``, ``on_pass``, ``action`` or ``passive``."""
    text: str
    gain: Resources = Resources()
    """A one-time gain, or the gain of each trigger."""
    income: Resources = Resources()
    action: Resources = Resources()
    """The gain of the once-a-round action."""
    when: str = ""
    """The event of a trigger tile."""
    per: str = ""
    """What a counting tile counts."""
    per_gain: Resources = Resources()
    """The gain for each counted thing."""
    passive: str = ""
    provenance: str = "published"
    source: str = ""


@dataclass(frozen=True, slots=True)
class Booster:
    """A round booster: income every round, and an action or a pass bonus.

    >>> b = load_components().booster("booster7")
    >>> b.income, b.pass_vp_per, b.pass_vp
    (Resources(ore=1), 'trading station', 2)
    """

    id: str
    income: Resources
    text: str
    action: str = ""
    pass_vp_per: str = ""
    pass_vp: int = 0
    provenance: str = "published"
    source: str = ""


@dataclass(frozen=True, slots=True)
class RoundScoringTile:
    """A round scoring tile: VP each time the event happens in its round."""

    id: str
    vp: int
    event: str
    provenance: str = "published"
    source: str = ""


@dataclass(frozen=True, slots=True)
class FinalScoringTile:
    """A final scoring tile and the count of the neutral player in a 2-player game."""

    id: str
    counts: str
    neutral_count: int
    provenance: str = "published"
    source: str = ""


@dataclass(frozen=True, slots=True)
class FederationToken:
    """A federation token; green ones can be flipped to pay for level 5 or advanced tech."""

    id: str
    reward: Resources
    green: bool
    copies: int
    note: str = ""
    provenance: str = "published"
    source: str = ""


@dataclass(frozen=True, slots=True)
class BoardAction:
    """A power or Q.I.C. action of the research board.

    >>> a = load_components().board_action("power2")
    >>> a.kind, a.cost, a.gain, a.effect
    ('power', 5, Resources(), '2 terraforming steps, then build a mine')
    """

    id: str
    kind: str
    """``power`` or ``qic``."""
    cost: int
    gain: Resources = Resources()
    effect: str = ""
    """What the action does beyond a plain gain."""
    per: str = ""
    """What the action counts, when it gains per thing."""
    per_gain: Resources = Resources()
    provenance: str = "published"
    source: str = ""


@dataclass(frozen=True, slots=True)
class Conversion:
    """A free action: pay something, get something."""

    pay: Resources
    get: Resources
    pay_power: int = 0
    """Power spent from bowl III (apart from :attr:`pay`)."""
    provenance: str = "published"
    source: str = ""

    def __str__(self) -> str:
        """
        >>> [str(c) for c in load_components().free_actions[:2]]
        ['4 power -> 1q', '3 power -> 1o']
        """
        pay = f"{self.pay_power} power" if self.pay_power else str(self.pay)
        return f"{pay} -> {self.get}"


@dataclass(frozen=True, slots=True)
class ResearchLevel:
    """One level of a research area: what reaching it gives, its income and its rule."""

    level: int
    once: Resources = Resources()
    once_text: str = ""
    income: Resources = Resources()
    income_text: str = ""
    passive: str = ""
    per: str = ""
    """What reaching the level counts, when it gains per thing."""
    per_gain: Resources = Resources()


@dataclass(frozen=True, slots=True)
class ResearchTrack:
    """A research area, levels 0 to 5."""

    id: str
    code: str
    """The short name of move logs, e.g. ``terra``."""
    levels: tuple[ResearchLevel, ...]


@dataclass(frozen=True, slots=True)
class Structure:
    """A structure of the generic faction board.

    >>> s = load_components().board.structure("trading_station")
    >>> s.count, s.cost, s.cost_alone, s.power_value
    (4, Resources(credits=3, ore=2), Resources(credits=6, ore=2), 2)
    >>> [str(r) for r in s.income_by_built]
    ['3c', '4c', '4c', '5c']
    """

    id: str
    count: int
    cost: Resources
    power_value: int
    income_by_built: tuple[Resources, ...] = ()
    """The income each built copy uncovers, in building order."""
    income_when_built: Resources = Resources()
    cost_alone: Resources | None = None
    """The cost with no opponent's structure within 2 (trading stations only)."""
    upgrades_from: str = ""
    on_build: str = ""
    special_action: str = ""


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """The generic faction board; factions override parts of it."""

    start: Resources
    power_bowls: tuple[int, int, int, int]
    """Tokens in bowls I, II, III and the Gaia area."""
    caps: Resources
    """Resource track maxima (0 means no cap)."""
    base_income: Resources
    structures: tuple[Structure, ...]
    terraform_cost: tuple[int, ...]
    """Ore per terraforming step at Terraforming levels 0..5."""
    range_by_level: tuple[int, ...]
    """Navigation range at levels 0..5."""
    gaia_project_cost: tuple[int, ...]
    """Power tokens a Gaia project moves at Gaia Project levels 0..5 (0: not possible)."""
    leech_distance: int = 2
    provenance: str = "published"
    source: str = ""

    def structure(self, structure_id: str) -> Structure:
        """The structure with this id."""
        return lookup({s.id: s for s in self.structures}, structure_id, "structure")


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction: the generic board with its differences, and its abilities.

    >>> f = load_components().faction("itars")
    >>> f.home_planet, f.start.ore, f.power_bowls, str(f.base_income)
    ('ice', 5, (4, 4, 0, 0), '1o 1k 1t')
    """

    id: str
    home_planet: str
    start: Resources
    power_bowls: tuple[int, int, int, int]
    start_tracks: tuple[tuple[str, int], ...]
    base_income: Resources
    ability: str
    pi_ability: str
    notes: tuple[tuple[str, str], ...] = ()
    """Other board differences as text, by name (e.g. ``PI_income``)."""
    provenance: str = "published"
    source: str = ""

    def note(self, name: str) -> str:
        """One of :attr:`notes`, or the empty string."""
        return dict(self.notes).get(name, "")


# ---------------------------------------------------------------------------
# The whole set


@dataclass(frozen=True, slots=True)
class Components:
    """Every component, validated and indexed by id."""

    sectors: tuple[Sector, ...]
    map_configurations: tuple[MapConfiguration, ...]
    techs: tuple[TechTile, ...]
    boosters: tuple[Booster, ...]
    round_scoring: tuple[RoundScoringTile, ...]
    final_scoring: tuple[FinalScoringTile, ...]
    final_awards: tuple[int, ...]
    federation_tokens: tuple[FederationToken, ...]
    board_actions: tuple[BoardAction, ...]
    free_actions: tuple[Conversion, ...]
    faction_free_actions: tuple[tuple[str, str], ...]
    """Faction conversions as the data describes them, by label."""
    research_tracks: tuple[ResearchTrack, ...]
    research_cost: Resources
    board: PlayerBoard
    factions: tuple[Faction, ...]
    planet_colours: tuple[tuple[str, str], ...]
    _index: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, dict[str, Any]] = {
            "sector": {s.id: s for s in self.sectors},
            "map configuration": {m.name: m for m in self.map_configurations},
            "tech tile": {t.id: t for t in self.techs},
            "booster": {b.id: b for b in self.boosters},
            "round scoring tile": {t.id: t for t in self.round_scoring},
            "final scoring tile": {t.id: t for t in self.final_scoring},
            "federation token": {t.id: t for t in self.federation_tokens},
            "board action": {a.id: a for a in self.board_actions},
            "research area": {
                **{t.id: t for t in self.research_tracks},
                **{t.code: t for t in self.research_tracks},
            },
            "faction": {f.id: f for f in self.factions},
        }
        object.__setattr__(self, "_index", index)

    def __repr__(self) -> str:
        standard = sum(1 for t in self.techs if not t.advanced)
        return (
            f"<Components: {len(self.sectors)} sector sides, {standard}+"
            f"{len(self.techs) - standard} tech tiles, {len(self.boosters)} boosters, "
            f"{len(self.round_scoring)}+{len(self.final_scoring)} scoring tiles, "
            f"{len(self.factions)} factions>"
        )

    def _get(self, what: str, key: str) -> Any:
        return lookup(self._index[what], key, what)

    def sector(self, sector_id: str) -> Sector:
        """The sector side with this id (``"1"``, ``"5A"``, ...)."""
        value: Sector = self._get("sector", sector_id)
        return value

    def map_configuration(self, name: str) -> MapConfiguration:
        """A map configuration: ``two_players``, ``three_or_four_players``, ..."""
        value: MapConfiguration = self._get("map configuration", name)
        return value

    def tech(self, tech_id: str) -> TechTile:
        """The standard or advanced tech tile with this id."""
        value: TechTile = self._get("tech tile", tech_id)
        return value

    def booster(self, booster_id: str) -> Booster:
        """The round booster with this id."""
        value: Booster = self._get("booster", booster_id)
        return value

    def round_tile(self, tile_id: str) -> RoundScoringTile:
        """The round scoring tile with this id."""
        value: RoundScoringTile = self._get("round scoring tile", tile_id)
        return value

    def final_tile(self, tile_id: str) -> FinalScoringTile:
        """The final scoring tile with this id."""
        value: FinalScoringTile = self._get("final scoring tile", tile_id)
        return value

    def federation_token(self, token_id: str) -> FederationToken:
        """The federation token with this id."""
        value: FederationToken = self._get("federation token", token_id)
        return value

    def board_action(self, action_id: str) -> BoardAction:
        """The power or Q.I.C. action with this id."""
        value: BoardAction = self._get("board action", action_id)
        return value

    def research(self, track: str) -> ResearchTrack:
        """A research area by id (``navigation``) or short name (``nav``)."""
        value: ResearchTrack = self._get("research area", track)
        return value

    def faction(self, faction_id: str) -> Faction:
        """The faction with this id."""
        value: Faction = self._get("faction", faction_id)
        return value

    @classmethod
    def from_documents(cls, documents: Mapping[str, Any]) -> Components:
        """Build from parsed documents by file name; a missing one is the packaged file.

        Raises :class:`~gaia_lab.core.errors.InvalidStateError` listing every problem.
        """
        problems: list[str] = []
        docs: dict[str, DataDocument] = {}
        for name in COMPONENT_FILES:
            docs[name] = DataDocument(Path(name).stem, name, documents[name], ()) if (
                name in documents) else _read(DATA_DIR / name, problems)
        unknown = sorted(set(documents) - set(COMPONENT_FILES))
        for name in unknown:
            problems.append(f"{name}: not a component file (known: {', '.join(COMPONENT_FILES)})")
        return _build(docs, problems, "Components.from_documents")


# ---------------------------------------------------------------------------
# Loading


def load_components(directory: str | Path | None = None) -> Components:
    """Load and validate the component files.

    With no ``directory``, the packaged files (the result is cached).  Otherwise each
    file found in ``directory`` replaces the packaged one.  Raises
    :class:`~gaia_lab.core.errors.InvalidStateError` listing every problem, each with its
    file, the entry's line and the field.

    >>> load_components() is load_components()
    True
    """
    if directory is None:
        return _load_default()
    return _load(directory)


@functools.lru_cache(maxsize=1)
def _load_default() -> Components:
    return _load(DATA_DIR)


def _load(directory: str | Path) -> Components:
    problems: list[str] = []
    stems = [name.removesuffix(".json") for name in COMPONENT_FILES]
    read = read_documents(directory, DATA_DIR, stems, problems)
    return _build(dict(zip(COMPONENT_FILES, read, strict=True)), problems, str(Path(directory)))


def _read(path: Path, problems: list[str]) -> DataDocument:
    """A data file; its component is the file's stem, so problems cite the file's name."""
    return read_document(path, path.stem, problems)


class _Entry(DataEntry):
    """Reads one entry's fields, recording every problem with its file, line and entry.

    ``what`` names the entry in problems (``standard entry 3 ('tech3')``); its line is
    the ``index``-th of the file's top-level ``section`` (none for the whole file).
    """

    def __init__(self, doc: DataDocument, what: str, raw: Any, problems: list[str],
                 source: str, *, section: str = "", index: int = 0) -> None:
        self.title = what
        self.file_source = source
        super().__init__(doc, index, raw, "id", problems, section=section)

    @property
    def what(self) -> str:
        return self.title

    def get(self, name: str, default: Any = None) -> Any:
        return self.raw.get(name, default)

    def text(self, name: str, *, optional: bool = False) -> str:
        value = self.raw.get(name)
        if value is None:
            if not optional:
                self.problem(name, "missing")
            return ""
        if not isinstance(value, str):
            self.problem(name, f"must be a string, not {json.dumps(value)}")
            return ""
        return value

    def integer(self, name: str, low: int, high: int, value: Any = None) -> int:
        value = self.raw.get(name) if value is None else value
        if value is None:
            self.problem(name, "missing")
            return low
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(name, f"must be a whole number, not {json.dumps(value)}")
            return low
        if not low <= value <= high:
            self.problem(name, f"{value} is out of range {low}..{high}")
        return value

    def choice(self, name: str, options: Sequence[str], value: Any = None) -> str:
        value = self.raw.get(name) if value is None else value
        if value is None:
            self.problem(name, "missing")
            return ""
        if value not in options:
            self.problem(name, f"unknown value {json.dumps(value)} (known: {', '.join(options)})")
            return ""
        return str(value)

    def resources(self, name: str, value: Any) -> Resources:
        if not isinstance(value, dict):
            self.problem(name, f"must be a mapping of resources, not {json.dumps(value)}")
            return Resources()
        good: dict[str, int] = {}
        for key, amount in value.items():
            if key not in RESOURCES:
                self.problem(name, f"unknown resource {key!r} (known: {', '.join(RESOURCES)})")
            elif isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                self.problem(name, f"amount of {key} must be a whole number >= 0, "
                                   f"not {json.dumps(amount)}")
            else:
                good[key] = amount
        return Resources.from_dict(good)

    def provenance(self) -> tuple[str, str]:
        prov = self.choice("provenance", PROVENANCES)
        source = self.text("source", optional=True) or self.file_source
        if prov in ("rulebook", "published") and not source:
            self.problem("source", f"required when provenance is {prov!r} "
                                   "(or give the file's source_paths)")
        return prov, source


def _field(doc: DataDocument, key: str) -> Any:
    """The top-level field ``key`` of a document (None when absent or not an object)."""
    return doc.data.get(key) if isinstance(doc.data, dict) else None


def _file_source(doc: DataDocument, problems: list[str]) -> str:
    paths = _field(doc, "source_paths")
    if paths is None:
        return ""
    if isinstance(paths, str):
        return paths
    if isinstance(paths, list) and all(isinstance(p, str) for p in paths):
        return "; ".join(paths)
    problems.append(f"{doc.name}: 'source_paths' must be a string or a list of strings")
    return ""


def _list(doc: DataDocument, key: str, problems: list[str]) -> list[Any]:
    value = _field(doc, key)
    if not isinstance(value, list):
        problems.append(f"{doc.name}: {key!r} must be a list")
        return []
    return value


def _entries(doc: DataDocument, key: str, problems: list[str],
             id_key: str = "id") -> list[_Entry]:
    source = _file_source(doc, problems)
    out: list[_Entry] = []
    seen: set[object] = set()
    for i, raw in enumerate(_list(doc, key, problems)):
        ident = raw.get(id_key) if isinstance(raw, dict) else None
        label = f" ({ident!r})" if isinstance(ident, str) else ""
        entry = _Entry(doc, f"{key} entry {i + 1}{label}", raw, problems, source,
                       section=key, index=i)
        if isinstance(ident, str):
            if ident in seen:
                entry.problem(id_key, f"duplicate {id_key} {ident!r}")
            seen.add(ident)
        out.append(entry)
    return out


def _whole(doc: DataDocument, problems: list[str]) -> _Entry:
    return _Entry(doc, "file", doc.data, problems, _file_source(doc, problems))


# -- sectors -----------------------------------------------------------------


def _read_sectors(doc: DataDocument, problems: list[str]
                  ) -> tuple[list[Sector], list[MapConfiguration]]:
    source = _file_source(doc, problems)
    raw_sectors = _field(doc, "sectors")
    if not isinstance(raw_sectors, dict):
        problems.append(f"{doc.name}: 'sectors' must be a mapping of sector id to sector")
        return [], []
    names = dict(zip(Hex(0, 0).spiral(2), POSITION_NAMES, strict=True))
    sectors: list[Sector] = []
    for i, (sector_id, raw) in enumerate(raw_sectors.items()):
        e = _Entry(doc, f"sector {sector_id!r}", raw, problems, source, section="sectors",
                   index=i)
        tile = e.text("tile")
        if tile and sector_id.rstrip("AB") != tile:
            e.problem("tile", f"{tile!r} does not match the sector id {sector_id!r}")
        planets: list[SectorPlanet] = []
        raw_planets = e.get("planets")
        if not isinstance(raw_planets, list):
            e.problem("planets", "must be a list")
            raw_planets = []
        seen: set[Hex] = set()
        for j, p in enumerate(raw_planets):
            where = f"planets[{j}]"
            if not isinstance(p, dict):
                e.problem(where, "must be a JSON object")
                continue
            off = p.get("offset_qr")
            if not (isinstance(off, list) and len(off) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in off)):
                e.problem(where + ".offset_qr", f"must be [q, r], not {json.dumps(off)}")
                continue
            offset = Hex(off[0], off[1])
            if offset.distance(Hex(0, 0)) > 2:
                e.problem(where + ".offset_qr", f"{off} is outside the sector (radius 2)")
                continue
            if offset in seen:
                e.problem(where + ".offset_qr", f"two planets at {off}")
            seen.add(offset)
            position = p.get("position")
            if position != names[offset]:
                e.problem(where + ".position",
                          f"{json.dumps(position)} does not name offset {off} "
                          f"(that hex is {names[offset]})")
            ptype = e.choice(where + ".type", PLANET_TYPES, p.get("type", ""))
            planets.append(SectorPlanet(names[offset], offset, ptype))
        count = e.get("planet_count")
        if count is not None and count != len(planets):
            e.problem("planet_count", f"{count}, but {len(planets)} planets are listed")
        by_type = e.get("planets_by_type")
        if isinstance(by_type, dict):
            actual = Counter(p.type for p in planets)
            if {k: v for k, v in by_type.items()} != dict(actual):
                e.problem("planets_by_type", f"{json.dumps(by_type)} disagrees with the "
                                             f"planets listed {json.dumps(dict(actual))}")
        prov, src = e.provenance()
        sectors.append(Sector(sector_id, tile, e.text("side"), tuple(planets), prov, src))
    configs: list[MapConfiguration] = []
    raw_configs = _field(doc, "map_configurations")
    known = {s.id for s in sectors}
    if isinstance(raw_configs, dict):
        for i, (name, raw) in enumerate(raw_configs.items()):
            if not isinstance(raw, dict) or "sectors" not in raw:
                continue  # a note, not a configuration
            e = _Entry(doc, f"map configuration {name!r}", raw, problems, source,
                       section="map_configurations", index=i)
            ids = raw.get("sectors")
            centres = raw.get("centres_qr")
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                e.problem("sectors", "must be a list of sector ids")
                continue
            for i in ids:
                if i not in known:
                    e.problem("sectors", f"unknown sector {i!r}")
            if not isinstance(centres, list) or len(centres) != len(ids):
                e.problem("centres_qr", "must list one [q, r] centre per sector")
                continue
            hexes = tuple(Hex(int(c[0]), int(c[1])) for c in centres)
            configs.append(MapConfiguration(name, tuple(ids), hexes, str(raw.get("note", ""))))
    return sectors, configs


# -- tiles -------------------------------------------------------------------


def _read_tech(e: _Entry, advanced: bool) -> TechTile:
    kinds = ("immediate", "income", "trigger", "on_pass", "action", "passive")
    kind = e.choice("kind", kinds)
    effect = e.get("effect")
    if not isinstance(effect, dict):
        e.problem("effect", "must be a JSON object")
        effect = {}
    values: dict[str, Any] = {}
    for key, value in effect.items():
        if key == "gain":
            values["gain"] = e.resources("effect.gain", value)
        elif key == "income":
            values["income"] = e.resources("effect.income", value)
        elif key == "once_per_round_action":
            values["action"] = e.resources("effect." + key, value)
        elif key == "when":
            values["when"] = str(value)
        elif key.endswith("_per"):
            resource = {"gain_knowledge": "knowledge"}.get(key[:-4], key[:-4])
            if resource not in RESOURCES:
                e.problem("effect." + key, f"unknown resource {resource!r}")
                continue
            values["per"] = str(value)
            values["per_gain"] = Resources.from_dict({resource: e.integer(
                "effect.amount", 1, 20, effect.get("amount"))})
        elif key == "amount":
            continue
        elif key == "power_value_of_PI_and_academies":
            values["passive"] = f"planetary institute and academies have power value {value}"
        else:
            e.problem("effect." + key, "unknown effect")
    prov, src = e.provenance()
    return TechTile(e.text("id"), advanced, kind, e.text("text"), **values,
                    provenance=prov, source=src)


def _read_booster(e: _Entry) -> Booster:
    raw_income = e.get("income")
    income = Resources()
    if isinstance(raw_income, dict) and "income" in raw_income:
        income = e.resources("income.income", raw_income["income"])
    else:
        e.problem("income", "must be {\"income\": {...}}")
    extra = e.get("extra")
    action, per, vp = "", "", 0
    if isinstance(extra, dict):
        action = str(extra.get("action", ""))
        per = str(extra.get("on_pass_vp_per", ""))
        if per:
            vp = e.integer("extra.amount", 1, 10, extra.get("amount"))
        if not action and not per:
            e.problem("extra", "must give an action or an on_pass_vp_per")
    elif extra is not None:
        e.problem("extra", "must be a JSON object or null")
    prov, src = e.provenance()
    return Booster(e.text("id"), income, e.text("text"), action, per, vp, prov, src)


# -- boards ------------------------------------------------------------------

_INCOME_TEXT = re.compile(r"^\+(\d+) (credits|ore|knowledge)$")


def _income_list(e: _Entry, name: str, value: Any) -> tuple[Resources, ...]:
    if not isinstance(value, list):
        e.problem(name, "must be a list")
        return ()
    out = []
    for item in value:
        m = _INCOME_TEXT.match(str(item))
        if item == "nothing":
            out.append(Resources())
        elif m:
            out.append(Resources.from_dict({m.group(2): int(m.group(1))}))
        else:
            e.problem(name, f"cannot read income {json.dumps(item)}")
    return tuple(out)


def _read_board(doc: DataDocument, problems: list[str]) -> PlayerBoard:
    e = _whole(doc, problems)
    start = e.resources("starting_resources", e.get("starting_resources"))
    bowls_raw = e.get("starting_power_bowls", {})
    bowls = tuple(
        e.integer(f"starting_power_bowls.{k}", 0, 16, bowls_raw.get(k, 0))
        for k in ("I", "II", "III", "gaia_area")
    ) if isinstance(bowls_raw, dict) else (0, 0, 0, 0)
    caps_raw = e.get("resource_caps", {})
    caps = e.resources("resource_caps", {k: v for k, v in caps_raw.items()
                                         if isinstance(v, int)}) if isinstance(
        caps_raw, dict) else Resources()
    base = e.resources("base_income_each_round", e.get("base_income_each_round"))
    structures: list[Structure] = []
    raw_structures = e.get("structures")
    if not isinstance(raw_structures, dict):
        e.problem("structures", "must be a JSON object")
        raw_structures = {}
    for sid in ("mine", "trading_station", "research_lab", "planetary_institute",
                "academy_left", "academy_right"):
        raw = raw_structures.get(sid)
        if not isinstance(raw, dict):
            e.problem(f"structures.{sid}", "missing")
            continue
        name = f"structures.{sid}"
        income_by: tuple[Resources, ...] = ()
        if "income_revealed_when_built" in raw:
            income_by = _income_list(e, name + ".income_revealed_when_built",
                                     raw["income_revealed_when_built"])
        alone = raw.get("cost_if_no_opponent_structure_within_2")
        structures.append(Structure(
            sid,
            e.integer(name + ".count", 1, 8, raw.get("count")),
            e.resources(name + ".cost", raw.get("cost")),
            e.integer(name + ".power_value", 1, 4, raw.get("power_value")),
            income_by,
            e.resources(name + ".income_when_built", raw.get("income_when_built", {})),
            e.resources(name + ".cost_if_no_opponent_structure_within_2", alone)
            if alone is not None else None,
            str(raw.get("upgrades_from", "")),
            str(raw.get("on_build", "")),
            str(raw.get("special_action", "")),
        ))
    prov, src = e.provenance()
    return PlayerBoard(
        start, (bowls[0], bowls[1], bowls[2], bowls[3]), caps, base, tuple(structures),
        terraform_cost=(3, 3, 2, 1, 1, 1),
        range_by_level=(1, 1, 2, 2, 3, 4),
        gaia_project_cost=(0, 6, 6, 4, 3, 3),
        provenance=prov, source=src,
    )


def _check_board_tables(doc: DataDocument, board: PlayerBoard, problems: list[str]) -> None:
    """The per-level tables are stated in research_tracks.json; check they agree."""
    tracks = _field(doc, "tracks")
    nav = tracks.get("navigation", []) if isinstance(tracks, dict) else []
    for level, raw in enumerate(nav):
        passive = raw.get("passive", "") if isinstance(raw, dict) else ""
        m = re.match(r"range (\d+)", passive)
        if m and int(m.group(1)) != board.range_by_level[level]:
            problems.append(f"{doc.name}: navigation level {level}: range "
                            f"{m.group(1)} disagrees with {board.range_by_level[level]}")


def _level_part(e: _Entry, name: str, value: Any) -> tuple[Resources, str, str, Resources]:
    """A gain written as resources or as text: (gain, text, counted thing, gain per thing).

    A key ``<resource>_per_<thing>`` is a gain for each thing counted.
    """
    if isinstance(value, str):
        return Resources(), value, "", Resources()
    if not isinstance(value, dict):
        e.problem(name, f"must be a mapping of resources or a text, not {json.dumps(value)}")
        return Resources(), "", "", Resources()
    plain = {k: v for k, v in value.items() if "_per_" not in k}
    per, per_gain = "", Resources()
    for key, amount in value.items():
        if "_per_" in key:
            resource, _, thing = key.partition("_per_")
            per = thing.replace("_", " ")
            per_gain = e.resources(name, {resource: amount})
    return e.resources(name, plain), "", per, per_gain


def _read_research(doc: DataDocument, problems: list[str]
                   ) -> tuple[list[ResearchTrack], Resources]:
    e = _whole(doc, problems)
    cost = e.resources("advance_cost", e.get("advance_cost"))
    raw_tracks = e.get("tracks")
    tracks: list[ResearchTrack] = []
    if not isinstance(raw_tracks, dict):
        e.problem("tracks", "must be a JSON object")
        return [], cost
    for track_id in RESEARCH_TRACKS:
        raw = raw_tracks.get(track_id)
        if not isinstance(raw, list) or len(raw) != 6:
            e.problem(f"tracks.{track_id}", "must list the six levels 0..5")
            continue
        levels = []
        for level, lv in enumerate(raw):
            name = f"tracks.{track_id}[{level}]"
            if not isinstance(lv, dict):
                e.problem(name, "must be a JSON object")
                continue
            unknown = set(lv) - {"once", "income", "passive", "also"}
            for key in sorted(unknown):
                e.problem(f"{name}.{key}", "unknown field (known: once, income, passive, also)")
            once, once_text, per, per_gain = _level_part(e, name + ".once", lv.get("once", {}))
            if "also" in lv:
                once = once + _level_part(e, name + ".also", lv["also"])[0]
            income, income_text, _, _ = _level_part(e, name + ".income", lv.get("income", {}))
            levels.append(ResearchLevel(level, once, once_text, income, income_text,
                                        str(lv.get("passive", "")), per, per_gain))
        tracks.append(ResearchTrack(track_id, TRACK_CODES[track_id], tuple(levels)))
    for key in raw_tracks:
        if key not in RESEARCH_TRACKS:
            e.problem(f"tracks.{key}", f"unknown research area (known: "
                                       f"{', '.join(RESEARCH_TRACKS)})")
    return tracks, cost


def _read_faction(e: _Entry, board: PlayerBoard) -> Faction:
    fid = e.choice("id", FACTION_IDS)
    home = e.choice("home_planet", HOME_TYPES)
    deltas = e.get("deltas", {})
    if not isinstance(deltas, dict):
        e.problem("deltas", "must be a JSON object")
        deltas = {}
    start = {n: getattr(board.start, n) for n in RESOURCES}
    bowls = list(board.power_bowls)
    tracks: list[tuple[str, int]] = []
    base = board.base_income
    notes: list[tuple[str, str]] = []
    for key, value in deltas.items():
        name = f"deltas.{key}"
        if key in RESOURCES:
            start[key] = e.integer(name, 0, 30, value)
        elif key == "power_bowls" and isinstance(value, dict):
            for bowl, amount in value.items():
                if bowl not in ("I", "II", "III"):
                    e.problem(name, f"unknown bowl {bowl!r} (known: I, II, III)")
                    continue
                bowls[("I", "II", "III").index(bowl)] = e.integer(f"{name}.{bowl}", 0, 16, amount)
        elif key == "start_track" and isinstance(value, dict):
            for track, level in value.items():
                e.choice(name, RESEARCH_TRACKS, track)
                tracks.append((track, e.integer(f"{name}.{track}", 1, 2, level)))
        elif key == "base_income":
            base = e.resources(name, value)
        elif isinstance(value, str):
            notes.append((key, value))
        else:
            e.problem(name, "unknown difference")
    other = e.get("other_board_changes", {})
    if isinstance(other, dict):
        notes.extend((str(k), str(v)) for k, v in other.items())
    prov, src = e.provenance()
    return Faction(
        fid, home, Resources.from_dict(start), (bowls[0], bowls[1], bowls[2], bowls[3]),
        tuple(tracks), base, e.text("ability"), e.text("pi_ability"), tuple(notes), prov, src,
    )


# -- everything ----------------------------------------------------------------


def _build(docs: Mapping[str, DataDocument], problems: list[str], where: str) -> Components:
    sectors, configs = _read_sectors(docs["sectors.json"], problems)

    tech_doc = docs["tech_tiles.json"]
    techs = [_read_tech(e, False) for e in _entries(tech_doc, "standard", problems)]
    techs += [_read_tech(e, True) for e in _entries(tech_doc, "advanced", problems)]
    boosters = [_read_booster(e) for e in _entries(docs["round_boosters.json"], "boosters",
                                                   problems)]

    rounds = []
    for e in _entries(docs["round_scoring.json"], "tiles", problems):
        rounds.append(RoundScoringTile(e.text("id"), e.integer("vp_each_time", 1, 10),
                                       e.text("event"), *e.provenance()))
    finals = []
    final_doc = docs["final_scoring.json"]
    for e in _entries(final_doc, "tiles", problems):
        finals.append(FinalScoringTile(e.text("id"), e.text("counts"),
                                       e.integer("neutral_player_count", 0, 30),
                                       *e.provenance()))
    awards_raw = _field(final_doc, "awards")
    awards = tuple(awards_raw.get(k, 0) if isinstance(awards_raw, dict) else 0
                   for k in ("1st", "2nd", "3rd"))
    if awards != (18, 12, 6):
        problems.append(f"final_scoring.json: awards must be 18, 12 and 6, not {awards}")

    tokens = []
    for e in _entries(docs["federation_tokens.json"], "tokens", problems):
        green = e.get("green")
        if not isinstance(green, bool):
            e.problem("green", "must be true or false")
        tokens.append(FederationToken(
            e.text("id"), e.resources("reward", e.get("reward")), bool(green),
            e.integer("copies", 1, 3), e.text("note", optional=True), *e.provenance()))

    act_doc = docs["board_and_free_actions.json"]
    actions = []
    for kind in ("power", "qic"):
        for e in _entries(act_doc, f"{kind}_actions", problems):
            gain_raw = e.get("gain")
            gain, effect, per, per_gain = _level_part(e, "gain", gain_raw)
            actions.append(BoardAction(e.text("id"), kind, e.integer(f"cost_{kind}", 1, 7),
                                       gain, effect, per, per_gain, *e.provenance()))
    frees = []
    for e in _entries(act_doc, "free_conversions_standard", problems, id_key="-"):
        pay = e.get("pay")
        power = 0
        if isinstance(pay, dict) and "power" in pay:
            power = e.integer("pay.power", 1, 8, pay["power"])
            pay = {k: v for k, v in pay.items() if k != "power"}
        frees.append(Conversion(e.resources("pay", pay), e.resources("get", e.get("get")),
                                power, *e.provenance()))
    faction_frees: list[tuple[str, str]] = []
    raw_ff = _field(act_doc, "free_conversions_faction")
    if isinstance(raw_ff, dict):
        for label, value in raw_ff.items():
            faction_frees.append((label, value if isinstance(value, str) else json.dumps(value)))

    tracks, research_cost = _read_research(docs["research_tracks.json"], problems)
    board = _read_board(docs["player_board_generic.json"], problems)
    _check_board_tables(docs["research_tracks.json"], board, problems)
    factions = [_read_faction(e, board) for e in _entries(docs["factions.json"], "factions",
                                                          problems)]

    _check_sets(problems, sectors, techs, boosters, rounds, finals, tokens, actions, factions)

    colours_raw = _field(docs["sectors.json"], "planet_colours")
    if problems:
        raise InvalidStateError(problems, source=where)
    return Components(
        tuple(sectors), tuple(configs), tuple(techs), tuple(boosters), tuple(rounds),
        tuple(finals), awards, tuple(tokens), tuple(actions), tuple(frees),
        tuple(faction_frees), tuple(tracks), research_cost, board, tuple(factions),
        tuple((str(k), str(v)) for k, v in colours_raw.items())
        if isinstance(colours_raw, dict) else (),
    )


def _check_sets(problems: list[str], sectors: Sequence[Sector], techs: Sequence[TechTile],
                boosters: Sequence[Booster], rounds: Sequence[RoundScoringTile],
                finals: Sequence[FinalScoringTile], tokens: Sequence[FederationToken],
                actions: Sequence[BoardAction], factions: Sequence[Faction]) -> None:
    """The whole-set checks: each kind of component is complete."""

    def expect(file: str, what: str, ids: Sequence[str], wanted: Sequence[str]) -> None:
        missing = [i for i in wanted if i not in ids]
        if missing:
            problems.append(f"{file}: missing {what} {', '.join(missing)}")

    expect("sectors.json", "sectors", [s.id for s in sectors],
           ["1", "2", "3", "4", "5A", "5B", "6A", "6B", "7A", "7B", "8", "9", "10"])
    expect("tech_tiles.json", "tiles", [t.id for t in techs],
           [f"tech{i}" for i in range(1, 10)] + [f"advtech{i}" for i in range(1, 16)])
    expect("round_boosters.json", "boosters", [b.id for b in boosters],
           [f"booster{i}" for i in range(1, 11)])
    expect("round_scoring.json", "tiles", [t.id for t in rounds],
           [f"score{i}" for i in range(1, 11)])
    expect("final_scoring.json", "tiles", [t.id for t in finals],
           ["structure", "structureFed", "planetType", "gaia", "sector", "satellite"])
    expect("federation_tokens.json", "tokens", [t.id for t in tokens],
           [f"fed{i}" for i in range(1, 7)])
    expect("board_and_free_actions.json", "actions", [a.id for a in actions],
           [f"power{i}" for i in range(1, 8)] + [f"qic{i}" for i in range(1, 4)])
    expect("factions.json", "factions", [f.id for f in factions], FACTION_IDS)
    homes = Counter(f.home_planet for f in factions)
    for home, n in homes.items():
        if n != 2 and len(factions) == len(FACTION_IDS):
            problems.append(f"factions.json: {n} factions live on {home}; each home type has 2")

