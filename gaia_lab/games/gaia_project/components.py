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
  - round_boosters.json: boosters entry 3 (id 'booster3'): field 'income.income':
    unknown key 'gold' (known: credits, ore, knowledge, qic, vp, power_tokens, charge_power)
  - round_boosters.json: boosters entry 5 (id 'booster5'): field 'provenance': missing
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
from typing import Any, Final, TypeVar

from gaia_lab.core.datafiles import (
    DataDocument,
    DataEntry,
    FileReport,
    lookup,
    read_document,
    read_documents,
)
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.provenance import PROVENANCES
from gaia_lab.core.schema import (
    Anything,
    At,
    Context,
    Field,
    FileRead,
    FileSchema,
    Flag,
    Integer,
    ListOf,
    MapOf,
    Nullable,
    Record,
    Ref,
    Table,
    Text,
    check_references,
    optional,
    read_file,
    show,
)
from gaia_lab.core.values import slot_init

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

_T = TypeVar("_T")

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


@slot_init
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
        # field by field, in RESOURCES order (gains and costs are added in every turn)
        return Resources(self.credits + other.credits, self.ore + other.ore,
                         self.knowledge + other.knowledge, self.qic + other.qic,
                         self.vp + other.vp, self.power_tokens + other.power_tokens,
                         self.charge_power + other.charge_power)

    def __bool__(self) -> bool:
        return bool(self.credits or self.ore or self.knowledge or self.qic or self.vp
                    or self.power_tokens or self.charge_power)

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
        for s in self.structures:  # six of them: a scan, no table built per look-up
            if s.id == structure_id:
                return s
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


class _SourcePaths:
    """A file's ``source_paths``: a string or a list of strings."""

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, str) and not (
                isinstance(value, list) and all(isinstance(p, str) for p in value)):
            at.problem(f"must be a string or a list of strings, not {show(value)}")
        return value


def _file_source(doc: DataDocument) -> str:
    """The file's ``source_paths`` as one text ("" when absent or malformed)."""
    paths = doc.data.get("source_paths") if isinstance(doc.data, dict) else None
    if isinstance(paths, str):
        return paths
    if isinstance(paths, list) and all(isinstance(p, str) for p in paths):
        return "; ".join(paths)
    return ""


_RES = MapOf(Integer(0), RESOURCES)
"""An amount of each of :data:`RESOURCES`, none below 0."""


def _resources(value: Mapping[str, int] | None) -> Resources:
    return Resources.from_dict(value or {})


class _Gain:
    """A gain written as resources (a key ``<resource>_per_<thing>`` gains for each
    thing counted) or as a text."""

    def read(self, value: Any, at: At) -> Any:
        if isinstance(value, str):
            return value
        if not isinstance(value, dict):
            at.problem(f"must be a mapping of resources or a text, not {show(value)}")
            return value
        plain = {k: v for k, v in value.items() if "_per_" not in k}
        per = {k.partition("_per_")[0]: v for k, v in value.items() if "_per_" in k}
        _RES.read(plain, at)
        _RES.read(per, at)
        return value


def _gain(value: Any) -> tuple[Resources, str, str, Resources]:
    """A checked :class:`_Gain`: (gain, text, counted thing, gain per thing)."""
    if isinstance(value, str):
        return Resources(), value, "", Resources()
    per, per_gain = "", Resources()
    for key, amount in value.items():
        if "_per_" in key:
            resource, _, thing = key.partition("_per_")
            per, per_gain = thing.replace("_", " "), Resources.from_dict({resource: amount})
    return _resources({k: v for k, v in value.items() if "_per_" not in k}), "", per, per_gain


_TEXT = Field(Text())
_ID = Field(Text())
_NOTE = optional(Text(empty=True), "")
_PER_KEYS: Final = {f"{r}_per": r for r in RESOURCES} | {"gain_knowledge_per": "knowledge"}

_TECH = Record({
    "id": _ID, "text": _TEXT,
    "kind": Field(Text(choices=("immediate", "income", "trigger", "on_pass", "action",
                                "passive"))),
    "effect": Field(Record({
        "gain": optional(_RES), "income": optional(_RES), "once_per_round_action": optional(_RES),
        "when": optional(Text()), "amount": optional(Integer(1, 20)),
        "power_value_of_PI_and_academies": optional(Anything()),
        **{key: optional(Text()) for key in _PER_KEYS}})),
}, origin=True)

