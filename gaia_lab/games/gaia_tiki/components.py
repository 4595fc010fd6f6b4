"""The components of GAIA (Tiki Editions): terrains, Cities, Animals, Objectives, Powers.

The counts of tiles, tokens and cards are public (see ``data/``); no card list is, so
every City, Animal card, Objective and Power is ``reconstructed`` (authored to agree
with every public count), and the chip stock too.  Each effect is data: an owner of the
game can load the printed values with :func:`load_components` from a folder, file by
file (a missing file falls back to the packaged one).

>>> c = load_components()
>>> len(c.cities), sum(a.copies for a in c.animals), len(c.objectives)
(19, 12, 9)
>>> c.city("borea").needs
('plain', 'forest', 'fish', 'mountain')
>>> c.terrain("plain").tiles, c.terrain("plain").nature_cards, c.terrain("plain").chips
(10, 8, 6)
>>> c.power("volcano").effect, c.power("volcano").to, c.power("volcano").disaster
('destroy', 'mountain', True)
>>> c.card_kind("rain-2"), c.face("rain-2"), c.card_kind("borea")
('power', 'rain', 'life')

Every problem is reported at once, with its file, line and field:

>>> Components.from_dicts(cities={"component": "cities", "entries": [
...     {"id": "x", "name": "X", "terrain": "sea", "needs": ["plain", "plain", "fish", "goat"],
...      "provenance": "reconstructed"}]})  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: Components.from_dicts: 2 problems:
  - cities.json: cities entry 1 (id 'x'): field 'terrain': a City stands on a land terrain
    or a star, not sea
  - cities.json: cities entry 1 (id 'x'): field 'needs': the four needs must differ, got
    plain, plain, fish, goat
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Final

from gaia_lab.core.datafiles import (
    ComponentSet,
    DataDocument,
    DataEntry,
    lookup,
)
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.provenance import Origin, origin_of
from gaia_lab.core.schema import (
    Context,
    Field,
    FileSchema,
    Flag,
    Integer,
    ListOf,
    MapOf,
    Record,
    Row,
    Table,
    Text,
    optional,
    read_file,
)
from gaia_lab.games.gaia_tiki.board import ANIMALS, TERRAINS

__all__ = ["COMPONENT_FILES", "DATA_DIR", "EFFECTS", "ICONS", "STAR", "AnimalCard", "City",
           "Components", "Objective", "Power", "Terrain", "load_components"]

DATA_DIR: Final = Path(__file__).parent / "data"
COMPONENT_FILES: Final = ("terrains", "cities", "animals", "objectives", "powers")
STAR: Final = "star"
"""The terrain word of a City with a star: any terrain but sea."""
ICONS: Final = (*TERRAINS, *ANIMALS)
"""The icons a City may need: the six terrains and the two animals."""
EFFECTS: Final[Mapping[str, str]] = MappingProxyType({
    "transform": "change one tile without a City from one of the card's terrains to its "
                 "new terrain",
    "swap": "swap two neighbouring tiles without Cities, with their Animals",
    "destroy": "destroy a City (its tile may become the card's terrain)",
    "remove_meeple": "send one meeple of a named player home from a City",
    "remove_animals": "return every Animal token of one tile to the bank",
    "add_animals": "add tokens from the bank to a tile that has Animals",
    "steal_card": "take a card at random from a named opponent's hand",
})
"""The kinds of Power effect the engine carries out, with what each does."""
ANIMAL_TOKENS: Final = 20
"""Double-sided Animal tokens in the bank (public count)."""


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain: its land tiles, its Nature cards and its chips under the Objectives."""

    id: str
    name: str
    tiles: int
    nature_cards: int
    chips: int
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "tiles": self.tiles,
                "nature_cards": self.nature_cards, "chips": self.chips,
                **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class City:
    """A City card: the terrain it stands on (or :data:`STAR`) and its four needs."""

    id: str
    name: str
    terrain: str
    needs: tuple[str, ...]
    origin: Origin

    def stands_on(self, terrain: str) -> bool:
        """Whether the City may be played on a tile of ``terrain``."""
        return terrain != "sea" if self.terrain == STAR else terrain == self.terrain

    @property
    def needs_animals(self) -> tuple[str, ...]:
        """The animals among its needs (the Cities its player feeds)."""
        return tuple(n for n in self.needs if n in ANIMALS)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "terrain": self.terrain,
                "needs": list(self.needs), **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class AnimalCard:
    """An Animal card: tokens of one animal put on a tile of one of its terrains."""

    id: str
    name: str
    animal: str
    terrains: tuple[str, ...]
    tokens: int
    copies: int
    origin: Origin

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "animal": self.animal,
                "terrains": list(self.terrains), "tokens": self.tokens,
                "copies": self.copies, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Objective:
    """An Objective: the chips it asks for, by terrain, or (a Power Objective) a number of
    Power cards played."""

    id: str
    name: str
    chips: tuple[tuple[str, int], ...]
    powers: int
    origin: Origin
    counts: tuple[int, ...] = ()
    """The chips asked for, one count per terrain (filled in from ``chips``)."""

    def __post_init__(self) -> None:
        wanted = dict(self.chips)
        object.__setattr__(self, "counts", tuple(wanted.get(t, 0) for t in TERRAINS))

    def chip_counts(self) -> tuple[int, ...]:
        """The chips asked for, one count per terrain."""
        return self.counts

    def describe(self) -> str:
        """The requirement in words: ``2 forest, 1 plain`` or ``4 Power cards``."""
        if self.powers:
            return f"{self.powers} Power cards played"
        return ", ".join(f"{n} {t}" for t, n in self.chips)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "chips": dict(self.chips),
                "powers": self.powers, **self.origin.to_dict()}


