"""The components of Shapers of Gaia: resources, tokens, board spaces, tiles, cards, Shapers.

The rulebook gives component counts, the six Shapers' names and named abilities and a
few values in its examples, but prints no Shaper board, Species card or Biome tile.  So
every data entry carries a ``provenance``: ``rulebook`` (the rulebook states it, with the
section as ``source``), ``published`` (a public fact, with its source) or
``reconstructed`` (authored to agree with every number the rulebook gives;
``rulebook_fields`` names the fields that the rulebook does fix).  Owners of the game can
replace any file with their printed values: :func:`load_components` reads a folder and
takes each missing file from the package.

>>> c = load_components()
>>> c  # doctest: +NORMALIZE_WHITESPACE
<Components: 5 resources, 6 tokens, 18 DNA spaces, 8 Vault spaces, 6 behaviours,
 37 tiles, 54 species cards, 6 Shapers>
>>> c.shaper("maldera_rivers").ability("stasis_chambers").printed
(3, 2)
>>> print(c.tile("i_mushroom_1").describe())
i_mushroom_1 (I, mushroom): gain 1 Shard | gain 1 Seed
>>> c.resource("seed").vp_at(7), c.resource("nutrient").vp_at(4)
(4, 2)

Every problem in a data file is reported at once, each naming the file, line and field:

>>> Components.from_dicts(vault={"component": "vault", "entries": [{"id": "v1"}]})
... # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: Components.from_dicts: 4 problems:
  - vault.json: vault entry 1 (id 'v1'): field 'animal': missing
  ...
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal, TypeVar

from gaia_lab.core.datafiles import (
    ComponentSet,
    DataDocument,
    DataEntry,
    lookup,
)
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.provenance import Origin, origin_of
from gaia_lab.core.schema import (
    Anything,
    At,
    Context,
    Field,
    FileSchema,
    Flag,
    Integer,
    ListOf,
    MapOf,
    Nullable,
    Record,
    Ref,
    Row,
    Table,
    Text,
    check_references,
    optional,
    read_file,
)
from gaia_lab.games.shapers_of_gaia import board

__all__ = [
    "ABILITY_KINDS",
    "ANIMALS",
    "BIOMES",
    "COMPONENT_FILES",
    "DATA_DIR",
    "DNA_COLOURS",
    "RESOURCES",
    "Ability",
    "AnimalSpace",
    "Behavior",
    "Components",
    "DnaSpace",
    "Effect",
    "Origin",
    "Resource",
    "Shaper",
    "Species",
    "SpeciesSide",
    "Tile",
    "Token",
    "VaultSpace",
    "load_components",
]

DATA_DIR: Final = Path(__file__).resolve().with_name("data")
"""The folder of the packaged data files."""

COMPONENT_FILES: Final = (
    "resources", "tokens", "dna_spaces", "vault", "behaviors", "tiles", "species", "shapers",
)
"""The component files, each saved as ``<name>.json``."""

BASIC: Final = ("shard", "spore", "seed")
ADVANCED: Final = ("nutrient", "energy")
RESOURCES: Final = BASIC + ADVANCED
"""The five resources, basic first, in Resource Track order."""

ANIMALS: Final = ("scavenger", "herbivore", "predator")
ANIMAL_COUNTS: Final[Mapping[str, int]] = MappingProxyType(
    {"scavenger": 4, "herbivore": 4, "predator": 2}
)
"""Animals of each type per player (rulebook, Components)."""

DNA_COLOURS: Final = ("yellow", "blue", "red")
BIOMES: Final = ("water", "crystal", "forest", "mushroom", "temple", "vault")
STAGES: Final = ("S", "I", "II", "III")
BIOME_RESOURCE: Final[Mapping[str, str]] = MappingProxyType(
    {"crystal": "shard", "forest": "seed", "mushroom": "spore"}
)
"""The basic resource each single-resource biome charges (rulebook, Biome Tiles)."""

PAY_KEYS: Final = RESOURCES + ("prestige", "dna")
GAIN_KEYS: Final = RESOURCES + ("prestige", "discard", "any_basic")
_NAMES: Final[Mapping[str, str]] = MappingProxyType({
    "shard": "Shard", "spore": "Spore", "seed": "Seed", "nutrient": "Nutrient",
    "energy": "Energy", "prestige": "Prestige", "dna": "DNA token",
    "discard": "Toxicity discarded", "any_basic": "basic resource of your choice",
})

BEHAVIOR_RULES: Final = ("outer_ring", "adjacent_biome", "adjacent_animals", "not_adjacent")
"""How a Behavior side counts (see :class:`Behavior`)."""

ABILITY_KINDS: Final[Mapping[str, str]] = MappingProxyType({
    "gain": "instant", "special_card": "instant", "hand_size": "persistent",
    "movement": "persistent",
    "avian_call": "instant", "rapid_lifecycle": "instant", "swarm": "instant",
    "create_island": "persistent", "biomolecular_synthesis": "persistent",
    "recycler": "persistent", "purify_water": "instant", "clone_experiment": "instant",
    "accelerated_accretion": "persistent", "stasis_chambers": "persistent",
    "metamorphosis": "persistent", "redeploy": "persistent", "power_surge": "persistent",
    "harvester": "persistent",
})
"""Each ability kind and its timing (instant or persistent)."""

NAMED_ABILITIES: Final[Mapping[str, str]] = MappingProxyType({
    "avian_call": "telrin_aviary", "rapid_lifecycle": "synthara_lab",
    "swarm": "synthara_lab", "create_island": "oraplexis_terraria",
    "biomolecular_synthesis": "oraplexis_terraria", "recycler": "oraplexis_terraria",
    "purify_water": "maldera_rivers", "clone_experiment": "maldera_rivers",
    "accelerated_accretion": "maldera_rivers", "stasis_chambers": "maldera_rivers",
    "metamorphosis": "rastar_nursery", "redeploy": "rastar_nursery",
    "power_surge": "rastar_nursery", "harvester": "xanarin_preserve",
})
"""The abilities the rulebook names, with the Shaper it gives each to."""

PRINTED_NUMBERS: Final[Mapping[str, tuple[int, ...]]] = MappingProxyType({
    "avian_call": (5,), "rapid_lifecycle": (1,), "swarm": (2,), "create_island": (5,),
    "biomolecular_synthesis": (4,), "recycler": (4,), "clone_experiment": (2,),
    "accelerated_accretion": (2, 1), "stasis_chambers": (3, 2), "metamorphosis": (5,),
    "redeploy": (4,), "power_surge": (4, 3), "harvester": (2,),
})
"""The bracketed number(s) the rulebook prints after each ability's name."""