_BOWLS = ("I", "II", "III")


class _Deltas:
    """A faction's differences from the generic board; a text is a note."""

    known: Final[Mapping[str, Any]] = MappingProxyType({
        **{r: Integer(0, 30) for r in RESOURCES},
        "power_bowls": Record({b: optional(Integer(0, 16)) for b in _BOWLS}),
        "start_track": MapOf(Integer(1, 2), RESEARCH_TRACKS),
        "base_income": _RES,
    })

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, dict):
            at.problem(f"must be a JSON object, not {show(value)}")
            return value
        for key, item in value.items():
            node = self.known.get(key)
            if node is not None:
                node.read(item, at.key(key))
            elif not isinstance(item, str):
                at.key(key).problem(f"unknown difference (known: {', '.join(self.known)}; "
                                    "or a text)")
        return value


def _tables(*tables: Table, provenance: bool = False, **fields: Field) -> FileSchema:
    top = {"source_paths": optional(_SourcePaths()),
           "provenance": Field(Text(choices=PROVENANCES)) if provenance
           else optional(Text(choices=PROVENANCES)), **fields}
    return FileSchema(tables, top, extra=True, what="the component file's sections")


_STRUCTURE = Record({
    "count": Field(Integer(1, 8)), "cost": Field(_RES), "power_value": Field(Integer(1, 4)),
    "income_revealed_when_built": optional(ListOf(Text(pattern=re.compile(
        r"(nothing|\+\d{1,3} (credits|ore|knowledge))\Z"), what="'nothing' or '+N credits'"))),
    "income_when_built": optional(_RES, {}),
    "cost_if_no_opponent_structure_within_2": optional(_RES),
    "upgrades_from": optional(Text(), ""), "on_build": optional(Text(), ""),
    "special_action": optional(Text(), ""), "note": _NOTE})
_STRUCTURES: Final = ("mine", "trading_station", "research_lab", "planetary_institute",
                      "academy_left", "academy_right")
_LEVEL = Record({"once": optional(_Gain(), {}), "income": optional(_Gain(), {}),
                 "passive": optional(Nullable(Text(empty=True)), ""), "also": optional(_Gain())})

SCHEMAS: Final[Mapping[str, FileSchema]] = MappingProxyType({
    "sectors.json": _tables(
        Table(Record({
            "tile": _TEXT, "side": _TEXT, "planet_count": optional(Integer(0, 19)),
            "planets_by_type": optional(MapOf(Integer(0, 19), PLANET_TYPES)),
            "planets": Field(ListOf(Record({
                "position": Field(Anything()), "offset_qr": Field(ListOf(Integer(), 2, 2)),
                "type": Field(Text(choices=PLANET_TYPES))})))}, origin=True),
            section="sectors", keyed=True),
        map_configurations=optional(MapOf(Anything()), {}),
        planet_colours=optional(MapOf(Text()), {})),
    "tech_tiles.json": _tables(Table(_TECH, section="standard"),
                               Table(_TECH, section="advanced")),
    "round_boosters.json": _tables(Table(Record({
        "id": _ID, "text": _TEXT, "income": Field(Record({"income": Field(_RES)})),
        "extra": optional(Nullable(Record({
            "action": optional(Text(), ""), "on_pass_vp_per": optional(Text(), ""),
            "amount": optional(Integer(1, 10))})))}, origin=True), section="boosters")),
    "round_scoring.json": _tables(Table(Record({
        "id": _ID, "vp_each_time": Field(Integer(1, 10)), "event": _TEXT}, origin=True),
        section="tiles")),
    "final_scoring.json": _tables(Table(Record({
        "id": _ID, "counts": _TEXT, "neutral_player_count": Field(Integer(0, 30))},
        origin=True), section="tiles"),
        awards=Field(Record({"1st": Field(Integer(0)), "2nd": Field(Integer(0)),
                             "3rd": Field(Integer(0))}, extra=True))),
    "federation_tokens.json": _tables(Table(Record({
        "id": _ID, "reward": Field(_RES), "green": Field(Flag()),
        "copies": Field(Integer(1, 3))}, origin=True), section="tokens")),
    "board_and_free_actions.json": _tables(
        *(Table(Record({"id": _ID, f"cost_{kind}": Field(Integer(1, 7)), "gain": Field(_Gain())},
                       origin=True), section=f"{kind}_actions") for kind in ("power", "qic")),
        Table(Record({"pay": Field(MapOf(Integer(0), RESOURCES + ("power",))),
                      "get": Field(_RES)}, origin=True),
              key="", section="free_conversions_standard"),
        free_conversions_faction=optional(MapOf(Anything()), {})),
    "research_tracks.json": _tables(
        provenance=True, advance_cost=Field(_RES),
        tracks=Field(Record({t: Field(ListOf(_LEVEL, 6, 6)) for t in RESEARCH_TRACKS}))),
    "player_board_generic.json": _tables(
        provenance=True, starting_resources=Field(_RES),
        starting_power_bowls=optional(Record({b: optional(Integer(0, 16), 0)
                                              for b in (*_BOWLS, "gaia_area")}), {}),
        resource_caps=optional(MapOf(Anything()), {}), base_income_each_round=Field(_RES),
        structures=Field(Record({sid: Field(_STRUCTURE) for sid in _STRUCTURES}, extra=True))),
    "factions.json": _tables(Table(Record({
        "id": Field(Text(choices=FACTION_IDS)), "home_planet": Field(Text(choices=HOME_TYPES)),
        "deltas": optional(_Deltas(), {}), "ability": _TEXT, "pi_ability": _TEXT,
        "other_board_changes": optional(MapOf(Anything()), {}),
        "correction": optional(Anything())}, origin=True), section="factions")),
})
"""The schema of each data file."""


