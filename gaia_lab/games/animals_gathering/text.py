"""A plain-text summary of an Animals Gathering position."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    lines.append("over" if task is None else f"pending: {task.kind} ({task.seat})")
    return "\n".join(lines)