@dataclass(frozen=True, slots=True)
class Power:
    """A Power card: the kind of its effect (:data:`EFFECTS`) and its parameters."""

    id: str
    name: str
    effect: str
    terrains: tuple[str, ...]
    """The terrains a ``transform`` changes."""
    to: str
    """The new terrain of a ``transform`` (or of a destroyed City's tile; may be empty)."""
    count: int
    """The tokens an ``add_animals`` adds."""
    disaster: bool
    copies: int
    origin: Origin

    def describe(self) -> str:
        """The effect in words."""
        if self.effect == "transform":
            return f"turn a {' or '.join(self.terrains)} tile without a City into {self.to}"
        if self.effect == "destroy" and self.to:
            return f"destroy a City; its tile becomes {self.to}"
        if self.effect == "add_animals":
            return f"add {self.count} tokens to a tile that has Animals"
        return EFFECTS[self.effect]

    def to_dict(self) -> dict[str, Any]:
        params: dict[str, Any] = {}
        if self.terrains:
            params["terrains"] = list(self.terrains)
        if self.to:
            params["to"] = self.to
        if self.count:
            params["count"] = self.count
        return {"id": self.id, "name": self.name, "effect": self.effect, "params": params,
                "disaster": self.disaster, "copies": self.copies, **self.origin.to_dict()}


@dataclass(frozen=True)
class Components(ComponentSet):
    """A complete, checked set of components."""

    FILES: ClassVar[tuple[str, ...]] = COMPONENT_FILES
    DATA_DIR: ClassVar[Path] = DATA_DIR

    terrains: tuple[Terrain, ...]
    cities: tuple[City, ...]
    animals: tuple[AnimalCard, ...]
    objectives: tuple[Objective, ...]
    powers: tuple[Power, ...]
    provenance_notes: tuple[tuple[str, str], ...] = ()

    def __repr__(self) -> str:
        return (f"<GAIA components: {len(self.cities)} Cities, {len(self.animals)} Animal "
                f"cards, {len(self.objectives)} Objectives, {len(self.powers)} Powers>")

    # -- lookups ---------------------------------------------------------------------
    @functools.cached_property
    def _index(self) -> Mapping[str, Mapping[str, Any]]:
        return MappingProxyType({name: MappingProxyType({e.id: e for e in group})
                                 for name, group in self.groups().items()})

    def terrain(self, tid: str) -> Terrain:
        found: Terrain = lookup(self._index["terrains"], tid, "terrain")
        return found

    def city(self, cid: str) -> City:
        found: City = lookup(self._index["cities"], cid, "City")
        return found

    def animal(self, aid: str) -> AnimalCard:
        """An Animal card by its id or a copy's card id (``herd-2``)."""
        found: AnimalCard = lookup(self._index["animals"], face(aid), "Animal card")
        return found

    def objective(self, oid: str) -> Objective:
        found: Objective = lookup(self._index["objectives"], oid, "Objective")
        return found

    def power(self, pid: str) -> Power:
        """A Power by its id or a copy's card id (``rain-1``)."""
        found: Power = lookup(self._index["powers"], face(pid), "Power")
        return found

    # -- the decks -------------------------------------------------------------------
    def deck(self, name: str) -> tuple[str, ...]:
        """The card ids of a deck (``nature``, ``life`` or ``power``), unshuffled."""
        if name == "nature":
            return tuple(f"{t.id}-{i}" for t in self.terrains
                         for i in range(1, t.nature_cards + 1))
        if name == "life":
            return (*(c.id for c in self.cities),
                    *(f"{a.id}-{i}" for a in self.animals for i in range(1, a.copies + 1)))
        if name == "power":
            return tuple(f"{p.id}-{i}" for p in self.powers for i in range(1, p.copies + 1))
        raise KeyError(f"no deck {name!r}; known: nature, life, power")

    @functools.cached_property
    def _kinds(self) -> Mapping[str, str]:
        out = {cid: deck for deck in ("nature", "life", "power") for cid in self.deck(deck)}
        out.update({o.id: "objective" for o in self.objectives})
        return MappingProxyType(out)

    def card_kind(self, card: str) -> str:
        """The deck of a card id (``nature``, ``life``, ``power``), or ``objective``;
        KeyError for an unknown id."""
        found: str = lookup(self._kinds, card, "card")
        return found

    def is_card(self, card: str) -> bool:
        return card in self._kinds

    def face(self, card: str) -> str:
        """The name the notation gives a card: a Nature card's terrain, a City's id, an
        Animal card's or a Power's id without the copy number."""
        return face(card)

    def is_city(self, card: str) -> bool:
        return card in self._index["cities"]

    def tiles_total(self) -> tuple[int, ...]:
        """Land tiles in the box, by terrain."""
        return tuple(self.terrain(t).tiles for t in TERRAINS)

    def chips_total(self) -> tuple[int, ...]:
        """Chips in the box, by terrain."""
        return tuple(self.terrain(t).chips for t in TERRAINS)

    # -- provenance and files ----------------------------------------------------------
    def groups(self) -> dict[str, Sequence[Any]]:
        """The entries of each component file, by file."""
        return {"terrains": self.terrains, "cities": self.cities, "animals": self.animals,
                "objectives": self.objectives, "powers": self.powers}

    @classmethod
    def from_documents(cls, documents: Sequence[DataDocument], problems: list[str],
                       where: str) -> Components:
        return _build(documents, problems, where)