# -- each entry: the checks across its fields, then the value ----------------------


def _origin(v: Mapping[str, Any], source: str) -> tuple[str, str]:
    return str(v["provenance"]), str(v.get("source") or source)


def _sector(e: DataEntry, v: dict[str, Any], source: str) -> Sector:
    sector_id, tile = str(e.ident), v["tile"]
    if sector_id.rstrip("AB") != tile:
        e.problem("tile", f"{tile!r} does not match the sector id {sector_id!r}")
    names = dict(zip(Hex(0, 0).spiral(2), POSITION_NAMES, strict=True))
    planets: list[SectorPlanet] = []
    for j, p in enumerate(v["planets"]):
        where, off = f"planets[{j}]", p["offset_qr"]
        offset = Hex(off[0], off[1])
        if offset.distance(Hex(0, 0)) > 2:
            e.problem(where + ".offset_qr", f"{off} is outside the sector (radius 2)")
            continue
        if offset in {q.offset for q in planets}:
            e.problem(where + ".offset_qr", f"two planets at {off}")
        if p["position"] != names[offset]:
            e.problem(where + ".position", f"{show(p['position'])} does not name offset {off} "
                                           f"(that hex is {names[offset]})")
        planets.append(SectorPlanet(names[offset], offset, p["type"]))
    count, by_type = v["planet_count"], v["planets_by_type"]
    if count is not None and count != len(planets):
        e.problem("planet_count", f"{count}, but {len(planets)} planets are listed")
    actual = dict(Counter(p.type for p in planets))
    if by_type is not None and by_type != actual:
        e.problem("planets_by_type", f"{show(by_type)} disagrees with the planets listed "
                                     f"{show(actual)}")
    return Sector(sector_id, tile, v["side"], tuple(planets), *_origin(v, source))


def _map_configurations(doc: DataDocument, problems: list[str], context: Context
                        ) -> list[MapConfiguration]:
    """The members of ``map_configurations`` that list sectors (the others are notes)."""
    raw = doc.data.get("map_configurations") if isinstance(doc.data, dict) else None
    schema = Record({"sectors": Field(ListOf(Ref("sectors"))),
                     "centres_qr": Field(ListOf(ListOf(Integer(), 2, 2))), "note": _NOTE})
    out: list[MapConfiguration] = []
    for i, (name, value) in enumerate(raw.items() if isinstance(raw, dict) else ()):
        if not isinstance(value, dict) or "sectors" not in value:
            continue  # a note, not a configuration
        e = DataEntry(doc, i, value, "id", problems, section="map_configurations", name=name)
        v = schema.read(value, At(e.problem, "", context))
        if e.ok and len(v["centres_qr"]) != len(v["sectors"]):
            e.problem("centres_qr", "must list one [q, r] centre per sector")
        if e.ok:
            out.append(MapConfiguration(name, tuple(v["sectors"]),
                                        tuple(Hex(q, r) for q, r in v["centres_qr"]), v["note"]))
    return out