SPECIAL_CARDS: Final[Mapping[str, int]] = MappingProxyType({
    "telrin_aviary": 1, "synthara_lab": 2, "oraplexis_terraria": 1,
    "maldera_rivers": 1, "rastar_nursery": 3, "xanarin_preserve": 1,
})
"""Special Species cards per Shaper (rulebook, Components)."""

SHAPER_NAMES: Final[Mapping[str, str]] = MappingProxyType({
    "telrin_aviary": "Telrin Aviary", "synthara_lab": "Synthara Lab",
    "oraplexis_terraria": "Oraplexis Terraria", "maldera_rivers": "Maldera Rivers",
    "rastar_nursery": "Rastar Nursery", "xanarin_preserve": "Xanarin Preserve",
})

TOKENS: Final[Mapping[str, tuple[int, int]]] = MappingProxyType({
    "dna_yellow": (6, 0), "dna_blue": (6, 0), "dna_red": (6, 0),
    "prestige_1": (27, 1), "prestige_5": (18, 5), "toxicity": (30, -5),
})
"""Each token with its count in the box and its value (rulebook, Components, Scoring)."""

SPACE_IDS: Final = ("S1", "S2", "S3", "S4", "H1", "H2", "H3", "H4", "P1", "P2")
"""The animal spaces of a Shaper board, bottom first (the order tokens cover them)."""

_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_HEX = re.compile(r"#[0-9a-fA-F]{6}\Z")


# ---------------------------------------------------------------------------
# Entries


Amounts = tuple[tuple[str, int], ...]


def _amounts_dict(amounts: Amounts) -> dict[str, int]:
    return dict(amounts)


def _words(amounts: Amounts) -> str:
    return " and ".join(f"{n} {_NAMES[k]}" for k, n in amounts)


@functools.lru_cache(maxsize=1024)
def _describe(pay: Amounts, gain: Amounts) -> str:
    """An effect's paraphrase (found once for each of the few effects of a game)."""
    text = f"gain {_words(gain)}" if gain else "nothing"
    return f"pay {_words(pay)}: {text}" if pay else text


@dataclass(frozen=True, slots=True)
class Effect:
    """A card or tile effect: an optional payment and a gain.

    An effect with a payment is a conversion; Nutrients or Energy that are missing may
    be paid with Toxicity tokens, Prestige may not.

    >>> e = Effect(pay=(("nutrient", 1),), gain=(("shard", 1), ("prestige", 2)))
    >>> e.is_conversion, e.describe()
    (True, 'pay 1 Nutrient: gain 1 Shard and 2 Prestige')
    >>> Effect(gain=(("discard", 1),)).describe()
    'gain 1 Toxicity discarded'
    """

    pay: Amounts = ()
    gain: Amounts = ()

    @property
    def is_conversion(self) -> bool:
        """Whether the effect asks for a payment."""
        return bool(self.pay)

    def describe(self) -> str:
        """A short paraphrase."""
        return _describe(self.pay, self.gain)

    def to_dict(self) -> dict[str, Any]:
        return {"pay": _amounts_dict(self.pay), "gain": _amounts_dict(self.gain)}