def face(card: str) -> str:
    """A card id without its copy number (``plain-3`` -> ``plain``).

    >>> face("plain-3"), face("borea")
    ('plain', 'borea')
    """
    return card.split("-", 1)[0]


# ---------------------------------------------------------------------------
# Loading


def load_components(directory: str | Path | None = None) -> Components:
    """Load and validate the component files (the packaged ones, cached, when no
    ``directory`` is given); InvalidStateError lists every problem with its file, line
    and field.

    >>> load_components().provenance_summary()  # doctest: +NORMALIZE_WHITESPACE
    'reconstructed: terrains 6/6, cities 19/19, animals 6/6, objectives 9/9,
     powers 9/9'
    >>> load_components() is load_components()
    True
    """
    return _load_default() if directory is None else Components.load(directory)


@functools.lru_cache(maxsize=1)
def _load_default() -> Components:
    return Components.load(DATA_DIR)


_ID = Field(Text())
_NAME = Field(Text())
_TERRAIN = Text(choices=TERRAINS)

TABLES: Final[Mapping[str, Table]] = MappingProxyType({
    "terrains": Table(Record({
        "id": Field(_TERRAIN), "name": _NAME, "tiles": Field(Integer(0, 60)),
        "nature_cards": Field(Integer(0, 60)), "chips": Field(Integer(0, 60))}, origin=True)),
    "cities": Table(Record({
        "id": _ID, "name": _NAME, "terrain": Field(Text(choices=(*TERRAINS, STAR))),
        "needs": Field(ListOf(Text(choices=ICONS), 4, 4))}, origin=True)),
    "animals": Table(Record({
        "id": _ID, "name": _NAME, "animal": Field(Text(choices=ANIMALS)),
        "terrains": Field(ListOf(_TERRAIN, 1)), "tokens": Field(Integer(1, ANIMAL_TOKENS)),
        "copies": Field(Integer(1, 19))}, origin=True)),
    "objectives": Table(Record({
        "id": _ID, "name": _NAME, "chips": optional(MapOf(Integer(1, 9), TERRAINS), {}),
        "powers": optional(Integer(0, 9), 0)}, origin=True)),
    "powers": Table(Record({
        "id": _ID, "name": _NAME, "effect": Field(Text(choices=tuple(EFFECTS))),
        "params": optional(Record({
            "terrains": optional(ListOf(_TERRAIN, 1), []),
            "to": optional(_TERRAIN, ""),
            "count": optional(Integer(1, ANIMAL_TOKENS), 0)}),
            {"terrains": [], "to": "", "count": 0}),
        "disaster": Field(Flag()), "copies": Field(Integer(1, 19))}, origin=True)),
})
"""The schema of each component file's entries."""