def _tech(e: DataEntry, v: dict[str, Any], source: str, advanced: bool) -> TechTile:
    effect = v["effect"]
    values: dict[str, Any] = {}
    for key in ("gain", "income"):
        if effect[key] is not None:
            values[key] = _resources(effect[key])
    if effect["once_per_round_action"] is not None:
        values["action"] = _resources(effect["once_per_round_action"])
    if effect["when"] is not None:
        values["when"] = effect["when"]
    for key, resource in _PER_KEYS.items():
        if effect[key] is not None:
            if effect["amount"] is None:
                e.problem("effect.amount", "missing")
                continue
            values["per"] = effect[key]
            values["per_gain"] = Resources.from_dict({resource: effect["amount"]})
    if effect["power_value_of_PI_and_academies"] is not None:
        values["passive"] = ("planetary institute and academies have power value "
                             f"{effect['power_value_of_PI_and_academies']}")
    prov, src = _origin(v, source)
    return TechTile(v["id"], advanced, v["kind"], v["text"], **values, provenance=prov,
                    source=src)


def _booster(e: DataEntry, v: dict[str, Any], source: str) -> Booster:
    extra = v["extra"]
    action, per, vp = "", "", 0
    if extra is not None:
        action, per = extra["action"], extra["on_pass_vp_per"]
        if per:
            if extra["amount"] is None:
                e.problem("extra.amount", "missing")
            vp = extra["amount"] or 0
        if not action and not per:
            e.problem("extra", "must give an action or an on_pass_vp_per")
    return Booster(v["id"], _resources(v["income"]["income"]), v["text"], action, per, vp,
                   *_origin(v, source))


def _board(v: dict[str, Any], source: str) -> PlayerBoard:
    bowls = v["starting_power_bowls"]
    structures = []
    for sid in _STRUCTURES:
        raw = v["structures"][sid]
        alone = raw["cost_if_no_opponent_structure_within_2"]
        income_by = tuple(Resources() if item == "nothing" else Resources.from_dict(
            {item.split()[1]: int(item.split()[0])})
            for item in raw["income_revealed_when_built"] or ())
        structures.append(Structure(
            sid, raw["count"], _resources(raw["cost"]), raw["power_value"], income_by,
            _resources(raw["income_when_built"]), None if alone is None else _resources(alone),
            raw["upgrades_from"], raw["on_build"], raw["special_action"]))
    caps = {k: n for k, n in v["resource_caps"].items() if isinstance(n, int)}
    prov, src = _origin(v, source)
    return PlayerBoard(
        _resources(v["starting_resources"]),
        (bowls.get("I", 0), bowls.get("II", 0), bowls.get("III", 0), bowls.get("gaia_area", 0)),
        _resources(caps), _resources(v["base_income_each_round"]), tuple(structures),
        terraform_cost=(3, 3, 2, 1, 1, 1),
        range_by_level=(1, 1, 2, 2, 3, 4),
        gaia_project_cost=(0, 6, 6, 4, 3, 3),
        provenance=prov, source=src,
    )


def _check_board_tables(doc: DataDocument, board: PlayerBoard, problems: list[str]) -> None:
    """The per-level tables are stated in research_tracks.json; check they agree."""
    report = FileReport(doc, problems)
    tracks = doc.data.get("tracks") if isinstance(doc.data, dict) else None
    nav = tracks.get("navigation", []) if isinstance(tracks, dict) else []
    for level, raw in enumerate(nav):
        passive = raw.get("passive", "") if isinstance(raw, dict) else ""
        m = re.match(r"range (\d{1,3})\b", passive or "")
        if m and int(m.group(1)) != board.range_by_level[level]:
            report.problem(f"tracks.navigation[{level}]", f"range {m.group(1)} disagrees "
                                                          f"with {board.range_by_level[level]}")