@dataclass(frozen=True, slots=True)
class Resource:
    """A resource and its column of the Resource Track.

    >>> r = load_components().resource("energy")
    >>> r.kind, r.start, r.max, r.vp
    ('advanced', 1, 5, (0, 0, 1, 1, 2, 3))
    """

    id: str
    name: str
    kind: Literal["basic", "advanced"]
    biome: str | None
    """The biome whose animals this resource pays for (basic resources only)."""
    colour: str
    start: int
    max: int
    """The highest level; gains beyond it are lost."""
    vp: tuple[int, ...]
    """VP at the end for each level 0..max."""
    origin: Origin

    def vp_at(self, level: int) -> int:
        """The VP this resource scores at ``level``."""
        return self.vp[max(0, min(level, self.max))]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "biome": self.biome,
                "colour": self.colour, "start": self.start, "max": self.max,
                "vp": list(self.vp), **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Token:
    """A kind of token with its count in the box.

    >>> t = load_components().token("prestige_5")
    >>> t.count, t.value
    (18, 5)
    """

    id: str
    name: str
    kind: Literal["dna", "prestige", "toxicity"]
    colour: str | None
    count: int
    value: int
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "colour": self.colour,
                "count": self.count, "value": self.value, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class DnaSpace:
    """A board space where a DNA token starts.

    >>> d = load_components().dna_spaces[0]
    >>> d.label, d.colour, d.space
    ('B1', 'yellow', Hex(q=1, r=1))
    """

    label: str
    colour: str
    origin: Origin

    @property
    def space(self) -> Hex:
        return board.parse_space(self.label)

    def to_dict(self) -> dict[str, Any]:
        return {"space": self.label, "colour": self.colour, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class VaultSpace:
    """A space of the Vault for one animal type.

    >>> v = load_components().vault_space("vh1")
    >>> v.animal, v.vp, v.three_players_only
    ('herbivore', 2, False)
    """

    id: str
    animal: str
    vp: int
    three_players_only: bool
    """Marked with the icon: not used in a 2-player game."""
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "animal": self.animal, "vp": self.vp,
                "three_players_only": self.three_players_only, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Behavior:
    """One side of a Behavior card: how it scores your animals on the board.

    ``rule`` is one of :data:`BEHAVIOR_RULES`: ``outer_ring`` (points per own ``animal``
    on the outer ring), ``adjacent_biome`` (points per ``target`` tile next to each own
    ``animal``), ``adjacent_animals`` (points per ``target`` animal, of the player or of
    ``any`` player as ``counts`` says, next to each own ``animal``), ``not_adjacent``
    (points per own ``animal`` with no ``target`` animal next to it).

    >>> b = load_components().behavior("3B")
    >>> b.animal, b.rule, b.target, b.points
    ('predator', 'adjacent_animals', 'herbivore', 2)
    """

    id: str
    card: int
    side: Literal["A", "B"]
    animal: str
    rule: str
    counts: Literal["own", "any"]
    target: str | None
    points: int
    summary: str
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card, "side": self.side, "animal": self.animal,
                "rule": self.rule, "counts": self.counts, "target": self.target,
                "points": self.points, "summary": self.summary, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Tile:
    """A Biome tile: its back (``S`` for the starting tiles), biome, actions, extra cost.

    >>> t = load_components().tile("ii_crystal_1")
    >>> t.stage, t.biome, t.extra_cost
    ('II', 'crystal', (('nutrient', 1),))
    >>> t.is_land, load_components().tile("s_water_1").caretaker_icon
    (True, True)
    """

    id: str
    stage: str
    biome: str
    actions: tuple[Effect, ...]
    """The two actions (none on starting tiles)."""
    extra_cost: Amounts
    """The extra cost of introducing an animal here."""
    caretaker_icon: bool
    origin: Origin

    @property
    def is_land(self) -> bool:
        """Every biome but Water is land (the Vault included)."""
        return self.biome != "water"

    def describe(self) -> str:
        acts = " | ".join(a.describe() for a in self.actions) or "no actions"
        extra = f"; extra cost {_words(self.extra_cost)}" if self.extra_cost else ""
        return f"{self.id} ({self.stage}, {self.biome}): {acts}{extra}"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "stage": self.stage, "biome": self.biome,
                "actions": [a.to_dict() for a in self.actions],
                "extra_cost": _amounts_dict(self.extra_cost),
                "caretaker_icon": self.caretaker_icon, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class SpeciesSide:
    """One side of a Species card: its effect and the DNA icons it can hold."""

    effect: Effect
    dna: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"effect": self.effect.to_dict(), "dna": list(self.dna)}


@dataclass(frozen=True, slots=True)
class Species:
    """A Species card (two sides) or a special Species card (one side).

    >>> s = load_components().species_card("p01")
    >>> s.animal, s.sides[0].effect.describe(), s.sides[0].dna
    ('predator', 'pay 1 Nutrient: gain 1 Shard and 2 Prestige', ('yellow',))
    >>> load_components().species_card("sp_telrin").sides[0].dna
    ('yellow', 'blue', 'red')
    """

    id: str
    animal: str
    special_for: str | None
    """The Shaper owning a special card, None for the 45 deck cards."""
    sides: tuple[SpeciesSide, ...]
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "animal": self.animal, "special_for": self.special_for,
                "sides": [s.to_dict() for s in self.sides], **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class AnimalSpace:
    """An animal space of a Shaper board: the animal, its cost and the VP printed under it."""

    id: str
    animal: str
    vp: int
    cost: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "animal": self.animal, "vp": self.vp, "cost": self.cost}


@dataclass(frozen=True, slots=True)
class Ability:
    """A Shaper ability or upgrade, unlocked by one or two animal spaces.

    >>> a = load_components().shaper("rastar_nursery").ability("metamorphosis")
    >>> a.timing, a.unlocked_by, a.printed, a.use_cost[0], a.origin.provenance
    ('persistent', ('P1', 'P2'), (5,), (('energy', 1),), 'rulebook')
    """

    id: str
    kind: str
    name: str
    timing: Literal["instant", "persistent"]
    unlocked_by: tuple[str, ...]
    """The spaces that unlock it, first unlock first."""
    printed: tuple[int, ...] | None
    """The bracketed number(s) the rulebook prints after its name, if any."""
    use_cost: tuple[Amounts, ...]
    """A cost per use at each level (empty when free)."""
    params: Mapping[str, Any]
    summary: str
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "name": self.name, "timing": self.timing,
                "unlocked_by": list(self.unlocked_by),
                "printed": list(self.printed) if self.printed is not None else None,
                "use_cost": [_amounts_dict(c) for c in self.use_cost],
                "params": dict(self.params), "summary": self.summary,
                **self.origin.to_dict()}


