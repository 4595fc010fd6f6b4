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
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal, TypeVar, cast

from gaia_lab.core.datafiles import DataDocument as _Document
from gaia_lab.core.datafiles import DataEntry, lookup, read_documents
from gaia_lab.core.datafiles import read_document as _read_document
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.hexgrid import Hex
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

Provenance = Literal["rulebook", "published", "reconstructed"]
PROVENANCES: Final = ("rulebook", "published", "reconstructed")

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
_T = TypeVar("_T")


# ---------------------------------------------------------------------------
# Entries


@dataclass(frozen=True, slots=True)
class Origin:
    """Where an entry's values come from.

    >>> load_components().tile("vault").origin.provenance
    'rulebook'
    """

    provenance: Provenance
    source: str = ""
    rulebook_fields: tuple[str, ...] = ()
    """The fields a source states when the rest of the entry is reconstructed."""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"provenance": self.provenance}
        if self.source:
            out["source"] = self.source
        if self.rulebook_fields:
            out["rulebook_fields"] = list(self.rulebook_fields)
        if self.note:
            out["note"] = self.note
        return out


Amounts = tuple[tuple[str, int], ...]


def _amounts_dict(amounts: Amounts) -> dict[str, int]:
    return dict(amounts)


def _words(amounts: Amounts) -> str:
    return " and ".join(f"{n} {_NAMES[k]}" for k, n in amounts)


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
        text = f"gain {_words(self.gain)}" if self.gain else "nothing"
        return f"pay {_words(self.pay)}: {text}" if self.pay else text

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

    def __post_init__(self) -> None:
        object.__setattr__(self, "_spaces", {s.id: s for s in self.spaces})
        object.__setattr__(self, "_abilities", {a.id: a for a in self.abilities})

    def space(self, space_id: str) -> AnimalSpace:
        return lookup(self._spaces, space_id, "animal space")

    def ability(self, ability_id: str) -> Ability:
        return lookup(self._abilities, ability_id, "ability")

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
    in_use: dict[int, tuple[VaultSpace, ...]]
    """The Vault spaces used with each player count (filled on demand)."""