def _research(v: dict[str, Any]) -> list[ResearchTrack]:
    tracks = []
    for track_id in RESEARCH_TRACKS:
        levels = []
        for level, lv in enumerate(v["tracks"][track_id]):
            once, once_text, per, per_gain = _gain(lv["once"])
            if lv["also"] is not None:
                once = once + _gain(lv["also"])[0]
            income, income_text, _, _ = _gain(lv["income"])
            levels.append(ResearchLevel(level, once, once_text, income, income_text,
                                        str(lv["passive"] or ""), per, per_gain))
        tracks.append(ResearchTrack(track_id, TRACK_CODES[track_id], tuple(levels)))
    return tracks


def _faction(v: dict[str, Any], source: str, board: PlayerBoard) -> Faction:
    start = {n: getattr(board.start, n) for n in RESOURCES}
    bowls = list(board.power_bowls)
    tracks: list[tuple[str, int]] = []
    base = board.base_income
    notes: list[tuple[str, str]] = []
    for key, value in v["deltas"].items():
        if key in RESOURCES:
            start[key] = value
        elif key == "power_bowls":
            for bowl, amount in value.items():
                bowls[_BOWLS.index(bowl)] = amount
        elif key == "start_track":
            tracks.extend(value.items())
        elif key == "base_income":
            base = _resources(value)
        else:
            notes.append((key, value))
    notes.extend((str(k), str(n)) for k, n in v["other_board_changes"].items())
    return Faction(
        v["id"], v["home_planet"], Resources.from_dict(start),
        (bowls[0], bowls[1], bowls[2], bowls[3]), tuple(tracks), base, v["ability"],
        v["pi_ability"], tuple(notes), *_origin(v, source))


# -- everything ----------------------------------------------------------------


def _build(docs: Mapping[str, DataDocument], problems: list[str], where: str) -> Components:
    read: dict[str, FileRead] = {}
    sources: dict[str, str] = {}
    refs = Context()
    for name in COMPONENT_FILES:
        sources[name] = _file_source(docs[name])
        context = Context(refs.refs, sources[name])
        read[name] = read_file(docs[name], SCHEMAS[name], problems, context)

    def rows(name: str, section: str) -> list[tuple[DataEntry, dict[str, Any]]]:
        return [(r.entry, r.values) for r in read[name].rows[section] if r.values is not None]

    def keep(e: DataEntry, value: _T) -> _T | None:
        return value if e.ok else None

    def good(values: Sequence[_T | None]) -> list[_T]:
        return [v for v in values if v is not None]

    src = sources
    sectors = good([keep(e, _sector(e, v, src["sectors.json"]))
                    for e, v in rows("sectors.json", "sectors")])
    configs = _map_configurations(docs["sectors.json"], problems, refs)
    check_references({"sectors": [str(r.ident) for r in read["sectors.json"].rows["sectors"]]},
                     refs)
    techs = good([keep(e, _tech(e, v, src["tech_tiles.json"], section == "advanced"))
                  for section in ("standard", "advanced")
                  for e, v in rows("tech_tiles.json", section)])
    boosters = good([keep(e, _booster(e, v, src["round_boosters.json"]))
                     for e, v in rows("round_boosters.json", "boosters")])
    rounds = [RoundScoringTile(v["id"], v["vp_each_time"], v["event"],
                               *_origin(v, src["round_scoring.json"]))
              for _, v in rows("round_scoring.json", "tiles")]
    finals = [FinalScoringTile(v["id"], v["counts"], v["neutral_player_count"],
                               *_origin(v, src["final_scoring.json"]))
              for _, v in rows("final_scoring.json", "tiles")]
    awards_raw = read["final_scoring.json"].values.get("awards")
    awards = tuple(awards_raw.get(k, 0) if isinstance(awards_raw, dict) else 0
                   for k in ("1st", "2nd", "3rd"))
    if awards != (18, 12, 6) and read["final_scoring.json"].ok:
        FileReport(docs["final_scoring.json"], problems).problem(
            "awards", f"must be 18, 12 and 6, not {awards}")
    tokens = [FederationToken(v["id"], _resources(v["reward"]), v["green"], v["copies"],
                              v["note"], *_origin(v, src["federation_tokens.json"]))
              for _, v in rows("federation_tokens.json", "tokens")]
    act = "board_and_free_actions.json"
    actions = [BoardAction(v["id"], kind, v[f"cost_{kind}"], *_gain(v["gain"]),
                           *_origin(v, src[act]))
               for kind in ("power", "qic") for _, v in rows(act, f"{kind}_actions")]
    frees = []
    for e, v in rows(act, "free_conversions_standard"):
        power = v["pay"].get("power", 0)
        if "power" in v["pay"] and not 1 <= power <= 8:
            e.problem("pay.power", f"{power} is out of range 1..8")
        frees.append(Conversion(_resources({k: n for k, n in v["pay"].items() if k != "power"}),
                                _resources(v["get"]), power, *_origin(v, src[act])))
    faction_frees = tuple((label, value if isinstance(value, str) else json.dumps(value))
                          for label, value in (read[act].values["free_conversions_faction"]
                                               if read[act].ok else {}).items())
    research = read["research_tracks.json"]
    tracks = _research(research.values) if research.ok else []
    board_read = read["player_board_generic.json"]
    board = (_board(board_read.values, src["player_board_generic.json"]) if board_read.ok
             else None)
    factions: list[Faction] = []
    if board is not None and research.ok:
        _check_board_tables(docs["research_tracks.json"], board, problems)
    if board is not None:
        factions = [_faction(v, src["factions.json"], board)
                    for _, v in rows("factions.json", "factions")]
    _check_sets(problems, read, factions)
    if problems or board is None:
        raise InvalidStateError(problems, source=where)
    colours = read["sectors.json"].values.get("planet_colours", {})
    return Components(
        tuple(sectors), tuple(configs), tuple(techs), tuple(boosters), tuple(rounds),
        tuple(finals), awards, tuple(tokens), tuple(actions), tuple(frees),
        faction_frees, tuple(tracks), _resources(research.values.get("advance_cost")),
        board, tuple(factions), tuple((str(k), str(v)) for k, v in colours.items()),
    )