_E = TypeVar("_E")


def _grouped(entries: Iterable[_E], key: Callable[[_E], str]) -> dict[str, tuple[_E, ...]]:
    """Entries grouped by ``key``, each group in the order given."""
    groups: dict[str, list[_E]] = {}
    for entry in entries:
        groups.setdefault(key(entry), []).append(entry)
    return {k: tuple(v) for k, v in groups.items()}


@dataclass(frozen=True, slots=True)
class Shaper:
    """A Shaper board: 10 animal spaces and the abilities they unlock.

    >>> s = load_components().shaper("telrin_aviary")
    >>> [sp.vp for sp in s.spaces]
    [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    >>> s.unlocks("P1").name, s.space("S1").cost
    ('Avian Call', 1)
    """

    id: str
    name: str
    special_cards: int
    spaces: tuple[AnimalSpace, ...]
    abilities: tuple[Ability, ...]
    origin: Origin
    _spaces: dict[str, AnimalSpace] = field(init=False, repr=False, compare=False)
    _abilities: dict[str, Ability] = field(init=False, repr=False, compare=False)
    _kinds: dict[str, tuple[Ability, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_spaces", {s.id: s for s in self.spaces})
        object.__setattr__(self, "_abilities", {a.id: a for a in self.abilities})
        object.__setattr__(self, "_kinds", _grouped(self.abilities, lambda a: a.kind))

    def abilities_of(self, kind: str) -> tuple[Ability, ...]:
        """The abilities of one kind, in board order (none for most kinds).

        >>> [a.id for a in load_components().shaper("telrin_aviary").abilities_of("movement")]
        ['telrin_move']
        """
        return self._kinds.get(kind, ())

    def space(self, space_id: str) -> AnimalSpace:
        found = self._spaces.get(space_id)
        return lookup(self._spaces, space_id, "animal space") if found is None else found

    def ability(self, ability_id: str) -> Ability:
        found = self._abilities.get(ability_id)
        return lookup(self._abilities, ability_id, "ability") if found is None else found

    def unlocks(self, space_id: str) -> Ability:
        """The ability the space unlocks."""
        for a in self.abilities:
            if space_id in a.unlocked_by:
                return a
        raise KeyError(f"space {space_id!r} of {self.name} unlocks nothing")

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "special_cards": self.special_cards,
                "spaces": [s.to_dict() for s in self.spaces],
                "abilities": [a.to_dict() for a in self.abilities], **self.origin.to_dict()}


# ---------------------------------------------------------------------------
# The whole set


@dataclass(frozen=True, slots=True)
class _Index:
    """Lookups by id, built once per component set."""

    resources: dict[str, Resource]
    tokens: dict[str, Token]
    vault: dict[str, VaultSpace]
    behaviors: dict[str, Behavior]
    tiles: dict[str, Tile]
    species: dict[str, Species]
    shapers: dict[str, Shaper]
    in_two: tuple[VaultSpace, ...]
    """The Vault spaces used in a two-player game (every space with three)."""
    stages: dict[str, tuple[Tile, ...]]
    """The tiles of each back, in file order."""
    decks: dict[str, tuple[Species, ...]]
    """The deck cards of each animal type, in file order."""


@dataclass(frozen=True, slots=True)
class Components(ComponentSet):
    """Every component of the game, validated.

    >>> c = load_components()
    >>> c.provenance["tokens"], c.provenance["shapers"]
    ({'rulebook': 6}, {'reconstructed': 6})
    >>> len(c.deck("herbivore")), len(c.specials("rastar_nursery"))
    (15, 3)
    """

    FILES: ClassVar[tuple[str, ...]] = COMPONENT_FILES
    DATA_DIR: ClassVar[Path] = DATA_DIR

    resources: tuple[Resource, ...]
    tokens: tuple[Token, ...]
    dna_spaces: tuple[DnaSpace, ...]
    vault: tuple[VaultSpace, ...]
    behaviors: tuple[Behavior, ...]
    tiles: tuple[Tile, ...]
    species: tuple[Species, ...]
    shapers: tuple[Shaper, ...]
    provenance_notes: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    origins: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The file each component was read from."""
    _index: _Index = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", _Index(
            {r.id: r for r in self.resources}, {t.id: t for t in self.tokens},
            {v.id: v for v in self.vault}, {b.id: b for b in self.behaviors},
            {t.id: t for t in self.tiles}, {s.id: s for s in self.species},
            {s.id: s for s in self.shapers},
            tuple(v for v in self.vault if not v.three_players_only),
            _grouped(self.tiles, lambda t: t.stage),
            _grouped((s for s in self.species if s.special_for is None), lambda s: s.animal)))

    def __repr__(self) -> str:
        return (
            f"<Components: {len(self.resources)} resources, {len(self.tokens)} tokens, "
            f"{len(self.dna_spaces)} DNA spaces, {len(self.vault)} Vault spaces, "
            f"{len(self.behaviors)} behaviours, {len(self.tiles)} tiles, "
            f"{len(self.species)} species cards, {len(self.shapers)} Shapers>"
        )

    def resource(self, rid: str) -> Resource:
        found = self._index.resources.get(rid)
        return lookup(self._index.resources, rid, "resource") if found is None else found

    def token(self, tid: str) -> Token:
        return lookup(self._index.tokens, tid, "token")

    def vault_space(self, vid: str) -> VaultSpace:
        return lookup(self._index.vault, vid, "Vault space")

    def vault_spaces(self, players: int) -> tuple[VaultSpace, ...]:
        """The Vault spaces in use with this many players.

        >>> len(load_components().vault_spaces(2)), len(load_components().vault_spaces(3))
        (5, 8)
        """
        return self.vault if players >= 3 else self._index.in_two

    def behavior(self, bid: str) -> Behavior:
        return lookup(self._index.behaviors, bid, "Behavior side")

    def tile(self, tid: str) -> Tile:
        found = self._index.tiles.get(tid)
        return lookup(self._index.tiles, tid, "tile") if found is None else found

    def stage(self, stage: str) -> tuple[Tile, ...]:
        """The tiles with this back (``S``, ``I``, ``II`` or ``III``)."""
        return self._index.stages.get(stage, ())

    def species_card(self, sid: str) -> Species:
        found = self._index.species.get(sid)
        return lookup(self._index.species, sid, "Species card") if found is None else found

    def deck(self, animal: str) -> tuple[Species, ...]:
        """The 15 deck cards of one animal type."""
        return self._index.decks.get(animal, ())

    def specials(self, shaper_id: str) -> tuple[Species, ...]:
        """The special Species cards of a Shaper."""
        return tuple(s for s in self.species if s.special_for == shaper_id)

    def shaper(self, sid: str) -> Shaper:
        found = self._index.shapers.get(sid)
        return lookup(self._index.shapers, sid, "Shaper") if found is None else found

    def dna_at(self) -> dict[Hex, str]:
        """The colour of the DNA token starting on each DNA space."""
        return {d.space: d.colour for d in self.dna_spaces}

    def groups(self) -> dict[str, Sequence[Any]]:
        """The entries of each component file, by file."""
        return {"resources": self.resources, "tokens": self.tokens,
                "dna_spaces": self.dna_spaces, "vault": self.vault,
                "behaviors": self.behaviors, "tiles": self.tiles, "species": self.species,
                "shapers": self.shapers}

    @classmethod
    def from_documents(cls, documents: Sequence[DataDocument], problems: list[str],
                       where: str) -> Components:
        return _build(documents, problems, where)


# ---------------------------------------------------------------------------
# Loading


def load_components(directory: str | Path | None = None) -> Components:
    """Load and validate the component files.

    With no ``directory``, the packaged files (cached).  Otherwise each
    ``<component>.json`` in ``directory`` replaces the packaged one and a missing file
    falls back to the package.  Raises :class:`InvalidStateError` listing every problem,
    each with its file, line and field.

    >>> load_components().provenance_summary()  # doctest: +NORMALIZE_WHITESPACE
    'reconstructed: resources 5/5, tokens 0/6, dna_spaces 18/18, vault 8/8,
     behaviors 6/6, tiles 30/37, species 54/54, shapers 6/6'
    >>> load_components() is load_components()
    True
    """
    return _load_default() if directory is None else Components.load(directory)


@functools.lru_cache(maxsize=1)
def _load_default() -> Components:
    return Components.load(DATA_DIR)


def _amounts(keys: Sequence[str]) -> MapOf:
    return MapOf(Integer(1, 9), tuple(keys))


class _EffectNode:
    """An effect: an optional payment and a gain of something."""

    shape = Record({"pay": optional(_amounts(PAY_KEYS), {}), "gain": Field(_amounts(GAIN_KEYS))})

    def read(self, value: Any, at: At) -> Any:
        values = self.shape.read(value, at)
        if isinstance(values, dict) and values.get("gain") == {}:
            at.key("gain").problem("an effect must gain something")
        return values


_TEXT = Field(Text())
_ANIMAL = Field(Text(choices=ANIMALS))
_LABEL = Field(Text(pattern=_ID, what="a lower-case id like 'i_mushroom_1'"))

_ABILITY = Record({
    "id": _LABEL, "kind": Field(Text(choices=tuple(ABILITY_KINDS))), "name": _TEXT,
    "timing": Field(Text(choices=("instant", "persistent"))),
    "unlocked_by": Field(ListOf(Text(choices=SPACE_IDS), 1, 2)),
    "printed": optional(Nullable(ListOf(Integer())), None),
    "use_cost": optional(ListOf(_amounts(PAY_KEYS)), []),
    "params": optional(MapOf(Anything()), {}), "summary": _TEXT,
}, origin="optional")

TABLES: Final[Mapping[str, Table]] = MappingProxyType({
    "resources": Table(Record({
        "id": Field(Text(choices=RESOURCES)), "name": _TEXT,
        "kind": Field(Text(choices=("basic", "advanced"))), "biome": Field(Nullable(Text())),
        "colour": Field(Text(pattern=_HEX, what="a CSS hex colour like '#8e44ad'")),
        "start": Field(Integer(0, 20)), "max": Field(Integer(1, 20)),
        "vp": Field(ListOf(Integer()))}, origin=True)),
    "tokens": Table(Record({
        "id": Field(Text(choices=tuple(TOKENS))), "name": _TEXT,
        "kind": Field(Text(choices=("dna", "prestige", "toxicity"))),
        "colour": Field(Nullable(Text(choices=DNA_COLOURS))), "count": Field(Integer(1, 99)),
        "value": Field(Integer(-9, 9))}, origin=True)),
    "dna_spaces": Table(Record({
        "space": _TEXT, "colour": Field(Text(choices=DNA_COLOURS))}, origin=True), key="space"),
    "vault": Table(Record({
        "id": _LABEL, "animal": _ANIMAL, "vp": Field(Integer(0, 9)),
        "three_players_only": Field(Flag())}, origin=True)),
    "behaviors": Table(Record({
        "id": _TEXT, "card": Field(Integer(1, 3)), "side": Field(Text(choices=("A", "B"))),
        "animal": _ANIMAL, "rule": Field(Text(choices=BEHAVIOR_RULES)),
        "counts": Field(Text(choices=("own", "any"))), "target": Field(Nullable(Text())),
        "points": Field(Integer(1, 9)), "summary": _TEXT}, origin=True)),
    "tiles": Table(Record({
        "id": _LABEL, "stage": Field(Text(choices=STAGES)), "biome": Field(Text(choices=BIOMES)),
        "actions": Field(ListOf(_EffectNode())), "extra_cost": Field(_amounts(RESOURCES)),
        "caretaker_icon": Field(Flag())}, origin=True)),
    "species": Table(Record({
        "id": _LABEL, "animal": _ANIMAL,
        "special_for": Field(Nullable(Ref("shapers", Text(choices=tuple(SPECIAL_CARDS))))),
        "sides": Field(ListOf(Record({
            "effect": Field(_EffectNode()),
            "dna": Field(ListOf(Text(choices=DNA_COLOURS), 1))})))}, origin=True)),
    "shapers": Table(Record({
        "id": Field(Text(choices=tuple(SHAPER_NAMES))), "name": _TEXT,
        "special_cards": Field(Integer(0, 3)),
        "spaces": Field(ListOf(Record({
            "id": _TEXT, "animal": _ANIMAL, "vp": Field(Integer(0, 9)),
            "cost": Field(Integer(1, 9))}))),
        "abilities": Field(ListOf(_ABILITY))}, origin=True)),
})
"""The schema of each component file's entries."""


def _file(component: str) -> FileSchema:
    return FileSchema((TABLES[component],), {
        "component": Field(Text(choices=(component,))),
        "provenance_note": optional(Text(empty=True), "")},
        what='{"component": ..., "entries": [...]}')


def _pairs(amounts: Mapping[str, int]) -> Amounts:
    return tuple(amounts.items())


def _effect(v: Mapping[str, Any]) -> Effect:
    return Effect(_pairs(v["pay"]), _pairs(v["gain"]))


# -- each entry: the rulebook's checks, then the value ---------------------------------


def _resource(e: DataEntry, v: dict[str, Any]) -> Resource:
    rid, kind, biome, top, start, vp = (v[k] for k in ("id", "kind", "biome", "max", "start",
                                                      "vp"))
    home = {r: b for b, r in BIOME_RESOURCE.items()}
    if rid in BASIC and biome != home[rid]:
        e.problem("biome", f"{rid!r} pays for animals in the {home[rid]!r} biome")
    if rid in ADVANCED and biome is not None:
        e.problem("biome", "advanced resources belong to no biome")
    if (rid in BASIC) != (kind == "basic"):
        e.problem("kind", f"{rid!r} is a {'basic' if rid in BASIC else 'advanced'} resource")
    if start > top:
        e.problem("start", f"{start} is above the maximum {top}")
    if len(vp) != top + 1:
        e.problem("vp", f"{len(vp)} values; levels 0..{top} need {top + 1}")
    elif any(b < a for a, b in zip(vp, vp[1:], strict=False)):
        e.problem("vp", "VP must not fall as the level rises")
    return Resource(rid, v["name"], kind, biome, v["colour"], start, top, tuple(vp),
                    origin_of(v))


def _token(e: DataEntry, v: dict[str, Any]) -> Token:
    tid, colour, count, value = v["id"], v["colour"], v["count"], v["value"]
    if (count, value) != TOKENS[tid]:
        e.problem("count", f"the box holds {TOKENS[tid][0]} of {tid!r}, worth "
                           f"{TOKENS[tid][1]}, not {count} worth {value}")
    if tid.startswith("dna_") and colour != tid[4:]:
        e.problem("colour", f"{tid!r} is {tid[4:]}")
    return Token(tid, v["name"], v["kind"], colour, count, value, origin_of(v))


def _dna(e: DataEntry, v: dict[str, Any]) -> DnaSpace:
    text = v["space"]
    try:
        space = board.parse_space(text)
        if board.ring_of(space) < 2:
            e.problem("space", f"{text!r} holds a starting tile; DNA spaces lie in "
                               "rings 2 and 3")
        elif board.label(space) != text:
            e.problem("space", f"write {text!r} as its label {board.label(space)!r}")
    except ValueError as exc:
        e.problem("space", str(exc))
    return DnaSpace(text, v["colour"], origin_of(v))


def _vault(e: DataEntry, v: dict[str, Any]) -> VaultSpace:
    return VaultSpace(v["id"], v["animal"], v["vp"], v["three_players_only"], origin_of(v))


def _behavior(e: DataEntry, v: dict[str, Any]) -> Behavior:
    card, side, rule, target = v["card"], v["side"], v["rule"], v["target"]
    if v["id"] != f"{card}{side}":
        e.problem("id", f"card {card} side {side} has the id {card}{side}")
    wanted: tuple[str, ...] = {"outer_ring": (), "adjacent_biome": BIOMES}.get(rule, ANIMALS)
    if not wanted and target is not None:
        e.problem("target", f"{rule!r} takes no target")
    elif wanted and target not in wanted:
        e.problem("target", f"{rule!r} needs a target among {', '.join(wanted)}")
    return Behavior(v["id"], card, side, v["animal"], rule, v["counts"], target, v["points"],
                    v["summary"], origin_of(v))


def _tile(e: DataEntry, v: dict[str, Any]) -> Tile:
    stage, biome, actions, extra, icon = (v[k] for k in ("stage", "biome", "actions",
                                                        "extra_cost", "caretaker_icon"))
    wanted = 0 if stage == "S" else 2
    if len(actions) != wanted:
        e.problem("actions", f"{len(actions)} actions; a "
                             f"{'starting' if stage == 'S' else 'Biome'} tile has {wanted}")
    if biome == "water" and extra:
        e.problem("extra_cost", "no animal is introduced on Water, so it has no extra cost")
    if biome == "vault" and stage != "S":
        e.problem("biome", "the Vault is a starting tile")
    if icon and (biome != "water" or stage != "S"):
        e.problem("caretaker_icon", "only a starting Water tile shows the Caretaker icon")
    return Tile(v["id"], stage, biome, tuple(_effect(a) for a in actions), _pairs(extra), icon,
                origin_of(v))


def _species(e: DataEntry, v: dict[str, Any]) -> Species:
    special, sides = v["special_for"], v["sides"]
    for i, side in enumerate(sides):
        if special is None and len(side["dna"]) != 1:
            e.problem(f"sides[{i}].dna", "a deck card holds one DNA token")
    wanted = 1 if special else 2
    if len(sides) != wanted:
        e.problem("sides", f"{len(sides)} sides; a {'special' if special else 'deck'} card "
                           f"has {wanted}")
    return Species(v["id"], v["animal"], special,
                   tuple(SpeciesSide(_effect(s["effect"]), tuple(s["dna"])) for s in sides),
                   origin_of(v))


def _shaper(e: DataEntry, v: dict[str, Any]) -> Shaper:
    sid, name, specials = v["id"], v["name"], v["special_cards"]
    if name != SHAPER_NAMES[sid]:
        e.problem("name", f"{sid!r} is named {SHAPER_NAMES[sid]!r}")
    if specials != SPECIAL_CARDS[sid]:
        e.problem("special_cards", f"{SHAPER_NAMES[sid]} has {SPECIAL_CARDS[sid]}")
    spaces = [AnimalSpace(s["id"], s["animal"], s["vp"], s["cost"]) for s in v["spaces"]]
    if [s.id for s in spaces] != list(SPACE_IDS):
        e.problem("spaces", f"the spaces must be {', '.join(SPACE_IDS)} in this order")
    else:
        for s in spaces:
            want = {"S": "scavenger", "H": "herbivore", "P": "predator"}[s.id[0]]
            if s.animal != want:
                e.problem("spaces", f"space {s.id} holds a {want}, not {s.animal!r}")
    vp_of = {s.id: s.vp for s in spaces}
    origin = origin_of(v)
    abilities: list[Ability] = []
    unlocked: Counter[str] = Counter()
    for i, a in enumerate(v["abilities"]):
        p = f"abilities[{i}]."
        kind, by, printed = a["kind"], a["unlocked_by"], a["printed"]
        if a["timing"] != ABILITY_KINDS[kind]:
            e.problem(p + "timing", f"{kind!r} is {ABILITY_KINDS[kind]}")
        if kind in NAMED_ABILITIES and NAMED_ABILITIES[kind] != sid:
            e.problem(p + "kind", f"{kind!r} belongs to {SHAPER_NAMES[NAMED_ABILITIES[kind]]}")
        unlocked.update(by)
        if printed is not None and printed != [vp_of.get(b) for b in by][: len(printed)]:
            e.problem(p + "printed", f"{printed} must be the VP of its spaces {', '.join(by)}")
        if kind in PRINTED_NUMBERS and (printed is None
                                        or tuple(printed) != PRINTED_NUMBERS[kind]):
            e.problem(p + "printed", f"the rulebook prints {list(PRINTED_NUMBERS[kind])}")
        if len(a["use_cost"]) != len(by):
            e.problem(p + "use_cost", "must list one cost per unlocking space")
        params = a["params"]
        if kind == "gain":
            _amounts(GAIN_KEYS).read(params.get("gain"), At(e.problem, p + "params.gain"))
        abilities.append(Ability(
            a["id"], kind, a["name"], a["timing"], tuple(by),
            tuple(printed) if printed is not None else None,
            tuple(_pairs(c) for c in a["use_cost"]), MappingProxyType(dict(params)),
            a["summary"], origin_of(a) if a["provenance"] is not None else origin))
    for space in SPACE_IDS:
        if unlocked[space] != 1 and len(spaces) == len(SPACE_IDS):
            e.problem("abilities", f"space {space} unlocks {unlocked[space]} abilities; "
                                   "every space unlocks exactly one")
    has_special = any(a.kind in ("special_card", "rapid_lifecycle") for a in abilities)
    if has_special != (specials > 0):
        e.problem("abilities", "a Shaper with special cards needs a space that uses them")
    return Shaper(sid, name, specials, tuple(spaces), tuple(abilities), origin)


_MAKE: Final[Mapping[str, Callable[[DataEntry, dict[str, Any]], Any]]] = MappingProxyType({
    "resources": _resource, "tokens": _token, "dna_spaces": _dna, "vault": _vault,
    "behaviors": _behavior, "tiles": _tile, "species": _species, "shapers": _shaper,
})


def _build(documents: Sequence[DataDocument], problems: list[str], where: str) -> Components:
    docs = {d.component: d for d in documents}
    context = Context()
    read = {name: read_file(docs[name], _file(name), problems, context)
            for name in COMPONENT_FILES}
    got: dict[str, list[Row]] = {name: read[name].rows["entries"] for name in COMPONENT_FILES}
    check_references({name: [r.ident for r in rows] for name, rows in got.items()}, context)

    def make(name: str, row: Row) -> Any:
        if row.values is None:
            return None
        value = _MAKE[name](row.entry, row.values)
        return value if row.entry.ok else None

    made = {name: [make(name, row) for row in got[name]] for name in COMPONENT_FILES}
    values = {name: [v for v in made[name] if v is not None] for name in COMPONENT_FILES}
    complete = {name: bool(got[name]) and len(values[name]) == len(got[name])
                for name in COMPONENT_FILES}

    def whole(component: str, message: str) -> None:
        if read[component].ok:
            problems.append(f"{docs[component].name}: {message}")

    def ids(name: str) -> list[Any]:
        return [row.ident for row in got[name]]

    if sorted(map(str, ids("resources"))) != sorted(RESOURCES):
        whole("resources", f"the game has the resources {', '.join(RESOURCES)}")
    if sorted(map(str, ids("tokens"))) != sorted(TOKENS):
        whole("tokens", f"the game has the tokens {', '.join(TOKENS)}")
    dna_total = sum(TOKENS[f"dna_{c}"][0] for c in DNA_COLOURS)
    colours = Counter(str(row.entry.raw.get("colour")) for row in got["dna_spaces"])
    if len(got["dna_spaces"]) != dna_total or any(
            colours[c] != TOKENS[f"dna_{c}"][0] for c in DNA_COLOURS):
        whole("dna_spaces", f"{len(got['dna_spaces'])} spaces "
                            f"({', '.join(f'{colours[c]} {c}' for c in DNA_COLOURS)}); "
                            f"the 18 DNA tokens need 6 spaces of each colour")
    vault: list[VaultSpace] = values["vault"]
    if complete["vault"] and {v.animal for v in vault if not v.three_players_only} != set(
            ANIMALS):
        whole("vault", "every animal type needs a Vault space used with 2 players")
    if sorted(map(str, ids("behaviors"))) != ["1A", "1B", "2A", "2B", "3A", "3B"]:
        whole("behaviors", "the 3 Behavior cards need sides 1A, 1B, 2A, 2B, 3A, 3B")
    for card in (1, 2, 3):
        if len({b.animal for b in values["behaviors"] if b.card == card}) > 1:
            whole("behaviors", f"both sides of card {card} must score the same animal")
    if complete["tiles"]:
        tiles: list[Tile] = values["tiles"]
        start = Counter(t.biome for t in tiles if t.stage == "S")
        if start != Counter({"vault": 1, "water": 3, "forest": 1, "crystal": 1, "mushroom": 1}):
            whole("tiles", "the 7 starting tiles are the Vault, a Forest, a Crystal, a "
                           "Mushroom and 3 Water tiles")
        if sum(t.caretaker_icon for t in tiles) != 1:
            whole("tiles", "exactly one starting Water tile shows the Caretaker icon")
        for stage in ("I", "II", "III"):
            n = sum(1 for t in tiles if t.stage == stage)
            if n != 10:
                whole("tiles", f"{n} tiles with back {stage}; each back has 10")
    if complete["species"]:
        cards: list[Species] = values["species"]
        for animal in ANIMALS:
            n = sum(1 for s in cards if s.animal == animal and s.special_for is None)
            if n != 15:
                whole("species", f"{n} {animal} cards; each deck has 15")
        owned = Counter(s.special_for for s in cards if s.special_for)
        for sid, n in SPECIAL_CARDS.items():
            if owned[sid] != n:
                whole("species", f"{owned[sid]} special cards for {SHAPER_NAMES[sid]}; "
                                 f"it has {n}")
    if sorted(map(str, ids("shapers"))) != sorted(SHAPER_NAMES):
        whole("shapers", f"the six Shapers are {', '.join(SHAPER_NAMES)}")
    if complete["shapers"]:
        given = Counter(a.kind for s in values["shapers"] for a in s.abilities)
        for kind in NAMED_ABILITIES:
            if given[kind] != 1:
                whole("shapers", f"{given[kind]} abilities of kind {kind!r}; the "
                                 "rulebook gives it to exactly one Shaper")
    if problems:
        raise InvalidStateError(problems, source=where)
    return Components(
        resources=tuple(values["resources"]), tokens=tuple(values["tokens"]),
        dna_spaces=tuple(values["dna_spaces"]), vault=tuple(values["vault"]),
        behaviors=tuple(values["behaviors"]), tiles=tuple(values["tiles"]),
        species=tuple(values["species"]), shapers=tuple(values["shapers"]),
        provenance_notes=tuple((n, str(read[n].values["provenance_note"]))
                               for n in COMPONENT_FILES),
        origins=tuple((d.component, d.path) for d in documents),
    )
