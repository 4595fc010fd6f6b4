"""The state of a Gaia Project game: immutable values with an exact JSON round trip.

Every field is an int, a string, None or a tuple of those, so a state is hashable and
``GPState.from_json(s.to_json()) == s``.  Hexes are kept by their log names (``3A11``);
the :class:`~gaia_lab.games.gaia_project.map.SpaceMap` is rebuilt from the setup and cached.

>>> s = GPState.new(4, DEEP_MIND_2_SETUP)
>>> s.phase, s.round, len(s.seats)
('faction', 0, 4)
>>> GPState.from_json(s.to_json()) == s
True
>>> s.space_map.planet(s.space_map.hex("1B5"))
'terra'
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final

from gaia_lab.core import codec
from gaia_lab.core.codec import OneOf, Range, Size
from gaia_lab.core.flow import Task
from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project.components import (
    ADVANCED_POSITIONS,
    RESEARCH_TRACKS,
    TECH_POSITIONS,
    Faction,
)
from gaia_lab.games.gaia_project.flow import phase_task
from gaia_lab.games.gaia_project.map import MIRRORED, SectorPlacement, SpaceMap

__all__ = ["DEEP_MIND_2_SETUP", "GPState", "PlayerState", "Setup", "Task"]

TECH_SPACES: Final = TECH_POSITIONS + ADVANCED_POSITIONS
"""The order of :attr:`Setup.techs`."""
MAX_PLAYERS: Final = 4
SeatNumber = Annotated[int, Range(0, MAX_PLAYERS - 1)]
PHASES: Final = ("setup_draw", "faction", "setup_mines", "setup_boosters", "income",
                 "income_order", "gaia", "gaia_tokens", "actions", "over")
"""The phases of a game, in the order they come (see :attr:`GPState.phase`)."""
Amount = Annotated[int, Range(0, 10_000)]
"""A resource amount (bounded far above any cap)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What the seed drew: sectors ``(id, rotation, q, r)``, tiles by place."""

    sectors: tuple[tuple[str, Annotated[int, Range(0, 5)], Annotated[int, Range(-99, 99)],
                         Annotated[int, Range(-99, 99)]], ...]
    boosters: tuple[str, ...]
    techs: tuple[tuple[str, str], ...]
    """``(position, tile id)`` for the 9 standard and 6 advanced spaces, in the order of
    :data:`TECH_SPACES` (so equal setups compare equal however they were read)."""
    round_scoring: tuple[str, ...]
    final_scoring: tuple[str, ...]
    terraforming_federation: str
    faction_variant: str = ""
    """The faction boards played: ``""`` for the printed ones, else a variant of
    boardgamers.space and its version, ``beta/1`` (see :mod:`.faction_variants`)."""
    bids: tuple[Annotated[int, Range(0, 99)], ...] = ()
    """VP each seat bid for its faction in an auction (paid at final scoring), or ()."""
    flexible_federations: bool = False
    """boardgamers.space's ``flexibleFederations``: a federation may take more satellites
    than the fewest joining its structures, to leave out another structure of the player
    (it must still not be outclassed: the same or fewer structures with fewer satellites)."""
    final_conversion: bool = True
    """Whether final scoring converts the power and Q.I.C. left before counting 1 VP per 3
    credits, ore and knowledge (the default: as free actions would, and as
    boardgamers.space scores); False reads ``gp.score.resources`` to the letter, counting
    only the credits, ore and knowledge left (the game option ``final_resources_only``)."""

    @classmethod
    def from_seeded(cls, raw: Mapping[str, Any]) -> Setup:
        """Read the ``seeded_setup`` of a conformance file (``mirror``: every sector
        side mirrored, its id marked with :data:`~.map.MIRRORED`)."""
        mark = MIRRORED if raw.get("mirror") else ""
        sectors = tuple(
            (p.sector + mark, p.rotation, p.centre.q, p.centre.r)
            for p in (SectorPlacement.from_dict(s) for s in raw["sectors"])
        )
        tiles = dict(raw["techTiles"])
        techs = sorted(tiles.items(), key=lambda t: (
            TECH_SPACES.index(t[0]) if t[0] in TECH_SPACES else len(TECH_SPACES), t[0]))
        return cls(sectors, tuple(raw["boosters"]), tuple(techs),
                   tuple(raw["roundScoring"]), tuple(raw["finalScoring"]),
                   str(raw["terraformingFederation"]), str(raw.get("factionVariant", "")),
                   tuple(int(b) for b in raw.get("bids", ())),
                   bool(raw.get("flexibleFederations", False)),
                   bool(raw.get("finalConversion", True)))

    def tech_at(self, position: str) -> str:
        """The tile id on a tech space."""
        return dict(self.techs)[position]


DEEP_MIND_2_SETUP: Final = Setup(
    (("5A", 2, 0, 0), ("4", 4, 5, -2), ("6A", 2, 2, 3), ("1", 4, -3, 5), ("2", 5, -5, 2),
     ("9", 5, -2, -3), ("8", 0, 3, -5), ("7A", 1, -1, 8), ("3", 2, -6, 10), ("10", 3, -8, 7)),
    ("booster6", "booster5", "booster8", "booster9", "booster2", "booster1", "booster3"),
    (("terra", "tech1"), ("nav", "tech9"), ("int", "tech2"), ("gaia", "tech7"),
     ("eco", "tech5"), ("sci", "tech4"), ("free1", "tech3"), ("free2", "tech8"),
     ("free3", "tech6"), ("adv-terra", "advtech13"), ("adv-nav", "advtech1"),
     ("adv-int", "advtech6"), ("adv-gaia", "advtech14"), ("adv-eco", "advtech10"),
     ("adv-sci", "advtech11")),
    ("score1", "score9", "score2", "score10", "score4", "score3"),
    ("satellite", "structure"),
    "fed6",
)
"""The setup the seed ``deep-mind-2`` drew (the recorded conformance game)."""


@functools.lru_cache(maxsize=16)
def _space_map(sectors: tuple[tuple[str, int, int, int], ...]) -> SpaceMap:
    return SpaceMap.build(SectorPlacement(s, k, Hex(q, r)) for s, k, q, r in sectors)


_last_map: tuple[object, SpaceMap] | None = None
"""The sectors (by identity) and the map of the last :attr:`GPState.space_map` looked up:
every state of a game shares its setup's sectors, so most look-ups need no hashing.  It
is replaced whole (one assignment), so every thread reads a matching pair; it holds the
sectors it answers for, so their identity is never reused while it does."""


def _remember_map(sectors: object, found: SpaceMap) -> None:
    global _last_map
    _last_map = (sectors, found)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: faction, resources, bowls, research, structures, tiles and tokens.

    >>> p = PlayerState.new("terrans")
    >>> p.bowls, p.level("gaia_project"), p.credits
    ((4, 4, 0, 0), 1, 15)
    """

    faction: str
    credits: Amount
    ore: Amount
    knowledge: Amount
    qic: Amount
    vp: Annotated[int, Range(-10_000, 10_000)]
    bowls: tuple[Amount, Amount, Amount, Amount]
    research: Annotated[tuple[Annotated[int, Range(0, 5)], ...], Size(6, 6)]
    """Levels in :data:`~gaia_lab.games.gaia_project.components.RESEARCH_TRACKS` order."""
    buildings: tuple[tuple[str, str], ...] = ()
    """``(hex name, building)`` sorted by hex name; buildings ``m ts lab PI ac1 ac2``."""
    gaiaformers: tuple[str, ...] = ()
    """Hexes holding one of the player's Gaiaformers."""
    techs: tuple[tuple[str, str, bool], ...] = ()
    """``(position, tile id, covered)`` in the order taken."""
    fed_tokens: tuple[tuple[str, bool], ...] = ()
    """``(token id, flipped)`` in the order taken."""
    federations: tuple[tuple[str, ...], ...] = ()
    """The hexes of each federation formed (structures and satellites)."""
    satellites: Amount = 0
    booster: str | None = None
    passed: bool = False
    used: tuple[str, ...] = ()
    """Special actions already used this round (``booster``, a tech position, ``ac2``)."""
    vp_sources: tuple[tuple[str, Annotated[int, Range(-10_000, 10_000)]], ...] = ()
    """VP gained or lost since the start, by source (sorted by source)."""
    brainstone: Annotated[int, Range(-1, 3)] = -1
    """Where the Taklons' brainstone is: 0-2 bowls I-III, 3 the Gaia area, -1 not in
    play.  It is one of the tokens counted in ``bowls``."""
    formers_in_gaia: Annotated[int, Range(0, 3)] = 0
    """Gaiaformers moved to the Gaia area by a free action (Bal T'aks); they come back in
    the next Gaia phase."""
    income_order: tuple[str, ...] = ()
    """Income sources in the order last gained (a structure kind built by an upgrade, a
    tech tile, a research area advanced), oldest first: the power income is taken in this
    order (see :meth:`gained`)."""

    @classmethod
    def new(cls, faction: str, board: Faction | None = None) -> PlayerState:
        """A player at the start of the game (no structure placed yet), with the
        faction's printed board or the ``board`` of a variant."""
        from gaia_lab.games.gaia_project.components import load_components

        f = board or load_components().faction(faction)
        levels = dict(f.start_tracks)
        s = f.start
        from gaia_lab.games.gaia_project.factions import hooks

        research = tuple(levels.get(t, 0) for t in RESEARCH_TRACKS)
        if hooks(faction).brainstone:
            b = f.power_bowls
            return cls(faction, s.credits, s.ore, s.knowledge, s.qic, s.vp,
                       (b[0] + 1, b[1], b[2], b[3]), research, brainstone=0)
        return cls(faction, s.credits, s.ore, s.knowledge, s.qic, s.vp, f.power_bowls,
                   research)

    def level(self, track: str) -> int:
        """The research level on a track (full name)."""
        return self.research[RESEARCH_TRACKS.index(track)]

    def building_at(self, hex_name: str) -> str | None:
        """The building on a hex, or None."""
        for h, b in self.buildings:
            if h == hex_name:
                return b
        return None

    def count(self, *kinds: str) -> int:
        """How many buildings of these kinds."""
        n = 0
        for _, b in self.buildings:
            if b in kinds:
                n += 1
        return n

    def with_building(self, hex_name: str, building: str | None) -> PlayerState:
        """The player with ``hex_name`` set to ``building`` (None removes it)."""
        rest = [(h, b) for h, b in self.buildings if h != hex_name]
        if building is not None:
            rest.append((hex_name, building))
        return evolve(self, buildings=tuple(sorted(rest)))

    def gained(self, source: str) -> PlayerState:
        """The player having just gained the income ``source`` (a structure kind, a tech
        tile or a research area): it moves to the end of :attr:`income_order`, as a newly
        gained income is taken after the older ones.

        >>> p = PlayerState.new("taklons").gained("tech3").gained("PI").gained("tech3")
        >>> p.income_order
        ('PI', 'tech3')
        """
        return evolve(self, income_order=tuple(s for s in self.income_order if s != source)
                      + (source,))

    def add_vp(self, amount: int, source: str) -> PlayerState:
        """The player with ``amount`` VP more, booked on ``source``."""
        if amount == 0:
            return self
        sources = dict(self.vp_sources)
        sources[source] = sources.get(source, 0) + amount
        return evolve(self, vp=self.vp + amount, vp_sources=tuple(sorted(sources.items())))

    def tech_ids(self) -> tuple[str, ...]:
        """The uncovered tech tiles."""
        return tuple(t for _, t, covered in self.techs if not covered)