_COMPLETE: Final[Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...]]]] = MappingProxyType({
    "sectors.json": ("sectors", ("sectors",),
                     ("1", "2", "3", "4", "5A", "5B", "6A", "6B", "7A", "7B", "8", "9", "10")),
    "tech_tiles.json": ("tiles", ("standard", "advanced"),
                        tuple(f"tech{i}" for i in range(1, 10))
                        + tuple(f"advtech{i}" for i in range(1, 16))),
    "round_boosters.json": ("boosters", ("boosters",),
                            tuple(f"booster{i}" for i in range(1, 11))),
    "round_scoring.json": ("tiles", ("tiles",), tuple(f"score{i}" for i in range(1, 11))),
    "final_scoring.json": ("tiles", ("tiles",), ("structure", "structureFed", "planetType",
                                                 "gaia", "sector", "satellite")),
    "federation_tokens.json": ("tokens", ("tokens",), tuple(f"fed{i}" for i in range(1, 7))),
    "board_and_free_actions.json": ("actions", ("power_actions", "qic_actions"),
                                    tuple(f"power{i}" for i in range(1, 8))
                                    + tuple(f"qic{i}" for i in range(1, 4))),
    "factions.json": ("factions", ("factions",), FACTION_IDS),
})
"""For each file, what its entries are, their sections and the ids the game has."""


def _check_sets(problems: list[str], read: Mapping[str, FileRead],
                factions: Sequence[Faction]) -> None:
    """The whole-set checks: each kind of component is complete."""
    for file, (what, sections, wanted) in _COMPLETE.items():
        if not read[file].ok:
            continue
        ids = {r.ident for section in sections for r in read[file].rows[section]}
        missing = [i for i in wanted if i not in ids]
        if missing:
            problems.append(f"{file}: missing {what} {', '.join(missing)}")
    homes = Counter(f.home_planet for f in factions)
    for home, n in homes.items():
        if n != 2 and len(factions) == len(FACTION_IDS):
            problems.append(f"factions.json: {n} factions live on {home}; each home type has 2")
