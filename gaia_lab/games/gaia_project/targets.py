"""The board ids a line concerns, as the views name them (:meth:`.GaiaProject.action_targets`).

A board click picks the lines that concern the element clicked, and the Explorer outlines
the elements every legal line concerns, so these ids are asked for every line of a
listing (1479 lines at the heaviest recorded position): each hex is named by one look-up
in its map's table of ids, built once per map, and what the lines read of the position
itself (the map, the seat that acts and its research levels) is read once per listing.

>>> from gaia_lab.games.gaia_project.notation import parse_move
>>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
>>> s = GPState.new(2, DEEP_MIND_2_SETUP)
>>> line_targets(s, parse_move("terrans build m 10A1. pass booster3"))
('hex:10A1', 'booster:booster3')
>>> hex_id(s.space_map, "10A1"), hex_id(s.space_map, "0x0"), hex_id(s.space_map, "99A9")
('hex:10A1', 'hex:5C', 'hex:99A9')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS, TRACK_CODES
from gaia_lab.games.gaia_project.map import SpaceMap
from gaia_lab.games.gaia_project.notation import (
    Action,
    Booster,
    Build,
    Burn,
    Charge,
    Decline,
    Federation,
    Income,
    LostPlanet,
    Move,
    Pass,
    Spend,
    Tech,
    Up,
)
from gaia_lab.games.gaia_project.rules import actor
from gaia_lab.games.gaia_project.state import GPState

__all__ = ["hex_id", "hex_ids", "line_targets"]

_TRACKS: Final[Mapping[str, tuple[int, tuple[str, ...]]]] = {
    name: (i, tuple(f"track:{TRACK_CODES[track]}:{level}" for level in range(8)))
    for i, track in enumerate(RESEARCH_TRACKS) for name in (track, TRACK_CODES[track])}
"""A research area by its name or its code (as ``up`` writes it): its place among the
player's levels and the id of each of its levels (a plain dict, read once per step up
of every listed line; never changed)."""


@functools.lru_cache(maxsize=16)
def hex_ids(space: SpaceMap) -> Mapping[str, str]:
    """The board id of every hex of ``space`` by its log name (``10A3`` -> ``hex:10A3``),
    built once per map (a listing asks once, through its position).

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> ids = hex_ids(GPState.new(2, DEEP_MIND_2_SETUP).space_map)
    >>> len(ids), ids["5C"]
    (190, 'hex:5C')
    """
    return MappingProxyType({name: f"hex:{name}" for name in map(space.name, space)})


def hex_id(space: SpaceMap, name: str) -> str:
    """The board id of the hex ``name`` denotes (a log name or a ``QxR`` coordinate), by
    its log name; a name the map does not know is kept as it is."""
    known = hex_ids(space).get(name)
    if known is not None:
        return known
    found = space.find(name)
    return f"hex:{name if found is None else space.name(found)}"


@dataclass(frozen=True, slots=True)
class _Position:
    """What the targets of every line of one position read: the map's ids (a plain dict,
    read faster than the shared read-only view), the seat that acts and its research
    levels; and the targets of the federations its lines form, by their hexes (a listing
    writes each federation once for every token left)."""

    state: GPState
    space: SpaceMap
    ids: dict[str, str]
    seat: int | None
    levels: tuple[int, ...]
    federations: dict[tuple[str, ...], tuple[str, ...]]

    def hex_targets(self, names: tuple[str, ...]) -> list[str]:
        """The ids of some hexes named in a line."""
        ids, space = self.ids, self.space
        return [ids.get(h) or hex_id(space, h) for h in names]

    def federation(self, hexes: tuple[str, ...]) -> tuple[str, ...]:
        """The targets of a line that forms a federation of these hexes (and nothing
        else)."""
        known = self.federations.get(hexes)
        if known is None:
            known = self.federations[hexes] = tuple(dict.fromkeys(self.hex_targets(hexes)))
        return known


_last_position: _Position | None = None
"""The position of the last :func:`line_targets` call: a listing asks for the targets of
each of its lines in turn, so the position is read once per listing. It is replaced whole
(one assignment) and holds the state it answers for, so its identity is never reused
while it does."""


def _position(state: GPState) -> _Position:
    global _last_position
    last = _last_position
    if last is not None and last.state is state:
        return last
    space = state.space_map
    seat = actor(state)
    levels = () if seat is None else state.seats[seat].research
    last = _last_position = _Position(state, space, dict(hex_ids(space)), seat, levels, {})
    return last


def line_targets(state: GPState, move: Move) -> tuple[str, ...]:
    """The board ids ``move`` concerns in ``state``, each once, in the order of its
    commands: ``hex:<name>`` (builds, the Lost Planet, federations), ``action:<id>``,
    ``tech:<position>``, ``track:<code>:<level>`` (the level reached), ``booster:<id>``,
    and ``seat:<seat>`` for decisions on the player's own board (charges, conversions,
    income).

    Asked for every line of a listing: the ids of the research levels are made once,
    the others joined without a format, those of a federation once for all its tokens."""
    at = _position(state)
    commands = move.commands
    if len(commands) == 1 and isinstance(commands[0], Federation):
        return at.federation(commands[0].hexes)
    ids = at.ids
    out: list[str] = []
    levels: list[int] | None = None  # the levels this line's steps up have reached
    for cmd in commands:
        if isinstance(cmd, Build) or isinstance(cmd, LostPlanet):
            out.append(ids.get(cmd.hex) or hex_id(at.space, cmd.hex))
        elif isinstance(cmd, Tech):
            out.append("tech:" + cmd.position)
        elif isinstance(cmd, Up):
            area = _TRACKS.get(cmd.track)
            if area is not None and at.levels:
                if levels is None:
                    levels = list(at.levels)
                k, named = area
                levels[k] += 1
                level = levels[k]
                out.append(named[level] if level < len(named) else f"{named[0][:-1]}{level}")
        elif isinstance(cmd, Federation):
            out += at.hex_targets(cmd.hexes)
        elif isinstance(cmd, Action):
            out.append("action:" + cmd.action)
        elif isinstance(cmd, (Booster, Pass)):
            if cmd.booster:
                out.append("booster:" + cmd.booster)
        elif isinstance(cmd, (Charge, Decline, Spend, Burn, Income)):
            if at.seat is not None:
                out.append(f"seat:{at.seat}")
    return tuple(out) if len(out) < 2 else tuple(dict.fromkeys(out))