def _file(component: str) -> FileSchema:
    return FileSchema((TABLES[component],), {
        "component": Field(Text(choices=(component,))),
        "provenance_note": optional(Text(empty=True), "")},
        what='{"component": ..., "entries": [...]}')


def _terrain(e: DataEntry, v: dict[str, Any]) -> Terrain:
    return Terrain(v["id"], v["name"], v["tiles"], v["nature_cards"], v["chips"], origin_of(v))


def _city(e: DataEntry, v: dict[str, Any]) -> City:
    needs = tuple(v["needs"])
    if v["terrain"] == "sea":
        e.problem("terrain", "a City stands on a land terrain or a star, not sea")
    if len(set(needs)) != len(needs):
        e.problem("needs", f"the four needs must differ, got {', '.join(needs)}")
    return City(v["id"], v["name"], v["terrain"], needs, origin_of(v))


def _animal(e: DataEntry, v: dict[str, Any]) -> AnimalCard:
    if "-" in v["id"]:
        e.problem("id", "an id has no '-' (copies are numbered after one)")
    return AnimalCard(v["id"], v["name"], v["animal"], tuple(v["terrains"]), v["tokens"],
                      v["copies"], origin_of(v))


def _objective(e: DataEntry, v: dict[str, Any]) -> Objective:
    chips = tuple((t, v["chips"][t]) for t in TERRAINS if t in v["chips"])
    if bool(chips) == bool(v["powers"]):
        e.problem("chips", "an Objective asks for chips or (a Power Objective) for Power "
                           "cards, not both and not neither")
    return Objective(v["id"], v["name"], chips, v["powers"], origin_of(v))


def _power(e: DataEntry, v: dict[str, Any]) -> Power:
    p = v["params"]
    if "-" in v["id"]:
        e.problem("id", "an id has no '-' (copies are numbered after one)")
    if v["effect"] == "transform" and (not p["terrains"] or not p["to"]):
        e.problem("params", "a transform names its terrains and its new terrain 'to'")
    if v["effect"] == "add_animals" and not p["count"]:
        e.problem("params", "add_animals names its 'count' of tokens")
    return Power(v["id"], v["name"], v["effect"], tuple(p["terrains"]), p["to"], p["count"],
                 v["disaster"], v["copies"], origin_of(v))


_MAKE: Final[Mapping[str, Callable[[DataEntry, dict[str, Any]], Any]]] = MappingProxyType({
    "terrains": _terrain, "cities": _city, "animals": _animal, "objectives": _objective,
    "powers": _power,
})


def _build(documents: Sequence[DataDocument], problems: list[str], where: str) -> Components:
    docs = {d.component: d for d in documents}
    context = Context()
    read = {name: read_file(docs[name], _file(name), problems, context)
            for name in COMPONENT_FILES}
    got: dict[str, list[Row]] = {name: read[name].rows["entries"] for name in COMPONENT_FILES}

    def make(name: str, row: Row) -> Any:
        if row.values is None:
            return None
        value = _MAKE[name](row.entry, row.values)
        return value if row.entry.ok else None

    values = {name: [v for v in (make(name, row) for row in got[name]) if v is not None]
              for name in COMPONENT_FILES}

    def whole(component: str, message: str) -> None:
        if read[component].ok:
            problems.append(f"{docs[component].name}: {message}")

    ids = sorted(str(row.ident) for row in got["terrains"])
    if ids != sorted(TERRAINS):
        whole("terrains", f"the six terrains are {', '.join(TERRAINS)}")
    cards = [str(r.ident) for n in ("cities", "animals", "powers", "objectives")
             for r in got[n]]
    clash = sorted({c for c in cards if cards.count(c) > 1} | (set(cards) & set(TERRAINS)))
    if clash:
        problems.append(f"the card ids {', '.join(clash)} are used twice (every City, Animal "
                        "card, Power and Objective needs its own, other than a terrain)")
    if sum(1 for o in values["objectives"] if not o.powers) < 7:
        whole("objectives", "at least 7 Objectives asking for chips are needed (5 players "
                            "reveal 7)")
    if problems:
        raise InvalidStateError(problems, source=where)
    return Components(
        terrains=tuple(sorted(values["terrains"], key=lambda t: TERRAINS.index(t.id))),
        cities=tuple(values["cities"]), animals=tuple(values["animals"]),
        objectives=tuple(values["objectives"]), powers=tuple(values["powers"]),
        provenance_notes=tuple((n, str(read[n].values["provenance_note"]))
                               for n in COMPONENT_FILES),
    )