@dataclass(frozen=True, slots=True)
class Components:
    """Every component of the game, validated.

    >>> c = load_components()
    >>> c.provenance["tokens"], c.provenance["shapers"]
    ({'rulebook': 6}, {'reconstructed': 6})
    >>> len(c.deck("herbivore")), len(c.specials("rastar_nursery"))
    (15, 3)
    """

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
            {s.id: s for s in self.shapers}, {}))

    def __repr__(self) -> str:
        return (
            f"<Components: {len(self.resources)} resources, {len(self.tokens)} tokens, "
            f"{len(self.dna_spaces)} DNA spaces, {len(self.vault)} Vault spaces, "
            f"{len(self.behaviors)} behaviours, {len(self.tiles)} tiles, "
            f"{len(self.species)} species cards, {len(self.shapers)} Shapers>"
        )

    def resource(self, rid: str) -> Resource:
        return lookup(self._index.resources, rid, "resource")

    def token(self, tid: str) -> Token:
        return lookup(self._index.tokens, tid, "token")

    def vault_space(self, vid: str) -> VaultSpace:
        return lookup(self._index.vault, vid, "Vault space")

    def vault_spaces(self, players: int) -> tuple[VaultSpace, ...]:
        """The Vault spaces in use with this many players.

        >>> len(load_components().vault_spaces(2)), len(load_components().vault_spaces(3))
        (5, 8)
        """
        cached = self._index.in_use.get(players)
        if cached is None:
            cached = tuple(v for v in self.vault if players >= 3 or not v.three_players_only)
            self._index.in_use[players] = cached
        return cached

    def behavior(self, bid: str) -> Behavior:
        return lookup(self._index.behaviors, bid, "Behavior side")

    def tile(self, tid: str) -> Tile:
        return lookup(self._index.tiles, tid, "tile")

    def stage(self, stage: str) -> tuple[Tile, ...]:
        """The tiles with this back (``S``, ``I``, ``II`` or ``III``)."""
        return tuple(t for t in self.tiles if t.stage == stage)

    def species_card(self, sid: str) -> Species:
        return lookup(self._index.species, sid, "Species card")

    def deck(self, animal: str) -> tuple[Species, ...]:
        """The 15 deck cards of one animal type."""
        return tuple(s for s in self.species if s.animal == animal and s.special_for is None)

    def specials(self, shaper_id: str) -> tuple[Species, ...]:
        """The special Species cards of a Shaper."""
        return tuple(s for s in self.species if s.special_for == shaper_id)

    def shaper(self, sid: str) -> Shaper:
        return lookup(self._index.shapers, sid, "Shaper")

    def dna_at(self) -> dict[Hex, str]:
        """The colour of the DNA token starting on each DNA space."""
        return {d.space: d.colour for d in self.dna_spaces}

    def _groups(self) -> dict[str, Sequence[Any]]:
        return {"resources": self.resources, "tokens": self.tokens,
                "dna_spaces": self.dna_spaces, "vault": self.vault,
                "behaviors": self.behaviors, "tiles": self.tiles, "species": self.species,
                "shapers": self.shapers}

    @property
    def provenance(self) -> dict[str, dict[str, int]]:
        """For each component file, its entries counted by provenance."""
        out: dict[str, dict[str, int]] = {}
        for name, entries in self._groups().items():
            counts = Counter(str(e.origin.provenance) for e in entries)
            out[name] = {p: counts[p] for p in PROVENANCES if counts[p]}
        return out

    def provenance_summary(self) -> str:
        """One line saying how much of the set is reconstructed.

        >>> load_components().provenance_summary()  # doctest: +NORMALIZE_WHITESPACE
        'reconstructed: resources 5/5, tokens 0/6, dna_spaces 18/18, vault 8/8,
         behaviors 6/6, tiles 30/37, species 54/54, shapers 6/6'
        """
        parts = [f"{name} {c.get('reconstructed', 0)}/{sum(c.values())}"
                 for name, c in self.provenance.items()]
        return "reconstructed: " + ", ".join(parts)

    def to_json(self, component: str) -> str:
        """The text of one component file, one entry per line."""
        if component not in COMPONENT_FILES:
            raise KeyError(f"no component file {component!r}; known: "
                           f"{', '.join(COMPONENT_FILES)}")
        note = dict(self.provenance_notes).get(component, "")
        body = [f"    {json.dumps(e.to_dict(), ensure_ascii=False)}"
                for e in self._groups()[component]]
        lines = ["{", f'  "component": {json.dumps(component)},',
                 f'  "provenance_note": {json.dumps(note, ensure_ascii=False)},',
                 '  "entries": [', ",\n".join(body), "  ]", "}"]
        return "\n".join(lines) + "\n"

    def save(self, directory: str | Path) -> list[Path]:
        """Write every component file into ``directory``; return their paths."""
        folder = Path(directory)
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for name in COMPONENT_FILES:
            path = folder / f"{name}.json"
            path.write_text(self.to_json(name), encoding="utf-8")
            paths.append(path)
        return paths

    @classmethod
    def from_dicts(cls, **documents: Mapping[str, Any]) -> Components:
        """Build and validate from parsed documents by component name; the others are the
        packaged files.  Raises :class:`InvalidStateError` listing every problem."""
        problems: list[str] = []
        for name in documents:
            if name not in COMPONENT_FILES:
                raise TypeError(f"unknown component {name!r}")
        docs: list[_Document] = []
        for name in COMPONENT_FILES:
            if name in documents:
                docs.append(_Document(name, f"{name}.json", dict(documents[name]), ()))
            else:
                docs.append(_read_document(DATA_DIR / f"{name}.json", name, problems))
        return _build(docs, problems, "Components.from_dicts")


# ---------------------------------------------------------------------------
# Loading


