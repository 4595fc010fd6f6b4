"""A plain-text summary of an Animals Gathering position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gaia_lab.core.events import log_lines as log_lines  # the log lines of a game
from gaia_lab.games.animals_gathering.state import AGState

if TYPE_CHECKING:
    from gaia_lab.games.animals_gathering.game import AnimalsGathering


def describe(game: AnimalsGathering, state: AGState) -> str:
    """Seats, supply, roll and the pending step, one line each."""
    rules = game.rules
    lines = []
    for i, s in enumerate(state.seats):
        mark = "*" if i == state.active and state.turn else " "
        summ = ", ".join(
            f"{rules.name(c.animal)} {c.stones or '-'}/{rules.animals[c.animal].outline}"
            for c in s.summoning) or "-"
        comp = ", ".join(rules.name(a) for a in s.companions) or "-"
        lines.append(f"{mark}{s.name} (mage {s.mage or '?'}): summoning [{summ}]; "
                     f"companions [{comp}]")
    if state.supply:
        lines.append("supply: " + ", ".join(rules.name(a) for a in state.supply)
                     + f"; deck {len(state.deck)}")
    if state.roll:
        dice = " ".join(d.label + ("*" if d.use else "") for d in state.roll.dice)
        lines.append(f"roll: {dice}")
    task = state.task
    lines.append("over" if task is None else f"pending: {task.kind} ({task.actor})")
    return "\n".join(lines)


def animals_table(game: AnimalsGathering) -> str:
    """The 35 Animal Index Cards: points, type, outline and power."""
    rows = [f"{'animal':12} {'pts':>3} {'type':8} {'outline':9} power"]
    for a in game.components.animals:
        rows.append(f"{a.name:12} {a.points:>3} {a.type:8} {a.outline:9} {a.power.describe()}")
    return "\n".join(rows)


def dice_table(game: AnimalsGathering) -> str:
    """The faces of each die colour."""
    rows = []
    for d in game.components.dice:
        faces = " ".join(d.faces)
        rows.append(f"{d.name:7} ({d.code}) x{d.count}: {faces}")
    return "\n".join(rows)


def stones_table(game: AnimalsGathering) -> str:
    """Stone codes, names and shapes."""
    return "\n".join(f"{s.code}  {s.name:14} {s.shape:9} {s.box_count:>3} in the box"
                     for s in game.components.stones)


def mages_table(game: AnimalsGathering) -> str:
    """The five mages and their abilities."""
    return "\n".join(f"mage {m.number}: {m.summary}" for m in game.components.mages)


def spells_table(game: AnimalsGathering) -> str:
    """The ten spells."""
    return "\n".join(f"{s.id:19} {s.name:27} {s.summary}" for s in game.components.spells)
