"""Plain-text tables of Shapers of Gaia for notebooks: Shapers, cards, tiles, a position.

>>> from gaia_lab.games.shapers_of_gaia import GAME
>>> print(behaviors_table(GAME).splitlines()[0])
1A  scavenger  1 VP for each of your Scavengers on a tile of the outer ring.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gaia_lab.core.events import log_lines
from gaia_lab.games.shapers_of_gaia.state import ROWS, SGState

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia

__all__ = [
    "abilities_table",
    "behaviors_table",
    "describe",
    "log_lines",
    "resources_table",
    "shapers_table",
    "species_table",
    "tiles_table",
    "vault_table",
]


def describe(game: ShapersOfGaia, state: SGState) -> str:
    """Seats, board, displays and the pending step, one line each.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(describe(GAME, GAME.scenario({})).splitlines()[0])
    *P1 Telrin Aviary: Shard 1 Spore 1 Seed 1 Nutrient 1 Energy 1; Toxicity 0; Prestige 0; \
DNA -; animals out 0/10; rows [-] [-] [-]; hand 3
    """
    c = game.components
    lines = []
    for i, p in enumerate(state.seats):
        mark = "*" if i == state.active and state.turn else " "
        name = c.shaper(p.shaper).name if p.shaper else "?"
        res = " ".join(f"{r.name} {p.resource(r.id)}" for r in c.resources)
        rows = " ".join("[" + (", ".join(f"{rc.card}{'AB'[rc.side]}" for rc in row) or "-")
                        + "]" for row in p.rows)
        lines.append(f"{mark}P{i + 1} {name}: {res}; Toxicity {p.toxicity}; Prestige "
                     f"{p.prestige}; DNA {', '.join(p.dna) or '-'}; animals out "
                     f"{p.introduced}/10; rows {rows}; hand {len(p.hand)}")
    lines.append("tiles: " + " ".join(f"{space}={c.tile(t).biome}" for space, t in state.tiles))
    if state.animals:
        lines.append("animals: " + " ".join(f"{a.where}=P{a.seat + 1}{a.kind[0].upper()}"
                                             for a in state.animals))
    lines.append(f"Caretaker {state.caretaker}; Shapers "
                 + " ".join(f"P{i + 1}@{w}" for i, w in enumerate(state.shapers)))
    names = ("Scavenger", "Herbivore", "Predator")
    lines.append("displays: " + "; ".join(
        f"{names[k]} {' '.join(d) or '-'} (deck {len(state.decks[k])})"
        for k, d in enumerate(state.displays)) + f"; stack {len(state.stack)}")
    task = state.task
    lines.append("over" if task is None or state.over else f"pending: {task.kind} ({task.actor})")
    return "\n".join(lines)


def shapers_table(game: ShapersOfGaia) -> str:
    """The six Shapers: special cards and each ability with the spaces that unlock it.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(shapers_table(GAME).splitlines()[0])
    Telrin Aviary (1 special card)
    """
    out = []
    for s in game.components.shapers:
        out.append(f"{s.name} ({s.special_cards} special card{'s' * (s.special_cards > 1)})")
        out += [f"  {line}" for line in abilities_table(game, s.id).splitlines()]
    return "\n".join(out)


def abilities_table(game: ShapersOfGaia, shaper_id: str) -> str:
    """One Shaper's abilities: the spaces that unlock them, timing and what they do.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(abilities_table(GAME, "rastar_nursery").splitlines()[-1])
    P1 P2   persistent  Metamorphosis: When adding a card, pay 1 Energy to take a Herbivore \
instead of a Scavenger, or a Predator instead of a Herbivore.
    """
    shaper = game.components.shaper(shaper_id)
    return "\n".join(f"{' '.join(a.unlocked_by):7} {a.timing:11} {a.name}: {a.summary}"
                     for a in shaper.abilities)


def species_table(game: ShapersOfGaia, animals: Iterable[str] = ("scavenger", "herbivore",
                                                                  "predator")) -> str:
    """The Species cards: each side's effect and DNA icons; special cards last.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(species_table(GAME, ["predator"]).splitlines()[1][:40])
    p01           predator  A pay 1 Nutrient
    """
    wanted = set(animals)
    out = [f"{'card':13} {'animal':9} sides (effect [DNA icons])"]
    cards = sorted((s for s in game.components.species if s.animal in wanted),
                   key=lambda s: (s.special_for is not None, s.id))
    for s in cards:
        sides = " | ".join(f"{'AB'[i]} {side.effect.describe()} [{', '.join(side.dna)}]"
                           for i, side in enumerate(s.sides))
        out.append(f"{s.id:13} {s.animal:9} {sides}")
    return "\n".join(out)


def tiles_table(game: ShapersOfGaia, stages: Iterable[str] = ("S", "I", "II", "III")) -> str:
    """The Biome tiles: stage, biome, the two actions and the extra cost.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(tiles_table(GAME, ["I"]).splitlines()[0])
    i_water_1 (I, water): gain 1 Energy | gain 1 Nutrient
    """
    wanted = set(stages)
    return "\n".join(t.describe() for t in game.components.tiles if t.stage in wanted)


def behaviors_table(game: ShapersOfGaia) -> str:
    """The six Behavior sides."""
    return "\n".join(f"{b.id}  {b.animal:9}  {b.summary}" for b in game.components.behaviors)


def vault_table(game: ShapersOfGaia) -> str:
    """The Vault spaces, their animal type and VP.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(vault_table(GAME).splitlines()[-1])
    vp2  predator   4 VP  (3 players only)
    """
    return "\n".join(f"{v.id}  {v.animal:9} {v.vp:>2} VP" + ("  (3 players only)"
                                                            if v.three_players_only else "")
                     for v in game.components.vault)


def resources_table(game: ShapersOfGaia) -> str:
    """The Resource Track: each resource's start, maximum and VP by level.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(resources_table(GAME).splitlines()[0])
    Shard     basic     start 1, max 7, VP by level 0 0 1 1 2 2 3 4
    """
    return "\n".join(f"{r.name:9} {r.kind:9} start {r.start}, max {r.max}, VP by level "
                     + " ".join(map(str, r.vp)) for r in game.components.resources)


def rows_text(state: SGState, seat: int) -> str:
    """A seat's Ecosystem rows."""
    p = state.seat(seat)
    return "; ".join(f"{name}: " + (" ".join(f"{rc.card}{'AB'[rc.side]}" for rc in row) or "-")
                     for name, row in zip(ROWS, p.rows, strict=True))
