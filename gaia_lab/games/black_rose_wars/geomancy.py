"""Talia, the School of Geomancy and the Forgotten Evocation Gaea (Legend).

Talia is a Mage that may be chosen at setup step 8; at step 9 the School of Geomancy may
take the place of one School of Magic of the core game (:func:`swap_school`).  Its 36
spell cards, Talia's own card and her three personal spells are data
(``data/geomancy.json``, authored, ``reconstructed``); each spell uses the modelled
core's effects (Damage to a Model, Instability in a Room, a move to a Room) with an
amount and a range, so the core's casting resolves it.

The Forgotten Evocation Gaea (Legend) joins the Evocation deck (Speed 2, Strength 1,
Health 6); after each of her actions her owner picks one effect
(:func:`legend_choices`, :func:`apply_legend`).

>>> g = load_geomancy()
>>> g
<Geomancy: Talia, 3 personal spells, 36 spells (12 different), Gaea (Legend)>
>>> g.spell("geo_01").describe()
'Stone Shard: 2 Damage to a Model within 1'
>>> swap_school(CORE_SCHOOLS[:3], "alchemy")
('technomancy', 'shamanic', 'geomancy')
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal

from gaia_lab.core.datafiles import DataEntry, read_document, read_text_document
from gaia_lab.core.errors import IllegalActionError, InvalidStateError
from gaia_lab.core.events import Event
from gaia_lab.core.provenance import Origin, origin_of
from gaia_lab.core.schema import (
    Context,
    Field,
    FileSchema,
    Integer,
    ListOf,
    Record,
    Table,
    Text,
    optional,
    read_file,
)
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.black_rose_wars.components import MageCard, Spell
from gaia_lab.games.black_rose_wars.parts_rules import rule
from gaia_lab.games.black_rose_wars.state import BRWState, mage_id

__all__ = [
    "CORE_SCHOOLS",
    "GEOMANCY",
    "LEGEND_CHOICES",
    "Geomancy",
    "GeomancySpell",
    "Legend",
    "apply_legend",
    "explain_legend",
    "explain_swap",
    "geomancy_spell",
    "legend_choices",
    "legend_room",
    "library",
    "load_geomancy",
    "swap_school",
    "talia_card",
]

DATA: Final = Path(__file__).resolve().with_name("data") / "geomancy.json"
GEOMANCY: Final = "geomancy"
CORE_SCHOOLS: Final = ("technomancy", "shamanic", "alchemy", "hex", "nightmare", "agony")
"""The core game's Schools of Magic as a fan setup randomizer lists them (published,
unverified: ``core_rules_facts.yaml``)."""
SPELL_EFFECTS: Final = ("damage", "instability", "teleport")
"""The modelled core's spell effects a Geomancy spell uses."""
LegendChoice = Literal["remove_instability", "convert_damage", "convert_instability"]
LEGEND_CHOICES: Final[tuple[LegendChoice, ...]] = (
    "remove_instability", "convert_damage", "convert_instability")
"""The Legend's three effects, in the card's order (brw.forgotten.gaea_legend)."""


# -- components -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GeomancySpell:
    """A spell card: its effect in the modelled core, amount and range."""

    id: str
    name: str
    effect: str
    amount: int
    range: int
    origin: Origin

    def describe(self) -> str:
        """The spell in words."""
        what = {"damage": f"{self.amount} Damage to a Model",
                "instability": f"{self.amount} Instability in a Room",
                "teleport": "move to a Room"}[self.effect]
        return f"{self.name}: {what} within {self.range}"


