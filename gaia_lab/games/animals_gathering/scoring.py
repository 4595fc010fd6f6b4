"""End-of-game scoring of Animals Gathering, line by line.

Each player scores the printed points of their revived animals, then each scoring
power of a revived animal (a Blessed by Glory spell adds half of one power's points,
rounded down).  The highest total wins; a tie goes to the player with the fewest
completed cards; a remaining tie is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.games.animals_gathering.rulebook import RULES
from gaia_lab.games.animals_gathering.state import AGState, Seat

if TYPE_CHECKING:
    from gaia_lab.games.animals_gathering.rules import Rules

TYPES = ("land", "aquatic", "aerial")


def power_points(rules: Rules, seat: Seat, animal: str) -> tuple[int, str]:
    """Points a revived animal's scoring power gives its owner, and why."""
    power = rules.animals[animal].power
    revived = [rules.animals[a] for a in seat.companions]
    if power.kind == "per_type":
        n = sum(1 for a in revived if a.type == power.animal_type)
        return power.points * n, f"{n} {power.animal_type} animal(s) x {power.points}"
    if power.kind == "per_stone_icon":
        n = sum(1 for a in revived if power.stone and power.stone in a.outline)
        return power.points * n, f"{n} animal(s) showing the {power.stone} stone x {power.points}"
    if power.kind == "type_sets":
        counts = [sum(1 for a in revived if a.type == t) for t in TYPES]
        sets = min(counts)
        return power.points * sets, (f"{sets} set(s) of land+aquatic+aerial "
                                     f"({'/'.join(map(str, counts))}) x {power.points}")
    return 0, ""


def score_breakdown(rules: Rules, state: AGState) -> ScoreBreakdown:
    """Every player's score lines, as the rulebook's scoring counts them."""
    lines: list[ScoreLine] = []
    for i, seat in enumerate(state.seats):
        for animal in seat.companions:
            a = rules.animals[animal]
            lines.append(ScoreLine(i, "Animal points", a.points, RULES["ag.score.points"],
                                   f"{a.name}: {a.points}"))
        for animal in seat.companions:
            a = rules.animals[animal]
            if a.power.type != "scoring":
                continue
            pts, why = power_points(rules, seat, animal)
            rule = RULES[f"ag.power.{a.power.kind}"]
            lines.append(ScoreLine(i, "Scoring powers", pts, rule, f"{a.name}: {why}"))
            if seat.blessed == animal:
                lines.append(ScoreLine(i, "Blessed by Glory", pts // 2,
                                       RULES["ag.spell.blessed_by_glory"],
                                       f"{a.name}: half of {pts}, rounded down"))
    names = tuple(s.name for s in state.seats)
    return ScoreBreakdown(names, tuple(lines))


def winners(rules: Rules, state: AGState) -> tuple[int, ...]:
    """Seats with the highest score; ties go to the fewest completed cards."""
    totals = score_breakdown(rules, state).totals
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    fewest = min(len(state.seats[i].companions) for i in tied)
    return tuple(i for i in tied if len(state.seats[i].companions) == fewest)
