"""The seeded setup: chance steps that draw the map and the tiles before factions.

Without a fixed setup a game starts in phase ``setup_draw``: seven chance steps draw,
from the state's seeded RNG, the map, the nine standard tech tiles, six advanced tiles,
the federation token on Terraforming 5, six round scoring tiles, two final scoring tiles
and the boosters (three more than the players).  Each step is one outcome of
probability 1, written as a line ``setup <part> <values>``:

>>> s = new_game(4, 3)
>>> s.phase, s.draws[0]
('setup_draw', 'map')
>>> move = draw(s)
>>> str(move).split()[:3]
['setup', 'map', '9/0@0x0']
>>> s, events = play_draw(s, move)
>>> s.draws[0], events[0].rule.id if events[0].rule else None
('techs', 'gp.setup.sectors_34')

The map follows the reference engine's random layout: the sectors are shuffled into
the centre slots of the data in slot order, each turned a random number of times, and
the draw is repeated while two planets of the same home type touch.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.rng import Rng
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project.components import (
    ADVANCED_POSITIONS,
    TECH_POSITIONS,
    load_components,
)
from gaia_lab.games.gaia_project.flow import DRAW_TASKS
from gaia_lab.games.gaia_project.map import SectorPlacement, SpaceMap, default_layout
from gaia_lab.games.gaia_project.notation import DRAW_PARTS, Draw, Move
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.rules import Refusal, resolves
from gaia_lab.games.gaia_project.state import GPState, Setup, _space_map

__all__ = ["draw", "new_game", "play_draw"]

_RULE: Final = {
    "techs": "gp.setup.tech_tiles", "advanced": "gp.setup.advanced_tech",
    "federation": "gp.setup.federation_tokens", "round": "gp.setup.round_scoring",
    "final": "gp.setup.final_scoring", "boosters": "gp.setup.boosters",
}


def _map_rule(players: int) -> str:
    return "gp.setup.sectors_2" if players <= 2 else "gp.setup.sectors_34"


def new_game(players: int, seed: int) -> GPState:
    """A game whose setup is still to be drawn.

    Until a part is drawn, the setup holds that part in the data's order (the sectors
    in their slots unturned, the first tiles of each kind): the components on the table
    before they are shuffled.  ``draws`` lists the parts still to draw.
    """
    layout = tuple((p.sector, p.rotation, p.centre.q, p.centre.r)
                   for p in default_layout(players))
    techs = _pool("techs")
    advanced = _pool("advanced")
    unshuffled = Setup(
        layout, _pool("boosters")[:players + 3],
        tuple(zip(TECH_POSITIONS, techs, strict=True))
        + tuple(zip(ADVANCED_POSITIONS, advanced[:len(ADVANCED_POSITIONS)], strict=True)),
        _pool("round")[:6], _pool("final")[:2], _pool("federation")[0])
    state = GPState.new(players, unshuffled, str(seed))
    return evolve(state, phase="setup_draw", rng=Rng(seed), draws=DRAW_PARTS)


def _pool(part: str) -> tuple[str, ...]:
    c = load_components()
    if part == "techs":
        return tuple(t.id for t in c.techs if not t.advanced)
    if part == "advanced":
        return tuple(t.id for t in c.techs if t.advanced)
    if part == "federation":
        return tuple(t.id for t in c.federation_tokens if t.id != "gleens")
    if part == "round":
        return tuple(t.id for t in c.round_scoring)
    if part == "final":
        return tuple(t.id for t in c.final_scoring)
    return tuple(b.id for b in c.boosters)


def _count(state: GPState, part: str) -> int:
    return {"techs": len(TECH_POSITIONS), "advanced": len(ADVANCED_POSITIONS),
            "federation": 1, "round": 6, "final": 2,
            "boosters": state.players + 3}[part]


def _map_values(placements: tuple[SectorPlacement, ...]) -> tuple[str, ...]:
    return tuple(f"{p.sector}/{p.rotation}@{p.centre.q}x{p.centre.r}" for p in placements)


def draw(state: GPState) -> Move:
    """The outcome the state's RNG draws for the next setup part."""
    part = state.draws[0]
    rng: random.Random = state.rng.random()
    if part == "map":
        slots = default_layout(state.players)
        while True:
            sectors = [p.sector for p in slots]
            rng.shuffle(sectors)
            placed = tuple(SectorPlacement(s, rng.randrange(6), p.centre)
                           for s, p in zip(sectors, slots, strict=True))
            if not _placed_map(placed).same_type_neighbours():
                return Move("setup", (Draw(part, _map_values(placed)),))
    pool = list(_pool(part))
    return Move("setup", (Draw(part, tuple(rng.sample(pool, _count(state, part)))),))


def _placed_map(placed: Sequence[SectorPlacement]) -> SpaceMap:
    """The map of a drawn layout, from the cache every state of the game reads it from
    (:attr:`GPState.space_map`): drawn, read back and played on, it is built once."""
    return _space_map(tuple((p.sector, p.rotation, p.centre.q, p.centre.r) for p in placed))