@dataclass(frozen=True, slots=True)
class Legend:
    """The Forgotten Evocation Gaea (Legend): its values and the effects it offers."""

    id: str
    name: str
    speed: int
    strength: int
    health: int
    choices: tuple[str, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class Geomancy:
    """Talia, her personal spells, the School's 36 spell cards and the Legend."""

    talia: MageCard
    """Talia's Mage card (as the game's components give Mages)."""
    personal: tuple[GeomancySpell, ...]
    spells: tuple[GeomancySpell, ...]
    legend: Legend

    def spell(self, spell_id: str) -> GeomancySpell:
        """A Geomancy or personal spell by id (KeyError when unknown)."""
        for s in (*self.spells, *self.personal):
            if s.id == spell_id:
                return s
        raise KeyError(f"no Geomancy spell {spell_id!r}")

    def __repr__(self) -> str:
        names = len({s.name for s in self.spells})
        return (f"<Geomancy: {self.talia.name}, {len(self.personal)} personal spells, "
                f"{len(self.spells)} spells ({names} different), {self.legend.name}>")


def geomancy_spell(spell_id: str) -> Spell | None:
    """A Geomancy or Talia spell as the game's components give spells (None when the id
    is no spell of this box), so the core's casting resolves it.

    >>> geomancy_spell("geo_07").deck, geomancy_spell("arcane_bolt")
    ('geomancy', None)
    """
    g = load_geomancy()
    for deck, spells in (("geomancy", g.spells), ("talia", g.personal)):
        for s in spells:
            if s.id == spell_id:
                return Spell(s.id, s.name, deck, s.effect, s.amount, s.range, s.origin)
    return None


def talia_card() -> MageCard:
    """Talia's Mage card as the game's components give Mages.

    >>> talia_card().health
    11
    """
    return load_geomancy().talia


# -- setup step 9 ---------------------------------------------------------------------------


def explain_swap(schools: Sequence[str], replaced: str) -> Verdict:
    """Whether the School of Geomancy may take ``replaced``'s place among ``schools``.

    >>> print(explain_swap(("hex", "agony"), "alchemy"))
    not legal now: alchemy is not among the Schools in play (hex, agony). \
[School Reference Card]
    """
    cite = rule("brw.school.geomancy")
    if GEOMANCY in schools:
        return Verdict.illegal("geomancy.in_play", "The School of Geomancy is already in "
                               "play.", cite)
    if replaced not in schools:
        return Verdict.illegal("geomancy.not_in_play", f"{replaced} is not among the Schools "
                               f"in play ({', '.join(schools) or 'none'}).", cite)
    return Verdict.ok(cite, f"Geomancy replaces {replaced}.")


def swap_school(schools: Sequence[str], replaced: str) -> tuple[str, ...]:
    """The Schools in play with Geomancy in ``replaced``'s place (IllegalActionError when
    it may not be)."""
    verdict = explain_swap(schools, replaced)
    if not verdict:
        raise IllegalActionError(verdict)
    return tuple(GEOMANCY if s == replaced else s for s in schools)


def library(geomancy: Geomancy, rng: random.Random) -> tuple[str, ...]:
    """The 36 Geomancy spell cards shuffled (top first)."""
    deck = [s.id for s in geomancy.spells]
    rng.shuffle(deck)
    return tuple(deck)


# -- the Forgotten Evocation Gaea (Legend) --------------------------------------------------


def _owned(state: BRWState, room: str, seat: int) -> int:
    return sum(1 for o in state.room(room).owners() if o == mage_id(seat))


def legend_room(state: BRWState, seat: int) -> str | None:
    """The Room of the Legend when it is ``seat``'s Evocation in the Lodge, else None."""
    from gaia_lab.games.black_rose_wars.components import LEGEND

    legend = state.evocation(LEGEND)
    if legend is None or legend.owner != seat or not legend.model.where:
        return None
    return legend.model.where


def explain_legend(state: BRWState, seat: int, choice: str, target: str) -> Verdict:
    """Whether the Legend's owner (``seat``) may pick ``choice`` on ``target``.

    Removing Instability takes 2 of the owner's own out of any Room (``If you do``: with
    fewer the effect cannot be picked); converting turns up to 3 Damage on a Model in her
    Room, or up to 3 Instability in her Room, of other owners into the owner's
    (brw.ruling.legend_from_her: "from her" is read as her own Room).

    >>> from gaia_lab.games.black_rose_wars.state import Evocation, Mage, Model, Room
    >>> legend = Evocation("gaea_legend", 0, Model("crypt", 2, 1, 6))
    >>> s = BRWState(players=1, mages=(Mage("Talia", Model("crypt", 2, 2, 11)),),
    ...              rooms=(Room("crypt", 0, 0, 6, slots=("mage1", "gaea")),),
    ...              evocations=(legend,))
    >>> print(explain_legend(s, 0, "remove_instability", "crypt"))
    not legal now: Talia has 1 Instability in crypt; the Legend removes 2. \
[Forgotten Evocation Card and Forgotten Spell Card]
    """
    cite = rule("brw.forgotten.gaea_legend")
    if choice not in LEGEND_CHOICES:
        return Verdict.illegal("legend.unknown", f"The Legend offers {', '.join(LEGEND_CHOICES)}"
                               f", not {choice!r}.", cite)
    if not 0 <= seat < len(state.mages):
        return Verdict.illegal("legend.no_seat", f"Seat {seat} is not a seat of this game.",
                               cite)
    name = state.mage(seat).name
    here = legend_room(state, seat)
    if here is None:
        return Verdict.illegal("legend.not_in_play", f"Gaea (Legend) is not {name}'s "
                               "Evocation in the Lodge.", cite)
    near = rule("brw.ruling.legend_from_her")
    if choice == "convert_damage":
        if target not in state.models_in(here):
            return Verdict.illegal("legend.not_near", f"{target} is not a Model in the "
                                   f"Legend's Room ({here}).", near)
        others = len(state.model(target).dealt) - state.model(target).owned_damage(
            mage_id(seat))
        if not others:
            return Verdict.illegal("legend.no_damage", f"{target} has no Damage of another "
                                   "owner to convert.", cite)
        return Verdict.ok(cite, f"{name} converts {min(3, others)} Damage on {target}.")
    if not state.has_room(target):
        return Verdict.illegal("legend.no_room", f"{target} is no Room of the Lodge.", cite)
    if choice == "remove_instability":
        have = _owned(state, target, seat)
        if have < 2:
            return Verdict.illegal("legend.too_little", f"{name} has {have} Instability in "
                                   f"{target}; the Legend removes 2.", cite)
        return Verdict.ok(cite, f"{name} removes 2 Instability from {target} and gains 2 Power "
                                "Points.")
    if target != here:
        return Verdict.illegal("legend.not_near", f"{target} is not the Legend's Room "
                               f"({here}).", near)
    others = len(state.room(target).owners()) - _owned(state, target, seat)
    if not others:
        return Verdict.illegal("legend.nothing", f"{target} holds no Instability of another "
                               "owner to convert.", cite)
    return Verdict.ok(cite, f"{name} converts {min(3, others)} Instability in {target}.")


def legend_choices(state: BRWState, seat: int) -> tuple[tuple[str, str], ...]:
    """Every (choice, target) the Legend's owner may pick now, in the card's order, Rooms
    in the Lodge's order and Models in the game's order."""
    targets = {"remove_instability": [r.id for r in state.rooms],
               "convert_damage": list(state.model_ids()),
               "convert_instability": [r.id for r in state.rooms]}
    return tuple((c, t) for c in LEGEND_CHOICES for t in targets[c]
                 if explain_legend(state, seat, c, t))


def apply_legend(state: BRWState, seat: int, choice: str, target: str
                 ) -> tuple[BRWState, tuple[Event, ...]]:
    """Resolve the Legend's effect (IllegalActionError when it may not be picked).  Its
    owner's Instability is taken from the right; converted Instability is the leftmost of
    other owners', the Root Token's first, and converted Damage the oldest of other
    owners' (brw.ruling.legend_which: the card leaves which ones open).

    >>> from gaia_lab.games.black_rose_wars.state import Evocation, Mage, Model, Room, RootToken
    >>> legend = Evocation("gaea_legend", 0, Model("crypt", 2, 1, 6))
    >>> hurt = Model("crypt", 2, 2, 11).hurt(2, "gaea").hurt(2, "mage1")
    >>> s = BRWState(players=2, mages=(Mage("Talia", Model("crypt", 2, 2, 11)),
    ...                                Mage("Rikkart", hurt)),
    ...              rooms=(Room("crypt", 0, 0, 6, slots=("gaea", "mage1", "black_rose"),
    ...                          root=RootToken(("gaea", "gaea"))),), evocations=(legend,))
    >>> after, _ = apply_legend(s, 0, "convert_instability", "crypt")
    >>> after.room("crypt").owners()
    ('mage1', 'mage1', 'mage1', 'mage1', 'black_rose')
    >>> apply_legend(s, 0, "convert_damage", "mage2")[0].mages[1].model.dealt
    ('mage1', 'mage1', 'mage1', 'mage1')
    """
    verdict = explain_legend(state, seat, choice, target)
    if not verdict:
        raise IllegalActionError(verdict)
    me = mage_id(seat)
    if choice == "convert_damage":
        model = state.model(target)
        left, dealt = 3, list(model.dealt)
        for i, owner in enumerate(dealt):
            if left and owner != me:
                dealt[i] = me
                left -= 1
        state = state.with_model(target, evolve(model, dealt=tuple(dealt)))
        return state, (Event(f"legend.{choice}", verdict.message, verdict.rule, seat, ()),)
    room = state.room(target)
    root = list(room.root.slots) if room.root else []
    slots = list(room.slots)
    if choice == "remove_instability":
        for _ in range(2):
            where = slots if me in slots else root
            del where[len(where) - 1 - where[::-1].index(me)]
        mage = state.mage(seat)
        state = state.with_mage(seat, evolve(mage, power=mage.power + 2))
        delta: tuple[tuple[str, int], ...] = ((f"{me}.power", 2),)
    else:
        left = 3
        for where in (root, slots):
            for i, owner in enumerate(where):
                if left and owner != me:
                    where[i] = me
                    left -= 1
        delta = ()
    new_root = evolve(room.root, slots=tuple(root)) if room.root else None
    state = state.with_room(evolve(room, slots=tuple(slots), root=new_root))
    return state, (Event(f"legend.{choice}", verdict.message, verdict.rule, seat, delta),)


# -- the data file --------------------------------------------------------------------------

_SPELL = Record({"id": Field(Text()), "name": Field(Text()),
                 "effect": Field(Text(choices=SPELL_EFFECTS)), "amount": Field(Integer(0, 9)),
                 "range": Field(Integer(0, 9))}, origin=True)
_SCHEMA: Final = FileSchema(
    (Table(Record({"id": Field(Text(choices=("talia",))), "name": Field(Text()),
                   "health": Field(Integer(1, 30)), "strength": Field(Integer(0, 9)),
                   "speed": Field(Integer(0, 9))}, origin=True), section="mage"),
     Table(_SPELL, section="personal_spells", min_entries=3),
     Table(_SPELL, section="spells", min_entries=36),
     Table(Record({"id": Field(Text()), "name": Field(Text()), "speed": Field(Integer(0, 9)),
                   "strength": Field(Integer(0, 9)), "health": Field(Integer(1, 30)),
                   "choices": Field(ListOf(Text(choices=LEGEND_CHOICES), 3, 3))},
                  origin=True), section="legend")),
    {"component": Field(Text(choices=("geomancy",))), "provenance_note": optional(Text(), "")},
    what='{"component": "geomancy", "mage": [...], "personal_spells": [...], ...}')

_LEGEND_CARD: Final[Mapping[str, int]] = MappingProxyType({"speed": 2, "strength": 1,
                                                           "health": 6})
"""The Legend's values (brw.forgotten.gaea_legend)."""


def _spell(e: DataEntry, v: dict[str, Any]) -> GeomancySpell:
    if v["effect"] == "teleport" and v["amount"]:
        e.problem("amount", "a move to a Room has no amount (0)")
    if v["effect"] != "teleport" and not v["amount"]:
        e.problem("amount", f"a {v['effect']} spell needs an amount of at least 1")
    return GeomancySpell(v["id"], v["name"], v["effect"], v["amount"], v["range"], origin_of(v))


def _legend(e: DataEntry, v: dict[str, Any]) -> Legend:
    for name, value in _LEGEND_CARD.items():
        if v[name] != value:
            e.problem(name, "the Legend's card shows Speed 2, Strength 1, Health 6 "
                            "(brw.forgotten.gaea_legend)")
    if tuple(v["choices"]) != LEGEND_CHOICES:
        e.problem("choices", f"the card's effects are {', '.join(LEGEND_CHOICES)}, in order")
    return Legend(v["id"], v["name"], v["speed"], v["strength"], v["health"],
                  tuple(v["choices"]), origin_of(v))


def _build(doc: Any, problems: list[str]) -> Geomancy:
    got = read_file(doc, _SCHEMA, problems, Context())

    def made(section: str, make: Any) -> list[Any]:
        return [make(row.entry, row.values) for row in got.rows[section]
                if row.values is not None]

    mages = made("mage", lambda e, v: MageCard(v["id"], v["name"], v["health"],
                                               v["strength"], v["speed"], origin_of(v)))
    personal, spells = made("personal_spells", _spell), made("spells", _spell)
    legends = made("legend", _legend)
    if got.ok and len(spells) != 36:
        problems.append(f"geomancy.json: {len(spells)} Geomancy spells; the School has 36")
    if got.ok and len(personal) != 3:
        problems.append(f"geomancy.json: {len(personal)} personal spells; Talia has 3")
    ids = [s.id for s in (*personal, *spells)]
    if len(set(ids)) != len(ids):
        problems.append("geomancy.json: a spell id is used twice")
    if problems:
        raise InvalidStateError(problems, source=doc.name)
    return Geomancy(mages[0], tuple(personal), tuple(spells), legends[0])


def geomancy_from_text(text: str) -> Geomancy:
    """The contents of a ``geomancy.json`` text; InvalidStateError lists every problem."""
    problems: list[str] = []
    return _build(read_text_document(text, "geomancy", problems), problems)


def load_geomancy(path: str | Path | None = None) -> Geomancy:
    """Talia, the School of Geomancy and the Legend of ``data/geomancy.json`` (cached), or
    of another file."""
    return _default() if path is None else _read(Path(path))


@functools.lru_cache(maxsize=1)
def _default() -> Geomancy:
    return _read(DATA)


def _read(path: Path) -> Geomancy:
    problems: list[str] = []
    return _build(read_document(path, "geomancy", problems), problems)
