"""The components of Animals Gathering: stones, dice, Animal Index Cards, mages and spells.

The rulebook lists the box contents but prints neither the 35 Animal Index Cards nor the
die faces, so the packaged data files mark each entry with its ``provenance``: values the
rulebook states are ``rulebook``, values authored to be consistent with it are
``reconstructed``.  Owners of the game can replace any file with their printed values:
:func:`load_components` reads a directory and takes each missing file from the package.

>>> c = load_components()
>>> len(c.stones), len(c.dice), len(c.animals), len(c.mages), len(c.spells)
(7, 3, 35, 5, 10)
>>> fox = c.animal("fox")
>>> fox.name, fox.type, fox.outline
('Fox', 'land', 'ROOY')
>>> print(fox.power.describe())  # doctest: +NORMALIZE_WHITESPACE
Activation (attack): take 1 stone from one opponent's uncompleted card and place it
at once; only a stone you can place may be taken
>>> c.die("g").faces
('G', 'G', 'Y', 'R', 'B', 'O')
>>> c.type_distribution()
{'land': 12, 'aquatic': 12, 'aerial': 11}
>>> c.mage(3).ability
'orange_exchange'

Every problem in a data file is reported at once, each naming the file and line:

>>> Components.from_dicts(mages={"component": "mages", "entries": []})
... # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: Components.from_dicts:
mages.json: field 'entries': 0 entries; at least 1 required
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal, cast

from gaia_lab.core.datafiles import ComponentSet, DataDocument, lookup
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.provenance import Origin, Provenance, origin_of
from gaia_lab.core.schema import (
    Anything,
    At,
    Field,
    FileSchema,
    Integer,
    MapOf,
    Node,
    Record,
    Row,
    Table,
    Text,
    optional,
    read_file,
    show,
)

__all__ = [
    "ANIMAL_COUNT",
    "ANIMAL_TYPES",
    "BOX_STONES",
    "COMPONENT_FILES",
    "DATA_DIR",
    "DIE_CODES",
    "MAGE_ABILITIES",
    "POWER_KINDS",
    "SPELL_IDS",
    "STONE_CODES",
    "STONE_NAMES",
    "Animal",
    "Components",
    "DieColour",
    "Mage",
    "Power",
    "Spell",
    "StoneKind",
    "load_components",
]

# ---------------------------------------------------------------------------
# Fixed vocabulary: the rule engine relies on these codes.

DATA_DIR: Final = Path(__file__).resolve().with_name("data")
"""The folder of the packaged data files."""

COMPONENT_FILES: Final = ("stones", "dice", "animals", "mages", "spells")
"""The component files, each saved as ``<name>.json``."""

STONE_CODES: Final = "ROYGBPW"
"""The seven kinds of Magic Stone, one letter each, in display order."""

STONE_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "R": "red triangle",
        "O": "orange leaf",
        "Y": "yellow sun",
        "G": "green square",
        "B": "blue drop",
        "P": "purple arc",
        "W": "white star",
    }
)
"""The packaged name of each stone code, used by :meth:`Power.describe`."""

BOX_STONES: Final = 205
"""Magic Stones in the box (the rulebook's component list)."""

DIE_CODES: Final = ("g", "o", "b")
"""The three Magic Die colours: green, orange and blue."""

DICE_TOTAL: Final = 6
"""Magic Dice in the box."""

DIE_FACES: Final = 6
"""Faces of one Magic Die."""

ANIMAL_COUNT: Final = 35
"""Animal Index Cards in the box."""

ANIMAL_TYPES: Final = ("land", "aquatic", "aerial")
"""The three animal types, each shown by an icon beside the animal's name."""

AnimalType = Literal["land", "aquatic", "aerial"]
PowerType = Literal["permanent", "scoring", "activation"]

POWER_TYPES: Final = ("permanent", "scoring", "activation")
"""The three types of animal power (hourglass, scoring and activation icons)."""

POWER_KINDS: Final[Mapping[str, tuple[PowerType, tuple[str, ...]]]] = MappingProxyType(
    {
        "exchange": ("permanent", ("stone",)),
        "immunity": ("permanent", ()),
        "early_end": ("permanent", ("companions",)),
        "per_type": ("scoring", ("type", "points")),
        "per_stone_icon": ("scoring", ("stone", "points")),
        "type_sets": ("scoring", ("points",)),
        "steal": ("activation", ()),
        "raid": ("activation", ()),
        "gift_stone": ("activation", ("stones",)),
        "recruit": ("activation", ()),
    }
)
"""Each power kind with its power type and the names of its parameters."""

ATTACK_KINDS: Final = frozenset({"steal", "raid"})
"""The power kinds that are attacks (an immune player cannot be their target)."""

MAGE_ABILITIES: Final[Mapping[int, str]] = MappingProxyType(
    {1: "bonus_stone", 2: "block_die", 3: "orange_exchange", 4: "extra_dice", 5: "reroll"}
)
"""The ability of each mage number, as the rulebook assigns them."""

SPELL_IDS: Final = (
    "all_in",
    "rock_n_roll",
    "i_choose_u",
    "bubble_burster",
    "reshuffle_ritual",
    "back_in_the_saddle",
    "copy_and_paste",
    "animal_resonance",
    "holy_awakening",
    "blessed_by_glory",
)
"""The ten Spell Cards of the variant, in rulebook order."""

_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_HEX = re.compile(r"#[0-9a-fA-F]{6}\Z")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _stone_list(codes: str, names: Mapping[str, str]) -> str:
    words = [names.get(code, code) for code in codes]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


# ---------------------------------------------------------------------------
# Entries


@dataclass(frozen=True, slots=True)
class StoneKind:
    """One kind of Magic Stone.

    >>> s = load_components().stone("P")
    >>> s.name, s.shape, s.box_count
    ('purple arc', 'arc', 23)
    """

    code: str
    """One capital letter of :data:`STONE_CODES`."""
    name: str
    """Colour and shape, e.g. ``"purple arc"``."""
    shape: str
    """The shape to draw: triangle, leaf, sun, square, drop, arc or star."""
    colour: str
    """Display colour, a CSS hex colour such as ``"#8e44ad"``."""
    box_count: int
    """Stones of this kind in the box (the supply is treated as unlimited in play)."""
    provenance: Provenance
    source: str = ""
    rulebook_fields: tuple[str, ...] = ()
    """The fields the rulebook states when the rest of the entry is reconstructed."""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON entry of this stone kind."""
        return _with_provenance(
            {
                "code": self.code,
                "name": self.name,
                "shape": self.shape,
                "colour": self.colour,
                "box_count": self.box_count,
            },
            self.provenance, self.source, self.rulebook_fields, self.note,
        )


@dataclass(frozen=True, slots=True)
class DieColour:
    """One colour of Magic Die: its six faces and how many dice of it the box holds.

    >>> d = load_components().die("o")
    >>> d.name, d.count, d.chance("O")
    ('orange', 2, Fraction(1, 3))
    """

    code: str
    """``g``, ``o`` or ``b``."""
    name: str
    faces: tuple[str, ...]
    """Six stone codes, one per face."""
    colour: str
    """Display colour, a CSS hex colour."""
    count: int
    """Dice of this colour in the box."""
    provenance: Provenance
    source: str = ""
    rulebook_fields: tuple[str, ...] = ()
    note: str = ""

    def chance(self, stone: str) -> Fraction:
        """The chance that one roll of this die shows ``stone``."""
        return Fraction(self.faces.count(stone), len(self.faces))

    def to_dict(self) -> dict[str, Any]:
        """The JSON entry of this die colour."""
        return _with_provenance(
            {
                "code": self.code,
                "name": self.name,
                "faces": "".join(self.faces),
                "colour": self.colour,
                "count": self.count,
            },
            self.provenance, self.source, self.rulebook_fields, self.note,
        )


@dataclass(frozen=True, slots=True)
class Power:
    """An animal power: its type (the icon at the card's bottom left), kind and parameters.

    >>> Power("scoring", "per_type", animal_type="aquatic", points=2).describe()
    'Scoring: 2 points for each aquatic animal in your companion area'
    >>> print(Power("activation", "gift_stone", stones="POYR").describe())
    ... # doctest: +NORMALIZE_WHITESPACE
    Activation: take 1 purple arc, orange leaf, yellow sun or red triangle stone
    from the supply and place it
    """

    type: PowerType
    kind: str
    """A key of :data:`POWER_KINDS`."""
    stone: str | None = None
    """The stone of ``exchange`` and ``per_stone_icon``."""
    stones: str = ""
    """The stones ``gift_stone`` offers."""
    animal_type: str | None = None
    """The animal type ``per_type`` counts."""
    points: int = 0
    """Points of a scoring power."""
    companions: int = 0
    """Completed animals that end the game (``early_end``)."""

    @property
    def is_attack(self) -> bool:
        """Whether the power attacks other players (so immunity protects from it)."""
        return self.kind in ATTACK_KINDS

    @property
    def params(self) -> dict[str, Any]:
        """The parameters as the data file writes them."""
        values: dict[str, Any] = {
            "stone": self.stone,
            "stones": self.stones,
            "type": self.animal_type,
            "points": self.points,
            "companions": self.companions,
        }
        names = POWER_KINDS[self.kind][1] if self.kind in POWER_KINDS else ()
        return {name: values[name] for name in names}

    def describe(self, names: Mapping[str, str] = STONE_NAMES) -> str:
        """A one-sentence paraphrase of the power built from its parameters."""
        stone = names.get(self.stone or "", self.stone or "?")
        kind = self.kind
        if kind == "exchange":
            text = (
                f"exchange {stone} stones from your roll, or left unused in another "
                "player's roll, for stones of your choice"
            )
        elif kind == "immunity":
            text = "other players' attacks cannot target you"
        elif kind == "early_end":
            text = (
                f"the game ends once your companion area holds {self.companions} "
                "or more animals"
            )
        elif kind == "per_type":
            text = (
                f"{_plural(self.points, 'point')} for each {self.animal_type} animal "
                "in your companion area"
            )
        elif kind == "per_stone_icon":
            text = (
                f"{_plural(self.points, 'point')} for each animal in your companion area "
                f"whose outline shows a {stone} stone"
            )
        elif kind == "type_sets":
            text = (
                f"{_plural(self.points, 'point')} for each set of one land, one aquatic "
                "and one aerial animal in your companion area"
            )
        elif kind == "steal":
            text = (
                "take 1 stone from one opponent's uncompleted card and place it at once; "
                "only a stone you can place may be taken"
            )
        elif kind == "raid":
            text = (
                "every other player returns 1 stone of their choice from one of their "
                "uncompleted cards to the supply"
            )
        elif kind == "gift_stone":
            text = (
                f"take 1 {_stone_list(self.stones, names)} stone from the supply "
                "and place it"
            )
        elif kind == "recruit":
            text = "take 1 card from the communal supply area into your summoning area"
        else:
            text = kind
        label = self.type.capitalize() + (" (attack)" if self.is_attack else "")
        return f"{label}: {text}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this power."""
        out: dict[str, Any] = {"type": self.type, "kind": self.kind}
        if self.params:
            out["params"] = self.params
        return out


@dataclass(frozen=True, slots=True)
class Animal:
    """An Animal Index Card.

    >>> s = load_components().animal("starfish")
    >>> s.points, s.type, s.outline, s.shows_stone("B"), s.shows_stone("W")
    (2, 'aquatic', 'BGOY', True, False)
    >>> e = load_components().animal("elephant")
    >>> e.outline, e.needs["G"], e.need_counts
    ('RRGGYYOG', 3, (2, 1, 2, 3, 0, 0, 0))
    """

    id: str
    """Stable lower-case id, e.g. ``"sea_otter"``."""
    name: str
    """The name printed top right."""
    points: int
    """The points printed top left."""
    type: AnimalType
    """The type icon beside the name."""
    outline: str
    """The stones that fill the outline, one code per slot, in slot order."""
    power: Power
    provenance: Provenance
    source: str = ""
    rulebook_fields: tuple[str, ...] = ()
    note: str = ""

    @property
    def size(self) -> int:
        """The number of slots in the outline."""
        return len(self.outline)

    @property
    def needs(self) -> Counter[str]:
        """The stones the outline needs, by code (a new Counter each time)."""
        return Counter(self.outline)

    @property
    def need_counts(self) -> tuple[int, ...]:
        """The stones the outline needs, counted in :data:`STONE_CODES` order."""
        return tuple(self.outline.count(code) for code in STONE_CODES)

    def shows_stone(self, code: str) -> bool:
        """Whether the outline shows a stone of this kind."""
        return code in self.outline

    def describe(self, names: Mapping[str, str] = STONE_NAMES) -> str:
        """One line: name, type, points, outline and power.

        >>> print(load_components().animal("fox").describe())  # doctest: +ELLIPSIS
        Fox (land, 1 point, outline ROOY): Activation (attack): take 1 stone ...
        """
        head = f"{self.name} ({self.type}, {_plural(self.points, 'point')}, outline {self.outline})"
        return f"{head}: {self.power.describe(names)}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON entry of this card."""
        return _with_provenance(
            {
                "id": self.id,
                "name": self.name,
                "type": self.type,
                "points": self.points,
                "outline": self.outline,
                "power": self.power.to_dict(),
            },
            self.provenance, self.source, self.rulebook_fields, self.note,
        )


@dataclass(frozen=True, slots=True)
class Mage:
    """A Mage Card: its number (turn order) and ability.

    >>> m = load_components().mage(1)
    >>> m.ability, m.provenance
    ('bonus_stone', 'rulebook')
    """

    number: int
    """The mage no., 1 to 5; the lowest number starts."""
    ability: str
    """The ability id of :data:`MAGE_ABILITIES`."""
    name: str
    summary: str
    """A one-sentence paraphrase of the ability."""
    provenance: Provenance
    source: str = ""
    rulebook_fields: tuple[str, ...] = ()
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON entry of this mage."""
        return _with_provenance(
            {
                "number": self.number,
                "ability": self.ability,
                "name": self.name,
                "summary": self.summary,
            },
            self.provenance, self.source, self.rulebook_fields, self.note,
        )


@dataclass(frozen=True, slots=True)
class Spell:
    """A Spell Card of the variant.

    >>> load_components().spell("blessed_by_glory").name
    'Blessed by Glory (x1, +50%)'
    """

    id: str
    name: str
    """The spell name printed at the top."""
    summary: str
    """A one-sentence paraphrase of the ability."""
    provenance: Provenance
    source: str = ""
    rulebook_fields: tuple[str, ...] = ()
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON entry of this spell."""
        return _with_provenance(
            {"id": self.id, "name": self.name, "summary": self.summary},
            self.provenance, self.source, self.rulebook_fields, self.note,
        )


def _with_provenance(
    entry: dict[str, Any],
    provenance: str,
    source: str,
    rulebook_fields: tuple[str, ...],
    note: str,
) -> dict[str, Any]:
    entry.update(Origin(cast(Provenance, provenance), source, rulebook_fields, note).to_dict())
    return entry


# ---------------------------------------------------------------------------
# The whole set


@dataclass(frozen=True, slots=True)
class Components(ComponentSet):
    """Every component of the game, validated.

    >>> c = load_components()
    >>> c
    <Components: 7 stones, 3 die colours, 35 animals, 5 mages, 10 spells; 45 entries reconstructed>
    >>> c.face_distribution()["b"]
    {'R': 1, 'Y': 1, 'B': 2, 'P': 1, 'W': 1}
    >>> c.provenance["animals"], c.provenance["mages"]
    ({'reconstructed': 35}, {'rulebook': 5})
    """

    FILES: ClassVar[tuple[str, ...]] = COMPONENT_FILES
    DATA_DIR: ClassVar[Path] = DATA_DIR

    stones: tuple[StoneKind, ...]
    dice: tuple[DieColour, ...]
    animals: tuple[Animal, ...]
    mages: tuple[Mage, ...]
    spells: tuple[Spell, ...]
    provenance_notes: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """Each file's ``provenance_note``, by component name."""
    origins: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The file each component was read from, by component name."""
    _stone_index: dict[str, StoneKind] = field(init=False, repr=False, compare=False)
    _die_index: dict[str, DieColour] = field(init=False, repr=False, compare=False)
    _animal_index: dict[str, Animal] = field(init=False, repr=False, compare=False)
    _mage_index: dict[int, Mage] = field(init=False, repr=False, compare=False)
    _spell_index: dict[str, Spell] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_stone_index", {s.code: s for s in self.stones})
        object.__setattr__(self, "_die_index", {d.code: d for d in self.dice})
        object.__setattr__(self, "_animal_index", {a.id: a for a in self.animals})
        object.__setattr__(self, "_mage_index", {m.number: m for m in self.mages})
        object.__setattr__(self, "_spell_index", {s.id: s for s in self.spells})

    def __repr__(self) -> str:
        return (
            f"<Components: {len(self.stones)} stones, {len(self.dice)} die colours, "
            f"{len(self.animals)} animals, {len(self.mages)} mages, {len(self.spells)} spells; "
            f"{self.reconstructed} entries reconstructed>"
        )

    # -- lookups ------------------------------------------------------------

    @property
    def stones_by_code(self) -> Mapping[str, StoneKind]:
        """The stone kinds by code."""
        return MappingProxyType(self._stone_index)

    @property
    def dice_by_code(self) -> Mapping[str, DieColour]:
        """The die colours by code."""
        return MappingProxyType(self._die_index)

    @property
    def animals_by_id(self) -> Mapping[str, Animal]:
        """The Animal Index Cards by id, in file order."""
        return MappingProxyType(self._animal_index)

    @property
    def mages_by_number(self) -> Mapping[int, Mage]:
        """The mages by number."""
        return MappingProxyType(self._mage_index)

    @property
    def spells_by_id(self) -> Mapping[str, Spell]:
        """The spells by id."""
        return MappingProxyType(self._spell_index)

    def stone(self, code: str) -> StoneKind:
        """The stone kind with this code."""
        return lookup(self._stone_index, code, "stone")

    def die(self, code: str) -> DieColour:
        """The die colour with this code."""
        return lookup(self._die_index, code, "die colour")

    def animal(self, animal_id: str) -> Animal:
        """The Animal Index Card with this id."""
        return lookup(self._animal_index, animal_id, "animal")

    def mage(self, number: int) -> Mage:
        """The mage with this number."""
        return lookup(self._mage_index, number, "mage")

    def spell(self, spell_id: str) -> Spell:
        """The spell with this id."""
        return lookup(self._spell_index, spell_id, "spell")

    # -- what the Mage Card shows ---------------------------------------------

    def type_distribution(self) -> dict[str, int]:
        """Animal Index Cards of each type, as the Mage Card's bottom row shows them."""
        counts = Counter(a.type for a in self.animals)
        return {t: counts[t] for t in ANIMAL_TYPES}

    def face_distribution(self) -> dict[str, dict[str, int]]:
        """For each die colour, how many faces show each stone (stones in display order)."""
        out: dict[str, dict[str, int]] = {}
        for die in self.dice:
            counts = Counter(die.faces)
            out[die.code] = {code: counts[code] for code in STONE_CODES if counts[code]}
        return out

    def stone_demand(self) -> dict[str, int]:
        """Stones of each kind over all the cards' outlines.

        >>> load_components().stone_demand()
        {'R': 30, 'O': 30, 'Y': 30, 'G': 30, 'B': 30, 'P': 20, 'W': 10}
        """
        counts: Counter[str] = Counter()
        for animal in self.animals:
            counts.update(animal.outline)
        return {code: counts[code] for code in STONE_CODES}

    # -- provenance -----------------------------------------------------------

    @staticmethod
    def provenance_of(entry: Any) -> str:
        """An entry's provenance word (kept on the entry itself)."""
        return str(entry.provenance)

    @property
    def reconstructed(self) -> int:
        """How many entries are reconstructed rather than stated by a source."""
        return sum(c.get("reconstructed", 0) for c in self.provenance.values())

    # -- files ------------------------------------------------------------------

    def groups(self) -> dict[str, Sequence[Any]]:
        """The entries of each component file, by file."""
        return {
            "stones": self.stones,
            "dice": self.dice,
            "animals": self.animals,
            "mages": self.mages,
            "spells": self.spells,
        }

    # -- building -------------------------------------------------------------

    @classmethod
    def from_documents(cls, documents: Sequence[DataDocument], problems: list[str],
                       where: str) -> Components:
        return _build(documents, problems, where)


# ---------------------------------------------------------------------------
# Loading


def load_components(directory: str | Path | None = None) -> Components:
    """Load and validate the component files.

    With no ``directory``, the packaged files (the result is cached).  Otherwise each
    ``<component>.json`` in ``directory`` replaces the packaged one, and a missing file
    falls back to the package, so one can replace only ``animals.json``.

    Raises :class:`~gaia_lab.core.errors.InvalidStateError` listing every problem found,
    each with its file, line and field.

    >>> load_components().provenance_summary()
    'reconstructed: stones 7/7, dice 3/3, animals 35/35, mages 0/5, spells 0/10'
    >>> text = load_components().to_json("mages")
    >>> text.splitlines()[4][:41]
    '    {"number": 1, "ability": "bonus_stone'
    >>> load_components() is load_components()
    True
    """
    return _load_default() if directory is None else Components.load(directory)


@functools.lru_cache(maxsize=1)
def _load_default() -> Components:
    return Components.load(DATA_DIR)


class _Stones:
    """A string of stone codes, ``low`` to ``high`` of them."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, str):
            at.problem(f"must be a string of stone codes, not {show(value)}")
            return value
        for code in sorted({c for c in value if c not in STONE_CODES}, key=value.index):
            at.problem(f"unknown stone code {code!r} in {value!r} "
                       f"(stone codes are {' '.join(STONE_CODES)})")
        if not self.low <= len(value) <= self.high:
            size = f"exactly {self.low}" if self.low == self.high else f"{self.low} to {self.high}"
            at.problem(f"{len(value)} stones in {value!r}; must be {size}")
        return value


_PARAMS: Final[Mapping[str, Node]] = MappingProxyType({
    "stone": Text(choices=tuple(STONE_CODES)),
    "stones": _Stones(1, len(STONE_CODES)),
    "type": Text(choices=ANIMAL_TYPES),
    "points": Integer(1, 20),
    "companions": Integer(1, ANIMAL_COUNT),
})


class _PowerNode:
    """An animal power: its kind fixes its type and names its parameters."""

    shape = Record({"type": Field(Text(choices=POWER_TYPES)),
                    "kind": Field(Text(choices=tuple(POWER_KINDS))),
                    "params": optional(MapOf(Anything()), {})})

    def read(self, value: Any, at: At) -> Any:
        values = self.shape.read(value, at)
        kind = values.get("kind") if isinstance(values, dict) else None
        if not isinstance(kind, str) or kind not in POWER_KINDS:
            return values
        expected, names = POWER_KINDS[kind]
        if values.get("type") in POWER_TYPES and values["type"] != expected:
            at.key("type").problem(f"{kind!r} is a {expected} power, not {values['type']}")
        params = values.get("params")
        if isinstance(params, dict):
            Record({n: Field(_PARAMS[n]) for n in names}).read(params, at.key("params"))
        return values


def _entry_schema(fields: Mapping[str, Field], *cited: str) -> Record:
    return Record(fields, origin=True, cited=cited)


_NAME = Field(Text())
_COLOUR = Field(Text(pattern=_HEX, what="a CSS hex colour like '#8e44ad'"))

TABLES: Final[Mapping[str, Table]] = MappingProxyType({
    "stones": Table(_entry_schema({
        "code": Field(Text(choices=tuple(STONE_CODES))), "name": _NAME, "shape": _NAME,
        "colour": _COLOUR, "box_count": Field(Integer(0, BOX_STONES))}), key="code"),
    "dice": Table(_entry_schema({
        "code": Field(Text(choices=DIE_CODES)), "name": _NAME,
        "faces": Field(_Stones(DIE_FACES, DIE_FACES)), "colour": _COLOUR,
        "count": Field(Integer(1, DICE_TOTAL))}), key="code"),
    "animals": Table(_entry_schema({
        "id": Field(Text(pattern=_ID, what="a lower-case id like 'sea_otter'")),
        "name": _NAME, "type": Field(Text(choices=ANIMAL_TYPES)),
        "points": Field(Integer(1, 9)), "outline": Field(_Stones(1, 12)),
        "power": Field(_PowerNode())}, "power.type", "power.kind", "power.params")),
    "mages": Table(_entry_schema({
        "number": Field(Integer(1, len(MAGE_ABILITIES))),
        "ability": Field(Text(choices=tuple(MAGE_ABILITIES.values()))), "name": _NAME,
        "summary": _NAME}), key="number"),
    "spells": Table(_entry_schema({
        "id": Field(Text(choices=SPELL_IDS)), "name": _NAME, "summary": _NAME})),
})
"""The schema of each component file's entries."""


def _file(component: str) -> FileSchema:
    return FileSchema((TABLES[component],), {
        "component": Field(Text(choices=(component,))),
        "provenance_note": optional(Text(empty=True), "")},
        what='{"component": ..., "entries": [...]}')


def _stone(v: dict[str, Any]) -> StoneKind:
    return StoneKind(v["code"], v["name"], v["shape"], v["colour"], v["box_count"],
                     *origin_of(v).parts())


def _die(v: dict[str, Any]) -> DieColour:
    return DieColour(v["code"], v["name"], tuple(v["faces"]), v["colour"], v["count"],
                     *origin_of(v).parts())


def _animal(v: dict[str, Any]) -> Animal:
    power, params = v["power"], v["power"]["params"]
    kind = power["kind"]
    values = {{"type": "animal_type"}.get(k, k): params[k] for k in POWER_KINDS[kind][1]}
    return Animal(v["id"], v["name"], v["points"], v["type"], v["outline"],
                  Power(POWER_KINDS[kind][0], kind, **values), *origin_of(v).parts())


def _mage(v: dict[str, Any]) -> Mage:
    return Mage(v["number"], v["ability"], v["name"], v["summary"], *origin_of(v).parts())


def _spell(v: dict[str, Any]) -> Spell:
    return Spell(v["id"], v["name"], v["summary"], *origin_of(v).parts())


_MAKE: Final[Mapping[str, Callable[[dict[str, Any]], Any]]] = MappingProxyType({
    "stones": _stone, "dice": _die, "animals": _animal, "mages": _mage, "spells": _spell})


def _build(documents: Sequence[DataDocument], problems: list[str], where: str) -> Components:
    docs = {d.component: d for d in documents}
    read = {name: read_file(docs[name], _file(name), problems) for name in COMPONENT_FILES}

    def rows(name: str) -> list[Row]:
        return read[name].rows["entries"]

    for row in rows("mages"):  # the rulebook gives each mage number its ability
        v = row.values
        if v is not None and MAGE_ABILITIES[v["number"]] != v["ability"]:
            row.entry.problem("ability", f"mage {v['number']}'s ability is "
                                         f"{MAGE_ABILITIES[v['number']]!r}, not {v['ability']!r}")
            row.values = None
    made = {name: [None if r.values is None else _MAKE[name](r.values) for r in rows(name)]
            for name in COMPONENT_FILES}
    stones: list[StoneKind | None] = made["stones"]
    dice: list[DieColour | None] = made["dice"]
    animals: list[Animal | None] = made["animals"]

    def whole(component: str, message: str) -> None:
        if read[component].ok:
            problems.append(f"{docs[component].name}: {message}")

    # stones: the seven codes once each, and the box total
    codes = {r.ident for r in rows("stones")}
    missing = [c for c in STONE_CODES if c not in codes]
    if missing:
        whole("stones", f"missing stone kinds {' '.join(missing)}; the game has 7 kinds "
                        f"({' '.join(STONE_CODES)})")
    if all(s is not None for s in stones) and stones:
        total = sum(s.box_count for s in stones if s is not None)
        if total != BOX_STONES:
            whole("stones", f"box counts add up to {total}; the box holds {BOX_STONES} stones")

    # dice: three colours of six faces, six dice, different distributions
    die_codes = {r.ident for r in rows("dice")}
    missing = [c for c in DIE_CODES if c not in die_codes]
    if missing:
        whole("dice", f"missing die colours {' '.join(missing)}; the game has 3 colours "
                      f"({' '.join(DIE_CODES)})")
    good_dice = [d for d in dice if d is not None]
    if len(good_dice) == len(dice) and dice:
        count = sum(d.count for d in good_dice)
        if count != DICE_TOTAL:
            whole("dice", f"{count} dice in all; the box holds {DICE_TOTAL} Magic Dice")
        seen: dict[tuple[str, ...], str] = {}
        for d in good_dice:
            key = tuple(sorted(d.faces))
            if key in seen:
                whole("dice", f"die colours {seen[key]!r} and {d.code!r} have the same "
                              "faces; each colour must have a different distribution")
            seen.setdefault(key, d.code)

    # animals
    if len(rows("animals")) != ANIMAL_COUNT:
        whole("animals", f"{len(rows('animals'))} animals; the game has {ANIMAL_COUNT} "
                         "Animal Index Cards")
    if good_dice and len(good_dice) == len(dice):
        on_dice = {code for d in good_dice for code in d.faces}
        used = {code for a in animals if a is not None for code in a.outline}
        for code in STONE_CODES:
            if code in used and code not in on_dice:
                whole("dice", f"no die face shows stone {code!r}, which outlines need")

    # mages and spells
    numbers = {r.ident for r in rows("mages")}
    if len(rows("mages")) != len(MAGE_ABILITIES) or numbers != set(MAGE_ABILITIES):
        whole("mages", f"{len(rows('mages'))} mages; the game has 5 Mage Cards, "
                       "numbered 1 to 5")
    ids = {r.ident for r in rows("spells")}
    if len(rows("spells")) != len(SPELL_IDS) or ids != set(SPELL_IDS):
        lacking = [s for s in SPELL_IDS if s not in ids]
        extra = f"; missing {', '.join(lacking)}" if lacking else ""
        whole("spells", f"{len(rows('spells'))} spells; the game has {len(SPELL_IDS)} "
                        f"Spell Cards{extra}")

    if problems:
        sources = {
            d.path for d in documents if any(p.startswith(d.name + ":") for p in problems)
        }
        source = sources.pop() if len(sources) == 1 else where
        if source == f"{Path(source).stem}.json" and source != where:
            source = where  # a document given as data, not read from a file
        raise InvalidStateError(problems, source=source)

    def good(name: str) -> tuple[Any, ...]:
        return tuple(v for v in made[name] if v is not None)

    return Components(
        stones=good("stones"), dice=good("dice"), animals=good("animals"),
        mages=good("mages"), spells=good("spells"),
        provenance_notes=tuple((n, str(read[n].values["provenance_note"]))
                               for n in COMPONENT_FILES),
        origins=tuple((d.component, d.path) for d in documents),
    )