def _read_map(state: GPState, values: tuple[str, ...]) -> tuple[SectorPlacement, ...]:
    rule = _map_rule(state.players)
    slots = default_layout(state.players)
    if len(values) != len(slots):
        raise Refusal("setup.draw", f"the map has {len(slots)} sectors, not {len(values)}",
                      rule)
    placed = []
    for text, slot in zip(values, slots, strict=True):
        try:
            sector, rest = text.split("/")
            turns, centre = rest.split("@")
            centre_hex = Hex.parse(centre)
            k = int(turns)
        except ValueError:
            raise Refusal("setup.draw", f"{text!r} is not '<sector>/<turns>@<QxR>'",
                          rule) from None
        if centre_hex != slot.centre:
            raise Refusal("setup.draw", f"{text!r}: this slot is centred on "
                          f"{slot.centre.q}x{slot.centre.r}", rule)
        if not 0 <= k <= 5:
            raise Refusal("setup.draw", f"{text!r}: a sector turns 0 to 5 times", rule)
        placed.append(SectorPlacement(sector, k, centre_hex))
    if Counter(p.sector for p in placed) != Counter(p.sector for p in slots):
        wanted = ", ".join(sorted(p.sector for p in slots))
        raise Refusal("setup.draw", f"the map uses the sectors {wanted}", rule)
    touching = _placed_map(placed).same_type_neighbours()
    if touching:
        a, _ = touching[0]
        raise Refusal("setup.draw", "two planets of the same home type touch "
                      f"(near {a.q}x{a.r}); the reference layout is drawn again", rule)
    return tuple(placed)


def play_draw(state: GPState, move: Move) -> tuple[GPState, list[Event]]:
    """Apply a setup draw; :class:`~gaia_lab.games.gaia_project.rules.Refusal` if it
    is not the next part or not a possible outcome."""
    if state.phase != "setup_draw" or not state.draws:
        raise Refusal("setup.drawn", "the setup is already drawn", "gp.setup.faction_board")
    part = state.draws[0]
    rule = _map_rule(state.players) if part == "map" else _RULE[part]
    cmd = move.commands[0] if len(move.commands) == 1 else None
    if move.actor != "setup" or not isinstance(cmd, Draw):
        raise Refusal("setup.draw", f"the setup's {part} is drawn first", rule)
    if cmd.part != part:
        raise Refusal("setup.draw", f"the {part} is drawn now, not the {cmd.part}", rule)
    setup = state.setup
    changes: dict[str, object] = {}
    if part == "map":
        placed = _read_map(state, cmd.values)
        setup = evolve(setup, sectors=tuple((p.sector, p.rotation, p.centre.q, p.centre.r)
                                            for p in placed))
        text = "The map is laid out: " + ", ".join(
            f"sector {p.sector} turned {p.rotation}" for p in placed) + "."
    else:
        pool = _pool(part)
        n = _count(state, part)
        values = cmd.values
        if len(values) != n or len(set(values)) != n or not set(values) <= set(pool):
            raise Refusal("setup.draw", f"the {part} draw is {n} different tiles of "
                          f"{', '.join(pool)}", rule)
        if part == "techs":
            setup = evolve(setup, techs=tuple(zip(TECH_POSITIONS, values, strict=True))
                           + setup.techs[len(TECH_POSITIONS):])
            text = "Standard tech tiles: " + ", ".join(
                f"{t} on {p}" for p, t in zip(TECH_POSITIONS, values, strict=True)) + "."
        elif part == "advanced":
            setup = evolve(setup, techs=setup.techs[:len(TECH_POSITIONS)] + tuple(
                zip(ADVANCED_POSITIONS, values, strict=True)))
            text = "Advanced tech tiles: " + ", ".join(
                f"{t} on {p}" for p, t in zip(ADVANCED_POSITIONS, values, strict=True)) + "."
        elif part == "federation":
            setup = evolve(setup, terraforming_federation=values[0])
            changes["fed_supply"] = tuple(
                (t.id, t.copies - (1 if t.id == values[0] else 0))
                for t in load_components().federation_tokens if t.id != "gleens")
            text = f"Federation token {values[0]} goes on level 5 of Terraforming."
        elif part == "round":
            setup = evolve(setup, round_scoring=values)
            text = "Round scoring tiles, rounds 1 to 6: " + ", ".join(values) + "."
        elif part == "final":
            setup = evolve(setup, final_scoring=values)
            text = "Final scoring tiles: " + " and ".join(values) + "."
        else:
            setup = evolve(setup, boosters=values)
            changes["boosters"] = values
            text = "Round boosters in play: " + ", ".join(values) + "."
    rest = state.draws[1:]
    after = evolve(state, setup=setup, draws=rest, rng=state.rng.advanced(),
                   phase="setup_draw" if rest else "faction", **changes)
    return after, [Event(f"setup.{part}", text, RULES[rule], "chance")]


@resolves(*DRAW_TASKS)
def _draw_answer(state: GPState, task: Task, move: Move) -> tuple[GPState, list[Event]]:
    """The resolver of every setup-draw task (see :func:`play_draw`)."""
    return play_draw(state, move)