def load_components(directory: str | Path | None = None) -> Components:
    """Load and validate the component files.

    With no ``directory``, the packaged files (cached).  Otherwise each
    ``<component>.json`` in ``directory`` replaces the packaged one and a missing file
    falls back to the package.  Raises :class:`InvalidStateError` listing every problem,
    each with its file, line and field.

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
    documents = read_documents(directory, DATA_DIR, COMPONENT_FILES, problems)
    return _build(documents, problems, str(Path(directory)))


class _Entry(DataEntry):
    """Reads the fields of one entry (the checks this game's files need)."""

    def allow(self, raw: Mapping[str, Any], names: Iterable[str], prefix: str = "") -> None:
        known = set(names) | {"provenance", "source", "rulebook_fields", "note"}
        for name in raw:
            if name not in known:
                self.problem(prefix + name, f"unknown field (known: {', '.join(sorted(known))})")

    def text(self, name: str, raw: Mapping[str, Any] | None = None, prefix: str = "",
             *, pattern: re.Pattern[str] | None = None, nullable: bool = False,
             optional: bool = False) -> str:
        src = self.raw if raw is None else raw
        value = src.get(name)
        if value is None:
            if not (nullable and name in src) and not optional:
                self.problem(prefix + name, "missing")
            return ""
        if not isinstance(value, str) or (not value and not optional):
            self.problem(prefix + name, f"must be a non-empty string, not {json.dumps(value)}")
            return ""
        if pattern is not None and not pattern.match(value):
            self.problem(prefix + name, f"{value!r} is not valid")
        return value

    def integer(self, name: str, low: int, high: int, raw: Mapping[str, Any] | None = None,
                prefix: str = "") -> int:
        value = (self.raw if raw is None else raw).get(name)
        if value is None:
            self.problem(prefix + name, "missing")
            return low
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(prefix + name, f"must be a whole number, not {json.dumps(value)}")
            return low
        if not low <= value <= high:
            self.problem(prefix + name, f"{value} is out of range {low}..{high}")
        return value

    def flag(self, name: str) -> bool:
        value = self.raw.get(name)
        if not isinstance(value, bool):
            self.problem(name, f"must be true or false, not {json.dumps(value)}")
            return False
        return value

    def choice(self, name: str, options: Sequence[str], raw: Mapping[str, Any] | None = None,
               prefix: str = "", *, nullable: bool = False) -> str:
        value = self.text(name, raw, prefix, nullable=nullable)
        if value and value not in options:
            self.problem(prefix + name,
                         f"unknown value {value!r} (known: {', '.join(options)})")
        return value

    def amounts(self, name: str, value: Any, keys: Sequence[str]) -> Amounts:
        if not isinstance(value, dict):
            self.problem(name, "missing" if value is None else
                         f"must be a JSON object of amounts, not {json.dumps(value)}")
            return ()
        out = []
        for key, n in value.items():
            if key not in keys:
                self.problem(name, f"unknown key {key!r} (known: {', '.join(keys)})")
            elif isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 9:
                self.problem(f"{name}.{key}", f"must be a whole number 1..9, not "
                                              f"{json.dumps(n)}")
            else:
                out.append((key, n))
        return tuple(out)

    def effect(self, name: str, value: Any) -> Effect:
        if not isinstance(value, dict):
            self.problem(name, "must be a JSON object with 'pay' and 'gain'")
            return Effect()
        self.allow(value, ("pay", "gain"), name + ".")
        gain = self.amounts(name + ".gain", value.get("gain"), GAIN_KEYS)
        if not gain and isinstance(value.get("gain"), dict):
            self.problem(name + ".gain", "an effect must gain something")
        return Effect(self.amounts(name + ".pay", value.get("pay", {}), PAY_KEYS), gain)

    def origin(self, fields: Iterable[str], raw: Mapping[str, Any] | None = None,
               prefix: str = "") -> Origin:
        src = self.raw if raw is None else raw
        prov = self.choice("provenance", PROVENANCES, src, prefix)
        source = self.text("source", src, prefix, optional=True)
        if prov in ("rulebook", "published") and not source:
            self.problem(prefix + "source", f"required when provenance is {prov!r}")
        raw_fields = src.get("rulebook_fields", [])
        names: list[str] = []
        if not isinstance(raw_fields, list) or not all(isinstance(f, str) for f in raw_fields):
            self.problem(prefix + "rulebook_fields", "must be a list of field names")
        else:
            for f in raw_fields:
                if f not in set(fields):
                    self.problem(prefix + "rulebook_fields", f"unknown field name {f!r}")
                names.append(f)
            if names and not source:
                self.problem(prefix + "source", "required when rulebook_fields are given")
        note = self.text("note", src, prefix, optional=True)
        return Origin(cast(Provenance, prov or "reconstructed"), source, tuple(names), note)


def _entries(doc: _Document, problems: list[str]) -> list[Any]:
    data = doc.data
    if data is None:
        return []
    if not isinstance(data, dict):
        problems.append(f"{doc.name}: the file must hold a JSON object")
        doc.data = None
        return []
    for key in data:
        if key not in ("component", "provenance_note", "entries"):
            problems.append(f"{doc.name}: unknown top-level key {key!r} "
                            "(known: component, provenance_note, entries)")
    if data.get("component") != doc.component:
        problems.append(f"{doc.name}: 'component' must be {doc.component!r}, "
                        f"not {json.dumps(data.get('component'))}")
    if not isinstance(data.get("provenance_note", ""), str):
        problems.append(f"{doc.name}: 'provenance_note' must be a string")
    entries = data.get("entries")
    if not isinstance(entries, list):
        problems.append(f"{doc.name}: 'entries' must be a list")
        doc.data = None
        return []
    return entries


def _read_all(doc: _Document, problems: list[str], key: str,
              read: Callable[[_Entry], _T]) -> list[tuple[_Entry, _T | None]]:
    out: list[tuple[_Entry, _T | None]] = []
    first: dict[object, int] = {}
    for index, raw in enumerate(_entries(doc, problems)):
        entry = _Entry(doc, index, raw, key, problems)
        value = read(entry) if isinstance(raw, dict) else None
        ident = entry.raw.get(key)
        if isinstance(ident, (str, int)) and ident != "":
            if ident in first:
                at = first[ident]
                line = doc.lines[at] if at < len(doc.lines) else None
                where = f"line {line}" if line is not None else f"entry {at + 1}"
                entry.problem(key, f"duplicate {key} {ident!r} (first at {where})")
            else:
                first[ident] = index
        out.append((entry, value if entry.ok else None))
    return out


# -- readers -----------------------------------------------------------------


def _read_resource(e: _Entry) -> Resource:
    fields = ("id", "name", "kind", "biome", "colour", "start", "max", "vp")
    e.allow(e.raw, fields)
    rid = e.choice("id", RESOURCES)
    kind = e.choice("kind", ("basic", "advanced"))
    biome = e.text("biome", nullable=True) or None
    if rid in BASIC and biome != {v: k for k, v in BIOME_RESOURCE.items()}[rid]:
        e.problem("biome", f"{rid!r} pays for animals in the "
                           f"{ {v: k for k, v in BIOME_RESOURCE.items()}[rid]!r} biome")
    if rid in ADVANCED and biome is not None:
        e.problem("biome", "advanced resources belong to no biome")
    if rid and kind and (rid in BASIC) != (kind == "basic"):
        e.problem("kind", f"{rid!r} is a {'basic' if rid in BASIC else 'advanced'} resource")
    top = e.integer("max", 1, 20)
    start = e.integer("start", 0, 20)
    if start > top:
        e.problem("start", f"{start} is above the maximum {top}")
    vp = e.raw.get("vp")
    if not isinstance(vp, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                           for v in vp):
        e.problem("vp", "must be a list of whole numbers, one per level")
        vp = []
    elif len(vp) != top + 1:
        e.problem("vp", f"{len(vp)} values; levels 0..{top} need {top + 1}")
    elif any(b < a for a, b in zip(vp, vp[1:], strict=False)):
        e.problem("vp", "VP must not fall as the level rises")
    return Resource(rid, e.text("name"), cast(Any, kind), biome,
                    e.text("colour", pattern=_HEX), start, top, tuple(vp), e.origin(fields))


def _read_token(e: _Entry) -> Token:
    fields = ("id", "name", "kind", "colour", "count", "value")
    e.allow(e.raw, fields)
    tid = e.choice("id", tuple(TOKENS))
    kind = e.choice("kind", ("dna", "prestige", "toxicity"))
    colour = e.choice("colour", DNA_COLOURS, nullable=True) or None
    count, value = e.integer("count", 1, 99), e.integer("value", -9, 9)
    if tid in TOKENS and e.ok and (count, value) != TOKENS[tid]:
        e.problem("count", f"the box holds {TOKENS[tid][0]} of {tid!r}, worth "
                           f"{TOKENS[tid][1]}, not {count} worth {value}")
    if tid.startswith("dna_") and colour != tid[4:]:
        e.problem("colour", f"{tid!r} is {tid[4:]}")
    return Token(tid, e.text("name"), cast(Any, kind), colour, count, value,
                 e.origin(fields))


def _read_dna(e: _Entry) -> DnaSpace:
    fields = ("space", "colour")
    e.allow(e.raw, fields)
    text = e.text("space")
    if text:
        try:
            space = board.parse_space(text)
            if board.ring_of(space) < 2:
                e.problem("space", f"{text!r} holds a starting tile; DNA spaces lie in "
                                   "rings 2 and 3")
            elif board.label(space) != text:
                e.problem("space", f"write {text!r} as its label {board.label(space)!r}")
        except ValueError as exc:
            e.problem("space", str(exc))
    return DnaSpace(text, e.choice("colour", DNA_COLOURS), e.origin(fields))


def _read_vault(e: _Entry) -> VaultSpace:
    fields = ("id", "animal", "vp", "three_players_only")
    e.allow(e.raw, fields)
    return VaultSpace(e.text("id", pattern=_ID), e.choice("animal", ANIMALS),
                      e.integer("vp", 0, 9), e.flag("three_players_only"), e.origin(fields))


def _read_behavior(e: _Entry) -> Behavior:
    fields = ("id", "card", "side", "animal", "rule", "counts", "target", "points", "summary")
    e.allow(e.raw, fields)
    card = e.integer("card", 1, 3)
    side = e.choice("side", ("A", "B"))
    bid = e.text("id")
    if bid and e.ok and bid != f"{card}{side}":
        e.problem("id", f"card {card} side {side} has the id {card}{side}")
    rule = e.choice("rule", BEHAVIOR_RULES)
    target = e.text("target", nullable=True) or None
    wanted: tuple[str, ...] = {"outer_ring": (), "adjacent_biome": BIOMES}.get(rule, ANIMALS)
    if rule and not wanted and target is not None:
        e.problem("target", f"{rule!r} takes no target")
    elif rule and wanted and target not in wanted:
        e.problem("target", f"{rule!r} needs a target among {', '.join(wanted)}")
    return Behavior(bid, card, cast(Any, side), e.choice("animal", ANIMALS), rule,
                    cast(Any, e.choice("counts", ("own", "any"))), target,
                    e.integer("points", 1, 9), e.text("summary"), e.origin(fields))


def _read_tile(e: _Entry) -> Tile:
    fields = ("id", "stage", "biome", "actions", "extra_cost", "caretaker_icon")
    e.allow(e.raw, fields)
    stage = e.choice("stage", STAGES)
    biome = e.choice("biome", BIOMES)
    raw_actions = e.raw.get("actions")
    actions: list[Effect] = []
    if not isinstance(raw_actions, list):
        e.problem("actions", "must be a list of effects")
    else:
        actions = [e.effect(f"actions[{i}]", a) for i, a in enumerate(raw_actions)]
        wanted = 0 if stage == "S" else 2
        if stage and len(actions) != wanted:
            e.problem("actions", f"{len(actions)} actions; a "
                                 f"{'starting' if stage == 'S' else 'Biome'} tile has {wanted}")
    extra = e.amounts("extra_cost", e.raw.get("extra_cost"), RESOURCES)
    if biome == "water" and extra:
        e.problem("extra_cost", "no animal is introduced on Water, so it has no extra cost")
    if biome == "vault" and stage != "S":
        e.problem("biome", "the Vault is a starting tile")
    icon = e.flag("caretaker_icon")
    if icon and (biome != "water" or stage != "S"):
        e.problem("caretaker_icon", "only a starting Water tile shows the Caretaker icon")
    return Tile(e.text("id", pattern=_ID), stage, biome, tuple(actions), extra, icon,
                e.origin(fields))


def _read_species(e: _Entry) -> Species:
    fields = ("id", "animal", "special_for", "sides")
    e.allow(e.raw, fields)
    special = e.choice("special_for", tuple(SPECIAL_CARDS), nullable=True) or None
    raw_sides = e.raw.get("sides")
    sides: list[SpeciesSide] = []
    if not isinstance(raw_sides, list):
        e.problem("sides", "must be a list")
    else:
        for i, raw in enumerate(raw_sides):
            name = f"sides[{i}]"
            if not isinstance(raw, dict):
                e.problem(name, "must be a JSON object")
                continue
            e.allow(raw, ("effect", "dna"), name + ".")
            effect = e.effect(name + ".effect", raw.get("effect"))
            dna = raw.get("dna")
            if not isinstance(dna, list) or not dna or any(d not in DNA_COLOURS for d in dna):
                e.problem(name + ".dna", f"must list DNA colours among "
                                         f"{', '.join(DNA_COLOURS)}")
                dna = []
            elif special is None and len(dna) != 1:
                e.problem(name + ".dna", "a deck card holds one DNA token")
            sides.append(SpeciesSide(effect, tuple(dna)))
        wanted = 1 if special else 2
        if len(raw_sides) != wanted:
            e.problem("sides", f"{len(raw_sides)} sides; a "
                               f"{'special' if special else 'deck'} card has {wanted}")
    return Species(e.text("id", pattern=_ID), e.choice("animal", ANIMALS), special,
                   tuple(sides), e.origin(fields))


def _read_shaper(e: _Entry) -> Shaper:
    fields = ("id", "name", "special_cards", "spaces", "abilities")
    e.allow(e.raw, fields)
    sid = e.choice("id", tuple(SHAPER_NAMES))
    name = e.text("name")
    if sid in SHAPER_NAMES and name and name != SHAPER_NAMES[sid]:
        e.problem("name", f"{sid!r} is named {SHAPER_NAMES[sid]!r}")
    specials = e.integer("special_cards", 0, 3)
    if sid in SPECIAL_CARDS and specials != SPECIAL_CARDS[sid]:
        e.problem("special_cards", f"{SHAPER_NAMES[sid]} has {SPECIAL_CARDS[sid]}")
    spaces: list[AnimalSpace] = []
    raw_spaces = e.raw.get("spaces")
    if not isinstance(raw_spaces, list):
        e.problem("spaces", "must be a list")
        raw_spaces = []
    for i, raw in enumerate(raw_spaces):
        p = f"spaces[{i}]."
        if not isinstance(raw, dict):
            e.problem(p[:-1], "must be a JSON object")
            continue
        e.allow(raw, ("id", "animal", "vp", "cost"), p)
        spaces.append(AnimalSpace(e.text("id", raw, p), e.choice("animal", ANIMALS, raw, p),
                                  e.integer("vp", 0, 9, raw, p),
                                  e.integer("cost", 1, 9, raw, p)))
    if [s.id for s in spaces] != list(SPACE_IDS):
        e.problem("spaces", f"the spaces must be {', '.join(SPACE_IDS)} in this order")
    else:
        for s in spaces:
            want = {"S": "scavenger", "H": "herbivore", "P": "predator"}[s.id[0]]
            if s.animal != want:
                e.problem("spaces", f"space {s.id} holds a {want}, not {s.animal!r}")
    vp_of = {s.id: s.vp for s in spaces}
    abilities: list[Ability] = []
    raw_abilities = e.raw.get("abilities")
    if not isinstance(raw_abilities, list):
        e.problem("abilities", "must be a list")
        raw_abilities = []
    unlocked: Counter[str] = Counter()
    for i, raw in enumerate(raw_abilities):
        p = f"abilities[{i}]."
        if not isinstance(raw, dict):
            e.problem(p[:-1], "must be a JSON object")
            continue
        afields = ("id", "kind", "name", "timing", "unlocked_by", "printed", "use_cost",
                   "params", "summary")
        e.allow(raw, afields, p)
        kind = e.choice("kind", tuple(ABILITY_KINDS), raw, p)
        timing = e.choice("timing", ("instant", "persistent"), raw, p)
        if kind in ABILITY_KINDS and timing and timing != ABILITY_KINDS[kind]:
            e.problem(p + "timing", f"{kind!r} is {ABILITY_KINDS[kind]}")
        if kind in NAMED_ABILITIES and sid and NAMED_ABILITIES[kind] != sid:
            e.problem(p + "kind", f"{kind!r} belongs to {SHAPER_NAMES[NAMED_ABILITIES[kind]]}")
        by = raw.get("unlocked_by")
        if not isinstance(by, list) or not 1 <= len(by) <= 2 or any(
                b not in SPACE_IDS for b in by):
            e.problem(p + "unlocked_by", "must list 1 or 2 animal spaces")
            by = []
        unlocked.update(by)
        printed = raw.get("printed")
        if printed is not None:
            if not isinstance(printed, list) or not all(isinstance(n, int) for n in printed):
                e.problem(p + "printed", "must be null or a list of whole numbers")
                printed = None
            elif by and printed != [vp_of.get(b) for b in by][: len(printed)]:
                e.problem(p + "printed", f"{printed} must be the VP of its spaces "
                                         f"{', '.join(by)}")
        if kind in PRINTED_NUMBERS and (printed is None
                                        or tuple(printed) != PRINTED_NUMBERS[kind]):
            e.problem(p + "printed", f"the rulebook prints {list(PRINTED_NUMBERS[kind])}")
        raw_costs = raw.get("use_cost", [])
        costs: list[Amounts] = []
        if not isinstance(raw_costs, list) or len(raw_costs) != len(by):
            e.problem(p + "use_cost", "must list one cost per unlocking space")
        else:
            costs = [e.amounts(f"{p}use_cost[{j}]", c, PAY_KEYS)
                     for j, c in enumerate(raw_costs)]
        params = raw.get("params", {})
        if not isinstance(params, dict):
            e.problem(p + "params", "must be a JSON object")
            params = {}
        if kind == "gain":
            e.amounts(p + "params.gain", params.get("gain"), GAIN_KEYS)
        abilities.append(Ability(
            e.text("id", raw, p, pattern=_ID), kind, e.text("name", raw, p),
            cast(Any, timing), tuple(by),
            tuple(printed) if printed is not None else None, tuple(costs),
            MappingProxyType(dict(params)), e.text("summary", raw, p),
            e.origin(afields, raw, p) if "provenance" in raw else e.origin(fields)))
    for space in SPACE_IDS:
        if unlocked[space] != 1 and len(spaces) == len(SPACE_IDS):
            e.problem("abilities", f"space {space} unlocks {unlocked[space]} abilities; "
                                   "every space unlocks exactly one")
    has_special = any(a.kind in ("special_card", "rapid_lifecycle") for a in abilities)
    if sid and has_special != (specials > 0):
        e.problem("abilities", "a Shaper with special cards needs a space that uses them")
    return Shaper(sid, name, specials, tuple(spaces), tuple(abilities), e.origin(fields))


def _build(documents: Sequence[_Document], problems: list[str], where: str) -> Components:
    docs = {d.component: d for d in documents}
    read: dict[str, Callable[[_Entry], Any]] = {
        "resources": _read_resource, "tokens": _read_token, "dna_spaces": _read_dna,
        "vault": _read_vault, "behaviors": _read_behavior, "tiles": _read_tile,
        "species": _read_species, "shapers": _read_shaper,
    }
    keys = {"dna_spaces": "space"}
    got: dict[str, list[tuple[_Entry, Any]]] = {
        name: _read_all(docs[name], problems, keys.get(name, "id"), read[name])
        for name in COMPONENT_FILES
    }
    values = {name: [v for _, v in got[name] if v is not None] for name in COMPONENT_FILES}
    complete = {name: bool(got[name]) and len(values[name]) == len(got[name])
                for name in COMPONENT_FILES}

    def whole(component: str, message: str) -> None:
        if docs[component].data is not None:
            problems.append(f"{docs[component].name}: {message}")

    def ids(name: str, key: str = "id") -> list[Any]:
        return [entry.raw.get(key) for entry, _ in got[name]]

    if sorted(map(str, ids("resources"))) != sorted(RESOURCES):
        whole("resources", f"the game has the resources {', '.join(RESOURCES)}")
    if sorted(map(str, ids("tokens"))) != sorted(TOKENS):
        whole("tokens", f"the game has the tokens {', '.join(TOKENS)}")
    dna_total = sum(TOKENS[f"dna_{c}"][0] for c in DNA_COLOURS)
    if docs["dna_spaces"].data is not None:
        colours = Counter(entry.raw.get("colour") for entry, _ in got["dna_spaces"])
        if len(got["dna_spaces"]) != dna_total or any(
                colours[c] != TOKENS[f"dna_{c}"][0] for c in DNA_COLOURS):
            whole("dna_spaces", f"{len(got['dna_spaces'])} spaces "
                                f"({', '.join(f'{colours[c]} {c}' for c in DNA_COLOURS)}); "
                                f"the 18 DNA tokens need 6 spaces of each colour")
    if docs["vault"].data is not None:
        animals = {entry.raw.get("animal") for entry, v in got["vault"]
                   if v is not None and not v.three_players_only}
        if complete["vault"] and animals != set(ANIMALS):
            whole("vault", "every animal type needs a Vault space used with 2 players")
    if docs["behaviors"].data is not None:
        if sorted(map(str, ids("behaviors"))) != ["1A", "1B", "2A", "2B", "3A", "3B"]:
            whole("behaviors", "the 3 Behavior cards need sides 1A, 1B, 2A, 2B, 3A, 3B")
        for card in (1, 2, 3):
            kinds = {b.animal for b in values["behaviors"] if b.card == card}
            if len(kinds) > 1:
                whole("behaviors", f"both sides of card {card} must score the same animal")
    if docs["tiles"].data is not None and complete["tiles"]:
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
    if docs["species"].data is not None and complete["species"]:
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
    if docs["shapers"].data is not None:
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
    notes = tuple((d.component, str(d.data.get("provenance_note", ""))) for d in documents)
    return Components(
        resources=tuple(values["resources"]), tokens=tuple(values["tokens"]),
        dna_spaces=tuple(values["dna_spaces"]), vault=tuple(values["vault"]),
        behaviors=tuple(values["behaviors"]), tiles=tuple(values["tiles"]),
        species=tuple(values["species"]), shapers=tuple(values["shapers"]),
        provenance_notes=notes,
        origins=tuple((d.component, d.path) for d in documents),
    )