@dataclass(frozen=True, slots=True)
class GPState:
    """A whole game: setup, seats, phase, round, turn order, supplies and pending tasks."""

    players: Annotated[int, Range(2, MAX_PLAYERS)]
    setup: Setup
    seats: Annotated[tuple[PlayerState, ...], Size(2, MAX_PLAYERS)]
    phase: Annotated[str, OneOf(PHASES)]
    """``setup_draw`` (chance steps draw the setup), ``faction``, ``setup_mines``,
    ``setup_boosters``, ``income``, ``income_order`` (players order their power income),
    ``gaia``, ``gaia_tokens`` (Terrans convert the tokens leaving the Gaia area),
    ``actions``, ``over``."""
    round: Annotated[int, Range(0, 6)]
    order: tuple[SeatNumber, ...]
    """Turn order of the round (setup: the remaining placements)."""
    current: SeatNumber | None
    """The seat whose turn it is in the action phase."""
    pass_order: tuple[SeatNumber, ...] = ()
    boosters: tuple[str, ...] = ()
    """Boosters in the supply."""
    board_used: tuple[str, ...] = ()
    """Power and Q.I.C. action spaces taken this round."""
    gaia_hexes: tuple[str, ...] = ()
    """Transdim planets turned into Gaia planets."""
    fed_supply: tuple[tuple[str, Amount], ...] = ()
    pending: tuple[Task, ...] = ()
    """The decisions the rules put before the phase's own, in order (see
    :mod:`~gaia_lab.games.gaia_project.flow`): ``charge`` (the power offered),
    ``income`` (the power items still to order), ``gaia_tokens`` (how many returning
    tokens the Terrans still convert), ``tokens_for_tech`` (the Itars' choice)."""
    seed: str = ""
    rng: Rng = Rng(0)
    """The seeded source of the setup's chance steps (seed, steps drawn)."""
    draws: tuple[str, ...] = ()
    """The setup parts still to draw (phase ``setup_draw``), see
    :data:`~gaia_lab.games.gaia_project.notation.DRAW_PARTS`."""

    def __hash__(self) -> int:
        """The hash of every field, as the generated one, worked out once for the last
        state hashed: a position is hashed again and again while it is played (its legal
        list, the outcome of each line explained or applied), and its fields are deep."""
        global _last_hash
        last = _last_hash
        if last is not None and last[0] is self:
            return last[1]
        value = hash(_state_fields(self))
        _last_hash = (self, value)
        return value

    @classmethod
    def new(cls, players: int, setup: Setup, seed: str = "") -> GPState:
        """The state before factions are chosen."""
        from gaia_lab.games.gaia_project.components import load_components

        c = load_components()
        supply = tuple((t.id, t.copies - (1 if t.id == setup.terraforming_federation else 0))
                       for t in c.federation_tokens if t.id != "gleens")
        empty = PlayerState("", 0, 0, 0, 0, 0, (0, 0, 0, 0), (0,) * 6)
        return cls(players, setup, (empty,) * players, "faction", 0, tuple(range(players)),
                   None, (), setup.boosters, (), (), supply, (), seed)

    @property
    def tasks(self) -> tuple[Task, ...]:
        """The queue of decisions: the pending ones, then the phase's own (a setup
        draw, a faction, a starting mine or booster, a turn); its head acts now."""
        own = phase_task(self)
        return self.pending if own is None else (*self.pending, own)

    @property
    def space_map(self) -> SpaceMap:
        """The map of the setup (built once per layout)."""
        sectors = self.setup.sectors
        last = _last_map
        if last is not None and last[0] is sectors:  # the last call's setup: no hashing
            return last[1]
        found = _space_map(sectors)
        _remember_map(sectors, found)
        return found

    def seat_of(self, faction: str) -> int | None:
        """The seat playing a faction."""
        for i, p in enumerate(self.seats):
            if p.faction == faction:
                return i
        return None

    def owner(self, hex_name: str) -> tuple[int, str] | None:
        """The seat and building on a hex, if any (a Lantids' shared mine is never the
        owner: the player who colonised the planet first is)."""
        hits = [(i, b) for i, p in enumerate(self.seats)
                if (b := p.building_at(hex_name)) is not None]
        for i, b in hits:
            if not self.shared(i, hex_name):
                return i, b
        return hits[0] if hits else None

    def shared(self, seat: int, hex_name: str) -> bool:
        """Whether the seat's structure on the hex is a mine on a planet another player
        occupies (Lantids)."""
        from gaia_lab.games.gaia_project.factions import hooks

        p = self.seats[seat]
        return (hooks(p.faction).shared_mines and p.building_at(hex_name) == "m"
                and any(o.building_at(hex_name) is not None
                        for i, o in enumerate(self.seats) if i != seat))

    def planet(self, hex_name: str) -> str | None:
        """The planet type now (Transdim planets turned Gaia count as ``gaia``)."""
        if hex_name in self.gaia_hexes:
            return "gaia"
        return self.space_map.planet(self.space_map.hex(hex_name))

    def with_seat(self, seat: int, player: PlayerState) -> GPState:
        """The state with one seat replaced."""
        seats = list(self.seats)
        seats[seat] = player
        return evolve(self, seats=tuple(seats))

    def __repr__(self) -> str:
        return f"<GPState {len(self.seats)} players, round {self.round}, {self.phase}>"

    def _repr_svg_(self) -> str:
        """The board, for notebooks (drawn by the layout registered for the game)."""
        from gaia_lab.core.registry import layout_of

        return str(layout_of(self)(self).to_svg())

    # -- JSON ---------------------------------------------------------------------------

    def to_json(self) -> str:
        """Canonical JSON text of the state (:func:`gaia_lab.core.codec.to_json`)."""
        return codec.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> GPState:
        """Read a state's types and field bounds (the game's ``state_from_json`` also
        checks its invariants); InvalidStateError lists what is wrong.

        >>> GPState.from_json("1")
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: state: expected an object, got 1
        """
        state: GPState = codec.from_json(cls, text, "state")
        return state

    def __str__(self) -> str:
        who = ", ".join(f"{p.faction or '?'} {p.vp}vp" for p in self.seats)
        return f"Gaia Project, round {self.round}, {self.phase}: {who}"


_state_fields: Final = operator.attrgetter(*(f.name for f in dataclasses.fields(GPState)))
"""A state's fields as a tuple, in order (what the generated hash hashes)."""
_last_hash: tuple[GPState, int] | None = None
"""The last state hashed and its hash.  It is replaced whole (one assignment), so every
thread reads a matching pair, and it holds the state it answers for, so its identity is
never reused while it does."""


def seats_in_order(start: int, players: int) -> Sequence[int]:
    """The seats after ``start``, clockwise (``start`` excluded).

    >>> list(seats_in_order(2, 4))
    [3, 0, 1]
    """
    return [(start + i) % players for i in range(1, players)]
